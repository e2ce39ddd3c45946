"""Rules a user relies on that no test held (issue 21's mutation review): each test fails when
its rule breaks. scripts/mutate.py breaks them on purpose and names the tests that must notice."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from digest.build import load_corpus
from digest.derive.classify import classify
from digest.derive.learn import MIN_POSITIVES, TopicPrediction, rule_feature, rules_feature, term_in_words
from digest.derive.relevance import MIN_PROBABILITY, judge, on_topic
from digest.derive.suggest import Learnable, Suggestion, fit_text, suggest, train_on_curated
from digest.derive.taxonomy import load_taxonomy
from digest.derive.training import store_vectorizer, training_set
from digest.errors import FetchError, WriteError
from digest.fetch import arxiv, hf_daily
from digest.fetch.http import Client, HttpOptions
from digest.fetch.run import fetch
from digest.records import transaction as tx_module
from digest.records.store import load_papers, record_path, store_lock, transaction
from digest.records.transaction import JOURNAL, STAGING_PREFIX
from digest.render.columns import COLUMNS
from digest.render.context import RenderContext
from digest.render.exports import papers_json
from digest.render.listing import letter_group
from digest.render.site import render_site
from digest.render.templates import environment
from digest.temporal import seen_on

from .conftest import DATA, REPO_DATA
from .http_support import Answer, RecordedServer
from .test_bad_input import run_digest, small_store, tree_hash
from .test_evaluation import learned

SITE = "https://digest.example/"


@pytest.fixture(scope="module")
def repo_model():
    """The repo's records as the model sees them, and its taxonomy."""
    taxonomy = load_taxonomy(DATA / "taxonomy.yaml")
    items = [Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy)) for paper in load_papers(DATA)]
    return taxonomy, [item for item in items if item.paper.topics]


def probabilities(model, items, fallback):
    return [[(p.slug, p.probability) for p in s.predictions] for s in suggest(model, items, fallback)]


# ----------------------------------------------------------------------------- the model


def test_the_model_learns_from_curated_papers_only(repo_model):
    """An uncurated paper is no negative example: uncurated copies of curated papers change nothing."""
    taxonomy, curated = repo_model
    copies = [
        dataclasses.replace(item, paper=dataclasses.replace(item.paper, id=item.paper.id + "-again", topics=[]))
        for item in curated[:40]
    ]
    fallback = taxonomy.fallback.slug
    vectorizer = fit_text(curated + copies)  # the corpus's one text model: both models read it
    alone = train_on_curated(curated, taxonomy, vectorizer)
    with_copies = train_on_curated(curated + copies, taxonomy, vectorizer)
    assert learned(alone) and probabilities(alone, curated[:8], fallback) == probabilities(
        with_copies, curated[:8], fallback
    )


def test_a_topic_with_too_few_curated_papers_is_left_to_the_rules(repo_model):
    taxonomy, curated = repo_model
    vectorizer = fit_text(curated)
    model = train_on_curated(curated, taxonomy, vectorizer)
    topic = learned(model)[0]
    having = [item for item in curated if topic in item.paper.topics]
    assert len(having) > MIN_POSITIVES - 1
    fewer = [item for item in curated if topic not in item.paper.topics] + having[: MIN_POSITIVES - 1]
    small = train_on_curated(fewer, taxonomy, vectorizer)
    assert topic not in learned(small) and set(learned(small)) == set(learned(model)) - {topic}
    (suggestion,) = suggest(small, having[:1], taxonomy.fallback.slug)
    assert suggestion.prediction(topic).probability is None  # the rules decide it


