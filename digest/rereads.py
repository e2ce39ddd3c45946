"""How far two readers agree: the store's curated topics, headlines and sentence roles against a
second reading of the same abstracts (data/rereads/, read blind: the reader saw neither the
store's decision nor the code; see the guides there).

The agreement is the ceiling the machine is measured against: `digest eval` scores the machine
against one reader, the curator, and a second reader does not agree with the curator everywhere
either. Topics are compared as `digest eval` compares them (per topic, a rejected paper in the
fallback topic; the macro-F1 over the ruled topics and the fallback), headlines as it counts one
right (both none, or the same metric and leading number or change), sentence roles as own (or mixed) or not,
as it scores the machine's roles. A reading of a paper the store no longer holds is left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .derive.facts.headline import curated_headline, same_headline
from .derive.facts.roles import MIXED, OWN
from .derive.taxonomy import Taxonomy
from .errors import DataError
from .records.model import Paper

REREADS_DIR = "rereads"  # in the data folder
READINGS = ("topics-second", "topics-third", "headlines-second", "roles-second")
OWN_ROLES = (OWN, MIXED)  # a sentence whose values may be the paper's


@dataclass(frozen=True)
class Rereads:
    """The readings of data/rereads/, by name (READINGS), each by paper id; empty where none."""

    readings: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)

    def reading(self, name: str) -> Mapping[str, Mapping[str, Any]]:
        return self.readings.get(name, {})

    @property
    def key(self) -> tuple[tuple[str, str], ...]:
        """What a build's memo of the evaluation depends on."""
        return tuple((name, json.dumps(self.reading(name), sort_keys=True)) for name in READINGS)


# What each reading's lines must hold besides the paper's id.
_FIELDS = {
    "topics-second": "topics",
    "topics-third": "topics",
    "headlines-second": "headline",
    "roles-second": "sentence_roles",
}


def read_rereads(folder: Path) -> Rereads:
    """The readings of `folder` (data/rereads/); a missing file is no reading. A line that is no
    JSON object with the paper's id and the reading's field raises a DataError naming it."""
    readings = {}
    for name in READINGS:
        path = folder / f"{name}.jsonl"
        if not path.exists():
            continue
        rows: dict[str, Mapping[str, Any]] = {}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise DataError(path, number, None, f"not a JSON line: {error.msg}") from None
            for key in ("id", _FIELDS[name]):
                if not isinstance(row, dict) or key not in row:
                    raise DataError(path, number, key, "missing: each line is one paper's reading")
            rows[row["id"]] = row
        readings[name] = rows
    return Rereads(readings)


@dataclass(frozen=True)
class TopicCount:
    slug: str
    first: int  # papers the first reading puts in the topic
    second: int
    both: int

    @property
    def f1(self) -> float:
        return 2 * self.both / (self.first + self.second) if self.first + self.second else 1.0


@dataclass(frozen=True)
class TopicAgreement:
    papers: int
    counts: list[TopicCount]
    same: int  # papers given the same topics
    in_or_out: int  # papers both readings put in some topic, or both in none
    third: dict[str, int]  # of the differing papers read a third time: whom the third reading matches
    machine: list[TopicCount] = field(default_factory=list)  # what ships, leave one dump out, against the store
    differing: list[str] = field(default_factory=list)

    @property
    def macro_f1(self) -> float:
        return _macro(self.counts)

    @property
    def machine_macro_f1(self) -> float | None:
        return _macro(self.machine) if self.machine else None


@dataclass(frozen=True)
class HeadlineAgreement:
    papers: int
    agree: int
    differing: list[tuple[str, str, str]] = field(default_factory=list)  # (id, the store's, the second reader's)


@dataclass(frozen=True)
class RoleAgreement:
    papers: int
    sentences: int
    same: int  # own or not the same
    same_role: int  # the same one of the four roles


@dataclass(frozen=True)
class Agreement:
    topics: TopicAgreement
    headlines: HeadlineAgreement
    roles: RoleAgreement

    def to_json(self) -> dict[str, Any]:
        topics, headlines, roles = self.topics, self.headlines, self.roles
        return {
            "topics": {
                "papers": topics.papers,
                "macro_f1": round(topics.macro_f1, 4),
                "machine_macro_f1": None if topics.machine_macro_f1 is None else round(topics.machine_macro_f1, 4),
                "same": topics.same,
                "in_or_out": topics.in_or_out,
                "third": topics.third,
                "per_topic": {c.slug: {"store": c.first, "second": c.second, "both": c.both} for c in topics.counts},
            },
            "headlines": {"papers": headlines.papers, "agree": headlines.agree},
            "roles": {
                "papers": roles.papers,
                "sentences": roles.sentences,
                "same": roles.same,
                "same_role": roles.same_role,
            },
        }


def agreement(
    rereads: Rereads,
    papers: Sequence[Paper],
    rejected: Sequence[str],
    taxonomy: Taxonomy,
    shipped: Mapping[str, frozenset[str]] | None = None,
) -> Agreement | None:
    """The store (its `papers` and the ids of its `rejected` ones) against the second readings;
    with `shipped` (the machine's topics for each decided paper, predicted without it), the
    machine against the store on the same papers. None with no reading."""
    if not any(rereads.reading(name) for name in READINGS):
        return None
    by_id = {p.id: p for p in papers}
    fallback = taxonomy.fallback.slug
    store = {p.id: frozenset(p.topics) - {fallback} for p in papers if p.topics}
    store |= {paper_id: frozenset() for paper_id in rejected}
    slugs = [*(topic.slug for topic in taxonomy.ruled_topics), fallback]
    return Agreement(
        _topics(store, rereads.reading("topics-second"), rereads.reading("topics-third"), slugs, shipped),
        _headlines(by_id, rereads.reading("headlines-second")),
        _roles(by_id, rereads.reading("roles-second")),
    )


