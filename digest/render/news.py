"""What is new: papers by the day the store first saw them (`added`), the New page, and which
papers the home page calls newest.

The latest week and month count back from the newest `added` date in the store, not from the
day of the build: the site shows what its last update brought, however long after it was built
(a site built a week after the last fetch would otherwise say nothing is new), and a build of
the same records is the same site, which the tests rely on. So its headings carry their dates
("Week to 2026-08-21"), never "this week" or "latest", which a reader months later takes for now,
and the month is what it is, the 30 days to the newest addition, not a calendar month.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from ..derive.corpus import Corpus, Derived
from .columns import COLUMNS
from .context import PageLinks, RenderContext
from .html_table import html_table
from .paths import NEW_PAGE

WEEK, MONTH = 7, 30  # days, counted back from the newest addition, that day included


def by_added(corpus: Corpus, ids: Iterable[str] | None = None) -> list[Derived]:
    """The papers (all, or those of `ids`), most recently added first; a record without `added`
    goes by its publication date, and an undated one last."""
    papers = corpus.papers.values() if ids is None else (corpus.papers[pid] for pid in ids)
    return sorted(papers, key=lambda d: (d.paper.added or d.published or "", d.id), reverse=True)


def on_topic(corpus: Corpus, papers: Iterable[Derived]) -> list[Derived]:
    """Papers in some topic, not only the fallback ("Other GPU work"): what a reader of the
    digest came for."""
    fallback = corpus.taxonomy.fallback.slug
    return [d for d in papers if any(topic != fallback for topic in d.topics)]


@dataclass(frozen=True)
class Period:
    name: str  # its heading: "Week to 2026-08-21"
    anchor: str  # its heading's id, the same whatever the dates: a link to the latest week stays one
    first: str  # its first day, ISO
    last: str
    table: str  # HTML, "" when nothing was added
    count: int


def render_new(context: RenderContext) -> str:
    corpus = context.corpus
    dated = [d for d in by_added(corpus) if d.paper.added]
    if not dated:
        return context.render("new.md.j2", periods=[], newest=None, off_topic=0, other="")
    # Counted back from the newest paper in a topic: a paper in none added later (a curator's
    # `fetch --add` awaiting review) emptied every period of the page's tables.
    newest = dt.date.fromisoformat((on_topic(corpus, dated) or dated)[0].paper.added or "")
    links = context.links(NEW_PAGE, html=True)
    periods, shown_before = [], newest + dt.timedelta(days=1)
    # Dated, not "latest": the newest addition may be months old when a reader comes (a reader's audit).
    headings = (
        (f"Week to {newest.isoformat()}", "latest-week", WEEK),
        (f"Earlier in the {MONTH} days to {newest.isoformat()}", f"earlier-in-the-{MONTH}-days", MONTH),
    )
    for name, anchor, days in headings:
        first = newest - dt.timedelta(days=days - 1)
        papers = [d for d in dated if first <= dt.date.fromisoformat(d.paper.added or "") < shown_before]
        listed = on_topic(corpus, papers)
        # The result beside the paper, as a topic table has it: on a phone the first two columns are
        # what shows, and they were the paper and the day it was added.
        rows = [
            [
                _paper_cell(d, links),
                COLUMNS["headline"].markdown(d, links),
                ", ".join(links.topic(t) for t in d.topics),
                links.text(d.paper.added),
                ", ".join(links.hardware(h) for h in d.hardware),
            ]
            for d in listed
        ]
        table = (
            html_table(
                ["Paper", "Headline result", "Topics", "Added", "Hardware"],
                rows,
                keys=["title", "headline", "topics", "added", "hardware"],
            )
            if rows
            else ""
        )
        periods.append(
            Period(
                name, anchor, first.isoformat(), (shown_before - dt.timedelta(days=1)).isoformat(), table, len(listed)
            )
        )
        shown_before = first
    month = [d for d in dated if shown_before <= dt.date.fromisoformat(d.paper.added or "") <= newest]
    off_topic = len(month) - len(on_topic(corpus, month))
    other = context.links(NEW_PAGE).topic(corpus.taxonomy.fallback.slug)
    return context.render(
        "new.md.j2",
        periods=periods,
        newest=newest.isoformat(),
        off_topic=off_topic,
        other=other,
        last_listing=last_listing(corpus),
    )


def _paper_cell(derived: Derived, links: PageLinks) -> str:
    """The paper's title, as a tag's table names it, then its system where the title does not say
    it: "MHAR", "Molt", "Dion3" alone told a reader scanning what is new nothing of what each is (a
    reader's audit), and "Multi-Head Attention Residuals" alone does not say MHAR."""
    cell = COLUMNS["title"].markdown(derived, links)
    system = derived.system
    if system and system.casefold() not in derived.paper.title.casefold():
        cell += f" ({links.text(system)})"
    return cell


def last_listing(corpus: Corpus) -> str:
    """The day of the newest listing a kept or rejected paper was seen in: how current the digest
    is, which a reader cannot tell from the newest addition alone (a quiet week, or no update?)."""
    papers = [derived.paper for derived in corpus.papers.values()] + [item.paper for item in corpus.rejected]
    return max((source.date for paper in papers for source in paper.sources if source.date), default="")
