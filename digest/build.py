"""One build from start to end, as mkdocs' commands/build.py is one: load the records and the
rules, derive each paper, link them into a corpus, render the site's files.

`BuildCache` is what a process that builds again and again (`mkdocs serve`, through the
MkDocs plugin, digest/plugin.py) hands from one build to the next. Without one, every build starts afresh.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import jinja2

from .background import Pending
from .check import same_paper
from .derive.baseline_catalog import NO_BASELINES, BaselineCatalog, load_baselines
from .derive.corpus import Corpus, PaperDerivation, build_corpus, derive_paper
from .derive.glossary import NO_GLOSSARY, Glossary, load_glossary
from .derive.hardware_catalog import HardwareCatalog, load_hardware
from .derive.learn import import_learning
from .derive.suggest import Learnable
from .derive.taxonomy import Taxonomy, load_taxonomy, unknown_topics
from .derive.training import rejected_learnable
from .evaluate import Evaluation, evaluate, first_seen, labelled
from .leave_out import FOLDS
from .records.model import Paper
from .records.regular import read_regular
from .records.rejected import rejected_paths
from .records.store import (
    BASELINES_FILE,
    GLOSSARY_FILE,
    HARDWARE_FILE,
    TAXONOMY_FILE,
    LoadedPaper,
    load_paper,
    load_papers,
    record_paths,
)
from .render.site import Later, render_site
from .rereads import REREADS_DIR, Rereads, read_rereads
from .whole_days import WholeDays, evaluate_whole_days
from .whole_days_stored import StoredWholeDays, read_whole_days

DERIVE_APART_FROM = 200  # papers to derive: fewer are not worth a child process (an edit while serving)
IMPORT_AS_PAPERS = 300  # importing scikit-learn takes as long as deriving about this many papers
T = TypeVar("T")


class BuildCache:
    """What one build may reuse from the last one in the same process.

    - Per record: the parsed record and what was derived from it, while the record's bytes (and
      the taxonomy's and catalogue's) are unchanged, so an edit re-derives one paper only.
    - Per computation over the whole corpus (cross-links, charts): the last result, while its
      inputs are equal; an edit to a note or a tag leaves them as they were.
    - Per generated file: when its current content first appeared, which the MkDocs plugin
      compares with its built page's mtime so that `mkdocs serve --dirty` re-renders only
      changed pages.
    """

    def __init__(self) -> None:
        self._previous: dict[Hashable, Any] = {}
        self._current: dict[Hashable, Any] = {}
        self._last: dict[str, tuple[Any, Any]] = {}
        self._first_seen: dict[str, tuple[bytes, int]] = {}

    def reuse(self, key: Hashable, make: Callable[[], T]) -> T:
        """make(), or what it gave in the last build for the same key."""
        value = self._previous[key] if key in self._previous else make()
        self._current[key] = value
        return value

    def reuse_each(self, keys: list[Hashable], make: Callable[[list[int]], list[T]]) -> list[T]:
        """For each key, what the last build had for it; those it lacks made together, by
        make(their indices)."""
        missing = [index for index, key in enumerate(keys) if key not in self._previous]
        made = dict(zip(missing, make(missing), strict=True)) if missing else {}
        values = [made[index] if index in made else self._previous[key] for index, key in enumerate(keys)]
        self._current.update(zip(keys, values, strict=True))
        return values

    def end_loading(self) -> None:
        """Keep what this build used, for the next; forget the rest."""
        self._previous, self._current = self._current, {}

    def memo(self, name: str, inputs: Any, compute: Callable[[], T], *, refresh: bool = True) -> T:
        """compute(), or its last result when `inputs` equal the last call's; with `refresh`
        False, its last result whatever the inputs, once there is one."""
        if name not in self._last or (refresh and self._last[name][0] != inputs):
            self._last[name] = (inputs, compute())
        return self._last[name][1]  # type: ignore[no-any-return]

    def current(self, name: str, inputs: Any) -> bool:
        """Whether the last result of `name` was computed from these `inputs`."""
        return name in self._last and self._last[name][0] == inputs

    def clear(self) -> None:
        """Forget everything: no build will follow in this process."""
        for kept in (self._previous, self._current, self._last, self._first_seen):
            kept.clear()

    def changed_at(self, files: dict[str, str]) -> dict[str, int]:
        """For each file, when (ns since the epoch) its current content first appeared."""
        now = time.time_ns()
        for path, content in files.items():
            digest = hashlib.blake2b(content.encode("utf-8"), digest_size=16).digest()
            if self._first_seen.get(path, (None,))[0] != digest:
                self._first_seen[path] = (digest, now)
        return {path: self._first_seen[path][1] for path in files}


@dataclass(frozen=True)
class Loaded:
    """A store's records, each derived on its own, before they are linked into a Corpus."""

    derivations: list[PaperDerivation]
    taxonomy: Taxonomy
    catalog: HardwareCatalog
    rejected: list[Learnable]
    rereads: Rereads = field(default_factory=Rereads)  # a second reading of curated values (rereads.py)
    glossary: Glossary = NO_GLOSSARY  # read by the paper pages only, so no derivation depends on it
    baselines: BaselineCatalog = NO_BASELINES  # read when the papers are linked, after each is derived
    whole_days: StoredWholeDays | None = None  # as `digest eval --days --write` stored them, for the Method page


