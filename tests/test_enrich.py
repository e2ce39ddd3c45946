"""`digest enrich` against a real HTTP server on 127.0.0.1 playing arXiv API answers (never the
internet): a record of the same title is completed, a different title never is (however close),
a curator's value is never replaced, and a failed request leaves the store byte for byte as it
was. Then `--from-file`, the same checks for a curator's findings.

The answers (tests/fixtures/responses/arxiv-title-*.atom) are in the shape the arXiv API answers
a title query, with the papers' real ids, authors and dates; the near misses are made from them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import bibtexparser
import pytest
import yaml

from digest.build import load_corpus
from digest.cli import main
from digest.enrich.run import enrich
from digest.errors import FetchError
from digest.fetch.by_title import TitleLookup
from digest.fetch.http import Client, HttpOptions
from digest.records.store import load_paper, record_path
from digest.render.bibtex import bibtex_entry, citation_keys

from .conftest import DATA, snapshot
from .http_support import Answer, RecordedServer

RESPONSES = Path(__file__).parent / "fixtures" / "responses"
FLASH2 = (RESPONSES / "arxiv-title-flashattention-2.atom").read_bytes()
MULTIGRID = (RESPONSES / "arxiv-title-multigrid.atom").read_bytes()
FLASH2_TITLE = b"FlashAttention-2: Faster Attention with Better Parallelism and Work\n  Partitioning"
PATH = "/api/query"
FAST = ["--retries", "0", "--timeout", "5"]
ATOM = "application/atom+xml; charset=utf-8"


@pytest.fixture
def data(tmp_path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    return copy


def atom(body: bytes) -> Answer:
    return Answer(body, content_type=ATOM)


def run(server: RecordedServer, data: Path, *argv: str) -> int:
    return main(["enrich", *argv, "--data", str(data), "--endpoint", server.url(PATH), *FAST])


def record(data: Path, paper_id: str) -> dict:
    return yaml.safe_load(record_path(data, paper_id).read_text(encoding="utf-8"))


def test_a_record_of_the_same_title_gets_its_id_authors_and_date(data, capsys):
    before = snapshot(data)
    old = record(data, "flashattention-2")
    with RecordedServer({PATH: [atom(FLASH2)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    (request,) = server.requests
    assert (
        request.query["search_query"] == 'ti:"flashattention 2 faster attention with better parallelism and work '
        'partitioning"'
    )
    new = record(data, "flashattention-2")
    assert (new["arxiv_id"], new["authors"], new["published"], new["authors_count"]) == (
        "2307.08691",
        ["Tri Dao"],
        "2023-07-17",
        1,
    )
    assert {
        key: value for key, value in new.items() if key not in ("arxiv_id", "authors", "published", "authors_count")
    } == {key: value for key, value in old.items() if key not in ("published", "authors_count")}
    after = snapshot(data)
    assert [name for name in after if after[name] != before.get(name)] == ["papers/flashattention-2.yaml"]
    captured = capsys.readouterr()
    assert (
        "filled: flashattention-2: arxiv_id, authors, published from https://arxiv.org/abs/2307.08691" in captured.out
    )
    assert "1 filled, 0 no match, 0 ambiguous" in captured.out and "1 record(s) written" in captured.out
    assert "[1/1] flashattention-2: looking up arxiv_id, authors, published" in captured.err


def test_the_filled_record_cites_with_authors_eprint_and_url(data):
    with RecordedServer({PATH: [atom(MULTIGRID)]}) as server:
        assert run(server, data, "a-multigrid-method-for-efficiently-training-video-models") == 0
    corpus = load_corpus(data)
    paper_id = "a-multigrid-method-for-efficiently-training-video-models"
    text = bibtex_entry(corpus.papers[paper_id], citation_keys(corpus)[paper_id])
    library = bibtexparser.parse_string(text)
    (entry,) = library.entries
    assert entry.key == "wu2019multigrid"  # keyed by the authors it was given
    assert entry["author"] == (
        "Chao-Yuan Wu and Ross Girshick and Kaiming He and Christoph Feichtenhofer and Philipp Krähenbühl"
    )
    assert (entry["eprint"], entry["archivePrefix"], entry["url"], entry["year"]) == (
        "1912.00998",
        "arXiv",
        "https://arxiv.org/abs/1912.00998",
        "2019",
    )


def test_case_punctuation_and_spacing_do_not_count(data):
    shouted = FLASH2.replace(
        FLASH2_TITLE, b"FLASHATTENTION-2 :  faster attention with better parallelism and work partitioning."
    )
    with RecordedServer({PATH: [atom(shouted)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    assert record(data, "flashattention-2")["arxiv_id"] == "2307.08691"


# Near misses: each answer holds a paper whose title is close to the record's but is not it.
NEAR_MISSES = {
    "the record's title is longer (the found one is a prefix)": FLASH2.replace(
        FLASH2_TITLE, b"FlashAttention-2: Faster Attention with Better Parallelism"
    ),
    "the found title is longer (the record's is a prefix)": FLASH2.replace(
        FLASH2_TITLE, FLASH2_TITLE + b" for Long Sequences"
    ),
    "a v2 with another title": FLASH2.replace(b"2307.08691v1", b"2307.08691v2").replace(
        FLASH2_TITLE, b"FlashAttention-2: Faster Attention with Work Partitioning"
    ),
    "one word differs": FLASH2.replace(b"Better Parallelism", b"Better Pipelining"),
    "only the other paper": FLASH2.replace(FLASH2_TITLE, b"FlashAttention: Fast and Memory-Efficient Exact Attention"),
}


@pytest.mark.parametrize("case", NEAR_MISSES)
def test_a_different_title_is_never_taken(case, data, capsys):
    before = snapshot(data)
    with RecordedServer({PATH: [atom(NEAR_MISSES[case])]}) as server:
        assert run(server, data, "flashattention-2") == 0
    assert snapshot(data) == before
    out = capsys.readouterr().out
    assert "no match: flashattention-2: no candidate has this title (2 looked at)" in out
    assert "0 filled, 1 no match" in out


def test_two_papers_of_the_same_title_are_ambiguous_and_neither_is_taken(data, capsys):
    twice = FLASH2.replace(b"2205.14135v2", b"2401.00001v1").replace(
        b"FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness", FLASH2_TITLE
    )
    before = snapshot(data)
    with RecordedServer({PATH: [atom(twice)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    assert snapshot(data) == before
    assert "ambiguous: flashattention-2: 2 papers have this title (2307.08691, 2401.00001)" in capsys.readouterr().out


def test_a_value_already_in_the_record_is_never_replaced(data):
    path = record_path(data, "flashattention-2")
    text = path.read_text(encoding="utf-8").replace("published: null", "published: '2023-09-01'")
    path.write_text(text.replace("\nabstract:", "\nauthors: [T. Dao]\nabstract:", 1), encoding="utf-8")
    with RecordedServer({PATH: [atom(FLASH2)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    new = record(data, "flashattention-2")
    assert (new["arxiv_id"], new["authors"], new["published"]) == ("2307.08691", ["T. Dao"], "2023-09-01")


def test_a_record_naming_another_arxiv_id_keeps_everything(data, capsys):
    path = record_path(data, "flashattention-2")
    path.write_text(
        path.read_text(encoding="utf-8").replace("published: null", "arxiv_id: '2205.14135'\npublished: null"),
        encoding="utf-8",
    )
    before = snapshot(data)
    with RecordedServer({PATH: [atom(FLASH2)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    assert snapshot(data) == before
    assert "conflict: flashattention-2: the record names arXiv 2205.14135" in capsys.readouterr().out


def test_a_complete_record_is_not_looked_up(data, capsys):
    path = record_path(data, "flashattention-2")
    path.write_text(
        path.read_text(encoding="utf-8")
        .replace("published: null", "arxiv_id: '2307.08691'\npublished: '2023-07-17'")
        .replace("\nabstract:", "\nauthors: [Tri Dao]\nabstract:", 1),
        encoding="utf-8",
    )
    with RecordedServer({PATH: [atom(FLASH2)]}) as server:
        assert run(server, data, "flashattention-2") == 0
    assert server.requests == []
    assert "0 record(s) looked up" in capsys.readouterr().out


def test_dry_run_reports_and_writes_nothing(data, capsys):
    before = snapshot(data)
    with RecordedServer({PATH: [atom(FLASH2)]}) as server:
        assert run(server, data, "flashattention-2", "--dry-run") == 0
    assert snapshot(data) == before
    out = capsys.readouterr().out
    assert "filled: flashattention-2: arxiv_id, authors, published" in out and "dry run: nothing written" in out


BAD = {
    "500": ([Answer(b"oops", 500, "text/plain")], "HTTP 500 Internal Server Error"),
    "timeout": ([Answer(FLASH2, stall=3, content_type=ATOM)], "no answer within"),
    "XML cut off": ([atom(FLASH2[: len(FLASH2) // 2])], "not well-formed XML"),
    "the API's error": (
        [atom(FLASH2.replace(b"http://arxiv.org/abs/2307.08691v1", b"http://arxiv.org/api/errors#incorrect_query"))],
        "the arXiv API answered with an error",
    ),
    "wrong content type": ([Answer(b"<html>Sign in</html>", content_type="text/html")], "the answer is text/html"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_failed_request_changes_nothing_and_says_why(case, data, capsys):
    answers, message = BAD[case]
    before = snapshot(data)
    with RecordedServer({PATH: answers}) as server:
        assert (
            main(
                [
                    "enrich",
                    "flashattention-2",
                    "--data",
                    str(data),
                    "--endpoint",
                    server.url(PATH),
                    "--retries",
                    "0",
                    "--timeout",
                    "0.5",
                ]
            )
            == 1
        )
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err, err
    assert snapshot(data) == before


def test_each_retry_is_shown_as_fetch_shows_it(data, capsys):
    """Without the network, enrich waited half a minute in silence while fetch showed each try
    (a blind curator's walkthrough)."""
    with RecordedServer({PATH: [Answer(b"oops", 503, "text/plain"), atom(FLASH2)]}) as server:
        argv = ["enrich", "flashattention-2", "--data", str(data), "--endpoint", server.url(PATH)]
        assert main([*argv, "--retries", "1", "--timeout", "5"]) == 0
    err = capsys.readouterr().err
    (retry,) = [line for line in err.splitlines() if "; try 2 of 2" in line]
    # The line names the API's host and path, not the whole query (230 characters of an escaped
    # title): the line before names the record looked up.
    host_and_path = server.url(PATH).removeprefix("http://")
    assert retry == f"{host_and_path}: HTTP 503 Service Unavailable; try 2 of 2 in 0 s (backing off)"
    assert record(data, "flashattention-2")["arxiv_id"] == "2307.08691"


def test_a_failure_on_a_later_record_keeps_the_earlier_match_out_too_and_requests_wait_3_s(data):
    before = snapshot(data)
    waits: list[float] = []
    ids = ["flashattention-2", "a-multigrid-method-for-efficiently-training-video-models"]
    with RecordedServer({PATH: [atom(FLASH2), Answer(b"oops", 503, "text/plain")]}) as server:
        client = Client(HttpOptions(timeout=5, retries=0))
        with pytest.raises(FetchError, match="HTTP 503"):
            enrich(data, TitleLookup(client, server.url(PATH), sleep=waits.append), paper_ids=ids)
        client.close()
    assert len(server.requests) == 2 and waits == [3.0]
    assert snapshot(data) == before


def test_every_record_lacking_a_field_is_looked_up_once(data):
    asked: list[str] = []

    def lookup(paper):
        asked.append(paper.id)
        return []

    report = enrich(data, lookup)  # no record of the repo's store names its authors yet
    assert asked == sorted(path.stem for path in (data / "papers").glob("*.yaml"))
    assert report.count("no match") == len(asked) and report.complete == 0


# ---------------------------------------------------------------------------- --from-file


def findings(tmp_path: Path, items: list[dict]) -> str:
    path = tmp_path / "findings.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    return str(path)


def test_findings_from_a_file_fill_through_the_same_checks(data, tmp_path, capsys):
    file = findings(
        tmp_path,
        [
            {
                "id": "flashattention-2",
                "arxiv_id": "arXiv:2307.08691v2",
                "authors": ["Tri Dao"],
                "published": None,
                "title_as_found": "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning",
                "evidence": "https://arxiv.org/abs/2307.08691",
            },
            {
                "id": "tempi",
                "arxiv_id": "2012.14363",
                "authors": ["Carl Pearson"],
                "published": "2020-12-28",
                "title_as_found": "TEMPI: An Interposed MPI Library",
                "evidence": "a listing",
            },  # a prefix: refused
            {
                "id": "cuda-l2",
                "arxiv_id": None,
                "title_as_found": "CUDA-L2: Surpassing cuBLAS Performance for Matrix "
                "Multiplication through Reinforcement Learning",
                "note": "A test note: no arXiv version.",
            },
        ],
    )
    before = {paper_id: record(data, paper_id) for paper_id in ("tempi", "cuda-l2")}
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 0
    flash = record(data, "flashattention-2")
    assert (flash["arxiv_id"], flash["authors"], flash["published"]) == ("2307.08691", ["Tri Dao"], None)
    assert record(data, "tempi") == before["tempi"]
    cuda = record(data, "cuda-l2")
    assert cuda["notes"] == "A test note: no arXiv version." and "arxiv_id" not in cuda
    out = capsys.readouterr().out
    assert "no match: tempi" in out and "filled: cuda-l2: notes" in out and "2 filled, 1 no match" in out


def test_a_finding_for_no_record_stops_the_run_before_anything_is_written(data, tmp_path, capsys):
    title = "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning"
    found = {"arxiv_id": "2307.08691", "title_as_found": title, "authors": ["Tri Dao"]}
    file = findings(tmp_path, [{"id": "flashattention-2", **found}, {"id": "flashatention-2", **found}])
    before = record(data, "flashattention-2")
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 1
    assert record(data, "flashattention-2") == before
    err = capsys.readouterr().err
    assert f"{file}: id: no record in {data / 'papers'} has the id 'flashatention-2'" in err


def test_a_note_never_replaces_a_curators_note(data, tmp_path):
    path = record_path(data, "cuda-l2")
    path.write_text(
        path.read_text(encoding="utf-8").replace("notes: ''", "notes: 'Read: strong on H100.'"), encoding="utf-8"
    )
    before = snapshot(data)
    file = findings(
        tmp_path,
        [{"id": "cuda-l2", "title_as_found": load_paper(path).paper.title, "note": "A test note: no arXiv version."}],
    )
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 0
    assert snapshot(data) == before


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (
            {"id": "tempi", "title_as_found": "TEMPI", "published": "2020-13-01"},
            "[0].published: '2020-13-01' is not a day",
        ),
        ({"id": "tempi", "title_as_found": "TEMPI", "arxiv_id": "12345"}, "[0].arxiv_id: '12345' is not an arXiv id"),
        ({"id": "tempi"}, "[0].title_as_found: a non-empty string is required"),
        ({"id": "tempi", "title_as_found": "TEMPI", "doi": "x"}, "[0].doi: unknown key"),
    ],
)
def test_a_malformed_finding_stops_before_anything_is_written(item, message, data, tmp_path, capsys):
    before = snapshot(data)
    file = findings(tmp_path, [item])
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 1
    assert message in capsys.readouterr().err and snapshot(data) == before


