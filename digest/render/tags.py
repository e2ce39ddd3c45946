"""The tags: an index of every tag, and a page per tag with its papers (in parts by year when long).

The digest writes these pages itself rather than use Material's tags plugin, whose one page
lists every page under every tag: at 10,000 papers that is some 30,000 links on one page, which
can be neither sorted, filtered nor split, and whose sections were too large for Zensical's
search. A search for a tag finds its page by name, and its papers: each paper's tags are in its
search entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .columns import COLUMNS
from .context import RenderContext
from .html_table import html_table
from .listing import NEWEST_FIRST, listing, year_group
from .paths import rel, tag_path
from .table_keys import filter_text

SOURCE = "tags.md"


def render_tags(context: RenderContext) -> dict[str, str]:
    """tags.md and a page (with its parts) per tag."""
    tags: dict[str, tuple[str, dict[str, None]]] = {}  # slug -> (name, paper ids): "llm" and "LLM" are one tag
    for tag, tagged in context.corpus.by_tag.items():
        slug, name = context.tag(tag)
        tags.setdefault(slug, (name, {}))[1].update(dict.fromkeys(tagged))
    links = context.links(SOURCE, html=True)
    files, index = {}, []
    for slug, (name, ids) in sorted(tags.items(), key=lambda item: (item[1][0].casefold(), item[0])):
        source = tag_path(slug)
        rows = [(year_group(derived.year), derived.id) for derived in context.papers_by_year(ids)]
        shown, parts = listing(context, source, name, rows, partial(_table, context), order=NEWEST_FIRST)
        feed = context.feed("tag", slug, name, source, ids)
        files[source] = context.render(
            "tag.md.j2", name=name, listing=shown, feed=feed, feed_href=rel(source, feed["feed"])
        )
        files.update(parts)
        index.append([links.to(source, links.text(name)), str(len(rows))])
    table = html_table(["Tag", "Papers"], index, interactive=True)
    return {SOURCE: context.render("tags.md.j2", table=table), **files}


# A tag gathers papers across topics (KV cache: serving, kernels, offloading), so its table is
# where a reader compares them: each paper's headline result, its metric (a reader after memory cuts sorts
# or filters by it) and hardware, as a topic's table has them.
TAG_COLUMNS = ("title", "headline", "metric", "hardware", "published", "topics")


def _table(context: RenderContext, source: str, ids: Sequence[str]) -> str:
    links = context.links(source, html=True)
    papers = [context.corpus.papers[pid] for pid in ids]
    columns = [COLUMNS[key] for key in TAG_COLUMNS]
    return html_table(
        [column.label for column in columns],
        [[column.markdown(derived, links) for column in columns] for derived in papers],
        interactive=True,
        keys=list(TAG_COLUMNS),
        sort_keys=[[column.sort_value(derived) for column in columns] for derived in papers],
        sort_groups=[[column.sort_group(derived) for column in columns] for derived in papers],
        filters=[filter_text(context, d) for d in papers],
        descending="published",  # the rows come NEWEST_FIRST
    )
