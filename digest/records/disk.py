"""What the store's transactions ask of the disk and the process: files and folders flushed
before the journal says they are there, and signals held while the moves are made
(digest/records/transaction.py)."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

FSYNC_EACH = 64  # a commit of up to this many files fsyncs each; a larger one syncs the disks once


def target_folders(data_dir: Path, targets: list[str]) -> list[Path]:
    """The folders that `targets` (paths under `data_dir`) go into."""
    return [data_dir / folder for folder in sorted({os.path.dirname(target) for target in targets})]


def flush_staged(paths: list[str], stage: Path) -> None:
    """Put the staged files on disk before the journal says they are there."""
    if len(paths) > FSYNC_EACH:
        os.sync()
        return
    for path in paths:
        handle = os.open(path, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
    fsync_folder(stage)


def fsync_folder(folder: Path) -> None:
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM or SIGHUP in the middle of the moves would leave them half made: take them after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals
        return
    caught: list[int] = []
    previous = {
        sig: signal.signal(sig, lambda received, _frame: caught.append(received))
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    }
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
        for received in caught:
            signal.raise_signal(received)
