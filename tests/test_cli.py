"""The `digest` command as a user runs it: pages, explain, search, help."""

from __future__ import annotations

import pytest

from digest.cli import main

from .conftest import DATA


def test_pages_writes_the_site_files_and_leaves_unchanged_ones_alone(tmp_path, capsys):
    out = tmp_path / "pages"
    assert main(["pages", "--data", str(DATA), "--out", str(out)]) == 0
    first = capsys.readouterr().out
    for name in ("index.md", "SUMMARY.md", "topics/offloading.md", "papers/fastattention.md", "hardware/index.md",
                 "systems.md", "tags.md", "method.md", "papers.json", "papers.csv", "feed.xml",
                 "charts/topics-by-year.svg"):
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


def test_explain_unknown_id_names_the_file(capsys):
    assert main(["explain", "no-such-paper", "--data", str(DATA)]) == 2
    assert "no-such-paper.yaml: no paper with id 'no-such-paper'" in capsys.readouterr().err


@pytest.mark.build
def test_search_prints_ranked_pages(built_site, capsys):
    assert main(["search", "--site", str(built_site), "speculative", "decoding"]) == 0
    out = capsys.readouterr().out
    assert "/papers/triforce/" in out and "/papers/dovetail/" in out
    assert out.index("/papers/") < out.index("/tags/")


def test_search_without_a_built_site_says_what_to_do(tmp_path, capsys):
    assert main(["search", "--site", str(tmp_path / "nowhere"), "gpu"]) == 1
    assert "mkdocs build" in capsys.readouterr().err


def test_help_explains_strict_and_search_differences(capsys):
    with pytest.raises(SystemExit):
        main(["ingest", "--help"])
    assert "--strict" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["search", "--help"])
    assert "lunr" in capsys.readouterr().out
