"""The built site as a reader meets it: feeds a reader can follow, no stray page, clean abstracts,
HTML tables whose links all land, architecture pages that roll up their devices."""

from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
from urllib.parse import urlsplit

import feedparser
import pytest
import yaml
from bs4 import BeautifulSoup

from digest.derive.taxonomy import load_taxonomy
from digest.text.latex import leftovers
from digest.text.sentences import split_sentences

from .conftest import DATA, REPO_DATA

pytestmark = pytest.mark.build

FEED_TYPE = "application/atom+xml"


def soup(site, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path).read_text(encoding="utf-8"), "html.parser")


def advertised(page: BeautifulSoup) -> list[str]:
    return [link["href"] for link in page.head.find_all("link", rel="alternate", type=FEED_TYPE)]


def test_home_page_advertises_the_feed_of_all_papers(built_site):
    assert advertised(soup(built_site, "index.html")) == ["feed.xml"]
    assert advertised(soup(built_site, "new/index.html")) == ["../feed.xml"]  # its own feed, once
    feed = feedparser.parse((built_site / "feed.xml").read_bytes())
    assert not feed.bozo and len(feed.entries) > 10
    # an entry leads with the paper's headline, as its row in a topic table does
    led = [e.summary for e in feed.entries if e.summary.startswith("Headline result: ")]
    assert led and all(". " in summary for summary in led) and "Headline(" not in str(led)


def test_a_facts_row_no_one_sentence_gave_says_a_curator_set_it_not_where(built_site):
    """Values a curator set from the whole abstract (a system name, a hardware) have no sentence:
    their row says so in a reader's words, not by naming the record's `overrides` field."""
    pages = [p.read_text(encoding="utf-8") for p in (built_site / "papers").glob("*/index.html")]
    assert sum("<em>Set by a curator, from the abstract as a whole</em>" in page for page in pages) > 5
    assert not any("<code>overrides</code>" in page for page in pages)


def test_feed_entries_name_the_papers_authors_and_the_feed_its_own(built_site):
    """Atom wants an author for every entry: the paper's authors, in their order; a record with
    none falls back on the feed's author, the digest."""
    feed = feedparser.parse((built_site / "feed.xml").read_bytes())
    assert feed.feed.author == "ML Systems Paper Digest"
    authors = {p["id"]: p["authors"] for p in json.loads((built_site / "papers.json").read_text())["papers"]}
    checked = 0
    for entry in feed.entries:
        expected = authors[urlsplit(entry.link).path.split("/")[-2]]
        if expected:
            assert [a["name"] for a in entry.authors] == expected, entry.link
            checked += 1
    assert checked > 10


def test_every_topic_has_a_feed_its_page_advertises_whose_entries_are_its_papers(built_site):
    for topic in load_taxonomy(DATA / "taxonomy.yaml").topics:
        page = soup(built_site, f"topics/{topic.slug}/index.html")
        own = f"../../feed-topic-{topic.slug}.xml"
        assert advertised(page) == [own, "../../feed.xml"], topic.slug
        feed = feedparser.parse((built_site / f"feed-topic-{topic.slug}.xml").read_bytes())
        assert not feed.bozo and feed.feed.title.endswith(topic.name)
        listed = {a["href"].split("/")[-2] for a in page.select("table.digest-sticky tbody tr td:first-child a")}
        assert feed.entries and {urlsplit(e.link).path.split("/")[-2] for e in feed.entries} <= listed, topic.slug


def test_the_nav_file_is_no_page_of_the_site(built_site):
    assert not (built_site / "SUMMARY").exists() and not (built_site / "SUMMARY.md").exists()
    assert "SUMMARY" not in (built_site / "sitemap.xml").read_text()
    assert "SUMMARY" not in (built_site / "search" / "search_index.json").read_text()


def test_no_page_or_export_shows_a_record_as_python_writes_it(built_site):
    """A structured value (the headline is a record) reaches a page as its text, never as
    "Headline(metric='speedup', ...)": the New page once showed that."""
    outputs = [p for p in built_site.rglob("*") if p.suffix in {".html", ".xml", ".csv", ".json", ".bib"}]
    assert len(outputs) > 200
    for path in outputs:
        if path.name == "search_index.json":  # the pages' text again, code samples and all
            continue
        text = re.sub(r"<(code|pre)\b.*?</\1>", "", path.read_text(encoding="utf-8"), flags=re.S)  # code says code
        assert not re.search(r"\b[A-Z]\w+\([a-z_]+=", text), path