def test_each_rule_is_a_feature_of_its_own_that_the_model_can_name(repo_model):
    """Each rule's points (over the topic's threshold) are a feature next to the topic's total, so
    a phrase that fires out of context learns its own weight; the strongest terms can name it."""
    taxonomy, curated = repo_model
    item = next(item for item in curated if item.paper.title.startswith("Adding NVMe SSDs"))
    offloading = next(score for score in item.classification.scores if score.slug == "offloading")
    hits = dict(item.example.rule_hits)
    assert hits[rule_feature("offloading", "NVMe")] == 6 / offloading.threshold  # +6 in the title
    own = [value for name, value in hits.items() if name.startswith("offloading rule: ")]
    assert sum(own) == pytest.approx(offloading.score / offloading.threshold)
    model = train_on_curated(curated, taxonomy, fit_text(curated))
    assert rule_feature("offloading", "NVMe") in model.rules
    terms = [term for s in suggest(model, curated, taxonomy.fallback.slug) for p in s.predictions for term in p.terms]
    assert any(" rule: " in term for term in terms)
    # As a curator reads them: the phrase a rule matched in this paper, not its pattern.
    quoted = lambda text: f"'{text}'"  # noqa: E731
    assert term_in_words(rule_feature("offloading", "NVMe"), item.classification, quoted) == "'NVMe' (offloading rule)"
    said = term_in_words(rules_feature("offloading"), item.classification, quoted)
    assert said == f"offloading rules' score {offloading.score}"
    assert term_in_words("ssds", item.classification, quoted) == "'ssds'"


def test_a_paper_under_the_fetch_floor_is_placed_in_no_learned_topic():
    """The site suggests no topic for a paper `digest fetch` would drop: the topic models never
    learn "none of these". Trained on the real store's past, some later papers pass a topic's
    threshold while the on-topic model puts them under the floor: they get the fallback, and
    confidence 0, so review shows them first."""
    taxonomy = load_taxonomy(REPO_DATA / "taxonomy.yaml")
    decided, records = training_set(REPO_DATA, taxonomy)
    past = [item for item in decided if (seen_on(item) or "") < "2026-04-13"]
    later = [item for item in decided if (seen_on(item) or "") >= "2026-04-13"]
    model = train_on_curated(past, taxonomy, store_vectorizer(decided, records))
    under = [s for s in suggest(model, later, taxonomy.fallback.slug, terms=False) if s.relevance < MIN_PROBABILITY]
    passed = [s for s in under if any(p.learned and p.probability >= p.threshold for p in s.predictions)]
    assert passed and all(s.topics == (taxonomy.fallback.slug,) and s.confidence == 0.0 for s in passed)
    assert all(not p.chosen for s in under for p in s.predictions if p.learned)


# ----------------------------------------------------------------------- the fetch filter

ON_TOPIC = (
    "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning",
    "We propose an attention kernel for GPUs that tiles the computation to cut HBM reads and writes, "
    "with better work partitioning between thread blocks and warps, reaching 73% of peak FLOPs on A100.",
)
OFF_TOPIC = (
    "A Corpus of Sonnets for Poetry Generation",
    "We collect ten thousand sonnets and study how people rate the rhymes of generated poems.",
)


def test_a_new_store_with_no_curated_papers_filters_by_the_rules():
    taxonomy = load_taxonomy(DATA / "taxonomy.yaml")
    kept, dropped = judge([ON_TOPIC, OFF_TOPIC], [], taxonomy)
    assert kept.kept and kept.probability is None and "kernels" in kept.topics
    assert not dropped.kept and dropped.topics == ()


@pytest.mark.parametrize("relevance, kept", [(MIN_PROBABILITY - 0.01, False), (MIN_PROBABILITY, True), (0.9, True)])
def test_the_on_topic_model_keeps_a_paper_from_the_floor_up(relevance, kept):
    # Kept or not by the on-topic model's probability, whatever the topic models chose.
    chosen = TopicPrediction("kernels", 0.6, 0.1, True)
    predictions = (chosen, TopicPrediction("serving", 0.05, 0.5, False))
    verdict = on_topic(Suggestion(("kernels",), predictions, 0.5, relevance))
    assert (verdict.kept, verdict.topics, verdict.probability) == (kept, ("kernels",), relevance)
    assert verdict.closest == ("kernels", 0.6)
    unplaced = on_topic(Suggestion(("other",), (replace(chosen, chosen=False), predictions[1]), 0.5, relevance))
    assert unplaced.kept == kept and unplaced.topics == ()


