"""Paper pages built on the other core (digest/page_split.py): the site is the one-core build's,
byte for byte, and what goes wrong in the child is reported as if it had happened here."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

import digest.page_split
from digest.records.store import load_papers

from .conftest import REPO, REPO_DATA, mkdocs_build, snapshot

pytestmark = pytest.mark.build
SPLIT_LOG = "paper pages built on the other core"


def test_the_repo_site_splits_and_one_core_builds_the_same_bytes(built_site, tmp_path):
    assert SPLIT_LOG in (built_site.parent / "build.log").read_text()  # the repo's store is large enough
    one_core = tmp_path / "site"
    result = mkdocs_build(REPO / "mkdocs.yml", one_core, {"DIGEST_CORES": "1"})
    assert result.returncode == 0, result.stderr[-3000:]
    assert SPLIT_LOG not in result.stderr
    assert snapshot(one_core) == snapshot(built_site)


# A strict build with the digest's templates overridden, in a process of its own: forking is
# safe only with one thread, and a test session may hold others (servers, browsers).
SITE_URL = "https://digest.example.org/"
STRICT_BUILD = """
import logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
plugins = [{"digest": {"templates": sys.argv[3]}}, "literate-nav", "search"]
config = load_config(sys.argv[1], site_dir=sys.argv[2], strict=True, plugins=plugins)
config.plugins.on_startup(command="build", dirty=False)
build(config)
"""


def test_a_warning_on_a_page_built_by_the_child_fails_the_strict_build(tmp_path):
    """A page of the child's share links a page that does not exist (through a template
    override): MkDocs' warning reaches this process's log once, and strict mode counts it."""
    last = sorted(paper.id for paper in load_papers(REPO_DATA))[-1]  # in the child's share
    templates = tmp_path / "templates"
    templates.mkdir()
    paper_template = (REPO / "digest" / "templates" / "paper.md.j2").read_text()
    broken = f'{{% if paper.id == "{last}" %}}See [the appendix](appendix-that-is-not-there.md).{{% endif %}}\n\n'
    (templates / "paper.md.j2").write_text(paper_template.replace("## Abstract", broken + "## Abstract"))
    result = subprocess.run(
        [sys.executable, "-c", STRICT_BUILD, str(REPO / "mkdocs.yml"), str(tmp_path / "site"), str(templates)],
        capture_output=True,
        text=True,
        cwd=REPO,
        # a hosted address, so the warning about the local default site_url is not among the counted
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true", "SITE_URL": SITE_URL},
        check=False,
    )
    assert SPLIT_LOG in result.stderr
    assert result.returncode == 1 and "Traceback" not in result.stderr  # MkDocs' strict-mode Abort exits 1, quietly
    warnings = [line for line in result.stderr.splitlines() if line.startswith("WARNING ")]
    assert len(warnings) == 1
    assert f"papers/{last}.md" in warnings[0] and "appendix-that-is-not-there.md" in warnings[0]


def test_when_the_child_cannot_run_this_process_builds_its_pages(built_site, tmp_path, monkeypatch):
    """The split is made, but no child starts (digest/background.py says forking is unsafe):
    the pages are built here when their results are asked for, and the site is the same."""
    monkeypatch.setattr(digest.page_split, "can_fork", lambda: True)
    monkeypatch.setattr(digest.background, "can_fork", lambda: False)
    monkeypatch.setenv("SITE_URL", "http://127.0.0.1:8000/")
    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path / "site"), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        build(config)
    finally:
        os.chdir(cwd)
    assert snapshot(tmp_path / "site") == snapshot(built_site)
