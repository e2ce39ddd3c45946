"""The day the store first saw each paper (`added`), for records written before ingest kept it.

Ingest dates a new record by the listing it came from (a replayed Daily Papers day is the day
the paper was first seen), else by today. A record written before then gets the earliest whole
date among its sightings, else its publication date: the best guess at when a reader of the
listings could first have seen it. An existing `added` is never rewritten, so running this again,
after the store has grown, only fills the records that still lack one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from .edit import with_added
from .model import Paper
from .store import load_all, store_lock, transaction


def today() -> str:
    return dt.datetime.now(dt.UTC).date().isoformat()


def is_day(value: str | None) -> bool:
    """A whole date (2025-03-06), not a year (2025) or a day of an unknown year (--03-06)."""
    return value is not None and len(value) == 10 and value[0].isdigit()


def first_seen(paper: Paper) -> str | None:
    """The earliest whole date of the paper's sightings, else its publication date, else None."""
    days = sorted(source.date for source in paper.sources if source.date and is_day(source.date))
    if days:
        return days[0]
    return paper.published if is_day(paper.published) else None


@dataclass
class Backfill:
    filled: dict[str, str] = field(default_factory=dict)  # paper id -> the date written
    undated: list[str] = field(default_factory=list)  # ids with no whole date to go by: left alone
    kept: int = 0  # records that had a date already


def backfill_added(data_dir: Path, *, dry_run: bool = False) -> Backfill:
    """Write `added` into every record of `data_dir` that lacks it, from `first_seen`; each file
    changes by that one line. Holds the store's lock from reading to writing."""
    report = Backfill()
    with store_lock(data_dir):
        loaded, errors = load_all(data_dir)
        if errors:
            raise errors[0]
        edits = []
        for item in loaded:
            if item.paper.added is not None:
                report.kept += 1
                continue
            day = first_seen(item.paper)
            if day is None:
                report.undated.append(item.paper.id)
                continue
            report.filled[item.paper.id] = day
            edits.append((item, with_added(item.path, item.path.read_text(encoding="utf-8"), day)))
        if edits and not dry_run:
            with transaction(data_dir) as tx:
                for item, text in edits:
                    tx.write_text(item.path, text, expect=item.stamp)
    return report
