"""A real `mkdocs build --strict` of the repo's data: no warnings, every link and anchor resolves,
exports agree with the records, no third-party request, hostile records render as text."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from digest.records.store import load_papers

from .conftest import DATA, REPO, REPO_DATA, mkdocs_build

pytestmark = pytest.mark.build


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")


def soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


# What a build for mkdocs.yml's local default site_url says (digest/plugin.py), as the tests build.
LOCAL_SITE_URL_SAID = "WARNING -  digest: site_url is http://127.0.0.1:8000/, mkdocs.yml's local default"


def test_build_has_no_warning(built_site):
    log = (built_site.parent / "build.log").read_text()
    # The repo's site is built for this machine, as a test reads it: that one warning is said, once.
    assert log.count(LOCAL_SITE_URL_SAID) == 1
    rest = "\n".join(line for line in log.splitlines() if not line.startswith(LOCAL_SITE_URL_SAID))
    assert not re.search(r"^(WARNING|ERROR)\b", rest, re.MULTILINE), log[-2000:]


@pytest.mark.parametrize("site_url", [None, "https://digest.example/sub/"])
def test_a_site_built_without_site_url_says_its_feeds_link_to_this_machine(tmp_path, site_url):
    """Built with plain `mkdocs build`, the feeds' entry links and papers.json's urls went to
    http://127.0.0.1:8000/, and a quiet build said nothing (a reader's audit): the build warns, once,
    even under --quiet, without failing the --strict build; with SITE_URL it is silent and links there."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml", "sources"):
        (shutil.copytree if name == "sources" else shutil.copy)(DATA / name, data / name)
    env = {key: value for key, value in os.environ.items() if key != "SITE_URL"}
    env |= {"DIGEST_DATA": str(data), "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    env |= {"SITE_URL": site_url} if site_url else {}
    site = tmp_path / "site"
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(REPO / "mkdocs.yml")]
    result = subprocess.run([*command, "-d", str(site)], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    said = [line for line in result.stderr.splitlines() if line.strip()]
    if site_url is None:
        (warning,) = said
        assert warning.startswith(LOCAL_SITE_URL_SAID) and "SITE_URL=https://HOST/PATH/ mkdocs build" in warning
    else:
        assert said == []
    base = site_url or "http://127.0.0.1:8000/"
    feed = BeautifulSoup((site / "feed.xml").read_text(encoding="utf-8"), "xml")
    links = [link["href"] for link in feed.select("entry > link")]
    assert links and all(link.startswith(f"{base}papers/") for link in links)
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))["papers"]
    assert {paper["url"] for paper in papers} == {f"{base}papers/{paper['id']}/" for paper in papers}


def test_every_paper_topic_and_hardware_page_exists(built_site):
    papers = load_papers(REPO_DATA)
    for paper in papers:
        assert (built_site / "papers" / paper.id / "index.html").is_file(), paper.id
    for slug in ("offloading", "parallelism", "kernels", "serving", "hardware", "other"):
        assert (built_site / "topics" / slug / "index.html").is_file()
    for page in ("hardware", "systems", "tags", "glossary", "method", "contributing"):
        assert (built_site / page / "index.html").is_file(), page


