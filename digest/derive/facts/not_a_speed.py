"""Numbers that read like a speedup or a cut and are neither: a share ("at 90% sparsity", "at 44-52%
of its drafting cost"), a multiplier below one ("collapses to 0.23×"), an efficiency in power or a
chip's resources ("1.7× more DSP efficient"), more of a cost ("4× higher carbon emissions"), a time
raised ("inflates decode latency by 1.7×", "takes 1.7× longer": a slowdown, shown as nothing). A
share left by a cut is that cut: "reducing TTFT to 83% of that" is 17% lower."""

from __future__ import annotations

import re

# Efficiencies that are no speed, nor any result here: of power, area or a chip's resources.
_RESOURCE = r"(?:power|energy|area|DSP|resource|memory|carbon)"
# Efficiencies that are no speed: those, and (savings that results.py reads) of cost, parameters or data.
OTHER_EFFICIENCY = rf"(?:{_RESOURCE}|cost|parameter|data|sample|token)\b"
_AFTER_OTHER_EFFICIENCY = re.compile(
    rf"\s*(?:more|better|higher)\s+{_RESOURCE}[\s\-]*efficien"
    # more of what costs: "4x higher total carbon emissions per token"
    r"|\s*(?:higher|more|greater)\s+(?:[\w\-]+\s+){0,2}?(?:emissions?|carbon|costs?|prices?|energy|power|errors?|loss)\b",
    re.IGNORECASE,
)
# A slowdown or an overhead is no speedup: "a 17x latency overhead", "2.5x slower" (but "3x lower overhead" is a cut).
_A_SLOWDOWN = re.compile(
    r"\s*(?:(?!(?:lower|less|reduced|smaller|fewer|cheaper)\b)[\w\-]+\s+){0,2}?(?:overheads?|slowdowns?|slower)\b",
    re.IGNORECASE,
)
# A comparative of quality, with no score to read: "1.6× more accurate", "2× improvement in generalization".
QUALITY_WORDS = r"accurate|precise|concise|robust|reliable|faithful|correct|consistent"
_A_QUALITY_COMPARATIVE = re.compile(
    rf"\s*(?:(?:more|better)\s+(?:{QUALITY_WORDS})\b|improvements?\s+in\s+(?:\w+\s+)?(?:generali[sz]ation|robustness)\b)",
    re.IGNORECASE,
)
# How often, not how fast: "appears 6x-29x more frequently".
_MORE_OFTEN = re.compile(r"\s*more\s+(?:frequently|often|likely)\b", re.IGNORECASE)
# A dataset's size against another's: "a dataset of 20M QA pairs (2x prior)".
_A_DATA_RATIO_BEFORE = re.compile(
    r"\d[\d.,]*\s?[KMB]?\s+(?:[\w\-]+\s+){0,2}(?:pairs|samples|examples|images|videos|instances|trajectories|"
    r"problems|questions|documents|tokens|hours)\s*\(\s*$",
    re.IGNORECASE,
)
_CUT_RIGHT_BEFORE = re.compile(
    r"\b(?:reduc|cut|lower|sav|eliminat|remov|decreas|avoid)\w*\s+(?:(?:up\s+to|about|over|by|nearly)\s+)?$",
    re.IGNORECASE,
)
# What a percentage is a share of, unless a speedup: "90% sparsity", "44% of its cost", not "8% of the speedup".
_AFTER_SHARE = re.compile(
    r"\s*(?:of\b(?!\s+(?:the\s+)?(?:[\w\-]+\s+)?(?:speed-?ups?|improvements?|gains?|reductions?))|sparsity\b|density\b)",
    re.IGNORECASE,
)
# A share needed is no gain either: "only requiring 6.3% training time" (fraction.py reads the share).
_NEEDS_BEFORE = re.compile(r"\b(?:only|just|merely)\s+(?:requir|us|need|consum|tak)\w*\s+$", re.IGNORECASE)
_A_RESOURCE_AFTER = re.compile(
    r"\s*(?:of\s+)?(?:the\s+)?(?:[\w\-]+\s+)?(?:time|compute|computation|memory|costs?|FLOPs|steps|data|tokens)\b",
    re.IGNORECASE,
)
# A share kept is no gain: "10x faster while preserving 99.4% performance on GenEval".
_KEPT_BEFORE = re.compile(r"\b(?:preserv|retain|maintain|recover|keep)\w*\s+$", re.IGNORECASE)
# A share cut outright is a cut: "reduces 47% of the activation memory", "prunes 40% of the training data".
_CUTS_A_SHARE = re.compile(
    r"\b(?:reduc\w*|cut\w*|sav\w*|eliminat\w*|remov\w*|prun\w*)\s+(?:up\s+to\s+|about\s+|over\s+)?$", re.IGNORECASE
)
_CUT_TO = re.compile(  # (or "to as low as 3%")
    r"\b(?:reduc\w*|lower\w*|cut\w*|decreas\w*|compress\w*|shrink\w*)\b[^.;]{0,60}\bto\s+"
    r"(?:only\s+|just\s+|merely\s+|as\s+(?:low|little|few)\s+as\s+)?$",
    re.IGNORECASE,
)


