"""Records in, derived values out: facts, topics, tags and cross-links for every paper.

Nothing derived is stored in the records, so nothing goes stale: this runs at every build.
A curator's `topics:` and `overrides:` win over what the machine derives, and stay marked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .facts import Fact, apply_overrides, extract_facts, headline, split_sentences
from .hardware import HardwareCatalog, load_hardware
from .links import Mention, find_mentions, group_by, related_papers
from .model import Paper
from .store import load_papers
from .taxonomy import (Classification, Taxonomy, apply_curated_topics, classify, derive_memory_tiers,
                       derive_parallelism, derive_workload, load_taxonomy)

TAXONOMY_FILE = "taxonomy.yaml"
HARDWARE_FILE = "hardware.yaml"


@dataclass
class Derived:
    """A paper with everything the digest derives for it."""

    paper: Paper
    facts: list[Fact]
    classification: Classification
    topics: list[str]
    topics_curated: bool
    tags: list[str]
    system: str | None = None
    hardware: list[str] = field(default_factory=list)
    # Vocabulary values for table columns (memory_tiers, workload, parallelism): (values, curated?)
    terms: dict[str, tuple[list[str], bool]] = field(default_factory=dict)
    compares_to: list[Mention] = field(default_factory=list)
    compared_by: list[str] = field(default_factory=list)
    related: list[tuple[str, float]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.paper.id

    def values(self, kind: str) -> list[str]:
        if kind in self.terms:
            return self.terms[kind][0]
        return [fact.value for fact in self.facts if fact.kind == kind]

    def headline(self) -> str | None:
        return headline(self.facts)


@dataclass
class Corpus:
    papers: dict[str, Derived]  # by id, in id order
    taxonomy: Taxonomy
    catalog: HardwareCatalog
    by_topic: dict[str, list[str]]
    by_hardware: dict[str, list[str]]
    by_tag: dict[str, list[str]]

    def newest(self, count: int) -> list[Derived]:
        dated = sorted(self.papers.values(), key=lambda d: (d.paper.overrides.get("published", d.paper.published)
                                                            or "", d.id), reverse=True)
        return dated[:count]


def load_corpus(data_dir: Path) -> Corpus:
    return build_corpus(load_papers(data_dir), load_taxonomy(data_dir / TAXONOMY_FILE),
                        load_hardware(data_dir / HARDWARE_FILE))


def build_corpus(papers: list[Paper], taxonomy: Taxonomy, catalog: HardwareCatalog) -> Corpus:
    derived = {paper.id: _derive(paper, taxonomy, catalog) for paper in sorted(papers, key=lambda p: p.id)}
    _link(derived)
    by_topic = {topic.slug: [] for topic in taxonomy.topics}
    by_topic.update(group_by({pid: d.topics for pid, d in derived.items()}))
    return Corpus(
        papers=derived, taxonomy=taxonomy, catalog=catalog, by_topic=by_topic,
        by_hardware=group_by({pid: d.hardware for pid, d in derived.items()}),
        by_tag=group_by({pid: d.tags for pid, d in derived.items()}),
    )


def _derive(paper: Paper, taxonomy: Taxonomy, catalog: HardwareCatalog) -> Derived:
    facts = apply_overrides(extract_facts(paper.title, paper.abstract, catalog), paper.overrides)
    classification = apply_curated_topics(classify(paper.title, paper.abstract, taxonomy), paper.topics or None,
                                           taxonomy)
    tags = list(dict.fromkeys([*classification.tags, *paper.tags]))
    system = next((fact.value for fact in facts if fact.kind == "system"), None)
    text = f"{paper.title}. {paper.abstract}"
    terms = {kind: ((list(paper.overrides[kind]), True) if kind in paper.overrides else (derive(text, taxonomy), False))
             for kind, derive in (("memory_tiers", derive_memory_tiers), ("workload", derive_workload),
                                  ("parallelism", derive_parallelism))}
    return Derived(
        paper=paper, facts=facts, classification=classification, topics=list(classification.final_topics),
        topics_curated=bool(paper.topics), tags=tags, system=system,
        hardware=list(dict.fromkeys(fact.value for fact in facts if fact.kind == "hardware")), terms=terms,
    )


def _link(derived: dict[str, Derived]) -> None:
    # The title counts as the first sentence: "Extend FlashAttention2 to NPUs" names its baseline.
    names = {pid: ([d.system] if d.system else [], f"{d.paper.title}. {d.paper.abstract}")
             for pid, d in derived.items()}
    mentions = find_mentions(names, split_sentences)
    for pid, d in derived.items():
        curated = d.paper.overrides.get("compares_to")
        d.compares_to = ([Mention(target, derived[target].system or target, "") for target in curated
                          if target in derived] if curated is not None else mentions[pid])
        for mention in d.compares_to:
            derived[mention.target].compared_by.append(pid)
    # The title twice: its words say what the paper is about more than any abstract sentence.
    related = related_papers({pid: f"{d.paper.title}. {d.paper.title}. {d.paper.abstract}"
                              for pid, d in derived.items()})
    for pid, d in derived.items():
        d.related = related[pid]
