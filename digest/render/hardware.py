"""The hardware pages: an index of every device the abstracts name, and a page per device."""

from __future__ import annotations

from .context import RenderContext
from .markdown import md_text
from .paths import hardware_path


def render_hardware_index(context: RenderContext) -> str:
    links = context.links("hardware/index.md")
    catalog = context.corpus.catalog
    rows = []
    for name, ids in sorted(context.corpus.by_hardware.items(), key=lambda item: (-len(item[1]), item[0])):
        entry = catalog.get(name)
        rows.append([links.hardware(name), md_text(entry.vendor if entry else ""),
                     md_text(entry.class_ if entry else ""), md_text((entry.arch or "") if entry else ""),
                     str(len(ids))])
    return context.render("hardware_index.md.j2", rows=rows)


def hardware_pages(context: RenderContext) -> dict[str, str]:
    """A page per catalogue entry that some paper names (a curator may name hardware the catalogue lacks)."""
    catalog = context.corpus.catalog
    pages = {}
    for name in context.corpus.by_hardware:
        entry = catalog.get(name)
        if entry is None:
            continue
        source = hardware_path(catalog.slug(entry))
        links = context.links(source)
        rows = []
        for pid in context.corpus.by_hardware[name]:
            derived = context.corpus.papers[pid]
            sentence = next((f.sentence for f in derived.facts if f.kind == "hardware" and f.value == name), "")
            rows.append([links.paper(pid), ", ".join(links.topic(t) for t in derived.topics), md_text(sentence)])
        pages[source] = context.render("hardware.md.j2", entry=entry, rows=rows)
    return pages