def test_no_conversion_leftover_in_any_rendered_abstract(built_site):
    pages = sorted((built_site / "papers").glob("*/index.html"))
    assert len(pages) > 50
    for path in pages:
        heading = soup(built_site, str(path.relative_to(built_site))).find("h2", id="abstract")
        abstract = heading.find_next_sibling("p").get_text()
        assert leftovers(abstract) == [], path.parent.name
        assert not re.search(r"\dtimes\b|x20[0-9A-F]{2}|\\", abstract), (path.parent.name, abstract)


def test_every_link_of_the_html_tables_lands_on_a_page(built_site):
    """MkDocs checks Markdown links; the tables are HTML, so their relative links are checked here."""
    checked = 0
    for path in built_site.rglob("index.html"):
        page_dir = path.parent.relative_to(built_site).as_posix()
        for a in soup(built_site, str(path.relative_to(built_site))).select("table.digest-grid a[href]"):
            href = a["href"]
            if "://" in href:
                continue
            target = posixpath.normpath(posixpath.join(page_dir, href))
            assert (built_site / target / "index.html").is_file() or (built_site / target).is_file(), (path, href)
            checked += 1
    assert checked > 500


def test_an_architecture_page_rolls_up_its_devices_and_a_device_links_its_family(built_site):
    hopper = soup(built_site, "hardware/hopper/index.html")
    listed = {a["href"].split("/")[-2] for a in hopper.select("table.digest-grid tbody td:first-child a")}
    h100 = soup(built_site, "hardware/h100/index.html")
    on_h100 = {a["href"].split("/")[-2] for a in h100.select("table.digest-grid tbody td:first-child a")}
    assert on_h100 and on_h100 <= listed
    assert h100.find("a", href="../hopper/")  # the device's page links its family


def test_a_paper_page_shows_upvotes_only_when_there_are_some(built_site):
    """ "Upvotes 0" said nothing a reader can use (four of the repo's papers had it)."""
    pages = {
        path.parent.name: path.read_text(encoding="utf-8") for path in (built_site / "papers").glob("*/index.html")
    }
    shown = [re.search(r"<strong>Upvotes</strong> (\d+)", page) for page in pages.values()]
    assert any(shown) and all(int(match.group(1)) > 0 for match in shown if match)


def test_the_method_page_keeps_the_curator_s_detail_folded_away(built_site):
    """The Method page ran 15,800 px, most of it the curator's machinery in a reader's path: each
    topic's regex rules and a table of 40 numbers the extractors missed. Both are folded into
    closed <details>, rendered (the rules as code, the numbers as a table); the descriptions,
    the trust figures and the evaluation tables stay open."""
    page = soup(built_site, "method/index.html")
    rules = page.select("details.digest-rules")
    ruled = [topic for topic in load_taxonomy(DATA / "taxonomy.yaml").topics if topic.rules]
    assert len(rules) == len(ruled)
    assert all(not d.has_attr("open") and d.find("code") and "Threshold" in d.get_text() for d in rules)
    unextracted = page.select_one("details.digest-unextracted")
    assert unextracted is not None and not unextracted.has_attr("open") and unextracted.find("table")
    for heading in ("how-far-to-trust-what-you-read", "are-the-values-the-papers-own"):
        assert page.find(id=heading).find_parent("details") is None, heading
    open_tables = [t for t in page.select("article table") if t.find_parent("details") is None]
    assert len(open_tables) >= 3  # the evaluation's tables a reader compares


