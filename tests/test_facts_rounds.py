"""benchmarks/facts_rounds.py: the hand-read rounds score from a fresh clone's data, and a round
whose papers cannot be found fails with the file and the paper named."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from .conftest import REPO

SCRIPT = REPO / "benchmarks" / "facts_rounds.py"
ROUNDS = REPO / "benchmarks" / "facts_rounds"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False)


def test_rounds_of_stored_papers_score_one_line_each_and_count_the_papers_in_topics(tmp_path):
    result = _run("dev33", "dev34", "--days", str(tmp_path))
    assert result.returncode == 0, result.stderr
    table, topical = result.stdout.splitlines()[1:-1], result.stdout.splitlines()[-1]
    rows = {line.split()[0]: line.split() for line in table}
    assert rows.keys() == {"dev33", "dev34", "all"}
    assert rows["dev33"][1] == rows["dev34"][1] == "60" and rows["all"][1] == "120"
    right = [int(rows[name][2]) for name in ("dev33", "dev34", "all")]
    assert right[0] + right[1] == right[2] and 0 < right[2] <= 120
    # the papers a reader meets: those of the rounds that are records of data/papers
    ids = [json.loads(line)["id"] for name in ("dev33", "dev34") for line in (ROUNDS / f"{name}.jsonl").open()]
    in_topics = sum((REPO / "data" / "papers" / f"{paper}.yaml").exists() for paper in ids)
    assert 0 < in_topics < 120
    assert re.fullmatch(rf"of them in the digest's topics \(.*\): {in_topics}, headline right \d+ \(\d+%\)", topical)


def test_a_round_whose_papers_are_not_found_names_the_file_and_the_paper(tmp_path):
    result = _run("dev46", "--days", str(tmp_path))  # arXiv ids, and no recorded day to read them from
    assert result.returncode != 0
    assert "dev46.jsonl: paper " in result.stderr and "--days" in result.stderr


def test_a_second_reading_counts_where_the_two_readers_agree(tmp_path):
    first = [json.loads(line) for line in (REPO / "benchmarks" / "facts_rounds" / "dev34.jsonl").open()]
    second = [dict(label) for label in first]
    # three papers read otherwise: a different metric, a different number, none where there was one
    changed = [label for label in second if label["headline"].get("metric") not in (None, "none")][:3]
    changed[0]["headline"] = {**changed[0]["headline"], "metric": "energy"}
    changed[1]["headline"] = {**changed[1]["headline"], "value": "987654"}
    changed[2]["headline"] = {"metric": "none"}
    (tmp_path / "second").mkdir()
    (tmp_path / "second" / "dev34.jsonl").write_text("".join(json.dumps(label) + "\n" for label in second))
    result = _run("dev34", "--days", str(tmp_path), "--second", str(tmp_path / "second"))
    assert result.returncode == 0, result.stderr
    twice = result.stdout.split("read twice")[1].splitlines()
    row = next(line.split() for line in twice if line.startswith("dev34"))
    assert row[1:3] == ["60", "57"]  # read twice, the readers agreeing on all but the three changed
