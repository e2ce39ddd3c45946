"""Work on the other core (digest/background.py): a forked child computes, the parent gets the
value or the real error; beside other threads (a `mkdocs serve` rebuild) nothing forks."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from digest.background import Pending, can_fork
from digest.errors import DataError

pytestmark = pytest.mark.skipif(not can_fork(), reason="needs fork and a process with one thread")


def test_the_value_is_computed_in_a_child_and_kept():
    pending = Pending(lambda: (os.getpid(), [1, 2, 3]))
    pid, value = pending.result()
    assert pid != os.getpid() and value == [1, 2, 3]
    assert pending.result() == (pid, value)  # asked again: the same answer, no second child


def test_an_error_in_the_child_is_raised_here_as_itself():
    def bad() -> None:
        raise DataError("data/papers/x.yaml", 3, "title", "is empty")

    with pytest.raises(DataError) as raised:
        Pending(bad).result()
    assert (raised.value.path, raised.value.line, raised.value.field) == ("data/papers/x.yaml", 3, "title")


def test_a_killed_child_leaves_the_work_to_the_parent():
    parent = os.getpid()
    pending = Pending(lambda: (os.getpid() != parent and time.sleep(30), os.getpid())[1])  # the child waits
    assert pending._process is not None and pending._process.pid is not None
    os.kill(pending._process.pid, signal.SIGKILL)
    assert pending.result() == parent


def test_beside_another_thread_nothing_forks():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert Pending(os.getpid).result() == os.getpid()
    finally:
        stop.set()
        other.join()


def test_a_failure_is_raised_again_when_asked_again():
    calls = []

    def flaky() -> int:
        calls.append(os.getpid())
        raise ValueError("no")

    pending = Pending(flaky)
    for _ in range(2):
        with pytest.raises(ValueError):
            pending.result()
    assert calls.count(os.getpid()) == 2  # the parent computed it each time it was asked
