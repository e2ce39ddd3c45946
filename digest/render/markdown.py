"""Markdown building blocks: record text made inert, links, tables, front matter.

Abstracts hold `|`, `<`, `$`, backticks, LaTeX and maybe hostile markup. Everything from a
record goes through `md_text` (or `md_link` for URLs) before it reaches a page, so it renders
as the characters it is: no tag, no link, no emphasis, no broken table. Templates get these as
the filters `md`, `md_plain` and `html_text` (digest/render/templates.py).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlsplit

import yaml

from ..text.latex import delatex

# Inline Markdown syntax (the characters Python-Markdown can escape, and tables' `|`).
_INLINE_RE = re.compile(r"([\\`*_{}\[\]()#+!|-])")
_SPACE_RE = re.compile(r"\s+")


def md_text(value: object, *, latex: bool = True) -> str:
    """One line of inert text: HTML-escaped, Markdown syntax backslash-escaped, whitespace folded."""
    return _md_text(str(value), latex)


# Titles and sentences recur across pages and across `mkdocs serve` rebuilds, which render every
# page again: remembering recent results halves the page rendering of a rebuild.
@functools.lru_cache(maxsize=1 << 16)
def _md_text(text: str, latex: bool) -> str:
    if latex:
        text = delatex(text)
    text = _SPACE_RE.sub(" ", text).strip()
    text = html.escape(text, quote=True)
    text = _INLINE_RE.sub(r"\\\1", text)
    return re.sub(r"^(\d+)\.", r"\1\\.", text)  # "1. " would start a list


def safe_url(url: str) -> str | None:
    """The URL if it is plain http(s), percent-encoded so it cannot break out of a link; else None."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return quote(url.strip(), safe=":/?#@!$&'*+,;=%~-._").replace("'", "%27")


def md_link(label: str, url: str) -> str:
    """A link to an external http(s) URL, or the URL as plain text when it is anything else."""
    target = safe_url(url)
    return f"[{md_text(label)}]({target})" if target else md_text(url)


def html_text(value: object) -> str:
    """Plain text for a template that prints it unescaped (a page title in front matter)."""
    return html.escape(_SPACE_RE.sub(" ", delatex(str(value))).strip(), quote=True)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], interactive: bool = False) -> str:
    """A Markdown table of Markdown cells (an empty cell shows "–"); `interactive` wraps it for
    the sort and filter script (docs/js/tables.js) and leaves its rows out of search: a listing's
    rows repeat what the pages they link to say."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell or "–" for cell in row) + " |" for row in rows]
    body = "\n".join(lines) + "\n"
    if not interactive:
        return body
    return ('<div class="digest-table" markdown data-search-exclude>\n'
            '<input type="search" class="digest-filter" placeholder="Filter rows…" aria-label="Filter rows">\n\n'
            f"{body}\n</div>\n")


_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when PyYAML has it: same text, faster


def front_matter(**fields: Any) -> str:
    """YAML front matter for the fields that have a value, or "" when none has."""
    fields = {key: value for key, value in fields.items() if value not in (None, [], {})}
    if not fields:
        return ""
    dumped = yaml.dump(fields, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000)
    return "---\n" + dumped + "---\n\n"
