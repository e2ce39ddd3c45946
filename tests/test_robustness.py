"""Issue 21: each hostile case that once duplicated a paper, rewrote a record, hung, crashed or
let LaTeX run, now gives a clean run or one named line in bounded time, with the store unchanged.
(The cases that are one bad file each live in test_bad_input.py's corpus.)"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import bibtexparser
import pytest

from digest.build import load_corpus
from digest.check import check_store
from digest.errors import DataError, FetchError
from digest.fetch import hf_daily
from digest.fetch.http import Client, HttpOptions, retry_after
from digest.fetch.run import fetch
from digest.fetch.scratch import SCRATCH_PREFIX, scratch_folder
from digest.records.model import Paper
from digest.records.store import load_papers, record_path
from digest.render.read_links import read_links
from digest.render.site import render_site
from digest.search import load_index, search
from digest.text.arxiv import ARXIV_ID, arxiv_id
from digest.text.bibtex import bibtex_names, bibtex_text
from digest.text.keys import tag_slug

from .http_support import Answer, RecordedServer
from .test_bad_input import run_digest, small_store, tree_hash

BAD = Path(__file__).parent / "fixtures" / "bad"
JSON = "application/json"


def hf_item(arxiv: str, title: str, summary: str, upvotes: int = 1) -> dict:
    return {
        "paper": {
            "id": arxiv,
            "title": title,
            "summary": summary,
            "upvotes": upvotes,
            "publishedAt": "2023-07-17T17:50:36.000Z",
        },
        "title": title,
    }


def write_json(path: Path, items: list[dict]) -> Path:
    path.write_text(json.dumps(items, indent=1), encoding="utf-8")
    return path


# ------------------------------------------------------------------------ duplicates and rewrites


def test_an_arxiv_id_in_other_digits_is_no_id_and_makes_no_second_record(tmp_path, capsys):
    assert arxiv_id("２３０７.０８６９１") is None and arxiv_id("arXiv:２３０７.０８６９１v2") is None
    assert ARXIV_ID.match("２３０７.０８６９１") is None and ARXIV_ID.match("2307.08691")
    assert arxiv_id("math.ＧＴ/0309136") is None and arxiv_id("ＫV/1234567") is None  # nor wide or Kelvin letters
    store = small_store(tmp_path)
    answer = BAD / "hf-api-unicode-digits.json"  # FlashAttention-2, under its id in full-width digits
    before = tree_hash(store)
    code, lines = run_digest(["ingest", "--data", str(store), str(answer)], capsys)
    assert code == 1 and "paper.id is '２３０７.０８６９１', not an arXiv id" in "\n".join(lines)
    assert tree_hash(store) == before


def test_counts_of_5001_digits_in_a_text_dump_are_left_empty_with_a_note(tmp_path, capsys):
    store = small_store(tmp_path)
    dump = BAD / "dump-5001-digit-counts.txt"  # "• 999…9 authors", "Mar 6 999…9" upvotes
    code, lines = run_digest(["ingest", "--data", str(store), "--listing-year", "2025", str(dump)], capsys)
    assert code == 0 and "2 new, 0 updated, 7 unchanged, 0 skipped" in "\n".join(lines)
    assert f"note: {dump}:5: 5,001 digits are no count of authors: left empty" in lines
    assert f"note: {dump}:7: 5,001 digits are no count of upvotes: left empty" in lines
    papers = {paper.id: paper for paper in load_papers(store)}
    assert (papers["alpha"].authors_count, papers["alpha"].upvotes, papers["alpha"].published) == (
        None,
        None,
        "2025-03-06",
    )
    assert (papers["beta"].authors_count, papers["beta"].upvotes) == (7, 15) and check_store(store) == []


def test_a_complete_abstract_is_never_rewritten_by_a_longer_one(tmp_path, capsys):
    """The abstract rule as documented: only a cut-off abstract is replaced; text added after a
    complete one, and the addresses in it, stay out of the record."""
    store = small_store(tmp_path)
    fa2 = load_corpus(store).papers["flashattention-2"].paper
    answer = BAD / "hf-api-abstract-plus-text.json"  # its abstract, then "Sign up at https://evil.example/..."
    assert json.loads(answer.read_text())[0]["paper"]["summary"].startswith(fa2.abstract + " Sign up")
    assert run_digest(["ingest", "--data", str(store), str(answer)], capsys)[0] == 0
    after = load_corpus(store).papers["flashattention-2"].paper
    assert (after.abstract, after.links) == (fa2.abstract, fa2.links)
    assert (after.arxiv_id, after.upvotes, len(after.sources)) == ("2307.08691", 50, len(fa2.sources) + 1)
    # A later answer with fewer upvotes never lowers them.
    lower = write_json(tmp_path / "later.json", [hf_item("2307.08691", fa2.title, fa2.abstract, upvotes=3)])
    assert run_digest(["ingest", "--data", str(store), str(lower)], capsys)[0] == 0
    assert load_corpus(store).papers["flashattention-2"].paper.upvotes == 50


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"], ids=["CRLF", "CR", "LF"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "BOM"])
def test_accept_keeps_line_endings_the_bom_and_comments(tmp_path, capsys, newline, bom):
    store = small_store(tmp_path)
    path = record_path(store, "flashattention-2")
    text = path.read_text(encoding="utf-8").replace(
        "topics: []\n", "topics:\n- serving  # first guess\n# to be checked\n- offloading\n"
    )
    original = bom + text.replace("\n", newline).encode("utf-8")
    path.write_bytes(original)
    assert run_digest(["check", "--data", str(store)], capsys)[0] == 0
    assert (
        run_digest(["accept", "flashattention-2", "--topics", "kernels,kernels", "--data", str(store)], capsys)[0] == 0
    )
    written = path.read_bytes()
    assert written.startswith(bom) and written.count(b"\n") <= original.count(b"\n")
    old, new = original[len(bom) :].decode().split(newline), written[len(bom) :].decode().split(newline)
    changed = [line for line in new if line not in old]
    assert changed == ["topics: [kernels]", "  # first guess"], changed  # the topic once, the comments kept
    assert "# to be checked" in new and len(new) == len(old) - 1
    assert load_corpus(store).papers["flashattention-2"].paper.topics == ["kernels"]


# ------------------------------------------------------------------------------------- hangs


def test_a_fifo_among_the_records_hangs_no_command_and_no_lock(tmp_path, capsys):
    """The corpus checks the one line; here, that `ingest` says it too and leaves the lock free."""
    store = small_store(tmp_path)
    os.mkfifo(store / "papers" / "x.yaml")
    started = time.monotonic()
    code, lines = run_digest(
        [
            "ingest",
            "--data",
            str(store),
            "--listing-year",
            "2025",
            str(Path(__file__).parent / "fixtures" / "bad" / "odd-file-name.txt"),
        ],
        capsys,
    )
    assert code == 1 and any("x.yaml: is a named pipe (FIFO), not a regular file" in line for line in lines)
    assert time.monotonic() - started < 30
    from digest.records.transaction import writer_active

    assert not writer_active(store)


def test_a_fuzzy_query_with_a_huge_edit_distance_answers_at_once(tmp_path):
    words = [f"{stem}{n}" for stem in ("gpu", "kernel", "memory", "offload") for n in range(150)]
    docs = [
        {"location": f"papers/p{page}/", "title": f"Paper {page}", "text": " ".join(words[page::7])}
        for page in range(60)
    ]
    (tmp_path / "search").mkdir()
    config = {
        "lang": ["en"],
        "separator": r"[\s\-]+",
        "pipeline": ["stopWordFilter"],
        "fields": {"title": {"boost": 1000}, "text": {"boost": 1}},
    }
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": config, "docs": docs}))
    index = load_index(tmp_path)
    started = time.monotonic()
    hits = search(index, "kernel1~100")
    assert time.monotonic() - started < 20
    assert [hit.page for hit in hits] == [hit.page for hit in search(index, "kernel1~2")]
    assert search(index, "kernel1~" + "9" * 5001) == hits and search(index, "kernel1~01") == search(index, "kernel1~1")


def test_a_date_may_be_next_year_and_no_later():
    from digest.records.yamlfile import YamlFile
    from digest.sources.fields import iso_day

    year = dt.datetime.now(dt.UTC).year
    for value, ok in (
        (f"{year + 1}-12-31", True),
        (f"{year + 1}", True),
        (f"{year + 2}-01-01", False),
        (f"{year + 2}", False),
        ("--12-31", True),
    ):
        document = YamlFile.parse("x.yaml", f"published: '{value}'\n")
        node = document.mapping(document.root, "")["published"]
        if ok:
            assert document.date(node, "published") == value
        else:
            with pytest.raises(DataError, match=f"published: {value} is after next year"):
                document.date(node, "published")
    assert iso_day(f"{year + 1}-06-01T00:00:00Z") == f"{year + 1}-06-01"
    assert iso_day("9999-12-31T00:00:00.000Z") is None and iso_day(f"{year + 2}-01-01") is None


def test_since_last_skips_a_kept_answer_of_a_day_that_never_comes(tmp_path):
    (tmp_path / "hf-daily-9999-12-31.json").write_text("[]")
    (tmp_path / "hf-daily-2025-01-20.json").write_text("[]")
    today = dt.date(2025, 1, 24)
    assert hf_daily.days_to_fetch(tmp_path, today=today, since="last") == [
        dt.date(2025, 1, 21),
        dt.date(2025, 1, 22),
        dt.date(2025, 1, 23),
    ]


# ------------------------------------------------------------------------------------ security


def test_no_latex_command_of_a_record_reaches_papers_bib_or_the_cite_block(tmp_path):
    store = small_store(tmp_path)
    shutil.copy(BAD / "latex-injection.yaml", store / "papers")  # \input{/etc/passwd}, \end{document}, ^^5c
    assert check_store(store) == []
    site = render_site(load_corpus(store), "https://digest.example/")
    page = site["papers/latex-injection.md"].split("## Cite", 1)[1]
    for text in (site["papers.bib"], page):
        for command in ("\\input", "\\end{document}", "\\immediate", "\\write18", "\\csname", "^^"):
            assert command not in text, (command, text)
    (entry,) = [e for e in bibtexparser.parse_string(site["papers.bib"]).entries if "passwd" in e["title"]]
    assert entry.key == "inputendcsnamefast"  # the key keeps letters and digits only
    assert "input{/etc/passwd}" in entry["title"]  # the words stay, as words
    assert entry["author"] == "Eve csname inputendcsname and {Tom and Jerry} and {M\\'elange Team}"  # a group


@pytest.mark.parametrize(
    "text, expected",
    [
        (r"\textbf{Bold} M\"uller \c{c}a \& 100\% $\alpha \times \frac{1}{2}$", None),
        (r"\def\x{y} \let\a\b \catcode`\^ \openout", r"defx{y} leta\b catcode`\^ openout"),
        (r"$x^^5cinput$", "$x^{}^5cinput$"),
        (r"$a % b # c & d$", r"$a \% b \# c \& d$"),
        (r"50\\% off", r"50\\\% off"),
        (r"costs $5 per hour, 10% off", r"costs \$5 per hour, 10\% off"),  # a lone $ is a dollar
        (r"$\mathcal{O}(n)$ and $x_1$", None),
    ],
)
def test_bibtex_text_keeps_typesetting_and_drops_every_other_command(text, expected):
    assert bibtex_text(text) == (text if expected is None else expected)


def test_an_author_named_x_and_y_stays_one_author():
    assert bibtex_names(["Tom and Jerry", "Ann Lee", "Doe, Jane"]) == "{Tom and Jerry} and Ann Lee and {Doe, Jane}"
    assert bibtex_names(["Sandy Andrews"]) == "Sandy Andrews"  # "and" inside a word is no "and"
    # a group's name is one unit, not a person with the surname "Team" (reader audit, stop 55)
    assert bibtex_names(["Z-Image Team", "Li Wei"]) == "{Z-Image Team} and Li Wei"
    assert bibtex_names(["Teamwork Smith"]) == "Teamwork Smith"


def test_an_old_style_arxiv_id_gets_no_hugging_face_link():
    old = read_links(Paper(id="x", title="T", abstract="A", arxiv_id="hep-th/9901001"))
    new = read_links(Paper(id="y", title="T", abstract="A", arxiv_id="2307.08691"))
    assert "huggingface.co" not in old and "arxiv.org/abs/hep-th/9901001" in old
    assert "https://huggingface.co/papers/2307.08691" in new


# ---------------------------------------------------------------------------------------- site


def test_tags_that_differ_in_more_than_case_never_share_a_page(tmp_path):
    assert len({tag_slug(tag) for tag in ("C++", "c", "C#", "_x", "x", "c plus plus", "C--")}) == 7
    assert tag_slug("KV cache") == tag_slug("kv-cache") == tag_slug("KV Cache") == "kv-cache"
    assert tag_slug("LLM") == "llm"
    store = small_store(tmp_path)
    for name in ("tags-c-plus-plus.yaml", "tags-c.yaml"):  # C++ and C#; c
        shutil.copy(BAD / name, store / "papers")
    assert check_store(store) == []
    site = render_site(load_corpus(store), "https://digest.example/")
    slugs = {tag: tag_slug(tag) for tag in ("C++", "c", "C#")}
    assert len(set(slugs.values())) == 3 and slugs["c"] == "c"
    for tag, slug in slugs.items():
        page = site[f"tags/{slug}.md"]
        assert f"\n# {tag}\n" in page.replace("\\", "")
        assert f'<a href="{slug}/">' in site["tags.md"]  # every one in the index (served at /tags/)


# ------------------------------------------------------------------------------------- fetch


def client(**options) -> tuple[Client, list[str], list[float]]:
    said, slept = [], []
    made = Client(
        HttpOptions(**{"timeout": 5, "retries": 0, **options}), progress=lambda m, _: said.append(m), sleep=slept.append
    )
    return made, said, slept


def get(made: Client, url: str, tmp_path: Path) -> int:
    return made.download(url, {}, tmp_path / "answer", (JSON,))


def test_a_dripping_answer_stops_at_the_deadline(tmp_path):
    with RecordedServer({"/a": [Answer(b"[" + b" " * 200 + b"]", drip=0.05)]}) as server:
        made, _, _ = client(deadline=1.0)
        started = time.monotonic()
        with pytest.raises(
            FetchError,
            match=r"/a: the answer took more than 1 s to arrive \(\d+ bytes so far\): "
            "the server is too slow",
        ):
            get(made, server.url("/a"), tmp_path)
        assert time.monotonic() - started < 5


def test_a_server_dripping_its_headers_stops_at_the_deadline(tmp_path):
    """No read ever waits past the timeout, and the body never starts: the alarm stops it."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def drip() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 200:  # 11 s of headers, 1 s allowed
                if stop.is_set():
                    return
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    return
                time.sleep(0.05)

    threading.Thread(target=drip, daemon=True).start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/a"
    started = time.monotonic()
    try:
        with pytest.raises(FetchError) as stopped:
            get(client(deadline=1.0)[0], url, tmp_path)
    finally:
        stop.set()
        listener.close()
    assert time.monotonic() - started < 8
    assert str(stopped.value) == (
        f"{url}: no whole answer within 1 s (the server sends too slowly, or its headers "
        "never end); stopped, try again later"
    )
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_storm_of_429s_stops_at_the_budget_and_shows_each_wait(tmp_path):
    storm = Answer(b"slow down", 429, "text/plain", {"Retry-After": "3600"})
    with RecordedServer({"/a": [storm]}) as server:
        made, said, slept = client(retries=10, budget=300)
        with pytest.raises(FetchError) as failed:
            get(made, server.url("/a"), tmp_path)
    assert slept == [120, 120] and len(server.requests) == 3  # Retry-After cut to max_wait, budget 300 s
    assert str(failed.value).endswith(
        "HTTP 429 Too Many Requests after 3 tries; this fetch has waited 240 s between "
        "tries, and 120 s more would pass its 300 s budget: try again later"
    )
    host_and_path = server.url("/a").removeprefix("http://")  # the error after the last try says the whole address
    assert said == [
        f"{host_and_path}: HTTP 429 Too Many Requests; try {n} of 11 in 120 s (as the server asks (Retry-After))"
        for n in (2, 3)
    ]


