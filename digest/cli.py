"""The `digest` command line: ingest dumps, check records, write pages, explain and search."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .errors import DigestError

REPO_DATA = Path(__file__).resolve().parent.parent / "data"


def main(argv: list[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except DigestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: nothing was written", file=sys.stderr)
        return 130


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="digest", description="ML Systems Paper Digest: paper records in, a searchable site out.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Run 'digest COMMAND --help' for the options of one command.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    data_help = f"the data folder holding papers/, sources/ and taxonomy.yaml (default: {REPO_DATA})"

    ingest = commands.add_parser(
        "ingest", help="parse Hugging Face Daily Papers dumps and merge them into the records",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Parse Hugging Face Daily Papers text dumps (all three layouts), keep a copy of each\n"
        "under DATA/sources/, and merge their papers into DATA/papers/<id>.yaml: one record per\n"
        "paper across all dumps (matched on the normalised title), each sighting kept under\n"
        "`sources`. A dump may fill an empty field but never erases one, curator fields (topics,\n"
        "tags, notes, overrides) are never touched, and re-ingesting a dump changes nothing.\n\n"
        "Bad entries (a title with no abstract, an over-long line, an impossible date) are reported\n"
        "and skipped while the rest of the file is ingested; with --strict one bad entry refuses\n"
        "the whole run. A file that is not a readable text dump (missing, a directory, empty,\n"
        "binary, not UTF-8) always stops the run. A run that stops writes nothing at all.")
    ingest.add_argument("files", nargs="+", type=Path, metavar="FILE", help="dump files to ingest")
    ingest.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    ingest.add_argument("--listing-year", type=int, metavar="YEAR",
                        help="year of the listing, given to dates shown without one ('Mar 6'); "
                        "without it such dates keep an unknown year (published stays empty)")
    ingest.add_argument("--strict", action="store_true", help="refuse a whole file when any entry in it is bad")
    ingest.add_argument("--dry-run", action="store_true", help="report what would change, write nothing")
    ingest.set_defaults(run=_run_ingest)

    check = commands.add_parser(
        "check", help="validate every record and the store as a whole",
        description="Validate every record (schema, types, dates), and the store: duplicate ids or titles, "
        "unknown topic names, overrides naming papers that do not exist, sources that are not kept. "
        "Prints one 'file:line: field: message' per problem and exits 1 if there is any.")
    check.add_argument("--data", type=Path, default=REPO_DATA, help=data_help)
    check.set_defaults(run=_run_check)
    return parser


def _run_ingest(args) -> int:
    from .ingest import ingest

    started = time.perf_counter()
    total = len(args.files)

    def progress(path, parsed):
        index = progress.count = getattr(progress, "count", 0) + 1
        print(f"[{index}/{total}] {path}: {len(parsed.entries)} entries ({parsed.layout} layout), "
              f"{len(parsed.problems)} skipped", file=sys.stderr)

    report = ingest(args.files, args.data, listing_year=args.listing_year, strict=args.strict,
                    dry_run=args.dry_run, progress=progress)
    for line in report.skipped:
        print(f"skipped: {line}")
    for name in report.new:
        print(f"new: {name}")
    for name in report.updated:
        print(f"updated: {name}")
    verb = "would be" if args.dry_run else "were"
    print(f"{report.summary()} ({len(report.copied)} dump(s) {verb} copied to {args.data / 'sources'}) "
          f"in {time.perf_counter() - started:.2f} s" + ("; dry run: nothing written" if args.dry_run else ""))
    return 0


def _run_check(args) -> int:
    from .check import check_store
    from .store import paper_paths

    errors = check_store(args.data)
    for error in errors:
        print(error)
    count = len(paper_paths(args.data))
    print(f"{count} records checked: " + (f"{len(errors)} problem(s)" if errors else "all clean"), file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
