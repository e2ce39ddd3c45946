"""The `digest` command line: ingest dumps, check records, write pages, explain and search.

Exit codes: 0 done, 1 bad data (the message names the file, line and field) or a store that
cannot be written, 2 bad usage, 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP), 141 output
closed early (`digest search ... | head -1`). No error ends in a traceback.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import logging
import math
import os
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cli_curation import add_commands as add_curation_commands
from .cli_types import YEARS
from .cli_types import day as _day
from .errors import DataError, DigestError, UsageError, WriteError
from .records.store import require_store
from .sources import format_names

if TYPE_CHECKING:
    from .fetch.plan import Series
    from .ingest import IngestReport

REPO_DATA = Path(__file__).resolve().parent.parent / "data"
EXIT_CODES = (
    "exit codes: 0 done, 1 bad data (the message names the file, line and field) or a store that "
    "cannot be written, 2 bad usage, 130 interrupted"
)
PROGRESS_EVERY = 2.0  # seconds between two progress lines of a long ingest


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    _show_notes()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # a file name that is not UTF-8 prints as \udcff, never fails
            stream.reconfigure(errors="backslashreplace")
    received: list[int] = []
    previous = _stop_on_signals(received)
    try:
        if getattr(args, "data", None) is not None:
            require_store(args.data)
        return run(args)
    except DigestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        said = "interrupted" if not received else f"stopped by {signal.Signals(received[-1]).name}"
        # Outside the store's lock nothing was being written (every write holds it).
        print(
            f"{said}: {exc}" if str(exc) else said if not received else f"{said}: the store was not changed",
            file=sys.stderr,
        )
        return 128 + received[-1] if received else 130
    except BrokenPipeError:
        # The reader went away (`| head -1`): stop quietly, and keep Python from complaining
        # again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # a full disk or a read-only folder under `pages --out`
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _stop_on_signals(received: list[int]) -> dict[int, Any]:
    """SIGTERM and SIGHUP stop a command as Ctrl-C does: the store's lock and transaction finish or
    undo their work and the command says what became of the store, instead of dying silently.
    The previous handlers, to put back."""
    if threading.current_thread() is not threading.main_thread():
        return {}

    def stop(number: int, _frame: object) -> None:
        received.append(number)
        raise KeyboardInterrupt

    return {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}


class _Notes(logging.Handler):
    """What the library says along the way (a run waiting for the lock, a stopped write finished),
    printed to whatever sys.stderr is at the time."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"note: {record.getMessage()}", file=sys.stderr)


def _show_notes() -> None:
    logger = logging.getLogger("digest")
    if not any(isinstance(handler, _Notes) for handler in logger.handlers):
        logger.addHandler(_Notes())
        logger.setLevel(logging.INFO)


