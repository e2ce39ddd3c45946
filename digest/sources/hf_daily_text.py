"""Parser for text dumps of Hugging Face "Daily Papers" listing pages.

Three layouts occur (see data/sources/):
- "blank-lines": header, then title and abstract paragraphs separated by blank lines;
- "line-per-field": one line per title and per abstract, the first title glued to "Subscribe";
- "with-metadata": blank-separated, each abstract followed by a metadata block
  ("• 7 authors" or an organisation line, "·", then "Mar 11, 2024 4": date and optional upvotes).

All three are read by one pass over the non-blank lines, streamed with one line of lookahead,
so a dump of any size is read in the memory of a few lines. Metadata attaches only to the entry
directly above it, so an entry without metadata never passes a neighbour's on; an entry is
handed on once its metadata block (if any) has been read.

A file of which more than half the blocks are not entries is not a dump (or a badly broken
one), and is refused whole. A file that ends inside an abstract (no final line break, no
closing punctuation) was cut off: its last entry is marked `truncated`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import deque
from collections.abc import Iterable, Iterator

from .files import SourceFile
from .model import MAX_ABSTRACT, MAX_TITLE, Entry, Line, ParsedSource, Problem
from .sniff import looks_like

NAME = "hf-daily-text"
DESCRIPTION = "a text dump of a Hugging Face Daily Papers listing page: titles, abstracts, optional metadata"

MAX_LINE = MAX_ABSTRACT
_BOILERPLATE = {
    "new",
    "subscribe",
    "daily papers",
    "byak and the research community",
    "get trending papers in your email inbox!",
    "get trending papers in your email inbox once a day!",
}
_MONTHS = {
    m: i
    for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)
}
_DATE_RE = re.compile(
    r"^(?P<month>[A-Za-z]{3})\s+(?P<day>[0-9]{1,2})(?:,\s*(?P<year>[0-9]{4}))?"
    r"(?:\s+(?P<upvotes>[0-9]+))?$"
)
_AUTHORS_RE = re.compile(r"^[•·*-]?\s*(?P<count>[0-9][0-9,]*)\s+authors?$")
_MAX_COUNT_DIGITS = 9  # a count of authors or upvotes; int() of 4,300 digits and more is a traceback
_SEPARATOR = "·"
_SENTENCE_END = (".", "!", "?", ")", "]", '"', "'", "”", "’")


def sniff(head: str) -> bool:
    """Plain text that looks like nothing else: the fallback format, tried last."""
    return looks_like(head) is None


def read(source: SourceFile, parsed: ParsedSource, listing_year: int | None = None) -> Iterator[Entry]:
    """The entries of a dump on disk, streamed; problems go into `parsed`."""
    return read_lines(source.lines(MAX_LINE), parsed, listing_year, cut_off=not source.ends_with_newline)


def parse(text: str, path: str = "<text>", listing_year: int | None = None) -> ParsedSource:
    """A whole dump held as text: its entries listed in the report."""
    parsed = ParsedSource(path=str(path), format=NAME)
    lines = (Line(number, line, len(line)) for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1))
    parsed.entries = list(read_lines(lines, parsed, listing_year, cut_off=not text.endswith(("\n", "\r"))))
    return parsed


def read_lines(
    lines: Iterable[Line], parsed: ParsedSource, listing_year: int | None, cut_off: bool = False
) -> Iterator[Entry]:
    """Entries of one dump as they are read. Raises DumpError, once the lines run out, when the
    dump has no entry at all or more blocks it cannot read than entries."""
    reader = _Reader(lines, parsed, listing_year, cut_off)
    reader.skip_header()
    while reader.step():
        yield from reader.drain()
    reader.finish()
    yield from reader.drain()
    reader.judge()


class _Reader:
    """The parse of one dump: the non-blank lines with a lookahead, and the entry being built."""

    def __init__(self, lines: Iterable[Line], parsed: ParsedSource, listing_year: int | None, cut_off: bool):
        self.lines = iter(lines)
        self.parsed = parsed
        self.listing_year = listing_year
        self.cut_off = cut_off  # the file ends without a line break: its last line may be cut short
        self.ahead: deque[Line] = deque()  # non-blank lines read but not yet taken, stripped
        self.counts = {"blank": 0, "content": 0, "separators": 0}
        self.last_number = 0  # of the last line read, blank or not
        self.pending: Line | None = None  # a title waiting for its abstract
        self.last: Entry | None = None  # the entry that metadata may still attach to
        self.last_abstract = 0  # the line of that entry's abstract
        self.ready: list[Entry] = []  # complete entries, to hand on

    # -- lines

    def peek(self, offset: int = 0) -> Line | None:
        while len(self.ahead) <= offset:
            line = next(self.lines, None)
            if line is None:
                return None
            self.last_number = line.number
            text = line.text.strip()
            if not text:
                self.counts["blank"] += 1
                continue
            self.counts["content"] += 1
            self.counts["separators"] += text == _SEPARATOR
            self.ahead.append(Line(line.number, text, line.length))
        return self.ahead[offset]

    def take(self) -> Line:
        return self.ahead.popleft()

    # -- steps

    def skip_header(self) -> None:
        """Past the boilerplate to the first title; records the listing date the header may carry."""
        while (line := self.peek()) is not None:
            lowered = line.text.lower()
            if lowered in _BOILERPLATE:
                self.take()
                continue
            if lowered.startswith("subscribe") and len(line.text) > len("subscribe"):
                self.ahead[0] = line._replace(text=line.text[len("subscribe") :].strip())  # "SubscribeMélange: ..."
                return
            date = _DATE_RE.match(line.text)
            if date and self.parsed.listing_date is None and not date["upvotes"]:
                self.parsed.listing_date, _ = _parse_date(date, self.listing_year)
                self.take()
                continue
            return

    def step(self) -> bool:
        """Read one title, abstract or metadata block; False at the end of the lines."""
        line = self.peek()
        if line is None:
            return False
        following = self.peek(1)
        if _SEPARATOR in (line.text, following.text if following else None) or _AUTHORS_RE.match(line.text):
            self.drop_pending("has no abstract")
            self.read_metadata()
            self.release()
            return True
        self.take()
        if line.length > MAX_LINE:
            message = (
                f"line of {line.length:,} characters is longer than any title or abstract (limit {MAX_LINE:,}): skipped"
            )
            if self.pending is None:
                self.problem(line.number, message)
            else:  # one block, with the title above: counted once, by drop_pending
                self.parsed.problems.append(Problem(line.number, message))
            self.drop_pending("lost its abstract")
            self.release()
        elif self.pending is None:
            if _looks_like_abstract(line.text) or len(line.text) > MAX_TITLE:
                self.problem(line.number, f"text with no title above it: skipped ({_short(line.text)})")
            else:
                self.pending = line
                self.release()
        elif _looks_like_abstract(line.text, cut=self.cut_off and following is None):
            self.last = Entry(title=" ".join(self.pending.text.split()), abstract=line.text, line=self.pending.number)
            self.last_abstract, self.pending = line.number, None
        else:
            self.drop_pending("has no abstract")
            self.pending = line
        return True

    def read_metadata(self) -> None:
        """One metadata block: authors or an organisation, "·", then a date with optional upvotes."""
        first = self.take()
        authors_count = organization = None
        if first.text != _SEPARATOR:
            if match := _AUTHORS_RE.match(first.text):
                authors_count = self.count(match["count"].replace(",", ""), "authors", first.number)
            else:
                organization = _organization(first.text)
            if (line := self.peek()) is not None and line.text == _SEPARATOR:
                self.take()
        date = upvotes = None
        if (line := self.peek()) is not None and (match := _DATE_RE.match(line.text)):
            date, problem = _parse_date(match, self.listing_year)
            if problem:
                self.problem(line.number, problem, skipped=False)
            upvotes = self.count(match["upvotes"], "upvotes", line.number) if match["upvotes"] else None
            self.take()
        entry = self.last
        if entry is None or entry.has_metadata:
            self.problem(first.number, "metadata with no paper directly above it: ignored")
        else:
            entry.authors_count, entry.organization = authors_count, organization
            entry.date, entry.upvotes, entry.has_metadata = date, upvotes, True

    def finish(self) -> None:
        self.drop_pending("has no abstract")
        last = self.last
        if (
            self.cut_off
            and last is not None
            and self.last_abstract == self.last_number
            and not last.abstract.endswith(_SENTENCE_END)
        ):
            last.truncated = True
            self.problem(
                self.last_abstract,
                f"the file ends inside the abstract of {_short(last.title)}: kept, "
                "marked as cut off; a later dump with the whole text replaces it",
                skipped=False,
            )
        self.release()
        blank, content = self.counts["blank"], self.counts["content"]
        self.parsed.layout = (
            "with-metadata"
            if self.counts["separators"]
            else "blank-lines"
            if blank >= content // 2
            else "line-per-field"
        )

    def judge(self) -> None:
        """The whole file's verdict: is it a dump at all?"""
        self.parsed.judge("paper entries (a title line followed by an abstract)", "a Hugging Face Daily Papers dump")

    # -- bookkeeping

    def release(self) -> None:
        """The entry above is complete: no metadata can attach to it any more."""
        if self.last is not None:
            self.ready.append(self.last)
            self.parsed.count += 1
            self.last = None

    def drain(self) -> list[Entry]:
        ready, self.ready = self.ready, []
        return ready

    def drop_pending(self, why: str) -> None:
        if self.pending is not None:
            self.problem(self.pending.number, f"title {_short(self.pending.text)} {why}: skipped")
            self.pending = None

    def count(self, digits: str, what: str, line: int) -> int | None:
        """A count as a number; one too long to be a count is left empty, with a note."""
        if len(digits) > _MAX_COUNT_DIGITS:
            self.problem(line, f"{len(digits):,} digits are no count of {what}: left empty", skipped=False)
            return None
        return int(digits)

    def problem(self, line: int, message: str, skipped: bool = True) -> None:
        self.parsed.problem(line, message, skipped)


def _parse_date(match: re.Match[str], listing_year: int | None) -> tuple[str | None, str | None]:
    """ISO date (or --MM-DD when the year is unknown) and a problem message, if any."""
    month = _MONTHS.get(match["month"].lower())
    day = int(match["day"])
    year = int(match["year"]) if match["year"] else listing_year
    if month is None:
        return None, f"unknown month {match['month']!r} in date {match[0]!r}: date left empty"
    try:
        dt.date(year or 2000, month, day)  # 2000 is a leap year: Feb 29 stays valid without a year
    except ValueError:
        return None, f"no such date {match[0]!r}: date left empty"
    return (f"{year:04d}-{month:02d}-{day:02d}" if year else f"--{month:02d}-{day:02d}"), None


def _organization(line: str) -> str:
    # The listing shows an organisation's avatar name and then its name: "Zyphra Zyphra".
    words = line.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and words[:half] == words[half:]:
        words = words[:half]
    return " ".join(words)


def _looks_like_abstract(line: str, cut: bool = False) -> bool:
    """Long, or a sentence of 25 words or more (whose end a cut-off file may have lost)."""
    words = len(line.split())
    return len(line) > 300 or (words >= 25 and (cut or line.endswith((".", ")", "]", "!"))))


def _short(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
