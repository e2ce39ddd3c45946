"""What a fetch asks for: pages of an API, in series (the pages of one day, of one query)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    url: str
    params: Mapping[str, str]
    name: str  # the file name its answer is kept under in data/sources
    label: str  # what it is, for progress and messages: "2025-01-23", "results 1-100"
    format: str  # the source registry's format that reads it
    accept: tuple[str, ...]  # the content types its answer may have


@dataclass(frozen=True)
class Series:
    """Pages fetched one after the other until one holds fewer entries than a full page."""

    page: Callable[[int], Page]  # the page of this number, from 0
    size: int  # entries in a full page
    pages: int  # at most this many pages
    pause: float = 0.0  # seconds between two pages (arXiv asks for 3)
