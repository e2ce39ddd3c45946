"""The topic taxonomy (data/taxonomy.yaml) and an explainable, rule-based classifier.

Each topic has weighted rules: phrases matched against a paper's title and abstract. A rule
counts once per field; a title match counts `title_weight` times its weight, because a title
names the contribution while an abstract also names context, baselines and hardware. A paper
joins every topic whose score reaches that topic's threshold, and falls back to `other` when it
reaches none. Every point of a score is kept as a Match (phrase, field, sentence), so the
reasoning can always be printed (`explain`) and a curator can see what to override. Web
addresses in abstracts are ignored: "github.com/org/offload-lib" says nothing about the paper.

Rule patterns are "regex-lite", so a curator can write them without knowing regular expressions:
  - matching is case-insensitive and whole-word: "SSD" does not match inside "SSDTrain";
  - a space or hyphen matches a space, a hyphen or nothing: "KV cache" finds "KV-cache" and
    "KVcache", "multi-GPU" finds "multi GPU";
  - `*` ends a word with any letters: "offload*" finds offload, offloads, offloading;
  - `(a|b)` is a choice, `?` makes the character or group before it optional: "GPUs?",
    "(data|tensor) parallel*";
  - a backslash makes the next character literal: "key value \\(KV\\) cache".
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Literal, NoReturn

import yaml

from .errors import DataError, DigestError

DEFAULT_TAXONOMY_PATH = Path(__file__).resolve().parent.parent / "data" / "taxonomy.yaml"

# Derived fields a topic's comparison table may show (pages.py knows how to fill each).
COLUMNS = ("system", "memory_tiers", "workload", "model_scale", "hardware", "gpu_count", "precision",
           "headline", "code", "year", "parallelism", "baselines")

Where = Literal["title", "abstract"]
_SLUG = re.compile(r"[a-z][a-z0-9-]*\Z")
_SEPARATOR = r"(?:\s*-\s*|\s+)?"  # "KV cache" = "KV-cache" = "KVcache" = "multi- GPU"
_END_OF_WORD = r"(?:(?<=\w)(?!\w)|(?<!\w))"  # a match ending in a letter may not run on into a word
_SNIPPET_CHARS = 240
_SENTENCE_ENDS = (". ", "? ", "! ")
DEFAULT_TITLE_WEIGHT = 2
DEFAULT_TOPIC_THRESHOLD = 3
DEFAULT_TAG_THRESHOLD = 1


# ---------------------------------------------------------------------------------------- patterns
#
# A pattern is parsed into branches (the top-level `|` choices); a branch is a tuple of items.

class PatternError(ValueError):
    """A rule pattern that cannot be compiled; the message says why."""


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
    branches: tuple[tuple, ...]
    optional: bool = False


_SEPARATOR_ITEM = _Separator()
_WORD_REST_ITEM = _WordRest()
_MAX_VARIANTS = 64


class _PatternParser:
    def __init__(self, pattern: str):
        self.pattern = pattern
        self.position = 0

    def parse(self) -> tuple[tuple, ...]:
        branches = self.branches()
        if self.position < len(self.pattern):
            raise PatternError(f"')' at position {self.position + 1} closes no '('")
        return branches

    def branches(self) -> tuple[tuple, ...]:
        branches = [self.sequence()]
        while self.peek() == "|":
            self.position += 1
            branches.append(self.sequence())
        return tuple(branches)

    def sequence(self) -> tuple:
        items: list = []
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
                raise PatternError(f"{char!r} has no meaning here: write (a|b) for a choice, "
                                   f"or \\{char} for the character itself")
            else:
                items.append(_Char(char))
        return tuple(items)

    def optional(self, item):
        if item is None:
            raise PatternError("'?' must follow a character or a group")
        if isinstance(item, _Group):
            return _Group(item.branches, optional=True)
        if isinstance(item, _Char):
            return _Group(((item,),), optional=True)
        return item  # a separator is optional already

    def peek(self) -> str | None:
        return self.pattern[self.position] if self.position < len(self.pattern) else None


def _branches_regex(branches: tuple[tuple, ...]) -> str:
    return "|".join("".join(_item_regex(item) for item in branch) for branch in branches)


def _item_regex(item) -> str:
    if isinstance(item, _Char):
        return re.escape(item.char)
    if isinstance(item, _Group):
        return "(?:" + _branches_regex(item.branches) + ")" + ("?" if item.optional else "")
    return _SEPARATOR if item is _SEPARATOR_ITEM else r"\w*"


def _leading_variants(branch: tuple) -> list[tuple]:
    """Spell out the choices a branch starts with: "(CPU|host) memory" becomes "CPU memory" and
    "host memory". Each variant then starts with a letter, which lets the regex engine jump to
    candidate positions with its fast literal-prefix scan instead of trying every position."""
    if not branch or not isinstance(branch[0], _Group):
        return [branch]
    group, rest = branch[0], branch[1:]
    variants = [variant for inner in group.branches for variant in _leading_variants(inner + rest)]
    return variants + (_leading_variants(rest) if group.optional else [])


@dataclass(frozen=True)
class _Variant:
    """One compiled spelling of a rule. `lead` is the word start every match begins with."""

    regex: re.Pattern
    lead: str

    def search(self, folded: str, start: int = 0) -> re.Match | None:
        """The first match at or after `start` that begins a word."""
        if self.lead and self.lead not in folded:
            return None
        position = start
        while match := self.regex.search(folded, position):
            # The start-of-word check lives here, not in the regex: a leading lookbehind would
            # cost the regex engine its literal-prefix scan.
            begin = match.start()
            if begin == 0 or not (_is_word_char(folded[begin - 1]) and _is_word_char(folded[begin])):
                return match
            position = begin + 1
        return None


def compile_pattern(pattern: str) -> tuple[_Variant, ...]:
    """Compile a regex-lite pattern into its variants; raises PatternError naming the problem.

    Patterns are lowercased and run against lowercased text rather than compiled with
    re.IGNORECASE, which disables the regex engine's literal-prefix scan."""
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
        compiled.append(_Variant(regex, _lead(variant)))
    return tuple(compiled)


