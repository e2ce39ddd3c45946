"""The built site in a real browser: Debian's Chromium driven by Playwright, headless, against the
site served on 127.0.0.1. Run alone with `pytest -m browser`; screenshots go to
test-output/browser/<test>.png. Needs /usr/bin/chromium (`apt-get install chromium`); never
downloads a browser."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from digest.render.columns import NO_HEADLINE
from digest.render.listing import PART_SIZE
from digest.render.table_keys import gpu_count
from digest.search import load_index
from digest.search import search as digest_search

from .browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CONTENT,
    EMPTY_CELL,
    HEADING_JS,
    VIEWPORT,
    WATCH_SEARCH_WORKER_JS,
    SiteServer,
    Tab,
    assert_sorted,
    column,
    header,
    heading,
    keyed_column,
    path_of,
    result_pages,
    row_states,
    rows,
    search,
    search_and_wait,
    section_links,
    shown_texts,
    sort_by,
    table,
    visible_rows,
    wait_for_page,
    wait_for_result,
)
from .conftest import DATA, REPO, REPO_DATA, mkdocs_build
from .test_relevance import FIRST, RELEVANCE, TOPIC_PAPERS

pytestmark = pytest.mark.browser

SCREENSHOTS = REPO / "test-output" / "browser"


def title_of(paper_id: str) -> str:
    return yaml.safe_load((REPO_DATA / "papers" / f"{paper_id}.yaml").read_text(encoding="utf-8"))["title"]


# ---------------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's Chromium; "
            "install it with `apt-get install chromium` (CI does)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def serve_build(root: Path, env_extra: dict | None = None) -> SiteServer:
    """Bind a port, build the repo's site for that very URL, serve it. Material's instant navigation
    only intercepts links listed in sitemap.xml, whose URLs keep site_url's port: a site built for
    :8000 and served elsewhere falls back to full page loads. So each site is built for its port."""
    server = SiteServer(root / "site")
    result = mkdocs_build(REPO / "mkdocs.yml", root / "site", {"SITE_URL": server.base, **(env_extra or {})})
    if result.returncode != 0:
        server.stop()
        raise AssertionError(result.stderr[-3000:])
    return server.start()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The repo's own site (data/), built for and served on 127.0.0.1:<ephemeral port>."""
    server = serve_build(tmp_path_factory.mktemp("browser-site"))
    yield server
    server.stop()


def open_tab(chromium, base: str, request) -> Tab:
    context = chromium.new_context(viewport=VIEWPORT)
    tab = Tab(context.new_page(), base).attach(context)
    request.addfinalizer(lambda: _screenshot_and_close(tab, context, request.node.name))
    return tab


