"""The terms a Material for MkDocs search index holds: Material's tokenizer and lunr.js's
pipeline functions, rebuilt on lunr.py (see digest/search.py for the rest of the port).

* Tokenizer: Material's own, not lunr's. It skips HTML markup in a field (`<p>`, `<code>`),
  splits the text between tags with `config.separator` (a regular expression, so zero-width
  lookaheads work) and lowercases each piece; every tag in `tags` is split the same way.
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
    values = value if isinstance(value, list) else [value]
    return [
        text[start:end].lower()
        for item in values
        for text in _text_between_tags(str(item))
        for start, end in split_ranges(text, separator)
    ]


def _text_between_tags(markup: str) -> Iterator[str]:
    """The text outside `<...>` markup, cut exactly where Material's extract() cuts it."""
    start = 0
    for end, char in enumerate(markup):
        if char == "<" and end > start:
            yield markup[start:end]
            start = end
        elif char == ">":
            start = end + 1
    if len(markup) > start:
        yield markup[start:]


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
