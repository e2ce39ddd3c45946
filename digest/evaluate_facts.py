"""Whether the values shown as a paper's are its own, measured against curated sentence roles.

Pure: records and the machine's facts in, a report out (part of `digest eval` and the Method page).
The truth is what a curator wrote in a record's `overrides`: `sentence_roles` (whose each abstract
sentence is), `context_values` (values inside the paper's own sentences that are a baseline's),
`misread` (values the machine read wrong), `headline` as a record, and `compares_to`. Only records
with curated sentence roles are scored.

- Fact precision, per kind: of the values the machine shows as the paper's, how many are (a
  value from an own sentence, or from a mixed one and not listed as context; the title is the
  paper's; in both cases not misread). "Before" takes every extracted value as the paper's, as the
  digest did before it read sentence roles: the difference is what the roles and the in-sentence
  attribution remove.
- Headline accuracy: the machine's headline has the curated metric and leading number (or the same
  change, however written), or both say there is none.
- Compares against: precision and recall of the (paper, baseline paper) links.

The roles and the attribution are rules that learn nothing from the curated labels: no fold is
needed. Their cues were chosen by people who had read these abstracts, though, so the figures are
an upper bound; papers curated later are the honest test. (A logistic regression over the words,
the cues and the position, trained leave one dump out on the same labels, read own / not own
right for 93% of the sentences against the rules' 96%: the rules stay.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .derive.corpus import baseline_mentions, machine_roles
from .derive.facts import Fact, listed_as_context, misread
from .derive.facts.headline import Headline, curated_headline, machine_headline, same_headline
from .derive.facts.roles import MIXED, OWN
from .derive.links import find_mentions
from .fact_kinds import KINDS
from .records.model import Paper
from .text.sentences import split_sentences

SCORED_KINDS = tuple(kind.name for kind in KINDS if not kind.always_own)


@dataclass
class KindPrecision:
    kind: str
    shown_before: int = 0  # values shown as the paper's when every extracted value was
    right_before: int = 0
    shown: int = 0  # values the machine shows as the paper's now
    right: int = 0

    @property
    def precision_before(self) -> float:
        return self.right_before / self.shown_before if self.shown_before else 1.0

    @property
    def precision(self) -> float:
        return self.right / self.shown if self.shown else 1.0


@dataclass(frozen=True)
class HeadlineMiss:
    paper: str
    curated: str
    machine: str


@dataclass
class Attribution:
    papers: int = 0  # records with curated sentence roles
    sentences: int = 0
    own_right: int = 0  # sentences whose own / not-own the machine reads as the curator did
    kinds: dict[str, KindPrecision] = field(default_factory=lambda: {k: KindPrecision(k) for k in SCORED_KINDS})
    headline_papers: int = 0
    headline_right: int = 0
    headline_misses: list[HeadlineMiss] = field(default_factory=list)
    compared_true: int = 0
    compared_false: int = 0
    compared_missed: int = 0
    compared_false_before: int = 0  # links made from any mention of a name, as before
    misread_shown: int = 0  # values shown as the paper's that a curator listed as misread

    def total(self) -> KindPrecision:
        total = KindPrecision("all")
        for kind in self.kinds.values():
            total.shown_before += kind.shown_before
            total.right_before += kind.right_before
            total.shown += kind.shown
            total.right += kind.right
        return total

    @property
    def fact_precision(self) -> float:
        return self.total().precision

    @property
    def context_shown_as_own(self) -> int:
        total = self.total()
        return total.shown - total.right - self.misread_shown

    @property
    def headline_accuracy(self) -> float:
        return self.headline_right / self.headline_papers if self.headline_papers else 1.0

    @property
    def role_accuracy(self) -> float:
        return self.own_right / self.sentences if self.sentences else 1.0

    @property
    def compares_precision(self) -> float:
        chosen = self.compared_true + self.compared_false
        return self.compared_true / chosen if chosen else 1.0

    @property
    def compares_recall(self) -> float:
        actual = self.compared_true + self.compared_missed
        return self.compared_true / actual if actual else 1.0

    def to_json(self) -> dict[str, Any]:
        total = self.total()
        return {
            "papers": self.papers,
            "sentences": self.sentences,
            "role_accuracy": round(self.role_accuracy, 4),
            "fact_precision": round(self.fact_precision, 4),
            "fact_precision_before": round(total.precision_before, 4),
            "context_shown_as_own": self.context_shown_as_own,
            "misread_shown": self.misread_shown,
            "kinds": {
                k.kind: {
                    "shown": k.shown,
                    "right": k.right,
                    "precision": round(k.precision, 4),
                    "shown_before": k.shown_before,
                    "precision_before": round(k.precision_before, 4),
                }
                for k in self.kinds.values()
                if k.shown_before
            },
            "headline": {
                "papers": self.headline_papers,
                "right": self.headline_right,
                "accuracy": round(self.headline_accuracy, 4),
                "misses": [
                    {"paper": m.paper, "curated": m.curated, "machine": m.machine} for m in self.headline_misses
                ],
            },
            "compares_to": {
                "precision": round(self.compares_precision, 4),
                "recall": round(self.compares_recall, 4),
                "true": self.compared_true,
                "false": self.compared_false,
                "missed": self.compared_missed,
                "false_before": self.compared_false_before,
            },
        }


def evaluate_attribution(papers: Sequence[Paper], facts_of: Mapping[str, Sequence[Fact]]) -> Attribution:
    """The machine's facts, headlines and baseline links against the curated ones."""
    report = Attribution()
    curated = [p for p in papers if "sentence_roles" in p.overrides]
    for paper in curated:
        report.papers += 1
        roles: list[str] = paper.overrides["sentence_roles"]
        sentences = split_sentences(paper.abstract)
        report.sentences += len(sentences)
        report.own_right += sum(
            (mine in (OWN, MIXED)) == (theirs in (OWN, MIXED))
            for mine, theirs in zip(machine_roles(paper), roles, strict=True)
        )
        _score_facts(report, paper, dict(zip(sentences, roles, strict=True)), facts_of[paper.id])
        if isinstance(paper.overrides.get("headline"), dict):
            _score_headline(report, paper, machine_headline(facts_of[paper.id]))
    _score_links(report, papers, curated, facts_of)
    return report


