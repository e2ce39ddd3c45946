"""Data exports written into the built site: papers.json, papers.csv and an Atom feed.

The JSON and CSV fields are columns of the registry (digest/render/columns.py), so a table, a
JSON field and a CSV column of the same key always hold the same value.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterable
from typing import Any

from feedgen.feed import FeedGenerator

from ..derive.corpus import Corpus, Derived
from ..records.yamlfile import first_day
from ..text.latex import clean_text
from .columns import COLUMNS, CSV_FIELDS, JSON_FIELDS
from .news import by_added

SITE_NAME = "ML Systems Paper Digest"  # the feeds' title, author and generator
FEED_SIZE = 30
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def paper_url(site_url: str, paper_id: str) -> str:
    return f"{site_url.rstrip('/')}/papers/{paper_id}/"


def _row(derived: Derived, fields: tuple[str, ...], site_url: str) -> dict[str, Any]:
    row = {key: COLUMNS[key].value(derived) for key in fields}
    row["url"] = paper_url(site_url, derived.id)
    return row


def papers_json(corpus: Corpus, site_url: str) -> str:
    rows = [_row(d, JSON_FIELDS, site_url) for d in corpus.papers.values()]
    # One paper per line: readable and diffable, and json's C encoder (not used with `indent`) is 4x faster.
    lines = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    return f'{{"count": {len(rows)}, "papers": [\n{lines}\n]}}\n'


def papers_csv(corpus: Corpus, site_url: str) -> str:
    """Spreadsheet-friendly: list fields joined with '; ', one row per paper."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=[*CSV_FIELDS, "url"], lineterminator="\n")
    writer.writeheader()
    for derived in corpus.papers.values():
        row = _row(derived, CSV_FIELDS, site_url)
        writer.writerow(
            {key: _cell("; ".join(value) if isinstance(value, list) else value) for key, value in row.items()}
        )
    return buffer.getvalue()


def _cell(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
    leading apostrophe, as OWASP's CSV-injection rule says; numbers stay numbers."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def atom_feed(
    corpus: Corpus,
    site_url: str,
    title: str,
    *,
    ids: Iterable[str] | None = None,
    path: str = "feed.xml",
    page: str = "",
    teaser: bool = False,
) -> str:
    """The most recently added papers (all, or those of `ids`) as Atom, at `path` in the site, for
    the page at `page` (a URL path: "topics/offloading/"). Dated by the papers (when they were
    added, else published), never by the clock, so builds are stable. `teaser` shortens each
    summary to the paper's `teaser`, from its first sentence about its own work: the topic, tag and
    hardware feeds, many of them, stay small."""
    newest = by_added(corpus, ids)[:FEED_SIZE]
    names = {topic.slug: topic.name for topic in corpus.taxonomy.topics}
    root = site_url.rstrip("/")
    feed = FeedGenerator()
    feed.id(site_url if path == "feed.xml" else f"{root}/{path}")  # the site's feed kept its id
    feed.title(title)
    feed.link(href=f"{root}/{page}", rel="alternate")
    feed.link(href=f"{root}/{path}", rel="self")
    feed.language("en")
    feed.generator(SITE_NAME)
    # Atom needs an author for every entry: the papers' own, else (a record without) the feed's.
    feed.author({"name": SITE_NAME})
    feed.updated(_timestamp(newest[0]) if newest else dt.datetime(1970, 1, 1, tzinfo=dt.UTC))
    for derived in reversed(newest):  # feedgen prepends: add oldest first
        entry = feed.add_entry()
        entry.id(paper_url(site_url, derived.id))
        entry.title(" ".join(clean_text(derived.paper.title).split()))
        entry.link(href=paper_url(site_url, derived.id))
        if derived.paper.authors:
            entry.author([{"name": name} for name in derived.paper.authors])
        summary = clean_text(derived.teaser if teaser else derived.paper.abstract)
        # The paper's main result first, as a topic table's row leads with it.
        entry.summary(f"Headline result: {derived.headline.text}. {summary}" if derived.headline else summary)
        entry.updated(_timestamp(derived))
        # A feed reader shows a category by its label, else its term: "GPU kernels", not the slug "kernels".
        for topic in derived.topics:
            entry.category(term=topic, label=names.get(topic, topic))
    return str(feed.atom_str(pretty=True).decode("utf-8"))


def _timestamp(derived: Derived) -> dt.datetime:
    day = first_day(derived.paper.added or derived.published or "") or "1970-01-01"
    return dt.datetime.fromisoformat(day).replace(tzinfo=dt.UTC)
