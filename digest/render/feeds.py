"""The Atom feeds of the site: one of all papers, and one per topic, tag and hardware (devices
and architecture families), each advertised in its page's head (`feed:` front matter, read by
overrides/main.html) so that a feed reader given the page's address finds it."""

from __future__ import annotations

from functools import partial

from ..derive.corpus import Corpus, Memo, no_memo
from .exports import SITE_NAME, atom_feed
from .paths import feed_path, page_url

Listing = tuple[str, str, str, str, list[str]]  # (kind, slug, name, page path, paper ids)


def listing_feeds(corpus: Corpus, site_url: str, listings: list[Listing], reuse: Memo = no_memo) -> dict[str, str]:
    """A feed per (kind, slug, name, page path, paper ids) listing, at feed_path(kind, slug);
    `reuse` may give the last build's feed while its listing and papers are equal."""
    feeds = {}
    topics = [(topic.slug, topic.name) for topic in corpus.taxonomy.topics]  # the categories' labels
    for kind, slug, name, page, ids in listings:
        path = feed_path(kind, slug)
        write = partial(
            atom_feed, corpus, site_url, f"{SITE_NAME}: {name}", ids=ids, path=path, page=page_url(page), teaser=True
        )
        inputs = (site_url, name, page, topics, [corpus.papers[pid] for pid in ids])
        feeds[path] = str(reuse(path, inputs, write))
    return feeds