def _lead(variant: tuple) -> str:
    """The letters a variant starts with ("gpu" for "GPUs? memory"), or "" if it starts otherwise."""
    lead = ""
    for item in variant:
        if not (isinstance(item, _Char) and _is_word_char(item.char)):
            break
        lead += item.char
    return lead


def _trie_regex(words: list[str]) -> str:
    """One regex matching any of `words`, factored by common prefixes ("gpu(?:s)?") so the engine
    tries a handful of branches per position, not one per word; the longest word wins."""
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here
    return _trie_node_regex(trie)


def _trie_node_regex(node: dict) -> str:
    branches = [re.escape(char) + _trie_node_regex(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


# Web addresses in abstracts ("github.com/thu-nics/MBQ") name organisations and folders, not
# what the paper is about: rules should not score on them. Found by the "://" or ".com/" inside
# them, which the regex engine can scan for quickly, then widened to the whitespace around.
_URL_MARK = re.compile(r"://|\.(?:com|org|io|ai|net|dev|co|edu|science)/")


def _without_urls(folded: str) -> str:
    """`folded` with every web address blanked out, keeping every other character in place."""
    spans: list[tuple[int, int]] = []
    for mark in _URL_MARK.finditer(folded):
        start = max(folded.rfind(" ", 0, mark.start()), folded.rfind("\n", 0, mark.start())) + 1
        ends = [i for i in (folded.find(" ", mark.end()), folded.find("\n", mark.end())) if i >= 0]
        end = min(ends, default=len(folded))
        if spans and start < spans[-1][1]:  # a second mark in the same address
            continue
        spans.append((start, end))
    if not spans:
        return folded
    pieces, kept_from = [], 0
    for start, end in spans:
        pieces += [folded[kept_from:start], " " * (end - start)]
        kept_from = end
    return "".join(pieces) + folded[kept_from:]


def _searchable(text: str) -> str:
    """What rules run on: `text` lowercased and without web addresses, every character kept at
    its offset so that a match points at the same characters in the original text."""
    return _without_urls(_fold_case(text))


def _fold_case(text: str) -> str:
    """Lowercase `text` keeping every character at its offset, so a match found in the folded
    text points at the same characters in the original (str.lower turns 'İ' into two)."""
    folded = text.lower()
    if len(folded) == len(text):
        return folded
    return "".join(lower if len(lower := char.lower()) == 1 else char for char in text)


# ---------------------------------------------------------------------------------------- the taxonomy

@dataclass(frozen=True, eq=False)  # compared by identity: hashing a rule must be cheap
class Rule:
    """One phrase and what it adds to a score. Negative weights are counter-evidence."""

    pattern: str
    weight: int = 1
    variants: tuple[_Variant, ...] = dataclasses.field(init=False, repr=False)

    def __post_init__(self):
        # Compiled once, when the taxonomy is loaded: classify() only runs them.
        object.__setattr__(self, "variants", compile_pattern(self.pattern))

    def first_match(self, folded: str, start: int = 0) -> re.Match | None:
        """The earliest whole-word match at or after `start` in case-folded text, or None."""
        matches = [m for m in (v.search(folded, start) for v in self.variants) if m]
        return min(matches, key=lambda m: m.start(), default=None)


class _RuleIndex:
    """Every rule of a taxonomy, filed under the word start its matches begin with.

    One regex pass finds the word starts of a text that begin some rule ("gpu", "offload"), and
    only the rules filed under them are tried, right there. Asking each of some 200 rules to
    search the whole text took four times as long."""

    def __init__(self, rules):
        self.by_lead: dict[str, list[tuple[Rule, _Variant]]] = {}
        self.unanchored: list[tuple[Rule, _Variant]] = []  # variants that start with no letter
        for rule in dict.fromkeys(rules):
            for variant in rule.variants:
                if variant.lead:
                    self.by_lead.setdefault(variant.lead, []).append((rule, variant))
                else:
                    self.unanchored.append((rule, variant))
        leads = sorted(self.by_lead)
        self.detector = re.compile(r"\b" + _trie_regex(leads)) if leads else None
        # The detector reports the longest lead at a position; the shorter leads it starts with are
        # there too, so their rules are tried as well.
        self.candidates = {lead: [(rule, variant.regex.match) for shorter in leads if lead.startswith(shorter)
                                  for rule, variant in self.by_lead[shorter]]
                           for lead in leads}

    def first_matches(self, folded: str) -> dict[Rule, re.Match]:
        """The first match of every rule that matches the case-folded text."""
        found: dict[Rule, re.Match] = {}
        for hit in self.detector.finditer(folded) if self.detector else ():
            start = hit.start()
            for rule, match_at in self.candidates[hit.group()]:
                if rule not in found and (match := match_at(folded, start)):
                    found[rule] = match
        for rule, variant in self.unanchored:
            match = variant.search(folded)
            if match and (rule not in found or match.start() < found[rule].start()):
                found[rule] = match
        return found


@dataclass(frozen=True)
class Topic:
    slug: str
    name: str
    description: str
    columns: tuple[str, ...]
    rules: tuple[Rule, ...] = ()  # the fallback topic has none
    threshold: int = DEFAULT_TOPIC_THRESHOLD


@dataclass(frozen=True)
class Tag:
    """A secondary label: it applies when its phrases score `threshold` (title matches count more)."""

    slug: str
    name: str
    rules: tuple[Rule, ...]
    threshold: int = DEFAULT_TAG_THRESHOLD


@dataclass(frozen=True)
class Term:
    """One value of a derived vocabulary (a memory tier, a workload) and the phrases that name it."""

    name: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Taxonomy:
    topics: tuple[Topic, ...]  # the ruled topics in page order, then the fallback topic last
    tags: tuple[Tag, ...]
    memory_tiers: tuple[Term, ...] = ()
    workloads: tuple[Term, ...] = ()
    parallelism: tuple[Term, ...] = ()
    title_weight: int = DEFAULT_TITLE_WEIGHT
    path: str = ""
    rule_index: _RuleIndex = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self):
        rules = [rule for owner in (*self.topics, *self.tags) for rule in owner.rules]
        object.__setattr__(self, "rule_index", _RuleIndex(rules))

    @property
    def fallback(self) -> Topic:
        return self.topics[-1]

    @property
    def ruled_topics(self) -> tuple[Topic, ...]:
        return self.topics[:-1]

    def topic(self, slug: str) -> Topic:
        for topic in self.topics:
            if topic.slug == slug:
                return topic
        raise KeyError(slug)


def topic_names(taxonomy: Taxonomy) -> set[str]:
    """The topic slugs a record's `topics:` may use (the fallback `other` included)."""
    return {topic.slug for topic in taxonomy.topics}


# ---------------------------------------------------------------------------------------- loading

def load_taxonomy(path: Path) -> Taxonomy:
    """Read and validate a taxonomy file. Every problem raises DataError naming the file, the
    line and the field, e.g. `taxonomy.yaml:40: topics[2].rules[0].pattern: not a valid pattern`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(path, None, None, f"cannot read the taxonomy: {error}") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else None
        raise DataError(path, line, None, f"not valid YAML: {error.problem}") from None
    if root is None:
        raise DataError(path, None, None, "the taxonomy file is empty")
    return _TaxonomyReader(path).taxonomy(root)


class _TaxonomyReader:
    """Walks the composed YAML node tree so that every error can point at the line it is about."""

    TOP_KEYS = {"title_weight", "tag_threshold", "topics", "fallback", "tags", "memory_tiers", "workloads",
                "parallelism"}
    TOPIC_KEYS = {"slug", "name", "description", "rules", "columns", "threshold"}
    FALLBACK_KEYS = {"slug", "name", "description", "columns"}
    RULE_KEYS = {"pattern", "weight"}
    TAG_KEYS = {"slug", "name", "match", "threshold"}
    TERM_KEYS = {"name", "match"}

    def __init__(self, path: Path):
        self.path = path

    def taxonomy(self, root: yaml.Node) -> Taxonomy:
        top = self.mapping(root, "", self.TOP_KEYS, required={"topics", "fallback"})
        title_weight = (self.integer(top["title_weight"], "title_weight") if "title_weight" in top
                        else DEFAULT_TITLE_WEIGHT)
        tag_threshold = (self.integer(top["tag_threshold"], "tag_threshold") if "tag_threshold" in top
                         else DEFAULT_TAG_THRESHOLD)
        topic_nodes = self.sequence(top["topics"], "topics")
        topics = [self.topic(node, f"topics[{i}]") for i, node in enumerate(topic_nodes)]
        topics.append(self.fallback(top["fallback"]))
        slug_fields = [f"topics[{i}].slug" for i in range(len(topic_nodes))] + ["fallback.slug"]
        self.unique(list(zip([t.slug for t in topics], [*topic_nodes, top["fallback"]], slug_fields)))
        tag_nodes = self.items(top.get("tags"), "tags")
        tags = [self.tag(node, f"tags[{i}]", tag_threshold) for i, node in enumerate(tag_nodes)]
        self.unique([(t.slug, node, f"tags[{i}].slug") for i, (t, node) in enumerate(zip(tags, tag_nodes))])
        return Taxonomy(
            topics=tuple(topics), tags=tuple(tags),
            memory_tiers=self.terms(top.get("memory_tiers"), "memory_tiers"),
            workloads=self.terms(top.get("workloads"), "workloads"),
            parallelism=self.terms(top.get("parallelism"), "parallelism"),
            title_weight=title_weight, path=str(self.path),
        )

    def topic(self, node: yaml.Node, field: str) -> Topic:
        keys = self.mapping(node, field, self.TOPIC_KEYS, required={"slug", "name", "description", "rules", "columns"})
        rule_nodes = self.sequence(keys["rules"], f"{field}.rules")
        return Topic(
            slug=self.slug(keys["slug"], f"{field}.slug"),
            name=self.string(keys["name"], f"{field}.name"),
            description=self.string(keys["description"], f"{field}.description"),
            columns=self.columns(keys["columns"], f"{field}.columns"),
            rules=tuple(self.rule(rule, f"{field}.rules[{i}]") for i, rule in enumerate(rule_nodes)),
            threshold=(self.integer(keys["threshold"], f"{field}.threshold") if "threshold" in keys
                       else DEFAULT_TOPIC_THRESHOLD),
        )

    def fallback(self, node: yaml.Node) -> Topic:
        if isinstance(node, yaml.MappingNode) and any(key.value == "rules" for key, _ in node.value):
            self.fail(node, "fallback.rules", "the fallback has no rules: it holds the papers no topic's rules match")
        keys = self.mapping(node, "fallback", self.FALLBACK_KEYS, required=self.FALLBACK_KEYS)
        return Topic(
            slug=self.slug(keys["slug"], "fallback.slug"),
            name=self.string(keys["name"], "fallback.name"),
            description=self.string(keys["description"], "fallback.description"),
            columns=self.columns(keys["columns"], "fallback.columns"),
        )

    def rule(self, node: yaml.Node, field: str) -> Rule:
        keys = self.mapping(node, field, self.RULE_KEYS, required={"pattern"})
        pattern = self.string(keys["pattern"], f"{field}.pattern")
        weight = self.integer(keys["weight"], f"{field}.weight", allow_negative=True) if "weight" in keys else 1
        if weight == 0:
            self.fail(keys["weight"], f"{field}.weight", "must not be 0 (delete the rule instead)")
        return self.compiled(keys["pattern"], f"{field}.pattern", pattern, weight)

    def tag(self, node: yaml.Node, field: str, default_threshold: int) -> Tag:
        keys = self.mapping(node, field, self.TAG_KEYS, required={"slug", "name", "match"})
        return Tag(
            slug=self.slug(keys["slug"], f"{field}.slug"),
            name=self.string(keys["name"], f"{field}.name"),
            rules=self.phrases(keys["match"], f"{field}.match"),
            threshold=(self.integer(keys["threshold"], f"{field}.threshold") if "threshold" in keys
                       else default_threshold),
        )

    def terms(self, node: yaml.Node | None, field: str) -> tuple[Term, ...]:
        terms = []
        for index, item in enumerate(self.items(node, field)):
            keys = self.mapping(item, f"{field}[{index}]", self.TERM_KEYS, required=self.TERM_KEYS)
            terms.append(Term(self.string(keys["name"], f"{field}[{index}].name"),
                              self.phrases(keys["match"], f"{field}[{index}].match")))
        return tuple(terms)

    def phrases(self, node: yaml.Node, field: str) -> tuple[Rule, ...]:
        nodes = self.sequence(node, field)
        return tuple(self.compiled(item, f"{field}[{i}]", self.string(item, f"{field}[{i}]"), 1)
                     for i, item in enumerate(nodes))

    def compiled(self, node: yaml.Node, field: str, pattern: str, weight: int) -> Rule:
        try:
            return Rule(pattern, weight)
        except PatternError as error:
            self.fail(node, field, f"not a valid pattern: {pattern!r} ({error})")

    def columns(self, node: yaml.Node, field: str) -> tuple[str, ...]:
        columns = []
        for index, item in enumerate(self.sequence(node, field)):
            column = self.string(item, f"{field}[{index}]")
            if column not in COLUMNS:
                self.fail(item, f"{field}[{index}]", f"unknown column {column!r}; columns are: {', '.join(COLUMNS)}")
            if column in columns:
                self.fail(item, f"{field}[{index}]", f"column {column!r} is listed twice")
            columns.append(column)
        return tuple(columns)

    # -- node helpers: each checks one shape and fails with the node's line

    def mapping(self, node: yaml.Node, field: str, allowed: set[str], required: set[str]) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            self.fail(node, field, "must be a mapping of keys to values")
        keys: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            where = _join(field, str(name))
            if name not in allowed:
                self.fail(key, where, f"unknown key; expected one of: {', '.join(sorted(allowed))}")
            if name in keys:
                self.fail(key, where, "duplicate key")
            keys[name] = value
        for name in sorted(required - keys.keys()):
            self.fail(node, _join(field, name), f"missing; {_describe_keys(required)} are required here")
        return keys

    def sequence(self, node: yaml.Node, field: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            self.fail(node, field, "must be a non-empty list")
        return node.value

    def items(self, node: yaml.Node | None, field: str) -> list[yaml.Node]:
        return [] if node is None else self.sequence(node, field)

    def string(self, node: yaml.Node, field: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str" or not node.value.strip():
            self.fail(node, field, "must be a non-empty text")
        return node.value.strip()

    def slug(self, node: yaml.Node, field: str) -> str:
        value = self.string(node, field)
        if not _SLUG.match(value):
            self.fail(node, field, f"{value!r} is not a slug (lowercase letters, digits and hyphens)")
        return value

    def integer(self, node: yaml.Node, field: str, allow_negative: bool = False) -> int:
        try:
            if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:int":
                raise ValueError
            value = int(node.value.replace("_", ""), 0)
        except ValueError:
            self.fail(node, field, "must be a whole number")
        if value < 1 and not allow_negative:
            self.fail(node, field, "must be at least 1")
        return value

    def unique(self, entries: list[tuple[str, yaml.Node, str]]) -> None:
        """Fail on the second of two entries with the same value: (value, node, field)."""
        seen: set[str] = set()
        for value, node, field in entries:
            if value in seen:
                self.fail(node, field, f"{value!r} is used twice")
            seen.add(value)

    def fail(self, node: yaml.Node, field: str, message: str) -> NoReturn:
        raise DataError(self.path, node.start_mark.line + 1, field, message)


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _describe_keys(keys: set[str]) -> str:
    names = sorted(keys)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@lru_cache(maxsize=1)
def default_taxonomy() -> Taxonomy:
    """The repository's own taxonomy, loaded once."""
    return load_taxonomy(DEFAULT_TAXONOMY_PATH)


# ---------------------------------------------------------------------------------------- classifying

@dataclass(frozen=True)
class Match:
    """One rule that matched: the text it found, where, the points it earned, and (`snippet`)
    the sentence around it."""

    rule: str
    phrase: str
    where: Where
    points: int
    start: int
    end: int
    text: str = dataclasses.field(repr=False, compare=False)

    @cached_property
    def snippet(self) -> str:
        # Computed on demand: most classifications are never shown with their sentences.
        return _snippet(self.text, self.start, self.end)


@dataclass(frozen=True)
class TopicMatch:
    slug: str
    score: int
    threshold: int
    matches: tuple[Match, ...]

    @property
    def passed(self) -> bool:
        return self.score >= self.threshold


@dataclass(frozen=True)
class TagMatch:
    slug: str
    score: int
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Classification:
    """What the classifier decided, with every piece of evidence.

    `topics` are the machine's topics (best score first, or just `other` when `fallback`);
    `final_topics` are what the site shows: the curator's list when `curated`, else the machine's."""

    topics: tuple[TopicMatch, ...]
    tags: tuple[str, ...]
    tag_matches: tuple[TagMatch, ...]
    fallback: bool
    scores: tuple[TopicMatch, ...]  # every ruled topic, passed or not, in taxonomy order
    curated_topics: tuple[str, ...] | None = None

    @property
    def curated(self) -> bool:
        return self.curated_topics is not None

    @property
    def machine_topics(self) -> tuple[str, ...]:
        return tuple(match.slug for match in self.topics)

    @property
    def final_topics(self) -> tuple[str, ...]:
        return self.curated_topics if self.curated_topics is not None else self.machine_topics


def classify(title: str, abstract: str, taxonomy: Taxonomy) -> Classification:
    """Score the paper against every topic and tag of `taxonomy`."""
    evidence = _evidence(title or "", abstract or "", taxonomy)
    scores = []
    for topic in taxonomy.ruled_topics:
        matches = _matches_of(topic.rules, evidence)
        scores.append(TopicMatch(topic.slug, sum(m.points for m in matches), topic.threshold, matches))
    passed = sorted((s for s in scores if s.passed), key=lambda s: -s.score)  # stable: ties keep taxonomy order
    fallback = not passed
    if fallback:
        passed = [TopicMatch(taxonomy.fallback.slug, 0, 0, ())]
    tag_matches = []
    for tag in taxonomy.tags:
        matches = _matches_of(tag.rules, evidence)
        score = sum(m.points for m in matches)
        if matches and score >= tag.threshold:
            tag_matches.append(TagMatch(tag.slug, score, matches))
    return Classification(topics=tuple(passed), tags=tuple(t.slug for t in tag_matches),
                          tag_matches=tuple(tag_matches), fallback=fallback, scores=tuple(scores))


def _evidence(title: str, abstract: str, taxonomy: Taxonomy) -> dict[Rule, list[Match]]:
    """Every rule of the taxonomy that matches the title or the abstract, with its points."""
    evidence: dict[Rule, list[Match]] = {}
    for where, text, weight in (("title", title, taxonomy.title_weight), ("abstract", abstract, 1)):
        for rule, hit in taxonomy.rule_index.first_matches(_searchable(text)).items():
            start, end = hit.span()
            evidence.setdefault(rule, []).append(Match(rule.pattern, text[start:end], where, rule.weight * weight,
                                                       start, end, text))
    return evidence


def _matches_of(rules: tuple[Rule, ...], evidence: dict[Rule, list[Match]]) -> tuple[Match, ...]:
    return tuple(match for rule in rules if rule in evidence for match in evidence[rule])


def apply_curated_topics(classification: Classification, curated_topics: list[str] | None,
                         taxonomy: Taxonomy) -> Classification:
    """The curator's `topics:` replace the machine's topics entirely; the machine's evidence is
    kept so `explain` can still show what it would have said. None or [] means not curated."""
    if not curated_topics:
        return classification
    unknown = [slug for slug in curated_topics if slug not in topic_names(taxonomy)]
    if unknown:
        raise DigestError(f"unknown topic {unknown[0]!r}; topics are: {', '.join(sorted(topic_names(taxonomy)))}")
    return replace(classification, curated_topics=tuple(dict.fromkeys(curated_topics)))


def explain(title: str, abstract: str, taxonomy: Taxonomy, curated_topics: list[str] | None = None) -> str:
    """The classifier's reasoning in plain text: each topic's score against its threshold with
    the phrases that scored, the tags, and whether a curator overrode the result."""
    result = apply_curated_topics(classify(title, abstract, taxonomy), curated_topics, taxonomy)
    lines = []
    for score in result.scores:
        verdict = "yes" if score.passed else "no"
        evidence = _describe(score.matches) or "no rule matched"
        lines.append(f"{score.slug}: score {score.score} (threshold {score.threshold}, {verdict}) — {evidence}")
    tags = [f"{t.slug} ({_describe(t.matches)})" for t in result.tag_matches]
    lines.append("tags: " + ("; ".join(tags) if tags else "none"))
    machine = ", ".join(result.machine_topics)
    if result.fallback:
        machine += " (no topic reached its threshold)"
    if result.curated:
        lines.append(f"topics: {', '.join(result.final_topics)} — curated in the record, overriding the "
                     f"classifier's {machine}")
    else:
        lines.append(f"topics: {machine} — from the classifier")
    return "\n".join(lines)


def _describe(matches: tuple[Match, ...]) -> str:
    """Matches as text, e.g. title: 'NVMe' (+6); abstract: 'swapping' (+2), 'CPU memory' (+2)."""
    parts = []
    for where in ("title", "abstract"):
        found = [f"'{m.phrase}' ({m.points:+d})" for m in matches if m.where == where]
        if found:
            parts.append(f"{where}: {', '.join(found)}")
    return "; ".join(parts)


def _snippet(text: str, start: int, end: int) -> str:
    """The sentence holding text[start:end], cut at word boundaries to about _SNIPPET_CHARS."""
    begin = max(text.rfind(mark, 0, start) for mark in _SENTENCE_ENDS)
    begin = 0 if begin < 0 else begin + 2
    finish = min((i + 1 for i in (text.find(mark, end) for mark in _SENTENCE_ENDS) if i >= 0), default=len(text))
    half = _SNIPPET_CHARS // 2
    left, right = begin, finish
    if start - begin > half:
        space = text.find(" ", start - half, start)
        left = space + 1 if space >= 0 else start
    if finish - end > half:
        space = text.rfind(" ", end, end + half)
        right = space if space >= 0 else end
    return ("…" if left > begin else "") + text[left:right].strip() + ("…" if right < finish else "")


# ---------------------------------------------------------------------------------------- derived fields

def derive_memory_tiers(text: str, taxonomy: Taxonomy | None = None) -> list[str]:
    """The memory tiers `text` names (e.g. GPU HBM, CPU DRAM, NVMe SSD), in vocabulary order.
    Meaningful for offloading papers, where naming a tier means using it."""
    return _named_terms(text, (taxonomy or default_taxonomy()).memory_tiers)


def derive_parallelism(text: str, taxonomy: Taxonomy | None = None) -> list[str]:
    """The kinds of parallelism `text` names (data, tensor, pipeline, ...), in vocabulary order.
    Meaningful for parallelism papers, where naming a kind usually means using or comparing it."""
    return _named_terms(text, (taxonomy or default_taxonomy()).parallelism)


def _named_terms(text: str, terms: tuple[Term, ...]) -> list[str]:
    folded = _searchable(text)
    return [term.name for term in terms if any(rule.first_match(folded) for rule in term.rules)]


def derive_workload(text: str, taxonomy: Taxonomy | None = None) -> list[str]:
    """The workloads `text` is about (training, fine-tuning, inference), most mentioned first.

    A workload needs two mentions: one passing remark ("without retraining the model",
    "trained on NVIDIA A100") is context, not the paper's workload. Pass title and abstract
    together so a title mention counts."""
    folded = _searchable(text)
    counts = {}
    for term in (taxonomy or default_taxonomy()).workloads:
        mentions = sum(_count_matches(rule, folded) for rule in term.rules)
        if mentions >= 2:
            counts[term.name] = mentions
    return sorted(counts, key=lambda name: -counts[name])


def _count_matches(rule: Rule, folded: str) -> int:
    count = 0
    hit = rule.first_match(folded)
    while hit:
        count += 1
        hit = rule.first_match(folded, max(hit.end(), hit.start() + 1))
    return count
