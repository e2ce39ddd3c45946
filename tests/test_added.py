"""`added`, the day the store first saw a paper: written by ingest, filled in older records."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys

import pytest

from digest.errors import DataError
from digest.ingest import ingest
from digest.records.added import backfill_added, first_seen
from digest.records.model import Paper, Source
from digest.records.store import load_papers, record_path

from .conftest import DUMPS, REPO, snapshot


def test_ingest_dates_a_new_record_by_its_listing_else_today(store):
    ingest(DUMPS, store, listing_year=2025)
    papers = {p.id: p for p in load_papers(store)}
    today = dt.datetime.now(dt.UTC).date().isoformat()
    for paper in papers.values():
        first = paper.sources[0].date  # the sighting that made the record
        assert paper.added == (first if first and not first.startswith("-") else today), paper.id
    assert papers["sarathi"].added == "2023-08-30"


def test_first_seen_takes_the_earliest_dated_sighting_else_published():
    paper = Paper(
        id="p",
        title="T",
        abstract="A",
        published="2024-01-05",
        sources=[
            Source("sources/a.txt", 1, None),
            Source("sources/b.txt", 2, "2024-03-01"),
            Source("sources/c.txt", 3, "--02-01"),
            Source("sources/d.txt", 4, "2024-02-10"),
        ],
    )
    assert first_seen(paper) == "2024-02-10"
    paper.sources = [Source("sources/a.txt", 1, None)]
    assert first_seen(paper) == "2024-01-05"
    paper.published = "2024"  # a year is no day: nothing to go by
    assert first_seen(paper) is None


def test_backfill_adds_one_line_never_rewrites_and_is_idempotent(seeded_store):
    sarathi = record_path(seeded_store, "sarathi")
    text = sarathi.read_text().replace("added: '2023-08-30'\n", "")
    sarathi.write_text(text)
    kept = record_path(seeded_store, "galore")
    kept.write_text(kept.read_text().replace("added: '2024-03-06'", "added: '2020-01-01'"))
    report = backfill_added(seeded_store)
    assert report.filled == {"sarathi": "2023-08-30"}
    lines = sarathi.read_text().splitlines()
    assert lines[3] == "added: '2023-08-30'" and [line for line in lines if line != lines[3]] == text.splitlines()
    assert "added: '2020-01-01'" in kept.read_text()
    before = snapshot(seeded_store)
    assert backfill_added(seeded_store).filled == {}
    assert snapshot(seeded_store) == before


def test_backfill_script_reports_what_it_filled(seeded_store):
    record_path(seeded_store, "sarathi").write_text(
        record_path(seeded_store, "sarathi").read_text().replace("added: '2023-08-30'\n", "")
    )
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "backfill_added.py"), "--data", str(seeded_store)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("filled 1 record(s); 53 had a date")


def test_a_record_added_must_be_a_whole_day(seeded_store):
    path = record_path(seeded_store, "sarathi")
    path.write_text(path.read_text().replace("added: '2023-08-30'", "added: '2023'"))
    with pytest.raises(DataError, match=r"added.*whole date"):
        load_papers(seeded_store)


def test_the_new_page_counts_back_from_the_newest_addition_and_dates_its_headings(seeded_store):
    from digest.build import build_files

    from .page_html import tables

    def date(paper_id, day):
        path = record_path(seeded_store, paper_id)
        text = path.read_text()
        path.write_text(
            re.sub(r"^added: .*$", f"added: '{day}'", text, flags=re.M)
            if "\nadded:" in text
            else text.replace("\ntopics:", f"\nadded: '{day}'\ntopics:", 1)
        )

    date("sarathi", "2026-05-31")  # the newest: "this week" ends here, whatever day the build runs
    date("nexus", "2026-05-25")  # 6 days before: this week still
    date("galore", "2026-05-26")  # this week too, but in no topic: counted, not listed
    date("melange", "2026-05-20")  # earlier this month
    date("zero-infinity", "2026-04-20")  # before the month: not on the page
    listing = record_path(seeded_store, "nexus")  # a listing read after the newest addition
    listing.write_text(re.sub(r"^  date: .*$", "  date: '2026-06-03'", listing.read_text(), count=1, flags=re.M))
    _, files = build_files(seeded_store, "https://digest.example/")
    page = files["new.md"]
    # How current the digest is: a quiet week and a digest no one updates read alike without it.
    assert (
        "Counted back from the newest addition to a topic, 2026-05-31; the newest listing the digest has read is of 2026-06-03."
        in (" ".join(page.split()))
    )
    # Each heading says its days: "Latest week" read as this week on a site whose newest addition was
    # months old, and "latest month" was the 30 days to it, not a calendar month (a reader's audit).
    headings = re.findall(r"^## (.*?) \{", page, flags=re.M)
    assert headings == ["Week to 2026-05-31", "Earlier in the 30 days to 2026-05-31"]
    said = re.sub(r"\{[^}]*\}", "", page).casefold()  # what the page says, its headings' ids left out
    assert "latest" not in said and "this week" not in said and "this month" not in said
    assert "{ #latest-week data-search-exclude }" in page  # the week's anchor stays, whatever its dates
    week, month = page.split("## Week to 2026-05-31")[1].split("## Earlier in the 30 days to 2026-05-31")
    assert "2026-05-25 to 2026-05-31" in week and "2026-05-02 to 2026-05-24" in month
    in_week = {row[3] for _, rows in tables(week) for row in rows}
    in_month = {row[3] for _, rows in tables(month) for row in rows}
    assert in_week == {"2026-05-31", "2026-05-25"} and in_month == {"2026-05-20"}
    assert "2026-04-20" not in page and "Also added in those 30 days: 1 paper in no topic" in page
    headlines = {row[1] for _, rows in tables(week) for row in rows}  # beside the paper, as a table shows them
    assert "1.33× speedup (end-to-end, A6000)" in headlines and not any("Headline(" in h for h in headlines)


def test_the_new_page_names_each_paper_by_its_title_and_its_system(seeded_store):
    """New showed bare system names ("MHAR", "Molt", "Dion3"): a reader scanning what is new saw
    nothing of what each is (a reader's audit). A row names its paper by its title, as a tag's table
    does, and then its system where the title does not say it."""
    from bs4 import BeautifulSoup

    from digest.build import build_files

    for paper_id, day in (
        ("sarathi", "2026-05-31"),
        ("adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning", "2026-05-30"),
    ):
        path = record_path(seeded_store, paper_id)
        path.write_text(re.sub(r"^added: .*$", f"added: '{day}'", path.read_text(), flags=re.M))
    corpus, files = build_files(seeded_store, "https://digest.example/")
    cells = {
        tr.find("a")["href"].rstrip("/").rsplit("/", 1)[1]: tr.find("td").get_text()
        for tr in BeautifulSoup(files["new.md"], "html.parser").select("tbody tr")
    }
    assert cells["sarathi"] == corpus.papers["sarathi"].paper.title  # SARATHI: ...: its system said once
    fuyou = corpus.papers["adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning"]
    assert fuyou.system == "Fuyou" and "Fuyou" not in fuyou.paper.title
    assert cells[fuyou.id] == f"{fuyou.paper.title} (Fuyou)"
