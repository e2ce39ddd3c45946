"""A curator's corrections (`topics:` and `overrides:` in a record), applied in one place.

The machine derives; a curator's value replaces the machine's for that key, and the key is
marked curated so that every page and export can say so. Every key of
`records.model.OVERRIDE_KEYS` is applied here, and only here:

  a fact kind (its `override` in fact_kinds.KINDS)              replaces the extracted facts of that kind
  memory_tiers, workloads, parallelism                          replace the derived vocabulary values
  tags                                                          replaces the tags the rules gave (the record's
                                                                own `tags:` are added to either)
  headline                                                      replaces the headline result (a text or a record)
  published                                                     replaces the record's date
  compares_to                                                   replaces what the abstract names as baselines:
                                                                papers (by id) and catalogue systems (by name)
  sentence_roles, context_values                                say whose each value is (see facts/roles.py);
                                                                applied at extraction, by corpus.derive_paper
  misread                                                       values the machine read wrong, per fact kind:
                                                                dropped at extraction, by corpus.derive_paper
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import DigestError
from ..fact_kinds import KINDS, ORDER
from ..records.model import Paper
from .classify import Classification
from .facts import Fact, dedupe
from .facts.headline import Headline, curated_headline
from .taxonomy import Taxonomy, unknown_topics

FACT_KEYS = tuple(kind.name for kind in KINDS if kind.override)


@dataclass(frozen=True)
class Curated:
    """The values that end up on the site for one paper, and which of them a curator set."""

    facts: list[Fact]
    topics: tuple[str, ...] | None  # the curator's topics, or None: the machine suggests them
    tags: list[str]
    vocabulary: dict[str, list[str]]
    published: str | None
    headline: Headline | None
    compares_to: list[str] | None  # paper ids and catalogue names, or None to take what the abstract names
    keys: frozenset[str]  # the curated keys: "topics", "tags" and any override key


def apply(
    paper: Paper,
    *,
    facts: Sequence[Fact],
    classification: Classification,
    vocabulary: Mapping[str, list[str]],
    headline: Headline | None,
    taxonomy: Taxonomy,
) -> Curated:
    """The machine's values for `paper` with the curator's corrections applied and marked."""
    overrides: Mapping[str, Any] = paper.overrides
    keys = set(overrides) | ({"topics"} if paper.topics else set()) | ({"tags"} if paper.tags else set())
    curated_facts = _facts(facts, overrides)
    return Curated(
        facts=curated_facts,
        topics=_topics(paper.topics, taxonomy),
        tags=shown_tags(paper, classification.tags),
        vocabulary={
            key: list(overrides[key]) if key in overrides else list(values) for key, values in vocabulary.items()
        },
        published=overrides.get("published", paper.published),
        headline=curated_headline(overrides["headline"]) if "headline" in overrides else headline,
        compares_to=list(overrides["compares_to"]) if "compares_to" in overrides else None,
        keys=frozenset(keys),
    )


def shown_tags(paper: Paper, rule_tags: Sequence[str]) -> list[str]:
    """The tags a paper shows: a curator's `overrides.tags` in place of the rules' (`rule_tags`),
    then the record's own `tags:`."""
    given = paper.overrides.get("tags", rule_tags)
    return list(dict.fromkeys([*given, *paper.tags]))


def _topics(topics: Sequence[str], taxonomy: Taxonomy) -> tuple[str, ...] | None:
    """The curator's `topics:`, which replace the machine's entirely; None or [] means not curated."""
    if not topics:
        return None
    if problems := unknown_topics(topics, taxonomy):
        raise DigestError(problems[0])
    return tuple(dict.fromkeys(topics))


def _facts(facts: Sequence[Fact], overrides: Mapping[str, Any]) -> list[Fact]:
    """The extracted facts, with every kind a curator set replaced by the curated values; an
    empty list says "none"."""
    curated_kinds = {kind: overrides[kind] for kind in FACT_KEYS if kind in overrides}
    if not curated_kinds:
        return list(facts)
    kept = [fact for fact in facts if fact.kind not in curated_kinds]
    curated = [Fact(kind, value, "", curated=True) for kind, value in _values(curated_kinds)]
    return dedupe(sorted(kept + curated, key=lambda fact: ORDER[fact.kind]))


def _values(curated_kinds: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [
        (kind, value)
        for kind, values in curated_kinds.items()
        for value in ([values] if isinstance(values, str) else values)
    ]