def test_without_an_on_topic_model_the_rules_placement_decides():
    placed = on_topic(Suggestion(("kernels",), (TopicPrediction("kernels", None, None, True),), 0.0))
    unplaced = on_topic(Suggestion(("other",), (TopicPrediction("kernels", None, None, False),), 0.0))
    assert (placed.kept, placed.probability, unplaced.kept) == (True, None, False)


# ------------------------------------------------------------------------------- fetch


def hf_items(count: int, start: int = 0) -> bytes:
    return json.dumps(
        [
            {
                "paper": {
                    "id": f"2501.{start + n:05d}",
                    "title": f"Sonnet Corpus {start + n}",
                    "summary": OFF_TOPIC[1],
                    "upvotes": 1,
                }
            }
            for n in range(count)
        ]
    ).encode()


def atom(count: int, start: int) -> bytes:
    entries = "".join(
        f"<entry><id>http://arxiv.org/abs/2501.{start + n:05d}v1</id><title>Sonnet Corpus "
        f"{start + n}</title><summary>{OFF_TOPIC[1]}</summary><published>2025-01-02T00:00:00Z"
        "</published></entry>"
        for n in range(count)
    )
    return f'<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">{entries}</feed>'.encode()


def quiet_client(**options) -> tuple[Client, list[float]]:
    slept: list[float] = []
    return Client(HttpOptions(**{"timeout": 5, "retries": 0, **options}), sleep=slept.append), slept


def test_a_full_page_asks_for_the_next_until_a_short_one(tmp_path):
    store = small_store(tmp_path)
    with RecordedServer({"/api": [Answer(hf_items(100)), Answer(hf_items(3, 100))]}) as server:
        series = [hf_daily.day_series(dt.date(2025, 1, 23), server.url("/api"))]
        report = fetch(series, store, client=quiet_client()[0], dry_run=True)
    assert [r.query["p"] for r in server.requests] == ["0", "1"] and (report.pages, report.listed) == (2, 103)


def test_arxiv_max_300_asks_three_pages_three_seconds_apart(tmp_path):
    series = arxiv.query_series("all:sonnet", 250, "http://unused.example/")
    assert series.pages == 3 and series.pause == 3.0
    assert [series.page(n).params["max_results"] for n in range(3)] == ["100", "100", "50"]
    assert [series.page(n).params["start"] for n in range(3)] == ["0", "100", "200"]
    store = small_store(tmp_path)
    atom_type = "application/atom+xml"
    pages = [
        Answer(atom(100, 0), content_type=atom_type),
        Answer(atom(100, 100), content_type=atom_type),
        Answer(atom(100, 200), content_type=atom_type),
    ]
    slept: list[float] = []
    with RecordedServer({"/q": pages}) as server:
        report = fetch(
            [arxiv.query_series("all:sonnet", 300, server.url("/q"))],
            store,
            client=quiet_client()[0],
            dry_run=True,
            sleep=slept.append,
        )
    assert report.listed == 300 and [r.query["start"] for r in server.requests] == ["0", "100", "200"]
    assert slept == [3.0, 3.0]


def test_429_without_retry_after_backs_off_and_tries_again(tmp_path):
    with RecordedServer(
        {"/a": [Answer(b"slow", 429, "text/plain"), Answer(b"slow", 429, "text/plain"), Answer(b"[]")]}
    ) as server:
        client, slept = quiet_client(retries=2, backoff=1.5)
        assert client.download(server.url("/a"), {}, tmp_path / "x", ("application/json",)) == 2
    assert slept == [0, 3.0] and len(server.requests) == 3


def test_an_answer_larger_than_the_cap_is_refused(tmp_path):
    with RecordedServer({"/a": [Answer(b"[" + b" " * 5000 + b"]")]}) as server:
        client, _ = quiet_client(max_bytes=1000)
        with pytest.raises(FetchError, match="the answer is larger than 1,000 bytes, far more than an API's page"):
            client.download(server.url("/a"), {}, tmp_path / "x", ("application/json",))


