"""Text as the value of a BibTeX field: what LaTeX the text holds is kept, nothing can break out.

Record text comes from arXiv and Hugging Face and is LaTeX-flavoured already (M\\'elange,
$O(N^2)$, \\textbf{X}), so it is not encoded again. Outside math, the characters LaTeX reads as
commands (& % # _ ~ ^) are escaped; a lone $ is escaped; and braces are balanced (an unmatched
one is dropped) counting escaped and plain braces each on their own, so that the value is whole
for BibTeX, which counts every brace, and for parsers that skip escaped ones: no title can close
its field or its entry early, whatever it holds.
"""

from __future__ import annotations

import re

from .printable import one_line

_SPECIAL = re.compile(r"(?<!\\)([&%#_~^])")
_SPECIALS = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\^{}"}
_DOLLAR = re.compile(r"(?<!\\)\$")
_AND = re.compile(r"\band\b", re.IGNORECASE)
_TRAILING = re.compile(r"[\s\\]+\Z")


def bibtex_text(text: str) -> str:
    """One line of text, safe inside the braces of a BibTeX field."""
    text = one_line(text)
    dollars = [match.start() for match in _DOLLAR.finditer(text)]
    if len(dollars) % 2:  # a lone $ is a dollar, not math
        text, dollars = _DOLLAR.sub(r"\\$", text), []
    pieces, start = [], 0
    for opening, closing in zip(dollars[::2], dollars[1::2], strict=True):  # escape outside $math$ only
        pieces += [_SPECIAL.sub(lambda m: _SPECIALS[m[1]], text[start:opening]), text[opening:closing + 1]]
        start = closing + 1
    pieces.append(_SPECIAL.sub(lambda m: _SPECIALS[m[1]], text[start:]))
    return _TRAILING.sub("", " ".join(_balanced("".join(pieces)).split()))  # a last \\ would escape the closing brace


def bibtex_names(names: list[str]) -> str:
    """Authors as BibTeX joins them, "A and B"; a name that holds "and" or a comma is one unit."""
    shown = [bibtex_text(name) for name in names]
    return " and ".join(f"{{{name}}}" if _AND.search(name) or "," in name else name for name in shown if name)


def _balanced(text: str) -> str:
    """`text` without the braces that close nothing or are never closed (with the backslash of an
    escaped one)."""
    dropped: set[int] = set()
    opened: dict[bool, list[int]] = {False: [], True: []}
    for index, character in enumerate(text):
        if character not in "{}":
            continue
        escaped = _escaped(text, index)
        if character == "{":
            opened[escaped].append(index)
        elif opened[escaped]:
            opened[escaped].pop()
        else:
            dropped.add(index)
    dropped.update(opened[False] + opened[True])
    dropped.update(index - 1 for index in list(dropped) if _escaped(text, index))
    return "".join(character for index, character in enumerate(text) if index not in dropped)


def _escaped(text: str, index: int) -> bool:
    """Whether the character at `index` follows an odd run of backslashes."""
    run = len(text[:index]) - len(text[:index].rstrip("\\"))
    return run % 2 == 1
