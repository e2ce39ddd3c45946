"""How well the machine does on papers it has never seen, measured against curated values.

Pure: records in, a report out (`digest eval` prints it, the Method page shows it).

Topics, leave one dump out: every record is "first seen" in the dump of its first `sources`
entry. For each dump, the model is trained on the curated records first seen elsewhere and
predicts the curated records first seen in it; the rules, which learn nothing, are scored on
the same papers. Per topic: precision, recall and F1 pooled over the folds, for the rules
alone, the learned model alone, and what ships (the model where it could learn the topic, the
rules where it could not). With many dumps, consecutive dumps are grouped into at most
`max_folds` folds (digest/leave_out.py), so the cost stays bounded.

Rejected papers (data/rejected/) take part as papers in no topic: the model learns from them in
the other folds, and is scored on them in theirs.

The fetch filter, on the same folds: of the papers curated in a topic, how many the filter of
`digest fetch` would keep, and of the off-topic ones (rejected, or curated only under the
fallback topic), how many it would drop, at each probability floor (digest/derive/relevance.py).

Figures (digest/evaluate_figures.py): the share of numbers with a unit in the abstracts that a
fact extractor took, and the ones it did not. Whether the values are the paper's own: digest/evaluate_facts.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .derive.classify import classify
from .derive.facts import Fact, extract_facts
from .derive.hardware_catalog import HardwareCatalog
from .derive.learn import TopicModel
from .derive.relevance import THRESHOLDS, on_topic
from .derive.suggest import MIN_PROBABILITY, Learnable, fit_text, suggest, train_on_curated
from .derive.taxonomy import Taxonomy
from .evaluate_facts import Attribution, attribution_lines, evaluate_attribution
from .evaluate_figures import FigureCoverage, figure_coverage
from .leave_out import fold_dumps
from .records.model import Paper
from .rereads import Agreement, Rereads, agreement, agreement_lines
from .text.plural import counted

if TYPE_CHECKING:
    from .temporal import TemporalEvaluation

NO_SOURCE = "(written by hand)"  # a paper seen in no listing: its own dump, sorted first
# What the machine derived for a paper, when a build has it already: what the model sees, and the facts.
Machine = tuple[Learnable, Sequence[Fact]]
METHODS = ("rules", "model", "ships")


@dataclass
class Score:
    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0

    def add(self, predicted: bool, actual: bool) -> None:
        self.true_positives += predicted and actual
        self.false_positives += predicted and not actual
        self.false_negatives += actual and not predicted

    def add_counts(self, other: Score) -> None:
        """Pool another set of papers' counts into these."""
        self.true_positives += other.true_positives
        self.false_positives += other.false_positives
        self.false_negatives += other.false_negatives

    @property
    def precision(self) -> float:
        chosen = self.true_positives + self.false_positives
        return self.true_positives / chosen if chosen else 1.0

    @property
    def recall(self) -> float:
        actual = self.true_positives + self.false_negatives
        return self.true_positives / actual if actual else 1.0

    @property
    def f1(self) -> float:
        total = 2 * self.true_positives + self.false_positives + self.false_negatives
        return 2 * self.true_positives / total if total else 1.0

    @property
    def measured(self) -> bool:
        """Whether some paper has the topic or was placed in it. A topic absent from both (no paper of
        it in a short period) says nothing: its vacuous 1.00 would lift the macro-F1."""
        return bool(self.true_positives + self.false_positives + self.false_negatives)

    def text(self) -> str:
        """P / R / F1; a precision with nothing placed, or a recall with nothing to find, is "–":
        undefined, where 1.00 beside a recall of 0.00 would read as a contradiction."""
        if not self.measured:
            return "no paper"
        chosen, actual = self.true_positives + self.false_positives, self.true_positives + self.false_negatives
        precision = f"{self.precision:.2f}" if chosen else "–"
        recall = f"{self.recall:.2f}" if actual else "–"
        return f"{precision} / {recall} / {self.f1:.2f}"


