"""The glossary (data/glossary.yaml): the field's acronyms and what they stand for, found in a text.

A paper page lists the entries its title and abstract use, "TTFT (time to first token)", so a
reader meeting an acronym reads its meaning, and search finds the page by either form: "time
to first token" finds the papers that write only "TTFT", "PD disaggregation" those that write
"prefill-decode". Only the field's general language belongs here, never a paper's or a system's
name. An entry is used when the text holds its acronym as a whole word with its exact case
("PD-disaggregated", "SLOs"; not "PDF", nor "moe") or its expansion in any case, a space and a
hyphen alike ("Mixture-of-Experts"), a plural "s" allowed to either.

A store without the file has an empty glossary: no page shows terms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..records.yamlfile import YamlFile

_FIELDS = ("acronym", "expansion")
# An acronym is one word: letters and digits, at least one capital (it is matched by its case).
_ACRONYM = re.compile(r"[A-Za-z0-9]*[A-Z][A-Za-z0-9]*")
# An expansion is words of letters and digits, separated by one space or hyphen.
_EXPANSION = re.compile(r"[A-Za-z0-9]+(?:[ \-][A-Za-z0-9]+)*")
_WORD_SPLIT = re.compile(r"[ \-]")
# Between two words of an expansion in a text: spaces, hyphens, or LaTeX's tie ("first~token").
_SEPARATOR = r"[\s\-~]+"
_NOT_IN_WORD_BEFORE = r"(?<![A-Za-z0-9_])"
_NOT_IN_WORD_AFTER = r"s?(?![A-Za-z0-9_])"


@dataclass(frozen=True)
class GlossaryEntry:
    acronym: str
    expansion: str

    @property
    def shown(self) -> str:
        """As a page lists it: "TTFT (time to first token)"."""
        return f"{self.acronym} ({self.expansion})"


@dataclass(frozen=True)
class Glossary:
    """The validated entries, compared by value (a page is rendered again when they change)."""

    entries: tuple[GlossaryEntry, ...] = ()
    _patterns: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = field(
        default=(), init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        patterns = tuple((_acronym_regex(entry.acronym), _expansion_regex(entry.expansion)) for entry in self.entries)
        object.__setattr__(self, "_patterns", patterns)

    def find(self, text: str) -> list[GlossaryEntry]:
        """The entries `text` uses, in the order of their first use in it."""
        first: list[tuple[int, int, GlossaryEntry]] = []
        lower = text.lower()
        for index, (entry, (acronym, expansion)) in enumerate(zip(self.entries, self._patterns, strict=True)):
            # A pattern is searched only where its literal words are: the Glossary page finds every
            # paper's terms at each rebuild, and most entries are in few abstracts (4x faster).
            matches = (
                acronym.search(text) if entry.acronym in text else None,
                expansion.search(text) if _WORD_SPLIT.split(entry.expansion, maxsplit=1)[0].lower() in lower else None,
            )
            starts = [match.start() for match in matches if match]
            if starts and not _defined_otherwise(text, entry):
                first.append((min(starts), index, entry))
        return [entry for _start, _index, entry in sorted(first)]


NO_GLOSSARY = Glossary()  # a store without data/glossary.yaml


def _defined_otherwise(text: str, entry: GlossaryEntry) -> bool:
    """Whether `text` spells its own meaning of the acronym: words whose initials make it, right
    before it in brackets, that are not the entry's ("the distilled language model (DLM)", where the
    glossary's DLM is a diffusion language model). Words that do not spell it ("diffusion LMs
    (DLMs)") say nothing either way."""
    letters = entry.acronym.lower()
    if not letters.isalpha():
        return False
    words = r"[\s\-]+".join([r"([A-Za-z][A-Za-z0-9]*)"] * len(letters))
    meant = [word.lower() for word in _WORD_SPLIT.split(entry.expansion)]
    for found in re.finditer(rf"{_NOT_IN_WORD_BEFORE}{words}\s*\(\s*{re.escape(entry.acronym)}s?\s*\)", text):
        spelled = [word.lower() for word in found.groups()]
        if "".join(word[0] for word in spelled) != letters:
            continue
        # the same words, whatever their ending ("first-come-first-serve") or a last noun left out
        # ("vision-language-action (VLA)" for a vision-language-action model)
        if not all(word[:5] == other[:5] for word, other in zip(spelled, meant, strict=False)):
            return True
    return False


def _acronym_regex(acronym: str) -> re.Pattern[str]:
    return re.compile(_NOT_IN_WORD_BEFORE + re.escape(acronym) + _NOT_IN_WORD_AFTER)


def _expansion_regex(expansion: str) -> re.Pattern[str]:
    words = _SEPARATOR.join(re.escape(word) for word in _WORD_SPLIT.split(expansion))
    return re.compile(_NOT_IN_WORD_BEFORE + words + _NOT_IN_WORD_AFTER, re.IGNORECASE)


def load_glossary(path: Path) -> Glossary:
    """Read and validate data/glossary.yaml; a DataError names the line and the field. A missing
    file is an empty glossary."""
    document = YamlFile.read_optional(Path(path), "glossary")
    if document is None:
        return NO_GLOSSARY
    entries: list[GlossaryEntry] = []
    owner_of: dict[str, int] = {}  # each acronym and expansion's entry
    for index, node in enumerate(document.entries("glossary", "- acronym: ...")):
        where = f"glossary[{index}]"
        keys = document.mapping(node, where, _FIELDS, required=_FIELDS)
        acronym = document.text(keys["acronym"], f"{where}.acronym").strip()
        if not _ACRONYM.fullmatch(acronym):
            document.fail(
                keys["acronym"],
                f"{where}.acronym",
                f"{acronym!r} is not an acronym: one word of letters and digits with at least one capital",
            )
        expansion = " ".join(document.text(keys["expansion"], f"{where}.expansion").split())
        if not _EXPANSION.fullmatch(expansion):
            document.fail(
                keys["expansion"],
                f"{where}.expansion",
                f"{expansion!r} is not an expansion: words of letters and digits, separated by a space or a hyphen",
            )
        for name, key in (("acronym", acronym), ("expansion", _expansion_key(expansion))):
            owner = owner_of.setdefault(f"{name}:{key}", index)
            if owner != index:
                document.fail(
                    keys[name], f"{where}.{name}", f"already in glossary[{owner}] ({entries[owner].shown}); keep one"
                )
        entries.append(GlossaryEntry(acronym, expansion))
    return Glossary(tuple(entries))


def _expansion_key(expansion: str) -> str:
    """What two spellings of one expansion have in common: "Key-Value" and "key value"."""
    return " ".join(_WORD_SPLIT.split(expansion.lower()))
