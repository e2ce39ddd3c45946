"""One fetch from start to end: download every page, read each, judge the papers, ingest.

Nothing is written before every page has been downloaded and read: the pages go to a scratch
folder (fetch/scratch.py), and a page that fails (no answer, a refusal, the wrong content type,
JSON or XML cut off or broken) stops the fetch with the reason and an untouched store. Then, under
the store's writer lock (never held while downloading), the papers are judged against the store's
curated and rejected papers and the ingest writes the new records and the answers they cite in one
transaction (digest/ingest.py): a curator's accept or reject in between waits, so the verdicts and
the report are of the store the ingest writes to.

A Daily Papers answer is kept as the subset of its items that records cite (most of a day is off
topic, and the store would otherwise keep all of it); an arXiv answer is kept whole. The
transport is anything that can put a page's answer in a file: the HTTP client, or the recorded
answers a replay reads (digest/fetch/recorded.py): one path for both.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..derive.relevance import Verdict, judge
from ..derive.taxonomy import load_taxonomy
from ..derive.training import training_set
from ..errors import BrokenAnswerError, DumpError, EmptySourceError
from ..ingest import IngestReport, Progress, ingest
from ..records.model import Paper
from ..records.store import TAXONOMY_FILE
from ..records.transaction import store_lock
from ..sources import hf_daily_api, open_source
from ..sources.model import Entry
from ..text.keys import paper_key
from .plan import Page, Series
from .scratch import scratch_folder

_DUMP_ADVICE = re.compile(r"[;:] save the dump as UTF-8$")  # advice for a file a user saved, not an answer


class Transport(Protocol):
    def get(self, page: Page, target: Path) -> int:
        """Put the answer to `page` in `target`; its size in bytes. Raises FetchError."""


@dataclass(frozen=True)
class Asked:
    """What became of a paper a curator named with --add that an answer listed: kept as a new
    record, or not, because the store holds it already or a curator rejected it."""

    arxiv_id: str
    outcome: str  # "kept", "held" or "rejected"
    paper_id: str = ""  # the record or the rejected paper, when held or rejected


@dataclass(frozen=True)
class NearFloor:
    """A paper left out just under the filter's floor, for a curator to read."""

    key: str  # its arXiv id or title key: one paper, whichever day lists it
    probability: float
    line: str  # "title (arXiv id): why; listed DAY"


def likeliest_first(papers: Iterable[NearFloor]) -> list[NearFloor]:
    """Each paper once, as first listed, the likeliest to be on topic first."""
    first: dict[str, NearFloor] = {}
    for paper in papers:
        first.setdefault(paper.key, paper)
    return sorted(first.values(), key=lambda paper: -paper.probability)


# What became of a listed paper: each is one of these, so the counts add up to the papers listed.
KEPT, LEFT_OUT, REJECTED, HELD = "kept", "left out", "rejected", "held"


@dataclass
class FetchReport:
    """What a fetch found. A paper two answers list (two days of a week, say) is one paper: it is
    counted once, and named with the first answer that lists it."""

    pages: int = 0  # answers downloaded
    outcomes: dict[str, str] = field(default_factory=dict)  # by paper key: KEPT (new), LEFT_OUT, REJECTED or HELD
    left_out: dict[str, str] = field(default_factory=dict)  # by paper key: "title (arXiv id): why", new and off topic
    near_floor: list[NearFloor] = field(default_factory=list)  # of `left_out`, near the filter's floor: likeliest_first
    rejected: dict[str, str] = field(default_factory=dict)  # by paper key: "title (arXiv id)", rejected before
    asked: dict[str, Asked] = field(default_factory=dict)  # by arXiv id: the papers of `add` listed
    ingest: IngestReport | None = None  # None when no answer listed a paper

    @property
    def listed(self) -> int:
        """The papers the answers list."""
        return len(self.outcomes)

    @property
    def held(self) -> int:
        """Of them, those the store holds already."""
        return sum(outcome == HELD for outcome in self.outcomes.values())


