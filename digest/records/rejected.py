"""Rejected papers: `data/rejected/<id>.yaml`, one per paper a curator judged off-topic.

A rejection is data. The paper leaves the site, but its id, arXiv id, title and abstract stay,
with who rejected it and when, so that no later fetch, replay or ingest brings it back (ingest
matches new entries against these as it matches records), and so that the topic model learns
from it as a paper in no topic.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import DataError
from .model import FIELDS as PAPER_FIELDS
from .model import Paper, paper_from_yaml
from .yamlfile import YamlFile

REJECTED_DIR = "rejected"
_OWN_FIELDS = ("rejected_by", "rejected_on", "reason")


@dataclass(slots=True)
class Rejection:
    """A paper a curator rejected: what it was, who rejected it, when and why."""

    paper: Paper  # the record as it was, curator fields and sightings included
    rejected_by: str
    rejected_on: str  # YYYY-MM-DD
    reason: str = ""

    def to_mapping(self) -> dict[str, Any]:
        return {
            **self.paper.to_mapping(),
            "rejected_by": self.rejected_by,
            "rejected_on": self.rejected_on,
            "reason": self.reason,
        }


def rejected_path(data_dir: Path, paper_id: str) -> Path:
    return data_dir / REJECTED_DIR / f"{paper_id}.yaml"


def load_rejection(path: Path) -> Rejection:
    document = YamlFile.read(path, "rejected paper")
    if document.root is None:
        document.fail(None, None, "the file is empty; a rejected paper keeps its record and who rejected it")
    keys = document.mapping(
        document.root,
        "",
        (*PAPER_FIELDS, *_OWN_FIELDS),
        required=("id", "title", "abstract", "rejected_by", "rejected_on"),
    )
    # The record's own fields are read by the record's reader, so the two never disagree.
    own = {key: keys.pop(key) for key in _OWN_FIELDS if key in keys}
    record = yaml.MappingNode(
        "tag:yaml.org,2002:map", [(key, value) for key, value in document.root.value if key.value not in _OWN_FIELDS]
    )
    paper, lines = paper_from_yaml(YamlFile(path, record))
    if paper.id != path.stem:
        raise DataError(path, lines.get("id"), "id", f"{paper.id!r} does not match the file name {path.name!r}")
    rejected_on = document.date(own["rejected_on"], "rejected_on")
    if rejected_on is None or rejected_on.startswith("--"):
        document.fail(own["rejected_on"], "rejected_on", "give the day of the rejection, like 2026-11-24")
    return Rejection(
        paper,
        document.text(own["rejected_by"], "rejected_by"),
        rejected_on,
        document.optional_text(own.get("reason"), "reason", allow_empty=True) or "",
    )


def rejected_paths(data_dir: Path) -> list[Path]:
    return sorted((data_dir / REJECTED_DIR).glob("*.yaml"))


def load_rejections(data_dir: Path) -> tuple[list[Rejection], list[DataError]]:
    """Every rejected paper, and the errors of those that cannot be read."""
    found, errors = [], []
    for path in rejected_paths(data_dir):
        try:
            found.append(load_rejection(path))
        except DataError as error:
            errors.append(error)
    return found, errors
