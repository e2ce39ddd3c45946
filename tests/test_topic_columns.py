"""A topic table leaves out a column that too few of its papers have a value for
(digest/render/topic.py): the values stay on the papers' own pages and in the filter's text.
And a Model scale cell lists its scales largest first, as it sorts."""

from __future__ import annotations

import re
import shutil

import pytest
from bs4 import BeautifulSoup

from digest.build import load_corpus
from digest.render.columns import COLUMNS, CORE_TABLE_COLUMNS
from digest.render.site import render_site
from digest.render.table_keys import gpu_count, magnitude
from digest.render.topic import SPARSE_SHARE, worth_a_column

from .conftest import REPO, REPO_DATA
from .page_html import row_of, tables


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
    Compares against in serving), each value is still on the paper's page and in its row's filter
    text: a paper of the digest by its id, a system of the baseline catalogue by its name."""
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
            text = column.text or column.value  # what the filter box finds a row by
            with_value = [pid for pid in corpus.by_topic[topic.slug] if text(corpus.papers[pid])]
            assert len(with_value) == count and 0 < count * SPARSE_SHARE < len(rows), (topic.slug, label)
            for pid in with_value:
                row = next(tr for tr in soup.select("tbody tr") if tr.find("a", href=f"../../papers/{pid}/"))
                for item in text(corpus.papers[pid]):
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


def test_a_list_cell_that_sorts_by_its_largest_value_shows_that_value_first(repo_site):
    """On a 390 px phone a list cell shows its first value and "+N more": sorted by GPUs, descending,
    parallelism read "512 GPUs, 128 GPUs +2 more, 384 GCDs" (TorchTitan's 128, 256, 512 GPUs in the
    abstract's order; a reader's audit). Every cell a sort key ranks starts with the value it sorts by."""
    corpus, pages = repo_site
    measures = {"col-gpu_count": gpu_count, "col-model_scale": magnitude}
    lists = 0
    for topic in corpus.taxonomy.topics:
        soup = BeautifulSoup(pages[f"topics/{topic.slug}.md"], "html.parser")
        for table in soup.find_all("table"):
            keys = [next(iter(th.get("class") or [""])) for th in table.select("thead th")]
            for tr in table.select("tbody tr"):
                for key, td in zip(keys, tr.find_all("td"), strict=True):
                    first = td.select_one(".digest-first")
                    if key not in measures or first is None:
                        continue
                    shown = first.find(string=True, recursive=False) or first.get_text().split(", ")[0]
                    assert measures[key](shown) == float(td["data-sort"]), (topic.slug, key, td.get_text())
                    lists += 1
    assert lists >= 3
    torchtitan = row_of(pages["topics/parallelism.md"], "torchtitan")
    assert "512 GPUs, 256 GPUs, 128 GPUs +2 more" in torchtitan  # whole on a wider screen


def test_every_listing_dates_its_papers_by_the_month_with_the_day_in_its_title_and_sort_key(repo_site):
    """'Newest published first', yet the tables showed the year alone: the papers of the last few
    months could not be told apart without opening each. A topic's, a tag's, a hardware page's and
    Systems A–Z's table show the month a paper was published ("2025-11"), carry the day in the cell's
    title and sort key, and show a year alone (gorgo's '2026') as it is, sorting after that year's days."""
    corpus, pages = repo_site
    checked: dict[str, int] = {}
    for name, page in pages.items():
        if not name.startswith(("topics/", "tags/", "hardware/", "systems")):
            continue
        soup = BeautifulSoup(page, "html.parser")
        for table in soup.find_all("table"):
            headings = [th.get_text() for th in table.select("thead th")]
            assert "Year" not in headings, name
            if "Published" not in headings:
                continue
            index = headings.index("Published")
            for tr in table.select("tbody tr"):
                link = tr.find("a", href=re.compile(r"papers/[^/]+/$"))
                published = corpus.papers[link["href"].rstrip("/").rsplit("/", 1)[1]].published
                cell = tr.find_all("td")[index]
                assert published and published[0].isdigit(), name  # the store dates every paper
                assert cell.get_text() == published[:7], (name, published)
                assert float(cell["data-sort"]) == float((published + "-00-00")[:10].replace("-", "")), (
                    name,
                    published,
                )
                if len(published) == 10:
                    assert cell.find("time", datetime=published, title=published), (name, published)
            kind = name.split("/", 1)[0].removesuffix(".md")
            checked[kind] = checked.get(kind, 0) + 1
    assert set(checked) == {"topics", "tags", "hardware", "systems"}, checked
    assert corpus.papers["gorgo"].published == "2026"  # a year alone: shown as it is


def test_a_paper_of_no_known_date_or_year_shows_none_and_sorts_last(tmp_path):
    """A record's published may be null or a day of an unknown year (--03-11): its cell is empty
    ("–", which the script sorts last either way), never a guessed month."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(REPO_DATA / name, data / name)
    record = data / "papers" / "ssdtrain.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace("published: '2024-08-19'", "published: --08-19"), encoding="utf-8"
    )
    corpus = load_corpus(data)
    assert corpus.papers["ssdtrain"].published == "--08-19" and corpus.papers["fastattention"].published is None
    page = render_site(corpus, "https://digest.example/")["topics/offloading.md"]
    headings, _ = tables(page)[0]
    index = headings.index("Published")
    for paper_id, shown in (("ssdtrain", "–"), ("zero-infinity", "2021-04")):
        assert row_of(page, paper_id)[index] == shown, paper_id
    row = BeautifulSoup(page, "html.parser").find("a", href="../../papers/ssdtrain/").find_parent("tr")
    assert not row.find_all("td")[index].has_attr("data-sort")  # sorted as empty: last, both ways


def test_a_row_is_found_by_its_tags_names_and_its_hardware_s_architecture(repo_site):
    """A reader typed "hopper" over the serving table and found no row, though rows list H100 and
    H20, and "KV caches" found none of the rows tagged kv-cache: each row's filter text holds its
    tags by name as well as by slug, and the catalogue's architecture of each of its hardware."""
    corpus, pages = repo_site
    names = {tag.slug: tag.name for tag in corpus.taxonomy.tags}
    found: dict[str, set[str]] = {}
    for name, page in pages.items():
        if not name.startswith(("topics/", "tags/", "hardware/")):
            continue
        for tr in BeautifulSoup(page, "html.parser").select("tr[data-filter]"):
            link = tr.find("a", href=re.compile(r"papers/[^/]+/$"))
            derived = corpus.papers[link["href"].rstrip("/").rsplit("/", 1)[1]]
            said = tr["data-filter"]
            assert derived.paper.title in said, name
            for tag in derived.tags:  # each once, whatever its case: "rl" and "RL"
                assert tag in said and names.get(tag, tag).casefold() in said.casefold(), (name, derived.id, tag)
            for device in derived.hardware:
                entry = corpus.catalog.get(device)
                if entry is not None and entry.arch:
                    assert entry.arch in said, (name, derived.id, device)
                    found.setdefault(entry.arch, set()).add(device)
    assert {"H100", "H20"} <= found["Hopper"] and "A100" in found["Ampere"], found
    serving = BeautifulSoup(pages["topics/serving.md"], "html.parser")
    hopper = {
        pid
        for pid in corpus.by_topic["serving"]
        if any((e := corpus.catalog.get(h)) and e.arch == "Hopper" for h in corpus.papers[pid].hardware)
    }
    assert sum("Hopper" in tr["data-filter"] for tr in serving.select("tr[data-filter]")) == len(hopper) >= 3
