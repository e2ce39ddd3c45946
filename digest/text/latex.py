r"""The LaTeX that leaks into arXiv abstracts, turned into the text it means, and the damage the
listing dumps' conversion left in them, repaired: `clean_text` is the one place every rendered
title and abstract goes through (pages, tables, feeds), and `leftovers` is what `digest check`
flags when some damage is still there after it.

The damage, as the three dump layouts carry it: `2.31$\times$` (math kept as source),
`9.8times` and `4timesRTX` (the backslash and dollars dropped), `3.65 sim 39.14` (`$\sim$`,
a range), `tokenx2014only` (an HTML character reference that lost its `&#` and `;`), and
`about \ 0.3` (an escaped dollar that lost its dollar), `{sim}1K` and `(1{+}1)` (math that
lost its backslashes and kept its braces), TeX's `--` and `---` dashes, its quotation marks
(``packets'', `folding') and its exponents (`O(n^2)`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Accent commands as they appear in abstracts: M\'elange, na\"ive, \c{c}a.
_ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
}
# The letter may be a dotless i or j, as accents over them are typed: na\"{\i}ve.
_ACCENT_RE = re.compile(r"""\{?\\(['`^"~=.]|[cuvH](?=[{\s]))\s*\{?(?:\\([ij])(?![A-Za-z])|([A-Za-z]))\}?\}?""")
_COMMAND_RE = re.compile(r"\\(?:textbf|textit|emph|texttt|textsc|mathrm|mathbf|text|url)\{([^{}]*)\}")
_OLD_FONT_RE = re.compile(r"\{\\(?:it|bf|em|tt|sc)\s+([^{}]*)\}")  # {\it cuBLAS}
_ESCAPED_RE = re.compile(r"\\([%&_#$])")


def delatex(text: str) -> str:
    """M\\'elange -> Mélange, \\textbf{X} -> X, {\\it X} -> X, 19.2\\% -> 19.2%."""
    if "\\" not in text:
        return text
    text = _ACCENT_RE.sub(lambda m: unicodedata.normalize("NFC", (m[2] or m[3]) + _ACCENTS[m[1]]), text)
    text = _COMMAND_RE.sub(r"\1", text)
    text = _OLD_FONT_RE.sub(r"\1", text)
    return _ESCAPED_RE.sub(r"\1", text)


_SYMBOLS = {
    "times": "×",
    "sim": "~",
    "approx": "≈",
    "geq": "≥",
    "leq": "≤",
    "pm": "±",
    "cdot": "·",
    "rightarrow": "→",
    "to": "→",
    "mu": "µ",
}
_MATH_SYMBOL_RE = re.compile(r"\$?\\(" + "|".join(_SYMBOLS) + r")(?![A-Za-z])\$?")
_GLUED_TIMES_RE = re.compile(r"(?<=\d)times(?=[A-Z]|\b)")
# 3.65 $\sim$ 39.14: a range; "15timessim50times" ($15\times\sim50\times$) too, its first "times" dropped
_RANGE_SIM_RE = re.compile(r"(?<=\d) ?(?:times ?)?(?:sim|~) ?(?=\d)")
# &#x2014; without its "&#" and ";", glued inside a word: dashes, quotes, a non-breaking space.
_CHARACTERS = {"2013": "–", "2014": "—", "2018": "‘", "2019": "’", "201C": "“", "201D": "”", "00A0": " ", "2026": "…"}
LOST_REFERENCE = re.compile(r"(?<!0)x(" + "|".join(_CHARACTERS) + r")(?![0-9A-Fa-f])", re.IGNORECASE)
_LONE_BACKSLASH_RE = re.compile(r" ?\\(?=\s)")
_SPACING_RE = re.compile(r"\\[,;:!]")  # LaTeX's spacing commands: "0.1\,ms"
# An author's own macro used as a word ("\veomni,"), which delatex leaves: its name. A command with
# an argument ("\frac{1}{2}") is not guessed at: `digest check` flags it.
_UNKNOWN_COMMAND_RE = re.compile(r"\\([A-Za-z]+)(?![{A-Za-z])")
_COMMENT_MARK_RE = re.compile(r"(?<=[.!?]) % (?=[A-Z])")  # a LaTeX comment mark left between two sentences
# "\$22K" whose "$" a dump lost: "(\22K for ...)"; not a list's item number, "training; \3) Pipelines".
LOST_DOLLAR = re.compile(r"\\(?=\d)(?!\d+\))")
_ESCAPED_ITEM_RE = re.compile(r"\\(?=\d+\))")  # that item number: "3)"
_ESCAPED_TILDE_RE = re.compile(r"\\~(?=\d)")  # "a wide range of \~8B ARs": about 8B, typed as TeX's tilde
_SPACE_AFTER_RE = re.compile(r"×(?=[A-Za-z])")
# A product of two one-letter quantities whose backslash was lost: "the N times K distance matrix"
# ($N \times K$), "O(N² cdot T)" ($\cdot$); a word's "times" ("three times higher") is left.
_LOST_PRODUCT_RE = re.compile(r"(?<=\b[A-Z]) times (?=[A-Z]\b)|(?<=[\w)²³]) (cdot) (?=[\w(])")
# Math whose backslashes the dump dropped, leaving its braces: "{sim}1K" ($\sim$1K), "7{times}", "(1{+}1)", "q^{*}".
_BRACED_SYMBOL_RE = re.compile(r"\{(sim|times|[^\w\s{}]{1,2})\}")
# TeX's dashes, typed as hyphens: "2.02--2.11x" (a range: an en dash), "retention--while" and
# "GPUs---among" (a break in the sentence: an em dash, as plain-text writers mean "--").
_TEX_DASH_RE = re.compile(r"(?<=\w)---?(?=\w)")
_TEX_RANGE_RE = re.compile(r"(?<=\d)--(?=\d)")
# TeX's tie (an unbreakable space) kept by the dumps between two words, or a word and its number:
# "Stable Audio~3", "models~(LLMs)", "+2.03~pp"; not "~5%" (about 5%) nor a range "3~5" (below).
_TIE_RE = re.compile(r"(?<=[A-Za-z])~(?=[A-Za-z\d(])|(?<=\d)~(?=[A-Za-z(])")
# A comparison whose backslash the dump dropped: "incurs le 4% overhead" ($\le 4\%$); a page cleans
# a sentence in pieces around its marks, so the piece may end before the number or start with "le".
_LOST_COMPARISON_RE = re.compile(r"(?<!\S)(leq?|geq?)(?= ?(?:\d|$))")
COMPARISONS = {"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥"}  # TeX's names, as facts/numbers.py reads them too
# Markdown bold an author typed into the abstract: "Our approach, **PAROAttention**, achieves a **1.9x** to
# **2.7x** speedup" showed its asterisks on the page. The API sources drop it as they read an abstract
# (sources/fields.py); a record typed or edited by hand may still hold it.
_MARKDOWN_BOLD_RE = re.compile(r"\*\*(?=\S)([^*]+?)(?<=\S)\*\*")
# TeX's quotation marks: ``word'' (and ''word'', as some authors open them too), `word'. Each double
# mark alone, since a page cleans a sentence in pieces around its marked values.
_TEX_OPENING_QUOTES_RE = re.compile(r"``|(?<![^\s(\[])''(?=\w)")
_TEX_SINGLE_QUOTES_RE = re.compile(r"(?<![`\w])`([^`']{1,60}?)'(?![\w'])")
# An exponent typed as TeX: "O(n^2)", "10^4 GPU hours", "25km^{2}"; a digit's superscript.
_EXPONENT_RE = re.compile(r"(?<=[\w)])\^(?:\{(\d{1,3})\}|(\d{1,3})(?![\d.,]\d))")
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_LEFTOVER_RE = re.compile(
    r"\\(?:[A-Za-z\d]+|['`^\"~=.])|\$\\|(?<=\d)times\b|(?<!0)x20[0-9A-Fa-f]{2}|(?<=\d) sim (?=\d)|\bcdots?\b"
)


@lru_cache(maxsize=1 << 16)  # a sentence is shown on its paper's page, in tables, feeds and exports
def clean_text(text: str) -> str:
    """Text as a reader should see it: the LaTeX turned into characters (`delatex`) and the
    dumps' conversion damage repaired ("2.31$\\times$" and "9.8times" -> "2.31×", "9.8×")."""
    if "\\" in text:
        text = delatex(_MATH_SYMBOL_RE.sub(lambda m: _SYMBOLS[m[1]], _ESCAPED_TILDE_RE.sub("~", text)))
        text = _SPACING_RE.sub(lambda m: "" if m[0] == "\\!" else " ", text)
        text = _ESCAPED_ITEM_RE.sub("", LOST_DOLLAR.sub("$", _LONE_BACKSLASH_RE.sub("", text)))
        text = _UNKNOWN_COMMAND_RE.sub(r"\1", text)
    if " % " in text:
        text = _COMMENT_MARK_RE.sub(" ", text)
    if "times" in text or " cdot " in text:
        text = _SPACE_AFTER_RE.sub("× ", _GLUED_TIMES_RE.sub("×", text))
        text = _LOST_PRODUCT_RE.sub(lambda m: " · " if m[1] else " × ", text)
    if "--" in text:
        text = _TEX_DASH_RE.sub("—", _TEX_RANGE_RE.sub("–", text))
    if "{" in text:
        text = _BRACED_SYMBOL_RE.sub(lambda m: _SYMBOLS.get(m[1], m[1]), text)
    if "sim" in text or "~" in text:
        text = _RANGE_SIM_RE.sub("–", _TIE_RE.sub(" ", text))
    if "le" in text or "ge" in text:
        text = _LOST_COMPARISON_RE.sub(lambda m: COMPARISONS[m[1]], text)
    if "x" in text or "X" in text:
        text = LOST_REFERENCE.sub(lambda m: _CHARACTERS[m[1].upper()], text)
    if "**" in text:
        text = without_bold(text)[0]
    if "^" in text:
        text = _EXPONENT_RE.sub(lambda m: (m[1] or m[2]).translate(_SUPERSCRIPTS), text)
    if "`" in text or "''" in text:
        text = _TEX_OPENING_QUOTES_RE.sub("“", text).replace("''", "”")
        text = _TEX_SINGLE_QUOTES_RE.sub(r"‘\1’", text)
    return text


def without_bold(text: str) -> tuple[str, list[int]]:
    """`text` without the Markdown bold an author typed into it, and where in `text` each marker
    removed began (a span read from `text` moves back two characters for each one before it)."""
    cuts = [cut for match in _MARKDOWN_BOLD_RE.finditer(text) for cut in (match.start(), match.end() - 2)]
    return (_MARKDOWN_BOLD_RE.sub(r"\1", text), cuts) if cuts else (text, [])


_WRAPPER_RE = re.compile(r"\\(?:textbf|textit|emph|texttt|underline|textsc)\{")


def without_wrappers(text: str) -> tuple[str, list[tuple[int, int]]]:
    """`text` without LaTeX's formatting commands around words ("\\textbf{HSPI}" -> "HSPI"), and
    each cut as (where in `text` it began, its length): a span read from `text` moves back by the
    cuts before it. Cleaned piece by piece around a mark, "\\textbf{... (" and ")}" lost their
    other half and stayed raw on the page. A command whose brace is never closed is left as it is."""
    cuts: list[tuple[int, int]] = []
    for match in _WRAPPER_RE.finditer(text):
        depth = 1
        for position in range(match.end(), len(text)):
            depth += {"{": 1, "}": -1}.get(text[position], 0)
            if depth == 0:
                cuts += [(match.start(), match.end() - match.start()), (position, 1)]
                break
    if not cuts:
        return text, []
    cuts.sort()
    kept, done = [], 0
    for start, length in cuts:
        kept.append(text[done:start])
        done = start + length
    kept.append(text[done:])
    return "".join(kept), cuts


def readable(text: str) -> str:
    """`clean_text` on one line: the text a page shows, for an export that holds it as plain text."""
    return " ".join(clean_text(text).split())


def leftovers(text: str) -> list[str]:
    """The conversion damage `clean_text` leaves in `text` (a LaTeX command, a glued "times", a
    lost character reference), each with a few words around it: what `digest check` flags."""
    cleaned = clean_text(text)
    return [cleaned[max(0, m.start() - 20) : m.end() + 20] for m in _LEFTOVER_RE.finditer(cleaned)]
