"""Quality changes written without an accuracy word after a percentage, which quality.py reads:
- a score raised from one value to another: "improves 4-bit RTN from 61.2% to 70.4%", or a named score
  from one bare value to another: "improves the average score from 56.92 to 60.32";
- a gain in percentage points: "raises the success rate by more than 25 percentage points";
- a signed gain on a named benchmark: "+2.7 on MATH", "+12.0% on AndroidWorld";
- an error lowered from one value to another, in a unit or none: "from ~17 degrees to ~10 degrees";
- a score against another's: "higher accuracy at the same budget (71.2% vs. 58.0%)";
- a lower loss or perplexity: "reduces validation loss by 0.05", "improves validation loss
  over the baseline (-0.058, -0.12)", or distance: "reducing the Hausdorff Distance by 2.05";
- a gain in a model's "performance": "improves the LLMs' performance by an average of 8.7%".
"""

from __future__ import annotations

import re

from . import score_gain
from .base import Found
from .numbers import NUMBER, UNIT_GAP, hedge, range_of

_PERCENT = rf"{UNIT_GAP}(?:\\?%|\s?percent\b)"
# "to a peak of 58.0%", "to an impressive 57.3%"
_TO_HEDGE = (
    r"(?:a\s+peak\s+of\s+|an?\s+(?:impressive|remarkable|notable|striking|new\s+high\s+of)\s+|over\s+|nearly\s+|"
    r"approximately\s+|about\s+|roughly\s+|~)?"
)
# "to", or an arrow: the dumps' "64.1 rightarrow 70.3" ("$\\rightarrow$" that lost its backslash), "3.30 -> 3.03"
_TO = r"(?:\s+to\s+|\s*(?:→|->|\\?rightarrow)\s*)"
# (the old value hedged too: "from about 30% to about 90%"; the new one a range: "from roughly 3% to 17-24%")
_FROM_TO = (
    rf"\s+from\s+(?:(?:about|around|roughly|approximately|nearly)\s+|~\s*)?(?P<old>{NUMBER}){_PERCENT}{_TO}{_TO_HEDGE}"
    rf"(?:(?P<low>{NUMBER})\s*(?:-|–|--)\s*)?(?P<number>{NUMBER}){_PERCENT}"
)
# The verbs of a raise.
_RAISES = r"\b(?:improv\w*|rais\w*|increas\w*|boost\w*|lift\w*|enhanc\w*|elevat\w*)"
# A raise, with what is raised between the verb and "from" (no efficiency word: a utilization or
# a hit rate raised from 40% to 80% is not a quality).
_RAISED = re.compile(
    rf"{_RAISES}\b(?P<what>(?:[^.;%]|\.\d){{0,120}}?){_FROM_TO}",
    re.IGNORECASE,
)
# Or told in brackets after what rose: "improves real-robot success on both (28% to 54% and 37% to 60%)".
_RAISED_IN_BRACKETS = re.compile(
    rf"{_RAISES}\b(?P<what>(?:[^.;%()]|\.\d){{0,60}}?)"
    rf"\(\s*(?P<old>{NUMBER}){_PERCENT}?{_TO}(?P<number>{NUMBER}){_PERCENT}",
    re.IGNORECASE,
)
# A score named and raised from one bare value to a higher one: "improves the Biology-Instructions average
# score from 56.92 to 60.32" (nothing after the new value but the clause's end or a preposition: no unit).
_RAISED_SCORE = re.compile(
    rf"{_RAISES}\s+(?P<what>(?:[^.;%,]|\.\d){{0,60}}?"
    r"\b(?P<metric>scores?|accuracy|F1|BLEU|(?-i:[A-Za-z]+)@\d+|success\s+rates?|exact\s+match|win\s+rates?))"
    rf"\s+from\s+(?P<old>\d+(?:\.\d+)?){_TO}(?P<number>\d+(?:\.\d+)?)"
    # (or a bracket naming its setting: "from 64.1 rightarrow 70.3 (GRPO)")
    r"(?=\s*(?:[,;)]|\.(?!\d)|$|\s(?:and|on|in|for|with|without|across|while|at|over)\b|\s\((?-i:[A-Z])))",
    re.IGNORECASE,
)
# Or a benchmark raised in points: "improving SWE-bench Verified from 43.0 to 64.4 points".
_RAISED_POINTS = re.compile(
    rf"{_RAISES}\s+(?:the\s+)?"
    r"(?P<what>(?-i:[A-Z])[\w\-]*(?:\s+(?-i:[A-Z])[\w\-]*){0,2})"
    rf"\s+from\s+(?P<old>\d+(?:\.\d+)?){_TO}(?P<number>\d+(?:\.\d+)?)\s+points\b",
    re.IGNORECASE,
)
# Or a model's performance on a named benchmark raised from one bare score to another: "improve
# performance on ARC-Challenge from 29.1 to 32.0" (no unit after the new one, as above).
_RAISED_ON_A_NAME = re.compile(
    rf"{_RAISES}\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+)?(?:performance|accuracy|scores?)\s+on\s+(?:the\s+)?"
    r"(?P<what>(?-i:[A-Z])[\w\-]*(?:\s+(?-i:[A-Z])[\w\-]*){0,2})"
    rf"\s+from\s+(?P<old>\d+(?:\.\d+)?){_TO}(?P<number>\d+(?:\.\d+)?)"
    r"(?=\s*(?:[,;)]|\.(?!\d)|$|\s(?:and|on|in|for|with|without|across|while|at|over)\b))",
    re.IGNORECASE,
)
# A fall in an error: "reduces the word error rate from 12.4% to 8.1%".
_LOWERED = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|cut\w*|drop\w*)\b(?P<what>[^.;%]{{0,60}}?\b(?:error|WER|CER|"
    rf"hallucination|failure|violation)s?(?:\s+rates?)?){_FROM_TO}",
    re.IGNORECASE,
)
# The same for an error measured in a unit, or in none: "reduces rotation error from ~17 degrees to ~10
# degrees", "lowers FID from 5.2 to 3.1".
_LOWERED_ABSOLUTE = re.compile(
    r"\b(?:reduc\w*|lower\w*|decreas\w*|cut\w*)\s+(?:the\s+|its\s+)?(?P<what>(?:[\w\-]+\s+){0,2}?"
    r"(?:errors?|FID|FVD|WER|CER|perplexity|distance))\s+from\s+~?(?P<old>\d+(?:\.\d+)?)(?P<unit>\s*(?:degrees?|°|mm|cm))?"
    r"\s+to\s+(?P<hedge>~)?(?P<number>\d+(?:\.\d+)?)(?:\s*(?:degrees?|°|mm|cm))?(?![\d.%])",
    re.IGNORECASE,
)
# A score set against another's in brackets: "higher performance within the same budget (83.4% vs. 60.0% at 4k)",
# or two bare scores with their metric after them: "outperforms X (35.5 vs 29.6 accuracy on video counting)".
_VERSUS = re.compile(
    rf"(?P<number>{NUMBER}){_PERCENT}\s+(?:vs\.?|versus)\s+(?P<old>{NUMBER}){_PERCENT}"
    r"|(?P<bare>\d+(?:\.\d+)?)\s+(?:vs\.?|versus)\s+(?P<bare_old>\d+(?:\.\d+)?)\s+"
    r"(?P<metric>accuracy|(?-i:[A-Z][\w@&\-]*)(?:\s+score)?)(?![\w%])",
    re.IGNORECASE,
)
# What says the first of the pair is the better: "higher accuracy (...)", "outperforms X (50.5% vs. 47.3%)".
_BETTER = re.compile(
    r"\b(?:(?:higher|better|improved|superior|stronger)\s+(?:\w+\s+)?(?:performance|accuracy|scores?|success\s+rates?)|"
    r"(?:outperform|surpass|beat|exceed)\w*|improvements?)\b",
    re.IGNORECASE,
)
_EFFICIENCY = re.compile(
    r"utili[sz]ation|MFU|throughput|bandwidth|memory|occupancy|hit\s+rate|sparsity|compression|speed|efficien",
    re.IGNORECASE,
)
# Points are percentage points ("by 22 percentage points", "12.5 pp"), or plain "points" after a
# score they are of ("top-1 accuracy by 2.3 points").
# The first of a pair shares the second's unit, and each is a value: "by 9.98 and 14.81 points".
_POINTS = re.compile(
    rf"(?<![\w.,@])(?P<sign>\+)?(?:(?P<low>{NUMBER})\s*(?:-|–|to)\s*)?(?P<number>{NUMBER})"  # not Pass@1's 1
    rf"(?P<pair>\s*(?:,|and|/)\s*\+?(?P<second>{NUMBER}))?(?P<plus>\+)?\s*(?:(?:absolute|average)\s+|(?P<inner>F1|accuracy)\s+)?"
    r"(?:(?P<percentage>percentage[\s-]points?|pp\b|p\.p\.)|points?\b(?P<higher>\s+(?:higher|better)\b)?|"
    r"(?P<gain>-point\s+(?:gain|improvement|increase)s?\b))"
)
_POINTS_OF = re.compile(
    r"(?P<metric>accuracy|success\s+rate|win\s+rate|pass@\d+|F1|recall|precision|scores?|exact\s+match)\b"
    r"[^.;,]{0,40}$",
    re.IGNORECASE,
)
# Points a model gains over another, named or not: "surpassing its baseline by 9.9 points".
_POINTS_OVER = re.compile(
    r"\b(?:outperform\w*|surpass\w*|exceed\w*|beat(?:s|ing)?|improv\w*|lead(?:s|ing)?)\b[^.;,]{0,40}\bby\s+(?:up\s+to\s+|about\s+|over\s+)?$",
    re.IGNORECASE,
)
_SIGNED_ON = re.compile(
    # (or a share of successes: "+24% real-world success on OpenVLA")
    rf"(?<![\w.,])\+(?P<number>{NUMBER})(?P<percent>\\?%)?\s+(?:points?\s+|(?:[\w\-]+\s+)?(?:success|accuracy)\s+)?"
    rf"on\s+{score_gain.NOT_A_CHIP}(?P<bench>[A-Z][\w\-]*)"
)
_A_SIZED_MODEL = re.compile(r"[A-Z][\w\-.]*-\d+(?:\.\d+)?[BM]")
_NAME_BEFORE = re.compile(r"(?<![\w\-])(?P<name>[A-Z][\w\-]*[A-Za-z][\w\-]*)\s+$")
_LOSS = r"(?P<which>(?:validation|training|test|eval(?:uation)?|pre-?training)\s+)?(?P<metric>loss|perplexity|PPL)\b"
# "reduces validation loss by 0.05": a bare number after "by" (not a percentage, which quality.py reads).
_LOSS_BY = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|improv\w*|cut\w*)\s+(?:the\s+|its\s+)?{_LOSS}[^.;%]{{0,60}}?\bby\s+"
    r"(?:up\s+to\s+|about\s+|nearly\s+|over\s+)?(?P<number>\d+(?:\.\d+)?)(?![\d.])"
    r"(?!\s?(?:\\?%|×|[xX]\b|times\b|percent))",
    re.IGNORECASE,
)
# "improves validation loss over X at 100M, 350M and 1B (-0.061, -0.149, and -0.140)": the first delta.
_LOSS_DELTAS = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|improv\w*)\s+(?:the\s+|its\s+)?{_LOSS}[^.;()]{{0,100}}\(\s*"
    r"(?P<number>[-−–]\d*\.\d+)",
    re.IGNORECASE,
)

