"""Long listings split into parts (digest/render/listing.py), and the lighter paper page.

The splitting rules on plain rows, then whole pages rendered from the repo's records with a
part size small enough that every kind of listing is split."""

from __future__ import annotations

import posixpath
import re
import shutil

import pytest
import yaml
from bs4 import BeautifulSoup

from digest.build import load_corpus
from digest.render import listing
from digest.render.listing import Group, letter_group, split, year_group
from digest.render.site import render_site
from digest.render.systems import ROW_WEIGHT

from .conftest import DATA, REPO
from .page_html import linked_pages, tables

LINK_RE = re.compile(r"\]\(([^)\s]+\.md)\)")
BODY_ROW = re.compile(r"<tr(?: data-filter=\"[^\"]*\")?><td>")  # a table's body row, with its filter text or none
SIZE = 4


def rows_of(groups: dict[str, int]) -> list[tuple[Group, str]]:
    return [(year_group(int(year)), f"{year}-{i}") for year, count in groups.items() for i in range(count)]


def test_a_listing_that_fits_is_not_split():
    assert split(rows_of({"2025": 3, "2024": 1}), SIZE) == []


def test_a_long_listing_splits_by_group_and_pages_long_groups():
    rows = rows_of({"2025": 9, "2024": 2, "2021": 4})
    parts = split(rows, SIZE)
    assert [part.slug for part in parts] == ["2025", "2025-2", "2025-3", "2024", "2021"]
    assert [part.label for part in parts] == ["2025, 1–4", "2025, 5–8", "2025, 9–9", "2024", "2021"]
    assert [pid for part in parts for pid in part.ids] == [pid for _, pid in rows]  # every row once, in order
    assert all(len(part.ids) <= SIZE for part in parts)
    assert all(pid.startswith(part.group.label) for part in parts for pid in part.ids)


def test_groups_by_year_and_letter():
    assert year_group(None) == Group("year unknown", "unknown")
    assert year_group(2024) == Group("2024", "2024")
    assert letter_group("vLLM") == Group("V", "v")
    assert letter_group("3FS") == Group("0–9 and others", "other")


