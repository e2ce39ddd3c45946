"""The paper's own values and headline, scored against rounds of abstracts read by hand (issue 19).

Each file of benchmarks/facts_rounds/ is one round: 60 papers whose abstracts were read, each
labelled with the paper's own main result as a headline record (metric, value, baseline, hardware,
condition) and the values in the abstract that are not the paper's (background, a baseline's figure
or configuration, a teacher's size). The readers followed benchmarks/facts_rounds/GUIDE.md and saw
neither the code nor its output; the labels are not a curator's, and where a label and the
contributing guide's headline rule disagree, the guide is the digest's definition.

Papers are found by id: a record's id in data/papers or data/rejected (dev32 to dev35, part of dev50),
or an arXiv id in the recorded Daily Papers days (the others; --days, ../shared/daily-papers by default). Each
round was scored before any rule was written from it; those first scores are in the folder's
README. Run again, a round is no longer held out: it measures regressions, not generalisation.

    .venv/bin/python benchmarks/facts_rounds.py                # every round
    .venv/bin/python benchmarks/facts_rounds.py dev44 dev45 -v  # two rounds, with each miss

Per round: headlines right (same metric and leading number or change, as `digest eval` counts),
headlines whose figure agrees whatever the metric, and the values shown as the paper's that its
label lists as not the paper's. Then, of all the rounds' papers, those in the digest's topics, the
ones a reader of the site meets, and their headlines right: most papers of the rounds are not on
the digest's topics, and their headlines (a benchmark's accuracy, a dataset's size) are not the
language the headline rule was written for.

Some rounds were read twice, by a second reader who saw neither the first reading nor the code
(benchmarks/facts_rounds/second/): for those, how often the two readers' headlines agree, counted
the same way, which says how far a machine could be expected to agree with any one reader.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.derive.facts import Fact, extract_facts
from digest.derive.facts.headline import Headline, curated_headline, machine_headline, same_headline
from digest.derive.hardware_catalog import HardwareCatalog, load_hardware
from digest.records.rejected import load_rejections
from digest.records.store import HARDWARE_FILE, load_papers
from digest.whole_days import first_listings

ROUNDS = ROOT / "benchmarks" / "facts_rounds"
SECOND = ROUNDS / "second"
DATA = ROOT / "data"


def stored_papers() -> dict[str, tuple[str, str]]:
    """(title, abstract) of every stored and rejected record, by id."""
    rejected, errors = load_rejections(DATA)
    if errors:
        raise errors[0]
    return {paper.id: (paper.title, paper.abstract) for paper in [*load_papers(DATA), *(r.paper for r in rejected)]}


def in_topics() -> set[str]:
    """The ids and arXiv ids of the records in the digest's topics (data/papers): the papers a
    reader of the site meets."""
    return {key for paper in load_papers(DATA) for key in (paper.id, paper.arxiv_id) if key}


def listed_papers(days: Path) -> dict[str, tuple[str, str]]:
    """(title, abstract) of every paper of the recorded Daily Papers days, by arXiv id."""
    return {arxiv_id: (entry.title, entry.abstract) for arxiv_id, (_day, entry) in first_listings(days).items()}


def _plain(text: str) -> str:
    return " ".join(text.split())


def not_own_shown(facts: list[Fact], not_own: list[str]) -> list[str]:
    """The values shown as the paper's whose words the label lists as not the paper's (a value
    shown with that figure as its baseline is the paper's comparison, not a misattribution)."""
    wrong = []
    for fact in facts:
        if not fact.own or fact.kind in ("system", "code") or fact.span is None:
            continue
        for value in not_own:
            if value in fact.baseline or re.search(r"vs\.? " + re.escape(value), fact.value):
                continue
            spans = (m.span() for m in re.finditer(r"(?<![\w.])" + re.escape(value), fact.sentence))
            if any(start < fact.span[1] and fact.span[0] < end for start, end in spans):
                wrong.append(f"{fact.kind} {fact.value!r} (label: {value!r})")
                break
    return wrong


def _labels(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def score(
    round_path: Path,
    papers: dict[str, tuple[str, str]],
    catalog: HardwareCatalog,
    verbose: bool,
    machines: dict[str, Headline | None],
    *,
    on_topic: set[str],
) -> tuple[int, ...]:
    """A round's counts; each paper's machine headline goes into `machines`, by id."""
    right = number = shown = topical = topical_right = 0
    wrong: list[str] = []
    labels = _labels(round_path)
    for label in labels:
        if label["id"] not in papers:
            sys.exit(
                f"{round_path}: paper {label['id']} is in neither data/ nor the recorded Daily Papers days; "
                "pass --days DIR, the folder of hf-daily-DAY.json answers (../shared/daily-papers)"
            )
        title, abstract = (_plain(text) for text in papers[label["id"]])
        facts = extract_facts(title, abstract, catalog)
        machine, truth = machine_headline(facts), curated_headline(label["headline"])
        machines[label["id"]] = machine
        ok = same_headline(truth, machine)
        agrees = ok or (truth is not None and machine is not None and truth.same_figure(machine))
        right += ok
        number += agrees
        topical += label["id"] in on_topic
        topical_right += ok and label["id"] in on_topic
        shown += sum(1 for fact in facts if fact.own and fact.kind not in ("system", "code"))
        misattributed = not_own_shown(facts, label.get("not_own", []))
        wrong += [f"{label['id']}: {item}" for item in misattributed]
        if verbose and not ok:
            said = f"{truth.metric}: {truth.text}" if truth else "(none)"
            got = f"{machine.metric}: {machine.text}" if machine else "(none)"
            print(f"  {'metric' if agrees else 'miss':6} {label['id']} | label {said} | machine {got}")
    for item in wrong if verbose else ():
        print(f"  not the paper's, shown as its own: {item}")
    return len(labels), right, number, shown, len(wrong), topical, topical_right


def second_reading(round_path: Path, second_path: Path, machines: dict[str, Headline | None]) -> tuple[int, int, int]:
    """(papers read twice, readers agreeing, machine agreeing with the second reader); `machines`: the
    machine's headlines, by id, as `score` found them."""
    second = {label["id"]: curated_headline(label["headline"]) for label in _labels(second_path)}
    both = [label for label in _labels(round_path) if label["id"] in second]
    agree = machine = 0
    for label in both:
        other = second[label["id"]]
        agree += same_headline(curated_headline(label["headline"]), other)
        machine += same_headline(other, machines[label["id"]])
    return len(both), agree, machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="*", help="round names (dev34 ...); default: every round")
    parser.add_argument(
        "--days",
        type=Path,
        default=ROOT.parent / "shared" / "daily-papers",
        help="the recorded Daily Papers days the rounds' arXiv ids are read from",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="list each miss and each value misattributed")
    parser.add_argument(
        "--second", type=Path, default=SECOND, help="the folder of second readings (devNN.jsonl, as the rounds)"
    )
    args = parser.parse_args()
    paths = [ROUNDS / f"{name}.jsonl" for name in args.rounds] or sorted(ROUNDS.glob("dev*.jsonl"))
    papers = stored_papers()
    if any(args.days.glob("hf-daily-*.json")):  # without the recorded days, only rounds of stored papers score
        papers |= listed_papers(args.days)
    catalog = load_hardware(DATA / HARDWARE_FILE)
    on_topic = in_topics()
    totals = [0] * 7
    machines: dict[str, Headline | None] = {}
    print(f"{'round':8} {'papers':>6} {'headline right':>15} {'number agrees':>14} {'shown as own':>13} {'not own':>8}")
    for path in paths:
        counts = score(path, papers, catalog, args.verbose, machines, on_topic=on_topic)
        totals = [total + count for total, count in zip(totals, counts, strict=True)]
        n, right, number, shown, wrong, _, _ = counts
        print(f"{path.stem:8} {n:>6} {right:>8} ({right / n:.0%}) {number:>14} {shown:>13} {wrong:>8}")
    n, right, number, shown, wrong, topical, topical_right = totals
    print(f"{'all':8} {n:>6} {right:>8} ({right / max(n, 1):.0%}) {number:>14} {shown:>13} {wrong:>8}")
    print(
        f"of them in the digest's topics (records of data/papers): {topical}, "
        f"headline right {topical_right} ({topical_right / max(topical, 1):.0%})"
    )
    read_twice = [(path, args.second / path.name) for path in paths if (args.second / path.name).exists()]
    if read_twice:
        print(f"\nread twice{'':1} {'papers':>6} {'readers agree':>14} {'machine and second':>19}")
    for path, second_path in read_twice:
        n, agree, machine = second_reading(path, second_path, machines)
        print(f"{path.stem:11} {n:>6} {agree:>7} ({agree / max(n, 1):.0%}) {machine:>11} ({machine / max(n, 1):.0%})")


if __name__ == "__main__":
    main()
