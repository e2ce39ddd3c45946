"""Ingest of one large dump: the 50 MB, 146,562-entry listing of issue 14.

Generates the dump once (benchmarks/generate.py `write_large_dump`, cached in benchmarks/work/),
then times, each in its own process (wall time; peak RSS from wait4):
  dry run   `digest ingest --dry-run` into an empty store: read, parse and merge, nothing written
  ingest    `digest ingest` into an empty store: the same, then every record staged and committed

    .venv/bin/python benchmarks/large_dump.py                   # the 50 MB dump
    .venv/bin/python benchmarks/large_dump.py --entries 30000   # a smaller one
    .venv/bin/python benchmarks/large_dump.py --profile         # pyinstrument reports, in benchmarks/work/
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from generate import write_large_dump
from run import BIN, REPO, WORK, run_child

ISSUE_ENTRIES = 146_562


def fresh_store(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(REPO / "data" / name, folder / name)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=ISSUE_ENTRIES, help="entries in the dump (default: %(default)s)")
    parser.add_argument("--profile", action="store_true", help="run each stage under pyinstrument instead of timing it")
    args = parser.parse_args()
    dump = WORK / f"large-{args.entries}.txt"
    if not dump.exists():
        write_large_dump(dump, args.entries)
    print(f"{dump}: {dump.stat().st_size / 1e6:.1f} MB, {args.entries:,} entries")
    for stage, extra in (("dry run", ["--dry-run"]), ("ingest", [])):
        store = fresh_store(WORK / "large-store")
        command = [str(BIN / "digest"), "ingest", *extra, "--data", str(store), "--listing-year", "2025", str(dump)]
        if args.profile:
            report = WORK / f"large-{stage.replace(' ', '-')}.txt"
            command = [str(BIN / "pyinstrument"), "-r", "text", "-o", str(report), *command]
        seconds, rss, _ = run_child(command)
        records = len(list((store / "papers").glob("*.yaml"))) if (store / "papers").exists() else 0
        print(
            f"{stage:8}  {seconds:7.1f} s  {seconds / args.entries * 1000:.2f} ms/entry  peak RSS {rss:5.0f} MiB  "
            f"{records:,} records written" + (f"  (profile: {report})" if args.profile else "")
        )
        shutil.rmtree(store)
    return 0


if __name__ == "__main__":
    sys.exit(main())
