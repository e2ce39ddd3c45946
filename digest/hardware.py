"""The hardware catalogue (data/hardware.yaml) and finding its entries in text.

All aliases are compiled into ONE regex shaped like a trie (shared prefixes written once), so a
scan of an abstract is a single pass however long the catalogue grows. Greedy alternation
inside the trie, with the end-of-name check last at every node, makes the longest alias win
("RTX 6000 Ada" over "RTX 6000", "Grace Hopper" over "Hopper").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from slugify import slugify

from digest.errors import DataError

HARDWARE_CLASSES = (
    "gpu", "npu", "accelerator", "fpga", "cpu", "soc", "system", "supercomputer", "architecture",
)
_REQUIRED_FIELDS = ("name", "aliases", "vendor", "class")
_OPTIONAL_FIELDS = ("arch", "cased_aliases", "not_followed_by")

# In an alias, a space or hyphen means "one space/hyphen or nothing": RTX 4090 = RTX4090 = RTX-4090.
_ALIAS_SEPARATORS = " -"
_SEPARATOR_ATOM = ""  # trie key for such a separator (no real character is empty)
_SEPARATOR_REGEX = r"[\s\-]?"
_SEPARATORS_IN_TEXT = re.compile(r"[\s\-]+")

# A name starts after a non-alphanumeric; a count may be glued in front of it ("8xA100",
# "8×H100", the dumps' "4timesRTX 3090" from a lost LaTeX \times): it is matched but left
# outside the group "name".
_START_OF_NAME = r"(?<![^\W_])(?:\d+(?:x|×|times))?"
# ... and ends before the next alphanumeric, allowing a plural "s" ("A100s").
_END_OF_NAME = r"s?(?![^\W_])"


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


def _lookup_key(text: str) -> str:
    """What an alias and any spelling of it in a text have in common: RTX-4090 -> rtx4090."""
    return _SEPARATORS_IN_TEXT.sub("", text).lower()


def _lowercase_same_length(text: str) -> str:
    """text.lower(), keeping every offset: a few characters (e.g. "İ") lower to two."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(char.lower() if len(char.lower()) == 1 else char for char in text)


@dataclass
class _TrieNode:
    children: dict[str, _TrieNode] = field(default_factory=dict)
    # Set on the node where an alias ends: the regex checked after it (end of word, exclusions).
    end_check: str | None = None


def _alias_atoms(alias: str) -> list[str]:
    atoms: list[str] = []
    for char in alias.lower():
        if char in _ALIAS_SEPARATORS:
            if atoms and atoms[-1] != _SEPARATOR_ATOM:
                atoms.append(_SEPARATOR_ATOM)
        else:
            atoms.append(char)
    return atoms


def _end_check(not_followed_by: tuple[str, ...]) -> str:
    if not not_followed_by:
        return _END_OF_NAME
    words = sorted((word.lower() for word in not_followed_by), key=len, reverse=True)
    alternatives = "|".join(re.escape(word) for word in words)
    return rf"{_END_OF_NAME}(?![\s\-]*(?:{alternatives})(?![^\W_]))"


def _trie_regex(node: _TrieNode) -> str:
    branches = []
    for atom, child in sorted(node.children.items()):
        head = _SEPARATOR_REGEX if atom == _SEPARATOR_ATOM else re.escape(atom)
        branches.append(head + _trie_regex(child))
    if node.end_check is not None:
        branches.append(node.end_check)  # last: longer aliases are tried first
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")"


def _compile_catalog_regex(entries: tuple[HardwareEntry, ...]) -> re.Pattern[str]:
    """One regex over lower-cased text for every alias, cased ones included (their case is
    checked on the original text afterwards). Matching lower-cased text with plain
    characters, not re.IGNORECASE, lets the engine skip a failing branch on its first
    character: more than twice as fast."""
    root = _TrieNode()
    for entry in entries:
        check = _end_check(entry.not_followed_by)
        for alias in (entry.name, *entry.aliases, *entry.cased_aliases):
            node = root
            for atom in _alias_atoms(alias):
                node = node.children.setdefault(atom, _TrieNode())
            node.end_check = check
    if not root.children:
        return re.compile(r"(?!)")  # an empty catalogue finds nothing
    return re.compile(_START_OF_NAME + "(?P<name>" + _trie_regex(root) + ")")


