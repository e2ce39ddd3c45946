"""The topic taxonomy (data/taxonomy.yaml): topics with weighted rules, tags and vocabularies.

Read with the one YAML reader of the records (digest/records/yamlfile.py), so every problem
names the file, the line and the field: `taxonomy.yaml:40: topics[2].rules[0].pattern: ...`.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import DataError, PatternError
from ..records.yamlfile import YamlFile
from ..text.sentences import split_sentences
from .rules import Rule, RuleIndex

_SLUG = re.compile(r"[a-z][a-z0-9-]*\Z")
DEFAULT_TITLE_WEIGHT = 2
DEFAULT_TOPIC_THRESHOLD = 3
DEFAULT_TAG_THRESHOLD = 1


@dataclass(frozen=True)
class Topic:
    slug: str
    name: str
    description: str
    columns: tuple[str, ...]  # keys of the column registry (digest/render/columns.py)
    rules: tuple[Rule, ...] = ()  # the fallback topic has none
    threshold: int = DEFAULT_TOPIC_THRESHOLD
    columns_line: int | None = None  # where `columns:` is, for a message about an unknown column
    short: str = ""  # a shorter name where a row names the topic beside others ("Serving"); the name if ""

    @property
    def short_name(self) -> str:
        """The topic's name where a table row names it among others: a topic table's "also in: ..."."""
        return self.short or self.name

    @property
    def scope(self) -> str:
        """The description's first sentence, what the topic covers: Home's table, a topic page's lead."""
        return next(iter(split_sentences(self.description)), "")

    @property
    def boundary(self) -> str:
        """The rest of it, where the topic ends: what counts at its edges and what does not."""
        return " ".join(split_sentences(self.description)[1:])


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
    rule_index: RuleIndex = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules = [rule for topic in self.topics for rule in topic.rules]
        rules += [rule for tag in self.tags for rule in tag.rules]
        object.__setattr__(self, "rule_index", RuleIndex(rules))

    @property
    def fallback(self) -> Topic:
        return self.topics[-1]

    @property
    def ruled_topics(self) -> tuple[Topic, ...]:
        return self.topics[:-1]

    @property
    def topic_slugs(self) -> set[str]:
        """The topic slugs a record's `topics:` may use (the fallback `other` included)."""
        return {topic.slug for topic in self.topics}

    def topic(self, slug: str) -> Topic:
        for topic in self.topics:
            if topic.slug == slug:
                return topic
        raise KeyError(slug)


def unknown_topics(topics: Iterable[str], taxonomy: Taxonomy) -> list[str]:
    """The one check of topic names: a message for each of `topics` the taxonomy lacks. Where the
    names came from says the error: a record's `topics:` a DataError naming its line (check and
    the build), a command's `--topics` a UsageError, a list handed to the classifier a DigestError."""
    known, fallback, topics = taxonomy.topic_slugs, taxonomy.fallback.slug, list(topics)
    problems = [
        f"unknown topic {topic!r}{_likely_topic(topic, taxonomy)}; topics are: {', '.join(sorted(known))}"
        for topic in topics
        if topic not in known
    ]
    if fallback in topics and len(set(topics)) > 1:  # "in none of the topics" and in one of them
        problems.append(f"{fallback!r} means in none of the other topics: give it alone, or only the topics")
    return problems


def _likely_topic(name: str, taxonomy: Taxonomy) -> str:
    """What an unknown topic name most likely meant: a topic in another case or misspelt, or a tag."""
    close = difflib.get_close_matches(name.lower(), sorted(taxonomy.topic_slugs), n=1, cutoff=0.75)
    if close:
        return f" (did you mean {close[0]!r}?)"
    if name.lower() in {tag.slug for tag in taxonomy.tags}:
        return " (it is a tag: a record's tags: list, not its topics)"
    return ""


def unknown_columns(taxonomy: Taxonomy, columns: Collection[str]) -> list[DataError]:
    """A DataError for each column a topic of the taxonomy lists that is not in `columns`, the
    keys a topic table may show (TABLE_COLUMNS of the column registry, digest/render/columns.py,
    which its callers pass: the taxonomy knows no page)."""
    errors = []
    for index, topic in enumerate(taxonomy.topics):
        owner = "fallback" if topic is taxonomy.fallback else f"topics[{index}]"
        errors += [
            DataError(
                taxonomy.path,
                topic.columns_line,
                f"{owner}.columns[{position}]",
                f"unknown column {key!r}; columns are: {', '.join(columns)}",
            )
            for position, key in enumerate(topic.columns)
            if key not in columns
        ]
    return errors


