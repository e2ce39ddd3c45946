"""Edits of one field in a record's text, leaving every other byte of the file as it was.

A curator's file has its own layout: comments, quoting, folded abstracts. Re-dumping the record
would rewrite all of it, so an edit replaces only the text span of the field's value, found
with the marks of the one YAML reader (`yamlfile.py`), and the result is read back to prove
that nothing but that field changed.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from pathlib import Path

import yaml

from ..errors import DataError
from .model import Paper, paper_from_yaml
from .regular import read_regular
from .store import dump_mapping
from .yamlfile import YamlFile

# Where a missing `topics:` goes: before the first of these keys, in the order `dump_paper` writes.
_KEYS_AFTER_TOPICS = ("tags", "notes", "overrides", "abstract", "sources")


def record_with_topics(path: Path, topics: list[str]) -> bytes:
    """The bytes of the record at `path` with its `topics:` set: a byte order mark and the line
    endings (CRLF, CR) the file has are kept, as every other byte is."""
    bom, text = _read_text(path)
    return bom + with_topics(path, text, topics).encode("utf-8")


def record_with_fields(path: Path, paper: Paper, names: Sequence[str]) -> bytes:
    """The bytes of the record at `path` with the fields `names` set to `paper`'s values (what
    `digest enrich` fills), every other byte as it was."""
    bom, text = _read_text(path)
    return bom + with_fields(path, text, paper, names).encode("utf-8")


def _read_text(path: Path) -> tuple[bytes, str]:
    data = read_regular(path)
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
    try:
        return bom, data[len(bom) :].decode("utf-8")  # bytes.decode keeps \r\n and \r as they are
    except UnicodeDecodeError as error:
        raise DataError(path, None, None, f"not UTF-8 text (byte {error.start}); save it as UTF-8") from None


def with_fields(path: Path | str, text: str, paper: Paper, names: Sequence[str]) -> str:
    """`text` (a record) with each field of `names` written as `dump_paper` writes it, in place of
    the field's old text or, where it has none, before the field that follows it in `dump_paper`'s
    order; all else unchanged."""
    edited = text
    newline = _newline(text)
    mapping = paper.to_mapping()
    order = list(mapping)
    for name in names:
        document = YamlFile.parse(path, edited)
        if not isinstance(document.root, yaml.MappingNode):  # paper_from_yaml refuses it first; for mypy
            raise DataError(path, None, None, "a record is a mapping of fields")
        nodes = {key.value: (key, value) for key, value in document.root.value}
        written = dump_mapping({name: mapping[name]}).replace("\n", newline)
        if name in nodes:
            key, value = nodes[name]
            start, end = key.start_mark.index, value.end_mark.index
            ends_line = edited[start:end].endswith(("\n", "\r"))
            edited = edited[:start] + (written if ends_line else written.rstrip("\r\n")) + edited[end:]
        else:
            following = [nodes[later][0].start_mark.index for later in order[order.index(name) + 1 :] if later in nodes]
            at = min(following) if following else len(edited)
            prefix = "" if at == 0 or edited[at - 1] in "\r\n" else newline
            edited = edited[:at] + prefix + written + edited[at:]
    after, _ = paper_from_yaml(YamlFile.parse(path, edited))
    if after != paper:  # the reader would see some other field change: refuse rather than corrupt
        raise DataError(path, None, names[0], "cannot write these fields in place without changing another")
    return edited


def with_topics(path: Path | str, text: str, topics: list[str]) -> str:
    """`text` (a record) with its `topics:` set to `topics` in flow style, all else unchanged;
    `text` itself when the record has those topics already, however they are written."""
    document = YamlFile.parse(path, text)
    newline = _newline(text)
    before, _ = paper_from_yaml(document)
    if before.topics == list(topics):  # a block list stays a block list: no byte changes for nothing
        return text
    flow = "[" + ", ".join(topics) + "]"
    if not isinstance(document.root, yaml.MappingNode):  # paper_from_yaml refuses it first; for mypy
        raise DataError(path, None, None, "a record is a mapping of fields")
    nodes = {key.value: (key, value) for key, value in document.root.value}
    if "topics" in nodes:
        key, value = nodes["topics"]
        start = text.index(":", key.end_mark.index) + 1
        end = max(value.end_mark.index, start)
        replaced = text[start:end]
        # A block list ends with its line break (and any comment lines in it): keep one, and
        # the comments, each on its own line after the list.
        comments = "".join(comment + newline for comment in _comments(replaced))
        ending = newline if replaced.endswith(("\n", "\r")) else ""
        edited = text[:start] + " " + flow + (ending or (newline if comments else "")) + comments + text[end:]
    else:
        following = [nodes[name][0].start_mark.index for name in _KEYS_AFTER_TOPICS if name in nodes]
        at = min(following) if following else len(text)
        prefix = "" if at == 0 or text[at - 1] in "\r\n" else newline
        edited = text[:at] + prefix + f"topics: {flow}{newline}" + text[at:]
    after, _ = paper_from_yaml(YamlFile.parse(path, edited))
    before.topics = list(topics)
    if after != before:  # the reader would see some other field change: refuse rather than corrupt
        raise DataError(
            path,
            YamlFile.line(nodes["topics"][1]) if "topics" in nodes else None,
            "topics",
            "cannot rewrite this field in place without changing another; edit it by hand",
        )
    return edited


def _comments(span: str) -> list[str]:
    """The comments of a block list's text, each as a line with its indentation: a whole-line
    `# ...`, or the `# ...` after an item (a topic slug holds no #)."""
    found = []
    for line in span.splitlines():
        item, hash_, comment = line.partition("#")
        if hash_:
            indent = line[: len(line) - len(line.lstrip())] if not item.strip() else "  "
            found.append(f"{indent}#{comment}")
    return found


# Where a missing `added:` goes: right after the first of these keys, in the order `dump_paper` writes.
_KEYS_BEFORE_ADDED = ("published", "arxiv_id", "title")


def with_added(path: Path | str, text: str, added: str) -> str:
    """`text` (a record without `added:`) with `added: 'DAY'` on a line of its own after the
    `published:` field (or the title), all else unchanged."""
    document = YamlFile.parse(path, text)
    before, _ = paper_from_yaml(document)
    if not isinstance(document.root, yaml.MappingNode):  # paper_from_yaml refuses it first; for mypy
        raise DataError(path, None, None, "a record is a mapping of fields")
    if before.added is not None:
        raise DataError(path, None, "added", f"the record has a date already ({before.added}); it is never rewritten")
    nodes = {key.value: value for key, value in document.root.value}
    anchor = next(nodes[name] for name in _KEYS_BEFORE_ADDED if name in nodes)
    at = text.find("\n", anchor.end_mark.index - 1 if anchor.end_mark.index else 0)
    at = len(text) if at < 0 else at + 1
    prefix = "" if at == 0 or text[at - 1] == "\n" else "\n"
    edited = text[:at] + prefix + f"added: '{added}'\n" + text[at:]
    after, _ = paper_from_yaml(YamlFile.parse(path, edited))
    before.added = added
    if after != before:  # the reader would see some other field change: refuse rather than corrupt
        raise DataError(path, None, "added", "cannot add this field without changing another; add it by hand")
    return edited


def record_as_rejected(path: Path, own: dict[str, object]) -> bytes | None:
    """The bytes of a rejected paper's file: the record at `path`, every byte as it was (a
    curator's comments, quoting and layout), with the rejection's `own` fields (who, when, why)
    after it. None when the record's text cannot take fields appended (a flow-style mapping)."""
    bom, text = _read_text(path)
    newline = _newline(text)
    ending = "" if not text or text.endswith(("\n", "\r")) else newline
    edited = text + ending + dump_mapping(own).replace("\n", newline)
    try:
        readable = yaml.safe_load(edited) == {**yaml.safe_load(text), **own}
    except yaml.YAMLError:
        readable = False
    return bom + edited.encode("utf-8") if readable else None


def restored_record(path: Path, own: Sequence[str], paper: Paper) -> bytes | None:
    """The bytes of a rejected paper's record brought back with `paper`'s topics: its file in
    rejected/ without the rejection's `own` fields, every other byte as it was. None when that
    text would not read back as `paper` (a rejection written or edited in another layout)."""
    bom, text = _read_text(path)
    document = YamlFile.parse(path, text)
    if not isinstance(document.root, yaml.MappingNode):
        return None
    edited = text
    spans = [(key.start_mark.index, value.end_mark.index) for key, value in document.root.value if key.value in own]
    for start, value_end in sorted(spans, reverse=True):  # from the end: earlier spans keep their place
        end = value_end
        if edited[end - 1 : end] not in ("\n", "\r"):  # a value on the key's line: take the line's end too
            rest_of_line = _REST_OF_LINE.match(edited, end)
            if rest_of_line is None:
                return None  # another key on the same line: not a layout this writes
            end = rest_of_line.end()
        edited = edited[:start] + edited[end:]
    try:
        edited = with_topics(path, edited, list(paper.topics))
        after, _ = paper_from_yaml(YamlFile.parse(path, edited))
    except (DataError, yaml.YAMLError):
        return None
    return bom + edited.encode("utf-8") if after == paper else None


_REST_OF_LINE = re.compile(r"[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n|\Z)")  # blanks, a comment, the line break


def _newline(text: str) -> str:
    """The line break a record's text uses (CRLF, CR or LF), which an edit writes too."""
    return "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
