"""`digest check`: every file the build reads is valid, and the store is consistent as a whole.

What `check` accepts, the build renders: it reads the records, the taxonomy (with the column
each topic table names), the hardware catalogue, the glossary and the baseline catalogue with the
same readers the build uses.
"""

from __future__ import annotations

import datetime
import difflib
import itertools
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from .derive.baseline_catalog import BaselineCatalog, load_baselines
from .derive.glossary import load_glossary
from .derive.hardware_catalog import HardwareCatalog, load_hardware
from .derive.taxonomy import Taxonomy, load_taxonomy, unknown_columns, unknown_topics
from .errors import DataError, UsageError
from .records.rejected import REJECTED_DIR, Rejection, load_rejections, rejected_path, rejected_paths
from .records.store import (
    BASELINES_FILE,
    GLOSSARY_FILE,
    HARDWARE_FILE,
    PAPERS_DIR,
    SOURCES_DIR,
    TAXONOMY_FILE,
    LoadedPaper,
    read_record,
    record_paths,
)
from .rereads import REREADS_DIR, read_rereads
from .text.keys import paper_key
from .text.latex import leftovers


@dataclass(frozen=True, slots=True)
class Holdings:
    """What the store holds, as `digest check`'s closing line says it. No document keeps these
    counts: every pull request that adds or rejects a paper would make them wrong."""

    in_topics: int  # records with curated topics
    awaiting_review: int  # records with none yet: the machine's suggestions, on Needs review
    rejected: int  # files under rejected/

    def __str__(self) -> str:
        papers = "paper" if self.in_topics == 1 else "papers"
        return (
            f"the store holds {self.in_topics:,} {papers} in topics, {self.awaiting_review:,} awaiting review "
            f"(uncurated) and {self.rejected:,} rejected"
        )


def check_store(
    data_dir: Path, notes: list[DataError] | None = None, *, columns: Collection[str] | None = None
) -> list[DataError]:
    """All problems found, in file order; an empty list means the store is clean. `notes`, when
    given, collects what a reader would see wrong but the build renders all the same (a
    conversion leftover in an abstract): never an error, since whatever ingest writes, check
    accepts. `columns` are the keys a topic table may show (the column registry's TABLE_COLUMNS,
    which `digest check` passes: check reads no page code); None leaves the taxonomy's column
    names unchecked."""
    return check_and_count(data_dir, notes, columns=columns)[0]


def check_and_count(
    data_dir: Path, notes: list[DataError] | None = None, *, columns: Collection[str] | None = None
) -> tuple[list[DataError], Holdings]:
    """`check_store`'s problems, and what the store holds, from the one reading of its records (a
    record that cannot be read is counted nowhere)."""
    _require_a_store(data_dir)
    records = [read_record(path) for path in record_paths(data_dir)]
    errors = [problem for _item, problems in records for problem in problems]
    errors += unread_files(data_dir, notes)
    # A record with problems is checked against the store too, with its fields in error left
    # empty, so that one run lists every problem: an unknown topic beside an impossible date.
    readable = [(item, not problems) for item, problems in records if item is not None]
    taxonomy = _taxonomy(data_dir, errors, columns)
    catalog = _catalog(data_dir, errors)
    for read in (
        lambda: read_rereads(data_dir / REREADS_DIR),  # the build reads them for the Method page
        lambda: load_glossary(data_dir / GLOSSARY_FILE),  # and this for the paper pages' terms
    ):
        try:
            read()
        except DataError as exc:
            errors.append(exc)
    baselines = _baselines(data_dir, errors)  # for the pages' Compares against, and a curator's compares_to
    ids = {item.paper.id for item, _clean in readable}
    rejections, rejection_errors = load_rejections(data_dir)
    errors += rejection_errors
    errors += [
        DataError(
            rejected_path(data_dir, r.paper.id),
            None,
            "id",
            f"{r.paper.id!r} is rejected and also a record in {data_dir / 'papers'}: if they are one paper, "
            "delete one of the two; if not, rename the record (its id and file name)",
        )
        for r in rejections
        if r.paper.id in ids
    ]
    seen_titles: dict[str, LoadedPaper] = {}
    seen_arxiv: dict[str, Path] = {}
    rejected_arxiv = {r.paper.arxiv_id: r for r in rejections if r.paper.arxiv_id}
    rejected_titles = {key: r for r in rejections if (key := paper_key(r.paper.title, r.paper.abstract))}
    for item, clean in readable:
        paper, path, lines = item.paper, item.path, item.lines
        errors.extend(same_paper(item, seen_titles, seen_arxiv))
        errors.extend(rejected_again(data_dir, item, rejected_arxiv, rejected_titles))
        if notes is not None and clean:  # a field in error would read as missing
            notes.extend(conversion_leftovers(item))
            notes.extend(date_against_arxiv_id(item))
            notes.extend(unlisted_and_split_names(item))
            notes.extend(uncatalogued_hardware(item, catalog))
            notes.extend(unlisted_tags(item, taxonomy))
        if taxonomy is not None:
            errors += [item.error("topics", message) for message in unknown_topics(item.paper.topics, taxonomy)]
        for target in paper.overrides.get("compares_to", []):
            # A broken catalogue is reported once: the names it may hold are not refused on top.
            if target not in ids and baselines is not None and baselines.named(target) is None:
                errors.append(item.error("overrides.compares_to", _no_paper(data_dir, target)))
        for index, source in enumerate(paper.sources):
            if not (data_dir / source.file).is_file() or not source.file.startswith(SOURCES_DIR + "/"):
                errors.append(
                    DataError(
                        path,
                        lines.get("sources"),
                        f"sources[{index}].file",
                        f"{source.file} is not a dump kept under {data_dir / SOURCES_DIR}",
                    )
                )
    curated = sum(1 for item, _clean in readable if item.paper.topics)
    holdings = Holdings(curated, len(readable) - curated, len(rejected_paths(data_dir)))
    return sorted(errors, key=lambda error: (error.path, error.line or 0)), holdings


