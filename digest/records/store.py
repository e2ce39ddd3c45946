"""The record store: `data/papers/<id>.yaml`, read with line numbers, written atomically."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import DataError
from .model import Paper, paper_from_yaml
from .yamlfile import YamlFile

PAPERS_DIR = "papers"
SOURCES_DIR = "sources"


@dataclass
class LoadedPaper:
    paper: Paper
    path: Path
    lines: dict[str, int]  # field name -> line in the file, for messages about derived problems


def load_paper(path: Path) -> LoadedPaper:
    paper, lines = paper_from_yaml(YamlFile.read(path, "record"))
    if paper.id != path.stem:
        raise DataError(path, lines.get("id"), "id", f"{paper.id!r} does not match the file name {path.name!r}; "
                        "an id never changes, so rename neither")
    return LoadedPaper(paper, path, lines)


def paper_paths(data_dir: Path) -> list[Path]:
    return sorted((data_dir / PAPERS_DIR).glob("*.yaml"))


def paper_path(data_dir: Path, paper_id: str) -> Path:
    return data_dir / PAPERS_DIR / f"{paper_id}.yaml"


def load_papers(data_dir: Path) -> list[Paper]:
    """Every record, validated; raises the first DataError. Use `load_all` to collect every error."""
    return [load_paper(path).paper for path in paper_paths(data_dir)]


def load_all(data_dir: Path) -> tuple[list[LoadedPaper], list[DataError]]:
    loaded, errors = [], []
    for path in paper_paths(data_dir):
        try:
            loaded.append(load_paper(path))
        except DataError as exc:
            errors.append(exc)
    return loaded, errors


class _RecordDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Block style, long lines folded at a fixed width: stable, reviewable diffs. libyaml's
    emitter when PyYAML has it: the same text, ten times faster."""


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # Multi-line text keeps its lines; a long paragraph is folded (no quotes to escape).
    style = "|" if "\n" in value else ">" if len(value) > 100 else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_RecordDumper.add_representer(str, _str_representer)


def dump_paper(paper: Paper) -> str:
    return yaml.dump(paper.to_mapping(), Dumper=_RecordDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)


class Transaction:
    """Stage every file of a change beside the store, then move them all into place.

    Nothing under data/ changes until `commit`, so a failure while staging (bad input, a full
    disk) leaves the store as it was; each move is an atomic rename on the same filesystem.
    """

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        self.stage = Path(tempfile.mkdtemp(prefix=".staging-", dir=data_dir))
        self.moves: list[tuple[Path, Path]] = []

    def write_text(self, target: Path, text: str) -> None:
        self.write_bytes(target, text.encode("utf-8"))

    def write_bytes(self, target: Path, data: bytes) -> None:
        staged = self.stage / f"{len(self.moves)}{target.suffix}"
        with open(staged, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        self.moves.append((staged, target))

    def commit(self) -> None:
        for _, target in self.moves:
            target.parent.mkdir(parents=True, exist_ok=True)
        for staged, target in self.moves:
            os.replace(staged, target)

    def discard(self) -> None:
        shutil.rmtree(self.stage, ignore_errors=True)


@contextmanager
def transaction(data_dir: Path) -> Iterator[Transaction]:
    """`with transaction(data) as tx:` commits when the block ends cleanly, changes nothing otherwise."""
    tx = Transaction(data_dir)
    try:
        yield tx
        tx.commit()
    finally:
        tx.discard()


