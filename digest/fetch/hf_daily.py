"""The Hugging Face Daily Papers API: `GET {endpoint}?date=YYYY-MM-DD&limit=100&p=N`.

One series of pages per day. The answer of day D is kept as data/sources/hf-daily-D.json (the
later pages of a long day as hf-daily-D-p2.json, ...), so `days_held` can tell which days the
store has: `digest fetch hf-daily --since last` starts the day after the newest.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..sources import hf_daily_api
from .plan import Page, Series

ENDPOINT = "https://huggingface.co/api/daily_papers"
ENDPOINT_VARIABLE = "DIGEST_HF_API"
PAGE_SIZE = 100
MAX_PAGES = 10  # a day lists some 50 papers; 1,000 is no day


def day_series(day: dt.date, url: str) -> Series:
    def page(number: int) -> Page:
        later = f"-p{number + 1}" if number else ""
        return Page(
            url,
            {"date": day.isoformat(), "limit": str(PAGE_SIZE), "p": str(number)},
            f"hf-daily-{day.isoformat()}{later}.json",
            f"{day.isoformat()}{later.replace('-p', ' page ')}",
            hf_daily_api.NAME,
            ("application/json",),
        )

    return Series(page, PAGE_SIZE, MAX_PAGES)


def days_held(sources_dir: Path) -> list[dt.date]:
    """The days whose listing the store keeps, oldest first."""
    if not sources_dir.is_dir():
        return []
    found = {day for path in sources_dir.iterdir() if (day := hf_daily_api.listed_day(path.name))}
    days = []
    for day in sorted(found):
        try:
            days.append(dt.date.fromisoformat(day))
        except ValueError:
            continue
    return days


MAX_DAYS = 92  # days in one fetch: a quarter of listings, some 90 requests
CATCH_UP_DAYS = 7  # `--since last` goes back at most this far


def newest_held(sources_dir: Path, today: dt.date) -> dt.date | None:
    """The newest day whose listing the store keeps, None when it keeps none (a kept answer of a
    day after `today`, 9999-12-31, is no listing)."""
    held = [day for day in days_held(sources_dir) if day <= today]
    return held[-1] if held else None


def days_to_fetch(
    sources_dir: Path,
    *,
    today: dt.date,
    date: dt.date | None = None,
    since: dt.date | str | None = None,
    until: dt.date | None = None,
) -> list[dt.date]:
    """The days a fetch asks for: `date` alone; or from `since` (a day, or "last": the day after
    the newest day the store holds, at most CATCH_UP_DAYS back, so that a store left for months
    does not fetch them all unasked: `left_behind` names the days it skips) through `until`; by
    default yesterday (UTC), the newest complete listing. Raises ValueError with what is wrong."""
    yesterday = today - dt.timedelta(days=1)
    last = until or date or yesterday
    if last > today:
        raise ValueError(f"{last} has not come yet (today is {today} UTC)")
    if since is None:
        return [last]
    if isinstance(since, dt.date):
        first = since
    else:  # "last"
        newest = newest_held(sources_dir, today)
        first = max(newest + dt.timedelta(days=1) if newest else last, last - dt.timedelta(days=CATCH_UP_DAYS - 1))
        if first > last:
            return []
    if first > last:
        raise ValueError(f"--since {first} is after {last}")
    count = (last - first).days + 1
    if count > MAX_DAYS:
        raise ValueError(f"{count} days from {first} to {last}: fetch at most {MAX_DAYS} at once")
    return [first + dt.timedelta(days=offset) for offset in range(count)]


def left_behind(sources_dir: Path, days: list[dt.date], today: dt.date) -> tuple[dt.date, dt.date] | None:
    """The days `--since last` skipped to fetch `days` (the first and the last of them): those
    between the newest listing the store keeps and the first of `days`; None when it skipped none."""
    newest = newest_held(sources_dir, today)
    if newest is None or not days or days[0] <= newest + dt.timedelta(days=1):
        return None
    return newest + dt.timedelta(days=1), days[0] - dt.timedelta(days=1)
