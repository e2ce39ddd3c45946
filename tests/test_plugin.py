"""The MkDocs plugin `digest` (digest/plugin.py) through MkDocs' own config loading and events,
in one process as `mkdocs serve` keeps it: its options are validated, a rebuild with no edit
leaves every generated page unmodified for `--dirty`, an edit modifies only the pages it changed,
and `part_size` splits the listings."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import jinja2
import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.structure.files import Files

from digest.build import build_files
from digest.plugin import DATA_ENV, DigestPlugin

from .conftest import DATA, REPO

PAPER = "adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"  # Fuyou, whose notes are empty


def config_with(tmp_path: Path, **options: object) -> MkDocsConfig:
    """The repository's mkdocs.yml, its digest plugin given `options`, building into tmp_path/site."""
    plugins: list[object] = [{"digest": options} if options else "digest", "literate-nav", "search"]
    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path / "site"), plugins=plugins)
    config.plugins.on_startup(command="serve", dirty=True)
    return config


def generate(config: MkDocsConfig) -> dict[str, bool]:
    """One rebuild's generated files, each with whether `--dirty` would render it again; then
    written where MkDocs would build them, as a build does."""
    files = config.plugins.on_files(Files([]), config=config)
    modified = {file.src_uri: file.is_modified() for file in files}
    for file in files:
        Path(file.abs_dest_path).parent.mkdir(parents=True, exist_ok=True)
        Path(file.abs_dest_path).write_text(file.content_string, encoding="utf-8")
    return modified


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    monkeypatch.setenv(DATA_ENV, str(data))
    return data


def test_a_templates_folder_that_does_not_exist_is_refused(tmp_path, caplog):
    with pytest.raises(Abort):
        config_with(tmp_path, templates="no/such/folder")
    assert "option 'templates'" in caplog.text and "no/such/folder" in caplog.text


@pytest.mark.parametrize(
    "command, site_url, said",
    [
        ("build", "", True),
        ("gh-deploy", "", True),
        ("build", "http://127.0.0.1:8000/", True),  # the default, set as the tests set it
        ("build", "https://digest.example/", False),
        ("build", "http://127.0.0.1:8762/sub/digest/", False),  # a local address chosen on purpose
        ("serve", "", False),
    ],
)
def test_a_build_for_elsewhere_says_its_feeds_point_at_this_machine(
    tmp_path, monkeypatch, capsys, caplog, command, site_url, said
):
    """A site built with mkdocs.yml's local fallback links its feeds to 127.0.0.1:8000 (a reader's
    audit): the build warns, on stderr, where neither --quiet hides it nor --strict counts it (no
    warning is logged); `serve`, which is at that address, does not."""
    monkeypatch.delenv("SITE_URL", raising=False)
    if site_url:
        monkeypatch.setenv("SITE_URL", site_url)
    config = config_with(tmp_path)
    config.plugins.on_startup(command=command, dirty=False)
    caplog.set_level(logging.INFO, logger="mkdocs")
    config.plugins.on_config(config)
    err = capsys.readouterr().err
    assert err.count("WARNING -  digest: site_url is http://127.0.0.1:8000/") == said
    assert "point at this machine" in err if said else err == ""
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


@pytest.mark.build
def test_a_dirty_rebuild_renders_only_the_pages_an_edit_changed(tmp_path, store):
    config = config_with(tmp_path)
    plugin = config.plugins["digest"]
    assert isinstance(plugin, DigestPlugin)
    first = generate(config)
    assert all(first.values()) and f"papers/{PAPER}.md" in first
    again = generate(config_with(tmp_path))  # serve reloads the config; the plugin instance stays
    assert config_with(tmp_path).plugins["digest"] is plugin
    assert not any(again.values())
    record = store / "papers" / f"{PAPER}.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace("notes: ''", "notes: a new note"), encoding="utf-8")
    edited = generate(config_with(tmp_path))
    assert [path for path, modified in edited.items() if modified] == [f"papers/{PAPER}.md"]


