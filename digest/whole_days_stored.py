"""The whole days' figures as `digest eval --days DIR --write` stores them, for the Method page.

The build cannot measure them: the recorded days (such as ../shared/daily-papers) are not in the
repository, and a fresh clone builds without them. So the command that measures them stores a
summary in the data folder, with the day it ran, the command and how many papers were decided
then, and the page shows it as measured then, not as of the records it is built from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataError
from .records.transaction import transaction
from .whole_days import Kept, WholeDays

WHOLE_DAYS_FILE = "whole-days.json"  # in the data folder


@dataclass(frozen=True)
class StoredWholeDays:
    measured_on: str  # the day the command ran
    command: str
    decided: int  # papers decided when it ran: the filter learned from those before each period
    split: str
    days: int
    floor: float
    in_topic: Kept
    off_topic: Kept  # decided off topic, and never decided (presumed off topic)
    macro_f1: float


def whole_days_json(report: WholeDays, *, measured_on: str, command: str, decided: int) -> dict[str, Any]:
    return {"measured_on": measured_on, "command": command, "decided": decided, **report.to_json()}


def write_whole_days(data_dir: Path, summary: dict[str, Any]) -> Path:
    """Store `summary` (whole_days_json) in the data folder, as every writer does (a transaction)."""
    target = data_dir / WHOLE_DAYS_FILE
    with transaction(data_dir) as tx:
        tx.write_text(target, json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return target


def read_whole_days(data_dir: Path) -> StoredWholeDays | None:
    """The stored figures, or None when no one stored any; a file that lacks one raises a DataError."""
    path = data_dir / WHOLE_DAYS_FILE
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise DataError(path, None, None, f"unreadable: {error}") from error
    try:
        in_topic, decided_off, undecided = (
            Kept(p["listed"], p["kept"], p["near_floor"]) for p in map(stored.get, _PARTS)
        )
        return StoredWholeDays(
            measured_on=str(stored["measured_on"]),
            command=str(stored["command"]),
            decided=int(stored["decided"]),
            split=str(stored["split"]),
            days=int(stored["days"]),
            floor=float(stored["floor"]),
            in_topic=in_topic,
            off_topic=Kept(
                decided_off.listed + undecided.listed,
                decided_off.kept + undecided.kept,
                decided_off.near + undecided.near,
            ),
            macro_f1=float(stored["macro_f1"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise DataError(path, None, None, f"not what `digest eval --days DIR --write` writes: {error!r}") from error


_PARTS = ("in_topic", "decided_off_topic", "undecided")