# ---------------------------------------------------------------------------- the store


def test_a_failure_after_the_commit_point_keeps_the_journal_and_the_next_run_finishes(tmp_path, monkeypatch):
    store = small_store(tmp_path)
    real_replace, calls = os.replace, []

    def failing_second_move(source, target):
        calls.append(target)
        if len(calls) == 3:  # the journal's rename, one move, then the disk fails
            raise OSError(5, "Input/output error")
        real_replace(source, target)

    monkeypatch.setattr(tx_module.os, "replace", failing_second_move)
    with pytest.raises(WriteError, match="the write stopped after 1 of 2 files"), transaction(store) as tx:
        tx.write_text(store / "sources" / "new.txt", "a dump\n")
        tx.write_text(store / "papers" / "new.yaml", "id: new\n")
    monkeypatch.setattr(tx_module.os, "replace", real_replace)
    (stage,) = store.glob(STAGING_PREFIX + "*")
    assert (stage / JOURNAL).is_file()  # the commit stands: the journal says what is left to do
    assert (store / "sources" / "new.txt").is_file() and not (store / "papers" / "new.yaml").exists()
    with store_lock(store):  # the next writer finishes it
        pass
    assert (store / "papers" / "new.yaml").read_text() == "id: new\n" and not list(store.glob(STAGING_PREFIX + "*"))


def test_a_journal_naming_a_file_outside_the_store_is_refused(tmp_path):
    store = small_store(tmp_path)
    stage = store / f"{STAGING_PREFIX}forged"
    stage.mkdir()
    (stage / "0.yaml").write_text("pwned\n")
    (stage / JOURNAL).write_text(json.dumps({"version": 1, "moves": [["0.yaml", "../outside.yaml"]]}))
    before = tree_hash(store)
    with (
        pytest.raises(WriteError, match=r"names '\.\./outside\.yaml', which is not a file of the store"),
        store_lock(store),
    ):
        pass
    assert not (tmp_path / "outside.yaml").exists() and tree_hash(store) == before


# ------------------------------------------------------------------------------- ingest


def test_a_later_source_fills_empty_fields_and_never_rewrites_one(tmp_path, capsys):
    store = small_store(tmp_path)
    path = record_path(store, "flashattention-2")
    path.write_text(path.read_text().replace("organization: null", "organization: Stanford"), encoding="utf-8")
    fa2 = load_corpus(store).papers["flashattention-2"].paper
    item = {
        "paper": {
            "id": "2307.08691",
            "title": fa2.title,
            "summary": fa2.abstract,
            "upvotes": 9,
            "authors": [{"name": "Tri Dao"}],
            "publishedAt": "2023-07-17T00:00:00.000Z",
        }
    }
    (tmp_path / "a.json").write_text(json.dumps([item]))
    assert run_digest(["ingest", "--data", str(store), str(tmp_path / "a.json")], capsys)[0] == 0
    item["paper"].update(authors=[{"name": "Someone Else"}], publishedAt="2024-01-01T00:00:00.000Z", upvotes=4)
    (tmp_path / "b.json").write_text(json.dumps([item]))
    assert run_digest(["ingest", "--data", str(store), str(tmp_path / "b.json")], capsys)[0] == 0
    paper = load_corpus(store).papers["flashattention-2"].paper
    assert (paper.authors, paper.published, paper.upvotes, paper.organization) == (
        ["Tri Dao"],
        "2023-07-17",
        9,
        "Stanford",
    )


# ---------------------------------------------------------------------------- overrides


def curated_store(tmp_path: Path, paper_id: str, fields: str) -> Path:
    store = small_store(tmp_path)
    path = record_path(store, paper_id)
    text = path.read_text(encoding="utf-8")
    for line in fields.splitlines():
        key = line.split(":", 1)[0]
        text = "\n".join(line if old.startswith(key + ":") else old for old in text.split("\n"))
    path.write_text(text, encoding="utf-8")
    return store


