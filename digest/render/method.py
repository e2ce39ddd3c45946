"""The Method page: how topics, facts and links are derived, and where they go wrong."""

from __future__ import annotations

from ..derive.suggest import MIN_PROBABILITY
from ..evaluate import METHODS, Evaluation
from ..evaluate_facts import KindPrecision
from ..fact_kinds import BY_NAME
from .context import RenderContext
from .markdown import md_text

UNEXTRACTED_SHOWN = 40
METHOD_NAMES = {"rules": "Rules only", "model": "Learned model", "ships": "What ships"}


def render_method(context: RenderContext, evaluation: Evaluation | None = None) -> str:
    """The Method page; with `evaluation`, its measured accuracy (computed from the same records)."""
    rows, macro, unextracted, temporal_rows, filter_rows, kinds = [], [], [], [], [], []
    if evaluation is not None:
        names = {topic.slug: topic.name for topic in context.corpus.taxonomy.topics}
        for topic in evaluation.topics:
            rows.append([md_text(names[topic.slug]), str(topic.support)] + [topic.scores[m].text() for m in METHODS])
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
    return context.render(
        "method.md.j2",
        topics=context.corpus.taxonomy.ruled_topics,
        evaluation=evaluation,
        headers=["Topic", "Curated papers", *(f"{METHOD_NAMES[m]}: P / R / F1" for m in METHODS)],
        rows=rows,
        macro=macro,
        unextracted=unextracted,
        temporal=evaluation and evaluation.temporal,
        temporal_rows=temporal_rows,
        filter_rows=filter_rows,
        floor=MIN_PROBABILITY,
        kinds=kinds,
        grouped=evaluation is not None and any(len(f.dumps) > 1 for f in evaluation.folds),
    )


def _precision_row(label: str, kind: KindPrecision) -> list[str]:
    """How many of a kind's values shown as the paper's are right, before reading whose each is and after."""
    return [
        label,
        f"{kind.right_before} of {kind.shown_before} ({kind.precision_before:.2f})",
        f"{kind.right} of {kind.shown} ({kind.precision:.2f})",
    ]