def unread_files(data_dir: Path, notes: list[DataError] | None) -> list[DataError]:
    """Files in papers/ and rejected/ that the build never reads: a record saved as ID.yml or
    ID.YAML is on no page, though check, reading what the build reads, would say all clean. Any
    other file there is noted; a hidden one (an editor's swap file, a write in progress) is not a
    curator's."""
    errors = []
    for folder in (data_dir / PAPERS_DIR, data_dir / REJECTED_DIR):
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.name.startswith(".") or (path.suffix == ".yaml" and path.is_file()):
                continue
            if path.suffix.lower() in (".yaml", ".yml") and path.is_file():
                read = path.with_suffix(".yaml")
                message = (
                    f"not read: the build reads only files named ID.yaml, and {read.name} is there already: keep "
                    "one of the two (renamed, this file would replace it)"
                    if read.exists()
                    else f"not read: the build reads only files named ID.yaml; rename it {read.name}"
                )
                errors.append(DataError(path, None, None, message))
            elif notes is not None:
                notes.append(DataError(path, None, None, "not a record, and the build reads only files named ID.yaml"))
    return errors


def _require_a_store(data_dir: Path) -> None:
    """A folder with neither records nor a taxonomy is not a store but a wrong --data (a store's
    papers/ folder, its parent): checked, it would pass with 0 records, and the gate with it."""
    if (data_dir / PAPERS_DIR).is_dir() or (data_dir / TAXONOMY_FILE).exists():
        return
    above = data_dir.resolve().parent
    hint = (
        f": did you mean --data {above}?"
        if (above / PAPERS_DIR).is_dir() and (above / TAXONOMY_FILE).exists()
        else " (the digest's own is data/ in the repo)"
    )
    raise UsageError(
        f"{data_dir}: does not look like a store: it has no {PAPERS_DIR}/ folder and no {TAXONOMY_FILE}; "
        f"--data names the folder holding {PAPERS_DIR}/, {SOURCES_DIR}/, {TAXONOMY_FILE} and {HARDWARE_FILE}{hint}"
    )


def _baselines(data_dir: Path, errors: list[DataError]) -> BaselineCatalog | None:
    """The store's baseline catalogue, or None when it is broken (reported): a compares_to naming
    one of its systems is then not checked."""
    try:
        return load_baselines(data_dir / BASELINES_FILE)
    except DataError as exc:
        errors.append(exc)
        return None


def _no_paper(data_dir: Path, target: str) -> str:
    """Why a compares_to names neither a paper nor a catalogue system: a rejected paper says so,
    since a typo's fix is not its fix."""
    rejected = rejected_path(data_dir, target)
    if "/" not in target and rejected.is_file():
        return (
            f"{target!r} was rejected ({rejected}): remove it from compares_to, or bring the paper back "
            f"with digest accept {target} --topics a,b"
        )
    return f"no paper with id {target!r} in the store, nor a system of {BASELINES_FILE} by that name"


