"""The paper record: what one `data/papers/<id>.yaml` holds, and how it is read and checked.

Ingest owns the bibliographic fields and `sources`; a curator owns `topics`, `tags`, `notes`
and `overrides`, which ingest never writes over. `abstract_truncated: true` marks an abstract
that a dump cut off (it ended mid-text); a later dump with the whole text replaces it.
`arxiv_id` (without its version) and `authors` (names) are there when a source gave them.
`added` is the day the store first saw the paper (ingest writes it; `scripts/backfill_added.py`
fills it in older records): what the New page and the feeds are ordered by.
`links` are the web addresses the abstract gives. `code_repository` and `project_page` are the
addresses the paper's listing gives beside it (the Daily Papers API's `githubRepo` and
`projectPage`; `scripts/backfill_listing_links.py` fills them in records ingested before ingest
kept them): like the arXiv id, ingest fills each only while it is empty, so one a curator wrote
stays, and they show with the abstract's links (the Code column, the page's Links) unless the
curator's `overrides.code` says what the paper's links are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import DataError
from ..fact_kinds import KINDS
from ..text.arxiv import ARXIV_ID, arxiv_id, impossible
from ..text.sentences import split_sentences
from ..text.urls import is_web_address, unprintable_in_address
from .yamlfile import STR, YamlFile, is_null

# What a curator may set under `overrides:` to correct what the digest derives, and its shape:
# "text" (one string), "texts" (a list of strings), "links" (a list of http(s) URLs), "date",
# "headline" (a text, or a mapping with the HEADLINE_FIELDS), "roles" (one of ROLES per
# sentence of the abstract) or "misread" (fact kinds, each with the values the machine read wrong:
# "a new Pareto frontier" is no hardware): the fact kinds a curator may set (`Kind.override`),
# then the rest. digest/derive/overrides.py applies every one of them.
OVERRIDE_KEYS = {kind.name: kind.override for kind in KINDS if kind.override} | {
    "headline": "headline",
    "memory_tiers": "texts",
    "workloads": "texts",
    "parallelism": "texts",
    "tags": "tags",
    "compares_to": "texts",
    "published": "date",
    "sentence_roles": "roles",
    "context_values": "texts",
    "misread": "misread",
}
# The links a paper's listing gives beside its abstract, as the record's fields, in the order shown.
LISTING_LINKS = ("code_repository", "project_page")
# Whose work an abstract sentence is about: the paper's own, the field's background, prior or
# baseline work, or both the paper's and another's ("X reaches 156 TFLOPS while Y reaches 45").
ROLES = ("own", "background", "prior", "mixed")
# What a headline measures; `none` (as a curated metric) says the abstract states no result of its own.
METRICS = ("speedup", "throughput", "latency", "memory", "energy", "cost", "quality", "scale", "utilization")
HEADLINE_FIELDS = ("metric", "value", "baseline", "hardware", "condition")
# Tags reach templates that print them unescaped (Material's tags plugin): plain words only.
_TAG_RE = re.compile(r"^[\w][\w .+#/-]*$")
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_IN_ERROR: Any = object()  # what an override in error reads as while every problem is collected


@dataclass(slots=True)
class Source:
    """One sighting of a paper in a dump, with what that dump said about it."""

    file: str  # path under data/, e.g. sources/002_7e38bf7374ffd961.txt
    line: int  # line of the title in that file
    date: str | None = None  # as listed: 2024-03-11, or --03-06 when the listing gave no year
    upvotes: int | None = None
    authors_count: int | None = None
    organization: str | None = None

    def to_mapping(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "date": self.date,
            "upvotes": self.upvotes,
            "authors_count": self.authors_count,
            "organization": self.organization,
        }


@dataclass(slots=True)
class Paper:
    id: str
    title: str
    abstract: str
    arxiv_id: str | None = None  # without its version: 2307.08691
    published: str | None = None
    added: str | None = None  # the day the store first saw it: 2025-03-06
    authors: list[str] = field(default_factory=list)  # names, in the paper's order
    authors_count: int | None = None
    organization: str | None = None
    upvotes: int | None = None
    links: list[str] = field(default_factory=list)  # the web addresses in the abstract
    code_repository: str | None = None  # the code its listing names: https://github.com/thu-ml/SageAttention
    project_page: str | None = None  # the project page its listing names
    topics: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    notes: str = ""
    overrides: dict[str, Any] = field(default_factory=dict)
    abstract_truncated: bool = False
    sources: list[Source] = field(default_factory=list)

    def to_mapping(self) -> dict[str, Any]:
        """Field order is fixed so that a record's diff shows only what changed; the arXiv id, the
        listing's links, the author names and the truncation mark are written only when there is
        one, and the long lists (authors, the abstract, sources) come after the fields a curator
        edits."""
        return {
            "id": self.id,
            "title": self.title,
            **({"arxiv_id": self.arxiv_id} if self.arxiv_id else {}),
            "published": self.published,
            **({"added": self.added} if self.added else {}),
            "authors_count": self.authors_count,
            "organization": self.organization,
            "upvotes": self.upvotes,
            "links": list(self.links),
            **({"code_repository": self.code_repository} if self.code_repository else {}),
            **({"project_page": self.project_page} if self.project_page else {}),
            "topics": list(self.topics),
            "tags": list(self.tags),
            "notes": self.notes,
            "overrides": dict(self.overrides),
            **({"authors": list(self.authors)} if self.authors else {}),
            "abstract": self.abstract,
            **({"abstract_truncated": True} if self.abstract_truncated else {}),
            "sources": [s.to_mapping() for s in self.sources],
        }


FIELDS = tuple(Paper.__dataclass_fields__)
SOURCE_FIELDS = tuple(Source.__dataclass_fields__)


def paper_from_yaml(document: YamlFile) -> tuple[Paper, dict[str, int]]:
    """Read and check one record; also return the line of each top-level field, for messages
    about problems found later (a duplicate title, an unknown topic). Raises its first problem."""
    paper, lines, problems = read_paper(document)
    if paper is None or problems:
        raise problems[0]
    return paper, lines


def read_paper(document: YamlFile) -> tuple[Paper | None, dict[str, int], list[DataError]]:
    """Read and check one record, reading on past each problem: the paper (None when it cannot
    be read at all; a field in error left empty), the line of each top-level field and of each
    key of `overrides`, and every
    problem found, in file order. `digest check` lists them all; the rest stop at the first."""
    paper, lines = None, {}
    with document.collecting() as problems:
        if document.root is None:
            document.fail(None, None, "the file is empty; a record needs at least an id, a title and an abstract")
        keys = document.mapping(document.root, "", FIELDS, required=("id", "title", "abstract"))
        lines = {name: node.start_mark.line + 1 for name, node in keys.items()}
        if isinstance(overrides := keys.get("overrides"), yaml.MappingNode):  # each curated value's own line
            lines |= {f"overrides.{key.value}": key.start_mark.line + 1 for key, _value in overrides.value}
        get, read = keys.get, document.read_or
        paper = Paper(
            id=read("", _id, document, get("id")),
            title=read("", document.text, get("title"), "title"),
            abstract=read("", document.text, get("abstract"), "abstract"),
            arxiv_id=read(None, _arxiv_id, document, get("arxiv_id")),
            published=read(None, document.date, get("published"), "published"),
            added=read(None, document.day, get("added"), "added"),
            authors=read([], document.texts, get("authors"), "authors"),
            authors_count=read(None, document.optional_integer, get("authors_count"), "authors_count"),
            organization=read(None, document.optional_text, get("organization"), "organization"),
            upvotes=read(None, document.optional_integer, get("upvotes"), "upvotes"),
            links=read([], _links, document, get("links"), "links"),
            code_repository=read(None, _link, document, get("code_repository"), "code_repository"),
            project_page=read(None, _link, document, get("project_page"), "project_page"),
            topics=read([], document.texts, get("topics"), "topics"),
            tags=read([], _tags, document, get("tags")),
            notes=read(None, document.optional_text, get("notes"), "notes", allow_empty=True) or "",
            overrides=read({}, _overrides, document, get("overrides")),
            abstract_truncated=read(False, document.flag, get("abstract_truncated"), "abstract_truncated"),
            sources=read([], _sources, document, get("sources")),
        )
        read(None, _check_roles_fit, document, get("overrides"), paper)
    problems.sort(key=lambda problem: problem.line or 0)
    return paper, lines, problems


def is_slug(text: str) -> bool:
    """Whether `text` can be a paper's id: lowercase letters, digits and single hyphens."""
    return bool(_ID_RE.match(text))


