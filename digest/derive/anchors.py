"""The papers a related list names before any likeness of words (links.related_papers): those it
compares against, earlier and later papers of its series, and those that compare against it.

A baseline or a predecessor is what a researcher reading a paper looks up first, and the abstract
names it; two abstracts' words only guess at it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from ..text.keys import name_key

# The reasons, as a related list shows them
COMPARES_AGAINST = "its baseline"
SAME_SERIES = "same series"
COMPARED_BY = "compares against it"
MIN_STEM = 4  # a shorter stem ("C4" -> "c") names no series
_VERSION = re.compile(r"v?\d+(?:\.\d+)*$")  # "flashprefillv2" -> "flashprefill", "sageattention3"


def series_stem(system: str) -> str:
    """A system's name without its version: FlashPrefill V2 and FlashPrefill share "flashprefill"."""
    return _VERSION.sub("", name_key(system).lower())


def anchors(
    compares_to: Mapping[str, Sequence[str]],
    compared_by: Mapping[str, Sequence[str]],
    systems: Mapping[str, str | None],
) -> dict[str, list[tuple[str, str]]]:
    """For each paper (the keys of `compares_to`), its anchors with their reasons, each once, in
    this order: the papers it compares against, those of its series (by id), those that compare
    against it. `systems` maps an id to its system's name, if known."""
    series: dict[str, list[str]] = defaultdict(list)
    for paper_id, system in sorted(systems.items()):
        if system and len(stem := series_stem(system)) >= MIN_STEM:
            series[stem].append(paper_id)
    found: dict[str, list[tuple[str, str]]] = {}
    for paper_id, baselines in compares_to.items():
        system = systems.get(paper_id)
        kin = series.get(series_stem(system), []) if system else []
        listed: dict[str, str] = {}
        for other, reason in [
            *((other, COMPARES_AGAINST) for other in baselines),
            *((other, SAME_SERIES) for other in kin),
            *((other, COMPARED_BY) for other in compared_by.get(paper_id, ())),
        ]:
            if other != paper_id:
                listed.setdefault(other, reason)
        found[paper_id] = list(listed.items())
    return found
