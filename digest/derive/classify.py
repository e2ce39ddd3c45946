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
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from ..errors import DigestError
from ..text.sentences import sentence_around
from .rules import Rule, searchable
from .taxonomy import Taxonomy, unknown_topics

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
    """What the classifier decided, with every piece of evidence.

    `topics` are the machine's topics (best score first, or just `other` when `fallback`);
    `final_topics` are what the site shows: the curator's list when `curated`, else the machine's."""

    topics: tuple[TopicMatch, ...]
    tags: tuple[str, ...]
    tag_matches: tuple[TagMatch, ...]
    fallback: bool
    scores: tuple[TopicMatch, ...]  # every ruled topic, passed or not, in taxonomy order
    curated_topics: tuple[str, ...] | None = None

    @property
    def curated(self) -> bool:
        return self.curated_topics is not None

    @property
    def machine_topics(self) -> tuple[str, ...]:
        return tuple(match.slug for match in self.topics)

    @property
    def final_topics(self) -> tuple[str, ...]:
        return self.curated_topics if self.curated_topics is not None else self.machine_topics


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


def apply_curated_topics(
    classification: Classification, curated_topics: list[str] | None, taxonomy: Taxonomy
) -> Classification:
    """The curator's `topics:` replace the machine's topics entirely; the machine's evidence is
    kept so `explain` can still show what it would have said. None or [] means not curated."""
    if not curated_topics:
        return classification
    if problems := unknown_topics(curated_topics, taxonomy):
        raise DigestError(problems[0])
    return replace(classification, curated_topics=tuple(dict.fromkeys(curated_topics)))


def explain(title: str, abstract: str, taxonomy: Taxonomy, curated_topics: list[str] | None = None) -> str:
    """The classifier's reasoning in plain text: each topic's score against its threshold with
    the phrases that scored, the tags, and whether a curator overrode the result."""
    result = apply_curated_topics(classify(title, abstract, taxonomy), curated_topics, taxonomy)
    lines = []
    for score in result.scores:
        verdict = "yes" if score.passed else "no"
        evidence = _describe(score.matches) or "no rule matched"
        lines.append(f"{score.slug}: score {score.score} (threshold {score.threshold}, {verdict}) — {evidence}")
    tags = [f"{t.slug} ({_describe(t.matches)})" for t in result.tag_matches]
    lines.append("tags: " + ("; ".join(tags) if tags else "none"))
    machine = ", ".join(result.machine_topics)
    if result.fallback:
        machine += " (no topic reached its threshold)"
    if result.curated:
        lines.append(
            f"topics: {', '.join(result.final_topics)} — curated in the record, overriding the classifier's {machine}"
        )
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
