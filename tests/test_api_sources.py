"""The API formats (Hugging Face Daily Papers JSON, arXiv Atom) through the registry and the
ingest: sniffed by content, read into records with arXiv ids and authors, merged with the text
dump's records by arXiv id and by title, curator fields never touched, re-ingest changes no byte."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from digest.cli import main
from digest.records.store import load_papers
from digest.sources import open_source

from .conftest import DATA, REPO, REPO_DATA, dump, snapshot, with_rules

RESPONSES = Path(__file__).parent / "fixtures" / "responses"
HF_DAY = RESPONSES / "hf-daily-2025-01-23.json"
ATOM = RESPONSES / "arxiv-kv-cache.atom"


def ingest(store: Path, *files: Path, extra=()) -> int:
    return main(["ingest", "--data", str(store), *extra, *map(str, files)])


def by_arxiv(store: Path) -> dict:
    return {paper.arxiv_id: paper for paper in load_papers(store)}


@pytest.mark.parametrize("path, name", [(HF_DAY, "hf-daily-api"), (ATOM, "arxiv-atom"), (dump("000"), "hf-daily-text")])
def test_each_format_is_chosen_by_content(path, name):
    _, parsed, entries = open_source(path)
    assert parsed.format == name and list(entries)


def test_a_daily_papers_day_becomes_records_with_ids_authors_and_both_dates(store, capsys):
    assert ingest(store, HF_DAY) == 0
    assert "17 new, 0 updated" in capsys.readouterr().out  # ingest keeps every paper; fetch filters
    papers = by_arxiv(store)
    flash3 = papers["2407.08608"]
    assert flash3.id == "flashattention-3"
    assert flash3.authors == [
        "Jay Shah",
        "Ganesh Bikshandi",
        "Ying Zhang",
        "Vijay Thakkar",
        "Pradeep Ramani",
        "Tri Dao",
    ]
    assert (flash3.authors_count, flash3.upvotes, flash3.published) == (6, 31, "2024-07-11")  # the paper's own date
    (sighting,) = flash3.sources
    assert (sighting.file, sighting.date) == ("sources/hf-daily-2025-01-23.json", "2025-01-23")  # the listing's
    assert papers["2401.09670"].organization == "Peking University"  # the organisation's display name
    assert (store / "sources" / HF_DAY.name).read_bytes() == HF_DAY.read_bytes()  # kept byte for byte


def test_an_arxiv_atom_answer_becomes_records_without_versions(store):
    assert ingest(store, ATOM) == 0
    papers = by_arxiv(store)
    assert set(papers) == {"2309.06180", "2406.19707", "2401.09670", "2104.07857", "2005.11401"}
    vllm = papers["2309.06180"]
    assert vllm.title.startswith("Efficient Memory Management for Large Language Model Serving with PagedAttention")
    assert "\n" not in vllm.title and vllm.authors[0] == "Woosuk Kwon" and vllm.published == "2023-09-12"
    assert vllm.abstract.startswith("High throughput serving of large language models")


def test_the_text_dump_and_the_api_record_of_one_paper_merge(store, capsys):
    """FlashAttention-2 is in the first seed dump and in the day's JSON: one record, two sightings,
    the arXiv id and the authors filled in, the curator's topics and notes kept."""
    assert ingest(store, dump("000")) == 0
    record = store / "papers" / "flashattention-2.yaml"
    text = record.read_text()
    assert "arxiv_id" not in text
    record.write_text(text.replace("topics: []", "topics: [kernels]").replace("notes: ''", "notes: 'read it'"))
    capsys.readouterr()
    assert ingest(store, HF_DAY) == 0
    assert "updated: flashattention-2" in capsys.readouterr().out
    paper = by_arxiv(store)["2307.08691"]
    assert paper.id == "flashattention-2" and [s.file for s in paper.sources] == [
        f"sources/{dump('000').name}",
        "sources/hf-daily-2025-01-23.json",
    ]
    assert (paper.topics, paper.notes, paper.authors[0]) == (["kernels"], "read it", "Tri Dao")
    assert sum(p.title.startswith("FlashAttention-2") for p in load_papers(store)) == 1


