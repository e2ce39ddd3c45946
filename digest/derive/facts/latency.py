"""Time: latencies and durations, "2 ms", "0.108 s/token", "35 minutes", "1 GPU hour"."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, UNIT_GAP, unit_figures

# GPU hours may be counted in thousands and name the device: "314K H800 GPU hours".
_TIME = re.compile(
    rf"(?<![\w.,^])(?P<number>{NUMBER}(?:[Kk](?=\s))?){UNIT_GAP}(?:[A-Z][\w\-]*\d[\w\-]*\s+(?=GPU))?"
    r"(?P<unit>(?:ms|s)\s?/\s?(?:token|frame|image|step)|(?:(?:ms|µs|us|ns|s|secs?|seconds?|milliseconds?|microseconds?|"
    r"minutes?|mins?|hours?|hrs?|days?|GPU[\s-](?:training\s+)?(?:hours?|days?))(?![A-Za-z0-9/])))"
)
_UNITS = {
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "min": "minutes",
    "mins": "minutes",
    "minute": "minutes",
    "hr": "hours",
    "hrs": "hours",
    "hour": "hours",
    "day": "days",
    "millisecond": "ms",
    "milliseconds": "ms",
    "microsecond": "µs",
    "microseconds": "µs",
    "us": "µs",
    "gpu hour": "GPU hours",
    "gpu-hour": "GPU hours",
    "gpu-hours": "GPU hours",
    "gpu hours": "GPU hours",
    "gpu day": "GPU days",
    "gpu-day": "GPU days",
    "gpu-days": "GPU days",
    "gpu days": "GPU days",
    "gpu training hours": "GPU hours",  # "20.7k A100 GPU training hours"
    "gpu training days": "GPU days",
}
_HAS_UNIT_LETTER = re.compile(rf"\d{UNIT_GAP}(?:[mµun]?s|milli|micro|min|hour|hr|day|GPU)|GPU[\s-](?:hour|day)")
# A length of the media a model takes or makes is no time it runs: "a 68s video", "32 seconds of audio".
_MEDIA_AFTER = re.compile(
    r"[\s-]*(?:(?:long|of)\s+)?(?:[\w-]+\s+)?(?:videos?|audio|clips?|speech|music|songs?|recordings?|footage|"
    r"demonstrations|gameplay|driving\s+data|data)\b",  # what was recorded, not a time taken
    re.IGNORECASE,
)
# Nor the size of a corpus ("a corpus of approximately 117.5 hours"), nor people's effort ("spent
# 469 hours rating", "200 hours of expert annotation", "tasks that take human users about 1.6 hours").
_CORPUS_BEFORE = re.compile(
    r"\b(?:corpus|corpora|datasets?|collection)\s+(?:of|with|totall?ing|spanning)\s+$|"
    # the lengths of what a dataset holds: "275 videos, ranging in duration from 10 to 90 minutes"
    r"\branging\s+in\s+(?:duration|length)\s+from\s+[^.;]{0,30}$|"
    # and of what a model makes: "audio-video content with durations ranging from 4 to 15 seconds"
    r"\bdurations?\s+(?:ranging\s+)?(?:from|of|up\s+to)\s+[^.;]{0,30}$",
    re.I,
)
_PEOPLE = (
    r"(?:humans?|human\s+[\w\-]+|people|experts?|annotators?|users|participants|developers|engineers|professionals)"
)
_PEOPLE_TAKE_BEFORE = re.compile(
    rf"\b(?:(?:takes?|took|taking|requir\w*|needs?)\s+(?:\w+\s+)?{_PEOPLE}|{_PEOPLE}\s+(?:take|took|spen[dt]\w*|need\w*))"
    r"\b[^.;,]{0,40}$",
    re.IGNORECASE,
)
_EFFORT_AFTER = re.compile(
    r"\s+(?:of\s+(?:human\s+|expert\s+|manual\s+)?(?:effort|annotations?|labou?r)|rating|annotating|labell?ing|reviewing)\b",
    re.IGNORECASE,
)


# A real-time factor (processing time over media duration; lower is faster): "an RTF of 0.195",
# "real-time factor (RTF) of 0.2", "0.08 RTF".
_RTF = re.compile(
    r"\b(?:RTF|real[\s-]time\s+factor(?:\s*\(RTF\))?)\s*(?:of|=|:|is|was|as\s+low\s+as)?\s*(?:only\s+)?"
    rf"(?P<number>{NUMBER})(?![\w×%])|(?<![\w.,])(?P<before>{NUMBER})\s+RTF\b",
    re.IGNORECASE,
)


def _real_time_factors(text: str) -> list[Found]:
    if "RTF" not in text and "real" not in text.lower():
        return []
    return [
        ("latency", match.start(), match.end(), f"RTF {match.group('number') or match.group('before')}")
        for match in _RTF.finditer(text)
    ]


# A duration the data is scaled to or from is the data's length: "scaling the training data ... to 18.5 hours";
# not when a time is named or something runs between ("training on the dataset takes 5 hours").
_NO_RUNNING = (
    r"(?:(?!\b(?:takes?|took|runs?|ran|latency|time|times|in|within|under|after|finish\w*|drops?|cut\w*|reduc\w*|"
    r"speed\w*|faster|process\w*|preprocess\w*|costs?|budgets?|narrow\w*|training|trains?|GPUs?)\b)[^.;:)])"
)
_DATA_SCALED = re.compile(
    rf"\b(?:training\s+data|data(?:sets?)?|corp(?:us|ora))\b{_NO_RUNNING}{{0,100}}\b(?:to|from)\b{_NO_RUNNING}{{0,60}}$",
    re.IGNORECASE,
)


# A window of time data is drawn from: "facts published within the 90 days preceding benchmark construction".
_A_WINDOW_AFTER = re.compile(
    r"\s+(?:preceding|prior\s+to|before\s+(?:the\s+)?(?:benchmark|dataset|data|collection))\b", re.I
)


_SAVED = "faster|quicker|sooner"
_SAVED_AFTER = re.compile(rf"\s+({_SAVED})\b", re.IGNORECASE)
# A value this module wrote for a time saved ("4 s faster"): a gain, not a time taken.
TIME_SAVED = re.compile(rf" (?:{_SAVED})$")


def extract(sentence: Sentence) -> list[Found]:
    if not _HAS_UNIT_LETTER.search(sentence.text):
        return _real_time_factors(sentence.text)
    found = _real_time_factors(sentence.text)
    for start, end, value in unit_figures(sentence.text, _TIME, _UNITS):
        if _MEDIA_AFTER.match(sentence.text, end) or _EFFORT_AFTER.match(sentence.text, end):
            continue
        if _PEOPLE_TAKE_BEFORE.search(sentence.text, 0, start) or _A_WINDOW_AFTER.match(sentence.text, end):
            continue
        if not _DATA_SCALED.search(sentence.text, 0, start) and not _CORPUS_BEFORE.search(sentence.text, 0, start):
            found.append(_saved_or_taken(sentence.text, start, end, _one(re.sub(r"\s?/\s?(\w+)$", r"/\1", value))))
    return found


# One of a unit is said in the singular: "about 1 GPU hour" is "~1 GPU hour", not "~1 GPU hours".
_ONE_OF_A_PLURAL = re.compile(r"^(?P<one>\D{0,7}(?<![\d.,])1 (?:GPU )?(?:hour|day|minute))s$")


def _one(value: str) -> str:
    one = _ONE_OF_A_PLURAL.match(value)
    return one.group("one") if one else value


def _saved_or_taken(text: str, start: int, end: int, value: str) -> Found:
    """A time taken, or one saved: "4 seconds faster than X" is "4 s faster"."""
    saved = _SAVED_AFTER.match(text, end)
    return (
        ("latency", start, saved.end(), f"{value} {saved.group(1).lower()}")
        if saved
        else ("latency", start, end, value)
    )