def load_corpus(data_dir: Path, cache: BuildCache | None = None) -> Corpus:
    """Every record of `data_dir`, derived and linked; raises the first DataError."""
    cache = cache or BuildCache()
    return link(load_derived(data_dir, cache), cache)


def load_derived(data_dir: Path, cache: BuildCache) -> Loaded:
    """Every record of `data_dir`, each derived; raises the first DataError."""
    records = [(path, _read(path)) for path in record_paths(data_dir)]
    rules = (_read(data_dir / TAXONOMY_FILE), _read(data_dir / HARDWARE_FILE))
    loaded = [cache.reuse(("record", path, raw), partial(load_paper, path)) for path, raw in records]
    taxonomy, catalog = cache.reuse(
        ("rules", *rules), lambda: (load_taxonomy(data_dir / TAXONOMY_FILE), load_hardware(data_dir / HARDWARE_FILE))
    )
    seen_titles: dict[str, LoadedPaper] = {}
    seen_arxiv: dict[str, Path] = {}
    for item in loaded:
        if problems := unknown_topics(item.paper.topics, taxonomy):
            raise item.error("topics", problems[0])
        if twice := same_paper(item, seen_titles, seen_arxiv):
            raise twice[0]
    derived = cache.reuse_each(
        [("derived", path, raw, *rules) for path, raw in records],
        lambda missing: derive_each([loaded[index].paper for index in missing], taxonomy, catalog),
    )
    rejected = [
        cache.reuse(("rejected", path, raw, *rules), partial(rejected_learnable, path, taxonomy))
        for path, raw in [(path, _read(path)) for path in rejected_paths(data_dir)]
    ]
    glossary = cache.reuse(
        ("glossary", _read(data_dir / GLOSSARY_FILE)), partial(load_glossary, data_dir / GLOSSARY_FILE)
    )
    baselines = cache.reuse(
        ("baselines", _read(data_dir / BASELINES_FILE)), partial(load_baselines, data_dir / BASELINES_FILE)
    )
    cache.end_loading()
    rereads = read_rereads(data_dir / REREADS_DIR)
    return Loaded(derived, taxonomy, catalog, rejected, rereads, glossary, baselines, read_whole_days(data_dir))


def link(loaded: Loaded, cache: BuildCache, *, retrain: bool = True) -> Corpus:
    return build_corpus(
        loaded.derivations,
        loaded.taxonomy,
        loaded.catalog,
        cache.memo,
        loaded.rejected,
        retrain=retrain,
        glossary=loaded.glossary,
        baselines=loaded.baselines,
    )


def derive_each(papers: list[Paper], taxonomy: Taxonomy, catalog: HardwareCatalog) -> list[PaperDerivation]:
    """derive_paper of each paper; of many, about half on the machine's other core
    (digest/background.py), while this process also imports scikit-learn, which linking the
    papers needs next."""
    if len(papers) < DERIVE_APART_FROM:
        return _derive(papers, taxonomy, catalog)
    here = max(len(papers) - IMPORT_AS_PAPERS, 0) // 2
    other = Pending(partial(_derive, papers[here:], taxonomy, catalog))
    import_learning()
    return _derive(papers[:here], taxonomy, catalog) + other.result()


