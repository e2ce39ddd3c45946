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

from ..text.latex import LOST_REFERENCE, clean_text, without_bold, without_wrappers

# Markdown syntax anywhere in a line: emphasis, code, links (with `[` and `]` escaped no `(` can
# follow a link text), attribute lists and table cells. Escaping only these keeps pages quick to
# convert: every escape is one more inline match for Python-Markdown.
_INLINE_RE = re.compile(r"([\\`*_{}\[\]|])")
# Syntax only at the start of a line: "1." and "-", "+" start lists, "#" a heading, "=" or "-" a
# setext underline or rule, "!!!" an admonition (">" is already "&gt;"). Python-Markdown has no
# escape for "=": it becomes its character reference.
_LINE_START_RE = re.compile(r"^(?:(\d+)\.|([-+#!])|=)")
_SPACE_RE = re.compile(r"\s+")


def md_text(value: object, *, latex: bool = True) -> str:
    """One line of inert text: HTML-escaped, Markdown syntax backslash-escaped, whitespace folded."""
    return _md_text(str(value), latex)


# Titles and sentences recur across pages and across `mkdocs serve` rebuilds, which render every
# page again: remembering recent results halves the page rendering of a rebuild.
@functools.lru_cache(maxsize=1 << 16)
def _md_text(text: str, latex: bool) -> str:
    return _line_start(_inert(clean_text(text) if latex else text).strip())


def _inert(text: str) -> str:
    """Text with whitespace folded, HTML-escaped and Markdown syntax backslash-escaped."""
    return _INLINE_RE.sub(r"\\\1", html.escape(_SPACE_RE.sub(" ", text), quote=True))


def _line_start(line: str) -> str:
    return _LINE_START_RE.sub(lambda m: f"{m[1]}\\." if m[1] else f"\\{m[2]}" if m[2] else "&#61;", line)


def md_marked(text: str, marks: Sequence[tuple[int, int, str]], *, html_cell: bool = False) -> str:
    """`text` as `md_text` makes it (or as HTML text, `html_cell`), with each (start, end, title)
    span wrapped in `<mark>`: the words a value was read from, shown in place. A span is widened
    to whole words (a mark never stops mid-word, "param|eters"); overlapping spans become one mark."""
    text, cuts = without_bold(text)  # "a **1.9x** to": the spans move with the text
    if cuts:
        marks = [(_moved(start, cuts), _moved(end, cuts), title) for start, end, title in marks]
    text, wrappers = without_wrappers(text)  # "\\textbf{... (HSPI)}" too, or half of it stays raw
    if wrappers:
        marks = [(_moved_past(start, wrappers), _moved_past(end, wrappers), title) for start, end, title in marks]
    merged: list[tuple[int, int, list[str]]] = []
    for start, end, title in sorted((*whole_words(text, start, end), title) for start, end, title in marks):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]), [*merged[-1][2], title])
        else:
            merged.append((start, end, [title]))
    inert = _html_inert if html_cell else _inert
    pieces, done = [], 0
    for start, end, titles in merged:
        title = html.escape(", ".join(dict.fromkeys(titles)), quote=True)
        marked = inert(clean_text(text[start:end]))
        pieces += [inert(clean_text(text[done:start])), f'<mark title="{title}">{marked}</mark>']
        done = end
    pieces.append(inert(clean_text(text[done:])))
    joined = "".join(pieces).strip()
    return joined if html_cell else _line_start(joined)


def _moved(position: int, cuts: list[int]) -> int:
    """A position in a text once the two-character markers that began at `cuts` are gone."""
    return position - 2 * sum(1 for cut in cuts if cut < position)


def _moved_past(position: int, cuts: list[tuple[int, int]]) -> int:
    """A position in a text once the (start, length) cuts are gone (one inside a cut goes to its start)."""
    return position - sum(min(length, position - start) for start, length in cuts if start < position)


def _html_inert(text: str) -> str:
    return html.escape(_SPACE_RE.sub(" ", text), quote=True)


def whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """The span [start, end) of `text` widened to the whole words it touches. A dump's lost
    character reference ("token" "x2014" "only": a dash) ends a word, as the dash it stands for does."""
    while start > 0 and text[start - 1].isalnum() and not LOST_REFERENCE.fullmatch(text, max(start - 5, 0), start):
        start -= 1
    while end < len(text) and text[end].isalnum() and not LOST_REFERENCE.match(text, end):
        end += 1
    return start, end


def safe_url(url: str) -> str | None:
    """The URL if it is plain http(s), percent-encoded so it cannot break out of a link; else None."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return quote(url.strip(), safe=":/?#@!$&'*+,;=%~-._").replace("'", "%27")


def md_link(label: str, url: str, name: str | None = None) -> str:
    """A link to an external http(s) URL, or the URL as plain text when it is anything else.
    `name`: what a screen reader says for it, where the label alone would not tell the link from
    its neighbours' ("PDF" on every row of a table)."""
    target = safe_url(url)
    if not target:
        return md_text(url)
    named = f'{{ aria-label="{html_text(name)}" }}' if name else ""
    return f"[{md_text(label)}]({target}){named}"


def html_link(label: str, url: str, name: str | None = None) -> str:
    """`md_link` as HTML: a link to an external http(s) URL, or the URL as plain text."""
    target = safe_url(url)
    if not target:
        return html_text(url)
    named = f' aria-label="{html_text(name)}"' if name else ""
    return f'<a href="{target}"{named}>{html_text(label)}</a>'


def html_text(value: object) -> str:
    """Plain text for a template that prints it unescaped (a page title in front matter)."""
    return html.escape(_SPACE_RE.sub(" ", clean_text(str(value))).strip(), quote=True)


# The box that filters a listing's rows (docs/js/tables.js). No autocomplete: on Back the browser
# put the typed words back in the box without the script's filter, so it showed "SSD" over every row.
FILTER_BOX = (
    '<input type="search" class="digest-filter" placeholder="Filter rows…" aria-label="Filter rows" autocomplete="off">'
)


def filter_box(hint: str = "") -> str:
    """The filter box; `hint` (its placeholder and name) says what else it finds rows by."""
    if not hint:
        return FILTER_BOX
    return FILTER_BOX.replace('"Filter rows…"', f'"{html_text(hint)}…"').replace(
        '"Filter rows"', f'"{html_text(hint)}"'
    )


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], interactive: bool = False) -> str:
    """A Markdown table of Markdown cells (an empty cell shows "–"); `interactive` wraps it for
    the sort and filter script (docs/js/tables.js) and leaves its rows out of search: a listing's
    rows repeat what the pages they link to say."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell or "–" for cell in row) + " |" for row in rows]
    body = "\n".join(lines) + "\n"
    if not interactive:
        return body
    return f'<div class="digest-table" markdown data-search-exclude>\n{FILTER_BOX}\n\n{body}\n</div>\n'


_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when PyYAML has it: same text, faster


def front_matter(**fields: Any) -> str:
    """YAML front matter for the fields that have a value, or "" when none has."""
    fields = {key: value for key, value in fields.items() if value not in (None, [], {})}
    if not fields:
        return ""
    dumped = yaml.dump(fields, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000)
    return "---\n" + dumped + "---\n\n"
