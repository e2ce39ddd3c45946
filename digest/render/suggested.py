"""The mark of a suggested topic wherever a table names a paper's topics or lists it in one.

A paper no curator has decided carries the machine's topics. A table showed them as plain links,
"Other GPU work", like a curator's (a reader's audit): now the topic, or the row in a topic's
table, carries a visible "suggested", muted, with where the suggestion came from in its title.
"""

from __future__ import annotations

from ..derive.corpus import Derived
from ..derive.suggestion_origin import topic_origin
from .context import PageLinks
from .markdown import html_text

SUGGESTED = "suggested"


def suggested_mark(derived: Derived, slug: str, links: PageLinks) -> str:
    """ " suggested" after the paper's topic `slug` when no curator set its topics; nothing when one did."""
    if derived.is_curated("topics"):
        return ""
    if not links.html:
        return f" ({SUGGESTED})"
    title = f"Not yet checked by a curator: {topic_origin(derived.suggestion, slug).words}"
    return f' <span class="digest-suggested" title="{html_text(title)}">{SUGGESTED}</span>'


def marked_topic(derived: Derived, slug: str, links: PageLinks) -> str:
    """A link to the topic, with its mark when it is the machine's suggestion."""
    return links.topic(slug) + suggested_mark(derived, slug, links)
