"""The comparison columns (memory tiers, workloads, parallelism) scored against a blind reading.

benchmarks/audits/columns/verdicts.jsonl holds, for the 266 stored papers, a reader's verdict on
each value the site showed at c25d641 (fits or wrong) and the values the reader found missing. The
readers followed benchmarks/audits/columns/GUIDE.md and saw neither the code nor the store. A
paper's true values are those that fit and those found missing. The papers were read in three
batches: the workload phrases were written while looking at batches 0 and 1 only.

Two scores: the machine's (data/taxonomy.yaml's phrases on the title and abstract, what a new
paper gets) and what the site shows (with the curators' overrides). A value the machine gives that
the reader neither judged nor listed is counted apart, as unjudged: the reader saw no such value.

    .venv/bin/python benchmarks/columns_audit.py       # precision and recall, by column and batch group
    .venv/bin/python benchmarks/columns_audit.py -v    # and each value given wrongly or missed
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.build import load_corpus
from digest.derive.taxonomy import load_taxonomy
from digest.derive.vocabularies import VOCABULARIES, paper_vocabulary
from digest.records.store import TAXONOMY_FILE

VERDICTS = ROOT / "benchmarks" / "audits" / "columns" / "verdicts.jsonl"
GROUPS = (("batches 0 and 1", (0, 1)), ("batch 2", (2,)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list each value given wrongly or missed")
    args = parser.parse_args()
    taxonomy = load_taxonomy(ROOT / "data" / TAXONOMY_FILE)
    corpus = load_corpus(ROOT / "data")
    readings = [json.loads(line) for line in VERDICTS.read_text(encoding="utf-8").splitlines() if line.strip()]

    derived = {pid: paper_vocabulary(d.paper.title, d.paper.abstract, taxonomy) for pid, d in corpus.papers.items()}

    def machine(pid: str, column: str) -> list[str]:
        return derived[pid][column]

    def shown(pid: str, column: str) -> list[str]:
        return corpus.papers[pid].values(column)

    for name, values in (("machine", machine), ("shown", shown)):
        for label, batches in GROUPS:
            group = [r for r in readings if r["batch"] in batches and r["id"] in corpus.papers]
            for column in VOCABULARIES:
                print(f"{name:8} {label:16} {column:13} {_score(group, column, values, args.verbose)}")
    return 0


def _score(readings: list[dict], column: str, values: Callable[[str, str], list[str]], verbose: bool) -> str:
    right = wrong = missed = unjudged = 0
    errors = []
    for reading in readings:
        given = {f"{column}:{value}" for value in values(reading["id"], column)}
        true = {key for key, verdict in reading["verdicts"].items() if verdict.startswith("fits")}
        true = {key for key in true | set(reading["missing"]) if key.startswith(f"{column}:")}
        judged = true | {key for key in reading["verdicts"] if key.startswith(f"{column}:")}
        given_wrongly = (given - true) & judged
        right += len(given & true)
        wrong += len(given_wrongly)
        missed += len(true - given)
        unjudged += len(given - judged)
        errors += [f"    {reading['id']}: given wrongly {key}" for key in sorted(given_wrongly)]
        errors += [f"    {reading['id']}: missed {key}" for key in sorted(true - given)]
    precision = right / (right + wrong) if right + wrong else 1.0
    recall = right / (right + missed) if right + missed else 1.0
    line = f"precision {precision:.3f}, recall {recall:.3f} ({right} right, {wrong} wrong, {missed} missed, "
    line += f"{unjudged} unjudged)"
    return "\n".join([line, *errors]) if verbose else line


if __name__ == "__main__":
    sys.exit(main())