def _year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if year not in YEARS:
        raise argparse.ArgumentTypeError(f"{year} is not a listing year; give one from {YEARS[0]} to {YEARS[-1]}")
    return year


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="digest",
        description="ML Systems Paper Digest: paper records in, a searchable site out.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Run 'digest COMMAND --help' for the options of one command.\n" + EXIT_CODES + ".",
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    data_help = f"the data folder holding papers/, sources/ and taxonomy.yaml (default: {REPO_DATA})"

    ingest = commands.add_parser(
        "ingest",
        help="parse listing dumps and merge them into the records",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Parse source files (Hugging Face Daily Papers text dumps, all three layouts), keep a\n"
        "copy of each under DATA/sources/, and merge their papers into DATA/papers/<id>.yaml: one\n"
        "record per paper across all dumps (matched on the normalised title), each sighting kept\n"
        "under `sources`. A dump may fill an empty field but never erases one, curator fields\n"
        "(topics, tags, notes, overrides) are never touched, and re-ingesting a dump changes nothing.\n\n"
        "Bad entries (a title with no abstract, an over-long line, an impossible date) are reported\n"
        "and skipped while the rest of the file is ingested; with --strict one bad entry refuses\n"
        "the whole run. A file that is not a readable text dump (missing, not a regular file, empty,\n"
        "binary, not UTF-8, JSON, XML, HTML or YAML, or more unreadable blocks than entries) always\n"
        "stops the run. A run that stops writes nothing at all.\n\n"
        "One run at a time writes to a store: a second waits for the first, then merges into what it\n"
        "wrote. A run stopped while writing (Ctrl-C, kill -9, a full disk) leaves the store as it was,\n"
        "or with its write committed, which the next ingest finishes first.",
        epilog=EXIT_CODES + ".",
    )
    ingest.add_argument("files", nargs="+", type=Path, metavar="FILE", help="dump files to ingest")
    ingest.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    ingest.add_argument(
        "--listing-year",
        type=_year,
        metavar="YEAR",
        help="year of the listing, given to dates shown without one ('Mar 6'); "
        "without it such dates keep an unknown year (published stays empty)",
    )
    ingest.add_argument(
        "--format",
        choices=format_names(),
        dest="format_name",
        help="read every FILE as this format instead of detecting it from the content",
    )
    ingest.add_argument("--strict", action="store_true", help="refuse a whole file when any entry in it is bad")
    ingest.add_argument("--dry-run", action="store_true", help="report what would change, write nothing")
    ingest.set_defaults(run=_run_ingest)

    check = commands.add_parser(
        "check",
        help="validate every record, the taxonomy and the hardware catalogue",
        description="Validate every file the build reads: each record (schema, types, dates, links), the "
        "taxonomy (rules, columns) and the hardware catalogue, and the store as a whole: duplicate ids or "
        "titles, unknown topic names, overrides naming papers that do not exist, sources that are not kept. "
        "Prints one 'file:line: field: message' per problem and exits 1 if there is any. What check "
        "accepts, the build renders.",
        epilog=EXIT_CODES + ".",
    )
    check.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    check.set_defaults(run=_run_check)

    pages = commands.add_parser(
        "pages",
        help="write the digest's pages, charts and exports to a folder",
        description="Write every page the digest generates (home, topics, papers, hardware, systems, tags, "
        "method, the literate-nav SUMMARY.md), the SVG charts and the exports (papers.json, papers.csv, "
        "feed.xml) under OUT: the same files `mkdocs build` gets from the digest plugin. Files whose "
        "content is unchanged are not rewritten.",
        epilog=EXIT_CODES + ".",
    )
    pages.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    pages.add_argument("--out", type=Path, required=True, help="folder to write into (created if missing)")
    pages.add_argument(
        "--site-url",
        default="http://127.0.0.1:8000/",
        help="absolute URL the site is served at, for the feed and exports (default: %(default)s)",
    )
    pages.add_argument(
        "--templates",
        type=Path,
        metavar="DIR",
        help="a folder of page templates (*.md.j2) that override the digest's own of the same name",
    )
    pages.set_defaults(run=_run_pages)

    explain = commands.add_parser(
        "explain",
        help="say why a paper got its topics, tags and facts",
        description="Print the reasoning for one paper: each topic's rule score against its threshold and the "
        "phrases that matched where, the tags, the learned model's probability for each topic with the terms "
        "that weighed most, the suggested topics and whether a curator set them, and the facts with the "
        "sentences they came from (curated ones marked).",
        epilog=EXIT_CODES + ".",
    )
    explain.add_argument("paper_id", metavar="ID", help="the paper's id (its file name in data/papers without .yaml)")
    explain.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    explain.set_defaults(run=_run_explain)

    add_curation_commands(commands, REPO_DATA, data_help)

    evaluate = commands.add_parser(
        "eval",
        help="measure topics, the fetch filter and figures against what curators decided",
        description="Two measurements on the papers curators decided (records with curated topics, and rejected "
        "papers, which count as in no topic). Leave one dump out: each paper is first seen in the dump of its "
        "first `sources` entry; for each fold of dumps, the model is trained on the papers first seen elsewhere "
        "and predicts those first seen in it. Temporal, as a daily update meets papers: trained on the papers "
        "first seen before a day, it predicts those first seen on it or after. Prints per-topic precision, "
        "recall and F1 and the macro-F1 (rules alone, the learned model alone and what ships), what the fetch "
        "filter keeps and drops, then the share of numbers with a unit in the abstracts that were extracted as "
        "figures, and the ones that were not.",
        epilog=EXIT_CODES + ".",
    )
    evaluate.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    evaluate.add_argument(
        "--folds",
        type=int,
        default=10,
        metavar="N",
        help="group the dumps into at most N folds, consecutive dumps together (default: "
        "%(default)s; 0: one dump a fold)",
    )
    evaluate.add_argument(
        "--split",
        type=_day,
        metavar="DAY",
        help="the temporal split's first predicted day (default: the day that leaves three "
        "quarters of the dated papers before it)",
    )
    evaluate.add_argument("--json", action="store_true", help="print the report as JSON")
    evaluate.set_defaults(run=_run_eval)
    _add_fetch(commands, data_help)
    _add_enrich(commands, data_help)

    from .search import SEARCH_DIFFERENCES  # noqa: PLC0415 (lunr loads only when searching)

    search = commands.add_parser(
        "search",
        help="search the built site as its search box ranks pages",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Rank the pages of a built site for QUERY with lunr.py over the site's own "
        "search/search_index.json,\nusing that index's config (fields, boosts, separator, pipeline) and "
        "Material's query habits\n(a trailing wildcard per term, quoted phrases as required terms), and "
        "print the top pages with\ntheir URLs.\n\n" + textwrap.fill(SEARCH_DIFFERENCES, 96),
        epilog=EXIT_CODES + "; 1 also when no page matches.",
    )
    search.add_argument("query", nargs="+", metavar="QUERY", help="the words to search for, as typed in the box")
    search.add_argument(
        "--site",
        type=Path,
        default=REPO_DATA.parent / "site",
        help="the built site folder (default: %(default)s; run 'make build' first)",
    )
    search.add_argument("--limit", type=int, default=10, help="how many pages to print (default: %(default)s)")
    search.set_defaults(run=_run_search)
    return parser


