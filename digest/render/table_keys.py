"""What the table script (docs/js/tables.js) sorts and filters by where a cell's text would mislead.

A sort key is written on the cell (`data-sort`) from the structured value, so the script need not
read units from the text: "1T" is a trillion parameters, above "175B", "hundreds of GPUs" above
"96 GPUs", and a cell that lists several scales or counts sorts by its largest (the largest model
the paper works with is what sets it apart). A row's filter text (`data-filter`) holds the
paper's title, its tags (by slug and by name: "kv-cache", "KV cache") and the architecture of each
of its hardware (H100's Hopper), which the row does not show, so typing "speculative" finds the
papers tagged speculative-decoding and "hopper" those run on an H100 or an H20.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..derive.corpus import Derived
from .context import RenderContext

_UNITS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9, "t": 1e12, "trillion": 1e12}
# "175B", "1.5 B", "10T+", "5.7M", "13 billion", "1 trillion"; and "billion-scale", a scale with no number.
_SCALE = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)?\s*-?\s*(?P<unit>[kmbt]|thousand|million|billion|trillion)\b", re.I)


def magnitude(text: str) -> float | None:
    """The number of parameters a model scale says: "1T" 1e12, "8.3B" 8.3e9, "10T+" 1e13,
    "billion-scale" 1e9 (the least it can mean); None for text that is no scale."""
    match = _SCALE.match(text.replace(",", ""))
    if not match:
        return None
    number = match.group("number")
    if number is None and not text.strip().lower().startswith(match.group("unit").lower() + "-scale"):
        return None  # a bare "b" or "million" is no scale
    return float(number or 1) * _UNITS[match.group("unit").lower()]


def largest_scale(values: Sequence[str]) -> float | None:
    """The largest of a cell's scales, or None when none of its values is one."""
    return max((m for m in map(magnitude, values) if m is not None), default=None)


def largest_first(values: Sequence[str], measure: Callable[[str], float | None] = magnitude) -> list[str]:
    """A cell's scales (or, by `gpu_count`, its GPU counts) in the order its sort key reads them,
    largest first ("175B, 100B, 13B" for "100B, 175B, 13B"); a value `measure` reads no size in keeps
    its place after them. The value a column sorts by is the one a phone shows, before "+N more"."""
    return sorted(values, key=lambda value: -(measure(value) or 0.0))


# A count of GPUs given in words, as the least it can mean: "hundreds of GPUs" sorts above 96.
_COUNT_WORDS = (("tens of thousands", 1e4), ("thousands", 1e3), ("hundreds", 1e2), ("dozens", 12.0), ("tens", 10.0))
_COUNT = re.compile(r"^\s*(?P<number>\d[\d,]*)")


def gpu_count(text: str) -> float | None:
    """How many GPUs a GPU count says: "1,024 GPUs" 1024, "hundreds of GPUs" 100; None for none."""
    number = _COUNT.match(text)
    if number:
        return float(number.group("number").replace(",", ""))
    lowered = text.lower()
    return next((count for words, count in _COUNT_WORDS if lowered.startswith(words)), None)


def largest_count(values: Sequence[str]) -> float | None:
    """The largest of a cell's GPU counts, or None when none of its values is one."""
    return max((c for c in map(gpu_count, values) if c is not None), default=None)


def unsaid(values: list[str], measure: Callable[[str], float | None]) -> list[str]:
    """A cell's values less those in words that a figure beside them already says: "70B, 13B", not
    "70B, 13B, billion-scale"; "3,072 GPUs", not "thousands of GPUs, 3,072 GPUs" (the paper's page
    keeps every one). A word value larger than every figure stays ("tens of thousands of GPUs, 96
    GPUs"), as does one with no figure beside it ("hundreds of GPUs")."""
    largest = max((size for value in values if _has_figure(value) and (size := measure(value))), default=None)
    return [
        value
        for value in values
        if largest is None or _has_figure(value) or (size := measure(value)) is None or size > largest
    ]


def _has_figure(value: str) -> bool:
    return any(char.isdigit() for char in value)


def sort_attribute(key: float | None) -> str:
    """A cell's `data-sort` value: the number, or "" (sort by the cell's text) when it has none. A
    whole number keeps every digit that `g` would round away (a date's 20260305, not 2.02603e+07)."""
    if key is None:
        return ""
    short = f"{key:g}"
    return f"{key:.0f}" if key.is_integer() and float(short) != key else short


def published_month(published: str | None) -> str:
    """What a table's date column shows of a paper's published date: its month ("2026-03", which
    sorts as text too and reads the same in any language), its year where only that is known
    ("2026"), and nothing for no date or a day of an unknown year ("--03-11"): no month is guessed."""
    if not published or not published[0].isdigit():
        return ""
    return published[:7]


def date_key(published: str | None) -> float | None:
    """A published date's sort key, the day included: 20260305 for "2026-03-05"; a year alone is
    20260000, after that year's dated papers when newest come first; None for no known year."""
    if not published or not published[0].isdigit():
        return None
    year, month, day = [*published.split("-"), "0", "0"][:3]
    return float(f"{int(year):04d}{int(month):02d}{int(day):02d}")


def filter_text(context: RenderContext, derived: Derived) -> str:
    """What a paper's row can be found by beyond its cells: its title, its tags as written and by
    their names, the architecture the catalogue gives each of its hardware (a reader after
    Hopper papers types "hopper", not every one of H100, H800, H20, H200 and GH200), and what it
    offloads (a reader after optimizer-state offloading types "optimizer" in a tag's table too)."""
    catalog = context.corpus.catalog
    names = [context.tag(tag)[1] for tag in derived.tags]
    architectures = [entry.arch for name in derived.hardware if (entry := catalog.get(name)) and entry.arch]
    said: dict[str, str] = {}  # each once, whatever its case: "llm" and "LLM"
    for text in (derived.paper.title, *derived.tags, *names, *architectures, *derived.values("offloads")):
        said.setdefault(text.casefold(), text)
    return " ".join(said.values())
