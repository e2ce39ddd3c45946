"""The benchmark's corpus generator: deterministic, valid, and its dumps parse back to the same papers.

Fast on purpose: no site build, no timing (timings belong in benchmarks/results.md, not in tests).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from digest.check import check_store
from digest.derive.hardware_catalog import load_hardware
from digest.records.store import load_papers
from digest.sources.hf_daily_text import parse as parse_hf_daily
from digest.text.keys import title_key

from .conftest import DATA, REPO, snapshot

sys.path.insert(0, str(REPO / "benchmarks"))
import generate

N = 130  # four dumps of 40: every layout appears, with repeated sightings across dumps


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("bench") / "corpus"
    return out, generate.build_store(N, out)


def test_generation_is_deterministic_and_prefix_stable(tmp_path, built):
    out, _ = built
    again = tmp_path / "again"
    generate.build_store(N, again)
    assert snapshot(again / "data") == snapshot(out / "data")
    assert snapshot(again / "dumps") == snapshot(out / "dumps")
    # Paper i depends only on (seed, i): a small corpus is the start of a large one.
    assert generate.generate(40) == generate.generate(N)[:40]
    assert generate.generate(40, seed=1) != generate.generate(40)


def test_store_is_valid_and_holds_every_paper(built):
    out, made = built
    data = out / "data"
    assert check_store(data) == []  # what `digest check` reports
    papers = load_papers(data)
    assert len(papers) == made["papers"] == N
    assert made["skipped"] == 0
    assert any(len(p.sources) == 2 for p in papers)  # seen in two listings: one record
    noted = [p for p in papers if p.notes]
    assert noted and any(p.overrides.get("compares_to") for p in noted)
    labelled = [p for p in papers if p.topics]  # the share a curator labelled, spread over the corpus
    assert len(labelled) == round(N * generate.CURATED_SHARE) and len({tuple(p.topics) for p in labelled}) > 1
    assert any(p.published for p in papers) and any(p.links for p in papers)


def test_dumps_parse_back_to_the_same_papers(built):
    out, _ = built
    generated = {title_key(p.title) for p in generate.generate(N)}
    layouts, titles, entries = set(), set(), 0
    for path in sorted((out / "dumps").glob("*.txt")):
        parsed = parse_hf_daily(path.read_text(encoding="utf-8"), str(path), generate.LISTING_YEAR)
        assert parsed.problems == []
        layouts.add(parsed.layout)
        entries += len(parsed.entries)
        titles |= {title_key(entry.title) for entry in parsed.entries}
    assert layouts == {"blank-lines", "line-per-field", "with-metadata"}
    assert titles == generated
    assert entries > N  # the repeated sightings


def test_generated_text_names_real_hardware_and_distinct_systems():
    catalog = load_hardware(DATA / "hardware.yaml")
    assert all(catalog.get(name) is not None for name in generate.HARDWARE)
    names = generate.system_names()
    assert len(names) >= 10_000 and len(set(map(str.lower, names))) == len(names)
    papers = generate.generate(300)
    assert len({title_key(p.title) for p in papers}) == 300
    assert any(p.baselines for p in papers)


def test_the_benchmarks_digest_step_runs_against_the_code(built):
    """The digest step's script wraps digest.build.link to time the records' reading apart from the
    rest: when link took a keyword argument, the benchmark's row read "nan s" until a run showed it."""
    import json
    import subprocess

    import run

    out, _ = built
    done = subprocess.run(
        [sys.executable, "-c", run.DIGEST_STEP, str(out / "data")], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    assert result["files"] > N and 0 < result["corpus"] < result["seconds"] and result["render"] > 0


def test_the_learning_curve_trains_on_a_share_and_predicts_every_paper_after_the_split(capsys):
    """benchmarks/learning_curve.py: a smaller share trains on fewer papers, the same ones in every
    period, and each row's figures come from the temporal evaluation of every later paper."""
    import learning_curve

    from digest.derive.taxonomy import load_taxonomy
    from digest.derive.training import training_set
    from digest.temporal import evaluate_temporal, seen_on

    taxonomy = load_taxonomy(DATA / "taxonomy.yaml")
    decided = training_set(DATA, taxonomy)[0]
    half = learning_curve.drawn(0.5, 0)
    chosen = [item for item in decided if half(item)]
    assert 0 < len(chosen) < len(decided) and chosen == [item for item in decided if half(item)]  # a fixed draw
    assert all(learning_curve.drawn(0.75, 0)(item) for item in chosen)  # a larger share keeps the smaller's
    full, sampled = (evaluate_temporal(decided, taxonomy, trains=trains) for trains in (None, half))
    assert sampled.predicted == full.predicted and sampled.split == full.split
    days = {id(item): seen_on(item) for item in decided}
    for period in sampled.periods:
        assert period.trained_on == sum(1 for item in chosen if (day := days[id(item)]) and day < period.start)

    assert learning_curve.main(["--data", str(DATA), "--shares", "0.5,1", "--seeds", "2"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines() if line[:1].isdigit() and " | " in line]
    assert [row[0] for row in rows] == ["0.50", "1.00"]
    assert float(rows[0][1]) < float(rows[1][1]) == full.trained_on
    assert rows[1][2] == f"{full.macro_f1('ships'):.3f}"
    with pytest.raises(SystemExit):
        learning_curve.main(["--data", str(DATA), "--shares", "0,1"])
    assert "each share is in (0, 1]" in capsys.readouterr().err