def _screenshot_and_close(tab: Tab, context, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        tab.page.screenshot(path=str(SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"))
    finally:
        context.close()


@pytest.fixture
def tab(chromium, site, request) -> Tab:
    """A fresh browser context on the repo's site; a screenshot is taken when the test ends."""
    return open_tab(chromium, site.base, request)


# ---------------------------------------------------------------------------------- home and search
def test_home_page_loads_cleanly_and_stays_local(tab):
    tab.goto("")
    tab.page.wait_for_load_state("networkidle")  # the search worker and its index load after the page
    assert heading(tab.page) == "ML Systems Paper Digest"
    assert tab.page.title() == "ML Systems Paper Digest"  # the site name once
    assert any(url.endswith("/search/search_index.json") for url in tab.requests)
    assert any(url.endswith("/js/tables.js") for url in tab.requests)
    assert tab.page.evaluate(SHOWN_CHARTS_JS) == [
        ["charts/topics-by-year.svg#only-light", True],
        ["charts/hardware-by-topic.svg#only-light", True],
    ]
    tab.assert_clean()


# Home's chart images a reader sees (each chart is drawn for either colour scheme): path, loaded.
SHOWN_CHARTS_JS = f"""() => Array.from(document.querySelectorAll('{CONTENT} .digest-chart img'))
    .filter(img => img.getClientRects().length > 0)
    .map(img => [new URL(img.src).pathname.slice(1) + new URL(img.src).hash, img.complete && img.naturalWidth > 0])"""


def test_home_charts_follow_the_colour_scheme(tab):
    """In the dark scheme Home's charts stayed bright white panels (a reader's audit): an <img> is a
    document the page's CSS cannot colour, so each chart is drawn for either scheme and the page
    shows the one of the reader's."""
    page = tab.page
    tab.goto("")
    page.locator("form[data-md-component=palette] label:visible").first.click()  # the header's toggle
    page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
    page.wait_for_function(f"() => ({SHOWN_CHARTS_JS})().every(([, loaded]) => loaded)")
    assert page.evaluate(SHOWN_CHARTS_JS) == [
        ["charts/topics-by-year-dark.svg#only-dark", True],
        ["charts/hardware-by-topic-dark.svg#only-dark", True],
    ]
    # a tap opens the chart the reader sees, and the other scheme's link is no tab stop
    shown_links = f"""() => Array.from(document.querySelectorAll('{CONTENT} .digest-chart a'))
        .filter(a => a.getClientRects().length > 0).map(a => new URL(a.href).pathname.slice(1))"""
    assert page.evaluate(shown_links) == ["charts/topics-by-year-dark.svg", "charts/hardware-by-topic-dark.svg"]
    # the page's own background behind them, not a panel of the chart's
    behind = page.evaluate(f"() => getComputedStyle(document.querySelector('{CONTENT} .digest-chart')).backgroundColor")
    assert behind in ("rgba(0, 0, 0, 0)", "transparent"), behind
    tab.assert_clean()


SCHEME_JS = "() => document.body.getAttribute('data-md-color-scheme')"


def test_the_site_opens_in_the_reader_s_system_scheme_and_remembers_the_toggle(chromium, site, request):
    """A reader's audit: with the browser set to dark the site opened light. It now opens in the
    scheme the system prefers (palette `media` in mkdocs.yml), Home's charts with it; the header's
    toggle still switches, and the reader's choice holds on the next page and after a reload."""
    context = chromium.new_context(viewport=VIEWPORT, color_scheme="dark")
    tab = Tab(context.new_page(), site.base).attach(context)
    request.addfinalizer(lambda: _screenshot_and_close(tab, context, request.node.name))
    page = tab.page
    tab.goto("")
    assert page.evaluate(SCHEME_JS) == "slate"
    page.wait_for_function(f"() => ({SHOWN_CHARTS_JS})().every(([, loaded]) => loaded)")
    assert page.evaluate(SHOWN_CHARTS_JS) == [
        ["charts/topics-by-year-dark.svg#only-dark", True],
        ["charts/hardware-by-topic-dark.svg#only-dark", True],
    ]
    page.locator("form[data-md-component=palette] label:visible").first.click()  # the reader wants light
    page.wait_for_function(f"() => ({SCHEME_JS})() === 'default'")
    page.wait_for_function(f"() => ({SHOWN_CHARTS_JS})().every(([, loaded]) => loaded)")
    assert [path for path, _ in page.evaluate(SHOWN_CHARTS_JS)] == [
        "charts/topics-by-year.svg#only-light",
        "charts/hardware-by-topic.svg#only-light",
    ]
    tab.goto("topics/kernels/")
    assert page.evaluate(SCHEME_JS) == "default"
    page.reload()
    assert page.evaluate(SCHEME_JS) == "default"
    tab.assert_clean()
    # a browser set to light opens light, as before
    light = chromium.new_context(viewport=VIEWPORT, color_scheme="light")
    try:
        light_page = light.new_page()
        light_page.goto(Tab(light_page, site.base).url("topics/kernels/"))
        assert light_page.evaluate(SCHEME_JS) == "default"
    finally:
        light.close()


@pytest.mark.parametrize(
    "query, paper_id, within",
    [
        ("triforce long sequence speculative decoding", "triforce", 3),
        ("heterogeneous speculative decoding CPU GPU", "dovetail", 3),
        ("KV cache offloading", "triforce", 5),  # was 18th, under titles holding two of the three words
        ("ZeRO-Infinity", "zero-infinity", 1),
        ("flashatention", "flashattention-2", 1),  # a typo: retried one letter off
        # an arXiv id as a reader copies it: with its version, or the whole address
        ("2404.11912v2", "triforce", 1),
        ("https://arxiv.org/abs/2404.11912", "triforce", 1),
    ],
)
def test_search_finds_the_paper_and_opens_it(tab, query, paper_id, within):
    tab.goto("")
    search(tab.page, query)
    result = wait_for_result(tab.page, f"/papers/{paper_id}/", within=within)
    assert result.locator("h1").inner_text().strip() == title_of(paper_id)
    result.click()
    wait_for_page(tab.page, f"/papers/{paper_id}/", title_of(paper_id))
    tab.assert_clean()


# `digest search` (digest/search.py, a port of Material's search worker) must rank pages as the
# site's own search box does: the relevance table's queries and the awkward ones of the port.
SEARCH_AGREEMENT = list(
    dict.fromkeys(
        [query for query, _ in RELEVANCE + TOPIC_PAPERS + FIRST]
        + [
            "offload KV cache CPU",  # the most query words first, then the score (search_worker.py)
            "mixture of experts on the GPU",  # stop words ("of", "on", "the") are not counted
            "FlashAttention-2",  # hyphen: the worker sends `flashattention-2*`, an exact and a prefix term
            "kv-cache",
            "“FlashAttention-2”",  # typographic quotes, typed without key events
            '"speculative decoding"',  # a quoted phrase: every word required
            '"memory wall" nvme',
            '"Yuxiong He"',  # a quoted name with a stop word: the index drops "he", so the quotes do too
            '"speculative decoding of the draft"',
            "specul",  # prefixes
            "parall",
            "h10",
            "+nvme -ssd",  # required and excluded words
            "offloading -nvme",
            "offlaoding~1",  # fuzzy
            "flashatention",  # typos: nothing matches as typed, so the words are retried one letter off
            "speculatve decodng",
            "gpu^10 memory",  # term boost
            "(fp8)",  # punctuation the separator cuts
            "zero–infinity",  # en dash
            "the gpu",  # a stop word
            "2024",
            "arXiv:2307.08691v2",  # an arXiv reference, read as the bare id
            "https://arxiv.org/pdf/2307.08691",
            # a number after a word, held where it follows the word (search_worker.py): as the next
            # word of a field (lunr's positions), written onto it, required, fuzzy; a number first
            # or after a stop word is a word of its own
            "Llama 3",
            "flashattention +3",
            "flashattention 3~1",
            "3 flashattention",
            "mamba of 2",
            "ZeRO++",
        ]
    )
)
RESULTS_SHOWN = 10  # the browser renders the first ten pages at once


@pytest.fixture(scope="module")
def search_tab(chromium, site, request) -> Tab:
    """One tab for every agreement query, watching its search worker; the box is cleared between
    queries."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.add_init_script(WATCH_SEARCH_WORKER_JS)
    tab = Tab(context.new_page(), site.base).attach(context)
    request.addfinalizer(lambda: _screenshot_and_close(tab, context, "search_agreement"))
    tab.goto("")
    return tab


@pytest.fixture(scope="module")
def site_index(site):
    return load_index(site.folder)


@pytest.mark.parametrize("query", SEARCH_AGREEMENT)
def test_digest_search_ranks_pages_as_the_search_box_does(search_tab, site_index, query):
    expected = [hit.page for hit in digest_search(site_index, query, limit=RESULTS_SHOWN)]
    assert expected, f"{query!r} finds nothing: agreeing on no results proves nothing"
    search_and_wait(search_tab.page, query)
    assert result_pages(search_tab.page, RESULTS_SHOWN) == expected, (
        f"{query!r}: the search box and digest search rank pages differently; if mkdocs-material was "
        "upgraded, re-check digest/search.py against its search worker"
    )
    assert search_tab.page_errors == []


def test_the_word_automaton_spells_only_the_index_s_words(site_index):
    """lunr's automaton once spelled "2504.03662.12055", which no page holds, and every query
    reaching it threw (digest/search_worker.py mends the worker and lunr.py alike)."""
    lunr_index = site_index.lunr_index
    assert sorted(lunr_index.token_set.to_list()) == sorted(lunr_index.inverted_index)


# ---------------------------------------------------------------------------------- tables
def test_topic_table_sorts_by_a_column_and_the_filter_narrows_rows(tab):
    page = tab.page
    tab.goto("topics/offloading/")
    total = rows(page).count()
    assert total > 5
    assert table(page).locator(".digest-count").inner_text() == f"{total} of {total} rows"

    original = sorted(text for text, _ in row_states(page))
    assert sort_by(page, "Workload") == "ascending"
    assert_sorted(column(page, "Workload"), descending=False)
    assert sort_by(page, "Workload") == "descending"
    assert_sorted(column(page, "Workload"), descending=True)
    assert sorted(text for text, _ in row_states(page)) == original  # the same rows, reordered
    assert header(page, "Paper").get_attribute("aria-sort") == "none"
    # A column with empty cells ("–"): they stay last in both directions.
    assert sort_by(page, "Memory tiers") == "ascending"
    assert_sorted(column(page, "Memory tiers"), descending=False)
    assert sort_by(page, "Memory tiers") == "descending"
    assert_sorted(column(page, "Memory tiers"), descending=True)

    box = table(page).locator("input.digest-filter")
    box.press_sequentially("inference")
    shown = visible_rows(page).count()
    assert 0 < shown < total
    assert table(page).locator(".digest-count").inner_text() == f"{shown} of {total} rows"
    assert all(visible == ("inference" in text) for text, visible in row_states(page))  # shown iff it matches

    box.fill("gpu hbm nvme")  # several words: a row is shown iff it holds every one, anywhere
    states = row_states(page)
    assert 0 < sum(visible for _, visible in states) < total
    assert all(visible == all(word in text for word in ("gpu", "hbm", "nvme")) for text, visible in states)

    box.fill("no such paper anywhere")
    assert visible_rows(page).count() == 0
    assert table(page).locator(".digest-count").inner_text() == f"0 of {total} rows"

    box.fill("")
    assert visible_rows(page).count() == total
    assert table(page).locator(".digest-count").inner_text() == f"{total} of {total} rows"
    tab.assert_clean()


def test_system_names_sort_alphabetically(tab):
    tab.goto("topics/offloading/")
    sort_by(tab.page, "Paper")
    assert_sorted(column(tab.page, "Paper"), descending=False)


HEDGED = re.compile(
    r"^(?:(?:up to|over|about|around|nearly|near|almost|more than|at least)\s+)?[~≈<>+]?\s*(\d+(?:\.\d+)?)"
)


def test_headlines_sort_within_their_metric_and_unit_by_their_key_hedged_or_not(tab):
    """A headline ranks among those of its metric and unit class ("156 TFLOPS" is no more than a
    "29.2× speedup", "73% lower" no more than "1 minute less"), then by the key the digest wrote,
    else by its number: 'over 5×' sorts as 5, among the numbers, not after them as text; a
    percentage speedup by its multiplier ('1.60–1.85× (60–85% faster)'), not as 60."""
    tab.goto("topics/serving/")
    assert sort_by(tab.page, "Headline result") == "ascending"
    headlines = column(tab.page, "Headline result")
    shown = [
        (metric, cell)
        for metric, cell in zip(column(tab.page, "Metric"), headlines, strict=True)
        if cell not in ("", EMPTY_CELL, NO_HEADLINE)
    ]
    # A headline a curator read as none ("none stated") sorts with the empty cells, last both ways.
    assert NO_HEADLINE in headlines and set(headlines[len(shown) :]) <= {"", EMPTY_CELL, NO_HEADLINE}
    metrics = [metric for metric, _ in shown]
    assert len(set(metrics)) > 2, metrics
    keyed = [cell for cell in keyed_column(tab.page, "Headline result") if cell[0] not in ("", EMPTY_CELL, NO_HEADLINE)]
    runs = [group for index, (_, group, _) in enumerate(keyed) if index == 0 or keyed[index - 1][1] != group]
    assert len(runs) == len(set(runs)) > len(set(metrics)), runs  # each class's rows together, a metric's apart
    assert runs == group_order(tab.page), runs  # in the headline rule's order (speedups first), not by name
    cells = [text for text, _, _ in keyed]
    assert any(
        re.match(r"(?:over|about|near) \d", cell) for cell in cells
    )  # the repo's serving table has hedged values
    for group in runs:
        numbers = [
            float(key) if key else (float(m.group(1)) if (m := HEDGED.match(text.replace(",", ""))) else None)
            for text, shown_group, key in keyed
            if shown_group == group
        ]
        counted = [n for n in numbers if n is not None]
        assert numbers[: len(counted)] == counted, group  # every number before any text
        assert counted == sorted(counted), group
    assert not any(re.match(r"\d+(?:\.\d+)?[–-]\d+(?:\.\d+)?% speedup", cell) for cell in cells)
    assert sort_by(tab.page, "Headline result") == "descending"
    headlines = column(tab.page, "Headline result")
    assert set(headlines[len(shown) :]) <= {"", EMPTY_CELL, NO_HEADLINE} and NO_HEADLINE in headlines


def group_order(page) -> list[str]:
    """The headline column's groups as the digest ranks them (data-group-rank, then name)."""
    cells = page.evaluate(
        """() => Array.from(document.querySelectorAll('.md-content article .digest-table td[data-group]'))
             .map(td => [Number(td.getAttribute('data-group-rank')), td.getAttribute('data-group')])"""
    )
    return [group for _, group in sorted({(rank, group) for rank, group in cells})]


def group_runs(page) -> list[str]:
    keyed = [cell for cell in keyed_column(page, "Headline result") if cell[1]]
    return [group for index, (_, group, _) in enumerate(keyed) if index == 0 or keyed[index - 1][1] != group]


def test_a_sorted_headline_column_opens_on_its_largest_speedups_either_way(tab):
    """A reader's audit: sorted descending, the kernels table opened on "97.3% of FlashAttention-2's
    efficiency", "24 fps" and "0.55–0.88× of the baseline's training throughput", the speedups only
    after them (groups by name, the order flipped with the direction), and "2× to >1000×" ranked as
    2×, "15–50×" as 15×. The groups now keep the headline rule's order both ways (speedups, then
    gains in throughput, reductions, ..., rates, absolute figures, scores), a range ranks by its upper
    end, and a ratio of the baseline's throughput is groups apart from a rate in frames a second."""
    page = tab.page
    tab.goto("topics/kernels/")
    assert sort_by(page, "Headline result") == "ascending"
    ascending = group_runs(page)
    assert sort_by(page, "Headline result") == "descending"
    assert group_runs(page) == ascending == group_order(page), (group_runs(page), ascending)
    assert ascending[0] == "speedup", ascending
    cells = column(page, "Headline result")
    assert cells[0].startswith("2× to >1000×") and cells[1].startswith("up to 179×"), cells[:3]
    assert (
        cells.index(next(c for c in cells if c.startswith("up to 58×")))
        < cells.index(next(c for c in cells if c.startswith("15–50×")))
        < cells.index(next(c for c in cells if c.startswith("up to 47.26×")))
    ), cells[:8]
    ratio, rate = "throughput · factor", "throughput · frames/s"
    assert ratio in ascending and rate in ascending and ascending.index(rate) - ascending.index(ratio) > 1, ascending
    # the Metric column in the same order: speedups first
    assert sort_by(page, "Metric") == "ascending"
    metrics = [metric for metric in column(page, "Metric") if metric not in ("", EMPTY_CELL)]
    order = ["speedup", "throughput", "latency", "memory", "energy", "cost", "scale", "utilization", "quality"]
    assert metrics == sorted(metrics, key=order.index) and metrics[0] == "speedup", metrics
    # a tag's and a hardware's listing alike
    for path in ("tags/kv-cache/", "hardware/h100/"):
        tab.goto(path)
        assert sort_by(page, "Headline result") == "ascending"
        ascending = group_runs(page)
        assert sort_by(page, "Headline result") == "descending"
        assert group_runs(page) == ascending == group_order(page) and ascending[0] == "speedup", (path, ascending)
    tab.assert_clean()


def test_headlines_sort_on_their_unit_s_scale_not_by_their_first_number(tab):
    """'502 PFLOPS' sorts above '>25 PFLOPS', and '314K GPU hours' above '442 GPU hours'; '73% lower'
    latency is the 3.7× cut it is, between the ×-factors around 3.7, not above '~70×'; '77% lower cost'
    beside '4.4× fewer FLOPs'; a rate in frames a second is not ranked among FLOP/s; 'near 2×' sorts
    with the 2× speedups. (Units of one kind across prefixes, TFLOPS below PFLOPS, are
    test_headline_keys.py's: no table of the store holds both now.)"""

    def ascending(path: str) -> list[str]:
        tab.goto(path)
        assert sort_by(tab.page, "Headline result") == "ascending"
        return column(tab.page, "Headline result")

    def at(cells: list[str], start: str) -> int:
        return next(index for index, cell in enumerate(cells) if cell.startswith(start))

    cells = ascending("topics/parallelism/")
    low, high, frames = at(cells, ">25 PFLOPS"), at(cells, "502 PFLOPS"), at(cells, "20 FPS")
    assert low < high and not low < frames < high, cells
    assert sort_by(tab.page, "Headline result") == "descending"
    cells = column(tab.page, "Headline result")
    assert at(cells, "502 PFLOPS") < at(cells, ">25 PFLOPS"), cells

    cells = ascending("topics/other/")
    assert at(cells, "~1 GPU hour") < at(cells, "442 GPU hours") < at(cells, "314K GPU hours"), cells

    cells = ascending("topics/serving/")
    cut = at(cells, "up to 73% lower median E2E latency")
    latency = re.compile(r"^(?:up to )?~?(\d+(?:\.\d+)?)× (?:lower latency|latency reduction)")
    factors = [(index, float(m.group(1))) for index, cell in enumerate(cells) if (m := latency.match(cell))]
    below = [factor for index, factor in factors if index < cut]
    above = [factor for index, factor in factors if index > cut]
    assert below and above and max(below) <= 1 / (1 - 0.73) <= min(above), cells
    assert 70.0 in above, cells  # "~70×" above, not below as 70 < 73
    assert abs(at(cells, "up to 77% lower cost") - at(cells, "up to 4.4× fewer FLOPs")) == 1, cells
    near = at(cells, "near 2×")
    ranged = re.compile(HEDGED.pattern + r"(?:[–-](\d+(?:\.\d+)?))?")  # a range by its upper end
    beside = [float(m.group(2) or m.group(1)) for cell in cells[near - 1 : near + 2 : 2] if (m := ranged.match(cell))]
    assert beside[0] <= 2.0 <= beside[1], cells[near - 1 : near + 2]
    tab.assert_clean()


SCALE = re.compile(r"(\d+(?:\.\d+)?)([KMBT])\+?$|(billion|trillion)-scale$")
SCALE_UNITS = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12, "billion": 1e9, "trillion": 1e12}


def largest_parameters(cell: str) -> float:
    """The largest scale a Model scale cell lists ("10T+, 1T" 1e13), read here apart from the
    digest's own reading (digest/render/table_keys.py), which the cells' data-sort carry."""
    found = [SCALE.match(value.strip()) for value in cell.split(",")]
    return max(
        float(m.group(1)) * SCALE_UNITS[m.group(2)] if m.group(1) else SCALE_UNITS[m.group(3)] for m in found if m
    )


def test_model_scales_sort_by_magnitude_not_by_leading_number(tab):
    """'1T' sorts above '175B' and '8.3B' below '70B'; a cell of several scales by its largest, and
    'trillion-scale, 1T' with the trillions, not at the top as a word."""
    tab.goto("topics/parallelism/")
    for direction in ("ascending", "descending"):
        assert sort_by(tab.page, "Model scale") == direction
        cells = column(tab.page, "Model scale")
        filled = [cell for cell in cells if cell not in ("", EMPTY_CELL)]
        assert cells[: len(filled)] == filled  # empty cells stay last
        magnitudes = [largest_parameters(cell) for cell in filled]
        assert magnitudes == sorted(magnitudes, reverse=direction == "descending"), filled
    assert any("T" in cell for cell in filled) and any("B" in cell for cell in filled)  # the repo's table mixes units
    assert filled.index("175B") > max(i for i, cell in enumerate(filled) if cell.endswith("T") or "T," in cell)
    tab.assert_clean()


def test_the_published_column_tells_months_apart_and_sorts_by_the_day(tab):
    """The serving table showed '2025' on most rows: its papers of the last few months could not be
    picked out. Its date column shows the month, the day in the cell's title, and sorts by the day;
    gorgo's year alone ('2026') after that year's dated papers, newest first, as the page lists them."""
    page = tab.page
    tab.goto("topics/serving/")
    listed = keyed_column(page, "Published")
    assert all(re.fullmatch(r"\d{4}(?:-\d{2})?", text) for text, _, _ in listed), listed
    assert len({text for text, _, _ in listed}) > 10  # months, not a handful of years
    keys = [float(key or 0) for _, _, key in listed]
    assert keys == sorted(keys, reverse=True)  # listed newest first
    titles = table(page).locator("td time").evaluate_all("cells => cells.map(c => [c.textContent, c.title])")
    assert titles and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", day) and day.startswith(month) for month, day in titles)
    for direction in ("ascending", "descending"):
        assert sort_by(page, "Published") == direction
        cells = keyed_column(page, "Published")
        keys = [float(key or 0) for _, _, key in cells]
        assert keys == sorted(keys, reverse=direction == "descending"), direction
    texts = [text for text, _, _ in cells]
    assert texts.index("2026") == max(i for i, text in enumerate(texts) if text.startswith("2026")), texts
    tab.assert_clean()


@pytest.mark.parametrize("path", ["topics/offloading/", "tags/kv-cache/", "hardware/h100/"])
def test_a_listing_s_date_heading_says_the_table_comes_newest_first(tab, path):
    """The page says "Newest published first", yet every heading showed unsorted (↕): nothing on the
    table told the reader its order, and a reader back from sorting by another column could not
    see which click restores it. The date heading shows descending until the reader sorts."""
    page = tab.page
    tab.goto(path)
    assert "Newest published first" in page.locator(CONTENT).inner_text()
    sorts = (
        table(page)
        .locator("thead th")
        .evaluate_all("cells => cells.map(th => [th.textContent.trim(), th.getAttribute('aria-sort')])")
    )
    assert [label for label, state in sorts if state != "none"] == ["Published"], sorts
    assert dict(sorts)["Published"] == "descending"
    assert sort_by(page, "Published") == "ascending"  # the one click that reverses what it shows
    keys = [float(key or 0) for _, _, key in keyed_column(page, "Published") if key]
    assert keys == sorted(keys), keys
    tab.assert_clean()


def test_the_filter_finds_rows_by_the_title_and_tags_they_do_not_show(tab):
    """The serving table shows a system's short name; a paper tagged speculative-decoding is found
    by 'speculative' though no cell of its row says it."""
    page = tab.page
    tab.goto("topics/serving/")
    total = rows(page).count()
    table(page).locator("input.digest-filter").press_sequentially("speculative")
    states = row_states(page)
    assert all(visible == ("speculative" in text) for text, visible in states)  # shown iff title, tags or cells say it
    shown = shown_texts(page)
    assert len(shown) == visible_rows(page).count() > 10
    assert table(page).locator(".digest-count").inner_text() == f"{len(shown)} of {total} rows"
    assert sum("speculative" not in text for text in shown) >= 5  # found by what the row does not show
    tab.assert_clean()


# The papers of each row shown, by their ids.
SHOWN_IDS_JS = """() => Array.from(document.querySelectorAll('.md-content article .digest-table tbody tr'))
    .filter(row => !row.hidden).map(row => row.cells[0].querySelector('a').getAttribute('href').split('/').slice(-2)[0])"""


def test_a_topic_table_shows_and_filters_by_its_papers_other_topics(tab):
    """A reader's audit: "kernel" and "GPU kernels" in Serving's filter box read "0 of 119 rows",
    though five serving papers are kernels papers too; a topic table has no Topics column. A row now
    says "also in: GPU kernels" under its paper's name, a link to that topic, and the filter finds it."""
    from digest.build import load_corpus

    corpus = load_corpus(REPO_DATA)  # the data the site is built from
    both = sorted(set(corpus.by_topic["serving"]) & set(corpus.by_topic["kernels"]))
    assert len(both) >= 3
    page = tab.page
    tab.goto("topics/serving/")
    total = rows(page).count()
    box = table(page).locator("input.digest-filter")
    for query in ("kernel", "GPU kernels"):
        box.fill(query)
        assert sorted(page.evaluate(SHOWN_IDS_JS)) == both, query
        assert table(page).locator(".digest-count").inner_text() == f"{len(both)} of {total} rows"
    assert box.get_attribute("placeholder") == "Filter by any word, tag or other topic…"  # it says so
    row = rows(page).filter(visible=True).first
    also = row.locator(".digest-also")
    assert also.inner_text().startswith("also in: ") and "GPU kernels" in also.inner_text()
    also.get_by_role("link", name="GPU kernels").click()
    wait_for_page(page, "/topics/kernels/", "GPU kernels")
    tab.assert_clean()


def test_filtering_by_a_catalogued_baseline_finds_the_rows_that_compare_against_it(tab):
    """A reader asked which papers compare against vLLM and got nothing: the systems papers compare
    against most are no paper of the digest. The baseline catalogue (data/baselines.yaml) names
    them in the Compares against cell, as plain muted text: where the column is shown (kernels),
    'cuBLAS' shows exactly the rows whose cell names it; where it is left out (serving, 10 of 119
    rows), the filter still finds the rows by it."""
    page = tab.page
    tab.goto("topics/kernels/")
    compared = column(page, "Compares against")
    naming = [index for index, text in enumerate(compared) if "cuBLAS" in text]
    assert len(naming) >= 2, compared
    outside = table(page).locator("tbody td .digest-outside", has_text="cuBLAS")
    assert outside.count() == len(naming) and outside.first.get_attribute("title").startswith("Not in the digest: ")
    assert table(page).locator("tbody td a", has_text="cuBLAS").count() == 0  # no link: no page of its own
    table(page).locator("input.digest-filter").fill("cuBLAS")
    states = row_states(page)
    shown = [index for index, (_, visible) in enumerate(states) if visible]
    assert set(naming) <= set(shown) and all("cublas" in states[index][0] for index in shown), states
    tab.goto("topics/serving/")
    assert "Compares against" not in [text.strip() for text in table(page).locator("thead th").all_inner_texts()]
    table(page).locator("input.digest-filter").fill("vLLM")
    shown = shown_texts(page)
    for system in ("nexus", "sarathi-serve"):
        assert any(system in text for text in shown), (system, shown)
    tab.assert_clean()


def test_the_filter_finds_an_offloading_paper_by_what_it_offloads(tab):
    """A reader's audit: over the offloading table 'optimizer' and 'optimizer state' found 0 of 18
    rows, though ZeRO-Offload, ZeRO-Infinity and Fuyou offload optimizer state, and no column said
    what a paper offloads. The Offloads column says it, and the filter finds a row by it."""
    page = tab.page
    tab.goto("topics/offloading/")
    total = rows(page).count()
    papers, offloads = column(page, "Paper"), column(page, "Offloads")
    box = table(page).locator("input.digest-filter")
    for query, value in (
        ("optimizer", "optimizer state"),
        ("optimizer state", "optimizer state"),
        ("weights", "weights"),
    ):
        box.fill(query)
        states = row_states(page)
        found = [paper for paper, (_, visible) in zip(papers, states, strict=True) if visible]
        assert found == [paper for paper, cell in zip(papers, offloads, strict=True) if value in cell], query
        assert table(page).locator(".digest-count").inner_text() == f"{len(found)} of {total} rows"
        if value == "optimizer state":
            assert {"ZeRO-Offload", "ZeRO-Infinity", "Fuyou"} <= set(found) and len(found) < total, found
    assert "PowerInfer-2" in found and len(found) >= 3, found  # weights streamed from a phone's storage, and others
    tab.assert_clean()


def test_the_filter_finds_plurals_words_run_together_architectures_and_tag_names(tab):
    """Over the serving table 'kv cache' found 21 rows, yet 'KV caches' and 'kvcache' none; 'hopper'
    none though rows list H100 and H20; 'mixture-of-experts' none where rows say MoE. A query word
    finds its singular, words match written apart, hyphenated or together, and a row is found by
    its hardware's architecture and its tags' names."""
    page = tab.page
    tab.goto("topics/serving/")
    box = table(page).locator("input.digest-filter")

    def found(query: str) -> list[str]:
        box.fill(query)
        return shown_texts(page)

    kv = found("kv cache")
    assert len(kv) > 10
    for query in ("KV caches", "kvcache", "kv-cache", "KV-Caches", "kv_cache"):
        assert found(query) == kv, query
    assert found("gpus") == found("gpu") and len(found("gpu")) < len(found(""))
    hopper = {
        entry["name"].lower()
        for entry in yaml.safe_load((REPO_DATA / "hardware.yaml").read_text(encoding="utf-8"))
        if entry.get("arch") == "Hopper"
    }
    shown = found("hopper")
    assert len(shown) >= 3 and len(hopper) >= 5
    assert all(any(device in text for device in hopper | {"hopper"}) for text in shown), shown  # a row's devices
    moe = found("moe")
    assert moe and set(moe) <= set(found("mixture-of-experts")) and set(moe) <= set(found("mixture of experts"))
    tab.assert_clean()


def test_the_filter_never_joins_the_end_of_one_word_to_the_next(tab):
    """'kv' over the serving table found DSpark ('DeepSeek-V4' read as 'deepseekv4') and a cost
    headline ('$22K vs'): a query word is found inside a word, or across words from the start of one."""
    page = tab.page
    tab.goto("topics/serving/")
    table(page).locator("input.digest-filter").fill("kv")
    separator = r"[\s\-\u2010\u2011_]+"
    states = row_states(page)
    expected = [bool(re.search(rf"kv|(?:^|{separator})k{separator}v", text)) for text, _ in states]
    assert [visible for _, visible in states] == expected
    joined_only = [
        text
        for (text, _), shown in zip(states, expected, strict=True)
        if not shown and "kv" in re.sub(separator, "", text)
    ]
    assert joined_only, "no row of the serving table ends a word in k before a word in v: the test shows nothing"
    tab.assert_clean()


def test_the_filter_reads_a_row_s_content_not_its_link_labels_and_finds_a_word_s_other_forms(tab):
    """Over the serving table 'PD' (prefill-decode) showed 119 of 119 rows, each found by its 'PDF'
    link, and 'disaggregation' found 1 row where 'disaggregated' found 4 (a reader's audit). The
    labels of the links that leave the site (PDF, HF, code) are not searched, the paper's own link
    and its arXiv id are; a longer query word less a common ending ('-ation', '-ed') is found from the start of a word."""
    page = tab.page
    tab.goto("topics/serving/")
    box = table(page).locator("input.digest-filter")
    labels = table(page).locator("tbody a[href^='http']").all_inner_texts()
    assert labels.count("PDF") == rows(page).count() > 50  # every row has one: each was found by it
    box.fill("PD")
    separator = r"[\s\-\u2010\u2011_]+"
    states = row_states(page)  # each row's content, its link labels left out
    expected = [bool(re.search(rf"pd|(?:^|{separator})p{separator}d", text)) for text, _ in states]
    assert [visible for _, visible in states] == expected
    assert 0 < sum(expected) < len(states) / 10  # the rows that say PD, not every row
    box.fill("pdf")
    assert visible_rows(page).count() == 0  # no row says PDF but in its link
    box.fill("ELDR")  # the paper's own link is its content
    assert [text[:4] for text in shown_texts(page)] == ["eldr"]
    arxiv_id = table(page).locator("tbody tr").first.locator("a[href*='arxiv.org/abs/']").first.inner_text()
    box.fill(arxiv_id)  # an arXiv id, a link out, still finds its paper
    assert len(shown_texts(page)) == 1 and arxiv_id in shown_texts(page)[0]

    def found(query: str) -> list[str]:
        box.fill(query)
        return shown_texts(page)

    disaggregated = found("disaggregated")
    assert len(disaggregated) >= 4
    assert found("disaggregation") == disaggregated
    assert found("Disaggregations") == disaggregated
    said = [text for text, visible in row_states(page) if visible]
    assert any("disaggregation" in text and "disaggregated" not in text for text in said)  # found by the other form
    assert any("disaggregated" in text and "disaggregation" not in text for text in said)
    # a short word keeps its ending: 'serves' is not cut to 'serv' and found in every 'serving'
    assert len(found("served")) < len(found("serv"))
    # what is left of a word is found only with an ending of those cut: 'generation' finds 'generated', not 'generative'
    generation = found("generation")
    assert generation == found("generated")
    form = re.compile(r"generat(?:ions?|ed|es?|ing|ors?)\b")
    assert all(form.search(text) for text, visible in row_states(page) if visible)  # in its title, if not its cells
    assert set(generation) < set(found("gener"))  # 'Generative AI' is another word
    tab.assert_clean()


def test_instant_navigation_keeps_table_sorting_working(tab):
    page = tab.page
    tab.goto("")
    page.wait_for_load_state("networkidle")  # Material fetches sitemap.xml, which instant navigation needs
    page.evaluate("window.__marker = 1")
    sidebar = page.locator("nav.md-nav--primary")
    sidebar.locator("label.md-nav__link", has_text="Topics").click()  # expand the Topics section

    names = {}
    for slug in ("offloading", "other"):
        link = sidebar.locator(f"a.md-nav__link[href$='/topics/{slug}/']")
        names[slug] = link.inner_text().strip()
        link.click()
        wait_for_page(page, f"/topics/{slug}/", names[slug])
        table(page).locator(".digest-count").wait_for()  # tables.js ran on the swapped-in content
        assert page.evaluate("window.__marker") == 1, "the page reloaded: navigation was not instant"
        assert table(page).locator(".digest-count").count() == 1
        assert sort_by(page, "Workload") == "ascending"
        assert_sorted(column(page, "Workload"), descending=False)
        assert sort_by(page, "Workload") == "descending"
        assert_sorted(column(page, "Workload"), descending=True)

    page.go_back()  # history too is instant, and the table works again
    wait_for_page(page, "/topics/offloading/", names["offloading"])
    table(page).locator(".digest-count").wait_for()
    assert page.evaluate("window.__marker") == 1
    assert sort_by(page, "Workload") == "ascending"
    assert_sorted(column(page, "Workload"), descending=False)
    table(page).locator("input.digest-filter").press_sequentially("training")
    assert 0 < visible_rows(page).count() < rows(page).count()
    tab.assert_clean()


# ---------------------------------------------------------------------------------- cross-links
FUYOU = "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"


def test_compares_against_and_compared_by_link_real_pages(tab):
    page = tab.page
    tab.goto(f"papers/{FUYOU}/")
    assert heading(page) == title_of(FUYOU)
    compares = section_links(page, "compares-against")
    assert [path_of(href) for href, _ in compares] == ["/papers/zero-infinity/"]  # its baseline
    assert compares[0][1] == title_of("zero-infinity")

    page.locator(f"{CONTENT} h2#compares-against ~ ul a", has_text=title_of("zero-infinity")).first.click()
    wait_for_page(page, "/papers/zero-infinity/", title_of("zero-infinity"))
    compared_by = section_links(page, "compared-by")
    assert f"/papers/{FUYOU}/" in [path_of(href) for href, _ in compared_by]

    page.locator(f"{CONTENT} h2#compared-by ~ ul a", has_text=title_of(FUYOU)).first.click()
    wait_for_page(page, f"/papers/{FUYOU}/", title_of(FUYOU))
    tab.goto("papers/fastattention/")  # names FlashAttention2 as what it extends, not as a baseline
    assert section_links(page, "compares-against") == []
    tab.assert_clean()


def test_a_paper_s_term_opens_the_glossary_at_its_entry(tab):
    """The Terms line was plain text and no page listed the terms (a reader's audit): a term links
    its Glossary entry, which opens scrolled to it, below the header, listing the paper back."""
    page = tab.page
    tab.goto("papers/zero-infinity/")
    page.locator(f"{CONTENT} p a", has_text="NVMe (non-volatile memory express)").click()
    wait_for_page(page, "/glossary/", "Glossary")
    assert urlsplit(page.url).fragment == "nvme"
    page.wait_for_function(
        """() => {
            const entry = document.getElementById('nvme').getBoundingClientRect();
            const header = document.querySelector('.md-header').getBoundingClientRect();
            return entry.top >= header.bottom - 1 && entry.bottom <= innerHeight && entry.top < innerHeight / 3;
        }""",
        timeout=5_000,
    )
    assert page.locator(f"{CONTENT} h3#nvme").inner_text().startswith("NVMe (non-volatile memory express)")
    papers = page.locator(f"{CONTENT} h3#nvme + .digest-glossary-papers a")
    assert "ZeRO-Infinity" in papers.all_inner_texts()
    papers.filter(has_text="ZeRO-Infinity").click()
    wait_for_page(page, "/papers/zero-infinity/", title_of("zero-infinity"))
    tab.assert_clean()


def test_context_values_are_shown_apart_from_the_papers_own(tab):
    page = tab.page
    tab.goto("papers/zero-infinity/")
    facts = page.locator(f"{CONTENT} h2#facts ~ div table").first
    own = " ".join(facts.locator("tbody td:last-child").all_inner_texts())
    context = page.locator(f"{CONTENT} h3#context-from-the-abstract + p + div.digest-context")
    assert context.count() == 1, "no context list after the facts table"
    listed = " ".join(context.locator("li").all_inner_texts())
    # The motivation paragraph's values: listed as context, never among the paper's own facts.
    for value in ("800 GPUs", "16 GB", "80 GB", ">1000× increase"):
        assert value in listed and value not in own, value
    assert "512 GPUs" in own and "25 PFLOPS" in own and "512 GPUs" not in listed
    # Visibly different: set off by a rule, in a lighter colour, its marks not highlighted.
    border = context.evaluate("d => getComputedStyle(d).borderLeftStyle")
    colours = context.evaluate("d => [getComputedStyle(d).color, getComputedStyle(d.closest('article')).color]")
    assert border == "solid" and colours[0] != colours[1]
    mark = context.locator("mark").first
    assert mark.evaluate("m => getComputedStyle(m).backgroundColor") in ("rgba(0, 0, 0, 0)", "transparent")
    # And in no table column: the offloading table's GPU column and headline are the paper's own.
    tab.goto("topics/offloading/")
    system = page.locator("td:first-child > a", has_text=re.compile(r"^\s*ZeRO-Infinity\s*$"))  # not its "also in"
    row = table(page).locator("tbody tr").filter(has=system).first.inner_text()
    assert "800" not in row and "16 GB" not in row and ">25 PFLOPS" in row
    tab.assert_clean()


@pytest.mark.parametrize("paper_id", ["fastattention", "triforce", "zero-infinity"])
def test_related_papers_lead_to_real_pages(tab, paper_id):
    page = tab.page
    tab.goto(f"papers/{paper_id}/")
    page.wait_for_load_state("networkidle")  # sitemap.xml loaded: clicks navigate instantly
    related = section_links(page, "related-papers")
    assert related, f"{paper_id} lists no related paper"
    for href, text in related:
        path = path_of(href)
        assert path.startswith("/papers/") and path != f"/papers/{paper_id}/" and href.startswith(tab.base), href
        link = page.locator(f"{CONTENT} h2#related-papers ~ ul a[href^='{tab.base}{path.lstrip('/')}']").first
        with page.expect_response(lambda response, path=path: path_of(response.url) == path) as response:
            link.click()
        assert response.value.status == 200, href
        wait_for_page(page, path, text)  # the page is the paper the link names
        page.go_back()
        wait_for_page(page, f"/papers/{paper_id}/", title_of(paper_id))
    tab.assert_clean()


def test_facts_show_each_sentence_once_with_its_values_highlighted(tab):
    page = tab.page
    tab.goto("papers/fastattention/")
    facts = page.locator(f"{CONTENT} h2#facts ~ div table").first  # Material wraps tables
    assert facts.locator("th").all_inner_texts() == ["Sentence", "Extracted"]
    abstract = " ".join(page.locator(f"{CONTENT} h2#abstract + p").inner_text().split())
    sentences = facts.locator("tbody td:first-child").all_inner_texts()
    assert len(sentences) == len(set(sentences)) > 3  # each sentence once
    speedup_rows = 0
    for row in facts.locator("tbody tr").all():
        sentence, extracted = (" ".join(cell.split()) for cell in row.locator("td").all_inner_texts())
        assert sentence in abstract or sentence == title_of("fastattention").replace("  ", " "), sentence
        marks = row.locator("td:first-child mark")
        assert marks.count(), f"nothing highlighted in: {sentence}"
        for mark in marks.all():  # what a mark says it is, the row's values name
            assert all(kind in extracted for kind in mark.get_attribute("title").split(", ")), (sentence, extracted)
            background = mark.evaluate("m => getComputedStyle(m).backgroundColor")
            assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "a mark the reader cannot see"
        if "Speedup" in extracted:  # the figure is read from the words highlighted: "10.7times" -> 10.7×
            speedup_rows += 1
            number = re.search(r"Speedup (?:up to )?([\d.]+)×", extracted).group(1)
            assert any(number in text for text in marks.all_inner_texts()), (extracted, marks.all_inner_texts())
    assert speedup_rows == 4
    tab.assert_clean()


def test_same_hardware_is_one_line_per_hardware_linking_to_its_page(tab):
    page = tab.page
    tab.goto("papers/fastattention/")
    page.wait_for_load_state("networkidle")  # sitemap.xml loaded: the click navigates instantly
    lines = page.locator(f"{CONTENT} h2#same-hardware + ul > li").all_inner_texts()
    assert lines, "fastattention names hardware other papers name too"
    name, others = re.fullmatch(r"(.+) · (\d+) other papers?", lines[0].strip()).groups()
    links = section_links(page, "same-hardware")
    assert len(links) == len(lines) and links[0][1] == name  # one link per line: the hardware, no paper titles
    assert all(path_of(href).startswith("/hardware/") for href, _ in links)
    page.locator(f"{CONTENT} h2#same-hardware + ul a", has_text=name).first.click()
    wait_for_page(page, path_of(links[0][0]), name)
    total = table(page).locator(".digest-count").inner_text()  # the hardware page lists them all
    assert total == f"{int(others) + 1} of {int(others) + 1} rows"
    assert "/papers/fastattention/" in [
        path_of(href) for href in rows(page).locator("a").evaluate_all("links => links.map(a => a.href)")
    ]
    tab.assert_clean()


# ---------------------------------------------------------------------------------- split listings
LARGE_N = 1400  # enough papers that a topic (about 18% of them each), Systems A–Z and a tag outgrow
# one table (listing.PART_SIZE)


@pytest.fixture(scope="module")
def large_site(tmp_path_factory):
    """A generated corpus (benchmarks/generate.py) large enough for listings to be split into parts."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    import generate

    root = tmp_path_factory.mktemp("browser-large")
    generate.build_store(LARGE_N, root / "corpus")
    server = serve_build(root, {"DIGEST_DATA": str(root / "corpus" / "data")})
    yield server
    server.stop()


@pytest.fixture
def large_tab(chromium, large_site, request) -> Tab:
    return open_tab(chromium, large_site.base, request)


def first_part(page) -> str:
    """The path of the first part a split listing's page links (its list of parts)."""
    links = page.locator(f"{CONTENT} li a").evaluate_all("links => links.map(a => a.href)")
    assert links, f"{page.url} lists no parts: not split at {LARGE_N} papers"
    return path_of(links[0])


# After an instant navigation the old part's count may stand a moment before tables.js counts the new rows.
_COUNT_IS_CURRENT_JS = """() => {
    const table = document.querySelector('.digest-table');
    const count = table && table.querySelector('.digest-count');
    const n = table ? table.querySelectorAll('tbody tr').length : 0;
    return count !== null && count.textContent.trim() === `${n} of ${n} rows`;
}"""


def assert_part_sorts_and_filters(page) -> None:
    page.wait_for_function(_COUNT_IS_CURRENT_JS, timeout=10_000)
    total = rows(page).count()
    assert 0 < total <= 200
    assert table(page).locator(".digest-count").inner_text() == f"{total} of {total} rows"
    first = table(page).locator("thead th").first.inner_text().strip()
    assert sort_by(page, first) == "ascending"
    assert_sorted(column(page, first), descending=False)
    assert sort_by(page, first) == "descending"
    assert_sorted(column(page, first), descending=True)
    word = column(page, first)[-1].split()[0].lower()  # a word of one row: the filter keeps the rows holding it
    table(page).locator("input.digest-filter").press_sequentially(word)
    states = row_states(page)
    assert 0 < sum(visible for _, visible in states) <= total
    assert all(visible == (word in text) for text, visible in states)


NEXT_PART_JS = f"""() => {{
    const next = Array.from(document.querySelectorAll('{CONTENT} p a'))
        .find(a => a.previousSibling && a.previousSibling.textContent.endsWith('Next: '));
    return next ? next.href : null;
}}"""


def go_to_part(page, path: str, listing_name: str) -> None:
    """Click the link to the part at `path` and wait for it to show."""
    page.locator(f"{CONTENT} a[href$='{path}']").first.click()
    page.wait_for_function(
        f"([path, name]) => location.pathname === path && ({HEADING_JS})().startsWith(name + ': ')",
        arg=[path, listing_name],
    )


def test_a_split_topic_links_its_parts_and_each_part_sorts_and_filters(large_tab, large_site):
    page = large_tab.page
    split = sorted(p.parent.parent.name for p in (large_site.folder / "topics").glob("*/*/index.html"))
    assert split, f"no topic has more than {PART_SIZE} of the {LARGE_N} papers: raise LARGE_N"
    topic = split[0]
    large_tab.goto(f"topics/{topic}/")
    page.wait_for_load_state("networkidle")  # sitemap.xml loaded: clicks navigate instantly
    name, part = heading(page), first_part(page)
    assert page.locator(f"{CONTENT} .digest-table").count() == 0  # the topic page links parts, not rows
    page.evaluate("window.__marker = 1")
    go_to_part(page, part, name)
    assert page.evaluate("window.__marker") == 1, "the page reloaded: navigation was not instant"
    table(page).locator(".digest-count").wait_for()  # tables.js ran on the swapped-in part
    assert_part_sorts_and_filters(page)

    following = path_of(page.evaluate(NEXT_PART_JS))  # the part after it, by its "Next:" link
    go_to_part(page, following, name)
    table(page).locator(".digest-count").wait_for()
    assert page.evaluate("window.__marker") == 1
    assert_part_sorts_and_filters(page)
    large_tab.assert_clean()


def test_a_suggested_topic_is_marked_in_a_table_visibly_and_says_where_it_came_from(large_tab, large_site):
    """A reader's audit: a fetched paper's Topics cell read "Other GPU work" like a curator's. In the
    generated store most papers are uncurated: a tag's table marks each suggested topic with a muted
    "suggested", its title saying where the suggestion came from, and a topic's table marks the row."""
    page = large_tab.page
    tag = sorted(p.parent.name for p in (large_site.folder / "tags").glob("*/index.html"))[0]
    large_tab.goto(f"tags/{tag}/")
    if table(page).count() == 0:  # a split tag: its first part
        large_tab.goto(first_part(page).lstrip("/"))
    marks = table(page).locator("tbody td .digest-suggested")
    assert marks.count() > 0
    mark = marks.first
    assert mark.is_visible() and mark.inner_text() == "suggested"
    assert mark.get_attribute("title").startswith("Not yet checked by a curator: ")
    colours = mark.evaluate(
        "m => [getComputedStyle(m).color, getComputedStyle(m.parentElement.querySelector('a')).color]"
    )
    assert colours[0] != colours[1]  # muted, not a link's colour: read as a label, not as a topic
    unmarked = rows(page).filter(has_not=page.locator(".digest-suggested"))
    assert 0 < unmarked.count() < rows(page).count()  # curated papers' rows carry none
    large_tab.assert_clean()


def test_systems_a_to_z_in_parts_by_letter(large_tab):
    page = large_tab.page
    large_tab.goto("systems/")
    go_to_part(page, first_part(page), "Systems A–Z")
    assert re.fullmatch(r"Systems A–Z: (\S+)(, \d+–\d+)?", heading(page))
    letter = heading(page).split(": ", 1)[1][0]
    table(page).locator(".digest-count").wait_for()
    assert all(name.upper().startswith(letter) for name in column(page, "System"))
    assert_part_sorts_and_filters(page)
    large_tab.assert_clean()


# ---------------------------------------------------------------------------------- hostile record
HOSTILE_TITLE = "</title><script>alert(1)</script> HostileNet"
HOSTILE_ABSTRACT = (
    "We present <img src=x onerror=alert(2)> HostileNet, see [x](javascript:alert(3)) for details, "
    "a speculative decoding system for GPU offloading. " * 3
).strip()
HOSTILE_NOTES = "<b onmouseover=alert(4)>hover me</b>"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """A site from the small fixture store plus one record full of markup and script."""
    root = tmp_path_factory.mktemp("browser-hostile")
    data = root / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    fields = yaml.safe_load((data / "papers" / "holmes.yaml").read_text(encoding="utf-8"))
    fields.update(
        id="hostile",
        title=HOSTILE_TITLE,
        abstract=HOSTILE_ABSTRACT,
        notes=HOSTILE_NOTES,
        topics=["parallelism"],
        overrides={"system": "<i>Evil</i>Net"},
    )
    (data / "papers" / "hostile.yaml").write_text(yaml.safe_dump(fields, sort_keys=False, allow_unicode=True))
    server = serve_build(root, {"DIGEST_DATA": str(data)})
    yield server
    server.stop()


def assert_hostile_page_is_inert(page) -> None:
    """The hostile paper's page shows its markup as literal text and nothing in it is live,
    even when a reader hovers over and clicks it."""
    article = page.locator(CONTENT)
    assert heading(page) == HOSTILE_TITLE
    assert "</title><script>alert(1)</script>" in page.title()
    for literal in ("<img src=x onerror=alert(2)>", "[x](javascript:alert(3))", HOSTILE_NOTES):
        assert article.get_by_text(literal, exact=False).first.is_visible(), literal
    assert article.locator("script, img, iframe, b, i, [onerror], [onmouseover], [onload]").count() == 0
    assert page.locator("a[href^='javascript:' i]").count() == 0
    for literal in (HOSTILE_NOTES, "<img src=x onerror=alert(2)>", "[x](javascript:alert(3))"):
        target = article.get_by_text(literal, exact=False).first
        target.hover()
        target.click()
    article.locator("h1").hover()
    assert path_of(page.url) == "/papers/hostile/", page.url  # no click went anywhere


@pytest.fixture
def hostile_tab(chromium, hostile_site, request) -> Tab:
    return open_tab(chromium, hostile_site.base, request)


def test_hostile_record_renders_as_text_and_runs_nothing(hostile_tab):
    tab = hostile_tab
    page = tab.page
    # The topic table renders the record's system name...
    tab.goto("topics/parallelism/")
    row = rows(page).filter(has_text="Evil")
    assert row.count() == 1 and "<i>Evil</i>Net" in row.inner_text()
    assert row.locator("i").count() == 0
    row.locator("a").first.hover()
    # ...search renders its title and abstract again...
    search(page, "HostileNet")
    result = wait_for_result(page, "/papers/hostile/", within=3)
    assert result.locator("h1").inner_text().strip() == HOSTILE_TITLE
    assert page.locator(".md-search-result img, .md-search-result script").count() == 0
    result.hover()
    # ...and its page, reached by instant navigation from the result, then by a full load.
    result.click()
    wait_for_page(page, "/papers/hostile/", HOSTILE_TITLE)
    assert_hostile_page_is_inert(page)
    page.reload()
    page.wait_for_load_state("networkidle")
    assert_hostile_page_is_inert(page)

    assert tab.dialogs == []
    tab.assert_clean()


# ---------------------------------------------------------------------------------- reading and citing
def test_paper_page_links_to_arxiv_pdf_and_hugging_face_and_copies_its_bibtex(hostile_tab):
    """SSDTrain's record has its arXiv id: its page links to the abstract, the PDF and the Hugging
    Face page, and Material's copy button on its BibTeX puts the entry on the clipboard."""
    tab, page = hostile_tab, hostile_tab.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=tab.base.rstrip("/"))
    tab.goto("papers/ssdtrain/")
    article = page.locator(CONTENT)
    title = "SSDTrain: An Activation Offloading Framework to SSDs for Faster Large Language Model Training"
    for text, name, href in (
        ("arXiv:2408.10013", "arXiv page", "https://arxiv.org/abs/2408.10013"),
        ("PDF", "PDF", "https://arxiv.org/pdf/2408.10013"),
        ("Hugging Face", "Hugging Face page", "https://huggingface.co/papers/2408.10013"),
    ):
        # shown by its label, named with its paper, as a screen reader lists a page's links
        link = article.get_by_role("link", name=f"{name} of {title}", exact=True)
        assert link.count() == 1 and link.is_visible() and link.inner_text() == text, name
        assert link.get_attribute("href") == href, name
    block = article.locator("pre").filter(has_text="@misc{wu2024ssdtrain,")
    entry = block.locator("code").inner_text()
    assert "eprint = {2408.10013}" in entry and "archivePrefix = {arXiv}" in entry
    block.hover()
    button = block.locator("button.md-code__button[data-md-type='copy']")  # Material's copy button
    assert button.count() == 1 and button.is_visible()
    page.evaluate("navigator.clipboard.writeText('')")
    button.click()
    page.wait_for_function("() => navigator.clipboard.readText().then(t => t.length > 0)", timeout=5000)
    assert page.evaluate("navigator.clipboard.readText()").strip() == entry.strip()
    tab.assert_clean()  # the links are links: nothing was requested from arXiv or Hugging Face


def test_a_paper_without_an_arxiv_id_offers_a_search_and_tables_link_arxiv(hostile_tab):
    tab, page = hostile_tab, hostile_tab.page
    tab.goto("papers/fastattention/")
    search_link = page.locator(CONTENT).get_by_role("link", name="search arXiv for the title", exact=True)
    assert search_link.get_attribute("href").startswith("https://arxiv.org/search/?query=FastAttention")
    tab.goto("topics/offloading/")
    row = rows(page).filter(has_text="SSDTrain")
    # a screen reader's list of links tells each row's "PDF" apart: its name says whose it is
    pdf = row.get_by_role("link", name=re.compile(r"^PDF of SSDTrain: An Activation Offloading Framework"))
    assert pdf.inner_text() == "PDF" and pdf.get_attribute("href") == "https://arxiv.org/pdf/2408.10013"
    tab.assert_clean()


# ---------------------------------------------------------------------------------- pages for readers
READER_VIEWPORT = {"width": 1400, "height": 900}  # the issue's desktop
PHONE_VIEWPORT = {"width": 390, "height": 844}

FIT_OR_STICKY_JS = """() => Array.from(document.querySelectorAll('.md-content article .digest-scroll')).map(box => {
    const article = document.querySelector('.md-content article').getBoundingClientRect();
    const fits = box.scrollWidth <= box.clientWidth + 1 && box.getBoundingClientRect().right <= article.right + 1;
    box.scrollLeft = box.scrollWidth;  // scrolled to the far right, as a reader reaching the last column
    const first = box.querySelector('tbody tr td:first-child').getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const inView = first.left >= boxRect.left - 1 && first.right <= boxRect.right + 1 && first.width > 40;
    box.scrollLeft = 0;
    return {fits, inView, wide: box.scrollWidth, shown: box.clientWidth};
})"""


def reader_tab(chromium, site, request, viewport) -> Tab:
    context = chromium.new_context(viewport=viewport)
    tab = Tab(context.new_page(), site.base).attach(context)
    request.addfinalizer(lambda: _screenshot_and_close(tab, context, request.node.name))
    return tab


@pytest.mark.parametrize("viewport", [READER_VIEWPORT, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_every_topic_table_fits_or_keeps_its_paper_column_in_view(chromium, site, request, viewport):
    from digest.derive.taxonomy import load_taxonomy

    tab = reader_tab(chromium, site, request, viewport)
    for topic in load_taxonomy(DATA / "taxonomy.yaml").topics:
        tab.goto(f"topics/{topic.slug}/")
        tables = tab.page.evaluate(FIT_OR_STICKY_JS)
        assert tables, topic.slug
        for shown in tables:
            assert shown["fits"] or shown["inView"], (topic.slug, shown)
    tab.assert_clean()


# The hint over each table, and how many of its column names lie past its scroll box's right edge.
HIDDEN_COLUMNS_JS = """() => Array.from(document.querySelectorAll('.md-content article .digest-table')).map(t => {
    const box = t.querySelector('.digest-scroll'), hint = t.querySelector('.digest-more');
    const edge = box.getBoundingClientRect().right + 1;
    const past = Array.from(box.querySelector('thead tr').cells).filter(th => th.getBoundingClientRect().right > edge);
    return {shown: !!hint && !hint.hidden && hint.style.visibility !== 'hidden', room: !!hint && !hint.hidden,
            text: hint ? hint.textContent : null, names: past.map(th => th.textContent.trim()),
            past: past.length, scrollable: box.scrollWidth > box.clientWidth + 1};
})"""


def test_a_table_wider_than_the_page_says_how_many_columns_are_past_its_edge(chromium, site, request):
    """Its scrollbar is under the last row, out of sight: the line over the table counts the columns
    past the right edge, and goes once the reader has scrolled them into view."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    tab.goto("topics/parallelism/")
    [table] = tab.page.evaluate(HIDDEN_COLUMNS_JS)
    assert table["scrollable"] and table["past"] > 1 and table["shown"]
    assert table["text"] == f"{table['past']} more columns: scroll the table sideways →"
    tab.page.evaluate("() => { const b = document.querySelector('.digest-scroll'); b.scrollLeft = b.scrollWidth; }")
    tab.page.wait_for_function("() => document.querySelector('.digest-more').style.visibility === 'hidden'")
    [table] = tab.page.evaluate(HIDDEN_COLUMNS_JS)
    assert not table["past"] and not table["shown"] and table["room"]  # its room kept: the table does not jump
    tab.page.set_viewport_size({"width": 2400, "height": 900})  # wide enough for every column
    tab.goto("topics/hardware/")
    assert all(not t["past"] and not t["shown"] and not t["room"] for t in tab.page.evaluate(HIDDEN_COLUMNS_JS))
    tab.assert_clean()


# Whether each row's arXiv id and its last link (HF) stand on one line.
ARXIV_ON_ONE_LINE_JS = """() => {
    const table = document.querySelector('.md-content article .digest-table table');
    const column = Array.from(table.tHead.rows[0].cells).findIndex(th => th.classList.contains('col-arxiv_id'));
    return Array.from(table.tBodies[0].rows).every(row => {
        const links = row.cells[column].querySelectorAll('a');
        return links.length < 2 || links[0].getBoundingClientRect().top === links[links.length - 1].getBoundingClientRect().top;
    });
}"""


def test_at_1280_px_a_topic_table_shows_when_it_was_published_and_its_links(chromium, site, request):
    """A reader's audit: at 1280 px, beside the sidebar, the serving and kernels tables kept arXiv
    and the parallelism table Published, Code and arXiv past the edge of their box, to be scrolled
    to sideways in every table. Every topic's table (and a tag's) now fits its box, with no line
    over it: first those of 8 columns, then the hardware topic's of 9, whose arXiv column was 19 px
    past the edge (stop 61's audit), and now those of 10, parallelism and offloading, which kept
    Code and arXiv past it, and kernels, whose Compares against was (stop 62: a column name wraps
    between its words, and below 1440 px the cells are a little narrower). At 1920 px an arXiv id
    keeps its links on its line; on a 390 px phone the tables still scroll sideways in their boxes,
    never the page. A hardware page's table fits too: its sentence column, where the abstract names
    the device, was cut at the edge (stop 60's audit)."""
    tab = reader_tab(chromium, site, request, {"width": 1280, "height": 800})
    for page in (
        "topics/serving/",
        "topics/kernels/",
        "topics/parallelism/",
        "topics/offloading/",
        "topics/hardware/",
        "tags/speculative-decoding/",
        "hardware/h100/",
    ):
        tab.goto(page)
        [table] = tab.page.evaluate(HIDDEN_COLUMNS_JS)
        assert not table["scrollable"] and not table["past"] and not table["room"], (page, table)
    # A name of two words wraps, its arrow kept with its last word.
    tab.goto("topics/offloading/")
    lines = tab.page.evaluate(
        """() => Array.from(document.querySelectorAll('table.digest-grid thead th')).map(th => {
            const line = parseFloat(getComputedStyle(th).lineHeight);
            return [th.textContent.trim(), Math.round((th.clientHeight - parseFloat(getComputedStyle(th).paddingTop) - parseFloat(getComputedStyle(th).paddingBottom)) / line)];
        })"""
    )
    assert ["Memory tiers", 2] in lines, lines
    tab.page.set_viewport_size({"width": 1920, "height": 1080})  # room to spare: each id and its links on one line
    tab.goto("topics/parallelism/")
    [table] = tab.page.evaluate(HIDDEN_COLUMNS_JS)
    assert not table["scrollable"], table
    assert tab.page.evaluate(ARXIV_ON_ONE_LINE_JS), "an arXiv id and its links wrap with room to spare"
    tab.page.set_viewport_size(PHONE_VIEWPORT)
    for page in ("topics/serving/", "topics/parallelism/", "topics/kernels/", "tags/speculative-decoding/"):
        tab.goto(page)
        [table] = tab.page.evaluate(HIDDEN_COLUMNS_JS)
        assert table["scrollable"] and table["shown"], (page, table)
        assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_VIEWPORT["width"], page
    tab.assert_clean()


# The same for every wide table in the article, sortable or not.
EVERY_HINT_JS = """() => Array.from(document.querySelectorAll('.md-content article .digest-scroll')).map(box => {
    const hint = box.previousElementSibling;
    const edge = box.getBoundingClientRect().right + 1;
    const past = Array.from(box.querySelector('thead tr').cells).filter(th => th.getBoundingClientRect().right > edge);
    const isHint = !!hint && hint.classList.contains('digest-more');
    return {past: past.length, shown: isHint && !hint.hidden && hint.style.visibility !== 'hidden',
            text: isHint ? hint.textContent : null};
})"""


def test_the_new_page_s_tables_say_so_too_when_wider_than_a_phone(chromium, site, request):
    """They are not sortable (no filter box), and a phone hides their last columns all the same."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    tab.goto("new/")
    boxes = tab.page.evaluate(EVERY_HINT_JS)
    assert boxes and all(box["past"] for box in boxes)
    for box in boxes:
        assert box["shown"] and box["text"] == f"{box['past']} more columns: scroll the table sideways →"
    tab.assert_clean()


# Each headline cell's right edge against its scroll box's, the box scrolled fully left.
HEADLINE_CELLS_JS = """() => Array.from(document.querySelectorAll('.md-content article .digest-scroll')).flatMap(box => {
    const heads = Array.from(box.querySelector('thead tr').cells);
    const column = heads.findIndex(th => th.classList.contains('col-headline'));
    if (column < 0) return [];
    box.scrollLeft = 0;
    const edge = box.getBoundingClientRect().right + 1;
    return Array.from(box.querySelectorAll('tbody tr')).slice(0, 20).map(row => row.cells[column].getBoundingClientRect().right <= edge);
})"""


def test_on_a_phone_a_table_shows_each_headline_whole_beside_its_paper(chromium, site, request):
    """The headline column was wider than a phone's screen past the Paper column: every headline
    was cut mid-word before its baseline ("4–5× speedup vs standard LM-head a"; a reader's audit)."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    for page in ("topics/serving/", "tags/speculative-decoding/", "new/"):
        tab.goto(page)
        cells = tab.page.evaluate(HEADLINE_CELLS_JS)
        assert cells and all(cells), (page, cells.count(False), len(cells))
    tab.assert_clean()


# Where a table's row and column names are on screen (a row as far as its scroll box shows it),
# and where Material's header bar ends.
ON_SCREEN_JS = """([row, label]) => {
    const rect = element => {
        const b = element.getBoundingClientRect();
        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right};
    };
    const scroller = document.querySelector('.md-content article .digest-table .digest-scroll');
    const grid = scroller.querySelector('table'), names = Array.from(grid.tHead.rows[0].cells);
    const shownRow = rect(grid.tBodies[0].rows[row]), frame = rect(scroller);
    shownRow.top = Math.max(shownRow.top, frame.top);
    shownRow.bottom = Math.min(shownRow.bottom, frame.bottom);
    return {row: shownRow, heading: rect(names.find(th => th.textContent.trim() === label)), corner: rect(names[0]),
            bar: document.querySelector('.md-header').getBoundingClientRect().bottom, boxScrolledDown: scroller.scrollTop,
            width: window.innerWidth, height: window.innerHeight};
}"""


def on_screen(place: dict, shown: dict) -> bool:
    """Whether a box is on the window's screen from top to bottom, below Material's header bar."""
    return shown["bar"] - 1 <= place["top"] < place["bottom"] <= shown["height"] + 1


def across_screen(place: dict, shown: dict) -> bool:
    """Whether a box is on the window's screen from left to right."""
    return place["left"] >= -1 and place["right"] <= shown["width"] + 1


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_a_long_table_keeps_its_column_names_on_screen_as_the_reader_scrolls_down(chromium, site, request, viewport):
    """Scrolled down with the wheel from the top of the page, the pointer mid-window as a reader's,
    until row 40 of the longest topic table shows: the column names are on screen too, below
    Material's bar (where they are, not how they are styled); so they are when the reader scrolls
    back up to row 20, the table's box never taking the page's wheel (it scrolls only sideways);
    and the paper column's name stays when the table is then scrolled sideways to its last column."""
    tab = reader_tab(chromium, site, request, viewport)
    tab.goto("topics/serving/")
    page = tab.page
    assert rows(page).count() > 50  # the repo's serving table is long
    page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    for row, step in ((40, 200), (20, -200)):
        for _ in range(80):
            shown = page.evaluate(ON_SCREEN_JS, [row, "Headline result"])
            if on_screen(shown["row"], shown) and shown["row"]["top"] >= shown["heading"]["bottom"] - 1:
                break  # the row shows below the headings, not under them
            page.mouse.wheel(0, step)
            page.wait_for_timeout(30)
        page.wait_for_timeout(100)  # the headings follow on the next animation frame
        shown = page.evaluate(ON_SCREEN_JS, [row, "Headline result"])
        assert on_screen(shown["row"], shown), (row, shown)
        assert on_screen(shown["heading"], shown) and across_screen(shown["heading"], shown), (row, shown)
        assert shown["heading"]["bottom"] <= shown["row"]["top"] + 1, (row, shown)
        # flush under the bar: no sliver of the rows scrolling beneath shows between bar and names
        # (the table's border had left one pixel), once the table's top is above the bar
        # (one pixel under it: test_no_row_shows_between_the_site_s_bar_and_a_table_s_column_names)
        assert abs(shown["heading"]["top"] - (shown["bar"] - 1)) < 0.5, (row, shown)
        assert shown["boxScrolledDown"] == 0, (row, shown)
    page.evaluate(
        "() => { const box = document.querySelector('.md-content article .digest-table .digest-scroll');"
        " box.scrollLeft = box.scrollWidth; }"
    )
    shown = page.evaluate(ON_SCREEN_JS, [20, "Headline result"])
    assert on_screen(shown["corner"], shown) and across_screen(shown["corner"], shown), shown
    tab.assert_clean()


# Where the strip just under Material's bar is, over a listing's table (its first), and where its names are.
UNDER_BAR_JS = """() => {
    const box = document.querySelector('.md-content article .digest-table .digest-scroll').getBoundingClientRect();
    const name = document.querySelector('.md-content article .digest-table thead th').getBoundingClientRect();
    return {bar: document.querySelector('.md-header').getBoundingClientRect().bottom, names: name.top,
            left: Math.max(box.left, 0), right: Math.min(box.right, window.innerWidth)};
}"""
ROWS_SHOWN_JS = """shown => {
    document.querySelector('.md-content article .digest-table tbody').style.visibility = shown ? '' : 'hidden';
    return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


@pytest.mark.parametrize(
    "viewport, scheme",
    [
        ({"width": 1280, "height": 900}, "default"),
        ({"width": 1280, "height": 900}, "slate"),
        (PHONE_VIEWPORT, "default"),
    ],
    ids=["light", "dark", "phone"],
)
def test_no_row_shows_between_the_site_s_bar_and_a_table_s_column_names(chromium, site, request, viewport, scheme):
    """A reader's audit: scrolling the kernels table or the hardware one, a line of the rows' text
    showed between Material's bar and the column names that follow the reader down, light, dark and
    on a phone (at twice the pixels, as a phone's screen has). The names were moved by a fraction of
    a pixel (the table's top is seldom on a whole one) and their top line of pixels was half
    painted. The two pixels under the bar look the same with the rows there and with them hidden,
    wherever a fraction of a pixel puts the table."""
    context = chromium.new_context(viewport=viewport, device_scale_factor=2)
    tab = Tab(context.new_page(), site.base).attach(context)
    request.addfinalizer(lambda: _screenshot_and_close(tab, context, request.node.name))
    page = tab.page
    if scheme == "slate":
        tab.goto("")
        page.locator("form[data-md-component=palette] label:visible").first.click()
        page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
    page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
    for path in ("topics/kernels/", "hardware/"):
        for nudge in (0, 0.25, 0.5, 0.75):  # the table's top that many pixels lower
            tab.goto(path)
            page.add_style_tag(content=f".md-content article .digest-table {{ padding-top: {nudge}px }}")
            page.evaluate(
                "() => window.scrollTo(0, window.scrollY + 100 +"
                " document.querySelector('.md-content article .digest-table table').getBoundingClientRect().top)"
            )
            for _ in range(4):  # down the table, a wheel's turn at a time
                page.mouse.wheel(0, 150)
                page.wait_for_timeout(60)
                page.evaluate(ROWS_SHOWN_JS, True)
                place = page.evaluate(UNDER_BAR_JS)
                assert place["names"] <= place["bar"] + 0.5, (path, nudge, place)  # following, under the bar
                strip = {"x": place["left"], "y": place["bar"], "width": place["right"] - place["left"], "height": 2}
                with_rows = page.screenshot(clip=strip, animations="disabled")
                page.evaluate(ROWS_SHOWN_JS, False)
                without = page.screenshot(clip=strip, animations="disabled")
                page.evaluate(ROWS_SHOWN_JS, True)
                assert with_rows == without, (path, nudge, place)
    tab.assert_clean()


# Per row of a listing's table: its paper, and for each column named, the lines its content takes
# (its height over one line's), its text as shown and its "+N more" link's address, if it has one.
LIST_CELLS_JS = """keys => {
    const table = document.querySelector('.md-content article .digest-table table');
    const heads = Array.from(table.tHead.rows[0].cells);
    const line = parseFloat(getComputedStyle(table).lineHeight);
    return Array.from(table.tBodies[0].rows).map(row => [row.cells[0].querySelector('a').textContent.trim(), keys.map(key => {
        const column = heads.findIndex(th => th.classList.contains('col-' + key));
        if (column < 0) return null;
        const cell = row.cells[column], range = document.createRange();
        range.selectNodeContents(cell);
        const more = Array.from(cell.querySelectorAll('a.digest-more-items')).find(a => a.getClientRects().length);
        return {lines: range.getBoundingClientRect().height / line, shown: cell.innerText.trim(),
                list: cell.textContent.includes(', '),
                more: more ? new URL(more.href).pathname : null};
    })]);
}"""


def test_on_a_phone_a_long_list_keeps_its_row_one_line_and_says_how_many_more(chromium, site, request):
    """A reader's audit: on a 390 px phone the kernels table had rows such as CudaForge and CUDA-L1
    four lines tall and mostly empty: their hardware (A100, RTX 6000, RTX 4090, RTX 3090), in a
    column scrolled out of view, wrapped a name a line. On a phone a list now keeps one line: a long
    one its first value and "+3 more", a link to the paper's page, which lists them all; the table's
    filter still finds the row by the others, and a desktop shows the list whole."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    keys = ["hardware", "model_scale", "gpu_count", "topics"]
    lists = 0
    for path in ("topics/kernels/", "topics/parallelism/", "topics/serving/", "tags/kv-cache/"):
        tab.goto(path)
        for paper, cells in tab.page.evaluate(LIST_CELLS_JS, keys):
            for key, cell in zip(keys, cells, strict=True):
                if cell is None or not cell["list"]:  # one name may wrap ("MediaTek Dimensity")
                    continue
                assert cell["lines"] < 1.5, (path, paper, key, cell)
                lists += bool(cell["more"])
    assert lists > 5, lists
    tab.goto("topics/kernels/")
    rows = dict(tab.page.evaluate(LIST_CELLS_JS, ["hardware"]))
    assert rows["CudaForge"][0]["shown"] == "A100 +3 more", rows["CudaForge"]
    assert rows["CudaForge"][0]["more"] == "/papers/cudaforge/"
    box = table(tab.page).locator("input.digest-filter")
    box.fill("rtx 3090")
    assert any(text.startswith("cudaforge") for text in shown_texts(tab.page)), shown_texts(tab.page)
    tab.goto("papers/cudaforge/")
    details = tab.page.locator(f"{CONTENT} p", has_text="Hardware").first.inner_text()
    assert all(name in details for name in ("A100", "RTX 6000", "RTX 4090", "RTX 3090")), details
    tab.page.set_viewport_size({"width": 1400, "height": 900})
    tab.goto("topics/kernels/")
    rows = dict(tab.page.evaluate(LIST_CELLS_JS, ["hardware"]))
    whole = rows["CudaForge"][0]
    assert whole["shown"] == "A100, RTX 6000, RTX 4090, RTX 3090" and whole["more"] is None, whole
    tab.assert_clean()


# Per row shown of a listing's table: its paper, what one column's cell shows and its sort key.
SHOWN_AND_KEY_JS = """key => {
    const table = document.querySelector('.md-content article .digest-table table');
    const column = Array.from(table.tHead.rows[0].cells).findIndex(th => th.classList.contains('col-' + key));
    return Array.from(table.tBodies[0].rows).map(row => [row.cells[0].querySelector('a').textContent.trim(),
        row.cells[column].innerText.trim(), row.cells[column].getAttribute('data-sort')]);
}"""


def test_on_a_phone_a_list_sorted_by_its_largest_value_shows_that_value_and_opens_in_place(chromium, site, request):
    """A reader's audit at 390 px: Parallelism sorted by GPUs, descending, read "512 GPUs", "128 GPUs
    +2 more", "384 GCDs", "256 GPUs" (TorchTitan's 512 hidden behind "+2 more"), which looked like a
    broken sort; and "+2 more" left the table for the paper's page. A cell now shows first the value
    it sorts by, so the column reads in order, and "+2 more" shows the rest in the row, in place."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    tab.goto("topics/parallelism/")
    sort_by(tab.page, "GPUs")  # ascending, then
    assert sort_by(tab.page, "GPUs") == "descending"
    cells = [(paper, shown, key) for paper, shown, key in tab.page.evaluate(SHOWN_AND_KEY_JS, "gpu_count") if key]
    shown_counts = [gpu_count(re.split(r", | \+", shown)[0]) for _, shown, _ in cells]
    assert shown_counts == [float(key) for _, _, key in cells], cells  # each row shows what it sorts by
    assert shown_counts == sorted(shown_counts, reverse=True), cells
    by_paper = {paper: shown for paper, shown, _ in cells}
    assert by_paper["TorchTitan"] == "512 GPUs +2 more", by_paper
    assert by_paper["OSP-Next"].startswith("8 GPUs"), by_paper
    row = rows(tab.page).filter(has_text="TorchTitan").first
    index = tab.page.evaluate(
        "() => Array.from(document.querySelectorAll('.md-content article .digest-table thead th'))"
        ".findIndex(th => th.classList.contains('col-gpu_count'))"
    )
    more = row.locator("td").nth(index).locator("a.digest-more-items:visible")
    height = row.bounding_box()["height"]
    assert more.count() == 1 and more.get_attribute("aria-expanded") == "false"
    more.click()
    assert path_of(tab.page.url) == "/topics/parallelism/"  # still in the table
    by_paper = {paper: shown for paper, shown, _ in tab.page.evaluate(SHOWN_AND_KEY_JS, "gpu_count")}
    assert by_paper["TorchTitan"] == "512 GPUs, 256 GPUs, 128 GPUs", by_paper
    assert row.bounding_box()["height"] < 4 * height  # whole, wrapping between values, not a line a word
    assert by_paper["OSP-Next"].endswith("+2 more")  # the other rows as they were
    tab.assert_clean()


# On a hardware page, a paper's row: its headline cell's "measured on" line (its text and right
# edge) and the marked names of its last cell, with their background colour.
MEASURED_ON_JS = """paper => {
    const row = Array.from(document.querySelectorAll('.md-content article .digest-table tbody tr'))
        .find(row => row.cells[0].textContent.includes(paper));
    const line = row.querySelector('.digest-elsewhere');
    const marks = Array.from(row.cells[row.cells.length - 1].querySelectorAll('mark'));
    return {line: line && line.innerText, right: line && line.getBoundingClientRect().right,
            italic: line && getComputedStyle(line).fontStyle,
            marks: marks.map(m => [m.textContent, getComputedStyle(m).backgroundColor])};
}"""


def test_a_hardware_page_says_a_headline_was_measured_elsewhere_and_marks_its_own_device(chromium, site, request):
    """A reader's audit: the H100 page listed CUDA-L1's "17.7× speedup (average, KernelBench, A100)"
    as if measured on an H100; its H100 figure (17.8×) was in the last column, cut at 1280 px. On a
    phone, beside the paper's name, the headline now says "measured on A100", and the last column
    marks the H100 where the abstract gives the paper's figure on it; the Hopper page alike."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    for page, marked in (("hardware/h100/", {"H100"}), ("hardware/hopper/", {"H100", "H800", "H20"})):
        tab.goto(page)
        row = tab.page.evaluate(MEASURED_ON_JS, "CUDA-L1")
        assert row["line"] == "measured on A100" and row["italic"] == "italic", (page, row)
        assert row["right"] <= PHONE_VIEWPORT["width"], row  # on screen, the table not scrolled
        assert {name for name, _ in row["marks"]} == marked, (page, row)
        assert all(colour not in ("rgba(0, 0, 0, 0)", "transparent") for _, colour in row["marks"]), row
        on_h100 = tab.page.evaluate(MEASURED_ON_JS, "SeerAttention-R")  # measured on an H100: no line
        assert on_h100["line"] is None and on_h100["marks"], on_h100
    tab.assert_clean()


def test_home_charts_keep_readable_labels_on_a_phone_and_the_years_chart_fits_it(chromium, site, request):
    """The years' chart scrolled sideways on a phone and opened on the latest years, its title, axis
    and four of six legend entries cut off (a reader's audit): it is drawn to fit a phone whole, at
    nearly its own size, so its labels stay readable. The devices' chart is too wide: it keeps a
    readable width and scrolls sideways, from its first topics."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    tab.goto("")
    charts = tab.page.evaluate("""() => Array.from(document.querySelectorAll('.digest-chart')).map(box => {
        const image = Array.from(box.querySelectorAll('img')).find(img => img.offsetParent !== null);
        return {shown: image.getBoundingClientRect().width, natural: image.naturalWidth,
            right: box.getBoundingClientRect().right, scrolls: box.scrollWidth > box.clientWidth,
            opens: box.querySelector('a').getAttribute('href'), left: box.scrollLeft};
    })""")
    assert len(charts) == 2
    years, hardware = charts
    assert years["opens"].endswith("topics-by-year.svg") and not years["scrolls"], years
    assert years["shown"] >= 0.85 * years["natural"] and years["right"] <= PHONE_VIEWPORT["width"], years
    assert hardware["shown"] >= 600 and hardware["scrolls"] and hardware["left"] == 0, hardware
    assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_VIEWPORT["width"]
    hint = tab.page.locator(f"{CONTENT} .digest-chart-hint")
    assert hint.is_visible() and "Scroll the chart sideways" in hint.inner_text()  # as the tables say it
    tab.page.set_viewport_size(READER_VIEWPORT)  # where the charts fit, no hint
    assert not hint.is_visible()
    tab.assert_clean()


def test_home_topics_read_as_blocks_on_a_phone_and_as_a_table_on_a_desktop(chromium, site, request):
    """On a phone the topics table squeezed what each topic covers into a column 120 px wide, a
    screen and a half tall per topic (a reader's audit): there each topic is a block, its name and
    paper count over its description, full width."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    tab.goto("")
    layout = """() => Array.from(document.querySelectorAll('.digest-topic-list tbody tr')).map(row => {
        const [name, covers, count] = Array.from(row.cells).map(cell => cell.getBoundingClientRect());
        return {row: row.getBoundingClientRect().width, covers: covers.width, coversTop: covers.top,
                nameBottom: name.bottom, countTop: count.top, nameTop: name.top,
                head: document.querySelector('.digest-topic-list thead').getClientRects().length,
                after: getComputedStyle(row.cells[2], '::after').content};
    })"""
    rows = tab.page.evaluate(layout)
    assert len(rows) >= 5
    for row in rows:
        assert row["head"] == 0, row  # no column headings
        assert row["covers"] >= 0.85 * row["row"] and row["coversTop"] >= row["nameBottom"] - 1, (
            row
        )  # under, full width
        assert abs(row["countTop"] - row["nameTop"]) < 4 and "papers" in row["after"], row  # the count beside the name
    assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_VIEWPORT["width"]
    tab.page.set_viewport_size(READER_VIEWPORT)  # a table again: the three cells side by side
    for row in tab.page.evaluate(layout):
        assert row["head"] == 1 and row["covers"] < 0.7 * row["row"] and abs(row["coversTop"] - row["nameTop"]) < 4, row
        assert "papers" not in row["after"], row
    tab.assert_clean()


def test_each_row_s_reading_links_name_their_paper_for_a_screen_reader(chromium, site, request):
    tab = reader_tab(chromium, site, request, READER_VIEWPORT)
    tab.goto("topics/offloading/")
    for label in ("PDF", "HF"):
        links = rows(tab.page).locator("a").filter(has_text=re.compile(f"^{label}$"))
        names = links.evaluate_all("links => links.map(link => link.getAttribute('aria-label'))")
        assert len(names) > 5 and len(set(names)) == len(names) and all(" of " in name for name in names), names
    tab.assert_clean()


def test_a_paper_s_details_line_wraps_between_fields_not_inside_a_date_or_a_name(chromium, site, request):
    tab = reader_tab(chromium, site, request, {"width": 320, "height": 800})
    tab.goto("papers/zero-infinity/")
    kept = tab.page.evaluate(f"""() => Array.from(document.querySelectorAll('{CONTENT} .digest-nowrap')).map(
        span => [span.textContent, span.getClientRects().length])""")
    # the glossary's terms too: "NVMe (non-volatile memory express)" (data/glossary.yaml)
    assert {"ZeRO-Infinity", "NVMe (non-volatile memory express)"} <= {text for text, _ in kept}, kept
    assert any(text[:2] == "20" for text, _ in kept), kept
    assert all(lines == 1 for _, lines in kept), kept
    tab.assert_clean()


# Where each "·" of a paper's details line stands from the line's left edge, in pixels.
SEPARATORS_JS = f"""() => {{
    const line = document.querySelector('{CONTENT} p:not(.digest-headline)');  // under the headline's line
    const left = line.getBoundingClientRect().left, found = [];
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {{
        for (let at = node.data.indexOf('·'); at >= 0; at = node.data.indexOf('·', at + 1)) {{
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            found.push(range.getBoundingClientRect().left - left);
        }}
    }}
    return found;
}}"""


def test_no_line_of_a_paper_s_details_starts_with_a_separator(chromium, site, request):
    """On a phone the details line wrapped before a "·" as often as after it, so lines began
    "· Authors …", "· System …": each "·" now ends the line of the field before it."""
    tab = reader_tab(chromium, site, request, PHONE_VIEWPORT)
    for paper in ("zero-infinity", "specontext"):
        tab.goto(f"papers/{paper}/")
        for width in range(320, 430, 10):
            tab.page.set_viewport_size({"width": width, "height": 800})
            starts = tab.page.evaluate(SEPARATORS_JS)
            assert len(starts) >= 5 and min(starts) > 2, (paper, width, starts)
    tab.assert_clean()


# Each date of home's Newest papers table, with the number of lines its text takes.
NEWEST_DATES_JS = f"""() => {{
    const added = table => Array.from(table.tHead.rows[0].cells).findIndex(th => th.textContent.trim() === 'Added');
    const table = Array.from(document.querySelectorAll('{CONTENT} table')).find(table => added(table) >= 0);
    const at = added(table);
    return Array.from(table.tBodies[0].rows).map(row => {{
        const range = document.createRange();
        range.selectNodeContents(row.cells[at]);
        const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        return [row.cells[at].textContent.trim(), lines.size];
    }});
}}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_home_s_newest_papers_keep_each_added_date_on_one_line(chromium, site, request, viewport):
    """The narrow Added column broke every date at its hyphen ("2026-08-" / "21"), even on a desktop."""
    tab = reader_tab(chromium, site, request, viewport)
    tab.goto("")
    dates = tab.page.evaluate(NEWEST_DATES_JS)
    assert len(dates) == 10 and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) for text, _ in dates), dates
    assert all(lines == 1 for _, lines in dates), dates
    tab.assert_clean()


# The Cite block's box: how wide its text is against what it shows, and its lines as the reader sees them.
CITE_BLOCK_JS = f"""() => {{
    const code = document.querySelector('{CONTENT} h2#cite + pre code');
    return {{wide: code.scrollWidth, shown: code.clientWidth, text: code.innerText}};
}}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_a_paper_s_bibtex_reads_whole_without_scrolling_sideways(chromium, site, request, viewport):
    """The title and author lines ran past the Cite box's right edge ("…Extreme Scale Deep Lea"),
    on a desktop as on a phone: they wrap inside the box now, and the entry's text is unchanged."""
    tab = reader_tab(chromium, site, request, viewport)
    tab.goto("papers/zero-infinity/")
    cite = tab.page.evaluate(CITE_BLOCK_JS)
    assert cite["text"].startswith(
        "@misc{rajbhandari2021zeroinfinity,\n  title = {{ZeRO-Infinity: Breaking the GPU Memory Wall"
    )
    assert "Jeff Rasley and Shaden Smith and Yuxiong He},\n" in cite["text"], cite
    assert cite["wide"] <= cite["shown"] + 1, cite
    tab.assert_clean()


def test_back_to_a_filtered_table_shows_the_box_and_the_rows_alike(chromium, site, request):
    """The browser once put "SSD" back in the box on Back while every row showed ("18 of 18 rows")."""
    tab = reader_tab(chromium, site, request, READER_VIEWPORT)
    page = tab.page
    tab.goto("topics/offloading/")
    box = page.locator(f"{CONTENT} input.digest-filter")
    box.click()
    box.press_sequentially("SSD")
    shown = rows(page).filter(visible=True)
    total = rows(page).count()
    shown_before = shown.count()
    assert 0 < shown_before < total
    # a whole page load (a link opened from outside Material's instant navigation), then Back
    page.goto(shown.first.get_by_role("link").first.evaluate("link => link.href"))
    page.go_back()
    page.wait_for_url(re.compile(r"/topics/offloading/$"))
    page.locator(f"{CONTENT} .digest-count").wait_for()
    typed = page.locator(f"{CONTENT} input.digest-filter").input_value()
    count = page.locator(f"{CONTENT} .digest-count").inner_text()
    visible = rows(page).filter(visible=True).count()
    assert count == f"{visible} of {total} rows", (typed, count)
    # the box and the rows agree: empty over every row, or the words typed over the rows they find
    assert (visible == total) if typed == "" else (typed == "SSD" and visible == shown_before), (typed, visible)
    tab.assert_clean()


# The papers a topic's table shows, and those its paragraph list below shows, by their links.
SHOWN_PAPERS_JS = """() => {
    const article = document.querySelector('.md-content article');
    const links = elements => elements.map(element => element.querySelector('a').getAttribute('href'));
    const rows = Array.from(article.querySelectorAll('.digest-table tbody tr')).filter(row => !row.hidden);
    const paragraphs = Array.from(article.querySelectorAll('.digest-papers p')).filter(p => p.offsetParent !== null);
    return {rows: links(rows), paragraphs: links(paragraphs)};
}"""


def test_the_filter_box_filters_the_topic_s_paper_list_too(chromium, site, request):
    """Filtered to 3 of 119 rows, the 119 paragraphs under the table still showed, and on a phone
    they read as the results (a reader's audit). They show the papers the table shows, and all of
    them again once the box is empty."""
    tab = reader_tab(chromium, site, request, READER_VIEWPORT)
    tab.goto("topics/serving/")
    every = tab.page.evaluate(SHOWN_PAPERS_JS)
    assert len(every["paragraphs"]) == len(every["rows"]) > 50
    box = tab.page.locator(f"{CONTENT} input.digest-filter")
    box.press_sequentially("hopper")
    shown = tab.page.evaluate(SHOWN_PAPERS_JS)
    assert 0 < len(shown["rows"]) < len(every["rows"])
    assert sorted(shown["paragraphs"]) == sorted(shown["rows"])
    box.fill("")
    box.dispatch_event("input")
    assert tab.page.evaluate(SHOWN_PAPERS_JS)["paragraphs"] == every["paragraphs"]
    tab.assert_clean()


# The body row across the middle of the window: where the reader is in a long table.
ROW_IN_VIEW_JS = """() => {
    const middle = window.innerHeight / 2;
    const row = Array.from(document.querySelectorAll('.md-content article .digest-table tbody tr'))
        .filter(row => !row.hidden).find(row => row.getBoundingClientRect().bottom > middle);
    return row ? row.cells[0].textContent.trim() : null;
}"""


@pytest.mark.parametrize("viewport", [READER_VIEWPORT, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_back_to_a_table_from_the_papers_it_lists_shows_it_as_the_reader_left_it(chromium, site, request, viewport):
    """A reader filtered and sorted a topic's table, opened a paper in it, then a related paper,
    and came Back twice: the table showed every row unsorted ("120 of 120 rows") with another
    row in view. A page opened by a link still starts afresh."""
    tab = reader_tab(chromium, site, request, viewport)
    page = tab.page
    tab.goto("topics/serving/")
    page.wait_for_load_state("networkidle")  # Material fetches sitemap.xml, which instant navigation needs
    page.evaluate("window.__marker = 1")
    title = heading(page)
    table(page).locator("input.digest-filter").press_sequentially("kv cache")
    assert sort_by(page, "Headline result") == "ascending"
    assert sort_by(page, "Headline result") == "descending"
    shown, count = shown_texts(page), table(page).locator(".digest-count").inner_text()
    assert 5 < len(shown) < rows(page).count()
    visible_rows(page).nth(5).evaluate(
        "row => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2 + 4)"
    )
    # Material keeps the scroll offset in the history's state a moment after the scroll (debounced,
    # replaceState({x, y})): waited for, so a loaded machine has kept it too before the link is followed.
    page.wait_for_function("() => history.state && Math.abs(history.state.y - window.scrollY) < 1", timeout=10_000)
    in_view = page.evaluate(ROW_IN_VIEW_JS)
    link = visible_rows(page).filter(has_text=in_view).first.locator("td a").first
    paper = path_of(link.evaluate("link => link.href"))
    link.click()
    page.wait_for_url(re.compile(re.escape(paper) + "$"))
    page.locator(f"{CONTENT} h2#related-papers ~ ul a").first.click()
    page.wait_for_function("path => location.pathname !== path", arg=paper)
    page.go_back()
    page.wait_for_url(re.compile(re.escape(paper) + "$"))
    page.go_back()
    wait_for_page(page, "/topics/serving/", title)
    table(page).locator(".digest-count").wait_for()
    assert page.evaluate("window.__marker") == 1, "the page reloaded: navigation was not instant"
    assert table(page).locator("input.digest-filter").input_value() == "kv cache"
    assert table(page).locator(".digest-count").inner_text() == count
    assert header(page, "Headline result").get_attribute("aria-sort") == "descending"
    assert shown_texts(page) == shown
    # Material scrolls to the offset it kept once the page is in: waited for, not timed
    page.wait_for_function(f"want => ({ROW_IN_VIEW_JS})() === want", arg=in_view, timeout=10_000)

    # opened by a link, the table starts afresh
    page.locator(f"{CONTENT} a[href$='/papers/{paper.strip('/').split('/')[-1]}/']").first.click()
    page.wait_for_url(re.compile(re.escape(paper) + "$"))
    page.locator(f"{CONTENT} a[href$='/topics/serving/']").first.click()
    wait_for_page(page, "/topics/serving/", title)
    table(page).locator(".digest-count").wait_for()
    assert table(page).locator("input.digest-filter").input_value() == ""
    assert table(page).locator(".digest-count").inner_text() == f"{rows(page).count()} of {rows(page).count()} rows"
    assert header(page, "Headline result").get_attribute("aria-sort") == "none"
    tab.assert_clean()


# Contrast of a colour against white, as WCAG counts it (relative luminance).
CONTRAST_ON_WHITE_JS = """colour => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number).map(c => {
        c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); });
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}"""


# The lowest contrast of the matching elements' text on the colour behind it (its own background,
# else its ancestors', laid over one another), as WCAG computes it: [ratio, the element's text].
CONTRAST_OF_JS = """selector => {
    const parse = c => { const p = c.match(/[\\d.]+/g).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const lum = c => c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = el => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c[3] > 0) layers.push(c);
            if (c[3] >= 1) break;
        }
        let back = [255, 255, 255, 1];
        for (let i = layers.length - 1; i >= 0; i--) back = over(layers[i], back);
        const [a, b] = [lum(over(parse(getComputedStyle(el).color), back)), lum(back)];
        return [(Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), el.textContent];
    };
    return Array.from(document.querySelectorAll(selector), contrast).sort((x, y) => x[0] - y[0])[0];
}"""


def test_keyboard_focus_shows_on_the_filter_box_and_on_links_clearly(chromium, site, request):
    tab = reader_tab(chromium, site, request, READER_VIEWPORT)
    page = tab.page
    tab.goto("topics/offloading/")
    page.locator(f"{CONTENT} input.digest-filter").focus()
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineColor]; }"
    )
    assert ring[0] != "none" and page.evaluate(CONTRAST_ON_WHITE_JS, ring[1]) >= 3, ring
    page.locator(f"{CONTENT} h1").click()
    for _ in range(40):  # on to the first link of the table, by keyboard
        page.keyboard.press("Tab")
        if page.evaluate(f"() => !!document.activeElement.closest('{CONTENT} .digest-table a')"):
            break
    colour = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
    assert page.evaluate(f"() => !!document.activeElement.closest('{CONTENT} a')")
    assert page.evaluate(CONTRAST_ON_WHITE_JS, colour) >= 3, colour
    tab.assert_clean()


def test_a_printed_listing_holds_every_column_and_no_screen_controls(chromium, site, request):
    tab = reader_tab(chromium, site, request, {"width": 794, "height": 1123})  # A4 at 96 dpi
    page = tab.page
    tab.goto("topics/offloading/")
    page.emulate_media(media="print")
    printed = page.evaluate(f"""() => {{
        const box = document.querySelector('{CONTENT} .digest-scroll');
        const shown = selector => Array.from(document.querySelectorAll('{CONTENT} ' + selector))
            .some(e => e.getClientRects().length > 0);
        return {{fits: box.scrollWidth <= box.clientWidth + 1, filter: shown('.digest-filter'),
                 count: shown('.digest-count'), hint: shown('.digest-more')}};
    }}""")
    assert printed == {"fits": True, "filter": False, "count": False, "hint": False}, printed
    page.emulate_media(media="screen")
    assert page.locator(f"{CONTENT} input.digest-filter").is_visible()
    tab.assert_clean()


def test_every_table_row_names_its_paper(chromium, site, request):
    from digest.derive.taxonomy import load_taxonomy

    tab = reader_tab(chromium, site, request, READER_VIEWPORT)
    pages = [f"topics/{topic.slug}/" for topic in load_taxonomy(DATA / "taxonomy.yaml").topics]
    for path in [*pages, "hardware/hopper/", "hardware/a100/", "tags/llm/", "new/"]:
        tab.goto(path)
        unnamed = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
            '.md-content article table.digest-sticky tbody tr')).filter(row =>
            !row.cells[0].querySelector('a[href*="papers/"]')).map(row => row.textContent)""")
        count = tab.page.locator(".md-content article table.digest-sticky tbody tr").count()
        assert count and unnamed == [], (path, unnamed)
    tab.assert_clean()


def test_curator_evidence_and_sources_are_collapsed(tab):
    page = tab.page
    tab.goto("papers/fastattention/")
    for block in ("details.digest-evidence", "details.digest-sources"):
        details = page.locator(f"{CONTENT} {block}")
        assert details.count() == 1 and details.get_attribute("open") is None, block
    assert not page.get_by_text("rules score", exact=False).first.is_visible()
    assert not page.get_by_text("sources/", exact=False).first.is_visible()
    page.locator(f"{CONTENT} details.digest-evidence summary").click()  # one click shows it
    assert page.get_by_text("rules score", exact=False).first.is_visible()
    assert page.locator(f"{CONTENT} h2#compared-by").count() == 0  # an empty section is left out
    tab.assert_clean()


def test_search_highlights_differ_in_colour_from_fact_marks(tab):
    page = tab.page
    tab.goto("papers/fastattention/?h=speedup")  # where a search result leads: its terms highlighted
    page.locator(f"{CONTENT} mark[data-md-highlight]").first.wait_for()
    colours = page.evaluate("""() => ['mark[data-md-highlight]', 'mark[title]'].map(selector =>
        getComputedStyle(document.querySelector('.md-content article ' + selector)).backgroundColor)""")
    assert colours[0] != colours[1], colours
    tab.assert_clean()


def test_a_result_whose_abstract_matches_best_opens_its_page_with_the_words_highlighted(tab):
    """The page's own link, listed above its best section, carries the query's words (`?h=`)."""
    page = tab.page
    tab.goto("")
    search(page, "vLLM")
    links = page.locator(".md-search-result__item > a.md-search-result__link")
    links.first.wait_for()
    pages = [href for href in links.evaluate_all("links => links.map(link => link.href)") if "#" not in href]
    assert pages and all(href.endswith("?h=vllm") for href in pages), pages
    tab.assert_clean()


def test_pages_advertise_their_feeds_and_the_new_page_lists_the_latest_week(tab):
    page = tab.page
    tab.goto("topics/offloading/")
    feeds = page.locator("head link[rel=alternate][type='application/atom+xml']").evaluate_all(
        "links => links.map(link => link.href)"
    )
    assert [path_of(href) for href in feeds] == ["/feed-topic-offloading.xml", "/feed.xml"]
    tab.goto("new/")
    assert heading(page) == "New papers"
    assert page.locator(f"{CONTENT} h2#latest-week").count() == 1
    # dated, never "Latest week", which a reader months after the newest addition took for now
    week = page.locator(f"{CONTENT} h2#latest-week").inner_text().replace("¶", "").strip()  # its permalink mark out
    assert re.fullmatch(r"Week to \d{4}-\d\d-\d\d", week), week
    tab.assert_clean()


# ---------------------------------------------------------------------------------- reader audit 4
@pytest.mark.parametrize("viewport", [READER_VIEWPORT, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_a_heading_reached_by_keyboard_is_not_hidden_under_the_paper_column(chromium, site, request, viewport):
    """Shift+Tab back along a wide table's headings scrolls each into view beside the sticky
    Paper column, not under it (the ring and the name were covered at 390 px and at 1400 px)."""
    tab = reader_tab(chromium, site, request, viewport)
    page = tab.page
    covered = []
    for path in ("topics/serving/", "topics/offloading/"):
        tab.goto(path)
        covered += shift_tab_along_the_headings(page)
    assert covered == [], covered
    tab.assert_clean()


def shift_tab_along_the_headings(page) -> list:
    """From a table's last heading back to its second, by keyboard: each heading the Paper column covers."""
    page.locator(f"{CONTENT} th.col-arxiv_id").focus()
    covered = []
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        place = page.evaluate("""async () => {
            await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
            const e = document.activeElement;
            if (e.tagName !== 'TH' || e.cellIndex === 0) return null;
            const first = e.closest('tr').cells[0].getBoundingClientRect(), r = e.getBoundingClientRect();
            return [e.textContent.trim(), Math.max(0, Math.min(r.right, first.right) - Math.max(r.left, first.left))];
        }""")
        if place is None:
            break
        if place[1] > 1:
            covered.append(place)
    return covered


def test_sortable_headings_are_named_by_their_words_not_their_arrows(tab):
    """A screen reader reads a heading's name; the sort arrow is decoration (aria-sort says the order)."""
    page = tab.page
    tab.goto("topics/offloading/")
    names = re.findall(r'columnheader "([^"]*)"', page.locator(f"{CONTENT} table").first.aria_snapshot())
    assert names and "Published" in names and not [n for n in names if re.search("[↕↑↓]", n)], names
    tab.assert_clean()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_search_highlights_read_at_aa_contrast_in_either_scheme(tab, scheme):
    """A search's words, highlighted on the page it opens, in running text and in links (the
    related papers' titles), read at WCAG AA's 4.5:1 in the light and the dark scheme."""
    page = tab.page
    for path in ("papers/fastattention/?h=speedup", "papers/fastattention/?h=flashattention"):
        tab.goto(path)
        page.locator(f"{CONTENT} mark[data-md-highlight]").first.wait_for()
        page.evaluate(f"() => document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        page.wait_for_timeout(600)  # Material's colour transitions
        ratio, text = page.evaluate(CONTRAST_OF_JS, f"{CONTENT} mark[data-md-highlight]")
        assert ratio >= 4.5, (path, text, ratio)
    assert page.locator(f"{CONTENT} a mark[data-md-highlight]").count()  # a link's words were checked
    tab.assert_clean()


def test_a_printed_listing_breaks_no_word_inside_itself(chromium, site, request):
    """Printed, a topic table fits the page and each one-word heading and metric (what a paper
    offloads, in the offloading table, which has no Metric) stays whole ('speedup', not 'speedu'
    over 'p', as every Serving row printed), and so do the papers' names and arXiv ids ("SpeCo
    ntext", "2512.0072 2" on a portrait page: a reader's audit). A listing prints landscape."""
    from digest.derive.taxonomy import load_taxonomy

    tab = reader_tab(chromium, site, request, {"width": 1123, "height": 794})  # A4 landscape at 96 dpi
    page = tab.page
    for path in [f"topics/{topic.slug}/" for topic in load_taxonomy(DATA / "taxonomy.yaml").topics]:
        tab.goto(path)
        page.emulate_media(media="print")
        printed = page.evaluate(f"""() => {{
            const box = document.querySelector('{CONTENT} .digest-scroll');
            const metric = (box.querySelector('th.col-metric') || box.querySelector('th.col-offloads')).cellIndex;
            const arxiv = box.querySelector('th.col-arxiv_id').cellIndex;
            const cells = [...box.querySelectorAll('th'), ...Array.from(box.querySelectorAll('tbody tr'), row => row.cells[metric])];
            const links = Array.from(box.querySelectorAll('tbody tr'), row => [row.cells[0].querySelector('a'), row.cells[arxiv].querySelector('a')]).flat();
            const broken = [...cells, ...links].filter(cell => {{
                if (!cell) return false;
                const range = document.createRange(); range.selectNodeContents(cell);
                const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
                return !cell.textContent.trim().includes(' ') && tops.size > 1;
            }}).map(cell => cell.textContent.trim());
            return {{fits: box.scrollWidth <= box.clientWidth + 1, broken}};
        }}""")
        assert printed == {"fits": True, "broken": []}, (path, printed)
    width, height = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", page.pdf(prefer_css_page_size=True)).groups()
    assert float(width) > float(height)  # landscape
    tab.goto("papers/flashattention-2/")  # a paper prints portrait, with where to read it
    width, height = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", page.pdf(prefer_css_page_size=True)).groups()
    assert float(width) < float(height)
    after = page.evaluate(f"""() => Array.from(document.querySelectorAll('{CONTENT} p a[href^="http"]'),
        a => [a.textContent, getComputedStyle(a, '::after').content])""")
    assert ["PDF", '" <https://arxiv.org/pdf/2307.08691>"'] in after, after
    assert all(content == "none" for text, content in after if text.startswith("Parallelism")), after
    tab.assert_clean()
