"""The Method page: how topics, facts and links are derived, and where they go wrong."""

from __future__ import annotations

from ..derive.field_terms import MODEL_FAMILY_PAPERS
from ..derive.learn import MIN_POSITIVES
from ..derive.links import MIN_SIMILARITY, MIN_SIMILARITY_ACROSS_TOPICS
from ..derive.suggest import MIN_PROBABILITY
from ..evaluate import METHODS, Evaluation, TopicScores
from ..evaluate_facts import KindPrecision
from ..fact_kinds import BY_NAME
from ..whole_days_stored import StoredWholeDays
from .context import RenderContext
from .markdown import md_text

UNEXTRACTED_SHOWN = 40
METHOD_NAMES = {"rules": "Rules only", "model": "Learned model", "ships": "What ships"}


def render_method(
    context: RenderContext,
    evaluation: Evaluation | None = None,
    measured_earlier: bool = False,
    whole_days: StoredWholeDays | None = None,
) -> str:
    """The Method page; with `evaluation`, its measured accuracy (computed from the same records,
    or, `measured_earlier`, from the records as a preview found them when it started), and with
    `whole_days`, the fetch filter on whole days as `digest eval --days` measured it when it ran."""
    rows, macro, unextracted, temporal_rows, filter_rows, kinds, agreement_rows = [], [], [], [], [], [], []
    unlearned: list[tuple[str, int, int]] = []  # (topic, papers the model learned it for, its papers)
    if evaluation is not None:
        names = {topic.slug: topic.name for topic in context.corpus.taxonomy.topics}
        fallback = context.corpus.taxonomy.fallback.slug
        if evaluation.n_rejected:  # its row counts the rejected papers too, scored as papers in no topic
            names[fallback] = f"{names[fallback]}, and rejected papers"
        for topic in evaluation.topics:
            rows.append([md_text(names[topic.slug]), str(topic.support)] + [_cell(topic, m) for m in METHODS])
        unlearned = [(md_text(names[t.slug]), t.learned, t.support) for t in evaluation.topics if t.unlearned]
        macro = [(METHOD_NAMES[m], f"{evaluation.macro_f1(m):.2f}") for m in METHODS]
        links = context.links("method.md")
        unextracted = [
            [links.paper(q.paper), md_text(q.text), md_text(q.sentence)]
            for q in evaluation.figures.unextracted[:UNEXTRACTED_SHOWN]
        ]
        filter_rows = [
            [
                "rules alone" if f.floor is None else f"{f.floor:.2f}",
                f"{f.kept} of {f.in_topic}",
                f"{f.dropped} of {f.fallback}",
            ]
            for f in evaluation.fetch_filter
        ]
        if evaluation.temporal is not None:
            temporal_rows = [
                [
                    md_text(names[t.slug]),
                    str(t.support),
                    t.scores["ships"].text(),
                ]
                for t in evaluation.temporal.topics
            ]
        attribution = evaluation.attribution
        kinds = [
            _precision_row(md_text(BY_NAME[k.kind].label), k) for k in attribution.kinds.values() if k.shown_before
        ]
        if kinds:
            kinds.append(_precision_row("**All**", attribution.total()))
        agreement_rows = _agreement_rows(evaluation)
    return context.render(
        "method.md.j2",
        topics=context.corpus.taxonomy.ruled_topics,
        evaluation=evaluation,
        measured_earlier=measured_earlier,
        whole_days=whole_days,
        decided_now=evaluation and evaluation.n_curated + evaluation.n_rejected,
        headers=["Topic", "Papers", *(f"{METHOD_NAMES[m]}: P / R / F1" for m in METHODS)],
        rows=rows,
        macro=macro,
        unextracted=unextracted,
        temporal=evaluation and evaluation.temporal,
        temporal_rows=temporal_rows,
        filter_rows=filter_rows,
        floor=MIN_PROBABILITY,
        kinds=kinds,
        agreement_rows=agreement_rows,
        grouped=evaluation is not None and any(len(f.dumps) > 1 for f in evaluation.folds),
        fallback=_fallback(context, evaluation),
        unlearned=unlearned,
        min_positives=MIN_POSITIVES,
        baselines_count=len(context.corpus.baselines),
        related_floors=(MIN_SIMILARITY, MIN_SIMILARITY_ACROSS_TOPICS),
        family_papers=MODEL_FAMILY_PAPERS,
        trust={
            "papers": len(context.corpus.papers),
            "curated": sum(1 for d in context.corpus.papers.values() if d.is_curated("topics")),
        },
    )


def _cell(topic: TopicScores, method: str) -> str:
    """P / R / F1; the model's says for how many of the topic's papers it could learn the topic."""
    text = topic.scores[method].text()
    return f"{text} (learned for {topic.learned} of {topic.support})" if method == "model" and topic.unlearned else text


def _fallback(context: RenderContext, evaluation: Evaluation | None) -> dict[str, object] | None:
    """The fallback topic's row: its name, the papers curated in it and the rejected ones."""
    if evaluation is None:
        return None
    fallback = context.corpus.taxonomy.fallback
    support = next(t.support for t in evaluation.topics if t.slug == fallback.slug)
    return {"name": fallback.name, "curated": support - evaluation.n_rejected, "rejected": evaluation.n_rejected}


def _precision_row(label: str, kind: KindPrecision) -> list[str]:
    """How many of a kind's values shown as the paper's are right, before reading whose each is and after."""
    return [
        label,
        f"{kind.right_before} of {kind.shown_before} ({kind.precision_before:.2f})",
        f"{kind.right} of {kind.shown} ({kind.precision:.2f})",
    ]


def _agreement_rows(evaluation: Evaluation) -> list[list[str]]:
    """The machine and a second reader, each against the curator, on the same papers."""
    agreement, attribution = evaluation.agreement, evaluation.attribution
    if agreement is None:
        return []
    topics, headlines, roles = agreement.topics, agreement.headlines, agreement.roles
    machine_topics = topics.machine_macro_f1
    rows = []
    if topics.papers:
        rows.append(
            [
                f"Topics, macro-F1 on the {topics.papers} papers",
                "–" if machine_topics is None else f"{machine_topics:.2f}",
                f"{topics.macro_f1:.2f}",
            ]
        )
    if headlines.papers and attribution.headline_papers:
        rows.append(
            [
                "Headline (the same metric and leading number)",
                f"{attribution.headline_accuracy:.2f}",
                f"{headlines.agree / headlines.papers:.2f}",
            ]
        )
    if roles.sentences and attribution.sentences:
        rows.append(
            [
                "Sentence roles (own or not, of each sentence)",
                f"{attribution.role_accuracy:.1%}",
                f"{roles.same / roles.sentences:.1%}",
            ]
        )
    return rows
