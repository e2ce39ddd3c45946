"""Reading a source file as text, with one clear error for every way that can fail."""

from __future__ import annotations

from pathlib import Path

from .model import DumpError


def read_source(path: Path) -> str:
    """The file's text, or a DumpError saying why it is not a text file the digest can read."""
    if path.is_dir():
        raise DumpError(path, None, None, "is a directory; pass the dump files inside it")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DumpError(path, None, None, "no such file") from None
    except OSError as exc:
        raise DumpError(path, None, None, f"cannot be read: {exc.strerror}") from None
    if b"\x00" in data[:65536]:
        raise DumpError(path, data[: data.index(b"\x00")].count(b"\n") + 1, None,
                        "binary data (NUL byte): expected a UTF-8 text dump")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DumpError(path, line, None, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
                        "save the dump as UTF-8") from None
    if not text.strip():
        raise DumpError(path, None, None, "empty file: no papers to ingest")
    return text