def test_search_finds_a_topic_s_description_on_its_own_page_only(built_site):
    """A topic's rules are regex fragments, the words that lift a paper into it and those that keep
    it out ("(task|edge|mobile|vehicular|UAV|MEC) offload* (-3)"): in the search index they made
    each topic's section of the Method page hold the words of many queries, and rank with the
    papers on them. Its description did the same on Method and Home: "nvme optimizer" ranked the
    topic page, then Home and Method, above the NVMe offloading paper (a reader's audit). The
    description is found on the topic's own page."""
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    method = " ".join(doc["text"] for doc in docs if doc["location"].startswith("method/"))
    home = " ".join(doc["text"] for doc in docs if doc["location"].split("#")[0] == "")
    ruled = [topic for topic in load_taxonomy(DATA / "taxonomy.yaml").topics if topic.rules]
    for topic in ruled:
        opening = " ".join(topic.description.split()[:6])
        own = " ".join(doc["text"] for doc in docs if doc["location"].startswith(f"topics/{topic.slug}/"))
        assert opening in " ".join(own.split()), topic.slug
        assert opening not in " ".join(method.split()) and opening not in " ".join(home.split()), topic.slug
        assert "Threshold" not in method and "Rules:" not in method


def test_search_leaves_out_the_lists_of_papers_on_home_new_and_method(built_site):
    """Home's newest papers and chart figures, New's tables and Method's numbers not extracted
    list many papers' titles, headlines and hardware in one section: in the search index such a
    section held the words of many queries and ranked its page with the papers on them (Method
    2nd for "time to first token", home 2nd for "H100 attention kernel"). A listing's rows are
    out of search already (html_table's `interactive`); the topics' descriptions stay in."""
    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    pages = {"index.html": "", "new/index.html": "new/", "method/index.html": "method/"}
    for path, location in pages.items():
        text = " ".join(d["text"] for d in docs if d["location"].split("#")[0] == location)
        page = soup(built_site, path)
        listed = page.select("#newest-papers ~ * table, details.digest-chart-figures, details.digest-unextracted")
        listed += page.select("article table") if location == "new/" else []
        assert listed, path
        for element in listed:
            rows = element.select("tbody tr")
            assert rows, path
            for row in rows:
                cell = row.find("td").get_text(" ", strip=True)
                if cell.isdigit():  # a year of the charts' figures: home gives the newest listing's day
                    continue
                assert cell not in text, (path, cell)


def test_a_topic_page_leads_with_what_it_covers_and_folds_where_it_ends(built_site):
    """The whole description filled a phone's first screen and pushed the table below it: a topic
    page leads with the description's first sentence, what the topic covers (Home's table says the
    same), and folds the rest, what counts at its edges and what does not, closed under it."""
    home = soup(built_site, "index.html").select("article table")[0]
    covers = [row.select("td")[1].get_text(" ", strip=True) for row in home.select("tbody tr")]
    for topic in load_taxonomy(DATA / "taxonomy.yaml").topics:
        article = soup(built_site, f"topics/{topic.slug}/index.html").select_one("article")
        assert article.find("p").get_text(" ", strip=True) == topic.scope, topic.slug
        assert topic.scope.rstrip(".") in covers, topic.slug
        folded = article.select_one("details.digest-boundary")
        assert folded is not None and not folded.has_attr("open"), topic.slug
        assert folded.find("p").get_text(" ", strip=True) == topic.boundary != "", topic.slug
        assert topic.boundary not in article.find("p").get_text(" ", strip=True)


def test_home_s_charts_give_their_figures_as_tables(built_site):
    """A chart's alternative text was its title alone: a screen reader, or a reader who wants the
    numbers, got none of its figures. Each chart is followed by a closed table of them; the year
    table's columns add up to the topics' paper counts in Home's table of topics."""
    home = soup(built_site, "index.html")
    folded = home.select("details.digest-chart-figures")
    assert len(folded) == len(home.select(".digest-chart")) == 2
    assert all(not d.has_attr("open") and d.find("table") for d in folded)
    years = folded[0].find("table")
    slugs = [th.get_text() for th in years.select("thead th")][1:]
    columns = [[int(td.get_text()) for td in tr.find_all("td")[1:]] for tr in years.select("tbody tr")]
    totals = dict(zip(slugs, (sum(column) for column in zip(*columns, strict=True)), strict=True))
    topics = home.find("table")  # the first table: Topic, Covers, Papers
    shown = {
        tr.find("a")["href"].rstrip("/").split("/")[-1]: int(tr.find_all("td")[-1].get_text())
        for tr in topics.select("tbody tr")
    }
    assert totals == shown


