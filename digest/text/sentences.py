"""Sentences: where they start and end, the one around a phrase, the first few of a text.

One boundary rule for the whole digest: a sentence ends at . ! or ? (maybe closing quotes or
brackets), then space, then something that can start a sentence (a capital, a digit, a name like
"nnAudio"), or at a period a dump glued to the next sentence ("KernelBench.Beyond"); "e.g.",
"et al.", "vs.", initials, decimals like "2.31", versions and URLs do not end one.
"""

from __future__ import annotations

import re

# Words whose trailing period does not end a sentence ("e.g. R1", "et al. (2023)", "vs. A").
_ABBREVIATIONS = frozenset(
    {
        "e.g",
        "i.e",
        "al",
        "vs",
        "cf",
        "fig",
        "figs",
        "eq",
        "eqs",
        "sec",
        "no",
        "approx",
        "avg",  # "76.9 Avg. F1"
        "resp",
        "ca",
        "viz",
        "ref",
        "refs",
        "tab",
        "dr",
        "mr",
        "ms",
        "prof",
        "st",
        "inc",
        "ltd",
        "corp",
        "res",
        "est",
        "wrt",
        "w.r.t",
    }
)
# What can start a sentence: a capital or a digit, maybe after an opening quote or bracket; a name
# written lower then upper case ("nnAudio reduces", "vLLM serves"); or, as the dumps keep them, a
# LaTeX macro naming the system ("\veomni introduces") or a comment's "%" before one of these.
_SENTENCE_START = r"(?:%\s*)?(?:[\"'“‘(\[]?[A-Z0-9]|[a-z]+[A-Z]|\\(?!(?:times|sim|approx|cdot|pm|le|ge)\b)[A-Za-z]{2,})"
_SENTENCE_END = re.compile(rf"[.!?][\"'”’)\]]*\s+(?={_SENTENCE_START})")
# A period with no space after it ends a sentence too, between a word and a capitalised one, as a dump
# lost the space: "on KernelBench.Beyond raw speedup"; not inside a dotted name, a path or a URL
# ("torch.nn.Module", "github.com/A.B"), nor after an abbreviation ("et al.The").
_GLUED_END = re.compile(r"(?<=[a-z])\.(?=[A-Z][a-z]+\b)")
_COMMENT_MARK = re.compile(r"%\s+")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `text`, without the whitespace around it."""
    spans, start = [], 0
    for end in _ends(text):
        if text[end.start()] == "." and _is_abbreviation(_word_before(text, end.start()), text, end.start()):
            continue
        spans.append(_strip(text, start, end.end()))
        start = end.end()
    spans.append(_strip(text, start, len(text)))
    return [(begin, finish) for begin, finish in spans if finish > begin]


def _ends(text: str) -> list[re.Match[str]]:
    """Where sentences may end, in order: a stop and a space, or a stop glued to the next sentence."""
    glued = [end for end in _GLUED_END.finditer(text) if not re.search(r"[./]", _word_before(text, end.start()))]
    return sorted([*_SENTENCE_END.finditer(text), *glued], key=lambda end: end.start())


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`, verbatim (stripped)."""
    return [text[start:end] for start, end in sentence_spans(text)]


def sentence_around(text: str, start: int, end: int, max_chars: int = 240) -> str:
    """The sentence holding text[start:end], cut at word boundaries to about `max_chars`,
    with "…" where it was cut."""
    begin, finish = next(((b, f) for b, f in sentence_spans(text) if b <= start < f), (0, len(text)))
    half = max_chars // 2
    left, right = begin, finish
    if start - begin > half:
        space = text.find(" ", start - half, start)
        left = space + 1 if space >= 0 else start
    if finish - end > half:
        space = text.rfind(" ", end, end + half)
        right = space if space >= 0 else end
    return ("…" if left > begin else "") + text[left:right].strip() + ("…" if right < finish else "")


def leading_sentences(text: str, limit: int = 320) -> str:
    """The first whole sentences of `text` that fit in `limit` characters, then " …"; a text
    that fits is returned whole, and a first sentence too long to fit is cut at a word."""
    if len(text) <= limit:
        return text
    fitting = [end for _, end in sentence_spans(text) if end <= limit]
    if fitting and fitting[-1] > 80:
        return text[: fitting[-1]] + " …"
    return text[:limit].rsplit(" ", 1)[0] + " …"


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    # No sentence opens with a percent sign: one there is a LaTeX comment mark the dump kept
    # ("... training. % Using \veomni, a model ..."), not a word of the sentence.
    comment = _COMMENT_MARK.match(text, start, end)
    start = comment.end() if comment else start
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _word_before(text: str, period: int) -> str:
    """The word that a period at `period` ends, without the period."""
    word_start = max(text.rfind(" ", 0, period), text.rfind("\n", 0, period)) + 1
    return text[word_start:period]


def _is_abbreviation(word: str, text: str, period: int) -> bool:
    word = word.lstrip("([\"'“‘").lower()
    if word in _TIME_UNITS and re.search(r"\d\s?$", text[: period - len(word)]):
        return False  # a unit after its number ends a sentence: "in 2 s. We", "at 4 ms. To"
    # A lone letter before a period is an initial ("J. Smith") or a list label ("(a)"), not an end.
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


_TIME_UNITS = frozenset({"s", "ms", "us", "ns", "sec", "secs", "min", "mins", "h", "hrs"})
