"""The Jinja2 templates that give each page its look (digest/templates/*.md.j2).

A site may override any of them from a folder of its own, as mkdocstrings lets a site override
its handlers' templates: a file there with the same name wins (see docs/contributing.md).
Templates write Markdown, so HTML autoescaping is off: record text goes through the `md`
filter instead, which escapes both HTML and Markdown syntax.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from ..derive.confidence import DEFINITION
from ..text.plural import counted
from .markdown import front_matter, html_text, md_text, table
from .paths import hardware_path, paper_path, topic_path

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"


def environment(override_dir: Path | None = None) -> jinja2.Environment:
    """The page templates, with those in `override_dir` (if any) taking precedence."""
    loaders: list[jinja2.BaseLoader] = []
    if override_dir is not None:
        loaders.append(jinja2.FileSystemLoader(override_dir))
    loaders.append(jinja2.FileSystemLoader(TEMPLATES_DIR))
    # Markdown output: escaping is the `md` filter's job, HTML autoescaping would double it.
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # noqa: S701
    )
    env.filters.update(
        md=md_text, md_plain=lambda value: md_text(value, latex=False), html_text=html_text, counted=counted
    )
    env.globals.update(
        table=table,
        front_matter=front_matter,
        paper_path=paper_path,
        topic_path=topic_path,
        hardware_path=hardware_path,
        confidence_means=DEFINITION,  # what a page that shows a confidence says it is
    )
    return env


def fingerprint(env: jinja2.Environment) -> tuple[tuple[str, int], ...]:
    """Each template file of `env` with its modification time: equal while no template changed."""
    folders = [Path(folder) for loader in _loaders(env.loader) for folder in loader.searchpath]
    return tuple((str(path), path.stat().st_mtime_ns) for folder in folders for path in sorted(folder.rglob("*.j2")))


def _loaders(loader: jinja2.BaseLoader | None) -> list[jinja2.FileSystemLoader]:
    if isinstance(loader, jinja2.ChoiceLoader):
        return [found for inner in loader.loaders for found in _loaders(inner)]
    return [loader] if isinstance(loader, jinja2.FileSystemLoader) else []
