"""The `digest` command line: ingest dumps, check records, write pages, explain and search.

Exit codes: 0 done, 1 bad data (the message names the file, line and field) or a store that
cannot be written, 2 bad usage, 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP), 141 output
closed early (`digest search ... | head -1`). No error ends in a traceback.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import cli_changes, cli_curation, cli_enrich, cli_site, cli_sources
from .cli_types import EXIT_CODES, ParagraphsFormatter
from .errors import DigestError
from .records.store import require_store
from .records.transaction import commits


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    _show_notes()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # a file name that is not UTF-8 prints as \udcff, never fails
            stream.reconfigure(errors="backslashreplace")
    received: list[int] = []
    previous = _stop_on_signals(received)
    try:
        if getattr(args, "data", None) is not None:
            require_store(args.data)
        return run(args)
    except DigestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        said = "interrupted" if not received else f"stopped by {signal.Signals(received[-1]).name}"
        store = str(exc) or _store_after_a_stop(getattr(args, "data", None), signalled=bool(received))
        print(f"{said}: {store}" if store else said, file=sys.stderr)
        return 128 + received[-1] if received else 130
    except BrokenPipeError:
        # The reader went away (`| head -1`): stop quietly, and keep Python from complaining
        # again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # a full disk or a read-only folder under `pages --out`
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _store_after_a_stop(data: Path | None, *, signalled: bool) -> str:
    """What became of the store when a stop came outside its lock, where nothing is being written
    (every write holds it): what the command wrote before, if anything."""
    if data is not None and commits(data):
        return f"every change was written to {data} before it stopped"
    return "the store was not changed" if signalled else ""


def _stop_on_signals(received: list[int]) -> dict[int, Any]:
    """SIGTERM and SIGHUP stop a command as Ctrl-C does: the store's lock and transaction finish or
    undo their work and the command says what became of the store, instead of dying silently.
    The previous handlers, to put back."""
    if threading.current_thread() is not threading.main_thread():
        return {}

    def stop(number: int, _frame: object) -> None:
        received.append(number)
        raise KeyboardInterrupt

    return {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}


class _Notes(logging.Handler):
    """What the library says along the way (a run waiting for the lock, a stopped write finished),
    printed to whatever sys.stderr is at the time."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"note: {record.getMessage()}", file=sys.stderr)


def _show_notes() -> None:
    logger = logging.getLogger("digest")
    if not any(isinstance(handler, _Notes) for handler in logger.handlers):
        logger.addHandler(_Notes())
        logger.setLevel(logging.INFO)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="digest",
        description="ML Systems Paper Digest: paper records in, a searchable site out.",
        formatter_class=ParagraphsFormatter,
        epilog="Run 'digest COMMAND --help' for the options of one command.\n\n" + EXIT_CODES + ".",
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    # In the order `digest --help` lists them.
    for add in (
        cli_sources.add_ingest,
        cli_site.add_check,
        cli_site.add_pages,
        cli_site.add_explain,
        cli_curation.add_commands,
        cli_changes.add_changes,
        cli_site.add_eval,
        cli_sources.add_fetch,
        cli_enrich.add_enrich,
        cli_site.add_search,
    ):
        add(commands)
    return parser


class _Version(argparse.Action):
    """argparse's "version" action, the version looked up only when asked: importlib.metadata
    took 25 ms of every command's start (`digest reject`, while the preview waits for it)."""

    def __init__(self, option_strings: Sequence[str], dest: str) -> None:
        shown = "show program's version number and exit"  # argparse's words
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, default=argparse.SUPPRESS, help=shown)

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _version() -> str:
    """The installed package's version (pyproject.toml's), or "unknown" run from a bare checkout."""
    import importlib.metadata  # noqa: PLC0415

    try:
        return importlib.metadata.version("ml-systems-paper-digest")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