# A budget a result is measured at is a setting ("at 3x the compute"), and so is what a gain costs ("reduces
# hallucinations by 55% at 1.06times the latency of standard generation").
_AT_A_BUDGET = re.compile(
    r"\s*(?:the|its|their)\s+(?:\w+\s+)?(?:compute|budget|cost|data|FLOPs|parameters|latency|time|runtime|memory|"
    r"energy|price)\b",
    re.I,
)
_AT_BEFORE = re.compile(r"\bat\s+$", re.IGNORECASE)
_AT_A_SETTING = re.compile(r"\bat\s+an?\s+$", re.IGNORECASE)
_A_CHANGE_NAMED = re.compile(
    r"\s*(?:[\w\-]+\s+)?(?:speed-?ups?|faster|slower|acceleration|throughput|lower|less|fewer|smaller|reduction|"
    r"compression|higher|savings?|cut)\b",
    re.IGNORECASE,
)
# A bound, not a gain: "predicts its magnitude to within 1.14x", "within a factor of 2 of optimal".
_A_BOUND_BEFORE = re.compile(
    r"\bwithin\s+(?:a\s+factor\s+of\s+)?(?:[\d.]+\s?(?:x|×|times)\s*(?:\([^()]*\)\s*)?(?:,\s*and|,|and)\s*)*$",
    re.IGNORECASE,
)  # and the later bounds of its list: "within 1.14x (68%) and 1.29x (95%)"
# A percentage gain in an efficiency of power or a chip's resources: "a 15% improvement in energy efficiency".
_GAIN_IN_OTHER_EFFICIENCY = re.compile(
    rf"\s*(?:improvements?|gains?|increases?|higher|better)\s+(?:in\s+)?(?:\w+\s+)?{_RESOURCE}[\s\-]*efficien", re.I
)
# More of a cost is an overhead: "with approximately 2% additional training FLOPs", "5% extra memory".
_AN_OVERHEAD = re.compile(
    r"\s*(?:additional|extra|more)\s+(?:[\w\-]+\s+)?(?:FLOPs|compute|computation|costs?|memory|overhead|parameters|"
    r"time|latency|tokens(?!\s+per\s+second)|storage|energy)\b",
    re.IGNORECASE,
)
# Or named before it: "with marginal overhead (<10%)", "a slowdown of 3%".
# (and the later items of its bracket: "overhead (1.06times time, 1.02times memory)")
_OVERHEAD_OF = re.compile(
    r"\b(?:overheads?|slowdowns?)\s*(?:\(\s*(?:[^()]*,\s*(?:and\s+)?)?|of\s+|(?:is|was)\s+)$", re.IGNORECASE
)
# Unless a cut saves it: "saving up to 86.5% extra space and 98.5% extra time".
_A_CUT_BEFORE = re.compile(
    r"\b(?:sav|reduc|cut|eliminat|remov|lower|decreas|avoid)\w*\b(?:[^.;]|\.\d){0,60}$", re.IGNORECASE
)
# "reducing FLOPs to 16.7%": a cost cut to a share of itself, the clause ending there.
_COST_CUT_TO = re.compile(
    r"\b(?:reduc\w*|lower\w*|cut\w*|decreas\w*)\s+(?:the\s+|its\s+)?(?:[\w\-]+\s+){0,3}"
    r"(?:FLOPs?|TFLOPs|compute|computation|memory|costs?|latency|parameters|tokens|KV\s+cache)\s+to\s+(?:only\s+|just\s+)?$",
    re.IGNORECASE,
)
_CLAUSE_ENDS = re.compile(r"\s*(?:[,.;)]|$|(?:while|and|with|without|on|for|at|in)\b)")


