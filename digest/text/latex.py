"""The LaTeX that leaks into arXiv abstracts, turned into the text it means."""

from __future__ import annotations

import re
import unicodedata

# Accent commands as they appear in abstracts: M\'elange, na\"ive, \c{c}a.
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "u": "\u0306", "v": "\u030c", "H": "\u030b"}
_ACCENT_RE = re.compile(r"""\{?\\(['`^"~=.]|[cuvH](?=[{\s]))\s*\{?([A-Za-z])\}?\}?""")
_COMMAND_RE = re.compile(r"\\(?:textbf|textit|emph|texttt|textsc|mathrm|mathbf|text|url)\{([^{}]*)\}")
_OLD_FONT_RE = re.compile(r"\{\\(?:it|bf|em|tt|sc)\s+([^{}]*)\}")  # {\it cuBLAS}
_ESCAPED_RE = re.compile(r"\\([%&_#$])")


def delatex(text: str) -> str:
    """M\\'elange -> Mélange, \\textbf{X} -> X, {\\it X} -> X, 19.2\\% -> 19.2%."""
    if "\\" not in text:
        return text
    text = _ACCENT_RE.sub(lambda m: unicodedata.normalize("NFC", m[2] + _ACCENTS[m[1]]), text)
    text = _COMMAND_RE.sub(r"\1", text)
    text = _OLD_FONT_RE.sub(r"\1", text)
    return _ESCAPED_RE.sub(r"\1", text)
