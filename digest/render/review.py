"""The Needs review page: uncurated papers, least confident first, with the topics suggested for them.

A PR preview shows a curator what to check. Long corpora list the least confident
`REVIEW_SHOWN` only: `digest review --limit 0` lists them all.
"""

from __future__ import annotations

from .context import RenderContext
from .markdown import md_text
from .paper import topic_list
from .paths import REVIEW_PAGE

REVIEW_SHOWN = 200


def render_review(context: RenderContext) -> str:
    links = context.links(REVIEW_PAGE)
    waiting = context.corpus.needs_review()
    rows = []
    for derived in waiting[:REVIEW_SHOWN]:
        suggestion = derived.suggestion
        confidence = f"{suggestion.confidence:.2f}" if suggestion and suggestion.learned else "rules only"
        rules = ", ".join(links.topic(slug) for slug in derived.classification.machine_topics)
        rows.append([links.paper(derived.id), topic_list(derived, links), confidence, rules, md_text(derived.id)])
    return context.render("review.md.j2", rows=rows, waiting=len(waiting), shown=len(rows),
                          curated=len(context.corpus.papers) - len(waiting))
