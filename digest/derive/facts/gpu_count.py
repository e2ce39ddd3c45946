"""How many devices: "8 GPUs", "1 GPU", "1,024 GPUs", "384 GCDs", "thousands of GPUs"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from .base import Device, Found, Sentence

_COUNT_WORDS = {
    "one": 1,
    "single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twelve": 12,
    "sixteen": 16,
    "thirty-two": 32,
    "sixty-four": 64,
}
_COUNT = r"(?:\d{1,3}(?:,\d{3})+|\d+|" + "|".join(_COUNT_WORDS) + ")"
# Mentions of compute budget or kind, not of how many devices: "GPU hours", "GPU type", "two GPU targets";
# nor the case a method is equivalent to: "equivalent to the classic single-GPU case" (a baseline's count is context).
_NOT_A_COUNT_AFTER = (
    r"(?![\s\-]*(?:hours?|days?|weeks?|months?|years?|types?|memory|generations?|architectures?|kernels?|vendors?|count|targets?|platforms?|"
    r"backends?|case)\b)"
)
# "8 GPUs", "single GPU", "128-GPU scale", "a 32 GPU cluster", "384 GCDs", "1024 and 3072 GPUs":
# the unit is found first, the count is read backwards from it.
_DEVICE_UNIT_WORD = re.compile(rf"(?P<unit>(?:GPU|GCD|NPU|TPU|gpu)s?){_NOT_A_COUNT_AFTER}(?![\w])")
# One device set against many names the settings a method serves, not a count: "single GPU and multi-GPU
# memory optimizations", "single-GPU or multi-GPU systems".
_ONE_AGAINST_MANY = re.compile(r"[\s\-]*(?:and|or|/|vs\.?|versus)\s*(?:multi|multiple|many)\b", re.IGNORECASE)
# Between the count and the unit may stand each device's memory, with a word before or after it:
# "8 80GB GPUs", "a single 46 GB GPU", "16 standalone 48GB GPUs", "a single 24 GB consumer GPU"
# (not "batch size 32 on 80GB GPUs").
_WORD = r"(?:(?!(?:on|in|into|with|of|using|per|and|or|to|at|for|across|from|by|the|an?|each|x)\b)[a-z]+\s+)"
_DEVICE_MEMORY = rf"(?:{_WORD}?\d+\s*-?G[Bb]?[\s\-]+{_WORD}?)?"
_COUNT_BEFORE_UNIT = re.compile(
    rf"(?<![\w.,$€£])(?:(?P<first>{_COUNT})\s+(?:and|or)\s+)?(?P<count>{_COUNT})[\s\-]+{_DEVICE_MEMORY}$",
    re.IGNORECASE,
)
# The count in front of a named device: "8 V100", "two RTX 4090", "8xA100", "4timesRTX 3090".
_COUNT_BEFORE_DEVICE = re.compile(
    rf"(?<![\w.,$€£])(?:(?P<first>{_COUNT})\s*(?:,(?!\d)|and|or)\s*)?(?P<count>{_COUNT})"  # "1,024" is one count
    r"(?:\s*(?:x|×|times)\s*|\s+)(?:(?:NVIDIA|Nvidia|AMD|Intel|Huawei|Google)\s+)?$",
    re.IGNORECASE,
)
# A word in capitals right before a number names a device model: "RTX PRO 6000 GPU".
_A_MODEL_WORD_BEFORE = re.compile(r"\b(?-i:[A-Z]{2,})\s+$")
# What may follow the device before the unit: "-40G", " (24G)", " 80GB", " SXM".
_DEVICE_SUFFIX = re.compile(r"(?:[\s\-]*\(?\d+\s*G[Bb]?\)?|[\s\-]+SXM\d?|[\s\-]+PCIe)*")  # "A100-SXM4-80GB"
_DEVICE_HOURS = re.compile(r"[\s\-]*(?:GPU[\s\-]*)?(?:hours?|days?|weeks?|months?|years?)\b", re.IGNORECASE)
# "a single A100 node (8 GPUs)" counts nodes, not devices.
_MACHINE_AFTER = re.compile(r"[\s\-]*(?:nodes?|servers?|machines?|hosts?|pods?|clusters?)\b", re.IGNORECASE)
_VAGUE_COUNT = re.compile(
    r"\b(?P<amount>(?:tens|hundreds)\s+of\s+thousands|thousands|hundreds|tens)\s+of\s+"
    r"(?:\w+\s+)?(?P<unit>GPUs|accelerators|NPUs|TPUs)\b",
    re.IGNORECASE,
)
_COUNTABLE_CLASSES = ("gpu", "npu", "accelerator")
_UNIT_FOR_CLASS = {"gpu": "GPU", "npu": "NPU", "accelerator": "accelerator"}


def _count_of(count_text: str) -> int:
    """A count as written ("8", "1,024", "single", "sixteen") as a number."""
    count_word = count_text.lower()
    return _COUNT_WORDS[count_word] if count_word in _COUNT_WORDS else int(count_text.replace(",", ""))


def _device_count_value(count_text: str, unit: str) -> str:
    count = _count_of(count_text)
    unit = unit.rstrip("sS")
    unit = unit.upper() if unit.lower() in ("gpu", "gcd", "npu", "tpu") else unit.lower()
    return f"1 {unit}" if count == 1 else f"{count:,} {unit}s"


def _counts_before_unit(sentence: str, devices: list[Device]) -> Iterator[tuple[int, int, str]]:
    """The counts read backwards from a unit: "8 GPUs", "single GPU", "128-GPU scale"."""
    for unit_word in _DEVICE_UNIT_WORD.finditer(sentence):
        counted = _COUNT_BEFORE_UNIT.search(sentence, max(0, unit_word.start() - 40), unit_word.start())
        if counted is None or any(start <= counted.start("count") < end for _e, start, end in devices):
            continue  # no count, or the "4090" of "RTX 4090 GPU"
        if _A_MODEL_WORD_BEFORE.search(sentence, 0, counted.start()):
            continue  # the "6000" of "RTX PRO 6000 GPU", a device the catalogue does not know
        if _count_of(counted.group("count")) == 1 and _ONE_AGAINST_MANY.match(sentence, unit_word.end()):
            continue
        for group in ("first", "count"):
            if counted.group(group):
                yield (
                    counted.start(group),
                    unit_word.end(),
                    _device_count_value(counted.group(group), unit_word.group("unit")),
                )


def _gpu_counts(sentence: str, devices: list[Device]) -> list[tuple[int, int, str]]:
    """(start, end, value): a count's words run from the count to its unit or device."""
    found = list(_counts_before_unit(sentence, devices))
    for start, end, unit in _device_chains(sentence, devices):
        before = _COUNT_BEFORE_DEVICE.search(sentence, max(0, start - 40), start)
        after = sentence[end:]
        suffix = _DEVICE_SUFFIX.match(after)
        after = after[suffix.end() :] if suffix else after
        if before is None or _DEVICE_HOURS.match(after) or _MACHINE_AFTER.match(after):
            continue
        for group in ("first", "count"):
            if before.group(group):
                found.append((before.start(group), end, _device_count_value(before.group(group), unit)))
    if " of " in sentence:  # cheap test first: most sentences have no "thousands of GPUs"
        for match in _VAGUE_COUNT.finditer(sentence):
            found.append((match.start(), match.end(), f"{match.group('amount').lower()} of {match.group('unit')}"))
    return sorted(found)


def _device_chains(sentence: str, devices: list[Device]) -> Iterator[tuple[int, int, str]]:
    """Runs of adjacent device mentions ("Maxwell Titan X") that can be counted, as
    (start, end, unit); counted only if some device in the run is a GPU/NPU/accelerator."""
    chains: list[list[Device]] = []
    for device in devices:
        if chains and not sentence[chains[-1][-1][2] : device[1]].strip():
            chains[-1].append(device)
        else:
            chains.append([device])
    for chain in chains:
        countable = [entry for entry, _s, _e in chain if entry.class_ in _COUNTABLE_CLASSES]
        if countable:
            yield chain[0][1], chain[-1][2], _UNIT_FOR_CLASS[countable[-1].class_]


def extract(sentence: Sentence) -> list[Found]:
    return [("gpu_count", start, end, value) for start, end, value in _gpu_counts(sentence.text, sentence.devices)]
