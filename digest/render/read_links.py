"""Where to read a paper: its arXiv abstract page, the PDF and its Hugging Face page when the
arXiv id is known, else a search of arXiv for its title. Links only: the site never requests
them, at build time or when a page loads."""

from __future__ import annotations

from ..records.model import Paper
from ..text.arxiv import abs_url, hugging_face_url, pdf_url, search_url
from .markdown import html_link, md_link


def read_links(paper: Paper, compact: bool = False, html: bool = False) -> str:
    """The links as Markdown (or `html`), "·" between them; `compact` for a table cell, where a
    paper without an arXiv id has none (a search is no reading link, and its column collapses)."""
    link = html_link if html else md_link
    if paper.arxiv_id is None:
        return "" if compact else link("search arXiv for the title", search_url(paper.title))
    links = [
        (paper.arxiv_id if compact else f"arXiv:{paper.arxiv_id}", "arXiv page", abs_url(paper.arxiv_id)),
        ("PDF", "PDF", pdf_url(paper.arxiv_id)),
        ("HF" if compact else "Hugging Face", "Hugging Face page", hugging_face_url(paper.arxiv_id)),
    ]
    # Each link says whose it is: in a table every row has the same three labels, and a screen
    # reader's list of a page's links shows "PDF" and "Hugging Face" apart from the paper.
    named = [(label, url, f"{what} of {paper.title}") for label, what, url in links]
    shown = [link(label, url, name) for label, url, name in named if url is not None]
    if compact and html and len(shown) > 1:
        # A table's id over its PDF and HF links, the dot between them dropped where they wrap
        # (digest.css): a narrow column broke the line before it, "· PDF · HF".
        return f'{shown[0]}<span class="digest-id-sep"> · </span>{" · ".join(shown[1:])}'
    return " · ".join(shown)
