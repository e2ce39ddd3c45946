"""MkDocs hooks (`hooks:` in mkdocs.yml): the digest told which command runs, and each built page
without the theme's indentation (digest/html.py)."""

import os

from digest.html import strip_indentation


def on_startup(command: str, dirty: bool) -> None:
    # Read by digest/gen_files.py. An environment variable, not an import: this hook stays light
    # for a build that runs no gen-files (the benchmark's pre-written pages, a theme preview).
    os.environ["DIGEST_MKDOCS_COMMAND"] = command


def on_post_page(output: str, page: object, config: object) -> str:
    return strip_indentation(output)