@dataclass
class TopicScores:
    slug: str
    support: int  # curated papers with the topic
    scores: dict[str, Score] = field(default_factory=lambda: {method: Score() for method in METHODS})
    # Of those, the ones predicted by a model that had learned the topic: the others' fold left too
    # few papers of it to learn from (learn.MIN_POSITIVES), so the model alone placed none of them.
    learned: int = 0

    @property
    def unlearned(self) -> bool:
        """Whether the model could not learn the topic for some of its papers (never so for the
        fallback topic, which no model learns: it is where a paper in no learned topic goes)."""
        return self.learned < self.support


def macro_f1(topics: Sequence[TopicScores], method: str) -> float:
    """The mean F1 over the topics measured (`Score.measured`)."""
    scores = [t.scores[method] for t in topics if t.scores[method].measured]
    return sum(s.f1 for s in scores) / len(scores) if scores else 0.0


def measured_topics(topics: Sequence[TopicScores], method: str) -> int:
    return sum(t.scores[method].measured for t in topics)


def shipped_json(topics: Sequence[TopicScores]) -> dict[str, dict[str, Any]]:
    """What ships, per topic, as `digest eval --json` gives it (the temporal split, whole days)."""
    return {
        t.slug: {
            "support": t.support,
            "measured": t.scores["ships"].measured,
            **{key: round(getattr(t.scores["ships"], key), 4) for key in ("precision", "recall", "f1")},
        }
        for t in topics
    }


def shipped_lines(topics: Sequence[TopicScores], width: int) -> list[str]:
    """What ships, a line per topic (its support `width` wide), then the macro-F1 over those measured."""
    return [
        *(f"{t.slug:<12} {t.support:>{width}}  {t.scores['ships'].text()}" for t in topics),
        f"{'macro-F1':<12} {'':>{width}}  {macro_f1(topics, 'ships'):.2f}"
        f" (over the {measured_topics(topics, 'ships')} topics with a paper in the period)",
    ]


@dataclass
class FilterScore:
    """The fetch filter at one probability floor, on the curated papers it never saw."""

    floor: float | None  # None: the rules alone, as in a store with too few curated papers to learn from
    in_topic: int = 0  # papers curated in a topic
    kept: int = 0  # of those, kept
    fallback: int = 0  # off-topic papers: rejected, or curated only under the fallback topic
    dropped: int = 0  # of those, left out


@dataclass(frozen=True)
class Fold:
    name: str  # the dump, or "dumps a … b" when several are grouped
    dumps: tuple[str, ...]
    papers: int  # curated papers first seen there, predicted
    trained_on: int


@dataclass
class Evaluation:
    n_curated: int  # records with curated topics
    n_uncurated: int
    folds: list[Fold]
    topics: list[TopicScores]
    figures: FigureCoverage
    fetch_filter: list[FilterScore] = field(default_factory=list)
    n_rejected: int = 0  # rejected papers, scored as papers in no topic
    temporal: TemporalEvaluation | None = None  # the same papers split by time (digest/temporal.py)
    attribution: Attribution = field(default_factory=Attribution)  # whose the values are (evaluate_facts.py)
    agreement: Agreement | None = None  # the store against a second reading (rereads.py)

    def macro_f1(self, method: str) -> float:
        return macro_f1(self.topics, method)

    def to_json(self) -> dict[str, Any]:
        return {
            "curated": self.n_curated,
            "uncurated": self.n_uncurated,
            "rejected": self.n_rejected,
            "folds": [
                {"name": f.name, "dumps": list(f.dumps), "papers": f.papers, "trained_on": f.trained_on}
                for f in self.folds
            ],
            "topics": {
                t.slug: {
                    "support": t.support,
                    "learned": t.learned,
                    **{
                        method: {
                            "precision": round(s.precision, 4),
                            "recall": round(s.recall, 4),
                            "f1": round(s.f1, 4),
                            "tp": s.true_positives,
                            "fp": s.false_positives,
                            "fn": s.false_negatives,
                        }
                        for method, s in t.scores.items()
                    },
                }
                for t in self.topics
            },
            "macro_f1": {method: round(self.macro_f1(method), 4) for method in METHODS},
            "temporal": self.temporal.to_json() if self.temporal else None,
            "fetch_filter": {
                "chosen_floor": MIN_PROBABILITY,
                "floors": [
                    {
                        "floor": f.floor,
                        "in_topic": f.in_topic,
                        "kept": f.kept,
                        "fallback": f.fallback,
                        "dropped": f.dropped,
                    }
                    for f in self.fetch_filter
                ],
            },
            "figures": {
                "found": self.figures.found,
                "extracted": self.figures.extracted,
                "coverage": round(self.figures.share, 4),
                "unextracted": [
                    {"paper": q.paper, "text": q.text, "sentence": q.sentence} for q in self.figures.unextracted
                ],
            },
            "attribution": self.attribution.to_json(),
            "agreement": self.agreement.to_json() if self.agreement else None,
        }


