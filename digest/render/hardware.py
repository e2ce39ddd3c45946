"""The hardware pages: an index of every device the abstracts name, and a page per device.

A device named by more papers than one table should hold lists them in parts by year (listing.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .context import RenderContext
from .html_table import html_table
from .listing import listing, year_group
from .paths import hardware_path

HEADERS = ["Paper", "Year", "Topics", "Where the abstract names it"]


def render_hardware_index(context: RenderContext) -> str:
    links = context.links("hardware/index.md", html=True)
    catalog = context.corpus.catalog
    rows = []
    for name, ids in sorted(context.corpus.by_hardware.items(), key=lambda item: (-len(item[1]), item[0])):
        entry = catalog.get(name)
        rows.append([links.hardware(name), links.text(entry.vendor if entry else ""),
                     links.text(entry.class_ if entry else ""), links.text((entry.arch or "") if entry else ""),
                     str(len(ids))])
    table = html_table(["Hardware", "Vendor", "Class", "Architecture", "Papers"], rows, interactive=True)
    return context.render("hardware_index.md.j2", table=table)


def hardware_pages(context: RenderContext) -> dict[str, str]:
    """A page per catalogue entry that some paper names (a curator may name hardware the catalogue
    lacks), and the parts of the long ones."""
    catalog = context.corpus.catalog
    pages = {}
    for name, ids in context.corpus.by_hardware.items():
        entry = catalog.get(name)
        if entry is None:
            continue
        source = hardware_path(catalog.slug(entry))
        rows = [(year_group(derived.year), derived.id) for derived in context.papers_by_year(ids)]
        shown, parts = listing(context, source, name, rows, partial(_table, context, name))
        pages[source] = context.render("hardware.md.j2", entry=entry, listing=shown)
        pages.update(parts)
    return pages


def _table(context: RenderContext, name: str, source: str, ids: Sequence[str]) -> str:
    """The papers that name the hardware `name`, with the sentence that names it."""
    links = context.links(source, html=True)
    rows = []
    for pid in ids:
        derived = context.corpus.papers[pid]
        sentence = next((f.sentence for f in derived.facts if f.kind == "hardware" and f.value == name), "")
        rows.append([links.paper(pid), str(derived.year or ""), ", ".join(links.topic(t) for t in derived.topics),
                     links.text(sentence)])
    return html_table(HEADERS, rows, interactive=True, keys=["title", "year", "topics", "sentence"])
