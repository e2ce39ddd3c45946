"""Records in, derived values out: facts, topics, tags and cross-links for every paper.

Nothing derived is stored in the records, so nothing goes stale: this runs at every build.
A curator's `topics:` and `overrides:` win over what the machine derives, and stay marked.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from .facts import Fact, apply_overrides, extract_facts, headline, split_sentences
from .hardware import HardwareCatalog, load_hardware
from .links import Mention, find_mentions, group_by, related_papers
from .model import Paper
from .store import load_paper, paper_paths
from .taxonomy import (Classification, Taxonomy, apply_curated_topics, classify, derive_memory_tiers,
                       derive_parallelism, derive_workload, load_taxonomy)

TAXONOMY_FILE = "taxonomy.yaml"
HARDWARE_FILE = "hardware.yaml"


@dataclass
class Derived:
    """A paper with everything the digest derives for it."""

    paper: Paper
    facts: list[Fact]
    classification: Classification
    topics: list[str]
    topics_curated: bool
    tags: list[str]
    system: str | None = None
    hardware: list[str] = field(default_factory=list)
    # Vocabulary values for table columns (memory_tiers, workload, parallelism): (values, curated?)
    terms: dict[str, tuple[list[str], bool]] = field(default_factory=dict)
    compares_to: list[Mention] = field(default_factory=list)
    compared_by: list[str] = field(default_factory=list)
    related: list[tuple[str, float]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.paper.id

    def values(self, kind: str) -> list[str]:
        if kind in self.terms:
            return self.terms[kind][0]
        return [fact.value for fact in self.facts if fact.kind == kind]

    def headline(self) -> str | None:
        return headline(self.facts)


@dataclass
class Corpus:
    papers: dict[str, Derived]  # by id, in id order
    taxonomy: Taxonomy
    catalog: HardwareCatalog
    by_topic: dict[str, list[str]]
    by_hardware: dict[str, list[str]]
    by_tag: dict[str, list[str]]

    def newest(self, count: int) -> list[Derived]:
        dated = sorted(self.papers.values(), key=lambda d: (d.paper.overrides.get("published", d.paper.published)
                                                            or "", d.id), reverse=True)
        return dated[:count]


# `mkdocs serve` re-runs the digest in one process after every edit. What depends only on one
# record's bytes (and the taxonomy's and catalogue's) is kept from the previous build and reused
# while those bytes are the same, so an edit to one record re-reads and re-derives that record only.
_PREVIOUS: dict[tuple, object] = {}


def load_corpus(data_dir: Path) -> Corpus:
    current: dict[tuple, object] = {}

    def reuse(key: tuple, make):
        current[key] = _PREVIOUS[key] if key in _PREVIOUS else make()
        return current[key]

    records = [(path, _read(path)) for path in paper_paths(data_dir)]
    papers = [reuse(("record", path, raw), lambda: load_paper(path).paper) for path, raw in records]
    rules = (_read(data_dir / TAXONOMY_FILE), _read(data_dir / HARDWARE_FILE))
    taxonomy, catalog = reuse(("rules", *rules), lambda: (load_taxonomy(data_dir / TAXONOMY_FILE),
                                                          load_hardware(data_dir / HARDWARE_FILE)))
    derived = [reuse(("derived", path, raw, *rules), lambda: _derive(paper, taxonomy, catalog))
               for (path, raw), paper in zip(records, papers)]
    _PREVIOUS.clear()
    _PREVIOUS.update(current)
    return _assemble(derived, taxonomy, catalog)


def _read(path: Path) -> bytes | None:
    """A file's bytes for the reuse key; None when unreadable (loading it then says why)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def build_corpus(papers: list[Paper], taxonomy: Taxonomy, catalog: HardwareCatalog) -> Corpus:
    return _assemble([_derive(paper, taxonomy, catalog) for paper in papers], taxonomy, catalog)


def _assemble(derived_papers: list[Derived], taxonomy: Taxonomy, catalog: HardwareCatalog) -> Corpus:
    # Fresh link fields on every build: _link fills them, and a reused Derived must not keep old ones.
    derived = {d.id: replace(d, compares_to=[], compared_by=[], related=[])
               for d in sorted(derived_papers, key=lambda d: d.id)}
    _link(derived)
    by_topic = {topic.slug: [] for topic in taxonomy.topics}
    by_topic.update(group_by({pid: d.topics for pid, d in derived.items()}))
    return Corpus(
        papers=derived, taxonomy=taxonomy, catalog=catalog, by_topic=by_topic,
        by_hardware=group_by({pid: d.hardware for pid, d in derived.items()}),
        by_tag=group_by({pid: d.tags for pid, d in derived.items()}),
    )


def _derive(paper: Paper, taxonomy: Taxonomy, catalog: HardwareCatalog) -> Derived:
    facts = apply_overrides(extract_facts(paper.title, paper.abstract, catalog), paper.overrides)
    classification = apply_curated_topics(classify(paper.title, paper.abstract, taxonomy), paper.topics or None,
                                           taxonomy)
    tags = list(dict.fromkeys([*classification.tags, *paper.tags]))
    system = next((fact.value for fact in facts if fact.kind == "system"), None)
    text = f"{paper.title}. {paper.abstract}"
    terms = {kind: ((list(paper.overrides[kind]), True) if kind in paper.overrides else (derive(text, taxonomy), False))
             for kind, derive in (("memory_tiers", derive_memory_tiers), ("workload", derive_workload),
                                  ("parallelism", derive_parallelism))}
    return Derived(
        paper=paper, facts=facts, classification=classification, topics=list(classification.final_topics),
        topics_curated=bool(paper.topics), tags=tags, system=system,
        hardware=list(dict.fromkeys(fact.value for fact in facts if fact.kind == "hardware")), terms=terms,
    )


def _link(derived: dict[str, Derived]) -> None:
    # The title counts as the first sentence: "Extend FlashAttention2 to NPUs" names its baseline.
    names = {pid: ([d.system] if d.system else [], f"{d.paper.title}. {d.paper.abstract}")
             for pid, d in derived.items()}
    mentions = _same_as_last("mentions", names, lambda: find_mentions(names, split_sentences))
    for pid, d in derived.items():
        curated = d.paper.overrides.get("compares_to")
        d.compares_to = ([Mention(target, derived[target].system or target, "") for target in curated
                          if target in derived] if curated is not None else list(mentions[pid]))
        for mention in d.compares_to:
            derived[mention.target].compared_by.append(pid)
    # The title twice: its words say what the paper is about more than any abstract sentence.
    texts = {pid: f"{d.paper.title}. {d.paper.title}. {d.paper.abstract}" for pid, d in derived.items()}
    related = _same_as_last("related", texts, lambda: related_papers(texts))
    for pid, d in derived.items():
        d.related = list(related[pid])


_LAST: dict[str, tuple] = {}


def _same_as_last(name: str, inputs: dict, compute):
    """compute(), or its previous result when `inputs` equal the previous call's: the cross-links
    depend on every title and abstract, which an edit to notes or tags leaves as they were."""
    if name not in _LAST or _LAST[name][0] != inputs:
        _LAST[name] = (inputs, compute())
    return _LAST[name][1]
