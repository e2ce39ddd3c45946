"""Merge parsed dumps into the record store: one record per paper, every sighting kept.

Rules: a paper is matched on its normalised title; a dump may fill a field that is still
empty but never erases or rewrites one (upvotes only grow); curator fields are never
touched; re-ingesting a dump changes no byte. Everything is staged first and moved into
place at the end, so an ingest that fails changes nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DigestError
from .records.model import Paper, Source
from .records.store import SOURCES_DIR, dump_paper, load_all, paper_path, transaction
from .sources import parse_source
from .sources.files import read_source
from .sources.model import DumpError, Entry, ParsedSource
from .text.keys import paper_slug, title_key
from .text.urls import unique_urls


@dataclass
class IngestReport:
    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file:line: reason"
    copied: list[str] = field(default_factory=list)  # dumps newly stored under data/sources
    dumps: list[ParsedSource] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{len(self.new)} new, {len(self.updated)} updated, {len(self.unchanged)} unchanged, "
                f"{len(self.skipped)} skipped")


class StoreError(DigestError):
    """The store holds invalid records; ingest refuses to merge into it."""


def ingest(files: list[Path], data_dir: Path, *, listing_year: int | None = None, strict: bool = False,
           dry_run: bool = False, progress: Callable[[Path, ParsedSource], None] | None = None,
           format_name: str | None = None) -> IngestReport:
    """Parse `files`, merge them into `data_dir`, and return what happened.

    Raises DumpError for a dump that cannot be read (or, with `strict`, has any bad entry)
    and StoreError for an invalid store; in both cases nothing is written.
    """
    report = IngestReport()
    sources_dir = data_dir / SOURCES_DIR
    loaded, errors = load_all(data_dir)
    if errors:
        raise StoreError("the record store has invalid records; fix them first (digest check):\n"
                         + "\n".join(f"  {error}" for error in errors))
    papers = {item.paper.id: item.paper for item in loaded}
    before = {paper_id: dump_paper(paper) for paper_id, paper in papers.items()}
    by_key = {title_key(paper.title): paper for paper in papers.values()}
    stored_by_digest = _stored_dumps(sources_dir)
    planned_copies: dict[str, bytes] = {}

    for path in files:
        text = read_source(path)
        parsed = parse_source(text, path, listing_year, format_name)
        if strict and parsed.problems:
            first = parsed.problems[0]
            raise DumpError(path, first.line, None, f"{first.message} (--strict refuses the whole file; "
                            f"{len(parsed.problems)} problem(s) in all)")
        report.dumps.append(parsed)
        report.skipped += [f"{path}:{problem.line}: {problem.message}" for problem in parsed.problems]
        data = path.read_bytes()
        stored_name = _stored_name(path, data, stored_by_digest, planned_copies, sources_dir)
        for entry in parsed.entries:
            _merge(entry, f"{SOURCES_DIR}/{stored_name}", papers, by_key)
        if progress:
            progress(path, parsed)

    changed = {pid: paper for pid, paper in papers.items() if dump_paper(paper) != before.get(pid)}
    for pid in sorted(papers):
        (report.updated if pid in before and pid in changed else
         report.new if pid in changed else report.unchanged).append(pid)
    report.copied = sorted(planned_copies)
    if not dry_run and (changed or planned_copies):
        with transaction(data_dir) as tx:
            for name, data in planned_copies.items():
                tx.write_bytes(sources_dir / name, data)
            for pid, paper in changed.items():
                tx.write_text(paper_path(data_dir, pid), dump_paper(paper))
    return report


def _stored_dumps(sources_dir: Path) -> dict[str, str]:
    """sha256 of each dump already kept -> its file name."""
    if not sources_dir.is_dir():
        return {}
    return {hashlib.sha256(p.read_bytes()).hexdigest(): p.name for p in sorted(sources_dir.iterdir()) if p.is_file()}


def _stored_name(path: Path, data: bytes, stored: dict[str, str], planned: dict[str, bytes], sources_dir: Path) -> str:
    """Where the dump's copy lives in data/sources: reused when the same bytes are kept already."""
    digest = hashlib.sha256(data).hexdigest()
    if digest in stored:
        return stored[digest]
    name = path.name
    if (sources_dir / name).exists() or name in planned:
        name = f"{path.stem}-{digest[:8]}{path.suffix}"  # same name, other content: keep both
    planned[name] = data
    stored[digest] = name
    return name


def _merge(entry: Entry, source_file: str, papers: dict[str, Paper], by_key: dict[str, Paper]) -> None:
    source = Source(file=source_file, line=entry.line, date=entry.date, upvotes=entry.upvotes,
                    authors_count=entry.authors_count, organization=entry.organization)
    key = title_key(entry.title)
    paper = by_key.get(key)
    if paper is None:
        paper = Paper(id=_new_id(entry.title, papers), title=entry.title, abstract=entry.abstract)
        papers[paper.id] = by_key[key] = paper
    if any(s.file == source.file and s.line == source.line for s in paper.sources):
        return  # this sighting is recorded already: re-ingest changes nothing
    paper.sources.append(source)
    _fill_missing(paper, entry)


def _fill_missing(paper: Paper, entry: Entry) -> None:
    """A later dump fills what is empty, never rewrites what is there; upvotes only grow."""
    if paper.published is None and entry.date and not entry.date.startswith("--"):
        paper.published = entry.date
    if paper.authors_count is None:
        paper.authors_count = entry.authors_count
    if paper.organization is None:
        paper.organization = entry.organization
    if entry.upvotes is not None and (paper.upvotes is None or entry.upvotes > paper.upvotes):
        paper.upvotes = entry.upvotes
    for url in unique_urls(entry.abstract):
        if url not in paper.links:
            paper.links.append(url)


def _new_id(title: str, papers: dict[str, Paper]) -> str:
    """The title's slug; a clash with another paper's id gets -2, -3, ... in ingest order."""
    base = paper_slug(title)
    candidate, n = base, 1
    while candidate in papers:
        n += 1
        candidate = f"{base}-{n}"
    return candidate