@pytest.fixture(scope="module")
def small_parts():
    """The repo's records rendered with parts of SIZE rows, so that every listing kind splits."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(listing, "PART_SIZE", SIZE)
        corpus = load_corpus(DATA)
        return corpus, render_site(corpus, "https://digest.example/")


def front(page: str) -> dict:
    return yaml.safe_load(page.split("---\n", 2)[1])


@pytest.mark.parametrize(
    "listing_page, ids_of, part_rows",
    [
        ("topics/serving.md", lambda corpus: corpus.by_topic["serving"], SIZE),
        ("hardware/a100.md", lambda corpus: corpus.by_hardware["A100"], SIZE),
        ("tags/llm.md", lambda corpus: corpus.by_tag["llm"], SIZE),
        # a row of name, paper and date weighs less: more of them to a part
        ("systems.md", lambda corpus: [pid for pid, d in corpus.papers.items() if d.system], round(SIZE / ROW_WEIGHT)),
    ],
)
def test_every_paper_of_a_split_listing_is_in_exactly_one_part(small_parts, listing_page, ids_of, part_rows):
    corpus, files = small_parts
    page = files[listing_page]
    assert "digest-table" not in page  # the listing's own page links its parts, it holds no rows
    parts = [
        posixpath.normpath(posixpath.join(posixpath.dirname(listing_page), link))
        for link in LINK_RE.findall(page)
        if link.startswith(listing_page.removesuffix(".md").rsplit("/", 1)[-1] + "/")
    ]
    assert len(parts) > 1 and all(part in files for part in parts)
    listed = []
    for part in parts:
        text = files[part]
        assert front(text)["search"] == {"exclude": True}
        assert '<div class="digest-table" data-search-exclude>' in text
        rows = [line for line in text.splitlines() if BODY_ROW.match(line) and "papers/" in line]
        assert 0 < len(rows) <= part_rows
        listed += [
            next(page for page in linked_pages(part, row) if page.startswith("papers/"))[7:-3] for row in rows
        ]  # a row's first paper link is its paper
        for link in LINK_RE.findall(text):  # every link of a part leads to a page of the site
            assert posixpath.normpath(posixpath.join(posixpath.dirname(part), link)) in files, (part, link)
        for linked in linked_pages(part, text, files):
            assert linked in files, (part, linked)
    assert sorted(listed) == sorted(ids_of(corpus))


def test_parts_of_a_topic_are_its_years_newest_first_and_link_each_other(small_parts):
    corpus, files = small_parts
    parts = sorted(path for path in files if path.startswith("topics/serving/"))
    years = [corpus.papers[pid].year for pid in corpus.by_topic["serving"]]
    expected = {str(year) if year else "unknown" for year in years}
    assert {posixpath.basename(p)[:-3].split("-")[0] for p in parts} == expected
    newest = max(year for year in years if year)
    first = files[f"topics/serving/{newest}.md"]
    assert first.startswith(f"---\ntitle: 'Serving and inference: {newest}")
    assert "A part of [Serving and inference](../serving.md)" in first
    assert "Previous:" not in first.split("\n\n", 3)[2] and "Next: [" in first


def test_a_topic_lists_its_papers_newest_first_by_date_and_says_so(small_parts):
    """Within a year too: a reader scanning a topic sees the latest work first, not an id order."""
    corpus, files = small_parts
    page = files["topics/serving.md"]
    parts = [f"topics/{link[:-3]}.md" for link in LINK_RE.findall(page) if link.startswith("serving/")]
    listed = []
    for part in parts:
        rows = [line for line in files[part].splitlines() if BODY_ROW.match(line) and "papers/" in line]
        listed += [next(p for p in linked_pages(part, row) if p.startswith("papers/"))[7:-3] for row in rows]
    dates = [corpus.papers[pid].published or "" for pid in listed]
    assert len(set(dates)) > SIZE  # the repo's serving papers span many days, so the order is tested
    assert dates == sorted(dates, reverse=True)
    whole = render_site(corpus, "https://digest.example/")
    # one page: the whole table
    assert (
        " papers. Newest published first; click a column heading to sort, type in the box to filter."
        in whole["topics/hardware.md"]
    )
    assert "\nNVIDIA GPU, Ampere architecture. Also written as: " in whole["hardware/a100.md"]


def test_paper_page_says_same_hardware_once_per_hardware(small_parts):
    corpus, files = small_parts
    paper_id = "fastattention"
    page = files[f"papers/{paper_id}.md"]
    section = page.split("## Same hardware", 1)[1].split("\n## ", 1)[0].split("<details", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("<li>")]

    def listed(name):  # an architecture's page lists its devices' papers too
        names = [name, *(entry.name for entry in corpus.catalog if entry.arch == name)]
        return len({pid for each in names for pid in corpus.by_hardware.get(each, [])})

    expected = [(name, listed(name) - 1) for name in corpus.papers[paper_id].hardware if listed(name) > 1]
    assert len(lines) == len(expected) > 0
    for line, (name, others) in zip(lines, expected, strict=True):
        slug = corpus.catalog.slug(corpus.catalog.get(name))
        assert (
            line
            == f'<li><a href="../../hardware/{slug}/">{name}</a> · {others} other paper{"s" if others != 1 else ""}</li>'
        )
    assert "papers/" not in section and "zero-infinity" not in section  # no paper titles


def test_sources_are_a_collapsed_table_of_every_sighting(small_parts):
    corpus, files = small_parts
    for paper_id, derived in corpus.papers.items():
        section = files[f"papers/{paper_id}.md"].split('<details class="digest-sources"', 1)[1]
        sources = derived.paper.sources
        ((_, rows),) = tables(section)
        assert [(row[-2], row[-1]) for row in rows] == [(source.file, str(source.line)) for source in sources]


def test_tag_pages_replace_the_tags_plugin(small_parts):
    corpus, files = small_parts
    assert "material/tags" not in files["tags.md"]
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert not re.search(r"^\s*- tags\s*$", config, re.MULTILINE)
    slugs = {posixpath.basename(page)[:-3] for page in linked_pages("tags.md", files["tags.md"])}
    assert {tag for tag in corpus.by_tag if tag in {t.slug for t in corpus.taxonomy.tags}} <= slugs
    # in search, boosted as a topic page is: a search for the tag finds its list first (test_relevance)
    assert all(front(files[f"tags/{slug}.md"])["search"] == {"boost": 2} for slug in slugs)


def test_a_tag_s_table_compares_its_papers_headline_results_and_hardware(small_parts):
    """A tag gathers papers across topics (KV cache: serving, kernels, offloading), yet its table
    showed only their titles, years and topics: no headline result could be compared there. Then it
    showed the headline without its metric, which a topic's table has (a reader's audit)."""
    corpus, files = small_parts
    shown = {}
    for name, page in files.items():
        if name.startswith("tags/"):
            soup = BeautifulSoup(page, "html.parser")
            for table in soup.find_all("table"):
                headings = [th.get_text() for th in table.select("thead th")]
                for tr in table.select("tbody tr"):
                    link = tr.find("a", href=re.compile(r"papers/[^/]+/$"))
                    cells = dict(zip(headings, tr.find_all("td"), strict=True))
                    shown.setdefault(link["href"].rstrip("/").rsplit("/", 1)[1], []).append(cells)
    tagged = {pid for pids in corpus.by_tag.values() for pid in pids}
    assert tagged and set(shown) == tagged
    for paper_id, tables_cells in shown.items():
        derived = corpus.papers[paper_id]
        for cells in tables_cells:
            if derived.headline:
                assert cells["Headline result"].get_text() == derived.headline.text, paper_id
                assert cells["Headline result"].has_attr("data-group"), paper_id  # sorts within its metric
                # beside it, what it measures: a reader after memory cuts among KV-cache papers filters by it
                assert cells["Metric"].get_text() == (derived.headline.metric or "–"), paper_id
            if derived.hardware:
                for more in cells["Hardware"].select(".digest-more-items"):  # a phone's "+2 more", the rest kept
                    more.extract()
                assert cells["Hardware"].get_text().strip() == ", ".join(derived.hardware), paper_id


def test_a_device_s_table_compares_its_papers_headline_results(small_parts):
    """A device's page listed each paper with its topics and the sentence naming the device, but
    no result: a reader comparing what was done on H100 had to filter every topic's table. Then it
    sorted the headlines by metric without showing the metric, which a tag's table has (a reader's audit)."""
    corpus, files = small_parts
    checked = 0
    for name, page in files.items():
        if not name.startswith("hardware/"):
            continue
        for table in BeautifulSoup(page, "html.parser").find_all("table"):
            headings = [th.get_text() for th in table.select("thead th")]
            if "Where the abstract names it" not in headings:
                continue  # the index of devices
            # Second, or left out where no paper of the part has a headline (a column of dashes).
            assert headings[1] == "Headline result" or not any(
                corpus.papers[pid].headline for pid in _paper_ids(table)
            ), name
            for tr in table.select("tbody tr"):
                cells = dict(zip(headings, tr.find_all("td"), strict=True))
                paper_id = _paper_ids(tr)[0]
                headline = corpus.papers[paper_id].headline
                if headline:
                    # the headline, and "measured on RTX 4090" under one measured on other hardware
                    elsewhere = cells["Headline result"].select_one(".digest-elsewhere")
                    shown = (
                        cells["Headline result"]
                        .get_text()
                        .removesuffix(f" {elsewhere.get_text()}" if elsewhere else "")
                    )
                    assert shown == headline.text, (name, paper_id)
                    assert cells["Headline result"].has_attr("data-group"), paper_id  # sorts within its metric
                    # beside it, the metric it sorts within: the grouping of the sort shows
                    assert cells["Metric"].get_text() == (headline.metric or "–"), (name, paper_id)
                    checked += 1
                assert cells["Where the abstract names it"].get_text(), (name, paper_id)
    assert checked


def _paper_ids(soup) -> list[str]:
    return [a["href"].rstrip("/").rsplit("/", 1)[1] for a in soup.find_all("a", href=re.compile(r"papers/[^/]+/$"))]


def test_a_curator_tag_named_index_does_not_replace_the_tags_page(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    record = data / "papers" / "holmes.yaml"
    fields = yaml.safe_load(record.read_text(encoding="utf-8"))
    fields["tags"] = ["index"]
    record.write_text(yaml.safe_dump(fields, sort_keys=False, allow_unicode=True), encoding="utf-8")
    files = render_site(load_corpus(data), "https://digest.example/")
    assert "tags/index.md" not in files and "tags/index-tag.md" in files
    assert "tags/index-tag.md" in linked_pages("tags.md", files["tags.md"])
