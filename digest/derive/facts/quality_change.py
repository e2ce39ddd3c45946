"""Quality changes written without an accuracy word after a percentage, which quality.py reads:
- a score raised from one value to another: "improves 4-bit RTN from 61.2% to 70.4%";
- a gain in percentage points: "raises the success rate by more than 25 percentage points";
- a signed gain on a named benchmark: "+2.7 on MATH";
- a lower loss or perplexity: "reduces validation loss by 0.05", "improves validation loss
  over the baseline (-0.058, -0.12)".
"""

from __future__ import annotations

import re

from .base import Found
from .numbers import NUMBER, UNIT_GAP, hedge

_PERCENT = rf"{UNIT_GAP}(?:\\?%|\s?percent\b)"
# A raise, with what is raised between the verb and "from" (no efficiency word: a utilization or
# a hit rate raised from 40% to 80% is not a quality).
_FROM_TO = re.compile(
    r"\b(?:improv\w*|rais\w*|increas\w*|boost\w*|lift\w*|enhanc\w*)\b(?P<what>[^.;%]{0,80}?)\s+from\s+"
    rf"(?P<old>{NUMBER}){_PERCENT}\s+to\s+(?P<number>{NUMBER}){_PERCENT}",
    re.IGNORECASE,
)
_EFFICIENCY = re.compile(
    r"utili[sz]ation|MFU|throughput|bandwidth|memory|occupancy|hit\s+rate|sparsity|compression|speed|efficien",
    re.IGNORECASE,
)
_POINTS = re.compile(rf"(?<![\w.,])(?P<sign>\+)?(?P<number>{NUMBER})\s*(?:percentage[\s-]points?|pp\b|p\.p\.)")
# What a gain in points is of, named just before it: "success rate by", "accuracy of".
_POINTS_OF = re.compile(
    r"(?P<metric>accuracy|success\s+rate|win\s+rate|pass@\d+|F1|recall|precision|score)\b[^.;,]{0,30}$", re.IGNORECASE
)
_SIGNED_ON = re.compile(rf"(?<![\w.,])\+(?P<number>{NUMBER})\s+(?:points?\s+)?on\s+(?P<bench>[A-Z][\w\-]*\d*[\w\-]*)")
_LOSS = r"(?P<which>(?:validation|training|test|eval(?:uation)?|pre-?training)\s+)?(?P<metric>loss|perplexity|PPL)\b"
# "reduces validation loss by 0.05": a bare number after "by" (not a percentage, which quality.py reads).
_LOSS_BY = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|improv\w*|cut\w*)\s+(?:the\s+|its\s+)?{_LOSS}[^.;%]{{0,60}}?\bby\s+"
    r"(?:up\s+to\s+|about\s+|nearly\s+|over\s+)?(?P<number>\d+(?:\.\d+)?)(?![\d.])(?!\s?(?:\\?%|×|[xX]\b|times\b|percent))",
    re.IGNORECASE,
)
# "improves validation loss over X at 100M, 350M and 1B (-0.061, -0.149, and -0.140)": the first delta.
_LOSS_DELTAS = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|improv\w*)\s+(?:the\s+|its\s+)?{_LOSS}[^.;()]{{0,100}}\(\s*"
    r"(?P<number>[-−–]\d*\.\d+)",
    re.IGNORECASE,
)


def extract(text: str) -> list[Found]:
    """(kind, start, end, value) for each quality change the sentence states."""
    found: list[Found] = []
    for match in _FROM_TO.finditer(text):
        if not _EFFICIENCY.search(match.group("what")):
            found.append(
                (
                    "quality",
                    match.start("number"),
                    match.end(),
                    f"{match.group('number')}% (from {match.group('old')}%)",
                )
            )
    for match in _POINTS.finditer(text):
        if _EFFICIENCY.search(text[max(0, match.start() - 60) : match.start()]):
            continue  # utilization.py reads "MFU by 12 percentage points"
        qualifier, start = hedge(text, match.start())
        named = _POINTS_OF.search(text, max(0, start - 60), start)
        metric = " " + " ".join(named.group("metric").split()) if named else ""
        sign = "+" if match.group("sign") else ""
        found.append(("quality", start, match.end(), f"{qualifier}{sign}{match.group('number')} points{metric}"))
    for match in _SIGNED_ON.finditer(text):
        found.append(("quality", match.start(), match.end(), f"+{match.group('number')} on {match.group('bench')}"))
    for pattern in (_LOSS_BY, _LOSS_DELTAS):
        for match in pattern.finditer(text):
            which = (match.group("which") or "").lower()
            number = match.group("number").lstrip("-−–")
            found.append(
                (
                    "quality",
                    match.start("number"),
                    match.end("number"),
                    f"{number} lower {which}{match.group('metric')}",
                )
            )
    return found