def _score_facts(report: Attribution, paper: Paper, role_of: Mapping[str, str], facts: Sequence[Fact]) -> None:
    context_values = paper.overrides.get("context_values", [])
    wrong = paper.overrides.get("misread", {})
    for fact in facts:
        if fact.kind not in report.kinds or fact.curated:
            continue
        role = OWN if fact.sentence == paper.title.strip() else role_of.get(fact.sentence, OWN)
        own = role == OWN or (role == MIXED and not listed_as_context(fact, context_values))
        right = own and not misread(fact, wrong)
        kind = report.kinds[fact.kind]
        kind.shown_before += 1
        kind.right_before += right
        if fact.own:
            kind.shown += 1
            kind.right += right
            report.misread_shown += own and not right


def _score_headline(report: Attribution, paper: Paper, machine: Headline | None) -> None:
    curated = curated_headline(paper.overrides["headline"])
    report.headline_papers += 1
    right = same_headline(curated, machine)
    report.headline_right += right
    if not right:
        report.headline_misses.append(
            HeadlineMiss(paper.id, curated.text if curated else "(none)", machine.text if machine else "(none)")
        )


def _score_links(
    report: Attribution, papers: Sequence[Paper], curated: Sequence[Paper], facts_of: Mapping[str, Sequence[Fact]]
) -> None:
    names = {
        p.id: ([f.value for f in facts_of[p.id] if f.kind == "system"][:1], f"{p.title}. {p.abstract}") for p in papers
    }
    roles = {p.id: dict(zip(split_sentences(p.abstract), machine_roles(p), strict=True)) for p in papers}
    found = baseline_mentions(names, roles)
    any_mention = find_mentions(names, split_sentences)
    for paper in curated:
        # Links between papers only: the catalogue's systems a curator lists are not predicted here.
        truth = {target for target in paper.overrides.get("compares_to", []) if target in names}
        predicted = {mention.target for mention in found[paper.id]}
        report.compared_true += len(predicted & truth)
        report.compared_false += len(predicted - truth)
        report.compared_missed += len(truth - predicted)
        report.compared_false_before += len({mention.target for mention in any_mention[paper.id]} - truth)


EVERY_VALUE = "every value as the paper's"


def attribution_lines(report: Attribution) -> list[str]:
    """Are the values the paper's own: fact precision per kind before and after sentence roles, the
    headline, and compares-against, on the papers with curated sentence roles."""
    total = report.total()
    lines = [
        "",
        f"values shown as the paper's, on {report.papers} papers with curated sentence roles "
        f"({report.sentences} sentences, own / not own read right for {report.role_accuracy:.0%}):",
        # The Method page's column names: "before" and "now" read as before and after a curator.
        f"  {'kind':<12} {EVERY_VALUE:<28} as the machine reads roles",
    ]
    lines += [
        f"  {k.kind:<12} {f'{k.right_before} of {k.shown_before} ({k.precision_before:.2f})':<28} "
        f"{k.right} of {k.shown} ({k.precision:.2f})"
        for k in report.kinds.values()
        if k.shown_before
    ]
    lines += [
        f"  {'all':<12} {f'{total.right_before} of {total.shown_before} ({total.precision_before:.2f})':<28} "
        f"{total.right} of {total.shown} ({total.precision:.2f}); "
        f"{report.context_shown_as_own} background or baseline values shown as the paper's, "
        f"{report.misread_shown} misread",
        f"  {total.right_before - total.right} of the paper's own {total.right_before} values read as context "
        f"(kept {total.right / total.right_before if total.right_before else 1.0:.0%})",
        f"headline: {report.headline_right} of {report.headline_papers} right ({report.headline_accuracy:.0%})",
    ]
    lines += [f"  {m.paper}: curated {m.curated!r}, machine {m.machine!r}" for m in report.headline_misses]
    lines.append(
        f"compares against: precision {report.compares_precision:.2f}, recall {report.compares_recall:.2f} "
        f"({report.compared_true} right, {report.compared_false} wrong, {report.compared_missed} missed; "
        f"{report.compared_false_before} wrong from any mention of a name)"
    )
    return lines
