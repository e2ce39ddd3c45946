"""The fetch filter on whole Daily Papers days, as a daily update meets them.

The temporal split (temporal.py) scores the filter on decided papers only: those curated in a topic
and those a curator rejected, which an earlier filter had kept and so are harder than a day's usual
papers. Here every paper listed on a recorded day on or after the split (a folder of answers,
`hf-daily-DAY.json`, such as the replayed backfill) is judged as `digest fetch` would judge it, in
the temporal evaluation's periods: by a model trained on the papers decided before its period. A
paper listed on several days counts once, on its first. The papers no curator decided are the ones
the replay's filter dropped: counted apart, as presumed off topic (a curator's read sample of them
measures how many are not).

The topics are scored as they ship: a paper the filter keeps is placed in the topics the machine
chooses for it, one it drops is in none (the fallback), and a paper no curator decided is presumed
in none. This is the measure the issue sets its target on, topics on whole days a daily update meets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .derive.relevance import Verdict, judge
from .derive.suggest import MIN_PROBABILITY, Learnable
from .derive.taxonomy import Taxonomy
from .errors import DataError
from .evaluate import TopicScores, macro_f1, shipped_json, shipped_lines, topics_of
from .sources import open_source
from .sources.model import Entry
from .temporal import default_split, in_periods, period_starts, seen_on

_DAY_FILE = re.compile(r"^hf-daily-(\d{4}-\d{2}-\d{2})(?:-p\d+)?\.json$")


@dataclass
class Kept:
    """Of the papers of one kind listed, how many the filter kept."""

    listed: int = 0
    kept: int = 0
    near: int = 0  # left out, but named near the floor for a curator to read (relevance.NEAR_FLOOR)

    def add(self, verdict: Verdict) -> None:
        self.listed += 1
        self.kept += verdict.kept
        self.near += verdict.near_floor

    def to_json(self) -> dict[str, int]:
        return {"listed": self.listed, "kept": self.kept, "near_floor": self.near}

    def text(self) -> str:
        share = f" ({self.kept / self.listed:.1%})" if self.listed else ""
        return f"kept {self.kept} of {self.listed}{share}; {self.near} more named near the floor"


@dataclass
class WholeDays:
    split: str
    days: int  # recorded days on or after the split
    in_topic: Kept  # curated in a topic
    decided_off: Kept  # rejected, or curated in no topic
    undecided: Kept  # listed, never decided: the replay's filter dropped them
    topics: list[TopicScores] = field(default_factory=list)  # as shipped ("ships"): see the module's docstring
    periods: list[str] = field(default_factory=list)  # each period's first day, the split first

    @property
    def macro_f1(self) -> float:
        return macro_f1(self.topics, "ships")

    @property
    def off_topic(self) -> Kept:
        """The decided off-topic papers and the undecided ones, presumed off topic."""
        parts = (self.decided_off, self.undecided)
        return Kept(sum(p.listed for p in parts), sum(p.kept for p in parts), sum(p.near for p in parts))

    def to_json(self) -> dict[str, Any]:
        parts = {"in_topic": self.in_topic, "decided_off_topic": self.decided_off, "undecided": self.undecided}
        return {
            "split": self.split,
            "days": self.days,
            "periods": self.periods,
            "floor": MIN_PROBABILITY,
            **{name: part.to_json() for name, part in parts.items()},
            "topics": shipped_json(self.topics),
            "macro_f1": round(self.macro_f1, 4),
        }


def evaluate_whole_days(
    folder: Path, decided: Sequence[Learnable], taxonomy: Taxonomy, split: str | None = None, periods: int | None = None
) -> WholeDays:
    """Judge every paper first listed in `folder` on or after `split` (default: the temporal split's
    day), in the temporal evaluation's `periods`, each with the filter trained on the papers decided
    before it."""
    dated = [(day, item) for item in decided if (day := seen_on(item)) is not None]
    split = split or default_split([day for day, _ in dated])
    by_arxiv = {item.paper.arxiv_id: item for item in decided if item.paper.arxiv_id}
    listed = first_listings(folder)
    later = sorted(((day, entry) for day, entry in listed.values() if day >= split), key=lambda listing: listing[0])
    if not later:  # every recorded day lists a paper with an arXiv id, or reading it failed
        first, last = min(day for day, _ in listed.values()), max(day for day, _ in listed.values())
        raise DataError(
            folder,
            None,
            None,
            f"no paper listed on or after {split}: nothing to judge (its papers are listed from {first} to {last}: "
            f"--split {first} judges them)",
        )
    starts = period_starts([day for day, _ in dated], split, periods)
    verdicts = []
    for start, judged in in_periods(later, starts):
        if judged:
            training = [item for day, item in dated if day < start]
            verdicts += judge([(entry.title, entry.abstract) for entry in judged], training, taxonomy)
    fallback = taxonomy.fallback.slug
    topics = [TopicScores(t.slug, 0) for t in taxonomy.topics]
    report = WholeDays(split, len({day for day, _ in later}), Kept(), Kept(), Kept(), topics, starts)
    for (_, entry), verdict in zip(later, verdicts, strict=True):
        item = by_arxiv.get(entry.arxiv_id or "")
        actual = (fallback,) if item is None else topics_of(item, fallback)
        if item is None:
            report.undecided.add(verdict)
        elif any(slug != fallback for slug in actual):
            report.in_topic.add(verdict)
        else:
            report.decided_off.add(verdict)
        shipped = set(verdict.topics) if verdict.kept and verdict.topics else {fallback}
        for topic in topics:
            topic.support += topic.slug in actual
            topic.scores["ships"].add(topic.slug in shipped, topic.slug in actual)
    return report


def first_listings(folder: Path) -> dict[str, tuple[str, Entry]]:
    """Each arXiv id's first listing in the folder: (day, entry)."""
    days = sorted((match.group(1), path) for path in folder.iterdir() if (match := _DAY_FILE.match(path.name)))
    if not days:
        raise DataError(folder, None, None, "no recorded Daily Papers answer (hf-daily-DAY.json) in the folder")
    first: dict[str, tuple[str, Entry]] = {}
    for day, path in days:
        _, _, entries = open_source(path)
        for entry in entries:
            if entry.arxiv_id and entry.arxiv_id not in first:
                first[entry.arxiv_id] = (day, entry)
    return first


def whole_days_text(report: WholeDays, folder: Path) -> str:
    """The report as `digest eval --days` prints it."""
    return "\n".join(
        [
            f"whole days: every paper first listed in {folder} from {report.split} ({report.days} days), judged by "
            f"the fetch filter at {MIN_PROBABILITY:.2f} trained on the papers decided before {report.split}"
            + (
                f", then retrained on those decided before {', '.join(report.periods[1:])}"
                if len(report.periods) > 1
                else ""
            ),
            f"  in a topic (curated):                    {report.in_topic.text()}",
            f"  rejected or in no topic (decided):       {report.decided_off.text()}",
            f"  never decided (the replay dropped them): {report.undecided.text()}",
            f"  off topic, decided or presumed:          {report.off_topic.text()}",
            f"{'topic':<12} {'n':>5}  ships P / R / F1 (kept papers in the topics chosen for them; "
            "dropped and undecided ones in none)",
            *shipped_lines(report.topics, 5),
        ]
    )
