"""The MkDocs plugin `digest` (mkdocs.yml: `plugins: - digest`), the one module of the package
that imports MkDocs: the digest library makes the site's files, this hands them to MkDocs.

    plugins:
      - digest:
          data_dir: data              # the record store, relative to mkdocs.yml (the default)
          templates: overrides/digest # optional: a folder of *.md.j2 that win over the package's
          part_size: 200              # optional: rows of a listing before it is split into parts

The environment variable DIGEST_DATA, when set, overrides `data_dir`: the tests and benchmarks
build the repository's mkdocs.yml over a store of their own with it.

`mkdocs serve` keeps this plugin's one instance for every rebuild of its process (MkDocs does so
for a plugin with `on_startup`), so the BuildCache on it lets each rebuild reuse what the last one
derived. A one-shot `mkdocs build` lets the cache go as soon as MkDocs has the files, before it
renders them (at 10,000 papers the corpus is several hundred MiB), and hands a share of the paper
pages to a child process that renders and builds them on the machine's other core
(digest/page_split.py).

Bad data stops the first build of a process with check's one-line message (a PluginError:
`mkdocs build` exits 1, no traceback). A rebuild that meets bad data, which only `mkdocs serve`
makes, logs that same line and hands MkDocs the last good build's files instead: failing the
build would leave MkDocs' server holding every request until the next good build, where the
curator expects the last good preview while they fix the record. Each page of that preview
says so at its top, with the line, for a curator who watches the browser and not the terminal:
the digest's pages are rendered again when the data turns bad, and again when it is mended.
"""

from __future__ import annotations

import html
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import jinja2
from jinja2.bccache import Bucket
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, file_sort_key
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from .build import BuildCache, build_files
from .errors import DigestError
from .page_split import PageSplit, child_share, split_pages
from .render.charts import import_matplotlib
from .render.site import Later
from .render.templates import environment, fingerprint

log = logging.getLogger("mkdocs.plugins.digest")
LOCAL_SITE_URL = "http://127.0.0.1:8000/"  # mkdocs serve's address: the fallback of mkdocs.yml's SITE_URL
DATA_ENV = "DIGEST_DATA"  # overrides `data_dir` (tests, benchmarks)
Command = Literal["build", "gh-deploy", "serve"]


class DigestConfig(Config):  # type: ignore[no-untyped-call]  # (MkDocs leaves __init_subclass__ untyped)
    data_dir = c.Dir(exists=True, default="data")
    templates = c.Optional(c.Dir(exists=True))
    part_size = c.Optional(c.Type(int))


class GeneratedFile(File):
    """A page, chart or export the digest made, in memory. MkDocs takes every in-memory file as
    modified, so `mkdocs serve --dirty` would re-render every page after each edit; this one is
    modified only when its content changed after its built page was written."""

    changed_ns: int = 0  # when (ns since the epoch) the current content first appeared

    @classmethod
    def of(cls, config: MkDocsConfig, path: str, content: str, changed_ns: int) -> GeneratedFile:
        file = cls.generated(config, path, content=content)
        assert isinstance(file, cls)  # noqa: S101 (File.generated makes an instance of cls)
        file.changed_ns = changed_ns
        return file

    def is_modified(self) -> bool:
        built = Path(self.abs_dest_path)
        return not built.is_file() or built.stat().st_mtime_ns < self.changed_ns


class CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled, kept in memory from one build to the next: MkDocs makes the theme's Jinja
    environment afresh for each build of `mkdocs serve`, which compiled Material's templates again,
    0.15 s of every rebuild. Jinja compiles a template again when its source changed."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


