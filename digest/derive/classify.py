"""The rule-based classifier: a paper's topics and tags, with every piece of evidence.

Each topic has weighted rules: phrases matched against a paper's title and abstract. A rule
counts once per field; a title match counts `title_weight` times its weight, because a title
names the contribution while an abstract also names context, baselines and hardware. A paper
joins every topic whose score reaches that topic's threshold, and falls back to `other` when it
reaches none. Every point of a score is kept as a Match (phrase, field, sentence), so the
reasoning can always be printed (`explain`) and a curator can see what to override. Web
addresses in abstracts are ignored (see `rules.searchable`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from ..text.sentences import sentence_around
from .rules import Rule, searchable
from .taxonomy import Taxonomy

Where = Literal["title", "abstract"]


@dataclass(frozen=True)
class Match:
    """One rule that matched: the text it found, where, the points it earned, and (`snippet`)
    the sentence around it."""

    rule: str
    phrase: str
    where: Where
    points: int
    start: int
    end: int
    text: str = dataclasses.field(repr=False, compare=False)

    @cached_property
    def snippet(self) -> str:
        # Computed on demand: most classifications are never shown with their sentences.
        return sentence_around(self.text, self.start, self.end)


@dataclass(frozen=True)
class TopicMatch:
    slug: str
    score: int
    threshold: int
    matches: tuple[Match, ...]

    @property
    def passed(self) -> bool:
        return self.score >= self.threshold


@dataclass(frozen=True)
class TagMatch:
    slug: str
    score: int
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Classification:
    """What the rules say of a paper, with every piece of evidence: evidence only, never the
    decision (a curator's topics, else the suggestion: `corpus.Derived.topics`).

    `topics` are the topics the rules place it in (best score first, or just `other` when `fallback`)."""

    topics: tuple[TopicMatch, ...]
    tags: tuple[str, ...]
    tag_matches: tuple[TagMatch, ...]
    fallback: bool
    scores: tuple[TopicMatch, ...]  # every ruled topic, passed or not, in taxonomy order

    @property
    def rule_topics(self) -> tuple[str, ...]:
        return tuple(match.slug for match in self.topics)


def classify(title: str, abstract: str, taxonomy: Taxonomy) -> Classification:
    """Score the paper against every topic and tag of `taxonomy`."""
    evidence = _evidence(title or "", abstract or "", taxonomy)
    scores = []
    for topic in taxonomy.ruled_topics:
        matches = _matches_of(topic.rules, evidence)
        scores.append(TopicMatch(topic.slug, sum(m.points for m in matches), topic.threshold, matches))
    passed = sorted((s for s in scores if s.passed), key=lambda s: -s.score)  # stable: ties keep taxonomy order
    fallback = not passed
    if fallback:
        passed = [TopicMatch(taxonomy.fallback.slug, 0, 0, ())]
    tag_matches = []
    for tag in taxonomy.tags:
        matches = _matches_of(tag.rules, evidence)
        score = sum(m.points for m in matches)
        if matches and score >= tag.threshold:
            tag_matches.append(TagMatch(tag.slug, score, matches))
    return Classification(
        topics=tuple(passed),
        tags=tuple(t.slug for t in tag_matches),
        tag_matches=tuple(tag_matches),
        fallback=fallback,
        scores=tuple(scores),
    )


def _evidence(title: str, abstract: str, taxonomy: Taxonomy) -> dict[Rule, list[Match]]:
    """Every rule of the taxonomy that matches the title or the abstract, with its points."""
    evidence: dict[Rule, list[Match]] = {}
    fields: tuple[tuple[Where, str, int], ...] = (("title", title, taxonomy.title_weight), ("abstract", abstract, 1))
    for where, text, weight in fields:
        for rule, hit in taxonomy.rule_index.first_matches(searchable(text)).items():
            start, end = hit.span()
            evidence.setdefault(rule, []).append(
                Match(rule.pattern, text[start:end], where, rule.weight * weight, start, end, text)
            )
    return evidence


def _matches_of(rules: tuple[Rule, ...], evidence: dict[Rule, list[Match]]) -> tuple[Match, ...]:
    return tuple(match for rule in rules if rule in evidence for match in evidence[rule])


def explain(title: str, abstract: str, taxonomy: Taxonomy, curated_topics: Sequence[str] = ()) -> str:
    """The classifier's reasoning in plain text: each topic's score against its threshold with
    the phrases that scored, the tags, and whether a curator overrode the result."""
    result = classify(title, abstract, taxonomy)
    lines = []
    for score in result.scores:
        verdict = "yes" if score.passed else "no"
        evidence = _describe(score.matches) or "no rule matched"
        lines.append(f"{score.slug}: score {score.score} (threshold {score.threshold}, {verdict}) — {evidence}")
    tags = [f"{t.slug} ({_describe(t.matches)})" for t in result.tag_matches]
    lines.append("tags: " + ("; ".join(tags) if tags else "none"))
    machine = ", ".join(result.rule_topics)
    if result.fallback:
        machine += " (no topic reached its threshold)"
    if curated_topics:
        curated = ", ".join(dict.fromkeys(curated_topics))
        lines.append(f"topics: {curated} — curated in the record, overriding the classifier's {machine}")
    else:
        lines.append(f"topics by the rules alone: {machine} (where the model learned a topic, it decides)")
    return "\n".join(lines)


def _describe(matches: tuple[Match, ...]) -> str:
    """Matches as text, e.g. title: 'NVMe' (+6); abstract: 'swapping' (+2), 'CPU memory' (+2)."""
    parts = []
    for where in ("title", "abstract"):
        found = [f"'{m.phrase}' ({m.points:+d})" for m in matches if m.where == where]
        if found:
            parts.append(f"{where}: {', '.join(found)}")
    return "; ".join(parts)