# A time, or what else a run spends, raised is a slowdown or an overhead, never a speedup: "inflates decode
# latency by up to 1.7x", "increases iteration time by 2x", "multiplying token cost up to 25-fold", "a 1.7x
# higher latency", "a 3x increase in TTFT", "2.1x the latency of X", "although training takes 1.72x longer"
# (but "reduces latency by 1.7x", "1.7x lower latency" and "1.7x faster" are gains).
_A_TIME = (
    r"(?:latency|latencies|TTFT|TPOT|TBT|time-to-first-token|makespan|JCT|time|runtimes?|run-?times?|delays?|durations?|"
    r"wall-?clock|(?:inference|training|execution|iteration|step|response|completion|run)\s+times)"
)
# The words between a verb or a comparative and what it raises: no other clause's ("raises throughput and
# reduces latency by 2x"), nor a place ("higher throughput at times").
_BETWEEN = (
    r"(?:(?!(?:and|or|but|while|whilst|at|in|on|of|than|reduc\w*|lower\w*|cut\w*|decreas\w*|sav\w*|improv\w*|"
    r"shrink\w*|minimi[sz]\w*|speed\w*|accelerat\w*)\s)[\w\-]+\s+)"
)
# A time named as what a gain is in: "a 2x latency reduction".
_NOT_A_CUT = r"(?!\s+(?:reductions?|savings?|cuts?|improvements?|speed-?ups?))"
_RAISED_BEFORE = re.compile(
    r"\b(?:inflat\w*|increas\w*|rais(?:e|es|ed|ing)|adds|adding|incur\w*|doubl\w*|tripl\w*|prolong\w*|lengthen\w*|"
    rf"multipl(?:y|ies|ied|ying)|worsen\w*|exacerbat\w*)\s+{_BETWEEN}{{0,3}}?"
    rf"(?:{_A_TIME}|overheads?|costs?|memory|footprints?|consumption|usage|parameters|FLOPs|compute)"
    r"\s+(?:by\s+)?(?:(?:up\s+to|about|around|over|nearly|roughly|almost|as\s+much\s+as|(?:a\s+)?factor\s+of)\s+)?$",
    re.IGNORECASE,
)
_RAISED_AFTER = re.compile(
    rf"\s*(?:(?:higher|longer|greater|more|increased|(?P<extra>additional|extra)|worse)\s+{_BETWEEN}{{0,2}}?"
    rf"|(?:increase|rise|growth|inflation|blow-?up)\s+in\s+(?:the\s+)?{_BETWEEN}{{0,2}}?"
    rf"|(?:the|its|their)\s+{_BETWEEN}?)"
    rf"{_A_TIME}\b{_NOT_A_CUT}"
    rf"|\s*{_BETWEEN}?{_A_TIME}\s+(?:increase|inflation|penalty|blow-?up)s?\b",
    re.IGNORECASE,
)
# A time suffered: "existing engines incur up to 2.1x latency on long contexts".
_INCURS_BEFORE = re.compile(
    r"\b(?:incur\w*|suffer\w*)\s+(?:an?\s+)?(?:(?:up\s+to|about|over|nearly|roughly)\s+)?$", re.IGNORECASE
)
_A_TIME_AFTER = re.compile(rf"\s*{_BETWEEN}?{_A_TIME}\b{_NOT_A_CUT}", re.IGNORECASE)
# What takes longer: "training takes 1.72x longer", "each step runs 30% longer".
_TAKES_BEFORE = re.compile(
    r"\b(?:takes?|took|taking|runs?|ran|lasts?|requires?|needs?)\s+(?:(?:up\s+to|about|over|nearly|roughly)\s+)?$",
    re.IGNORECASE,
)
_LONGER = re.compile(r"\s*longer\b", re.IGNORECASE)


def raises_a_time(before: str, after: str) -> bool:
    """Whether a multiplier or a percentage, with the words `before` and `after` it, is how much a time or
    another cost of running grows: a slowdown or an overhead, no speedup, scale-up nor reduction."""
    takes_longer = _TAKES_BEFORE.search(before) and _LONGER.match(after)
    incurred = _INCURS_BEFORE.search(before) and _A_TIME_AFTER.match(after)
    raised = _RAISED_AFTER.match(after)
    if raised and raised.group("extra") and _A_CUT_BEFORE.search(before):
        raised = None  # "saving up to 86.5% extra space and 98.5% extra time": the extra time is what was cut
    return bool(_RAISED_BEFORE.search(before) or raised or takes_longer or incurred)


