"""Would more curated papers make the topic model better? The temporal evaluation (digest/temporal.py)
again, each period's model trained on a share of the papers before it.

For each share, a paper is in or out of training by a draw on its id and a seed, so the same papers
are left out of every period, and a larger share keeps those of a smaller one with the same seed.
Every paper after the split is still predicted. Printed per share, the mean over the seeds (with
their range):

- the pooled macro-F1, as `digest eval` reports it;
- the macro-F1 of the topics with at least MIN_SUPPORT papers predicted, the fallback aside: a topic
  with one or three papers in the periods moves the pooled figure by a sixth of a point with one paper;
- what the fetch filter at its floor keeps of the papers in a topic, and of the decided papers in
  none (most of them near misses an earlier filter kept and a curator rejected: not a whole day).

A curve still rising at the full share says more curation would help; a flat one says the features
are what holds the model back.

    .venv/bin/python benchmarks/learning_curve.py                      # shares 0.25 to 1, 3 seeds
    .venv/bin/python benchmarks/learning_curve.py --shares 0.5,1 --seeds 1 --data DIR
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from digest.derive.suggest import Learnable, fit_text
from digest.derive.taxonomy import load_taxonomy
from digest.derive.training import training_set
from digest.evaluate import TopicScores
from digest.records.store import TAXONOMY_FILE
from digest.temporal import TemporalEvaluation, evaluate_temporal

MIN_SUPPORT = 10


def drawn(share: float, seed: int) -> Callable[[Learnable], bool]:
    """Whether a paper is trained on: a draw on its id, the same in every period."""
    return lambda item: random.Random(f"{seed}:{item.paper.id}").random() < share


def large(topics: Sequence[TopicScores], fallback: str) -> list[TopicScores]:
    """The topics with at least MIN_SUPPORT papers predicted, the fallback aside (its F1 sits near 1
    whatever the model, and would flatten the curve)."""
    return [t for t in topics if t.support >= MIN_SUPPORT and t.slug != fallback]


def large_topics_f1(topics: Sequence[TopicScores], fallback: str) -> float:
    """The mean F1 of what ships over the `large` topics."""
    large_f1 = [t.scores["ships"].f1 for t in large(topics, fallback)]
    return mean(large_f1) if large_f1 else float("nan")


def figures(report: TemporalEvaluation, fallback: str) -> tuple[float, float, float, float, int]:
    kept = report.fetch_filter
    on = kept.kept / kept.in_topic if kept.in_topic else float("nan")
    off = 1 - kept.dropped / kept.fallback if kept.fallback else float("nan")
    return report.macro_f1("ships"), large_topics_f1(report.topics, fallback), on, off, report.trained_on


def _spread(values: Sequence[float], fmt: str) -> str:
    low, high = min(values), max(values)
    return format(mean(values), fmt) + (f" ({low:{fmt}}–{high:{fmt}})" if high > low else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the store (default: data/)")
    parser.add_argument("--shares", default="0.25,0.5,0.75,1", help="shares of the training papers, comma-separated")
    parser.add_argument("--seeds", type=int, default=3, help="draws per share under 1 (default: 3)")
    args = parser.parse_args(argv)
    shares = [float(share) for share in args.shares.split(",")]
    if not all(0 < share <= 1 for share in shares):
        parser.error(f"--shares: each share is in (0, 1], not {args.shares}")
    if args.seeds < 1:
        parser.error(f"--seeds: at least 1, not {args.seeds}")

    taxonomy = load_taxonomy(args.data / TAXONOMY_FILE)
    fallback = taxonomy.fallback.slug
    decided = sorted(training_set(args.data, taxonomy)[0], key=lambda item: (item.paper.id, item.rejected))
    vectorizer = fit_text(decided)
    print(f"{len(decided)} decided papers")
    print("share | trained on (before the split) | macro-F1 | large topics' F1 | filter keeps: in a topic | in none")
    for share in shares:
        reports = [
            evaluate_temporal(decided, taxonomy, vectorizer=vectorizer, trains=drawn(share, seed))
            for seed in range(1 if share == 1 else args.seeds)
        ]
        macro, large_f1, on, off, trained = zip(*(figures(report, fallback) for report in reports), strict=True)
        print(
            f"{share:.2f} | {mean(trained):.0f} | {_spread(macro, '.3f')} | {_spread(large_f1, '.3f')}"
            f" | {_spread(on, '.1%')} | {_spread(off, '.1%')}",
            flush=True,
        )
    named = [f"{t.slug} ({t.support})" for t in large(reports[-1].topics, fallback)]
    print(f"Large topics (at least {MIN_SUPPORT} papers predicted, {fallback} aside): {', '.join(named) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
