"""The fields of a structured source (an API's JSON, an Atom feed), read the same way by each
format: text as one clean line within its limit, a timestamp as the ISO day, a title, an
abstract and an arXiv id that an entry cannot do without."""

from __future__ import annotations

import datetime as dt
import re

from ..records.yamlfile import latest_year
from ..text.arxiv import arxiv_id
from ..text.latex import without_bold
from ..text.printable import one_line
from .model import MAX_ABSTRACT, MAX_TITLE, ParsedSource

_DAY = re.compile(r"^\s*(\d{4}-\d{2}-\d{2})(?:[T ]|\s*$)")


def iso_day(value: object) -> str | None:
    """The day of an ISO date or timestamp ("2023-07-17T17:50:36.000Z" -> "2023-07-17"); None
    for anything else."""
    match = _DAY.match(value) if isinstance(value, str) else None
    if match is None:
        return None
    try:
        day = dt.date.fromisoformat(match[1])
    except ValueError:
        return None
    return day.isoformat() if day.year <= latest_year() else None  # 9999-12-31 is no paper's day


def text(value: object) -> str:
    """A string as one clean line; "" for anything that is not a string."""
    return one_line(value) if isinstance(value, str) else ""


class Required:
    """The fields an entry cannot do without, checked in order: the first one missing skips the
    entry, with the reason, in the report of the file."""

    def __init__(self, parsed: ParsedSource, line: int, what: str):
        self.parsed, self.line, self.what = parsed, line, what
        self.missing = False

    def skip(self, reason: str) -> None:
        if not self.missing:
            self.parsed.problem(self.line, f"{self.what} skipped: {reason}")
        self.missing = True

    def arxiv_id(self, value: object, field: str) -> str | None:
        found = arxiv_id(value) if isinstance(value, str) else None
        if found is None:
            self.skip(f"{field} is {_shown(value)}, not an arXiv id")
        return found

    def title(self, value: object, field: str) -> str:
        return self._text(value, field, MAX_TITLE)

    def abstract(self, value: object, field: str) -> str:
        # Markdown bold an author typed ("a **1.9x** to **2.7x** speedup") is markup, not text: kept,
        # it would cut that range in two for the extractors.
        return without_bold(self._text(value, field, MAX_ABSTRACT))[0]

    def _text(self, value: object, field: str, limit: int) -> str:
        found = text(value)
        if not found:
            self.skip(f"{field} is {_shown(value)}")
        elif len(found) > limit:
            self.skip(f"{field} has {len(found):,} characters (limit {limit:,})")
        return found


def kind(value: object) -> str:
    """What a decoded JSON value is, for a message."""
    kinds = {dict: "an object", list: "a list", bool: "true/false", int: "a number", float: "a number", str: "text"}
    return "missing" if value is None else kinds.get(type(value), "a value")


def _shown(value: object) -> str:
    if isinstance(value, str):
        return "empty" if not value.strip() else repr(value[:40])
    return kind(value)
