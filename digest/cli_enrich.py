"""`digest enrich`: a record's missing arXiv id, authors and date, from the arXiv API or a
curator's file of findings, taken only on an equal normalised title (digest/enrich/)."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping
from pathlib import Path

from .cli_sources import progress_lines
from .cli_types import EXIT_CODES, Commands, ParagraphsFormatter, add_data_option, positive
from .errors import DataError


def add_enrich(commands: Commands) -> None:
    """`digest enrich`: missing arXiv ids, authors and dates, matched by title."""
    from .fetch import arxiv as arxiv_api  # noqa: PLC0415

    enrich = commands.add_parser(
        "enrich",
        help="fill missing arXiv ids, authors and dates from the arXiv API, matched by title",
        formatter_class=ParagraphsFormatter,
        description="For each record that lacks an arXiv id, its authors or its date (or only the records ID...), "
        "ask the arXiv API for papers of that title, one request per record, "
        f"{arxiv_api.PAUSE:g} s apart as arXiv asks.\n\n"
        "A paper is taken only when its normalised title (case, punctuation, accents and LaTeX aside) "
        "is the record's: a longer title that starts the same, or a paper whose newer version is "
        "titled otherwise, is no match. Two arXiv ids with that title are ambiguous, and neither is "
        "taken. Only empty fields are filled (arxiv_id, authors, published; authors_count with the "
        "authors): a value already there, a curator's or a source's, is never replaced, and a record "
        "whose arXiv id differs from the paper found is a conflict and keeps everything.\n\n"
        "Every record is looked up before anything is written; a failed request (no answer, HTTP 429 "
        "or 5xx after the retries, a broken answer) stops the run and the store is left as it was. "
        "Then every record filled is written in one transaction.\n\n"
        "With --from-file, the candidates come from a curator's JSON file of findings instead of the "
        "API, checked the same way; a finding's note fills an empty `notes:` (for a paper with no "
        'arXiv version). Its entries: {"id", "title_as_found", "arxiv_id", "authors", '
        '"published", "evidence", "note"}; see digest/enrich/curated_file.py.',
        epilog="prints a line for each record looked up (filled, no match, ambiguous, conflict) and a summary.\n\n"
        + EXIT_CODES
        + "; 1 also for a failed download.",
    )
    enrich.add_argument(
        "paper_ids",
        nargs="*",
        metavar="ID",
        help="only these records (default: every record lacking one of those fields)",
    )
    add_data_option(enrich)
    enrich.add_argument("--dry-run", action="store_true", help="look up and report what would be filled; write nothing")
    enrich.add_argument(
        "--from-file",
        type=Path,
        metavar="FILE",
        help="take the candidates from this JSON file of findings instead of the arXiv API",
    )
    enrich.add_argument(
        "--endpoint",
        metavar="URL",
        default=os.environ.get(arxiv_api.ENDPOINT_VARIABLE) or arxiv_api.ENDPOINT,
        help=f"the arXiv API's address, for a mirror or a test server (default: "
        f"${arxiv_api.ENDPOINT_VARIABLE}, else {arxiv_api.ENDPOINT})",
    )
    enrich.add_argument(
        "--timeout",
        type=positive(float),
        default=30.0,
        metavar="SECONDS",
        help="give up on a connection or an answer silent this long, per try (default: %(default)s)",
    )
    enrich.add_argument(
        "--retries",
        type=positive(int, zero=True),
        default=4,
        metavar="N",
        help="tries after the first, with backoff, after a timeout, a dropped connection, 429 or 5xx "
        "(default: %(default)s)",
    )
    enrich.set_defaults(run=_run_enrich)


def _run_enrich(args: argparse.Namespace) -> int:
    from .enrich.curated_file import file_lookup  # noqa: PLC0415
    from .enrich.match import missing  # noqa: PLC0415
    from .enrich.run import enrich  # noqa: PLC0415
    from .fetch.by_title import TitleLookup  # noqa: PLC0415
    from .fetch.http import Client, HttpOptions  # noqa: PLC0415
    from .records.model import Paper  # noqa: PLC0415

    started = time.perf_counter()
    progress = progress_lines()
    if args.from_file is not None:
        findings, lookup = file_lookup(args.from_file)
        _refuse_unknown_ids(args.from_file, findings, args.data)

        def wanted(paper: Paper) -> bool:  # a record the file has a finding for, that lacks what it may fill
            notes = any(found.note for found in findings.get(paper.id, [])) and not paper.notes.strip()
            return paper.id in findings and bool(missing(paper) or notes)

        report = enrich(
            args.data, lookup, paper_ids=args.paper_ids, dry_run=args.dry_run, progress=progress, wanted=wanted
        )
    else:
        # Each failed try and the wait before the next is shown, as fetch shows them: without
        # the network, five tries wait half a minute.
        client = Client(HttpOptions(timeout=args.timeout, retries=int(args.retries)), progress=progress)
        try:
            report = enrich(
                args.data,
                TitleLookup(client, args.endpoint),
                paper_ids=args.paper_ids,
                dry_run=args.dry_run,
                progress=progress,
            )
        finally:
            client.close()
    for outcome in report.outcomes:
        fields = f" {', '.join(outcome.filled)}" if outcome.filled else ""
        print(f"{outcome.verdict}: {outcome.paper_id}:{fields} {outcome.detail}")
    written = (
        "dry run: nothing written" if args.dry_run else f"{report.written} record(s) written to {args.data / 'papers'}"
    )
    print(f"{report.summary()}; {written} in {time.perf_counter() - started:.2f} s")
    return 0


def _refuse_unknown_ids(path: Path, findings: Mapping[str, object], data: Path) -> None:
    """A finding for no record is a typo in the file: said before anything is read or written,
    where a run would count it nowhere."""
    from .records.store import record_paths  # noqa: PLC0415

    unknown = sorted(set(findings) - {record.stem for record in record_paths(data)})
    if unknown:
        raise DataError(
            path,
            None,
            "id",
            f"no record in {data / 'papers'} has the id {', '.join(map(repr, unknown))}: correct the id, or remove "
            "the finding",
        )
