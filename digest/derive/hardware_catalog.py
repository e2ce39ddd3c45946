"""The hardware catalogue (data/hardware.yaml) and finding its entries in text.

All aliases are compiled into ONE regex shaped like a trie (shared prefixes written once), so a
scan of an abstract is a single pass however long the catalogue grows. Greedy alternation
inside the trie, with the end-of-name check last at every node, makes the longest alias win
("RTX 6000 Ada" over "RTX 6000", "Grace Hopper" over "Hopper").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..records.yamlfile import YamlFile
from ..text.fold import fold_case
from ..text.keys import url_slug
from ..text.trie import trie_regex

HARDWARE_CLASSES = (
    "gpu",
    "npu",
    "accelerator",
    "fpga",
    "cpu",
    "soc",
    "system",
    "supercomputer",
    "architecture",
)

# In an alias, a space or hyphen means "one space/hyphen or nothing": RTX 4090 = RTX4090 = RTX-4090.
# A text's space may be LaTeX's tie, which the dumps keep: "Raspberry~Pi~5".
_ALIAS_SEPARATORS = " -"
_SEPARATOR_ATOM = " "  # trie key for such a separator (aliases keep no spaces)
_SEPARATOR_REGEX = r"[\s\-~]?"
_SEPARATORS_IN_TEXT = re.compile(r"[\s\-~]+")

# A name starts after a non-alphanumeric; a count may be glued in front of it ("8xA100",
# "8×H100", the dumps' "4timesRTX 3090" from a lost LaTeX \times): it is matched but left
# outside the group "name".
_START_OF_NAME = r"(?<![^\W_])(?:\d+(?:x|×|times))?"
# ... and ends before the next alphanumeric, allowing a plural "s" ("A100s").
_END_OF_NAME = r"s?(?![^\W_])"


_CLASS_NAMES = {"gpu": "GPU", "cpu": "CPU", "npu": "NPU", "fpga": "FPGA", "soc": "SoC"}  # the rest read as written


@dataclass(frozen=True)
class HardwareEntry:
    """One catalogue entry. `class_` is the YAML field `class` (a Python keyword)."""

    name: str
    aliases: tuple[str, ...]
    vendor: str
    class_: str
    arch: str | None = None
    cased_aliases: tuple[str, ...] = ()
    not_followed_by: tuple[str, ...] = ()
    series: bool = False  # a series' own name ("TPU"), counted only where none of its models is named

    @property
    def class_name(self) -> str:
        """The class as a page writes it: "GPU", "SoC", "supercomputer"."""
        return _CLASS_NAMES.get(self.class_, self.class_)


def _lookup_key(text: str) -> str:
    """What an alias and any spelling of it in a text have in common: RTX-4090 -> rtx4090."""
    return _SEPARATORS_IN_TEXT.sub("", text).lower()


def _alias_atoms(alias: str) -> list[str]:
    atoms: list[str] = []
    for char in alias.lower():
        if char in _ALIAS_SEPARATORS:
            if atoms and atoms[-1] != _SEPARATOR_ATOM:
                atoms.append(_SEPARATOR_ATOM)
        else:
            atoms.append(char)
    return atoms


def _atom_regex(atom: str) -> str:
    return _SEPARATOR_REGEX if atom == _SEPARATOR_ATOM else re.escape(atom)


def _end_check(not_followed_by: tuple[str, ...]) -> str:
    if not not_followed_by:
        return _END_OF_NAME
    words = sorted((word.lower() for word in not_followed_by), key=len, reverse=True)
    alternatives = "|".join(re.escape(word) for word in words)
    return rf"{_END_OF_NAME}(?![\s\-]*(?:{alternatives})(?![^\W_]))"


def _compile_catalog_regex(entries: tuple[HardwareEntry, ...]) -> re.Pattern[str]:
    """One regex over case-folded text for every alias, cased ones included (their case is
    checked on the original text afterwards). Matching folded text with plain characters, not
    re.IGNORECASE, lets the engine skip a failing branch on its first character: more than
    twice as fast. Each alias ends with its end check, tried after every longer alias."""
    aliases = [
        (_alias_atoms(alias), _end_check(entry.not_followed_by))
        for entry in entries
        for alias in (entry.name, *entry.aliases, *entry.cased_aliases)
    ]
    if not aliases:
        return re.compile(r"(?!)")  # an empty catalogue finds nothing
    return re.compile(_START_OF_NAME + "(?P<name>" + trie_regex(aliases, _atom_regex) + ")")


class HardwareCatalog:
    """The validated catalogue: look entries up by name, find them in text, give URL slugs."""

    def __init__(self, entries: tuple[HardwareEntry, ...]) -> None:
        self.entries = entries
        self._by_key: dict[str, HardwareEntry] = {}
        # Keys of aliases that count only with their exact case, with that spelling.
        self._exact_spelling: dict[str, str] = {}
        for entry in entries:
            for alias in entry.cased_aliases:
                self._exact_spelling[_lookup_key(alias)] = _SEPARATORS_IN_TEXT.sub("", alias)
            for alias in (entry.name, *entry.aliases, *entry.cased_aliases):
                self._by_key[_lookup_key(alias)] = entry
        for entry in entries:
            # A name also listed as a cased alias ("Frontier") keeps its case: "Pareto frontier" is no machine.
            for alias in (entry.name, *entry.aliases):
                if alias not in entry.cased_aliases:
                    self._exact_spelling.pop(_lookup_key(alias), None)  # any case is fine after all
        # Keys the catalogue spells only in mixed case: "AURORA" is a method's name, not the Aurora machine.
        in_capitals = {
            _lookup_key(alias)
            for entry in entries
            for alias in (entry.name, *entry.aliases, *entry.cased_aliases)
            if not any(char.islower() for char in alias)
        }
        self._mixed_case = set(self._by_key) - in_capitals
        self._by_name = {entry.name: entry for entry in entries}
        self._series_of = {
            model.name: series.name for series in entries if series.series for model in series_models(series, entries)
        }
        self._slugs = {entry.name: url_slug(entry.name) for entry in entries}
        self._regex = _compile_catalog_regex(entries)

    def __iter__(self) -> Iterator[HardwareEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, name: str) -> HardwareEntry | None:
        """The entry with this canonical name, or None."""
        return self._by_name.get(name)

    def series_of(self, name: str) -> str | None:
        """The series a model belongs to ("TPU v4": "TPU"), when the catalogue marks one."""
        return self._series_of.get(name)

    def find(self, text: str) -> list[tuple[HardwareEntry, int, int]]:
        """Every hardware mention in `text`, in order: (entry, start, end) of the name's span."""
        found = []
        for match in self._regex.finditer(fold_case(text)):
            start, end = match.span("name")
            entry = self._entry_for(text[start:end])
            if entry is not None:
                found.append((entry, start, end))
        return found

    def find_in_title(self, title: str, abstract: str) -> list[tuple[HardwareEntry, int, int]]:
        """The hardware a title mentions. Title case capitalises every word, so a name shared with
        English ("Open Frontier Intelligence") counts there only when the abstract names it too."""
        found = self.find(title)
        if not any(self._needs_case(title[start:end]) for _entry, start, end in found):
            return found  # the common case: the abstract need not be read again
        named = {entry.name for entry, _start, _end in self.find(abstract)}
        return [
            (entry, start, end)
            for entry, start, end in found
            if entry.name in named or not self._needs_case(title[start:end])
        ]

    def slug(self, entry: HardwareEntry) -> str:
        """A URL slug for the entry's page: "RTX 4090" -> "rtx-4090"."""
        return self._slugs[entry.name]

    def _entry_for(self, spelled: str) -> HardwareEntry | None:
        compact = _SEPARATORS_IN_TEXT.sub("", spelled)
        # The regex allows a plural "s" the aliases do not spell out.
        for candidate in (compact, compact[:-1]):
            key = candidate.lower()
            if key in self._by_key:
                exact = self._exact_spelling.get(key)
                # "frontier" is not "Frontier"; nor are "Frontiers": papers write "Hopper GPUs".
                if exact is not None and (candidate != exact or candidate != compact):
                    return None
                if key in self._mixed_case and _IN_CAPITALS.fullmatch(candidate):
                    return None
                return self._by_key[key]
        return None

    def _needs_case(self, spelled: str) -> bool:
        """Whether this spelling names hardware only by its case (a word shared with English)."""
        return _SEPARATORS_IN_TEXT.sub("", spelled).lower() in self._exact_spelling


