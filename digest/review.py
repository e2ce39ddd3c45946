"""The review loop: the machine's suggestions for uncurated papers, and a curator accepting them.

`digest review` lists uncurated papers, least confident first; `digest accept` writes curated
topics into the records, changing only each record's `topics:` text (records/edit.py), all
records in one transaction: every file is written or none is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .build import load_corpus
from .derive.corpus import Derived
from .errors import UsageError
from .records.edit import record_with_topics
from .records.store import Stamp, paper_path, store_lock, transaction


@dataclass(frozen=True)
class Accepted:
    paper_id: str
    topics: tuple[str, ...]
    before: tuple[str, ...]  # the record's topics before, empty when uncurated


def describe(derived: Derived) -> str:
    """A paper as `digest review` lists it: id, confidence, suggested topics with their probabilities."""
    suggestion = derived.suggestion
    if suggestion is None:  # a corpus is always built with suggestions; a Derived alone has none
        return f"{derived.id}  suggested: {', '.join(derived.topics)}\n    {derived.paper.title}"
    topics = []
    for slug in suggestion.topics:
        prediction = suggestion.prediction(slug)
        topics.append(f"{slug} ({prediction.probability:.2f})" if prediction and prediction.probability is not None
                      else f"{slug} (rules)" if prediction else slug)
    doubts = [f"{p.slug} {p.probability:.2f}" for p in suggestion.predictions
              if p.probability is not None and not p.chosen and p.threshold and p.probability >= p.threshold / 2]
    near = f"; near: {', '.join(doubts)}" if doubts else ""
    return (f"{derived.id}  confidence {suggestion.confidence:.2f}  suggested: {', '.join(topics)}{near}\n"
            f"    {derived.paper.title}")


def accept(data_dir: Path, paper_ids: Sequence[str], topics: Sequence[str] | None) -> list[Accepted]:
    """Write `topics` (or, when None, each paper's suggested topics) as curated into the records.

    The store's lock is held from reading the records to writing them, and a record that changed
    on disk meanwhile (a curator's editor) is never overwritten: the transaction refuses it."""
    with store_lock(data_dir):
        corpus = load_corpus(data_dir)
        missing = [pid for pid in paper_ids if pid not in corpus.papers]
        if missing:
            raise UsageError(f"no paper with id {missing[0]!r} in {data_dir / 'papers'}")
        if topics is not None:
            unknown = [slug for slug in topics if slug not in corpus.taxonomy.topic_slugs]
            if unknown or not topics:
                problem = f"unknown topic {unknown[0]!r}" if unknown else "--topics is empty"
                raise UsageError(f"{problem}; topics are: {', '.join(t.slug for t in corpus.taxonomy.topics)}")
        accepted = []
        with transaction(data_dir) as tx:
            for paper_id in dict.fromkeys(paper_ids):
                derived = corpus.papers[paper_id]
                suggested = derived.suggestion.topics if derived.suggestion else tuple(derived.topics)
                chosen = tuple(dict.fromkeys(topics)) if topics is not None else suggested
                path = paper_path(data_dir, paper_id)
                stamp = Stamp.of(path)
                tx.write_bytes(path, record_with_topics(path, list(chosen)), expect=stamp)
                accepted.append(Accepted(paper_id, chosen, tuple(derived.paper.topics)))
    return accepted