def first_seen(paper: Paper) -> str:
    return paper.sources[0].file if paper.sources else NO_SOURCE


def labelled(
    papers: Sequence[Paper],
    rejected: Sequence[Learnable],
    taxonomy: Taxonomy,
    machine: Mapping[str, Machine] | None = None,
) -> list[Learnable]:
    """The papers a curator decided, as the model sees them, in id order: the records with curated
    topics, and the rejected papers (in no topic)."""
    curated = [
        machine[p.id][0] if machine else Learnable.of(p, classify(p.title, p.abstract, taxonomy))
        for p in papers
        if p.topics
    ]
    return sorted([*curated, *rejected], key=lambda item: (item.paper.id, item.rejected))


def evaluate(
    papers: Sequence[Paper],
    taxonomy: Taxonomy,
    catalog: HardwareCatalog,
    max_folds: int | None = None,
    *,
    machine: Mapping[str, Machine] | None = None,
    rejected: Sequence[Learnable] = (),
    split: str | None = None,
    periods: int | None = None,
    rereads: Rereads | None = None,
) -> Evaluation:
    """Leave-one-dump-out scores of the topics, the same papers split by time at `split` and cut
    into `periods` (see digest/temporal.py), and the figure coverage of every abstract. `machine`
    may give what a build derived already, so it is not derived twice."""
    from .temporal import evaluate_temporal  # noqa: PLC0415 (temporal.py scores with this module's pieces)

    papers = sorted(papers, key=lambda p: p.id)
    decided = labelled(papers, rejected, taxonomy, machine)
    # One text model for every fold, fitted once on the decided papers' words (it learns no topic).
    vectorizer = fit_text(decided)
    fallback = taxonomy.fallback.slug
    topics = [
        TopicScores(t.slug, sum(t.slug in topics_of(item, fallback) for item in decided)) for t in taxonomy.topics
    ]
    fetch_filter = [FilterScore(None), *(FilterScore(floor) for floor in THRESHOLDS)]
    shipped: dict[str, frozenset[str]] = {}  # what ships for each decided paper, from the fold that held it out
    folds = []
    for name, dumps in fold_dumps(sorted({first_seen(item.paper) for item in decided}), max_folds):
        held_out = [item for item in decided if first_seen(item.paper) in dumps]
        training = [item for item in decided if first_seen(item.paper) not in dumps]
        model = train_on_curated(training, taxonomy, vectorizer)
        score(held_out, model, taxonomy, topics=topics, fetch_filter=fetch_filter, shipped=shipped)
        folds.append(Fold(name, tuple(dumps), len(held_out), len(training)))
    facts = {p.id: list(machine[p.id][1]) if machine else extract_facts(p.title, p.abstract, catalog) for p in papers}
    n_curated = sum(1 for p in papers if p.topics)
    try:
        temporal = evaluate_temporal(decided, taxonomy, split, vectorizer, periods)
    except ValueError:  # no decided paper has a date: nothing to split
        temporal = None
    return Evaluation(
        n_curated,
        len(papers) - n_curated,
        folds,
        topics,
        figure_coverage(papers, facts),
        fetch_filter,
        len(rejected),
        temporal,
        attribution=evaluate_attribution(papers, facts),
        agreement=agreement(rereads or Rereads(), papers, [item.paper.id for item in rejected], taxonomy, shipped),
    )


