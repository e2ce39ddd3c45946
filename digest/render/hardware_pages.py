"""The hardware pages: an index of every device the abstracts name, a page per device, and a page
per architecture family (Hopper, Ampere, CDNA 3, ...) that rolls up its devices' papers.

A family's page is its catalogue entry's page when the catalogue has one (a paper may name
"Hopper" itself), else a page of its own. A listing longer than one table should hold is listed
in parts by year (listing.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..derive.corpus import Corpus, Derived
from ..derive.hardware_catalog import HardwareCatalog, HardwareEntry
from ..text.keys import url_slug
from ..text.sentences import split_sentences
from .columns import COLUMNS
from .context import PageLinks, RenderContext
from .html_table import html_table
from .listing import NEWEST_FIRST, listing, year_group
from .markdown import md_marked, md_text
from .paths import hardware_path, rel
from .table_keys import filter_text

# A device's page is where a reader compares what was done on it: each paper's headline result (sorted
# within its metric, as a topic's table sorts it) and that metric beside it, so the grouping of the sort
# shows, as on a tag's and a topic's table; then where the abstract names the device.
HARDWARE_COLUMNS = ("title", "headline", "metric", "published", "topics")
SENTENCE = ("sentence", "Where the abstract names it")


@dataclass(frozen=True)
class Family:
    """An architecture and the catalogue's devices of it."""

    name: str
    path: str  # its page
    entry: HardwareEntry | None  # the catalogue's entry of the architecture itself, if any
    members: tuple[str, ...]  # device names, in catalogue order


def families(context: RenderContext) -> dict[str, Family]:
    """Every architecture some catalogue device belongs to, by name (worked out once per build)."""
    return context.once("families", partial(_families, context))


def family_papers(context: RenderContext, family: Family) -> list[str]:
    """The papers that name the family or one of its devices, in the order the catalogue lists them."""
    by_hardware = context.corpus.by_hardware
    return list(dict.fromkeys(pid for name in (family.name, *family.members) for pid in by_hardware.get(name, [])))


def named_in_passing(context: RenderContext, names: tuple[str, ...], listed: Sequence[str]) -> int:
    """How many papers, of those a hardware page does not list, name it (any of `names`) in their
    abstracts only for a baseline, earlier work or the background: a reader who counts the
    abstracts that name an H100 finds these too."""
    as_context = context.once("hardware as context", partial(_named_as_context, context.corpus))
    return len(set().union(*(as_context.get(name, set()) for name in names)) - set(listed))


def _named_as_context(corpus: Corpus) -> dict[str, set[str]]:
    """Each hardware name, and the papers naming it as context (a baseline's, the background's)."""
    found: dict[str, set[str]] = {}
    for derived in corpus.papers.values():
        for fact in derived.context:
            if fact.kind == "hardware":
                found.setdefault(fact.value, set()).add(derived.id)
    return found


def papers_naming(context: RenderContext, name: str) -> int:
    """How many papers a hardware's page lists: a family's counts its devices' papers too."""
    family = families(context).get(name)
    return len(family_papers(context, family)) if family else len(context.corpus.by_hardware.get(name, []))


def _families(context: RenderContext) -> dict[str, Family]:
    catalog = context.corpus.catalog
    members: dict[str, list[str]] = {}
    for entry in catalog:
        if entry.arch:
            members.setdefault(entry.arch, []).append(entry.name)
    device_slugs = {catalog.slug(entry) for entry in catalog}
    found = {}
    for arch, names in members.items():
        own = catalog.get(arch)
        if own is not None:
            path = hardware_path(catalog.slug(own))
        else:
            slug = url_slug(arch)
            path = hardware_path(f"{slug}-family" if slug in device_slugs else slug)
        found[arch] = Family(arch, path, own, tuple(names))
    return found


@dataclass(frozen=True)
class HardwarePage:
    """A hardware page: a device (`family` is its family, if any) or a family (`members`)."""

    name: str
    path: str
    entry: HardwareEntry | None
    ids: list[str]  # the papers it lists
    names: tuple[str, ...]  # the hardware names whose papers it lists
    family: Family | None = None
    members: Family | None = None


def hardware_page_list(context: RenderContext) -> list[HardwarePage]:
    """Every hardware page, most papers first: a page per catalogue entry that some paper names (a
    curator may name hardware the catalogue lacks: it has no page), and a page per family with
    papers. The index lists exactly these, so that each page is reachable and counted as it lists."""
    return context.once("hardware pages", partial(_hardware_pages, context))


def _hardware_pages(context: RenderContext) -> list[HardwarePage]:
    catalog = context.corpus.catalog
    family_of = families(context)
    pages = []
    for name, ids in context.corpus.by_hardware.items():
        entry = catalog.get(name)
        if entry is None or name in family_of:  # an architecture's page is its family's
            continue
        family = family_of.get(entry.arch or "")
        pages.append(HardwarePage(entry.name, hardware_path(catalog.slug(entry)), entry, ids, (name,), family=family))
    for family in family_of.values():
        ids = family_papers(context, family)
        if ids:
            names = (family.name, *family.members)
            pages.append(HardwarePage(family.name, family.path, family.entry, ids, names, members=family))
    return sorted(pages, key=lambda page: (-len(page.ids), page.name))


