"""Is a paper on topic? What `digest fetch` asks of each paper a day's listing brings.

Most of a Hugging Face daily listing is not about ML systems. A new paper is kept when the
machine places it in a topic, the fallback (*Other GPU work*) aside, with some confidence:

- in a topic the model learned (five curated papers or more): the model chose it (its
  probability reached the topic's own cross-validated threshold) and that probability is at
  least MIN_PROBABILITY;
- in a topic left to the rules: the rules placed it there (the taxonomy's rules favour
  precision), so a store with no curated papers still filters, by the rules alone.

MIN_PROBABILITY was chosen on the repo's curated records, leave one dump out (`digest eval`
prints the table): the topics' own thresholds are tuned for F1 among papers that are in the
digest, and the floor stops a paper that barely clears a low threshold. At 0.3 the model keeps
64 of the 68 papers curated in a topic and drops 19 of the 20 curated only as *Other GPU work*;
the thresholds from 0.2 to 0.3 give the same, 0.4 drops two more papers of a topic and no
more of the others, 0.5 drops every *Other* paper but also 9 of the 68. A paper wrongly kept
costs a curator one look in the update PR; one wrongly dropped is lost to the digest, so the
floor sits at the low end of the plateau. The rules alone (a store with too few curated
papers) keep 60 of the 68 and drop all 20.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..records.model import Paper
from .classify import classify
from .suggest import Learnable, Suggestion, suggest, train_on_curated
from .taxonomy import Taxonomy

MIN_PROBABILITY = 0.3
THRESHOLDS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)  # what `digest eval` measures, MIN_PROBABILITY among them


@dataclass(frozen=True)
class Verdict:
    """Whether a paper is on topic, and why: the topics it was placed in (the fallback never)."""

    kept: bool
    topics: tuple[str, ...]
    probability: float | None  # the model's highest probability among them; None when the rules alone placed it
    closest: tuple[str, float] | None = None  # the learned topic of highest probability, placed or not

    @property
    def reason(self) -> str:
        if self.topics:
            how = f"model {self.probability:.2f}" if self.probability is not None else "by the rules"
            return f"{', '.join(self.topics)} ({how}{'' if self.kept else ', under the floor'})"
        nearest = f" (closest: {self.closest[0]}, model {self.closest[1]:.2f})" if self.closest else ""
        return f"placed in no topic{nearest}"


def on_topic(suggestion: Suggestion, min_probability: float = MIN_PROBABILITY) -> Verdict:
    """The verdict on one paper from the machine's suggestion (see digest/derive/suggest.py)."""
    placed = [p for p in suggestion.predictions if p.chosen]
    learned = [p.probability for p in placed if p.probability is not None]
    kept = any(p.probability is None or p.probability >= min_probability for p in placed)
    closest = max(((p.slug, p.probability) for p in suggestion.predictions if p.probability is not None),
                  key=lambda item: item[1], default=None)
    return Verdict(kept, tuple(p.slug for p in placed), max(learned, default=None), closest)


def judge(papers: Sequence[tuple[str, str]], training: Sequence[Learnable], taxonomy: Taxonomy,
          min_probability: float = MIN_PROBABILITY) -> list[Verdict]:
    """A verdict for each (title, abstract), from a model trained on the `training` papers (the
    curated and rejected ones: see `train_on_curated`)."""
    model = train_on_curated(training, taxonomy)
    candidates = [Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy))
                  for paper in (Paper(id="candidate", title=title, abstract=abstract) for title, abstract in papers)]
    return [on_topic(suggestion, min_probability)
            for suggestion in suggest(model, candidates, taxonomy.fallback.slug)]
