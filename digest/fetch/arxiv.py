"""The arXiv API: `GET {endpoint}?search_query=Q&start=S&max_results=N`, newest papers first.

One series of pages for a query, `PAGE_SIZE` results each, three seconds apart as arXiv's terms
of use ask, until `--max` results or a short page. Each answer is kept as
data/sources/arxiv-<query>.atom (the later pages as arxiv-<query>-from-101.atom, ...).
"""

from __future__ import annotations

from ..sources import arxiv_atom
from ..text.keys import url_slug
from .plan import Page, Series

ENDPOINT = "https://export.arxiv.org/api/query"
ENDPOINT_VARIABLE = "DIGEST_ARXIV_API"
PAGE_SIZE = 100
PAUSE = 3.0
_NAME_LIMIT = 60


def query_series(query: str, most: int, url: str, pause: float = PAUSE) -> Series:
    size = min(most, PAGE_SIZE)
    stem = f"arxiv-{url_slug(query)[:_NAME_LIMIT].strip('-') or 'query'}"

    def page(number: int) -> Page:
        start = number * size
        count = min(size, most - start)
        return Page(url, {"search_query": query, "start": str(start), "max_results": str(count),
                          "sortBy": "submittedDate", "sortOrder": "descending"},
                    f"{stem}-from-{start + 1}.atom" if start else f"{stem}.atom",
                    f"results {start + 1}-{start + count}", arxiv_atom.NAME,
                    ("application/atom+xml", "application/xml", "text/xml"))

    return Series(page, size, -(-most // size), pause)
