"""`digest fetch` against a real HTTP server on 127.0.0.1 playing recorded answers (never the
internet): what a good day adds, what it leaves out, and every way an answer goes wrong, each of
which leaves the store byte for byte as it was."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from digest.cli import main
from digest.fetch.hf_daily import day_series
from digest.fetch.http import Client, HttpOptions
from digest.fetch.run import fetch
from digest.records.store import load_papers
from digest.records.transaction import writer_active

from .conftest import DATA, REPO, assert_the_papers_near_the_floor_are_named_again, snapshot
from .http_support import Answer, RecordedServer

RESPONSES = Path(__file__).parent / "fixtures" / "responses"
DAY = (RESPONSES / "hf-daily-2025-01-23.json").read_bytes()
ATOM = (RESPONSES / "arxiv-kv-cache.atom").read_bytes()
HF_PATH, ARXIV_PATH = "/api/daily_papers", "/api/query"
# FlashAttention-3, FlexGen, DistServe, Ring Attention: new and kept
ON_TOPIC = {"2407.08608", "2303.06865", "2401.09670", "2310.01889"}
FAST = ["--retries", "0", "--timeout", "5"]


@pytest.fixture
def data(tmp_path) -> Path:
    """A copy of the repo's store: its curated records train the filter."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    return copy


def fetch_day(server: RecordedServer, data: Path, *extra: str, day: str = "2025-01-23") -> int:
    return main(
        ["fetch", "hf-daily", "--date", day, "--data", str(data), "--endpoint", server.url(HF_PATH), *FAST, *extra]
    )


def test_a_day_adds_the_papers_on_topic_with_links_and_counts_the_rest(data, capsys):
    before = {p.id for p in load_papers(data)}
    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        assert fetch_day(server, data) == 0
    out = capsys.readouterr().out
    (request,) = server.requests
    assert request.query == {"date": "2025-01-23", "limit": "100", "p": "0"}
    assert request.headers["User-Agent"].startswith("ML-Systems-Paper-Digest/")
    papers = {p.arxiv_id: p for p in load_papers(data) if p.id not in before}
    assert set(papers) == ON_TOPIC
    assert "fetched 1 page(s): 17 paper(s) listed, 12 left out as off-topic" in out
    assert out.count("left out: ") == 12 and "left out: Humanity's Last Exam (2501.14249): off topic (model 0." in out
    assert_the_papers_near_the_floor_are_named_again(out, "left out: ")
    # The answer is kept as the items the records cite, as the API gave them: the kept papers and
    # FlashAttention-2 (held already); not the twelve left out.
    kept = json.loads((data / "sources" / "hf-daily-2025-01-23.json").read_text(encoding="utf-8"))
    assert {item["paper"]["id"] for item in kept} == ON_TOPIC | {"2307.08691"}
    assert all(item in json.loads(DAY) for item in kept)
    assert {p.sources[-1].line for p in load_papers(data) if p.arxiv_id in ON_TOPIC} == {2, 3, 4, 5, 6} - {
        next(s.line for p in load_papers(data) if p.arxiv_id == "2307.08691" for s in p.sources[-1:])
    }
    flash2 = next(p for p in load_papers(data) if p.id == "flashattention-2")  # in the store already: updated
    assert flash2.arxiv_id == "2307.08691" and flash2.sources[-1].file == "sources/hf-daily-2025-01-23.json"


def test_fetching_the_same_day_again_changes_no_byte(data, capsys):
    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        assert fetch_day(server, data) == 0
        after_first = snapshot(data)
        assert fetch_day(server, data) == 0
    assert snapshot(data) == after_first and len(server.requests) == 2
    assert "0 new, 0 updated" in capsys.readouterr().out.split("fetched 1 page")[-2]


