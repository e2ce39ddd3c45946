"""Paper pages rendered and built on the machine's other core.

MkDocs converts, renders, indexes and writes the digest's pages one after another on one core:
at a thousand papers, half of a build. A `mkdocs build` of many papers leaves a share of the
paper pages unrendered (`child_share`, `render_site`'s `later`) and hands them to a forked child
(digest/background.py), which renders their Markdown, builds them exactly as MkDocs would (its
own `_populate_page` and `_build_page`) and writes them, while this process builds the rest.

Here each of those pages is an `ElsewherePage`: no source read, nothing converted, an empty
template (MkDocs writes no file for empty output). After this process's last page, the child's
search entries, anchors and log messages come back: in time for MkDocs' anchor check, its
strict-mode warning count and the search plugin's index, which is the one-core build's, entry
for entry.

`mkdocs serve` builds on one core (its rebuilds run beside the server's threads), and so does any
build where forking is not safe or DIGEST_CORES=1 (digest/background.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import jinja2
from material.plugins.search.plugin import SearchPlugin
from mkdocs.commands.build import _build_page, _populate_page  # private, as of MkDocs 1.6 (pinned)
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from .background import Pending, can_fork

SPLIT_FROM = 200  # paper pages: fewer are not worth a child process
CHILD_SHARE = 0.55  # of the paper pages; this process also builds every other page and the index
EMPTY_TEMPLATE = "digest-built-elsewhere.html"
_BUILD_LOG = logging.getLogger("mkdocs.commands.build")
log = logging.getLogger("mkdocs.plugins.digest")


class ElsewherePage(Page):
    """This process's stand-in for a page the child builds: out of search, rendered empty."""

    def read_source(self, config: MkDocsConfig) -> None:
        self.markdown, self.meta = "", {"search": {"exclude": True}, "template": EMPTY_TEMPLATE}

    def render(self, config: MkDocsConfig, files: Files) -> None:
        self.content, self.toc, self.present_anchor_ids = "", get_toc([]), set()


@dataclass
class Built:
    """What the child sends back about its pages."""

    entries: list[dict[str, Any]] = field(default_factory=list)  # search entries, in page order
    anchors: dict[str, tuple[set[str] | None, dict[str, dict[str, str]]]] = field(default_factory=dict)
    logs: list[tuple[str, int, str]] = field(default_factory=list)  # (logger, level, message)


class PageSplit:
    """A share of the paper pages, built by a child from MkDocs' `on_nav` to this process's last
    page (`finish`)."""

    def __init__(
        self,
        config: MkDocsConfig,
        files: Files,
        nav: Navigation,
        elsewhere: list[File],
        *,
        render: dict[str, Callable[[], str]],
        dirty: bool,
    ):
        self.config, self.files, self.nav, self.dirty = config, files, nav, dirty
        self.elsewhere, self.render = elsewhere, render
        self.doc_files = files.documentation_pages(inclusion=InclusionLevel.is_included)
        self.last_page = self.doc_files[-1].src_uri
        for file in elsewhere:
            ElsewherePage(None, file, config)  # becomes file.page, in place of MkDocs' own
        self._skipped = _SkippedPages({file.src_uri for file in elsewhere})
        self._building = False  # in _build_elsewhere, whose pages run the plugin's hooks too
        self._built: Pending[Built] = Pending(self._build_elsewhere)

    def prepare(self, env: jinja2.Environment) -> jinja2.Environment:
        """MkDocs' `on_env`: the stand-ins' empty template, and quiet about the pages they skip."""
        assert env.loader is not None  # noqa: S101 (the theme's environment has one)
        env.loader = jinja2.ChoiceLoader([env.loader, jinja2.DictLoader({EMPTY_TEMPLATE: ""})])
        _BUILD_LOG.addFilter(self._skipped)
        return env

    def finish(self) -> None:
        """After this process's last page: the child's pages' anchors, search entries and log
        messages, as if this process had built them."""
        if self._building:
            return
        _BUILD_LOG.removeFilter(self._skipped)
        built = self._built.result()
        for src_uri, (present, links) in built.anchors.items():
            page = self._file(src_uri).page
            assert page is not None  # noqa: S101 (an ElsewherePage, or the page built here)
            page.present_anchor_ids = present
            page.links_to_anchors = {self._file(to): anchors for to, anchors in links.items()}
        if (index := _search_entries(self.config)) is not None:
            order = {file.url: position for position, file in enumerate(self.doc_files)}
            index[:] = sorted(index + built.entries, key=lambda entry: order.get(entry["location"].split("#")[0], 0))
        for name, level, message in built.logs:
            logging.getLogger(name).log(level, message)

    def _file(self, src_uri: str) -> File:
        file = self.files.get_file_from_path(src_uri)
        assert file is not None  # noqa: S101 (the child built from this build's files)
        return file

    def _build_elsewhere(self) -> Built:
        """The child's pages, built and written as MkDocs builds a page (here, in the parent, when
        the child could not). Each gets a real Page in place of its stand-in."""
        config, files = self.config, self.files
        self._building = True
        index = _search_entries(config)
        before = len(index) if index is not None else 0
        built = Built()
        with _collected_logs(built.logs), _no_page_active(config):
            for file in self.elsewhere:
                file.content_string = self.render[file.src_uri]()  # the digest's Markdown for it
                _populate_page(Page(None, file, config), config, files, self.dirty)
            env = config.plugins.on_env(config.theme.get_env(), config=config, files=files)
            for file in self.elsewhere:
                assert file.page is not None  # noqa: S101 (made just above)
                _build_page(file.page, config, self.doc_files, self.nav, env, self.dirty)
        if index is not None:
            built.entries, index[before:] = index[before:], []
        for file in self.elsewhere:
            page = file.page
            assert page is not None  # noqa: S101
            links = {to.src_uri: anchors for to, anchors in (page.links_to_anchors or {}).items()}
            built.anchors[file.src_uri] = (page.present_anchor_ids, links)
        return built