def test_findings_applied_twice_change_nothing_the_second_time(data, tmp_path, capsys):
    file = findings(
        tmp_path,
        [
            {
                "id": "flashattention-2",
                "arxiv_id": "2307.08691",
                "authors": ["Tri Dao"],
                "published": "2023-07-01",
                "title_as_found": "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning",
            }
        ],
    )
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 0
    once = snapshot(data)
    capsys.readouterr()
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 0
    assert snapshot(data) == once and "0 record(s) looked up" in capsys.readouterr().out


def test_filling_changes_only_the_lines_of_what_it_fills(data, tmp_path):
    """A curator's layout stays: a comment, flow lists and quoting are kept byte for byte, and the
    record gains only the lines of the fields filled."""
    path = record_path(data, "flashattention-2")
    text = path.read_text(encoding="utf-8")
    curated = text.replace("topics:", "# read against the taxonomy by a curator\ntopics:", 1)
    curated = curated.replace("notes: ''", "notes: 'Kept as \"FA2\" in the tables.'", 1)
    path.write_text(curated, encoding="utf-8")
    file = findings(
        tmp_path,
        [
            {
                "id": "flashattention-2",
                "arxiv_id": "2307.08691",
                "authors": ["Tri Dao"],
                "published": "2023-07-17",
                "title_as_found": "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning",
            }
        ],
    )
    assert main(["enrich", "--from-file", file, "--data", str(data)]) == 0
    after = path.read_text(encoding="utf-8")
    removed = [line for line in curated.splitlines() if line not in after.splitlines()]
    added = [line for line in after.splitlines() if line not in curated.splitlines()]
    assert all(line.startswith(("arxiv_id:", "published:", "authors_count:")) for line in removed), removed
    assert "authors:" in added and "- Tri Dao" in added and "arxiv_id: '2307.08691'" in added
    assert "# read against the taxonomy by a curator" in after and "notes: 'Kept as \"FA2\" in the tables.'" in after
    flash = record(data, "flashattention-2")
    assert (flash["arxiv_id"], flash["authors"], flash["published"]) == ("2307.08691", ["Tri Dao"], "2023-07-17")
