"""The digest's HTML blocks (its tables, its fact blocks) carried past Python-Markdown untouched.

Python-Markdown parses a raw HTML block tag by tag in Python before it passes it through: on a
paper page that was half the page's conversion. The digest writes each such block between two
marker comments; the MkDocs hooks (scripts/mkdocs_hooks.py) swap each marked block for a
placeholder paragraph before the conversion (`stash`) and put it back after (`restore`). A
renderer that runs no hooks (Zensical, `digest pages --out` read by anything else) converts the
block as the raw HTML it is, and the marker comments stay invisible: the markers only save time.
"""

from __future__ import annotations

import re

START, END = "<!--digest-html-->", "<!--/digest-html-->"
_BLOCK_RE = re.compile(rf"^{re.escape(START)}\n(.*?)\n{re.escape(END)}$", re.MULTILINE | re.DOTALL)
_PLACEHOLDER_RE = re.compile(r"<p>DIGESTHTML(\d+)X</p>")


def mark(html: str) -> str:
    """An HTML block, marked to be carried past Markdown (its own lines, blank lines around it)."""
    return f"{START}\n{html.strip()}\n{END}\n"


def stash(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each marked block replaced by a placeholder paragraph, and the blocks."""
    if START not in markdown:
        return markdown, []
    blocks: list[str] = []

    def keep(match: re.Match[str]) -> str:
        blocks.append(match[1])
        return f"\nDIGESTHTML{len(blocks) - 1}X\n"

    return _BLOCK_RE.sub(keep, markdown), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The converted page with each placeholder paragraph replaced by its block."""
    if not blocks:
        return html
    return _PLACEHOLDER_RE.sub(lambda match: blocks[int(match[1])], html)
