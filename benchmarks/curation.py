"""The curator's commands at scale, and the real store's build and preview.

Curator commands must cost what they touch, not what the store holds: on a generated store of N
records (benchmarks/generate.py: a fifth curated), each command runs in its own process, as a
curator runs it, and its wall time is printed against the target:

  accept --topics   one record's topics set             target <= 1 s at 10,000
  reject            one record moved to rejected/       target <= 1 s at 10,000
  review (cold)     the least confident 20, filtered, with an empty model cache
  review            the same again, the cache warm (digest/derive/learnables.py)   target <= 10 s at 10,000
  accept (suggested) one record takes the suggestion (trains the model), the cache warm

With --real it also times, on the repo's own store (data/): `mkdocs build`, `mkdocs serve`'s
first page, and an edit showing in the served page (target: within 2 s): a record's notes three
times, then its topics, which every listing of the topic shows (the preview keeps its model), then
another record's rejection, whose page goes.

    .venv/bin/python benchmarks/curation.py                 # N = 10,000
    .venv/bin/python benchmarks/curation.py --sizes 1000 --real
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from generate import build_store
from run import BIN, ENV, REPO, WORK, measure_serve, run_child, tree_bytes

TARGETS = {"accept --topics": 1.0, "reject": 1.0, "review": 10.0}


def curator_commands(n: int) -> list[tuple[str, float]]:
    """(command, seconds) for each curator command on a fresh generated store of `n` records."""
    from digest.records.store import load_papers

    out = WORK / f"curation-{n}"
    build_store(n, out)
    data = out / "data"
    uncurated = [p.id for p in load_papers(data) if not p.topics]
    digest = [str(BIN / "digest")]
    cache = out / "cache"  # the model cache of this store alone, empty at first
    review = [*digest, "review", "--topic", "serving", "--limit", "20", "--data", str(data)]
    timed = [
        ("accept --topics", [*digest, "accept", uncurated[0], "--topics", "serving", "--data", str(data)]),
        ("reject", [*digest, "reject", uncurated[2], "--by", "benchmark", "--data", str(data)]),
        ("review (cold)", review),
        ("review", review),
        ("accept (suggested)", [*digest, "accept", uncurated[1], "--data", str(data)]),
    ]
    env = {**ENV, "DIGEST_CACHE": str(cache)}
    results = [(name, run_child(args, env=env).seconds) for name, args in timed]
    shutil.rmtree(out)
    return results


def real_store() -> list[tuple[str, float]]:
    """The repo's store: a full build, and `mkdocs serve --dirty` as `make serve` runs it."""
    from digest.records.store import record_paths

    site = WORK / "real-site"
    build = run_child([str(BIN / "mkdocs"), "build", "-q", "-f", str(REPO / "mkdocs.yml"), "-d", str(site)])
    size = tree_bytes(site)
    shutil.rmtree(site)
    copy = WORK / "real" / "data"
    shutil.rmtree(copy.parent, ignore_errors=True)
    shutil.copytree(REPO / "data", copy)
    serve = measure_serve(copy, dirty=True, topic_change=True)
    shutil.rmtree(copy.parent)
    print(f"real store: {len(record_paths(REPO / 'data'))} records, site {size / 2**20:.1f} MiB")
    return [
        ("mkdocs build (real store)", build.seconds),
        ("serve: first page", serve["startup"]),
        *((f"serve: edit {i + 1} shown", seconds) for i, seconds in enumerate(serve["edits"])),
        ("serve: topic change shown", serve["topic_change"]),
        ("serve: reject shown", serve["reject"]),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000], help="store sizes (default: 10,000)")
    parser.add_argument("--real", action="store_true", help="also build and serve the repo's own store")
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    print(f"{'command':<28} {'records':>8} {'seconds':>8}  target")
    for n in args.sizes:
        for name, seconds in curator_commands(n):
            target = TARGETS.get(name)
            verdict = "" if target is None else f"<= {target:g} s {'met' if seconds <= target else 'MISSED'}"
            print(f"{name:<28} {n:>8,} {seconds:>8.2f}  {verdict}")
    if args.real:
        for name, seconds in real_store():
            target = 2.0 if name.startswith(("serve: edit", "serve: topic", "serve: reject")) else None
            verdict = "" if target is None else f"<= {target:g} s {'met' if seconds <= target else 'MISSED'}"
            print(f"{name:<28} {'':>8} {seconds:>8.2f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
