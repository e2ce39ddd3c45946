"""The built pages' HTML without the theme's indentation.

Material's templates indent their markup deeply: 4 to 5 KB of every page is spaces at the start
of lines, a fifth of a paper page. Outside preformatted text, a line break followed by spaces
renders exactly as the line break alone (HTML collapses white space), so the indentation is
dropped there and kept inside <pre>, <textarea>, <script> and <style>. Not a minifier: no tag,
attribute or character of content changes.
"""

from __future__ import annotations

import re

# A preformatted element whole, kept as it is; elsewhere, a line break and the indentation after it.
_PREFORMATTED = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_INDENT = re.compile(r"\n[ \t]+")


def strip_indentation(html: str) -> str:
    # A fixed replacement between the preformatted elements: no Python call per line.
    pieces, done = [], 0
    for kept in _PREFORMATTED.finditer(html):
        pieces += [_INDENT.sub("\n", html[done : kept.start()]), kept[0]]
        done = kept.end()
    pieces.append(_INDENT.sub("\n", html[done:]))
    return "".join(pieces)
