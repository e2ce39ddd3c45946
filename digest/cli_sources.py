"""The commands that bring papers in: `ingest` (dumps) and `fetch` (an API, or a replay of
recorded answers with `fetch hf-daily --from`); `enrich` completes them (cli_enrich.py)."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .cli_types import (
    EXIT_CODES,
    REPO_DATA,
    Commands,
    ParagraphsFormatter,
    add_data_option,
    arxiv,
    day,
    day_or_last,
    positive,
    year,
)
from .errors import FetchError, UsageError
from .sources import format_names
from .text.plural import counted

if TYPE_CHECKING:
    from .fetch.plan import Series
    from .fetch.run import Asked, NearFloor
    from .ingest import IngestReport

PROGRESS_EVERY = 2.0  # seconds between two progress lines of a long ingest


def add_ingest(commands: Commands) -> None:
    """`digest ingest`: listing dumps into the records."""
    ingest = commands.add_parser(
        "ingest",
        help="parse listing dumps and merge them into the records",
        formatter_class=ParagraphsFormatter,
        description="Parse source files (Hugging Face Daily Papers text dumps in any of their three layouts, or API "
        "answers as `digest fetch` keeps them: see --format), keep a "
        "copy of each under DATA/sources/, and merge their papers into DATA/papers/<id>.yaml: one "
        "record per paper across all dumps (matched on the normalised title), each sighting kept "
        "under `sources`. A dump may fill an empty field but never erases one, curator fields "
        "(topics, tags, notes, overrides) are never touched, and re-ingesting a dump changes nothing. "
        "Every paper of a file is kept: the on-topic filter is digest fetch's, which also replays "
        "recorded API answers through it.\n\n"
        "Bad entries (a title with no abstract, an over-long line, an impossible date) are reported "
        "and skipped while the rest of the file is ingested; with --strict one bad entry refuses "
        "the whole run. A file of no format it reads (missing, not a regular file, empty, binary, not "
        "UTF-8, other JSON, XML, HTML or YAML, or more unreadable blocks than entries) always "
        "stops the run. A run that stops writes nothing at all.\n\n"
        "One run at a time writes to a store: a second waits for the first, then merges into what it "
        "wrote. A run stopped while writing (Ctrl-C, kill -9, a full disk) leaves the store as it was, "
        "or with its write committed, which the next ingest finishes first.",
        epilog=EXIT_CODES + ".",
    )
    ingest.add_argument("files", nargs="+", type=Path, metavar="FILE", help="dump files to ingest")
    add_data_option(ingest)
    ingest.add_argument(
        "--listing-year",
        type=year,
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


def add_fetch(commands: Commands) -> None:
    """`digest fetch hf-daily` and `digest fetch arxiv`."""
    from .fetch import arxiv as arxiv_api  # noqa: PLC0415
    from .fetch import hf_daily  # noqa: PLC0415

    def options(source: argparse.ArgumentParser, variable: str, url: str) -> None:
        add_data_option(source)
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
            type=positive(float, most=3600),
            default=30.0,
            metavar="SECONDS",
            help="give up on a connection or an answer silent this long, per try (default: %(default)s)",
        )
        source.add_argument(
            "--retries",
            type=positive(int, zero=True, most=100),
            default=4,
            metavar="N",
            help="tries after the first, with backoff, after a timeout, a dropped connection, 429 or "
            "5xx; a Retry-After is honoured (default: %(default)s); a server name that does not resolve "
            "is tried once more only",
        )

    fetch = commands.add_parser(
        "fetch",
        help="download new papers from the Hugging Face Daily Papers API or arXiv, keep those on topic",
        formatter_class=ParagraphsFormatter,
        description="Download listings from an API, keep each answer under DATA/sources/ (when a record "
        "cites it) and ingest it as `digest ingest` does. Only papers the on-topic model (trained on "
        "the curated and rejected papers) gives at least the fetch floor become new records (the rules "
        "decide while too few are curated); the others are counted and listed as left out (`digest "
        "eval` gives the floor and what it keeps and drops, `digest eval --days` on whole days), and "
        "those the model puts just under the floor are named again, as near it: about one in ten of "
        "them is on topic, so read them, and keep one with --date DAY --add ARXIV_ID. "
        "A paper already in the store takes its new sighting whatever its topic.\n\n"
        "To add one paper you found: 'digest fetch hf-daily --from DIR --add ARXIV_ID' finds the recorded "
        "day that lists it and replays that day only ('--date DAY --add ARXIV_ID' without --from asks the API "
        "for the day); then 'digest accept ID --topics a,b'. For a paper in no listing, see the README.\n\n"
        "Every page is downloaded and read before anything is written: a failed or broken answer "
        "(no answer in time, HTTP 429 or 5xx after the retries, the wrong content type, JSON or XML "
        "cut off) stops the fetch with the reason, and the store is left as it was.",
        epilog=EXIT_CODES + "; 1 also for a failed download.",
    )
    sources = fetch.add_subparsers(title="sources", metavar="SOURCE", required=True)
    daily = sources.add_parser(
        "hf-daily",
        help="the Hugging Face Daily Papers of a day, or of several",
        formatter_class=ParagraphsFormatter,
        description="Fetch the Hugging Face Daily Papers listing of a day (default: yesterday, UTC) from "
        "/api/daily_papers, or of every day from --since through --until.\n\n"
        "To add one paper you found, whatever the filter says, by its arXiv id (a paper in no listing: "
        "see the README):\n\n"
        "  digest fetch hf-daily --from DIR --add 2412.17483   # finds its day in DIR\n"
        "  digest fetch hf-daily --date DAY --add 2412.17483   # a day DIR lacks: the API\n"
        "  digest accept ID --topics kernels                   # ID as it printed",
        epilog=EXIT_CODES + "; 1 also for a failed download, or when no paper named with --add is kept.",
    )
    options(daily, hf_daily.ENDPOINT_VARIABLE, hf_daily.ENDPOINT)
    when = daily.add_mutually_exclusive_group()
    when.add_argument("--date", type=day, metavar="DAY", help="the day to fetch, YYYY-MM-DD (default: yesterday)")
    when.add_argument(
        "--since",
        type=day_or_last,
        metavar="DAY|last",
        help="fetch every day from DAY; 'last': from the day after the newest listing the store "
        f"keeps, at most the last {hf_daily.CATCH_UP_DAYS} days (the days before those are named, not "
        "fetched); with --from, 'last' is what a replay takes anyway: every day of DIR whose listing the "
        "store lacks",
    )
    daily.add_argument(
        "--until",
        type=day,
        metavar="DAY",
        help="the last day of --since (default: yesterday); with --from, the last day to replay, with --since "
        "or without it (then: the days of DIR whose listing the store lacks, through DAY)",
    )
    daily.add_argument(
        "--from",
        type=Path,
        dest="recorded",
        metavar="DIR",
        help="replay recorded answers (DIR/hf-daily-DAY.json) instead of asking the API: every "
        "day of DIR whose listing the store does not keep, whenever it is (or every day from --since), "
        "through --until, through the same filter and ingest, a week per transaction: a stopped replay "
        "resumes",
    )
    daily.add_argument(
        "--add",
        action="append",
        default=[],
        type=arxiv,
        metavar="ARXIV_ID",
        help="keep this paper whatever the filter says (a curator adding one they found, or one it missed); "
        "repeat for more. With --from and no --date or --since, the replay finds the days of DIR that list "
        "it and replays those only. Each one not kept is named with why (not listed on the days fetched, or "
        "rejected before), and the fetch exits 1 when none is",
    )
    daily.set_defaults(run=_run_fetch, plan=_daily_plan)
    query = sources.add_parser(
        "arxiv",
        help="the newest arXiv papers that match a search query",
        description="Fetch the newest papers matching an arXiv API search query (newest first, in pages "
        f"of {arxiv_api.PAGE_SIZE}, {arxiv_api.PAUSE:g} s apart as arXiv asks), or, with --add and no "
        "--query, the papers of given arXiv ids, kept whatever the filter says.",
        epilog=EXIT_CODES + "; 1 also for a failed download, or when no paper named with --add is kept.",
    )
    options(query, arxiv_api.ENDPOINT_VARIABLE, arxiv_api.ENDPOINT)
    query.add_argument("--query", help="an arXiv search query, e.g. 'abs:\"KV cache\" AND cat:cs.DC'")
    query.add_argument(
        "--add",
        action="append",
        default=[],
        type=arxiv,
        metavar="ARXIV_ID",
        help="keep this paper whatever the filter says (a curator adding one they found); repeat for more. "
        "Without --query, asks arXiv for these papers only: the way to add a paper that no recorded "
        "listing holds",
    )
    query.add_argument(
        "--max",
        type=positive(int, most=10_000),
        default=100,
        metavar="N",
        help="at most this many results (default: %(default)s)",
    )
    query.set_defaults(run=_run_fetch, plan=_arxiv_plan)


def _daily_plan(args: argparse.Namespace) -> list[Series]:
    from .fetch import hf_daily  # noqa: PLC0415

    if args.until is not None and args.since is None:
        raise UsageError("--until goes with --since")
    try:
        today = dt.datetime.now(dt.UTC).date()
        days = hf_daily.days_to_fetch(
            args.data / "sources",
            today=today,
            date=args.date,
            since=args.since,
            until=args.until,
        )
    except ValueError as error:
        raise UsageError(f"digest fetch hf-daily: {error}") from None
    if args.since == "last" and (skipped := hf_daily.left_behind(args.data / "sources", days, today)):
        first, last = skipped
        count = (last - first).days + 1
        until = min(last, first + dt.timedelta(days=hf_daily.MAX_DAYS - 1))  # what one fetch may ask for
        data = f" --data {args.data}" if args.data != REPO_DATA else ""
        which = "them" if until == last else f"the first {hf_daily.MAX_DAYS} of them (a fetch takes at most that many)"
        print(
            f"--since last fetches at most the last {hf_daily.CATCH_UP_DAYS} days ({days[0]} to {days[-1]}): "
            f"the {count} day(s) from {first} to {last}, after the newest listing the store keeps, are not "
            f"fetched; 'digest fetch hf-daily --since {first} --until {until}{data}' fetches {which}"
        )
    return [hf_daily.day_series(day, args.endpoint) for day in days]


def _arxiv_plan(args: argparse.Namespace) -> list[Series]:
    from .fetch import arxiv  # noqa: PLC0415

    if args.query is None and args.add:
        return [arxiv.id_series(list(dict.fromkeys(args.add)), args.endpoint)]
    if args.query is None:
        raise UsageError("digest fetch arxiv: give --query, or --add ARXIV_ID for given papers")
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
    progress = progress_lines()
    client = Client(HttpOptions(timeout=args.timeout, retries=int(args.retries)), progress=progress)
    try:
        report = fetch(
            series, args.data, client=client, dry_run=args.dry_run, progress=progress, add=getattr(args, "add", ())
        )
    finally:
        client.close()
    for line in report.left_out.values():
        print(f"left out: {line}")
    for line in report.rejected.values():
        print(f"rejected before: {line}")
    _print_near_floor(report.near_floor)
    status = _say_what_became_of(getattr(args, "add", ()), report.asked, args.data, "the listings fetched")
    if report.ingest is not None:
        _print_ingest(report.ingest, args.data, args.dry_run, started)
    listed = f"{report.listed} paper(s) listed" if report.listed else "no paper listed: nothing to do"
    print(
        f"fetched {report.pages} page(s): {listed}"
        + (
            f", {len(report.left_out)} left out as off-topic{_near(report.near_floor)}, "
            f"{len(report.rejected)} rejected before, {report.held} in the store already"
            if report.listed
            else ""
        )
    )
    return status


def _run_replay(args: argparse.Namespace) -> int:
    from .fetch.recorded import days_to_replay, recorded_days, replay  # noqa: PLC0415

    since, until = _replay_range(args)
    unlisted: dict[str, str] = {}
    if args.add and since is None:  # a paper a curator found: only the days that list it
        days, unlisted = _days_listing_added(args.recorded, args.add, until)
    else:
        days = days_to_replay(args.recorded, args.data / "sources", since=since, until=until)
    if not days and since is not None:
        when = f"on {since}" if since == until else f"from {since} to {until}" if until else f"on or after {since}"
        print(f"nothing to replay: {args.recorded} has no recorded day {when}")
        return 0
    if not days:
        print(
            f"nothing to replay: the store keeps the listing of every day {args.recorded} has in that range "
            "(to judge kept days again, a fuller answer of a day say, give --since DAY)"
        )
        return 0
    # Without --since, the folder's days not taken are those whose listing the store keeps.
    left = [day for day in recorded_days(args.recorded) if day not in days and (until is None or day <= until)]
    print(
        f"replaying {len(days)} day(s) of {args.recorded}, {days[0]} to {days[-1]}, into {args.data}"
        + (
            ": the day(s) that list the paper(s) named with --add"
            if args.add and since is None
            else f": those whose listing the store does not keep (never replayed, or no paper of theirs kept); "
            f"the {len(left)} it keeps are left (--since DAY replays them too)"
            if since is None and left
            else ""
        )
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
        chosen=since is not None,
    )
    # Each new record by id, as a live fetch names them, for a curator to read; the papers left out
    # only in a dry run, since a real replay of many days lists thousands.
    for paper_id in report.kept:
        print(f"would keep: {paper_id}" if args.dry_run else f"new: {paper_id}")
    for line in report.left_out.values() if args.dry_run else ():
        print(f"would leave out: {line}")
    _print_near_floor(report.near_floor, args.recorded)
    status = _say_what_became_of(
        args.add, report.asked, args.data, f"the days replayed ({days[0]} to {days[-1]})", unlisted
    )
    one = len(report.kept) == 1
    verb, took = ("would be", "would take") if args.dry_run else ("was" if one else "were", "took")
    print(
        f"replayed {report.days} day(s): {report.listed} paper(s) listed: {len(report.kept)} {verb} kept as "
        f"{'a new record' if one else 'new records'}, {len(report.left_out)} left out as off-topic"
        f"{_near(report.near_floor)}, "
        f"{len(report.rejected)} rejected before, "
        f"{report.held} in the store already ({len(report.updated)} of them {took} a new sighting), "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return status


def _days_listing_added(
    folder: Path, add: Sequence[str], until: dt.date | None
) -> tuple[list[dt.date], dict[str, str]]:
    """The recorded days to replay to keep the papers of `add` (through `until`): those whose answer
    lists one, each said; and why each paper that none lists is not added. None listed: an error."""
    from .fetch.recorded import days_listing  # noqa: PLC0415

    found = days_listing(folder, add)
    unlisted = {}
    for arxiv_id, listed in found.items():
        days = [day for day in listed if until is None or day <= until]
        if days:
            on = " and ".join(str(day) for day in days)
            which = "that day" if len(days) == 1 else "those days"
            print(f"--add {arxiv_id}: listed on {on} in {folder}: replaying {which} only", file=sys.stderr)
            continue
        through = f" through {until}" if until is not None and listed else ""
        unlisted[arxiv_id] = (
            f"no recorded day of {folder}{through} lists it; if the Daily Papers listed it on a day the folder "
            f"lacks, 'digest fetch hf-daily --date DAY --add {arxiv_id}' asks the API for that day; a paper in no "
            "listing is added by hand (README, 'Add one paper you found')"
        )
    days = sorted({day for listed in found.values() for day in listed if until is None or day <= until})
    if not days:
        raise FetchError("; ".join(f"--add {arxiv_id}: {why}" for arxiv_id, why in unlisted.items()))
    return days, unlisted


def _replay_range(args: argparse.Namespace) -> tuple[dt.date | None, dt.date | None]:
    """The first and last day a replay takes, checked as a live fetch checks them. Unless told a day,
    a replay takes the days whose listing the store does not keep: "last" is that default, and
    --until alone ends them."""
    if args.date is not None:
        if args.until is not None:
            raise UsageError("--until goes with --since, not with --date")
        return args.date, args.date
    since = None if args.since == "last" else args.since
    if since is not None and args.until is not None and since > args.until:
        raise UsageError(f"digest fetch hf-daily: --since {since} is after {args.until}")
    return since, args.until


def _print_near_floor(papers: Sequence[NearFloor], recorded: Path | None = None) -> None:
    """The papers left out near the filter's floor, for a curator to read: one in ten is on topic.
    After a replay, the command that keeps one replays its day too: without --from it would fetch it."""
    if papers:
        replay = f"--from {shlex.quote(str(recorded))} " if recorded else ""
        print(
            f"near the floor: {counted(len(papers), 'paper')} left out just under it, where about one paper in "
            f"ten is on topic; read them, and keep one on topic with {replay}--date DAY --add ARXIV_ID (DAY as listed):"
        )
        for paper in papers:
            print(f"  {paper.line}")


def _near(papers: Sequence[NearFloor]) -> str:
    return f" ({len(papers)} near the floor)" if papers else ""


def _say_what_became_of(
    add: Sequence[str], asked: Mapping[str, Asked], data: Path, listings: str, unlisted: Mapping[str, str] = {}
) -> int:
    """Say why each paper named with --add was not kept (a curator asked for it by name: silence
    reads as done; `unlisted`: why, for a paper no listing read names), and, for one kept, what
    comes next; the exit status: 1 when none of them was."""
    from .records.lookup import holding_arxiv_id  # noqa: PLC0415
    from .records.rejected import load_rejection, rejected_path  # noqa: PLC0415
    from .review import how_to_bring_back  # noqa: PLC0415

    kept = 0
    for arxiv_id in dict.fromkeys(add):
        found = asked.get(arxiv_id)
        if found is None:
            why = unlisted.get(arxiv_id) or f"not listed in {listings}; --add keeps only a paper listed there"
            print(f"not added: {arxiv_id}: {why}")
        elif found.outcome == "rejected":
            print(f"not added: {arxiv_id}: {how_to_bring_back(load_rejection(rejected_path(data, found.paper_id)))}")
        else:
            kept += 1
            if found.outcome == "held":
                print(f"held already: {arxiv_id}: the store holds it as {found.paper_id}")
            elif holder := holding_arxiv_id(data, arxiv_id):  # none in a dry run
                print(f"added: {arxiv_id} as {holder.stem}; set its topics: digest accept {holder.stem} --topics a,b")
    return 1 if add and not kept else 0


def progress_lines() -> Callable[[str, bool], None]:
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
        progress=progress_lines(),
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
