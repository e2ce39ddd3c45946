"""The items of a file that holds one JSON list, decoded one at a time, each with its line.

An API's answer can be large (a month of listings); decoding it item by item keeps the memory
of one item and a read buffer, and gives each item the line it starts on, for messages and for
the `line` of a sighting. A file that ends inside an item was cut off, and says so; any other
broken JSON is named by line and column.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import DumpError

_CHUNK = 1 << 20
MAX_DIGITS = 100  # an id, a count or a timestamp; Python refuses to read an int of 4,300 digits


class _TooLongError(Exception):
    """A number with more digits than any field of an API's answer has."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLongError(len(text.lstrip("-")))
    return int(text)


_DECODER = json.JSONDecoder(parse_int=_integer)
_SPACE = " \t\r\n"


class _Buffer:
    """The text not yet decoded, where it starts in the file, and more of it on demand."""

    def __init__(self, path: Path, handle: Any):
        self.path, self.handle = path, handle
        self.text, self.position, self.line = "", 0, 1  # `line`: the line `text` starts on
        self.ended = False

    def more(self) -> bool:
        """Read the next chunk; False at the end of the file."""
        chunk = "" if self.ended else self.handle.read(_CHUNK)
        self.ended = not chunk
        self.text += chunk
        return bool(chunk)

    def peek(self) -> str:
        """The next character that is not whitespace ("" at the end of the file), not taken."""
        while True:
            while self.position < len(self.text) and self.text[self.position] in _SPACE:
                self.position += 1
            if self.position < len(self.text) or not self.more():
                return self.text[self.position : self.position + 1]

    def take(self, expected: str, what: str) -> None:
        found = self.peek()
        if found != expected:
            raise self.error(f"expected {what}, found {_shown(found)}")
        self.position += 1

    def decode(self, number: int) -> tuple[int, Any]:
        """The next value and the line it starts on; reads on while the value is incomplete."""
        self.peek()
        self.drop_decoded()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, self.position)
            except _TooLongError as error:
                raise DumpError(
                    self.path,
                    self.line,
                    None,
                    f"item {number} holds a number of {error.args[0]:,} "
                    "digits, which no field of an API's answer has: not an API's answer",
                ) from None
            except RecursionError:  # the decoder recurses once per level, up to Python's limit
                raise DumpError(
                    self.path,
                    self.line,
                    None,
                    f"item {number} nests lists or objects about "
                    f"{sys.getrecursionlimit():,} deep, which no API's answer does",
                ) from None
            except json.JSONDecodeError as error:
                if self.more():
                    continue
                if not self.text.rstrip().endswith("]"):
                    raise self.cut_off(f"inside item {number}, which starts here") from None
                raise DumpError(self.path, self.line + error.lineno - 1, None, f"not valid JSON: {error.msg}") from None
            if end < len(self.text) or not self.more():  # a number may go on in the next chunk
                self.position = end
                return self.line, value

    def drop_decoded(self) -> None:
        """Forget the text before `position`, counting its lines."""
        self.line += self.text.count("\n", 0, self.position)
        self.text, self.position = self.text[self.position :], 0

    def cut_off(self, where: str) -> DumpError:
        return DumpError(
            self.path, self.line, None, f"the JSON ends {where}: the file was cut off; fetch or save it again"
        )

    def error(self, message: str) -> DumpError:
        self.drop_decoded()
        return DumpError(self.path, self.line, None, f"not valid JSON: {message}")


def json_items(path: Path) -> Iterator[tuple[int, Any]]:
    """(line, value) of each item of the JSON list in `path` (UTF-8, checked already).
    Raises DumpError for a file that is not one JSON list, is cut off, or is broken."""
    with open(path, encoding="utf-8-sig") as handle:
        buffer = _Buffer(path, handle)
        if buffer.peek() != "[":
            raise DumpError(path, buffer.line, None, f"expected a JSON list ('['), found {_shown(buffer.peek())}")
        buffer.take("[", "a list")
        number = 0
        while (found := buffer.peek()) != "]":
            if found and number:
                buffer.take(",", "',' or ']' after an item")
                found = buffer.peek()
            if not found:
                raise buffer.cut_off(f"after item {number}" if number else "after its '['")
            number += 1
            yield buffer.decode(number)
        buffer.take("]", "']' at the end of the list")
        if buffer.peek():
            raise buffer.error(f"more after the end of the list: {_shown(buffer.peek())}")


def _shown(character: str) -> str:
    return repr(character) if character else "the end of the file"
