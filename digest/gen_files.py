"""The mkdocs-gen-files adapter, and the one module of the digest that imports MkDocs.

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

from .build import BuildCache, build_files

REPO_DATA = Path(__file__).resolve().parent.parent / "data"
_CACHE = BuildCache()


def generate() -> None:
    data = Path(os.environ.get("DIGEST_DATA") or REPO_DATA)
    site_url = mkdocs_gen_files.config.site_url or "http://127.0.0.1:8000/"
    _corpus, files = build_files(data, site_url, _CACHE)
    # gen-files writes every file afresh on each build, so each would look modified and
    # `mkdocs serve --dirty` would re-render all pages; dating each file to when its content last
    # changed makes a dirty rebuild render only the pages an edit really changed.
    for path, mtime in _CACHE.changed_at(files).items():
        with mkdocs_gen_files.open(path, "w", encoding="utf-8") as page:
            page.write(files[path])
        os.utime(Path(mkdocs_gen_files.directory) / path, ns=(mtime, mtime))
