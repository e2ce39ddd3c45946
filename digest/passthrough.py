"""The digest's HTML blocks (its tables, its fact blocks) carried past Python-Markdown untouched,
and past the search plugin's HTML parser where search leaves them out.

Python-Markdown parses a raw HTML block tag by tag in Python before it passes it through: on a
paper page that was half the page's conversion. The digest writes each such block between two
marker comments; the MkDocs hooks (scripts/mkdocs_hooks.py) swap each marked block for a
placeholder paragraph before the conversion (`stash`) and put it back after (`restore`).

Most blocks sit where search leaves them out: in a section whose heading carries
`data-search-exclude`, on a page whose front matter says `search: exclude`, or inside an element
that carries it (an interactive table). The search plugin
would still parse each such block only to drop it, a tenth of a build; so such a block gets a
placeholder search skips, and comes back only after the page is indexed (`restore_hidden`).
The index is the same either way.

A renderer that runs no hooks (Zensical, `digest pages --out` read by anything else) converts the
block as the raw HTML it is, and the marker comments stay invisible: the markers only save time.
"""

from __future__ import annotations

import re

START, END = "<!--digest-html-->", "<!--/digest-html-->"
_BLOCK_RE = re.compile(rf"^{re.escape(START)}\n(.*?)\n{re.escape(END)}$", re.MULTILINE | re.DOTALL)
_HEADING_RE = re.compile(r"^#{1,6} .*$", re.MULTILINE)  # ATX headings: Material's search sections
_EXCLUDED_ELEMENT_RE = re.compile(r"<[a-z][^>]*\sdata-search-exclude[\s>]")  # search skips it whole
_SHOWN_RE = re.compile(r"<p>DIGESTHTML(\d+)X</p>")
_HIDDEN_RE = re.compile(r"<p>DIGESTHIDDEN(\d+)X</p>")
_SKIPPED_RE = re.compile(r"<p data-search-exclude>DIGESTHIDDEN(\d+)X</p>")


def mark(html: str) -> str:
    """An HTML block, marked to be carried past Markdown (its own lines, blank lines around it)."""
    return f"{START}\n{html.strip()}\n{END}\n"


def stash(markdown: str, *, searched: bool = True) -> tuple[str, list[str]]:
    """The Markdown with each marked block replaced by a placeholder paragraph, and the blocks.
    A block search leaves out (all of them when the page is not `searched`) gets a placeholder
    that search skips too."""
    if START not in markdown:
        return markdown, []
    blocks: list[str] = []
    # (where each section starts, whether search leaves it out); the page's start opens one too.
    sections = [(-1, False)] + [(h.start(), "data-search-exclude" in h[0]) for h in _HEADING_RE.finditer(markdown)]

    def keep(match: re.Match[str]) -> str:
        blocks.append(match[1])
        in_excluded_section = [left_out for start, left_out in sections if start < match.start()][-1]
        excluded = in_excluded_section or _EXCLUDED_ELEMENT_RE.match(match[1]) is not None
        kind = "HTML" if searched and not excluded else "HIDDEN"
        return f"\nDIGEST{kind}{len(blocks) - 1}X\n"

    return _BLOCK_RE.sub(keep, markdown), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The converted page with each block search reads back in place of its placeholder, and
    the placeholder of each block it leaves out marked for search to skip."""
    if not blocks:
        return html
    html = _SHOWN_RE.sub(lambda match: blocks[int(match[1])], html)
    return _HIDDEN_RE.sub(r"<p data-search-exclude>DIGESTHIDDEN\1X</p>", html)


def restore_hidden(html: str, blocks: list[str]) -> str:
    """The indexed page with the blocks search leaves out back in place of their placeholders."""
    return _SKIPPED_RE.sub(lambda match: blocks[int(match[1])], html) if blocks else html