def same_paper(item: LoadedPaper, seen_titles: dict[str, LoadedPaper], seen_arxiv: dict[str, Path]) -> list[DataError]:
    """Two records of one paper: the same arXiv id, or the same title where their arXiv ids do not
    tell them apart (two papers of one title on arXiv are two). The build refuses them too: it
    would publish the paper twice."""
    paper, errors = item.paper, []
    if paper.arxiv_id in seen_arxiv:
        errors.append(
            DataError(
                item.path,
                item.lines.get("arxiv_id"),
                "arxiv_id",
                # A record written by copying another keeps its arXiv id: say so, since "merge"
                # is no advice for a copy (the copy may be either file: the later one is named).
                f"same arXiv paper as {seen_arxiv[paper.arxiv_id].name}: if one of the two is a copy made for "
                "another paper, give that one its paper's arXiv id (or no arxiv_id line when it has none); "
                "if they are one paper, merge the two records into one",
            )
        )
    elif paper.arxiv_id:
        seen_arxiv[paper.arxiv_id] = item.path
    key = paper_key(paper.title, paper.abstract)
    other = seen_titles.get(key)
    if key and other is not None and None in (other.paper.arxiv_id, paper.arxiv_id):
        errors.append(
            DataError(
                item.path,
                item.lines.get("title"),
                "title",
                f"same paper as {other.path.name}: merge the two records into one",
            )
        )
    seen_titles.setdefault(key, item)
    return errors


def rejected_again(
    data_dir: Path, item: LoadedPaper, by_arxiv: dict[str, Rejection], by_title: dict[str, Rejection]
) -> list[DataError]:
    """A record of a paper a curator rejected, written again (by hand, under another id): the same
    arXiv id, or the same title where the arXiv ids do not tell them apart, as between two records.
    No fetch or ingest brings a rejected paper back; a record written by hand would, unseen."""
    paper = item.paper
    field, rejection = "arxiv_id", by_arxiv.get(paper.arxiv_id or "")
    if rejection is None:
        field, rejection = "title", by_title.get(paper_key(paper.title, paper.abstract))
        if rejection is not None and None not in (rejection.paper.arxiv_id, paper.arxiv_id):
            return []  # two papers of one title on arXiv are two
    if rejection is None or rejection.paper.id == paper.id:  # the same id is reported once, above
        return []
    reason = f" ({rejection.reason})" if rejection.reason else ""
    return [
        item.error(
            field,
            f"same paper as {rejected_path(data_dir, rejection.paper.id)}, which {rejection.rejected_by} rejected "
            f"on {rejection.rejected_on}{reason}: delete this record; if the paper belongs in the digest, bring "
            f"the rejected one back with digest accept {rejection.paper.id} --topics a,b",
        )
    ]


def conversion_leftovers(item: LoadedPaper) -> list[DataError]:
    """Damage from a dump's conversion that the repair on every page (`clean_text`) leaves in the
    title or abstract: the record needs a hand fix, or digest/text/latex.py a new rule."""
    return [
        DataError(
            item.path,
            item.lines.get(field),
            field,
            f"conversion leftover {found!r} would show on the "
            "site; correct the text, or teach clean_text in digest/text/latex.py this damage",
        )
        for field in ("title", "abstract")
        for found in leftovers(getattr(item.paper, field))
    ]


def _taxonomy(data_dir: Path, errors: list[DataError], columns: Collection[str] | None) -> Taxonomy | None:
    """The store's taxonomy, or None when it is missing or broken (reported: the build needs it)."""
    try:
        taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    except DataError as exc:
        errors.append(exc)
        return None
    if columns is not None:
        errors.extend(unknown_columns(taxonomy, columns))
    return taxonomy


def _catalog(data_dir: Path, errors: list[DataError]) -> HardwareCatalog | None:
    """The store's hardware catalogue, or None when it is missing or broken (reported: the build needs it)."""
    try:
        return load_hardware(data_dir / HARDWARE_FILE)
    except DataError as exc:
        errors.append(exc)
        return None


def uncatalogued_hardware(item: LoadedPaper, catalog: HardwareCatalog | None) -> list[DataError]:
    """A curated `overrides.hardware` name the catalogue lacks. A curator may name hardware it
    lacks, so it is no error, but the page shows the name with no hardware page and in no
    family: most often a typo ("A10O") or another spelling of a catalogue name ("a100")."""
    if catalog is None:
        return []
    found = []
    for name in item.paper.overrides.get("hardware", []):
        if catalog.get(name) is not None:
            continue
        nearest = [repr(near) for near in _nearest_hardware(name, catalog)]
        hint = f"did you mean {_either(nearest)}?" if nearest else f"add it to {HARDWARE_FILE} if it should have one"
        found.append(
            item.error(
                "overrides.hardware",
                f"{name!r} is not a name in the hardware catalogue, so the paper shows it without a hardware "
                f"page; {hint}",
            )
        )
    return found


