"""Listings that stay readable at any size: whole while short, in parts by year or letter when long.

A listing (a topic's comparison table, a hardware's or a tag's papers, Systems A–Z) is one page
while it has at most PART_SIZE rows, as a reader expects of a short list. A longer one is split:
one part per group of rows (a year, a first letter), and a group longer than PART_SIZE is paged.
The listing's own page then keeps what describes it and links its parts; each part is a page with
the same sortable, filterable table. Parts are left out of search: their rows repeat what the
papers' own pages say, and the listing's page is what a search for its name should find.

Groups, not fixed-size pages, so that a part's address says what it holds and stays put as
papers are added: `topics/offloading/2024/` is the offloading papers of 2024, whatever comes later.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from .context import RenderContext
from .markdown import md_text

PART_SIZE = 200  # rows: a table a reader can scan, and a page the browser sorts and filters at once
NEWEST_FIRST = "newest published first"  # the order of RenderContext.papers_by_year, as a listing says it


class Group(NamedTuple):
    """What the rows of a part share, as shown ("2024", "A") and as a file name ("2024", "a")."""

    label: str
    slug: str


@dataclass(frozen=True)
class Part:
    """One page of a split listing: a group, or a page of a group longer than PART_SIZE."""

    group: Group
    ids: tuple[str, ...]
    first: int  # the position of its first row in the group, from 1
    group_size: int
    page: int  # 1 unless the group is paged

    @property
    def slug(self) -> str:
        return self.group.slug if self.page == 1 else f"{self.group.slug}-{self.page}"

    @property
    def rows(self) -> str:
        """Which rows of the group it holds: "1–200", or "" when it holds the whole group."""
        if len(self.ids) == self.group_size:
            return ""
        return f"{self.first}–{self.first + len(self.ids) - 1}"

    @property
    def label(self) -> str:
        return f"{self.group.label}, {self.rows}" if self.rows else self.group.label


def split(rows: Sequence[tuple[Group, str]], size: int) -> list[Part]:
    """(group, paper id) rows in listing order, each group's rows together, into parts of at
    most `size` rows; no parts (an empty list) while the whole listing fits on one page."""
    if len(rows) <= size:
        return []
    groups: dict[Group, list[str]] = {}
    for group, paper_id in rows:
        groups.setdefault(group, []).append(paper_id)
    return [
        Part(group, tuple(ids[start : start + size]), start + 1, len(ids), start // size + 1)
        for group, ids in groups.items()
        for start in range(0, len(ids), size)
    ]


def year_group(year: int | None) -> Group:
    return Group(str(year), str(year)) if year else Group("year unknown", "unknown")


def letter_group(name: str) -> Group:
    letter = name[:1].upper()
    return Group(letter, letter.lower()) if "A" <= letter <= "Z" else Group("0–9 and others", "other")


def part_path(listing_path: str, part: Part) -> str:
    """Where a part of the listing at `listing_path` lives: topics/offloading.md -> topics/offloading/2024.md."""
    return f"{listing_path.removesuffix('.md')}/{part.slug}.md"


@dataclass(frozen=True)
class GroupLinks:
    """A group on the listing's own page: its label, its number of rows and a link to each part."""

    label: str
    count: int
    links: list[str]  # one per part: the group's name, or the rows it holds when the group is paged


def parts_index(context: RenderContext, listing_path: str, parts: list[Part]) -> list[GroupLinks]:
    links = context.links(listing_path)
    groups: dict[Group, GroupLinks] = {}
    for part in parts:
        group = groups.setdefault(part.group, GroupLinks(part.group.label, part.group_size, []))
        group.links.append(links.to(part_path(listing_path, part), md_text(part.rows or part.group.label)))
    return list(groups.values())


RenderBody = Callable[[str, Sequence[str]], str]  # (the path of the page, its paper ids) -> its table


@dataclass(frozen=True)
class Listing:
    """What a listing's own page shows: the whole table (`body`), or the links to its parts."""

    count: int
    noun: str  # what a row is, in the singular: "paper", "system" (the `counted` filter adds the "s")
    by: str  # what the parts are by: "year", "first letter"
    groups: list[GroupLinks]  # empty while the listing is whole
    body: str
    part_size: int
    order: str = ""  # the rows' order, as the page says it ("newest first"); "" when the page says it its own way


def listing(
    context: RenderContext,
    source: str,
    name: str,
    rows: Sequence[tuple[Group, str]],
    render_body: RenderBody,
    *,
    noun: str = "paper",
    by: str = "year",
    order: str = "",
    row_weight: float = 1.0,
) -> tuple[Listing, dict[str, str]]:
    """The listing of page `source` (called `name`) over (group, paper id) rows in their order, and
    the pages of its parts (none while it fits on one page). `row_weight`: what one row costs a page
    against a paper's row of a topic table; a listing of lighter rows holds more before it splits."""
    part_size = round((context.part_size or PART_SIZE) / row_weight)
    parts = split(rows, part_size)
    shown = Listing(
        len(rows),
        noun,
        by,
        parts_index(context, source, parts),
        "" if parts else _body(context, render_body, source, [pid for _, pid in rows]),
        part_size,
        order,
    )
    return shown, _part_pages(context, source, name, parts, render_body, noun=noun)


def _part_pages(
    context: RenderContext, listing_path: str, name: str, parts: list[Part], render_body: RenderBody, *, noun: str
) -> dict[str, str]:
    """Every part's page: its title, where it belongs (the listing, the parts before and after
    it), then the table `render_body` writes for its rows."""
    pages = {}
    for index, part in enumerate(parts):
        path = part_path(listing_path, part)
        links = context.links(path)
        previous = parts[index - 1] if index > 0 else None
        following = parts[index + 1] if index + 1 < len(parts) else None
        pages[path] = context.render(
            "listing_part.md.j2",
            title=f"{name}: {part.label}",
            part=part,
            noun=noun,
            up=links.to(listing_path, md_text(name)),
            previous=previous and links.to(part_path(listing_path, previous), md_text(previous.label)),
            next=following and links.to(part_path(listing_path, following), md_text(following.label)),
            body=_body(context, render_body, path, part.ids),
        )
    return pages


def _body(context: RenderContext, render_body: RenderBody, path: str, ids: Sequence[str]) -> str:
    """The table of page `path`, or the last build's while its papers and rules are equal."""
    return str(context.reuse(f"table:{path}", context.rows_inputs(ids), partial(render_body, path, ids)))
