"""Characters no page, feed, record or spreadsheet can carry.

C0 and C1 controls (but tab and the line breaks), DEL, lone surrogates and the two
non-characters XML refuses. The record reader refuses them; a dump's text has them replaced
before it can reach a record, so that ingest never writes what `digest check` would refuse.
"""

from __future__ import annotations

import re

UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def one_line(text: str) -> str:
    """Text as one line: what no record may hold made a space, every run of whitespace one space."""
    return " ".join(UNPRINTABLE.sub(" ", text).split())
