"""Rule patterns: the "regex-lite" a curator writes in data/taxonomy.yaml, compiled to regexes.

  - matching is case-insensitive and whole-word: "SSD" does not match inside "SSDTrain";
  - a space or hyphen matches a space, a hyphen or nothing: "KV cache" finds "KV-cache" and
    "KVcache", "multi-GPU" finds "multi GPU";
  - `*` ends a word with any letters: "offload*" finds offload, offloads, offloading; at the
    start of a pattern it begins one with any letters, for a name a word is fused into:
    "*offload*" also finds XOffload and ZeRO-Offload's "Offload";
  - `(a|b)` is a choice, `?` makes the character or group before it optional: "GPUs?",
    "(data|tensor) parallel*";
  - a backslash makes the next character literal: "key value \\(KV\\) cache".

A pattern is parsed into branches (the top-level `|` choices); a branch is a tuple of items.
Patterns are lowercased and run against lowercased text (`text.fold.fold_case`) rather than
compiled with re.IGNORECASE, which would cost the regex engine its literal-prefix scan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import PatternError
from ..text.fold import is_word_char

_SEPARATOR = r"(?:\s*-\s*|\s+)?"  # "KV cache" = "KV-cache" = "KVcache" = "multi- GPU"
_END_OF_WORD = r"(?:(?<=\w)(?!\w)|(?<!\w))"  # a match ending in a letter may not run on into a word


@dataclass(frozen=True)
class _Char:
    char: str


@dataclass(frozen=True)
class _Separator:
    """A space or hyphen in a pattern: matches a space, a hyphen or nothing."""


@dataclass(frozen=True)
class _WordRest:
    """`*`: the rest of a word."""


@dataclass(frozen=True)
class _Group:
    branches: tuple[Branch, ...]
    optional: bool = False


Item = _Char | _Separator | _WordRest | _Group
Branch = tuple[Item, ...]

_SEPARATOR_ITEM = _Separator()
_WORD_REST_ITEM = _WordRest()
_MAX_VARIANTS = 64


class _PatternParser:
    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.position = 0

    def parse(self) -> tuple[Branch, ...]:
        branches = self.branches()
        if self.position < len(self.pattern):
            raise PatternError(f"')' at position {self.position + 1} closes no '('")
        return branches

    def branches(self) -> tuple[Branch, ...]:
        branches = [self.sequence()]
        while self.peek() == "|":
            self.position += 1
            branches.append(self.sequence())
        return tuple(branches)

    def sequence(self) -> Branch:
        items: list[Item] = []
        while (char := self.peek()) is not None and char not in "|)":
            self.position += 1
            if char == "(":
                inner = self.branches()
                if self.peek() != ")":
                    raise PatternError("a '(' is never closed")
                self.position += 1
                items.append(_Group(inner))
            elif char == "?":
                items.append(self.optional(items.pop() if items else None))
            elif char in " -":
                if not items or items[-1] is not _SEPARATOR_ITEM:  # a run of them is one separator
                    items.append(_SEPARATOR_ITEM)
            elif char == "*":
                items.append(_WORD_REST_ITEM)
            elif char == "\\":
                if self.peek() is None:
                    raise PatternError("ends with a lone backslash")
                items.append(_Char(self.pattern[self.position]))
                self.position += 1
            elif char in "[]{}":
                raise PatternError(
                    f"{char!r} has no meaning here: write (a|b) for a choice, or \\{char} for the character itself"
                )
            else:
                items.append(_Char(char))
        return tuple(items)

    def optional(self, item: Item | None) -> Item:
        if item is None:
            raise PatternError("'?' must follow a character or a group")
        if isinstance(item, _Group):
            return _Group(item.branches, optional=True)
        if isinstance(item, _Char):
            return _Group(((item,),), optional=True)
        return item  # a separator is optional already

    def peek(self) -> str | None:
        return self.pattern[self.position] if self.position < len(self.pattern) else None


def _branches_regex(branches: tuple[Branch, ...]) -> str:
    return "|".join("".join(_item_regex(item) for item in branch) for branch in branches)


def _item_regex(item: Item) -> str:
    if isinstance(item, _Char):
        return re.escape(item.char)
    if isinstance(item, _Group):
        return "(?:" + _branches_regex(item.branches) + ")" + ("?" if item.optional else "")
    return _SEPARATOR if item is _SEPARATOR_ITEM else r"\w*"


def _leading_variants(branch: Branch) -> list[Branch]:
    """Spell out the choices a branch starts with: "(CPU|host) memory" becomes "CPU memory" and
    "host memory". Each variant then starts with a letter, which lets the regex engine jump to
    candidate positions with its fast literal-prefix scan instead of trying every position."""
    if not branch or not isinstance(branch[0], _Group):
        return [branch]
    group, rest = branch[0], branch[1:]
    variants = [variant for inner in group.branches for variant in _leading_variants(inner + rest)]
    return variants + (_leading_variants(rest) if group.optional else [])


@dataclass(frozen=True)
class Variant:
    """One compiled spelling of a rule. `lead` is the word start every match begins with."""

    regex: re.Pattern[str]
    lead: str

    def search(self, folded: str, start: int = 0) -> re.Match[str] | None:
        """The first match at or after `start` that begins a word."""
        if self.lead and self.lead not in folded:
            return None
        position = start
        while match := self.regex.search(folded, position):
            # The start-of-word check lives here, not in the regex: a leading lookbehind would
            # cost the regex engine its literal-prefix scan.
            begin = match.start()
            if begin == 0 or not (is_word_char(folded[begin - 1]) and is_word_char(folded[begin])):
                return match
            position = begin + 1
        return None


def compile_pattern(pattern: str) -> tuple[Variant, ...]:
    """Compile a regex-lite pattern into its variants; raises PatternError naming the problem.

    Patterns are lowercased and run against lowercased text (see the module docstring)."""
    if not pattern.strip():
        raise PatternError("is empty")
    branches = _PatternParser(pattern.strip().lower()).parse()
    variants = [variant for branch in branches for variant in _leading_variants(branch)]
    if len(variants) > _MAX_VARIANTS:  # too many to spell out: one slower regex instead
        variants = [(_Group(branches),)]
    compiled = []
    for variant in variants:
        try:
            regex = re.compile("(?:" + "".join(map(_item_regex, variant)) + ")" + _END_OF_WORD)
        except re.error as error:
            raise PatternError(error.msg) from None
        if regex.match(""):
            raise PatternError("matches empty text; every rule must need at least one letter")
        compiled.append(Variant(regex, _lead(variant)))
    return tuple(compiled)


def _lead(variant: Branch) -> str:
    """The letters a variant starts with ("gpu" for "GPUs? memory"), or "" if it starts otherwise."""
    lead = ""
    for item in variant:
        if not (isinstance(item, _Char) and is_word_char(item.char)):
            break
        lead += item.char
    return lead
