"""One line-aware YAML reader for every file a curator edits: records, the taxonomy, the hardware catalogue.

A file is composed into YAML nodes (with libyaml when PyYAML has it), and `YamlFile` reads each
node into a typed value or fails with a DataError naming the file, the node's line and the
field: `taxonomy.yaml:40: topics[2].rules[0].pattern: not a valid pattern ...`. Reading from
nodes rather than from constructed Python values is what keeps the line of every value, and
it bounds the work on hostile input: anchors and aliases (a "billion laughs" bomb) are refused
before anything is expanded, and a duplicate key, which YAML allows and a curator never
means, is an error instead of a silent last-one-wins.

A reader stops at the first problem, unless it reads inside `collecting()`: there a part read
with `read_or` that fails is kept as a problem and the reading goes on, so one pass of the same
reader lists every problem of a file (`digest check` does for records).
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, ParamSpec, TypeVar

import yaml

from ..errors import DataError, NotRegularFileError
from ..text.printable import UNPRINTABLE
from .regular import read_regular
from .yaml_syntax import explain as explain_syntax_error

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ~9x faster, same marks
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
STR, INT, NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
MAX_DEPTH = 1_500  # lists in lists: a curated file nests a few levels; libyaml crashes near 50,000
_MAX_DIGITS = 18  # a count or a line number; Python refuses to parse 4,300 digits and more
# A full date, a month, a year, or the ISO form for a day whose year is unknown (--MM-DD).
_DATE_RE = re.compile(r"^(?:\d{4}(?:-\d{2}(?:-\d{2})?)?|--\d{2}-\d{2})$")
_DAY_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
P = ParamSpec("P")
T = TypeVar("T")
_KIND_NAMES = {
    STR: "text",
    INT: "a whole number",
    NULL: "null",
    BOOL: "true/false",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a date",
}


class YamlFile:
    """A composed YAML file and the typed reading of its nodes."""

    def __init__(self, path: Path | str, root: yaml.Node | None):
        self.path = str(path)
        self.root = root
        self._problems: list[DataError] | None = None  # a list while collecting

    @classmethod
    def read(cls, path: Path, what: str = "file") -> YamlFile:
        """Read and compose `path`; every problem is a DataError naming the file (and line)."""
        try:
            data = read_regular(path)
        except FileNotFoundError:
            raise DataError(path, None, None, f"no such {what}") from None
        except IsADirectoryError:
            raise DataError(path, None, None, f"is a directory, not a {what}") from None
        except NotRegularFileError as error:
            raise DataError(
                path, None, None, f"{error}; a {what} is a YAML file: delete it, or replace it with the file"
            ) from None
        except OSError as error:
            raise DataError(path, None, None, f"cannot read the {what}: {error.strerror}") from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise DataError(path, line, None, f"not UTF-8 text (byte {error.start}); save it as UTF-8") from None
        return cls.parse(path, text)

    @classmethod
    def read_optional(cls, path: Path, what: str = "file") -> YamlFile | None:
        """`read`, or None when the file is not there or holds nothing: a data file a store may go without."""
        if not path.exists() and not path.is_symlink():
            return None
        document = cls.read(path, what)
        return None if document.root is None else document

    @classmethod
    def parse(cls, path: Path | str, text: str) -> YamlFile:
        _refuse_deep_nesting(path, text)
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as error:
            line, message = explain_syntax_error(error, text, _Loader)
            raise DataError(path, line, None, message) from None
        except yaml.reader.ReaderError as error:
            line = text[: error.position].count("\n") + 1
            code = error.character if isinstance(error.character, int) else ord(error.character)
            raise DataError(
                path, line, None, f"holds the control character U+{code:04X}, which YAML does not allow; delete it"
            ) from None
        except yaml.YAMLError as error:
            raise DataError(path, None, None, f"YAML syntax error: {error}") from None
        finally:
            loader.dispose()
        document = cls(path, root)
        if root is not None:
            document._refuse_aliases(root)
        return document

    # -- failing

    def fail(self, node: yaml.Node | None, field: str | None, message: str) -> NoReturn:
        raise DataError(self.path, self.line(node), field or None, message)

    @contextmanager
    def collecting(self) -> Iterator[list[DataError]]:
        """Read on past problems: in this block, a problem of a part read with `read_or` is added
        to the list it gives and the reading goes on. A problem nothing can be read past (no
        mapping, a required key missing) ends the block, and is added too."""
        problems: list[DataError] = []
        self._problems = problems
        try:
            yield problems
        except DataError as problem:
            problems.append(problem)
        finally:
            self._problems = None

    @property
    def problems_kept(self) -> int:
        """How many problems `read_or` has kept in this `collecting` block (0 outside one): a part
        that reads its own parts on past their problems compares it before and after, to leave
        itself out when any was in error."""
        return len(self._problems) if self._problems is not None else 0

    def read_or(self, fallback: T, read: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`read(*args, **kwargs)`; inside `collecting()`, a problem it raises is kept and
        `fallback` stands in for its value, so that the parts after it are read too."""
        if self._problems is None:
            return read(*args, **kwargs)
        try:
            return read(*args, **kwargs)
        except DataError as problem:
            self._problems.append(problem)
            return fallback

    @staticmethod
    def line(node: yaml.Node | None) -> int | None:
        return node.start_mark.line + 1 if node is not None else None

    # -- shapes

    def mapping(
        self, node: yaml.Node | None, field: str, allowed: Iterable[str] | None = None, required: Iterable[str] = ()
    ) -> dict[str, yaml.Node]:
        """The keys of a mapping node; unknown, duplicate or missing keys fail."""
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, field, f"expected a mapping of keys to values, got {self.describe(node)}")
        known = list(allowed) if allowed is not None else None
        keys: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = self.read_or(None, self._key, key, field, known, keys)
            if name is not None:
                keys[name] = value
        missing = [name for name in required if name not in keys]
        if missing:
            self.fail(node, _join(field, missing[0]), f"missing; every entry needs {_and(list(required))}")
        return keys

    def _key(self, key: yaml.Node, field: str, known: list[str] | None, keys: dict[str, yaml.Node]) -> str:
        """The name of a mapping's key, unless it is unknown or a second one of a name."""
        name = key.value if isinstance(key, yaml.ScalarNode) else None
        where = _join(field, str(name))
        if name is None or (known is not None and name not in known):
            # A misspelt field ("abstarct") is named with the one it most likely is.
            close = difflib.get_close_matches(str(name).casefold(), known or [], n=1, cutoff=0.75)
            likely = f"did you mean '{close[0]}'? " if close and name is not None else ""
            self.fail(key, where, f"unknown field; {likely}known fields are: " + ", ".join(known or []))
        if name in keys:
            self.fail(key, where, "duplicate key: YAML keeps only the last one; keep one and delete the other")
        return str(name)

    def entries(self, what: str, example: str) -> list[yaml.Node]:
        """The items of a file that is a list of entries (a catalogue: "- name: ..."), else its DataError."""
        if not isinstance(self.root, yaml.SequenceNode):
            self.fail(self.root, None, f"the {what} must be a YAML list of entries ({example})")
        return self.sequence(self.root, "")

    def sequence(self, node: yaml.Node | None, field: str, nonempty: bool = False) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            self.fail(node, field, f"expected a list, got {self.describe(node)}")
        if nonempty and not node.value:
            self.fail(node, field, "must not be an empty list")
        return list(node.value)

    # -- scalars

    def text(self, node: yaml.Node | None, field: str, allow_empty: bool = False) -> str:
        """A string; numbers and dates are refused rather than turned into text."""
        if not (isinstance(node, yaml.ScalarNode) and node.tag == STR):
            hint = f" (quote it: '{node.value}')" if isinstance(node, yaml.ScalarNode) and node.tag != NULL else ""
            self.fail(node, field, f"expected text, got {self.describe(node)}{hint}")
        if not allow_empty and not node.value.strip():
            self.fail(node, field, "is empty")
        if bad := UNPRINTABLE.search(node.value):
            self.fail(
                node,
                field,
                f"holds the control character U+{ord(bad.group()):04X} at position {bad.start() + 1}; delete it",
            )
        return str(node.value)

    def optional_text(self, node: yaml.Node | None, field: str, allow_empty: bool = False) -> str | None:
        return None if is_null(node) else self.text(node, field, allow_empty)

    def texts(self, node: yaml.Node | None, field: str) -> list[str]:
        """A list of non-empty strings; a missing or null list is empty."""
        if is_null(node):
            return []
        if isinstance(node, yaml.ScalarNode) and node.tag == STR and (flow := _as_flow_list(node.value)):
            self.fail(
                node, field, f"expected a list, got {self.describe(node)}; write {field.rsplit('.', 1)[-1]}: {flow}"
            )
        items = self.sequence(node, field)
        texts = [self.read_or(None, self.text, item, f"{field}[{index}]") for index, item in enumerate(items)]
        return [text for text in texts if text is not None]

    def integer(self, node: yaml.Node | None, field: str, minimum: int = 0) -> int:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == INT):
            self.fail(node, field, f"expected a whole number, got {self.describe(node)}")
        if len(node.value.lstrip("+-")) > _MAX_DIGITS:
            self.fail(node, field, f"a number of {len(node.value):,} digits is not a count; check the value")
        value = int(_CONSTRUCTOR.construct_yaml_int(node))
        if value < minimum:
            self.fail(
                node,
                field,
                f"must not be negative, got {value}" if minimum == 0 else f"must be at least {minimum}, got {value}",
            )
        return value

    def optional_integer(self, node: yaml.Node | None, field: str, minimum: int = 0) -> int | None:
        return None if is_null(node) else self.integer(node, field, minimum)

    def flag(self, node: yaml.Node | None, field: str) -> bool:
        """true or false; a missing or null flag is false."""
        if is_null(node):
            return False
        if not (isinstance(node, yaml.ScalarNode) and node.tag == BOOL):
            self.fail(node, field, f"expected true or false, got {self.describe(node)}")
        return bool(_CONSTRUCTOR.construct_yaml_bool(node))

    def date(self, node: yaml.Node | None, field: str) -> str | None:
        """An ISO date (2024-03-11), a month (2024-03: an arXiv id gives no more), a year (2024) or a day of
        an unknown year (--03-11); null is None."""
        if node is None or is_null(node):
            return None
        value = node.value if isinstance(node, yaml.ScalarNode) and node.tag != BOOL else None
        if not isinstance(value, str) or not _DATE_RE.match(value):
            self.fail(
                node,
                field,
                f"expected a date like 2024-03-11, a month like 2024-03, a year like 2024 or --03-11, "
                f"got {self.describe(node)}",
            )
        if len(value) in (7, 10) and value[0] != "-":
            try:
                dt.date.fromisoformat(first_day(value))
            except ValueError:
                self.fail(node, field, f"no such date: {value}")
        if value[0] != "-" and int(value[:4]) > latest_year():  # 9999-12-31 would head every listing
            advice = _DATE_ADVICE.get(field.rsplit(".", 1)[-1], _PUBLISHED)
            self.fail(node, field, f"{value} is after next year ({latest_year()}); {advice}")
        return value

    def day(self, node: yaml.Node | None, field: str) -> str | None:
        """A whole date (2025-03-06), where `date` also takes a year or a day of no year; null is None."""
        value = node.value if isinstance(node, yaml.ScalarNode) and node.tag not in (BOOL, NULL) else None
        if node is not None and not is_null(node) and not (isinstance(value, str) and _DAY_RE.match(value)):
            self.fail(node, field, f"expected a whole date like 2025-03-06, got {self.describe(node)}")
        return self.date(node, field)

    def describe(self, node: yaml.Node | None) -> str:
        """What a node holds, for a message: "a list", "a whole number 4090", "text 'abc'"."""
        if node is None:
            return "nothing"
        if isinstance(node, yaml.MappingNode):
            return "a mapping"
        if isinstance(node, yaml.SequenceNode):
            return "a list"
        if node.tag == NULL:
            return "nothing (null)"
        return f"{_KIND_NAMES.get(node.tag, 'a value')} {node.value!r:.60}"

    def _refuse_aliases(self, root: yaml.Node) -> None:
        """An alias makes libyaml hand back the anchored node again: a node met twice is one.
        Refused before anything walks the tree, so an alias bomb costs nothing."""
        seen: set[int] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                self.fail(
                    node,
                    None,
                    "YAML anchors and aliases (&name, *name) are not allowed here; write the value out in full",
                )
            seen.add(id(node))
            if isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)
            elif isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    stack += [key, value]


