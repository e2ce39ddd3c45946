"""One enrichment of a store: look every record up, then write what was accepted, all at once.

The lookups come first, without the store's lock (the arXiv API asks for 3 s between requests,
so a long run would hold other writers back for minutes); a lookup that fails stops the run
before anything is written. Then, under the lock, each record to fill is read again and filled
from what it holds now, so a value a curator wrote meanwhile is kept, and every record is
written in one transaction that refuses a file that changed after it was read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError
from ..ingest import Progress
from ..records.edit import record_with_fields
from ..records.lookup import no_such_paper
from ..records.model import Paper
from ..records.store import load_paper, record_path, record_paths, store_lock, transaction
from .match import Candidate, Lookup, Outcome, fill, judge, missing

VERDICTS = ("filled", "no match", "ambiguous", "conflict", "nothing new")


@dataclass
class EnrichReport:
    outcomes: list[Outcome] = field(default_factory=list)
    complete: int = 0  # records that lacked none of the fields
    written: int = 0

    def count(self, verdict: str) -> int:
        return sum(outcome.verdict == verdict for outcome in self.outcomes)

    def summary(self) -> str:
        counts = ", ".join(
            f"{self.count(verdict)} {verdict}"
            for verdict in VERDICTS
            if self.count(verdict) or verdict in ("filled", "no match", "ambiguous")
        )
        return f"{len(self.outcomes)} record(s) looked up: {counts}; {self.complete} already complete"


def enrich(
    data_dir: Path,
    lookup: Lookup,
    *,
    paper_ids: Sequence[str] = (),
    dry_run: bool = False,
    progress: Progress | None = None,
    wanted: Callable[[Paper], bool] | None = None,
) -> EnrichReport:
    """Complete the records of `data_dir` (or those of `paper_ids`) that lack an arXiv id,
    authors or a date, from the candidates `lookup` offers. `wanted`: which records to look up
    (default: those that lack one of the fields)."""
    say = progress or (lambda message, milestone: None)
    wanted = wanted or (lambda paper: bool(missing(paper)))
    report = EnrichReport()
    todo = []
    for paper in _papers(data_dir, paper_ids):
        if wanted(paper):
            todo.append(paper)
        else:
            report.complete += 1
    for number, paper in enumerate(todo, start=1):
        say(f"[{number}/{len(todo)}] {paper.id}: looking up {', '.join(missing(paper)) or 'a note'}", True)
        report.outcomes.append(judge(paper, lookup(paper)))
    chosen = {o.paper_id: o.candidate for o in report.outcomes if o.verdict == "filled" and o.candidate}
    if chosen and not dry_run:
        report.written = _write(data_dir, chosen, say)
    return report


def _papers(data_dir: Path, paper_ids: Sequence[str]) -> list[Paper]:
    if not paper_ids:
        return [load_paper(path).paper for path in record_paths(data_dir)]
    papers = []
    for paper_id in dict.fromkeys(paper_ids):
        path = record_path(data_dir, paper_id)
        if "/" in paper_id or not path.is_file():
            raise UsageError(no_such_paper(data_dir, paper_id))
        papers.append(load_paper(path).paper)
    return papers


def _write(data_dir: Path, chosen: dict[str, Candidate], say: Progress) -> int:
    written = 0
    with store_lock(data_dir), transaction(data_dir) as tx:
        for paper_id, candidate in chosen.items():
            path = record_path(data_dir, paper_id)
            if not path.is_file():  # removed while it was looked up: nothing to complete
                continue
            loaded = load_paper(path)  # as it is now: what a curator set meanwhile stays
            before = loaded.paper.to_mapping()
            if fill(loaded.paper, candidate):
                after = loaded.paper.to_mapping()
                changed = [name for name in after if after[name] != before.get(name)]
                # only those lines change: a curator's layout, comments and quoting stay as they were
                tx.write_bytes(path, record_with_fields(path, loaded.paper, changed), expect=loaded.stamp)
                written += 1
        say(f"writing {written} record(s) to {data_dir}", True)
    return written
