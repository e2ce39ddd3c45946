"""The mkdocs-gen-files adapter, and the one module of the digest that imports MkDocs.

A site may override the page templates from a folder it names in mkdocs.yml:
`extra: {digest: {templates: overrides/digest}}` (see docs/contributing.md).

scripts/gen_pages.py (listed under `gen-files: scripts:` in mkdocs.yml) calls `generate()`:
the digest library makes the files, this hands them to MkDocs. `mkdocs serve` runs that script
again after every edit, in the same process; the BuildCache below lives as long as the process
(this module is imported once), so each rebuild reuses what the last one derived. `mkdocs build`
builds once: the hooks say so, and the cache is emptied once MkDocs has the files.

Bad data stops the first build of a process with check's one-line message (MkDocs' PluginError:
`mkdocs build` exits 1, no traceback). A rebuild that meets bad data, which only `mkdocs serve`
makes, logs that same line and hands MkDocs the last good build's files instead: failing the
build would leave MkDocs' server holding every request until the next good build, where the
curator expects the last good preview while they fix the record.

DIGEST_DATA points the build at another data folder (tests, benchmarks); the default is data/.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import mkdocs_gen_files
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from .build import BuildCache, build_files
from .errors import DigestError
from .render.templates import environment

REPO_DATA = Path(__file__).resolve().parent.parent / "data"
_CACHE = BuildCache()
_LAST_GOOD: dict[str, str] = {}  # the files of this process's last build that had no bad data
_GENERATED: set[str] = set()  # the paths the last build of this process generated
log = logging.getLogger("mkdocs.plugins.digest")


def generate() -> None:
    config = mkdocs_gen_files.config
    data = Path(os.environ.get("DIGEST_DATA") or REPO_DATA)
    site_url = config.site_url or "http://127.0.0.1:8000/"
    try:
        _corpus, files = build_files(data, site_url, _CACHE, environment(_template_overrides(config)))
    except DigestError as error:
        message = f"{error} (`digest check` lists every problem)"
        if not _LAST_GOOD:
            raise PluginError(message) from None
        log.error(f"{message}; the preview shows the last good build until this is fixed")
        files = dict(_LAST_GOOD)
    else:
        _LAST_GOOD.clear()
        _LAST_GOOD.update(files)
    _remove_dropped(config, set(files))
    # gen-files writes every file afresh on each build, so each would look modified and
    # `mkdocs serve --dirty` would re-render all pages; dating each file to when its content last
    # changed makes a dirty rebuild render only the pages an edit really changed.
    for path, mtime in _CACHE.changed_at(files).items():
        with mkdocs_gen_files.open(path, "w", encoding="utf-8") as page:
            page.write(files[path])
        os.utime(Path(mkdocs_gen_files.directory) / path, ns=(mtime, mtime))
    # Only `mkdocs serve` builds again in this process. A one-shot build lets its work go as soon
    # as MkDocs has the files, before MkDocs renders them (at 10,000 papers the corpus and the
    # files are several hundred MiB). The hooks (scripts/mkdocs_hooks.py) name the command.
    if os.environ.get("DIGEST_MKDOCS_COMMAND", "serve") != "serve":
        _CACHE.clear()
        _LAST_GOOD.clear()
        _GENERATED.clear()


def _remove_dropped(config: Any, current: set[str]) -> None:
    """`mkdocs serve --dirty` never deletes a page it built: a record deleted while serving kept
    its page. The pages a former build of this process generated and this one does not are
    removed from the built site."""
    for path in sorted(_GENERATED - current):
        built = Path(File(path, config.docs_dir, config.site_dir, config.use_directory_urls).abs_dest_path)
        built.unlink(missing_ok=True)
        if built.parent != Path(config.site_dir) and built.parent.is_dir() and not any(built.parent.iterdir()):
            built.parent.rmdir()  # papers/x/ of papers/x/index.html
        log.info(f"{built}: removed, its page is no longer generated")
    _GENERATED.clear()
    _GENERATED.update(current)


def _template_overrides(config: object) -> Path | None:
    """The folder named by `extra: {digest: {templates: DIR}}` in mkdocs.yml, relative to it."""
    extra = getattr(config, "extra", None) or {}
    folder = (extra.get("digest") or {}).get("templates") if isinstance(extra, dict) else None
    if not folder:
        return None
    base = Path(getattr(config, "config_file_path", None) or ".").parent
    path: Path = base / str(folder)
    if not path.is_dir():
        raise PluginError(f"extra.digest.templates: {path} is not a folder of *.md.j2 templates")
    return path
