"""The arXiv API: `GET {endpoint}?search_query=Q&start=S&max_results=N`, newest papers first.

One series of pages for a query, `PAGE_SIZE` results each, three seconds apart as arXiv's terms
of use ask, until `--max` results or a short page. Each answer is kept as
data/sources/arxiv-<query>.atom (the later pages as arxiv-<query>-from-101.atom, ...).

`id_series` asks for given papers by id (`digest fetch arxiv --add`, the API's `id_list`).
`title_page` asks for the papers whose title holds a record's title as a phrase, for `digest
enrich`, which accepts one only when the whole normalised title is the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..sources import arxiv_atom
from ..text.keys import title_key, url_slug
from .plan import Page, Series

ENDPOINT = "https://export.arxiv.org/api/query"
ENDPOINT_VARIABLE = "DIGEST_ARXIV_API"
PAGE_SIZE = 100
PAUSE = 3.0
_NAME_LIMIT = 60
TITLE_RESULTS = 10  # a title query's answers: enough to see a second paper of the same title


def query_series(query: str, most: int, url: str, pause: float = PAUSE) -> Series:
    size = min(most, PAGE_SIZE)
    stem = f"arxiv-{url_slug(query)[:_NAME_LIMIT].strip('-') or 'query'}"

    def page(number: int) -> Page:
        start = number * size
        count = min(size, most - start)
        return Page(
            url,
            {
                "search_query": query,
                "start": str(start),
                "max_results": str(count),
                "sortBy": "submittedDate",
                "sortOrder": "descending",
            },
            f"{stem}-from-{start + 1}.atom" if start else f"{stem}.atom",
            f"results {start + 1}-{start + count}",
            arxiv_atom.NAME,
            ("application/atom+xml", "application/xml", "text/xml"),
        )

    return Series(page, size, -(-most // size), pause)


def id_series(ids: Sequence[str], url: str) -> Series:
    """The one page of the papers of these arXiv ids (the API's `id_list`), for a curator adding
    papers they found: a paper in no listing the store replays."""
    stem = f"arxiv-id-{'-'.join(ids)}"[:_NAME_LIMIT].strip("-")

    def page(number: int) -> Page:
        return Page(
            url,
            {"id_list": ",".join(ids), "start": "0", "max_results": str(len(ids))},
            f"{stem}.atom",
            f"arXiv {', '.join(ids)}",
            arxiv_atom.NAME,
            ("application/atom+xml", "application/xml", "text/xml"),
        )

    return Series(page, len(ids), 1)


def title_query(title: str) -> str:
    """The arXiv query for a title: its normalised words as one phrase in the title field. The
    words, not the title as written: quotes, colons and LaTeX in a title are query syntax."""
    return f'ti:"{title_key(title)}"'


def title_page(title: str, url: str, most: int = TITLE_RESULTS) -> Page:
    """The one page of answers to a title query, best match first."""
    stem = f"arxiv-title-{url_slug(title)[:_NAME_LIMIT].strip('-') or 'untitled'}"
    return Page(
        url,
        {
            "search_query": title_query(title),
            "start": "0",
            "max_results": str(most),
            "sortBy": "relevance",
            "sortOrder": "descending",
        },
        f"{stem}.atom",
        f"title {title[:_NAME_LIMIT]!r}",
        arxiv_atom.NAME,
        ("application/atom+xml", "application/xml", "text/xml"),
    )
