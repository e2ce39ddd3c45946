"""Merge source files into the record store: one record per paper, every sighting kept.

Rules: a paper is matched on its arXiv id when both sides know it, else on its normalised title
(on its abstract when the title has no letter or digit), so a text dump's record and an API's
record of the same paper are one; two papers of the same title with different arXiv ids stay
two. A dump may fill a field that is still empty (the arXiv id, the authors, the code repository
and project page a Daily Papers listing names) but never erases or rewrites one (upvotes only
grow, and a longer text of the same abstract replaces only one a dump cut off); curator fields
are never touched; re-ingesting a dump changes no byte. A caller may leave out new papers
(`keep`: `digest fetch` keeps only papers in a topic); a paper already in the store always takes
its new sighting. A paper a curator rejected (data/rejected/) never comes back: it is matched as
a record is, and left out. A dump is kept under data/sources when a record cites it.

A run holds the store's lock from reading the store to its commit, so a second run waits and
then merges into what the first wrote: ids stay unique and no sighting is lost. Dumps are
streamed. Nothing is written until every file has been read, and then everything is written in
one transaction (digest/records/transaction.py): a run that stops, however it stops, leaves the
store as it was, or committed and finished by the next run.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import DumpError, StoreError
from .records.added import is_day, today
from .records.edit import record_with_fields
from .records.model import LISTING_LINKS, Paper, Source
from .records.rejected import load_rejections
from .records.store import SOURCES_DIR, dump_paper, load_all, record_path, store_lock, transaction
from .sources import hf_daily_api, open_source
from .sources.files import SourceFile, copy_name, file_sha256, original_name
from .sources.model import Entry, ParsedSource, Problem
from .text.keys import paper_key, paper_slug
from .text.urls import unique_urls

Progress = Callable[[str, bool], None]  # (message, milestone): a milestone is always worth showing
Keep = Callable[[Entry], bool]  # whether a paper new to the store becomes a record
_EVERY = 5000  # entries read, or records staged, between two progress messages
_NAME_LIMIT = 120  # characters of a kept dump's file name


@dataclass
class IngestReport:
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file:line: reason"
    notes: list[str] = field(default_factory=list)  # "file:line: what was noted" (a date left empty)
    copied: list[str] = field(default_factory=list)  # dumps newly stored under data/sources
    rejected: list[str] = field(default_factory=list)  # ids of rejected papers listed again, left out

    def summary(self) -> str:
        return (
            f"{len(self.new)} new, {len(self.updated)} updated, {len(self.unchanged)} unchanged, "
            f"{len(self.skipped)} skipped" + (f", {len(self.rejected)} rejected before" if self.rejected else "")
        )


def ingest(
    files: list[Path],
    data_dir: Path,
    *,
    listing_year: int | None = None,
    strict: bool = False,
    dry_run: bool = False,
    progress: Progress | None = None,
    format_name: str | None = None,
    keep: Keep | None = None,
    added_by_hand: Collection[str] = (),
) -> IngestReport:
    """Read `files`, merge them into `data_dir`, and return what happened. `keep`, when given,
    decides which papers that are not in the store yet become records. `added_by_hand` are the arXiv
    ids of papers a curator named (`fetch --add`): a new record of one is added today, whatever day
    listed it, so that New and the feeds announce it.

    Raises DumpError for a file that cannot be read (or, with `strict`, has any bad entry) and
    StoreError for an invalid store; in both cases nothing is written. A dry run takes no lock.
    """
    with nullcontext() if dry_run else store_lock(data_dir):
        merge = _Merge(data_dir, progress or (lambda message, milestone: None), keep, added_by_hand)
        for number, path in enumerate(files, start=1):
            merge.read(path, listing_year, strict, format_name, f"[{number}/{len(files)}]")
        return merge.finish(dry_run)


class _Merge:
    """The store's records, and what this run's dumps add to them."""

    def __init__(
        self, data_dir: Path, progress: Progress, keep: Keep | None = None, added_by_hand: Collection[str] = ()
    ):
        self.data_dir, self.progress, self.keep, self.added_by_hand = data_dir, progress, keep, added_by_hand
        loaded, errors = load_all(data_dir)
        rejections, rejection_errors = load_rejections(data_dir)
        errors += rejection_errors
        if errors:
            shown = "\n".join(f"  {error}" for error in errors[:20])
            more = f"\n  ... and {len(errors) - 20:,} more" if len(errors) > 20 else ""
            raise StoreError(f"the record store has invalid records; fix them first (digest check):\n{shown}{more}")
        self.papers = {item.paper.id: item.paper for item in loaded}
        self.stamps = {item.paper.id: item.stamp for item in loaded}  # each record as it was read
        self.by_key = {paper_key(paper.title, paper.abstract): paper for paper in self.papers.values()}
        self.by_arxiv = {paper.arxiv_id: paper for paper in self.papers.values() if paper.arxiv_id}
        self.rejected_ids = {r.paper.id for r in rejections}  # taken for good: a new paper never gets one
        self.rejected = {
            **{paper_key(r.paper.title, r.paper.abstract): r.paper.id for r in rejections},
            **{r.paper.arxiv_id: r.paper.id for r in rejections if r.paper.arxiv_id},
        }
        self.before: dict[str, dict[str, Any]] = {}  # each record this run touched, as it was
        self.kept = _kept_dumps(data_dir / SOURCES_DIR)  # sha256 -> name of each dump kept already
        self.new_dumps: dict[str, SourceFile] = {}  # name -> a dump not kept yet: kept if a record cites it
        self.cited: set[str] = set()  # kept names of the dumps this run added sightings of
        self.report = IngestReport()

    def read(self, path: Path, listing_year: int | None, strict: bool, format_name: str | None, counter: str) -> None:
        source, parsed, entries = open_source(path, listing_year, format_name)
        stored = f"{SOURCES_DIR}/{self._stored_name(source)}"
        for count, entry in enumerate(entries, start=1):
            self._merge(entry, stored, parsed)
            if count % _EVERY == 0:
                self.progress(f"{counter} {path}: {count:,} entries, {source.position / source.size:.0%} read", False)
        if strict and parsed.problems:
            first = parsed.problems[0]
            raise DumpError(
                path,
                first.line,
                None,
                f"{first.message} (--strict refuses the whole file; {len(parsed.problems)} problem(s) in all)",
            )
        skipped = [problem for problem in parsed.problems if problem.skipped]
        for problem in parsed.problems:
            (self.report.skipped if problem.skipped else self.report.notes).append(
                f"{path}:{problem.line}: {problem.message}"
            )
        self.progress(
            f"{counter} {path}: {parsed.count:,} entries ({parsed.format}, {parsed.layout} layout), "
            f"{len(skipped):,} skipped",
            True,
        )

    def finish(self, dry_run: bool) -> IngestReport:
        report = self.report
        copies = [(source, name) for name, source in self.new_dumps.items() if f"{SOURCES_DIR}/{name}" in self.cited]
        changed = {
            pid
            for pid, paper in self.papers.items()
            if pid not in self.stamps or (pid in self.before and paper.to_mapping() != self.before[pid])
        }
        for pid in sorted(self.papers):
            (
                report.updated
                if pid in self.before and pid in changed
                else report.new
                if pid in changed
                else report.unchanged
            ).append(pid)
        report.copied = sorted(name for _, name in copies)
        if not dry_run and (changed or copies):
            self._write(sorted(changed), copies)
        return report

    def _write(self, changed: list[str], copies: list[tuple[SourceFile, str]]) -> None:
        self.progress(f"writing {len(changed):,} records and {len(copies)} dump(s) to {self.data_dir}", False)
        with transaction(self.data_dir) as tx:
            for source, name in copies:  # first: the records cite them
                tx.copy_file(source.path, self.data_dir / SOURCES_DIR / name, source.sha256, expect=None)
            for count, pid in enumerate(changed, start=1):
                tx.write_text(
                    record_path(self.data_dir, pid), dump_paper(self.papers[pid]), expect=self.stamps.get(pid)
                )
                if count % _EVERY == 0:
                    self.progress(f"staged {count:,} of {len(changed):,} records", False)

    def _stored_name(self, source: SourceFile) -> str:
        """Where the dump's copy lives in data/sources: reused when the same bytes are kept already."""
        if source.sha256 in self.kept:
            return self.kept[source.sha256]
        name = _safe_name(source.path)
        if (self.data_dir / SOURCES_DIR / name).exists() or name in self.kept.values():
            name = copy_name(name, source.sha256)  # same name, other content: keep both
        self.new_dumps[name] = source
        self.kept[source.sha256] = name
        return name

    def _merge(self, entry: Entry, source_file: str, parsed: ParsedSource) -> None:
        key = paper_key(entry.title, entry.abstract)
        if not key:
            parsed.problems.append(
                Problem(
                    entry.line,
                    f"neither the title {entry.title[:60]!r} nor its abstract has "
                    "a letter or digit to match and name the paper by: skipped",
                )
            )
            return
        paper = self._match(entry, key)
        if paper is None:
            if (rejected := self.rejected.get(entry.arxiv_id or "") or self.rejected.get(key)) is not None:
                if rejected not in self.report.rejected:
                    self.report.rejected.append(rejected)
                return  # a curator rejected it: it stays out
            if self.keep is not None and not self.keep(entry):
                return  # a new paper the caller leaves out
            # First seen: the listing's day when it gives one (a replayed day is that day), else today;
            # today for a paper a curator added by hand from an older listing (a reader's audit: one
            # added in November from a January listing was on no New page and in no feed).
            by_hand = entry.arxiv_id is not None and entry.arxiv_id in self.added_by_hand
            paper = Paper(
                id=self._new_id(entry),
                title=entry.title,
                abstract=entry.abstract,
                abstract_truncated=entry.truncated,
                added=entry.date if is_day(entry.date) and not by_hand else today(),
            )
            self.papers[paper.id] = self.by_key[key] = paper
        elif paper.id in self.stamps and paper.id not in self.before:
            self.before[paper.id] = paper.to_mapping()
        if any(s.file == source_file and s.line == entry.line for s in paper.sources):
            return  # this sighting is recorded already: re-ingest changes nothing
        listing = original_name(source_file)
        if any(s.date == entry.date and original_name(s.file) == listing for s in paper.sources):
            return  # the same day's listing kept again (a day fetched again to --add a paper): one sighting
        paper.sources.append(
            Source(
                file=source_file,
                line=entry.line,
                date=entry.date,
                upvotes=entry.upvotes,
                authors_count=entry.authors_count,
                organization=entry.organization,
            )
        )
        self.cited.add(source_file)
        if (note := _fill_missing(paper, entry)) is not None:
            parsed.problems.append(Problem(entry.line, note, skipped=False))
        if paper.arxiv_id:
            self.by_arxiv.setdefault(paper.arxiv_id, paper)

    def _match(self, entry: Entry, key: str) -> Paper | None:
        """The record of the entry's paper: the one with its arXiv id, else the one with its title,
        unless that one has another arXiv id (arXiv has two papers of that title)."""
        if entry.arxiv_id and (paper := self.by_arxiv.get(entry.arxiv_id)) is not None:
            return paper
        paper = self.by_key.get(key)
        if paper is not None and entry.arxiv_id and paper.arxiv_id not in (None, entry.arxiv_id):
            return None
        return paper

    def _new_id(self, entry: Entry) -> str:
        """The title's slug; a clash with another paper's id, stored or rejected, gets -2, -3, ... in
        ingest order."""
        base = paper_slug(entry.title, entry.abstract)
        candidate, n = base, 1
        while candidate in self.papers or candidate in self.rejected_ids:
            n += 1
            candidate = f"{base}-{n}"
        return candidate