def test_dry_run_reports_and_writes_nothing(data, capsys):
    before = snapshot(data)
    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        assert fetch_day(server, data, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "new: flashattention-3" in out and "dry run: nothing written" in out
    assert snapshot(data) == before


def test_the_endpoint_comes_from_the_environment(data, monkeypatch, capsys):
    with RecordedServer({HF_PATH: [Answer(b"[]")]}) as server:
        monkeypatch.setenv("DIGEST_HF_API", server.url(HF_PATH))
        assert main(["fetch", "hf-daily", "--date", "2025-01-23", "--data", str(data), *FAST]) == 0
    assert len(server.requests) == 1 and "no paper listed: nothing to do" in capsys.readouterr().out


def test_add_of_a_paper_not_listed_says_so_and_exits_1(data, capsys):
    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        assert fetch_day(server, data, "--add", "2912.99999") == 1
    out = capsys.readouterr().out
    assert "not added: 2912.99999: not listed in the listings fetched" in out
    assert "17 paper(s) listed, 12 left out as off-topic" in out  # the rest of the day was fetched as ever


def test_429_waits_as_retry_after_says_then_succeeds(data):
    with RecordedServer(
        {HF_PATH: [Answer(b"slow down", 429, "text/plain", {"Retry-After": "1"}), Answer(DAY)]}
    ) as server:
        assert fetch_day(server, data, "--retries", "2") == 0
    first, second = server.requests
    assert second.at - first.at >= 0.9  # it waited the second the server asked for
    assert {p.arxiv_id for p in load_papers(data)} >= ON_TOPIC


def test_a_retry_is_shown_with_the_day_it_fetches_not_the_whole_query(data, capsys):
    """Each retry line repeated the full query URL, some 230 characters (a blind curator's walkthrough)."""
    with RecordedServer({HF_PATH: [Answer(b"oops", 503, "text/plain"), Answer(DAY)]}) as server:
        assert fetch_day(server, data, "--retries", "1") == 0
    (retry,) = [line for line in capsys.readouterr().err.splitlines() if "; try 2 of 2" in line]
    assert retry == "2025-01-23: HTTP 503 Service Unavailable; try 2 of 2 in 0 s (backing off)"


def test_progress_names_each_page_on_stderr(data, capsys):
    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        assert fetch_day(server, data) == 0
    err = capsys.readouterr().err
    assert "2025-01-23: 17 paper(s) listed" in err and "judging 17 paper(s)" in err


def test_an_arxiv_query_adds_its_papers_on_topic(data, capsys):
    with RecordedServer({ARXIV_PATH: [Answer(ATOM, content_type="application/atom+xml; charset=utf-8")]}) as server:
        assert (
            main(
                [
                    "fetch",
                    "arxiv",
                    "--query",
                    'abs:"KV cache"',
                    "--max",
                    "5",
                    "--data",
                    str(data),
                    "--endpoint",
                    server.url(ARXIV_PATH),
                    *FAST,
                ]
            )
            == 0
        )
    (request,) = server.requests
    assert (request.query["search_query"], request.query["max_results"]) == ('abs:"KV cache"', "5")
    out = capsys.readouterr().out
    assert "left out: Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks (2005.11401)" in out
    ids = {p.arxiv_id for p in load_papers(data)}
    assert {"2309.06180", "2401.09670"} <= ids and "2005.11401" not in ids
    assert (data / "sources" / "arxiv-abs-kv-cache.atom").read_bytes() == ATOM


def test_an_arxiv_id_a_curator_found_is_added_whatever_the_filter_says(data, capsys):
    """A paper in no listing the store replays: `fetch arxiv --add ID` asks arXiv for it by id
    and keeps it, though the filter leaves it out of a query's results (the test above)."""
    import xml.etree.ElementTree as ET

    ET.register_namespace("", "http://www.w3.org/2005/Atom")
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ET.fromstring(ATOM)  # the recorded answer, cut to the one paper an id_list asks for
    for entry in feed.findall(f"{atom}entry"):
        if "/2005.11401v" not in entry.findtext(f"{atom}id", ""):
            feed.remove(entry)
    one = ET.tostring(feed, xml_declaration=True, encoding="utf-8")
    assert one.count(b"<entry>") == 1
    with RecordedServer({ARXIV_PATH: [Answer(one, content_type="application/atom+xml")]}) as server:
        argv = ["fetch", "arxiv", "--add", "arXiv:2005.11401", "--data", str(data), *FAST]
        assert main([*argv, "--endpoint", server.url(ARXIV_PATH)]) == 0
    (request,) = server.requests
    assert request.query["id_list"] == "2005.11401" and "search_query" not in request.query
    added = [p for p in load_papers(data) if p.arxiv_id == "2005.11401"]
    assert len(added) == 1
    assert f"added: 2005.11401 as {added[0].id}; set its topics: digest accept {added[0].id}" in capsys.readouterr().out
    assert main(["fetch", "arxiv", "--data", str(data)]) == 2
    assert "give --query, or --add ARXIV_ID" in capsys.readouterr().err


# Every bad answer: what the server does, extra options, and what the message must say.
BAD = {
    "429 with Retry-After, still": (
        [Answer(b"slow down", 429, "text/plain", {"Retry-After": "1"})],
        ["--retries", "1"],
        "HTTP 429 Too Many Requests after 2 tries; the server asks to wait 1 s (Retry-After)",
    ),
    "500": (
        [Answer(b"oops", 500, "text/plain")],
        ["--retries", "1"],
        "HTTP 500 Internal Server Error after 2 tries; try again later",
    ),
    "timeout": ([Answer(DAY, stall=3)], ["--timeout", "0.5"], "no answer within 0.5 s"),
    "truncated JSON": ([Answer(DAY[: len(DAY) // 2])], [], "the file was cut off"),
    "connection cut mid-answer": ([Answer(DAY, send=len(DAY) // 2)], [], "the connection broke in the middle"),
    "wrong content type": (
        [Answer(b"<html><body>Sign in</body></html>", content_type="text/html")],
        [],
        "the answer is text/html, not application/json",
    ),
    "not a list": ([Answer(b'{"error": "Invalid date"}')], [], "expected a JSON list"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_answer_changes_nothing_and_says_why(case, data, capsys):
    answers, extra, message = BAD[case]
    before = snapshot(data)
    with RecordedServer({HF_PATH: answers}) as server:
        assert fetch_day(server, data, *extra) == 1
    err = capsys.readouterr().err
    assert message in err and server.url(HF_PATH) in err and "Traceback" not in err, err
    assert snapshot(data) == before


def test_an_empty_day_changes_nothing(data, capsys):
    before = snapshot(data)
    with RecordedServer({HF_PATH: [Answer(b"[]\n")]}) as server:
        assert fetch_day(server, data) == 0
    assert "fetched 1 page(s): no paper listed: nothing to do" in capsys.readouterr().out
    assert snapshot(data) == before


def test_a_failure_on_the_second_day_keeps_the_first_out_too(data, capsys):
    before = snapshot(data)
    with RecordedServer({HF_PATH: [Answer(DAY), Answer(b"oops", 503, "text/plain")]}) as server:
        assert (
            main(
                [
                    "fetch",
                    "hf-daily",
                    "--since",
                    "2025-01-22",
                    "--until",
                    "2025-01-23",
                    "--data",
                    str(data),
                    "--endpoint",
                    server.url(HF_PATH),
                    *FAST,
                ]
            )
            == 1
        )
    assert [r.query["date"] for r in server.requests] == ["2025-01-22", "2025-01-23"]
    assert "HTTP 503" in capsys.readouterr().err
    assert snapshot(data) == before


@pytest.mark.parametrize(
    "argv, message",
    [
        (["hf-daily", "--date", "2099-01-01"], "has not come yet"),
        (["hf-daily", "--until", "2025-01-01"], "--until goes with --since"),
        (["arxiv", "--query", " "], "--query is empty"),
    ],
)
def test_bad_usage_exits_2_before_any_request(argv, message, data, capsys):
    assert main(["fetch", *argv, "--data", str(data), "--endpoint", "http://127.0.0.1:9/never"]) == 2
    assert message in capsys.readouterr().err


def test_since_last_names_the_days_it_leaves_behind(data, capsys):
    """`--since last` fetches at most the last week, where the Makefile and the README said 'every
    day after the newest listing': the days it skips are named, with the command that fetches them
    (a blind curator's walkthrough)."""
    import datetime as dt

    from digest.fetch.hf_daily import CATCH_UP_DAYS, MAX_DAYS

    yesterday = dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)
    first = yesterday - dt.timedelta(days=CATCH_UP_DAYS - 1)
    skipped = first - dt.timedelta(days=1)
    newest = first - dt.timedelta(days=11)  # ten days between it and the week fetched
    (data / "sources" / f"hf-daily-{newest}.json").write_text("[]\n", encoding="utf-8")
    argv = ["fetch", "hf-daily", "--since", "last", "--data", str(data), *FAST]
    with RecordedServer({HF_PATH: [Answer(b"[]")]}) as server:
        assert main([*argv, "--endpoint", server.url(HF_PATH)]) == 0
    asked = [request.query["date"] for request in server.requests]
    assert asked == [(first + dt.timedelta(days=n)).isoformat() for n in range(CATCH_UP_DAYS)]
    after = newest + dt.timedelta(days=1)
    assert (
        f"--since last fetches at most the last {CATCH_UP_DAYS} days ({first} to {yesterday}): the 10 day(s) "
        f"from {after} to {skipped}, after the newest listing the store keeps, are not fetched; "
        f"'digest fetch hf-daily --since {after} --until {skipped} --data {data}' fetches them"
    ) in " ".join(capsys.readouterr().out.split())
    # Months behind: the command named asks for no more than one fetch may.
    (data / "sources" / f"hf-daily-{newest}.json").rename(data / "sources" / "hf-daily-2025-01-20.json")
    with RecordedServer({HF_PATH: [Answer(b"[]")]}) as server:
        assert main([*argv, "--endpoint", server.url(HF_PATH)]) == 0
    until = dt.date(2025, 1, 21) + dt.timedelta(days=MAX_DAYS - 1)
    assert (
        f"'digest fetch hf-daily --since 2025-01-21 --until {until} --data {data}' fetches the first {MAX_DAYS} "
        "of them (a fetch takes at most that many)"
    ) in " ".join(capsys.readouterr().out.split())


def test_the_makefile_and_readme_say_how_far_back_since_last_fetches():
    from digest.fetch.hf_daily import CATCH_UP_DAYS

    makefile = " ".join((REPO / "Makefile").read_text(encoding="utf-8").replace("#", " ").split())
    assert (
        f"every day after the newest listing data/ holds, through yesterday, at most the last {CATCH_UP_DAYS} days"
        in makefile
    )
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert (
        f"`make fetch` (every Daily Papers day after the newest one `main` holds, through yesterday, at most the last {CATCH_UP_DAYS} days"
        in readme
    )
    assert (
        f"`--since last` (what `make fetch` runs) fetches the days after the newest listing the store keeps, through yesterday, but at most the last {CATCH_UP_DAYS}"
        in readme
    )


def test_since_last_fetches_the_days_after_the_newest_one_held(tmp_path):
    import datetime as dt

    from digest.fetch.hf_daily import CATCH_UP_DAYS, days_to_fetch

    day = dt.date.fromisoformat
    today = day("2025-01-24")
    assert days_to_fetch(tmp_path, today=today, since="last") == [day("2025-01-23")]  # nothing held: yesterday
    (tmp_path / "hf-daily-2025-01-20.json").write_text("[]")
    (tmp_path / "hf-daily-2025-01-21-p2.json").write_text("[]")  # a later page of the 21st
    assert days_to_fetch(tmp_path, today=today, since="last") == [day("2025-01-22"), day("2025-01-23")]
    (tmp_path / "hf-daily-2025-01-23.json").write_text("[]")
    assert days_to_fetch(tmp_path, today=today, since="last") == []  # up to date
    late = days_to_fetch(tmp_path, today=day("2025-03-01"), since="last")
    assert len(late) == CATCH_UP_DAYS and late[-1] == day("2025-02-28")  # a long gap: the last week only
    assert days_to_fetch(tmp_path, today=today) == [day("2025-01-23")]
    with pytest.raises(ValueError, match="fetch at most"):
        days_to_fetch(tmp_path, today=today, since=day("2024-01-01"))


def test_the_store_is_locked_from_judging_to_writing_and_never_while_downloading(data):
    """A curator's accept or reject waits while a fetch judges the listed papers against the store,
    so the verdicts and the report are of the store the ingest writes to; the download, which may
    wait on the network for minutes, holds no lock."""
    locked: dict[str, bool] = {}

    def progress(message: str, milestone: bool) -> None:
        locked.setdefault(message.split(":", maxsplit=1)[0].split(" ", maxsplit=1)[0], writer_active(data))

    with RecordedServer({HF_PATH: [Answer(DAY)]}) as server:
        client = Client(HttpOptions(timeout=5, retries=0), progress=progress)
        try:
            report = fetch(
                [day_series(dt.date(2025, 1, 23), server.url(HF_PATH))], data, client=client, progress=progress
            )
        finally:
            client.close()
    assert locked["2025-01-23"] is False  # the page, downloaded
    assert locked["judging"] is True
    assert report.ingest is not None and len(report.ingest.new) == len(ON_TOPIC)
    assert not writer_active(data)
