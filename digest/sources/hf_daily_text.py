"""Parser for text dumps of Hugging Face "Daily Papers" listing pages.

Three layouts occur (see data/sources/):
- "blank-lines": header, then title and abstract paragraphs separated by blank lines;
- "line-per-field": one line per title and per abstract, the first title glued to "Subscribe";
- "with-metadata": blank-separated, each abstract followed by a metadata block
  ("• 7 authors" or an organisation line, "·", then "Mar 11, 2024 4": date and optional upvotes).

All three are read by one pass over the non-blank lines. Metadata attaches only to the entry
directly above it, so an entry without metadata never passes a neighbour's on.
"""

from __future__ import annotations

import datetime as dt
import re

from .model import DumpError, Entry, ParsedSource, Problem

NAME = "hf-daily-text"
Line = tuple[int, str]  # (line number, stripped text)
DESCRIPTION = "a text dump of a Hugging Face Daily Papers listing page: titles, abstracts, optional metadata"

MAX_LINE = 20_000  # far longer than any real abstract (about 2,000 characters)
MAX_TITLE = 400
_BOILERPLATE = {
    "new", "subscribe", "daily papers", "byak and the research community",
    "get trending papers in your email inbox!", "get trending papers in your email inbox once a day!",
}
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}
_DATE_RE = re.compile(r"^(?P<month>[A-Za-z]{3})\s+(?P<day>\d{1,2})(?:,\s*(?P<year>\d{4}))?(?:\s+(?P<upvotes>\d+))?$")
_AUTHORS_RE = re.compile(r"^[•·*-]?\s*(?P<count>\d[\d,]*)\s+authors?$")
_SEPARATOR = "·"


def sniff(text: str) -> bool:
    """Plain text: the fallback format, tried last. Its parser refuses text with no entries."""
    return True


def parse(text: str, path: str = "<text>", listing_year: int | None = None) -> ParsedSource:
    """Entries and problems of one dump. Raises DumpError only when no entry is found at all."""
    lines = [(number, line.strip()) for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1)]
    content = [(number, line) for number, line in lines if line]
    parsed = ParsedSource(path=str(path), format=NAME, layout=_detect_layout(lines, content))
    position = _skip_header(content, parsed, listing_year)
    _read_entries(content, position, parsed, listing_year)
    if not parsed.entries:
        reason = f" ({parsed.problems[0].message})" if parsed.problems else ""
        raise DumpError(path, None, None, "found no paper entries (a title line followed by an abstract)"
                        + reason + "; is this a Hugging Face Daily Papers dump?")
    return parsed


def _detect_layout(lines: list[Line], content: list[Line]) -> str:
    if any(line == _SEPARATOR for _, line in content):
        return "with-metadata"
    blank = len(lines) - len(content)
    return "blank-lines" if blank >= len(content) // 2 else "line-per-field"


def _skip_header(content: list[Line], parsed: ParsedSource, listing_year: int | None) -> int:
    """Index of the first title; records the listing date the header may carry."""
    for index, (number, line) in enumerate(content):
        lowered = line.lower()
        if lowered in _BOILERPLATE:
            continue
        if lowered.startswith("subscribe") and len(line) > len("subscribe"):
            content[index] = (number, line[len("subscribe"):].strip())  # "SubscribeMélange: ..."
            return index
        date = _DATE_RE.match(line)
        if date and parsed.listing_date is None and not date["upvotes"]:
            parsed.listing_date, _ = _parse_date(date, listing_year)
            continue
        return index
    return len(content)


def _read_entries(content: list[Line], position: int, parsed: ParsedSource, listing_year: int | None) -> None:
    pending: tuple[int, str] | None = None  # a title waiting for its abstract
    last: Entry | None = None  # the entry that metadata may still attach to
    while position < len(content):
        number, line = content[position]
        following = content[position + 1][1] if position + 1 < len(content) else None
        if _SEPARATOR in (line, following) or _AUTHORS_RE.match(line):
            if pending:
                parsed.problems.append(Problem(pending[0], f"title {_short(pending[1])} has no abstract: skipped"))
                pending = None
            position = _read_metadata(content, position, last, parsed, listing_year)
            last = None
            continue
        position += 1
        if len(line) > MAX_LINE:
            parsed.problems.append(Problem(number, f"line of {len(line):,} characters is longer than any title or "
                                           f"abstract (limit {MAX_LINE:,}): skipped"))
            if pending:
                parsed.problems.append(Problem(pending[0], f"title {_short(pending[1])} lost its abstract: skipped"))
            pending = last = None
        elif pending is None:
            if _looks_like_abstract(line) or len(line) > MAX_TITLE:
                parsed.problems.append(Problem(number, f"text with no title above it: skipped ({_short(line)})"))
            else:
                pending, last = (number, line), None
        elif _looks_like_abstract(line):
            last = Entry(title=" ".join(pending[1].split()), abstract=line, line=pending[0])
            parsed.entries.append(last)
            pending = None
        else:
            parsed.problems.append(Problem(pending[0], f"title {_short(pending[1])} has no abstract: skipped"))
            pending = (number, line)
    if pending:
        parsed.problems.append(Problem(pending[0], f"title {_short(pending[1])} has no abstract: skipped"))


def _read_metadata(content: list[Line], position: int, entry: Entry | None, parsed: ParsedSource,
                   listing_year: int | None) -> int:
    """Read one metadata block starting at `position`; return the index after it."""
    number, line = content[position]
    authors_count = organization = None
    if line != _SEPARATOR:
        if match := _AUTHORS_RE.match(line):
            authors_count = int(match["count"].replace(",", ""))
        else:
            organization = _organization(line)
        position += 1
    if position < len(content) and content[position][1] == _SEPARATOR:
        position += 1
    date = upvotes = None
    if position < len(content) and (match := _DATE_RE.match(content[position][1])):
        date, problem = _parse_date(match, listing_year)
        if problem:
            parsed.problems.append(Problem(content[position][0], problem))
        upvotes = int(match["upvotes"]) if match["upvotes"] else None
        position += 1
    if entry is None or entry.has_metadata:
        parsed.problems.append(Problem(number, "metadata with no paper directly above it: ignored"))
    else:
        entry.authors_count, entry.organization = authors_count, organization
        entry.date, entry.upvotes, entry.has_metadata = date, upvotes, True
    return position


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


def _looks_like_abstract(line: str) -> bool:
    words = len(line.split())
    return len(line) > 300 or (words >= 25 and line.endswith((".", ")", "]", "!")))


def _short(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
