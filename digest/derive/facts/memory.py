"""Memory: sizes in bytes, "24 GB", "<16 GB", "258 bytes" (GPU memory, footprints, storage)."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, UNIT_GAP, unit_figures

# Not "GB/s" (a bandwidth: throughput) and not the "80GB" glued into a name like "A100-80GB"'s model
# number: that one still counts, it is the GPU's memory.
_MEMORY = re.compile(rf"(?<![\w.,^])(?P<number>{NUMBER}){UNIT_GAP}(?P<unit>[KMGTP]i?B|bytes?)(?![\w/])")
_UNITS = {"kb": "KB", "kib": "KiB", "byte": "bytes"}


# "2.123 bpb on 1 MB": the size of a compressed input, not memory used.
_AN_INPUT = re.compile(
    r"\b(?:bpb|bits[\s\-]per[\s\-](?:byte|character)|BPC|compression\s+ratio)\b[^.;]{0,12}\b(?:on|of)\s+$", re.I
)


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    if "B" not in text and "byte" not in text:
        return []
    figures = unit_figures(text, _MEMORY, _UNITS)
    return [("memory", start, end, value) for start, end, value in figures if not _AN_INPUT.search(text, 0, start)]
