"""Everything the digest adds to a site: pages, charts and exports, as {path: text}.

Used two ways: the MkDocs plugin (digest/plugin.py) hands the files to MkDocs, and
`digest pages --out DIR` writes them to a folder (for another renderer, or to inspect).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import jinja2

from ..background import Pending
from ..derive.corpus import Corpus, Memo, no_memo
from ..derive.taxonomy import unknown_columns
from ..evaluate import Evaluation
from ..whole_days_stored import StoredWholeDays
from . import charts
from .bibtex import papers_bib
from .chart_data import papers_per_hardware_and_topic, papers_per_topic_and_year
from .columns import TABLE_COLUMNS
from .context import RenderContext
from .exports import SITE_NAME, atom_feed, papers_csv, papers_json
from .feeds import listing_feeds
from .glossary import render_glossary
from .hardware_pages import hardware_pages, render_hardware_index
from .home import render_home
from .method import render_method
from .nav import render_nav
from .news import render_new
from .paper import paper_page_inputs, render_paper
from .paths import GLOSSARY_PAGE, NEW_PAGE, paper_path
from .review import render_review
from .systems import render_systems
from .tags import render_tags
from .templates import environment
from .topic import render_topic


@dataclass
class Later:
    """Paper pages rendered later by whoever builds them (digest/page_split.py: another process)."""

    choose: Callable[[list[str]], Collection[str]]  # of the paper ids, those left for later
    pages: dict[str, Callable[[], str]] = field(default_factory=dict)  # page path -> its rendering


def render_site(
    corpus: Corpus,
    site_url: str,
    templates: jinja2.Environment | None = None,
    memo: Memo = no_memo,
    evaluation: Callable[[], Evaluation] | None = None,
    *,
    part_size: int | None = None,
    later: Later | None = None,
    measured_earlier: bool = False,
    whole_days: StoredWholeDays | None = None,
) -> dict[str, str]:
    """Every generated file of the site. `memo` may reuse the last build's charts; the Method
    page shows what `evaluation()` gives, when given (`measured_earlier`: on the records as they
    were when a preview started, which the page then says; `whole_days`: the figures `digest eval --days`
    stored, which it shows with the day they were measured); a listing longer than `part_size` rows (default
    listing.PART_SIZE) is split into parts. The paper pages `later` chooses are not among the
    files: `later.pages` says how to render each."""
    problems = unknown_columns(corpus.taxonomy, TABLE_COLUMNS)
    if problems:
        raise problems[0]
    context = RenderContext(corpus, templates or environment(), part_size, memo)
    drawn_charts = home_charts(corpus, memo)
    files = {
        "index.md": render_home(context),
        **render_review(context),
        "hardware/index.md": render_hardware_index(context),
        NEW_PAGE: render_new(context),
        "SUMMARY.md": render_nav(context),
        **render_systems(context),
        **render_tags(context),
    }
    for slug in context.topics:
        files.update(render_topic(context, slug))
    left = set(later.choose(list(corpus.papers))) if later else set()
    for paper_id in corpus.papers:
        page = paper_path(paper_id)
        if later and paper_id in left:
            later.pages[page] = partial(render_paper, context, paper_id)
        else:
            files[page] = memo(page, paper_page_inputs(context, paper_id), partial(render_paper, context, paper_id))
    files.update(hardware_pages(context))
    files[GLOSSARY_PAGE] = render_glossary(context)
    files["papers.json"] = papers_json(corpus, site_url)
    files["papers.csv"] = papers_csv(corpus, site_url)
    files["papers.bib"] = papers_bib(context)
    files["feed.xml"] = atom_feed(corpus, site_url, SITE_NAME)
    files.update(listing_feeds(corpus, site_url, context.feeds, memo))
    # Last: the evaluation and the charts may still be running beside the rest (digest/background.py).
    files["method.md"] = render_method(context, evaluation() if evaluation else None, measured_earlier, whole_days)
    files.update(drawn_charts())
    return files


def home_charts(corpus: Corpus, memo: Memo = no_memo) -> Callable[[], dict[str, str]]:
    """The home page's two charts, started now and drawn on the other core while the pages
    render (digest/background.py): matplotlib takes a quarter of a second per chart, and `mkdocs
    serve` redraws only a chart whose inputs changed."""
    topics = [topic.slug for topic in corpus.taxonomy.topics]
    counts = papers_per_topic_and_year(corpus)
    matrix = papers_per_hardware_and_topic(corpus)
    by_year = partial(charts.papers_per_topic_and_year, counts, topics, "Papers per topic and year")
    by_hardware = partial(
        charts.hardware_by_topic, matrix, topics, f"Papers per device and topic (top {len(matrix)} devices)"
    )
    # Each keyed by its inputs as JSON, which keeps the order of every mapping (the chart shows it).
    # And each for the dark colour scheme too (charts.py).
    drawn: dict[str, Pending[str]] = {
        path: memo(path, json.dumps(inputs), partial(Pending, draw))
        for path, inputs, draw in (
            ("charts/topics-by-year.svg", [counts, topics], by_year),
            ("charts/hardware-by-topic.svg", [matrix, topics], by_hardware),
            ("charts/topics-by-year-dark.svg", [counts, topics], partial(by_year, dark=True)),
            ("charts/hardware-by-topic-dark.svg", [matrix, topics], partial(by_hardware, dark=True)),
        )
    }
    return lambda: {path: pending.result() for path, pending in drawn.items()}


def write_site(files: dict[str, str], out: Path) -> tuple[int, int]:
    """Write `files` under `out`, each atomically, skipping files whose content is unchanged
    (so a watcher sees only real changes). Returns (written, unchanged)."""
    written = unchanged = 0
    for relative, content in sorted(files.items()):
        target = out / relative
        data = content.encode("utf-8")
        if target.is_file() and target.read_bytes() == data:
            unchanged += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, staged = tempfile.mkstemp(dir=target.parent, prefix=".digest-")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(staged, target)
        written += 1
    return written, unchanged
