"""Input formats, in one registry, chosen by what a file holds.

Each format is a `SourceFormat`: a name, a test of whether the start of a file is in it
(`sniff`), and a reader that streams the file's entries into its `ParsedSource` report. The
Hugging Face Daily Papers API's JSON and the arXiv API's Atom feeds come first; the plain-text
dump is the fallback: it takes any text that does not look like JSON, XML, HTML or YAML
(`sniff.looks_like`). A file that looks like one of those and that no registered format takes
(a JSON object, an RSS feed, an HTML page) is refused, with what it looks like and what the
digest reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import DumpError
from . import arxiv_atom, hf_daily_api, hf_daily_text
from .files import SourceFile
from .model import Entry, ParsedSource, Problem
from .sniff import looks_like

Reader = Callable[[SourceFile, ParsedSource, int | None], Iterator[Entry]]  # (file, its report, listing year)


@dataclass(frozen=True)
class SourceFormat:
    name: str
    description: str
    sniff: Callable[[str], bool]  # the file's first 64 KiB of text -> is it in this format?
    read: Reader


FORMATS: tuple[SourceFormat, ...] = (
    SourceFormat(hf_daily_api.NAME, hf_daily_api.DESCRIPTION, hf_daily_api.sniff, hf_daily_api.read),
    SourceFormat(arxiv_atom.NAME, arxiv_atom.DESCRIPTION, arxiv_atom.sniff, arxiv_atom.read),
    SourceFormat(hf_daily_text.NAME, hf_daily_text.DESCRIPTION, hf_daily_text.sniff, hf_daily_text.read),
)


def format_names() -> list[str]:
    return [source_format.name for source_format in FORMATS]


def detect_format(source: SourceFile, name: str | None = None) -> SourceFormat:
    """The format named `name`, else the first registered format that recognises the file."""
    if name is not None:
        for source_format in FORMATS:
            if source_format.name == name:
                return source_format
        raise DumpError(source.path, None, None, f"unknown format {name!r}; formats are: {', '.join(format_names())}")
    for source_format in FORMATS:
        if source_format.sniff(source.head):
            return source_format
    expected = "; ".join(f"{f.name} ({f.description})" for f in FORMATS)
    kind = looks_like(source.head)
    raise DumpError(
        source.path,
        None,
        None,
        (f"looks like {kind}, which no input format of the digest reads" if kind else "not a format the digest reads")
        + f"; expected {expected}",
    )


def open_source(
    path: Path, listing_year: int | None = None, format_name: str | None = None
) -> tuple[SourceFile, ParsedSource, Iterator[Entry]]:
    """Check and open one source file: the file, the report its reading fills, and its entries as
    they are read. Every way the file can be unusable is a DumpError, raised here or, for what
    only the whole file shows, when the entries run out."""
    source = SourceFile(path)
    source_format = detect_format(source, format_name)
    parsed = ParsedSource(path=str(path), format=source_format.name)
    return source, parsed, _noting_replaced(source, parsed, source_format.read(source, parsed, listing_year))


def _noting_replaced(source: SourceFile, parsed: ParsedSource, entries: Iterator[Entry]) -> Iterator[Entry]:
    yield from entries
    if source.first_replaced:
        parsed.problems.append(
            Problem(
                source.first_replaced.number,
                f"{source.replaced:,} control character(s) replaced by spaces (the first here)",
                skipped=False,
            )
        )
