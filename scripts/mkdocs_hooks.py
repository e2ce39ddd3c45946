"""MkDocs hooks (`hooks:` in mkdocs.yml): the digest told which command runs (digest/gen_files.py),
and each built page without the theme's indentation (digest/html.py)."""

from digest import gen_files
from digest.html import strip_indentation


def on_startup(command: str, dirty: bool) -> None:
    gen_files.on_startup(command)


def on_post_page(output: str, page: object, config: object) -> str:
    return strip_indentation(output)