def uncatalogued(context: RenderContext) -> list[str]:
    """Hardware a curator named that the catalogue lacks: a row of the index, with no page."""
    return sorted(name for name in context.corpus.by_hardware if context.corpus.catalog.get(name) is None)


def kinds_of_hardware(context: RenderContext) -> int:
    """The rows of the hardware index: every hardware page, and each hardware named without one."""
    return len(hardware_page_list(context)) + len(uncatalogued(context))


def render_hardware_index(context: RenderContext) -> str:
    """A row per hardware page, counting the papers the page lists, then the hardware without a page."""
    source = "hardware/index.md"
    links = context.links(source, html=True)
    rows = [
        [
            links.to(page.path, links.text(page.name)),
            links.text(_vendor(context, page)),
            links.text("architecture family" if page.members else page.entry.class_name if page.entry else ""),
            links.to(page.family.path, links.text(page.family.name)) if page.family else links.text(""),
            str(len(page.ids)),
        ]
        for page in hardware_page_list(context)
    ]
    by_hardware = context.corpus.by_hardware
    rows += [[links.text(name), "", "", "", str(len(by_hardware[name]))] for name in uncatalogued(context)]
    table = html_table(["Hardware", "Vendor", "Class", "Architecture", "Papers"], rows, interactive=True)
    return context.render("hardware_index.md.j2", table=table, count=len(rows))


def _vendor(context: RenderContext, page: HardwarePage) -> str:
    """The page's vendor: its entry's, or for a family without one, the vendor of most of its devices."""
    if page.entry is not None:
        return page.entry.vendor
    members = page.members.members if page.members else ()
    vendors = Counter(entry.vendor for name in members if (entry := context.corpus.catalog.get(name)))
    return vendors.most_common(1)[0][0] if vendors else ""


def hardware_pages(context: RenderContext) -> dict[str, str]:
    """Every hardware page (`hardware_page_list`) and the parts of the long ones."""
    pages: dict[str, str] = {}
    for page in hardware_page_list(context):
        pages.update(
            _page(
                context,
                page.path,
                page.name,
                page.entry,
                ids=page.ids,
                names=page.names,
                family=page.family,
                members=page.members,
            )
        )
    return pages


def _page(
    context: RenderContext,
    source: str,
    name: str,
    entry: HardwareEntry | None,
    *,
    ids: Sequence[str],
    names: tuple[str, ...],
    family: Family | None = None,
    members: Family | None = None,
) -> dict[str, str]:
    """The page of a device (`family` is its family) or of a family (`members`), and its parts."""
    rows = [(year_group(derived.year), derived.id) for derived in context.papers_by_year(ids)]
    shown, parts = listing(context, source, name, rows, partial(_table, context, frozenset(names)), order=NEWEST_FIRST)
    links = context.links(source)
    by_hardware = context.corpus.by_hardware
    member_links = [
        f"{links.hardware(device)} ({len(by_hardware[device])})"
        for device in (members.members if members else ())
        if device in by_hardware
    ]
    feed = context.feed("hardware", source.removeprefix("hardware/").removesuffix(".md"), name, source, ids)
    page = context.render(
        "hardware.md.j2",
        name=name,
        entry=entry,
        listing=shown,
        feed=feed,
        feed_href=rel(source, feed["feed"]),
        members=member_links,
        is_family=members is not None,
        in_passing=named_in_passing(context, names, ids),
        family=family and links.to(family.path, md_text(family.name)),
    )
    return {source: page, **parts}


def _table(context: RenderContext, names: frozenset[str], source: str, ids: Sequence[str]) -> str:
    """The papers that name the hardware (any of `names`), with the sentence that names it, the
    hardware's name marked in it; a headline measured on other hardware says so under it."""
    links = context.links(source, html=True)
    papers = [context.corpus.papers[pid] for pid in ids]
    columns = [COLUMNS[key] for key in HARDWARE_COLUMNS]
    here = _here(context, names)
    headline = HARDWARE_COLUMNS.index("headline")
    catalog = context.corpus.catalog

    def sentence(derived: Derived) -> str:
        said = next((f.sentence for f in derived.facts if f.kind == "hardware" and f.value in names), "")
        said = said or _naming_sentence(derived, names, catalog)  # a curator's value has no sentence of its own
        # The page's hardware marked where the sentence names it: the paper's figure on it is
        # found there, when its headline was measured elsewhere (CUDA-L1's 17.8× on an H100).
        spans = [(start, end, entry.name) for entry, start, end in catalog.find(said) if entry.name in names]
        return md_marked(said, spans, html_cell=True) if spans else links.text(said)

    def cells(derived: Derived) -> list[str]:
        shown = [column.markdown(derived, links) for column in columns]
        shown[headline] += measured_elsewhere(context, derived, here, links)
        return [*shown, sentence(derived)]

    return html_table(
        [*(column.label for column in columns), SENTENCE[1]],
        [cells(derived) for derived in papers],
        interactive=True,
        keys=[*HARDWARE_COLUMNS, SENTENCE[0]],
        sort_keys=[[*(column.sort_value(derived) for column in columns), None] for derived in papers],
        sort_groups=[[*(column.sort_group(derived) for column in columns), None] for derived in papers],
        filters=[filter_text(context, derived) for derived in papers],
        descending="published",  # the rows come NEWEST_FIRST
    )


