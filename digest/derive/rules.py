"""Rules (a pattern and its weight) and the index that runs a whole taxonomy's rules in one pass."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..text.fold import fold_case
from ..text.trie import trie_regex
from ..text.urls import blank_urls
from .patterns import Variant, compile_pattern


def searchable(text: str) -> str:
    """What rules run on: `text` case-folded and without web addresses, every character kept
    at its offset so that a match points at the same characters in the original text."""
    return blank_urls(fold_case(text))


@dataclass(frozen=True, eq=False)  # compared by identity: hashing a rule must be cheap
class Rule:
    """One phrase and what it adds to a score. Negative weights are counter-evidence."""

    pattern: str
    weight: int = 1
    variants: tuple[Variant, ...] = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Compiled once, when the taxonomy is loaded: classify() only runs them.
        object.__setattr__(self, "variants", compile_pattern(self.pattern))

    def first_match(self, folded: str, start: int = 0) -> re.Match[str] | None:
        """The earliest whole-word match at or after `start` in case-folded text, or None."""
        matches = [m for m in (v.search(folded, start) for v in self.variants) if m]
        return min(matches, key=lambda m: m.start(), default=None)

    def count(self, folded: str) -> int:
        """How many times the rule matches, without overlaps."""
        count = 0
        hit = self.first_match(folded)
        while hit:
            count += 1
            hit = self.first_match(folded, max(hit.end(), hit.start() + 1))
        return count


class RuleIndex:
    """Every rule of a taxonomy, filed under the word start its matches begin with.

    One regex pass finds the word starts of a text that begin some rule ("gpu", "offload"), and
    only the rules filed under them are tried, right there. Asking each of some 200 rules to
    search the whole text took four times as long."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.by_lead: dict[str, list[tuple[Rule, Variant]]] = {}
        self.unanchored: list[tuple[Rule, Variant]] = []  # variants that start with no letter
        for rule in dict.fromkeys(rules):
            for variant in rule.variants:
                if variant.lead:
                    self.by_lead.setdefault(variant.lead, []).append((rule, variant))
                else:
                    self.unanchored.append((rule, variant))
        leads = sorted(self.by_lead)
        self.detector = re.compile(r"\b" + trie_regex((lead, "") for lead in leads)) if leads else None
        # The detector reports the longest lead at a position; the shorter leads it starts with are
        # there too, so their rules are tried as well.
        self.candidates: dict[str, list[tuple[Rule, Callable[[str, int], re.Match[str] | None]]]] = {
            lead: [
                (rule, variant.regex.match)
                for shorter in leads
                if lead.startswith(shorter)
                for rule, variant in self.by_lead[shorter]
            ]
            for lead in leads
        }

    def first_matches(self, folded: str) -> dict[Rule, re.Match[str]]:
        """The first match of every rule that matches the case-folded text."""
        found: dict[Rule, re.Match[str]] = {}
        for hit in self.detector.finditer(folded) if self.detector else ():
            start = hit.start()
            for rule, match_at in self.candidates[hit.group()]:
                if rule not in found and (match := match_at(folded, start)):
                    found[rule] = match
        for rule, variant in self.unanchored:
            match = variant.search(folded)
            if match and (rule not in found or match.start() < found[rule].start()):
                found[rule] = match
        return found
