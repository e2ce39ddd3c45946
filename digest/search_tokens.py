"""The terms a Material for MkDocs search index holds: Material's tokenizer and lunr.js's
pipeline functions, rebuilt on lunr.py (see digest/search.py for the rest of the port).

* Tokenizer: Material's own, not lunr's. It skips HTML markup in a field (`<p>`, `<code>`),
  splits the text between tags with `config.separator` (a regular expression, so zero-width
  lookaheads work) and lowercases each piece; every tag in `tags` is split the same way.
* Positions: Material records where each token stands, as lunr metadata (`position`): the
  field's top-level element (its block) and the token's place in that block's table, which
  also holds the block's opening tag. `material_token_positions` gives the same numbers, by
  which the mended worker tells that a number typed after a word follows that word
  (digest/search_worker.py, "A version number after its name").
* Pipeline: lunr's trimmer, stopWordFilter and stemmer, keeping only those named in
  `config.pipeline` (English default: stopWordFilter only). The query pipeline is the stemmer
  alone, when it is configured.

Where lunr.py and lunr.js differ. Its Porter stemmer disagrees with lunr.js's on a final "y"
(32 of the digest's 5,931 words: "key" -> "kei", "fly" -> "fly"); this module patches that
step, leaving 3 differences in 84,102 words (the bare suffixes "eed", "ies", "sses"). The
trimmer is rewritten too: lunr.py's keeps "(0.05)" whole and treats accented letters as word
characters (289 of the 5,931 words differed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lunr.pipeline import Pipeline
from lunr.stemmer import PorterStemmer
from lunr.stop_word_filter import stop_word_filter

# ---------------------------------------------------------------------------
# Material's tokenizer (internal/tokenize, internal/extract, internal/_ split)


def material_tokens(value: str | list[str], separator: re.Pattern[str]) -> list[str]:
    """The lowercased tokens Material indexes for a field value (a string or a list of tags)."""
    return [token for token, _ in material_token_positions(value, separator)]


def material_token_positions(value: str | list[str], separator: re.Pattern[str]) -> list[tuple[str, int]]:
    """Each token Material indexes for a field value, with the position its tokenize() records:
    `block << 20 | index`, the block counted over the field (a list's items one after another)
    and the index in the block's table, where the block's opening and closing tags take a place
    too; a 32-bit integer, as JavaScript's `<<` and `|` make it. Two tokens of one block with no
    tag between them stand at consecutive positions."""
    tokens: list[tuple[str, int]] = []
    blocks: dict[int, int] = {}  # block -> the length of its table
    for item in value if isinstance(value, list) else [value]:
        total = max(blocks, default=-1) + 1  # the table's length: its highest block, plus one
        markup = str(item)
        for item_block, start, end in _extract(markup):
            block = total + item_block
            blocks.setdefault(block, 0)
            if start < 0:  # a top-level tag, opening or closing its block
                blocks[block] += 1
                continue
            text = markup[start:end]
            for a, b in split_ranges(text, separator):
                tokens.append((text[a:b].lower(), _int32(block << 20 | blocks[block])))
                blocks[block] += 1
    return tokens


def _int32(number: int) -> int:
    return (number + 2**31) % 2**32 - 2**31


def _extract(markup: str) -> Iterator[tuple[int, int, int]]:
    """Material's extract(): the markup's text between tags as (block, start, end), cut exactly
    where Material cuts it, and each top-level tag as (block, -1, -1). A block is a top-level
    element: it ends with the tag that closes it (tags nested in it take no place)."""
    block = start = stack = 0
    for end, char in enumerate(markup):
        if char == "<" and end > start:
            yield block, start, end
            start = end
        elif char == ">":
            if markup[start + 1 : start + 2] == "/":
                stack -= 1
                if stack == 0:
                    yield block, -1, -1
                    block += 1
            elif markup[end - 1 : end] != "/":  # not self-closing
                if stack == 0:
                    yield block, -1, -1
                stack += 1
            start = end + 1
    if len(markup) > start:
        yield block, start, len(markup)


def split_ranges(text: str, separator: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """The non-empty stretches of `text` between separator matches, with JavaScript's
    RegExp.exec semantics: after an empty match the search resumes one character later."""
    index = position = 0
    while True:
        match = separator.search(text, position) if position <= len(text) else None
        until = match.start() if match else len(text)
        if index < until:
            yield index, until
        if match is None:
            return
        index = match.end()
        position = match.end() if match.end() > match.start() else match.start() + 1


# ---------------------------------------------------------------------------
# lunr.js pipeline functions


_LEADING_NON_WORD = re.compile(r"\A[^A-Za-z0-9_]+")
_TRAILING_NON_WORD = re.compile(r"[^A-Za-z0-9_]+\Z")


def js_trimmer(token: Any, i: int | None = None, tokens: Any = None) -> Any:
    """lunr.js's trimmer: strip ASCII non-word characters (JavaScript's \\W) at both ends."""
    return token.update(lambda text, metadata=None: _TRAILING_NON_WORD.sub("", _LEADING_NON_WORD.sub("", text)))


class LunrJsPorterStemmer(PorterStemmer):  # type: ignore[misc]
    """lunr.py's Porter stemmer with lunr.js's step 1c, the one place where they disagree."""

    def step1c(self) -> None:
        # lunr.js turns a final y into i after a non-vowel that is not the first letter
        # ("cry" -> "cri", "fly" -> "fli", "key" stays); lunr.py wants a vowel before it instead
        word: str = self.b  # type: ignore[has-type]
        if self.ends("y") and self.j >= self.k0 + 1 and word[self.j] not in "aeiou":
            self.b = word[: self.k] + "i" + word[self.k + 1 :]


_PORTER = LunrJsPorterStemmer()


def js_stemmer(token: Any, i: int | None = None, tokens: Any = None) -> Any:
    """lunr.js's stemmer."""
    return token.update(_PORTER.stem)


Pipeline.register_function(js_trimmer, "materialTrimmer")
Pipeline.register_function(js_stemmer, "materialStemmer")

# In lunr's default order; Material removes the ones its config does not name.
PIPELINE_FUNCTIONS = {"trimmer": js_trimmer, "stopWordFilter": stop_word_filter, "stemmer": js_stemmer}
