"""A topic classifier that learns from curators: the curated `topics:` of the records teach it.

One logistic regression per topic (one-vs-rest) over TF-IDF word and bigram features of the
title and abstract, plus the taxonomy's rule scores as features (so the hand-written rules are
evidence the model weighs, not a separate opinion). Each topic's decision threshold is chosen
by cross-validation inside the training set, never on the papers it will label. A topic with
fewer than `MIN_POSITIVES` curated papers has too little to learn from: the rules decide it.

Deterministic: the same curated records give the same model and the same pages, byte for byte
(fixed fold seed, the deterministic liblinear solver, sorted inputs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

from .classify import Classification

MIN_POSITIVES = 5  # below this many curated papers, a topic is left to the rules
FOLDS = 4  # cross-validation folds for the thresholds
SEED = 0
REGULARISATION = 4.0  # liblinear's C: the training sets are small, so moderate
RULE_SCALE = 1.0  # rule scores enter as score / threshold, capped, next to TF-IDF values in [0, 1]
RULE_CAP = 3.0
STRONGEST_TERMS = 5


@dataclass(frozen=True)
class Example:
    """What the model sees of one paper: its text and what the rules scored."""

    text: str
    rule_scores: tuple[float, ...]  # one per ruled topic, score / threshold


def example(title: str, abstract: str, classification: Classification) -> Example:
    # The title twice: it names the contribution, as the rules' title weight says.
    scores = tuple(min(score.score / score.threshold, RULE_CAP) if score.threshold else 0.0
                   for score in classification.scores)
    return Example(f"{title}. {title}. {abstract}", scores)


@dataclass(frozen=True)
class TopicPrediction:
    """The model's view of one topic for one paper. `probability` is None when the rules decide it."""

    slug: str
    probability: float | None
    threshold: float | None
    chosen: bool
    terms: tuple[str, ...] = ()  # the features that pushed the probability up most

    @property
    def learned(self) -> bool:
        return self.probability is not None


@dataclass(frozen=True)
class _TopicFit:
    classifier: LogisticRegression
    threshold: float


class TopicModel:
    """Trained on curated papers; predicts the ruled topics of any paper."""

    def __init__(self, topics: Sequence[str], vectorizer: TfidfVectorizer | None, fits: dict[str, _TopicFit],
                 positives: dict[str, int]) -> None:
        self.topics = tuple(topics)
        self.vectorizer = vectorizer
        self.fits = fits
        self.positives = positives
        names = list(vectorizer.get_feature_names_out()) if vectorizer is not None else []
        self.feature_names = names + [f"rules: {slug}" for slug in self.topics]

    @property
    def learned_topics(self) -> tuple[str, ...]:
        return tuple(slug for slug in self.topics if slug in self.fits)

    def predict(self, examples: Sequence[Example], rule_topics: Sequence[Sequence[str]]) -> list[list[TopicPrediction]]:
        """For each example, a prediction per ruled topic: the model's where it learned the topic,
        else the rules' (`rule_topics`: the topics the rules gave each example)."""
        features = _stack(self.vectorizer.transform([e.text for e in examples]), examples) \
            if self.vectorizer is not None and self.fits else None
        probabilities = {slug: fit.classifier.predict_proba(features)[:, 1] for slug, fit in self.fits.items()}
        predictions = []
        for row, ruled in enumerate(rule_topics):
            paper = []
            for slug in self.topics:
                fit = self.fits.get(slug)
                if fit is None or features is None:
                    paper.append(TopicPrediction(slug, None, None, slug in ruled))
                    continue
                probability = float(probabilities[slug][row])
                paper.append(TopicPrediction(slug, probability, fit.threshold, probability >= fit.threshold,
                                             self._strongest(fit, features.getrow(row))))
            predictions.append(paper)
        return predictions

    def _strongest(self, fit: _TopicFit, row: sparse.csr_matrix) -> tuple[str, ...]:
        contributions = row.multiply(fit.classifier.coef_[0]).tocsr()
        order = sorted(zip(contributions.data, contributions.indices, strict=True), key=lambda c: (-c[0], c[1]))
        return tuple(self.feature_names[index] for value, index in order[:STRONGEST_TERMS] if value > 0)


def train(examples: Sequence[Example], labels: Sequence[Sequence[str]], topics: Sequence[str]) -> TopicModel:
    """A model of `topics` (the ruled topics) from curated examples and their curated topics."""
    positives = {slug: sum(slug in paper for paper in labels) for slug in topics}
    learnable = [slug for slug in topics
                 if MIN_POSITIVES <= positives[slug] <= len(labels) - min(FOLDS, MIN_POSITIVES)]
    if not learnable:
        return TopicModel(topics, None, {}, positives)
    vectorizer = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=2, stop_words="english",
                                 token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z0-9]+\b",  # noqa: S106 (a regex, not a secret)
                                 dtype=np.float64)
    features = _stack(vectorizer.fit_transform([e.text for e in examples]), examples)
    fits = {}
    for slug in learnable:
        target = np.array([slug in paper for paper in labels], dtype=int)
        threshold = _threshold(features, target)
        fits[slug] = _TopicFit(_classifier().fit(features, target), threshold)
    return TopicModel(topics, vectorizer, fits, positives)


def _classifier() -> LogisticRegression:
    # Unweighted classes: the thresholds already adapt to how rare a topic is, and the probabilities
    # stay calibrated enough to show as confidence.
    return LogisticRegression(C=REGULARISATION, solver="liblinear", random_state=SEED)


def _stack(text_features: sparse.spmatrix, examples: Sequence[Example]) -> sparse.csr_matrix:
    rules = sparse.csr_matrix(np.array([e.rule_scores for e in examples], dtype=np.float64) * RULE_SCALE)
    return sparse.hstack([text_features, rules], format="csr")


def _threshold(features: sparse.csr_matrix, target: np.ndarray) -> float:
    """The probability cut that maximises F1 over out-of-fold predictions of the training set.

    Ties go to the middle of the best range, away from either edge."""
    folds = StratifiedKFold(n_splits=min(FOLDS, int(target.sum()), int(len(target) - target.sum())),
                            shuffle=True, random_state=SEED)
    scores = np.zeros(len(target))
    for train_rows, test_rows in folds.split(np.zeros(len(target)), target):
        classifier = _classifier().fit(features[train_rows], target[train_rows])
        scores[test_rows] = classifier.predict_proba(features[test_rows])[:, 1]
    candidates = np.unique(np.round(scores, 6))
    cuts = (candidates[:-1] + candidates[1:]) / 2 if len(candidates) > 1 else candidates
    best, best_cuts = -1.0, [0.5]
    for cut in cuts:
        chosen = scores >= cut
        true_positives = float(np.sum(chosen & (target == 1)))
        f1 = 2 * true_positives / (chosen.sum() + target.sum()) if chosen.sum() + target.sum() else 0.0
        if f1 > best + 1e-12:
            best, best_cuts = f1, [float(cut)]
        elif abs(f1 - best) <= 1e-12:
            best_cuts.append(float(cut))
    return float(np.median(best_cuts))
