"""A YAML syntax error in words a curator can act on.

PyYAML says where it noticed a problem (its problem mark) and where the construct it was reading
began (its context mark), in a parser's words: "mapping values are not allowed in this context",
often a line after the mistake. Each explainer below reads the marks of one mistake hands make
(a tab, a key with no space after its colon, a line indented off its neighbours, a colon inside
a value, a quote or a bracket left open) and says what is wrong and how to fix it, at the line
and column where the fix goes. They are tried in order; any other error keeps the parser's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import yaml


@dataclass(frozen=True)
class _Error:
    problem: str
    context: str
    line: int  # where the parser noticed the problem, from 0
    column: int
    opened: tuple[int, int] | None  # (line, column) where what it was reading began
    lines: list[str]
    text: str
    loader: Any  # the Loader class that read the file, to scan it again

    def source(self, line: int) -> str:
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def character(self) -> str:
        return self.source(self.line)[self.column : self.column + 1]

    def above(self, line: int) -> int | None:
        """The nearest line before `line` that holds more than a comment."""
        for number in range(min(line, len(self.lines)) - 1, -1, -1):
            if self.lines[number].strip() and not self.lines[number].lstrip().startswith("#"):
                return number
        return None


# What an explainer finds: the line and column of the fix (from 0) and what to say there.
Found = tuple[int, int, str]


def explain(error: yaml.MarkedYAMLError, text: str, loader: Any) -> tuple[int | None, str]:
    """The line (from 1) a curator should look at, and the message for it; `loader` is the
    Loader class that raised `error`."""
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return None, f"YAML syntax error: {error.problem or error.context}"
    context = error.context_mark
    opened = (context.line, context.column) if context is not None and error.problem_mark is not None else None
    found = _Error(
        error.problem or "", error.context or "", mark.line, mark.column, opened, text.splitlines(), text, loader
    )
    for explainer in EXPLAINERS:
        if (explained := explainer(found)) is not None:
            line, column, words = explained
            return line + 1, f"YAML syntax error at column {column + 1}: {words}"
    where = f" ({found.context}, at line {opened[0] + 1})" if found.context and opened else ""
    return mark.line + 1, f"YAML syntax error at column {mark.column + 1}: {found.problem}{where}"


def _tab(error: _Error) -> Found | None:
    if "tab" not in error.problem and error.character() != "\t":
        return None
    return error.line, error.column, "a tab; YAML indents with spaces only: replace it with spaces, 2 per level"


def _cannot_start(error: _Error) -> Found | None:
    """`title: @foo`: a few characters are YAML's own and cannot start a value out of quotes."""
    if "cannot start any token" not in error.problem:
        return None
    return error.line, error.column, f"a value starting with {error.character()!r} must be in quotes: quote it"


def _key_without_colon(error: _Error) -> Found | None:
    """The line where a key began (the context mark) has no `: ` (libyaml: "could not find expected ':'")."""
    if "could not find expected ':'" not in error.problem or error.opened is None:
        return None
    line = error.opened[0]
    source = error.source(line)
    if dash := re.match(r"\s*-(?=[^\s-])", source):
        return line, dash.end() - 1, "a list item needs a space after its dash: '- item'"
    if (glued := _glued_colon(line, source)) is not None:
        return glued
    return (
        line,
        _indent(source),
        "not a 'key: value' line: a key needs a colon and a space after it; "
        "if the line continues the text above, indent it like that text",
    )


def _colon_in_value(error: _Error) -> Found | None:
    """A second `: ` on a key's line (libyaml: "mapping values are not allowed in this context")."""
    if "mapping values are not allowed" not in error.problem:
        return None
    source = error.source(error.line)
    if ": " not in source[: error.column]:
        return None
    key, value = source.split(": ", 1)
    quoted = value.strip().replace("'", "''")
    return (
        error.line,
        error.column,
        "a colon and a space inside a value not in quotes read as a second key: "
        f"put the whole value in quotes, {key.strip()}: '{quoted:.40}{'...' if len(quoted) > 40 else ''}'",
    )


