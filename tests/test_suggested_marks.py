"""A topic the machine suggested is marked as such wherever a table shows it, and a paper page says
one true thing of where its suggestion came from (a reader's audit: on tags/quantization/ a fetched
paper's Topics cell read "Other GPU work" like a curator's, and its page said "Other GPU work
(suggested, rules)" above "suggested by the model ... No topic reached its threshold")."""

from __future__ import annotations

import re

from digest.build import build_files, load_corpus
from digest.derive.suggestion_origin import MODEL, NO_TOPIC, RULES, topic_origin

from .test_review import uncurate

NO_TOPIC_PAPER = "proxylessnas"  # uncurated, the machine places it in no topic (Other GPU work)
MODEL_PAPER = "tempi"  # uncurated, placed in a topic the model learned
MARK = re.compile(r'<span class="digest-suggested" title="Not yet checked by a curator: ([^"]+)">suggested</span>')


def _row(table_page: str, paper_id: str) -> str:
    return next(row for row in table_page.split("<tr") if f"papers/{paper_id}/" in row)


def test_tables_mark_a_suggested_topic_and_a_row_listed_by_one(seeded_store):
    uncurate(seeded_store, NO_TOPIC_PAPER, MODEL_PAPER)
    corpus, files = build_files(seeded_store, "https://digest.example/")
    fallback = corpus.taxonomy.fallback.slug
    assert corpus.papers[NO_TOPIC_PAPER].topics == (fallback,)
    assert topic_origin(corpus.papers[MODEL_PAPER].suggestion, corpus.papers[MODEL_PAPER].topics[0]).by == MODEL
    for paper_id in (NO_TOPIC_PAPER, MODEL_PAPER):
        derived = corpus.papers[paper_id]
        # A tag's table has a Topics column: each suggested topic carries the mark.
        tag_row = _row(files[f"tags/{derived.tags[0]}.md"], paper_id)
        topics_cell = tag_row.split("<td")[-1]
        assert len(MARK.findall(topics_cell)) == len(derived.topics), paper_id
        # A topic's table has none: the paper's row carries it, after its name.
        for slug in derived.topics:
            marks = MARK.findall(_row(files[f"topics/{slug}.md"], paper_id))
            assert marks == [topic_origin(derived.suggestion, slug).words], (paper_id, slug)
    assert MARK.findall(_row(files[f"topics/{fallback}.md"], NO_TOPIC_PAPER)) == [
        "the machine suggests no topic for it, so it waits here"
    ]
    # A curated paper's rows carry no mark.
    curated = next(d for d in corpus.papers.values() if d.is_curated("topics") and d.tags)
    assert not MARK.search(_row(files[f"tags/{curated.tags[0]}.md"], curated.id))
    assert not MARK.search(_row(files[f"topics/{curated.topics[0]}.md"], curated.id))


def test_a_paper_page_says_one_origin_for_a_suggestion_of_no_topic(seeded_store):
    uncurate(seeded_store, NO_TOPIC_PAPER, MODEL_PAPER)
    files = build_files(seeded_store, "https://digest.example/")[1]
    page = files[f"papers/{NO_TOPIC_PAPER}.md"]
    topics = page.split("<strong>Topics</strong>")[1].split("&nbsp;")[0]
    assert "(suggested: no topic fits)" in topics and "rules" not in topics
    why = page.split("<summary>Why these topics</summary>")[1].split("</details>")[0]
    assert "Suggested under <em>Other GPU work</em> because no topic fits: " in why
    assert "suggested by the model" not in why.lower() and "digest accept proxylessnas --topics a,b" in why
    model_page = files[f"papers/{MODEL_PAPER}.md"]
    assert re.search(r"</a> \(suggested, 0\.\d\d\)", model_page.split("<strong>Topics</strong>")[1].split("&nbsp;")[0])
    assert "Topics suggested by the model" in model_page


def test_the_origin_follows_what_decided_the_topic(seeded_store):
    uncurate(seeded_store, NO_TOPIC_PAPER, MODEL_PAPER)
    corpus = load_corpus(seeded_store)
    seen = set()
    for derived in corpus.papers.values():
        if derived.is_curated("topics"):
            continue
        for slug in derived.topics:
            origin, prediction = topic_origin(derived.suggestion, slug), derived.suggestion.prediction(slug)
            seen.add(origin.by)
            if slug == corpus.taxonomy.fallback.slug:
                assert origin.by == NO_TOPIC
            elif prediction is not None and prediction.probability is not None:
                assert origin.by == MODEL and origin.probability == prediction.probability
            else:
                assert origin.by == RULES
    assert {NO_TOPIC, MODEL} <= seen