def _add_fetch(commands: argparse._SubParsersAction[argparse.ArgumentParser], data_help: str) -> None:
    from .fetch import arxiv, hf_daily  # noqa: PLC0415

    def options(source: argparse.ArgumentParser, variable: str, url: str) -> None:
        source.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
        source.add_argument(
            "--dry-run", action="store_true", help="download, and report what would change; write nothing"
        )
        source.add_argument(
            "--endpoint",
            metavar="URL",
            default=os.environ.get(variable) or url,
            help=f"the API's address, for a mirror or a test server (default: ${variable}, else {url})",
        )
        source.add_argument(
            "--timeout",
            type=_positive(float, most=3600),
            default=30.0,
            metavar="SECONDS",
            help="give up on a connection or an answer silent this long, per try (default: %(default)s)",
        )
        source.add_argument(
            "--retries",
            type=_positive(int, zero=True, most=100),
            default=4,
            metavar="N",
            help="tries after the first, with backoff, after a timeout, a dropped connection, 429 or "
            "5xx; a Retry-After is honoured (default: %(default)s)",
        )

    fetch = commands.add_parser(
        "fetch",
        help="download new papers from the Hugging Face Daily Papers API or arXiv, keep those on topic",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Download listings from an API, keep each answer under DATA/sources/ (when a record\n"
        "cites it) and ingest it as `digest ingest` does. Only papers the machine places in a topic\n"
        "(not Other GPU work) with a model probability of at least 0.3 become new records; the others\n"
        "are counted and listed as left out (see `digest eval` for what that floor keeps and drops).\n"
        "A paper already in the store takes its new sighting whatever its topic.\n\n"
        "Every page is downloaded and read before anything is written: a failed or broken answer\n"
        "(no answer in time, HTTP 429 or 5xx after the retries, the wrong content type, JSON or XML\n"
        "cut off) stops the fetch with the reason, and the store is left as it was.",
        epilog=EXIT_CODES + ".",
    )
    sources = fetch.add_subparsers(title="sources", metavar="SOURCE", required=True)
    daily = sources.add_parser(
        "hf-daily",
        help="the Hugging Face Daily Papers of a day, or of several",
        description="Fetch the Hugging Face Daily Papers listing of a day (default: yesterday, UTC) from "
        "/api/daily_papers, or of every day from --since through --until.",
        epilog=EXIT_CODES + ".",
    )
    options(daily, hf_daily.ENDPOINT_VARIABLE, hf_daily.ENDPOINT)
    when = daily.add_mutually_exclusive_group()
    when.add_argument("--date", type=_day, metavar="DAY", help="the day to fetch, YYYY-MM-DD (default: yesterday)")
    when.add_argument(
        "--since",
        type=_day_or_last,
        metavar="DAY|last",
        help="fetch every day from DAY; 'last': from the day after the newest listing the store "
        f"keeps, at most {hf_daily.CATCH_UP_DAYS} days back",
    )
    daily.add_argument("--until", type=_day, metavar="DAY", help="the last day of --since (default: yesterday)")
    daily.add_argument(
        "--from",
        type=Path,
        dest="recorded",
        metavar="DIR",
        help="replay recorded answers (DIR/hf-daily-DAY.json) instead of asking the API: every "
        "day of DIR after the newest day the store holds (or from --since, through --until), "
        "through the same filter and ingest, a week per transaction: a stopped replay resumes",
    )
    daily.add_argument(
        "--add",
        action="append",
        default=[],
        type=_arxiv,
        metavar="ARXIV_ID",
        help="keep this paper whatever the filter says (a curator adding one it missed); repeat for more",
    )
    daily.set_defaults(run=_run_fetch, plan=_daily_plan)
    query = sources.add_parser(
        "arxiv",
        help="the newest arXiv papers that match a search query",
        description="Fetch the newest papers matching an arXiv API search query (newest first, in pages "
        f"of {arxiv.PAGE_SIZE}, {arxiv.PAUSE:g} s apart as arXiv asks).",
        epilog=EXIT_CODES + ".",
    )
    options(query, arxiv.ENDPOINT_VARIABLE, arxiv.ENDPOINT)
    query.add_argument("--query", required=True, help="an arXiv search query, e.g. 'abs:\"KV cache\" AND cat:cs.DC'")
    query.add_argument(
        "--max",
        type=_positive(int, most=10_000),
        default=100,
        metavar="N",
        help="at most this many results (default: %(default)s)",
    )
    query.set_defaults(run=_run_fetch, plan=_arxiv_plan)


def _add_enrich(commands: argparse._SubParsersAction[argparse.ArgumentParser], data_help: str) -> None:
    from .fetch import arxiv  # noqa: PLC0415

    enrich = commands.add_parser(
        "enrich",
        help="fill missing arXiv ids, authors and dates from the arXiv API, matched by title",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="For each record that lacks an arXiv id, its authors or its date (or only the records ID...),\n"
        "ask the arXiv API for papers of that title, one request per record, "
        f"{arxiv.PAUSE:g} s apart as arXiv asks.\n\n"
        "A paper is taken only when its normalised title (case, punctuation, accents and LaTeX aside)\n"
        "is the record's: a longer title that starts the same, or a paper whose newer version is\n"
        "titled otherwise, is no match. Two arXiv ids with that title are ambiguous, and neither is\n"
        "taken. Only empty fields are filled (arxiv_id, authors, published; authors_count with the\n"
        "authors): a value already there, a curator's or a source's, is never replaced, and a record\n"
        "whose arXiv id differs from the paper found is a conflict and keeps everything.\n\n"
        "Every record is looked up before anything is written; a failed request (no answer, HTTP 429\n"
        "or 5xx after the retries, a broken answer) stops the run and the store is left as it was.\n"
        "Then every record filled is written in one transaction.\n\n"
        "With --from-file, the candidates come from a curator's JSON file of findings instead of the\n"
        "API, checked the same way; a finding's note fills an empty `notes:` (for a paper with no\n"
        'arXiv version). Its entries: {"id", "title_as_found", "arxiv_id", "authors",\n'
        '"published", "evidence", "note"}; see digest/enrich/curated_file.py.',
        epilog="prints a line for each record looked up (filled, no match, ambiguous, conflict) and a summary.\n"
        + EXIT_CODES
        + ".",
    )
    enrich.add_argument("paper_ids", nargs="*", metavar="ID", help="only these records (default: every record)")
    enrich.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
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
        default=os.environ.get(arxiv.ENDPOINT_VARIABLE) or arxiv.ENDPOINT,
        help=f"the arXiv API's address, for a mirror or a test server (default: "
        f"${arxiv.ENDPOINT_VARIABLE}, else {arxiv.ENDPOINT})",
    )
    enrich.add_argument(
        "--timeout",
        type=_positive(float),
        default=30.0,
        metavar="SECONDS",
        help="give up on a connection or an answer silent this long, per try (default: %(default)s)",
    )
    enrich.add_argument(
        "--retries",
        type=_positive(int, zero=True),
        default=4,
        metavar="N",
        help="tries after the first, with backoff, after a timeout, a dropped connection, 429 or 5xx "
        "(default: %(default)s)",
    )
    enrich.set_defaults(run=_run_enrich)


