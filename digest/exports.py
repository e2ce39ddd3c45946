"""Data exports written into the built site: papers.json, papers.csv and an Atom feed."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from feedgen.feed import FeedGenerator

from .corpus import Corpus, Derived
from .text import delatex

FEED_SIZE = 30


def paper_url(site_url: str, paper_id: str) -> str:
    return f"{site_url.rstrip('/')}/papers/{paper_id}/"


def paper_export(derived: Derived, site_url: str) -> dict:
    """One paper with its derived values: the row shared by the JSON and CSV exports."""
    paper = derived.paper
    return {
        "id": paper.id, "title": paper.title, "abstract": paper.abstract, "year": paper.year,
        "published": paper.overrides.get("published", paper.published), "topics": derived.topics,
        "tags": derived.tags, "hardware": derived.hardware, "system": derived.system,
        "claims": [{"kind": f.kind, "value": f.value, "sentence": f.sentence, "curated": f.curated}
                   for f in derived.facts],
        "compares_to": [m.target for m in derived.compares_to], "compared_by": derived.compared_by,
        "related": [pid for pid, _ in derived.related], "links": paper.links,
        "upvotes": paper.upvotes, "authors_count": paper.authors_count, "organization": paper.organization,
        "url": paper_url(site_url, paper.id),
    }


def papers_json(corpus: Corpus, site_url: str) -> str:
    rows = [paper_export(d, site_url) for d in corpus.papers.values()]
    # One paper per line: readable and diffable, and json's C encoder (not used with `indent`) is 4x faster.
    lines = ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    return f'{{"count": {len(rows)}, "papers": [\n{lines}\n]}}\n'



CSV_COLUMNS = ["id", "title", "year", "published", "system", "topics", "tags", "hardware", "headline",
               "compares_to", "related", "upvotes", "authors_count", "organization", "url"]


def papers_csv(corpus: Corpus, site_url: str) -> str:
    """Spreadsheet-friendly: list fields joined with '; ', one row per paper."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for derived in corpus.papers.values():
        row = paper_export(derived, site_url)
        row["headline"] = derived.headline() or ""
        writer.writerow({key: "; ".join(value) if isinstance(value, list) else ("" if value is None else value)
                         for key, value in row.items() if key in CSV_COLUMNS})
    return buffer.getvalue()


def atom_feed(corpus: Corpus, site_url: str, title: str) -> str:
    """The newest papers as Atom. Dated by the papers, never by the clock, so builds are stable."""
    newest = corpus.newest(FEED_SIZE)
    feed = FeedGenerator()
    feed.id(site_url)
    feed.title(title)
    feed.link(href=site_url, rel="alternate")
    feed.link(href=f"{site_url.rstrip('/')}/feed.xml", rel="self")
    feed.language("en")
    feed.generator("ML Systems Paper Digest")
    feed.updated(_timestamp(newest[0]) if newest else dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc))
    for derived in reversed(newest):  # feedgen prepends: add oldest first
        entry = feed.add_entry()
        entry.id(paper_url(site_url, derived.id))
        entry.title(" ".join(delatex(derived.paper.title).split()))
        entry.link(href=paper_url(site_url, derived.id))
        entry.summary(delatex(derived.paper.abstract))
        entry.updated(_timestamp(derived))
        for topic in derived.topics:
            entry.category(term=topic)
    return feed.atom_str(pretty=True).decode("utf-8")


def _timestamp(derived: Derived) -> dt.datetime:
    published = derived.paper.overrides.get("published", derived.paper.published) or "1970-01-01"
    if len(published) == 4:
        published += "-01-01"
    return dt.datetime.fromisoformat(published).replace(tzinfo=dt.timezone.utc)