def _indented_off_above(error: _Error) -> Found | None:
    """An indentation mistake noticed lines below where it was made: a key moved off its mapping's
    column starts a mapping of its own, and the parser stops only at a later line that fits
    neither. Said at the nearest line above the stop that, indented as another line of the file
    is, makes the file parse with that line still a key or an item. When the line the parser
    stopped at can be mended so too, either may be the mistake: the one above is named only if
    its indent is odd, a slip of one space, and the explainers after this one say the other.
    (On lines of the store's files moved by one to three spaces, this names the moved line 98
    times in 100, where the parser's stop alone did 85.)"""
    if not _AN_INDENT_PROBLEM.search(error.problem):
        return None
    stop_mended = _mending_indent(error, error.line, anywhere=True) is not None
    for line in range(error.line - 1, max(-1, error.line - _LINES_SCANNED), -1):
        if (indent := _mending_indent(error, line)) is not None:
            own = _indent(error.source(line))
            if stop_mended and own % 2 == 0:
                return None
            return (
                line,
                own,
                f"this line is indented {_spaces(own)} where it belongs at {_spaces(indent)}, so YAML read the "
                f"lines below it wrongly and stopped at line {error.line + 1}: "
                + (f"indent it {_spaces(indent)} (spaces, 2 per level)" if indent else "remove its indent"),
            )
    return None


_AN_INDENT_PROBLEM = re.compile(r"mapping values are not allowed|did not find expected")
_LINES_SCANNED = 40  # a mistake further up is a guess, and each line tried costs a few parses


def _mending_indent(error: _Error, line: int, *, anywhere: bool = False) -> int | None:
    """The indent, of those the file's other lines have and nearest the line's own, that makes the
    file parse with a node (a key, an item) starting on that line, not text read as more of a
    value above it (`anywhere`: whatever the line then is); None if none does."""
    source = error.source(line)
    if not source.strip() or source.lstrip().startswith("#"):
        return None
    for indent in _other_indents(error, line):
        lines = [*error.lines[:line], " " * indent + source.lstrip(" "), *error.lines[line + 1 :]]
        try:
            root = yaml.compose("\n".join(lines) + "\n", Loader=error.loader)
        except yaml.YAMLError:
            continue
        if root is not None and (anywhere or any(_starts_on(node, line) for node in _nodes(root))):
            return indent
    return None


def _other_indents(error: _Error, line: int) -> list[int]:
    """The indents of the file's other lines, nearest to this line's own first."""
    own = _indent(error.source(line))
    used = {_indent(source) for source in error.lines if source.strip() and not source.lstrip().startswith("#")}
    return sorted(used - {own}, key=lambda indent: (abs(indent - own), indent))


def _starts_on(node: yaml.Node, line: int) -> bool:
    """Whether `node` starts on `line`, or is a block of text whose first line it is (its node
    starts at the key's `>-`)."""
    return node.start_mark.line == line or (_is_block_text(node) and node.start_mark.line == line - 1)


