"""What every fact extractor takes and gives: a sentence in, (kind, start, end, value) out."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hardware_catalog import HardwareEntry

# A catalogue device named in a sentence: (entry, start, end).
Device = tuple[HardwareEntry, int, int]
# What an extractor finds: (kind, start, end, value as shown); start and end are offsets in the
# sentence of the words the value was read from, which the paper page highlights.
Found = tuple[str, int, int, str]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a title or abstract, verbatim, with the catalogue devices it names
    (found once, shared by the hardware and GPU-count extractors)."""

    text: str
    devices: list[Device] = field(default_factory=list)


def overlaps(start: int, end: int, found: list[Found]) -> bool:
    """Whether the words from `start` to `end` were read already, as one of the `found` values."""
    return any(begin < end and start < finish for _kind, begin, finish, _value in found)
