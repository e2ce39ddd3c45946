"""Where a suggested topic came from, in one set of words for every page that shows one.

suggest.py decides a paper's uncurated topics three ways: the learned model, for a topic enough
curated papers carry; the rules, for a topic too few carry for the model to learn; and, when
neither places the paper in a topic, the fallback (Other GPU work), which is no one's choice but
the place a paper waits in. A paper page said "Other GPU work (suggested, rules)" above "suggested
by the model ... No topic reached its threshold" (a reader's audit): the fallback is neither.
"""

from __future__ import annotations

from dataclasses import dataclass

from .confidence import places_in_a_topic
from .suggest import MIN_PROBABILITY, Suggestion

MODEL, RULES, NO_TOPIC = "model", "rules", "no topic fits"


@dataclass(frozen=True)
class Origin:
    by: str  # MODEL, RULES or NO_TOPIC
    probability: float | None = None  # the model's, for a topic it chose

    @property
    def short(self) -> str:
        """After "suggested" beside the topic's name: "0.93", "rules" or "no topic fits"."""
        return f"{self.probability:.2f}" if self.probability is not None else self.by

    @property
    def words(self) -> str:
        """Who placed the paper in the topic, for a title or a sentence."""
        if self.by == MODEL:
            return f"suggested by the model trained on the curated papers (probability {self.short})"
        if self.by == RULES:
            return "suggested by the rules (too few curated papers for the model to learn the topic)"
        return "the machine suggests no topic for it, so it waits here"


def topic_origin(suggestion: Suggestion, slug: str) -> Origin:
    """Where the suggestion's topic `slug` came from."""
    if not places_in_a_topic(suggestion):
        return Origin(NO_TOPIC)
    prediction = suggestion.prediction(slug)
    if prediction is not None and prediction.probability is not None:
        return Origin(MODEL, prediction.probability)
    return Origin(RULES)


def why_no_topic(suggestion: Suggestion) -> str:
    """Why a suggestion places the paper in no topic: every topic under its threshold, or one over
    it that the model of papers in any topic overruled (the fetch filter's floor)."""
    if suggestion.relevance is not None and suggestion.relevance < MIN_PROBABILITY:
        return (
            f"the model of papers in any topic puts it under the fetch filter's floor "
            f"({suggestion.relevance:.2f} against {MIN_PROBABILITY:.2f})"
        )
    return "no topic reached its threshold, the model's or the rules'"
