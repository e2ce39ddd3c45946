"""Where a curated headline was read: the abstract sentence that holds its leading number, shown
under the headline when no fact of the page highlights that number. A curator reads a result the
extractor missed (a share of a baseline's throughput, a distance from an optimum), and a reader's
audit found such headlines checkable nowhere on their page."""

from __future__ import annotations

import re

from ..derive.corpus import Derived
from ..derive.facts.roles import OWN
from ..text.sentences import split_sentences
from .markdown import md_marked


def headline_source(derived: Derived) -> str | None:
    """The sentence of a curated headline's leading number as HTML, the number marked; None for a
    machine headline (its fact is on the page), a headline with no number ("an order of
    magnitude"), a number no sentence holds, or one a fact already highlights."""
    headline = derived.headline
    if headline is None or not derived.is_curated("headline") or not headline.numbers:
        return None
    roles = derived.roles
    sentences = split_sentences(derived.paper.abstract)
    found = []
    for number in _number_patterns(headline.numbers[0], headline.value):
        found = [
            (sentence, match, index < len(roles) and roles[index] == OWN)
            for index, sentence in enumerate(sentences)
            if (match := number.search(sentence))
        ]
        if found:
            break
    else:
        return None
    # The paper's own sentence first: a background sentence may give the same number for another system.
    sentence, match, _ = max(found, key=lambda item: item[2])
    if any(_highlights(fact.sentence, fact.span, sentence, match) for fact in derived.facts if fact.own):
        return None
    return md_marked(sentence, [(*match.span("number"), "the headline's number")], html_cell=True)


def _number_patterns(number: str, value: str) -> list[re.Pattern[str]]:
    """A number as an abstract may write it: thousands with or without commas ("2,800"), never part
    of a name or of a longer number ("FlashAttention-2", "12.5"). First followed by what follows it
    in the headline ("2×" finds "2x" and "2 times", not the "(2)" of a list); then, for a number
    too long to be a list's ("17.7", "502"), alone ("x17.7", "502 petaFLOP/s")."""
    integer, _, fraction = number.partition(".")
    digits = ",?".join(re.escape(digit) for digit in integer) + (re.escape("." + fraction) if fraction else "")
    alone = rf"(?<![\w.,\-])(?P<number>{digits})(?![\d]|\.\d)"
    loose = [re.compile(alone)] if fraction or len(integer) > 1 else []
    return [re.compile(alone + _unit_after(number, value)), *loose]


_UNITS = (
    (re.compile(r"[×x]"), r"\s*(?:×|[xX]\b|times|\\times)"),
    (re.compile(r"%"), r"\s*(?:\\?%|percent)"),
    (re.compile(r"[-–—~]"), r"\s*(?:[-–—~]|to\b|\{?sim\}?)"),
)


def _unit_after(number: str, value: str) -> str:
    """What must follow the number in the abstract: the headline's unit after it, loosely."""
    at = value.replace(",", "").find(number)
    after = value.replace(",", "")[at + len(number) :].lstrip() if at >= 0 else ""
    if not after:
        return ""
    for unit, written in _UNITS:
        if unit.match(after):
            return written
    word = re.match(r"[A-Za-z]{1,3}", after)
    return rf"\s*-?{re.escape(word.group())}" if word else ""


def _highlights(fact_sentence: str, span: tuple[int, int] | None, sentence: str, match: re.Match[str]) -> bool:
    return span is not None and fact_sentence == sentence and span[0] < match.end() and match.start() < span[1]