def _id(document: YamlFile, node: yaml.Node | None) -> str:
    paper_id = document.text(node, "id")
    if not is_slug(paper_id):
        document.fail(node, "id", f"{paper_id!r} is not a slug (lowercase letters, digits and single hyphens)")
    return paper_id


def _check_roles_fit(document: YamlFile, node: yaml.Node | None, paper: Paper) -> None:
    """`overrides.sentence_roles` holds one role per sentence of the abstract, in order."""
    roles = paper.overrides.get("sentence_roles")
    if roles is None or node is None or not paper.abstract:  # an abstract in error has no sentences to count
        return
    sentences = split_sentences(paper.abstract)
    if len(roles) != len(sentences):
        roles_node = next(value for key, value in node.value if key.value == "sentence_roles")
        document.fail(
            roles_node,
            "overrides.sentence_roles",
            f"{len(roles)} roles for {len(sentences)} sentences; give one role per sentence of the "
            f"abstract, in order (its last sentence starts {sentences[-1][:40]!r})",
        )


def _arxiv_id(document: YamlFile, node: yaml.Node | None) -> str | None:
    value = document.optional_text(node, "arxiv_id")
    if value is not None and (why := impossible(value)):
        document.fail(node, "arxiv_id", f"{value!r} is no arXiv id: {why}; copy the id from the paper's arXiv page")
    if value is not None and not ARXIV_ID.match(value):
        written = arxiv_id(value)
        hint = f"write {written!r}" if written else "like '2307.08691', or 'hep-th/9901001' for an older paper"
        document.fail(node, "arxiv_id", f"{value!r:.60} is not an arXiv id without its version; {hint}")
    return value


