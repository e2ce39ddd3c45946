"""Where a fetch keeps its answers until they are read: a scratch folder inside the store.

Not in TMPDIR: a fetch killed there (kill -9, a power cut) leaves its folder, tens of megabytes,
where nothing ever looks again. Inside the store, on the same disk as the records, the next
fetch finds what a killed one left and removes it. A live fetch holds an flock on its folder, so
another fetch running at the same time leaves it alone; the kernel drops the lock of a killed one.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("digest")

SCRATCH_PREFIX = ".fetch-"


@contextmanager
def scratch_folder(data_dir: Path) -> Iterator[Path]:
    """A new, locked scratch folder in `data_dir`, removed at the end whatever happens; the
    folders of killed fetches are removed first."""
    remove_stale(data_dir)
    folder = Path(tempfile.mkdtemp(prefix=SCRATCH_PREFIX, dir=data_dir))
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(handle)


def remove_stale(data_dir: Path) -> list[Path]:
    """Remove the scratch folders no live fetch holds; the ones removed."""
    removed = []
    for folder in sorted(data_dir.glob(SCRATCH_PREFIX + "*")):
        try:
            handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:  # not a folder (or a link to one): not ours
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            continue  # a fetch at work
        else:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
            log.info(f"{folder}: removed, left by a fetch that was stopped")
        finally:
            os.close(handle)
    return removed
