"""Derived vocabularies: the memory tiers, workloads and kinds of parallelism a paper names.

The values of the comparison-table columns of the same names; the terms and their phrases are
in data/taxonomy.yaml (`memory_tiers`, `workloads`, `parallelism`).
"""

from __future__ import annotations

import re

from .rules import searchable
from .taxonomy import Taxonomy, Term


def memory_tiers(text: str, taxonomy: Taxonomy) -> list[str]:
    """The memory tiers `text` names (e.g. GPU HBM, CPU DRAM, NVMe SSD), in vocabulary order.
    Meaningful for offloading papers, where naming a tier means using it. The first tier, the
    accelerator's own memory, alone is none: every paper uses it, and an offloading paper that
    names no other tier has had its other tier missed, not used none. With another tier it is
    always one: data offloaded "to CPU" leaves the accelerator's memory, named or not."""
    tiers = _named_terms(text, taxonomy.memory_tiers)
    first = taxonomy.memory_tiers[0].name
    others = [tier for tier in tiers if tier != first]
    return [first, *others] if others else []


def parallelism(text: str, taxonomy: Taxonomy) -> list[str]:
    """The kinds of parallelism `text` names (data, tensor, pipeline, ...), in vocabulary order.
    Meaningful for parallelism papers, where naming a kind usually means using or comparing it.
    A list that shares one "parallelism" ("tensor, pipeline, and data parallelism") names each."""
    folded = searchable(text)
    return _named_terms(" . ".join([folded, *_shared_head_kinds(folded)]), taxonomy.parallelism)


def workloads(text: str, taxonomy: Taxonomy) -> list[str]:
    """The workloads `text` is about (training, fine-tuning, inference), most mentioned first.

    A workload needs two mentions: one passing remark ("without retraining the model",
    "trained on NVIDIA A100") is context, not the paper's workload. Pass title and abstract
    together so a title mention counts. A mention is counted once however many of the term's
    phrases find it ("pre-training" is "pre-train*" and "training"), and one that says its
    workload is absent ("training-free") is no mention."""
    folded = searchable(text)
    counts = {}
    for term in taxonomy.workloads:
        mentions = len(_mentions(folded, term))
        if mentions >= 2:
            counts[term.name] = mentions
    return sorted(counts, key=lambda name: -counts[name])


# The vocabularies by the column (and override key) they fill.
VOCABULARIES = {"memory_tiers": memory_tiers, "workloads": workloads, "parallelism": parallelism}


def paper_vocabulary(title: str, abstract: str, taxonomy: Taxonomy) -> dict[str, list[str]]:
    """Each vocabulary column's values for a paper, read from its title and abstract together (so
    a title's mention counts), before any curator's override."""
    text = f"{title}. {abstract}"
    return {key: derive(text, taxonomy) for key, derive in VOCABULARIES.items()}


# "X, Y, and Z parallelism", "X and Y parallel training", "X/Y parallelism": kinds sharing one head.
_KIND = r"[a-z0-9]\w*(?:-\w+)*-?"
_KIND_SEPARATOR = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s*/\s*|\s+(?:and|or)\s+)"
_HEAD = re.compile(r"(?:\s+|-)(?P<head>parallel(?:ism|ization)?)\b")
_KINDS_BEFORE_HEAD = re.compile(rf"\b(?P<kinds>(?:{_KIND}{_KIND_SEPARATOR}){{1,5}}{_KIND})$")
_LIST_REACH = 120  # characters before the head a list of kinds may start
_KIND_SPLIT = re.compile(rf"-?{_KIND_SEPARATOR}|-$")
# A workload named to say it is absent: "training-free", "a serving-free design".
_ABSENT = re.compile(r"[\s-]?free\b")


def _shared_head_kinds(folded: str) -> list[str]:
    """ "tensor, pipeline, and data parallelism" -> "tensor parallelism", "pipeline parallelism", ...:
    each list is read back from its head word only, so a text without one costs one scan."""
    named = []
    for head in _HEAD.finditer(folded):
        listed = _KINDS_BEFORE_HEAD.search(folded, max(0, head.start() - _LIST_REACH), head.start())
        if listed:
            named += [f"{kind} {head['head']}" for kind in _KIND_SPLIT.split(listed["kinds"])]
    return named


def _mentions(folded: str, term: Term) -> list[tuple[int, int]]:
    """The spans where `term` is named, overlapping matches of its phrases as one."""
    spans: list[tuple[int, int]] = []
    for rule in term.rules:
        hit = rule.first_match(folded)
        while hit:
            if not _ABSENT.match(folded, hit.end()):
                spans.append(hit.span())
            hit = rule.first_match(folded, max(hit.end(), hit.start() + 1))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _named_terms(text: str, terms: tuple[Term, ...]) -> list[str]:
    folded = searchable(text)
    return [term.name for term in terms if any(rule.first_match(folded) for rule in term.rules)]
