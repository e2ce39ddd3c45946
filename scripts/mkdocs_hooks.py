"""MkDocs hooks (`hooks:` in mkdocs.yml): each built page without the theme's indentation (digest/html.py)."""

from digest.html import strip_indentation


def on_post_page(output: str, page: object, config: object) -> str:
    return strip_indentation(output)
