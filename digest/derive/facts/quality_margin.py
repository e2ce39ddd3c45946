"""A model's gain that only a gain word names, read when no other rule read its number:
"outperforms state-of-the-art baselines by 9.51%-18.72%", "exceeds X by 2.0%", "a 9.02% gain
on in-domain tasks", "improvements of +68.83%", "by +3.9 points", "MM-IFEval (+10.2%)", "V* Bench (+16.8)".

The other rules leave these out because nothing says what the gain is in. Where no speed is named
before the figure or in its clause, and its clause names nothing that runs and no resource, a gain
over a baseline is a gain in the model's quality: a reader comparing methods wants it, and it is
never a speedup.
"""

from __future__ import annotations

import re

from . import generic_gain, score_gain
from .base import Found, overlaps
from .numbers import FRESH_NUMBER, NUMBER, hedge

_UNIT = (
    r"(?:\s?\\?%\s?p\b|\s?\\?%|\s+percent\b|\s?pp\b|\s+percentage\s+points?\b|\s+(?:[A-Za-z\-]+\s+)?points?\b|"
    r"\s+pts?\b)"
)
# A range's end: "9.51%-18.72%"; after "gains of", "to" spans one too ("gains of 2% to 40%"), while
# after "by" it names a level ("by 5% to 62%").
# (a dump's "10--20%" is LaTeX's en dash)
_RANGE_END, _RANGE_OR_TO_END = (
    rf"(?:\s?\\?%?\s*{dash}\s*\+?{NUMBER})?" for dash in (r"(?:--|[-–])", r"(?:--|[-–]|to)")
)
_BARE_FIGURE = rf"\+?{FRESH_NUMBER}{_RANGE_END}{_UNIT}"
_FIGURE, _FIGURE_OR_TO = (
    rf"(?P<figure>\+?(?P<number>{FRESH_NUMBER}){range_end}(?P<unit>{_UNIT}))"
    for range_end in (_RANGE_END, _RANGE_OR_TO_END)
)
_HEDGES = (  # and the dumps' "sim6%" (LaTeX "\sim 6%"), and "by an average margin of 8.4%"
    r"(?:(?:up\s+to|an?\s+average\s+of|on\s+average|about|over|more\s+than|nearly|roughly|approximately|at\s+least|"
    r"(?:an?\s+)?(?:(?:average|absolute|relative|clear|large|wide|significant)\s+)?margin\s+of)\s+"
    r"|(?:~|sim)\s?)"
)
# "outperforms X by 9.51%-18.72%", "raising the AUP metric by 9%", "over-performs by up to 5.4%".
_BY = re.compile(
    r"\b(?:outperform\w*|over-?perform\w*|surpass\w*|exceed\w*|beat(?:s|ing)?|improv\w*|boost\w*|rais\w*|lift\w*|"
    rf"enhanc\w*|lead(?:s|ing)?)\b(?P<between>(?:[^.;%]|\.\d){{0,80}}?)\bby\s+(?:{_HEDGES})?{_FIGURE}",
    re.IGNORECASE,
)
# Or, after a verb of beating only, "over" for "by": "outperforming strong baselines over 15.3%" (not
# "boosting it to over 70%", a level).
_OVER = re.compile(
    rf"\b(?:outperform\w*|surpass\w*|exceed\w*|beat(?:s|ing)?)\b(?:[^.;%]|\.\d){{0,80}}?\bover\s+{_FIGURE}",
    re.IGNORECASE,
)
# "a 9.02% gain", "30.5% improvement over X", "a 20% performance increase on WebVoyager".
_GAIN_AFTER = re.compile(
    rf"{_FIGURE}\s+(?:(?:average|absolute|relative|overall|mean|performance|accuracy)\s+){{0,3}}"
    r"(?P<gain>improvements?|gains?|increases?|boosts?|lifts?)\b(?!\s+(?:in|of)\s+(?:\w+\s+)?(?:speed|efficiency))",
    re.IGNORECASE,
)
# "an average improvement of 4.1% over X", "improvements of +68.83%, +54.8%, and +41.23%".
# (or "relative gains up to 11%": no "of" before a bound)
_GAIN_BEFORE = re.compile(
    rf"\b(?:improvements?|gains?|increases?|boosts?|lifts?)\s+(?:of\s+(?:{_HEDGES})?|(?=up\s+to\s)(?:{_HEDGES})){_FIGURE_OR_TO}",
    re.IGNORECASE,
)
# "significant improvements over strong baselines (up to 23%)": the gain in brackets after what it is over.
_GAIN_OVER_IN_BRACKETS = re.compile(
    rf"\b(?:improvements?|gains?)\s+over\s+[^.;()%]{{1,60}}?\s*\((?:{_HEDGES})?{_FIGURE}\)", re.IGNORECASE
)
# "such as MM-IFEval (+10.2%), MIA (+7.6%)", "supervised fine-tuning (+36.44%)": a signed gain in brackets.
# And with the score's name, before ("reasoning traces (interpretability +44.0%)") or after it: "by a large
# margin (+25.6% DSC and +28.2% NSD)".
_SIGNED_IN_BRACKETS = re.compile(
    rf"\((?:(?-i:[a-z])[\w\-]*\s+)?(?P<figure>\+(?P<number>{NUMBER})(?P<unit>\\?%|\s?(?:points?|pp)|))"
    r"(?:\s+(?-i:[A-Z][\w@\-]*))?(?:\)|\s+and\s+\+)"
)
_STATES_A_GAIN = re.compile(
    r"\b(?:gains?|improv\w*|outperform\w*|over-?perform\w*|surpass\w*|boost\w*|exceed\w*|increas\w*|rais\w*|lift\w*|superior|better|lead(?:s|ing)?)\b",
    re.I,
)
# A gain in a resource, or in what runs, is not a model's quality.
_NOT_A_QUALITY = re.compile(
    r"\b(?:memory|throughput|utili[sz]ation|efficien\w*|bandwidth|energy|power|costs?|speed|latency|(?<!test\s)(?<!test-)time|FLOPs?|"
    r"cach\w*|KV|occupancy|sparsity|compression|size|acceptance|length|parameters|tokens?|overhead|data|samples|compute|computational|GPUs?|"
    r"hardware|inference|serving|kernels?|systems?|end-to-end|execution|run-?time|wall-?clock|"
    r"training\s+(?:performance|speed|efficiency))\b",
    re.IGNORECASE,
)
# Which models, not what a gain is in: "outperforms baselines of similar size by 6%", "a VLM with 3B
# parameters outperforms X by 7.8%".
_WHICH_MODEL = re.compile(
    r"\b(?:of|with|at)\s+(?:a\s+)?(?:similar|comparable|the\s+same|equal|matched)\s+(?:model\s+)?sizes?\b|"
    r"\b(?:with\s+)?\d+(?:\.\d+)?\s?[BMK][\s-]+(?:total\s+|active\s+)?parameters?\b",
    re.IGNORECASE,
)
# What a gain is over is named, not what it is in: "surpasses memory systems such as X by 11.5%", "KV-Embedding
# outperforms training-free baselines by 10%" (a gain in something is said after the name: "X in throughput by").
_BEATEN = re.compile(
    r"\b(?:outperform\w*|over-?perform\w*|surpass\w*|exceed\w*|beat(?:s|ing)?)\b"
    r"(?:(?!\b(?:in|on|at|for|across|with|when|under|regarding|by|over)\b)[^.;%])*",
    re.IGNORECASE,
)
# Where the words of a figure's clause end, after it.
_CLAUSE_END = re.compile(r"[,;:()]|\b(?:while|whilst|but|and|with|without|compared|over|than|when)\b", re.I)
# The other figures of a list share its words: "by 3.6% and 7.9%, respectively", "by 14.4% (BetterV in
# VerilogEval) and 11.3% (...)", "36.2% and 18.5% relative improvements".
_NEXT_ITEM = re.compile(rf"\s*(?:\([^()]{{0,60}}\)\s*)?(?:,\s*and|,|and)\s+(?:by\s+)?{_FIGURE}", re.IGNORECASE)
_EARLIER_ITEMS = re.compile(rf"(?<![\w.])(?:{_BARE_FIGURE}\s*(?:,\s*and|,|and)\s+)+$", re.IGNORECASE)
_ONE_ITEM = re.compile(_FIGURE, re.IGNORECASE)
# A share is no gain: "by 20% of the budget".
_A_SHARE_AFTER = re.compile(r"\s*of\b", re.IGNORECASE)