class DigestPlugin(BasePlugin[DigestConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self.command: Command = "serve"
        self.dirty = False
        self.later: Later | None = None  # paper pages this build renders on the other core
        self.split: PageSplit | None = None  # ... and builds there (`mkdocs build`)
        self.cache = BuildCache()
        self.last_good: dict[str, str] = {}  # the files of this process's last build without bad data
        self.generated: set[str] = set()  # the paths this process's last build generated
        self.templates: jinja2.Environment | None = None  # kept while no template file changes
        self.theme_code = CompiledTemplates()  # the theme's templates compiled, for every rebuild (serve)
        self.problem: str | None = None  # while the data is bad (serve): check's line, shown on each page
        self.shown_problem: str | None = None  # the problem the served pages were last rendered with

    def on_startup(self, *, command: Command, dirty: bool) -> None:
        self.command, self.dirty = command, dirty

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]) -> None:
        # Beside the server, while the curator reads the first page (an import holds the import
        # lock, so a rebuild that draws a chart meanwhile waits for it, not races it).
        threading.Thread(target=import_matplotlib, name="digest-import-matplotlib", daemon=True).start()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if self.config.part_size is not None and self.config.part_size < 1:
            raise PluginError(f"digest: part_size must be at least 1, not {self.config.part_size}")
        # A site built with mkdocs.yml's local fallback has feeds whose every link fails away from this
        # machine (two readers' audits: said at INFO, it went unseen, and `-q` hid it). A warning, but
        # printed, not logged: MkDocs' --strict (mkdocs.yml's too) fails a build on a logged warning,
        # and the tests and a PR's checks build for this machine on purpose. `serve` is at that address.
        if self.command != "serve" and (config.site_url or LOCAL_SITE_URL).rstrip("/") == LOCAL_SITE_URL.rstrip("/"):
            print(local_site_url_warning(), file=sys.stderr, flush=True)
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        generated = self._generate(config.site_url or LOCAL_SITE_URL)
        later = self.later.pages if self.later else {}
        self._remove_dropped(config, {*generated, *later})
        # A page left for later is an empty file until the process that builds it renders it (new
        # content as far as `mkdocs build --dirty` can tell).
        changed = self.cache.changed_at(generated)
        if self.problem != self.shown_problem:  # every page says it, or stops saying it: render them all
            changed = dict.fromkeys(generated, time.time_ns())
            self.shown_problem = self.problem
        for path, changed_ns in {**changed, **dict.fromkeys(later, time.time_ns())}.items():
            if (existing := files.get_file_from_path(path)) is not None:
                files.remove(existing)  # the digest's page wins over a docs/ file of the same name
            files.append(GeneratedFile.of(config, path, generated.get(path, ""), changed_ns))
        if self.command != "serve":  # no build follows in this process: let the work go
            self.cache.clear()
            self.last_good.clear()
            self.generated.clear()
        # In the order MkDocs lists docs_dir (an index first, folders last): the order of the
        # sitemap and the search index.
        return Files(sorted(files, key=file_sort_key))

    @event_priority(-200)  # after literate-nav has made the sidebar the child's pages carry
    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        if self.later:
            self.split = split_pages(config, files, nav, self.dirty, self.later.pages)
            self.later = None
        return nav

    def on_env(self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        if self.command == "serve":
            env.bytecode_cache = self.theme_code
        return self.split.prepare(env) if self.split else env

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if self.split and page.file.src_uri == self.split.last_page:
            split, self.split = self.split, None
            split.finish()
        if self.problem is not None:
            output = output.replace(_ARTICLE, _ARTICLE + _problem_banner(self.problem), 1)
        return output

    def _generate(self, site_url: str) -> dict[str, str]:
        """The digest's files, or the last good build's while the data is bad (on a rebuild)."""
        data = Path(os.environ.get(DATA_ENV) or self.config.data_dir)
        templates = self._templates()
        # A one-shot build leaves a share of the paper pages to a child process (page_split.py).
        self.later = Later(child_share) if self.command == "build" else None
        try:
            # The preview keeps its first evaluation and topic model: re-measuring on each change
            # of topics took 15 s, and retraining another 1.5 s.
            _corpus, files = build_files(
                data,
                site_url,
                self.cache,
                templates,
                self.config.part_size,
                later=self.later,
                remeasure=self.command != "serve",
            )
        except DigestError as error:
            message = f"{error} (`digest check` lists every problem)"
            if not self.last_good:
                raise PluginError(message) from None
            log.error(f"{message}; the preview shows the last good build until this is fixed")
            self.problem = message
            return dict(self.last_good)
        self.last_good, self.problem = files, None
        return files

    def _templates(self) -> jinja2.Environment:
        """The templates, compiled once while no template file changes: Jinja2 compiles each
        template again in a new environment, a tenth of a second of every `serve` rebuild."""
        fresh = environment(Path(self.config.templates) if self.config.templates else None)
        if self.templates is None or fingerprint(self.templates) != fingerprint(fresh):
            self.templates = fresh
        return self.templates

    def _remove_dropped(self, config: MkDocsConfig, current: set[str]) -> None:
        """`mkdocs serve --dirty` never deletes a page it built: a record deleted while serving
        kept its page. The pages a former build of this process generated and this one does not
        are removed from the built site."""
        for path in sorted(self.generated - current):
            built = Path(File(path, None, config.site_dir, config.use_directory_urls).abs_dest_path)
            built.unlink(missing_ok=True)
            if built.parent != Path(config.site_dir) and built.parent.is_dir() and not any(built.parent.iterdir()):
                built.parent.rmdir()  # papers/x/ of papers/x/index.html
            log.info(f"{built}: removed, its page is no longer generated")
        self.generated = current


def local_site_url_warning() -> str:
    """What a build for the local default site_url says, once, in MkDocs' own form."""
    return (
        f"WARNING -  digest: site_url is {LOCAL_SITE_URL}, mkdocs.yml's local default without SITE_URL, so every feed "
        "entry link, the url of each paper in papers.json and papers.csv, and the pages' canonical links point at "
        "this machine: hosted anywhere else, the site sends feed readers to localhost. Build it for the address it "
        "will be served from: SITE_URL=https://HOST/PATH/ mkdocs build (a warning only, which --strict does not "
        "count: a build to read here may ignore it)"
    )


_ARTICLE = '<article class="md-content__inner md-typeset">'  # Material's page content opens with it


def _problem_banner(problem: str) -> str:
    """The top of each page of a preview that shows the last good build: what is wrong, where."""
    return (
        '<div class="admonition failure digest-problem" role="alert">'
        '<p class="admonition-title">This preview is the last good build: a record is in error</p>'
        f"<p><code>{html.escape(problem)}</code></p>"
        "<p>Fix it and save: the preview rebuilds on its own.</p></div>"
    )
