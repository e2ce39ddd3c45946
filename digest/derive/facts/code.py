"""Code links: the web addresses an abstract gives ("https://github.com/...")."""

from __future__ import annotations

from ...text.urls import find_urls
from .base import Found, Sentence


def extract(sentence: Sentence) -> list[Found]:
    return [("code", start, end, url) for start, end, url in find_urls(sentence.text)]
