"""Would a learned chooser pick the headline among the machine's candidates better than the tiers?

The headline (digest/derive/facts/headline.py) is one of the paper's own result facts, picked by
hand-ordered tiers. This measures, on the hand-read rounds (benchmarks/facts_rounds/) and the store's
curated headlines:

1. the ceiling of any chooser: papers whose label is among the candidates the tiers choose from
   (the paper's own facts that are results: same metric and leading number, or the leading number
   alone), and among any fact the paper has; and why the other misses are missed (extraction);
2. a logistic chooser over the candidates with general features only (the fact's kind, metric and
   tier, where its sentence stands, cue words of its sentence and clause, a baseline or hardware
   beside it, its value's shape and magnitude, and the tiers' own choice), never a paper's name or
   number: pairwise (a conditional logit: differences of right and wrong candidates of one paper)
   and per candidate, trained on the store's curated headlines, or leave one round out (the other
   rounds and the store); a round's papers are never trained on when it is scored, by id or arXiv id.
   Deterministic (lbfgs, no sampling).

    .venv/bin/python benchmarks/headline_chooser.py --days ../shared/daily-papers [--per-round]
"""

from __future__ import annotations

import argparse
import collections
import itertools
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.facts_rounds import DATA, ROUNDS, SECOND, _labels, _plain, in_topics, listed_papers, stored_papers
from digest.derive.facts import Fact, extract_facts
from digest.derive.facts import headline as rules
from digest.derive.facts.roles import _has_baseline_clause, _is_own
from digest.derive.hardware_catalog import load_hardware
from digest.records.rejected import load_rejections
from digest.records.store import HARDWARE_FILE, load_papers

TIER_KINDS = [kind for tier in rules._TIERS for kind in tier]
TIER_OF = {kind: index for index, tier in enumerate(rules._TIERS) for kind in tier}
METRICS = ["speedup", "throughput", "latency", "memory", "energy", "cost", "quality", "scale", "utilization"]
CUES = {
    name: re.compile(pattern, re.I)
    for name, pattern in {
        "end-to-end": r"\bend-to-end\b",
        "overall": r"\boverall\b",
        "experiments show": rules._EVALUATED.pattern,
        "we achieve": r"\b(?:achieve|achieves|achieving|attains?|delivers?|reach(?:es)?)\b",
        "compared with": r"\b(?:compared\s+(?:to|with)|than|over|vs\.?|versus|relative\s+to)\b",
        "outperform": r"\b(?:outperform\w*|surpass\w*|beats?)\b",
        "state of the art": r"state-of-the-art|\bSOTA\b",
        "average": r"\baverage\b",
        "while": r"\b(?:while|whilst|without|maintaining|preserving|negligible)\b",
        "score": r"\b(?:accuracy|score|benchmark|pass@|F1|BLEU|success\s+rate)\b",
        "faster": r"\b(?:faster|speed-?ups?|accelerat\w+)\b",
        "respectively": r"\brespectively\b",
        "improve": r"\bimprov\w+\b",
        "reduce": r"\b(?:reduc\w+|cut\w*|lower\w*|fewer|sav\w+)\b",
        "training": r"\b(?:train\w*|fine-?tun\w*)\b",
        "inference": r"\b(?:inference|serving|decod\w+|generation)\b",
        "only": r"\b(?:only|just|merely)\b",
        "data": r"\b(?:dataset|corpus|samples|examples|tokens)\b",
    }.items()
}
_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
MAGNITUDES = (1.5, 3.0, 10.0, 100.0)


def candidates(facts: Sequence[Fact]) -> list[Fact]:
    """What the tiers choose from: the paper's own facts that are results."""
    return [f for f in facts if f.own and not f.curated and rules._is_a_result(f) and rules._tier_kind(f) in TIER_OF]


def _leading(fact: Fact) -> float | None:
    found = _NUMBER.search(fact.value)
    return float(found.group().replace(",", "")) if found else None


def _magnitude(value: float | None) -> list[float]:
    bounds = (0.0, *MAGNITUDES, float("inf"))
    return [float(value is not None and low <= value < high) for low, high in itertools.pairwise(bounds)]


def _flags(fact: Fact, pick: Fact | None, hardware_places: set[int]) -> list[float]:
    around = rules._around(fact)
    return [
        float(pick is fact),  # the tiers' own choice
        float(pick is not None and pick is not fact and pick.place == fact.place),
        float(fact.place == 0),
        float(_is_own(fact.sentence, None)),
        float(_has_baseline_clause(fact.sentence)),
        float(rules._is_part(fact)),
        float(bool(rules._COMPONENT.search(around))),
        float(bool(rules._PHASE.search(around))),
        float(rules._introduced(fact)),
        float(rules._counted(fact)),
        float(rules._is_evaluated_gain(fact)),
        float(bool(rules._DIGIT.search(fact.value))),
        float(bool(fact.baseline)),
        float(fact.place in hardware_places),
        float(bool(re.match(r"up to", fact.value, re.I))),
        float(bool(re.search(r"\d\s*(?:×|x\b|times)", fact.value))),
        float("%" in fact.value),
        float(bool(rules._SAID_END_TO_END.search(fact.value))),
        float(bool(rules._END_TO_END.search(around))),
    ]


