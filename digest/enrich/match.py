"""Which candidate, if any, completes a record, and what it may fill.

A candidate is accepted only when its normalised title (digest/text/keys.py: case, punctuation,
accents and LaTeX do not count) is the record's, never a title that merely starts the same or
an arXiv paper whose newer version is titled otherwise. Two different arXiv ids with that title
are ambiguous: neither is taken. A record's arXiv id that differs from the candidate's is a
conflict: the curator's id stands and nothing is filled from a paper it does not name. Only
empty fields are filled: a value already in the record, a curator's or a source's, is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..records.model import Paper
from ..text.keys import title_key

FIELDS = ("arxiv_id", "authors", "published")


@dataclass(frozen=True)
class Candidate:
    """A paper as a lookup found it."""

    title: str
    arxiv_id: str | None = None  # without its version; None for a paper with no arXiv version
    authors: tuple[str, ...] = ()
    published: str | None = None  # YYYY-MM-DD
    evidence: str = ""  # where it was read: an address or a file
    note: str = ""  # a curator's note for an empty `notes:` ("no arXiv version")


Lookup = Callable[[Paper], Sequence[Candidate]]  # the candidates for a record; a FetchError when it cannot ask


@dataclass
class Outcome:
    paper_id: str
    verdict: str  # "filled", "no match", "ambiguous", "conflict", "nothing new"
    detail: str
    filled: list[str] = field(default_factory=list)  # the fields it fills
    candidate: Candidate | None = None


def missing(paper: Paper) -> list[str]:
    """The bibliographic fields the record lacks."""
    return [name for name in FIELDS if not getattr(paper, name)]


def judge(paper: Paper, candidates: Sequence[Candidate]) -> Outcome:
    """The one candidate that is this paper, and what of it fills the record."""
    key = title_key(paper.title)
    same = [candidate for candidate in candidates if title_key(candidate.title) == key]
    if not same:
        closest = f"; the nearest title found: {candidates[0].title!r}" if candidates else ""
        return Outcome(paper.id, "no match", f"no candidate has this title ({len(candidates)} looked at){closest}")
    ids = list(dict.fromkeys(candidate.arxiv_id for candidate in same))
    if len(ids) > 1:
        named = ", ".join(found or "no arXiv version" for found in ids)
        return Outcome(paper.id, "ambiguous", f"{len(ids)} papers have this title ({named}): none taken")
    chosen = same[0]
    if paper.arxiv_id and chosen.arxiv_id and chosen.arxiv_id != paper.arxiv_id:
        return Outcome(
            paper.id,
            "conflict",
            f"the record names arXiv {paper.arxiv_id}, the paper of this title is "
            f"{chosen.arxiv_id} ({chosen.evidence}): the record's id stands, nothing filled",
        )
    filled = fill(replace(paper), chosen)
    if not filled:
        return Outcome(paper.id, "nothing new", f"{chosen.evidence} adds nothing the record lacks", candidate=chosen)
    return Outcome(paper.id, "filled", f"from {chosen.evidence}", filled, chosen)


def fill(paper: Paper, candidate: Candidate) -> list[str]:
    """Set each empty field of `paper` that `candidate` knows; the names of those set."""
    filled = []
    if not paper.arxiv_id and candidate.arxiv_id:
        paper.arxiv_id = candidate.arxiv_id
        filled.append("arxiv_id")
    if not paper.authors and candidate.authors:
        paper.authors = list(candidate.authors)
        filled.append("authors")
        if paper.authors_count is None:  # the count follows the names it was missing with
            paper.authors_count = len(paper.authors)
    if not paper.published and candidate.published:
        paper.published = candidate.published
        filled.append("published")
    if not paper.notes.strip() and candidate.note:
        paper.notes = candidate.note
        filled.append("notes")
    return filled