def _positive(kind: Callable[[str], float], zero: bool = False, most: float = 1e6) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid number: {text!r}") from None
        if not math.isfinite(value):  # float() reads "nan" and "inf", which no wait or count can be
            raise argparse.ArgumentTypeError(f"{text} is not a number")
        if value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"{text} is not {'zero or more' if zero else 'more than zero'}")
        if value > most:
            raise argparse.ArgumentTypeError(f"{text} is more than {most:g}")
        return value

    return parse


def _arxiv(text: str) -> str:
    from .text.arxiv import arxiv_id  # noqa: PLC0415

    found = arxiv_id(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not an arXiv id like 2307.08691")
    return found


def _day_or_last(text: str) -> dt.date | str:
    return "last" if text == "last" else _day(text)


def _daily_plan(args: argparse.Namespace) -> list[Series]:
    from .fetch import hf_daily  # noqa: PLC0415

    if args.until is not None and args.since is None:
        raise UsageError("--until goes with --since")
    try:
        days = hf_daily.days_to_fetch(
            args.data / "sources",
            today=dt.datetime.now(dt.UTC).date(),
            date=args.date,
            since=args.since,
            until=args.until,
        )
    except ValueError as error:
        raise UsageError(f"digest fetch hf-daily: {error}") from None
    return [hf_daily.day_series(day, args.endpoint) for day in days]


def _arxiv_plan(args: argparse.Namespace) -> list[Series]:
    from .fetch import arxiv  # noqa: PLC0415

    if not args.query.strip():
        raise UsageError("digest fetch arxiv: --query is empty")
    return [arxiv.query_series(args.query, int(args.max), args.endpoint)]


def _run_fetch(args: argparse.Namespace) -> int:
    from .fetch.http import Client, HttpOptions  # noqa: PLC0415
    from .fetch.run import fetch  # noqa: PLC0415

    if getattr(args, "recorded", None) is not None:
        return _run_replay(args)
    started = time.perf_counter()
    series = args.plan(args)
    if not series:
        print("the store holds every day's listing through yesterday: nothing to fetch")
        return 0
    progress = _progress()
    client = Client(HttpOptions(timeout=args.timeout, retries=int(args.retries)), progress=progress)
    try:
        report = fetch(
            series, args.data, client=client, dry_run=args.dry_run, progress=progress, add=getattr(args, "add", ())
        )
    finally:
        client.close()
    for line in report.left_out:
        print(f"left out: {line}")
    for line in report.rejected:
        print(f"rejected before: {line}")
    if report.ingest is not None:
        _print_ingest(report.ingest, args.data, args.dry_run, started)
    listed = f"{report.listed} paper(s) listed" if report.listed else "no paper listed: nothing to do"
    print(
        f"fetched {report.pages} page(s): {listed}"
        + (f", {len(report.left_out)} left out as off-topic" if report.listed else "")
    )
    return 0


def _run_replay(args: argparse.Namespace) -> int:
    from .fetch.recorded import days_to_replay, replay  # noqa: PLC0415

    # A replay resumes after the newest day the store holds unless told a day: "last" is that default.
    since = None if args.since == "last" else args.since
    since, until = (args.date, args.date) if args.date else (since, args.until)
    days = days_to_replay(args.recorded, args.data / "sources", since=since, until=until)
    if not days:
        print(f"nothing to replay: the store holds every day {args.recorded} has in that range")
        return 0
    print(
        f"replaying {len(days)} day(s) of {args.recorded}, {days[0]} to {days[-1]}, into {args.data}"
        + (" (dry run: nothing written)" if args.dry_run else ""),
        file=sys.stderr,
    )
    started = time.perf_counter()
    report = replay(
        args.recorded,
        days,
        args.data,
        dry_run=args.dry_run,
        add=args.add,
        progress=lambda message: print(message, file=sys.stderr),
    )
    if args.dry_run:
        for paper_id in report.kept:
            print(f"would keep: {paper_id}")
        for line in report.left_out:
            print(f"would leave out: {line}")
    verb = "would be" if args.dry_run else "were"
    print(
        f"replayed {report.days} day(s): {report.listed} paper(s) listed, {len(report.kept)} {verb} kept as new "
        f"records, {len(report.left_out)} left out as off-topic, {len(report.rejected)} rejected before, "
        f"{report.updated} record(s) took a new sighting, in {time.perf_counter() - started:.0f} s"
    )
    return 0


def _run_enrich(args: argparse.Namespace) -> int:
    from .enrich.curated_file import file_lookup  # noqa: PLC0415
    from .enrich.match import missing  # noqa: PLC0415
    from .enrich.run import enrich  # noqa: PLC0415
    from .fetch.by_title import TitleLookup  # noqa: PLC0415
    from .fetch.http import Client, HttpOptions  # noqa: PLC0415
    from .records.model import Paper  # noqa: PLC0415

    started = time.perf_counter()
    if args.from_file is not None:
        findings, lookup = file_lookup(args.from_file)

        def wanted(paper: Paper) -> bool:  # a record the file has a finding for, that lacks what it may fill
            notes = any(found.note for found in findings.get(paper.id, [])) and not paper.notes.strip()
            return paper.id in findings and bool(missing(paper) or notes)

        report = enrich(
            args.data, lookup, paper_ids=args.paper_ids, dry_run=args.dry_run, progress=_progress(), wanted=wanted
        )
    else:
        client = Client(HttpOptions(timeout=args.timeout, retries=int(args.retries)))
        try:
            report = enrich(
                args.data,
                TitleLookup(client, args.endpoint),
                paper_ids=args.paper_ids,
                dry_run=args.dry_run,
                progress=_progress(),
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


def _progress() -> Callable[[str, bool], None]:
    """Progress on stderr: every milestone, and the rest at most every PROGRESS_EVERY seconds."""
    shown = time.perf_counter()

    def progress(message: str, milestone: bool) -> None:
        nonlocal shown
        if milestone or time.perf_counter() - shown >= PROGRESS_EVERY:
            print(message, file=sys.stderr)
            shown = time.perf_counter()

    return progress


def _run_ingest(args: argparse.Namespace) -> int:
    from .ingest import ingest  # noqa: PLC0415 (each command imports only what it runs)

    started = time.perf_counter()
    report = ingest(
        args.files,
        args.data,
        listing_year=args.listing_year,
        strict=args.strict,
        dry_run=args.dry_run,
        progress=_progress(),
        format_name=args.format_name,
    )
    _print_ingest(report, args.data, args.dry_run, started)
    return 0


def _print_ingest(report: IngestReport, data: Path, dry_run: bool, started: float) -> None:
    for line in report.skipped:
        print(f"skipped: {line}")
    for line in report.notes:
        print(f"note: {line}")
    for name in report.new:
        print(f"new: {name}")
    for name in report.updated:
        print(f"updated: {name}")
    verb = "would be" if dry_run else "were"
    print(
        f"{report.summary()} ({len(report.copied)} dump(s) {verb} copied to {data / 'sources'}) "
        f"in {time.perf_counter() - started:.2f} s" + ("; dry run: nothing written" if dry_run else "")
    )


def _run_check(args: argparse.Namespace) -> int:
    from .check import check_store  # noqa: PLC0415
    from .records.store import paper_paths  # noqa: PLC0415
    from .records.transaction import unfinished_writes  # noqa: PLC0415
    from .render.columns import TABLE_COLUMNS  # noqa: PLC0415

    notes: list[DataError] = []
    errors = check_store(args.data, notes, columns=TABLE_COLUMNS)
    for error in errors:
        print(error)
    for leftover in notes:
        print(f"note: {leftover}", file=sys.stderr)
    for note in unfinished_writes(args.data):
        print(f"note: {note}", file=sys.stderr)
    count = len(paper_paths(args.data))
    print(f"{count} records checked: " + (f"{len(errors)} problem(s)" if errors else "all clean"), file=sys.stderr)
    return 1 if errors else 0


def _run_pages(args: argparse.Namespace) -> int:
    from .build import build_files  # noqa: PLC0415
    from .render.site import write_site  # noqa: PLC0415
    from .render.templates import environment  # noqa: PLC0415

    if args.templates is not None and not args.templates.is_dir():
        raise UsageError(f"{args.templates}: --templates must name a folder of *.md.j2 templates")
    started = time.perf_counter()
    corpus, files = build_files(args.data, args.site_url, templates=environment(args.templates))
    try:
        written, unchanged = write_site(files, args.out)
    except OSError as error:  # a full disk, a read-only folder: the store is untouched, the pages incomplete
        raise WriteError(
            f"{args.out}: cannot write the pages ({error.strerror}); what is there is incomplete: "
            "free the space or pick another --out, and run it again"
        ) from None
    print(
        f"{len(corpus.papers)} papers -> {len(files)} files in {args.out} ({written} written, {unchanged} unchanged) "
        f"in {time.perf_counter() - started:.2f} s"
    )
    return 0


def _run_explain(args: argparse.Namespace) -> int:
    from .build import load_corpus  # noqa: PLC0415
    from .derive.classify import explain  # noqa: PLC0415
    from .derive.suggest import explain_suggestion  # noqa: PLC0415
    from .records.store import paper_path  # noqa: PLC0415
    from .text.sentences import split_sentences  # noqa: PLC0415

    path = paper_path(args.data, args.paper_id)
    if not path.is_file():
        raise UsageError(f"{path}: no paper with id {args.paper_id!r}")
    corpus = load_corpus(args.data)  # the model learns from every curated record
    derived = corpus.papers.get(args.paper_id)
    if derived is None:  # a path that reaches a record (../papers/x) is no id
        raise UsageError(
            f"no paper with id {args.paper_id!r}; an id is a record's file name in {args.data / 'papers'} without .yaml"
        )
    paper = derived.paper
    print(f"{paper.id}: {paper.title}\n")
    print("rules:")
    print(explain(paper.title, paper.abstract, corpus.taxonomy, paper.topics or None))
    if derived.suggestion is not None:
        curated = sum(d.is_curated("topics") for d in corpus.papers.values())
        print(f"\nmodel (trained on {curated} curated papers):")
        print(explain_suggestion(derived.suggestion, derived.is_curated("topics")))
    print("\nfacts:" if derived.facts else "\nfacts: none extracted")
    for fact in derived.facts:
        origin = "curated" if fact.curated else f"from: {fact.sentence}"
        print(f"  {fact.kind}: {fact.shown}{'' if fact.own else ' [context]'}  ({origin})")
    roles = "curated" if derived.is_curated("sentence_roles") else "read from cues and position"
    print(f"\nsentence roles ({roles}):")
    for role, sentence in zip(derived.roles, split_sentences(paper.abstract), strict=False):
        print(f"  {role:<10} {sentence}")
    if derived.headline:
        headline = derived.headline
        print(f"\nheadline: {headline.text}  ({'curated' if headline.curated else f'metric {headline.metric}'})")
    for key in sorted(
        derived.curated - {"topics", "tags", "sentence_roles", "headline"} - {fact.kind for fact in derived.facts}
    ):
        print(f"  {key}: {paper.overrides.get(key)!r}  (curated)")
    return 0


def _run_eval(args: argparse.Namespace) -> int:
    import json  # noqa: PLC0415

    from .build import load_evaluation  # noqa: PLC0415
    from .evaluate import evaluation_text  # noqa: PLC0415
    from .temporal import temporal_text  # noqa: PLC0415

    started = time.perf_counter()
    report = load_evaluation(args.data, args.folds or None, args.split.isoformat() if args.split else None)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(evaluation_text(report))
        if report.temporal is not None:
            print(f"\n{temporal_text(report.temporal)}")
        print(f"in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


def _run_search(args: argparse.Namespace) -> int:
    from .search import load_index, search  # noqa: PLC0415

    query = " ".join(args.query)
    hits = search(load_index(args.site), query, limit=args.limit)
    if not hits:
        print(f"no page matches {query!r}")
        return 1
    for rank, hit in enumerate(hits, start=1):
        print(f"{rank:>3}. {hit.page_title}  [{hit.score:.1f}]\n     /{hit.location}")
    sys.stdout.flush()  # inside main's try: a closed pipe is reported here, not at exit
    return 0


if __name__ == "__main__":
    sys.exit(main())
