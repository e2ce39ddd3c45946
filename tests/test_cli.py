"""The `digest` command as a user runs it: pages, explain, search, help."""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys

import pytest

from digest.cli import _build_parser, main

from .conftest import DATA


def test_pages_writes_the_site_files_and_leaves_unchanged_ones_alone(tmp_path, capsys):
    out = tmp_path / "pages"
    assert main(["pages", "--data", str(DATA), "--out", str(out)]) == 0
    first = capsys.readouterr().out
    for name in (
        "index.md",
        "SUMMARY.md",
        "topics/offloading.md",
        "papers/fastattention.md",
        "hardware/index.md",
        "systems.md",
        "tags.md",
        "glossary.md",
        "method.md",
        "papers.json",
        "papers.csv",
        "feed.xml",
        "charts/topics-by-year.svg",
    ):
        assert (out / name).is_file(), name
    assert "0 unchanged" in first
    assert main(["pages", "--data", str(DATA), "--out", str(out)]) == 0
    assert "(0 written" in capsys.readouterr().out


def test_explain_prints_scores_phrases_and_facts(capsys):
    assert main(["explain", "fastattention", "--data", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "kernels: score" in out and "'FlashAttention2'" in out
    assert "topics: kernels" in out
    assert "system: FastAttention" in out and "hardware: V100" in out


def test_explain_fits_80_columns_names_rules_in_words_and_says_what_its_confidence_is(seeded_store, capsys):
    """Its lines held whole regexes as strongest terms ('hardware rule: (NPUs?|TPUs?|...)', 300
    columns), quoted sentences as the dump damaged them ('5.16times', which the page shows as
    5.16×) and a bare '(confidence 0.18)' (a blind curator's walkthrough)."""
    from digest.derive.confidence import DEFINITION
    from digest.records.edit import with_topics
    from digest.records.store import record_path

    path = record_path(seeded_store, "fastattention")  # uncurated: the model suggests its topics
    path.write_text(with_topics(path, path.read_text(encoding="utf-8"), []), encoding="utf-8")
    assert main(["explain", "fastattention", "--data", str(seeded_store)]) == 0
    out = capsys.readouterr().out  # not a terminal: 80 columns
    assert [line for line in out.splitlines() if len(line) > 80] == []
    model = " ".join(out.split("model (trained on")[1].split("facts:")[0].split())
    assert " rule: " not in model and "?" not in model and "|" not in model  # no pattern of a rule
    assert "strongest terms: kernels rules' score 10, " in model  # the topic's rule score, as a score
    assert "'NPUs' (hardware rule)" in model  # a rule, as the phrase it matched in this paper
    assert re.search(
        r"suggested: kernels confidence 0\.\d\d, least sure: [a-z]+ at 0\.\d\d against its threshold", model
    )
    assert DEFINITION in model
    said = " ".join(out.split())
    assert "5.16times" not in said and "(from: Llama-7B within FastAttention reaches up to 5.16× higher" in said
    assert "own Llama-7B within FastAttention reaches up to 5.16× higher throughput" in said  # sentence roles too


def test_explain_derives_only_its_paper_and_says_what_a_build_says_of_it(seeded_store, capsys, monkeypatch):
    """`digest explain` derived and linked every paper of the store to explain one (6.2 s on the
    repo's store, a curator's audit): it derives its own paper only and trains the model as a build
    does, so its probabilities and confidence are those of the paper's page."""
    from digest import build
    from digest.build import load_corpus
    from digest.derive import corpus
    from digest.records.edit import with_topics
    from digest.records.store import record_path

    path = record_path(seeded_store, "fastattention")  # uncurated: the model suggests its topics
    path.write_text(with_topics(path, path.read_text(encoding="utf-8"), []), encoding="utf-8")
    expected = load_corpus(seeded_store).papers["fastattention"].suggestion
    derived, derive_paper = [], corpus.derive_paper

    def counted(paper, *rest):
        derived.append(paper.id)
        return derive_paper(paper, *rest)

    monkeypatch.setattr(corpus, "derive_paper", counted)
    monkeypatch.setattr(build, "derive_paper", counted)
    assert main(["explain", "fastattention", "--data", str(seeded_store)]) == 0
    assert derived == ["fastattention"]
    out = " ".join(capsys.readouterr().out.split())
    assert expected.learned and "model (trained on 87 curated papers):" in out
    for topic in expected.predictions:
        assert f"{topic.slug}: probability {topic.probability:.2f} (threshold {topic.threshold:.2f}, " in out
    assert f"suggested: {', '.join(expected.topics)} confidence {expected.confidence:.2f}, least sure: " in out


def test_explain_unknown_id_names_the_file(capsys):
    assert main(["explain", "no-such-paper", "--data", str(DATA)]) == 2
    assert f"no paper with id 'no-such-paper' in {DATA / 'papers'}" in capsys.readouterr().err


@pytest.mark.build
def test_search_prints_ranked_pages(built_site, capsys):
    assert main(["search", "--site", str(built_site), "--limit", "30", "speculative", "decoding"]) == 0
    out = capsys.readouterr().out
    assert "/papers/triforce/" in out and "/papers/dovetail/" in out
    # each page's rank: how many of the query's words it holds, then its score
    ranks = [
        (int(words.removesuffix(" words")), float(score))
        for line in out.splitlines()
        if line.rstrip().endswith("]")
        for words, score in [line.rstrip().rsplit("[", 1)[1].rstrip("]").split(", ")]
    ]
    assert ranks == sorted(ranks, reverse=True) and len(ranks) == 30
    # the tag's own list of its papers first (boosted as a topic page is), then the papers
    lines = out.splitlines()
    first = next(index for index, line in enumerate(lines) if line.rstrip().endswith("]"))
    assert lines[first + 1].strip() == "/tags/speculative-decoding/", out  # each page's address under it


def test_search_without_words_or_with_no_room_is_a_usage_error(tmp_path, capsys):
    """A query of nothing, or --limit 0, said 'no page matches' (exit 1) as if the site had none."""
    assert main(["search", "--site", str(tmp_path), "  "]) == 2
    assert "give the words to search for" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exited:
        main(["search", "--site", str(tmp_path), "--limit", "0", "gpu"])
    assert exited.value.code == 2 and "0 is not more than zero" in capsys.readouterr().err


def test_search_without_a_built_site_says_what_to_do(tmp_path, capsys):
    assert main(["search", "--site", str(tmp_path / "nowhere"), "gpu"]) == 1
    assert "mkdocs build" in capsys.readouterr().err


def help_of(capsys, *command: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*command, "--help"])
    assert exited.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines wherever it likes


def test_help_lists_every_command_with_what_it_does(capsys):
    text = help_of(capsys)
    parser_commands = {"ingest", "check", "pages", "explain", "search"}
    listed = {word for word in parser_commands if f" {word} " in text}
    assert listed == parser_commands
    assert "exit codes: 0 done, 1 bad data" in text and "2 bad usage" in text


def test_version_is_the_installed_package_s(capsys):
    import importlib.metadata

    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"digest {importlib.metadata.version('ml-systems-paper-digest')}\n"


def test_python_m_digest_is_the_digest_command(tmp_path):
    """For an environment whose scripts are not on PATH: the same help, the same exit codes."""
    helped = subprocess.run([sys.executable, "-m", "digest", "--help"], capture_output=True, text=True, check=False)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: digest ")
    refused = subprocess.run(
        [sys.executable, "-m", "digest", "eval", "--days", str(tmp_path / "none")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and "no such folder" in refused.stderr


def test_every_option_of_every_command_is_explained(capsys):
    import re

    for command in ("ingest", "check", "pages", "explain", "search"):
        text = help_of(capsys, command)
        options = set(re.findall(r"(--[a-z][a-z-]+)", text)) - {"--help"}
        for option in options:
            # Each option is followed by words that explain it, not only by its metavar.
            explained = re.search(re.escape(option) + r"(?: [A-Z_]+)?(?: \{[^}]*\})? [a-z(]", text)
            assert explained, f"digest {command} {option} has no explanation"


def test_help_says_what_strict_and_search_do(capsys):
    ingest = help_of(capsys, "ingest")
    assert "with --strict one bad entry refuses the whole run" in ingest
    assert "--strict refuse a whole file when any entry in it is bad" in ingest
    search = help_of(capsys, "search")
    assert "Checked against Material's own search code" in search and "fuzzy queries" in search


def every_command(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """`digest`, each of its commands and each command's own (fetch hf-daily), as typed."""
    found = [path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += every_command(sub, (*path, name))
    return found


def test_every_help_fits_80_columns(capsys, monkeypatch):
    """Descriptions wrapped by hand for a wide screen ran to 140 columns in an 80-column terminal
    (a blind curator's walkthrough)."""
    monkeypatch.setenv("COLUMNS", "80")  # argparse's width, as a terminal of 80 columns sets it
    commands = every_command(_build_parser())
    assert ("fetch", "hf-daily") in commands and ("review",) in commands
    for command in commands:
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        wide = [line for line in capsys.readouterr().out.splitlines() if len(line) > 80]
        assert wide == [], f"digest {' '.join(command)} --help"


# ------------------------------------------------------------------- no traceback, ever


def digest_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "digest.cli", *args]


def test_bad_data_is_one_line_and_exit_1_from_every_command(seeded_store, tmp_path):
    record = seeded_store / "papers" / "galore.yaml"
    record.write_text(record.read_text().replace("upvotes: 15", "upvotes: [15]", 1))
    for args in (["check"], ["pages", "--out", str(tmp_path / "out")], ["explain", "galore"]):
        result = subprocess.run(
            digest_command(*args, "--data", str(seeded_store)), capture_output=True, text=True, check=False
        )
        assert result.returncode == 1, (args, result.stderr)
        assert "Traceback" not in result.stderr + result.stdout
        assert "galore.yaml:7: upvotes: expected a whole number, got a list" in result.stdout + result.stderr


def test_bad_usage_exits_2(tmp_path):
    unknown = subprocess.run(
        digest_command("ingest", "--listing-year", "soon", "x.txt"), capture_output=True, text=True, check=False
    )
    assert unknown.returncode == 2 and "invalid int value" in unknown.stderr
    missing = subprocess.run(digest_command("explain", "no-such-paper"), capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "no paper with id 'no-such-paper'" in missing.stderr


@pytest.mark.build
@pytest.mark.parametrize("reader", [["head", "-1"], ["true"]], ids=["head -1", "reader gone before a line"])
def test_a_closed_pipe_ends_quietly(built_site, reader):
    """`digest search ... | head -1`: when the reader leaves, the writer stops without a word."""
    writer = subprocess.Popen(
        digest_command("search", "--site", str(built_site), "--limit", "50", "gpu"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    read = subprocess.run(reader, stdin=writer.stdout, capture_output=True, text=True, check=True)
    writer.stdout.close()  # only the reader held the pipe: now it is closed
    code = writer.wait(timeout=60)
    assert writer.stderr.read() == b""
    if reader == ["true"]:  # the writer met the closed pipe: 128 + SIGPIPE, as `yes | true` reports
        assert code == 141
    else:  # all of the output may have fit in the pipe before `head` left
        assert code in (0, 141) and read.stdout.startswith("  1. ") and read.stdout.count("\n") == 1


def test_ctrl_c_stops_an_ingest_with_a_message_and_no_change(tmp_path, store):
    abstract = "We present a system that trains large models on many GPUs with less memory. " * 5
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text(f"First Paper: A System\n\n{abstract}\n")
    big.write_text("\n".join(f"Paper Number {i}: A System\n\n{abstract}\n" for i in range(30_000)))
    process = subprocess.Popen(
        digest_command("ingest", "--data", str(store), str(small), str(big)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = process.stderr.readline()  # "[1/2] small.txt: ...": the run is under way, on the big dump now
    assert first.startswith("[1/2]"), first
    process.send_signal(signal.SIGINT)
    err = first + process.stderr.read()
    assert process.wait(timeout=60) == 130, err
    assert err.strip().endswith(f"interrupted: nothing was written to {store}") and "Traceback" not in err
    assert not (store / "papers").exists()


def test_a_site_overrides_a_page_template_from_its_own_folder(tmp_path, capsys):
    overrides = tmp_path / "templates"
    overrides.mkdir()
    (overrides / "tags.md.j2").write_text("# Our tags\n\nA page of our own.\n")
    out = tmp_path / "pages"
    assert main(["pages", "--data", str(DATA), "--out", str(out), "--templates", str(overrides)]) == 0
    assert (out / "tags.md").read_text() == "# Our tags\n\nA page of our own."
    assert (out / "systems.md").read_text().startswith("---\ntitle: Systems A–Z")  # the others stay the digest's
    assert main(["pages", "--data", str(DATA), "--out", str(out), "--templates", str(tmp_path / "none")]) == 2
    assert "--templates must name a folder" in capsys.readouterr().err
