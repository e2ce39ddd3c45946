"""Rendering: golden Markdown for a topic page and a paper page, hostile text, the exports."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import posixpath
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from digest.build import load_corpus
from digest.derive.glossary import Glossary
from digest.render import glossary
from digest.render.columns import COLUMNS
from digest.render.context import RenderContext
from digest.render.paper import LISTED_ROW
from digest.render.paths import rel
from digest.render.site import render_site, write_site
from digest.render.templates import environment
from digest.text.latex import readable

from .conftest import DATA, REPO_DATA

FIXTURE_STORE = Path(__file__).parent / "fixtures" / "store"
GOLDEN = Path(__file__).parent / "golden"
SITE_URL = "https://digest.example/"


@pytest.fixture(scope="module")
def fixture_corpus(tmp_path_factory):
    """Seven real records (one with curator fields) with the repo's taxonomy, hardware catalogue and glossary."""
    data = tmp_path_factory.mktemp("store") / "data"
    shutil.copytree(FIXTURE_STORE, data)
    for name in ("taxonomy.yaml", "hardware.yaml", "glossary.yaml", "baselines.yaml"):
        shutil.copy(DATA / name, data / name)
    return load_corpus(data)


@pytest.fixture(scope="module")
def fixture_site(fixture_corpus):
    return render_site(fixture_corpus, SITE_URL)


@pytest.mark.parametrize(
    "page, golden",
    [
        ("topics/offloading.md", "topic-offloading.md"),
        ("papers/fastattention.md", "paper-fastattention.md"),
        ("papers/ssdtrain.md", "paper-ssdtrain.md"),
    ],
)
def test_golden_pages(fixture_site, page, golden):
    """Set UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change; review the diff."""
    path = GOLDEN / golden
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(fixture_site[page], encoding="utf-8")
    assert fixture_site[page] == path.read_text(encoding="utf-8")


def test_pages_link_papers_that_name_each_other(fixture_corpus, fixture_site):
    fuyou = "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"
    assert [m.target for m in fixture_corpus.papers[fuyou].compares_to] == ["zero-infinity"]
    assert fixture_corpus.papers["zero-infinity"].compared_by == (fuyou,)
    assert (
        f'<a href="../{fuyou}/">Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU</a>'
        in fixture_site["papers/zero-infinity.md"].split("## Compared by")[1]
    )
    # Named as background (current frameworks) or as what a paper extends: no baseline, no link.
    assert fixture_corpus.papers["holmes"].compares_to == ()
    assert fixture_corpus.papers["fastattention"].compares_to == ()


def test_a_paper_page_lists_a_baseline_not_in_the_digest_after_the_papers_it_links(fixture_corpus, fixture_site):
    """FlashAttention-2 measures itself against FlashAttention, which is no paper of the digest: the
    page names it from the baseline catalogue (data/baselines.yaml), as plain text marked so, with
    what it is and the sentence; its table cell names it muted, with no link."""
    derived = fixture_corpus.papers["flashattention-2"]
    assert derived.compares_to == ()
    assert [(m.target, m.in_digest) for m in derived.external_baselines] == [("FlashAttention", False)]
    section = fixture_site["papers/flashattention-2.md"].split("## Compares against")[1].split("\n## ")[0]
    what = fixture_corpus.baselines.get("FlashAttention").what
    assert (
        f'<li>FlashAttention <span class="digest-outside">(not in the digest: {what})</span>: '
        "“These yield around 2× speedup compared to FlashAttention,"
    ) in section
    assert "<a " not in section
    # Named as what it is compatible with, not measured against: no baseline (SSDTrain's PyTorch, DeepSpeed).
    assert fixture_corpus.papers["ssdtrain"].external_baselines == ()
    assert "## Compares against" not in fixture_site["papers/ssdtrain.md"]
    links = RenderContext(fixture_corpus, environment()).links("topics/kernels.md", html=True)
    assert COLUMNS["compares_to"].markdown(derived, links) == (
        f'<span class="digest-outside" title="Not in the digest: {what}">FlashAttention</span>'
    )
    assert COLUMNS["compares_to"].value(derived) == []  # the exports list papers of the digest by id...
    # what grey means is said over the table, not only in a tooltip a phone never shows
    kernels = fixture_site["topics/kernels.md"]
    assert 'class="digest-outside"' in kernels.split("<table", 1)[1] and "are not papers of the digest" in kernels