def test_backoff_without_retry_after_doubles_and_the_budget_spans_the_whole_fetch(tmp_path):
    with RecordedServer({"/a": [Answer(b"no", 503, "text/plain")], "/b": [Answer(b"no", 500, "text/plain")]}) as server:
        made, _, slept = client(retries=4, backoff=2.0, budget=1000)
        with pytest.raises(FetchError, match="HTTP 503 Service Unavailable after 5 tries; try again later"):
            get(made, server.url("/a"), tmp_path)
        assert slept == [0, 4, 8, 16] and made.waited == 28
        made.options = HttpOptions(timeout=5, retries=4, budget=40)
        with pytest.raises(
            FetchError,
            match="after 4 tries; this fetch has waited 40 s between tries, and 16 s more would pass its 40 s budget",
        ):
            get(made, server.url("/b"), tmp_path)
        assert slept[4:] == [0, 4, 8]


def test_an_unreadable_retry_after_is_never_echoed_and_means_backoff(tmp_path):
    odd = Answer(b"slow", 429, "text/plain", {"Retry-After": "<script>soon</script>"})
    with RecordedServer({"/a": [odd, Answer(b"[]")]}) as server:
        made, _, slept = client(retries=1)
        assert get(made, server.url("/a"), tmp_path) == 2 and slept == [0]  # backoff, not a failure at once
    now = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    assert retry_after("7", now) == 7 and retry_after("Wed, 01 Jan 2025 00:01:00 GMT", now) == 60
    assert retry_after("soon", now) is None and retry_after("99999999999", now) is None
    assert retry_after("Tue, 31 Dec 2024 00:00:00 GMT", now) == 0  # a date past: at once