def load_taxonomy(path: Path) -> Taxonomy:
    """Read and validate a taxonomy file; every problem raises DataError naming file, line and field."""
    document = YamlFile.read(path, "taxonomy")
    if document.root is None:
        document.fail(None, None, "the taxonomy file is empty")
    return _TaxonomyReader(document).taxonomy(document.root)


class _TaxonomyReader:
    TOP_KEYS = (
        "title_weight",
        "tag_threshold",
        "topics",
        "fallback",
        "tags",
        "memory_tiers",
        "workloads",
        "parallelism",
    )
    TOPIC_KEYS = ("slug", "name", "short", "description", "rules", "columns", "threshold")
    FALLBACK_KEYS = ("slug", "name", "short", "description", "columns")
    FALLBACK_REQUIRED = ("slug", "name", "description", "columns")
    RULE_KEYS = ("pattern", "weight")
    TAG_KEYS = ("slug", "name", "match", "threshold")
    TERM_KEYS = ("name", "match")

    def __init__(self, document: YamlFile) -> None:
        self.doc = document

    def taxonomy(self, root: yaml.Node) -> Taxonomy:
        doc = self.doc
        top = doc.mapping(root, "", self.TOP_KEYS, required=("topics", "fallback"))
        title_weight = (
            doc.integer(top["title_weight"], "title_weight", minimum=1)
            if "title_weight" in top
            else DEFAULT_TITLE_WEIGHT
        )
        tag_threshold = (
            doc.integer(top["tag_threshold"], "tag_threshold", minimum=1)
            if "tag_threshold" in top
            else DEFAULT_TAG_THRESHOLD
        )
        topic_nodes = doc.sequence(top["topics"], "topics", nonempty=True)
        topics = [self.topic(node, f"topics[{i}]") for i, node in enumerate(topic_nodes)]
        topics.append(self.fallback(top["fallback"]))
        slug_fields = [f"topics[{i}].slug" for i in range(len(topic_nodes))] + ["fallback.slug"]
        self.unique(list(zip([t.slug for t in topics], [*topic_nodes, top["fallback"]], slug_fields, strict=True)))
        tag_nodes = [] if "tags" not in top else doc.sequence(top["tags"], "tags", nonempty=True)
        tags = [self.tag(node, f"tags[{i}]", tag_threshold) for i, node in enumerate(tag_nodes)]
        self.unique(
            [(tag.slug, node, f"tags[{i}].slug") for i, (tag, node) in enumerate(zip(tags, tag_nodes, strict=True))]
        )
        return Taxonomy(
            topics=tuple(topics),
            tags=tuple(tags),
            memory_tiers=self.terms(top.get("memory_tiers"), "memory_tiers"),
            workloads=self.terms(top.get("workloads"), "workloads"),
            parallelism=self.terms(top.get("parallelism"), "parallelism"),
            title_weight=title_weight,
            path=doc.path,
        )

    def topic(self, node: yaml.Node, field: str) -> Topic:
        doc = self.doc
        keys = doc.mapping(node, field, self.TOPIC_KEYS, required=("slug", "name", "description", "rules", "columns"))
        rule_nodes = doc.sequence(keys["rules"], f"{field}.rules", nonempty=True)
        return Topic(
            slug=self.slug(keys["slug"], f"{field}.slug"),
            name=doc.text(keys["name"], f"{field}.name").strip(),
            short=self.short(keys, field),
            description=doc.text(keys["description"], f"{field}.description").strip(),
            columns=self.columns(keys["columns"], f"{field}.columns"),
            rules=tuple(self.rule(rule, f"{field}.rules[{i}]") for i, rule in enumerate(rule_nodes)),
            threshold=(
                doc.integer(keys["threshold"], f"{field}.threshold", minimum=1)
                if "threshold" in keys
                else DEFAULT_TOPIC_THRESHOLD
            ),
            columns_line=doc.line(keys["columns"]),
        )

    def fallback(self, node: yaml.Node) -> Topic:
        doc = self.doc
        if isinstance(node, yaml.MappingNode) and any(key.value == "rules" for key, _ in node.value):
            doc.fail(node, "fallback.rules", "the fallback has no rules: it holds the papers no topic's rules match")
        keys = doc.mapping(node, "fallback", self.FALLBACK_KEYS, required=self.FALLBACK_REQUIRED)
        return Topic(
            slug=self.slug(keys["slug"], "fallback.slug"),
            name=doc.text(keys["name"], "fallback.name").strip(),
            short=self.short(keys, "fallback"),
            description=doc.text(keys["description"], "fallback.description").strip(),
            columns=self.columns(keys["columns"], "fallback.columns"),
            columns_line=doc.line(keys["columns"]),
        )

    def short(self, keys: dict[str, yaml.Node], field: str) -> str:
        """A topic's optional short name, "" when it has none."""
        return self.doc.text(keys["short"], f"{field}.short").strip() if "short" in keys else ""

    def rule(self, node: yaml.Node, field: str) -> Rule:
        doc = self.doc
        keys = doc.mapping(node, field, self.RULE_KEYS, required=("pattern",))
        weight = doc.integer(keys["weight"], f"{field}.weight", minimum=-1_000) if "weight" in keys else 1
        if weight == 0:
            doc.fail(keys["weight"], f"{field}.weight", "must not be 0 (delete the rule instead)")
        return self.compiled(keys["pattern"], f"{field}.pattern", weight)

    def tag(self, node: yaml.Node, field: str, default_threshold: int) -> Tag:
        doc = self.doc
        keys = doc.mapping(node, field, self.TAG_KEYS, required=("slug", "name", "match"))
        return Tag(
            slug=self.slug(keys["slug"], f"{field}.slug"),
            name=doc.text(keys["name"], f"{field}.name").strip(),
            rules=self.phrases(keys["match"], f"{field}.match"),
            threshold=(
                doc.integer(keys["threshold"], f"{field}.threshold", minimum=1)
                if "threshold" in keys
                else default_threshold
            ),
        )

    def terms(self, node: yaml.Node | None, field: str) -> tuple[Term, ...]:
        doc = self.doc
        terms = []
        for index, item in enumerate([] if node is None else doc.sequence(node, field, nonempty=True)):
            keys = doc.mapping(item, f"{field}[{index}]", self.TERM_KEYS, required=self.TERM_KEYS)
            terms.append(
                Term(
                    doc.text(keys["name"], f"{field}[{index}].name").strip(),
                    self.phrases(keys["match"], f"{field}[{index}].match"),
                )
            )
        return tuple(terms)

    def phrases(self, node: yaml.Node, field: str) -> tuple[Rule, ...]:
        nodes = self.doc.sequence(node, field, nonempty=True)
        return tuple(self.compiled(item, f"{field}[{i}]", 1) for i, item in enumerate(nodes))

    def compiled(self, node: yaml.Node, field: str, weight: int) -> Rule:
        pattern = self.doc.text(node, field).strip()
        try:
            return Rule(pattern, weight)
        except PatternError as error:
            self.doc.fail(node, field, f"not a valid pattern: {pattern!r} ({error})")

    def columns(self, node: yaml.Node, field: str) -> tuple[str, ...]:
        columns: list[str] = []
        for index, item in enumerate(self.doc.sequence(node, field, nonempty=True)):
            column = self.doc.text(item, f"{field}[{index}]").strip()
            if column in columns:
                self.doc.fail(item, f"{field}[{index}]", f"column {column!r} is listed twice")
            columns.append(column)
        return tuple(columns)

    def slug(self, node: yaml.Node, field: str) -> str:
        value = self.doc.text(node, field).strip()
        if not _SLUG.match(value):
            self.doc.fail(node, field, f"{value!r} is not a slug (lowercase letters, digits and hyphens)")
        return value

    def unique(self, entries: list[tuple[str, yaml.Node, str]]) -> None:
        """Fail on the second of two entries with the same value: (value, node, field)."""
        seen: set[str] = set()
        for value, node, field in entries:
            if value in seen:
                self.doc.fail(node, field, f"{value!r} is used twice")
            seen.add(value)
