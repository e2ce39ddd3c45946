"""The review loop: the machine's suggestions for uncurated papers, and a curator's verdicts.

`digest review` lists uncurated papers, least confident first; `digest accept` writes curated
topics into the records, changing only each record's `topics:` text (records/edit.py);
`digest reject` moves records out of the site into data/rejected/ (records/rejected.py), and
`digest accept --topics` brings a rejected one back. Each command writes all its records in one
transaction: every file is written or none is.

A curator command costs what it touches, not what the store holds: `accept --topics` and
`reject` read only the records they name (and the taxonomy; `reject` also the few records whose
text holds a named id, to refuse a paper another compares to); only `accept` without `--topics`,
which takes the machine's suggestion, trains the model (on the curated and rejected papers).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .derive.confidence import confidence_line, no_topic_fits, places_in_a_topic
from .derive.taxonomy import Taxonomy, load_taxonomy, unknown_topics
from .errors import UsageError
from .records import store
from .records.edit import record_as_rejected, record_with_topics, restored_record
from .records.lookup import no_such_paper
from .records.model import Paper
from .records.regular import read_regular
from .records.rejected import OWN_FIELDS, Rejection, load_rejection, rejected_path
from .records.store import TAXONOMY_FILE, Stamp, read_record, record_path, record_paths, store_lock, transaction

if TYPE_CHECKING:
    from .derive.suggest import Suggestion

# The model's modules (scikit-learn) are imported by the functions that train it, so that
# `accept --topics` and `reject` start in a fraction of the time.


@dataclass(frozen=True)
class Accepted:
    paper_id: str
    topics: tuple[str, ...]
    before: tuple[str, ...]  # the record's topics before, empty when uncurated
    rejection: Rejection | None = None  # set when the paper came back from data/rejected/

    @property
    def unchanged(self) -> bool:
        """The record had these topics already: its file was left as it was."""
        return self.rejection is None and self.topics == self.before


@dataclass(frozen=True)
class Waiting:
    """An uncurated paper and what the machine suggests for it."""

    paper: Paper
    suggestion: Suggestion


@dataclass(frozen=True)
class ReviewFilter:
    """Which uncurated papers to list: suggested in `topic`, with a confidence in `band` (low,
    high), seen in the listing of `day`."""

    topic: str | None = None
    band: tuple[float, float] | None = None
    day: str | None = None

    def admits(self, item: Waiting) -> bool:
        suggestion = item.suggestion
        return (
            (self.topic is None or self.topic in suggestion.topics)
            and (self.band is None or _in_band(suggestion, self.band))
            and (self.day is None or any(source.date == self.day for source in item.paper.sources))
        )


def _in_band(suggestion: Suggestion, band: tuple[float, float]) -> bool:
    """The confidence as `review` shows it, to two places, is in the band: a paper shown at 0.33
    is in 0.33-0.5. A paper the rules alone place has no confidence to be in a band."""
    return suggestion.learned and band[0] <= round(suggestion.confidence, 2) <= band[1]


def review_queue(data_dir: Path, only: ReviewFilter = ReviewFilter()) -> tuple[list[Waiting], int]:
    """The uncurated papers that pass `only`, least confident first (then by id), and how many
    papers are curated. Only what the queue needs is derived: the rules and the model, no facts."""
    taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    if only.topic is not None:
        _check_topics([only.topic], taxonomy)
    from .derive.suggest import suggest, train_on_curated  # noqa: PLC0415
    from .derive.training import store_vectorizer, training_set  # noqa: PLC0415

    training, records = training_set(data_dir, taxonomy)
    model = train_on_curated(training, taxonomy, store_vectorizer(training, records))
    uncurated = [item for item in records if not item.paper.topics]
    suggestions = suggest(model, uncurated, taxonomy.fallback.slug, terms=False)
    waiting = [Waiting(item.paper, suggestion) for item, suggestion in zip(uncurated, suggestions, strict=True)]
    chosen = [item for item in waiting if only.admits(item)]
    return sorted(chosen, key=lambda item: (item.suggestion.confidence, item.paper.id)), len(records) - len(uncurated)


def _what_to_do(paper_id: str, indented: Callable[[str], str]) -> list[str]:
    said, *commands = no_topic_fits(paper_id)
    return [indented(said), *(f"      {command}" for command in commands)]


def describe(paper: Paper, suggestion: Suggestion, width: int = 80) -> str:
    """A paper as `digest review` lists it, in `width` columns: its id alone on a line (to copy
    into accept or reject), then its suggested topics, its confidence and whence it comes, and
    its title, on two lines at most."""

    def indented(text: str, max_lines: int | None = None) -> str:
        return textwrap.fill(
            text,
            width,
            initial_indent="    ",
            subsequent_indent="    ",
            max_lines=max_lines,
            placeholder=" …",
            break_on_hyphens=False,  # an id in a command stays whole, to copy
        )

    placed = places_in_a_topic(suggestion)
    return "\n".join(
        [
            paper.id,
            indented(f"suggested: {_suggested_topics(suggestion)}"),
            indented(confidence_line(suggestion)),
            indented(paper.title, max_lines=2),
            *([] if placed else _what_to_do(paper.id, indented)),
        ]
    )


def _suggested_topics(suggestion: Suggestion) -> str:
    """Each suggested topic with its probability, then the topics left out near their threshold;
    "no topic fits" for the fallback alone, which a bare "other" did not say."""
    topics = [f"no topic fits ({suggestion.topics[0]})"]
    if places_in_a_topic(suggestion):
        predictions = {slug: suggestion.prediction(slug) for slug in suggestion.topics}
        topics = [
            f"{slug} ({prediction.probability:.2f})"
            if prediction and prediction.probability is not None
            else f"{slug} (rules)"
            if prediction
            else slug
            for slug, prediction in predictions.items()
        ]
    near = [
        f"{p.slug} ({p.probability:.2f})"
        for p in suggestion.predictions
        if p.probability is not None and p.threshold and not p.chosen and p.probability >= p.threshold / 2
    ]
    return ", ".join(topics) + (f"; near: {', '.join(near)}" if near else "")


def accept(data_dir: Path, paper_ids: Sequence[str], topics: Sequence[str] | None) -> list[Accepted]:
    """Write `topics` (or, when None, each paper's suggested topics) as curated into the records.
    A rejected paper named with `topics` comes back: its record, as it was rejected, returns to
    papers/ with those topics, and its file in rejected/ goes.

    The store's lock is held from reading the records to writing them, and a record that changed
    on disk meanwhile (a curator's editor) is never overwritten: the transaction refuses it."""
    with store_lock(data_dir):
        taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
        if topics is not None:
            _check_topics(topics, taxonomy)
        wanted = list(dict.fromkeys(paper_ids))
        rejected = _rejected_to_restore(data_dir, wanted, topics)
        papers = _named_records(data_dir, [paper_id for paper_id in wanted if paper_id not in rejected])
        chosen = (
            {pid: tuple(dict.fromkeys(topics)) for pid in wanted}
            if topics is not None
            else _suggested(data_dir, list(papers.values()), taxonomy)
        )
        if topics is None:
            if overruled := _curated_otherwise(papers, chosen):
                raise UsageError(overruled)
            if unplaced := _placed_in_no_topic(papers, chosen, taxonomy.fallback.slug):
                raise UsageError(unplaced)
            # A curated paper left here is suggested its own topics: it keeps them in its curator's order.
            chosen |= {pid: tuple(paper.topics) for pid, (paper, _stamp) in papers.items() if paper.topics}
        accepted = []
        with transaction(data_dir) as tx:
            for paper_id in wanted:
                path = record_path(data_dir, paper_id)
                if paper_id in rejected:
                    rejection, stamp = rejected[paper_id]
                    restored = dataclasses.replace(rejection.paper, topics=list(chosen[paper_id]))
                    # As it was before the rejection, comments and layout too; re-dumped when that cannot be read back.
                    kept = restored_record(rejected_path(data_dir, paper_id), OWN_FIELDS, restored)
                    tx.write_bytes(path, kept or store.dump_paper(restored).encode("utf-8"), expect=None)
                    tx.remove(rejected_path(data_dir, paper_id), expect=stamp)
                    accepted.append(Accepted(paper_id, chosen[paper_id], (), rejection))
                else:
                    paper, stamp = papers[paper_id]
                    done = Accepted(paper_id, chosen[paper_id], tuple(paper.topics))
                    if not done.unchanged:  # the same topics: not a byte changes
                        tx.write_bytes(path, record_with_topics(path, list(done.topics)), expect=stamp)
                    accepted.append(done)
    return accepted


def _curated_otherwise(papers: dict[str, tuple[Paper, Stamp | None]], suggested: dict[str, tuple[str, ...]]) -> str:
    """Why the suggestion may not replace topics a curator set, or "": as for a rejected paper, the
    machine's suggestion is no reason to undo a curator's decision; naming the topics is."""
    curated = [
        f"{pid} has curated topics {', '.join(paper.topics)}, suggested {', '.join(suggested[pid])}"
        for pid, (paper, _stamp) in papers.items()
        if paper.topics and set(suggested[pid]) != set(paper.topics)
    ]
    if not curated:
        return ""
    return (
        "; ".join(curated)
        + ": a curator's topics change only when named, 'digest accept ID --topics a,b'; nothing was written"
    )


def _placed_in_no_topic(
    papers: dict[str, tuple[Paper, Stamp | None]], suggested: dict[str, tuple[str, ...]], fallback: str
) -> str:
    """Why a suggestion of the fallback alone is not taken, or "": it says the machine found no
    topic, and taken as a verdict it would publish the paper under the fallback's page, where a
    curator who read it would most often reject it."""
    unplaced = [pid for pid, (paper, _stamp) in papers.items() if not paper.topics and suggested[pid] == (fallback,)]
    if not unplaced:
        return ""
    ids = " ".join(unplaced)
    return (
        f"the machine places {', '.join(unplaced)} in no topic (suggested: {fallback}, what is left when no topic "
        f"reaches its threshold): read {'them' if len(unplaced) > 1 else 'it'}, then name the topics, "
        f"'digest accept {ids} --topics a,b', or take {'them' if len(unplaced) > 1 else 'it'} out, "
        f"'digest reject {ids} --reason \"...\"'; nothing was written"
    )


def _rejected_to_restore(
    data_dir: Path, paper_ids: Sequence[str], topics: Sequence[str] | None
) -> dict[str, tuple[Rejection, Stamp | None]]:
    """The rejected papers among `paper_ids` (those with no record in papers/), as read, with their
    stamps. Bringing one back takes topics a curator names: the machine's suggestion for a paper a
    curator rejected is no reason to undo the rejection."""
    found = {}
    for paper_id in paper_ids:
        path = rejected_path(data_dir, paper_id)
        if "/" in paper_id or record_path(data_dir, paper_id).exists() or not path.is_file():
            continue
        stamp = Stamp.of(path)  # before the read: a change after it makes the write refuse
        rejection = load_rejection(path)
        if topics is None:
            raise UsageError(how_to_bring_back(rejection))
        found[paper_id] = (rejection, stamp)
    return found


def how_to_bring_back(rejection: Rejection) -> str:
    """Who rejected a paper, when and why, and the command that brings it back."""
    paper_id = rejection.paper.id
    why = f" ({rejection.reason})" if rejection.reason else ""
    held = rejection.paper.topics  # a curated paper rejected later keeps its topics in rejected/
    topics = ",".join(held) if held else "a,b"
    was = " (its topics when rejected)" if held else ""
    return (
        f"{paper_id!r} was rejected by {rejection.rejected_by} on {rejection.rejected_on}{why}; "
        f"to bring it back, name its topics: digest accept {paper_id} --topics {topics}{was}"
    )


def reject(
    data_dir: Path, paper_ids: Sequence[str], *, by: str, reason: str = "", today: dt.date | None = None
) -> list[Rejection]:
    """Move each paper's record to data/rejected/, with who rejected it, when and why: it leaves the
    site, no fetch or ingest brings it back, and the model learns from it as a paper in no topic."""
    if not by.strip():
        raise UsageError("--by is empty: say who rejects the papers")
    day = (today or dt.datetime.now(dt.UTC).date()).isoformat()
    with store_lock(data_dir):
        papers = _named_records(data_dir, paper_ids)
        for paper_id in papers:
            if rejected_path(data_dir, paper_id).exists():
                raise UsageError(
                    f"{rejected_path(data_dir, paper_id)} holds another rejected paper with the id {paper_id!r}; "
                    f"rename {record_path(data_dir, paper_id)} (its id and file name) before rejecting it"
                )
        if compared := _compared_to(data_dir, set(papers)):
            raise UsageError(
                f"{compared}; rejected, it would leave them comparing to a paper the store no longer holds, which "
                "check refuses: remove it from their compares_to first, or reject them too; nothing was written"
            )
        done = []
        with transaction(data_dir) as tx:
            for paper_id, (paper, stamp) in papers.items():
                rejection = Rejection(paper, by.strip(), day, reason.strip())
                # The record's own text, a curator's comments with it, then who rejected it and why.
                kept = record_as_rejected(record_path(data_dir, paper_id), rejection.own_fields())
                dumped = store.dump_mapping(rejection.to_mapping()).encode("utf-8")
                tx.write_bytes(rejected_path(data_dir, paper_id), kept or dumped, expect=None)
                tx.remove(record_path(data_dir, paper_id), expect=stamp)
                done.append(rejection)
    return done


def _compared_to(data_dir: Path, paper_ids: set[str]) -> str:
    """Where other records name any of `paper_ids` in `overrides.compares_to` ("'a' is named in
    overrides.compares_to of x.yaml:38"), or "". Only a file whose text holds one of the ids is
    read as a record, so that a reject stays cheap; a record that cannot be read is check's to
    report, not reject's."""
    found: dict[str, list[str]] = {}
    for path in record_paths(data_dir):
        if path.stem in paper_ids or not _mentions(path, paper_ids):
            continue
        item, _problems = read_record(path)
        if item is None:
            continue
        for target in item.paper.overrides.get("compares_to", []):
            if target in paper_ids:
                found.setdefault(target, []).append(f"{path}:{item.lines.get('overrides.compares_to')}")
    return "; ".join(
        f"{target!r} is named in overrides.compares_to of {', '.join(where)}" for target, where in found.items()
    )


def _mentions(path: Path, words: set[str]) -> bool:
    try:
        text = read_regular(path).decode("utf-8", "replace")
    except OSError:
        return False
    return any(word in text for word in words)


def _named_records(data_dir: Path, paper_ids: Sequence[str]) -> dict[str, tuple[Paper, Stamp | None]]:
    """The records of `paper_ids` (each once, in the order given), as read, with their stamps."""
    found = {}
    for paper_id in dict.fromkeys(paper_ids):
        path = record_path(data_dir, paper_id)
        if "/" in paper_id or not path.exists():  # anything else there (a FIFO) is refused by its reader
            raise UsageError(no_such_paper(data_dir, paper_id))
        loaded = store.load_paper(path)
        found[paper_id] = (loaded.paper, loaded.stamp)
    return found


def _check_topics(topics: Sequence[str], taxonomy: Taxonomy) -> None:
    if problems := unknown_topics(topics, taxonomy):
        raise UsageError(problems[0])
    if not topics:
        raise UsageError(f"--topics is empty; topics are: {', '.join(t.slug for t in taxonomy.topics)}")


def _suggested(
    data_dir: Path, papers: list[tuple[Paper, Stamp | None]], taxonomy: Taxonomy
) -> dict[str, tuple[str, ...]]:
    """The machine's topics for each paper, from a model of every curated and rejected paper (the
    papers as the model sees them come from the same read of the store as its training set)."""
    from .derive.suggest import suggest, train_on_curated  # noqa: PLC0415
    from .derive.training import store_vectorizer, training_set  # noqa: PLC0415

    training, records = training_set(data_dir, taxonomy)
    named = {paper.id for paper, _ in papers}
    candidates = [item for item in records if item.paper.id in named]
    model = train_on_curated(training, taxonomy, store_vectorizer(training, records))
    suggestions = suggest(model, candidates, taxonomy.fallback.slug, terms=False)
    return {item.paper.id: suggestion.topics for item, suggestion in zip(candidates, suggestions, strict=True)}
