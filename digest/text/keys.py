"""Keys that decide when two spellings are the same thing: titles, paper ids, system names."""

from __future__ import annotations

import re

from slugify import slugify

from .latex import delatex

_NOT_KEY_RE = re.compile(r"[^a-z0-9]")


def title_key(title: str) -> str:
    """The key two titles share when they name the same paper: case, punctuation,
    whitespace, Unicode and LaTeX accents do not count."""
    return str(slugify(delatex(title), separator=" "))


def paper_key(title: str, abstract: str) -> str:
    """The key two records share when they are the same paper: the title's, or, for a title with
    no letter or digit ("?!?!"), the abstract's. Empty when neither has one."""
    if key := title_key(title):
        return key
    return f"abstract: {key}" if (key := title_key(abstract)) else ""


def paper_slug(title: str, abstract: str = "", max_length: int = 64) -> str:
    """A readable id for a paper: the system name of a "Name: subtitle" title, else the
    whole title, as a URL slug cut at a word boundary; a title with no letter or digit is
    named by the first words of its abstract."""
    name, colon, _ = title.partition(":")
    if colon and 0 < len(name.split()) <= 5:
        title = name
    slug = str(slugify(delatex(title))) or str(slugify(delatex(" ".join(abstract.split()[:8]))))
    if len(slug) > max_length:
        slug = slug[: max_length + 1].rsplit("-", 1)[0]
    return slug or "paper"


def name_key(name: str) -> str:
    """How a system name is compared: FlashAttention-2 = FlashAttention2 = flash attention 2."""
    return _NOT_KEY_RE.sub("", name.lower())


def url_slug(text: str) -> str:
    """A URL slug for a page named by `text`: "RTX 4090" -> "rtx-4090"."""
    return str(slugify(text))