# --------------------------------------------------------------------------- loading

_FIELDS = ("name", "aliases", "vendor", "class", "arch", "cased_aliases", "not_followed_by", "series")
_REQUIRED = ("name", "aliases", "vendor", "class")


# A word in capitals with no digit: "AURORA" (a method), not "TESLA P40" (a model number).
_IN_CAPITALS = re.compile(r"[A-Z]{4,}")


def load_hardware(path: Path) -> HardwareCatalog:
    """Read and validate data/hardware.yaml; a DataError names the entry, line and field."""
    document = YamlFile.read(Path(path), "hardware catalogue")
    nodes = document.entries("catalogue", "- name: ...")
    entries = tuple(_read_entry(document, node, f"hardware[{index}]") for index, node in enumerate(nodes))
    _check_unique(document, entries, nodes)
    _check_series(document, entries, nodes)
    return HardwareCatalog(entries)


def _read_entry(document: YamlFile, node: yaml.Node, entry: str) -> HardwareEntry:
    keys = document.mapping(node, entry, _FIELDS, required=_REQUIRED)
    get = keys.get

    def aliases(name: str) -> tuple[str, ...]:
        return tuple(alias.strip() for alias in document.texts(get(name), f"{entry}.{name}"))

    hw_class = document.text(keys["class"], f"{entry}.class").strip()
    if hw_class not in HARDWARE_CLASSES:
        document.fail(keys["class"], f"{entry}.class", f"{hw_class!r} is not one of: {', '.join(HARDWARE_CLASSES)}")
    arch = document.optional_text(get("arch"), f"{entry}.arch")
    return HardwareEntry(
        name=document.text(keys["name"], f"{entry}.name").strip(),
        aliases=aliases("aliases"),
        vendor=document.text(keys["vendor"], f"{entry}.vendor").strip(),
        class_=hw_class,
        arch=arch.strip() if arch else None,
        cased_aliases=aliases("cased_aliases"),
        not_followed_by=aliases("not_followed_by"),
        series=document.flag(get("series"), f"{entry}.series"),
    )


