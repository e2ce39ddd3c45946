"""Recorded answers: a folder of Daily Papers answers (`hf-daily-DAY.json`) replayed as a fetch.

`digest fetch hf-daily --from DIR` reads each day's answer from DIR instead of the network and
goes through the same `fetch` as a live run: the same reading, the same filter, the same ingest.
A folder of a year's answers is replayed a week at a time, each week one transaction, so a run
that stops keeps every week it finished. The next run replays the days of the folder whose listing
the store does not keep: the weeks it did not finish, and any day it never saw, older than the
newest it holds or not (a folder of days held back for evaluation, say). A day where the filter
kept no paper leaves no listing in the store (it keeps what its records cite), so it is judged
again, by the filter as it is then: some 30 s for the 117 such days of the 574 replayed.

A curator who adds one paper (`--add ARXIV_ID`, no day given) needs only the days that list it:
`days_listing` finds them by a scan of the files' text, a fraction of a second, and the replay
judges those days alone, where judging every day the store lacks took half a minute.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BrokenAnswerError, DigestError, FetchError, Interrupted, UsageError
from ..records.regular import read_regular
from ..records.store import record_paths
from ..records.transaction import commits
from ..sources import hf_daily_api
from ..sources.json_items import json_items
from ..text.arxiv import arxiv_id
from ..text.plural import counted
from .hf_daily import day_series, days_held
from .plan import Page
from .run import HELD, KEPT, LEFT_OUT, REJECTED, Asked, FetchReport, NearFloor, fetch, likeliest_first

RECORDED = "recorded:"  # the address the pages of a replay name: no request is made
_FETCH_AGAIN = re.compile(r"; fetch or save it again$")  # a reader's advice for an answer, not a recorded file


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
        what = "a file; give the folder holding it" if folder.exists() else "no such folder"
        raise UsageError(f"--from {folder}: {what}")
    days = days_held(folder)
    if not days:  # a folder of the wrong level, say: replaying nothing is no success
        raise UsageError(f"--from {folder}: no recorded day in it (files named hf-daily-YYYY-MM-DD.json)")
    return days


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


def days_listing(folder: Path, arxiv_ids: Collection[str]) -> dict[str, list[dt.date]]:
    """For each of `arxiv_ids`, the recorded days of `folder` whose answer lists its paper, oldest
    first (none when no answer does). Each file's text is searched for the ids; a file that holds
    one is read as JSON to be sure that a paper listed is that one, not an abstract citing it (a
    file that cannot be read keeps the match: the replay then says what is wrong with it)."""
    recorded_days(folder)  # a folder that is none, or holds no recorded day, is refused as a replay refuses it
    found: dict[str, set[dt.date]] = {wanted: set() for wanted in arxiv_ids}
    for path in folder.iterdir():
        named = hf_daily_api.listed_day(path.name)
        try:
            day = dt.date.fromisoformat(named) if named else None
            text = read_regular(path) if day else b""
        except (ValueError, OSError):
            continue
        matches = [wanted for wanted in found if wanted.encode("ascii") in text]
        if day is None or not matches:
            continue
        try:
            listed = {arxiv_id(str(item["paper"]["id"])) for _, item in json_items(path) if _paper_id(item)}
        except DigestError:
            listed = set(matches)
        for wanted in matches:
            if wanted in listed:
                found[wanted].add(day)
    return {wanted: sorted(days) for wanted, days in found.items()}


def _paper_id(item: object) -> bool:
    paper = item.get("paper") if isinstance(item, dict) else None
    return isinstance(paper, dict) and "id" in paper


def weeks(days: list[dt.date], size: int = 7) -> list[list[dt.date]]:
    """`days` in consecutive batches of at most `size`."""
    return [days[start : start + size] for start in range(0, len(days), size)]


@dataclass
class ReplayReport:
    """What a replay did, each paper counted once however many weeks list it: as kept when a week
    kept it (a later week finds it held), else as the first week found it."""

    days: int = 0
    outcomes: dict[str, str] = field(default_factory=dict)  # by paper key: KEPT, LEFT_OUT, REJECTED or HELD
    kept: list[str] = field(default_factory=list)  # ids of the new records (in a dry run: that would be)
    left_out: dict[str, str] = field(default_factory=dict)  # by paper key: "title (arXiv id): why"
    near_floor: list[NearFloor] = field(default_factory=list)  # of `left_out`, near the filter's floor: likeliest_first
    rejected: dict[str, str] = field(default_factory=dict)  # by paper key: "title (arXiv id)", listed again
    updated: set[str] = field(default_factory=set)  # ids of the records held already that took a new sighting
    asked: dict[str, Asked] = field(default_factory=dict)  # by arXiv id: the papers of `add` listed

    @property
    def listed(self) -> int:
        return len(self.outcomes)

    @property
    def held(self) -> int:
        """Listed papers the store held before the replay."""
        return sum(outcome == HELD for outcome in self.outcomes.values())

    def add_week(self, done: FetchReport) -> None:
        for key, outcome in done.outcomes.items():
            before = self.outcomes.setdefault(key, outcome)
            if outcome == KEPT and before != KEPT:  # left out one week, kept by a retrained filter the next
                self.outcomes[key] = KEPT
        self.kept = list(dict.fromkeys([*self.kept, *(done.ingest.new if done.ingest else [])]))  # a dry run, again
        self.updated |= set(done.ingest.updated if done.ingest else ())
        self.left_out = {**done.left_out, **self.left_out}
        self.near_floor += done.near_floor
        self.rejected = {**done.rejected, **self.rejected}
        self.asked = done.asked | self.asked  # a paper kept one week is held the next

    def finish(self) -> None:
        """Each paper under what became of it in the end: once, near the floor likeliest first."""
        self.left_out = {key: line for key, line in self.left_out.items() if self.outcomes[key] == LEFT_OUT}
        self.rejected = {key: line for key, line in self.rejected.items() if self.outcomes[key] == REJECTED}
        self.near_floor = likeliest_first(paper for paper in self.near_floor if paper.key in self.left_out)
        self.updated -= set(self.kept)  # a record a week made, which a later week lists again


class _Written:
    """What a replay has written so far, to say when it stops part-way: the weeks before the one
    it was at, and that one too when its change was committed as it stopped."""

    def __init__(self, data_dir: Path, days: list[dt.date], *, dry_run: bool, chosen: bool):
        self.data_dir, self.days, self.dry_run, self.chosen = data_dir, days, dry_run, chosen
        self.records, self.commits = len(record_paths(data_dir)), commits(data_dir)
        self.week: list[dt.date] = []
        self.week_commits = self.commits
        self.finished: dt.date | None = None  # the last day of the last week replayed whole

    def begin(self, week: list[dt.date]) -> None:
        self.finished = self.week[-1] if self.week else None
        self.week, self.week_commits = week, commits(self.data_dir)

    def said(self) -> str:
        """What became of the store, and how to go on."""
        if self.dry_run:
            return "a dry run: nothing was written"
        # A stop during the week's commit waits for its moves: the week is written then.
        written = bool(self.week) and commits(self.data_dir) > self.week_commits
        through = self.week[-1] if written else self.finished
        if commits(self.data_dir) == self.commits:
            said = f"nothing was written to {self.data_dir}"
        else:
            new = counted(len(record_paths(self.data_dir)) - self.records, "new record")
            said = f"the weeks {self.days[0]} to {through} were written to {self.data_dir}: {new}"
            if self.week and not written:
                said += f"; the week {self.week[0]} to {self.week[-1]} was not written"
        rest = [day for day in self.days if through is None or day > through]
        if not rest:
            return said
        # Without --since, the same command takes the days the store lacks; with it, it would take them all again.
        again = f"with --since {rest[0]}" if self.chosen and through else "again"
        return f"{said}; run the same command {again} to go on"


def _broken(folder: Path, error: BrokenAnswerError) -> str:
    """A recorded answer that cannot be read, named as the file it is, with advice for a file."""
    where = f":{error.line}" if error.line else ""
    reason = _FETCH_AGAIN.sub("", error.reason)
    return f"{folder / error.name}{where}: unusable: {reason}; replace it with a good copy, or move it out of {folder}"


def replay(
    folder: Path,
    days: list[dt.date],
    data_dir: Path,
    *,
    dry_run: bool = False,
    add: Collection[str] = (),
    progress: Callable[[str], None] = lambda message: None,
    chosen: bool = False,
) -> ReplayReport:
    """Replay the recorded answers of `days` from `folder` into `data_dir`, a week at a time
    (`add`: arXiv ids kept whatever the filter says; `chosen`: `days` are those of --since, not
    those the store lacks). Stopped part-way, it says which weeks it wrote."""
    transport, report, started = RecordedAnswers(folder), ReplayReport(), time.perf_counter()
    written = _Written(data_dir, days, dry_run=dry_run, chosen=chosen)
    batches = weeks(days)
    try:
        for number, batch in enumerate(batches, start=1):
            written.begin(batch)
            series = [day_series(day, RECORDED) for day in batch]
            done = fetch(series, data_dir, client=transport, dry_run=dry_run, add=add)
            new = done.ingest.new if done.ingest else []
            report.days += len(batch)
            report.add_week(done)
            # Each paper listed is counted once, in one of the four, so the week's counts add up to what it listed.
            kept = "would be kept" if dry_run else "kept"
            progress(
                f"[{number}/{len(batches)}] {batch[0]} to {batch[-1]}: {done.listed} listed: {len(new)} {kept}, "
                f"{len(done.left_out)} left out, {len(done.rejected)} rejected before, {done.held} in the store "
                f"already; {len(report.kept)} {kept} in all ({time.perf_counter() - started:.0f} s)"
            )
    except KeyboardInterrupt:
        raise Interrupted(written.said()) from None
    except BrokenAnswerError as error:
        raise FetchError(f"{_broken(folder, error)}; {written.said()}") from None
    report.finish()
    return report