# "reducing the Hausdorff Distance (HD95) by 2.05": a distance or error lowered by a bare number.
_DISTANCE_BY = re.compile(
    r"\b(?:reduc\w*|lower\w*|decreas\w*|cut\w*)\s+(?:the\s+|its\s+)?(?P<what>(?:[\w\-]+\s+){0,2}?(?:distance|errors?)"
    r"(?:\s+\([\w\-]+\))?)\s+by\s+(?:about\s+|nearly\s+|over\s+)?(?P<number>\d+(?:\.\d+)?)(?![\d.])"
    r"(?!\s?(?:\\?%|×|[xX]\b|times\b|percent|-?fold))",
    re.IGNORECASE,
)
# "9%-18%": a range keeps its low end
_PERCENT_NUMBER = re.compile(
    rf"(?<![\w.,])(?:(?P<low>{NUMBER})(?:{_PERCENT})?\s*[-–]\s*)?(?P<number>{NUMBER}){_PERCENT}"
)

# A change found: the fact, and where the words it was read from begin (before the fact's own
# span: "from 61.2% to 70.4%" shows 70.4%, and its 61.2% must not be read again alone).
Change = tuple[Found, int]


def changes(text: str) -> list[Change]:
    """Each quality change the sentence states, with where its words begin."""
    found: list[Change] = []
    for pattern in (_RAISED, _RAISED_IN_BRACKETS, _LOWERED):
        for match in pattern.finditer(text):
            if not _EFFICIENCY.search(match.group("what")):
                value = _raised_value(text, match)
                start = match.start("low") if match.groupdict().get("low") else match.start("number")
                found.append((("quality", start, match.end(), value), match.start("old")))
    found += _raised_scores(text)
    for match in _LOWERED_ABSOLUTE.finditer(text):
        measured = " ".join([match.group("number"), *(match.group("unit") or "").split(), *match.group("what").split()])
        value = f"{match.group('hedge') or ''}{measured} (from {match.group('old')})"
        found.append((("quality", match.start("number"), match.end(), value), match.start("old")))
    found += _versus(text)
    found += [(points, points[1]) for points in _points(text)]
    for match in _SIGNED_ON.finditer(text):
        bench = _benchmark(text, match)
        if bench is None:
            continue
        value = f"+{match.group('number')}{'%' if match.group('percent') else ''} on {bench}"
        found.append((("quality", match.start(), match.end(), value), match.start()))
    for match in _DISTANCE_BY.finditer(text):
        value = f"{match.group('number')} lower {' '.join(match.group('what').split())}"
        found.append((("quality", match.start("number"), match.end("number"), value), match.start("number")))
    found += [(gain, gain[1]) for gain in _performance_gains(text)]
    for pattern in (_LOSS_BY, _LOSS_DELTAS):
        for match in pattern.finditer(text):
            which = (match.group("which") or "").lower()
            value = f"{match.group('number').lstrip('-−–')} lower {which}{match.group('metric')}"
            found.append((("quality", match.start("number"), match.end("number"), value), match.start("number")))
    return found


