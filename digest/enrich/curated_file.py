"""A curator's findings as a file, for `digest enrich --from-file`: the same title check and the
same never-overwrite rule as the API's answers, for what a curator read elsewhere.

A JSON list, one object per record:

    {"id": "flashattention-2", "arxiv_id": "2307.08691",
     "title_as_found": "FlashAttention-2: Faster Attention with ...", "authors": ["Tri Dao"],
     "published": "2023-07-17", "evidence": "https://arxiv.org/abs/2307.08691", "note": ""}

`id` and `title_as_found` (the title as the evidence shows it, checked against the record's) are
required; `arxiv_id` (null for a paper with no arXiv version), `authors`, `published`
(YYYY-MM-DD or null), `evidence` and `note` (for an empty `notes:`, e.g. "No arXiv version:
published at ...") may be left out. A malformed entry stops the run before anything is read
from the store, naming the entry and the field.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import DataError
from ..records.model import Paper
from ..text.arxiv import arxiv_id
from .match import Candidate, Lookup

_KEYS = {"id", "arxiv_id", "title_as_found", "authors", "published", "evidence", "note"}


def read_findings(path: Path) -> dict[str, list[Candidate]]:
    """The candidates the file offers, by record id."""
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DataError(path, None, None, f"cannot read the file ({error.strerror or error})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = getattr(error, "lineno", None)
        raise DataError(path, line, None, f"not a JSON file of findings ({error})") from None
    if not isinstance(items, list):
        raise DataError(path, None, None, "expected a JSON list of findings, one object per record")
    found: dict[str, list[Candidate]] = {}
    for index, item in enumerate(items):
        paper_id, candidate = _candidate(path, index, item)
        found.setdefault(paper_id, []).append(candidate)
    return found


def file_lookup(path: Path) -> tuple[dict[str, list[Candidate]], Lookup]:
    """The findings of `path`, and a lookup that offers a record its own."""
    found = read_findings(path)

    def lookup(paper: Paper) -> Sequence[Candidate]:
        return found.get(paper.id, [])

    return found, lookup


def _candidate(path: Path, index: int, item: Any) -> tuple[str, Candidate]:
    def fail(name: str | None, message: str) -> DataError:
        return DataError(path, None, f"[{index}]" + (f".{name}" if name else ""), message)

    if not isinstance(item, dict):
        raise fail(None, "each finding is an object with an id and a title_as_found")
    unknown = sorted(set(item) - _KEYS)
    if unknown:
        raise fail(unknown[0], f"unknown key; a finding has {', '.join(sorted(_KEYS))}")

    def text(name: str, required: bool = False) -> str:
        value = item.get(name)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            raise fail(name, "a non-empty string is required" if required else "must be a string or null")
        return value.strip()

    paper_id, title = text("id", True), text("title_as_found", True)
    written = text("arxiv_id")
    found_id = arxiv_id(written) if written else None
    if written and found_id is None:
        raise fail("arxiv_id", f"{written!r} is not an arXiv id (like '2307.08691')")
    authors = item.get("authors") or []
    if not isinstance(authors, list) or not all(isinstance(name, str) and name.strip() for name in authors):
        raise fail("authors", "must be a list of names")
    published = text("published")
    if published:
        try:
            published = dt.date.fromisoformat(published).isoformat()
        except ValueError:
            raise fail("published", f"{published!r} is not a day like 2023-07-17") from None
    return paper_id, Candidate(
        title=title,
        arxiv_id=found_id,
        authors=tuple(" ".join(n.split()) for n in authors),
        published=published or None,
        evidence=text("evidence") or f"{path} [{index}]",
        note=text("note"),
    )
