"""mkdocs-gen-files adapter: the digest library makes the pages, this only hands them to MkDocs.

DIGEST_DATA points the build at another data folder (tests, benchmarks); the default is data/.
"""

import os
from pathlib import Path

import mkdocs_gen_files

from digest.corpus import load_corpus
from digest.site import changed_at, render_site

DATA = Path(os.environ.get("DIGEST_DATA") or Path(__file__).resolve().parent.parent / "data")

site_url = mkdocs_gen_files.config.site_url or "http://127.0.0.1:8000/"
files = render_site(load_corpus(DATA), site_url)
# gen-files writes every file afresh on each build, so each would look modified and
# `mkdocs serve --dirty` would re-render all pages; dating each file to when its content last
# changed makes a dirty rebuild render only the pages an edit really changed.
for path, mtime in changed_at(files).items():
    with mkdocs_gen_files.open(path, "w", encoding="utf-8") as page:
        page.write(files[path])
    os.utime(Path(mkdocs_gen_files.directory) / path, ns=(mtime, mtime))
