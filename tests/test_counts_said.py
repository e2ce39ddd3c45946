"""What the reader meets: counts in the number their noun takes, the same number wherever one
thing is counted (the hardware index, the page each row links, the home page), and links whose
text says what they lead to."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from digest.build import load_corpus
from digest.render.columns import listed_project_pages
from digest.render.site import render_site
from digest.text.link_labels import link_kind, link_labels
from digest.text.plural import counted

from .conftest import DATA
from .page_html import linked_page, tables

# "1 papers", "1 systems", "1 kinds", "1 folds": a count of one with a plural noun
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (?:papers|systems|named systems|kinds|folds|links|values)\b")


@pytest.fixture(scope="module")
def site():
    corpus = load_corpus(DATA)
    return corpus, render_site(corpus, "https://digest.example/")


def test_counted_says_one_in_the_singular():
    assert counted(1, "paper") == "1 paper"
    assert [counted(n, "paper") for n in (0, 2, 21)] == ["0 papers", "2 papers", "21 papers"]
    assert counted(3, "kind", "kinds") == "3 kinds"


def test_no_page_counts_one_with_a_plural_noun(site):
    _, files = site
    pages = {path: text for path, text in files.items() if path.endswith(".md")}
    assert not {path: ONE_PLURAL.findall(text) for path, text in pages.items() if ONE_PLURAL.search(text)}
    said = [text for path, text in pages.items() if path.startswith("hardware/")]
    assert any("1 paper names it in its abstract for its own work." in text for text in said)
    assert any("1 paper names it or one of its devices in its abstract for its own work." in text for text in said)
    assert any(
        re.search(r"\b\d\d+ papers name it or one of its devices in their abstracts for their own wo", t) for t in said
    )
    assert any(
        "; 1 more names it or one of its devices only for a baseline, earlier work or in passing, and is not" in t
        for t in said
    )


def test_a_device_page_counts_apart_the_abstracts_that_name_it_only_for_others(site):
    """The H100 page said "7 papers name it in their abstracts" where 11 did: it lists the papers
    that name it for their own work, and four named it only for a baseline or in passing ("6 H100
    hours" of earlier work). It says both counts now, and they add up to every abstract naming it."""
    corpus, files = site
    said = {}
    for entry in corpus.catalog:
        page = files.get(f"hardware/{corpus.catalog.slug(entry)}.md", "")
        found = re.search(r"^(\d+) papers? names? it in \w+ abstracts? for \w+ own work(?:; (\d+) more)?", page, re.M)
        if found:
            naming = [
                d
                for d in corpus.papers.values()
                if any(f.kind == "hardware" and f.value == entry.name for f in d.facts)
            ]
            assert int(found[1]) + int(found[2] or 0) == len(naming), entry.name
            said[entry.name] = (int(found[1]), int(found[2] or 0))
    assert said["H100"] == (4, 2) and said["A100"][1] == 0


def listed_count(page: str) -> int:
    """How many papers a hardware page says it lists, and checks that its table holds that many."""
    found = re.search(r"^(\d+) papers? names? it", page, re.M)
    assert found, page[:400]
    rows = sum(len(rows) for _, rows in tables(page))
    assert rows == int(found[1])
    return rows


def test_the_hardware_index_reaches_every_hardware_page_and_counts_what_it_lists(site):
    _, files = site
    index = files["hardware/index.md"]
    soup = BeautifulSoup(index, "html.parser")
    counts = {}
    for tr in soup.select("table tbody tr"):
        cells = tr.find_all("td")
        link = cells[0].find("a")
        if link is not None:
            counts[linked_page("hardware/index.md", link["href"], files)] = int(cells[-1].get_text())
    pages = {path for path in files if re.fullmatch(r"hardware/[^/]+\.md", path) and path != "hardware/index.md"}
    assert set(counts) == pages  # every page that exists, once
    assert all(counts[path] == listed_count(files[path]) for path in pages)
    # A family counts its devices' papers: at least as many as any device of it.
    family_rows = [
        tr for tr in soup.select("table tbody tr") if tr.find_all("td")[2].get_text() == "architecture family"
    ]
    assert len(family_rows) >= 5
    home = re.search(r"\*\*\[(\d+) kinds of hardware\]\(hardware/index\.md\)\*\*", files["index.md"])
    assert home and int(home[1]) == len(soup.select("table tbody tr")) >= len(pages)
    assert f"{home[1]} kinds of hardware" in index


def test_the_home_page_counts_the_papers_whose_pages_show_what_they_compare_against(site):
    """Home said "9 comparison links", a word no page uses, counting only links between papers of
    the digest, while 33 pages showed a Compares against list (catalogue baselines too)."""
    _, files = site
    comparing = {path for path, text in files.items() if path.startswith("papers/") and "## Compares against" in text}
    said = re.search(r"\*\*(\d+) papers? naming the systems they compare against\*\*", files["index.md"])
    assert said and int(said[1]) == len(comparing) > 0


@pytest.mark.parametrize(
    "url, kind",
    [
        ("https://github.com/org/repo", "code"),
        ("https://www.gitlab.com/org/repo/-/tree/main", "code"),
        ("https://huggingface.co/org/model-7b", "model"),
        ("https://huggingface.co/datasets/org/set", "dataset"),
        ("https://huggingface.co/spaces/org/demo", "demo"),
        ("https://huggingface.co/org", "Hugging Face"),
        ("https://some-lab.github.io/tool/", "project page"),
        ("https://www.deepspeed.ai/tutorials/x/", "deepspeed.ai"),
    ],
)
def test_a_link_says_what_it_leads_to(url, kind):
    assert link_kind(url) == kind


def test_a_project_page_a_listing_names_is_one_unless_it_is_a_repository():
    assert link_kind("https://hanlab.mit.edu/projects/radial-attention", project_page=True) == "project page"
    assert link_kind("https://huggingface.co/blog/nvidia/speed-bench", project_page=True) == "project page"
    assert link_kind("https://github.com/thu-ml/SLA", project_page=True) == "code"  # SLA2's listing


def test_code_links_in_tables_and_on_paper_pages_say_what_they_are(site):
    corpus, files = site
    with_links = [d for d in corpus.papers.values() if d.values("code")]
    assert with_links
    for derived in with_links:
        urls, project_pages = derived.values("code"), listed_project_pages(derived)
        page = files[f"papers/{derived.id}.md"]
        for url, label in zip(urls, link_labels(urls, project_pages), strict=True):
            kind = link_kind(url, url in project_pages)
            # under the row's heading "Links", each address after its kind: "code: ...", "project page: ..."
            shown = url if kind == urlsplit(url).hostname.removeprefix("www.") else f"{kind}: {url}"
            assert f'<a href="{html.escape(url)}">{html.escape(shown)}</a>' in page, (derived.id, url)
            assert "<strong>Code</strong>" not in page, derived.id
            for topic in derived.topics:
                named = html.escape(f"{label} of {derived.paper.title}")  # whose it is, for a screen reader
                link = f'<a href="{html.escape(url)}" aria-label="{named}">{label}</a>'
                assert link in files[f"topics/{topic}.md"], (topic, url)
