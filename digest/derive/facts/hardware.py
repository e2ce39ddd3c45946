"""Hardware: the catalogue names a sentence mentions ("RTX 4090"), canonical."""

from __future__ import annotations

from .base import Found, Sentence


def extract(sentence: Sentence) -> list[Found]:
    return [("hardware", start, end, entry.name) for entry, start, end in sentence.devices]