def _fill_missing(paper: Paper, entry: Entry) -> str | None:
    """A later dump fills what is empty, never rewrites what is there; upvotes only grow; a
    longer text of the same abstract (one a dump had cut off) replaces it, unless a curator has
    labelled the cut-off text's sentences: then it stays, and the note returned says so."""
    published = entry.published or entry.date  # the paper's own date, else the day it was listed
    if paper.published is None and published and not published.startswith("--"):
        paper.published = published
    if paper.arxiv_id is None:
        paper.arxiv_id = entry.arxiv_id
    if not paper.authors:
        paper.authors = list(entry.authors)
    if paper.authors_count is None:
        paper.authors_count = entry.authors_count
    if paper.organization is None:
        paper.organization = entry.organization
    fill_listing_links(paper, entry)
    if entry.upvotes is not None and (paper.upvotes is None or entry.upvotes > paper.upvotes):
        paper.upvotes = entry.upvotes
    if (
        paper.abstract_truncated
        and len(entry.abstract) > len(paper.abstract)
        and entry.abstract.startswith(paper.abstract)
    ):  # a complete abstract is never rewritten
        if "sentence_roles" in paper.overrides:  # curated for the cut-off text: they would no longer fit
            return (
                f"{paper.id}: a longer abstract is listed here, but the record's sentence_roles are curated for "
                "its cut-off one, so it is kept; paste the longer text and label its sentences by hand"
            )
        paper.abstract, paper.abstract_truncated = entry.abstract, entry.truncated
    if entry.abstract != paper.abstract:  # another text: its addresses are not the record's
        return None
    # The last word of a cut-off abstract may be half an address.
    text = entry.abstract.rsplit(maxsplit=1)[0] if entry.truncated else entry.abstract
    for url in unique_urls(text):
        if url not in paper.links:
            paper.links.append(url)
    return None


