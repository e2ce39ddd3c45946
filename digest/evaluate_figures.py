"""Figures, for `digest eval` and the Method page: every number in an abstract written with a
multiplier, a percentage, a unit of speed, time, memory, energy or money, or MFU is found by
`find_quantities`, a broad finder that shares nothing with the fact extractors, and counts as
covered when a figure extracted from the same paper shows the same number. The rest are listed,
so a reader sees what the extractors miss.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .derive.facts import Fact
from .fact_kinds import BY_NAME
from .records.model import Paper
from .text.sentences import split_sentences


@dataclass(frozen=True)
class Quantity:
    """A number with a unit in a sentence, as the broad finder saw it."""

    paper: str
    sentence: str
    text: str
    number: str


@dataclass
class FigureCoverage:
    found: int = 0
    unextracted: list[Quantity] = field(default_factory=list)

    @property
    def extracted(self) -> int:
        return self.found - len(self.unextracted)

    @property
    def share(self) -> float:
        return self.extracted / self.found if self.found else 1.0


_NUMBER = r"(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?"
# Units that make a number a figure. Words are matched whole; a multiplier glued to a name
# ("8xA100", "4timesRTX") counts things, it is not a ratio.
_UNIT = (
    r"\s?(?:[x×X](?![A-Za-z0-9])|times(?![A-Za-z])|-?fold\b|\\?%|percent\b|"
    r"(?:[kKMGTPE]i?)?(?:FLOP|flop)[sS]?(?:/s)?\b|(?:tera|peta|exa|giga)-?flop[s/]*|TOPS\b|"
    r"(?:tokens?|tok|samples?|images?|sequences?|req(?:uest)?s?|queries|frames?|keys?)\s?(?:/\s?s(?:ec)?\b|"
    r"per\s+second\b)|fps\b|FPS\b|QPS\b|"
    r"(?:[KMGTP]i?B|[KMGT]B/s|bytes?)\b|[kMG]?W\b|watts?\b|(?:[kMG]W|W)h\b|k?J\b|joules?\b|"
    r"(?:ms|µs|us|ns|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|days?)\b(?:/\s?token)?|GPU[ -]hours?\b)"
)
_QUANTITY = re.compile(rf"(?P<number>{_NUMBER}){_UNIT}")
_MONEY = re.compile(r"(?:\$|USD\s?)\s?(?P<number>\d+(?:,\d{3})*(?:\.\d+)?)\s?[KMB]?")
# A size that names a device's memory ("A100-80GB", "a 16GB laptop GPU", "a GPU of 6GB memory") tells
# which device, as "8xA100" counts them: it is not a figure.
_BYTES = re.compile(r"[KMGT]i?B$")
_DEVICE = r"(?:GPU|device|laptop|phone|Pi|card|accelerator)s?"
_DEVICES_SIZE_AFTER = re.compile(rf"(?:\s+[\w\-]+){{0,2}}?\s+{_DEVICE}\b(?!\s+(?:memory|RAM|VRAM)\b)", re.I)
_DEVICES_SIZE_BEFORE = re.compile(rf"(?:\b{_DEVICE}\s+(?:of|with)\s+|[A-Z]\d{{2,4}}(?:[\s\-]+SXM\d?)?[\s\-]+)$")
_MFU = re.compile(rf"\bMFU\b[^.;]{{0,30}}?(?P<number>{_NUMBER})|(?P<before>{_NUMBER})[^.;\d]{{0,30}}?\bMFU\b")


def find_quantities(sentence: str) -> list[tuple[int, str, str]]:
    """(start, text, number) of every number with a unit in `sentence`, left to right, each once."""
    found: dict[int, tuple[int, str, str]] = {}
    for pattern in (_QUANTITY, _MONEY):
        for match in pattern.finditer(sentence):
            start = match.start("number")
            if _names_a_device(sentence, match):
                continue
            found.setdefault(start, (start, match.group().strip(), match.group("number")))
    for match in _MFU.finditer(sentence):
        group = "number" if match.group("number") else "before"
        start = match.start(group)
        found.setdefault(start, (start, match.group(group) + " (MFU)", match.group(group)))
    return sorted(found.values())


def _names_a_device(sentence: str, match: re.Match[str]) -> bool:
    if not _BYTES.search(match.group().strip()):
        return False
    before = sentence[max(0, match.start() - 30) : match.start()]
    return bool(_DEVICES_SIZE_AFTER.match(sentence, match.end()) or _DEVICES_SIZE_BEFORE.search(before))


def _numbers_in(value: str) -> set[str]:
    return {number.replace(",", "") for number in re.findall(r"\d+(?:,\d{3})*(?:\.\d+)?", value)}


def figure_coverage(papers: Sequence[Paper], facts_of: Mapping[str, Sequence[Fact]]) -> FigureCoverage:
    coverage = FigureCoverage()
    for paper in papers:
        facts = facts_of[paper.id]
        # Per paper, not per sentence: a figure stated twice is one fact, kept where it first appears.
        shown = {number for fact in facts if BY_NAME[fact.kind].figure for number in _numbers_in(fact.value)}
        for sentence in split_sentences(paper.abstract):
            for _start, text, number in find_quantities(sentence):
                coverage.found += 1
                if number.replace(",", "") not in shown:
                    coverage.unextracted.append(Quantity(paper.id, sentence, text, number))
    return coverage
