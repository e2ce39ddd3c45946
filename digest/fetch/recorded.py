"""Recorded answers: a folder of Daily Papers answers (`hf-daily-DAY.json`) replayed as a fetch.

`digest fetch hf-daily --from DIR` reads each day's answer from DIR instead of the network and
goes through the same `fetch` as a live run: the same reading, the same filter, the same ingest.
A folder of a year's answers is replayed a week at a time, each week one transaction, so a run
that stops keeps every week it finished. The next run replays the days of the folder whose listing
the store does not keep: the weeks it did not finish, and any day it never saw, older than the
newest it holds or not (a folder of days held back for evaluation, say). A day where the filter
kept no paper leaves no listing in the store (it keeps what its records cite), so it is judged
again, by the filter as it is then: some 30 s for the 117 such days of the 574 replayed.
"""

from __future__ import annotations

import datetime as dt
import shutil
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError
from .hf_daily import day_series, days_held
from .plan import Page
from .run import Asked, NearFloor, fetch, likeliest_first

RECORDED = "recorded:"  # the address the pages of a replay name: no request is made


class RecordedAnswers:
    """A transport that answers each page with its file in `folder`, named as the store keeps it.
    A later page of a day that the folder lacks is an empty answer: the day had no more."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get(self, page: Page, target: Path) -> int:
        recorded = self.folder / page.name
        if recorded.is_file():
            shutil.copyfile(recorded, target)
        elif page.params.get("p", "0") != "0":
            target.write_text("[]\n", encoding="utf-8")
        else:
            raise UsageError(f"{recorded}: no recorded answer for {page.label}")
        return target.stat().st_size


def recorded_days(folder: Path) -> list[dt.date]:
    """The days `folder` holds an answer of, oldest first."""
    if not folder.is_dir():
        raise UsageError(f"--from {folder}: no such folder")
    return days_held(folder)


def days_to_replay(
    folder: Path, sources_dir: Path, *, since: dt.date | None = None, until: dt.date | None = None
) -> list[dt.date]:
    """The recorded days of `folder` through `until`: from `since`, every one, held or not (a
    held day's papers take their sighting again, or an --add); without it, those whose listing
    the store does not keep, whenever they are."""
    if since is None:
        held = set(days_held(sources_dir))
        days = [day for day in recorded_days(folder) if day not in held]
    else:
        days = [day for day in recorded_days(folder) if since <= day]
    return [day for day in days if until is None or day <= until]


def weeks(days: list[dt.date], size: int = 7) -> list[list[dt.date]]:
    """`days` in consecutive batches of at most `size`."""
    return [days[start : start + size] for start in range(0, len(days), size)]


@dataclass
class ReplayReport:
    days: int = 0
    listed: int = 0
    kept: list[str] = field(default_factory=list)  # ids of the new records (in a dry run: that would be)
    left_out: list[str] = field(default_factory=list)  # "title (arXiv id): why"
    near_floor: list[NearFloor] = field(default_factory=list)  # of `left_out`, near the filter's floor: likeliest_first
    rejected: list[str] = field(default_factory=list)  # "title (arXiv id)" of rejected papers listed again
    held: int = 0  # listed papers the store held already
    updated: int = 0  # records that took a new sighting (of those held)
    asked: dict[str, Asked] = field(default_factory=dict)  # by arXiv id: the papers of `add` listed


def replay(
    folder: Path,
    days: list[dt.date],
    data_dir: Path,
    *,
    dry_run: bool = False,
    add: Collection[str] = (),
    progress: Callable[[str], None] = lambda message: None,
) -> ReplayReport:
    """Replay the recorded answers of `days` from `folder` into `data_dir`, a week at a time
    (`add`: arXiv ids kept whatever the filter says)."""
    transport, report, started = RecordedAnswers(folder), ReplayReport(), time.perf_counter()
    batches = weeks(days)
    for number, batch in enumerate(batches, start=1):
        done = fetch([day_series(day, RECORDED) for day in batch], data_dir, client=transport, dry_run=dry_run, add=add)
        new = done.ingest.new if done.ingest else []
        report.days += len(batch)
        report.listed += done.listed
        report.kept += new
        report.left_out += done.left_out
        report.near_floor += done.near_floor
        report.rejected += done.rejected
        report.held += done.held
        report.asked = done.asked | report.asked  # a paper kept one week is held the next
        report.updated += len(done.ingest.updated) if done.ingest else 0
        # Every paper listed is counted once, so the week's counts add up to what it listed.
        kept = "would be kept" if dry_run else "kept"
        progress(
            f"[{number}/{len(batches)}] {batch[0]} to {batch[-1]}: {done.listed} listed: {len(new)} {kept}, "
            f"{len(done.left_out)} left out, {len(done.rejected)} rejected before, {done.held} in the store "
            f"already; {len(report.kept)} {kept} in all ({time.perf_counter() - started:.0f} s)"
        )
    report.near_floor = likeliest_first(report.near_floor)  # once over every week: a paper listed in two, once
    return report
