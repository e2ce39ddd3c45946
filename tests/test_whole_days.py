"""The fetch filter on whole recorded days (digest/whole_days.py, `digest eval --days`): every paper
first listed on or after the split, judged by a model trained on the papers decided before it,
and counted by what a curator decided of it."""

from __future__ import annotations

import json
import shutil

import pytest

from digest.build import load_whole_days
from digest.errors import DataError

from .conftest import REPO_DATA

DAY = "hf-daily-2026-08-20.json"  # a recorded day the store cites, after the default split


def _off_topic_item(template: dict, arxiv_id: str) -> dict:
    item = json.loads(json.dumps(template))
    item["paper"].update(
        id=arxiv_id,
        title="A Sonnet Cycle on Autumn Leaves",
        summary="We write fourteen sonnets about falling leaves and read them aloud to an audience of poets.",
    )
    return item


def test_whole_days_count_each_listed_paper_once_by_what_was_decided_of_it(tmp_path):
    items = json.loads((REPO_DATA / "sources" / DAY).read_text())
    shutil.copy(REPO_DATA / "sources" / DAY, tmp_path / DAY)
    poem = _off_topic_item(items[0], "2608.99999")
    # the next day lists the poem and again a paper of the day before: counted once, on its first day
    (tmp_path / "hf-daily-2026-08-21.json").write_text(json.dumps([poem, items[0]]))
    # a day before the split is not judged
    (tmp_path / "hf-daily-2024-06-03.json").write_text(json.dumps([_off_topic_item(items[0], "2406.99999")]))
    report = load_whole_days(REPO_DATA, tmp_path, "2026-08-01")
    assert report.days == 2
    assert report.in_topic.listed + report.decided_off.listed == len(items)
    assert (report.undecided.listed, report.undecided.kept, report.undecided.near) == (1, 0, 0)  # the poem, dropped
    assert report.off_topic.listed == report.decided_off.listed + 1
    assert 0 <= report.in_topic.kept <= report.in_topic.listed
    # Topics as shipped: an off-topic paper is in the fallback alone, a dropped one ships in no topic.
    by_slug = {t.slug: t for t in report.topics}
    assert by_slug["other"].support == report.off_topic.listed
    assert sum(t.support for t in report.topics if t.slug != "other") >= report.in_topic.listed
    shipped_other = by_slug["other"].scores["ships"]
    dropped = report.in_topic.listed - report.in_topic.kept + report.off_topic.listed - report.off_topic.kept
    assert shipped_other.true_positives + shipped_other.false_positives >= dropped


def test_a_folder_without_recorded_days_after_the_split_says_so(tmp_path):
    with pytest.raises(DataError, match="no recorded Daily Papers answer"):
        load_whole_days(REPO_DATA, tmp_path, "2026-08-01")
    shutil.copy(REPO_DATA / "sources" / DAY, tmp_path / DAY)
    with pytest.raises(
        DataError, match=r"nothing to judge \(its papers are listed from 2026-08-20 to 2026-08-20: --split 2026-08-20"
    ):
        load_whole_days(REPO_DATA, tmp_path, "2027-01-01")


def test_digest_eval_reports_whole_days_beside_the_temporal_split(tmp_path, capsys):
    from digest.cli import main

    shutil.copy(REPO_DATA / "sources" / DAY, tmp_path / DAY)
    assert main(["eval", "--data", str(REPO_DATA), "--split", "2026-08-01", "--days", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    whole = report["whole_days"]
    assert whole["split"] == report["temporal"]["split"] == "2026-08-01" and whole["days"] == 1
    assert whole["periods"] == [period["start"] for period in report["temporal"]["periods"]]  # the same periods
    listed = len(json.loads((tmp_path / DAY).read_text()))
    assert whole["in_topic"]["listed"] + whole["decided_off_topic"]["listed"] + whole["undecided"]["listed"] == listed
    assert whole["topics"]["other"]["support"] == whole["decided_off_topic"]["listed"] + whole["undecided"]["listed"]
    assert 0 <= whole["macro_f1"] <= 1


def test_a_paper_left_out_near_the_floor_is_counted_apart_from_the_kept_and_the_dropped():
    """What a curator would see on whole days: the kept papers, and those named near the floor."""
    from digest.derive.relevance import NEAR_FLOOR, Verdict
    from digest.whole_days import Kept

    counts = Kept()
    for verdict in (Verdict(True, ("serving",), 0.9), Verdict(False, (), NEAR_FLOOR), Verdict(False, (), 0.01)):
        counts.add(verdict)
    assert counts.to_json() == {"listed": 3, "kept": 1, "near_floor": 1}
    assert counts.text() == "kept 1 of 3 (33.3%); 1 more named near the floor"
