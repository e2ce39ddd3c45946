"""Argument types the `digest` commands share: each refuses what no command could use, with why."""

from __future__ import annotations

import argparse
import datetime as dt

YEARS = range(1990, 2101)  # listings of ML-systems papers; a typo (99999, -5) falls outside


def day(text: str) -> dt.date:
    try:
        found = dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day like 2025-03-06") from None
    if found.year not in YEARS:  # 9999-12-31 is a date, and the day after it is an OverflowError
        raise argparse.ArgumentTypeError(f"{text} is not a day from {YEARS[0]} to {YEARS[-1]}")
    return found