class HardwareCatalog:
    """The validated catalogue: look entries up by name, find them in text, give URL slugs."""

    def __init__(self, entries: tuple[HardwareEntry, ...]):
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
            for alias in (entry.name, *entry.aliases):
                self._exact_spelling.pop(_lookup_key(alias), None)  # any case is fine after all
        self._by_name = {entry.name: entry for entry in entries}
        self._slugs = {entry.name: slugify(entry.name) for entry in entries}
        self._regex = _compile_catalog_regex(entries)

    def __iter__(self) -> Iterator[HardwareEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, name: str) -> HardwareEntry | None:
        """The entry with this canonical name, or None."""
        return self._by_name.get(name)

    def find(self, text: str) -> list[tuple[HardwareEntry, int, int]]:
        """Every hardware mention in `text`, in order: (entry, start, end) of the name's span."""
        found = []
        for match in self._regex.finditer(_lowercase_same_length(text)):
            start, end = match.span("name")
            entry = self._entry_for(text[start:end])
            if entry is not None:
                found.append((entry, start, end))
        return found

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
                if exact is not None and candidate != exact:
                    return None  # "frontier" is not "Frontier"
                return self._by_key[key]
        return None


# --------------------------------------------------------------------------- loading

def load_hardware(path: Path) -> HardwareCatalog:
    """Read and validate data/hardware.yaml; a DataError names the entry, line and field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataError(path, None, None, f"cannot read the hardware catalogue: {error.strerror}")
    try:
        document = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise DataError(path, line, None, f"not valid YAML: {getattr(error, 'problem', error)}")
    if not isinstance(data, list) or not isinstance(document, yaml.SequenceNode):
        raise DataError(path, 1, None, "the catalogue must be a YAML list of entries")
    entries = tuple(
        _parse_entry(path, number, raw, node)
        for number, (raw, node) in enumerate(zip(data, document.value), start=1)
    )
    _check_unique(path, entries, document.value)
    return HardwareCatalog(entries)


def _field_line(node: yaml.Node, field_name: str | None) -> int:
    """The line of `field_name` in an entry's mapping node, else of the entry itself."""
    if field_name and isinstance(node, yaml.MappingNode):
        for key_node, _value in node.value:
            if key_node.value == field_name:
                return key_node.start_mark.line + 1
    return node.start_mark.line + 1


def _entry_error(path: Path, number: int, node: yaml.Node, field_name: str | None, message: str):
    where = f"entry {number}: {field_name}" if field_name else f"entry {number}"
    return DataError(path, _field_line(node, field_name), where, message)


def _parse_entry(path: Path, number: int, raw: object, node: yaml.Node) -> HardwareEntry:
    if not isinstance(raw, dict):
        raise _entry_error(path, number, node, None, "must be a mapping with name, aliases, vendor, class")
    for name in _REQUIRED_FIELDS:
        if name not in raw:
            raise _entry_error(path, number, node, name, "missing (every entry needs name, aliases, vendor, class)")
    for name in raw:
        if name not in _REQUIRED_FIELDS + _OPTIONAL_FIELDS:
            allowed = ", ".join(_REQUIRED_FIELDS + _OPTIONAL_FIELDS)
            raise _entry_error(path, number, node, str(name), f"unknown field (allowed: {allowed})")

    def text_field(name: str, optional: bool = False) -> str | None:
        value = raw.get(name)
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise _entry_error(path, number, node, name, "must be a non-empty string")
        return value.strip()

    def list_field(name: str) -> tuple[str, ...]:
        value = raw.get(name, [])
        if value is None:
            value = []
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise _entry_error(path, number, node, name, "must be a list of non-empty strings (quote numbers: \"4090\")")
        return tuple(v.strip() for v in value)

    hw_class = text_field("class")
    if hw_class not in HARDWARE_CLASSES:
        raise _entry_error(path, number, node, "class", f"{hw_class!r} is not one of: {', '.join(HARDWARE_CLASSES)}")
    return HardwareEntry(
        name=text_field("name"),
        aliases=list_field("aliases"),
        vendor=text_field("vendor"),
        class_=hw_class,
        arch=text_field("arch", optional=True),
        cased_aliases=list_field("cased_aliases"),
        not_followed_by=list_field("not_followed_by"),
    )


def _check_unique(path: Path, entries: tuple[HardwareEntry, ...], nodes: list[yaml.Node]) -> None:
    """Names, slugs and aliases must each point at one entry, or a mention would be ambiguous."""
    owner_of: dict[str, str] = {}
    for number, (entry, node) in enumerate(zip(entries, nodes), start=1):
        claims = [("name", f"slug:{slugify(entry.name)}", entry.name)]
        claims += [
            (field_name, _lookup_key(alias), alias)
            for field_name, aliases in (("name", (entry.name,)), ("aliases", entry.aliases),
                                        ("cased_aliases", entry.cased_aliases))
            for alias in aliases
        ]
        for field_name, key, spelled in claims:
            owner = owner_of.setdefault(key, entry.name)
            if owner != entry.name:
                raise _entry_error(path, number, node, field_name,
                                   f"{spelled!r} already belongs to {owner!r}; remove one of them")
