"""What a headline sorts by in a comparison table: a number on one scale within a unit class, and
the group that keeps the classes apart (docs/js/tables.js sorts by group, then by number).

A headline cell starts with its value as the abstract writes it, and the number it starts with
misleads across units: ">25 PFLOPS" is more than "156 TFLOPS", "314K GPU hours" more than "442 GPU
hours", and "73% lower latency" is a 3.7× cut, beside "3.7× lower", not above "~70× lower". So the
key is read from the headline's value and metric:
- a relative gain or cut is a factor: "3×" 3, "25% faster" 1.25, "73% lower" 1/(1-0.73) ≈ 3.7,
  "an order of magnitude" 10;
- a throughput is in FLOP/s (K/M/G/T/P/E prefixes), or in tokens, samples, ... or frames a second;
- a time is in seconds (a time saved apart from a time taken), a memory in bytes, money in
  dollars, GPU time in GPU hours ("314K" 314,000);
- a utilization is a percentage or a gain in points, and a quality score is taken as written, its
  class the measure the words after it name ("win rate", "% accuracy"): unlike scores never rank together.
A range sorts by its upper end ("15–50×" 50), as "up to 50×" sorts by 50. The group is the metric and the class
("latency · factor", "latency · time"), so a cut and an absolute time are never ranked on one
scale; the groups come kind by kind in the order of the headline rule (speedups, then reductions,
...: headline_rank), the same whichever the direction. A value the key cannot read gets no number:
the script sorts it by the number its text starts with, or its text, within its metric.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..derive.facts.headline import Headline


@dataclass(frozen=True)
class HeadlineKey:
    unit: str  # the class whose scale `number` is on: "factor", "FLOP/s", "time", ...; a score's measure ("fid")
    number: float


# The words and signs the abstracts hedge a figure with: "up to 3×", "near 2×", "~7×", ">25 PFLOPS", "+26.6 points".
_HEDGE = (
    r"(?:(?:up\s+to|over|about|around|nearly|near|almost|more\s+than|at\s+least|approximately|roughly)\s+)?"
    r"[~≈<>+]?\s*"
)
_VALUE = re.compile(
    rf"^\s*{_HEDGE}(?P<dollar>\$\s*)?(?P<number>\d+(?:\.\d+)?)"
    # a range, "15–50×", "60–85% faster", "2× to >1000×" (its sign said twice): see _stated
    r"(?:\s*[–-]\s*(?P<upper>\d+(?:\.\d+)?)"
    r"|\s*(?P<sign>×|x|%)\s*(?:[–-]|to)\s*[~≈<>]?\s*(?P<upper_of>\d+(?:\.\d+)?)(?=\s*(?P=sign)))?"
    # "314K", "$1.2M", "2B": not the T of "TFLOPS" nor the M of "MiB"
    r"(?:\s*(?P<suffix>[kKMBT](?![A-Za-z])|thousand\b|million\b|billion\b|trillion\b))?(?P<rest>.*)$",
    re.S,
)
_SUFFIXES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9, "t": 1e12, "trillion": 1e12}
_ORDERS = re.compile(rf"^\s*{_HEDGE}(?P<count>an|one|two|three|\d+)\s+orders?\s+of\s+magnitude\b", re.I)
_ORDER_WORDS = {"an": 1, "one": 1, "two": 2, "three": 3}
_PARAMETERS = re.compile(r"\s*\+?\s*(?:parameters?|params)?\s*$", re.I)  # "2B", "10T+", "175B parameters"
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")  # "6,574×", "2,800 tokens"

_FACTOR = re.compile(r"\s*(?:×|x(?!\w)|times\b|-?fold\b)", re.I)  # not the x of "640x368"
_PERCENT = re.compile(r"\s*%")
# A percentage of these is a cut ("73% lower latency", "77% lower cost"): a factor 1/(1 - p).
_CUTS = frozenset({"latency", "memory", "energy", "cost"})
# Of these a gain ("22.5% faster", "30% more servers"): 1 + p, as the speedup's cell shows it.
# Of the others (utilization) a share, as written: "38.38%" 38.38.
_GAINS = frozenset({"speedup", "throughput", "scale"})

_DECIMAL = {"k": 1e3, "kilo": 1e3, "m": 1e6, "mega": 1e6, "g": 1e9, "giga": 1e9, "t": 1e12, "tera": 1e12}
_DECIMAL |= {"p": 1e15, "peta": 1e15, "e": 1e18, "exa": 1e18}
_SECONDS = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0, "sec": 1.0, "second": 1.0, "min": 60.0}
_SECONDS |= {"minute": 60.0, "h": 3600.0, "hr": 3600.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0}

Reading = tuple[str, float]  # a unit class, and what one of the value's units is on its scale


def _flops(found: re.Match[str]) -> Reading:
    return "FLOP/s", _DECIMAL.get((found["prefix"] or "").lower(), 1.0)


def _rate(found: re.Match[str]) -> Reading:
    noun = found["noun"].lower()
    unit = "queries" if noun.startswith("quer") else noun.rstrip("s") + "s"  # "token/s" is tokens/s
    return unit + "/s" + ("/GPU" if found["gpu"] else ""), 1.0  # a rate per GPU is no total rate


def _gpu_time(found: re.Match[str]) -> Reading:
    return "GPU hours", 24.0 if found["unit"].lower().startswith("day") else 1.0


def _time(found: re.Match[str]) -> Reading:
    unit = found["unit"].lower()
    scale = _SECONDS.get(unit) or _SECONDS[unit.rstrip("s")]
    # "1 minute less inference time" is a saving: more is better, unlike a time taken
    return ("time saved" if found["saved"] else "time"), scale


def _bytes(found: re.Match[str]) -> Reading:
    prefix = (found["prefix"] or found["word"] or "").lower()
    if found["binary"]:
        return "bytes", 1024.0 ** ("kmgtp".index(prefix) + 1)
    return "bytes", _DECIMAL.get(prefix, 1.0)


# What follows a value's number, first match wins: the unit class it names and its scale.
_UNITS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Reading]], ...] = (
    (re.compile(r"\s*(?P<prefix>kilo|mega|giga|tera|peta|exa|[KMGTPE])?-?FLOP(?:S|/s)\b", re.I), _flops),
    (
        re.compile(
            r"\s*(?P<noun>tokens?|samples?|images?|requests?|quer(?:y|ies)|sequences?|frames?)\s*"
            r"(?:/\s*s(?:ec(?:ond)?)?|per\s+second)\b(?P<gpu>\s*/\s*GPU|\s+per\s+GPU)?",
            re.I,
        ),
        _rate,
    ),
    (re.compile(r"\s*fps\b", re.I), lambda found: ("frames/s", 1.0)),
    (re.compile(r"\s*GPU[\s-]*(?P<unit>hours?|hrs?|days?)\b", re.I), _gpu_time),
    (
        re.compile(
            r"\s*(?P<unit>ns|µs|us|ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?)\b"
            r"(?P<saved>\s+(?:less|shorter|saved|fewer)\b)?",
            re.I,
        ),
        _time,
    ),
    (re.compile(r"\s*(?:(?P<prefix>[kKMGTP])(?P<binary>i)?B|(?P<word>kilo|mega|giga|tera|peta)?bytes)\b"), _bytes),
    (re.compile(r"\s*(?:percentage\s+)?(?:points?|pp)\b", re.I), lambda found: ("points", 1.0)),
)


def headline_key(metric: str, value: str) -> HeadlineKey | None:
    """What a headline's value sorts by, and the class of its unit; None for a value it cannot read."""
    text = _THOUSANDS.sub("", value)
    if orders := _ORDERS.match(text):  # "an order of magnitude faster": 10×
        count = orders["count"].lower()
        return HeadlineKey("factor", 10.0 ** (int(count) if count.isdigit() else _ORDER_WORDS[count]))
    found = _VALUE.match(text)
    if found is None:
        return None
    if metric == "quality":  # scores of unlike measures (FID, a win rate, % accuracy): as written, each apart
        return HeadlineKey(_measure(found["rest"]), _stated(found))
    return _unit_key(metric, found)