def test_the_arxiv_id_is_the_merge_key_when_the_title_changed(store):
    """arXiv's v2 renamed the paper: the id still finds its record, whose title stays."""
    items = json.loads(HF_DAY.read_text())[:1]
    assert ingest(store, _written(store.parent / "day1.json", items)) == 0
    items[0]["paper"]["title"] = items[0]["title"] = "FlashAttention-3: a new title in version 2"
    assert ingest(store, _written(store.parent / "day2.json", items)) == 0
    (paper,) = load_papers(store)
    assert paper.title.startswith("FlashAttention-3: Fast and Accurate") and len(paper.sources) == 2


def test_two_arxiv_papers_of_one_title_stay_two(store):
    items = json.loads(HF_DAY.read_text())[:1]
    twin = json.loads(json.dumps(items[0]))
    twin["paper"]["id"], twin["paper"]["summary"] = "2501.00001", "Another paper that chose the same title."
    assert ingest(store, _written(store.parent / "twins.json", [*items, twin])) == 0
    papers = by_arxiv(store)
    assert set(papers) == {"2407.08608", "2501.00001"}
    assert {p.id for p in papers.values()} == {"flashattention-3", "flashattention-3-2"}
    assert main(["check", "--data", str(with_rules(store))]) == 0


def test_reingesting_api_answers_changes_no_byte(store):
    assert ingest(store, HF_DAY, ATOM) == 0
    before = snapshot(store)
    assert ingest(store, HF_DAY, ATOM) == 0
    assert snapshot(store) == before


def test_missing_optional_fields_and_unknown_fields_are_tolerated(store):
    items = json.loads(HF_DAY.read_text())[:2]
    for key in ("organization", "submittedBy", "numComments", "thumbnail"):
        items[0].pop(key, None)
    for key in ("authors", "publishedAt", "upvotes"):
        items[0]["paper"].pop(key)
    items[1]["paper"]["upvotes"] = "many"  # wrong type: left empty, with a note
    items[1]["aNewFieldOfTheApi"] = {"anything": [1, 2]}
    assert ingest(store, _written(store.parent / "sparse.json", items)) == 0
    papers = by_arxiv(store)
    bare = papers["2407.08608"]
    assert (bare.authors, bare.upvotes, bare.published) == ([], None, "2025-01-23")  # the listing's day instead
    assert papers["2303.06865"].upvotes is None


def test_markdown_bold_in_an_abstract_is_read_as_the_text_it_marks(store):
    items = json.loads(HF_DAY.read_text())[:1]
    plain = items[0]["paper"]["summary"]
    items[0]["paper"]["summary"] = "Kite achieves a **1.9x** to **2.7x** end-to-end speedup. " + plain
    assert ingest(store, _written(store.parent / "bold.json", items)) == 0
    paper = by_arxiv(store)[items[0]["paper"]["id"]]
    assert paper.abstract.startswith("Kite achieves a 1.9x to 2.7x end-to-end speedup. ") and "**" not in paper.abstract


def test_format_option_overrides_detection(store, capsys):
    """Read as an Atom feed, the JSON day is refused whole with what was expected."""
    assert ingest(store, HF_DAY, extra=["--format", "arxiv-atom"]) == 1
    assert "hf-daily-2025-01-23.json" in capsys.readouterr().err
    assert snapshot(store) == {}


