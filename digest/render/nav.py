"""The sidebar (SUMMARY.md for mkdocs-literate-nav): sections and topics, never every paper."""

from __future__ import annotations

from .context import RenderContext


def render_nav(context: RenderContext) -> str:
    return context.render("nav.md.j2", topics=list(context.topics.values()))
