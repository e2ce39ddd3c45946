"""Reader for the Atom feeds the arXiv API answers with (`export.arxiv.org/api/query?...`).

Parsed by feedparser, which reads every Atom dialect and the arXiv extensions. Each <entry>
gives one paper: its arXiv id (from <id>, an abs address with a version, or else the
alternate link), the title and the abstract (<summary>), which it cannot do without, and the
authors and the day of its first version (<published>), which are optional. The categories
and the links are not kept: the id gives every address the site links to.

A feed that is not well-formed XML (a response cut off) is refused with the line feedparser
stopped at; the API's own error answer (an entry whose id is .../api/errors#...) is refused
with its message; a feed with no entry is empty (a query that matched nothing). An entry's
line is the line of its <entry> tag.
"""

from __future__ import annotations

import re
import xml.sax
from collections.abc import Iterator
from typing import Any

from ..errors import DumpError, EmptySourceError
from . import fields
from .files import SourceFile
from .model import Entry, ParsedSource
from .sniff import looks_like

NAME = "arxiv-atom"
DESCRIPTION = "an Atom feed of the arXiv API: one <entry> per paper"
_ENTRY_TAG = re.compile(r"<entry[\s>/]")
_LINE_LIMIT = 1 << 20


def sniff(head: str) -> bool:
    return looks_like(head) == "an Atom feed (XML)"


def read(source: SourceFile, parsed: ParsedSource, listing_year: int | None = None) -> Iterator[Entry]:
    """The entries of a feed on disk. feedparser reads the whole document (an API answer is at
    most a few MB); the entries are then handed on one at a time."""
    # Imported here: every `digest` command imports the formats' registry, and feedparser took
    # 20 ms of each one's start (`digest reject`, while the preview waits for it).
    import feedparser  # noqa: PLC0415

    parsed.layout = "atom"
    with open(source.path, "rb") as handle:  # a stream: feedparser takes a string for an address to fetch
        feed = feedparser.parse(handle, sanitize_html=False, resolve_relative_uris=False)
    _refuse_broken(source, feed)
    lines = _entry_lines(source)
    for index, item in enumerate(feed.entries):
        line = lines[index] if index < len(lines) else 1
        if "/api/errors" in item.get("id", ""):
            raise DumpError(
                source.path,
                line,
                None,
                f"the arXiv API answered with an error: "
                f"{fields.text(item.get('summary')) or fields.text(item.get('title'))}",
            )
        if (entry := _entry(item, line, parsed)) is not None:
            parsed.count += 1
            yield entry
    if not feed.entries:
        raise EmptySourceError(source.path, None, None, "a feed with no entry: the arXiv query matched no paper")
    parsed.judge("arXiv entries with an id, a title and a summary", "an answer of the arXiv API")


def _refuse_broken(source: SourceFile, feed: Any) -> None:
    """Not well-formed XML, or XML that is no feed: refused whole (feedparser's `bozo`)."""
    import feedparser  # noqa: PLC0415 (read() imported it)

    error = feed.get("bozo_exception") if feed.get("bozo") else None
    if isinstance(error, xml.sax.SAXParseException):
        raise DumpError(
            source.path,
            error.getLineNumber(),
            None,
            f"not well-formed XML ({error.getMessage()}): "
            "the response was cut off, or is not an answer of the arXiv API",
        )
    if error is not None and not isinstance(error, feedparser.CharacterEncodingOverride):
        raise DumpError(source.path, None, None, f"not a feed feedparser can read ({error})")
    if feed.get("version") != "atom10":
        raise DumpError(
            source.path,
            None,
            None,
            f"not an Atom feed (feedparser reads it as "
            f"{feed.get('version') or 'no feed at all'}); expected an answer of the arXiv API",
        )


def _entry_lines(source: SourceFile) -> list[int]:
    """The line of each <entry> tag, in order (feedparser does not keep where an entry was)."""
    return [line.number for line in source.lines(_LINE_LIMIT) for _ in _ENTRY_TAG.finditer(line.text)]


def _entry(item: Any, line: int, parsed: ParsedSource) -> Entry | None:
    required = fields.Required(parsed, line, "entry")
    alternate = next((link.get("href") for link in item.get("links", []) if link.get("rel") == "alternate"), None)
    paper_id = required.arxiv_id(item.get("id") if fields.text(item.get("id")) else alternate, "<id>")
    title = required.title(item.get("title"), "<title>")
    abstract = required.abstract(item.get("summary"), "<summary>")
    if required.missing or paper_id is None:
        return None
    authors = [name for author in item.get("authors", []) if (name := fields.text(author.get("name")))]
    published = fields.iso_day(item.get("published"))
    return Entry(
        title=title,
        abstract=abstract,
        line=line,
        arxiv_id=paper_id,
        authors=authors,
        date=published,
        published=published,
        authors_count=len(authors) or None,
        has_metadata=True,
    )
