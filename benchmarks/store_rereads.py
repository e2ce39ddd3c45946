"""How far two readers agree, paper by paper: the store's curated topics, headlines and sentence
roles against the second reading in data/rereads/ (digest/rereads.py; `digest eval` and the Method
page show the totals, next to the machine's).

    .venv/bin/python benchmarks/store_rereads.py        # the totals, as digest eval prints them
    .venv/bin/python benchmarks/store_rereads.py -v     # and each paper the readers differ on
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.derive.taxonomy import load_taxonomy
from digest.records.rejected import load_rejections
from digest.records.store import TAXONOMY_FILE, load_papers
from digest.rereads import REREADS_DIR, agreement, agreement_lines, read_rereads


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list each paper the readers differ on")
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the data folder (default: %(default)s)")
    args = parser.parse_args()
    rejected, errors = load_rejections(args.data)
    if errors:
        raise errors[0]
    papers = load_papers(args.data)
    found = agreement(
        read_rereads(args.data / REREADS_DIR),
        papers,
        [r.paper.id for r in rejected],
        load_taxonomy(args.data / TAXONOMY_FILE),
    )
    if found is None:
        sys.exit(f"no reading in {args.data / REREADS_DIR}")
    print("\n".join(agreement_lines(found)).strip())
    if args.verbose:
        print("topics differ:", ", ".join(found.topics.differing) or "none")
        print("headlines differ:")
        for paper_id, store, second in found.headlines.differing:
            print(f"  {paper_id}: store {store} | second {second}")


if __name__ == "__main__":
    main()
