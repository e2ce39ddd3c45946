"""Reading a file of the store that must be a regular file.

A named pipe (FIFO) called `papers/x.yaml` blocks whoever opens it for reading until a writer
comes, which may be never: `check` would hang, and `accept` would hang holding the writer lock.
The file is opened without blocking and refused unless it is a regular file, before a byte is
read; a character device (/dev/zero linked into papers/) would never end, and is refused too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import NotRegularFileError


def file_kind(mode: int) -> str:
    """What a non-regular file is, in words: "a named pipe (FIFO)", "a socket", ..."""
    kinds = {
        stat.S_ISFIFO: "a named pipe (FIFO)",
        stat.S_ISSOCK: "a socket",
        stat.S_ISCHR: "a character device",
        stat.S_ISBLK: "a block device",
    }
    return next((name for test, name in kinds.items() if test(mode)), "not a file")


def read_regular(path: Path | str) -> bytes:
    """The bytes of `path`. Raises FileNotFoundError, IsADirectoryError, NotRegularFileError
    (without blocking on a FIFO) or another OSError."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(f"is {file_kind(mode)}, not a regular file")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read()
    finally:
        os.close(handle)
