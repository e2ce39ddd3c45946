"""`digest changes`: what a branch did to the store's records since a revision (papers added,
rejected, removed, brought back, and each changed field old → new), as Markdown for a pull
request's summary and preview comment, where a reviewer reads it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError
from .git_records import DEFAULT_BASE, GitStore
from .records.rejected import REJECTED_DIR
from .records.store import PAPERS_DIR

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SHOWN = 90  # characters of a value shown before it is cut: a line of a comment, not the whole list
ARXIV = "https://arxiv.org/abs/"


@dataclass(frozen=True)
class Record:
    """A record file as one side holds it: its id (the file name) and its fields as written."""

    id: str
    fields: Mapping[str, Any]

    @property
    def title(self) -> str:
        return " ".join(str(self.fields.get("title") or self.id).split())

    @property
    def topics(self) -> list[str]:
        return [str(topic) for topic in self.fields.get("topics") or []]


@dataclass(frozen=True)
class FieldChange:
    name: str  # a record field, or overrides.KEY for a curated override
    old: Any
    new: Any


@dataclass
class Changes:
    """The records that differ between the revision (`since`, the commit it names) and the working tree."""

    since: str | None  # as given; None for the merge base with DEFAULT_BASE
    commit: str
    added: list[Record] = field(default_factory=list)
    back: list[Record] = field(default_factory=list)  # rejected at the revision, in topics now
    rejected: list[Record] = field(default_factory=list)
    removed: list[Record] = field(default_factory=list)  # deleted, not rejected
    changed: list[tuple[Record, list[FieldChange]]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return any((self.added, self.back, self.rejected, self.removed, self.changed))


def store_changes(data_dir: Path, since: str | None = None) -> Changes:
    """Compare the records under papers/ and rejected/ at `since` (default: the merge base of
    HEAD and origin/main) with the working tree, committed or not."""
    git = GitStore.of(data_dir)
    commit = git.revision(since)
    old: dict[str, dict[str, Record]] = {}
    new: dict[str, dict[str, Record]] = {}
    listed: dict[str, set[str]] = {}  # every id each folder held at the revision, changed or not
    for folder in (PAPERS_DIR, REJECTED_DIR):
        blobs = git.blobs(commit, folder)
        here = {path.name: path for path in sorted((data_dir / folder).glob("*.yaml"))}
        differ = sorted(name for name in blobs.keys() | here.keys() if not _same(git, blobs.get(name), here.get(name)))
        texts = git.read([blobs[name] for name in differ if name in blobs])
        where = f"{commit[:12]}:{git.prefix}{folder}"
        old[folder] = {name[:-5]: _record(f"{where}/{name}", texts[blobs[name]]) for name in differ if name in blobs}
        new[folder] = {name[:-5]: _record(here[name], here[name].read_text("utf-8")) for name in differ if name in here}
        listed[folder] = {name[:-5] for name in blobs}
    changes = Changes(since, commit)
    papers_then, papers_now = old[PAPERS_DIR], new[PAPERS_DIR]
    rejected_then, rejected_now = old[REJECTED_DIR], new[REJECTED_DIR]
    for pid, record in papers_now.items():
        if pid in papers_then:
            changes.changed.append((record, field_changes(papers_then[pid].fields, record.fields)))
        elif pid in listed[REJECTED_DIR]:
            changes.back.append(record)
        else:
            changes.added.append(record)
    for pid, record in rejected_now.items():
        if pid in rejected_then:
            changes.changed.append((record, field_changes(rejected_then[pid].fields, record.fields)))
        else:
            changes.rejected.append(record)
    gone = [r for pid, r in papers_then.items() if pid not in papers_now and pid not in rejected_now]
    gone += [r for pid, r in rejected_then.items() if pid not in rejected_now and pid not in papers_now]
    changes.removed = sorted(gone, key=lambda record: record.id)
    changes.changed = [(record, found) for record, found in sorted(changes.changed, key=lambda c: c[0].id) if found]
    return changes


def _same(git: GitStore, blob: str | None, path: Path | None) -> bool:
    return blob is not None and path is not None and git.same_blob(blob, path)


def _record(where: Path | str, text: str) -> Record:
    """A record file's fields, read as YAML only: a record in error at the revision still compares."""
    try:
        fields = yaml.load(text, Loader=_LOADER)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DataError(where, mark.line + 1 if mark else None, None, f"not YAML: {exc}") from None
    if not isinstance(fields, dict):
        raise DataError(where, None, None, "not a record: a record is a mapping of fields (id: ..., title: ...)")
    return Record(Path(str(where)).stem, fields)


def field_changes(old: Mapping[str, Any], new: Mapping[str, Any], prefix: str = "") -> list[FieldChange]:
    """Each field whose value differs, in the record's order: `overrides` key by key, and a mapping
    on both sides (a curated headline) by its own keys, so that a reviewer reads only what moved."""
    found = []
    for name in [*new, *(key for key in old if key not in new)]:
        before, after = old.get(name), new.get(name)
        both_mappings = isinstance(before, dict) and isinstance(after, dict)
        if (
            name == "overrides" and not prefix and isinstance(before or {}, dict) and isinstance(after or {}, dict)
        ) or (both_mappings and before and after):
            found += field_changes(before or {}, after or {}, f"{prefix}{name}.")
        elif _empty(before) != _empty(after) or (not _empty(after) and before != after):
            found.append(FieldChange(f"{prefix}{name}", before, after))
    return found


