"""What every input format reads into: entries (one paper each), and what it skipped or noted."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..errors import DataError


class DumpError(DataError):
    """A source file that cannot be read at all: nothing from it is ingested."""


class Line(NamedTuple):
    """One line of a source file, without its line break."""

    number: int  # 1-based
    text: str  # the line, cut short when it is longer than the reader's limit
    length: int  # its whole length in characters


@dataclass
class Entry:
    """One paper as a source lists it."""

    title: str
    abstract: str
    line: int  # line of the title, 1-based
    date: str | None = None  # ISO date, or --MM-DD when the year is unknown
    upvotes: int | None = None
    authors_count: int | None = None
    organization: str | None = None
    has_metadata: bool = False
    truncated: bool = False  # the file ended inside the abstract: a longer text of it may come later


@dataclass
class Problem:
    """Something skipped (`skipped`) or only noted (a date left empty), with the reason."""

    line: int
    message: str
    skipped: bool = True


@dataclass
class ParsedSource:
    """What reading one source file found. A streamed read counts its entries in `count`;
    a format's whole-text `parse` also lists them in `entries`."""

    path: str
    format: str  # the registry name of the format that read it
    layout: str = ""  # the format's own variant, when it has several ("blank-lines", ...)
    listing_date: str | None = None
    count: int = 0  # entries read
    skipped: int = 0  # blocks of the file that could not be read as entries
    problems: list[Problem] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