def test_an_unreadable_retry_after_on_the_last_try_is_not_shown(tmp_path):
    odd = Answer(b"slow", 429, "text/plain", {"Retry-After": "<script>soon</script>"})
    with RecordedServer({"/a": [odd]}) as server, pytest.raises(FetchError) as failed:
        get(client()[0], server.url("/a"), tmp_path)
    assert str(failed.value) == f"{server.url('/a')}: HTTP 429 Too Many Requests; try again later"


def test_redirects_stay_on_the_same_server_and_port(tmp_path):
    with (
        RecordedServer({"/new": [Answer(b"[]")]}) as other,
        RecordedServer(
            {
                "/same": [Answer(b"", 302, None, {"Location": "/new-place"})],
                "/new-place": [Answer(b"[1]")],
                "/away": [Answer(b"", 301, None, {"Location": other.url("/new")})],
            }
        ) as server,
    ):
        made = client()[0]
        assert get(made, server.url("/same"), tmp_path) == 3
        with pytest.raises(
            FetchError,
            match=r"/away: redirected to http://127\.0\.0\.1:\d+, another server or port: "
            "not followed; if the API moved there, give its address with --endpoint",
        ):
            get(made, server.url("/away"), tmp_path)
    assert other.requests == []


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_connection_failures_are_said_in_words(tmp_path):
    port = free_port()
    with pytest.raises(FetchError) as refused:
        get(client()[0], f"http://127.0.0.1:{port}/a", tmp_path)
    assert str(refused.value) == (
        f"http://127.0.0.1:{port}/a: the connection was refused: nothing answers at 127.0.0.1:{port}; try again later"
    )
    with RecordedServer({"/a": [Answer(hang_up=True)]}) as server, pytest.raises(FetchError) as dropped:
        get(client()[0], server.url("/a"), tmp_path)
    assert (
        str(dropped.value) == f"{server.url('/a')}: the server closed the connection without answering; try again later"
    )
    with pytest.raises(FetchError, match="not a web address"):
        get(client()[0], "htp:/nowhere", tmp_path)


