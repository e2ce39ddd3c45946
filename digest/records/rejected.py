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
from .model import Paper, read_paper
from .store import id_against_file_name
from .yamlfile import YamlFile

REJECTED_DIR = "rejected"
OWN_FIELDS = ("rejected_by", "rejected_on", "reason")  # a rejection's fields, after the record's


@dataclass(slots=True)
class Rejection:
    """A paper a curator rejected: what it was, who rejected it, when and why."""

    paper: Paper  # the record as it was, curator fields and sightings included
    rejected_by: str
    rejected_on: str  # YYYY-MM-DD
    reason: str = ""

    def to_mapping(self) -> dict[str, Any]:
        return {**self.paper.to_mapping(), **self.own_fields()}

    def own_fields(self) -> dict[str, object]:
        """Who rejected the paper, when and why: what its file holds besides the record."""
        return {"rejected_by": self.rejected_by, "rejected_on": self.rejected_on, "reason": self.reason}


def rejected_path(data_dir: Path, paper_id: str) -> Path:
    return data_dir / REJECTED_DIR / f"{paper_id}.yaml"


def load_rejection(path: Path) -> Rejection:
    """A rejected paper, validated; raises its first problem. `read_rejection` finds every problem."""
    rejection, problems = read_rejection(path)
    if rejection is None or problems:
        raise problems[0]
    return rejection


def read_rejection(path: Path) -> tuple[Rejection | None, list[DataError]]:
    """A rejected paper and every problem found in it, in file order, as `read_record` reads a
    record (its record's fields are read by the record's reader, so the two never disagree):
    None when it cannot be read at all, else the rejection as read, each field in error empty."""
    try:
        document = YamlFile.read(path, "rejected paper")
    except DataError as problem:
        return None, [problem]
    rejection = None
    with document.collecting() as problems:
        if document.root is None:
            document.fail(None, None, "the file is empty; a rejected paper keeps its record and who rejected it")
        keys = document.mapping(document.root, "", (*PAPER_FIELDS, *OWN_FIELDS))
        # The record is the fields read above that are not the rejection's own: an unknown or a
        # second key is a problem once, here, not again in the record's reading.
        # It starts where the file's mapping does, so that a key the record lacks ("title:
        # missing") is said at that line, as for a record in papers/.
        record = yaml.MappingNode(
            "tag:yaml.org,2002:map",
            [
                (key, value)
                for key, value in document.root.value
                if _name(key) in PAPER_FIELDS and keys[_name(key)] is value
            ],
            start_mark=document.root.start_mark,
            end_mark=document.root.end_mark,
        )
        paper, lines, record_problems = read_paper(YamlFile(path, record))
        problems.extend(record_problems)
        if paper is not None and (mismatch := id_against_file_name(path, paper.id, lines.get("id"))):
            problems.append(mismatch)
        read = document.read_or
        rejected_by = read("", document.text, keys["rejected_by"], "rejected_by") if "rejected_by" in keys else ""
        rejected_on = read("", _rejected_on, document, keys["rejected_on"]) if "rejected_on" in keys else ""
        reason = read(None, document.optional_text, keys.get("reason"), "reason", allow_empty=True) or ""
        problems.extend(
            DataError(
                path, YamlFile.line(document.root), name, "missing; a rejected paper says who rejected it and when"
            )
            for name in ("rejected_by", "rejected_on")
            if name not in keys
        )
        if paper is not None:
            rejection = Rejection(paper, rejected_by, rejected_on, reason)
    problems.sort(key=lambda problem: problem.line or 0)
    return rejection, problems


def _name(key: yaml.Node) -> str:
    return str(key.value) if isinstance(key, yaml.ScalarNode) else ""


def _rejected_on(document: YamlFile, node: yaml.Node | None) -> str:
    day = document.day(node, "rejected_on")
    if day is None:
        document.fail(node, "rejected_on", "give the day of the rejection, like 2026-11-24")
    return day


def rejected_paths(data_dir: Path) -> list[Path]:
    return sorted((data_dir / REJECTED_DIR).glob("*.yaml"))


def load_rejections(data_dir: Path) -> tuple[list[Rejection], list[DataError]]:
    """The rejected papers without a problem, and every problem of the others."""
    found, errors = [], []
    for path in rejected_paths(data_dir):
        rejection, problems = read_rejection(path)
        if rejection is not None and not problems:
            found.append(rejection)
        errors += problems
    return found, errors
