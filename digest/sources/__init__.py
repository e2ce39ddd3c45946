"""Input formats, in one registry, chosen by what a file holds.

Each format is a `SourceFormat`: a name, a test of whether a text looks like it (`sniff`), and
a parser into `ParsedSource` entries. `detect_format` asks each registered format in order; a
new format (an API's JSON, a feed) plugs in by adding its module to FORMATS.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import hf_daily_text
from .model import DumpError, ParsedSource


@dataclass(frozen=True)
class SourceFormat:
    name: str
    description: str
    sniff: Callable[[str], bool]
    parse: Callable[[str, str, int | None], ParsedSource]  # (text, path, listing year)


FORMATS: tuple[SourceFormat, ...] = (
    SourceFormat(hf_daily_text.NAME, hf_daily_text.DESCRIPTION, hf_daily_text.sniff, hf_daily_text.parse),
)


def format_names() -> list[str]:
    return [source_format.name for source_format in FORMATS]


def detect_format(text: str, path: Path | str, name: str | None = None) -> SourceFormat:
    """The format named `name`, else the first registered format that recognises `text`."""
    if name is not None:
        for source_format in FORMATS:
            if source_format.name == name:
                return source_format
        raise DumpError(path, None, None, f"unknown format {name!r}; formats are: {', '.join(format_names())}")
    for source_format in FORMATS:
        if source_format.sniff(text):
            return source_format
    raise DumpError(path, None, None, "not a format the digest reads; expected one of: "
                    + "; ".join(f"{f.name} ({f.description})" for f in FORMATS))


def parse_source(text: str, path: Path | str, listing_year: int | None = None,
                 format_name: str | None = None) -> ParsedSource:
    return detect_format(text, path, format_name).parse(text, str(path), listing_year)
