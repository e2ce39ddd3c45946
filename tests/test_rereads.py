"""digest/rereads.py: the store's topics, headlines and sentence roles against a second reading,
counted as `digest eval` counts the machine; and the Method page's table of the two."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from digest.derive.taxonomy import load_taxonomy
from digest.errors import DataError
from digest.records.rejected import load_rejections
from digest.records.store import TAXONOMY_FILE, load_papers
from digest.rereads import READINGS, REREADS_DIR, agreement, read_rereads

from .conftest import REPO, REPO_DATA

SHIPPED = REPO_DATA / REREADS_DIR


@pytest.fixture(scope="module")
def store():
    rejected, errors = load_rejections(REPO_DATA)
    assert not errors
    return load_papers(REPO_DATA), [r.paper.id for r in rejected], load_taxonomy(REPO_DATA / TAXONOMY_FILE)


def _write(folder: Path, name: str, rows: list[dict]) -> None:
    (folder / f"{name}.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_the_shipped_readings_are_all_of_stored_papers(store):
    papers, rejected, taxonomy = store
    rereads = read_rereads(SHIPPED)
    assert all(rereads.reading(name) for name in READINGS)
    found = agreement(rereads, papers, rejected, taxonomy)
    assert found is not None
    # a record renamed or deleted would drop out of the figures
    assert found.topics.papers == len(rereads.reading("topics-second")) == 400
    in_topics = [p for p in papers if p.topics and "headline" in p.overrides]
    assert found.headlines.papers == len(in_topics) and found.roles.papers == len(in_topics)


def test_topics_equal_to_the_store_agree_everywhere_and_each_change_counts(store, tmp_path):
    papers, rejected, taxonomy = store
    curated = {p.id: [t for t in p.topics if t != "other"] for p in papers if p.topics} | {i: [] for i in rejected}
    ids = sorted(read_rereads(SHIPPED).reading("topics-second"))
    rows = [{"id": i, "topics": curated[i]} for i in ids]
    _write(tmp_path, "topics-second", rows)
    same = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert same is not None
    assert same.topics.same == same.topics.in_or_out == len(ids) and same.topics.macro_f1 == 1.0

    accepted = next(row for row in rows if row["topics"])
    rejected_row = next(row for row in rows if not row["topics"])
    accepted["topics"], rejected_row["topics"] = [], ["kernels"]
    _write(tmp_path, "topics-second", rows)
    two = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert two is not None and two.topics.same == two.topics.in_or_out == len(ids) - 2
    assert set(two.topics.differing) == {accepted["id"], rejected_row["id"]}
    kernels = next(c for c in two.topics.counts if c.slug == "kernels")
    assert kernels.second == kernels.first + 1 - ("kernels" in curated[accepted["id"]])
    assert two.topics.macro_f1 < 1.0

    # the machine's topics, when given, are scored against the store on the same papers
    shipped = {i: frozenset(curated[i]) or frozenset({"other"}) for i in curated}
    machine = agreement(read_rereads(tmp_path), papers, rejected, taxonomy, shipped)
    assert machine is not None and machine.topics.machine_macro_f1 == 1.0


def test_headlines_count_as_digest_eval_counts_them(store, tmp_path):
    papers, rejected, taxonomy = store
    headlines = {p.id: p.overrides["headline"] for p in papers if p.topics and "headline" in p.overrides}
    rows = [{"id": i, "headline": headlines[i]} for i in sorted(headlines)]
    _write(tmp_path, "headlines-second", rows)
    found = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert found is not None and found.headlines.agree == len(rows)
    # another number of the same metric, and none where the store has one: two disagreements
    with_number = [row for row in rows if row["headline"].get("metric") not in (None, "none")]
    with_number[0]["headline"] = {**with_number[0]["headline"], "value": "987654×"}
    with_number[1]["headline"] = {"metric": "none"}
    _write(tmp_path, "headlines-second", rows)
    found = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert found is not None and found.headlines.agree == len(rows) - 2
    assert [d[0] for d in found.headlines.differing] == sorted(r["id"] for r in with_number[:2])


def test_sentence_roles_count_own_or_not_and_each_role(store, tmp_path):
    papers, rejected, taxonomy = store
    roles = {p.id: list(p.overrides["sentence_roles"]) for p in papers if p.topics and "sentence_roles" in p.overrides}
    rows = [{"id": i, "sentence_roles": roles[i]} for i in sorted(roles)]
    total = sum(len(row["sentence_roles"]) for row in rows)
    _write(tmp_path, "roles-second", rows)
    found = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert found is not None and found.roles.same == found.roles.same_role == found.roles.sentences == total
    # own read as mixed keeps the values the paper's (one role differs, own or not does not);
    # own read as background does not
    owned = [(row, place) for row in rows for place, role in enumerate(row["sentence_roles"]) if role == "own"]
    (first, one), (second, two) = owned[0], owned[-1]
    first["sentence_roles"][one], second["sentence_roles"][two] = "mixed", "background"
    _write(tmp_path, "roles-second", rows)
    found = agreement(read_rereads(tmp_path), papers, rejected, taxonomy)
    assert found is not None and (found.roles.same, found.roles.same_role) == (total - 1, total - 2)


def test_a_bad_line_names_the_file_the_line_and_the_field(tmp_path):
    (tmp_path / "headlines-second.jsonl").write_text('{"id": "kite", "headline": {"metric": "none"}}\n{"id": "tide"}\n')
    with pytest.raises(DataError, match=r"headlines-second\.jsonl:2: headline: missing"):
        read_rereads(tmp_path)
    (tmp_path / "headlines-second.jsonl").write_text('{"id": "kite", "headline": {"metric": "none"}\n')
    with pytest.raises(DataError, match=r"headlines-second\.jsonl:1: not a JSON line"):
        read_rereads(tmp_path)


def test_digest_check_reports_a_bad_reading_as_the_build_would_meet_it(tmp_path):
    from digest.check import check_store

    data = tmp_path / "data"
    (data / "papers").mkdir(parents=True)
    (data / REREADS_DIR).mkdir()
    (data / REREADS_DIR / "roles-second.jsonl").write_text('{"id": "kite"}\n')
    problems = [str(problem) for problem in check_store(data)]
    assert any("roles-second.jsonl:1: sentence_roles: missing" in problem for problem in problems), problems


def test_no_reading_no_agreement(store, tmp_path):
    papers, rejected, taxonomy = store
    assert agreement(read_rereads(tmp_path), papers, rejected, taxonomy) is None


def test_the_benchmark_lists_the_papers_the_readers_differ_on():
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "store_rereads.py"), "-v"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("two readers (data/rereads/): topics of 400 decided papers")
    assert "headlines differ:" in result.stdout and "topics differ:" in result.stdout
