"""A topic page: the description, the comparison table, then each paper with why it is here.

A topic with more papers than one table should hold is listed in parts by year (listing.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..derive.corpus import Derived
from ..derive.suggestion_origin import MODEL, NO_TOPIC, topic_origin
from ..text.plural import counted
from .columns import COLUMNS, CORE_TABLE_COLUMNS, DEFAULT_TABLE, Column
from .context import PageLinks, RenderContext
from .html_table import html_table
from .listing import NEWEST_FIRST, listing, year_group
from .markdown import md_text
from .paths import rel, topic_path
from .suggested import suggested_mark
from .table_keys import filter_text

# The date columns a topic table may show; its rows come NEWEST_FIRST by them, as its heading says.
DATE_KEYS = ("published", "year")

# A column other than the core ones is shown when at least one row in SPARSE_SHARE has a value:
# a column of "–" in nine rows of ten costs every row its width and tells the reader little
# (serving's "Compares against" had 1 value in 100 rows). The paper's own page still shows them,
# and the filter box still finds a row by them. A short table shows what it has: 1 of 9 is kept.
# Compares against also names the systems of the baseline catalogue (data/baselines.yaml: vLLM,
# cuBLAS, EAGLE-3, ...), which are no papers of the digest. Measured on the store at that change:
# kernels 20 of 80 rows (6 with papers of the digest alone), so its table shows the column again;
# serving 10 of 119 (1 before) and parallelism 4 of 50 (1 before; its table does not list the
# column), both under one in ten, so serving still leaves it out, and parallelism does not add it:
# a filter for "vLLM" finds serving's rows that compare against it all the same.
SPARSE_SHARE = 10


# What a topic table's filter box finds rows by beyond "Filter rows": a paper's tags, which no
# column shows, and its other topics ("also in: GPU kernels", also_in).
FILTER_HINT = "Filter by any word, tag or other topic"


@dataclass(frozen=True)
class _Listed:
    link: str
    year: str
    reason: str
    teaser: str


def render_topic(context: RenderContext, slug: str) -> dict[str, str]:
    """The topic's page, and its parts when it has too many papers for one."""
    source = topic_path(slug)
    topic = context.topics[slug]
    papers = context.papers_by_year(context.corpus.by_topic.get(slug, []))
    shown, parts = listing(
        context,
        source,
        topic.name,
        [(year_group(d.year), d.id) for d in papers],
        partial(_table, context, slug),
        order=NEWEST_FIRST,
    )
    feed = context.feed("topic", slug, topic.name, source, [d.id for d in papers])
    return {
        source: context.render(
            "topic.md.j2", topic=topic, listing=shown, feed=feed, feed_href=rel(source, feed["feed"])
        ),
        **parts,
    }


def _table(context: RenderContext, slug: str, source: str, ids: Sequence[str]) -> str:
    """The comparison table and the paragraph per paper, as seen from the page `source`."""
    cells, links = context.links(source, html=True), context.links(source)
    papers = [context.corpus.papers[pid] for pid in ids]
    shown: list[tuple[Column, list[str]]] = []
    hidden: list[_Hidden] = []
    for column in (COLUMNS[key] for key in table_columns(context.topics[slug].columns or DEFAULT_TABLE)):
        column_cells = [column.markdown(derived, cells) for derived in papers]
        if worth_a_column(column.key, column_cells):
            shown.append((column, column_cells))
        elif any(column_cells):
            hidden.append(_Hidden(column.label, counted(sum(map(bool, column_cells)), "paper"), column))
    columns = [column for column, _ in shown]
    rows = [[column_cells[index] for _, column_cells in shown] for index in range(len(papers))]
    for row, derived in zip(rows, papers, strict=True):
        row[0] += suggested_mark(derived, slug, cells) + also_in(derived, slug, cells)
    listed = [
        _Listed(
            links.paper(d.id),
            str(d.year or "year unknown"),
            _reason(context, d, slug),
            d.teaser,
        )
        for d in papers
    ]
    table = html_table(
        [_heading(column, columns) for column in columns],
        rows,
        interactive=True,
        keys=[column.key for column in columns],
        sort_keys=[[column.sort_value(derived) for column in columns] for derived in papers],
        sort_groups=[[column.sort_group(derived) for column in columns] for derived in papers],
        filters=[
            " ".join(filter(None, [filter_text(context, derived), *(_plain(h.column, derived) for h in hidden)]))
            + "".join(f" {context.topics[other].name}" for other in derived.topics if other != slug)
            for derived in papers
        ],
        descending=next((column.key for column in columns if column.key in DATE_KEYS), None),
        filter_hint=FILTER_HINT,
    )
    return context.render("_topic_listing.md.j2", table=table, papers=listed, hidden=hidden)


def also_in(derived: Derived, slug: str, links: PageLinks) -> str:
    """The paper's other topics, linked, on a line of their own under its name in the topic `slug`'s
    table: "also in: GPU kernels". A topic table has no Topics column, and its filter found no row
    by another topic: "kernels" in Serving's box read "0 of 119 rows", though five serving papers are
    kernels papers too (a reader's audit). The line is the row's content, so the filter reads it.
    Each topic by its short name ("Serving", the whole name in its title): the whole names took a
    phone's Paper column three lines; the row's filter text holds them (`_table`)."""
    others = [links.topic(other, short=True) for other in derived.topics if other != slug]
    # A space before the line: the paper's name and "also" are two words to the filter.
    return f' <span class="digest-also">also in: {", ".join(others)}</span>' if others else ""


def worth_a_column(key: str, cells: Sequence[str]) -> bool:
    """Whether a table shows a column of these cells: a core column always, another when at least
    one cell in SPARSE_SHARE has a value."""
    return key in CORE_TABLE_COLUMNS or sum(map(bool, cells)) * SPARSE_SHARE >= len(cells)


@dataclass(frozen=True)
class _Hidden:
    """A column left out of a table, and how many of its rows have a value."""

    label: str
    count: str
    column: Column


def _plain(column: Column, derived: Derived) -> str:
    """A left-out column's value as text the filter box finds a row by."""
    value = (column.text or column.value)(derived)
    if isinstance(value, list):
        return " ".join(str(item) for item in value if isinstance(item, str | int))
    return "" if value is None else str(value)


def _heading(column: Column, columns: Sequence[Column]) -> str:
    """A column's heading. The system column names each paper by its system, else by its title (a
    sixth of serving's rows, most of the hardware topic's), so it is headed "Paper" unless the
    title has a column of its own."""
    if column.key == "system" and all(other.key != "title" for other in columns):
        return COLUMNS["title"].label
    return column.label


def table_columns(keys: Sequence[str]) -> list[str]:
    """The topic's columns, led by the one that names the paper (its system, else its title):
    every row says which paper it is, and that column stays in view while the table scrolls."""
    naming = next((key for key in keys if key in ("system", "title")), "system")
    return [naming, *(key for key in keys if key != naming)]


def _reason(context: RenderContext, derived: Derived, slug: str) -> str:
    """Why an uncurated paper is in the topic; nothing for a curated one, the usual case, which
    would repeat the same words under every paper."""
    if derived.is_curated("topics"):
        return ""
    origin = topic_origin(derived.suggestion, slug)
    if origin.by == NO_TOPIC:
        return "suggested: no topic fits"
    if origin.by == MODEL:
        return f"suggested by the model ({origin.short})"
    match = next((m for m in derived.classification.topics if m.slug == slug), None)
    phrases = list(dict.fromkeys(hit.phrase for hit in match.matches))[:4] if match else []
    return "matched " + ", ".join(f"“{md_text(p)}”" for p in phrases) if phrases else "classified"
