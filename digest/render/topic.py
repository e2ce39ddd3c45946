"""A topic page: the description, the comparison table, then each paper with why it is here."""

from __future__ import annotations

from dataclasses import dataclass

from ..derive.corpus import Derived
from ..text.sentences import leading_sentences
from .columns import COLUMNS, DEFAULT_TABLE
from .context import RenderContext
from .markdown import md_text
from .paths import topic_path


@dataclass(frozen=True)
class _Listed:
    link: str
    year: str
    reason: str
    teaser: str


def render_topic(context: RenderContext, slug: str) -> str:
    source = topic_path(slug)
    links = context.links(source)
    topic = context.topics[slug]
    ids = context.corpus.by_topic.get(slug, [])
    columns = [COLUMNS[key] for key in (topic.columns or DEFAULT_TABLE)]
    papers = [context.corpus.papers[pid] for pid in ids]
    rows = [[column.markdown(derived, links) for column in columns] for derived in papers]
    listed = [_Listed(links.paper(d.id), str(d.year or "year unknown"), _reason(context, d, slug),
                      leading_sentences(d.paper.abstract)) for d in papers]
    return context.render("topic.md.j2", topic=topic, headers=[column.label for column in columns], rows=rows,
                          papers=listed)


def _reason(context: RenderContext, derived: Derived, slug: str) -> str:
    if derived.is_curated("topics"):
        return "topic set by a curator"
    if slug == context.corpus.taxonomy.fallback.slug:
        return "suggested: reached no topic"
    prediction = derived.suggestion.prediction(slug) if derived.suggestion else None
    if prediction is not None and prediction.probability is not None:
        return f"suggested by the model ({prediction.probability:.2f})"
    match = next((m for m in derived.classification.topics if m.slug == slug), None)
    phrases = list(dict.fromkeys(hit.phrase for hit in match.matches))[:4] if match else []
    return "matched " + ", ".join(f"“{md_text(p)}”" for p in phrases) if phrases else "classified"