def test_the_exports_list_the_baselines_not_in_the_digest_apart_from_the_papers(fixture_site):
    """The downloads name what a paper's page lists under Compares against, the catalogue's systems
    too: by name under their own field, so `compares_to` keeps holding paper ids only."""
    exported = {paper["id"]: paper for paper in json.loads(fixture_site["papers.json"])["papers"]}
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(fixture_site["papers.csv"]))}
    assert (exported["flashattention-2"]["compares_to"], exported["flashattention-2"]["compares_to_outside"]) == (
        [],
        ["FlashAttention"],
    )
    assert (rows["flashattention-2"]["compares_to"], rows["flashattention-2"]["compares_to_outside"]) == (
        "",
        "FlashAttention",
    )
    fuyou = "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"
    assert exported[fuyou]["compares_to_outside"] == [] and rows[fuyou]["compares_to_outside"] == ""


def test_relative_links_match_posixpath_for_every_pair_of_pages(fixture_site):
    pages = [path for path in fixture_site if path.endswith(".md")]
    for source in pages:
        for target in pages:
            assert rel(source, target) == posixpath.relpath(target, posixpath.dirname(source) or "."), (source, target)


def test_curated_values_are_marked(fixture_site):
    page = fixture_site["papers/ssdtrain.md"]
    assert "<strong>Memory tiers</strong> GPU HBM, NVMe SSD (curated)" in page
    assert "Topics set by a curator" in page
    assert "Activation offloading to SSD" in page


def test_generated_output_is_stable(fixture_corpus, fixture_site, tmp_path):
    assert render_site(fixture_corpus, SITE_URL) == fixture_site
    assert write_site(fixture_site, tmp_path) == (len(fixture_site), 0)
    assert write_site(render_site(fixture_corpus, SITE_URL), tmp_path) == (0, len(fixture_site))


def test_exports_agree_with_the_records(fixture_corpus, fixture_site):
    exported = json.loads(fixture_site["papers.json"])
    assert exported["count"] == len(fixture_corpus.papers) == 7
    by_id = {paper["id"]: paper for paper in exported["papers"]}
    for paper_id, derived in fixture_corpus.papers.items():
        row = by_id[paper_id]
        assert row["title"] == readable(derived.paper.title) and row["abstract"] == readable(derived.paper.abstract)
        assert row["topics"] == list(derived.topics) and row["hardware"] == derived.hardware
        assert row["url"] == f"{SITE_URL}papers/{paper_id}/"
        assert set(row) >= {
            "id",
            "title",
            "abstract",
            "year",
            "topics",
            "tags",
            "hardware",
            "facts",
            "system",
            "compares_to",
            "related",
            "url",
        }
    assert by_id["adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"]["compares_to"] == ["zero-infinity"]
    rows = list(csv.DictReader(io.StringIO(fixture_site["papers.csv"])))
    assert [row["id"] for row in rows] == list(fixture_corpus.papers)
    assert rows[0]["title"] == fixture_corpus.papers[rows[0]["id"]].paper.title
    feed = ET.fromstring(fixture_site["feed.xml"])
    atom = "{http://www.w3.org/2005/Atom}"
    entries = feed.findall(f"{atom}entry")
    assert len(entries) == 7
    assert {e.find(f"{atom}id").text for e in entries} == {f"{SITE_URL}papers/{pid}/" for pid in fixture_corpus.papers}
    assert feed.find(f"{atom}updated").text.startswith("2024-08-19")  # the newest paper, not the clock


def test_a_feed_entry_names_its_topics_as_the_site_does(fixture_corpus, fixture_site):
    """A feed reader shows an entry's categories by their label: "GPU kernels", where the bare term
    showed the slug "kernels" (a reader's audit). The term stays the slug, which never changes."""
    atom = "{http://www.w3.org/2005/Atom}"
    names = {topic.slug: topic.name for topic in fixture_corpus.taxonomy.topics}
    for path in ("feed.xml", "feed-topic-kernels.xml"):
        entries = ET.fromstring(fixture_site[path]).findall(f"{atom}entry")
        categories = [c.attrib for e in entries for c in e.findall(f"{atom}category")]
        assert categories and all(c["label"] == names[c["term"]] for c in categories), path
    fa2 = next(
        e
        for e in ET.fromstring(fixture_site["feed.xml"]).findall(f"{atom}entry")
        if "flashattention-2" in e.find(f"{atom}id").text
    )
    assert {"term": "kernels", "label": "GPU kernels"} in [c.attrib for c in fa2.findall(f"{atom}category")]


