"""Systems A–Z: every named system with its paper, in parts by first letter when there are many."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .columns import COLUMNS
from .context import RenderContext
from .html_table import html_table
from .listing import letter_group, listing

SOURCE = "systems.md"
ROW_WEIGHT = 0.25  # a row of name, paper and date against a topic table's row (listing.py)


def render_systems(context: RenderContext) -> dict[str, str]:
    named = sorted(
        (d for d in context.corpus.papers.values() if d.system), key=lambda d: ((d.system or "").casefold(), d.id)
    )
    shown, parts = listing(
        context,
        SOURCE,
        "Systems A–Z",
        [(letter_group(d.system or ""), d.id) for d in named],
        partial(_table, context),
        noun="system",
        by="first letter",
        # Three short cells a row, a quarter of a topic table's: 224 systems made 27 letter pages of
        # about 8 rows each at the topics' 200 a part, where one page of them reads at a glance.
        row_weight=ROW_WEIGHT,
    )
    return {SOURCE: context.render("systems.md.j2", listing=shown), **parts}


def _table(context: RenderContext, source: str, ids: Sequence[str]) -> str:
    links = context.links(source, html=True)
    papers = [context.corpus.papers[pid] for pid in ids]
    published = COLUMNS["published"]
    rows = [[links.text(d.system), links.paper(d.id), published.markdown(d, links)] for d in papers]
    return html_table(
        ["System", "Paper", published.label],
        rows,
        interactive=True,
        keys=["system", "title", "published"],
        sort_keys=[[None, None, published.sort_value(d)] for d in papers],
    )
