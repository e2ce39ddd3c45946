"""The home page: what the digest covers, counts, charts, the newest papers."""

from __future__ import annotations

from .chart_data import papers_per_hardware_and_topic, papers_per_topic_and_year
from .context import RenderContext
from .hardware_pages import kinds_of_hardware
from .markdown import md_text
from .news import by_added, last_listing, on_topic
from .paths import NEW_PAGE

NEWEST_ON_HOME = 10


def render_home(context: RenderContext) -> str:
    source = "index.md"
    links = context.links(source)
    corpus = context.corpus
    topic_rows = [
        [
            links.topic(slug),
            md_text(topic.scope.rstrip(".")),
            str(len(corpus.by_topic.get(slug, []))),
        ]
        for slug, topic in context.topics.items()
    ]
    # What a reader came for: papers in a topic, not the off-topic ones, by when they were added.
    # A date stays on one line: the narrow column broke each at its hyphen ("2026-08-" / "21").
    newest_rows = [
        [links.paper(d.id), _unbroken(d.paper.added or d.published or ""), ", ".join(links.topic(t) for t in d.topics)]
        for d in on_topic(corpus, by_added(corpus))[:NEWEST_ON_HOME]
    ]
    counts = {
        "papers": len(corpus.papers),
        "hardware": kinds_of_hardware(context),
        "systems": sum(1 for d in corpus.papers.values() if d.system),
        # The papers whose page has a Compares against section: a paper of the digest or a
        # catalogue baseline named (a count of links alone left out the catalogue's names).
        "comparing": sum(1 for d in corpus.papers.values() if d.compares_to or d.external_baselines),
    }
    return context.render(
        "home.md.j2",
        counts=counts,
        topic_rows=topic_rows,
        newest_rows=newest_rows,
        new_page=links.to(NEW_PAGE, "New"),
        last_listing=last_listing(corpus),
        chart_figures=_chart_figures(context),
    )


def _chart_figures(context: RenderContext) -> list[tuple[list[str], list[list[str]]]]:
    """Each chart's figures as (headers, rows): papers per year and topic, then per device and
    topic, the topics named as the charts name them (a paper counts once in each of its topics)."""
    slugs = list(context.topics)
    by_year = sorted(papers_per_topic_and_year(context.corpus).items())
    by_hardware = list(papers_per_hardware_and_topic(context.corpus).items())
    return [
        ([first, *slugs], [[md_text(row), *(str(counts.get(slug, 0)) for slug in slugs)] for row, counts in rows])
        for first, rows in (("Year", by_year), ("Device", by_hardware))
    ]


def _unbroken(date: str) -> str:
    """A date cell that wraps around the date, never inside it (docs/css/digest.css)."""
    return f'<span class="digest-nowrap">{md_text(date)}</span>' if date else ""
