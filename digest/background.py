"""Work for the machine's other core: a computation run in a forked child process while the
build goes on, its result sent back pickled.

A build is one Python process on one core, and a machine that builds the site has two or more;
the digest's own work (deriving a thousand papers, the Method page's evaluation) splits well.
Forking is safe only in a process with one thread: `mkdocs build`, and the first build of
`mkdocs serve`, which builds before its server starts. Where it is not (a rebuild runs beside
the server's threads; a platform without fork) the computation runs here, when its result is
asked for. DIGEST_CORES=1 in the environment keeps every build on one core.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    return (
        "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
        and os.environ.get("DIGEST_CORES") != "1"
    )


class Pending(Generic[T]):
    """compute(), started now in a forked child when that is safe; `result()` waits for it."""

    def __init__(self, compute: Callable[[], T]) -> None:
        self._compute: Callable[[], T] | None = compute
        self._value: T | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        if can_fork():
            context = multiprocessing.get_context("fork")
            self._receiver, sender = context.Pipe(duplex=False)
            self._process = context.Process(target=_send_result, args=(compute, sender), daemon=True)
            self._process.start()
            sender.close()  # the child's end: the parent reads EOF if the child dies

    def result(self) -> T:
        """The value (computed once), or the exception compute() raises, raised here (and
        again when asked again)."""
        if self._compute is not None:
            answer = self._answer()
            # A failure is done again here: the error raised is the real one, with its traceback
            # (a DataError names its file and line), not a copy that had to survive pickling.
            self._value = self._compute() if answer is None else answer[0]
            self._compute = None
        return self._value  # type: ignore[return-value]

    def _answer(self) -> tuple[T] | None:
        """The child's value, or None: no child, or it failed or died (killed)."""
        if self._process is None:
            return None
        process, self._process = self._process, None
        collecting = gc.isenabled()
        gc.disable()  # unpickling makes many objects, each allocation run a collection over the whole heap
        try:
            answer: tuple[T] | None = self._receiver.recv()
        except EOFError:
            answer = None
        finally:
            if collecting:
                gc.enable()
            self._receiver.close()
            process.join()
        return answer


def _send_result(compute: Callable[[], object], sender: Connection) -> None:
    try:
        sender.send((compute(),))
    except BaseException:
        sender.send(None)
    finally:
        sender.close()
