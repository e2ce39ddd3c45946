"""Reader for the JSON of the Hugging Face Daily Papers API (`/api/daily_papers?date=...`).

The answer is a list of items, one per paper listed that day:

    {"paper": {"id": "2307.08691", "title": "...", "summary": "...", "authors": [{"name": "..."}],
               "publishedAt": "2023-07-17T17:50:36.000Z", "upvotes": 12,
               "githubRepo": "https://github.com/...", "projectPage": "https://..."},
     "publishedAt": "2023-07-18T01:02:03.000Z", "title": "...", "numComments": 3,
     "organization": {"name": "...", "fullname": "..."}, "submittedBy": {...}}

An item needs the arXiv id (`paper.id`), a title and the abstract (`paper.summary`): without one
it is skipped, with the reason. The rest is optional, and a value of the wrong type is left
empty with a note: so is a `githubRepo` or `projectPage` that is not one http(s) address, or a
`githubRepo` of a host alone ("https://github.com/"). Fields the digest does not keep
(numComments, submittedBy, AI summaries, thumbnails, whatever the API adds) are ignored. The
sighting's date is the day the paper was listed: its `paper.submittedOnDailyAt`, else (older
answers lack it) the day the file is named for (`hf-daily-DAY.json`, as fetch keeps an answer),
else the item's `publishedAt`, which is the evening before the paper's arXiv day and so no
listing day. The paper's `publishedAt` is the day it appeared on arXiv (the record's). Each
entry's line is the line its item starts on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import EmptySourceError
from ..text.arxiv import arxiv_id
from ..text.urls import is_web_address, unprintable_in_address
from . import fields
from .files import COPY_SUFFIX, SourceFile
from .json_items import json_items
from .model import Entry, ParsedSource

NAME = "hf-daily-api"
DESCRIPTION = "the JSON of the Hugging Face Daily Papers API: a list of items, each with its `paper`"
# The item's links beside the abstract, as its notes name them (ingest picks these notes out).
CODE_FIELD, PROJECT_FIELD = "paper.githubRepo", "paper.projectPage"
LINK_FIELDS = (CODE_FIELD, PROJECT_FIELD)
_SNIFF = re.compile(r"\s*\[\s*[{\]]")  # a list of objects, or an empty list
_NAMED_FOR_A_DAY = re.compile(rf"hf-daily-(\d{{4}}-\d{{2}}-\d{{2}})(?:-p\d+)?(?:{COPY_SUFFIX})?\.json$")


def listed_day(name: str) -> str | None:
    """The day a kept answer's file name says it lists ("hf-daily-2025-03-25-p2.json"), or None."""
    named = _NAMED_FOR_A_DAY.match(name)
    return named.group(1) if named else None


def sniff(head: str) -> bool:
    return bool(_SNIFF.match(head))


def read(source: SourceFile, parsed: ParsedSource, listing_year: int | None = None) -> Iterator[Entry]:
    """The entries of an answer on disk, item by item; problems go into `parsed`."""
    parsed.layout = "list"
    day = listed_day(source.path.name)
    for line, item in json_items(source.path):
        if (entry := _entry(item, line, parsed, day)) is not None:
            parsed.count += 1
            yield entry
    if not parsed.count and not parsed.problems:
        raise EmptySourceError(
            source.path,
            None,
            None,
            "an empty list: the Daily Papers API listed no paper (a day without papers, or one not listed yet)",
        )
    parsed.judge(
        "Daily Papers items with an arXiv id, a title and a summary", "an answer of the Hugging Face Daily Papers API"
    )


