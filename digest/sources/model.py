"""What every input format reads into: entries (one paper each), and what it skipped or noted."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..errors import DumpError

MAX_TITLE = 400  # characters; a title longer than this is a paragraph that lost its title
MAX_ABSTRACT = 20_000  # far longer than any real abstract (about 2,000 characters)


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
    line: int  # where the entry starts (the title's line in a text dump), 1-based
    date: str | None = None  # the listing's date: ISO, or --MM-DD when the year is unknown
    published: str | None = None  # the paper's own date, when the source gives one apart from the listing's
    arxiv_id: str | None = None  # without its version
    authors: list[str] = field(default_factory=list)
    upvotes: int | None = None
    authors_count: int | None = None
    organization: str | None = None
    code_repository: str | None = None  # the paper's code, when the listing names it (an http(s) address)
    project_page: str | None = None  # the paper's project page, when the listing names it
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

    def problem(self, line: int, message: str, skipped: bool = True) -> None:
        """Note a problem; one that skips a block of the file counts against it in `judge`."""
        self.problems.append(Problem(line, message, skipped))
        self.skipped += skipped

    def judge(self, entries: str, kind: str) -> None:
        """The whole file's verdict, once it is read: refused when it holds no entry, or more
        blocks that are not entries than entries. `entries` says what an entry looks like and
        `kind` what the file should be, for the message."""
        skips = [problem for problem in self.problems if problem.skipped]
        if not self.count:
            reason = f" ({self.problems[0].message})" if self.problems else ""
            raise DumpError(self.path, None, None, f"found no {entries}{reason}; is this {kind}?")
        if self.skipped > self.count:
            blocks = self.skipped + self.count
            raise DumpError(
                self.path,
                skips[0].line,
                None,
                f"{self.skipped:,} of {blocks:,} blocks are not paper "
                f"entries (the first: {skips[0].message}); this is not {kind}, or a badly broken "
                "one, so none of it is ingested",
            )