def test_a_name_that_does_not_resolve_is_tried_once_more_at_once_then_said(tmp_path, monkeypatch):
    """Offline, or with a mistyped --endpoint, four more tries over 28 s of backoff cured nothing.
    The resolver is the one part of the network a test may not ask here (no DNS query leaves
    the machine), so it answers as it does offline: the name is not known."""
    real = socket.getaddrinfo

    def resolve(host, *args, **kwargs):
        if host == "api.example.invalid":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    made, said, slept = client(retries=4)
    with pytest.raises(FetchError) as failed:
        get(made, "http://api.example.invalid/a", tmp_path)
    assert str(failed.value) == (
        "http://api.example.invalid/a: cannot find the server api.example.invalid (its name does not resolve) "
        "after 2 tries: no network here, or a wrong --endpoint; try again when online"
    )
    assert said == [
        "api.example.invalid/a: cannot find the server api.example.invalid (its name does not resolve); try 2 of 2 in 0 s (backing off)"
    ]
    assert slept == [0.0]


def test_a_latin1_answer_is_not_a_dump_to_save_again(tmp_path, capsys):
    store = small_store(tmp_path)
    body = json.dumps([hf_item("2501.00001", "Caf\xe9: Serving", "We serve models. " * 20)], ensure_ascii=False)
    before = tree_hash(store)
    with RecordedServer({"/api": [Answer(body.encode("latin-1"))]}) as server:
        code, lines = run_digest(
            [
                "fetch",
                "hf-daily",
                "--date",
                "2025-01-23",
                "--data",
                str(store),
                "--endpoint",
                server.url("/api"),
                "--retries",
                "0",
            ],
            capsys,
        )
    shown = "\n".join(lines)
    assert code == 1 and "not UTF-8 text (byte 0xe9" in shown and "an API answers in UTF-8" in shown
    assert "save the dump" not in shown and tree_hash(store) == before


