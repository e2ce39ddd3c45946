"""What every input format parses into: entries (one paper each) and the problems it skipped."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import DataError


class DumpError(DataError):
    """A source file that cannot be read at all: nothing from it is ingested."""


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


@dataclass
class Problem:
    """An entry that was skipped or a line that was ignored, with the reason."""

    line: int
    message: str


@dataclass
class ParsedSource:
    path: str
    format: str  # the registry name of the format that read it
    layout: str  # the format's own variant, when it has several ("blank-lines", ...)
    listing_date: str | None = None
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
