"""The mkdocs-gen-files adapter, and the one module of the digest that imports MkDocs.

A site may override the page templates from a folder it names in mkdocs.yml:
`extra: {digest: {templates: overrides/digest}}` (see docs/contributing.md).

scripts/gen_pages.py (listed under `gen-files: scripts:` in mkdocs.yml) calls `generate()`:
the digest library makes the files, this hands them to MkDocs. `mkdocs serve` runs that script
again after every edit, in the same process; the BuildCache below lives as long as the process
(this module is imported once), so each rebuild reuses what the last one derived.

DIGEST_DATA points the build at another data folder (tests, benchmarks); the default is data/.
"""

from __future__ import annotations

import os
from pathlib import Path

import mkdocs_gen_files
from mkdocs.exceptions import PluginError

from .build import BuildCache, build_files
from .errors import DigestError
from .render.templates import environment

REPO_DATA = Path(__file__).resolve().parent.parent / "data"
_CACHE = BuildCache()


def generate() -> None:
    config = mkdocs_gen_files.config
    data = Path(os.environ.get("DIGEST_DATA") or REPO_DATA)
    site_url = config.site_url or "http://127.0.0.1:8000/"
    try:
        _corpus, files = build_files(data, site_url, _CACHE, environment(_template_overrides(config)))
    except DigestError as error:
        # MkDocs prints a PluginError as one line and stops the build; `mkdocs serve` keeps
        # serving the last good site and tries again at the next edit.
        raise PluginError(f"{error}\n(`digest check` lists every problem)") from None
    # gen-files writes every file afresh on each build, so each would look modified and
    # `mkdocs serve --dirty` would re-render all pages; dating each file to when its content last
    # changed makes a dirty rebuild render only the pages an edit really changed.
    for path, mtime in _CACHE.changed_at(files).items():
        with mkdocs_gen_files.open(path, "w", encoding="utf-8") as page:
            page.write(files[path])
        os.utime(Path(mkdocs_gen_files.directory) / path, ns=(mtime, mtime))


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