def features(cands: Sequence[Fact], facts: Sequence[Fact], pick: Fact | None) -> list[list[float]]:
    """One row per candidate, general features only."""
    last = max((f.place for f in facts), default=0) or 1
    order = sorted(cands, key=rules._position)
    rank = {id(f): index for index, f in enumerate(order)}
    first_of: dict[str, int] = {}
    biggest: dict[str, tuple[float, int]] = {}
    for fact in order:
        first_of.setdefault("k" + rules._tier_kind(fact), id(fact))
        first_of.setdefault("m" + rules.metric_of(fact), id(fact))
        value = _leading(fact)
        metric = rules.metric_of(fact)
        if value is not None and value > biggest.get(metric, (-1.0, 0))[0]:
            biggest[metric] = (value, id(fact))
    hardware_places = {f.place for f in facts if f.kind == "hardware" and f.own}
    rows = []
    for fact in cands:
        kind, metric = rules._tier_kind(fact), rules.metric_of(fact)
        around = rules._around(fact)
        row = [float(kind == k) for k in TIER_KINDS] + [float(metric == m) for m in METRICS]
        row += [TIER_OF[kind] / (len(rules._TIERS) - 1), fact.place / last, float(fact.place == 1)]
        row += [float(fact.place >= last - 1 and fact.place > 0), float(rank[id(fact)] == 0)]
        row += [rank[id(fact)] / max(len(cands) - 1, 1), float(first_of["k" + kind] == id(fact))]
        row += [float(first_of["m" + metric] == id(fact)), float(biggest.get(metric, (0, 0))[1] == id(fact))]
        row += _flags(fact, pick, hardware_places) + _magnitude(_leading(fact))
        row += [float(bool(c.search(fact.sentence))) for c in CUES.values()]
        row += [float(bool(c.search(around))) for c in CUES.values()]
        rows.append(row)
    return rows


RULES_PICK = len(TIER_KINDS) + len(METRICS) + 9  # the column of the tiers' own choice


@dataclass
class Item:
    """One labelled paper: its candidates' features, which agree with the label, what the tiers chose."""

    source: str  # "store" or a round's name
    id: str
    key: str  # the arXiv id when known: one paper read in two rounds, or stored, is one key
    rows: list[list[float]]
    right: list[bool]  # each candidate against the label
    rules_right: bool
    pick: int | None
    truth_metric: str
    in_topics: bool = False
    second: list[bool] | None = None  # each candidate against a second reader's label
    rules_second: bool = False
    tiers: list[int] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    truth: rules.Headline | None = None
    text: str = ""


def make_item(source: str, ids: tuple[str, str], text: tuple[str, str], label: object, catalog: object) -> Item:
    facts = extract_facts(text[0], text[1], catalog)  # type: ignore[arg-type]
    truth = rules.curated_headline(label)  # type: ignore[arg-type]
    cands = candidates(facts)
    machine = rules.machine_headline(facts)
    pick = None
    if machine is not None:
        pick = next(i for i, f in enumerate(cands) if rules.metric_of(f) == machine.metric and f.value == machine.value)
    heads = [rules.Headline(rules.metric_of(f), f.value) for f in cands]
    return Item(
        source,
        ids[0],
        ids[1],
        features(cands, facts, cands[pick] if pick is not None else None),
        [truth is not None and truth.agrees_with(head) for head in heads],
        rules.same_headline(truth, machine),
        pick,
        truth.metric if truth else "none",
        tiers=[TIER_OF[rules._tier_kind(f)] for f in cands],
        facts=list(facts),
        truth=truth,
        text=f"{text[0]} {text[1]}",
    )


