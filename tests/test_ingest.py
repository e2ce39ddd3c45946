"""Ingest into real stores on disk: dedup, provenance, idempotency, curator fields."""

from __future__ import annotations

import json

import yaml

from digest.cli import main
from digest.ingest import ingest
from digest.records.store import dump_paper, load_paper, load_papers, record_path
from digest.text.keys import without_dangling_words

from .conftest import DATA, DUMPS, dump, snapshot

ALL_ENTRIES = 20 + 15 + 55 + 27
DISTINCT = 88  # distinct titles and, equally, distinct abstracts across the four dumps


def test_four_dumps_make_one_record_per_distinct_paper(store):
    report = ingest(DUMPS, store, listing_year=2025)
    papers = {p.id: p for p in load_papers(store)}
    assert len(papers) == len(report.new) == DISTINCT
    assert sum(len(p.sources) for p in papers.values()) == ALL_ENTRIES
    assert sorted((store / "sources").iterdir()) and [p.name for p in sorted((store / "sources").iterdir())] == [
        p.name for p in DUMPS
    ]
    melange = papers["melange"]
    assert [s.file for s in melange.sources] == [
        "sources/000_a68d431dd70e0225.txt",
        "sources/001_42609761d4888975.txt",
        "sources/003_107be3634218fa73.txt",
    ]
    assert melange.links == ["https://github.com/tyler-griggs/melange-release"]


def test_provenance_keeps_what_each_dump_said(store):
    ingest(DUMPS, store, listing_year=2025)
    fuyou = load_papers(store)
    fuyou = next(p for p in fuyou if p.title.startswith("Adding NVMe SSDs"))
    assert fuyou.id == "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"
    listed = {s.file.split("/")[1][:3]: (s.date, s.upvotes, s.authors_count) for s in fuyou.sources}
    assert listed["002"] == ("2024-03-11", 4, 7)
    assert listed["000"] == (None, None, None)
    assert (fuyou.published, fuyou.upvotes, fuyou.authors_count) == ("2024-03-11", 4, 7)


def test_the_repo_store_is_exactly_what_ingesting_its_sources_gives(store):
    ingest(sorted((DATA / "sources").glob("*.txt")), store, listing_year=2025)
    expected = {p.id: dump_paper(p) for p in load_papers(store)}
    actual = {p.stem: p.read_text(encoding="utf-8") for p in sorted((DATA / "papers").glob("*.yaml"))}
    # An id given before new ids dropped the function words a cut left dangling keeps its old
    # form ("...-with-c4-a"): the store's ids are its history, a fresh ingest's are made anew.
    given_before = {without_dangling_words(pid): pid for pid in actual if pid not in expected}
    assert given_before and all(new != old for new, old in given_before.items())
    assert {given_before.get(pid, pid) for pid in expected} == actual.keys()
    for paper_id, text in expected.items():
        kept = yaml.safe_load(actual[given_before.get(paper_id, paper_id)])
        fresh = yaml.safe_load(text)
        kept["id"] = paper_id
        for curator_field in ("topics", "tags", "notes", "overrides"):
            kept.pop(curator_field), fresh.pop(curator_field)
        # When the store first saw a paper is its history, not what the dumps say (records/added.py).
        kept.pop("added", None), fresh.pop("added", None)
        assert kept == fresh, paper_id


def test_a_new_id_cut_mid_phrase_drops_the_words_left_dangling_and_a_given_id_stays(tmp_path, seeded_store, capsys):
    """An id cut at 64 characters ended on an article, 'a-silver-bullet-or-a-compromise-for-full-
    attention-a' (a curator's audit); a curator typing it without the 'a' found nothing. A new id
    drops it; a record holding such an id keeps it when a listing names the paper again."""
    title = "A Silver Bullet or a Compromise for Full Attention? A Comprehensive Study of Gist Token-based Context Compression"
    store, answer = tmp_path / "new", tmp_path / "hf-daily-2024-12-27.json"
    store.mkdir()
    item = {"paper": {"id": "2412.17483", "title": title, "summary": "We study gist token-based context compression."}}
    answer.write_text(json.dumps([item]), encoding="utf-8")
    assert main(["ingest", str(answer), "--data", str(store)]) == 0
    assert "new: a-silver-bullet-or-a-compromise-for-full-attention\n" in capsys.readouterr().out
    # The seed store's record of C4, whose id was cut at "...-with-c4-a", is named again by a listing.
    held = "boosting-large-scale-parallel-training-efficiency-with-c4-a"
    c4 = load_paper(record_path(seeded_store, held)).paper
    answer.write_text(
        json.dumps([{"paper": {"id": "2406.04594", "title": c4.title, "summary": c4.abstract}}]), encoding="utf-8"
    )
    assert main(["ingest", str(answer), "--data", str(seeded_store)]) == 0
    assert f"updated: {held}\n" in capsys.readouterr().out
    assert [p.id for p in load_papers(seeded_store) if p.title == c4.title] == [held]


