"""Web addresses in abstracts: found once, the same way, for record links and code facts;
and blanked out before rules run, since "github.com/org/offload-lib" says nothing about a paper."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_URL = re.compile(
    r"(?:https?://|(?<![\w.@/])(?:www\.|github\.com/|gitlab\.com/|huggingface\.co/|bitbucket\.org/))"
    r"[^\s<>\"'\]\)}]+",
    re.IGNORECASE,
)
_HINTS = ("http", "www.", "github.com", "gitlab.com", "huggingface.co", "bitbucket.org")
_TRAILING = ".,;:!?'\""  # sentence punctuation after an address is not part of it
# Found by the "://" or ".com/" inside an address, which the regex engine scans for quickly,
# then widened to the whitespace around it.
_URL_MARK = re.compile(r"://|\.(?:com|org|io|ai|net|dev|co|edu|science)/")


def find_urls(text: str) -> list[tuple[int, int, str]]:
    """(start, end, URL) for each web address in `text`; one without a scheme gets https://.
    What only looks like one ("http://[x", an unclosed IPv6 host) is left out."""
    lowered = text.lower()
    if not any(hint in lowered for hint in _HINTS):
        return []
    found = []
    for match in _URL.finditer(text):
        written = match.group().rstrip(_TRAILING)
        url = written if written.lower().startswith(("http://", "https://")) else "https://" + written
        if is_web_address(url):  # not "http://[x", which no link can hold
            found.append((match.start(), match.start() + len(written), url))
    return found


def unique_urls(text: str) -> list[str]:
    """The web addresses of `text`, each once, in order."""
    return list(dict.fromkeys(url for _, _, url in find_urls(text)))


def is_web_address(url: str) -> bool:
    """An http(s) address with a host, which a record's `links` may hold ("http://[x" is not one,
    nor "https://github.com/ owner/name": an address holds no whitespace or control character)."""
    if unprintable_in_address(url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def unprintable_in_address(url: str) -> bool:
    """Whether `url` holds what no address does: whitespace, a control or an invisible character."""
    return any(character.isspace() or not character.isprintable() for character in url)


def blank_urls(text: str) -> str:
    """`text` with every web address replaced by spaces, every other character kept in place."""
    spans: list[tuple[int, int]] = []
    for mark in _URL_MARK.finditer(text):
        start = max(text.rfind(" ", 0, mark.start()), text.rfind("\n", 0, mark.start())) + 1
        ends = [i for i in (text.find(" ", mark.end()), text.find("\n", mark.end())) if i >= 0]
        end = min(ends, default=len(text))
        if spans and start < spans[-1][1]:  # a second mark in the same address
            continue
        spans.append((start, end))
    if not spans:
        return text
    pieces, kept_from = [], 0
    for start, end in spans:
        pieces += [text[kept_from:start], " " * (end - start)]
        kept_from = end
    return "".join(pieces) + text[kept_from:]