def fetch(
    series: Sequence[Series],
    data_dir: Path,
    *,
    client: Transport,
    dry_run: bool = False,
    progress: Progress | None = None,
    sleep: Callable[[float], None] = time.sleep,
    add: Collection[str] = (),
) -> FetchReport:
    """Fetch the pages of `series` and ingest the papers on topic into `data_dir`, and those whose
    arXiv id is in `add` whatever the filter says (a curator adding a paper it missed)."""
    say = progress or (lambda message, milestone: None)
    report = FetchReport()
    with scratch_folder(data_dir) as folder:
        answers = _download(series, Path(folder), client, report, say=say, sleep=sleep)
        if not answers:
            return report
        with nullcontext() if dry_run else store_lock(data_dir):
            return _judge_and_ingest(answers, data_dir, report, dry_run=dry_run, say=say, add=add)


def _judge_and_ingest(
    answers: list[tuple[Page, Path, list[Entry]]],
    data_dir: Path,
    report: FetchReport,
    *,
    dry_run: bool,
    say: Progress,
    add: Collection[str],
) -> FetchReport:
    listed = [entry for _, _, entries in answers for entry in entries]
    judged = _judge(data_dir, listed, say, add)
    papers = _once(listed)
    report.outcomes = {_key(entry): judged.outcome(entry) for entry in papers}
    left_out = [entry for entry in papers if report.outcomes[_key(entry)] == LEFT_OUT]
    report.left_out = {_key(entry): judged.left_out(entry) for entry in left_out}
    # A paper is named with the first day that lists it, so a curator knows the --date that adds it.
    first_day = {
        _key(entry): page.params["date"]
        for page, _, entries in reversed(answers)
        if "date" in page.params
        for entry in entries
    }
    near = (entry for entry in left_out if judged.verdict(entry).near_floor)
    report.near_floor = likeliest_first(judged.near_floor(entry, first_day.get(_key(entry))) for entry in near)
    report.rejected = {_key(entry): _named(entry) for entry in papers if report.outcomes[_key(entry)] == REJECTED}
    report.asked = {
        arxiv_id: judged.asked(arxiv_id, entry)
        for entry in listed
        if (arxiv_id := entry.arxiv_id) is not None and arxiv_id in add
    }
    parts = [
        (page, part) for page, path, entries in answers if (part := judged.kept_part(page, path, entries)) is not None
    ]
    if parts:
        report.ingest = ingest(
            [part for _, part in parts],
            data_dir,
            dry_run=dry_run,
            progress=say,
            format_name=parts[0][0].format,
            keep=judged.keeps,
            added_by_hand=add,
        )
    return report


def _download(
    series: Sequence[Series],
    folder: Path,
    client: Transport,
    report: FetchReport,
    *,
    say: Progress,
    sleep: Callable[[float], None],
) -> list[tuple[Page, Path, list[Entry]]]:
    """Every page of `series` in `folder`, read: the answers that list a paper, with their entries."""
    answers = []
    for one in series:
        for number in range(one.pages):
            if number and one.pause:
                sleep(one.pause)
            page = one.page(number)
            target = folder / page.name
            size = client.get(page, target)
            entries = _entries(page, target)
            report.pages += 1
            say(f"{page.label}: {len(entries)} paper(s) listed ({size:,} bytes)", True)
            if entries:
                answers.append((page, target, entries))
            if len(entries) < one.size:
                break
    return answers