def _versus(text: str) -> list[Change]:
    """ "outperforms X (50.5% vs. 47.3%)": "50.5% (vs 47.3%)"; "(35.5 vs 29.6 accuracy)": "35.5 accuracy (vs 29.6)"."""
    found: list[Change] = []
    for match in _VERSUS.finditer(text):
        # the comma of "(e.g., 45.3 vs 26.7 F1)" ends no clause
        before = _FOR_EXAMPLE.sub(" ", text[max(0, match.start() - 80) : match.start()])
        clause = _CLAUSE_START.split(before)[-1]
        if _BETTER.search(clause) and not _EFFICIENCY.search(clause):
            if match.group("bare"):
                value = f"{match.group('bare')} {match.group('metric')} (vs {match.group('bare_old')})"
            else:
                value = f"{match.group('number')}% (vs {match.group('old')}%)"
            found.append((("quality", match.start(), match.end(), value), match.start()))
    return found


def _raised_scores(text: str) -> list[Change]:
    """ "average score from 56.92 to 60.32": "60.32 score (from 56.92)", only when the value rises."""
    found: list[Change] = []
    for pattern, unit in ((_RAISED_POINTS, " points"), (_RAISED_ON_A_NAME, "")):
        for match in pattern.finditer(text):
            if float(match.group("number")) > float(match.group("old")):
                what = " ".join(match.group("what").split())
                value = f"{match.group('number')}{unit} on {what} (from {match.group('old')})"
                found.append((("quality", match.start("number"), match.end(), value), match.start("old")))
    for match in _RAISED_SCORE.finditer(text):
        if float(match.group("number")) > float(match.group("old")) and not _EFFICIENCY.search(match.group("what")):
            value = f"{match.group('number')} {match.group('metric').lower()} (from {match.group('old')})"
            found.append((("quality", match.start("number"), match.end(), value), match.start("old")))
    return found


