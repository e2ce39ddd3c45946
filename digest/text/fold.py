"""Case folding that keeps every character at its offset."""

from __future__ import annotations


def fold_case(text: str) -> str:
    """`text` lowercased, every character kept at its offset, so that a match found in the
    folded text points at the same characters in the original (str.lower turns 'İ' into two)."""
    folded = text.lower()
    if len(folded) == len(text):
        return folded
    return "".join(lower if len(lower := char.lower()) == 1 else char for char in text)


def is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"
