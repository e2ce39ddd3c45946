"""Fill `code_repository` and `project_page` in records from the Daily Papers answers they cite.

    .venv/bin/python scripts/backfill_listing_links.py [--data data] [--dry-run]

Ingest fills them from a listing's `githubRepo` and `projectPage` as it records a sighting; a
record ingested before it kept them gets them here, from the answers kept in data/sources, read
and filled the same way (digest/ingest.py: `backfill_listing_links`). A field that has a value
keeps it, so running this again changes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from digest.errors import DigestError
from digest.ingest import backfill_listing_links


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("data"), help="the store (default: data)")
    parser.add_argument("--dry-run", action="store_true", help="say what would be written, write nothing")
    args = parser.parse_args(argv)
    try:
        report = backfill_listing_links(args.data, dry_run=args.dry_run)
    except DigestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for note in report.notes:
        print(f"note: {note}")
    filled = report.filled.values()
    verb = "would fill" if args.dry_run else "filled"
    print(
        f"{verb} {len(report.filled)} record(s): a code repository in "
        f"{sum('code_repository' in names for names in filled)}, a project page in "
        f"{sum('project_page' in names for names in filled)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