# A character between a cut's verb and its "by" that turns to no other change: not "reduces tokens
# while improving accuracy by 9 points".
NO_OTHER_CHANGE = r"(?:(?!\b(?:while|whilst|and|but|improv\w*|increas\w*|boost\w*|rais\w*|enhanc\w*|gain\w*)\b)[^.;,%])"
# A score cut by points is a drop: "depresses scores by 45-65 pp".
_DROPPED_BY = re.compile(
    rf"\b(?:reduc\w*|lower\w*|decreas\w*|depress\w*|drop\w*|hurt\w*|degrad\w*)\b{NO_OTHER_CHANGE}{{0,40}}\bby\s+"
    r"(?:up\s+to\s+|about\s+|over\s+|nearly\s+)?$",
    re.IGNORECASE,
)


def _benchmark(text: str, signed_on: re.Match[str]) -> str | None:
    """What a signed gain "on" a name is on: in "MMStar +1.53 on Qwen3-VL-2B", the benchmark before the model."""
    bench = signed_on.group("bench")
    if not _A_SIZED_MODEL.fullmatch(bench):
        return bench
    named = _NAME_BEFORE.search(text, 0, signed_on.start())
    return named.group("name") if named else None


# "gains from exploration increase with scale, climbing from 7% to 36%": what rises is a gain.
_A_GAIN_RISES = re.compile(r"\b(?:gains?|improvements?)\b(?:\s+(?!(?:and|or|but)\b)[\w\-]+){0,3}\s+$", re.I)


