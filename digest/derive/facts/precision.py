"""Numeric precision: "FP8", "BF16", "INT4", "4-bit", "W4A8", and the block-scaled formats of the MX and
NVIDIA families, floating point or integer ("MXFP4", "NVFP4", "MXINT8", "NVINT4")."""

from __future__ import annotations

import re

from .base import Found, Sentence

_PRECISION = re.compile(
    r"(?<![\w\-])(?:"
    r"(?P<format>(?:MX|NV)?FP(?:4|6|8|16|32|64)|BF16|TF32|(?:MX|NV)?INT(?:2|4|8|16)|UINT8|E4M3|E5M2|"
    r"bfloat16|float(?:8|16|32|64))"
    r"|(?P<wa>W\d{1,2}A\d{1,2}(?:KV\d{1,2})?)"
    r"|(?P<bits>(?:1\.58|[1-8]|16|32|64))-bit"
    r"|(?P<named>half|single|double)[\s\-]precision"
    r")(?![\w])",
    re.IGNORECASE,
)
# The cased W-only form ("W3 quantization") would match too much with IGNORECASE.
_WEIGHT_ONLY = re.compile(r"(?<![\w\-])W[1-8](?=\s+(?:and\s+W\d|(?:quantization|kernel|GPU|weights?)\b))")
# 16/32/64-bit are also integer widths ("32-bit keys"): only count them as a number format.
_WIDE_BITS_CONTEXT = re.compile(
    r"[\s\-]+(?:precision|float\w*|weights?|activations?|training|arithmetic|format|"
    r"quantization|accumulation|inference)",
    re.IGNORECASE,
)
_PRECISION_ALIASES = {
    "BFLOAT16": "BF16",
    "FLOAT8": "FP8",
    "FLOAT16": "FP16",
    "FLOAT32": "FP32",
    "FLOAT64": "FP64",
    "HALF": "FP16",
    "SINGLE": "FP32",
    "DOUBLE": "FP64",
}
# Cheap substring tests that let most sentences skip the regexes above.
_PRECISION_HINTS = ("fp", "bf16", "tf32", "int", "float", "bit", "precision", "e4m3", "e5m2")
_WEIGHT_BITS_HINT = re.compile(r"[Ww]\d")


def _precisions(sentence: str) -> list[tuple[int, int, str]]:
    lowered = sentence.lower()
    if not any(hint in lowered for hint in _PRECISION_HINTS) and not _WEIGHT_BITS_HINT.search(sentence):
        return []
    found = []
    for match in _PRECISION.finditer(sentence):
        if match.group("bits"):
            bits = match.group("bits")
            if bits in ("16", "32", "64") and not _WIDE_BITS_CONTEXT.match(sentence, match.end("bits") + 4):
                continue
            found.append((match.start(), match.end(), f"{bits}-bit"))
            continue
        token = (match.group("format") or match.group("wa") or match.group("named")).upper()
        found.append((match.start(), match.end(), _PRECISION_ALIASES.get(token, token)))
    for match in _WEIGHT_ONLY.finditer(sentence):
        found.append((match.start(), match.end(), match.group()))
    return sorted(found)


def extract(sentence: Sentence) -> list[Found]:
    return [("precision", start, end, value) for start, end, value in _precisions(sentence.text)]
