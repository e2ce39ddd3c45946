"""The column registry: what each column of a comparison table, the CSV and the JSON export is.

A column is a key (what data/taxonomy.yaml's `columns:` lists and the exports' field name), a
label (its heading), a plain value (what CSV and JSON hold, and what a table shows unless the
column has its own cell), and optionally a Markdown cell with links. Adding a column is one
entry here; a fact kind is a column when its entry in `digest/fact_kinds.py` names one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape
from typing import Any

from ..derive.corpus import Derived
from ..fact_kinds import KINDS
from ..text.latex import readable
from ..text.link_labels import link_labels
from .context import PageLinks
from .headline_keys import headline_group, headline_rank, headline_sort, metric_rank
from .html_table import SortGroup
from .read_links import read_links
from .suggested import marked_topic
from .table_keys import (
    date_key,
    gpu_count,
    largest_count,
    largest_first,
    largest_scale,
    magnitude,
    published_month,
    sort_attribute,
    unsaid,
)

Value = Any  # str | int | None | list[str] | list[dict]
Cell = Callable[[Derived, PageLinks], str]  # a table cell, as Markdown or HTML
SortKey = Callable[[Derived], float | None]  # a cell's sort key, where its text would mislead the table script


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    value: Callable[[Derived], Value]
    cell: Cell | None = None
    sort: SortKey | None = None
    # The group a cell sorts within, before its number: a headline's metric and unit class, so
    # that "156 TFLOPS" and "29.2× speedup" are not ranked on one scale.
    group: Callable[[Derived], str | None] | None = None
    # Where the cell's group comes among the column's, the same whichever the direction: a headline's
    # kind of figure (speedups, then reductions, ...; headline_keys.headline_rank).
    rank: Callable[[Derived], int | None] | None = None
    # Whether a cell `sort` cannot read sorts by its text ("" on the cell) or, left without a key,
    # by the number its text starts with, as the script reads one ("near 2×"): a headline's way.
    unread_as_text: bool = True
    # What the filter box finds a row by when a table leaves the column out; the value if None.
    text: Callable[[Derived], Value] | None = None

    def markdown(self, derived: Derived, links: PageLinks) -> str:
        """The table cell: the column's own cell, else its value as escaped text, as Markdown or
        as HTML as `links` make them."""
        if self.cell is not None:
            return self.cell(derived, links)
        value = self.value(derived)
        if isinstance(value, list):
            return listed(derived, links, [links.text(item) for item in value])
        return "" if value is None else links.text(value)

    def sort_value(self, derived: Derived) -> str | None:
        """The cell's `data-sort` value, or None when the script reads the cell's text itself."""
        if self.sort is None:
            return None
        key = self.sort(derived)
        return None if key is None and not self.unread_as_text else sort_attribute(key)

    def group_value(self, derived: Derived) -> str | None:
        """The cell's `data-group`, or None when the column's cells sort in one group."""
        return None if self.group is None else self.group(derived)

    def sort_group(self, derived: Derived) -> SortGroup | None:
        """The cell's group and its rank among the column's, or None when the column has no groups."""
        name = self.group_value(derived)
        if name is None:
            return None
        return SortGroup(name, None if self.rank is None else self.rank(derived))


# On a phone a list cell keeps one line: a list longer than two values, or than this many characters
# in two, shows its first value and "+N more" (CSS: digest.css).
PHONE_LINE = 24
_TAG = re.compile(r"<[^>]+>")


def listed(derived: Derived, links: PageLinks, items: list[str]) -> str:
    """A cell's values, comma-separated. In an HTML table a list stays on one line on a phone, and
    a long one shows its first value (cut at 7rem: "Intel Data Center G…") and "+N more" there, in
    place of the rest (digest.css): four hardware names in a column scrolled out of view made a row
    four lines tall, mostly empty (a reader's audit, CudaForge and CUDA-L1 on a 390 px phone).
    Tapped, "+N more" shows the rest in place (docs/js/tables.js); without the script it is a link
    to the paper's page, which lists them all. The rest stay in the page, for a wider screen, print
    and the table's filter. A column that sorts by one of the values lists that one first."""
    if not links.html or len(items) < 2:
        return ", ".join(items)
    shown = ", ".join(items)
    if len(items) == 2 and len(unescape(_TAG.sub("", shown))) <= PHONE_LINE:
        return f'<span class="digest-list">{shown}</span>'
    count = len(items) - 1
    name = links.text(derived.system or derived.paper.title)
    more = links.paper(derived.id, f"+{count} more")
    named = more.replace("<a ", f'<a class="digest-more-items" aria-label="{count} more: the page of {name}" ', 1)
    rest = ", ".join(items[1:])
    first = f'<span class="digest-first">{items[0]}<span class="digest-rest">, {rest}</span></span>'
    return f'<span class="digest-list">{first} {named}</span>'


def short_title(title: str) -> str:
    return title if len(title) <= 48 else title[:47].rsplit(" ", 1)[0] + "…"


def _metric(derived: Derived) -> str | None:
    """What the paper's headline measures, or None."""
    return derived.headline.metric or None if derived.headline else None


def _metric_sort(derived: Derived) -> float | None:
    rank = metric_rank(_metric(derived))
    return None if rank is None else float(rank)


# A headline a curator read as none: the abstract states no single result of the paper's own. Said
# so in the cell, where "–" read as a value the machine missed; it sorts with the empty cells.
NO_HEADLINE = "none stated"
NO_HEADLINE_TITLE = "A curator read the abstract: it states no single result of the paper's own"


def _headline_cell(derived: Derived, links: PageLinks) -> str:
    if derived.headline:
        return links.text(derived.headline.text)
    if not derived.states_no_result:
        return ""
    if not links.html:
        return NO_HEADLINE
    return f'<span class="digest-none" title="{NO_HEADLINE_TITLE}">{NO_HEADLINE}</span>'


def _code_cell(derived: Derived, links: PageLinks) -> str:
    urls = derived.values("code")
    labels = link_labels(urls, listed_project_pages(derived))
    return " ".join(
        links.external(label, url, f"{label} of {derived.paper.title}") for label, url in zip(labels, urls, strict=True)
    )


def listed_project_pages(derived: Derived) -> set[str]:
    """The addresses among the paper's links that its listing gives as its project page."""
    return {fact.value for fact in derived.facts if fact.listed == "project_page"}


def _published_cell(derived: Derived, links: PageLinks) -> str:
    """The month a paper was published ("2026-03": a narrow column that still tells this spring's
    papers apart), the whole day in its title where the record has one."""
    published, month = derived.published, published_month(derived.published)
    if not links.html or not month or month == published:
        return links.text(month)
    day = links.text(published or "")
    return f'<time datetime="{day}" title="{day}">{links.text(month)}</time>'


def _comparisons_cell(derived: Derived, links: PageLinks) -> str:
    """The papers of the digest compared against, linked, then the catalogue's systems that are no
    paper of it, as plain text: a filter for "vLLM" finds the rows that compare against it."""
    papers = links.context.corpus.papers
    return listed(
        derived,
        links,
        [links.paper(m.target, papers[m.target].system) for m in derived.compares_to]
        + [links.outside(m.target) for m in derived.external_baselines],
    )


def _comparisons_text(derived: Derived) -> list[str]:
    """What the filter box finds a row by when its table leaves the column out: the papers' ids, as
    the exports list them, and the catalogue's systems by name."""
    return [m.target for m in derived.compares_to] + _outside_comparisons(derived)


def _outside_comparisons(derived: Derived) -> list[str]:
    """The systems of the baseline catalogue compared against, by name: no paper of the digest."""
    return [m.target for m in derived.external_baselines]


def _values_of(kind: str) -> Callable[[Derived], list[str]]:
    return lambda derived: derived.values(kind)


def _suggested(derived: Derived) -> dict[str, Any]:
    """What the machine suggests (shown for every paper, so a curated one shows whether it agrees):
    its topics, its confidence and the learned probability of each topic it could learn."""
    suggestion = derived.suggestion
    return {
        "topics": list(suggestion.topics),
        "confidence": round(suggestion.confidence, 3),
        "probabilities": {p.slug: round(p.probability, 3) for p in suggestion.predictions if p.probability is not None},
    }


def _scales(derived: Derived) -> list[str]:
    return unsaid(derived.values("model_scale"), magnitude)


def _counts(derived: Derived) -> list[str]:
    return unsaid(derived.values("gpu_count"), gpu_count)


# The fact kinds whose column shows more than their own values as text; the rest show those.
_KIND_CELLS: dict[str, tuple[Callable[[Derived], Value], Cell]] = {
    "system": (lambda d: d.system, lambda d, links: links.paper(d.id, d.system or short_title(d.paper.title))),
    "hardware": (
        lambda d: d.hardware,
        lambda d, links: listed(d, links, [links.hardware(name) for name in d.hardware]),
    ),
    "code": (_values_of("code"), _code_cell),
    # Largest first, as the cell sorts: "1T, 30B, 4B", not the abstract's "1T, 4B, 30B"; and
    # "512 GPUs +2 more" on a phone, where "128 GPUs +2 more" sorted above 384 read as a broken sort
    # (a reader's audit, TorchTitan's 128, 256 and 512 GPUs).
    "model_scale": (
        _values_of("model_scale"),
        lambda d, links: listed(d, links, [links.text(v) for v in largest_first(_scales(d))]),
    ),
    "gpu_count": (
        _values_of("gpu_count"),
        lambda d, links: listed(d, links, [links.text(v) for v in largest_first(_counts(d), gpu_count)]),
    ),
}


# The fact kinds whose cells sort by a key of their own, as they show: "1T" above "175B", "hundreds
# of GPUs" above "96 GPUs".
_KIND_SORTS: dict[str, SortKey] = {
    "model_scale": lambda d: largest_scale(_scales(d)),
    "gpu_count": lambda d: largest_count(_counts(d)),
}


def _kind_columns() -> list[Column]:
    """A column for each fact kind that is one (its heading is `Kind.column`), in the order of KINDS."""
    return [_kind_column(kind.name, kind.column) for kind in KINDS if kind.column]


def _kind_column(name: str, label: str) -> Column:
    value, cell = _KIND_CELLS.get(name, (_values_of(name), None))
    return Column(name, label, value, cell, _KIND_SORTS.get(name))


_COLUMNS = [
    Column("id", "Id", lambda d: d.id),
    Column("title", "Paper", lambda d: readable(d.paper.title), lambda d, links: links.paper(d.id)),
    Column(
        "arxiv_id",
        "arXiv",
        lambda d: d.paper.arxiv_id,
        lambda d, links: read_links(d.paper, compact=True, html=links.html),
    ),
    Column("abstract", "Abstract", lambda d: readable(d.paper.abstract)),
    Column("year", "Year", lambda d: d.year, lambda d, links: str(d.year or "")),
    # A table shows the month and sorts by the day (the exports keep the whole date).
    Column("published", "Published", lambda d: d.published, _published_cell, lambda d: date_key(d.published)),
    Column("added", "Added", lambda d: d.paper.added),
    *_kind_columns(),
    Column(
        "topics",
        "Topics",
        lambda d: list(d.topics),
        lambda d, links: listed(d, links, [marked_topic(d, slug, links) for slug in d.topics]),
    ),
    Column("tags", "Tags", lambda d: d.tags),
    Column("memory_tiers", "Memory tiers", _values_of("memory_tiers")),
    Column("workloads", "Workload", _values_of("workloads")),
    Column("parallelism", "Parallelism", _values_of("parallelism")),
    Column(
        "headline",
        "Headline result",
        lambda d: d.headline.text if d.headline else None,
        _headline_cell,
        # ">25 PFLOPS" above "156 TFLOPS", "73% lower" beside "3.7× lower" (headline_keys.py)
        sort=lambda d: headline_sort(d.headline),
        group=lambda d: headline_group(d.headline),
        rank=lambda d: headline_rank(d.headline),
        unread_as_text=False,
    ),
    # In the order the headline column shows its groups: speedup, throughput, latency, ... quality.
    Column("metric", "Metric", _metric, sort=_metric_sort),
    Column(
        "facts",
        "Facts",
        lambda d: [
            {
                "kind": f.kind,
                "value": f.value,
                "sentence": readable(f.sentence),
                "curated": f.curated,
                **({"baseline": f.baseline} if f.baseline else {}),
                **({} if f.own else {"context": True}),
                **({"listed": f.listed} if f.listed else {}),  # the listing's link, by its field: no sentence
            }
            for f in d.facts
        ],
    ),
    Column("suggested", "Suggested topics", _suggested),
    # The exports list the papers of the digest by id, and the catalogue's systems by name apart.
    Column(
        "compares_to",
        "Compares against",
        lambda d: [m.target for m in d.compares_to],
        _comparisons_cell,
        text=_comparisons_text,
    ),
    Column("compares_to_outside", "Compares against, not in the digest", _outside_comparisons),
    Column("compared_by", "Compared by", lambda d: list(d.compared_by)),
    Column("related", "Related", lambda d: [item.paper for item in d.related]),
    Column("links", "Links", lambda d: list(d.paper.links)),
    Column("upvotes", "Upvotes", lambda d: d.paper.upvotes),
    Column("authors", "Authors", lambda d: list(d.paper.authors)),
    # The names' count where the names are known: a listing's own count may differ (the names
    # come from the paper's public listing), and an export must not contradict its own names.
    Column("authors_count", "Author count", lambda d: len(d.paper.authors) or d.paper.authors_count),
    Column("organization", "Organisation", lambda d: d.paper.organization),
    Column("curated", "Curated", lambda d: sorted(d.curated_keys)),
]
COLUMNS: dict[str, Column] = {column.key: column for column in _COLUMNS}

# What each export holds, in order (both end with the paper's URL on the site, added by exports.py).
JSON_FIELDS = (
    "id",
    "title",
    "arxiv_id",
    "abstract",
    "year",
    "published",
    "added",
    "topics",
    "suggested",
    "tags",
    "hardware",
    "system",
    "metric",
    "headline",
    "facts",
    "compares_to",
    "compares_to_outside",
    "compared_by",
    "related",
    "links",
    "code",
    "upvotes",
    "authors",
    "authors_count",
    "organization",
    "curated",
)
CSV_FIELDS = (
    "id",
    "title",
    "arxiv_id",
    "year",
    "published",
    "added",
    "system",
    "topics",
    "tags",
    "hardware",
    "metric",
    "headline",
    "compares_to",
    "compares_to_outside",
    "related",
    "code",
    "upvotes",
    "authors",
    "authors_count",
    "organization",
    "curated",
)
# Columns a topic table may not show: long text, structured values with no cell, or values that
# another column's cell shows (Compares against names the catalogue's systems too).
NOT_IN_TABLES = frozenset({"abstract", "facts", "suggested", "compares_to_outside"})
TABLE_COLUMNS = tuple(key for key in COLUMNS if key not in NOT_IN_TABLES)
DEFAULT_TABLE = ("system", "published", "hardware", "metric", "headline", "code", "arxiv_id")
# Columns a topic table shows however few of its rows have a value: what names a paper, when and
# where to read it, and its result. The others are left out where they would be mostly "–" (topic.py).
CORE_TABLE_COLUMNS = frozenset(
    {"id", "title", "system", "year", "published", "added", "topics", "metric", "headline", "arxiv_id"}
)
