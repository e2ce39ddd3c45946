"""Search fields of the digest's own, beside Material's title, text and tags.

Material's search plugin indexes a page's title, its text and the `tags` of its front matter, each
field weighed as mkdocs.yml's `search: fields:` says. A field named there that is none of those
three is indexed by the search worker all the same (it builds its index from the fields of the
index's own config), but the plugin writes no value for it. Here a page's front matter gives one:
a key named as the field is written into the page's first document of the index, its article (the
part above its first heading, which holds a paper's details line), and the worker and the port
(digest/search.py, which reads the same config) weigh it as configured.

The digest's paper pages carry `first_author` (digest/templates/paper.md.j2), weighed 10 times a
page's text. A paper page names its authors in its details line, each once: for a family name,
every paper of that author scored alike, and the browser listed them in the order of the index.
"Rajbhandari" listed Arctic Long Sequence Training and DeepSpeed Inference before ZeRO-Infinity,
his own as first author; "Tri Dao" listed Dion3, where he is the seventh of eight authors, before
FlashAttention-2, his alone. A paper whose first author is the name searched now comes first.
"""

from __future__ import annotations

from typing import Any

from material.plugins.search.plugin import SearchPlugin
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

MATERIAL_FIELDS = frozenset({"title", "text", "tags"})  # the fields the plugin writes itself


def add_page_fields(page: Page, config: MkDocsConfig) -> None:
    """Write the page's values of the search index's own fields into its article's document: from
    MkDocs' `on_page_context`, after the search plugin has indexed the page."""
    plugin = _search_plugin(config)
    if plugin is None:
        return
    values = {
        name: _field_value(page.meta[name])
        for name in plugin.config.fields
        if name not in MATERIAL_FIELDS and page.meta.get(name)
    }
    if not values:
        return
    entries: list[dict[str, Any]] = plugin.search_index.entries
    for entry in reversed(entries):  # the page's documents are the last ones added
        if entry["location"].split("#")[0] != page.url:
            return  # not indexed (search: exclude)
        if entry["location"] == page.url:
            entry.update(values)
            return


def _field_value(value: Any) -> str | list[str]:
    """A string, or a list of strings (indexed as `tags` are, each on its own)."""
    return [str(item) for item in value] if isinstance(value, list) else str(value)


def _search_plugin(config: MkDocsConfig) -> SearchPlugin | None:
    for plugin in config.plugins.values():
        if isinstance(plugin, SearchPlugin) and plugin.config.enabled:
            return plugin
    return None
