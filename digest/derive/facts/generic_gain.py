"""A gain only a generic word names ("improves ... by 20%", "outperforms X by 3.5x", "+4.5%"):
a speedup, a score's gain, or nothing. results.py has found the number and the word; this decides.

A percentage only a gain word names is a speedup only in a sentence about speed, or in a clause
that names what runs; a gain whose own words say what it is on or in ("by 16% on GenEval", "30% in
task success") is that thing's; a multiplier of a score ("the average accuracy of X by 1.6x", "from
12 to 29-42 (a 3-4x improvement)") is no speedup.
"""

from __future__ import annotations

import re

from . import score_gain
from .numbers import NUMBER

_GENERIC_GAIN = re.compile(r"^(?:\+|improv\w*|boost\w*|enhanc\w*|outperform\w*|gains?|surpass\w*)$", re.IGNORECASE)
_IMPROVEMENT = re.compile(r"^improvements?$", re.IGNORECASE)
ABOUT_SPEED = re.compile(
    r"\b(?:faster|fastest|speed-?ups?|speeds?|accelerat\w*|throughputs?|latenc\w*|runtimes?|wall[\s-]?clock|"
    r"(?:inference|training|execution|run|response|completion)\s+times?|tokens?/s|per\s+second|T?FLOPS|QPS|RPS|"
    r"kernels?|GPUs?(?![\s-]hours?\b)|CPUs?)\b",  # "with just 120 GPU hours" is a budget
    re.IGNORECASE,
)
A_TIME = re.compile(
    r"\b(?:latency|latencies|TTFT|TPOT|TBT|time-to-first-token|makespan|JCT|(?:completion|response|job)\s+times?)\b",
    re.I,
)
# Another figure's own speed noun ("a 3.2% improvement and 2.96x speedup") says nothing of a generic gain.
_OWN_SPEED_ITEMS = re.compile(
    rf"{NUMBER}\s?\\?(?:x|×|times)\s*(?:[\w\-]+\s+)?(?:speed-?ups?|faster|acceleration)\b", re.IGNORECASE
)
_A_SCORE_BY = re.compile(
    rf"\b(?:{score_gain.NOT_A_RESULT})\b(?!-).*\bby\s+(?:up\s+to\s+|about\s+|over\s+)?$", re.IGNORECASE
)
# What a generic gain is on or in, named right after its number: "by 16% on GenEval and ...".
_GAIN_OBJECT = re.compile(
    r"\s*(?P<preposition>on|in)\s+(?:the\s+|a\s+|an\s+|our\s+|their\s+|its\s+)?(?P<what>[^,;:.()%]{2,50}?)"
    r"(?=\s*(?:[,;:()]|\.(?!\d)|$)|"  # a full stop, not a decimal point ("by 15.6%")
    r"\s+(?:with|while|whilst|but|yet|whereas|although|which|that|who|compared|over|than|vs|versus|across|using|at|"
    r"respectively)\b|"
    # the next figure of a list, or the next clause: "on GenEval and 25% on ...", "and exhibiting"
    r"\s+and\s+(?:[+\d]|[a-z]+ing\b))",
    re.IGNORECASE,
)
# "up to 3.4x improvements in efficiency": a multiplier's own gain in efficiency, whatever scores the sentence names.
_IN_EFFICIENCY = re.compile(r"\s*improvements?\s+in\s+(?:\w+\s+)?efficiency\b", re.IGNORECASE)
# A percentage's too, when the efficiency is the work's own and not one of data, tokens or power:
# "a 62% improvement in efficiency during both training and inference".
_IN_OWN_EFFICIENCY = re.compile(
    r"\s*improvements?\s+in\s+(?:(?:overall|inference|training|computational|compute|runtime|end-to-end)\s+)?"
    r"efficiency\b(?!\s+of\b)",
    re.IGNORECASE,
)
# A verb of a level reached, after the last gain word (no other gain word follows it).
_A_LEVEL_REACHED = re.compile(r"\b(?:achiev|reach|attain|obtain|scor)\w*\b", re.I)


