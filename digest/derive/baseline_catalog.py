"""The baseline catalogue (data/baselines.yaml): systems of the field that papers compare against
but that are no paper of the digest (vLLM, PyTorch, cuBLAS), with what each is.

A paper's page and its table row list them under Compares against after the papers of the
digest, as plain text marked "not in the digest": their names are found by the same test as a
paper's (links.find_mentions with links.compared_with), so "over vLLM" counts and "built on vLLM"
does not. A name that is also a paper's system of the store is that paper's: the link wins. A
curator's `overrides.compares_to` names them too, in place of what the abstract names.

A store without the file has an empty catalogue: only papers of the store are listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..records.yamlfile import YamlFile
from ..text.keys import name_key

_FIELDS = ("name", "aliases", "what")
_REQUIRED = ("name", "what")
MIN_KEY = 3  # letters and digits a name needs to be found (links.find_mentions)


@dataclass(frozen=True)
class BaselineSystem:
    name: str  # as a page shows it
    aliases: tuple[str, ...]  # other spellings found in abstracts ("EAGLE3")
    what: str  # one line: what the system is, shown beside its name

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class BaselineCatalog:
    """The validated entries, compared by value (a page is rendered again when they change)."""

    entries: tuple[BaselineSystem, ...] = ()

    def __iter__(self) -> Iterator[BaselineSystem]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, name: str) -> BaselineSystem | None:
        """The entry of this canonical name, or None."""
        return next((entry for entry in self.entries if entry.name == name), None)

    def named(self, spelling: str) -> BaselineSystem | None:
        """The entry whose name or alias `spelling` is, ignoring case, spaces and hyphens (as the
        catalogue's own check does), or None: how a curator's compares_to names a system."""
        key = name_key(spelling)
        return next((entry for entry in self.entries if key in map(name_key, entry.spellings)), None)

    def spellings(self) -> dict[str, list[str]]:
        """Each entry's name with its spellings: what links.find_mentions looks for."""
        return {entry.name: list(entry.spellings) for entry in self.entries}


NO_BASELINES = BaselineCatalog()  # a store without data/baselines.yaml


def load_baselines(path: Path) -> BaselineCatalog:
    """Read and validate data/baselines.yaml; a DataError names the line and the field. A missing
    file is an empty catalogue."""
    document = YamlFile.read_optional(Path(path), "baseline catalogue")
    if document is None:
        return NO_BASELINES
    entries: list[BaselineSystem] = []
    owner_of: dict[str, int] = {}  # each spelling's key, and the entry that holds it
    for index, node in enumerate(document.entries("catalogue", "- name: ...")):
        where = f"baselines[{index}]"
        keys = document.mapping(node, where, _FIELDS, required=_REQUIRED)
        name = document.text(keys["name"], f"{where}.name").strip()
        aliases = tuple(alias.strip() for alias in document.texts(keys.get("aliases"), f"{where}.aliases"))
        what = " ".join(document.text(keys["what"], f"{where}.what").split())
        if "://" in what or "www." in what:
            document.fail(
                keys["what"],
                f"{where}.what",
                "holds a URL: the catalogue names systems that are no paper of the digest, and links none",
            )
        for field, spelled, node_of in [("name", name, keys["name"])] + [
            ("aliases", alias, keys["aliases"]) for alias in aliases
        ]:
            key = name_key(spelled)
            if len(key) < MIN_KEY:
                document.fail(
                    node_of,
                    f"{where}.{field}",
                    f"{spelled!r} has fewer than {MIN_KEY} letters or digits, so no abstract is searched for it",
                )
            owner = owner_of.setdefault(key, index)
            if owner != index or (field == "aliases" and key == name_key(name)):
                held = f"baselines[{owner}] ({entries[owner].name})" if owner != index else "this entry's name"
                document.fail(
                    node_of,
                    f"{where}.{field}",
                    f"{spelled!r} is already {held}, ignoring case, spaces and hyphens; keep one",
                )
        entries.append(BaselineSystem(name, aliases, what))
    return BaselineCatalog(tuple(entries))
