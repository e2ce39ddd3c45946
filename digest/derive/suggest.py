"""The machine's topics for a paper: what the learned model says where it could learn a topic,
what the rules say where it could not, and how confident that is.

The same combination serves the site (uncurated papers get these topics, shown as suggested),
`digest review` (least confident first) and `digest eval` (the "ships" column).

A paper the on-topic model puts under the fetch filter's floor (`MIN_PROBABILITY`) gets no learned
topic: each topic model only asks "this topic or another", and the papers in none of them, most of
a day's listing, are what the on-topic model learned. So the site suggests no topic for a paper
`digest fetch` would have dropped.

A paper over the floor whose every topic is under its threshold gets none either (it waits in
Needs review under the fallback). Tried and left out (stop 55): placing it in its likeliest learned
topic, by probability or by probability over threshold. On whole days (`digest eval --days`) the
three topics with ten or more papers gain (parallelism F1 0.62 to 0.71, kernels 0.61 to 0.62,
serving 0.66 to 0.67; macro-F1 0.59 to 0.61), but by time macro-F1 falls from 0.66 to 0.62 and
leave one dump out from 0.76 to 0.75: of the 197 such papers over the evaluations, 63 went to a
right topic, 18 to a wrong one and 116 were rejected papers, now shown in a topic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..records.model import Paper
from ..text.latex import clean_text
from .classify import Classification
from .confidence import DEFINITION, confidence_line, no_topic_fits, places_in_a_topic
from .learn import Example, TopicModel, TopicPrediction, example, fit_vectorizer, term_in_words, train
from .taxonomy import Taxonomy

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer

MIN_PROBABILITY = 0.2  # the on-topic probability the fetch filter keeps a paper at (chosen: relevance.py)


@dataclass(frozen=True)
class Learnable:
    """A paper as the model sees it: the record (its curated topics), what the rules said, and
    its features (computed once per paper, with the rest of what is derived from it)."""

    paper: Paper
    classification: Classification
    example: Example
    rejected: bool = False  # a curator rejected it: a paper in no topic, which the model learns from too

    @classmethod
    def of(cls, paper: Paper, classification: Classification, rejected: bool = False) -> Learnable:
        return cls(paper, classification, example(paper.title, paper.abstract, classification), rejected)

    @property
    def curated(self) -> bool:
        return self.rejected or bool(self.paper.topics)


@dataclass(frozen=True)
class Suggestion:
    topics: tuple[str, ...]  # the suggested topics; the fallback alone when none is chosen
    predictions: tuple[TopicPrediction, ...]  # one per ruled topic, in taxonomy order
    confidence: float  # 0..1: the certainty of the least sure learned decision (`certainty`); 0 when none is learned
    relevance: float | None = None  # the model's probability that the paper is in some ruled topic

    def prediction(self, slug: str) -> TopicPrediction | None:
        return next((p for p in self.predictions if p.slug == slug), None)

    @property
    def least_sure(self) -> TopicPrediction | None:
        """The learned decision the confidence is that of; None when the rules decide every topic."""
        return least_sure(self.predictions)

    @property
    def learned(self) -> bool:
        return any(p.learned for p in self.predictions)


def fit_text(corpus: Sequence[Learnable]) -> TfidfVectorizer | None:
    """The one TF-IDF vectorizer of a build, fitted on the words of every paper of the corpus (its
    records and its rejected papers, each once): the topic model and related papers read it."""
    return fit_vectorizer([item.example for item in corpus])


def train_on_curated(papers: Sequence[Learnable], taxonomy: Taxonomy, vectorizer: TfidfVectorizer | None) -> TopicModel:
    """A model of the ruled topics from the papers whose topics a curator set, and those a curator
    rejected (negatives of every topic), over the corpus's `vectorizer` (`fit_text`)."""
    curated = sorted((item for item in papers if item.curated), key=lambda item: (item.paper.id, item.rejected))
    return train(
        [item.example for item in curated],
        [[] if item.rejected else item.paper.topics for item in curated],
        [topic.slug for topic in taxonomy.ruled_topics],
        vectorizer,
    )