def test_a_curated_store_plus_an_api_day_still_builds_pages(tmp_path, capsys):
    """A copy of the repo's records with the day ingested: `digest pages` renders its papers' links."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    assert ingest(data, HF_DAY) == 0
    out = tmp_path / "pages"
    assert main(["pages", "--data", str(data), "--out", str(out)]) == 0
    page = (out / "papers" / "flashattention-3.md").read_text()
    for link in (
        "https://arxiv.org/abs/2407.08608",
        "https://arxiv.org/pdf/2407.08608",
        "https://huggingface.co/papers/2407.08608",
    ):
        assert f'<a href="{link}" aria-label="' in page  # each named with its paper


def _written(path: Path, items: list) -> Path:
    path.write_text(json.dumps(items, indent=2))
    return path


@pytest.mark.parametrize(
    "written, expected",
    [
        ("2307.08691", "2307.08691"),
        ("arXiv:2307.08691v2", "2307.08691"),
        ("https://arxiv.org/pdf/2307.08691v3.pdf", "2307.08691"),
        ("http://arxiv.org/abs/2406.19707v1", "2406.19707"),
        ("hep-th/9901001v1", "hep-th/9901001"),
        ("MATH.gt/0309136", "math.GT/0309136"),
        ("2307.086", None),
        # Only ids arXiv gives: 4 digits from 0704 to 1412, 5 from 1501 on, a month from 01 to 12.
        ("0704.0001", "0704.0001"),
        ("1412.8888", "1412.8888"),
        ("1501.00001", "1501.00001"),
        ("2403.3507", None),
        ("arXiv:2606.0630v1", None),
        ("1412.88888", None),
        ("0703.0001", None),
        ("2613.01234", None),
        ("2300.01234", None),
        ("https://example.org/abs/2307.08691", None),
        ("FlashAttention-2", None),
    ],
)
def test_arxiv_ids_are_read_from_what_sources_write(written, expected):
    from digest.text.arxiv import arxiv_id

    assert arxiv_id(written) == expected


def test_a_sighting_is_dated_by_the_day_the_paper_was_listed(tmp_path):
    """The listing day is the paper's `submittedOnDailyAt`, else the day the answer's file is named
    for; the item's `publishedAt` (the evening before the arXiv day) only when neither is known."""
    items = json.loads(HF_DAY.read_text())[:1]
    items[0]["publishedAt"] = "2025-01-20T20:00:00.000Z"

    def day_read(name: str, submitted: str | None) -> str | None:
        answer = [dict(items[0], paper=dict(items[0]["paper"]))]
        if submitted:
            answer[0]["paper"]["submittedOnDailyAt"] = submitted
        path = tmp_path / name
        path.write_text(json.dumps(answer))
        _, _, entries = open_source(path)
        (entry,) = list(entries)
        return entry.date

    assert day_read("hf-daily-2025-01-23.json", "2025-01-24T00:00:00.000Z") == "2025-01-24"
    assert day_read("hf-daily-2025-01-23.json", None) == "2025-01-23"
    assert day_read("answer.json", None) == "2025-01-20"


# A kept Daily Papers answer (Radial Attention): its `paper` names a repository and a project page.
LISTED = REPO_DATA / "sources" / "hf-daily-2025-07-02-e8c6874b.json"
RADIAL = "2506.19852"


def _edited_listing(path: Path, **paper_fields) -> Path:
    """A copy of LISTED with its paper's fields set (None removes one)."""
    items = json.loads(LISTED.read_text())
    for name, value in paper_fields.items():
        items[0]["paper"].pop(name, None) if value is None else items[0]["paper"].update({name: value})
    return _written(path, items)


def test_the_listing_s_code_repository_and_project_page_reach_the_record(store):
    assert ingest(store, LISTED) == 0
    paper = by_arxiv(store)[RADIAL]
    assert paper.code_repository == "https://github.com/mit-han-lab/radial-attention/"  # as the listing gives it
    assert paper.project_page == "https://hanlab.mit.edu/projects/radial-attention"
    text = (store / "papers" / f"{paper.id}.yaml").read_text()
    assert (
        "links: []\ncode_repository: https://github.com/mit-han-lab/radial-attention/\n"
        "project_page: https://hanlab.mit.edu/projects/radial-attention\ntopics: []\n"
    ) in text  # beside the abstract's links, before the curator's fields


