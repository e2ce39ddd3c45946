"""The figures Home's charts draw, counted once: the charts (site.py) draw them, and Home lists
them under each chart as a table, for a screen reader and for a reader who wants the numbers."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

from ..derive.corpus import Corpus
from .news import last_listing

CHART_HARDWARE_ROWS = 15  # the busiest devices the chart shows


def papers_per_topic_and_year(corpus: Corpus) -> dict[str, Counter[str]]:
    """{year: {topic: papers}}; a paper counts once per topic, "unknown" for an undated one. The
    year of the newest listing read is named with the day it reaches, "2026 (to Aug 21)": its bar
    is part of a year, which read as a flat year beside the last whole one (a reader's audit)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for derived in corpus.papers.values():
        counts[str(derived.year) if derived.year else "unknown"].update(derived.topics)
    newest = _listing_day(corpus)
    if newest and str(newest.year) in counts and (newest.month, newest.day) != (12, 31):
        counts[f"{newest.year} (to {newest:%b} {newest.day})"] = counts.pop(str(newest.year))
    return counts


def _listing_day(corpus: Corpus) -> dt.date | None:
    """The day of the newest listing read; None when no listing gave a whole date."""
    try:
        return dt.date.fromisoformat(last_listing(corpus))
    except ValueError:  # none, or a day without its year ("--08-21")
        return None


def papers_per_hardware_and_topic(corpus: Corpus) -> dict[str, Counter[str]]:
    """{device: {topic: papers}} for the CHART_HARDWARE_ROWS devices most papers name, busiest first.
    An architecture is no device: "Ampere" counts the papers that name only it, while the Hardware
    page's Ampere rolls up its devices' papers too, so one word had two counts (a reader's audit);
    the families stay the Hardware page's."""
    devices = {
        name: ids
        for name, ids in corpus.by_hardware.items()
        if (entry := corpus.catalog.get(name)) is None or entry.class_ != "architecture"
    }
    busiest = sorted(devices.items(), key=lambda item: (-len(item[1]), item[0]))[:CHART_HARDWARE_ROWS]
    return {name: Counter(t for pid in ids for t in corpus.papers[pid].topics) for name, ids in busiest}