# Where a quality value's measure ends: "higher acceptance rate| vs DistillSpec", "accuracy| (W8A8)".
_MEASURE_END = re.compile(r"\s+(?:vs\.?|over|than|compared|on|at|with|for|across|in\s+the)\b|\s*[(,;]", re.I)


def _stated(found: re.Match[str]) -> float:
    """The figure a value states: its number, or of a range its upper end ("15–50×" 50, "2× to
    >1000×" 1000). A range sorts by the most it claims, as "up to 50×" sorts by 50: by its low end
    "15–50×" ranked below a plain 20× and "2× to >1000×" among the 2× speedups (a reader's audit)."""
    return float(found["upper"] or found["upper_of"] or found["number"])


def _measure(rest: str) -> str:
    """What a quality value measures, as the words after its number say it: "15% higher acceptance
    rate" is a "% higher acceptance rate", "29.61 length-controlled win rate" a "length-controlled win
    rate". A win rate and an acceptance rate never rank on one scale (a reader's audit)."""
    words = _MEASURE_END.split(rest, maxsplit=1)[0]
    return " ".join(words.lower().split())


def _unit_key(metric: str, found: re.Match[str]) -> HeadlineKey | None:
    """The value's number on the scale of the unit around it: "$22K", "73% lower", "156 TFLOPS"."""
    written = _stated(found)
    suffix = found["suffix"]
    number = written * (_SUFFIXES[suffix.lower()] if suffix else 1.0)
    rest = found["rest"]
    if found["dollar"]:
        return HeadlineKey("dollars", number)
    if _FACTOR.match(rest):
        return HeadlineKey("factor", number)
    if _PERCENT.match(rest):
        return _percent(metric, written)
    for pattern, read in _UNITS:
        if unit := pattern.match(rest):
            name, scale = read(unit)
            return HeadlineKey(name, number * scale)
    return HeadlineKey("parameters", number) if metric == "scale" and suffix and _PARAMETERS.match(rest) else None


