"""Fill `added` (the day the store first saw a paper) in records that lack it; never rewrites one.

    .venv/bin/python scripts/backfill_added.py [--data data] [--dry-run]

Safe to run again after the store grows: records that have a date keep it (digest/records/added.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from digest.errors import DigestError
from digest.records.added import backfill_added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("data"), help="the store (default: data)")
    parser.add_argument("--dry-run", action="store_true", help="say what would be written, write nothing")
    args = parser.parse_args(argv)
    try:
        report = backfill_added(args.data, dry_run=args.dry_run)
    except DigestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    verb = "would fill" if args.dry_run else "filled"
    print(
        f"{verb} {len(report.filled)} record(s); {report.kept} had a date; "
        f"{len(report.undated)} have no whole date to go by: {', '.join(report.undated) or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
