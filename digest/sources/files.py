"""Opening a source file: one clear error for every way that can fail, then its lines, streamed."""

from __future__ import annotations

import codecs
import hashlib
import io
import os
import re
import stat
from collections.abc import Iterator
from functools import partial
from itertools import chain
from pathlib import Path

from ..errors import DumpError
from ..text.printable import UNPRINTABLE
from .model import Line

HEAD = 65536  # what formats sniff: the first 64 KiB
# A dump kept under a name another dump of other content holds already is kept beside it as a copy,
# named with the start of its sha256: "hf-daily-2025-03-25.json", "hf-daily-2025-03-25-8abd94d8.json".
_COPY_HASH = 8  # hex digits of the sha256
COPY_SUFFIX = rf"-[0-9a-f]{{{_COPY_HASH}}}"
_COPY_SUFFIX_AT_END = re.compile(rf"{COPY_SUFFIX}(?=\.[^./]+$)")
_CHUNK = 1 << 20
_BOM = codecs.BOM_UTF8
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class SourceFile:
    """A dump on disk, checked whole before anything is parsed: a regular file, readable, not
    empty, UTF-8 with no NUL byte anywhere. Its lines are then read one at a time, so a large
    dump costs no more memory than one line of it."""

    def __init__(self, path: Path):
        self.path = path
        self.sha256 = ""
        self.size = 0
        self.ends_with_newline = True
        self.head = ""  # the first 64 KiB as text, for sniffing the format
        self.position = 0  # bytes read by `lines` so far, for progress
        self.replaced = 0  # unprintable characters `lines` replaced by spaces
        self.first_replaced: Line | None = None
        self._scan()

    def lines(self, limit: int) -> Iterator[Line]:
        """Each line without its line break (any of \\n, \\r\\n, \\r); a line longer than `limit`
        characters comes cut short, with its whole length. Control characters, which no record
        may hold, become spaces (counted in `replaced`)."""
        try:
            with open(self.path, "rb") as raw:
                text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline=None)
                number = 0
                while first := text.readline(limit + 1):
                    number += 1
                    piece, length = first, len(first)
                    while not piece.endswith("\n") and (piece := text.readline(_CHUNK)):
                        length += len(piece)  # an over-long line: count the rest, keep none of it
                    body, count = UNPRINTABLE.subn(" ", first.removesuffix("\n"))
                    line = Line(number, body, length - piece.endswith("\n"))
                    if count:
                        self.replaced += count
                        self.first_replaced = self.first_replaced or line
                    self.position = raw.tell()
                    yield line
        except UnicodeDecodeError:
            raise DumpError(
                self.path, None, None, "changed while it was being read; run the ingest again once the file is complete"
            ) from None
        except OSError as error:
            raise DumpError(self.path, None, None, f"cannot be read: {error.strerror}") from None

    def _scan(self) -> None:
        """One pass over the bytes: the checksum, and every reason the file is not a text dump."""
        mode = self._stat()
        if stat.S_ISDIR(mode):
            raise DumpError(self.path, None, None, "is a directory; pass the dump files inside it")
        if not stat.S_ISREG(mode):
            raise DumpError(
                self.path, None, None, f"is {_kind(mode)}, not a regular file; save the dump to a file and ingest that"
            )
        digest, decoder = hashlib.sha256(), codecs.getincrementaldecoder("utf-8")()
        newlines = 0
        head, has_text, last = b"", False, b""
        try:
            with open(self.path, "rb") as handle:
                first = handle.read(_CHUNK)
                if first.startswith(_UTF16_BOMS):
                    raise DumpError(self.path, None, None, "UTF-16 text: save the dump as UTF-8")
                offset = len(_BOM) if first.startswith(_BOM) else 0
                digest.update(first[:offset])  # the BOM is part of the file, not of its text
                for chunk in chain([first[offset:]], iter(partial(handle.read, _CHUNK), b"")):
                    digest.update(chunk)
                    self._refuse_binary(chunk, newlines)
                    self._decode(decoder, chunk, offset, newlines)
                    head += chunk[: HEAD - len(head)]
                    has_text = has_text or bool(chunk.strip())
                    newlines += chunk.count(b"\n")
                    offset += len(chunk)
                    last = chunk[-1:] or last  # (a file of a BOM alone leaves no byte)
        except OSError as error:
            raise DumpError(self.path, None, None, f"cannot be read: {error.strerror}") from None
        self._decode(decoder, b"", offset, newlines, final=True)
        if not has_text:
            raise DumpError(self.path, None, None, "empty file: no papers to ingest")
        self.sha256, self.size = digest.hexdigest(), os.path.getsize(self.path)
        self.ends_with_newline = last in (b"\n", b"\r")
        self.head = head.decode("utf-8", "ignore")  # the cut may fall inside a character

    def _stat(self) -> int:
        try:
            return os.stat(self.path).st_mode
        except FileNotFoundError:
            raise DumpError(self.path, None, None, "no such file") from None
        except OSError as error:
            raise DumpError(self.path, None, None, f"cannot be read: {error.strerror}") from None

    def _refuse_binary(self, chunk: bytes, newlines: int) -> None:
        if (nul := chunk.find(b"\x00")) >= 0:
            raise DumpError(
                self.path,
                newlines + chunk.count(b"\n", 0, nul) + 1,
                None,
                "binary data (a NUL byte): expected a UTF-8 text dump; delete the NUL bytes "
                "(tr -d '\\000') if the rest is text",
            )

    def _decode(
        self, decoder: codecs.IncrementalDecoder, chunk: bytes, offset: int, newlines: int, final: bool = False
    ) -> None:
        pending = len(decoder.getstate()[0])  # the start of a character cut by the last chunk
        try:
            decoder.decode(chunk, final)
        except UnicodeDecodeError as error:
            data = error.object
            line = newlines + data[: error.start].count(b"\n") + 1
            raise DumpError(
                self.path,
                line,
                None,
                f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset "
                f"{offset - pending + error.start}); save the dump as UTF-8",
            ) from None


def _kind(mode: int) -> str:
    kinds = {
        stat.S_ISFIFO: "a named pipe (FIFO)",
        stat.S_ISSOCK: "a socket",
        stat.S_ISCHR: "a character device",
        stat.S_ISBLK: "a block device",
    }
    return next((name for test, name in kinds.items() if test(mode)), "not a file")


def copy_name(name: str, sha256: str) -> str:
    """The name a dump of other content than the one kept as `name` is kept under."""
    stem, dot, suffix = name.rpartition(".") if "." in name else (name, "", "")
    return f"{stem}-{sha256[:_COPY_HASH]}{dot}{suffix}"


def original_name(name: str) -> str:
    """The name a kept copy is a copy of (`copy_name`); a name that is no copy, as it is."""
    return _COPY_SUFFIX_AT_END.sub("", name)


def file_sha256(path: Path) -> str:
    """The sha256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(partial(handle.read, _CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()
