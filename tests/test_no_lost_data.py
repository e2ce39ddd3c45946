"""No paper or sighting is ever lost: `digest ingest` killed at any moment, two ingests at once,
Ctrl-C in the middle of the commit, a curator's edit during a run. Real processes, real stores.

After every interruption the store is one `digest check` accepts, and a re-run ends with exactly
the store an uninterrupted run makes.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from digest.check import check_store
from digest.errors import WriteError
from digest.ingest import ingest
from digest.records.model import paper_from_yaml
from digest.records.store import load_all, load_papers, record_path, store_lock, transaction
from digest.records.transaction import STAGING_PREFIX, unfinished_writes
from digest.records.yamlfile import YamlFile

from .conftest import DATA, REPO, snapshot, with_rules

sys.path.insert(0, str(REPO / "benchmarks"))
import generate

ENTRIES = 600  # a dump of 600 papers: an ingest of about a second, a commit of 600 moves
EARLIER = 100  # papers of it the store holds already, from an earlier dump: they gain a sighting


def digest(*args: str) -> list[str]:
    return [sys.executable, "-m", "digest.cli", *args]


# `digest ingest ...` that kills itself (or interrupts itself) at its Nth call of os.replace: the
# journal's rename into place is the first, each move of a staged file one more.
STOP_AT_RENAME = """
import os, signal, sys
from digest.cli import main
count, stop_at, how = 0, int(sys.argv[1]), getattr(signal, sys.argv[2])
real_replace = os.replace
def replace(*args, **kwargs):
    global count
    count += 1
    if count == stop_at:
        os.kill(os.getpid(), how)
    return real_replace(*args, **kwargs)
os.replace = replace
sys.exit(main(sys.argv[3:]))
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A store that holds an earlier dump, the large dump to ingest into it, and the store an
    uninterrupted ingest makes (with how long that ingest took)."""
    folder = tmp_path_factory.mktemp("kill")
    base = folder / "base"
    base.mkdir()
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, base / name)
    ingest([generate.write_large_dump(folder / "earlier.txt", EARLIER)], base)
    large = generate.write_large_dump(folder / "large.txt", ENTRIES)
    reference = copy_store(base, folder / "reference")
    started = time.perf_counter()
    subprocess.run(digest("ingest", "--data", str(reference), str(large)), check=True, capture_output=True)
    return {
        "base": base,
        "large": large,
        "seconds": time.perf_counter() - started,
        "reference": snapshot(reference),
        "before": snapshot(base),
    }


def copy_store(store: Path, to: Path) -> Path:
    shutil.copytree(store, to)
    return to


def without_staging(files: dict[str, bytes]) -> dict[str, bytes]:
    return {path: data for path, data in files.items() if not path.startswith(STAGING_PREFIX)}


def assert_nothing_lost(store: Path, before: dict[str, bytes]) -> None:
    """`check` accepts the store as it is, and every sighting of every record it had is still there."""
    assert check_store(store) == []
    assert sightings(before) <= sightings(snapshot(store))


def sightings(files: dict[str, bytes]) -> set[tuple[str, str, int]]:
    """(paper id, dump, line) of every sighting in the records of a store's snapshot."""
    found = set()
    for name, data in files.items():
        if name.startswith("papers/"):
            paper, _ = paper_from_yaml(YamlFile.parse(name, data.decode("utf-8")))
            found |= {(paper.id, source.file, source.line) for source in paper.sources}
    return found


def test_sigkill_at_random_moments_loses_nothing_and_a_rerun_completes(world, tmp_path):
    rng = random.Random(14)
    for trial in range(3):
        store = copy_store(world["base"], tmp_path / f"trial-{trial}")
        process = subprocess.Popen(
            digest("ingest", "--data", str(store), str(world["large"])),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.2, 1.0) * world["seconds"])
        process.kill()
        process.wait()
        assert_nothing_lost(store, world["before"])
        ingest([world["large"]], store)
        assert snapshot(store) == world["reference"], trial