def fill_listing_links(paper: Paper, entry: Entry) -> list[str]:
    """Fill the record's `code_repository` and `project_page` from the listing's, each only while
    it is empty (one a curator wrote stays); the names of the fields filled."""
    filled = []
    for name in LISTING_LINKS:
        if getattr(paper, name) is None and getattr(entry, name) is not None:
            setattr(paper, name, getattr(entry, name))
            filled.append(name)
    return filled


@dataclass
class ListingLinksFill:
    filled: dict[str, list[str]] = field(default_factory=dict)  # paper id -> the fields filled
    notes: list[str] = field(default_factory=list)  # "file:line: what was left empty, and why"


def backfill_listing_links(data_dir: Path, *, dry_run: bool = False) -> ListingLinksFill:
    """Fill `code_repository` and `project_page` in the records of `data_dir` from the kept
    Daily Papers answers they cite (data/sources), read by the same reader as ingest and filled
    by the same rule (`fill_listing_links`), sighting by sighting in the record's order: what an
    ingest of those answers fills in a record it makes now. Ingest does not, for a sighting it has
    recorded already. Each file changes by those lines alone; in one transaction, under the lock."""
    report = ListingLinksFill()
    with store_lock(data_dir):
        loaded, errors = load_all(data_dir)
        if errors:
            raise errors[0]
        entries: dict[str, dict[int, Entry]] = {}  # a kept answer's entries by line, read once

        def entry_at(source: Source) -> Entry | None:
            if source.file not in entries:
                entries[source.file] = _listing_entries(data_dir / source.file, source.file, report)
            return entries[source.file].get(source.line)

        edits = []
        for item in loaded:
            filled = [
                name
                for source in item.paper.sources
                if (entry := entry_at(source)) is not None
                for name in fill_listing_links(item.paper, entry)
            ]
            if filled:
                report.filled[item.paper.id] = filled
                edits.append((item, record_with_fields(item.path, item.paper, filled)))
        if edits and not dry_run:
            with transaction(data_dir) as tx:
                for item, text in edits:
                    tx.write_bytes(item.path, text, expect=item.stamp)
    return report


