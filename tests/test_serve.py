"""Live curation: `make serve` runs `mkdocs serve`, and an edit to a record shows in the preview."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from .conftest import DATA, REPO

pytestmark = pytest.mark.build

# The flags `make serve` passes: rebuild only the pages an edit changed (see digest/plugin.py).
SERVE_FLAGS = ["--dirty", "--no-strict"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> str | None:
    """The page at a loopback URL, or None while the server is not answering."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return str(response.read().decode("utf-8", "replace"))
    except OSError:
        return None


def wait_for(check, seconds: float, what: str, log) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.25)
    log.seek(0)
    pytest.fail(f"{what} within {seconds} s; mkdocs serve said:\n{log.read()[-3000:]}")


def test_makefile_serves_with_the_tested_flags():
    serve = re.search(r"^serve:.*\n\t(.+)$", (REPO / "Makefile").read_text(), re.MULTILINE).group(1)
    assert serve.split()[:2] == ["$(BIN)/mkdocs", "serve"] and all(flag in serve.split() for flag in SERVE_FLAGS)


@contextmanager
def serving(data: Path, log):
    """`mkdocs serve` as `make serve` runs it, on `data`, logging to `log`: yields its base URL."""
    base = f"http://127.0.0.1:{free_port()}/"
    env = {
        **os.environ,
        "DIGEST_DATA": str(data),
        "SITE_URL": base,
        "NO_MKDOCS_2_WARNING": "1",
        "DISABLE_MKDOCS_2_WARNING": "true",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", *SERVE_FLAGS, "--dev-addr", base[7:-1], "-w", str(data)],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield base
    finally:
        server.send_signal(signal.SIGINT)  # as Ctrl-C: mkdocs serve then removes its temporary site
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_record_edit_shows_in_the_serve_preview(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    with open(tmp_path / "serve.log", "w+") as log, serving(data, log) as base:
        page = base + "papers/triforce/"
        assert "TriForce" in wait_for(lambda: fetch(page), 120, "the first build served nothing", log)
        entries = len(json.loads(fetch(base + "search/search_index.json"))["docs"])

        record = data / "papers" / "triforce.yaml"
        record.write_text(record.read_text().replace("notes: ''", "notes: Checked against the 68m draft model."))
        wait_for(
            lambda: "Checked against the 68m draft model" in (fetch(page) or ""),
            60,
            "the edited note did not show",
            log,
        )

        # A dirty rebuild renders one page, yet the rest of the site and its search stay whole.
        assert "TriForce" in fetch(base + "topics/serving/")
        index = json.loads(fetch(base + "search/search_index.json"))["docs"]
        assert len(index) == entries
        assert any("68m draft model" in doc["text"] for doc in index)


def test_a_bad_record_keeps_the_last_good_site_served_and_the_fix_recovers(tmp_path):
    """The curator's first tool: a broken record prints check's one line, no traceback, while the
    preview keeps serving the last good site; the fix brings the edit in."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    record = data / "papers" / "holmes.yaml"
    good = record.read_text()
    with open(tmp_path / "serve.log", "w+") as log, serving(data, log) as base:
        page = base + "papers/holmes/"
        assert "Holmes" in wait_for(lambda: fetch(page), 120, "the first build served nothing", log)

        record.write_text(good.replace("upvotes: null", "upvotes: [15]").replace("notes: ''", "notes: Broken."))
        expected = (
            f"{record}:6: upvotes: expected a whole number, got a list (`digest check` lists every "
            "problem); the preview shows the last good build until this is fixed"
        )
        wait_for(lambda: expected in log_text(log), 60, "the broken record was not reported", log)
        # Each page of the preview says it is the last good build, and why, for a curator who
        # watches the browser and not the terminal.
        line = f"{record}:6: upvotes: expected a whole number, got a list"
        for url in (page, base, base + "topics/serving/"):
            wait_for(lambda url=url: line in (fetch(url) or ""), 60, f"{url} did not say what is wrong", log)
        served = fetch(page)
        assert "Holmes" in served and "Broken." not in served  # the last good site, still served
        assert served.count("digest-problem") == 1
        assert "Traceback" not in log_text(log)

        record.write_text(good.replace("notes: ''", "notes: Fixed and checked."))
        wait_for(lambda: "Fixed and checked." in (fetch(page) or ""), 60, "the fixed record did not show", log)
        for url in (page, base, base + "topics/serving/"):
            wait_for(
                lambda url=url: "digest-problem" not in (fetch(url) or "digest-problem"),
                60,
                f"{url} still says the record is in error",
                log,
            )
        assert "Traceback" not in log_text(log)


def test_a_deleted_record_loses_its_page_in_the_dirty_preview(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "fixtures" / "store", data)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(DATA / name, data / name)
    with open(tmp_path / "serve.log", "w+") as log, serving(data, log) as base:
        page = base + "papers/holmes/"
        assert "Holmes" in wait_for(lambda: fetch(page), 120, "the first build served nothing", log)
        (data / "papers" / "holmes.yaml").unlink()
        wait_for(lambda: fetch(page) is None, 60, "the deleted record's page was still served", log)
        assert "Holmes" not in (fetch(base + "topics/offloading/") or "")
        assert "Traceback" not in log_text(log)


def log_text(log) -> str:
    log.seek(0)
    return log.read()