def test_home_s_years_chart_marks_the_year_the_newest_listing_ends_in_part(built_site):
    """The last year's bar covered January to the newest listing read, unmarked, and read as a year
    flat against the one before it (a reader's audit): its year says the day it reaches, in the
    chart (either scheme's drawing) and in its figures, from the day Home names."""
    home = soup(built_site, "index.html")
    newest = dt.date.fromisoformat(re.search(r"Daily Papers listing of (\d{4}-\d\d-\d\d)", home.get_text())[1])
    part = f"{newest.year} (to {newest:%b} {newest.day})"
    years = [tr.find("td").get_text() for tr in home.select("details.digest-chart-figures")[0].select("tbody tr")]
    assert years[-1] == part and all(year.isdigit() for year in years[:-1]), years
    for drawing in ("topics-by-year.svg", "topics-by-year-dark.svg"):
        assert f"(to {newest:%b} {newest.day})" in (built_site / "charts" / drawing).read_text(encoding="utf-8")


def words(text: str) -> str:
    """A text's words, lowercased, its markup and punctuation aside."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def test_a_topic_page_says_of_each_paper_what_it_does_not_the_fields_background(built_site):
    """A topic page's paragraph per paper opened with the abstract's first sentence, most often the
    field's background ("models have grown 1000x"): it opens with the first sentence the record's
    roles give as the paper's own work."""
    article = soup(built_site, "topics/offloading/index.html").select_one("article")
    paragraphs = {
        link["href"].rstrip("/").rsplit("/", 1)[-1]: paragraph
        for paragraph in article.find("h2", id="papers").find_all_next("p")
        if (link := paragraph.find("a", href=re.compile(r"papers/[^/]+/$")))
    }
    opened_later = 0
    for paper_id, paragraph in paragraphs.items():
        record = yaml.safe_load((REPO_DATA / "papers" / f"{paper_id}.yaml").read_text(encoding="utf-8"))
        sentences = split_sentences(record["abstract"])
        roles = record.get("overrides", {}).get("sentence_roles") or []
        own = roles.index("own") if "own" in roles else 0
        teaser = words(paragraph.get_text(" ").split("\n")[-1])
        assert teaser.startswith(words(sentences[own])[:60]), paper_id
        if own:
            opened_later += 1
            assert words(sentences[0])[:60] not in teaser, paper_id
    assert len(paragraphs) > 10 and opened_later > 3


def test_a_paper_page_leads_with_its_headline_result(built_site):
    """The headline was the eighth field of the details line, eleven lines down on a phone, and a
    search result showed a paper's dates and authors: it is the page's first line under the title,
    labelled as the tables' column is, and so the start of the paper's search entry."""
    entries = {
        doc["location"]: doc["text"]
        for doc in json.loads((built_site / "search/search_index.json").read_text())["docs"]
    }
    papers = json.loads((built_site / "papers.json").read_text())["papers"]
    stated = [p for p in papers if p["headline"]]
    assert len(stated) > 100
    for paper in stated[:40]:
        page = soup(built_site, f"papers/{paper['id']}/index.html").select_one("article")
        first = page.find("p")
        assert first.get("class") == ["digest-headline"], paper["id"]
        assert first.get_text(" ", strip=True).startswith(f"Headline result {paper['headline']}"), paper["id"]
        assert (
            BeautifulSoup(entries[f"papers/{paper['id']}/"], "html.parser")
            .get_text(" ", strip=True)
            .startswith("Headline result")
        ), paper["id"]


def test_systems_a_to_z_is_one_page_while_its_light_rows_fit(built_site):
    """224 systems made 27 letter pages of about 8 rows each at a topic table's 200 rows a part; a
    row of name, paper and date weighs a quarter of a topic's, so they are one page, one table."""
    papers = json.loads((built_site / "papers.json").read_text())["papers"]
    named = [p for p in papers if p["system"]]
    assert 200 < len(named) <= 800
    article = soup(built_site, "systems/index.html").select_one("article")
    (table,) = article.select("table")
    assert len(table.select("tbody tr")) == len(named)
    assert not (built_site / "systems" / "a").exists()  # no part pages
