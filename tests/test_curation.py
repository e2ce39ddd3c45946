"""Every curator feature, end to end: a record edited as a curator would, then the pages and
exports the site gets. Each test fails if the feature is dropped anywhere between the record
and what a reader sees."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
from pathlib import Path

import pytest
import yaml

from digest.build import build_files
from digest.derive.overrides import FACT_KEYS
from digest.derive.vocabularies import VOCABULARIES
from digest.records.model import OVERRIDE_KEYS
from digest.render.columns import NO_HEADLINE
from digest.render.markdown import md_text

from .conftest import DATA
from .page_html import row_of, section

FIXTURE_STORE = Path(__file__).parent / "fixtures" / "store"
SITE_URL = "https://digest.example/"
HOLMES = "holmes"
FLASH2 = "flashattention-2"
MEGATRON = "efficient-large-scale-language-model-training-on-gpu-clusters"


@pytest.fixture
def store(tmp_path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_STORE, data)
    for name in ("taxonomy.yaml", "hardware.yaml", "baselines.yaml"):
        shutil.copy(DATA / name, data / name)
    return data


def curate(store: Path, paper_id: str, **fields) -> None:
    path = store / "papers" / f"{paper_id}.yaml"
    record = yaml.safe_load(path.read_text())
    record.update(fields)
    path.write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True))


def site(store: Path) -> dict[str, str]:
    return build_files(store, SITE_URL)[1]


def csv_row(files: dict[str, str], paper_id: str) -> dict[str, str]:
    return next(row for row in csv.DictReader(io.StringIO(files["papers.csv"])) if row["id"] == paper_id)


def json_row(files: dict[str, str], paper_id: str) -> dict:
    return next(row for row in json.loads(files["papers.json"])["papers"] if row["id"] == paper_id)


def table_row(page: str, paper_id: str) -> list[str]:
    """The cells of the comparison-table row that links to the paper (an HTML table: their text)."""
    return row_of(page, paper_id)


def test_every_override_key_is_applied_somewhere():
    """A key the record schema accepts but nothing applies would be silently ignored."""
    # sentence_roles, context_values and misread are applied at extraction (corpus.derive_paper).
    applied = (
        set(FACT_KEYS)
        | set(VOCABULARIES)
        | {"headline", "published", "compares_to", "sentence_roles", "context_values", "misread", "tags"}
    )
    assert applied == set(OVERRIDE_KEYS)


def test_headline_override_reaches_the_table_csv_json_and_page(store):
    curate(store, HOLMES, overrides={"headline": "2.5× faster on mixed NICs"})
    files = site(store)
    assert "2.5× faster on mixed NICs" in table_row(files["topics/parallelism.md"], HOLMES)
    assert csv_row(files, HOLMES)["headline"] == "2.5× faster on mixed NICs"
    assert json_row(files, HOLMES)["headline"] == "2.5× faster on mixed NICs"
    assert "headline" in json_row(files, HOLMES)["curated"]
    assert "<strong>Headline result</strong> 2.5× faster on mixed NICs (curated)" in files["papers/holmes.md"]


def test_a_headline_read_as_none_says_so_where_an_unread_one_is_empty(store):
    """A curator's `metric: none` (the abstract states no single result of the paper's own) showed
    as the same "–" as a headline the machine found none for: the table and the page now say it."""
    before = table_row(site(store)["topics/parallelism.md"], HOLMES)
    curate(store, HOLMES, overrides={"headline": {"metric": "none"}})
    files = site(store)
    after = table_row(files["topics/parallelism.md"], HOLMES)
    assert NO_HEADLINE not in before and NO_HEADLINE in after
    assert csv_row(files, HOLMES)["headline"] == ""  # the exports keep an empty value
    assert f"<strong>Headline result</strong> {NO_HEADLINE} in the abstract (curated)" in files["papers/holmes.md"]


def test_fact_overrides_replace_the_extracted_values_and_are_marked(store):
    curate(
        store,
        HOLMES,
        overrides={
            "system": "Holmes-X",
            "hardware": ["H100", "Custom Board"],
            "gpu_count": ["96 GPUs"],
            "model_scale": ["70B"],
            "precision": ["FP8"],
            "code": ["https://example.org/holmes"],
        },
    )
    files = site(store)
    page = files["papers/holmes.md"]
    curated_row = next(line for line in page.splitlines() if line.startswith('<tr class="digest-curated">'))
    for shown in [
        "<strong>System</strong> Holmes-X",
        '<strong>Hardware</strong> <a href="../../hardware/h100/">H100</a>, Custom Board',
        "<strong>GPU count</strong> 96 GPUs",
        "<strong>Model scale</strong> 70B",
        "<strong>Precision</strong> FP8",
        '<strong>Links</strong> <a href="https://example.org/holmes">https://example.org/holmes</a>',
    ]:
        assert shown in curated_row, shown
    facts = section(page, "Facts")
    assert "A100" not in facts and "<strong>System</strong>" not in facts.replace(curated_row, "")  # extracted: gone
    row = csv_row(files, HOLMES)
    assert (row["system"], row["hardware"]) == ("Holmes-X", "H100; Custom Board")
    assert row_of(files["hardware/h100.md"], HOLMES)  # listed on the curated hardware's page


def test_a_curated_system_is_marked_curated_in_the_details_line_as_other_overrides_are(store):
    # A contributor's walkthrough: with overrides {system: 2BP-Pipe, hardware: [A100]}, the details
    # under the title said "System 2BP-Pipe · Hardware A100 (curated)", as if the name were extracted.
    extracted = site(store)["papers/holmes.md"]
    assert '<strong>System</strong> <span class="digest-nowrap">Holmes</span>&nbsp;·' in extracted
    curate(store, HOLMES, overrides={"system": "Holmes-X"})
    page = site(store)["papers/holmes.md"]
    assert '<strong>System</strong> <span class="digest-nowrap">Holmes-X</span> (curated)&nbsp;·' in page


def test_vocabulary_overrides_replace_the_derived_terms(store):
    curate(
        store, HOLMES, overrides={"memory_tiers": ["CPU DRAM"], "workloads": ["inference"], "parallelism": ["expert"]}
    )
    files = site(store)
    page = files["papers/holmes.md"]
    assert "<strong>Memory tiers</strong> CPU DRAM (curated)" in page
    assert "<strong>Workload</strong> inference (curated)" in page
    assert "<strong>Parallelism</strong> expert (curated)" in page
    cells = table_row(files["topics/parallelism.md"], HOLMES)
    assert "expert" in cells


def test_tags_override_replaces_the_rules_tags_and_the_record_s_own_add_to_them(store):
    machine = json_row(site(store), HOLMES)["tags"]
    assert "training" in machine and "communication" not in machine
    curate(store, HOLMES, overrides={"tags": ["communication"]}, tags=["networking"])
    files = site(store)
    assert json_row(files, HOLMES)["tags"] == ["communication", "networking"]
    assert "tags" in json_row(files, HOLMES)["curated"]
    assert row_of(files["tags/communication.md"], HOLMES)
    assert HOLMES not in files["tags/training.md"]  # the rules' tag is gone from its page too


def test_a_curated_lone_gpu_memory_tier_is_shown_though_a_derived_one_is_not(store):
    """Megatron-LM names only 'GPU memory': derived, that is no tier; curated, it is the curator's word."""
    assert "<strong>Memory tiers</strong>" not in site(store)[f"papers/{MEGATRON}.md"]
    curate(store, MEGATRON, overrides={"memory_tiers": ["GPU HBM"]})
    assert "<strong>Memory tiers</strong> GPU HBM (curated)" in site(store)[f"papers/{MEGATRON}.md"]


