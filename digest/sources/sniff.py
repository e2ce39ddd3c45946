"""What a file looks like from its first 64 KiB: JSON, XML (an Atom or RSS feed), HTML, YAML, or text.

The registry asks each registered format's own `sniff` first. These broad guesses name what a
file is when no format takes it, and keep the plain-text dump reader (the fallback, which reads
any text) from reading a structured file as junk entries.
"""

from __future__ import annotations

import re

_JSON = re.compile(r'\s*(?:\{\s*["}]|\[\s*[\[{"\]])')
# A document's first tag; not any "<", which a title may start with ("<think> Tokens: ...").
_MARKUP = re.compile(r"\s*<(?:\?xml|!doctype|!--|html|head|body|feed|rss|rdf:rdf)\b", re.IGNORECASE)
_HTML = re.compile(r"<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<div[\s>]|<p>", re.IGNORECASE)
_YAML_START = re.compile(r"\s*(?:---|%YAML)(?:\s|$)")
_YAML_LINE = re.compile(r"(?:[A-Za-z_][\w-]*:(?:\s|$)|- |\s)")  # `key: value`, a list item, an indented line
_YAML_SHARE = 0.8  # of the first lines; a text dump's titles ("Name: subtitle") are at most half of its lines
_SAMPLE = 50


def looks_like(head: str) -> str | None:
    """What `head` (the start of a file) looks like, as a phrase for a message; None for plain text."""
    if _JSON.match(head):
        return "JSON"
    if _MARKUP.match(head):
        if _HTML.search(head):
            return "HTML"
        feed = "an Atom feed" if "<feed" in head else "an RSS feed" if "<rss" in head else None
        return f"{feed} (XML)" if feed else "XML"
    if _YAML_START.match(head) or _is_yaml_mapping(head):
        return "YAML"
    return None


def _is_yaml_mapping(head: str) -> bool:
    lines = [line for line in head.splitlines()[: _SAMPLE * 4] if line.strip()][:_SAMPLE]
    if not lines or not re.match(r"[A-Za-z_][\w-]*:(?:\s|$)", lines[0]):
        return False
    return sum(bool(_YAML_LINE.match(line)) for line in lines) >= _YAML_SHARE * len(lines)