def suggest(model: TopicModel, papers: Sequence[Learnable], fallback: str, *, terms: bool = True) -> list[Suggestion]:
    """The suggestion for each paper, in the order given; `terms`: with each topic's strongest
    terms (what a page and `digest explain` show; a listing needs none)."""
    examples = [item.example for item in papers]
    features = model.features(examples)  # counted once for the topics and the on-topic question
    predictions = model.predict(
        examples, [item.classification.rule_topics for item in papers], terms=terms, features=features
    )
    relevance = model.relevance(examples, features)
    suggestions = []
    for learned, on_topic in zip(predictions, relevance, strict=True):
        off_topic = on_topic is not None and on_topic < MIN_PROBABILITY  # no learned topic, then
        paper_predictions = [dataclasses.replace(p, chosen=False) if off_topic and p.learned else p for p in learned]
        chosen = tuple(p.slug for p in paper_predictions if p.chosen)
        least = least_sure(paper_predictions)
        confidence = (certainty(least) if least else None) or 0.0  # 0 when the rules decide every topic
        suggestions.append(Suggestion(chosen or (fallback,), tuple(paper_predictions), confidence, on_topic))
    return suggestions


def least_sure(predictions: Sequence[TopicPrediction]) -> TopicPrediction | None:
    """The learned decision of least certainty (the first in taxonomy order of equals): a
    suggestion is as sure as its least sure topic."""
    learned = [(value, p) for p in predictions if (value := certainty(p)) is not None]
    return min(learned, key=lambda pair: pair[0])[1] if learned else None


def certainty(prediction: TopicPrediction) -> float | None:
    """How sure one learned topic decision is: how far its probability is from the topic's
    threshold, as a share of the way to 1 (a topic chosen) or to 0 (one left out); 0 for a topic
    left out although its probability passed (the on-topic model disagreed); None where the
    rules decide."""
    probability, threshold = prediction.probability, prediction.threshold
    if probability is None or threshold is None:
        return None
    if prediction.chosen:
        return (probability - threshold) / (1 - threshold) if threshold < 1 else 1.0
    return max(0.0, (threshold - probability) / threshold) if threshold > 0 else 1.0


def explain_suggestion(
    suggestion: Suggestion, classification: Classification, curated: bool, paper_id: str | None = None
) -> str:
    """The model's side of `digest explain`: each topic's probability against its threshold and the
    terms that pushed it up most (in words: `term_in_words`), or that the rules decide it; then the
    suggested topics with their confidence, and what the confidence is."""
    lines = []
    for p in suggestion.predictions:
        if p.probability is None or p.threshold is None:
            decided = "yes" if p.chosen else "no"
            lines.append(f"{p.slug}: too few curated papers to learn from; the rules decide ({decided})")
            continue
        terms = ", ".join(term_in_words(term, classification, lambda text: f"'{clean_text(text)}'") for term in p.terms)
        lines.append(
            f"{p.slug}: probability {p.probability:.2f} (threshold {p.threshold:.2f}, "
            f"{'yes' if p.chosen else 'no'}) — strongest terms: {terms or 'none'}"
        )
    placed = places_in_a_topic(suggestion)
    suggested = f"suggested: {', '.join(suggestion.topics) if placed else f'no topic fits ({suggestion.topics[0]})'}"
    if curated:
        return "\n".join([*lines, f"{suggested} (a curator's topics replace these)"])
    to_do = [] if placed or paper_id is None else list(no_topic_fits(paper_id))
    return "\n".join(
        [*lines, suggested, f"  {confidence_line(suggestion)}", f"  {DEFINITION}"]
        + [f"  {line}" if i == 0 else f"    {line}" for i, line in enumerate(to_do)]
    )