def test_a_listing_without_links_writes_no_link_fields(store):
    assert ingest(store, _edited_listing(store.parent / "bare.json", githubRepo=None, projectPage="")) == 0
    paper = by_arxiv(store)[RADIAL]
    assert (paper.code_repository, paper.project_page) == (None, None)
    text = (store / "papers" / f"{paper.id}.yaml").read_text()
    assert "code_repository" not in text and "project_page" not in text


def test_a_curator_s_code_repository_stays_and_an_empty_field_is_filled(store):
    """Like the arXiv id: a later listing fills what is empty and rewrites nothing."""
    assert ingest(store, _edited_listing(store.parent / "first.json", githubRepo=None, projectPage=None)) == 0
    record = store / "papers" / f"{by_arxiv(store)[RADIAL].id}.yaml"
    text = record.read_text()
    record.write_text(text.replace("links: []\n", "links: []\ncode_repository: https://github.com/curator/radial\n"))
    assert ingest(store, LISTED) == 0
    paper = by_arxiv(store)[RADIAL]
    assert len(paper.sources) == 2
    assert paper.code_repository == "https://github.com/curator/radial"
    assert paper.project_page == "https://hanlab.mit.edu/projects/radial-attention"


@pytest.mark.parametrize(
    "field, value, why",
    [
        ("githubRepo", "https://github.com/\nmit-han-lab/radial-attention", "holds whitespace"),  # as an answer had it
        ("projectPage", "https://hanlab.mit.edu/\u0000", "or a control character"),
        ("githubRepo", "mit-han-lab/radial-attention.git", "is not an http(s) address"),
        ("githubRepo", "https://github.com/", "names no repository, only a host"),
        ("projectPage", "javascript:alert(1)", "is not an http(s) address"),
        ("projectPage", 42, "expected an http(s) address, got a number"),
    ],
)
def test_a_listing_link_that_is_no_address_is_left_empty_with_a_note_naming_file_line_and_field(
    store, capsys, field, value, why
):
    listing = _edited_listing(store.parent / "odd.json", **{field: value})
    assert ingest(store, listing) == 0  # as any optional field of the wrong kind: the paper is kept
    paper = by_arxiv(store)[RADIAL]
    kept = {"githubRepo": paper.code_repository, "projectPage": paper.project_page}
    other = "projectPage" if field == "githubRepo" else "githubRepo"
    assert kept[field] is None and kept[other] is not None  # the other one is read as ever
    out = capsys.readouterr().out
    assert f"note: {listing}:2: paper.{field}: " in out and why in out and ": left empty" in out
    assert ingest(store, listing, extra=["--strict"]) == 1  # --strict refuses it, as any note
    assert f"paper.{field}" in capsys.readouterr().err


def test_backfill_fills_records_from_the_answers_they_cite_and_keeps_every_other_byte(tmp_path, capsys):
    """scripts/backfill_listing_links.py: a record ingested before ingest kept the listing's links
    gets exactly the lines an ingest writes now; its curator's comments stay; a second run changes nothing."""
    data = tmp_path / "data"
    (data / "papers").mkdir(parents=True)
    (data / "sources").mkdir()
    shutil.copy(LISTED, data / "sources" / LISTED.name)
    filled = (REPO_DATA / "papers" / "radial-attention.yaml").read_text()
    assert "  # tags: its 'energy decay'" in filled  # a curator's comment, to keep
    record = data / "papers" / "radial-attention.yaml"
    record.write_text(
        "".join(line for line in filled.splitlines(True) if not line.startswith(("code_rep", "project_")))
    )
    backfill = [sys.executable, str(REPO / "scripts" / "backfill_listing_links.py"), "--data", str(data)]
    run = subprocess.run(backfill, capture_output=True, text=True, check=True)
    assert "filled 1 record(s): a code repository in 1, a project page in 1" in run.stdout
    assert record.read_text() == filled  # the committed record: the same lines, where ingest writes them
    before = snapshot(data)
    run = subprocess.run(backfill, capture_output=True, text=True, check=True)
    assert "filled 0 record(s)" in run.stdout and snapshot(data) == before
