"""The Method page says what `digest eval` prints: the same folds, its words defined where first
used, and the whole days' figures `digest eval --days --write` stored, with the day they were
measured (a reader's audit: the page grouped the dumps into 5 folds while eval used 10, and left
the whole-day figures to the README)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import digest.build
import digest.evaluate
from digest.build import build_files
from digest.cli import main
from digest.errors import DataError
from digest.records.store import load_papers
from digest.whole_days_stored import WHOLE_DAYS_FILE, read_whole_days

from .conftest import DATA, REPO_DATA

DAY = "hf-daily-2026-08-20.json"  # a recorded day of the real store, after the seed corpus's split


def _recorded_day(store: Path, folder: Path) -> None:
    """A Daily Papers day after the seed corpus's split listing six of its papers curated in a topic
    (given arXiv ids, which the seed records lack, so the day's listing finds them) and one poem."""
    template = json.loads((REPO_DATA / "sources" / DAY).read_text())[0]
    in_topic = [p for p in load_papers(store) if set(p.topics) - {"other"}][:6]
    listed = [(f"2608.{90000 + n}", p.title, p.abstract) for n, p in enumerate(in_topic)]
    for (arxiv_id, *_), paper in zip(listed, in_topic, strict=True):
        record = store / "papers" / f"{paper.id}.yaml"
        record.write_text(
            record.read_text().replace(f"id: {paper.id}\n", f"id: {paper.id}\narxiv_id: '{arxiv_id}'\n", 1)
        )
    items = []
    for arxiv_id, title, summary in [*listed, ("2608.99999", "A Sonnet Cycle", "We write sonnets about leaves.")]:
        item = json.loads(json.dumps(template))
        item["paper"].update(id=arxiv_id, title=title, summary=summary)
        items.append(item)
    folder.mkdir()
    (folder / DAY).write_text(json.dumps(items))


def test_the_page_and_digest_eval_cut_the_dumps_into_the_same_folds(monkeypatch, capsys):
    asked: dict[str, int | None] = {}
    measure = digest.evaluate.evaluate

    def recording(*args, **kwargs):
        asked["build" if "machine" in kwargs else "eval"] = args[3] if len(args) > 3 else kwargs.get("max_folds")
        return measure(*args, **kwargs)

    monkeypatch.setenv("DIGEST_CORES", "1")  # measured here, where the recording sees it
    monkeypatch.setattr(digest.build, "evaluate", recording)
    build_files(DATA, "https://digest.example/")
    assert main(["eval", "--data", str(DATA)]) == 0
    capsys.readouterr()
    assert asked["build"] == asked["eval"] and asked["build"]


def test_the_page_defines_its_measures_before_it_uses_them():
    page = " ".join(build_files(DATA, "https://digest.example/")[1]["method.md"].split())
    for term, definition in (
        ("P / R / F1", "*precision* (P) is the share of the papers placed in the topic that a curator put there"),
        ("P / R / F1", "*recall* (R) the share of the papers a curator put there that were placed in it"),
        ("P / R / F1", "*F1* their harmonic mean"),
        ("Macro-F1 0", "Macro-F1, the mean of the topics' F1"),
    ):
        assert definition in page and page.index(definition) < page.index(term), definition
    # the facts table names its columns by what they count, not "Before" and "Now", read as before a curator
    header = next(line for line in page.split(" | Fact kind")[1:2])
    assert "Every value as the paper's" in header and "As the machine reads roles" in header
    assert "| Before" not in page and "| Now" not in page


def _store_whole_days(store: Path, days: Path) -> dict:
    assert main(["eval", "--data", str(store), "--days", str(days), "--write"]) == 0
    return json.loads((store / WHOLE_DAYS_FILE).read_text())


def test_the_page_shows_the_whole_days_figures_eval_stored_with_when_and_how(seeded_store, tmp_path, capsys):
    assert "### On whole days" not in build_files(seeded_store, "https://digest.example/")[1]["method.md"]
    days = tmp_path / "days"
    _recorded_day(seeded_store, days)
    stored = _store_whole_days(seeded_store, days)
    printed = capsys.readouterr().out
    kept, listed = stored["in_topic"]["kept"], stored["in_topic"]["listed"]
    assert listed and f"kept {kept} of {listed}" in printed  # what it stored is what it printed
    page = " ".join(build_files(seeded_store, "https://digest.example/")[1]["method.md"].split())
    section = page.split("### On whole days")[1].split("###")[0]
    off = stored["decided_off_topic"]["kept"] + stored["undecided"]["kept"]
    off_listed = stored["decided_off_topic"]["listed"] + stored["undecided"]["listed"]
    assert f"`digest eval --days {days}`" in section and f"on **{stored['measured_on']}**" in section
    assert f"kept {kept} of {listed}, and {stored['in_topic']['near_floor']} more" in section
    assert f"kept {off} of {off_listed:,}," in section
    assert f"macro-F1 {stored['macro_f1']:.2f}" in section
    assert f"when {stored['decided']} papers were decided" in section
    coverage = page.split("- **Coverage**")[1].split("- **Topics**")[0]
    assert f"kept {kept} of the {listed} papers a curator placed in a topic" in coverage
    assert stored["measured_on"] in coverage


def test_a_stored_file_eval_did_not_write_is_refused_by_name(seeded_store):
    (seeded_store / WHOLE_DAYS_FILE).write_text(json.dumps({"measured_on": "2026-01-01"}))
    with pytest.raises(DataError, match=re.escape(WHOLE_DAYS_FILE)):
        read_whole_days(seeded_store)


def test_write_without_recorded_days_is_refused(capsys):
    assert main(["eval", "--data", str(DATA), "--write"]) == 2
    assert "--days DIR" in capsys.readouterr().err
