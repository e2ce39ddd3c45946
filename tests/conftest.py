"""Shared fixtures: the repo's own data (never ../shared), and scratch stores on disk."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"
DUMPS = sorted((DATA / "sources").glob("*.txt"))


def dump(prefix: str) -> Path:
    """The repo's kept copy of a seed dump, by its number: dump('002')."""
    return next(path for path in DUMPS if path.name.startswith(prefix))


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes, to prove what changed and what did not."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def store(tmp_path) -> Path:
    """An empty data folder."""
    data = tmp_path / "data"
    data.mkdir()
    return data


@pytest.fixture
def seeded_store(tmp_path) -> Path:
    """A copy of the repo's data folder (records, dumps, taxonomy, hardware) to change freely."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    return data