def test_a_fetch_keeps_its_answers_in_the_store_and_the_next_one_clears_what_a_killed_one_left(tmp_path, monkeypatch):
    store = small_store(tmp_path)
    outside = tmp_path / "tmp"
    outside.mkdir()
    monkeypatch.setenv("TMPDIR", str(outside))
    left = store / f"{SCRATCH_PREFIX}killed"
    left.mkdir()
    (left / "hf-daily-2025-01-22.json").write_bytes(b"x" * 1000)
    with scratch_folder(store) as live:  # another fetch at work: its folder stays
        with RecordedServer({"/api": [Answer(b"[]")]}) as server:
            series = [hf_daily.day_series(dt.date(2025, 1, 23), server.url("/api"))]
            report = fetch(series, store, client=client()[0])
        assert report.pages == 1 and live.is_dir() and not left.exists()
    assert not live.exists() and list(outside.iterdir()) == []
    assert [path.name for path in store.iterdir() if path.name.startswith(".")] == []


# ------------------------------------------------------------------------------------ signals


def test_sigterm_during_a_fetch_says_so_and_changes_nothing(tmp_path):
    store = small_store(tmp_path)
    before = tree_hash(store)
    with RecordedServer({"/api": [Answer(b"[]", stall=20)]}) as server:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "digest.cli",
                "fetch",
                "hf-daily",
                "--date",
                "2025-01-23",
                "--data",
                str(store),
                "--endpoint",
                server.url("/api"),
                "--retries",
                "0",
            ],
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while not server.requests and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 143 and err.strip().splitlines()[-1] == "stopped by SIGTERM: the store was not changed"
    assert tree_hash(store) == before
