"""Looking a paper up on the arXiv API by its title, for `digest enrich`.

One request per record (digest/fetch/arxiv.py's `title_page`), through the one HTTP client
with its timeouts and retries, and arXiv's 3 s between two requests. Each answer is read by the
arXiv Atom reader into candidates; an answer that fails or cannot be read is a FetchError.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..enrich.match import Candidate
from ..errors import DumpError, EmptySourceError, FetchError
from ..records.model import Paper
from ..sources import open_source
from ..text.arxiv import abs_url
from . import arxiv
from .http import Client


class TitleLookup:
    """`lookup(paper)`: the papers the arXiv API finds for the paper's title."""

    def __init__(
        self, client: Client, endpoint: str, *, pause: float = arxiv.PAUSE, sleep: Callable[[float], None] = time.sleep
    ):
        self.client, self.endpoint, self.pause, self.sleep = client, endpoint, pause, sleep
        self.requests = 0

    def __call__(self, paper: Paper) -> Sequence[Candidate]:
        if self.requests and self.pause:
            self.sleep(self.pause)
        self.requests += 1
        page = arxiv.title_page(paper.title, self.endpoint)
        with tempfile.TemporaryDirectory(prefix="digest-enrich-") as folder:
            target = Path(folder) / page.name
            self.client.download(page.url, page.params, target, page.accept)
            try:
                _, _, entries = open_source(target, None, page.format)
                return [
                    Candidate(
                        title=entry.title,
                        arxiv_id=entry.arxiv_id,
                        authors=tuple(entry.authors),
                        published=entry.published,
                        evidence=abs_url(entry.arxiv_id or ""),
                    )
                    for entry in entries
                ]
            except EmptySourceError:  # the query matched no paper
                return []
            except DumpError as error:
                where = f" (line {error.line})" if error.line else ""
                raise FetchError(
                    f"{page.url} ({page.label}): the answer{where} is unusable: {error.message}; nothing was written"
                ) from None