def unread(text: str, found: list[Found]) -> list[Found]:
    """The quality gains of `text` that none of the readings in `found` took, where no speed is
    named before the figure or in its clause."""
    if not _STATES_A_GAIN.search(text):
        return []
    margins: list[Found] = []
    for pattern in (_BY, _OVER, _GAIN_AFTER, _GAIN_BEFORE, _SIGNED_IN_BRACKETS, _GAIN_OVER_IN_BRACKETS):
        for match, words_end in _with_its_list(text, pattern):
            start, end = match.span("figure")
            if overlaps(start, end, found + margins) or _A_SHARE_AFTER.match(text, end):
                continue
            if generic_gain.about_speed(text[:words_end] + score_gain.clause_after(text[words_end:])):
                continue  # a speed before the figure, or in its clause, may be what it measures
            after = _CLAUSE_END.split(text[words_end : words_end + 60])[0]
            clause = _after_beaten(score_gain.clause_before(text[:start])[-80:]) + text[end:words_end] + after
            if _NOT_A_QUALITY.search(_WHICH_MODEL.sub("", clause)):
                continue
            qualifier, begin = hedge(text, start)
            margins.append(("quality", begin, end, f"{qualifier}{_shown(match)}"))
    return margins


def _after_beaten(before: str) -> str:
    """The words before a figure, past the names of what beats and what is beaten."""
    beaten = [*_BEATEN.finditer(before)]
    return before[beaten[-1].end() :] if beaten else before


def _with_its_list(text: str, pattern: re.Pattern[str]) -> list[tuple[re.Match[str], int]]:
    """The pattern's figures, each with the other figures of its list, and where the list's shared
    words end: in "an 8% and 13% increase in inference time", the 8% is an increase in time too."""
    figures: list[tuple[re.Match[str], int]] = []
    for match in pattern.finditer(text):
        earlier = _EARLIER_ITEMS.search(text, max(0, match.start("figure") - 120), match.start("figure"))
        listed = [*_ONE_ITEM.finditer(text, earlier.start(), match.start("figure"))] if earlier else []
        listed.append(match)
        end = max(match.end(), match.end("figure"))
        while (item := _NEXT_ITEM.match(text, end)) is not None:
            listed.append(item)
            end = item.end()
        figures += [(item, end) for item in listed]
    return figures


def _shown(match: re.Match[str]) -> str:
    """ "+3.9 points", "9.51–18.72% improvement", "+10.2%"."""
    figure = re.sub(r"\s*(?:--|[-–]|to)\s*", "–", match.group("figure").replace("\\%", "%"))
    figure = re.sub(r"\s+", " ", re.sub(r"\s+percent$", "%", figure))  # "19 percent": "19%"
    if "%" in figure and not figure.endswith("p") and not figure.startswith("+"):
        return f"{figure} improvement"
    return figure
