"""Energy and power: "300 W", "1.2 kWh", "15 J", "40 TOPS/W" is throughput per watt (throughput)."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, UNIT_GAP, unit_figures

_ENERGY = re.compile(
    rf"(?<![\w.,^])(?P<number>{NUMBER}){UNIT_GAP}(?P<unit>[kMG]?W|watts?|[kMG]?Wh|[kmM]?J|joules?)(?![\w/])"
)
_UNITS = {"watt": "W", "watts": "W", "joule": "J", "joules": "J"}


def extract(sentence: Sentence) -> list[Found]:
    return [("energy", start, end, value) for start, end, value in unit_figures(sentence.text, _ENERGY, _UNITS)]
