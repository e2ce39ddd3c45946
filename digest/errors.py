"""Errors that name where a problem is, so a curator can go and fix it."""

from __future__ import annotations


class DigestError(Exception):
    """Base for every error the digest reports to a user (never a traceback)."""


class DataError(DigestError):
    """A problem in an input file: names the file, the line (when known) and the field."""

    def __init__(self, path, line: int | None, field: str | None, message: str):
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