def write_subset(source: Path, target: Path, arxiv_ids: Collection[str]) -> int:
    """Write the items of the answer `source` whose paper has one of `arxiv_ids` to `target`, one
    item a line, as the API gave them; the number written. A store keeps this subset of a day's
    answer: the items its records cite, not the forty off-topic papers listed beside them."""
    kept = []
    for _, item in json_items(source):
        paper = item.get("paper") if isinstance(item, dict) else None
        found = paper.get("id") if isinstance(paper, dict) else None
        if isinstance(found, str) and arxiv_id(found) in arxiv_ids:
            kept.append(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    target.write_text("[\n" + ",\n".join(kept) + "\n]\n" if kept else "[]\n", encoding="utf-8")
    return len(kept)


def _entry(item: Any, line: int, parsed: ParsedSource, file_day: str | None = None) -> Entry | None:
    required = fields.Required(parsed, line, "item")
    if not isinstance(item, dict):
        required.skip(f"it is {fields.kind(item)}, not an object")
        return None
    paper = item.get("paper")
    if not isinstance(paper, dict):
        required.skip(f"paper is {fields.kind(paper)}, not an object")
        return None
    paper_id = required.arxiv_id(paper.get("id"), "paper.id")
    title = required.title(paper.get("title") or item.get("title"), "paper.title")
    abstract = required.abstract(paper.get("summary"), "paper.summary")
    if required.missing or paper_id is None:
        return None
    optional = _Optional(parsed, line)
    authors = optional.names(paper.get("authors"))
    return Entry(
        title=title,
        abstract=abstract,
        line=line,
        arxiv_id=paper_id,
        authors=authors,
        date=_listing_day(optional, paper, item, file_day),
        published=optional.day(paper.get("publishedAt"), "paper.publishedAt"),
        upvotes=optional.count(paper.get("upvotes"), "paper.upvotes"),
        authors_count=len(authors) or None,
        organization=optional.organization(item.get("organization")),
        code_repository=optional.address(paper.get("githubRepo"), CODE_FIELD, repository=True),
        project_page=optional.address(paper.get("projectPage"), PROJECT_FIELD),
        has_metadata=True,
    )


def _listing_day(optional: _Optional, paper: dict[str, Any], item: dict[str, Any], file_day: str | None) -> str | None:
    """The day the paper was listed (see the module's docstring for the order)."""
    if paper.get("submittedOnDailyAt") is not None:
        return optional.day(paper.get("submittedOnDailyAt"), "paper.submittedOnDailyAt")
    return file_day or optional.day(item.get("publishedAt"), "publishedAt")


class _Optional:
    """Optional fields: missing is fine; a value of the wrong kind is left empty, with a note."""

    def __init__(self, parsed: ParsedSource, line: int):
        self.parsed, self.line = parsed, line

    def ignored(self, field: str, value: object, expected: str) -> None:
        self.parsed.problem(
            self.line, f"{field}: expected {expected}, got {fields.kind(value)}: left empty", skipped=False
        )

    def day(self, value: object, field: str) -> str | None:
        day = fields.iso_day(value)
        if day is None and value is not None:
            self.ignored(field, value, "a date like 2025-03-06T01:02:03.000Z")
        return day

    def count(self, value: object, field: str) -> int | None:
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12:
            return value
        self.ignored(field, value, "a whole number")
        return None

    def names(self, value: object) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.ignored("paper.authors", value, "a list")
            return []
        names = [fields.text(author.get("name")) if isinstance(author, dict) else "" for author in value]
        return [name for name in names if name]

    def address(self, value: object, field: str, *, repository: bool = False) -> str | None:
        """An http(s) address as a record's links hold one ("" is none given); with `repository`,
        one that names more than its host: "https://github.com/" is no repository."""
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            self.ignored(field, value, "an http(s) address")
            return None
        address, shown = value.strip(), f"{value!r:.80}"
        if not is_web_address(address):
            why = (
                "holds whitespace or a control character"
                if unprintable_in_address(address)
                else "is not an http(s) address"
            )
            self.parsed.problem(self.line, f"{field}: {shown} {why}: left empty", skipped=False)
            return None
        if repository and not urlsplit(address).path.strip("/"):
            self.parsed.problem(
                self.line, f"{field}: {shown} names no repository, only a host: left empty", skipped=False
            )
            return None
        return address

    def organization(self, value: object) -> str | None:
        if value is None:
            return None
        if isinstance(value, dict):  # the API gives the organisation's page: its display name, else its handle
            return fields.text(value.get("fullname")) or fields.text(value.get("name")) or None
        if isinstance(value, str):
            return fields.text(value) or None
        self.ignored("organization", value, "an object with a name")
        return None