def test_a_curators_tags_add_to_the_rules_tags(tmp_path):
    plain = load_corpus(small_store(tmp_path / "a")).papers["fastattention"]
    assert plain.tags, "the rules tag this paper"
    tagged = load_corpus(curated_store(tmp_path / "b", "fastattention", "tags: [npu]")).papers["fastattention"]
    assert tagged.tags == [*plain.tags, "npu"]


def test_curated_facts_are_marked_curated_and_an_empty_list_says_none(tmp_path):
    machine = load_corpus(small_store(tmp_path / "a")).papers["fastattention"]
    assert "V100" in machine.hardware
    store = curated_store(tmp_path / "b", "fastattention", "overrides: {hardware: [H100], gpu_count: []}")
    derived = load_corpus(store).papers["fastattention"]
    assert [(f.value, f.curated) for f in derived.facts if f.kind == "hardware"] == [("H100", True)]
    assert derived.values("gpu_count") == [] and derived.is_curated("gpu_count")  # "none", not the machine's 8 GPUs
    assert machine.values("gpu_count") == ["8 GPUs"]


# ----------------------------------------------------------------------- columns, exports


def test_code_cells_say_what_each_link_is_and_compares_cells_name_systems(tmp_path):
    store = curated_store(
        tmp_path,
        "fastattention",
        "overrides: {code: ['https://github.com/o/x', 'https://huggingface.co/o/m', 'https://github.com/o/y',"
        " 'https://b.example/y'], compares_to: [flashattention-2]}",
    )
    corpus = load_corpus(store)
    links = RenderContext(corpus, environment()).links("topics/kernels.md")
    derived = corpus.papers["fastattention"]
    shown = [
        ("code", "https://github.com/o/x"),
        ("model", "https://huggingface.co/o/m"),  # each link says what it leads to: a model's page is no code
        ("code 2", "https://github.com/o/y"),
        ("b.example", "https://b.example/y"),
    ]
    assert COLUMNS["code"].markdown(derived, links) == " ".join(  # and, to a screen reader, whose it is
        f'[{label}]({url}){{ aria-label="{label} of {derived.paper.title}" }}' for label, url in shown
    )
    page = render_site(corpus, SITE)["papers/fastattention.md"]
    assert '<a href="https://huggingface.co/o/m">model: https://huggingface.co/o/m</a>' in page
    assert '<a href="https://b.example/y">https://b.example/y</a>' in page
    system = corpus.papers["flashattention-2"].system
    assert system and COLUMNS["compares_to"].markdown(derived, links) == f"[{system}](../papers/flashattention-2.md)"


@pytest.mark.parametrize(
    "name, label",
    [
        ("Zeus", "Z"),
        ("alpa", "A"),
        ("ZeRO-Infinity", "Z"),
        ("3FS", "0–9 and others"),
        ("Ωmega", "0–9 and others"),
        ("", "0–9 and others"),
    ],
)
def test_systems_are_grouped_by_their_first_letter_a_to_z(name, label):
    assert letter_group(name).label == label


def test_papers_json_holds_each_papers_suggestion(tmp_path):
    corpus = load_corpus(small_store(tmp_path))
    rows = json.loads(papers_json(corpus, SITE))["papers"]
    assert rows and all("suggested" in row for row in rows)
    uncurated = next(row for row in rows if not row["curated"] or "topics" not in row["curated"])
    assert uncurated["suggested"]["topics"] == uncurated["topics"]


def test_a_paper_left_out_just_under_the_floor_is_named_near_it():
    """A curator reads the papers just under the floor, where one in ten is on topic."""
    from digest.derive.relevance import NEAR_FLOOR, Verdict

    assert 0 < NEAR_FLOOR < MIN_PROBABILITY
    near, under = Verdict(False, (), NEAR_FLOOR), Verdict(False, (), NEAR_FLOOR / 2)
    assert near.near_floor and "near the floor" in near.reason
    assert not under.near_floor and "under the floor" in under.reason
    assert not Verdict(True, ("serving",), MIN_PROBABILITY).near_floor  # kept: nothing to read again
    assert not Verdict(False, (), None).near_floor  # the rules decide: no probability to be near with
