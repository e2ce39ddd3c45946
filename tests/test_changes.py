"""`digest changes` against real git repositories built here: the Markdown a pull request's summary
and preview comment show a reviewer, what it says when nothing changed, and its errors."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from digest.cli import main

from .conftest import REPO_DATA, SEED_CORPUS

PREVIEW = "https://owner.github.io/repo/pr-preview/pr-7/"
IDENTITY = {
    "GIT_AUTHOR_NAME": "Curator",
    "GIT_AUTHOR_EMAIL": "curator@example.org",
    "GIT_COMMITTER_NAME": "Curator",
    "GIT_COMMITTER_EMAIL": "curator@example.org",
}


def git(cwd: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", *args], cwd=cwd, env={**os.environ, **IDENTITY}, capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def seed(name: str, data: Path, **edits: str) -> Path:
    """A seed record copied into `data`, each old line replaced by its new one."""
    text = (SEED_CORPUS / "papers" / f"{name}.yaml").read_text()
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    path = data / "papers" / f"{name}.yaml"
    path.write_text(text)
    return path


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository whose main holds a store of two records (zo2, tempi) and the rules."""
    top = tmp_path / "repo"
    (top / "data" / "papers").mkdir(parents=True)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(REPO_DATA / name, top / "data" / name)
    seed("zo2", top / "data")
    seed("tempi", top / "data")
    git(top, "init", "-q", "-b", "main")
    git(top, "add", ".")
    git(top, "commit", "-q", "-m", "two records")
    return top


def changes(data: Path, *options: str, capsys) -> tuple[int, str, str]:
    code = main(["changes", "--data", str(data), *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_branch_that_adds_rejects_and_edits_papers_gets_each_change_said(repo, capsys):
    data = repo / "data"
    git(repo, "switch", "-q", "-c", "curation")
    # one field changed by hand, a curated override too; a paper fetched (no topics yet), not committed
    seed("zo2", data, **{"tags: []": "tags: [fine-tuning]", "value: 18GB": "value: 18 GB"})
    seed("galore", data, **{"topics: [other]": "arxiv_id: '2403.03507'\ntopics: []"})
    assert main(["reject", "tempi", "--reason", "an MPI library", "--by", "curator", "--data", str(data)]) == 0
    capsys.readouterr()
    code, out, err = changes(data, "--since", "main", "--site-url", PREVIEW, capsys=capsys)
    commit = git(repo, "rev-parse", "--short=7", "main")
    assert (code, err) == (0, "")
    assert out == (
        f"### Papers: 1 added, 1 rejected, 1 changed since `main` ({commit})\n"
        "\n"
        "**Added**\n"
        "\n"
        "- [GaLore: Memory-Efficient LLM Training by Gradient Low-Rank Projection]"
        f"({PREVIEW}papers/galore/) (`galore`, [arXiv 2403.03507](https://arxiv.org/abs/2403.03507)): "
        "machine suggestion: no topic fits (the rules'); awaiting review\n"
        "\n"
        "**Rejected**\n"
        "\n"
        "- TEMPI: An Interposed MPI Library with a Canonical Representation of CUDA-aware Datatypes (`tempi`): "
        "by curator, “an MPI library”; it was curated in parallelism\n"
        "\n"
        "**Changed**\n"
        "\n"
        "- [ZO2: Scalable Zeroth-Order Fine-Tuning for Extremely Large Language Models with Limited GPU Memory]"
        f"({PREVIEW}papers/zo2/) (`zo2`)\n"
        "  - `tags`: *none* → `fine-tuning`\n"
        "  - `overrides.headline.value`: `18GB` → `18 GB`\n"
    )
    # Committed, the same changes; against the branch itself, none.
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "curation")
    assert changes(data, "--since", "main", "--site-url", PREVIEW, capsys=capsys)[1] == out
    code, out, _ = changes(data, "--since", "curation", capsys=capsys)
    head = git(repo, "rev-parse", "--short=7", "HEAD")
    assert (code, out) == (0, f"### Papers\n\nNo paper was added, rejected or changed since `curation` ({head}).\n")


def test_a_paper_back_from_rejected_and_a_deleted_record_are_told_apart(repo, capsys):
    data = repo / "data"
    assert main(["reject", "tempi", "--by", "curator", "--data", str(data)]) == 0
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tempi rejected")
    assert main(["accept", "tempi", "--topics", "kernels", "--data", str(data)]) == 0
    (data / "papers" / "zo2.yaml").unlink()
    capsys.readouterr()
    _, out, _ = changes(data, "--since", "HEAD", capsys=capsys)
    assert out.splitlines()[0].startswith("### Papers: 1 back from rejected, 1 removed since `HEAD` (")
    assert "\n- TEMPI: An Interposed MPI Library" in out and "(`tempi`): curated in kernels\n" in out
    assert "**Removed (deleted, not rejected)**\n\n- ZO2: Scalable" in out
    assert "[" not in out.split("**Removed")[1]  # no site given: no link


def test_by_default_only_the_branch_counts_not_what_main_gained_since(repo, tmp_path, capsys):
    """The default revision is the merge base with origin/main: a paper main added after the branch
    left it is not the branch's (compared with origin/main itself, it would read as removed)."""
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(repo), str(clone))
    git(clone, "switch", "-q", "-c", "curation")
    seed("zo2", clone / "data", **{"tags: []": "tags: [fine-tuning]"})
    seed("galore", repo / "data")  # main moves on
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "galore")
    git(clone, "fetch", "-q")
    code, out, _ = changes(clone / "data", capsys=capsys)
    base = git(clone, "merge-base", "HEAD", "origin/main")[:7]
    assert (
        code == 0 and out.splitlines()[0] == f"### Papers: 1 changed since the merge base with `origin/main` ({base})"
    )
    assert "galore" not in out.lower()


def test_a_bad_revision_or_no_history_is_a_clear_error(repo, tmp_path, capsys):
    data = repo / "data"
    assert changes(data, "--since", "no-such-branch", capsys=capsys) == (
        2,
        "",
        f"error: --since 'no-such-branch': not a revision of {repo} (a branch, tag or commit)\n",
    )
    code, _, err = changes(data, capsys=capsys)  # a repository with no origin
    assert code == 2 and err.startswith("error: no merge base of HEAD and origin/main in ")
    assert err.endswith(
        ": name the revision to compare with, --since REV (a branch, tag or commit) (git: fatal: "
        "Not a valid object name origin/main)\n"
    )
    plain = tmp_path / "plain"
    shutil.copytree(data, plain)
    code, _, err = changes(plain, "--since", "main", capsys=capsys)
    assert code == 2 and err.startswith(f"error: {plain}: no git repository")
