"""The built pages' HTML without the theme's indentation.

Material's templates indent their markup deeply: 4 to 5 KB of every page is spaces at the start
of lines, a fifth of a paper page. Outside preformatted text, a line break followed by spaces
renders exactly as the line break alone (HTML collapses white space), so the indentation is
dropped there and kept inside <pre>, <textarea>, <script> and <style>. Not a minifier: no tag,
attribute or character of content changes.
"""

from __future__ import annotations

import re

# A preformatted element whole (kept as it is), or a line break and the indentation after it.
_KEEP_OR_INDENT = re.compile(r"(<(pre|textarea|script|style)\b.*?</\2\s*>)|\n[ \t]+", re.DOTALL | re.IGNORECASE)


def strip_indentation(html: str) -> str:
    return _KEEP_OR_INDENT.sub(lambda match: match.group(1) or "\n", html)
