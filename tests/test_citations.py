"""Citations and reading links: papers.bib parses with a real BibTeX parser (bibtexparser), its
keys are Google Scholar's kind (first author, year, first word of the title; unique, and unchanged
when unrelated papers are added), each page shows the same entry, hostile titles cannot break out
of their field, and every paper has somewhere to read it."""

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
from digest.records.model import Paper
from digest.render.bibtex import citation_keys, key_stem, unique_keys
from digest.render.site import render_site
from digest.text.arxiv import arxiv_id

from .conftest import DATA, REPO_DATA

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


@pytest.fixture(scope="module")
def repo_bib() -> str:
    return render_site(load_corpus(REPO_DATA), SITE_URL)["papers.bib"]


def test_papers_bib_parses_with_one_entry_per_paper_keyed_by_author_year_and_title_word(repo_bib):
    library = parse(repo_bib)
    keys = {entry["title"]: entry.key for entry in library.entries}
    assert (
        len(library.entries) == len(keys) == len(set(keys.values())) == len(list((REPO_DATA / "papers").glob("*.yaml")))
    )
    assert all(re.fullmatch(r"[a-z][a-z0-9]*", key) for key in keys.values())
    assert {entry.entry_type for entry in library.entries} == {"misc"}
    by_start = {title.strip("{}").split(":")[0]: key for title, key in keys.items()}
    assert by_start["ZeRO-Infinity"] == "rajbhandari2021zeroinfinity"  # the hyphenated name is one word
    assert by_start["Mélange"] == "griggs2024melange"  # transliterated
    assert by_start["DeepSpeed Inference"] == "aminabadi2022deepspeed"  # the last of three names
    # slugs that clash in a reader's .bib, now apart: Position, Parrot, Nexus:Proactive (no space)
    assert (by_start["Position"], by_start["Parrot"], by_start["Nexus"]) == (
        "liu2026position",
        "lin2024parrot",
        "shi2025nexus",
    )
    # one first author, year and word: the first seen keeps the key, its V2 gets a "b"
    assert (by_start["FlashPrefill"], by_start["FlashPrefill V2"]) == ("fan2026flashprefill", "fan2026flashprefillb")


def test_a_key_is_made_of_the_family_name_the_year_and_the_first_word_that_says_something():
    def stem(title: str, authors: list[str], year: int | None = 2024) -> str:
        return key_stem(Paper(id="some-id", title=title, abstract="", authors=authors), year)

    assert stem("On the Difficulty of Training", ["Razvan Pascanu"], 2013) == "pascanu2013difficulty"
    assert stem("Cost Efficient Serving", ["Doe, Jane", "Ann Lee"]) == "doe2024cost"
    assert stem("Qwen3 Technical Report", ["Qwen Team"], 2025) == "qwen2025qwen3"  # a group by its name
    assert stem("Faster Kernels", ["Martin Luther King Jr."]) == "king2024faster"
    assert stem("M\\'elange: Serving", ["Lukas Höllein"]) == "hollein2024melange"
    assert stem("ZeRO-Infinity: Breaking", [], 2021) == "zeroinfinity2021"  # no author: no key led by a year
    assert stem("ZeRO-Infinity", ["Samyam Rajbhandari"], None) == "rajbhandarizeroinfinity"
    assert stem("?!?", []) == "someid2024"  # a title with no word: the paper's id


def test_keys_that_clash_keep_the_first_papers_key_and_stay_unique():
    """The paper the store saw first keeps its key; a later one gets b, c, ... (a reader's audit:
    in id order, an earlier paper's key gained an "a" when its V2 arrived)."""
    stems = {"z-first": "lee2024fast", "a-later": "lee2024fast", "c-paper": "lee2024fastb", "d-paper": "kim2024x"}
    assert unique_keys(stems) == {
        "z-first": "lee2024fast",  # first seen, though last by id
        "a-later": "lee2024fastc",  # lee2024fastb is c-paper's own key
        "c-paper": "lee2024fastb",
        "d-paper": "kim2024x",
    }
    many = unique_keys({f"p{index:02}": "x" for index in range(30)})
    assert len(set(many.values())) == 30 and many["p00"] == "x" and many["p01"] == "xb"
    assert many["p25"] == "xz" and many["p26"] == "xaa"


