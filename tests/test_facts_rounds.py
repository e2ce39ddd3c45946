"""benchmarks/facts_rounds.py: the hand-read rounds score from a fresh clone's data, and a round
whose papers cannot be found fails with the file and the paper named."""

from __future__ import annotations

import subprocess
import sys

from .conftest import REPO

SCRIPT = REPO / "benchmarks" / "facts_rounds.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False)


def test_rounds_of_stored_papers_score_one_line_each(tmp_path):
    result = _run("dev34", "dev35", "--days", str(tmp_path))
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert rows.keys() == {"dev34", "dev35", "all"}
    assert rows["dev34"][1] == rows["dev35"][1] == "60" and rows["all"][1] == "120"
    right = [int(rows[name][2]) for name in ("dev34", "dev35", "all")]
    assert right[0] + right[1] == right[2] and 0 < right[2] <= 120


def test_a_round_whose_papers_are_not_found_names_the_file_and_the_paper(tmp_path):
    result = _run("dev46", "--days", str(tmp_path))  # arXiv ids, and no recorded day to read them from
    assert result.returncode != 0
    assert "dev46.jsonl: paper " in result.stderr and "--days" in result.stderr
