"""Everything the digest adds to a site: pages, charts and exports, as {path: text}.

Used two ways: `scripts/gen_pages.py` hands the files to MkDocs through mkdocs-gen-files, and
`digest pages --out DIR` writes them to a folder (for another renderer, or to inspect).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from . import charts
from .corpus import Corpus
from .exports import atom_feed, papers_csv, papers_json
from .pages import SiteWriter

SITE_NAME = "ML Systems Paper Digest"
CHART_HARDWARE_ROWS = 15


def render_site(corpus: Corpus, site_url: str) -> dict[str, str]:
    files = SiteWriter(corpus).pages()
    files["charts/topics-by-year.svg"] = topics_by_year_chart(corpus)
    files["charts/hardware-by-topic.svg"] = hardware_by_topic_chart(corpus)
    files["papers.json"] = papers_json(corpus, site_url)
    files["papers.csv"] = papers_csv(corpus, site_url)
    files["feed.xml"] = atom_feed(corpus, site_url, SITE_NAME)
    return files


def topics_by_year_chart(corpus: Corpus) -> str:
    topics = [topic.slug for topic in corpus.taxonomy.topics]
    counts: dict[str, Counter] = defaultdict(Counter)
    for derived in corpus.papers.values():
        year = str(derived.paper.year) if derived.paper.year else "unknown"
        counts[year].update(derived.topics)
    return _same_chart(charts.papers_per_topic_and_year, counts, topics, "Papers per topic and year")


def hardware_by_topic_chart(corpus: Corpus) -> str:
    topics = [topic.slug for topic in corpus.taxonomy.topics]
    busiest = sorted(corpus.by_hardware.items(), key=lambda item: (-len(item[1]), item[0]))[:CHART_HARDWARE_ROWS]
    matrix = {name: Counter(t for pid in ids for t in corpus.papers[pid].topics) for name, ids in busiest}
    return _same_chart(charts.hardware_by_topic, matrix, topics,
                       f"Papers per hardware and topic (top {len(matrix)} hardware)")


_LAST_CHART: dict = {}


def _same_chart(draw, *args) -> str:
    """draw(*args), or the previous SVG when the counts are unchanged: matplotlib takes a quarter
    of a second per chart, a lot for `mkdocs serve` rebuilding after an edit to one record."""
    key = json.dumps(args)  # keeps the order of every mapping, which the chart may show
    if _LAST_CHART.get(draw.__name__, (None,))[0] != key:
        _LAST_CHART[draw.__name__] = (key, draw(*args))
    return _LAST_CHART[draw.__name__][1]


def write_site(files: dict[str, str], out: Path) -> tuple[int, int]:
    """Write `files` under `out`, each atomically, skipping files whose content is unchanged
    (so a watcher sees only real changes). Returns (written, unchanged)."""
    written = unchanged = 0
    for relative, content in sorted(files.items()):
        target = out / relative
        data = content.encode("utf-8")
        if target.is_file() and target.read_bytes() == data:
            unchanged += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, staged = tempfile.mkstemp(dir=target.parent, prefix=".digest-")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(staged, target)
        written += 1
    return written, unchanged


# path -> (hash of its content, when that content first appeared), for the life of the process.
_FIRST_SEEN: dict[str, tuple[bytes, int]] = {}


def changed_at(files: dict[str, str]) -> dict[str, int]:
    """For each file, when (ns since the epoch) its current content first appeared in this process.

    `mkdocs serve` rebuilds in one process: giving each generated file this time as its mtime
    lets `--dirty` skip every page whose content did not change (see scripts/gen_pages.py)."""
    now = time.time_ns()
    for path, content in files.items():
        digest = hashlib.blake2b(content.encode("utf-8"), digest_size=16).digest()
        if _FIRST_SEEN.get(path, (None,))[0] != digest:
            _FIRST_SEEN[path] = (digest, now)
    return {path: _FIRST_SEEN[path][1] for path in files}
