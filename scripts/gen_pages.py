"""mkdocs-gen-files adapter: the digest library makes the pages, this only hands them to MkDocs.

DIGEST_DATA points the build at another data folder (tests, benchmarks); the default is data/.
"""

import os
from pathlib import Path

import mkdocs_gen_files

from digest.corpus import load_corpus
from digest.site import render_site

DATA = Path(os.environ.get("DIGEST_DATA") or Path(__file__).resolve().parent.parent / "data")

site_url = mkdocs_gen_files.config.site_url or "http://127.0.0.1:8000/"
for path, content in render_site(load_corpus(DATA), site_url).items():
    with mkdocs_gen_files.open(path, "w", encoding="utf-8") as page:
        page.write(content)