def read(
    sentence: str, end: int, *, is_percent: bool, shown: str, speedup: str, word: str, around: tuple[str, str]
) -> tuple[str, str] | None:
    """("speedup", `speedup`), a score's gain ("quality", ...) or None, for the number `shown`
    that the gain `word` names, ending at `end` of `sentence`, with the words `around` it."""
    if not is_percent and _A_SCORE_BY.search(score_gain.clause_before(around[0])):
        return None  # "surpasses the average accuracy of R1-7B by 1.6x": a ratio of scores
    if is_percent and _IN_OWN_EFFICIENCY.match(around[1]):
        return "speedup", speedup
    gain_object = _gain_object(word, around, is_percent=is_percent)
    if gain_object:  # "by 16% on GenEval", "30% in task success", "3.5x on real-robot tasks": a score's gain
        preposition, what = gain_object
        return ("quality", f"{shown} improvement {preposition} {what}") if is_percent else None
    # Where a speed word may stand: before the number, or after it in its own clause; a speed
    # named only in a later clause is another figure's ("by up to 6% and accelerates ... by 1.6x").
    # Another figure's own speedup says nothing of the gain after it ("improves 12% with about 3.2
    # times training speedup"), nor, for an "improvement", before it; before a verb of gain, it is
    # what the gain goes on about ("a 3.1x acceleration ..., improving over the best drafter by 18%").
    before, after = sentence[:end], _OWN_SPEED_ITEMS.sub("", score_gain.clause_after(sentence[end:]))
    scope = (_OWN_SPEED_ITEMS.sub("", before) if _IMPROVEMENT.match(word) else before) + after
    if (
        is_percent
        and _GENERIC_GAIN.match(word)
        and not ABOUT_SPEED.search(scope)
        and not score_gain.names_what_runs(*around)
    ):
        gained = score_gain.gain_in(*around)  # "a 10.67% improvement in multi-turn tasks": a gain in that
        return ("quality", f"{shown} improvement in {gained}") if gained else None
    if not is_percent and _IMPROVEMENT.match(word) and _of_a_score(sentence) and not _IN_EFFICIENCY.match(around[1]):
        return None  # "from under 12 to 29-42 (a 3-4x improvement)" on benchmarks: a score's multiplier
    return "speedup", speedup


def about_speed(text: str) -> bool:
    """Whether the text names a speed, a time or what runs."""
    return bool(ABOUT_SPEED.search(text) or A_TIME.search(text))


def reached(is_percent: bool, word: str, before: str, word_end: int) -> bool:
    """Whether a percentage after the generic gain `word` (ending at `word_end` of `before`) is a
    level reached: "enhances performance, achieving 79.9% on S4"."""
    return is_percent and bool(_GENERIC_GAIN.match(word) and _A_LEVEL_REACHED.search(before, word_end))


def _gain_object(word: str, around: tuple[str, str], *, is_percent: bool) -> tuple[str, str] | None:
    """(preposition, object) of a generic gain whose own words name something that is not a
    speed or a chip, in a clause that names nothing running; None otherwise."""
    before, after = around
    # a multiplier's gain word may follow it: "an 88x improvement in a representative ablation"
    named_after = None if is_percent else re.match(rf"\s*(?:[\w\-]+\s+){{0,2}}?{re.escape(word)}\b", after)
    after = after[named_after.end() :] if named_after else after
    found = _GAIN_OBJECT.match(after) if _GENERIC_GAIN.match(word) else None
    if found is None or score_gain.names_what_runs(before, found.group()):
        return None
    what = found.group("what").strip()
    measure = _AVERAGED.sub("", what)  # "in average performance": the average of a score is a score
    if (
        ABOUT_SPEED.search(what)
        or score_gain.NOT_A_QUALITY.search(measure)
        or not re.match(score_gain.NOT_A_CHIP, what)
    ):
        return None
    return found.group("preposition").lower(), what


_AVERAGED = re.compile(r"^(?:average|mean)\s+(?=\w)", re.IGNORECASE)


def _of_a_score(sentence: str) -> bool:
    """Whether a sentence names a score and nothing about speed."""
    return bool(score_gain.NAMES_A_SCORE.search(sentence)) and not about_speed(_OWN_SPEED_ITEMS.sub("", sentence))
