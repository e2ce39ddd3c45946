"""The Needs review page: uncurated papers with the topics suggested for them, for a curator.

A PR preview shows a curator what to check. The papers are grouped by the topic suggested first
(a curator reads one topic's papers against one description), least confident first within a
group; a long queue is listed in parts like the other long listings (listing.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ..derive.corpus import Derived
from .context import RenderContext
from .listing import Group, listing
from .markdown import md_text
from .paper import topic_list
from .paths import REVIEW_PAGE


def render_review(context: RenderContext) -> dict[str, str]:
    """The page, and its parts when the queue is long."""
    corpus = context.corpus
    waiting = corpus.needs_review()
    order = {topic.slug: index for index, topic in enumerate(corpus.taxonomy.topics)}
    grouped = sorted(waiting, key=lambda d: order.get(_first_topic(d), len(order)))  # stable: least confident first
    rows = [(_group(context, d), d.id) for d in grouped]
    shown, parts = listing(context, REVIEW_PAGE, "Needs review", rows, partial(_table, context), by="suggested topic")
    return {
        REVIEW_PAGE: context.render(
            "review.md.j2",
            listing=shown,
            waiting=len(waiting),
            n_curated=len(corpus.papers) - len(waiting),
            trained_earlier=corpus.trained_earlier,
        ),
        **parts,
    }


def _first_topic(derived: Derived) -> str:
    return derived.topics[0] if derived.topics else ""


def _group(context: RenderContext, derived: Derived) -> Group:
    slug = _first_topic(derived)
    topic = context.topics.get(slug)
    return Group(topic.name if topic else slug, slug)


def _table(context: RenderContext, source: str, ids: Sequence[str]) -> str:
    links = context.links(source)
    rows = []
    for paper_id in ids:
        derived = context.corpus.papers[paper_id]
        suggestion = derived.suggestion
        confidence = f"{suggestion.confidence:.2f}" if suggestion.learned else "rules only"
        rules = ", ".join(links.topic(slug) for slug in derived.classification.rule_topics)
        rows.append([links.paper(derived.id), topic_list(derived, links), confidence, rules, md_text(derived.id)])
    return context.render("_review_table.md.j2", rows=rows)
