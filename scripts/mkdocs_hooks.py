"""MkDocs hooks (`hooks:` in mkdocs.yml): the nav file kept out of the built site, and each built
page without the theme's indentation (digest/html.py). The digest's own pages come from its
plugin (digest/plugin.py)."""

from mkdocs.plugins import event_priority

from digest import passthrough
from digest.html import strip_indentation

NAV_FILE = "SUMMARY.md"  # literate-nav's nav_file in mkdocs.yml


@event_priority(-200)  # after literate-nav (-100) has read the nav from it
def on_files(files, config):
    """The sidebar's source is no page for readers: not built, not in the sitemap, not in search."""
    nav_file = files.get_file_from_path(NAV_FILE)
    if nav_file is not None:
        files.remove(nav_file)
    return files


_STASHED: dict[str, list[str]] = {}  # page -> its HTML blocks, between the two hooks below


def on_page_markdown(markdown, page, config, files):
    """The digest's tables and fact blocks out of Markdown's way (digest/passthrough.py)."""
    markdown, blocks = passthrough.stash(markdown)
    if blocks:
        _STASHED[page.file.src_uri] = blocks
    return markdown


def on_page_content(html, page, config, files):
    return passthrough.restore(html, _STASHED.pop(page.file.src_uri, []))


def on_post_page(output: str, page: object, config: object) -> str:
    return strip_indentation(output)