@pytest.mark.build
@pytest.mark.parametrize(
    ("edit", "reached", "measured"),
    [
        # A title other papers link, recased so that no similarity changes with it; the Method
        # page measures titles.
        (
            (f"papers/{PAPER}.yaml", "title: Adding NVMe SSDs", "title: ADDING NVMe SSDs"),
            "papers/zero-infinity.md",
            True,
        ),
        # A tag that moves the paper onto a tag's page and into its feed; no measure reads tags.
        ((f"papers/{PAPER}.yaml", "tags: []", "tags: [rl]"), "feed-tag-rl.xml", False),
        # A title that no longer uses a term of the glossary ("NVMe" is one in its own case): the
        # Glossary lists the paper under it no more.
        ((f"papers/{PAPER}.yaml", "title: Adding NVMe SSDs", "title: Adding NVME SSDs"), "glossary.md", True),
        # The glossary itself, which every paper's terms are found with; no measure reads it.
        (
            ("glossary.yaml", "expansion: solid-state drive", "expansion: solid state drive"),
            f"papers/{PAPER}.md",
            False,
        ),
    ],
)
def test_what_a_rebuild_reuses_equals_what_a_fresh_build_writes(tmp_path, store, edit, reached, measured):
    """A serve rebuild reuses the last build's paper page, table, feed or glossary terms while its
    inputs are equal: after an edit that reaches other pages, every generated file equals a fresh
    build's, but the Method page, which keeps the preview's first measurement and says so. (A change
    of topics retrains the model, which the preview keeps too: test_review.py follows that one.)"""
    generate(config_with(tmp_path))
    edited, *change = edit
    before = build_files(store, "http://127.0.0.1:8000/")[1]
    (store / edited).write_text((store / edited).read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    config = config_with(tmp_path)
    rebuilt = {file.src_uri: file.content_string for file in config.plugins.on_files(Files([]), config=config)}
    _corpus, fresh = build_files(store, config.site_url or "http://127.0.0.1:8000/")
    assert fresh[reached] != before[reached]
    del fresh["SUMMARY.md"]  # read by literate-nav, then dropped from the files (scripts/mkdocs_hooks.py)
    kept, remeasured = rebuilt.pop("method.md"), fresh.pop("method.md")
    assert "Measured when this preview started" not in remeasured
    assert ("Measured when this preview started" in kept) is measured
    assert (kept == remeasured) is not measured
    assert rebuilt == fresh


@pytest.mark.build
def test_part_size_splits_the_listings(tmp_path, store):
    whole = generate(config_with(tmp_path / "whole"))
    parted = generate(config_with(tmp_path / "parted", part_size=5))
    assert set(parted) - set(whole), "no listing was split into parts at 5 rows"


@pytest.mark.parametrize("command", ["serve", "build"])
def test_a_rebuild_compiles_only_the_theme_templates_that_changed(tmp_path, monkeypatch, command):
    """MkDocs makes the theme's Jinja environment afresh for each build: under `serve` the
    templates compiled for one build serve the next, and a template edited meanwhile is compiled
    again; a one-shot build keeps nothing."""
    template = tmp_path / "theme" / "main.html"
    template.parent.mkdir()
    template.write_text("{{ 6 * 7 }} first", encoding="utf-8")
    config = config_with(tmp_path)
    config.plugins.on_startup(command=command, dirty=False)
    compiled: list[str] = []
    compile_source = jinja2.Environment.compile
    monkeypatch.setattr(
        jinja2.Environment,
        "compile",
        lambda env, source, *args: compiled.append(source) or compile_source(env, source, *args),
    )

    def build() -> str:
        fresh = jinja2.Environment(loader=jinja2.FileSystemLoader(template.parent), autoescape=True)
        env = config.plugins.on_env(fresh, config=config, files=Files([]))
        return env.get_template("main.html").render()

    assert [build(), build()] == ["42 first", "42 first"]
    assert len(compiled) == (1 if command == "serve" else 2)
    template.write_text("{{ 6 * 7 }} edited", encoding="utf-8")
    assert build() == "42 edited"
