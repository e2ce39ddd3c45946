"""The record store: `data/papers/<id>.yaml`, read with line numbers, written by transactions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import DataError, UsageError
from .model import Paper, is_slug, read_paper
from .transaction import Stamp, Transaction, store_lock, transaction
from .yamlfile import BOOL, INT, NULL, STR, YamlFile

# The one way to write into the store is a transaction (see transaction.py); it is re-exported here.
__all__ = [
    "LoadedPaper",
    "Stamp",
    "Transaction",
    "dump_mapping",
    "dump_paper",
    "load_all",
    "load_paper",
    "load_papers",
    "read_record",
    "record_path",
    "record_paths",
    "require_store",
    "store_lock",
    "transaction",
]

PAPERS_DIR = "papers"
SOURCES_DIR = "sources"
TAXONOMY_FILE = "taxonomy.yaml"
HARDWARE_FILE = "hardware.yaml"
GLOSSARY_FILE = "glossary.yaml"  # optional: a store without one shows no terms
BASELINES_FILE = "baselines.yaml"  # optional: a store without one lists only its papers as baselines


@dataclass
class LoadedPaper:
    paper: Paper
    path: Path
    lines: dict[str, int]  # field name -> line in the file, for messages about derived problems
    stamp: Stamp | None = None  # the file as it was read: a writer's change fails if it changed since

    def error(self, field: str, message: str) -> DataError:
        """A problem with `field` of this record, naming the file and the field's line (of the
        top-level field a part of it is in, "overrides" for "overrides.headline.metric", when
        the part's own line is not known)."""
        line = self.lines.get(field) or self.lines.get(re.split(r"[.\[]", field, maxsplit=1)[0])
        return DataError(self.path, line, field, message)


def require_store(data_dir: Path) -> None:
    """A command given a data folder that does not exist says so; it never makes a new store."""
    if not data_dir.is_dir():
        what = "is not a folder" if data_dir.exists() else "no such folder"
        raise UsageError(
            f"{data_dir}: {what}; --data names a store (a folder holding papers/, sources/, "
            f"taxonomy.yaml and hardware.yaml). To start a new one: mkdir -p {data_dir}"
        )


def load_paper(path: Path) -> LoadedPaper:
    """A record, validated; raises its first problem. `read_record` finds every problem."""
    item, problems = read_record(path)
    if item is None or problems:
        raise problems[0]
    return item


def read_record(path: Path) -> tuple[LoadedPaper | None, list[DataError]]:
    """A record and every problem found in it, in file order: None when it cannot be read at
    all, else the record as read, each field in error left empty."""
    stamp = Stamp.of(path)
    try:
        document = YamlFile.read(path, "record")
    except DataError as problem:
        return None, [problem]
    paper, lines, problems = read_paper(document)
    if paper is None:
        return None, problems
    if mismatch := id_against_file_name(path, paper.id, lines.get("id")):
        problems = sorted([mismatch, *problems], key=lambda p: p.line or 0)
    return LoadedPaper(paper, path, lines, stamp), problems


def id_against_file_name(path: Path, paper_id: str, line: int | None) -> DataError | None:
    """The problem, with its fix, when the id in `path` is not its file's name: a copy of the file
    of that id needs an id of its own, or is the same paper twice; else the file was renamed or
    the id edited, and an id never changes. None when they match (or the id is in error: "")."""
    if not paper_id or paper_id == path.stem:
        return None
    mismatch = f"{paper_id!r} does not match the file name {path.name!r}"
    other = path.with_name(f"{paper_id}.yaml")
    if other.is_file():
        own = f"id: {path.stem}" if is_slug(path.stem) else "a slug, and the file name to match"
        message = (
            f"{mismatch} and is the id of {other.name}: if this file is a copy for another paper, give it "
            f"its own id ({own}); if it is the same paper, delete one of the two files"
        )
    else:
        back = f"id: {path.stem}" if is_slug(path.stem) else "the id it had"
        message = f"{mismatch}; an id never changes once given: name the file {paper_id}.yaml again, or put back {back}"
    return DataError(path, line, "id", message)


def record_paths(data_dir: Path) -> list[Path]:
    return sorted((data_dir / PAPERS_DIR).glob("*.yaml"))


def record_path(data_dir: Path, paper_id: str) -> Path:
    return data_dir / PAPERS_DIR / f"{paper_id}.yaml"


def load_papers(data_dir: Path) -> list[Paper]:
    """Every record, validated; raises the first DataError. Use `load_all` to collect every error."""
    return [load_paper(path).paper for path in record_paths(data_dir)]


def load_all(data_dir: Path) -> tuple[list[LoadedPaper], list[DataError]]:
    """The records without a problem, and every problem of the others."""
    loaded, errors = [], []
    for path in record_paths(data_dir):
        item, problems = read_record(path)
        if item is not None and not problems:
            loaded.append(item)
        errors += problems
    return loaded, errors


class _RecordDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter when PyYAML has it: the same text, ten times faster."""


def dump_paper(paper: Paper) -> str:
    return dump_mapping(paper.to_mapping())


def dump_mapping(mapping: dict[str, object]) -> str:
    """A record's YAML: block style, long lines folded at a fixed width, for stable, reviewable
    diffs. The nodes are built here from the record's plain values rather than by PyYAML's
    representer, which dispatches on every value and took most of an ingest's time."""
    return str(yaml.serialize(_node(mapping), Dumper=_RecordDumper, allow_unicode=True, width=100))


def _node(value: object) -> yaml.Node:
    if isinstance(value, str):
        # Multi-line text keeps its lines; a long paragraph is folded (no quotes to escape).
        return yaml.ScalarNode(STR, value, style="|" if "\n" in value else ">" if len(value) > 100 else None)
    if value is None:
        return yaml.ScalarNode(NULL, "null")
    if isinstance(value, bool):
        return yaml.ScalarNode(BOOL, "true" if value else "false")
    if isinstance(value, int):
        return yaml.ScalarNode(INT, str(value))
    if isinstance(value, list):
        return yaml.SequenceNode("tag:yaml.org,2002:seq", [_node(item) for item in value], flow_style=False)
    if isinstance(value, dict):
        return yaml.MappingNode(
            "tag:yaml.org,2002:map", [(_node(key), _node(item)) for key, item in value.items()], flow_style=False
        )
    raise TypeError(f"a record holds no {type(value).__name__}")
