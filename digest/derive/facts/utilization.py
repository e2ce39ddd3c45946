"""Utilization: MFU and shares of peak, "72% MFU", ">50% of peak", "89% strong scaling efficiency", and
a kernel's share of a named kernel's efficiency, "97.3% of FlashAttention-2's efficiency".

A percentage is a utilization when the words right after it say so ("of theoretical peak",
"model FLOPs utilization") or its clause names the metric before it ("MFU from 20% to 60%",
"scaling efficiencies of 89% and 87%").
"""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import FRESH_NUMBER, LIST_BEFORE, NUMBER, hedge, percentages

# A multiplier of a utilization, read as a speedup's kind (results.py): "1.6× higher GPU utilization".
UTILIZATION_NAMED = re.compile(r"\b(?:utili[sz]ation|MFU)\b", re.IGNORECASE)


def is_utilization_gain(kind: str, value: str) -> bool:
    """Whether a fact is a gain in how busy a resource is kept, not in speed: "1.6× higher GPU utilization"."""
    return kind == "speedup" and bool(UTILIZATION_NAMED.search(value))


# A gain in a utilization is often in "percentage points": "by 26.6 percentage points".
_PERCENT = re.compile(
    rf"(?:(?P<low>{FRESH_NUMBER})\s?(?:\\?%)?\s*(?:-|–)\s*)?(?P<number>{NUMBER})\s?"
    r"(?:\\?%|(?P<points>percentage\s+points?)\b|percent\b)"
)
# "(on average)" may stand between a share and what it is a share of.
_AFTER = re.compile(
    r"\s*\)?\s*(?:\([^()]{0,20}\)\s*)?"
    r"(?:(?P<peak>of\s+(?:the\s+)?(?:[\w\-]+\s+){0,2}?(?:theoretical\s+)?(?:peak|maximum)\b(?!\s+memory))|"
    r"(?P<bandwidth>of\s+(?:the\s+)?(?:\w+\s+)?(?:memory\s+)?bandwidth\b(?!\s+(?:usage|consumption|traffic|demands?)))|"
    r"\(?(?P<mfu>MFU\b|model\s+FLOPs?\s+utili[sz]ation)|"
    r"(?P<utilization>(?:GPU\s+|compute\s+|hardware\s+)?utili[sz]ation\b)|"
    r"(?P<scaling>(?:weak\s+|strong\s+)?scaling\s+efficienc)|"
    # a share of a named kernel's own efficiency: "97.3% of FlashAttention-2's efficiency", "85% of X MFU"
    r"(?P<reference>of\s+(?-i:[A-Z])[\w\-.]*[\w](?:'s)?\s+(?:efficiency|MFU|throughput)\b))",
    re.IGNORECASE,
)
# Before a number, the metric must lead right up to it: "MFU from 20% to 60%", "efficiencies of 89% and 87%".
_BEFORE = re.compile(
    r"(?:(?P<mfu>\bMFU|model\s+FLOPs?\s+utili[sz]ation)|(?P<scaling>\b(?:(?:weak|strong)\s+)?scaling\s+efficienc\w*)|"
    r"(?P<utilization>\butili[sz]ation)|(?P<throughput>\bGPU\s+throughputs?))\s+(?:\w+\s+){0,2}?"
    r"(?:of|from|at|to|is|was|were|are|reach\w*|reaching|achiev\w*|(?P<gain>by(?:\s+an?\s+\w+)?))\s+$",
    re.IGNORECASE,
)
# Words after the number that make it a change or something else, left to the other extractors.
_AFTER_OTHER = re.compile(
    r"\s*(?:lower|less|fewer|higher|more|better|faster|reduction|improvement|speedup)\b", re.IGNORECASE
)
_METRIC = {
    "peak": "of peak",
    "bandwidth": "of memory bandwidth",
    "mfu": "MFU",
    "utilization": "utilization",
    "scaling": "scaling efficiency",
    "throughput": "of peak",
}
_HINT = re.compile(r"MFU|utili[sz]ation|peak|maximum|efficienc|throughput|bandwidth", re.IGNORECASE)


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    found = []
    for match in percentages(text, _PERCENT, _HINT, _AFTER_OTHER):
        metric = _metric_after(text, match.end()) or _metric_before(text, match.start(), bool(match.group("points")))
        if metric is None:
            continue
        qualifier, start = hedge(text, match.start())
        low = f"{match.group('low')}–" if match.group("low") else ""
        unit = " percentage points" if match.group("points") else "%"
        found.append(("utilization", start, match.end(), f"{qualifier}{low}{match.group('number')}{unit} {metric}"))
    return found


def _metric_after(text: str, end: int) -> str | None:
    after = _AFTER.match(text, end)
    if after and after.lastgroup == "reference":  # the reference is part of what the share is of
        return " ".join(after.group("reference").split())
    return _METRIC[after.lastgroup] if after and after.lastgroup else None


def _metric_before(text: str, start: int, points: bool) -> str | None:
    _qualifier, start = hedge(text, start)
    window = text[max(0, start - 90) : start]
    listed = LIST_BEFORE.search(window)
    if listed:
        window = window[: listed.start()]
        window = window[: hedge(window, len(window))[1]]
    named = _BEFORE.search(window)
    if named is None:
        return None
    if named.group("gain") and not points:
        return None  # "utilization by 30%": a relative gain, not a level of utilization
    group = next(name for name in _METRIC if name in named.groupdict() and named.group(name))
    if named.group("gain"):  # "increasing GPU utilization by 26.6 percentage points": a gain, which way said
        return f"{'lower' if _LOWERED.search(window, 0, named.start()) else 'higher'} {_METRIC[group]}"
    return _METRIC[group]


_LOWERED = re.compile(r"\b(?:reduc|decreas|lower|cut|drop)\w*\s+(?:\w+\s+){0,3}$", re.IGNORECASE)