def _percent(metric: str, percent: float) -> HeadlineKey | None:
    """A percentage as the factor it is ("73% lower" 3.7, "22.5% faster" 1.225), or a share as written."""
    if metric in _CUTS:
        return HeadlineKey("factor", 1 / (1 - percent / 100)) if percent < 100 else None  # a 100% cut has no factor
    if metric in _GAINS:
        return HeadlineKey("factor", 1 + percent / 100)
    return HeadlineKey("percent", percent)


def headline_sort(headline: Headline | None) -> float | None:
    """A headline cell's `data-sort`: its key's number, or None where the key cannot read it."""
    key = headline_key(headline.metric, headline.value) if headline and headline.metric else None
    return None if key is None else key.number


def headline_group(headline: Headline | None) -> str | None:
    """A headline cell's `data-group`: its metric and its unit class ("latency · factor"); the metric
    alone for a speedup's factor (every speedup is one), a quality score, and a value with no key."""
    if headline is None or not headline.metric:
        return None
    key = headline_key(headline.metric, headline.value)
    if key is None or not key.unit or (headline.metric, key.unit) == ("speedup", "factor"):
        return headline.metric
    return f"{headline.metric} · {key.unit}"


# The metrics in the order docs/contributing.md's headline rule prefers their figures: a speedup (a
# gain in throughput is one too), a reduction (latency, memory, energy, cost), a scale-up, then the
# absolute figures (a utilization among them), then a score. The Metric column sorts in this order.
METRIC_ORDER = ("speedup", "throughput", "latency", "memory", "energy", "cost", "scale", "utilization", "quality")

# The kinds of figure, in that rule's order: a sorted headline column shows its groups kind by kind,
# the same whichever the direction, and only the values within a group flip. Alphabetically the
# groups read utilization (97.3%), then frames a second (24 fps), then a ratio of the baseline's
# throughput, and the speedups only after them (a reader's audit).
_GAIN, _REDUCTION, _SCALE_UP, _RATE, _ABSOLUTE, _SCORE, _CAPACITY, _UNREAD = range(8)


def metric_rank(metric: str | None) -> int | None:
    """Where a metric comes in METRIC_ORDER; None for none."""
    return METRIC_ORDER.index(metric) if metric in METRIC_ORDER else None


def headline_rank(headline: Headline | None) -> int | None:
    """Where a headline cell's group comes in a sorted column (`data-group-rank`): the kind of its
    figure, then its metric in METRIC_ORDER; None for a cell with no group."""
    if headline is None or not headline.metric:
        return None
    place = metric_rank(headline.metric)
    return _kind(headline.metric, headline_key(headline.metric, headline.value)) * 10 + (
        len(METRIC_ORDER) if place is None else place
    )


def _kind(metric: str, key: HeadlineKey | None) -> int:
    """The kind of figure a headline states, as its metric and unit class say it."""
    if metric == "quality":
        return _SCORE  # each measure a group of its own
    if key is None:  # read by the number its text starts with: a speedup's still among the speedups
        return {"speedup": _GAIN, "scale": _CAPACITY}.get(metric, _UNREAD)  # "160K context length"
    if key.unit == "factor":  # relative to a baseline: "0.55–0.88× of the baseline's throughput" too
        return _REDUCTION if metric in _CUTS else _SCALE_UP if metric == "scale" else _GAIN
    if key.unit.endswith("/s") or key.unit.endswith("/s/GPU"):  # FLOP/s, tokens/s, frames/s: a rate
        return _RATE
    return _CAPACITY if key.unit == "parameters" else _ABSOLUTE  # a time, bytes, dollars, a share