def _raised_value(text: str, raised: re.Match[str]) -> str:
    """ "70.4% (from 61.2%)"; or, when what rises is a gain, the gain's sizes: "gain 7%→36%"."""
    if _A_GAIN_RISES.search(text, max(0, raised.start() - 60), raised.start()):
        return f"gain {raised.group('old')}%→{raised.group('number')}%"
    low = raised.groupdict().get("low")
    return f"{low + '–' if low else ''}{raised.group('number')}% (from {raised.group('old')}%)"


_FROM_BEFORE = re.compile(r"\bfrom\s+$", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[,;]|\b(?:while|whilst|and|but)\b", re.IGNORECASE)
_FOR_EXAMPLE = re.compile(r"\b(?:e\.g\.|i\.e\.),", re.IGNORECASE)


def _points(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _POINTS.finditer(text):
        clause = _CLAUSE_START.split(text[max(0, match.start() - 60) : match.start()])[-1]
        if _EFFICIENCY.search(clause):
            continue  # utilization.py reads "MFU by 12 percentage points"
        qualifier, start = hedge(text, match.start())
        named = _POINTS_OF.search(text, max(0, start - 60), start)
        gained = match.group("gain") or match.group("higher") or _POINTS_OVER.search(text, max(0, start - 60), start)
        inner = match.group("inner")  # "gains of 30+ F1 points": the score named between number and points
        if not named and not inner and not match.group("percentage") and not gained and not match.group("sign"):
            continue  # "data points", "2 points": points of nothing named, nor signed as a gain ("+20.2 points")
        metric = f" {inner}" if inner else " " + " ".join(named.group("metric").split()) if named else ""
        sign = "+" if match.group("sign") else "−" if _DROPPED_BY.search(text, max(0, start - 60), start) else ""
        number = range_of(match)
        if match.group("low") and _FROM_BEFORE.search(text, 0, start):
            start = match.start("number")  # "ranging from 4 to 20 points": "from" opens no baseline's value here
        plus = "+" if match.group("plus") else ""  # "30+ points": at least 30
        if match.group("pair"):  # "by 3.9 and 7.2 points, respectively": the first its number's words alone
            found.append(("quality", start, match.end("number"), f"{qualifier}{sign}{number} points{metric}"))
            start, number = match.start("second"), match.group("second")
        found.append(("quality", start, match.end(), f"{qualifier}{sign}{number}{plus} points{metric}"))
    return found


def _performance_gains(text: str) -> list[Found]:
    """ "improves the LLMs' performance by an average of 8.7%": a gain in a model's performance."""
    found: list[Found] = []
    for match in _PERCENT_NUMBER.finditer(text):
        qualifier, start = hedge(text, match.start())
        if score_gain.performance_gain(text[max(0, start - 80) : start], text[match.end() : match.end() + 120]):
            number = range_of(match)
            found.append(("quality", start, match.end(), f"{qualifier}{number}% better performance"))
    return found


# A percentage said to be "absolute" is a gain in percentage points: "a 14.61% absolute gain over the
# base model", "by up to 20% absolute", "improve by 15.80% (absolute)".
_ABSOLUTE_AFTER = re.compile(r"\s*\(?absolute\b", re.IGNORECASE)
_PERCENT_SIGN = re.compile(r"(?<=\d)\\?%")
_GAIN_WORD = re.compile(r"\s+(?:(?:improvements?|gains?|increases?|boosts?)(?:\s+(?:in|of)\b)?|better)")
# ... or a gain named absolute before its figures: "an absolute increase of 8.88%", "absolute improvements
# of 9.3% and 7.5%", "of +11.57% on T2V-CompBench and +8.43% on VBench2"; between the gain and the figure
# stand only earlier figures of the list (not "+21.1% (to 46.1%)", a level reached).
_EARLIER_FIGURE = r"\+?\d+(?:\.\d+)?\\?%(?:\s+(?:on|in)\s+[\w\-.]+)?\s*(?:,\s*(?:and\s+)?|and\s+)"
_ABSOLUTE_BEFORE = re.compile(
    r"\babsolute\s+(?:[a-z]+\s+)?(?:improvements?|gains?|increases?|boosts?)\s+(?:of|by)\s+"
    rf"(?:(?:up\s+to|about|approximately|around|~)\s*)?(?:{_EARLIER_FIGURE})*$",
    re.IGNORECASE,
)


def in_points(text: str, item: Found) -> Found:
    """A quality gain read as "N%" shown as "N points" when the abstract calls it absolute, so that
    a reader does not take it for a relative gain: "14.61% improvement" is "14.61 points"."""
    kind, start, end, value = item
    percent = _PERCENT_SIGN.search(text, start, end) if kind == "quality" else None  # every fact comes through
    if percent is None or "from" in value:
        return item
    if not _ABSOLUTE_AFTER.match(text, percent.end()) and not _ABSOLUTE_BEFORE.search(text, max(0, start - 160), start):
        return item
    points = _PERCENT_SIGN.sub(" points", value, count=1)
    return kind, start, end, _GAIN_WORD.sub("", points, count=1)
