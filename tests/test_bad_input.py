"""Bad input gets a message naming file, line and field; a failed ingest writes nothing."""

from __future__ import annotations

import pytest
import yaml

from digest.cli import main
from digest.ingest import ingest

from .conftest import dump, snapshot

ABSTRACT = "We present Alpha, a system that serves large models on one GPU with less memory. " * 5


def run_ingest(store, *files, extra=()):
    return main(["ingest", "--data", str(store), "--listing-year", "2025", *extra, *map(str, files)])


@pytest.fixture
def good_dump(tmp_path):
    path = tmp_path / "good.txt"
    path.write_text(f"Alpha: Serving\n\n{ABSTRACT}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name, content, expected", [
    ("empty.txt", b"", "empty file"),
    ("blank.txt", b"\n  \n\n", "empty file"),
    ("binary.bin", b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR", ":3: binary data"),
    ("latin1.txt", f"Alpha\n{ABSTRACT}\nCaf\xe9: Serving\n".encode("latin-1"), ":3: not UTF-8 text (byte 0xe9"),
    ("prose.txt", b"just some words\n", "found no paper entries"),
])
def test_unreadable_dump_stops_the_run_and_writes_nothing(tmp_path, store, good_dump, capsys, name, content,
                                                          expected):
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
    path.write_text(f"Orphan Title With No Abstract\n\nAlpha: Serving\n\n{ABSTRACT}\n\n"
                    f"Beta: Huge\n\n{long_line}\n\nGamma: Training\n\n{ABSTRACT}\n", encoding="utf-8")
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


@pytest.mark.parametrize("old, new, field, expected", [
    ("title: 'GaLore", "title: [unclosed 'GaLore", "published", "YAML syntax error"),
    ("upvotes: 15", "upvotes: fifteen", "upvotes", "upvotes: expected a whole number"),
    ("topics: []", "topics: offloading", "topics", "topics: expected a list"),
    ("published: '2024-03-06'", "published: 2024-02-30", "published", "published: no such date: 2024-02-30"),
    ("published: '2024-03-06'", "published: last spring", "published", "published: expected a date like"),
    ("  line: ", "  line: -", "  line", "sources[0].line: must be at least 1, got -"),
    ("sources:", "colour: blue\nsources:", "colour", "colour: unknown field"),
])
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