@dataclass(frozen=True)
class _Judged:
    """The verdict on each listed paper, and what the store holds and rejected (arXiv ids and title keys)."""

    verdicts: dict[str, Verdict]
    held: dict[str, str]  # arXiv id or title key: the id of the record
    rejected: dict[str, str]  # arXiv id or title key: the id of the rejected paper
    added: Collection[str] = ()  # arXiv ids a curator adds whatever the verdict

    def verdict(self, entry: Entry) -> Verdict:
        return self.verdicts[_key(entry)]

    def keeps(self, entry: Entry) -> bool:
        return self.verdict(entry).kept or entry.arxiv_id in self.added

    def outcome(self, entry: Entry) -> str:
        """What becomes of `entry`: one of KEPT, LEFT_OUT, REJECTED, HELD (a paper held or rejected
        already is not the filter's to decide)."""
        if _known(entry, self.rejected):
            return REJECTED
        if _known(entry, self.held):
            return HELD
        return KEPT if self.keeps(entry) else LEFT_OUT

    def asked(self, arxiv_id: str, entry: Entry) -> Asked:
        """What becomes of `entry`, the paper of `arxiv_id`, a curator named with --add."""
        if rejected := _holder(entry, self.rejected):
            return Asked(arxiv_id, "rejected", rejected)
        if held := _holder(entry, self.held):
            return Asked(arxiv_id, "held", held)
        return Asked(arxiv_id, "kept")

    def left_out(self, entry: Entry) -> str:
        return f"{_named(entry)}: {self.verdict(entry).reason}"

    def near_floor(self, entry: Entry, day: str | None) -> NearFloor:
        listed = f"; listed {day}" if day else ""
        return NearFloor(_key(entry), self.verdict(entry).probability or 0.0, self.left_out(entry) + listed)

    def kept_part(self, page: Page, path: Path, entries: list[Entry]) -> Path | None:
        """The part of an answer the store keeps: for a Daily Papers answer, the items of the papers
        kept or held already (written beside it), None when there is none; any other answer whole."""
        if page.format != hf_daily_api.NAME:
            return path
        cited = {
            entry.arxiv_id
            for entry in entries
            if entry.arxiv_id and not _known(entry, self.rejected) and (self.keeps(entry) or _known(entry, self.held))
        }
        if not cited:
            return None
        part = path.parent / "kept" / path.name
        part.parent.mkdir(exist_ok=True)
        hf_daily_api.write_subset(path, part, cited)
        return part


def _entries(page: Page, path: Path) -> list[Entry]:
    """Every entry of an answer, read as its format: a broken answer stops the fetch."""
    try:
        _, _, entries = open_source(path, None, page.format)
        return list(entries)
    except EmptySourceError:
        return []
    except DumpError as error:
        message = _DUMP_ADVICE.sub(": an API answers in UTF-8, so this is not its answer", error.message)
        raise BrokenAnswerError(page.url, page.label, page.name, error.line, message) from None


def _judge(data_dir: Path, entries: list[Entry], say: Progress, added: Collection[str]) -> _Judged:
    """Each listed paper's verdict, from a model of the store's curated and rejected papers (the
    rules where it has too few)."""
    unique = {_key(entry): entry for entry in entries}
    taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    training, records = training_set(data_dir, taxonomy)
    say(f"judging {len(unique)} paper(s) against the {len(training)} curated and rejected paper(s) of {data_dir}", True)
    found = judge([(entry.title, entry.abstract) for entry in unique.values()], training, taxonomy)
    return _Judged(
        dict(zip(unique, found, strict=True)),
        _keys([item.paper for item in records]),
        _keys([item.paper for item in training if item.rejected]),
        added,
    )


def _keys(papers: Sequence[Paper]) -> dict[str, str]:
    """Each paper's arXiv id and title key, with its id."""
    return {
        key: paper.id for paper in papers for key in (paper.arxiv_id, paper_key(paper.title, paper.abstract)) if key
    }


def _once(entries: Iterable[Entry]) -> list[Entry]:
    """Each paper once, as first listed."""
    first: dict[str, Entry] = {}
    for entry in entries:
        first.setdefault(_key(entry), entry)
    return list(first.values())


def _named(entry: Entry) -> str:
    return f"{entry.title} ({entry.arxiv_id or 'no arXiv id'})"


def _known(entry: Entry, keys: Mapping[str, str]) -> bool:
    return _holder(entry, keys) is not None


def _holder(entry: Entry, keys: Mapping[str, str]) -> str | None:
    """The id of the paper of `keys` that `entry` is, by arXiv id or by title key."""
    return keys.get(entry.arxiv_id or "") or keys.get(paper_key(entry.title, entry.abstract))


def _key(entry: Entry) -> str:
    return entry.arxiv_id or paper_key(entry.title, entry.abstract)
