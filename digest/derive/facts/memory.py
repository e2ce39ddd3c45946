"""Memory: sizes in bytes, "24 GB", "<16 GB", "258 bytes" (GPU memory, footprints, storage)."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, UNIT_GAP, unit_figures

# Not "GB/s" (a bandwidth: throughput) and not the "80GB" glued into a name like "A100-80GB"'s model
# number: that one still counts, it is the GPU's memory.
_MEMORY = re.compile(rf"(?<![\w.,])(?P<number>{NUMBER}){UNIT_GAP}(?P<unit>[KMGTP]i?B|bytes?)(?![\w/])")
_UNITS = {"kb": "KB", "kib": "KiB", "byte": "bytes"}


def extract(sentence: Sentence) -> list[Found]:
    if "B" not in sentence.text and "byte" not in sentence.text:
        return []
    return [("memory", start, end, value) for start, end, value in unit_figures(sentence.text, _MEMORY, _UNITS)]