def series_models(series: HardwareEntry, entries: tuple[HardwareEntry, ...]) -> list[HardwareEntry]:
    """The models of a series: the entries named by its name and more ("TPU v4" of "TPU")."""
    return [entry for entry in entries if entry.name.startswith(series.name + " ")]


def _check_unique(document: YamlFile, entries: tuple[HardwareEntry, ...], nodes: list[yaml.Node]) -> None:
    """Names, slugs and aliases must each point at one entry, or a mention would be ambiguous."""
    owner_of: dict[str, str] = {}
    for number, (entry, node) in enumerate(zip(entries, nodes, strict=True), start=1):
        claims = [("name", f"slug:{url_slug(entry.name)}", entry.name)]
        claims += [
            (field_name, _lookup_key(alias), alias)
            for field_name, aliases in (
                ("name", (entry.name,)),
                ("aliases", entry.aliases),
                ("cased_aliases", entry.cased_aliases),
            )
            for alias in aliases
        ]
        for field_name, key, spelled in claims:
            owner = owner_of.setdefault(key, entry.name)
            if owner != entry.name:
                keys = {k.value: v for k, v in node.value} if isinstance(node, yaml.MappingNode) else {}
                document.fail(
                    keys.get(field_name, node),
                    f"hardware[{number - 1}].{field_name}",
                    f"{spelled!r} already belongs to {owner!r}; remove one of them",
                )


def _check_series(document: YamlFile, entries: tuple[HardwareEntry, ...], nodes: list[yaml.Node]) -> None:
    """A series with no model would count where a model is named all the same: a misspelt name."""
    for number, (entry, node) in enumerate(zip(entries, nodes, strict=True)):
        if entry.series and not series_models(entry, entries):
            document.fail(
                node,
                f"hardware[{number}].series",
                f"no entry is named {entry.name!r} and more (such as {entry.name + ' 2'!r}): "
                "name its models so, or remove `series`",
            )