def test_every_internal_link_and_anchor_resolves(built_site):
    ids_by_page: dict[Path, set[str]] = {}
    broken = []
    for page in html_pages(built_site):
        for anchor in soup(page).find_all(href=True):
            href = anchor["href"]
            parts = urlsplit(href)
            if parts.scheme or href.startswith(("//", "mailto:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(built_site)}: {href}")
                continue
            if parts.fragment and target.suffix == ".html":
                if target not in ids_by_page:
                    ids_by_page[target] = {tag["id"] for tag in soup(target).find_all(id=True)}
                if parts.fragment not in ids_by_page[target]:
                    broken.append(f"{page.relative_to(built_site)}: {href} (no such anchor)")
    assert broken == []


def test_sidebar_lists_sections_and_topics_not_papers(built_site):
    nav = soup(built_site / "index.html").select_one("nav.md-nav--primary")
    links = [a["href"] for a in nav.find_all("a", href=True)]
    assert any("topics/offloading" in href for href in links)
    assert not any("papers/" in href for href in links)
    assert len(links) < 30


def test_site_makes_no_third_party_request(built_site):
    """No page or asset loads anything from outside the site (fonts, scripts, styles, images)."""
    outside = []
    for page in html_pages(built_site):
        for tag in soup(page).find_all(["script", "link", "img", "iframe", "source"]):
            url = tag.get("src") or (tag.get("href") if tag.name == "link" else None)
            if url and re.match(r"^(https?:)?//", url) and not url.startswith("http://127.0.0.1:8000/"):
                if tag.name == "link" and tag.get("rel") in (["canonical"], ["alternate"]):
                    continue
                outside.append(f"{page.relative_to(built_site)}: <{tag.name}> {url}")
    for css in built_site.rglob("*.css"):
        outside += [f"{css.name}: {url}" for url in re.findall(r"url\((['\"]?)(?:https?:)?//[^)]+\)", css.read_text())]
    assert outside == []


def test_exports_are_in_the_site_and_match_the_records(built_site):
    exported = json.loads((built_site / "papers.json").read_text())
    assert {p["id"] for p in exported["papers"]} == {p.id for p in load_papers(REPO_DATA)}
    assert (built_site / "papers.csv").read_text().count("\n") == len(exported["papers"]) + 1
    assert "<feed" in (built_site / "feed.xml").read_text()
    for name in ("topics-by-year.svg", "hardware-by-topic.svg"):
        assert (built_site / "charts" / name).read_text().lstrip().startswith("<?xml")
        # and its twin for the dark scheme: no white panel, light text (a reader's audit), on the
        # dark scheme's background, so that opened alone it is not light text on a browser's white
        dark = (built_site / "charts" / name.replace(".svg", "-dark.svg")).read_text()
        assert dark.lstrip().startswith("<?xml") and "#ffffff" not in dark.lower() and "#d5d8df" in dark
        assert "fill: #1e2129" in dark.split('<g id="axes_1">')[0], "no dark background behind the chart"


def test_home_s_hardware_chart_counts_devices_as_the_hardware_pages_do(built_site):
    """The chart's 'Ampere' row counted the 2 papers naming only the architecture, where the Hardware
    page's Ampere rolls up 22 (a reader's audit): the chart's rows are devices, each with its page's count."""
    from digest.derive.hardware_catalog import load_hardware

    catalog = load_hardware(REPO_DATA / "hardware.yaml")
    figures = next(d for d in soup(built_site / "index.html").select("details") if "device and topic" in d.get_text())
    rows = [[cell.get_text(strip=True) for cell in row.select("td")] for row in figures.select("tbody tr")]
    assert len(rows) == 15
    index = {
        row.select("td")[0].get_text(strip=True): int(row.select("td")[-1].get_text(strip=True))
        for row in soup(built_site / "hardware" / "index.html").select("tbody tr")
    }
    for name, *counts in rows:
        entry = catalog.get(name)
        assert entry is None or entry.class_ != "architecture", name
        assert max(map(int, counts)) <= index[name]


HOSTILE_TITLE = "</title><script>alert('title')</script> Pipe | `tick` $x$ \\textbf{Bold} M\\'elange"
HOSTILE_ABSTRACT = (
    "We present <img src=x onerror=alert(1)> HostileNet | with [a link](javascript:alert(2)) "
    "and <a href='javascript:alert(3)'>click</a>, `code`, $\\alpha$ and **bold** text. " * 4
)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    data = root / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    record = (data / "papers" / "holmes.yaml").read_text()
    import yaml

    fields = yaml.safe_load(record)
    fields.update(
        id="hostile",
        title=HOSTILE_TITLE,
        abstract=HOSTILE_ABSTRACT,
        notes="<b onmouseover=alert(4)>note</b> [x](javascript:alert(5))",
        organization="<svg onload=alert(6)>",
        overrides={"system": "<i>Evil</i>|Net", "hardware": ["<b>GPU</b>"]},
    )
    (data / "papers" / "hostile.yaml").write_text(yaml.safe_dump(fields, sort_keys=False, allow_unicode=True))
    result = mkdocs_build(REPO / "mkdocs.yml", root / "site", {"DIGEST_DATA": str(data)})
    assert result.returncode == 0, result.stderr[-3000:]
    return root / "site"


def test_hostile_record_renders_as_inert_text(hostile_site):
    page = soup(hostile_site / "papers" / "hostile" / "index.html")
    article = page.select_one("article")
    assert (
        article.find("h1")
        .get_text()
        .startswith("</title><script>alert('title')</script> Pipe | `tick` $x$ Bold Mélange")
    )
    assert "<img src=x onerror=alert(1)> HostileNet | with [a link](javascript:alert(2))" in article.get_text()
    assert "<b onmouseover=alert(4)>note</b>" in article.get_text()
    assert article.find_all(["script", "img", "iframe", "b", "i"]) == []
    assert [svg for svg in article.find_all("svg") if svg.get("onload")] == []
    for tag in page.find_all(True):
        assert not any(name.startswith("on") for name in tag.attrs), tag
        for attribute in ("href", "src"):
            assert not str(tag.get(attribute, "")).strip().lower().startswith("javascript"), tag
    assert page.find("title").find_all(True) == []
    assert not any("alert(" in script.get_text() for script in page.find_all("script"))


def test_hostile_text_does_not_break_tables(hostile_site):
    rows_seen = 0
    for topic in sorted((hostile_site / "topics").iterdir()):
        table = soup(topic / "index.html").select_one(".digest-table table")
        if table is None:
            continue
        width = len(table.select("thead th"))
        for row in table.select("tbody tr"):
            assert len(row.find_all("td")) == width, (topic.name, row)
            rows_seen += "Evil" in row.get_text()
    assert rows_seen == 1  # the hostile paper's row, intact, in its one topic table


def test_a_bad_record_stops_the_build_with_the_line_check_prints(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    record = data / "papers" / "galore.yaml"
    record.write_text(record.read_text().replace("upvotes: 15", "upvotes: [15]", 1))
    result = mkdocs_build(REPO / "mkdocs.yml", tmp_path / "site", {"DIGEST_DATA": str(data)})
    assert result.returncode == 1
    assert f"{record}:7: upvotes: expected a whole number, got a list" in result.stderr
    assert "Traceback" not in result.stderr


def search_docs(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_search_indexes_what_readers_search_for(built_site):
    """A paper's entry holds its title, system, hardware, topic and tag names and its abstract."""
    from digest.build import load_corpus

    corpus = load_corpus(REPO_DATA)
    docs = {doc["location"]: doc for doc in search_docs(built_site)}
    derived = corpus.papers["fastattention"]
    article, abstract = docs["papers/fastattention/"], docs["papers/fastattention/#abstract"]
    assert article["title"] == derived.paper.title
    for name in [derived.system, *derived.hardware, *(corpus.taxonomy.topic(t).name for t in derived.topics)]:
        assert name in article["text"], name
    assert set(article["tags"]) == {t.name for t in corpus.taxonomy.tags if t.slug in derived.tags}
    assert abstract["text"].startswith("<p>FlashAttention series has been widely applied")


REPEATED = (
    "cite",
    "facts",
    "why-these-topics",
    "compares-against",
    "compared-by",
    "related-papers",
    "same-hardware",
    "sources",
    "papers",
)


def test_search_leaves_out_repeated_material(built_site):
    """BibTeX, fact sentences, link lists, sources and the rows of listings are not indexed; nor are the
    parts of long listings (whole pages out of search). A tag page is, as a topic page is: its name and
    its lead, not its rows."""
    docs = search_docs(built_site)
    assert [
        doc["location"]
        for doc in docs
        if doc["location"].startswith("papers/") and doc["location"].partition("#")[2] in REPEATED
    ] == []
    assert {doc["location"].partition("#")[2] for doc in docs if doc["location"].startswith("topics/")} == {""}
    tags = {doc["location"] for doc in docs if doc["location"].startswith("tags/") and doc["location"] != "tags/"}
    assert tags and {location.partition("#")[2] for location in tags} == {""}
    titles = [p.title for p in load_papers(REPO_DATA)]
    listings = [
        doc
        for doc in docs
        if doc["location"].split("/")[0] in ("topics", "hardware", "systems", "tags") or doc["location"] == ""
    ]
    assert listings
    assert [(doc["location"], title) for doc in listings for title in titles if title in doc["text"]] == []
    # ...while the pages themselves are built and show what search leaves out.
    page = (built_site / "papers" / "fastattention" / "index.html").read_text(encoding="utf-8")
    assert 'id="same-hardware"' in page and 'id="related-papers"' in page and "data-search-exclude" in page


def test_pages_carry_no_theme_indentation(built_site):
    for page in [
        built_site / "index.html",
        built_site / "papers" / "fastattention" / "index.html",
        built_site / "contributing" / "index.html",
    ]:
        html = re.sub(r"(?is)<(pre|textarea|script|style)\b.*?</\1>", "", page.read_text(encoding="utf-8"))
        assert not re.search(r"\n[ \t]+", html), page
    code = soup(built_site / "contributing" / "index.html").find("pre")
    assert code is not None and "digest ingest" in code.get_text()


def test_every_digest_block_is_back_in_its_page_and_none_in_search(built_site):
    """The hooks hide the digest's HTML blocks from Markdown, and those search leaves out from the
    search plugin too (digest/passthrough.py): each is back in its page, no placeholder anywhere."""
    built = [*built_site.rglob("*.html"), built_site / "search" / "search_index.json"]
    assert [path for path in built if re.search(r"DIGEST(HTML|HIDDEN)", path.read_text(encoding="utf-8"))] == []
    facts = soup(built_site / "papers" / "fastattention" / "index.html").select("table.digest-facts mark")
    assert facts, "the fact block is missing from the paper page"


PREVIEW_URL = "https://owner.github.io/repo/pr-preview/pr-7/"  # as ci.yml builds a pull request's


def test_a_pull_requests_preview_says_it_is_one_and_asks_not_to_be_indexed(tmp_path, built_site):
    """A preview found by a search engine or a shared link read as the digest itself: built for a
    site_url under /pr-preview/, every page asks not to be indexed and says, above its header, whose
    preview it is, linking the published site. The published build has neither."""
    preview = tmp_path / "site"
    result = mkdocs_build(REPO / "mkdocs.yml", preview, {"DIGEST_DATA": str(DATA), "SITE_URL": PREVIEW_URL})
    assert result.returncode == 0, result.stderr[-3000:]
    pages = [*html_pages(preview), preview / "404.html"]
    assert len(pages) > 90 and all('<meta name="robots" content="noindex">' in p.read_text() for p in pages)
    for name in ("index.html", "papers/zo2/index.html", "topics/kernels/index.html", "404.html"):
        banner = soup(preview / name).select(".md-banner .digest-preview")
        assert len(banner) == 1, name
        assert " ".join(banner[0].get_text().split()).startswith(
            "A preview of pull request #7, not the published digest"
        )
        assert [a["href"] for a in banner[0].select("a")] == ["https://owner.github.io/repo/"]
    for page in [*html_pages(built_site), built_site / "404.html"]:
        text = page.read_text()
        assert 'name="robots"' not in text and "md-banner" not in text, page
