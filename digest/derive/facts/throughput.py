"""Throughput: "156 TFLOPS", "5.86 tokens/s", "91.07 fps"."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import FRESH_NUMBER, PAIRED_BEFORE, UNIT_GAP, hedge, range_low

_THROUGHPUT_UNITS = (
    (r"T(?:FLOPs?|Flops?)(?:/s)?|tera-?flops(?:/s)?", "TFLOPS"),
    (r"P(?:FLOPs?|Flops?)(?:/s)?|peta-?flops?(?:/s)?", "PFLOPS"),
    (r"E(?:FLOPs?|Flops?)(?:/s)?|exa-?flops?/s", "EFLOPS"),
    (r"G(?:FLOPs?|Flops?)(?:/s)?|giga-?flops?(?:/s)?", "GFLOPS"),
    (r"(?-i:TOPS)", "TOPS"),  # in capitals: "2.0 tops the leaderboard" is a verb
    # "1,500 output tokens per second": which tokens, before the unit
    (
        r"(?:(?:output|generated|decoded|decoding|generation|input|prefill)\s+)?"
        r"(?:tokens?\s*/\s*s(?:ec)?|tokens?\s+per\s+second)|tok/s|(?-i:TPS)",  # "892 TPS on HumanEval+"
        "tokens/s",
    ),
    (r"samples?\s*/\s*s(?:ec)?|samples?\s+per\s+second", "samples/s"),
    (r"images?\s*/\s*s(?:ec)?|images?\s+per\s+second", "images/s"),
    (r"sequences?\s*/\s*s(?:ec)?|sequences?\s+per\s+second", "sequences/s"),
    (r"req(?:uest)?s?\s*/\s*s(?:ec)?|requests?\s+per\s+second|queries\s+per\s+second|QPS", "requests/s"),
    (r"fps|frames\s+per\s+second", "fps"),
    (r"G[Kk]eys?/s", "GKeys/s"),
)
_THROUGHPUT = re.compile(
    # also the dumps' "sim25 FPS", and a rate said of the whole pipeline: "24 end-to-end FPS"
    rf"(?P<number>{FRESH_NUMBER}){UNIT_GAP}(?:end-to-end\s+)?(?P<unit>"
    + "|".join(f"(?P<u{index}>{pattern})" for index, (pattern, _name) in enumerate(_THROUGHPUT_UNITS))
    + r")(?![\w])(?P<per_gpu>\s*(?:/\s*GPU\b|per\s+(?:\w+\s+)?GPU\b))?",
    re.IGNORECASE,
)


# A frame rate of the media made or shown, not of the system: "5 seconds of 24 fps video", "produces
# minute-level, 480p videos at 24 fps", "400 seconds of 720P video (at 1 FPS)". Unless the sentence
# says it is the system's speed: "streams 720p video at 16 FPS", "real-time videos at 42 FPS",
# "videos at 16 FPS on a single H200 GPU".
_MEDIA_AFTER = re.compile(r"\s+(?:[\w\-]+\s+)?(?:videos?|footage|clips?|recordings?)\b", re.IGNORECASE)
_MEDIA_BEFORE = re.compile(
    # "videos at 24 fps", "at 768p resolution and 24 FPS"
    r"\b(?:videos?|footage|clips?)\s+\(?at\s+(?:[\w\-]+\s+(?:resolution\s+)?and\s+)?(?:up\s+to\s+)?$"
    r"|\bcompress\w*\s+[^.;]{0,40}\bto\s+$",  # a codec's frame rate: "compresses 24 kHz audio to 12.5 fps"
    re.IGNORECASE,
)
_A_SPEED = re.compile(r"real[\s-]?time|stream|\blive\b|interactive|\bon\s+(?:a|an|one)\s", re.IGNORECASE)
# Operations counted per item are a cost, not a rate: "7.4 GFlops forward computation per token".
_PER_ITEM_AFTER = re.compile(
    r"\s+(?:[\w\-]+\s+){0,3}?per\s+(?:token|image|sample|frame|query|forward\s+pass)\b", re.IGNORECASE
)


# "FLOPs" with a small "s" counts operations, by the field's convention ("about 1500 EFLOPs of total
# compute", "1817.2 vs. 4.34 TFLOPs"); a rate is "FLOPS", "FLOP/s" or "FLOPs/s".
_AN_AMOUNT_OF_OPERATIONS = re.compile(r"[KMGTPEZ]FLOPs$")


def _a_media_frame_rate(sentence: str, match: re.Match[str]) -> bool:
    if _MEDIA_AFTER.match(sentence, match.end()):
        return True
    return bool(_MEDIA_BEFORE.search(sentence, 0, match.start()) and not _A_SPEED.search(sentence))


def _throughputs(sentence: str) -> list[tuple[int, int, str]]:
    found = []
    for match in _THROUGHPUT.finditer(sentence):
        if match.group("unit").lower().startswith(("fps", "frames")) and _a_media_frame_rate(sentence, match):
            continue
        if "flop" in match.group("unit").lower() and _PER_ITEM_AFTER.match(sentence, match.end()):
            continue
        if _AN_AMOUNT_OF_OPERATIONS.search(match.group("unit")):
            continue
        unit = next(name for index, (_pattern, name) in enumerate(_THROUGHPUT_UNITS) if match.group(f"u{index}"))
        per_gpu = "/GPU" if match.group("per_gpu") else ""
        paired = PAIRED_BEFORE.search(sentence, max(0, match.start() - 24), match.start())
        if paired:  # "4.32/2.29 token/s": two figures, one unit
            found.append((paired.start(), paired.end("first"), f"{paired.group('first')} {unit}{per_gpu}"))
        low = range_low(sentence, match.start(), match.group("number"))  # "14 to 15 FPS"
        number = f"{low.group('low')}–{match.group('number')}" if low else match.group("number")
        qualifier, start = hedge(sentence, low.start() if low else match.start())  # "over 25 petaflops" is ">25 PFLOPS"
        found.append((start, match.end(), f"{qualifier}{number} {unit}{per_gpu}"))
    return found


def extract(sentence: Sentence) -> list[Found]:
    return [("throughput", start, end, value) for start, end, value in _throughputs(sentence.text)]