def unlisted_tags(item: LoadedPaper, taxonomy: Taxonomy | None) -> list[DataError]:
    """A curator's tag (`tags:` or `overrides.tags`) that is none of the taxonomy's. A record may add
    a tag of its own, so it is no error, but it makes a page and a feed of its own that the rules
    never add to: most often a typo ("trainng" for training)."""
    if taxonomy is None:
        return []
    known = sorted(tag.slug for tag in taxonomy.tags)
    found = []
    for field, tags in (("tags", item.paper.tags), ("overrides.tags", item.paper.overrides.get("tags", []))):
        for tag in tags:
            if tag in known:
                continue
            close = difflib.get_close_matches(tag.casefold(), known, n=1, cutoff=0.75)
            hint = f"did you mean {close[0]!r}?" if close else "add it to the taxonomy's tags if other papers share it"
            found.append(
                item.error(field, f"{tag!r} is not a tag of {TAXONOMY_FILE}, so it gets a page of its own; {hint}")
            )
    return found


def _nearest_hardware(name: str, catalog: HardwareCatalog) -> list[str]:
    """The catalogue names a curator most likely meant: the ones the name holds, as the digest
    reads hardware in a text ("NVIDIA A100", "a100"), else the closest in spelling ("A10O")."""
    held = [entry.name for entry, _start, _end in catalog.find(name)]
    if held:
        return list(dict.fromkeys(held))
    spellings = {
        spelling.casefold(): entry.name
        for entry in catalog
        for spelling in (entry.name, *entry.aliases, *entry.cased_aliases)
    }
    close = difflib.get_close_matches(name.casefold(), spellings, n=3)
    return list(dict.fromkeys(spellings[spelling] for spelling in close))


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


_NEW_STYLE_ID = re.compile(r"^(?P<year>\d{2})(?P<month>\d{2})\.\d{4,5}$")
# arXiv numbers a paper by the month it is announced in: one submitted in the last days of a month
# often carries the next month's number; one submitted weeks earlier only when held in moderation.
_SUBMITTED_EARLY = datetime.timedelta(days=7)


def unlisted_and_split_names(item: LoadedPaper) -> list[DataError]:
    """What a reader misses without an error to show it: a record with no `added` day, which New
    and the feeds (listed by that day) never show; two one-word author names side by side, most
    likely one name a listing split in two ("Carl", "Putterman")."""
    paper, found = item.paper, []
    if not paper.added:
        found.append(
            item.error(
                "added",
                "no day the digest added the paper, so New and the feeds never list it: "
                "write the day it was first listed (its first source's date)",
            )
        )
    for first, second in itertools.pairwise(paper.authors):
        if len(first.split()) == len(second.split()) == 1:
            found.append(
                item.error(
                    "authors",
                    f"{first!r} and {second!r} read as one name split in two: "
                    "check them against the paper and join them if so",
                )
            )
    return found


def date_against_arxiv_id(item: LoadedPaper) -> list[DataError]:
    """A `published` date the record's arXiv id makes unlikely or impossible: more than a week
    before the id's month (rare on arXiv: a paper held before announcement), or after that month (the
    first version cannot be: a later version's date or a listing's, such as an API's that moved).
    The page shows both, so a reader sees the two disagree. Of the first, a curator note that gives
    the date says it was checked (a paper held before announcement has both right)."""
    paper = item.paper
    numbered = _NEW_STYLE_ID.match(paper.arxiv_id or "")
    try:
        published = datetime.date.fromisoformat(paper.published or "")
    except ValueError:
        return []  # no full date to compare (a year, a month), or none at all
    if numbered is None:
        return []
    year, month = 2000 + int(numbered.group("year")), int(numbered.group("month"))
    first = datetime.date(year, month, 1)
    following = datetime.date(year + month // 12, month % 12 + 1, 1)
    if published < first - _SUBMITTED_EARLY:
        if published.isoformat() in paper.notes:
            return []  # a curator checked it
        problem = (
            f"{paper.published} is more than a week before {first:%Y-%m}, the month of arXiv id {paper.arxiv_id}, "
            "which is rare (a paper held before announcement): check the date and the id against the paper's "
            "arXiv page, and if both are right, say so in the record's notes, giving the date"
        )
    elif published >= following:
        problem = (
            f"{paper.published} is after {first:%Y-%m}, the month of arXiv id {paper.arxiv_id}, so it is not the "
            f"first version's date: check the id, and write the first version's day, or the year {first:%Y} if unknown"
        )
    else:
        return []
    return [DataError(item.path, item.lines.get("published"), "published", problem)]