def load_items(days: Path) -> tuple[list[Item], list[Item]]:
    catalog = load_hardware(DATA / HARDWARE_FILE)
    store = load_papers(DATA)
    rejected, _errors = load_rejections(DATA)
    arxiv = {p.id: (p.arxiv_id or p.id) for p in [*store, *(r.paper for r in rejected)]}
    stored = [
        make_item("store", (p.id, p.arxiv_id or p.id), (p.title, p.abstract), p.overrides["headline"], catalog)
        for p in store
    ]
    papers = stored_papers() | listed_papers(days)
    topical = in_topics()
    second = {
        (path.stem, label["id"]): rules.curated_headline(label["headline"])
        for path in sorted(SECOND.glob("dev*.jsonl"))
        for label in _labels(path)
    }
    rounds = []
    for path in sorted(ROUNDS.glob("dev*.jsonl")):
        for label in _labels(path):
            text = (_plain(papers[label["id"]][0]), _plain(papers[label["id"]][1]))
            item = make_item(
                path.stem, (label["id"], arxiv.get(label["id"], label["id"])), text, label["headline"], catalog
            )
            item.in_topics = label["id"] in topical
            if (path.stem, label["id"]) in second:
                other = second[(path.stem, label["id"])]
                cands = candidates(item.facts)
                item.second = [other is not None and other.agrees_with(_head(f)) for f in cands]
                item.rules_second = rules.same_headline(
                    other, _head(cands[item.pick]) if item.pick is not None else None
                )
            rounds.append(item)
    return stored, rounds


def _head(fact: Fact) -> rules.Headline:
    return rules.Headline(rules.metric_of(fact), fact.value)


Model = LogisticRegression | None


def train(items: Sequence[Item], *, pairwise: bool, c: float, drop_rules: bool) -> Model:
    """A chooser from the papers whose label is one of two or more candidates."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for item in items:
        if len(item.rows) < 2 or not any(item.right):
            continue
        rows = _matrix(item, drop_rules)
        right = np.array(item.right)
        if pairwise:
            for p in np.flatnonzero(right):
                for q in np.flatnonzero(~right):
                    xs += [rows[p] - rows[q], rows[q] - rows[p]]
                    ys += [1, 0]
        else:
            xs += list(rows)
            ys += [int(r) for r in item.right]
    if len(set(ys)) < 2:
        return None
    model = LogisticRegression(C=c, max_iter=5000, fit_intercept=not pairwise)
    return model.fit(np.array(xs), np.array(ys))


def _matrix(item: Item, drop_rules: bool) -> np.ndarray:
    rows = np.array(item.rows)
    return np.delete(rows, RULES_PICK, axis=1) if drop_rules else rows


def choose(model: Model, item: Item, drop_rules: bool) -> int | None:
    if not item.rows or model is None:
        return item.pick
    return int(np.argmax(model.decision_function(_matrix(item, drop_rules))))


def right(item: Item, chosen: int | None, second: bool = False) -> bool:
    labels = item.second if second else item.right
    if chosen is None or chosen == item.pick:
        return item.rules_second if second else item.rules_right
    return bool(labels and labels[chosen])


@dataclass(frozen=True)
class Variant:
    name: str
    pairwise: bool
    c: float
    drop_rules: bool
    rounds_too: bool  # leave one round out: the other rounds are trained on too


def evaluate(
    variant: Variant, stored: list[Item], rounds: list[Item]
) -> tuple[dict[tuple[str, str], int | None], float]:
    """Each round paper's choice, with the round held out; and the mean seconds of one fit."""
    chosen: dict[tuple[str, str], int | None] = {}
    seconds = []
    for name in sorted({item.source for item in rounds}):
        test = [item for item in rounds if item.source == name]
        keys = {item.key for item in test} | {item.id for item in test}
        training = [item for item in stored if item.key not in keys and item.id not in keys]
        if variant.rounds_too:
            training += [item for item in rounds if item.source != name and item.key not in keys]
        start = time.perf_counter()
        model = train(training, pairwise=variant.pairwise, c=variant.c, drop_rules=variant.drop_rules)
        seconds.append(time.perf_counter() - start)
        for item in test:
            chosen[(item.source, item.id)] = choose(model, item, variant.drop_rules)
    return chosen, sum(seconds) / len(seconds)


def _count(items: Sequence[Item], ok: Callable[[Item], bool]) -> int:
    return sum(1 for item in items if ok(item))


def ceiling(rounds: list[Item]) -> None:
    groups = {
        "all": rounds,
        "in topics (records of data/papers)": [i for i in rounds if i.in_topics],
        "dev63..dev67": [i for i in rounds if i.source >= "dev63"],
    }
    print("ceiling: the label among the tiers' candidates (a 'none' label counts as available)")
    for name, items in groups.items():
        rules_right = _count(items, lambda i: i.rules_right)
        available = _count(items, lambda i: i.rules_right or any(i.right))
        print(f"  {name:36} {len(items):5} papers, tiers right {rules_right}, right candidate available {available}")
    choice = [i for i in rounds if not i.rules_right and any(i.right) and i.pick is not None]
    against = _count(choice, lambda i: min(t for t, r in zip(i.tiers, i.right, strict=True) if r) > i.tiers[i.pick])
    print(
        f"  choice misses {len(choice)}: label in a later tier than the tiers' pick {against}, "
        f"same tier {len(choice) - against}"
    )