def _tags(document: YamlFile, node: yaml.Node | None, field: str = "tags") -> list[str]:
    tags = document.texts(node, field)
    for index, tag in enumerate(tags):
        document.read_or(None, _check_tag, document, node, f"{field}[{index}]", tag)
    return tags


def _check_tag(document: YamlFile, node: yaml.Node | None, field: str, tag: str) -> None:
    if not _TAG_RE.match(tag):
        document.fail(node, field, f"{tag!r}: a tag is letters, digits, spaces and - + . / # only")
    if not any(character.isalnum() for character in tag):  # `_` would name the page tags/.md
        document.fail(node, field, f"{tag!r}: a tag needs a letter or a digit to name its page")


def _links(document: YamlFile, node: yaml.Node | None, field: str) -> list[str]:
    links = document.texts(node, field)
    for index, link in enumerate(links):
        document.read_or(None, _check_link, document, node, f"{field}[{index}]", link)
    return links


def _link(document: YamlFile, node: yaml.Node | None, field: str) -> str | None:
    link = document.optional_text(node, field)
    if link is not None:
        _check_link(document, node, field, link)
    return link


def _check_link(document: YamlFile, node: yaml.Node | None, field: str, link: str) -> None:
    if unprintable_in_address(link):
        document.fail(
            node,
            field,
            f"{link!r:.80} holds whitespace or an invisible character, which no web address does; delete it",
        )
    if not is_web_address(link):
        document.fail(node, field, f"{link!r:.80} is not an http(s) address; links must start with https:// or http://")


def _overrides(document: YamlFile, node: yaml.Node | None) -> dict[str, Any]:
    if is_null(node):
        return {}
    keys = document.mapping(node, "overrides", OVERRIDE_KEYS)
    values: dict[str, Any] = {}
    for key, value in keys.items():
        read = _READ_OVERRIDE[OVERRIDE_KEYS[key]]
        given = document.read_or(_IN_ERROR, read, document, value, f"overrides.{key}")
        if given is not _IN_ERROR:  # a key in error is left out (null is a value: `published: null`)
            values[key] = given
    return values


def _misread(document: YamlFile, node: yaml.Node, field: str) -> dict[str, list[str]]:
    kinds = document.mapping(node, field, [kind.name for kind in KINDS])
    return {kind: _stripped_texts(document, values, f"{field}.{kind}") for kind, values in kinds.items()}


def _stripped_texts(document: YamlFile, node: yaml.Node, field: str) -> list[str]:
    return [item.strip() for item in document.texts(node, field)]