DAMAGED_ABSTRACT = (
    "We present M\\'elange, built on {\\it cuBLAS}. \\textbf{M\\'elange} reaches 2.57times higher throughput "
    "than vLLM on A100 GPUs and cuts cost by 85\\% at 0.108s/tokenx2014only a fraction of the price."
)


def test_papers_json_holds_the_abstract_and_sentences_the_page_shows(tmp_path):
    """A dump's LaTeX and conversion damage is repaired in papers.json as on the paper's page."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_STORE, data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    record = data / "papers" / "holmes.yaml"
    fields = yaml.safe_load(record.read_text())
    fields["abstract"] = DAMAGED_ABSTRACT
    record.write_text(yaml.safe_dump(fields))
    row = next(
        p for p in json.loads(render_site(load_corpus(data), SITE_URL)["papers.json"])["papers"] if p["id"] == "holmes"
    )
    assert row["abstract"] == (
        "We present Mélange, built on cuBLAS. Mélange reaches 2.57× higher throughput "
        "than vLLM on A100 GPUs and cuts cost by 85% at 0.108s/token—only a fraction of the price."
    )
    sentences = [fact["sentence"] for fact in row["facts"]]
    assert any("2.57× higher throughput" in sentence for sentence in sentences), sentences
    assert not any(mark in sentence for sentence in sentences for mark in ("\\", "times", "x2014"))


def test_table_cells_survive_hostile_text(fixture_corpus):
    """Every record value lands in a table cell as one cell, whatever it holds."""
    from digest.render.markdown import md_text

    hostile = "a | b `c` <script>x</script> [l](javascript:alert(1)) \\| $y$ \\textbf{z} *e* _u_ {: .c}"
    row = f"| {md_text(hostile)} | second |"
    tokens = MarkdownIt("commonmark").enable("table").parse(f"| one | two |\n|---|---|\n{row}\n")
    cells = [t for t in tokens if t.type == "td_open"]
    assert len(cells) == 2
    html = MarkdownIt("commonmark").enable("table").render(f"| one | two |\n|---|---|\n{row}\n")
    assert "<script>" not in html and 'href="javascript' not in html


def test_marked_sentence_is_one_inert_cell_with_each_value_marked_once():
    """A fact sentence keeps its words and their order; the values' words are wrapped in <mark>,
    overlapping ones (the "8 V100 GPUs" of a count and a device) merged; the rest stays inert."""
    from digest.render.markdown import md_marked

    sentence = "We run <b>|</b> on 8 V100 GPUs, up to 2.31times faster."
    count, device = sentence.index("8 V100 GPUs"), sentence.index("V100")
    speed = sentence.index("up to")
    cell = md_marked(
        sentence, [(speed, speed + 15, "Speedup"), (device, device + 4, "Hardware"), (count, count + 11, "GPU count")]
    )
    html = MarkdownIt("commonmark").enable("table").render(f"| a | b |\n|---|---|\n| {cell} | x |\n")
    assert html.count("<td>") == 2 and "<b>" not in html
    assert '<mark title="GPU count, Hardware">8 V100 GPUs</mark>' in html
    assert '<mark title="Speedup">up to 2.31×</mark> faster.' in html
    assert (
        re.sub(r"<[^>]+>", "", html.split("<td>")[1].split("</td>")[0])
        == "We run &lt;b&gt;|&lt;/b&gt; on 8 V100 GPUs, up to 2.31× faster."
    )


def test_what_a_method_adds_is_named_an_overhead_not_a_reduction():
    """Jet-Long's '≤ 4% overhead' read 'Reduction 4% overhead' in its facts (a reader's audit): the
    reduction kind holds what a method adds (facts/overhead.py), and its row says which it is."""
    from digest.derive.facts import Fact
    from digest.render.paper import fact_values

    facts = [Fact("reduction", "≤4% overhead", "s"), Fact("reduction", "3× lower memory", "s")]
    assert (
        fact_values(facts, links=None)
        == "<strong>Overhead</strong> ≤4% overhead · <strong>Reduction</strong> 3× lower memory"
    )  # type: ignore[arg-type]


def test_a_gain_in_utilization_is_named_a_utilization_not_a_speedup():
    """ "1.6× higher GPU utilization" read 'Speedup' in its facts (a reader's audit): the speedup kind
    holds a multiplier of a utilization (facts/results.py), and its row says which it is."""
    from digest.derive.facts import Fact
    from digest.render.paper import fact_values

    facts = [Fact("speedup", "1.6× higher GPU utilization", "s"), Fact("speedup", "1.9×", "s")]
    assert (
        fact_values(facts, links=None)  # type: ignore[arg-type]
        == "<strong>Utilization</strong> 1.6× higher GPU utilization · <strong>Speedup</strong> 1.9×"
    )


def test_inert_text_renders_as_written_and_keeps_character_references_whole():
    """Only what can start Markdown syntax is escaped; "Who's" keeps its `&#x27;` whole, so the
    heading's anchor is "whos-…", not "whox27s-…"."""
    import html

    import markdown

    from digest.render.markdown import md_text

    md = markdown.Markdown(extensions=["tables", "attr_list", "md_in_html", "admonition"])  # as mkdocs.yml
    for text in ["Who's Harry Potter?", "1. a", "- b", "# c", "=== d", "!!! note x", "a-b (c) #d +e !f", "---"]:
        escaped = md_text(text)
        assert "\\#x27" not in escaped
        rendered = md.reset().convert(f"para\n{escaped}\n\n{escaped}")  # after a line and after a blank line
        assert html.unescape(rendered) == f"<p>para\n{text}</p>\n<p>{text}</p>", text  # as written, no markup


def test_topic_rows_carry_title_and_tags_and_model_scale_its_magnitude(fixture_corpus, fixture_site):
    """The filter finds a row by the title, tags and hardware architecture it does not show (the
    Volta of DGX-2 and V100, said once); Model scale sorts by magnitude."""
    page = fixture_site["topics/offloading.md"]
    zero = fixture_corpus.papers["zero-infinity"]
    row = next(line for line in page.splitlines() if "papers/zero-infinity/" in line and line.startswith("<tr"))
    assert zero.hardware == ["DGX-2", "V100"]  # both Volta: said once
    assert row.startswith(f'<tr data-filter="{zero.paper.title} {" ".join(zero.tags)} Volta ')  # then its other topic
    assert '<td data-sort="1e+13"><span class="digest-list">10T+, 1T</span></td>' in row


def test_a_topic_row_names_the_papers_other_topics_and_the_filter_box_says_it_finds_them(fixture_corpus, fixture_site):
    """A topic table has no Topics column: "kernels" in Serving's filter box read "0 of 119 rows",
    though five serving papers are kernels papers too (a reader's audit). Under its name, a row says
    "also in: " and links the paper's other topics, which the filter reads as the row's content."""
    page = fixture_site["topics/offloading.md"]
    zero = fixture_corpus.papers["zero-infinity"]
    assert set(zero.topics) == {"offloading", "parallelism"}
    row = next(line for line in page.splitlines() if "papers/zero-infinity/" in line and line.startswith("<tr"))
    assert not zero.is_curated("topics")  # so its name is followed by the mark of a suggestion (suggested.py)
    assert '<td><a href="../../papers/zero-infinity/">ZeRO-Infinity</a> <span class="digest-suggested" ' in row
    assert (
        '</span> <span class="digest-also">also in: '
        '<a title="Parallelism across GPUs and nodes" href="../parallelism/">Parallelism</a></span></td>'
    ) in row  # by its short name, on a phone's narrow column: the whole name in its title
    assert row.startswith('<tr data-filter="') and row.split('">', 1)[0].endswith(" Parallelism across GPUs and nodes")
    for pid in fixture_corpus.by_topic["offloading"]:  # a paper of this topic alone: no line
        listed = next(line for line in page.splitlines() if f"papers/{pid}/" in line and line.startswith("<tr"))
        assert ("digest-also" in listed) == (len(fixture_corpus.papers[pid].topics) > 1), pid
    assert 'placeholder="Filter by any word, tag or other topic…"' in page
    assert 'placeholder="Filter rows…"' in fixture_site["hardware/index.md"]  # its rows have no topics


@pytest.fixture(scope="module")
def seed_hardware_pages():
    """The hardware pages of the seed corpus (tests/fixtures/corpus): real papers, a store that stays put."""
    from digest.render.hardware_pages import hardware_pages

    corpus = load_corpus(DATA)
    return corpus, hardware_pages(RenderContext(corpus, environment()))


def hardware_row(page: str, paper_id: str) -> str:
    return next(line for line in page.splitlines() if f"papers/{paper_id}/" in line and line.startswith("<tr"))


def test_a_hardware_page_says_when_a_headline_was_measured_on_other_hardware(seed_hardware_pages):
    """A reader's audit: the H100 page listed CUDA-L1's "17.7× speedup (average, KernelBench, A100)",
    an A100 figure a reader comparing H100 results took for one; its H100 figure (17.8×) was only in
    the last column. Under a headline measured elsewhere a line now says "measured on A100", and the
    sentence column marks the page's hardware, where the paper's own figure on it is."""
    corpus, pages = seed_hardware_pages
    cuda_l1 = corpus.papers["cuda-l1"]
    assert cuda_l1.headline is not None and cuda_l1.headline.hardware == "A100"
    measured = '<span class="digest-elsewhere" title="'
    for page in ("h100", "h20", "h800", "l40", "rtx-3090", "hopper"):  # Hopper: the family's page too
        row = hardware_row(pages[f"hardware/{page}.md"], "cuda-l1")
        assert measured in row and '">measured on <a href="../a100/">A100</a></span></td>' in row, page
    h100 = hardware_row(pages["hardware/h100.md"], "cuda-l1")
    assert '<mark title="H100">H100</mark>' in h100.rsplit("<td>", 1)[1]  # its own figure, found at a glance
    assert "digest-elsewhere" not in hardware_row(pages["hardware/a100.md"], "cuda-l1")  # measured there
    hopper = pages["hardware/hopper.md"]
    assert hopper.count(measured) == 1  # CUDA-L1 alone: the others' headlines name a Hopper device or none
    rows = [line for line in hopper.splitlines() if line.startswith("<tr")]
    assert len(rows) >= 5 and all("<mark" in row.rsplit("<td>", 1)[1] for row in rows)  # the device it names
    # The audit's others: a headline on another device, and only where the catalogue knows it.
    for page, paper, device in [
        ("rtx-4090", "triforce", "A100"),
        ("a100", "sarathi", "RTX A6000"),
        ("rtx-3060", "streamdiffusion", "RTX 4090"),
    ]:
        row = hardware_row(pages[f"hardware/{page}.md"], paper)
        assert f">{device}</a></span></td>" in row.split("digest-elsewhere", 1)[1], (page, paper)
    # A machine of one family's GPUs is where they ran: ZeRO-Infinity's V100 headline on the DGX-2 page.
    assert "digest-elsewhere" not in hardware_row(pages["hardware/dgx-2.md"], "zero-infinity")
    marked = sum(page.count(measured) for page in pages.values())
    assert 10 <= marked <= 30, marked  # a page lists a headline measured elsewhere now and then
    # A machine whose chips the catalogue does not know (a DGX Station) may hold any: no mark (the
    # second audit of stop 61: nnAudio's V100 ran in "our DGX work station ... Tesla v100").
    assert "digest-elsewhere" not in hardware_row(pages["hardware/dgx-station.md"], "nnaudio")


@pytest.fixture(scope="module")
def repo_hardware_pages():
    """The hardware pages of the repo's store, whose curated hardware and headlines the tests name."""
    from digest.render.hardware_pages import hardware_pages

    corpus = load_corpus(REPO_DATA)
    return corpus, hardware_pages(RenderContext(corpus, environment()))


def test_a_headline_naming_no_device_says_so_where_the_paper_names_others(repo_hardware_pages):
    """An unmarked row read as measured on the page's device (a second reading of stop 61's
    audit): CUDAForge's "1.68× speedup (average, KernelBench)" on the A100 page, of a paper that
    ran on five GPUs. A headline naming the page's device in its words (GLM-130B's "4×RTX 3090")
    or a paper naming only the page's family (Faiss: Maxwell, Titan X) gets no line."""
    corpus, pages = repo_hardware_pages
    assert not corpus.papers["cudaforge"].headline.hardware
    for page in ("a100", "rtx-3090", "rtx-4090"):
        row = hardware_row(pages[f"hardware/{page}.md"], "cudaforge")
        assert '">device not named</span></td>' in row, page
    assert "digest-elsewhere" not in hardware_row(pages["hardware/rtx-3090.md"], "glm-130b")
    for page in ("titan-x", "maxwell"):
        assert "digest-elsewhere" not in hardware_row(
            pages[f"hardware/{page}.md"], "billion-scale-similarity-search-with-gpus"
        )


def test_a_hardware_page_quotes_the_sentence_of_a_curated_device(repo_hardware_pages):
    """A curator's hardware has no sentence of its own, and its row's last column said "–" (the
    V100 page for nnAudio's "Tesla v100", the Ampere page for "Ampere Tensor Cores"): the page
    quotes the first sentence naming it, by an alias or in any case. The repo's store, whose
    curated hardware these are."""
    corpus, pages = repo_hardware_pages
    for page, paper, said in [
        ("v100", "nnaudio", "Tesla v100"),
        ("dgx-station", "nnaudio", "DGX work station"),
        ("ampere", "dissecting-tensor-cores-via-microbenchmarks", "newest Ampere Tensor Cores"),
    ]:
        assert corpus.papers[paper].is_curated("hardware"), paper
        last = hardware_row(pages[f"hardware/{page}.md"], paper).rsplit("<td>", 1)[1]
        assert said in re.sub(r"<[^>]+>", "", last), (page, last)
    empty = [page for page, text in pages.items() if "<td>–</td></tr>" in text]
    assert not empty, empty


def test_the_method_page_opens_with_how_far_a_reader_can_trust_what_the_site_shows():
    """A reader audit found the figures that say how far to trust a topic or a value a long way
    down a long page (fact precision and headline accuracy after two topic tables and a table of
    40 numbers not extracted): the page now opens with them, and with what a headline column
    cannot compare, before the curator's detail."""
    from digest.build import load_evaluation
    from digest.leave_out import FOLDS
    from digest.render.method import render_method

    corpus, evaluation = load_corpus(DATA), load_evaluation(DATA, FOLDS)
    page = render_method(RenderContext(corpus, environment()), evaluation)
    opening = page.split("\n## ")[1]
    assert opening.startswith("How far to trust what you read\n"), opening[:80]
    curated = sum(d.is_curated("topics") for d in corpus.papers.values())
    share = f"all {curated}" if curated == len(corpus.papers) else f"{curated} of the {len(corpus.papers)}"
    assert f"**Topics**: {share} papers have topics a curator set" in opening
    assert "\n- **Comparing headlines**: " in opening  # a point of its own, not run into the one before
    # where the papers come from and what the filter misses, first (a reader's audit found it last)
    kept = evaluation.temporal.fetch_filter
    assert opening.split("\n- ")[1].startswith("**Coverage**: the papers are those of the Hugging Face Daily Papers")
    assert f"the filter kept {kept.kept} of the {kept.in_topic} papers a curator placed in a topic" in opening
    assert "\n- **Topics**: " in opening
    a = evaluation.attribution
    assert f"**{a.fact_precision:.2f}**" in opening
    # which headlines a curator read, and how often the machine reads the same (not "right for 248")
    assert f"of the {a.headline_papers} curated headlines, the machine alone reads the same {a.headline_right}" in (
        " ".join(opening.split())
    )
    assert "[Are the values the paper's own](#are-the-values-the-papers-own)" in opening
    assert "not comparable" in opening  # speedups over different baselines, hardware, workloads
    # Without a measurement (a preview still measuring), the opening still says what a reader can check.
    bare = render_method(RenderContext(corpus, environment()), None).split("\n## ")[1]
    assert bare.startswith("How far to trust what you read\n") and "**0." not in bare


def test_a_paper_page_lists_the_glossary_terms_its_abstract_uses(fixture_corpus, fixture_site):
    """An acronym's meaning for a reader meeting it, and both forms in the page's search text: the
    page of an abstract saying only "NVMe" is found by "non-volatile memory express" (reader audit 5)."""
    details = fixture_site["papers/zero-infinity.md"].split("<p>", 1)[1].split("</p>", 1)[0]
    assert details.endswith(
        '&nbsp;· <strong>Terms</strong> <span class="digest-nowrap">'
        '<a href="../../glossary/#nvme">NVMe (non-volatile memory express)</a></span>'
    )
    assert (
        "<strong>Terms</strong>"
        not in fixture_site["papers/efficient-large-scale-language-model-training-on-gpu-clusters.md"]
    )  # it uses none
    without = render_site(dataclasses.replace(fixture_corpus, glossary=Glossary()), SITE_URL)
    assert "<strong>Terms</strong>" not in without["papers/zero-infinity.md"]  # a store with no glossary


def test_a_paper_page_links_each_term_to_its_glossary_entry(fixture_site):
    details = fixture_site["papers/ssdtrain.md"].split("<strong>Terms</strong> ", 1)[1].split("</p>", 1)[0]
    assert details == (
        '<span class="digest-nowrap"><a href="../../glossary/#ssd">SSD (solid-state drive)</a></span>, '
        '<span class="digest-nowrap"><a href="../../glossary/#nvme">NVMe (non-volatile memory express)</a></span>'
    )
    assert "- [Glossary](glossary.md)\n- [Method](method.md)" in fixture_site["SUMMARY.md"]  # a reader's page


GLOSSARY_TERMS = """\
- acronym: NVMe
  expansion: non-volatile memory express
- acronym: RDMA
  expansion: rack direct memory access
- acronym: TTFT
  expansion: time to first token
"""


def test_the_glossary_lists_each_term_a_page_lists_with_its_papers(tmp_path, monkeypatch):
    """One entry per term some paper's page lists, with its papers by system name, newest first;
    a term no page lists is left out, and so is a paper under a term it defines its own way:
    Holmes spells out "Remote Direct Memory Access (RDMA)", not this glossary's RDMA."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_STORE, data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    (data / "glossary.yaml").write_text(GLOSSARY_TERMS, encoding="utf-8")
    holmes = yaml.safe_load((data / "papers" / "holmes.yaml").read_text(encoding="utf-8"))
    plain = {**holmes, "id": "rdma-pool", "title": "RDMAPool: Pooled GPU Memory over RDMA", "published": "2024-01-02"}
    plain["abstract"] = "We present RDMAPool, which pools the memory of GPUs across servers over RDMA."
    (data / "papers" / "rdma-pool.yaml").write_text(yaml.safe_dump(plain), encoding="utf-8")
    monkeypatch.setattr(glossary, "PAPERS_SHOWN", 2)
    site = render_site(load_corpus(data), SITE_URL)
    page = site["glossary.md"]

    headings = re.findall(r"^#{2,3} .*$", page, re.MULTILINE)
    assert headings == [
        "## N { #letter-n data-search-exclude }",
        "### NVMe (non-volatile memory express) { #nvme }",
        "## R { #letter-r data-search-exclude }",
        "### RDMA (rack direct memory access) { #rdma }",
    ]  # no TTFT: no page lists it
    nvme = page.split("{ #nvme }", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nvme) == [
        ("../papers/ssdtrain/", "SSDTrain"),
        ("../papers/adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning/", "Fuyou"),
        ("../papers/zero-infinity/", "ZeRO-Infinity"),
    ]  # newest first
    assert "<p>3 papers: " in nvme and '<details class="digest-glossary-more"><summary>and 1 more</summary>' in nvme
    assert "Fuyou</a></p>" in nvme  # no comma left hanging before the fold
    assert nvme.count(" title=") == 3  # each paper's whole title on hover, a shortened one's too
    rdma = page.split("{ #rdma }", 1)[1]
    assert re.findall(r'href="([^"]+)"', rdma) == ["../papers/rdma-pool/"]
    assert "<p>1 paper: " in rdma
    assert "glossary/#rdma" in site["papers/rdma-pool.md"] and "<strong>Terms</strong>" not in site["papers/holmes.md"]


def test_a_store_without_terms_has_a_glossary_page_saying_so(fixture_corpus):
    page = render_site(dataclasses.replace(fixture_corpus, glossary=Glossary()), SITE_URL)["glossary.md"]
    assert "No paper’s title or abstract uses a term of the glossary yet." in page and "###" not in page


def test_a_table_a_reader_sorts_headlines_in_says_how_to_read_their_order(fixture_site):
    """Speedups over different baselines ranked side by side, and the caveat only on Method (a
    reader's audit): a table with a headline column says it above its rows; one without does not."""
    note = "each is measured against its own paper's baseline, hardware and workload"
    topic = fixture_site["topics/offloading.md"]
    assert note in topic and topic.index(note) < topic.index("<table")
    headline_free = [page for page, text in fixture_site.items() if "<table" in text and "col-headline" not in text]
    assert headline_free and not any(note in fixture_site[page] for page in headline_free)


def test_the_code_column_and_the_page_show_the_repository_the_listing_names(fixture_site):
    """ZeRO-Infinity's abstract names no address; its record's `code_repository` (the listing's) is
    its code in the topic table, the exports and its page, which says where the link came from."""
    row = next(line for line in fixture_site["topics/offloading.md"].splitlines() if "papers/zero-infinity/" in line)
    assert '<td><a href="https://github.com/microsoft/DeepSpeed" aria-label="code of ZeRO-Infinity' in row
    page = fixture_site["papers/zero-infinity.md"]
    assert (
        f"<tr><td><em>{LISTED_ROW}</em></td><td><strong>Links</strong> "
        '<a href="https://github.com/microsoft/DeepSpeed">code: https://github.com/microsoft/DeepSpeed</a></td></tr>'
    ) in page
    exported = next(p for p in json.loads(fixture_site["papers.json"])["papers"] if p["id"] == "zero-infinity")
    assert exported["code"] == ["https://github.com/microsoft/DeepSpeed"]
    assert {"kind": "code", "value": "https://github.com/microsoft/DeepSpeed", "sentence": "", "curated": False,
            "listed": "code_repository"} in exported["facts"]  # fmt: skip
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(fixture_site["papers.csv"]))}
    assert rows["zero-infinity"]["code"] == "https://github.com/microsoft/DeepSpeed"
    assert rows["efficient-large-scale-language-model-training-on-gpu-clusters"]["code"] == (
        "https://github.com/nvidia/megatron-lm"  # the abstract's, as before
    )
    assert rows["holmes"]["code"] == ""


