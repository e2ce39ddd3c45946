"""Derived vocabularies: the memory tiers, workloads and kinds of parallelism a paper names.

The values of the comparison-table columns of the same names; the terms and their phrases are
in data/taxonomy.yaml (`memory_tiers`, `workloads`, `parallelism`).
"""

from __future__ import annotations

from .rules import searchable
from .taxonomy import Taxonomy, Term


def memory_tiers(text: str, taxonomy: Taxonomy) -> list[str]:
    """The memory tiers `text` names (e.g. GPU HBM, CPU DRAM, NVMe SSD), in vocabulary order.
    Meaningful for offloading papers, where naming a tier means using it."""
    return _named_terms(text, taxonomy.memory_tiers)


def parallelism(text: str, taxonomy: Taxonomy) -> list[str]:
    """The kinds of parallelism `text` names (data, tensor, pipeline, ...), in vocabulary order.
    Meaningful for parallelism papers, where naming a kind usually means using or comparing it."""
    return _named_terms(text, taxonomy.parallelism)


def workloads(text: str, taxonomy: Taxonomy) -> list[str]:
    """The workloads `text` is about (training, fine-tuning, inference), most mentioned first.

    A workload needs two mentions: one passing remark ("without retraining the model",
    "trained on NVIDIA A100") is context, not the paper's workload. Pass title and abstract
    together so a title mention counts."""
    folded = searchable(text)
    counts = {}
    for term in taxonomy.workloads:
        mentions = sum(rule.count(folded) for rule in term.rules)
        if mentions >= 2:
            counts[term.name] = mentions
    return sorted(counts, key=lambda name: -counts[name])


# The vocabularies by the column (and override key) they fill.
VOCABULARIES = {"memory_tiers": memory_tiers, "workloads": workloads, "parallelism": parallelism}


def _named_terms(text: str, terms: tuple[Term, ...]) -> list[str]:
    folded = searchable(text)
    return [term.name for term in terms if any(rule.first_match(folded) for rule in term.rules)]
