"""Replaying recorded Daily Papers answers (`digest fetch hf-daily --from DIR`) through the same
path as a live fetch, resuming a stopped replay, and rejection: a rejected paper leaves the site,
never comes back, and teaches the model."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from digest.cli import main
from digest.derive.taxonomy import load_taxonomy
from digest.derive.training import training_set
from digest.records.added import today
from digest.records.rejected import load_rejections
from digest.records.store import load_papers
from digest.text.keys import paper_slug

from .conftest import REPO, assert_the_papers_near_the_floor_are_named_again, review_ids, snapshot
from .http_support import Answer, RecordedServer

RESPONSES = Path(__file__).parent / "fixtures" / "responses"
ITEMS = json.loads((RESPONSES / "hf-daily-2025-01-23.json").read_text(encoding="utf-8"))
DAYS = ("2025-01-21", "2025-01-22", "2025-01-23")
FAST = ["--retries", "0", "--timeout", "5"]


@pytest.fixture
def recorded(tmp_path) -> Path:
    """Three days of recorded answers: the fixture day's sixteen items split between them."""
    folder = tmp_path / "recorded"
    folder.mkdir()
    for number, day in enumerate(DAYS):
        (folder / f"hf-daily-{day}.json").write_text(json.dumps(ITEMS[number::3]), encoding="utf-8")
    return folder


@pytest.fixture
def data(seeded_store) -> Path:
    """A copy of the seed store (conftest): its curated records train the filter."""
    return seeded_store


def replay(data: Path, recorded: Path, *extra: str) -> int:
    return main(["fetch", "hf-daily", "--from", str(recorded), "--data", str(data), *extra])


def new_papers(data: Path, before: dict[str, bytes]) -> set[str]:
    return {p.arxiv_id or p.id for p in load_papers(data) if f"papers/{p.id}.yaml" not in before}


def test_a_replay_makes_the_store_a_live_fetch_of_the_same_days_makes(tmp_path, data, recorded, capsys):
    live = tmp_path / "live"
    shutil.copytree(data, live)
    assert replay(data, recorded) == 0
    answers = {f"{day}": Answer((recorded / f"hf-daily-{day}.json").read_bytes()) for day in DAYS}
    for day in DAYS:
        with RecordedServer({"/api/daily_papers": [answers[day]]}) as server:
            assert (
                main(
                    [
                        "fetch",
                        "hf-daily",
                        "--date",
                        day,
                        "--data",
                        str(live),
                        "--endpoint",
                        server.url("/api/daily_papers"),
                        *FAST,
                    ]
                )
                == 0
            )
    assert snapshot(data) == snapshot(live)
    err = capsys.readouterr().err
    assert "replaying 3 day(s)" in err and "[1/1] 2025-01-21 to 2025-01-23: 17 listed" in err


def test_the_store_keeps_only_the_items_its_records_cite_and_each_new_record_is_named(data, recorded, capsys):
    before = snapshot(data)
    assert replay(data, recorded) == 0
    kept = new_papers(data, before)
    assert kept and len(kept) < len(ITEMS)
    named = [line.removeprefix("new: ") for line in capsys.readouterr().out.splitlines() if line.startswith("new: ")]
    assert sorted(named) == sorted(p.id for p in load_papers(data) if f"papers/{p.id}.yaml" not in before)
    cited = set()
    for day in DAYS:
        path = data / "sources" / f"hf-daily-{day}.json"
        if path.exists():
            items = json.loads(path.read_text(encoding="utf-8"))
            assert all(item in ITEMS for item in items)  # as the API gave them
            cited |= {item["paper"]["id"] for item in items}
    held = {p.arxiv_id for p in load_papers(data) if any(s.file.startswith("sources/hf-daily-") for s in p.sources)}
    assert cited == held and kept <= cited


def test_a_stopped_replay_resumes_with_the_days_it_did_not_finish(tmp_path, data, recorded, capsys):
    whole = tmp_path / "whole"
    shutil.copytree(data, whole)
    assert replay(whole, recorded) == 0
    assert all((whole / "sources" / f"hf-daily-{day}.json").exists() for day in DAYS)  # each kept a paper
    assert replay(data, recorded, "--until", DAYS[0]) == 0  # stopped after the first day
    capsys.readouterr()
    assert replay(data, recorded) == 0
    assert "replaying 2 day(s) of" in capsys.readouterr().err  # the first day is not read again
    assert snapshot(data) == snapshot(whole)
    assert replay(data, recorded) == 0
    assert "nothing to replay: the store keeps the listing of every day" in capsys.readouterr().out
    assert replay(data, recorded, "--since", "2030-01-01") == 0  # a range the folder has no day in
    assert f"nothing to replay: {recorded} has no recorded day on or after 2030-01-01" in capsys.readouterr().out