def child_share(paper_ids: list[str]) -> list[str]:
    """The papers whose pages a child renders and builds: a share of them, when there are enough
    and forking is safe (render_site leaves them out of its files)."""
    if len(paper_ids) < SPLIT_FROM or not can_fork():
        return []
    ordered = sorted(paper_ids)
    return ordered[round(len(ordered) * (1 - CHILD_SHARE)) :]


def split_pages(
    config: MkDocsConfig, files: Files, nav: Navigation, dirty: bool, later: dict[str, Callable[[], str]]
) -> PageSplit | None:
    """The split of the paper pages `later` renders (empty files until then), from MkDocs' `on_nav`."""
    elsewhere = [file for file in files.documentation_pages() if file.src_uri in later]
    if not elsewhere:
        return None
    log.info(f"digest: {len(elsewhere)} paper pages built on the other core")
    return PageSplit(config, files, nav, elsewhere, render=later, dirty=dirty)


def _search_entries(config: MkDocsConfig) -> list[dict[str, Any]] | None:
    """The search plugin's list of index entries, when the site has Material's search."""
    for plugin in config.plugins.values():
        if isinstance(plugin, SearchPlugin) and plugin.config.enabled:
            entries: list[dict[str, Any]] = plugin.search_index.entries
            return entries
    return None


class _SkippedPages(logging.Filter):
    """MkDocs logs each page whose output is empty: not the stand-ins', which are meant to be."""

    def __init__(self, src_uris: set[str]) -> None:
        super().__init__()
        self.src_uris = src_uris

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return not (message.startswith("Page skipped: '") and message.split("'")[1] in self.src_uris)


class _Collector(logging.Handler):
    def __init__(self, logs: list[tuple[str, int, str]]) -> None:
        super().__init__()
        self.logs = logs

    def emit(self, record: logging.LogRecord) -> None:
        self.logs.append((record.name, record.levelno, record.getMessage()))


@contextmanager
def _collected_logs(logs: list[tuple[str, int, str]]) -> Iterator[None]:
    """MkDocs' log messages kept, not shown: shown once this process has them, and counted
    there by strict mode."""
    logger = logging.getLogger("mkdocs")
    saved: tuple[Sequence[logging.Handler], bool] = (logger.handlers[:], logger.propagate)
    logger.handlers, logger.propagate = [_Collector(logs)], False
    try:
        yield
    finally:
        logger.handlers, logger.propagate = list(saved[0]), saved[1]


@contextmanager
def _no_page_active(config: MkDocsConfig) -> Iterator[None]:
    """Built here, from the hook of this process's last page, which MkDocs still marks current
    (the sidebar would show it open on every page built meanwhile)."""
    current = config._current_page
    if current is not None:
        current.active = False
    try:
        yield
    finally:
        if current is not None:
            current.active, config._current_page = True, current
