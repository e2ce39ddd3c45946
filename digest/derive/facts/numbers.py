"""Number patterns shared by the extractors that read figures."""

from __future__ import annotations

import re

from ...text.latex import COMPARISONS

NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
# What may stand between a number and its unit: a space, or LaTeX's thin, medium or tied space
# ("19.63\,FPS", "4\;GB", "100~ms"), which the dumps keep verbatim.
UNIT_GAP = r"(?:\s|\\[,;:! ]|~)?"
# A number that starts a token: not the "100" of "A100", the "5" of "2.5", the "024" of
# "1,024" or the exponent "4" of "10^4 GPU hours"; but the "20" of the dumps' "sim20%" (LaTeX
# "\sim 20%") and of a list written without spaces, "12X,20X,33X and 39X", "72%,60%".
# Written digit-first, then looking back, so the regex engine only tries at digits.
NUMBER_START = r"\d(?:(?<=\bsim\d)|(?<=[x×X%],\d)|(?<=times,\d)|(?<![\w.,^]\d))"
FRESH_NUMBER = rf"{NUMBER_START}\d*(?:,\d{{3}})*(?:\.\d+)?"

# A level aimed at, where a result is measured, not the result: "the time needed to achieve a 90% ASR".
A_TARGET_BEFORE = re.compile(
    r"\b(?:needed|required|takes?|time)\s+to\s+(?:achieve|reach|attain|hit)\s+(?:an?\s+|the\s+)?$", re.I
)

# How a number is hedged (read backwards from it), and how that shows in a value.
_HEDGE_BEFORE = re.compile(
    r"(?<![\w])(?P<qualifier>up\s+to|up-to|more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|over|under|below|above|"
    r"nearly|almost|about|around|approximately|approx\.?|roughly|only|merely|just|~|<=?|>=?|≤|≥|sim|\{sim\}|"
    # TeX's comparisons, their backslash kept or lost by a dump: "$\le 4\%$", "incurs le 4% overhead"
    r"\\?leq?|\\?geq?)\s*(?:a\s+)?$",
    re.IGNORECASE,
)
_HEDGE_PREFIX = {
    "up to": "up to ",
    "up-to": "up to ",
    "more than": ">",
    "at least": "≥",
    "over": ">",
    "above": ">",
    "less than": "<",
    "fewer than": "<",
    "under": "<",
    "below": "<",
    "at most": "≤",
    "≤": "≤",
    "<=": "≤",
    "≥": "≥",
    ">=": "≥",
    **COMPARISONS,  # TeX's "le", "geq", with or without their backslash
    "<": "<",
    ">": ">",
    "only": "",
    "merely": "",
    "just": "",
}


def hedge(sentence: str, start: int) -> tuple[str, int]:
    """The hedge written just before the number at `start` ("up to", "over", "~") as a value
    prefix, and where the hedged number starts."""
    found = _HEDGE_BEFORE.search(sentence, max(0, start - 24), start)
    if found is None:
        return "", start
    prefix = _prefix(found)
    if prefix == "~":  # a bound on an approximate figure keeps both: "up to ~70x", "more than about 3x"
        bound = _HEDGE_BEFORE.search(sentence, max(0, found.start() - 24), found.start())
        if bound and (bound_prefix := _prefix(bound)) not in ("", "~"):
            return bound_prefix + prefix, bound.start()
    return prefix, found.start()


def _prefix(found: re.Match[str]) -> str:
    """A hedge's value prefix: "up to " for "up to", ">" for "more than", "~" for "about"."""
    return _HEDGE_PREFIX.get(re.sub(r"\s+", " ", found.group("qualifier").lower()).lstrip("\\"), "~")


def unit_figures(
    sentence: str, pattern: re.Pattern[str], unit_of: dict[str, str] | None = None
) -> list[tuple[int, int, str]]:
    """(start, end, value) for each match of `pattern` (groups `number` and `unit`), hedged and
    with the unit spelled as `unit_of` says (lowercased key), e.g. "up to 2 ms"; a range's low end
    written before it is part of it: "20-50ms" is "20–50 ms"."""
    found = []
    for match in pattern.finditer(sentence):
        unit = (unit_of or {}).get(match.group("unit").lower(), match.group("unit"))
        paired = PAIRED_BEFORE.search(sentence, max(0, match.start() - 24), match.start())
        if paired:  # "4.32/2.29 token/s": two figures, one unit
            found.append((paired.start(), paired.end("first"), f"{paired.group('first')} {unit}"))
        low = range_low(sentence, match.start(), match.group("number"))
        begin = low.start() if low else match.start()
        qualifier, start = hedge(sentence, begin)
        number = f"{low.group('low')}–{match.group('number')}" if low else match.group("number")
        found.append((start, match.end(), f"{qualifier}{number} {unit}"))
    return found


def range_low(sentence: str, start: int, high: str) -> re.Match[str] | None:
    """The low end of a range written right before the number `high` at `start`: "20-50ms", "2–4 GB",
    "3 to 5 minutes", a dump's "1.2{sim}1.3"; not a change's start ("from 10 to 50 ms"), nor a fall
    written with "to" ("100 to 50 ms")."""
    low = _RANGE_LOW.search(sentence, max(0, start - 24), start)
    if low and low.group("to") and _value(low.group("low")) >= _value(high):
        return None
    return low


def _value(number: str) -> float:
    return float(number.replace(",", ""))


def range_of(match: re.Match[str]) -> str:
    """The number of a match, with its range's low end when the match has one: "9–18"."""
    low = match.group("low")
    return f"{low}–{match.group('number')}" if low else match.group("number")


# The first of two figures paired by a slash, which share the unit of the second: "4.32/2.29 token/s".
PAIRED_BEFORE = re.compile(rf"(?<![\w.,/])(?P<first>{NUMBER})/$")
# A range's low end right before a figure: "20-50ms", "2–4 GB", "3 to 5 minutes", "1.2{sim}1.3" (a dump's
# LaTeX "\sim"); not a change's start ("from 10 to 50 ms").
_RANGE_LOW = re.compile(rf"(?<![\w.,\-–])(?<!from\s)(?P<low>{NUMBER})\s*(?:-|–|--|\{{sim\}}|(?P<to>to(?=\s)))\s*$")


# Earlier numbers of a list or a range that share the words before the first: "89% and ", "40% to ".
LIST_BEFORE = re.compile(rf"(?:{NUMBER}\s?(?:\\?%)\s*(?:,\s*and|,|and|or|to)\s+)+$")


def percentages(
    sentence: str, pattern: re.Pattern[str], hint: re.Pattern[str], unless_after: re.Pattern[str]
) -> list[re.Match[str]]:
    """The matches of a percentage `pattern` in a sentence that `hint` says may hold the kind
    sought, but not those the words right after them give to another kind (`unless_after`)."""
    if ("%" not in sentence and "percent" not in sentence) or not hint.search(sentence):
        return []
    return [match for match in pattern.finditer(sentence) if not unless_after.match(sentence, match.end())]