def topics_of(item: Learnable, fallback: str) -> Sequence[str]:
    """A decided paper's curated topics; a rejected one is placed in no topic, which the
    suggestions call the fallback."""
    return (fallback,) if item.rejected else item.paper.topics


def score(
    held_out: Sequence[Learnable],
    model: TopicModel,
    taxonomy: Taxonomy,
    *,
    topics: list[TopicScores],
    fetch_filter: list[FilterScore],
    shipped: dict[str, frozenset[str]] | None = None,
) -> None:
    """Add the model's predictions for `held_out` (papers it never saw) to the topic and filter
    scores, and what ships for each paper to `shipped`, if given."""
    fallback = taxonomy.fallback.slug
    suggestions = suggest(model, held_out, fallback)
    for item, suggestion in zip(held_out, suggestions, strict=True):
        actual = topics_of(item, fallback)
        in_topic = any(slug != fallback for slug in actual)
        for floor in fetch_filter:
            kept = not item.classification.fallback if floor.floor is None else on_topic(suggestion, floor.floor).kept
            floor.in_topic, floor.kept = floor.in_topic + in_topic, floor.kept + (in_topic and kept)
            floor.fallback, floor.dropped = floor.fallback + (not in_topic), floor.dropped + (not in_topic and not kept)
        learned = {p.slug for p in suggestion.predictions if p.learned and p.chosen}
        modelled = {p.slug for p in suggestion.predictions if p.learned}  # the topics its fold could learn
        if shipped is not None:
            shipped[item.paper.id] = frozenset(suggestion.topics)
        chosen = {
            "rules": set(item.classification.rule_topics),
            "model": learned or {fallback},
            "ships": set(suggestion.topics),
        }
        for topic in topics:
            topic.learned += topic.slug in actual and (topic.slug in modelled or topic.slug == fallback)
            for method, slugs in chosen.items():
                topic.scores[method].add(topic.slug in slugs, topic.slug in actual)


def evaluation_text(report: Evaluation) -> str:
    """The report as the terminal shows it: folds, the per-topic table, figure coverage."""
    lines = [
        f"{report.n_curated} curated papers and {report.n_rejected} rejected ones ({report.n_uncurated} uncurated "
        f"not scored), leave one dump out over {counted(len(report.folds), 'fold')}:"
    ]
    lines += [f"  {f.name}: {f.papers} predicted, trained on {f.trained_on}" for f in report.folds]
    header = f"{'topic':<12} {'n':>3}  " + "  ".join(f"{m + ' P / R / F1':<18}" for m in METHODS)
    lines += ["", header, "-" * len(header)]
    for topic in report.topics:
        cells = "  ".join(s.text().ljust(18) for s in topic.scores.values())
        lines.append(f"{topic.slug:<12} {topic.support:>3}  {cells}")
    lines.append(f"{'macro-F1':<12} {'':>3}  " + "  ".join(f"{report.macro_f1(m):<18.2f}" for m in METHODS))
    lines += [
        f"  model: {t.slug} learned for {t.learned} of its {t.support} papers (too few in the other folds for the rest)"
        for t in report.topics
        if t.unlearned
    ]
    lines += [
        "",
        "fetch filter (digest fetch keeps a new paper the machine places in a topic with at least this probability):",
        f"  {'floor':<8} {'in a topic: kept':<18} {'off topic: dropped':<22}",
    ]
    lines += [
        (
            f"  {'rules' if f.floor is None else f'{f.floor:.2f}':<8} {f'{f.kept} of {f.in_topic}':<18} "
            f"{f.dropped} of {f.fallback}" + ("  <- digest fetch" if f.floor == MIN_PROBABILITY else "")
        ).rstrip()
        for f in report.fetch_filter
    ]
    figures = report.figures
    lines += [
        "",
        f"figures: {figures.extracted} of {figures.found} numbers with a unit extracted ({figures.share:.0%})",
    ]
    lines += [f"  not extracted: {q.paper}: {q.text!r} in: {q.sentence}" for q in figures.unextracted]
    lines += attribution_lines(report.attribution)
    return "\n".join(lines + (agreement_lines(report.agreement) if report.agreement else []))
