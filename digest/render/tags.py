"""The tags page: Material's tags plugin fills it from each paper page's `tags` front matter."""

from __future__ import annotations

from .context import RenderContext


def render_tags(context: RenderContext) -> str:
    return context.render("tags.md.j2")
