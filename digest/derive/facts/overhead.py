"""What a method adds, as a share: "less than 2% latency increase", "with less than 5% worst case
overhead", "marginal overhead (<10%)", "adds only 5.2% to the captioning time", "an 8% increase in
inference time". results.py reads these as reductions whose value says "overhead" or "increase":
no saving, but a paper that states no other figure boasts of how little its method costs, and the
headline takes one only then (headline.py's last tier).
"""

from __future__ import annotations

import re

from .base import Found, overlaps
from .numbers import FRESH_NUMBER, hedge

_SHARE = rf"(?P<number>{FRESH_NUMBER})\s?\\?%"
# and the later shares of a list: "an 8% and 13% increase in inference time"
_SHARES = rf"{_SHARE}(?P<more>(?:\s*(?:,\s*and|,|and)\s*{FRESH_NUMBER}\s?\\?%)*)"
# What is added to: a time, a cost of compute, memory.
_ADDED_TO = r"(?:time|latency|runtime|run-time|wall-?clock|compute|computation|cost|memory|FLOPs)"
_OVERHEADS = (
    # "less than 5% worst case overhead", "0.01% additional compute overhead", "2% latency increase"
    re.compile(
        rf"{_SHARES}\s+(?P<what>(?:[\w\-]+\s+){{0,3}}?(?:overhead|(?:{_ADDED_TO}|inference|training)\s+increase))\b",
        re.IGNORECASE,
    ),
    # "an 8% increase in inference time"
    re.compile(rf"{_SHARES}\s+(?P<what>increase\s+in\s+(?:[\w\-]+\s+){{0,2}}?{_ADDED_TO})\b", re.IGNORECASE),
    # "marginal overhead (<10%)", "an overhead of only 3%"
    re.compile(
        rf"\b(?P<what>overhead)s?\s*(?:\(\s*|of\s+|(?:is|was)\s+)(?:only\s+|just\s+|merely\s+)?(?:<\s?|less\s+than\s+)?{_SHARE}",
        re.IGNORECASE,
    ),
    # "adds only 5.2% to the captioning time"
    re.compile(
        rf"\badds?\s+(?:only\s+|just\s+|merely\s+)?{_SHARE}\s+to\s+(?:the\s+|its\s+)?"
        rf"(?P<what>(?:[\w\-]+\s+){{0,2}}?{_ADDED_TO})\b",
        re.IGNORECASE,
    ),
)
# Not an overhead a cut removes: "reduces the overhead from 30% to 5%", "saving 40% overhead". A cut
# of something else before "with", "while" or "at the cost of" leaves the overhead one: "reduces
# latency by 2x with only 3% memory overhead".
# The words that open what a cut costs (results.py reads the cut's clause with them too).
COST_CLAUSE = r"with|while|but|incurring|adding|at\s+(?:the|a)\s+cost"
_A_CUT_BEFORE = re.compile(
    r"\b(?:sav|reduc|cut|eliminat|remov|lower|decreas|avoid|minimi[sz])\w*\b"
    rf"(?:(?!\b(?:{COST_CLAUSE})\b)[^.;,]|\.\d){{0,60}}$",
    re.IGNORECASE,
)
# A value read here (and no cut's: "40% lower communication overhead").
OVERHEAD = re.compile(
    r"^[^\d]*\d[\d.,]*% (?!.*\b(?:lower|less|fewer|reduction|savings?)\b)(?:more\s|.*\b(?:overhead|increase)\b)",
    re.IGNORECASE,
)


def is_overhead(kind: str, value: str) -> bool:
    """Whether a fact of `kind` and `value` is what a method adds, read here: a reduction's kind, its
    value saying so ("≤4% overhead"), which the headline tiers last and a page labels Overhead."""
    return kind == "reduction" and OVERHEAD.search(value) is not None


def extract(text: str, found: list[Found]) -> list[Found]:
    """("reduction", start, end, "<2% latency increase") for each share a method adds that no
    reading in `found` took."""
    overheads: list[Found] = []
    for pattern in _OVERHEADS:
        for match in pattern.finditer(text):
            start, end = match.span("number")
            if overlaps(start, end, found + overheads) or _A_CUT_BEFORE.search(text, 0, match.start()):
                continue
            qualifier, begin = hedge(text, start)
            overheads.append(("reduction", min(begin, match.start()), match.end(), _shown(match, qualifier)))
    return overheads


def _shown(match: re.Match[str], qualifier: str) -> str:
    """ "<2% latency increase", "5.2% more captioning time", "<10% overhead"."""
    what = " ".join(match.group("what").split())
    if match.re is _OVERHEADS[3]:
        what = f"more {what}"
    more = " ".join((match.groupdict().get("more") or "").replace("\\%", "%").split())
    return f"{qualifier}{match.group('number')}%{' ' + more if more else ''} {what}"