@pytest.mark.parametrize("stop_at", ["journal", "first move", "half the moves", "last move"])
def test_sigkill_inside_the_commit_is_finished_by_the_next_run(world, tmp_path, stop_at):
    moves = len(
        [
            name
            for name in world["reference"]
            if name not in world["before"] or world["reference"][name] != world["before"][name]
        ]
    )
    rename = {"journal": 1, "first move": 2, "half the moves": 1 + moves // 2, "last move": 1 + moves}[stop_at]
    store = copy_store(world["base"], tmp_path / "store")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            STOP_AT_RENAME,
            str(rename),
            "SIGKILL",
            "ingest",
            "--data",
            str(store),
            str(world["large"]),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL
    assert_nothing_lost(store, world["before"])
    notes = unfinished_writes(store)
    if stop_at == "journal":  # killed before the commit point: the store itself is as it was
        assert without_staging(snapshot(store)) == world["before"]
        assert notes[0].endswith(
            "left by a run that was stopped before it wrote anything; the next `digest "
            "ingest` removes it (or delete it)"
        )
    else:
        assert notes[0].endswith(
            "a run was stopped after committing a write and before finishing it; the store "
            "is consistent, and the next `digest ingest` finishes the write"
        )
    rerun = subprocess.run(
        digest("ingest", "--data", str(store), str(world["large"])), capture_output=True, text=True, check=True
    )
    if stop_at != "journal":
        assert f"finished the write of a run that was stopped halfway ({moves} files)" in rerun.stderr
    assert snapshot(store) == world["reference"]
    assert unfinished_writes(store) == []


def test_ctrl_c_inside_the_commit_finishes_it_and_says_so(world, tmp_path):
    store = copy_store(world["base"], tmp_path / "store")
    result = subprocess.run(
        [sys.executable, "-c", STOP_AT_RENAME, "2", "SIGINT", "ingest", "--data", str(store), str(world["large"])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 130 and "Traceback" not in result.stderr
    assert (
        result.stderr.strip().splitlines()[-1] == f"interrupted: every change was written to {store} before it stopped"
    )
    assert snapshot(store) == world["reference"]


def test_two_ingests_at_once_lose_no_paper_and_no_sighting(tmp_path):
    """The issue's case (there with 1,502 papers a run): two runs started together; one paper in both dumps,
    and two different papers whose titles make the same id."""
    abstract = "We present a system that trains large models on many GPUs with less memory and more speed. " * 3
    dumps = []
    for team in "AB":
        papers = [
            f"Clash: Paper From Team {team}",
            *(f"Paper {team}{i}: A System" for i in range(500)),
            "Shared: The Paper Both Runs Saw",
        ]
        path = tmp_path / f"team-{team}.txt"
        path.write_text("".join(f"{title}\n\n{abstract}{title}.\n\n" for title in papers), encoding="utf-8")
        dumps.append(path)
    store = tmp_path / "data"
    store.mkdir()
    with store_lock(store):  # both start while a writer holds the store: both must wait
        runs = [
            subprocess.Popen(
                digest("ingest", "--data", str(store), str(path)),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for path in dumps
        ]
        waiting = [run.stderr.readline() for run in runs]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert all(
        line == f"note: {store}: another digest command is writing to this store; waiting for it to finish "
        "(Ctrl-C stops this one)\n"
        for line in waiting
    )
    papers = {paper.id: paper for paper in load_papers(store)}
    assert len(papers) == 2 + 500 + 500 + 1  # the two clashing papers, each team's own, the shared one
    assert {papers["clash"].title, papers["clash-2"].title} == {"Clash: Paper From Team A", "Clash: Paper From Team B"}
    assert sorted(s.file for s in papers["shared"].sources) == ["sources/team-A.txt", "sources/team-B.txt"]
    assert sum(len(paper.sources) for paper in papers.values()) == 2 * 502
    assert check_store(with_rules(store)) == [] and unfinished_writes(store) == []


def test_a_record_edited_during_a_run_is_never_overwritten(store):
    ingest([generate.write_large_dump(store.parent / "one.txt", 3)], store)
    loaded = {item.paper.id: item for item in load_all(store)[0]}
    paper_id = sorted(loaded)[0]
    path = record_path(store, paper_id)
    time.sleep(0.01)
    path.write_text(path.read_text().replace("notes: ''", "notes: A curator's note."))  # saved mid-run
    before = snapshot(store)
    with (
        pytest.raises(
            WriteError,
            match=f"{path}: changed by someone else while this run was working; nothing "
            "was written: run the command again",
        ),
        transaction(store) as tx,
    ):
        tx.write_text(path, "id: x\n", expect=loaded[paper_id].stamp)
    with pytest.raises(WriteError, match="was created by someone else"), transaction(store) as tx:
        tx.write_text(path, "id: x\n", expect=None)
    assert snapshot(store) == before and not list(store.glob(f"{STAGING_PREFIX}*"))


def test_check_says_when_a_writer_is_at_work(store):
    (store / f"{STAGING_PREFIX}live").mkdir()
    with store_lock(store):
        pass  # taking the lock cleans what no one is writing
    assert not (store / f"{STAGING_PREFIX}live").exists()
    with transaction(store) as tx:
        tx.write_text(record_path(store, "x"), "id: x\n")
        assert unfinished_writes(store) == [
            f"{store}: a digest command is writing to the store right now; check again when it is done"
        ]
    assert os.listdir(store) == ["papers"]