def _why_missed(item: Item, truth: rules.Headline, text: str) -> str:
    """Why a label not among the candidates was missed: where its leading number went."""
    number = truth.numbers[:1]

    def has(fact: Fact) -> bool:
        return bool(number) and _head_any(fact).numbers[:1] == number

    own_results = [f for f in item.facts if f.own and f.kind in TIER_OF]
    if any(has(f) for f in candidates(item.facts)):
        why = "read, as another metric"
    elif any(has(f) for f in own_results):
        why = "read, judged not a result (a budget, projected, a loss)"
    elif any(has(f) for f in item.facts if f.own and f.kind not in TIER_OF and f.kind not in ("system", "code")):
        why = "read as another kind (model scale, GPU count, precision)"
    elif any(has(f) for f in item.facts if not f.own):
        why = "read, as context (not the paper's)"
    elif not number:
        why = "label without a number"
    elif re.search(rf"(?<![\d.]){re.escape(number[0])}(?!\d)", text.replace(",", "")):
        why = "not read: no extractor reads the number"
    else:
        why = "label's number not in the text as written"
    return why + (" [no headline]" if item.pick is None else "")


def _head_any(fact: Fact) -> rules.Headline:
    return rules.Headline(rules.metric_of(fact) if fact.kind in TIER_OF else fact.kind, fact.value)


def extraction_misses(rounds: list[Item]) -> None:
    reasons: collections.Counter[str] = collections.Counter()
    metrics: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for item in rounds:
        if item.rules_right or any(item.right) or item.truth is None:
            continue
        why = _why_missed(item, item.truth, item.text)
        reasons[why] += 1
        metrics[why][item.truth.metric] += 1
    print(f"extraction misses (label not among the candidates): {sum(reasons.values())}")
    for why, count in reasons.most_common():
        print(f"  {count:4} {why}: {dict(metrics[why].most_common())}")


def report(variants: list[Variant], stored: list[Item], rounds: list[Item], per_round: bool) -> None:
    columns = {"rules": {(i.source, i.id): i.pick for i in rounds}}
    seconds = {}
    for variant in variants:
        columns[variant.name], seconds[variant.name] = evaluate(variant, stored, rounds)
    names = sorted({i.source for i in rounds})
    groups: list[tuple[str, list[Item]]] = [
        ("all", rounds),
        ("in topics (68)", [i for i in rounds if i.in_topics]),
        ("dev63..67", [i for i in rounds if i.source >= "dev63"]),
    ]
    if per_round:
        groups += [(name, [i for i in rounds if i.source == name]) for name in names]
    print(f"\n{'':16} {'papers':>6} " + " ".join(f"{name:>14}" for name in columns))
    for name, items in groups:
        cells = [_count(items, lambda i, c=column: right(i, c[(i.source, i.id)])) for column in columns.values()]
        print(f"{name:16} {len(items):>6} " + " ".join(f"{cell:>14}" for cell in cells))
    read_twice = [i for i in rounds if i.second is not None]
    cells = [_count(read_twice, lambda i, c=column: right(i, c[(i.source, i.id)], True)) for column in columns.values()]
    print(f"{'second reader':16} {len(read_twice):>6} " + " ".join(f"{cell:>14}" for cell in cells))
    print("mean seconds of one fit: " + ", ".join(f"{name} {s:.3f}" for name, s in seconds.items()))


def store_leave_one_out(stored: list[Item]) -> None:
    for pairwise in (True, False):
        ok = 0
        for item in stored:
            model = train([o for o in stored if o is not item], pairwise=pairwise, c=1.0, drop_rules=False)
            ok += right(item, choose(model, item, False))
        rules_right = _count(stored, lambda i: i.rules_right)
        kind = "pairwise" if pairwise else "per candidate"
        print(f"store leave one record out, {kind}: {ok} of {len(stored)} (tiers {rules_right})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=Path, default=ROOT.parent / "shared" / "daily-papers")
    parser.add_argument("--per-round", action="store_true")
    args = parser.parse_args()
    stored, rounds = load_items(args.days)
    ceiling(rounds)
    extraction_misses(rounds)
    variants = [
        Variant("pair store", True, 1.0, False, False),
        Variant("pair loro", True, 1.0, False, True),
        Variant("cand store", False, 1.0, False, False),
        Variant("cand loro", False, 1.0, False, True),
        Variant("pair-nr store", True, 1.0, True, False),
        Variant("pair-nr loro", True, 1.0, True, True),
    ]
    report(variants, stored, rounds, args.per_round)
    print(f"metric of the labels: {collections.Counter(i.truth_metric for i in rounds).most_common()}")
    store_leave_one_out(stored)


if __name__ == "__main__":
    main()
