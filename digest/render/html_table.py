"""The digest's tables written as HTML, not Markdown.

The digest knows exactly what its tables hold, so it writes them as the HTML they become:
Python-Markdown passes a raw HTML block through instead of parsing every row and cell (most of
MkDocs' time on a listing or a paper page went there), and the digest controls the markup the
reader needs: the paper column that stays in view while a wide table scrolls, a class per column
for its width, columns with no value left out. Cells are HTML already, escaped by their
makers (`PageLinks(html=True)`, `html_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from ..passthrough import mark
from .markdown import filter_box

EMPTY = "–"


class SortGroup(NamedTuple):
    """The group a cell sorts within first (`data-group`), and where that group comes among the
    column's groups (`data-group-rank`, lowest first whichever the direction; None: by its name)."""

    name: str
    rank: int | None = None


def html_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    interactive: bool = False,
    keys: Sequence[str] | None = None,
    sticky: bool = True,
    collapse: bool = True,
    css_class: str = "",
    marked: bool = True,
    sort_keys: Sequence[Sequence[str | None]] | None = None,
    sort_groups: Sequence[Sequence[SortGroup | str | None]] | None = None,
    filters: Sequence[str] | None = None,
    descending: str | None = None,
    filter_hint: str = "",
) -> str:
    """A table of HTML cells (an empty cell shows "–"). `keys` name the columns (a class per
    heading, `col-KEY`, sets its width); `sticky` keeps the first column (the paper) in view
    while the table scrolls sideways; `collapse` leaves out a column that is empty in every
    row (the arXiv column when no record has an id). `marked` (the default) marks the table to be
    carried past Markdown (digest/passthrough.py); a caller that puts it inside a block of its own
    marks that block instead. `interactive` adds the filter box of the
    sort and filter script (docs/js/tables.js) and leaves the rows out of search: a listing's
    rows repeat what the pages they link to say. `sort_keys` (per row, a key per cell, None for a
    cell sorted by its text), `sort_groups` (per row, the group a cell sorts within first, such as
    a headline's metric and unit class, and where it comes among them) and `filters` (a text per
    row) are what the script sorts and filters by beyond the cells' text (digest/render/table_keys.py).
    `descending` names the column (by its key) the rows already come newest or largest first by, as
    a listing comes newest published first: its heading says so (aria-sort, an arrow), so the
    reader sees the table's order, and a first click on it reverses that order. `filter_hint` is
    the filter box's placeholder, where it finds rows by more than "Filter rows…" says."""
    shown = [index for index in range(len(headers)) if not collapse or not rows or any(row[index] for row in rows)]
    names = keys or [""] * len(headers)
    head = "".join(_heading(headers[i], names[i], names[i] == descending) for i in shown)
    body = "\n".join(
        _row(
            [
                _cell(row[i], sort_keys[r][i] if sort_keys else None, sort_groups[r][i] if sort_groups else None)
                for i in shown
            ],
            filters[r] if filters else None,
        )
        for r, row in enumerate(rows)
    )
    classes = " ".join(filter(None, ["digest-grid", "digest-sticky" if sticky else "", css_class]))
    table = (
        f'<div class="digest-scroll"><table class="{classes}">\n<thead><tr>{head}</tr></thead>\n'
        f"<tbody>\n{body}\n</tbody>\n</table></div>"
    )
    if not interactive:
        return mark(table) if marked else table + "\n"
    # Where a reader sorts headlines, how to read the order (Method says it at length, two clicks away).
    note = f"\n{HEADLINE_NOTE}" if "headline" in (names[i] for i in shown) else ""
    # A muted name's meaning was only in its tooltip, which a phone never shows (a reader's check).
    note += f"\n{OUTSIDE_NOTE}" if 'class="digest-outside"' in body else ""
    # No blank line inside: Python-Markdown keeps the whole block as raw HTML (when the hooks,
    # digest/passthrough.py, do not carry it past Markdown altogether).
    return mark(f'<div class="digest-table" data-search-exclude>\n{filter_box(filter_hint)}{note}\n{table}\n</div>')


HEADLINE_NOTE = (
    '<p class="digest-table-note">Headlines sort speedups first, then reductions, scale-ups, rates, other '
    "figures and scores, by size within one metric and unit, a range by its upper end; but each is measured "
    "against its own paper's baseline, hardware and workload: a larger number is not a better system.</p>"
)


OUTSIDE_NOTE = (
    '<p class="digest-table-note">Names in <span class="digest-outside">grey</span> are systems a paper '
    "compares against that are not papers of the digest.</p>"
)


def _heading(label: str, key: str, sorted_descending: bool) -> str:
    attributes = (f' class="col-{key}"' if key else "") + (' aria-sort="descending"' if sorted_descending else "")
    return f"<th{attributes}>{label}</th>"


def _cell(content: str, sort_key: str | None, group: SortGroup | str | None = None) -> str:
    if not content:
        return f"<td>{EMPTY}</td>"
    named = SortGroup(group) if isinstance(group, str) else group
    rank = None if named is None or named.rank is None else str(named.rank)
    given = (("data-group", named and named.name), ("data-group-rank", rank), ("data-sort", sort_key))
    attributes = "".join(f' {name}="{escape(value)}"' for name, value in given if value is not None)
    return f"<td{attributes}>{content}</td>"


def _row(cells: list[str], filter_text: str | None) -> str:
    opening = f'<tr data-filter="{escape(filter_text)}">' if filter_text else "<tr>"
    return opening + "".join(cells) + "</tr>"
