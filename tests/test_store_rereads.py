"""benchmarks/store_rereads.py: the store's topics and headlines against a second reading."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from digest.records.rejected import load_rejections
from digest.records.store import load_papers

from .conftest import REPO

SCRIPT = REPO / "benchmarks" / "store_rereads.py"
READINGS = REPO / "benchmarks" / "store_rereads"
DATA = REPO / "data"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False)


def _ids(name: str) -> list[str]:
    return sorted(json.loads(line)["id"] for line in (READINGS / f"{name}.jsonl").open())


def _write(folder: Path, name: str, rows: list[dict]) -> None:
    (folder / f"{name}.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_the_shipped_readings_are_of_stored_papers():
    result = _run()
    assert result.returncode == 0, result.stderr
    assert "not in the store" not in result.stdout  # a renamed record would drop out of the figure
    assert result.stdout.startswith("topics: 400 papers read twice")
    in_topics = sum(1 for p in load_papers(DATA) if p.topics and "headline" in p.overrides)
    assert "agree on " in result.stdout and f" of {in_topics} (" in result.stdout


def test_topics_equal_to_the_store_agree_everywhere_and_each_change_counts(tmp_path):
    rejected, _ = load_rejections(DATA)
    store = {p.id: [t for t in p.topics if t != "other"] for p in load_papers(DATA) if p.topics}
    store |= {r.paper.id: [] for r in rejected}
    ids = _ids("topics-second")
    rows = [{"id": i, "topics": store[i]} for i in ids]
    _write(tmp_path, "topics-second", rows)
    same = _run("--readings", str(tmp_path))
    assert same.returncode == 0, same.stderr
    assert f"same topics: {len(ids)} of {len(ids)}" in same.stdout
    assert ["macro-F1", "1.00"] in [line.split() for line in same.stdout.splitlines()]

    accepted = next(row for row in rows if row["topics"])
    rejected_row = next(row for row in rows if not row["topics"])
    accepted["topics"], rejected_row["topics"] = [], ["kernels"]
    _write(tmp_path, "topics-second", rows)
    two = _run("--readings", str(tmp_path))
    assert f"same topics: {len(ids) - 2} of {len(ids)}; in a topic or not: {len(ids) - 2} of {len(ids)}" in two.stdout
    kernels = next(line.split() for line in two.stdout.splitlines() if line.startswith("kernels"))
    assert int(kernels[2]) == int(kernels[1]) + 1 - ("kernels" in store[accepted["id"]])


def test_headlines_count_as_digest_eval_counts_them(tmp_path):
    papers = {p.id: p for p in load_papers(DATA) if p.topics and "headline" in p.overrides}
    rows = [{"id": i, "headline": papers[i].overrides["headline"]} for i in sorted(papers)]
    _write(tmp_path, "headlines-second", rows)
    assert f"agree on {len(rows)} of {len(rows)}" in _run("--readings", str(tmp_path)).stdout
    # another number of the same metric, and none where the store has one: two disagreements
    with_number = [row for row in rows if row["headline"].get("metric") not in (None, "none")]
    with_number[0]["headline"] = {**with_number[0]["headline"], "value": "987654×"}
    with_number[1]["headline"] = {"metric": "none"}
    _write(tmp_path, "headlines-second", rows)
    assert f"agree on {len(rows) - 2} of {len(rows)}" in _run("--readings", str(tmp_path)).stdout


def test_sentence_roles_count_own_or_not_and_each_role(tmp_path):
    papers = {p.id: p for p in load_papers(DATA) if p.topics and "sentence_roles" in p.overrides}
    rows = [{"id": i, "sentence_roles": list(papers[i].overrides["sentence_roles"])} for i in sorted(papers)]
    total = sum(len(row["sentence_roles"]) for row in rows)
    _write(tmp_path, "roles-second", rows)
    same = _run("--readings", str(tmp_path)).stdout
    assert f"of {total} sentences of {len(rows)} papers, own or not the same for {total} (100.0%)" in same
    # own read as mixed keeps the values the paper's (one role differs, own or not does not);
    # own read as background does not
    owned = [(row, place) for row in rows for place, role in enumerate(row["sentence_roles"]) if role == "own"]
    (first, one), (second, two) = owned[0], owned[-1]
    first["sentence_roles"][one], second["sentence_roles"][two] = "mixed", "background"
    _write(tmp_path, "roles-second", rows)
    changed = _run("--readings", str(tmp_path)).stdout
    assert (
        f"own or not the same for {total - 1} " in changed and f"the same one of four roles for {total - 2}" in changed
    )
