"""Counts as a reader says them: "1 paper", "2 papers", never "1 papers"."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` and the noun in the number it takes: the singular for exactly one, else `plural`
    (by default the singular with an "s")."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