def _is_block_text(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.style in (">", "|")


def _nodes(node: yaml.Node) -> Iterator[yaml.Node]:
    yield node
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _nodes(key)
            yield from _nodes(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _nodes(item)


def _more_of_the_value_above(error: _Error) -> Found | None:
    """The same on a line of its own: it reads as more of the value of the line above, because
    it is indented deeper, or because that line is no key (`metric:speedup`)."""
    above = error.above(error.line)
    if "mapping values are not allowed" not in error.problem or above is None:
        return None
    indent = _indent(error.source(error.line))
    if indent <= _indent(error.source(above)):
        return _glued_colon(above, error.source(above))
    return (
        error.line,
        indent,
        f"this line is indented more than line {above + 1} above it ({_spaces(indent)} against "
        f"{_spaces(_indent(error.source(above)))}), so YAML reads it as more of line {above + 1}'s value, "
        "where no key can start: give the keys of one mapping the same indent (spaces, 2 per level)",
    )


def _left_open(error: _Error) -> Found | None:
    """A quote, '[' or '{' that is never closed: said where it opened (the context mark)."""
    if error.opened is None:
        return None
    line, column = error.opened
    if "quoted scalar" in error.context and "end of stream" in error.problem:
        return line, column, "this quote is never closed: close it at the end of the value"
    for bracket, closing, what in (("[", "]", "list"), ("{", "}", "mapping")):
        if error.problem.endswith(f"'{closing}'") and error.source(line)[column : column + 1] == bracket:
            return (
                line,
                column,
                f"the {what} opened by {bracket!r} here is not closed: end it with {closing!r} and separate its "
                f"items with ', '; if the value is text starting with {bracket!r}, put it in quotes",
            )
    return None


def _off_its_neighbours(error: _Error) -> Found | None:
    """A line whose indent is none of the mappings' it could be in (libyaml: "did not find
    expected key" at the line's start)."""
    if not error.problem.startswith("did not find expected"):
        return None
    source, above = error.source(error.line), error.above(error.line)
    if error.column != _indent(source) or above is None:
        return None
    return (
        error.line,
        error.column,
        f"this line is indented {_spaces(error.column)} and line {above + 1} above it "
        f"{_spaces(_indent(error.source(above)))}, and it lines up with no key it could belong beside: "
        "the keys of one mapping start in the same column, a nested mapping's further right; "
        "indent with spaces, 2 per level",
    )


def _text_after_a_value(error: _Error) -> Found | None:
    """More text after a value that ended (libyaml: "did not find expected key" inside a line);
    after a quoted one, most likely a quote inside it, or a quote left open on an earlier line."""
    if not error.problem.startswith("did not find expected"):
        return None
    value = _scalar_ending_at(error)
    if value is None or value.style not in ("'", '"'):
        return error.line, error.column, f"{error.character()!r} after a complete value: delete it, or quote the value"
    start, end = value.start_mark, value.end_mark  # end: just after the closing quote
    if end.line == start.line:
        words = (
            f"the quote opened here closes at column {end.column}, and more text follows: a quote inside "
            "single quotes is written twice ('it''s'), or put the value in double quotes"
        )
    else:
        words = (
            f"the quote opened here closes only at line {end.line + 1}, column {end.column}, where more text "
            "follows: close it on this line (a quote inside single quotes is written twice: 'it''s')"
        )
    return start.line, start.column, words


# Mistakes the parser names in words of its own, told where it found them: its phrase, and ours.
_SAID_WHERE_FOUND = {
    "unknown escape character": 'inside double quotes a backslash starts an escape (\\n, \\"): write \\\\ for a '
    "backslash, or put the value in single quotes, where a backslash is plain text",
    "block sequence entries are not allowed": "a list starts on the line after its key, one '- item' a line; or "
    "write it on the key's line as [a, b]",
    "another document": "a second YAML document ('---') starts here; a file holds one: delete the line",
}


def _said_where_found(error: _Error) -> Found | None:
    words = next((words for phrase, words in _SAID_WHERE_FOUND.items() if phrase in error.problem), None)
    return None if words is None else (error.line, error.column, words)


EXPLAINERS: list[Callable[[_Error], Found | None]] = [
    _tab,
    _cannot_start,
    _key_without_colon,
    _colon_in_value,
    _indented_off_above,
    _more_of_the_value_above,
    _left_open,
    _off_its_neighbours,
    _text_after_a_value,
    _said_where_found,
]


def _glued_colon(line: int, source: str) -> Found | None:
    """A key and its value with no space between: `notes:''` is one word to YAML."""
    glued = re.search(r":(?=\S)", source)
    if glued is None:
        return None
    fixed = f"{source[: glued.end()]} {source[glued.end() :]}".strip()
    return (
        line,
        glued.start(),
        f"no space after the colon, so YAML reads {source.strip()!r:.60} as one word, not a key and its value: "
        f"write {fixed!r:.60}",
    )


def _scalar_ending_at(error: _Error) -> yaml.ScalarToken | None:
    """The value that ends where the parser stopped, as the scanner read it."""
    last = None
    with suppress(yaml.YAMLError):  # the scanner may stop at the error: what it read before is enough
        for token in yaml.scan(error.text, Loader=error.loader):
            if (token.end_mark.line, token.end_mark.column) > (error.line, error.column):
                break
            if isinstance(token, yaml.ScalarToken):
                last = token
    return last


def _indent(source: str) -> int:
    return len(source) - len(source.lstrip(" "))


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"