def _refuse_deep_nesting(path: Path | str, text: str) -> None:
    """libyaml composes nested lists recursively in C: 100,000 of them exhaust the stack and kill
    the process (a segfault, no message). Its parser keeps an explicit stack, so the depth is
    counted from its events first, and a file nested deeper than any curated file is refused.

    Only a file that could be so deep is parsed twice: each level opens with `[`, `{`, `-` or
    `?`, or on a new line, and one such mark opens at most two levels (`- key: ...`)."""
    marks = text.count("[") + text.count("{") + text.count("-") + text.count("?") + text.count("\n") + 1
    if 2 * marks <= MAX_DEPTH:
        return
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise DataError(
                        path,
                        line,
                        None,
                        f"lists and mappings nested more than "
                        f"{MAX_DEPTH:,} deep; no record, taxonomy or catalogue needs that: "
                        "check the file",
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return  # composing it again reports the error with its line


# What day each date field holds, for a date after next year: `published` (and its override) is
# the paper's; `added` is the day the digest first saw it, a sighting's `date` its listing's.
_PUBLISHED = "write the day it was published, or null when unknown"
_DATE_ADVICE = {
    "added": "write the day the digest first saw the paper (the day of its first listing)",
    "date": "write the day of that listing, or null when unknown",
    "rejected_on": "write the day of the rejection",
}


def first_day(date: str) -> str:
    """The first day a record's date can mean, as an ISO day: a day as it is, a month ("2023-07", all
    an arXiv id gives) or a year from its first day; "" for no date or a day of an unknown year."""
    if not date[:1].isdigit() or len(date) not in (4, 7, 10):
        return ""
    return date + {4: "-01-01", 7: "-01"}.get(len(date), "")


def latest_year() -> int:
    """The last year a date of a paper may fall in: next year (a listing dated ahead, a time zone)."""
    return dt.datetime.now(dt.UTC).year + 1


def _as_flow_list(text: str) -> str | None:
    """`text`, one item or several separated by commas, as a YAML list that reads back as those
    items (`parallelism` -> `[parallelism]`), for a hint; None when it would not, or is long."""
    items = [item.strip() for item in text.split(",")]
    flow = "[" + ", ".join(items) + "]"
    if len(flow) > 80 or not all(items):
        return None
    try:  # composed, not constructed: "[2024-02-30]" is a date no calendar has, not a list of text
        node = yaml.compose(flow, Loader=_Loader)
    except yaml.YAMLError:
        return None
    read = [item.value for item in node.value if item.tag == STR] if isinstance(node, yaml.SequenceNode) else []
    return flow if read == items else None


def is_null(node: yaml.Node | None) -> bool:
    return node is None or (isinstance(node, yaml.ScalarNode) and node.tag == NULL)


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
