"""What the `digest` commands share: the exit codes their help states, the help's layout, the
default data folder, and the argument types, each of which refuses what no command could use, with why."""

from __future__ import annotations

import argparse
import datetime as dt
import math
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TypeAlias

REPO_DATA = Path(__file__).resolve().parent.parent / "data"
DATA_HELP = f"the data folder holding papers/, sources/ and taxonomy.yaml (default: {REPO_DATA})"
EXIT_CODES = (
    "exit codes: 0 done, 1 bad data (the message names the file, line and field) or a store that "
    "cannot be written, 2 bad usage, 130 interrupted (Ctrl-C; 143 on SIGTERM, 129 on SIGHUP), 141 output "
    "closed early (a pipe into head)"
)


class ParagraphsFormatter(argparse.HelpFormatter):
    """Help whose description and epilog keep their paragraphs (the text between blank lines),
    each filled to the terminal's width as argparse fills the options (COLUMNS, else the
    terminal's). Text wrapped by hand fits one width only: at 80 columns it ran to 140. A paragraph
    whose every line is indented (commands to copy) keeps its lines as they are."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n\n".join(self._paragraph(paragraph, width, indent) for paragraph in text.split("\n\n"))

    @staticmethod
    def _paragraph(paragraph: str, width: int, indent: str) -> str:
        lines = paragraph.strip("\n").split("\n")
        if all(line.startswith("  ") for line in lines):
            return "\n".join(indent + line for line in lines)
        return textwrap.fill(
            " ".join(paragraph.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,  # hf-daily, on-topic and --topics stay whole
            break_long_words=False,  # so does an address
        )


# Where each cli_* module adds its commands (a string: argparse's class takes no [] at run time).
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

WIDTH = 80  # columns of a long output (review, explain) when it is not a terminal
YEARS = range(1990, 2101)  # listings of ML-systems papers; a typo (99999, -5) falls outside


def output_width() -> int:
    """The columns a long output is wrapped to: the terminal's, or WIDTH when the output is a file
    or a pipe."""
    return max(shutil.get_terminal_size().columns, 40) if sys.stdout.isatty() else WIDTH


def day(text: str) -> dt.date:
    try:
        found = dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day like 2025-03-06") from None
    if found.year not in YEARS:  # 9999-12-31 is a date, and the day after it is an OverflowError
        raise argparse.ArgumentTypeError(f"{text} is not a day from {YEARS[0]} to {YEARS[-1]}")
    return found


def year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if year not in YEARS:
        raise argparse.ArgumentTypeError(f"{year} is not a listing year; give one from {YEARS[0]} to {YEARS[-1]}")
    return year


def positive(kind: Callable[[str], float], zero: bool = False, most: float = 1e6) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid number: {text!r}") from None
        if not math.isfinite(value):  # float() reads "nan" and "inf", which no wait or count can be
            raise argparse.ArgumentTypeError(f"{text} is not a number")
        if value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"{text} is not {'zero or more' if zero else 'more than zero'}")
        if value > most:
            raise argparse.ArgumentTypeError(f"{text} is more than {most:g}")
        return value

    return parse


def folds(text: str) -> int:
    """A leave-out's number of folds: 0 (one dump a fold) or two or more; one fold leaves nothing to train on."""
    count = int(positive(int, zero=True, most=10_000)(text))
    if count == 1:
        raise argparse.ArgumentTypeError("1 fold leaves nothing to train on: give 2 or more (0: one dump a fold)")
    return count


def folder(text: str) -> Path:
    """A folder that exists, refused before any work starts."""
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {'not a folder' if path.exists() else 'no such folder'}")
    return path


def arxiv(text: str) -> str:
    from .text.arxiv import arxiv_id, impossible  # noqa: PLC0415

    found = arxiv_id(text)
    if found is None and (why := impossible(text.strip())):
        raise argparse.ArgumentTypeError(f"{text!r} is no arXiv id: {why}")
    if found is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not an arXiv id like 2307.08691")
    return found


def day_or_last(text: str) -> dt.date | str:
    return "last" if text == "last" else day(text)


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """`--data`, the store a command reads and writes: every command names it the same way."""
    parser.add_argument("--data", type=Path, default=REPO_DATA, help=DATA_HELP)