def _headline(document: YamlFile, node: yaml.Node, field: str) -> Any:
    """A headline as text ("2× faster"), or as a record: {metric, value, baseline, hardware,
    condition}, of which metric and value are required, except that `metric: none` alone says
    the abstract states no result of the paper's own. `_IN_ERROR` when check, collecting every
    problem, found one in a field."""
    if isinstance(node, yaml.ScalarNode) and node.tag == STR:
        return document.text(node, field)
    if not isinstance(node, yaml.MappingNode):  # either form may be meant: the message names both
        document.fail(
            node,
            field,
            f"expected a mapping {{{', '.join(HEADLINE_FIELDS)}}} or a text, got {document.describe(node)}; "
            f"write {_headline_mapping(node)}, or the headline as text in quotes",
        )
    keys = document.mapping(node, field, HEADLINE_FIELDS, required=("metric",))
    # Each field read on past a problem of another, so that check names them all; with one in
    # error, the headline reads as in error and is left out, as any override in error is.
    kept = document.problems_kept
    read = {name: document.read_or(None, document.text, value, f"{field}.{name}") for name, value in keys.items()}
    values = {name: text for name, text in read.items() if text is not None}
    metric = values.get("metric")
    if metric is None:  # in error: its problem is said
        return _IN_ERROR
    if metric == "none":
        if len(keys) > 1:
            document.fail(node, field, "metric none says there is no headline; remove the other fields")
    elif metric not in METRICS:
        document.fail(
            keys["metric"],
            f"{field}.metric",
            f"{metric!r} is not a metric; metrics are: " + ", ".join(METRICS) + ", or none",
        )
    elif "value" not in keys:
        document.fail(node, f"{field}.value", "missing; a headline needs its value, e.g. '2.31×'")
    return values if document.problems_kept == kept else _IN_ERROR


def _headline_mapping(node: yaml.Node) -> str:
    """The mapping a list like [memory, 65%] most likely meant, for a hint; else an example."""
    listed = node.value if isinstance(node, yaml.SequenceNode) else []
    items = [item.value for item in listed if isinstance(item, yaml.ScalarNode)]
    if 2 <= len(items) == len(listed) <= len(HEADLINE_FIELDS) and items[0] in METRICS:
        return "{" + ", ".join(f"{name}: {item}" for name, item in zip(HEADLINE_FIELDS, items, strict=False)) + "}"
    return "{metric: speedup, value: 2×} (metric and value required)"


def _roles(document: YamlFile, node: yaml.Node, field: str) -> list[str]:
    roles = [item.strip() for item in document.texts(node, field)]
    for index, role in enumerate(roles):
        document.read_or(None, _check_role, document, node, f"{field}[{index}]", role)
    return roles


def _check_role(document: YamlFile, node: yaml.Node, field: str, role: str) -> None:
    if role not in ROLES:
        document.fail(node, field, f"{role!r} is not a role; roles are: {', '.join(ROLES)}")


def _sources(document: YamlFile, node: yaml.Node | None) -> list[Source]:
    """Every sighting; one in error is left out, so no later check reads a half-read one."""
    if is_null(node):
        return []
    items = document.sequence(node, "sources")
    read = [document.read_or(None, _source, document, item, f"sources[{index}]") for index, item in enumerate(items)]
    return [source for source in read if source is not None]


def _source(document: YamlFile, node: yaml.Node, field: str) -> Source | None:
    """A sighting; None when a field of it was in error (each field is read on past the others'
    problems, so that check names them all)."""
    keys = document.mapping(node, field, SOURCE_FIELDS, required=("file", "line"))
    get, kept = keys.get, document.problems_kept
    source = Source(
        file=document.read_or("", document.text, get("file"), f"{field}.file"),
        line=document.read_or(1, document.integer, get("line"), f"{field}.line", minimum=1),
        date=document.read_or(None, document.date, get("date"), f"{field}.date"),
        upvotes=document.read_or(None, document.optional_integer, get("upvotes"), f"{field}.upvotes"),
        authors_count=document.read_or(None, document.optional_integer, get("authors_count"), f"{field}.authors_count"),
        organization=document.read_or(None, document.optional_text, get("organization"), f"{field}.organization"),
    )
    return source if document.problems_kept == kept else None


# How each shape of OVERRIDE_KEYS is read: (document, node, field) -> value.
_READ_OVERRIDE: dict[str, Callable[[YamlFile, yaml.Node, str], Any]] = {
    "text": YamlFile.text,
    "texts": _stripped_texts,
    "links": _links,
    "date": YamlFile.date,
    "headline": _headline,
    "roles": _roles,
    "tags": _tags,
    "misread": _misread,
}
