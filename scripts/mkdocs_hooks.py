"""MkDocs hooks (`hooks:` in mkdocs.yml): the nav file kept out of the built site, each built
page without the theme's indentation (digest/html.py), the search index's own fields written
(digest/search_fields.py) and the search worker mended (digest/search_worker.py). The digest's
own pages come from its plugin (digest/plugin.py)."""

from mkdocs.plugins import event_priority

from digest import passthrough
from digest.html import strip_indentation
from digest.search_fields import add_page_fields
from digest.search_worker import mend_worker

NAV_FILE = "SUMMARY.md"  # literate-nav's nav_file in mkdocs.yml


@event_priority(-200)  # after literate-nav (-100) has read the nav from it
def on_files(files, config):
    """The sidebar's source is no page for readers: not built, not in the sitemap, not in search."""
    nav_file = files.get_file_from_path(NAV_FILE)
    if nav_file is not None:
        files.remove(nav_file)
    return files


_STASHED: dict[str, list[str]] = {}  # page -> its HTML blocks, between the hooks below


def on_page_markdown(markdown, page, config, files):
    """The digest's tables and fact blocks out of Markdown's way (digest/passthrough.py)."""
    searched = not (page.meta.get("search") or {}).get("exclude")
    markdown, blocks = passthrough.stash(markdown, searched=searched)
    if blocks:
        _STASHED[page.file.src_uri] = blocks
    return markdown


def on_page_content(html, page, config, files):
    """The blocks search reads, back before the search plugin indexes the page."""
    return passthrough.restore(html, _STASHED.get(page.file.src_uri, []))


@event_priority(-100)  # after the search plugin (0) has indexed the page
def on_page_context(context, page, config, nav):
    """The blocks search leaves out, back once the page is indexed: not parsed for nothing; and
    the page's values of the search index's own fields (`first_author`) in its article's entry."""
    page.content = passthrough.restore_hidden(page.content, _STASHED.pop(page.file.src_uri, []))
    add_page_fields(page, config)
    return context


def on_post_page(output: str, page: object, config: object) -> str:
    return strip_indentation(output)


def on_post_build(config):
    """lunr.js in the search worker, mended so numbers in the pages cannot break a query."""
    mend_worker(config["site_dir"])