def test_a_later_paper_with_the_same_key_changes_no_earlier_key(tmp_path):
    """A second version of a paper (same first author, year and first title word) added later: the
    first keeps its key, the second gets a "b"; neither's id order counts."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    before = citation_keys(load_corpus(copy))
    record = yaml.safe_load((copy / "papers" / "flashattention-2.yaml").read_text())
    record.update(
        id="a-flashattention-2-sequel",
        added="2026-11-01",
        title=record["title"] + " (a sequel)",
        sources=[],
        overrides={},
    )
    (copy / "papers" / "a-flashattention-2-sequel.yaml").write_text(yaml.safe_dump(record, allow_unicode=True))
    after = citation_keys(load_corpus(copy))
    assert {paper_id: after[paper_id] for paper_id in before} == before
    assert after["a-flashattention-2-sequel"] == before["flashattention-2"] + "b"


def test_entries_name_arxiv_when_the_id_is_known(site):
    entries = {entry.key: entry for entry in parse(site["papers.bib"]).entries}
    flash3 = entries["shah2024flashattention3"]
    assert (flash3["eprint"], flash3["archivePrefix"], flash3["url"]) == (
        "2407.08608",
        "arXiv",
        "https://arxiv.org/abs/2407.08608",
    )
    assert flash3["author"].split(" and ")[:2] == ["Jay Shah", "Ganesh Bikshandi"] and flash3["year"] == "2024"
    unknown = entries["fastattention"]  # a text-dump record: no arXiv id, so no eprint (nor author or year)
    assert "eprint" not in unknown.fields_dict and unknown["title"].startswith("{FastAttention")


def test_a_hostile_title_stays_inside_its_field(site):
    library = parse(site["papers.bib"])
    (entry,) = [e for e in library.entries if "Breaking out: 100" in e["title"]]
    title = entry["title"]
    assert "evil" not in {e.key for e in library.entries}
    assert title.count("{") == title.count("}")  # balanced: nothing closes the field early
    for kept in (r"100\%", r"\&", "$O(N^2)$", r"cost\_\#1", r"\textbf{Bold}"):
        assert kept in title, kept


def test_each_page_shows_the_entry_papers_bib_holds(site):
    whole = {entry.key: entry for entry in parse(site["papers.bib"]).entries}
    for paper_id, key in (("flashattention-3", "shah2024flashattention3"), ("fastattention", "fastattention")):
        page = site[f"papers/{paper_id}.md"]
        block = page.split("## Cite { data-search-exclude }\n\n", 1)[1].split("\n\n", 1)[0]
        assert all(line.startswith("    ") for line in block.splitlines())  # a code block: Material's copy button
        (entry,) = parse("\n".join(line[4:] for line in block.splitlines())).entries
        assert entry.key == key and entry.raw == whole[key].raw
        assert "[papers.bib](../papers.bib)" in page
    hostile = site["papers/hostile.md"].split("## Cite { data-search-exclude }\n\n", 1)[1]
    (entry,) = [entry for entry in whole.values() if "Breaking out: 100" in entry["title"]]
    assert entry.raw.replace("\n", "\n    ") in hostile


def test_adding_papers_changes_no_existing_entry(data):
    entries = []  # before and after: paper id -> its entry
    for store in (DATA, data):
        corpus = load_corpus(store)
        bib = {entry.key: entry.raw for entry in parse(render_site(corpus, SITE_URL)["papers.bib"]).entries}
        entries.append({paper_id: bib[key] for paper_id, key in citation_keys(corpus).items()})
    old, new = entries
    assert set(old) < set(new) and len(new) - len(old) >= 10  # the day's papers (ingest keeps all) and hostile
    changed = {paper_id for paper_id in old if new[paper_id] != old[paper_id]}
    assert changed == {"flashattention-2"}  # the day's JSON gave it authors (so its key changed) and an arXiv id


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
        f'<a href="https://arxiv.org/abs/2407.08608" aria-label="arXiv page of {title}">2407.08608</a>'
        '<span class="digest-id-sep"> · </span>'  # a line break where the id stands over its links
        f'<a href="https://arxiv.org/pdf/2407.08608" aria-label="PDF of {title}">PDF</a>'
    ) in row
