"""arXiv identifiers, and the addresses of a paper on arXiv and on Hugging Face.

An id is kept without its version (2307.08691, not 2307.08691v2): every version is the same
paper, and the abstract page without a version shows the newest. Old-style ids name their
archive (hep-th/9901001, math.GT/0309136). The addresses are built, never requested: the site
links to them and makes no third-party request.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from .latex import delatex

# New style since April 2007: YYMM.NNNN (to 2014) or YYMM.NNNNN; old style: archive(.SUBJECT)/YYMMNNN.
_ID = r"(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})"
# ASCII only: `\d` also takes other scripts' digits (２３０７.０８６９１), which would make a
# second record of a paper under an id arXiv does not know.
ARXIV_ID = re.compile(rf"^{_ID}\Z", re.ASCII)
# What a source may write around an id: an arXiv address, an "arXiv:" prefix, a version, ".pdf".
_WRITTEN = re.compile(
    rf"^(?:arxiv:|https?://(?:export\.|www\.)?arxiv\.org/(?:abs|pdf)/)?(?P<id>{_ID})"
    r"(?:v\d+)?(?:\.pdf)?/?\Z",
    re.IGNORECASE | re.ASCII,
)

ABS = "https://arxiv.org/abs/"
PDF = "https://arxiv.org/pdf/"
HUGGING_FACE = "https://huggingface.co/papers/"
SEARCH = "https://arxiv.org/search/"


def arxiv_id(text: str) -> str | None:
    """The id that `text` (an id, "arXiv:2307.08691v2", an abs or pdf address) names, without
    its version; None when it names none."""
    match = _WRITTEN.match(text.strip())
    if match is None:
        return None
    found = match["id"]
    archive, slash, number = found.partition("/")
    if slash:  # the archive is lowercase, its subject class upper: math.GT/0309136
        name, dot, subject = archive.partition(".")
        found = f"{name.lower()}{dot}{subject.upper()}/{number}"
    return found if ARXIV_ID.match(found) else None


def abs_url(paper_id: str) -> str:
    return ABS + paper_id


def pdf_url(paper_id: str) -> str:
    return PDF + paper_id


def hugging_face_url(paper_id: str) -> str | None:
    """Hugging Face's page of a paper; None for an old-style id (hep-th/9901001), which it has no
    page for (its papers are all new-style)."""
    return HUGGING_FACE + paper_id if "/" not in paper_id else None


def search_url(title: str) -> str:
    """arXiv's search for a title, for a paper whose id is unknown: a link, never a request."""
    return SEARCH + "?" + urlencode({"query": " ".join(delatex(title).split()), "searchtype": "title"})