def _derive(papers: list[Paper], taxonomy: Taxonomy, catalog: HardwareCatalog) -> list[PaperDerivation]:
    return [derive_paper(paper, taxonomy, catalog) for paper in papers]


def build_files(
    data_dir: Path,
    site_url: str,
    cache: BuildCache | None = None,
    templates: jinja2.Environment | None = None,
    part_size: int | None = None,
    *,
    later: Later | None = None,
    remeasure: bool = True,
) -> tuple[Corpus, dict[str, str]]:
    """The corpus of `data_dir` and every file the digest adds to the site (listings split into
    parts of `part_size` rows; default listing.PART_SIZE), with the Method page's evaluation;
    without the paper pages `later` chooses (render_site). With `remeasure` False (the preview of
    `mkdocs serve`), the evaluation is the one this cache measured first: a change of topics then
    shows in a second or two, not after ten seconds of re-measuring, and the Method page says so;
    the topic model too is the one it trained first (the Needs review page then says so)."""
    cache = cache or BuildCache()
    loaded = load_derived(data_dir, cache)
    # Recomputed only when what it measures changes: a record's text, topics or first dump, or the rules.
    measured = (
        loaded.taxonomy,
        loaded.catalog,
        sorted(
            (d.id, d.paper.title, d.paper.abstract, d.paper.topics, first_seen(d.paper)) for d in loaded.derivations
        ),
        [item.paper.id for item in loaded.rejected],
        loaded.rereads.key,
    )
    # On the other core while the papers are linked and the pages render (digest/background.py).
    evaluation = cache.memo(
        "evaluation", measured, lambda: Pending(partial(evaluate_derived, loaded)), refresh=remeasure
    )
    corpus = link(loaded, cache, retrain=remeasure)
    return corpus, render_site(
        corpus,
        site_url,
        templates,
        cache.memo,
        evaluation.result,
        part_size=part_size,
        later=later,
        measured_earlier=not cache.current("evaluation", measured),
        whole_days=loaded.whole_days,
    )


def evaluate_derived(loaded: Loaded) -> Evaluation:
    """The Method page's evaluation, reusing what the build derived."""
    derivations = sorted(loaded.derivations, key=lambda d: d.id)
    return evaluate(
        [d.paper for d in derivations],
        loaded.taxonomy,
        loaded.catalog,
        FOLDS,  # as `digest eval` does by default: the page and the command print the same figures
        machine={d.id: (d.learnable, d.extracted) for d in derivations},
        rejected=loaded.rejected,
        rereads=loaded.rereads,
    )


def load_evaluation(
    data_dir: Path, max_folds: int | None = None, split: str | None = None, periods: int | None = None
) -> Evaluation:
    """`digest eval` of the records of `data_dir`: leave one dump out (digest/evaluate.py) and the
    temporal split in `periods` (digest/temporal.py)."""
    taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    return evaluate(
        load_papers(data_dir),
        taxonomy,
        load_hardware(data_dir / HARDWARE_FILE),
        max_folds,
        rejected=[rejected_learnable(path, taxonomy) for path in rejected_paths(data_dir)],
        split=split,
        periods=periods,
        rereads=read_rereads(data_dir / REREADS_DIR),
    )


def load_whole_days(data_dir: Path, folder: Path, split: str | None = None, periods: int | None = None) -> WholeDays:
    """`digest eval --days`: the fetch filter on every paper of the recorded days in `folder`
    (digest/whole_days.py), trained on the papers of `data_dir` decided before each of the temporal
    split's `periods`."""
    taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    rejected = [rejected_learnable(path, taxonomy) for path in rejected_paths(data_dir)]
    return evaluate_whole_days(folder, labelled(load_papers(data_dir), rejected, taxonomy), taxonomy, split, periods)


def _read(path: Path) -> bytes | None:
    """A file's bytes for a reuse key; None when unreadable (loading it then says why)."""
    try:
        return read_regular(path)  # a FIFO would block: refused at once, and loading it says so
    except OSError:
        return None
