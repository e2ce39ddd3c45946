"""Paper pages built on the other core (digest/page_split.py): the site is the one-core build's,
byte for byte, and what goes wrong in the child is reported as if it had happened here."""

from __future__ import annotations

import logging
import os

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

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


def test_a_warning_on_a_page_built_by_the_child_fails_the_strict_build(tmp_path, caplog):
    """A page of the child's share links a page that does not exist (through a template
    override): MkDocs' warning reaches this process's log, and strict mode counts it."""
    last = sorted(paper.id for paper in load_papers(REPO_DATA))[-1]  # in the child's share
    templates = tmp_path / "templates"
    templates.mkdir()
    paper_template = (REPO / "digest" / "templates" / "paper.md.j2").read_text()
    broken = f'{{% if paper.id == "{last}" %}}See [the appendix](appendix-that-is-not-there.md).{{% endif %}}\n\n'
    (templates / "paper.md.j2").write_text(paper_template.replace("## Abstract", broken + "## Abstract"))
    plugins = [{"digest": {"templates": str(templates)}}, "literate-nav", "search"]
    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path / "site"), plugins=plugins, strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    caplog.set_level(logging.INFO)
    with pytest.raises(Abort, match="Aborted with 1 warnings in strict mode"):
        build(config)
    assert SPLIT_LOG in caplog.text
    warnings = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
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
