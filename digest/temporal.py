"""The machine measured as a daily update meets it: trained on the past, scored on what came after.

Leave one dump out (digest/evaluate.py) lets the model learn from papers listed after the ones it
predicts. A daily fetch never can. Here every decided paper (curated in a topic, or rejected) is
dated by the day it was first seen: its earliest listing with a full date, else its own date.
The papers first seen on the split day or after are predicted period by period, as a store that
is retrained as it grows meets them: the days from the split on are cut into PERIODS periods of
about as many papers each, and each period is predicted by a model trained on every paper first
seen before it. The report pools the periods: topic precision, recall and F1, and what the fetch
filter at its floor would have kept and dropped; and each period's macro-F1, since one period
alone holds a few papers of a topic and its figure swings with them (on the store of stop 47,
from 0.42 to 0.84 by period, where the pooled figure is 0.63).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .derive.suggest import MIN_PROBABILITY, Learnable, fit_text, train_on_curated
from .derive.taxonomy import Taxonomy
from .evaluate import FilterScore, TopicScores, macro_f1, measured_topics, score, shipped_json, shipped_lines, topics_of
from .records.yamlfile import first_day
from .text.plural import counted

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer

Item = TypeVar("Item")

TRAINING_SHARE = 0.5  # by default, the split day leaves this share of the dated papers before it
PERIODS = 4  # by default, the predicted papers are cut into this many periods, each retrained on all before it


@dataclass(frozen=True)
class Period:
    """One period of the temporal evaluation: its first day, and its own scores."""

    start: str
    trained_on: int
    predicted: int
    macro_f1: float


@dataclass
class TemporalEvaluation:
    split: str  # the first day predicted
    last: str  # the last day predicted
    trained_on: int
    predicted: int
    days: int  # days with at least one paper predicted
    topics: list[TopicScores]
    fetch_filter: FilterScore = field(default_factory=lambda: FilterScore(MIN_PROBABILITY))
    undated: int = 0  # decided papers with no date, left out
    periods: list[Period] = field(default_factory=list)

    def macro_f1(self, method: str) -> float:
        return macro_f1(self.topics, method)

    @property
    def measured(self) -> int:
        """How many topics the macro-F1 averages: those with a paper in the period."""
        return measured_topics(self.topics, "ships")

    def to_json(self) -> dict[str, Any]:
        kept = self.fetch_filter
        return {
            "split": self.split,
            "last": self.last,
            "trained_on": self.trained_on,
            "predicted": self.predicted,
            "days": self.days,
            "undated": self.undated,
            "periods": [
                {
                    "start": p.start,
                    "trained_on": p.trained_on,
                    "predicted": p.predicted,
                    "macro_f1": round(p.macro_f1, 4),
                }
                for p in self.periods
            ],
            "topics": shipped_json(self.topics),
            "macro_f1": round(self.macro_f1("ships"), 4),
            "fetch_filter": {
                "floor": kept.floor,
                "in_topic": kept.in_topic,
                "kept": kept.kept,
                "off_topic": kept.fallback,
                "dropped": kept.dropped,
            },
        }


def seen_on(item: Learnable) -> str | None:
    """The day a decided paper was first seen: its earliest dated listing, else its own date (a month
    alone, all an arXiv id gives, as its first day: years before any split, it stays in the training)."""
    listed = sorted(s.date for s in item.paper.sources if s.date and len(s.date) == 10 and s.date[0].isdigit())
    if listed:
        return listed[0]
    published = item.paper.published or ""
    return (first_day(published) if len(published) in (7, 10) else "") or None  # a year alone is too vague


def default_split(days: Sequence[str]) -> str:
    """The day that leaves TRAINING_SHARE of the papers' first days before it."""
    ordered = sorted(days)
    return ordered[min(len(ordered) - 1, int(len(ordered) * TRAINING_SHARE))]


