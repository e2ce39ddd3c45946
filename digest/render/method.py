"""The Method page: how topics, facts and links are derived, and where they go wrong."""

from __future__ import annotations

from .context import RenderContext


def render_method(context: RenderContext) -> str:
    return context.render("method.md.j2", topics=context.corpus.taxonomy.ruled_topics)
