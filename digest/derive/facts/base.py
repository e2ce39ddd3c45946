"""What every fact extractor takes and gives: a sentence in, (kind, position, value) out."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hardware import HardwareEntry

# A catalogue device named in a sentence: (entry, start, end).
Device = tuple[HardwareEntry, int, int]
# What an extractor finds: (kind, offset in the sentence, value as shown).
Found = tuple[str, int, str]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a title or abstract, verbatim, with the catalogue devices it names
    (found once, shared by the hardware and GPU-count extractors)."""

    text: str
    devices: list[Device] = field(default_factory=list)
