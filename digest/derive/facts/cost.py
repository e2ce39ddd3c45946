"""Cost: money, "$630K", "~$0.30", "USD 2.5M"."""

from __future__ import annotations

import re

from .base import Found, Sentence
from .numbers import NUMBER, hedge

_MONEY = re.compile(rf"(?:\\?\$|\bUSD\s?)\s?(?P<number>{NUMBER})(?P<scale>\s?[KMB]\b)?")


def extract(sentence: Sentence) -> list[Found]:
    if "$" not in sentence.text and "USD" not in sentence.text:
        return []
    found = []
    for match in _MONEY.finditer(sentence.text):
        qualifier, start = hedge(sentence.text, match.start())
        scale = (match.group("scale") or "").strip()
        found.append(("cost", start, match.end(), f"{qualifier}${match.group('number')}{scale}"))
    return found