def _store_with(tmp_path: Path, edits: dict[str, str]) -> Path:
    """A copy of the fixture store with lines added after each named record's `links`."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_STORE, data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    for paper_id, lines in edits.items():
        record = data / "papers" / f"{paper_id}.yaml"
        text = record.read_text()
        at = text.index("\ntopics:") + 1
        record.write_text(text[:at] + lines + text[at:])
    return data


def test_a_listed_repository_the_abstract_prints_shows_once_and_a_project_page_says_so(tmp_path):
    """Megatron-LM's abstract prints github.com/nvidia/megatron-lm; its listing's address of the
    same repository, written otherwise, adds nothing; its project page is one more link, named so."""
    megatron = "efficient-large-scale-language-model-training-on-gpu-clusters"
    data = _store_with(
        tmp_path,
        {
            megatron: "code_repository: http://www.github.com/NVIDIA/Megatron-LM.git/\n"
            "project_page: https://nvidia.example/megatron\n",
            # the repository again as the project page, under another branch: once
            "holmes": "code_repository: https://github.com/holmes/holmes\n"
            "project_page: https://github.com/Holmes/Holmes/tree/main\n",
        },
    )
    corpus = load_corpus(data)
    assert corpus.papers[megatron].values("code") == [
        "https://github.com/nvidia/megatron-lm",
        "https://nvidia.example/megatron",
    ]
    assert corpus.papers["holmes"].values("code") == ["https://github.com/holmes/holmes"]
    site = render_site(corpus, SITE_URL)
    row = next(line for line in site["topics/parallelism.md"].splitlines() if f"papers/{megatron}/" in line)
    assert '>code</a> <a href="https://nvidia.example/megatron" aria-label="project page of Efficient' in row
    assert (
        '<a href="https://nvidia.example/megatron">project page: https://nvidia.example/megatron</a>'
        in (site[f"papers/{megatron}.md"])
    )  # not "nvidia.example": the listing says what it is


def test_a_curator_s_code_override_is_the_whole_truth_over_the_listing(tmp_path):
    data = _store_with(tmp_path, {"holmes": "code_repository: https://github.com/someone/not-holmes\n"})
    record = data / "papers" / "holmes.yaml"
    record.write_text(record.read_text().replace("overrides: {}", "overrides: {code: []}"))
    holmes = load_corpus(data).papers["holmes"]
    assert holmes.values("code") == [] and holmes.is_curated("code")
    record.write_text(record.read_text().replace("overrides: {code: []}", "overrides: {code: [https://h.example/]}"))
    assert load_corpus(data).papers["holmes"].values("code") == ["https://h.example/"]