def test_published_override_dates_the_paper_everywhere(store):
    year = dt.datetime.now(dt.UTC).year + 1  # the newest a date may be (check refuses a later one)
    day = f"{year}-02-03"
    curate(store, HOLMES, overrides={"published": day})
    files = site(store)
    assert f'<strong>Published</strong> <span class="digest-nowrap">{day}</span> (curated)' in files["papers/holmes.md"]
    newest = [line for line in files["index.md"].split("## Newest papers")[1].splitlines() if line.startswith("| [")]
    assert "papers/holmes.md" in newest[0] and day in newest[0]
    assert csv_row(files, HOLMES)["year"] == str(year) and csv_row(files, HOLMES)["published"] == day
    assert f"<updated>{day}T00:00:00+00:00</updated>" in files["feed.xml"]
    assert f"{year} ·" in files["topics/parallelism.md"]


def test_a_year_column_listed_in_the_taxonomy_still_shows_the_year(store):
    taxonomy = (store / "taxonomy.yaml").read_text()
    columns = (
        "columns: [system, headline, metric, parallelism, model_scale, gpu_count, hardware, published, code, arxiv_id]"
    )
    assert columns in taxonomy  # else the replacement below would change nothing
    taxonomy = taxonomy.replace(columns, "columns: [system, year, parallelism]")
    (store / "taxonomy.yaml").write_text(taxonomy)
    files = site(store)
    assert table_row(files["topics/parallelism.md"], HOLMES)[1] == "2023"


