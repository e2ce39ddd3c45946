"""How far two readers agree: the store's curated topics, headlines and sentence roles against a
second reading.

benchmarks/store_rereads/ holds readings made from the title and abstract alone, by readers who saw
neither the store's decision nor the code:
- topics-second.jsonl: the topics of 400 decided papers, every paper in a topic and the 128 rejected
  papers the on-topic model rated most likely in one, shuffled together (TOPICS-GUIDE.md: the
  taxonomy's descriptions and the curators' precedents); topics-third.jsonl: a third reading, the
  same way, of the papers where the first two differed.
- headlines-second.jsonl: the headline of every paper in a topic (HEADLINES-GUIDE.md: the headline
  rule of docs/contributing.md).
- roles-second.jsonl: the role of every abstract sentence of every paper in a topic, cut as the
  digest cuts them (ROLES-GUIDE.md).

The agreement is the ceiling the machine is measured against: `digest eval` scores it against one
reader, the curator. Topics are compared as `digest eval` compares them (per topic, a rejected paper
in `other`; the macro-F1 over the five topics and `other`), headlines as it counts one right (both
none, or the same metric and leading number), sentence roles as own (or mixed) or not, as it
scores the machine's roles.

    .venv/bin/python benchmarks/store_rereads.py        # agreement per topic, on headlines, on roles
    .venv/bin/python benchmarks/store_rereads.py -v     # and each paper the readers differ on
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.derive.facts.headline import curated_headline
from digest.derive.facts.roles import MIXED, OWN
from digest.records.model import Paper
from digest.records.rejected import load_rejections
from digest.records.store import load_papers

READINGS = ROOT / "benchmarks" / "store_rereads"
DATA = ROOT / "data"
OTHER = "other"
OWN_ROLES = (OWN, MIXED)  # a sentence whose values may be the paper's


def decided() -> tuple[dict[str, Paper], set[str]]:
    """The stored papers by id, and the ids of the rejected ones."""
    rejected, errors = load_rejections(DATA)
    if errors:
        raise errors[0]
    return {p.id: p for p in load_papers(DATA)}, {r.paper.id for r in rejected}


def reading(folder: Path, name: str) -> dict[str, dict[str, Any]]:
    """A reading, by paper id; empty when the folder has none of that name."""
    path = folder / f"{name}.jsonl"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as lines:
        return {row["id"]: row for row in map(json.loads, lines)}


def f1(first: dict[str, frozenset[str]], second: dict[str, frozenset[str]], topic: str) -> tuple[int, int, int, float]:
    """Papers the first reading puts in `topic`, the second does, both do, and the F1 of the two."""

    def has(topics: frozenset[str]) -> bool:
        return topic in (topics or {OTHER})

    ones = sum(has(first[i]) for i in first)
    twos = sum(has(second[i]) for i in first)
    both = sum(has(first[i]) and has(second[i]) for i in first)
    return ones, twos, both, 2 * both / (ones + twos) if ones + twos else float("nan")


def topics(
    papers: dict[str, Paper], rejected: set[str], second: dict[str, Any], third: dict[str, Any], verbose: bool
) -> None:
    store = {i: frozenset(p.topics) - {OTHER} for i, p in papers.items() if p.topics}
    store |= {i: frozenset() for i in rejected}
    ids = sorted(set(second) & set(store))
    left_out = sorted(set(second) - set(store))
    if left_out:
        print(f"not in the store (renamed or deleted), left out: {', '.join(left_out)}")
    curated = {i: store[i] for i in ids}
    reread = {i: frozenset(second[i]["topics"]) for i in ids}
    names = [*sorted({t for ts in [*curated.values(), *reread.values()] for t in ts}), OTHER]
    print(f"topics: {len(ids)} papers read twice, the store's decision against a second reader's")
    print(f"{'topic':12} {'store':>5} {'second':>6} {'both':>5}  F1")
    scores = []
    for topic in names:
        ones, twos, both, score = f1(curated, reread, topic)
        scores.append(score)
        print(f"{topic:12} {ones:5} {twos:6} {both:5}  {score:.2f}")
    print(f"{'macro-F1':12} {sum(scores) / len(scores):25.2f}")
    differ = [i for i in ids if curated[i] != reread[i]]
    in_or_out = sum(bool(curated[i]) == bool(reread[i]) for i in ids)
    print(f"same topics: {len(ids) - len(differ)} of {len(ids)}; in a topic or not: {in_or_out} of {len(ids)}")
    read_thrice = [i for i in differ if i in third]
    sides = {"store": 0, "second": 0, "neither": 0}
    for i in read_thrice:
        topics_third = frozenset(third[i]["topics"])
        side = "store" if topics_third == curated[i] else "second" if topics_third == reread[i] else "neither"
        sides[side] += 1
        if verbose:
            print(
                f"  {i}: store {sorted(curated[i]) or '-'}, second {sorted(reread[i]) or '-'}, "
                f"third {sorted(topics_third) or '-'} ({side})"
            )
    if read_thrice:
        print(
            f"of the {len(read_thrice)} differing papers read a third time, the third reading matches the store "
            f"on {sides['store']}, the second reader on {sides['second']}, neither on {sides['neither']}"
        )


def headlines(papers: dict[str, Paper], second: dict[str, Any], verbose: bool) -> None:
    ids = sorted(i for i in second if i in papers and papers[i].topics and "headline" in papers[i].overrides)
    agree = 0
    for i in ids:
        store = curated_headline(papers[i].overrides["headline"])
        other = curated_headline(second[i]["headline"])
        same = other is None if store is None else store.agrees_with(other)
        agree += same
        if verbose and not same:
            said = f"{store.metric}: {store.text}" if store else "(none)"
            read = f"{other.metric}: {other.text}" if other else "(none)"
            print(f"  {i}: store {said} | second {read}")
    share = f" ({agree / len(ids):.0%})" if ids else ""
    print(f"headlines: the store and a second reader agree on {agree} of {len(ids)}{share}")


def roles(papers: dict[str, Paper], second: dict[str, Any], verbose: bool) -> None:
    ids = sorted(i for i in second if i in papers and "sentence_roles" in papers[i].overrides)
    sentences = same = same_role = 0
    for i in ids:
        store, other = papers[i].overrides["sentence_roles"], second[i]["sentence_roles"]
        if len(store) != len(other):
            print(f"  {i}: {len(other)} roles read for {len(store)} sentences, left out")
            continue
        for place, (mine, theirs) in enumerate(zip(store, other, strict=True)):
            sentences += 1
            same_role += mine == theirs
            agree = (mine in OWN_ROLES) == (theirs in OWN_ROLES)
            same += agree
            if verbose and not agree:
                print(f"  {i}, sentence {place + 1}: store {mine} | second {theirs}")
    share = f" ({same / sentences:.1%})" if sentences else ""
    print(
        f"sentence roles: of {sentences} sentences of {len(ids)} papers, own or not the same for {same}{share}, "
        f"the same one of four roles for {same_role}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list each paper the readers differ on")
    parser.add_argument("--readings", type=Path, default=READINGS, help="the folder of the readings")
    args = parser.parse_args()
    papers, rejected = decided()
    names = ("topics-second", "topics-third", "headlines-second", "roles-second")
    read = {name: reading(args.readings, name) for name in names}
    topics(papers, rejected, read["topics-second"], read["topics-third"], args.verbose)
    headlines(papers, read["headlines-second"], args.verbose)
    roles(papers, read["roles-second"], args.verbose)


if __name__ == "__main__":
    main()
