"""The related papers of two random samples of papers, against a researcher's reading of each link.

    .venv/bin/python benchmarks/related_audit.py        # each sampled paper's list, with the verdicts
    .venv/bin/python benchmarks/related_audit.py -q     # the counts only

A sample is `random.sample` of the records with topics (`other` included), in id order, 15 papers,
with seed 62 (the papers a reader audited) and seed 63. benchmarks/audits/related/verdicts.yaml
holds one verdict per (paper, related paper): good (same problem or technique, a baseline, a
predecessor or successor), weak (the same broad area only) or wrong (unrelated, or a shared word
only). A link of no verdict is counted as unread and printed: read it and add its verdict.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.build import load_corpus

VERDICTS = ROOT / "benchmarks" / "audits" / "related" / "verdicts.yaml"
SEEDS = (62, 63)
SAMPLE = 15
KINDS = ("good", "weak", "wrong", "unread")


def sample(paper_ids: list[str], seed: int) -> list[str]:
    random.seed(seed)
    return random.sample(sorted(paper_ids), SAMPLE)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-q", "--quiet", action="store_true", help="print the counts only")
    args = parser.parse_args()
    verdicts = yaml.safe_load(VERDICTS.read_text(encoding="utf-8")) or {}
    corpus = load_corpus(ROOT / "data")
    papers = corpus.papers
    with_topics = [pid for pid, d in papers.items() if d.paper.topics]
    for seed in SEEDS:
        counts: Counter[str] = Counter()
        for pid in sample(with_topics, seed):
            d = papers[pid]
            if not args.quiet:
                print(f"\n{pid}: {d.paper.title}\n  topics {', '.join(d.topics)}; tags {', '.join(d.tags)}")
            for item in d.related:
                other, score = item[0], item[1]
                verdict = verdicts.get(pid, {}).get(other, "unread")
                counts[verdict] += 1
                if not args.quiet:
                    why = getattr(item, "reason", "likeness")
                    shared = ", ".join(getattr(item, "shared", ()))
                    print(f"  [{verdict}] {score:.3f} {other} ({why}: {shared}) | {papers[other].paper.title[:70]}")
        total = sum(counts.values())
        print(
            f"seed {seed}: {total} links, " + ", ".join(f"{counts[k]} {k}" for k in KINDS if counts[k] or k != "unread")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
