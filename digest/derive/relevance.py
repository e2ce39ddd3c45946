"""Is a paper on topic? What `digest fetch` asks of each paper a day's listing brings.

Most of a Hugging Face daily listing is not about ML systems: some 95 in 100 papers are not. A
new paper is kept when:

- the model could learn what is on topic (five or more papers curated in a topic and five or
  more curated in none: rejected, or only under the fallback): its probability that the paper
  belongs in some topic reaches MIN_PROBABILITY. This is one yes/no model over the same features
  as the topic models, trained on every curated and rejected paper; it asks the question the
  filter asks, where a topic model asks "this topic or not" and misses a paper that sits between
  two topics.
- otherwise, the rules placed it in a topic (the fallback aside): the taxonomy's rules favour
  precision, so a store with no curated papers still filters, by the rules alone.

MIN_PROBABILITY was chosen precision first, outside the repo, on whole recorded days of Daily
Papers never trained on, with the model trained on the papers decided before a day: the floor
keeps fewer than 2 in 100 off-topic papers of the days after. Trained before 2025-06-01 and
before 2025-12-01 (to choose), it kept 93% of the on-topic papers after, and 1.7% and 1.9% of
the rest; trained before 2026-04-20 (to check), 96% (45 of 47) and 1.7% (36 of 2,118). Those
figures predate issue 18 (each rule its own feature, learn.py; rules that need company); in the
repo, it took the filter at this floor from 176 to 178 of 203 papers kept and 754 to 769 of 850
dropped, leave one dump out, and by time from 46 to 44 of 48 kept and 189 to 191 of 218 dropped.
A paper wrongly dropped can still be added (`digest fetch ... --add ID`); one wrongly kept waits in Needs
review for a curator's `digest reject`. `digest eval` prints what each floor keeps and drops, by
leave one dump out and by time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..records.model import Paper
from .classify import classify
from .suggest import MIN_PROBABILITY, Learnable, Suggestion, fit_text, suggest, train_on_curated
from .taxonomy import Taxonomy

THRESHOLDS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5)  # what `digest eval` measures, MIN_PROBABILITY among them


@dataclass(frozen=True)
class Verdict:
    """Whether a paper is on topic, and why: the topics it was placed in (the fallback never)."""

    kept: bool
    topics: tuple[str, ...]
    probability: float | None  # the model's probability that the paper is on topic; None when the rules decide
    closest: tuple[str, float] | None = None  # the learned topic of highest probability, placed or not

    @property
    def reason(self) -> str:
        nearest = f"closest topic: {self.closest[0]} {self.closest[1]:.2f}" if self.closest else ""
        if self.probability is None:
            return f"{', '.join(self.topics)} (by the rules)" if self.topics else "placed in no topic by the rules"
        floor = "" if self.kept else ", under the floor"
        placed = f"; placed in {', '.join(self.topics)}" if self.topics else ""
        return (
            f"{'on topic' if self.kept else 'off topic'} (model {self.probability:.2f}{floor}"
            f"{'; ' + nearest if nearest else ''}{placed})"
        )


def on_topic(suggestion: Suggestion, min_probability: float = MIN_PROBABILITY) -> Verdict:
    """The verdict on one paper from the machine's suggestion (see digest/derive/suggest.py)."""
    placed = tuple(p.slug for p in suggestion.predictions if p.chosen)
    closest = max(
        ((p.slug, p.probability) for p in suggestion.predictions if p.probability is not None),
        key=lambda item: item[1],
        default=None,
    )
    if suggestion.relevance is None:  # the rules decide
        return Verdict(bool(placed), placed, None, closest)
    return Verdict(suggestion.relevance >= min_probability, placed, suggestion.relevance, closest)


def judge(
    papers: Sequence[tuple[str, str]],
    training: Sequence[Learnable],
    taxonomy: Taxonomy,
    min_probability: float = MIN_PROBABILITY,
) -> list[Verdict]:
    """A verdict for each (title, abstract), from a model trained on the `training` papers (the
    curated and rejected ones: see `train_on_curated`)."""
    candidates = [
        Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy))
        for paper in (Paper(id="candidate", title=title, abstract=abstract) for title, abstract in papers)
    ]
    # The text model of what is decided and what is asked about: the words fetch brings count too.
    model = train_on_curated(training, taxonomy, fit_text([*training, *candidates]))
    return [on_topic(suggestion, min_probability) for suggestion in suggest(model, candidates, taxonomy.fallback.slug)]
