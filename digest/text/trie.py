"""One regex for many words, factored by their common prefixes.

"gpu", "gpus" and "gpt" become "gp(?:t|u(?:s)?)": the regex engine tries a handful of branches
per position instead of one per word, and the longest word wins because every branch is tried
before the word may end. The rule index (which rules can start here?) and the hardware
catalogue (which device is named here?) both scan text with one of these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

_END = ""  # the key under which a node records "a word ends here", with what must follow


def trie_regex(words: Iterable[tuple[Sequence[str], str]], atom: Callable[[str], str] = re.escape) -> str:
    """A regex matching any of `words`: each is (atoms, end), where `atom(a)` is the regex of
    one atom and `end` is a regex that must match where the word ends ("" for nothing)."""
    root: dict[str, object] = {}
    for atoms, end in words:
        node = root
        for item in atoms:
            node = node.setdefault(item, {})  # type: ignore[assignment]
        node[_END] = end
    return _node_regex(root, atom)


def _node_regex(node: dict[str, object], atom: Callable[[str], str]) -> str:
    children = sorted((key, child) for key, child in node.items() if key != _END)
    branches = [atom(key) + _node_regex(child, atom) for key, child in children]  # type: ignore[arg-type]
    if _END in node:
        end = str(node[_END])
        if not end and branches:  # the word may stop here: the longer ones are optional
            body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
            return f"(?:{body})?"
        branches.append(end)  # last: longer words are tried first
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")" if branches else ""