def _macro(counts: Sequence[TopicCount]) -> float:
    return sum(c.f1 for c in counts) / len(counts) if counts else 0.0


def _counts(
    first: Mapping[str, frozenset[str]], second: Mapping[str, frozenset[str]], slugs: Sequence[str], fallback: str
) -> list[TopicCount]:
    """Per topic, how many papers each reading puts in it, and both; a paper in none is in the fallback."""
    ones = {i: topics or frozenset({fallback}) for i, topics in first.items()}
    twos = {i: second[i] or frozenset({fallback}) for i in first}
    return [
        TopicCount(
            slug,
            sum(slug in ones[i] for i in ones),
            sum(slug in twos[i] for i in ones),
            sum(slug in ones[i] and slug in twos[i] for i in ones),
        )
        for slug in slugs
    ]


def _topics(
    store: Mapping[str, frozenset[str]],
    second: Mapping[str, Mapping[str, Any]],
    third: Mapping[str, Mapping[str, Any]],
    slugs: Sequence[str],
    shipped: Mapping[str, frozenset[str]] | None,
) -> TopicAgreement:
    """Per topic (`slugs`: the ruled topics, then the fallback), the store against the second reading."""
    ids = sorted(set(second) & set(store))
    curated = {i: store[i] for i in ids}
    reread = {i: frozenset(second[i]["topics"]) for i in ids}
    fallback = slugs[-1]
    differing = [i for i in ids if curated[i] != reread[i]]
    sides = {"store": 0, "second": 0, "neither": 0}
    for i in differing:
        if i in third:
            topics = frozenset(third[i]["topics"])
            sides["store" if topics == curated[i] else "second" if topics == reread[i] else "neither"] += 1
    counts = [c for c in _counts(curated, reread, slugs, fallback) if c.first or c.second]
    machine: list[TopicCount] = []
    if shipped is not None and ids and all(i in shipped for i in ids):
        present = {c.slug for c in counts}  # the topics either reading gave a paper, as the macro-F1 averages
        predicted = _counts(curated, {i: shipped[i] - {fallback} for i in ids}, slugs, fallback)
        machine = [c for c in predicted if c.slug in present]
    return TopicAgreement(
        len(ids),
        counts,
        len(ids) - len(differing),
        sum(bool(curated[i]) == bool(reread[i]) for i in ids),
        sides,
        machine,
        differing,
    )


def _headlines(papers: Mapping[str, Paper], second: Mapping[str, Mapping[str, Any]]) -> HeadlineAgreement:
    ids = sorted(i for i in second if i in papers and papers[i].topics and "headline" in papers[i].overrides)
    agree, differing = 0, []
    for i in ids:
        store = curated_headline(papers[i].overrides["headline"])
        other = curated_headline(second[i]["headline"])
        if same_headline(store, other):
            agree += 1
        else:
            differing.append((i, store.text if store else "(none)", other.text if other else "(none)"))
    return HeadlineAgreement(len(ids), agree, differing)


def _roles(papers: Mapping[str, Paper], second: Mapping[str, Mapping[str, Any]]) -> RoleAgreement:
    read = [
        (papers[i].overrides["sentence_roles"], second[i]["sentence_roles"])
        for i in sorted(second)
        if i in papers and "sentence_roles" in papers[i].overrides
    ]
    pairs = [pair for store, other in read if len(store) == len(other) for pair in zip(store, other, strict=True)]
    return RoleAgreement(
        sum(1 for store, other in read if len(store) == len(other)),
        len(pairs),
        sum((mine in OWN_ROLES) == (theirs in OWN_ROLES) for mine, theirs in pairs),
        sum(mine == theirs for mine, theirs in pairs),
    )


def agreement_lines(report: Agreement) -> list[str]:
    """The agreement as `digest eval` prints it."""
    topics, headlines, roles = report.topics, report.headlines, report.roles
    lines = [
        "",
        f"two readers (data/rereads/): topics of {topics.papers} decided papers, the store against a second reading",
    ]
    lines.append(f"  {'topic':<12} {'store':>5} {'second':>6} {'both':>5}  F1")
    lines += [f"  {c.slug:<12} {c.first:>5} {c.second:>6} {c.both:>5}  {c.f1:.2f}" for c in topics.counts]
    machine = topics.machine_macro_f1
    against = f" (what ships, leave one dump out, against the store on them: {machine:.2f})" if machine else ""
    lines.append(f"  macro-F1 {topics.macro_f1:.2f}{against}")
    lines.append(
        f"  same topics for {topics.same} of {topics.papers}; in a topic or not the same for {topics.in_or_out}"
    )
    if sum(topics.third.values()):
        lines.append(
            f"  of the differing papers read a third time, the third reading matches the store on "
            f"{topics.third['store']}, the second on {topics.third['second']}, neither on {topics.third['neither']}"
        )
    if headlines.papers:
        lines.append(
            f"headlines of {headlines.papers} papers in a topic: the store and a second reader agree on "
            f"{headlines.agree} ({headlines.agree / headlines.papers:.0%})"
        )
    if roles.sentences:
        lines.append(
            f"sentence roles of {roles.papers} papers: own or not the same for {roles.same} of {roles.sentences} "
            f"sentences ({roles.same / roles.sentences:.1%}), the same role for {roles.same_role}"
        )
    return lines