@pytest.mark.parametrize(
    "days, message",
    [
        (["--since", DAYS[2], "--until", DAYS[0]], f"digest fetch hf-daily: --since {DAYS[2]} is after {DAYS[0]}"),
        (["--date", DAYS[0], "--until", DAYS[1]], "--until goes with --since"),
    ],
)
def test_a_replay_refuses_the_days_a_live_fetch_refuses(days, message, data, recorded, capsys):
    """`--since` after `--until` said "nothing to replay" and exited 0, and --until beside --date
    was dropped without a word, where a live fetch refuses both (a curator's review)."""
    before = snapshot(data)
    assert main(["fetch", "hf-daily", *days, "--data", str(data), "--endpoint", "http://127.0.0.1:9/never"]) == 2
    assert message in capsys.readouterr().err
    assert replay(data, recorded, *days) == 2
    assert message in capsys.readouterr().err and snapshot(data) == before


def test_until_alone_ends_a_replay_as_its_help_says(data, recorded, capsys):
    with pytest.raises(SystemExit):
        main(["fetch", "hf-daily", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "with --from, the last day to replay, with --since or without it" in said
    assert replay(data, recorded, "--until", DAYS[1], "--dry-run") == 0
    assert f"replaying 2 day(s) of {recorded}, {DAYS[0]} to {DAYS[1]}" in capsys.readouterr().err


def test_a_day_older_than_the_newest_held_and_never_replayed_is_replayed(tmp_path, data, recorded, capsys):
    """A folder of days held back (for evaluation, say) lies between days the store holds: a replay
    that took only the days after the newest held said "nothing to replay" and judged none of them."""
    whole = tmp_path / "whole"
    shutil.copytree(data, whole)
    assert replay(whole, recorded) == 0
    held_back = tmp_path / "held-back"
    held_back.mkdir()
    (recorded / f"hf-daily-{DAYS[1]}.json").rename(held_back / f"hf-daily-{DAYS[1]}.json")
    assert replay(data, recorded) == 0  # the first and last days
    mixed = tmp_path / "mixed"
    shutil.copytree(recorded, mixed)
    shutil.copy(held_back / f"hf-daily-{DAYS[1]}.json", mixed)
    capsys.readouterr()
    assert replay(data, mixed, "--dry-run") == 0  # the day held back, and the two the store keeps
    err = capsys.readouterr().err
    assert f"replaying 1 day(s) of {mixed}, {DAYS[1]} to {DAYS[1]}" in err and "the 2 it keeps are left" in err
    assert replay(data, held_back) == 0
    assert f"replaying 1 day(s) of {held_back}, {DAYS[1]} to {DAYS[1]}" in capsys.readouterr().err
    assert snapshot(data) == snapshot(whole)  # as if replayed in order


def test_a_dry_run_says_what_it_would_keep_and_leave_out_and_writes_nothing(data, recorded, capsys):
    before = snapshot(data)
    assert replay(data, recorded, "--dry-run") == 0
    out = capsys.readouterr().out
    assert snapshot(data) == before
    kept = [line for line in out.splitlines() if line.startswith("would keep: ")]
    left = [line for line in out.splitlines() if line.startswith("would leave out: ")]
    assert kept and left and len(kept) + len(left) < len(ITEMS)  # FlashAttention-2 is held already
    assert_the_papers_near_the_floor_are_named_again(out, "would leave out: ")
    assert replay(data, recorded) == 0
    assert len(new_papers(data, before)) == len(kept)


def test_each_week_counts_every_paper_it_listed_and_a_dry_run_says_would(data, recorded, capsys):
    """The week's line read '78 listed, 0 kept, 68 left out', leaving out the papers rejected
    before and those held already, and a dry run said records 'took' a new sighting (a blind
    curator's walkthrough)."""
    assert replay(data, recorded) == 0
    kept = next(p for p in load_papers(data) if p.arxiv_id == "2407.08608")
    assert main(["reject", kept.id, "--data", str(data), "--by", "curator"]) == 0
    capsys.readouterr()
    assert replay(data, recorded, "--since", DAYS[0], "--dry-run") == 0
    captured = capsys.readouterr()
    week = re.search(
        r"(\d+) listed: (\d+) would be kept, (\d+) left out, (\d+) rejected before, (\d+) in the store already",
        captured.err,
    )
    assert week, captured.err
    listed, *counts = (int(count) for count in week.groups())
    assert listed == len(ITEMS) == sum(counts) and counts[2] == 1 and counts[3] >= 2
    assert "in the store already (0 of them would take a new sighting)" in captured.out


def test_add_keeps_a_paper_the_filter_drops(data, recorded, capsys):
    before = snapshot(data)
    assert replay(data, recorded, "--dry-run") == 0
    left = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("would leave out: "))
    missed = left.rsplit("(", 1)[0].rsplit("(", 1)[1].split(")")[0]
    assert replay(data, recorded, "--add", missed) == 0
    assert missed in new_papers(data, before)
    # Added today, whatever day listed it: New and the feeds announce it (a reader's audit: a paper
    # added in November from a January listing got January's day, and no page said it was new).
    # The filter's own papers of the days replayed keep their listing's day.
    new = [p for p in load_papers(data) if p.arxiv_id in new_papers(data, before)]
    (added,) = [p for p in new if p.arxiv_id == missed]
    assert added.added == today() and [source.date for source in added.sources] != [today()]
    assert all(p.added == p.sources[0].date for p in new if p is not added)


def test_add_names_each_paper_it_did_not_keep_and_exits_1_when_it_kept_none(data, recorded, capsys):
    """An id listed on none of the days replayed was passed over in silence (a blind curator's walkthrough)."""
    stored = {p.arxiv_id for p in load_papers(data)}
    dropped = next(item["paper"]["id"] for item in ITEMS if item["paper"]["id"] not in stored)
    assert replay(data, recorded, "--dry-run", "--since", DAYS[0], "--add", "2912.99999") == 1
    unlisted = f"not added: 2912.99999: not listed in the days replayed ({DAYS[0]} to {DAYS[-1]})"
    assert unlisted in capsys.readouterr().out
    assert replay(data, recorded, "--add", "2912.99999", "--add", dropped) == 0  # one of them is kept
    unlisted = f"not added: 2912.99999: no recorded day of {recorded} lists it; "
    assert unlisted in capsys.readouterr().out and dropped in {p.arxiv_id for p in load_papers(data)}
    assert replay(data, recorded, "--since", DAYS[0], "--add", dropped) == 0  # held: nothing to add
    assert f"held already: {dropped}: the store holds it as " in capsys.readouterr().out


def test_add_alone_finds_the_day_that_lists_the_paper_and_replays_that_day_only(data, recorded, capsys):
    """`--from DIR --add ID` without --date judged every day whose listing the store lacked (117
    days, 27 s, to keep one paper), and passed over a paper listed on a day whose listing the store
    keeps; the curator grepped the files for the day (a curator's audit). It finds the day itself,
    by the id in the files' text, says it, and replays that day alone."""
    assert replay(data, recorded) == 0  # every day's listing is kept now: a plain replay has nothing to do
    stored = {p.arxiv_id for p in load_papers(data)}
    index, wanted = next((i, item["paper"]["id"]) for i, item in enumerate(ITEMS) if item["paper"]["id"] not in stored)
    day = DAYS[index % len(DAYS)]
    # Another day whose abstract cites the paper: a match in the text, but no listing of it.
    citing = dict(ITEMS[0], paper={**ITEMS[0]["paper"], "id": "2501.99999", "summary": f"As arXiv:{wanted} shows."})
    (recorded / "hf-daily-2025-01-24.json").write_text(json.dumps([citing]), encoding="utf-8")
    capsys.readouterr()
    assert replay(data, recorded, "--add", wanted) == 0
    captured = capsys.readouterr()
    assert f"--add {wanted}: listed on {day} in {recorded}: replaying that day only" in captured.err
    assert f"replaying 1 day(s) of {recorded}, {day} to {day}," in captured.err
    (paper,) = [p for p in load_papers(data) if p.arxiv_id == wanted]
    assert f"added: {wanted} as {paper.id}; set its topics: digest accept {paper.id} --topics a,b" in captured.out
    assert [source.date for source in paper.sources] == [day]


def test_add_alone_of_a_paper_no_recorded_day_lists_is_an_error_naming_it(data, recorded, capsys):
    before = snapshot(data)
    assert replay(data, recorded, "--add", "2912.99999") == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error: --add 2912.99999: no recorded day of {recorded} lists it; ")
    assert "'digest fetch hf-daily --date DAY --add 2912.99999' asks the API" in captured.err
    assert "(README, 'Add one paper you found')" in captured.err and captured.out == ""
    assert "\n### Add one paper you found\n" in (REPO / "README.md").read_text(encoding="utf-8")
    assert snapshot(data) == before


def test_a_day_replayed_again_gives_the_papers_it_kept_no_second_sighting(data, recorded):
    """A day fetched again to --add a paper keeps another copy of its listing (the kept items
    differ), but the papers kept the first time were seen in that listing once, not twice."""
    assert replay(data, recorded) == 0
    held = {
        p.id: len(p.sources)
        for p in load_papers(data)
        if any(s.file.startswith("sources/hf-daily-") for s in p.sources)
    }
    stored = {p.arxiv_id for p in load_papers(data)}
    dropped = next(item["paper"]["id"] for item in ITEMS if item["paper"]["id"] not in stored)
    assert replay(data, recorded, "--since", DAYS[0], "--add", dropped) == 0
    papers = {p.id: p for p in load_papers(data)}
    assert {pid: len(papers[pid].sources) for pid in held} == held
    (added,) = [p for p in papers.values() if p.arxiv_id == dropped]
    assert [s.date for s in added.sources] and all(s.file.startswith("sources/hf-daily-") for s in added.sources)
    assert main(["check", "--data", str(data)]) == 0  # every file a record cites is kept


def test_a_rejected_paper_leaves_the_store_and_never_comes_back(data, recorded, capsys):
    assert replay(data, recorded) == 0
    paper = next(p for p in load_papers(data) if p.arxiv_id == "2407.08608")
    assert main(["reject", paper.id, "--data", str(data), "--by", "curator", "--reason", "a test"]) == 0
    assert f"{paper.id}: rejected by curator on " in capsys.readouterr().out
    assert paper.id not in {p.id for p in load_papers(data)}
    (rejection,) = [r for r in load_rejections(data)[0] if r.paper.id == paper.id]
    assert (rejection.rejected_by, rejection.reason, rejection.paper.abstract) == ("curator", "a test", paper.abstract)
    assert main(["check", "--data", str(data)]) == 0
    # Neither a replay of its day, a live fetch nor an ingest brings it back.
    for day in DAYS:
        (data / "sources" / f"hf-daily-{day}.json").unlink(missing_ok=True)
    # Named with --add, it is not kept either, and the curator is told why and how to undo it.
    assert replay(data, recorded, "--add", "2407.08608") == 1
    out = capsys.readouterr().out
    assert "1 rejected before" in out
    assert (
        f"not added: 2407.08608: {paper.id!r} was rejected by curator on " in out
        and f"(a test); to bring it back, name its topics: digest accept {paper.id} --topics a,b" in out
    )
    assert main(["ingest", str(RESPONSES / "hf-daily-2025-01-23.json"), "--data", str(data)]) == 0
    assert "2407.08608" not in {p.arxiv_id for p in load_papers(data)}


def test_accept_with_topics_brings_a_rejected_paper_back_as_it_was(data, capsys):
    record = data / "papers" / "flashattention-2.yaml"
    (original,) = [p for p in load_papers(data) if p.id == "flashattention-2"]
    assert main(["reject", "flashattention-2", "--data", str(data), "--by", "curator", "--reason", "a slip"]) == 0
    after_reject = snapshot(data)
    capsys.readouterr()
    # Without topics the machine's suggestion would undo a curator's call: refused, nothing written.
    assert main(["accept", "flashattention-2", "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert "'flashattention-2' was rejected by curator on " in err and "(a slip)" in err and "--topics" in err
    # One bad id among them and neither paper moves.
    assert main(["accept", "flashattention-2", "no-such-paper", "--topics", "kernels", "--data", str(data)]) == 2
    assert snapshot(data) == after_reject
    capsys.readouterr()
    assert main(["accept", "flashattention-2", "--topics", "kernels,serving", "--data", str(data)]) == 0
    assert "flashattention-2: topics kernels, serving (back from rejected: curator rejected it on " in (
        capsys.readouterr().out
    )
    assert record.is_file() and not (data / "rejected" / "flashattention-2.yaml").exists()
    (back,) = [p for p in load_papers(data) if p.id == "flashattention-2"]
    assert back.topics == ["kernels", "serving"]
    assert dataclasses.replace(back, topics=original.topics) == original
    assert main(["check", "--data", str(data)]) == 0


def test_reject_and_bring_back_keep_the_curators_comments_and_layout(data, capsys):
    """The record as it was: a curator's comment and quoting go to rejected/ and come back with the
    paper, where only the `topics:` line changes (a curator's walkthrough lost them both ways)."""
    record = data / "papers" / "flashattention-2.yaml"
    text = record.read_text(encoding="utf-8").replace("notes: ''\n", "notes: ''  # Ann: check the headline\n", 1)
    text = text.replace("tags: []\n", "tags:\n# kept for the kernels page\n- attention\n", 1)
    record.write_text(text, encoding="utf-8")
    assert main(["reject", "flashattention-2", "--data", str(data), "--by", "curator", "--reason", "a: slip"]) == 0
    rejected = (data / "rejected" / "flashattention-2.yaml").read_text(encoding="utf-8")
    assert rejected.startswith(text) and rejected[len(text) :] == (
        "rejected_by: curator\nrejected_on: '" + rejected.split("rejected_on: '")[1].split("'")[0] + "'\n"
        "reason: 'a: slip'\n"
    )
    (rejection,) = [r for r in load_rejections(data)[0] if r.paper.id == "flashattention-2"]
    assert rejection.reason == "a: slip" and rejection.paper.tags == ["attention"]
    assert main(["accept", "flashattention-2", "--topics", "kernels", "--data", str(data)]) == 0
    assert record.read_text(encoding="utf-8") == text.replace("topics: []\n", "topics: [kernels]\n", 1)
    assert main(["check", "--data", str(data)]) == 0
    capsys.readouterr()


def test_a_new_paper_never_takes_a_rejected_papers_id_and_reject_never_overwrites_one(data, recorded, capsys):
    """Two papers may share a slug ("MoA: Mixture of Sparse Attention", "MoA: Heterogeneous Mixture of
    Adapters"): the second to come gets -2 even when the first was rejected, and a rejection never
    writes over another paper's."""
    item = next(i for i in ITEMS if i["paper"]["id"] == "2407.08608")
    slug = paper_slug(item["title"], item["paper"]["summary"])
    # Another paper, rejected, holds that slug as its id.
    assert main(["reject", "flashattention-2", "--data", str(data), "--by", "curator"]) == 0
    other = data / "rejected" / f"{slug}.yaml"
    (data / "rejected" / "flashattention-2.yaml").rename(other)
    other.write_text(other.read_text(encoding="utf-8").replace("id: flashattention-2", f"id: {slug}", 1), "utf-8")
    held = other.read_bytes()
    assert replay(data, recorded, "--add", "2407.08608") == 0
    (paper,) = [p for p in load_papers(data) if p.arxiv_id == "2407.08608"]
    assert paper.id == f"{slug}-2" and other.read_bytes() == held
    # A record named like a rejected one (renamed by hand) is refused, and nothing changes.
    record = data / "papers" / f"{paper.id}.yaml"
    (data / "papers" / f"{slug}.yaml").write_text(
        record.read_text(encoding="utf-8").replace(f"id: {paper.id}", f"id: {slug}", 1), "utf-8"
    )
    record.unlink()
    before = snapshot(data)
    capsys.readouterr()
    assert main(["reject", slug, "--data", str(data), "--by", "curator"]) == 2
    assert f"holds another rejected paper with the id {slug!r}" in capsys.readouterr().err
    assert snapshot(data) == before


def test_the_model_learns_from_rejected_papers_as_papers_in_no_topic(data, recorded):
    taxonomy = load_taxonomy(data / "taxonomy.yaml")
    assert replay(data, recorded) == 0
    before = training_set(data, taxonomy)[0]
    paper = next(p for p in load_papers(data) if p.arxiv_id == "2407.08608")
    assert main(["reject", paper.id, "--data", str(data), "--by", "curator"]) == 0
    after = training_set(data, taxonomy)[0]
    (learned,) = [item for item in after if item.paper.id == paper.id]
    assert learned.rejected and learned.curated and len(after) == len(before) + 1


def test_reject_refuses_an_unknown_id_and_changes_nothing(data, capsys):
    before = snapshot(data)
    assert main(["reject", "flashattention-2", "no-such-paper", "--data", str(data), "--by", "x"]) == 2
    assert "no paper with id 'no-such-paper'" in capsys.readouterr().err
    assert snapshot(data) == before


def test_reject_refuses_a_paper_another_record_compares_to_and_check_says_it_was_rejected(data, capsys):
    # A curator's walkthrough: rejecting flashattention-2 left five records comparing to no paper,
    # and check, the gate of `make fetch`, failed on them.
    nvme = "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"
    referrer = data / "papers" / f"{nvme}.yaml"
    before = snapshot(data)
    assert main(["reject", "zero-infinity", "--data", str(data), "--by", "curator"]) == 2
    assert capsys.readouterr().err == (
        f"error: 'zero-infinity' is named in overrides.compares_to of {referrer}:16; rejected, it would leave "
        "them comparing to a paper the store no longer holds, which check refuses: remove it from their "
        "compares_to first, or reject them too; nothing was written\n"
    )
    assert snapshot(data) == before
    # Rejected together, nothing is left naming it; brought back alone, the other names a rejected paper.
    assert main(["reject", "zero-infinity", nvme, "--data", str(data), "--by", "curator"]) == 0
    assert main(["check", "--data", str(data)]) == 0
    assert main(["accept", nvme, "--topics", "offloading", "--data", str(data)]) == 0
    capsys.readouterr()
    assert main(["check", "--data", str(data)]) == 1
    line = next(n for n, text in enumerate(referrer.read_text().splitlines(), 1) if "compares_to" in text)
    assert capsys.readouterr().out == (
        f"{referrer}:{line}: overrides.compares_to: 'zero-infinity' was rejected ({data / 'rejected' / 'zero-infinity.yaml'}): "
        "remove it from compares_to, or bring the paper back with digest accept zero-infinity --topics a,b\n"
    )


def test_review_filters_by_topic_band_and_day_and_pages(data, recorded, capsys):
    assert replay(data, recorded) == 0
    capsys.readouterr()

    def listed(*extra: str) -> list[str]:
        assert main(["review", "--data", str(data), "--limit", "0", *extra]) == 0
        return review_ids(capsys.readouterr().out)

    everything = listed()
    assert everything and set(listed("--day", DAYS[0])) < set(everything)
    first = {p.id for p in load_papers(data) if any(s.date == DAYS[0] for s in p.sources) and not p.topics}
    assert set(listed("--day", DAYS[0])) == first
    assert listed("--band", "0-1") == everything and listed("--band", "1-1") == []
    assert set(listed("--topic", "serving")) <= set(everything)
    assert listed("--offset", "1")[0] == everything[1] if len(everything) > 1 else True
    assert main(["review", "--data", str(data), "--limit", "1"]) == 0
    assert len(review_ids(capsys.readouterr().out)) == 1
    with pytest.raises(SystemExit):
        main(["review", "--data", str(data), "--band", "0.6-0.3"])


def test_accept_with_topics_reads_only_the_records_it_names(data, capsys):
    (data / "papers" / "zz-broken.yaml").write_text("id: zz-broken\ntitle: [\n", encoding="utf-8")
    assert main(["accept", "flashattention-2", "--topics", "kernels,serving", "--data", str(data)]) == 0
    assert "flashattention-2: topics kernels, serving (was kernels)" in capsys.readouterr().out


def test_a_replay_stopped_by_a_broken_answer_keeps_the_weeks_it_finished_and_resumes(tmp_path, data, capsys):
    folder = tmp_path / "two-weeks"
    folder.mkdir()
    days = [f"2025-01-{day:02d}" for day in range(13, 23)]  # ten days: a week, then three more
    # The first week's days list papers kept, then papers all left out, then papers kept again.
    order = [*ITEMS[:2], *ITEMS[5:], *ITEMS[2:5]]
    for number, day in enumerate(days):
        (folder / f"hf-daily-{day}.json").write_text(json.dumps(order[number :: len(days)]), encoding="utf-8")
    whole = tmp_path / "whole"
    shutil.copytree(data, whole)
    assert replay(whole, folder) == 0
    good = (folder / f"hf-daily-{days[-1]}.json").read_bytes()
    (folder / f"hf-daily-{days[-1]}.json").write_text('[{"paper": ', encoding="utf-8")  # cut off
    assert replay(data, folder) == 1
    assert "cut off" in capsys.readouterr().err
    held = sorted(p.name[len("hf-daily-") : -len(".json")] for p in (data / "sources").glob("hf-daily-*.json"))
    assert held and held[-1] <= days[6]  # the first week is committed, nothing of the second
    (folder / f"hf-daily-{days[-1]}.json").write_bytes(good)
    assert replay(data, folder) == 0
    # It resumes with the days whose listing the store does not keep: the second week, and the days
    # of the first where the filter kept no paper, judged again.
    after = [day for day in days if day not in held]
    assert any(day > held[-1] for day in after) and any(day < held[-1] for day in after)
    assert f"replaying {len(after)} day(s) of {folder}, {after[0]} to {days[-1]}" in capsys.readouterr().err
    assert snapshot(data) == snapshot(whole)


def test_the_model_cache_reads_again_only_what_changed_and_gives_what_a_fresh_read_gives(data, tmp_path, monkeypatch):
    from digest.derive import learnables

    monkeypatch.setenv("DIGEST_CACHE", str(tmp_path / "cache"))
    taxonomy = load_taxonomy(data / "taxonomy.yaml")
    first, _ = learnables.store_learnables(data, taxonomy)  # read and cached
    read = []
    real_load = learnables.load_paper
    monkeypatch.setattr(learnables, "load_paper", lambda path: read.append(path.stem) or real_load(path))
    again, _ = learnables.store_learnables(data, taxonomy)
    assert read == []  # nothing changed: nothing read
    assert [(i.paper, i.example, i.classification.rule_topics, i.classification.fallback) for i in again] == [
        (i.paper, i.example, i.classification.rule_topics, i.classification.fallback) for i in first
    ]
    path = data / "papers" / "flashattention-2.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        .replace("topics:", "topics: [serving]\nold_topics:", 1)
        .replace("old_topics:", "#", 1),
        encoding="utf-8",
    )
    third, _ = learnables.store_learnables(data, taxonomy)
    assert read == ["flashattention-2"]
    assert next(i for i in third if i.paper.id == "flashattention-2").paper.topics == ["serving"]


def test_a_replay_of_two_weeks_names_each_paper_near_the_floor_once_likeliest_first(tmp_path, data, capsys):
    """Each week is fetched on its own: a paper near the floor listed in both is named once, with
    the first day that lists it, and the weeks' papers are ordered together."""
    near = next(item for item in ITEMS if item["paper"]["id"] == "2406.08316")  # just under the floor
    other = next(item for item in ITEMS if item["paper"]["title"] == "Humanity's Last Exam")
    reworded = json.loads(json.dumps(near))
    reworded["paper"].update(
        id="2501.99999",
        title="Programming by Example",
        summary=near["paper"]["summary"] + " We evaluate it on GPUs.",
    )
    folder = tmp_path / "two-weeks"
    folder.mkdir()
    days = [f"2025-01-{day}" for day in range(13, 21)]  # eight days: a replay's first week, then one day
    for number, day in enumerate(days):
        listed = [near] if number == 0 else [near, reworded] if day == days[-1] else [other]
        (folder / f"hf-daily-{day}.json").write_text(json.dumps(listed), encoding="utf-8")
    assert replay(data, folder, "--dry-run") == 0
    out = capsys.readouterr().out
    assert_the_papers_near_the_floor_are_named_again(out, "would leave out: ")
    named = [line for line in out.splitlines() if line.startswith("  ")]
    assert (
        len(named) == 2 and [line.count("(2406.08316)") for line in named].count(1) == 1
    )  # the paper listed twice, once
    assert next(line for line in named if "(2406.08316)" in line).endswith(f"; listed {days[0]}")


def test_the_command_a_replay_gives_to_keep_a_paper_near_the_floor_replays_its_day(data, recorded, capsys):
    """The hint said `--date DAY --add ARXIV_ID`, which, followed after a replay, asks the network
    for the day (a curator's review): it names the folder, and followed as it reads it keeps the paper."""
    before = snapshot(data)
    assert replay(data, recorded) == 0
    lines = capsys.readouterr().out.splitlines()
    heading = next(index for index, line in enumerate(lines) if line.startswith("near the floor: "))
    hint = re.search(r"keep one on topic with (.*) \(DAY as listed\):$", lines[heading])
    assert hint and hint.group(1) == f"--from {recorded} --date DAY --add ARXIV_ID"
    arxiv_id, day = re.search(r"\((\d{4}\.\d{5})\): .*; listed (\S+)$", lines[heading + 1]).groups()
    assert arxiv_id not in new_papers(data, before)
    argv = hint.group(1).replace("DAY", day).replace("ARXIV_ID", arxiv_id).split()
    assert main(["fetch", "hf-daily", *argv, "--data", str(data), "--endpoint", "http://127.0.0.1:9/never"]) == 0
    assert arxiv_id in new_papers(data, before)


WEEK = r"(\d+) listed: (\d+) (?:would be )?kept, (\d+) left out, (\d+) rejected before, (\d+) in the store already"
TOTAL = (
    r"replayed \d+ day\(s\): (\d+) paper\(s\) listed: (\d+) (?:would be|were|was) kept as (?:new records|a new record), (\d+) left out "
    r"as off-topic(?: \(\d+ near the floor\))?, (\d+) rejected before, (\d+) in the store already \((\d+) of them"
)


@pytest.mark.parametrize("dry_run", [False, True])
def test_the_counts_of_a_week_and_of_the_replay_add_up_when_days_list_a_paper_again(dry_run, tmp_path, data, capsys):
    """A paper two days of a week list was counted twice in the week's "listed" and once elsewhere
    ('174 listed: 0 would be kept, 144 left out, 25 rejected before, 4 in the store already'), and a
    paper two weeks left out was counted, and named, twice in the replay's (a curator's review)."""
    folder = tmp_path / "again"
    folder.mkdir()
    days = [f"2025-01-{day}" for day in range(13, 21)]  # a week, then a day
    listed = {days[0]: ITEMS[0:8], days[1]: ITEMS[5:12], days[-1]: ITEMS[0:2] + ITEMS[10:]}
    for day in days:
        (folder / f"hf-daily-{day}.json").write_text(json.dumps(listed.get(day, [])), encoding="utf-8")
    assert replay(data, folder, "--since", days[0], *(["--dry-run"] if dry_run else [])) == 0
    captured = capsys.readouterr()
    weeks = [[int(count) for count in found] for found in re.findall(WEEK, captured.err)]
    assert [week[0] for week in weeks] == [12, 9]  # each paper once
    assert all(week[0] == sum(week[1:]) for week in weeks), captured.err
    total = re.search(TOTAL, captured.out)
    assert total, captured.out
    papers, kept, left_out, rejected, held, sighted = (int(count) for count in total.groups())
    assert papers == len(ITEMS) == kept + left_out + rejected + held and sighted <= held
    named = [line for line in captured.out.splitlines() if line.startswith(("would keep: ", "would leave out: "))]
    assert len(named) == len(set(named)) == (kept + left_out if dry_run else 0)


@pytest.mark.parametrize(
    "stop, said, code", [(signal.SIGTERM, "stopped by SIGTERM", 143), (signal.SIGINT, "interrupted", 130)]
)
def test_a_replay_stopped_after_a_week_says_which_weeks_it_wrote(stop, said, code, tmp_path, data):
    """SIGTERM after the first week's line said 'the store was not changed', and Ctrl-C only
    'interrupted', when that week's records were in the store (a curator's review)."""
    folder = tmp_path / "three-weeks"
    folder.mkdir()
    days = [f"2025-02-{day:02d}" for day in range(1, 22)]
    for number, day in enumerate(days):
        (folder / f"hf-daily-{day}.json").write_text(json.dumps([ITEMS[number % len(ITEMS)]]), encoding="utf-8")
    whole = tmp_path / "whole"
    shutil.copytree(data, whole)
    records = len(list((data / "papers").glob("*.yaml")))
    process = subprocess.Popen(
        [sys.executable, "-m", "digest.cli", "fetch", "hf-daily", "--from", str(folder), "--data", str(data)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    err = ""
    while not err.endswith("\n") or not err.splitlines()[-1].startswith(("[1/3]", "error")):
        line = process.stderr.readline()
        assert line, err
        err += line
    process.send_signal(stop)
    err += process.stderr.read()
    assert process.wait(timeout=60) == code, err
    last = err.strip().splitlines()[-1]
    written = re.fullmatch(
        rf"{said}: the weeks {days[0]} to (\S+) were written to {re.escape(str(data))}: (\d+) new records?"
        r"(?:; the week (\S+) to (\S+) was not written)?; run the same command again to go on",
        last,
    )
    assert written, last
    through, new, unwritten = written[1], int(written[2]), written[3]
    assert new == len(list((data / "papers").glob("*.yaml"))) - records > 0
    held = {path.name[len("hf-daily-") :][:10] for path in (data / "sources").glob("hf-daily-*.json")}
    assert held and max(held) <= through < days[-1] and (unwritten is None or unwritten > through)
    assert replay(data, folder) == 0  # as it says: the same command goes on
    assert replay(whole, folder) == 0
    assert snapshot(data) == snapshot(whole)


def test_a_broken_recorded_file_is_named_with_what_to_do_and_what_was_written(tmp_path, data, capsys):
    """A cut-off day said 'recorded: (2026-01-12): the answer (line 1) is unusable: ... fetch or
    save it again; nothing was written', with earlier weeks written (a curator's review)."""
    folder = tmp_path / "two-weeks"
    folder.mkdir()
    days = [f"2025-01-{day:02d}" for day in range(13, 23)]  # a week, then three days
    for number, day in enumerate(days):
        (folder / f"hf-daily-{day}.json").write_text(json.dumps(ITEMS[number :: len(days)]), encoding="utf-8")
    broken = folder / f"hf-daily-{days[-1]}.json"
    broken.write_text('[{"paper": ', encoding="utf-8")  # cut off
    records = len(list((data / "papers").glob("*.yaml")))
    assert replay(data, folder) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    new = len(list((data / "papers").glob("*.yaml"))) - records
    assert err.startswith(f"error: {broken}:1: unusable: ") and "the file was cut off" in err
    assert "fetch or save it again" not in err and "nothing was written" not in err
    assert err.endswith(
        f"replace it with a good copy, or move it out of {folder}; the weeks {days[0]} to {days[6]} were written "
        f"to {data}: {new} new record{'s' if new != 1 else ''}; the week {days[7]} to {days[-1]} was not written; "
        "run the same command again to go on"
    )
    assert replay(data, folder, "--date", days[-1]) == 1  # nothing before it: nothing written
    assert (
        capsys.readouterr().err.strip().endswith(f"nothing was written to {data}; run the same command again to go on")
    )


def test_a_from_folder_of_no_recorded_day_or_a_file_is_refused(data, recorded, tmp_path, capsys):
    """--from one level too high replayed nothing and said the store kept every day (a curator's
    walkthrough); a day's file itself was called no such folder."""
    before = snapshot(data)
    assert replay(data, tmp_path) == 2
    assert f"--from {tmp_path}: no recorded day in it (files named hf-daily-YYYY-MM-DD.json)" in capsys.readouterr().err
    day_file = next(recorded.glob("hf-daily-*.json"))
    assert replay(data, day_file) == 2
    assert f"--from {day_file}: a file; give the folder holding it" in capsys.readouterr().err
    assert snapshot(data) == before