def _empty(value: Any) -> bool:
    return value is None or value in ("", [], {})


def changes_markdown(changes: Changes, site_url: str | None = None, suggested: Mapping[str, str] | None = None) -> str:
    """The changes as Markdown: a heading that counts them, then a list per kind. `site_url` links
    the papers that have a page there (a pull request's preview); `suggested` says, for an added
    paper with no curated topics, what the machine suggests."""
    since = (
        f"{_code(changes.since)} ({changes.commit[:7]})"
        if changes.since
        else f"the merge base with {_code(DEFAULT_BASE)} ({changes.commit[:7]})"
    )
    if changes.since and changes.commit.startswith(changes.since):  # a commit named by its id: once is enough
        since = _code(changes.since)
    if not changes:
        return f"### Papers\n\nNo paper was added, rejected or changed since {since}.\n"
    counts = [
        f"{len(items)} {word}"
        for items, word in (
            (changes.added, "added"),
            (changes.back, "back from rejected"),
            (changes.rejected, "rejected"),
            (changes.removed, "removed"),
            (changes.changed, "changed"),
        )
        if items
    ]
    lines = [f"### Papers: {', '.join(counts)} since {since}", ""]
    suggested = suggested or {}

    def section(heading: str, items: list[str]) -> None:
        if items:
            lines.extend([f"**{heading}**", "", *items, ""])

    section("Added", [f"- {_named(r, site_url)}: {_topics(r, suggested)}" for r in changes.added])
    section("Back from rejected", [f"- {_named(r, site_url)}: {_topics(r, suggested)}" for r in changes.back])
    section("Rejected", [f"- {_named(r, None)}{_why(r)}{_was(r)}" for r in changes.rejected])
    section("Removed (deleted, not rejected)", [f"- {_named(r, None)}" for r in changes.removed])
    section(
        "Changed",
        [
            line
            for record, found in changes.changed
            for line in (f"- {_named(record, None if _is_rejected(record) else site_url)}", *_field_lines(found))
        ],
    )
    return "\n".join(lines).rstrip("\n") + "\n"


def _named(record: Record, site_url: str | None) -> str:
    """The paper's title (linked to its page when there is a site to link to), its id and arXiv id."""
    title = escaped(record.title)
    if site_url:
        title = f"[{title}]({site_url.rstrip('/')}/papers/{record.id}/)"
    arxiv = record.fields.get("arxiv_id")
    where = f", [arXiv {arxiv}]({ARXIV}{arxiv})" if arxiv else ""
    return f"{title} ({_code(record.id)}{where})"


def _topics(record: Record, suggested: Mapping[str, str]) -> str:
    if record.topics:
        return f"curated in {', '.join(record.topics)}"
    if record.id in suggested:
        return f"machine suggestion: {suggested[record.id]}; awaiting review"
    return "no topics yet; awaiting review"


def _why(record: Record) -> str:
    """Who rejected the paper and why, as its file says."""
    by, reason = record.fields.get("rejected_by"), " ".join(str(record.fields.get("reason") or "").split())
    said = [f"by {escaped(str(by))}" if by else "", f"“{escaped(reason)}”" if reason else ""]
    return ": " + ", ".join(filter(None, said)) if any(said) else ""


def _was(record: Record) -> str:
    return f"; it was curated in {', '.join(record.topics)}" if record.topics else ""


def _is_rejected(record: Record) -> bool:
    return "rejected_by" in record.fields or "rejected_on" in record.fields


def _field_lines(found: list[FieldChange]) -> Iterator[str]:
    for change in found:
        if change.name == "abstract":
            said = f"{len(str(change.old or '')):,} → {len(str(change.new or '')):,} characters"
        elif change.name == "sources":
            said = f"{_sightings(change.old)} → {_sightings(change.new)}"
        else:
            said = f"{_value(change.old)} → {_value(change.new)}"
        yield f"  - {_code(change.name)}: {said}"


def _sightings(value: Any) -> str:
    count = len(value) if isinstance(value, list) else 0
    return f"{count} sighting" + ("" if count == 1 else "s")


def _value(value: Any) -> str:
    if _empty(value):
        return "*none*"
    text = _plain(value)
    return _code(text if len(text) <= SHOWN else text[: SHOWN - 1].rstrip() + "…")


def _plain(value: Any) -> str:
    """A value on one line: a list by commas, a mapping as key: value pairs by semicolons."""
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_plain(item)}" for key, item in value.items() if not _empty(item))
    if isinstance(value, list):
        return ", ".join(_plain(item) for item in value)
    return " ".join(str(value).split())


def _code(text: str) -> str:
    """Inline code that a backtick in the text cannot end early."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def escaped(text: str) -> str:
    """Text that Markdown shows as written: a title's `*`, `_`, brackets or `<` are no markup."""
    return re.sub(r"([\\`*_{}\[\]<>()#|!~])", r"\\\1", text)
