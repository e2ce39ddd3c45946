"""Citations and reading links: papers.bib parses with a real BibTeX parser (bibtexparser), its
keys are the papers' ids (unique, and unchanged when papers are added), each page shows the same
entry, hostile titles cannot break out of their field, and every paper has somewhere to read it."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import bibtexparser
import pytest
import yaml

from digest.build import load_corpus
from digest.cli import main
from digest.render.site import render_site
from digest.text.arxiv import arxiv_id

from .conftest import DATA

HF_DAY = Path(__file__).parent / "fixtures" / "responses" / "hf-daily-2025-01-23.json"
SITE_URL = "https://digest.example/"
HOSTILE_TITLE = r"Breaking } out: 100% of {GPU & $O(N^2)$ cost_#1 @misc{evil, title={x}} \textbf{Bold} ~^ \\"


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    """The repo's records, a Daily Papers day ingested into them (arXiv ids and authors), and one
    record whose title is built to break BibTeX."""
    copy = tmp_path_factory.mktemp("citations") / "data"
    shutil.copytree(DATA, copy)
    assert main(["ingest", "--data", str(copy), str(HF_DAY)]) == 0
    record = yaml.safe_load((copy / "papers" / "zero-infinity.yaml").read_text())
    record.update(
        id="hostile", title=HOSTILE_TITLE, abstract="A record to try BibTeX's escaping.", sources=[], overrides={}
    )  # ZeRO-Infinity's curated sentence roles fit its own abstract only
    (copy / "papers" / "hostile.yaml").write_text(yaml.safe_dump(record, allow_unicode=True))
    return copy


@pytest.fixture(scope="module")
def site(data) -> dict[str, str]:
    return render_site(load_corpus(data), SITE_URL)


def parse(text: str):
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == [], [block.raw for block in library.failed_blocks]
    return library


def test_papers_bib_parses_with_one_entry_per_paper_keyed_by_its_id(site, data):
    library = parse(site["papers.bib"])
    ids = sorted(path.stem for path in (data / "papers").glob("*.yaml"))
    keys = [entry.key for entry in library.entries]
    assert sorted(keys) == ids and len(set(keys)) == len(keys)
    assert {entry.entry_type for entry in library.entries} == {"misc"}


def test_entries_name_arxiv_when_the_id_is_known(site):
    entries = {entry.key: entry for entry in parse(site["papers.bib"]).entries}
    flash3 = entries["flashattention-3"]
    assert (flash3["eprint"], flash3["archivePrefix"], flash3["url"]) == (
        "2407.08608",
        "arXiv",
        "https://arxiv.org/abs/2407.08608",
    )
    assert flash3["author"].split(" and ")[:2] == ["Jay Shah", "Ganesh Bikshandi"] and flash3["year"] == "2024"
    unknown = entries["fastattention"]  # a text-dump record: no arXiv id, so no eprint
    assert "eprint" not in unknown.fields_dict and unknown["title"].startswith("{FastAttention")


def test_a_hostile_title_stays_inside_its_field(site):
    library = parse(site["papers.bib"])
    (entry,) = [e for e in library.entries if e.key == "hostile"]
    title = entry["title"]
    assert "evil" not in {e.key for e in library.entries}
    assert title.count("{") == title.count("}")  # balanced: nothing closes the field early
    for kept in (r"100\%", r"\&", "$O(N^2)$", r"cost\_\#1", r"\textbf{Bold}"):
        assert kept in title, kept


def test_each_page_shows_the_entry_papers_bib_holds(site):
    whole = {entry.key: entry for entry in parse(site["papers.bib"]).entries}
    for paper_id in ("flashattention-3", "fastattention", "hostile"):
        page = site[f"papers/{paper_id}.md"]
        block = page.split("## Cite { data-search-exclude }\n\n", 1)[1].split("\n\n", 1)[0]
        assert all(line.startswith("    ") for line in block.splitlines())  # a code block: Material's copy button
        (entry,) = parse("\n".join(line[4:] for line in block.splitlines())).entries
        assert entry.key == paper_id and entry.fields_dict.keys() == whole[paper_id].fields_dict.keys()
        assert all(entry[key] == whole[paper_id][key] for key in entry.fields_dict)
        assert "[papers.bib](../papers.bib)" in page


def test_adding_papers_changes_no_existing_entry(data, tmp_path):
    before = render_site(load_corpus(DATA), SITE_URL)["papers.bib"]
    after = render_site(load_corpus(data), SITE_URL)["papers.bib"]
    old = {entry.key: entry.raw for entry in parse(before).entries}
    new = {entry.key: entry.raw for entry in parse(after).entries}
    assert set(old) < set(new) and len(new) - len(old) >= 10  # the day's papers (ingest keeps all) and hostile
    changed = {key for key in old if new[key] != old[key]}
    assert changed == {"flashattention-2"}  # the one the day's JSON gave authors and an arXiv id


def test_every_paper_page_says_where_to_read_it(site):
    for name, text in site.items():
        if not name.startswith("papers/"):
            continue
        read = re.search(r"^<p><strong>Read</strong> (.+)</p>$", text, re.M)
        assert read, name
        found = re.findall(r'<a href="(https://[^"]+)"(?: aria-label="([^"]*)")?>', read[1])
        urls = [html.unescape(url) for url, _ in found]
        if "arxiv.org/abs/" in read[1]:
            paper_id = arxiv_id(urls[0])
            assert urls == [
                f"https://arxiv.org/abs/{paper_id}",
                f"https://arxiv.org/pdf/{paper_id}",
                f"https://huggingface.co/papers/{paper_id}",
            ], name
            # each link names its paper: a screen reader's list of links shows "PDF" apart from the page
            names = [html.unescape(label) for _, label in found]
            assert [label.split(" of ", 1)[0] for label in names] == ["arXiv page", "PDF", "Hugging Face page"], name
            assert len({label.split(" of ", 1)[1] for label in names}) == 1, name
        else:
            (search,) = urls
            parts = urlsplit(search)
            assert (parts.netloc, parts.path, parse_qs(parts.query)["searchtype"]) == (
                "arxiv.org",
                "/search/",
                ["title"],
            ), name
            assert parse_qs(parts.query)["query"][0], name


def test_topic_tables_link_to_arxiv(site):
    table = site["topics/kernels.md"]
    assert '<th class="col-arxiv_id">arXiv</th>' in table
    row = next(line for line in table.splitlines() if "papers/flashattention-3/" in line)
    title = "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision"
    assert (
        f'<a href="https://arxiv.org/abs/2407.08608" aria-label="arXiv page of {title}">2407.08608</a> · '
        f'<a href="https://arxiv.org/pdf/2407.08608" aria-label="PDF of {title}">PDF</a>'
    ) in row
