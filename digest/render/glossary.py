"""The Glossary page: each term of data/glossary.yaml that a paper's page lists, with what it
stands for and the papers whose pages list it; each paper page's Terms line links here.

Which terms a paper's page lists is derive/glossary.py's to say (its title and abstract, less an
acronym the paper defines its own way): this page counts the same entries, so a term no page
lists is not on it, and a paper is listed under a term only where its own page shows that term.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..derive.glossary import GlossaryEntry
from .columns import short_title
from .context import RenderContext
from .listing import letter_group
from .markdown import html_text
from .paths import GLOSSARY_PAGE, paper_path, url_rel

PAPERS_SHOWN = 12  # a term's papers in line, newest first; the rest collapsed under "and N more"
_TERMS = "glossary terms"  # context.memo: paper id -> the entries its page lists
_ANCHORS = "glossary anchors"  # context.once: entry -> its anchor on the Glossary page


def terms_of(context: RenderContext, paper_id: str) -> list[GlossaryEntry]:
    """The glossary entries the paper's page lists, in the order its title and abstract first use
    them (found once per build: the paper page and the Glossary both ask; and kept from the last
    build while the text and the glossary are equal: the Glossary asks of every paper at each
    `mkdocs serve` rebuild)."""
    found: dict[str, list[GlossaryEntry]] = context.memo.setdefault(_TERMS, {})
    if paper_id not in found:
        paper = context.corpus.papers[paper_id].paper
        text, glossary = paper.title + "\n" + paper.abstract, context.corpus.glossary
        found[paper_id] = context.reuse(f"{_TERMS}:{paper_id}", (text, glossary), partial(glossary.find, text))
    return found[paper_id]


def term_anchor(context: RenderContext, entry: GlossaryEntry) -> str:
    """The entry's anchor on the Glossary page: its acronym in lower case ("ttft", "fp8"), which
    stays while the entry does. Acronyms differ by case only if at all (the glossary refuses the
    same acronym twice): the later one in the file is "-2", "-3"."""
    return context.once(_ANCHORS, partial(_anchors, context.corpus.glossary.entries))[entry]


def _anchors(entries: Sequence[GlossaryEntry]) -> dict[GlossaryEntry, str]:
    anchors: dict[GlossaryEntry, str] = {}
    taken: set[str] = set()
    for each in entries:
        anchor, n = each.acronym.lower(), 1
        while anchor in taken:
            n += 1
            anchor = f"{each.acronym.lower()}-{n}"
        taken.add(anchor)
        anchors[each] = anchor
    return anchors


@dataclass(frozen=True)
class Term:
    """One entry of the page: the heading's words, its anchor, and its papers as HTML links."""

    acronym: str
    expansion: str
    anchor: str
    count: int
    shown: list[str]  # the first PAPERS_SHOWN papers, newest first
    more: list[str]  # the rest, collapsed


@dataclass(frozen=True)
class Letter:
    label: str
    anchor: str
    terms: list[Term]


def render_glossary(context: RenderContext) -> str:
    """The page: the terms some paper's page lists, alphabetical under their first letter."""
    users: dict[GlossaryEntry, list[str]] = {}
    for paper_id in context.corpus.papers:
        for entry in terms_of(context, paper_id):
            users.setdefault(entry, []).append(paper_id)
    letters: dict[str, Letter] = {}
    for entry in sorted(users, key=lambda e: (e.acronym.casefold(), e.acronym)):
        group = letter_group(entry.acronym)
        letter = letters.setdefault(group.slug, Letter(group.label, f"letter-{group.slug}", []))
        papers = [_paper_link(context, d.id) for d in context.papers_by_year(users[entry])]
        letter.terms.append(
            Term(
                entry.acronym,
                entry.expansion,
                term_anchor(context, entry),
                len(papers),
                papers[:PAPERS_SHOWN],
                papers[PAPERS_SHOWN:],
            )
        )
    return context.render("glossary.md.j2", letters=list(letters.values()), count=len(users))


def _paper_link(context: RenderContext, paper_id: str) -> str:
    """The paper by its system's name, or by its title, shortened; its whole title on hover."""
    derived = context.corpus.papers[paper_id]
    href = url_rel(GLOSSARY_PAGE, paper_path(paper_id))
    shown = derived.system or short_title(derived.paper.title)
    return f'<a href="{href}" title="{context.escaped_title(paper_id, html=True)}">{html_text(shown)}</a>'
