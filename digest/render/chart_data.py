"""The figures Home's charts draw, counted once: the charts (site.py) draw them, and Home lists
them under each chart as a table, for a screen reader and for a reader who wants the numbers."""

from __future__ import annotations

from collections import Counter, defaultdict

from ..derive.corpus import Corpus

CHART_HARDWARE_ROWS = 15  # the busiest devices the chart shows


def papers_per_topic_and_year(corpus: Corpus) -> dict[str, Counter[str]]:
    """{year: {topic: papers}}; a paper counts once per topic, "unknown" for an undated one."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for derived in corpus.papers.values():
        counts[str(derived.year) if derived.year else "unknown"].update(derived.topics)
    return counts


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