def _listing_entries(path: Path, name: str, report: ListingLinksFill) -> dict[int, Entry]:
    """The entries of a kept Daily Papers answer by line, with what its reader noted of their
    links; none for a dump of another format, which names no links beside the abstract."""
    if not path.is_file():
        return {}
    _source, parsed, read = open_source(path)
    if parsed.format != hf_daily_api.NAME:
        return {}
    found = {entry.line: entry for entry in read}
    notes = [p for p in parsed.problems if p.message.startswith(hf_daily_api.LINK_FIELDS)]
    report.notes += [f"{name}:{p.line}: {p.message}" for p in notes]
    return found


def _kept_dumps(sources_dir: Path) -> dict[str, str]:
    """sha256 of each dump already kept -> its file name."""
    if not sources_dir.is_dir():
        return {}
    return {file_sha256(path): path.name for path in sorted(sources_dir.iterdir()) if path.is_file()}


def _safe_name(path: Path) -> str:
    """A name for the kept copy that every record, page and tool can read back: the dump's own
    name, with what is not a letter, digit, '.', '-' or '+' (bytes that are not UTF-8, spaces,
    control characters) made '_', never hidden, and not too long."""
    name = unicodedata.normalize("NFC", bytes(path.name, "utf-8", "surrogateescape").decode("utf-8", "replace"))
    name = re.sub(r"[^\w.+-]+", "_", name).lstrip("._") or "dump"
    stem, dot, suffix = name.rpartition(".") if "." in name else (name, "", "")
    return f"{stem[:_NAME_LIMIT]}{dot}{suffix[:16]}"
