"""Text normalisation shared by ingest (matching titles) and rendering (showing them)."""

from __future__ import annotations

import re
import unicodedata

from slugify import slugify

# LaTeX accent commands as they appear in arXiv abstracts: M\'elange, na\"ive, \c{c}a.
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "u": "\u0306", "v": "\u030c", "H": "\u030b"}
_ACCENT_RE = re.compile(r"""\{?\\(['`^"~=.]|[cuvH](?=[{\s]))\s*\{?([A-Za-z])\}?\}?""")
_FORMAT_RE = re.compile(r"\\(?:textbf|textit|emph|texttt|textsc|mathrm|mathbf|text)\{([^{}]*)\}")
_ESCAPED_RE = re.compile(r"\\([%&_#$])")


def delatex(text: str) -> str:
    """Turn the LaTeX that leaks into abstracts into the text it means: M\\'elange -> Mélange."""
    text = _ACCENT_RE.sub(lambda m: unicodedata.normalize("NFC", m[2] + _ACCENTS[m[1]]), text)
    text = _FORMAT_RE.sub(r"\1", text)
    return _ESCAPED_RE.sub(r"\1", text)


def title_key(title: str) -> str:
    """The key two titles share when they name the same paper: case, punctuation,
    whitespace, Unicode and LaTeX accents do not count."""
    return slugify(delatex(title), separator=" ")


def paper_slug(title: str, max_length: int = 64) -> str:
    """A readable id for a paper: the system name of a "Name: subtitle" title, else the
    whole title, as a URL slug cut at a word boundary."""
    name, colon, _ = title.partition(":")
    if colon and 0 < len(name.split()) <= 5:
        title = name
    slug = slugify(delatex(title))
    if len(slug) > max_length:
        slug = slug[: max_length + 1].rsplit("-", 1)[0]
    return slug or "paper"
