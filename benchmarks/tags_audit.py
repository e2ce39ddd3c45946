"""The tag rules of data/taxonomy.yaml scored against a blind reading of the papers' tags.

benchmarks/audits/tags/verdicts.jsonl holds, for 243 stored papers, the tags the digest gave them
at 08ad333, a reader's verdict on each (fits or wrong) and the tags the reader found missing. The
readers followed benchmarks/audits/tags/GUIDE.md and saw neither the code nor the store. A paper's
true tags are those that fit and those found missing. The papers were read in three batches: a
rule changed while looking at batches 0 and 1 is measured on batch 2. "As shown" scores the tags the
site shows: a curator's `overrides.tags` in place of the rules', and a record's own `tags:` added.

    .venv/bin/python benchmarks/tags_audit.py       # precision and recall, by batch group
    .venv/bin/python benchmarks/tags_audit.py -v    # and each tag given wrongly or missed
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.derive.classify import classify
from digest.derive.overrides import shown_tags
from digest.derive.taxonomy import load_taxonomy
from digest.records.store import TAXONOMY_FILE, load_papers

VERDICTS = ROOT / "benchmarks" / "audits" / "tags" / "verdicts.jsonl"
# The reading names tags as the site named them at 08ad333; a tag renamed since is matched by slug.
FORMER_NAMES = {"MoE": "moe"}
GROUPS = (("batches 0 and 1", (0, 1)), ("batch 2", (2,)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list each tag given wrongly or missed")
    args = parser.parse_args()
    taxonomy = load_taxonomy(ROOT / "data" / TAXONOMY_FILE)
    name_of = {tag.slug: tag.name for tag in taxonomy.tags}
    slug_of = {tag.name: tag.slug for tag in taxonomy.tags} | FORMER_NAMES
    papers = {paper.id: paper for paper in load_papers(ROOT / "data")}
    readings = [json.loads(line) for line in VERDICTS.read_text(encoding="utf-8").splitlines() if line.strip()]
    for shown in (False, True):
        for label, batches in GROUPS:
            right = wrong = missed = 0
            errors: Counter[str] = Counter()
            for reading in readings:
                paper = papers.get(reading["id"])
                if paper is None or reading["batch"] not in batches:
                    continue  # a paper no longer stored
                slugs = classify(paper.title, paper.abstract, taxonomy).tags
                if shown:
                    slugs = shown_tags(paper, slugs)
                given = set(slugs)
                true = {slug_of[tag] for tag, verdict in reading["verdicts"].items() if verdict.startswith("fits")}
                true |= {slug_of[tag] for tag in reading["missing"]}
                right, wrong, missed = right + len(given & true), wrong + len(given - true), missed + len(true - given)
                errors.update(f"given wrongly: {name_of[slug]}" for slug in given - true)
                errors.update(f"missed: {name_of[slug]}" for slug in true - given)
            precision = right / (right + wrong) if right + wrong else 1.0
            recall = right / (right + missed) if right + missed else 1.0
            print(f"{'as shown' if shown else 'the rules'}, {label}: {right} right, {wrong} given wrongly, ", end="")
            print(f"{missed} missed; precision {precision:.3f}, recall {recall:.3f}")
            if args.verbose:
                for error, count in errors.most_common():
                    print(f"  {count:3}  {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
