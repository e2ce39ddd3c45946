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

# New style since April 2007: the year and month it was announced, then its number in that month,
# of 4 digits to December 2014 (0704.0001, 1412.8888), of 5 from January 2015 (1501.00001); a
# shape only (2403.3507, 2613.01234) is no paper arXiv has. Old style: archive(.SUBJECT)/YYMMNNN.
_MONTH = r"(?:0[1-9]|1[0-2])"
_FOUR_DIGITS = rf"(?:07(?:0[4-9]|1[0-2])|(?:0[89]|1[0-4]){_MONTH})\.\d{{4}}"
_FIVE_DIGITS = rf"(?:1[5-9]|[2-9]\d){_MONTH}\.\d{{5}}"
_ID = rf"(?:{_FOUR_DIGITS}|{_FIVE_DIGITS}|[a-z][a-z-]*(?:\.[A-Z]{{2}})?/\d{{7}})"
_NEW_STYLE_SHAPE = re.compile(r"^(?P<yymm>\d{4})\.(?P<number>\d+)\Z", re.ASCII)
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


def impossible(text: str) -> str | None:
    """Why `text`, written as a new-style id (2403.3507), is none arXiv gives, in a curator's
    words; None when it is one, or not written as one (a typo there has no rule to name)."""
    shape = _NEW_STYLE_SHAPE.match(text)
    if shape is None or ARXIV_ID.match(text):
        return None
    yymm, digits = shape["yymm"], len(shape["number"])
    if not 1 <= int(yymm[2:]) <= 12:
        return f"{yymm[2:]} is no month: a new-style id starts with the year and month of its announcement, YYMM"
    if yymm < "0704":
        return "new-style ids start in April 2007 (0704); an older one names its archive, like hep-th/9901001"
    if yymm >= "1501" and digits != 5:
        return f"an id from January 2015 (1501) on has a 5-digit number after the dot, like 2307.08691, not {digits}"
    return f"an id before January 2015 (1501) has a 4-digit number after the dot, like 1409.0473, not {digits}"


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