def test_compares_to_override_replaces_the_names_found_in_the_abstract(store):
    before = section(site(store)["papers/holmes.md"], "Compares against")
    # The abstract names Megatron-LM among current frameworks (background), not as a baseline.
    assert MEGATRON not in before
    curate(store, HOLMES, overrides={"compares_to": ["zero-infinity"]})
    files = site(store)
    links = section(files["papers/holmes.md"], "Compares against")
    assert '<a href="../zero-infinity/">' in links and "(curated)" in links and MEGATRON not in links
    assert '<a href="../holmes/">' in section(files["papers/zero-infinity.md"], "Compared by")
    assert json_row(files, HOLMES)["compares_to"] == ["zero-infinity"]


def test_compares_to_override_is_the_whole_list_the_catalogues_systems_too(store):
    """A curator's compares_to replaces the catalogue's systems the abstract names as well: listed
    they show as curated, left out they are gone, on the page and in the exports alike."""
    # The abstract measures itself "compared to FlashAttention", a system of the catalogue.
    assert "FlashAttention <span" in section(site(store)[f"papers/{FLASH2}.md"], "Compares against")
    curate(store, FLASH2, overrides={"compares_to": []})
    files = site(store)
    assert "## Compares against" not in files[f"papers/{FLASH2}.md"]
    assert json_row(files, FLASH2)["compares_to_outside"] == [] and csv_row(files, FLASH2)["compares_to_outside"] == ""
    curate(store, FLASH2, overrides={"compares_to": ["zero-infinity", "vllm"]})  # a catalogue name in any case
    files = site(store)
    links = section(files[f"papers/{FLASH2}.md"], "Compares against")
    assert '<a href="../zero-infinity/">' in links and "FlashAttention <span" not in links
    assert '<li>vLLM <span class="digest-outside">' in links and links.count("(curated)") == 2
    assert json_row(files, FLASH2)["compares_to"] == ["zero-infinity"]
    assert (
        json_row(files, FLASH2)["compares_to_outside"] == ["vLLM"]
        and csv_row(files, FLASH2)["compares_to_outside"] == "vLLM"
    )


def test_a_curated_baseline_the_abstract_compares_with_keeps_its_sentence(store):
    """A curator confirming a baseline the machine read (and adding one it did not) sees the
    comparison quoted as before, not "(curated)": the reader checks it against the abstract."""
    before = section(site(store)[f"papers/{FLASH2}.md"], "Compares against")
    [quoted] = [line for line in before.splitlines() if "FlashAttention <span" in line]
    assert "“" in quoted and "(curated)" not in quoted
    curate(store, FLASH2, overrides={"compares_to": ["FlashAttention", "zero-infinity"]})
    links = section(site(store)[f"papers/{FLASH2}.md"], "Compares against")
    assert quoted in links.splitlines()
    assert links.count("(curated)") == 1 and "zero-infinity/" in links.split("(curated)")[0]


def test_curated_topics_move_the_paper_and_say_so(store):
    curate(store, HOLMES, topics=["serving"])
    files = site(store)
    assert "papers/holmes.md" in files["topics/serving.md"]
    assert "papers/holmes.md" not in files["topics/parallelism.md"]
    # a curated paper's row gives no reason (every published paper has one); the paper page says who set it
    holmes_row = files["topics/serving.md"].split("papers/holmes.md")[-1].split("\n")[1]
    assert "suggested" not in holmes_row and "matched" not in holmes_row
    assert "Topics set by a curator" in files["papers/holmes.md"]


def test_curated_tags_reach_the_page_and_the_exports(store):
    curate(store, HOLMES, tags=["heterogeneous NICs"])
    files = site(store)
    assert "- heterogeneous NICs" in files["papers/holmes.md"].split("---")[1]  # Material's tags front matter
    assert "heterogeneous NICs" in csv_row(files, HOLMES)["tags"]
    assert "tags" in json_row(files, HOLMES)["curated"]


def test_notes_show_on_the_page(store):
    curate(store, HOLMES, notes="Checked against the NIC vendor's numbers.")
    assert md_text("Checked against the NIC vendor's numbers.") in site(store)["papers/holmes.md"]
