"""Memory: sizes in bytes, "24 GB", "<16 GB", "258 bytes" (GPU memory, footprints, storage)."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, UNIT_GAP, unit_figures

# Not "GB/s" (a bandwidth: throughput).
_MEMORY = re.compile(rf"(?<![\w.,^])(?P<number>{NUMBER}){UNIT_GAP}(?P<unit>[KMGTP]i?B|bytes?)(?![\w/])")
_UNITS = {"kb": "KB", "kib": "KiB", "byte": "bytes"}


# "2.123 bpb on 1 MB": the size of a compressed input, not memory used.
_AN_INPUT = re.compile(
    r"\b(?:bpb|bits[\s\-]per[\s\-](?:byte|character)|BPC|compression\s+ratio)\b[^.;]{0,12}\b(?:on|of)\s+$", re.I
)

# A device, by the noun the field calls it (a catalogue name is found apart).
_DEVICE = (
    r"(?:GPU|NPU|TPU|device|phone|smartphone|laptop|desktop|workstation|PC|Pi|card|accelerator|board|"
    r"machine|server|node)s?|hardware"
)
# The capacity of the device the work ran on is its setting, not a memory result: "a 16GB laptop
# 4090 GPU", "48GB GPUs", "an 8 GB Pi" (the device after it, not its memory: "24 GB GPU memory") ...
_DEVICE_AFTER = re.compile(
    rf"(?:\s+(?!(?:of|per|on|in|for|to)\b)[\w\-]+){{0,2}}?\s+(?:{_DEVICE})\b(?!\s+(?:memory|RAM|VRAM|HBM)\b)", re.I
)
# ... or "a GPU of 6GB memory", "GPUs with 24GB memory", "A10G GPU (22GiB of memory", "A100-80GB".
_DEVICE_BEFORE = re.compile(rf"\b(?:{_DEVICE})(?:\s+(?:of|with|having)\s+(?:an?\s+)?|\s*\()$", re.I)
_GLUED_TO_A_DEVICE = re.compile(r"^(?:[\s\-]+(?:SXM\d?|PCIe))*(?:[\s\-]+|\s*\()$")
# Unless the paper boasts of fitting in it: "on a mere 18GB GPU", "with only 16 GB", "within a single 24GB GPU",
# "hardware (<16GB VRAM)".
_A_FIT_BEFORE = re.compile(
    r"\b(?:only|just|mere|merely|under|below|less\s+than|within|fits?\s+(?:in|into|on)|fitting\s+(?:in|into|on))\s+"
    r"(?:(?:a|an|one|the|single)\s+)*$",
    re.I,
)


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    if "B" not in text and "byte" not in text:
        return []
    figures = unit_figures(text, _MEMORY, _UNITS)
    return [
        ("memory", start, end, value)
        for start, end, value in figures
        if not _AN_INPUT.search(text, 0, start) and not _a_devices_capacity(sentence, start, end)
    ]


def _a_devices_capacity(sentence: Sentence, start: int, end: int) -> bool:
    """Whether the size at text[start:end] is the memory of a device named beside it."""
    text = sentence.text
    number = re.search(r"\d", text[start:end])
    begin = start + (number.start() if number else 0)  # the hedge is in the span: "only 16 GB"
    if text[start] == "<" or _A_FIT_BEFORE.search(text, max(0, begin - 40), begin):
        return False
    if _DEVICE_AFTER.match(text, end) or _DEVICE_BEFORE.search(text, max(0, start - 40), start):
        return True
    after_device = (text[device_end:start] for _entry, _start, device_end in sentence.devices if device_end <= start)
    before_device = (text[end:device_start] for _entry, device_start, _end in sentence.devices if device_start >= end)
    return any(_GLUED_TO_A_DEVICE.match(gap) for gap in after_device) or any(
        re.fullmatch(r"(?:\s+[\w\-]+){0,2}?\s+", gap) for gap in before_device
    )