def read(number: str, is_percent: bool, before: str, after: str) -> str | None:
    """For a number (its text: "2.31", "1.5–55") that reads like a result: "" when it is none, the
    cut a share left implies ("to 83% of" -> "17%"), or None when this module has nothing to say."""
    if (_AT_BEFORE.search(before) and _AT_A_BUDGET.match(after)) or _A_BOUND_BEFORE.search(before):
        return ""
    if _AT_A_SETTING.search(before) and not is_percent and not _A_CHANGE_NAMED.match(after):
        return ""  # "on Wan 2.1 at a 6x horizon": where a result was measured
    if _A_QUALITY_COMPARATIVE.match(after):
        return ""
    return _percent(number, before, after) if is_percent else _multiplier(number, before, after)


# A scaling the results were measured under is a setting: "does not improve with 20x parameter scaling",
# and so is a condition named before the number: "stable training under staleness ratios up to 64x".
_A_SCALING_SETTING = re.compile(r"\s*(?:[\w\-]+\s+)?scaling\b", re.IGNORECASE)
_UNDER_BEFORE = re.compile(r"\b(?:with|under|across|despite)\s+(?:a\s+)?$", re.IGNORECASE)
_UNDER_A_CONDITION = re.compile(r"\bunder\s+(?:[\w\-]+\s+){1,3}$", re.IGNORECASE)


# A multiple of data or compute the result is worth is no speed: "equivalent to using 2.5 times pre-training data".
_A_DATA_MULTIPLE_AFTER = re.compile(
    r"\s*(?:more\s+)?(?:pre-?training\s+|training\s+)?(?:data|compute|tokens|samples)\b(?!\s*(?:/|per\s+second))",
    re.IGNORECASE,
)


def _multiplier(number: str, before: str, after: str) -> str | None:
    """A multiplier below one, of another efficiency or a cost, of how often, of a dataset's size, of a
    slowdown not cut, or of a scaling measured under, is no result; but a cost cut to a multiplier
    below one is that cut."""
    if (_UNDER_BEFORE.search(before) and _A_SCALING_SETTING.match(after)) or _UNDER_A_CONDITION.search(before):
        return ""
    if _A_DATA_MULTIPLE_AFTER.match(after) or _OVERHEAD_OF.search(before):
        return ""  # and an overhead's: "with negligible overhead (1.06times time, 1.02times memory)"
    below_one = float(number.rsplit("–", maxsplit=1)[-1].replace(",", "").rstrip("+")) < 1
    if below_one and _COST_CUT_TO.search(before) and _CLAUSE_ENDS.match(after):
        return _left("–".join(f"{float(part) * 100:g}" for part in number.split("–")))  # "costs to 0.5x": 50% lower
    slowdown = _A_SLOWDOWN.match(after) and not _CUT_RIGHT_BEFORE.search(before)  # not "reducing 50x search overhead"
    other = (
        _AFTER_OTHER_EFFICIENCY.match(after)
        or _GAIN_IN_OTHER_EFFICIENCY.match(after)  # "a 10-fold improvement in energy efficiency"
        or _MORE_OFTEN.match(after)
        or _A_DATA_RATIO_BEFORE.search(before)
    )
    return "" if below_one or other or slowdown else None


def _percent(number: str, before: str, after: str) -> str | None:
    """A gain in another efficiency, an overhead, a share kept or needed, is none; a share left by a
    cut is that cut."""
    if _KEPT_BEFORE.search(before) or (_NEEDS_BEFORE.search(before) and _A_RESOURCE_AFTER.match(after)):
        return ""
    overhead = _AN_OVERHEAD.match(after) or _OVERHEAD_OF.search(before)
    if _GAIN_IN_OTHER_EFFICIENCY.match(after) or (overhead and not _A_CUT_BEFORE.search(before)):
        return ""
    if _COST_CUT_TO.search(before) and _CLAUSE_ENDS.match(after):
        return _left(number)
    if _CUTS_A_SHARE.search(before):
        return None
    cut_to = _CUT_TO.search(before)
    if not _AFTER_SHARE.match(after):
        # a level a cut reached, not the cut: "reduces performance degradation to just 3.4%"
        return "" if cut_to else None
    return _left(number) if cut_to else ""  # "to 83% of that" is the cut it leaves; any other share, none


def _left(number: str) -> str:
    """The cut a share left implies: "16.7" -> "83.3%"."""
    return "–".join(f"{end:g}" for end in sorted(100 - float(part) for part in number.split("–"))) + "%"