def test_reingest_changes_no_byte(store):
    ingest(DUMPS, store, listing_year=2025)
    before = snapshot(store)
    report = ingest(DUMPS, store, listing_year=2025)
    assert (len(report.new), len(report.updated), len(report.unchanged)) == (0, 0, DISTINCT)
    assert snapshot(store) == before
    # the kept copies themselves are recognised as the same dumps
    ingest(sorted((store / "sources").iterdir()), store, listing_year=2025)
    assert snapshot(store) == before


def test_curator_fields_survive_reingest(store):
    ingest([dump("000")], store, listing_year=2025)
    path = record_path(store, "zero-infinity")
    record = yaml.safe_load(path.read_text())
    record |= {
        "topics": ["offloading"],
        "tags": ["nvme"],
        "notes": "Baseline for Fuyou.",
        "overrides": {"system": "ZeRO-Infinity", "hardware": ["V100"]},
    }
    path.write_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True))
    ingest(DUMPS, store, listing_year=2025)
    kept = yaml.safe_load(path.read_text())
    assert kept["topics"] == ["offloading"] and kept["tags"] == ["nvme"]
    assert kept["notes"] == "Baseline for Fuyou."
    assert kept["overrides"] == {"system": "ZeRO-Infinity", "hardware": ["V100"]}
    assert len(kept["sources"]) == 3 and kept["published"] == "2021-04-15"


def test_a_later_dump_fills_but_never_erases(store):
    ingest([dump("002")], store, listing_year=2025)
    path = record_path(store, "galore")
    record = yaml.safe_load(path.read_text())
    assert (record["published"], record["authors_count"], record["upvotes"]) == ("2024-03-06", 6, 15)
    ingest([dump("000")], store, listing_year=2025)  # lists GaLore with no metadata at all
    record = yaml.safe_load(path.read_text())
    assert (record["published"], record["authors_count"], record["upvotes"]) == ("2024-03-06", 6, 15)
    assert len(record["sources"]) == 2


def test_titles_match_across_case_punctuation_and_latex_accents(tmp_path, store):
    abstract = "We present a system. " * 20
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text(f"M\\'elange: Cost Efficient  Serving\n{abstract}\n", encoding="utf-8")
    two.write_text(f"MÉLANGE -- cost-efficient serving!\n\n{abstract}\n", encoding="utf-8")
    ingest([one, two], store)
    papers = load_papers(store)
    assert [p.id for p in papers] == ["melange"]
    assert [s.file for s in papers[0].sources] == ["sources/one.txt", "sources/two.txt"]


def test_id_collisions_resolve_in_ingest_order(tmp_path, store):
    abstract = "We present a system for serving models on GPUs. " * 8
    path = tmp_path / "clash.txt"
    path.write_text(f"Nexus: Serving One\n{abstract}\nNexus: Training Two\n{abstract}\n", encoding="utf-8")
    ingest([path], store)
    assert sorted(p.id for p in load_papers(store)) == ["nexus", "nexus-2"]
    assert next(p for p in load_papers(store) if p.id == "nexus-2").title == "Nexus: Training Two"


def test_listing_year_absent_keeps_year_unknown(store):
    ingest([dump("002")], store)
    scale = yaml.safe_load(record_path(store, "predictable-scale").read_text())
    assert scale["published"] is None and scale["sources"][0]["date"] == "--03-06"


def test_dry_run_writes_nothing_and_cli_reports(store, capsys):
    assert main(["ingest", "--data", str(store), "--dry-run", "--listing-year", "2025", *map(str, DUMPS)]) == 0
    out = capsys.readouterr()
    assert f"{DISTINCT} new, 0 updated, 0 unchanged, 0 skipped" in out.out
    assert "dry run: nothing written" in out.out
    assert "[4/4]" in out.err
    assert snapshot(store) == {}


def test_same_name_other_content_keeps_both_dumps(tmp_path, store):
    abstract = "We present a system for serving models on GPUs. " * 8
    first, second = tmp_path / "a" / "dump.txt", tmp_path / "b" / "dump.txt"
    for path, title in ((first, "Alpha: One"), (second, "Beta: Two")):
        path.parent.mkdir()
        path.write_text(f"{title}\n{abstract}\n", encoding="utf-8")
    ingest([first, second], store)
    names = sorted(p.name for p in (store / "sources").iterdir())
    assert len(names) == 2 and "dump.txt" in names
    assert next(n for n in names if n != "dump.txt").startswith("dump-")