def period_starts(days: Sequence[str], split: str, periods: int | None = None) -> list[str]:
    """The first day of each period: `split`, then the days that cut the `days` from `split` on
    into `periods` (default: PERIODS) runs of about as many papers each. A period holds at least
    one paper and one day: a day of many papers ends its period later, and fewer days than
    periods make fewer periods."""
    periods = periods or PERIODS
    later = sorted(day for day in days if day >= split)
    starts = [split]
    for index in range(1, periods):
        first = bisect.bisect_left(later, starts[-1])  # the current period's first paper
        if first == len(later):
            break
        # The next period starts on a day after that paper's, and at or past its share of the papers.
        at = max(len(later) * index // periods, bisect.bisect_right(later, later[first]))
        if at == len(later):
            break
        starts.append(later[at])
    return starts


def in_periods(dated: Sequence[tuple[str, Item]], starts: Sequence[str]) -> Iterator[tuple[str, list[Item]]]:
    """Each period's first day, with the items of `dated` ((day, item) pairs) that fall in it."""
    for start, end in zip(starts, [*starts[1:], None], strict=True):
        yield start, [item for day, item in dated if day >= start and (end is None or day < end)]


def evaluate_temporal(
    decided: Sequence[Learnable],
    taxonomy: Taxonomy,
    split: str | None = None,
    vectorizer: TfidfVectorizer | None = None,
    periods: int | None = None,
    *,
    trains: Callable[[Learnable], bool] | None = None,
) -> TemporalEvaluation:
    """Predict the decided papers first seen on `split` (default: `default_split`) or after, in
    `periods` periods (default: PERIODS), each by a model trained on the papers first seen before
    it; over `vectorizer`, the corpus's text model (default: fitted on the decided papers' words).
    `trains`: which papers a model may learn from (default: all; a share of them draws a learning
    curve, benchmarks/learning_curve.py); every paper after the split is predicted."""
    dated = [(day, item) for item in decided if (day := seen_on(item)) is not None]
    if not dated:
        raise ValueError("no decided paper has a date to split on")
    split = split or default_split([day for day, _ in dated])
    held_out = [item for day, item in dated if day >= split]
    may_train = trains or (lambda _item: True)
    report = TemporalEvaluation(
        split,
        max(day for day, _ in dated),
        sum(day < split and may_train(item) for day, item in dated),
        len(held_out),
        len({day for day, _ in dated if day >= split}),
        _topic_scores(held_out, taxonomy),
        undated=len(decided) - len(dated),
    )
    vectorizer = vectorizer or fit_text(decided)
    starts = period_starts([day for day, _ in dated], split, periods)
    for start, predicted in in_periods(dated, starts):
        if not predicted:
            continue
        training = [item for day, item in dated if day < start and may_train(item)]
        model = train_on_curated(training, taxonomy, vectorizer)
        own = _topic_scores(predicted, taxonomy)
        score(predicted, model, taxonomy, topics=own, fetch_filter=[report.fetch_filter])
        for pooled, part in zip(report.topics, own, strict=True):
            pooled.learned += part.learned
            for method, counts in part.scores.items():
                pooled.scores[method].add_counts(counts)
        report.periods.append(Period(start, len(training), len(predicted), macro_f1(own, "ships")))
    return report


def _topic_scores(papers: Sequence[Learnable], taxonomy: Taxonomy) -> list[TopicScores]:
    """Empty scores of every topic, with its support among `papers`."""
    fallback = taxonomy.fallback.slug
    return [TopicScores(t.slug, sum(t.slug in topics_of(item, fallback) for item in papers)) for t in taxonomy.topics]


def temporal_text(report: TemporalEvaluation) -> str:
    """The report as `digest eval` prints it."""
    kept = report.fetch_filter
    lines = [
        f"temporal split: trained on the {report.trained_on} decided papers first seen before {report.split}, "
        f"predicted the {report.predicted} first seen from {report.split} to {report.last} "
        f"({report.days} days with a paper)" + (f"; {report.undated} undated left out" if report.undated else ""),
        f"in {counted(len(report.periods), 'period')}, each predicted by a model trained on every paper first seen "
        "before it:",
        *(
            f"  from {p.start}: {p.predicted} predicted, trained on {p.trained_on}, macro-F1 {p.macro_f1:.2f}"
            for p in report.periods
        ),
        f"{'topic':<12} {'n':>3}  ships P / R / F1 (the periods pooled)",
    ]
    lines += shipped_lines(report.topics, 3)
    lines.append(
        f"fetch filter at {MIN_PROBABILITY:.2f}: kept {kept.kept} of {kept.in_topic} papers in a topic, "
        f"dropped {kept.dropped} of {kept.fallback} off-topic ones"
    )
    return "\n".join(lines)
