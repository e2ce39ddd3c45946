"""The machine measured as a daily update meets it: trained on the past, scored on what came after.

Leave one dump out (digest/evaluate.py) lets the model learn from papers listed after the ones it
predicts. A daily fetch never can. Here every decided paper (curated in a topic, or rejected) is
dated by the day it was first seen: its earliest listing with a full date, else its own date.
The model is trained on the papers first seen before the split day and predicts those first seen
on it or after. The report has topic precision, recall and F1, and what the fetch filter at its
floor would have kept and dropped, day by day.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .derive.suggest import MIN_PROBABILITY, Learnable, fit_text, train_on_curated
from .derive.taxonomy import Taxonomy
from .evaluate import FilterScore, TopicScores, macro_f1, measured_topics, score, shipped_json, shipped_lines, topics_of

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer

TRAINING_SHARE = 0.75  # by default, the split day leaves this share of the dated papers before it


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
    """The day a decided paper was first seen: its earliest dated listing, else its own date."""
    listed = sorted(s.date for s in item.paper.sources if s.date and len(s.date) == 10 and s.date[0].isdigit())
    if listed:
        return listed[0]
    published = item.paper.published
    return published if published and len(published) == 10 else None


def default_split(days: Sequence[str]) -> str:
    """The day that leaves TRAINING_SHARE of the papers' first days before it."""
    ordered = sorted(days)
    return ordered[min(len(ordered) - 1, int(len(ordered) * TRAINING_SHARE))]


def evaluate_temporal(
    decided: Sequence[Learnable],
    taxonomy: Taxonomy,
    split: str | None = None,
    vectorizer: TfidfVectorizer | None = None,
) -> TemporalEvaluation:
    """Train on the decided papers first seen before `split` (default: `default_split`), predict the
    rest; over `vectorizer`, the corpus's text model (default: fitted on the decided papers' words)."""
    dated = [(day, item) for item in decided if (day := seen_on(item)) is not None]
    if not dated:
        raise ValueError("no decided paper has a date to split on")
    split = split or default_split([day for day, _ in dated])
    training = [item for day, item in dated if day < split]
    held_out = [item for day, item in dated if day >= split]
    fallback = taxonomy.fallback.slug
    topics = [
        TopicScores(t.slug, sum(t.slug in topics_of(item, fallback) for item in held_out)) for t in taxonomy.topics
    ]
    report = TemporalEvaluation(
        split,
        max(day for day, _ in dated),
        len(training),
        len(held_out),
        len({day for day, _ in dated if day >= split}),
        topics,
        undated=len(decided) - len(dated),
    )
    if held_out:
        score(
            held_out,
            train_on_curated(training, taxonomy, vectorizer or fit_text(decided)),
            taxonomy,
            topics=report.topics,
            fetch_filter=[report.fetch_filter],
        )
    return report


def temporal_text(report: TemporalEvaluation) -> str:
    """The report as `digest eval` prints it."""
    kept = report.fetch_filter
    lines = [
        f"temporal split: trained on the {report.trained_on} decided papers first seen before {report.split}, "
        f"predicted the {report.predicted} first seen from {report.split} to {report.last} "
        f"({report.days} days with a paper)" + (f"; {report.undated} undated left out" if report.undated else ""),
        f"{'topic':<12} {'n':>3}  ships P / R / F1",
    ]
    lines += shipped_lines(report.topics, 3)
    lines.append(
        f"fetch filter at {MIN_PROBABILITY:.2f}: kept {kept.kept} of {kept.in_topic} papers in a topic, "
        f"dropped {kept.dropped} of {kept.fallback} off-topic ones"
    )
    return "\n".join(lines)
