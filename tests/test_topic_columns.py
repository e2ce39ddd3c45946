"""A topic table leaves out a column that too few of its papers have a value for
(digest/render/topic.py): the values stay on the papers' own pages and in the filter's text.
And a Model scale cell lists its scales largest first, as it sorts."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from digest.build import load_corpus
from digest.render.columns import COLUMNS, CORE_TABLE_COLUMNS
from digest.render.site import render_site
from digest.render.table_keys import magnitude
from digest.render.topic import SPARSE_SHARE, worth_a_column

from .conftest import REPO_DATA
from .page_html import tables


def cells(filled: int, rows: int) -> list[str]:
    return ["x"] * filled + [""] * (rows - filled)


def test_a_column_shows_when_one_row_in_ten_has_a_value():
    assert SPARSE_SHARE == 10
    assert not worth_a_column("gpu_count", cells(9, 100))
    assert worth_a_column("gpu_count", cells(10, 100))
    assert worth_a_column("hardware", cells(1, 9))  # a short table shows what it has
    assert not worth_a_column("hardware", cells(1, 11))
    assert not worth_a_column("code", cells(0, 5))
    assert worth_a_column("code", [])  # no rows: nothing to judge by
    for key in ("system", "title", "headline", "metric", "topics", "arxiv_id"):
        assert key in CORE_TABLE_COLUMNS and worth_a_column(key, cells(0, 100))


@pytest.fixture(scope="module")
def repo_site():
    corpus = load_corpus(REPO_DATA)
    return corpus, render_site(corpus, "https://digest.example/")


LEFT_OUT = re.compile(r"^Columns left out, as fewer than one paper in ten here has a value: (.*)\. Each paper", re.M)


def left_out(page: str) -> dict[str, int]:
    """The columns a topic page says it left out, and how many papers have a value for each."""
    found = LEFT_OUT.search(page)
    if not found:
        return {}
    named = re.findall(r"([^,(]+?) \((\d+) papers?\)", found.group(1))
    return {label.strip(): int(count) for label, count in named}


def test_every_topic_table_shows_only_columns_worth_showing_and_names_the_rest(repo_site):
    corpus, pages = repo_site
    labels = {column.label: column.key for column in COLUMNS.values()}
    checked = 0
    for topic in corpus.taxonomy.topics:
        slug = topic.slug
        page = pages[f"topics/{slug}.md"]
        if "<table" not in page:
            continue  # a topic listed in parts: each part is its own table
        headings, rows = tables(page)[0]
        for heading in headings:
            filled = sum(row[headings.index(heading)] != "–" for row in rows)
            assert labels[heading] in CORE_TABLE_COLUMNS or filled * SPARSE_SHARE >= len(rows), (slug, heading)
        listed = [COLUMNS[key].label for key in topic.columns or ()]
        gone = left_out(page)
        for label, count in gone.items():
            assert label in listed and label not in headings and 0 < count * SPARSE_SHARE < len(rows), (slug, label)
        checked += 1
    assert checked >= 5


def test_a_left_out_columns_values_stay_reachable(repo_site):
    """Where a topic table leaves out a column (too few of its papers have a value: in the store,
    Compares against in kernels and serving), each value is still on the paper's page and in its
    row's filter text."""
    corpus, pages = repo_site
    by_label = {column.label: column for column in COLUMNS.values()}
    checked = 0
    for topic in corpus.taxonomy.topics:
        page = pages[f"topics/{topic.slug}.md"]
        if "<table" not in page:
            continue
        headings, rows = tables(page)[0]
        soup = BeautifulSoup(page, "html.parser")
        for label, count in left_out(page).items():
            column = by_label[label]
            assert label not in headings
            with_value = [pid for pid in corpus.by_topic[topic.slug] if column.value(corpus.papers[pid])]
            assert len(with_value) == count and 0 < count * SPARSE_SHARE < len(rows), (topic.slug, label)
            for pid in with_value:
                row = next(tr for tr in soup.select("tbody tr") if tr.find("a", href=f"../../papers/{pid}/"))
                for item in column.value(corpus.papers[pid]):
                    assert item in pages[f"papers/{pid}.md"], (pid, item)  # the paper's page still says it
                    assert item in row["data-filter"], (pid, item)  # and the filter box finds the row by it
                checked += 1
    assert checked >= 3


def test_model_scale_cells_list_their_scales_largest_first(repo_site):
    """The audit's "1T, 4B, 30B" and "8B, 405B, 70B" read in the abstract's order."""
    corpus, pages = repo_site
    reordered = 0
    for slug in ("parallelism", "offloading", "serving"):
        headings, rows = tables(pages[f"topics/{slug}.md"])[0]
        for row in rows:
            cell = row[headings.index("Model scale")]
            scales = [magnitude(value) or 0.0 for value in cell.split(", ")]
            assert scales == sorted(scales, reverse=True), (slug, cell)
    for pid in corpus.by_topic["parallelism"]:
        values = corpus.papers[pid].values("model_scale")
        reordered += [magnitude(v) or 0.0 for v in values] != sorted(
            (magnitude(v) or 0.0 for v in values), reverse=True
        )
    assert reordered >= 2  # the abstracts' own order is not largest first, so the test can fail
