"""Errors that name where a problem is, so a curator can go and fix it.

Every error the digest reports to a user is a DigestError: the command line prints its message
on one line and exits with `exit_code` (1 for bad data or a store it cannot write, 2 for bad
usage), never a traceback. A failed download is a FetchError (exit 1). Ctrl-C is an
`Interrupted`, which says what became of the store.

Every error class of the package is here. Two are not DigestErrors, because the standard library's
callers expect their kind: a PatternError is a ValueError (the taxonomy's reader turns it into a
DataError that names the line), a NotRegularFileError an OSError (a FIFO where a file should be).
Private control-flow exceptions stay in the module that raises and catches them.
"""

from __future__ import annotations

from pathlib import Path


class DigestError(Exception):
    """Base for every error the digest reports to a user (never a traceback)."""

    exit_code = 1


class UsageError(DigestError):
    """A command given something it cannot use: an unknown id, a folder that is not a store."""

    exit_code = 2


class DataError(DigestError):
    """A problem in an input file: names the file, the line (when known) and the field."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class WriteError(DigestError):
    """The store could not be written (a read-only folder, a full disk): says what was kept."""


class FetchError(DigestError):
    """A download failed (no answer, a refusal, a broken or foreign answer): nothing was written."""


class BrokenAnswerError(FetchError):
    """An answer that cannot be read (cut off, broken JSON, not UTF-8): the page's file `name`, the
    line and the reason, for a replay to name the recorded file instead of the address."""

    def __init__(self, address: str, label: str, name: str, line: int | None, reason: str) -> None:
        self.name, self.line, self.reason = name, line, reason
        where = f" (line {line})" if line else ""
        super().__init__(f"{address} ({label}): the answer{where} is unusable: {reason}; nothing was written")


class DumpError(DataError):
    """A source file that cannot be read at all: nothing from it is ingested."""


class EmptySourceError(DumpError):
    """A well-formed source that lists no paper (an API's answer for a day without papers)."""


class StoreError(DigestError):
    """The store holds invalid records; ingest refuses to merge into it."""


class SearchIndexError(DigestError):
    """The built site has no usable search index."""


class PatternError(ValueError):
    """A rule pattern that cannot be compiled; the message says why."""


class NotRegularFileError(OSError):
    """A path that is a FIFO, a socket or a device: its message says which."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) stopped a command; the message says whether the store was changed."""