def _naming_sentence(derived: Derived, names: frozenset[str], catalog: HardwareCatalog) -> str:
    """The first abstract sentence naming the hardware, by an alias ("DGX work station") or in any
    case ("Tesla v100"): where a curator set it, the page quotes it as it quotes the machine's (it
    showed "–")."""
    words = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in sorted(names)) + r")\b", re.IGNORECASE)
    return next(
        (
            said
            for said in split_sentences(derived.paper.abstract)
            if words.search(said) or any(entry.name in names for entry, _, _ in catalog.find(said))
        ),
        "",
    )


# Machines built of one family's GPUs: a headline on a V100 was measured on a DGX-2's, and one on a
# DGX-2 on its V100s. A Jetson (a SoC) shares Ampere with an A100 and is no such machine.
_MACHINES = frozenset({"system", "supercomputer"})
_CHIPS = frozenset({"gpu", "npu", "accelerator"})


@dataclass(frozen=True)
class _Here:
    """A hardware page's name, and the hardware a headline may name and still be measured on it."""

    name: str
    covers: frozenset[str]


def _here(context: RenderContext, names: frozenset[str]) -> _Here:
    """On a family's page, the family and its devices; on a device's page, the device, its family's
    own name (a headline "on Hopper GPUs" names no other device), a series' models, and the chips
    of a machine of one family (or the machines of a chip's family, on a chip's page)."""
    catalog, family = context.corpus.catalog, families(context)
    name = next((n for n in names if n in family), None)
    if name is not None:
        return _Here(name, names)
    [name] = names
    covers = {name, *(e.name for e in catalog if catalog.series_of(e.name) == name)}
    entry = catalog.get(name)
    if entry is not None and entry.class_ in _MACHINES and not entry.arch:
        # a machine whose chips the catalogue does not know (a DGX Station): any chip may be its own
        covers |= {e.name for e in catalog if e.class_ in _CHIPS}
    if entry is not None and entry.arch:
        covers.add(entry.arch)
        kin = _CHIPS if entry.class_ in _MACHINES else _MACHINES if entry.class_ in _CHIPS else frozenset()
        covers |= {e.name for e in catalog if e.arch == entry.arch and e.class_ in kin}
    return _Here(name, frozenset(covers))


def measured_elsewhere(context: RenderContext, derived: Derived, here: _Here, links: PageLinks) -> str:
    """Under a headline measured on other hardware than the page's, a line that says so: "measured
    on A100". The H100 page listed CUDA-L1's "17.7× speedup (average, KernelBench, A100)", and a
    reader comparing results on an H100 took the A100's figure for one (a reader's audit; its H100
    figure, 17.8×, is in the sentence column, which marks the page's hardware). Only where the
    headline's hardware is in the catalogue: "128 GPUs" names no device. A headline naming none, of
    a paper that names other hardware than the page's too, says so: "device not named" (an unmarked
    row read as measured on the page's device, a second reading found)."""
    headline = derived.headline
    if headline is None:
        return ""
    if not headline.hardware:
        return _device_not_named(context, derived, headline.text, here, links)
    named = list(dict.fromkeys(entry.name for entry, _, _ in context.corpus.catalog.find(headline.hardware)))
    if not named or any(name in here.covers for name in named):
        return ""
    title = links.text(
        f"The headline is the paper's result on {', '.join(named)}; "
        f"the last column quotes what its abstract says of {here.name}"
    )
    elsewhere = ", ".join(links.hardware(name) for name in named)
    return f' <span class="digest-elsewhere" title="{title}">measured on {elsewhere}</span>'


def _device_not_named(context: RenderContext, derived: Derived, headline: str, here: _Here, links: PageLinks) -> str:
    """Under a headline that names no device, when the paper names hardware the page does not
    cover (CUDAForge's average over five GPUs on the H100 page) and the headline's words do not
    name the page's own (GLM-130B's "on 4×RTX 3090 or 8×RTX 2080 Ti"): "device not named"."""
    catalog, family = context.corpus.catalog, families(context)
    if any(entry.name in here.covers for entry, _, _ in catalog.find(headline)):
        return ""
    # Other hardware the headline may have run on: a device of the catalogue, not a family (its
    # devices may be the page's), nor, on a family's page, a device of no known family (a Titan X).
    others = [
        name
        for name in sorted(set(derived.hardware) - here.covers)
        if (entry := catalog.get(name)) and name not in family and (entry.arch or here.name not in family)
    ]
    if not others:
        return ""
    title = links.text(f"The headline names no device; the paper also names {', '.join(others)}")
    return f' <span class="digest-elsewhere" title="{title}">device not named</span>'
