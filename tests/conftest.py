"""Shared fixtures: the repo's own data (never ../shared), and scratch stores on disk.

Two stores. `REPO_DATA` is the digest's real store (data/), which grows with every fetch: the
tests of the site a reader gets build it. `DATA` is the seed corpus the behaviour tests use: the
88 records and four text dumps the digest started from (tests/fixtures/corpus/), with the real
taxonomy and hardware catalogue, so a rule change is tested while a new paper changes no test.
"""

from __future__ import annotations

import atexit
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
REPO_DATA = REPO / "data"
SEED_CORPUS = Path(__file__).resolve().parent / "fixtures" / "corpus"


def _seed_store() -> Path:
    """The seed corpus with the real taxonomy, catalogue and glossary, in a folder of its own for this run."""
    folder = Path(tempfile.mkdtemp(prefix="digest-seed-")) / "data"
    shutil.copytree(SEED_CORPUS, folder)
    for name in ("taxonomy.yaml", "hardware.yaml", "glossary.yaml", "baselines.yaml"):
        shutil.copy(REPO_DATA / name, folder / name)
    atexit.register(shutil.rmtree, folder.parent, True)
    return folder


DATA = _seed_store()
# The model's cache between commands (digest/derive/learnables.py) goes to a folder of this run's,
# removed when the run ends.
os.environ["DIGEST_CACHE"] = tempfile.mkdtemp(prefix="digest-cache-")
atexit.register(shutil.rmtree, os.environ["DIGEST_CACHE"], True)
DUMPS = sorted((DATA / "sources").glob("*.txt"))


def dump(prefix: str) -> Path:
    """The repo's kept copy of a seed dump, by its number: dump('002')."""
    return next(path for path in DUMPS if path.name.startswith(prefix))


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes, to prove what changed and what did not."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def with_rules(store: Path) -> Path:
    """`store` with the repo's taxonomy and hardware catalogue where it has none: a store ingest
    has just started has none, and check, as the build, refuses a store without them."""
    for name in ("taxonomy.yaml", "hardware.yaml"):
        if not (store / name).exists():
            shutil.copy(DATA / name, store / name)
    return store


def review_ids(out: str) -> list[str]:
    """The paper ids `digest review` listed, in order: each on its own line, before its suggestion."""
    lines = out.splitlines()
    return [line for line, after in itertools.pairwise(lines) if after.startswith("    suggested: ")]


@pytest.fixture(scope="session")
def catalog():
    """The repo's hardware catalogue."""
    from digest.derive.hardware_catalog import load_hardware

    return load_hardware(DATA / "hardware.yaml")


@pytest.fixture(scope="session")
def papers() -> dict[str, dict[str, str]]:
    """Real titles and abstracts copied verbatim from the seed dumps, by short name."""
    return yaml.safe_load((Path(__file__).parent / "fixtures" / "abstracts.yaml").read_text(encoding="utf-8"))


@pytest.fixture
def store(tmp_path) -> Path:
    """An empty data folder."""
    data = tmp_path / "data"
    data.mkdir()
    return data


@pytest.fixture
def seeded_store(tmp_path) -> Path:
    """A copy of the repo's data folder (records, dumps, taxonomy, hardware) to change freely."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    return data


def mkdocs_build(config: Path, site_dir: Path, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    """A real `mkdocs build --strict`, in its own process as a user would run it."""
    env = {
        **os.environ,
        "SITE_URL": "http://127.0.0.1:8000/",
        "NO_MKDOCS_2_WARNING": "1",
        "DISABLE_MKDOCS_2_WARNING": "true",
        **(env_extra or {}),
    }
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site_dir)],
        capture_output=True,
        text=True,
        env=env,
        cwd=config.parent,
        check=False,
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The repo's own site, built once per test session from data/."""
    site = tmp_path_factory.mktemp("built") / "site"
    result = mkdocs_build(REPO / "mkdocs.yml", site)
    assert result.returncode == 0, result.stderr[-3000:]
    (site.parent / "build.log").write_text(result.stderr)
    return site


def assert_the_papers_near_the_floor_are_named_again(out: str, prefix: str) -> None:
    """Each paper a fetch's `out` lists as left out (each line starting with `prefix`) at NEAR_FLOOR
    or more is named again under "near the floor", likeliest first, and counted in the last line;
    the others are not."""
    from digest.derive.relevance import NEAR_FLOOR

    left = {line.removeprefix(prefix) for line in out.splitlines() if line.startswith(prefix)}
    model = {line: float(re.search(r"\(model (\d\.\d+)", line).group(1)) for line in left}
    near = sorted((line for line in left if model[line] >= NEAR_FLOOR), key=lambda line: -model[line])
    assert near and len(near) < len(left)
    assert all("near the floor;" in line for line in near) and not any(
        "near the floor" in line for line in left - set(near)
    )
    lines = out.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("near the floor: "))
    named = lines[heading + 1 : heading + 1 + len(near)]  # each with the day that lists it, for --date
    assert [re.sub(r"; listed \d{4}-\d{2}-\d{2}$", "", line) for line in named] == [f"  {line}" for line in near]
    assert all(re.search(r"; listed \d{4}-\d{2}-\d{2}$", line) for line in named)
    assert f"left out as off-topic ({len(near)} near the floor)" in lines[-1]
