"""The paper record: what one `data/papers/<id>.yaml` holds, and its validation.

Ingest owns the bibliographic fields and `sources`; a curator owns `topics`, `tags`, `notes`
and `overrides`, which ingest never writes over.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import DataError

# Keys a curator may set under `overrides:` to correct what the digest derives from the abstract.
OVERRIDE_KEYS = {
    "system": str, "hardware": list, "gpu_count": list, "model_scale": list, "precision": list,
    "headline": str, "memory_tiers": list, "workload": list, "parallelism": list, "code": list, "compares_to": list,
    "published": str,
}
CURATOR_FIELDS = ("topics", "tags", "notes", "overrides")
# Tags reach templates that print them unescaped (Material's tags plugin): plain words only.
_TAG_RE = re.compile(r"^[\w][\w .+#/-]*$")
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# Full date, year only, or the ISO form for a day whose year is unknown (--MM-DD).
_DATE_RE = re.compile(r"^(?:\d{4}(?:-\d{2}-\d{2})?|--\d{2}-\d{2})$")


@dataclass
class Source:
    """One sighting of a paper in a dump, with what that dump said about it."""

    file: str  # path under data/, e.g. sources/002_7e38bf7374ffd961.txt
    line: int  # line of the title in that file
    date: str | None = None  # as listed: 2024-03-11, or --03-06 when the listing gave no year
    upvotes: int | None = None
    authors_count: int | None = None
    organization: str | None = None

    def to_mapping(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "date": self.date, "upvotes": self.upvotes,
                "authors_count": self.authors_count, "organization": self.organization}


@dataclass
class Paper:
    id: str
    title: str
    abstract: str
    published: str | None = None
    authors_count: int | None = None
    organization: str | None = None
    upvotes: int | None = None
    links: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    notes: str = ""
    overrides: dict[str, Any] = field(default_factory=dict)
    sources: list[Source] = field(default_factory=list)

    @property
    def year(self) -> int | None:
        published = self.overrides.get("published", self.published)
        return int(published[:4]) if published and published[0].isdigit() else None

    def to_mapping(self) -> dict[str, Any]:
        """Field order is fixed so that a record's diff shows only what changed."""
        return {
            "id": self.id, "title": self.title, "published": self.published,
            "authors_count": self.authors_count, "organization": self.organization,
            "upvotes": self.upvotes, "links": list(self.links),
            "topics": list(self.topics), "tags": list(self.tags), "notes": self.notes,
            "overrides": dict(self.overrides), "abstract": self.abstract,
            "sources": [s.to_mapping() for s in self.sources],
        }


FIELDS = tuple(Paper.__dataclass_fields__)
SOURCE_FIELDS = tuple(Source.__dataclass_fields__)


class _Checker:
    """Reads one mapping into typed values, raising DataError at the first problem."""

    def __init__(self, path, data: dict, lines: dict[str, int], prefix: str = ""):
        self.path, self.data, self.lines, self.prefix = path, data, lines, prefix

    def fail(self, name: str, message: str) -> DataError:
        return DataError(self.path, self.lines.get(name), self.prefix + name, message)

    def get(self, name: str, kind, *, required=False, default=None):
        value = self.data.get(name)
        if value is None:
            if required:
                raise self.fail(name, "is empty" if name in self.data else "missing: every record needs it")
            return default
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            raise self.fail(name, f"expected {_kind_name(kind)}, got {type(value).__name__} {value!r:.60}")
        if kind is int and value < 0:
            raise self.fail(name, f"must not be negative, got {value}")
        return value

    def strings(self, name: str) -> list[str]:
        values = self.get(name, list, default=[]) or []
        for i, value in enumerate(values):
            if not isinstance(value, str) or not value.strip():
                raise self.fail(name, f"item {i + 1} must be a non-empty string, got {value!r:.60}")
        return values

    def date(self, name: str) -> str | None:
        value = self.data.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # an unquoted year
        if value is None:
            return None
        if not isinstance(value, str) or not _DATE_RE.match(value):
            raise self.fail(name, f"expected a date like 2024-03-11, a year like 2024 or --03-11, got {value!r:.60}")
        if len(value) == 10 and value[0] != "-":
            try:
                dt.date.fromisoformat(value)
            except ValueError:
                raise self.fail(name, f"no such date: {value}") from None
        return value

    def unknown_keys(self, known) -> None:
        for key in self.data:
            if key not in known:
                raise self.fail(str(key), f"unknown field; known fields are: {', '.join(known)}")


def _kind_name(kind) -> str:
    return {str: "text", int: "a whole number", list: "a list", dict: "a mapping"}[kind]


def paper_from_mapping(data: Any, path, lines: dict[str, int] | None = None,
                       source_lines: list[dict[str, int]] | None = None) -> Paper:
    """Validate one record. `lines` maps field names to their line in the file, for messages."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise DataError(path, 1, None, f"a record must be a mapping of fields, got {type(data).__name__}")
    check = _Checker(path, data, lines)
    check.unknown_keys(FIELDS)
    paper_id = check.get("id", str, required=True)
    if not _ID_RE.match(paper_id):
        raise check.fail("id", f"{paper_id!r} is not a slug (lowercase letters, digits and single hyphens)")
    title = check.get("title", str, required=True)
    abstract = check.get("abstract", str, required=True)
    for name, value in (("title", title), ("abstract", abstract)):
        if not value.strip():
            raise check.fail(name, "is empty")
    overrides = check.get("overrides", dict, default={}) or {}
    for key, value in overrides.items():
        if key not in OVERRIDE_KEYS:
            raise check.fail("overrides", f"unknown key {key!r}; known keys are: {', '.join(sorted(OVERRIDE_KEYS))}")
        if not isinstance(value, OVERRIDE_KEYS[key]):
            raise check.fail("overrides", f"{key}: expected {_kind_name(OVERRIDE_KEYS[key])}, got {value!r:.60}")
    if "published" in overrides:
        _Checker(path, overrides, {}, "overrides.").date("published")
    raw_sources = check.get("sources", list, default=[]) or []
    sources = [_source_from_mapping(item, path, i, (source_lines or [])[i] if i < len(source_lines or []) else
                                    {"": lines.get("sources")}) for i, item in enumerate(raw_sources)]
    return Paper(
        id=paper_id, title=title, abstract=abstract, published=check.date("published"),
        authors_count=check.get("authors_count", int), organization=check.get("organization", str),
        upvotes=check.get("upvotes", int), links=check.strings("links"), topics=check.strings("topics"),
        tags=_tags(check), notes=check.get("notes", str, default="") or "",
        overrides=overrides, sources=sources,
    )


def _tags(check: _Checker) -> list[str]:
    tags = check.strings("tags")
    for tag in tags:
        if not _TAG_RE.match(tag):
            raise check.fail("tags", f"{tag!r}: a tag is letters, digits, spaces and - + . / # only")
    return tags


def _source_from_mapping(data: Any, path, index: int, lines: dict[str, int]) -> Source:
    prefix = f"sources[{index}]."
    if not isinstance(data, dict):
        raise DataError(path, lines.get(""), f"sources[{index}]", "expected a mapping with file, line, date, ...")
    check = _Checker(path, data, lines, prefix)
    check.unknown_keys(SOURCE_FIELDS)
    return Source(
        file=check.get("file", str, required=True),
        line=check.get("line", int, required=True),
        date=check.date("date"), upvotes=check.get("upvotes", int),
        authors_count=check.get("authors_count", int), organization=check.get("organization", str),
    )
