"""The review loop end to end: suggestions for uncurated papers, `digest review`, `digest accept`
writing only the `topics:` text of each record, and the Needs review page."""

from __future__ import annotations

import dataclasses
import re

import pytest

from digest.build import BuildCache, build_files, load_corpus
from digest.cli import main
from digest.derive.confidence import DEFINITION
from digest.derive.learn import TopicPrediction
from digest.derive.suggest import Suggestion, certainty
from digest.errors import DataError
from digest.records.edit import with_fields, with_topics
from digest.records.model import Paper
from digest.records.store import load_paper, record_path
from digest.render.markdown import html_text, md_text
from digest.review import describe

from .conftest import review_ids, snapshot

UNCURATED = ("tempi", "pytorch-direct", "streamdiffusion", "polca", "zo2")


def uncurate(data, *paper_ids):
    """Clear the curated topics of some records, as a record straight from ingest has them."""
    for paper_id in paper_ids:
        path = record_path(data, paper_id)
        path.write_text(with_topics(path, path.read_text(encoding="utf-8"), []), encoding="utf-8")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("id: a\ntitle: T\ntopics: []\nabstract: A\n", "id: a\ntitle: T\ntopics: [kernels, serving]\nabstract: A\n"),
        (
            "id: a\ntitle: T\ntopics:\n- offloading\n- parallelism\nabstract: A\n",
            "id: a\ntitle: T\ntopics: [kernels, serving]\nabstract: A\n",
        ),
        (
            "id: a\ntitle: T\ntopics: null  # not yet\nabstract: A\n",
            "id: a\ntitle: T\ntopics: [kernels, serving]  # not yet\nabstract: A\n",
        ),
        ("id: a\ntitle: T\ntopics:\nabstract: A\n", "id: a\ntitle: T\ntopics: [kernels, serving]\nabstract: A\n"),
        (
            "id: a\ntitle: T\ntags: [x]\nabstract: A\n",
            "id: a\ntitle: T\ntopics: [kernels, serving]\ntags: [x]\nabstract: A\n",
        ),
        (
            "id: a\ntitle: 'T'  # quoted\nabstract: >-\n  folded\n  text\n",
            "id: a\ntitle: 'T'  # quoted\ntopics: [kernels, serving]\nabstract: >-\n  folded\n  text\n",
        ),
    ],
)
def test_with_topics_changes_only_the_topics_text(text, expected):
    assert with_topics("a.yaml", text, ["kernels", "serving"]) == expected


def test_with_topics_leaves_a_record_that_has_those_topics_as_it_was():
    text = "id: a\ntitle: T\ntopics:\n- kernels\n- serving  # checked\nabstract: A\n"
    assert with_topics("a.yaml", text, ["kernels", "serving"]) == text


def test_with_topics_refuses_a_record_it_cannot_read():
    with pytest.raises(DataError, match=r"a\.yaml:3"):
        with_topics("a.yaml", "id: a\ntitle: T\ntopics: {x: 1}\nabstract: A\n", ["kernels"])


def test_accept_writes_only_the_topics_line_and_keeps_comments(seeded_store, capsys):
    path = record_path(seeded_store, "tempi")
    original = path.read_text(encoding="utf-8").replace("notes: ''", "notes: ''  # a curator's comment")
    path.write_text(original, encoding="utf-8")
    before = snapshot(seeded_store)
    assert main(["accept", "tempi", "--topics", "parallelism,kernels", "--data", str(seeded_store)]) == 0
    assert "tempi: topics parallelism, kernels (was parallelism)" in capsys.readouterr().out
    after = snapshot(seeded_store)
    assert {name for name in after if after[name] != before.get(name)} == {"papers/tempi.yaml"}
    changed = [
        (old, new) for old, new in zip(original.splitlines(), path.read_text().splitlines(), strict=True) if old != new
    ]
    assert changed == [("topics: [parallelism]", "topics: [parallelism, kernels]")]
    assert load_paper(path).paper.topics == ["parallelism", "kernels"]


@pytest.mark.parametrize("topics", [["--topics", "offloading"], []], ids=["named", "suggested"])
def test_an_accept_that_changes_nothing_leaves_the_file_as_it_was_and_says_so(seeded_store, capsys, topics):
    # A blind curator's walkthrough found a block list rewritten in flow style, 'topics serving (was
    # serving)': a byte change for nothing. The machine suggests zo2's curated topic too.
    path = record_path(seeded_store, "zo2")
    original = path.read_bytes().replace(b"topics: [offloading]", b"topics:\n- offloading  # checked")
    path.write_bytes(original)
    assert main(["accept", "zo2", *topics, "--data", str(seeded_store)]) == 0
    assert capsys.readouterr().out.splitlines() == ["zo2: topics already offloading; nothing changed"]
    assert path.read_bytes() == original


def test_the_suggestion_does_not_reorder_a_curators_topics(seeded_store, capsys):
    # The machine lists topics in taxonomy order; a curator's own order of the same topics stays.
    path = record_path(seeded_store, "hybrimoe")
    original = path.read_bytes().replace(b"topics: [offloading, serving]", b"topics: [serving, offloading]")
    path.write_bytes(original)
    assert main(["accept", "hybrimoe", "--data", str(seeded_store)]) == 0
    assert capsys.readouterr().out == "hybrimoe: topics already serving, offloading; nothing changed\n"
    assert path.read_bytes() == original


def test_accept_without_topics_takes_the_suggestion(seeded_store, capsys):
    uncurate(seeded_store, *UNCURATED)
    suggested = load_corpus(seeded_store).papers["zo2"].suggestion
    assert suggested is not None and suggested.learned
    assert main(["accept", "zo2", "--data", str(seeded_store)]) == 0
    assert load_paper(record_path(seeded_store, "zo2")).paper.topics == list(suggested.topics)


def test_a_suggestion_of_no_topic_is_not_taken_as_a_verdict(seeded_store, capsys):
    """'digest accept ID' on a paper suggested only 'other' published it on the fallback's page;
    the suggestion means the machine found no topic, so the curator is asked to decide (a curator's
    walkthrough)."""
    path = record_path(seeded_store, "birdsong")
    path.write_text(
        "id: birdsong\ntitle: A Field Guide to Birdsong Dialects\ntopics: []\nabstract: We record the songs of city "
        "and forest sparrows over four seasons and describe their dialects.\n",
        encoding="utf-8",
    )
    assert load_corpus(seeded_store).papers["birdsong"].suggestion.topics == ("other",)
    before = snapshot(seeded_store)
    assert main(["accept", "birdsong", "--data", str(seeded_store)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "the machine places birdsong in no topic (suggested: other" in err
    assert "'digest accept birdsong --topics a,b'" in err and "'digest reject birdsong --reason" in err
    assert snapshot(seeded_store) == before
    assert main(["accept", "birdsong", "--topics", "other", "--data", str(seeded_store)]) == 0  # said, it is taken
    assert load_paper(path).paper.topics == ["other"]


def test_review_and_explain_say_plainly_that_no_topic_fits_and_what_to_do(seeded_store, capsys):
    """`review` printed 'suggested: other' and 'confidence 0.92', which invited an accept that was
    then refused (a curator's audit): it says that no topic fits, how sure, and the two ways on."""
    path = record_path(seeded_store, "birdsong")
    path.write_text(
        "id: birdsong\ntitle: A Field Guide to Birdsong Dialects\ntopics: []\nabstract: We record the songs of city "
        "and forest sparrows over four seasons and describe their dialects.\n",
        encoding="utf-8",
    )
    to_do = (
        "no topic fits: reject it, or name its topics (accept alone refuses it): "
        'digest reject birdsong --reason "..." digest accept birdsong --topics a,b'
    )
    assert main(["review", "--data", str(seeded_store)]) == 0
    out = capsys.readouterr().out
    # each command a line of its own, whole, to copy (wrapped inside its quotes, it broke)
    lines = [line.strip() for line in out.splitlines()]
    assert 'digest reject birdsong --reason "..."' in lines and "digest accept birdsong --topics a,b" in lines
    entry = " ".join(out.split("\nbirdsong\n")[1].split("\n\n")[0].split())
    assert re.fullmatch(
        r"suggested: no topic fits \(other\)(; near: .*)? confidence 0\.\d\d that no topic fits; closest: [a-z]+ at "
        rf"0\.\d\d against its threshold 0\.\d\d A Field Guide to Birdsong Dialects {re.escape(to_do)}",
        entry,
    ), entry
    assert main(["explain", "birdsong", "--data", str(seeded_store)]) == 0
    explained = " ".join(capsys.readouterr().out.split())
    assert "suggested: no topic fits (other) confidence 0." in explained and to_do in explained


def test_a_near_spelling_of_a_rejected_papers_id_is_suggested_as_rejected(seeded_store, capsys):
    """A rejected paper's id mistyped got only 'no paper with id' (a curator's audit), where a
    record's got its near spelling."""
    assert main(["reject", "tempi", "--data", str(seeded_store), "--by", "curator"]) == 0
    capsys.readouterr()
    before = snapshot(seeded_store)
    for command in (["accept", "tempii", "--topics", "kernels"], ["explain", "tempii"], ["reject", "temp"]):
        assert main([*command, "--data", str(seeded_store)]) == 2
        assert "(did you mean 'tempi', rejected?)" in capsys.readouterr().err, command
    assert main(["accept", "TEMPI.yaml", "--topics", "kernels", "--data", str(seeded_store)]) == 2
    assert (
        f"(did you mean 'tempi'? it was rejected: {seeded_store / 'rejected' / 'tempi.yaml'})"
        in capsys.readouterr().err
    )
    assert snapshot(seeded_store) == before


@pytest.mark.parametrize(
    "args, message",
    [
        (["accept", "tempi", "zo2", "--topics", "kernels,gpus"], "unknown topic 'gpus'"),
        (["accept", "tempi", "--topics", "Serving"], "unknown topic 'Serving' (did you mean 'serving'?)"),
        (["accept", "tempi", "--topics", "llm"], "unknown topic 'llm' (it is a tag: a record's tags: list"),
        # in none of the topics and in one of them: a blind curator's walkthrough found it accepted
        (["accept", "tempi", "--topics", "other,kernels"], "'other' means in none of the other topics"),
        (["accept", "tempi", "no-such-paper", "--topics", "kernels"], "no paper with id 'no-such-paper'"),
        # ids copied from elsewhere: the site's and fetch's arXiv ids, a title's case, a file name
        (["reject", "TEMPI"], "no paper with id 'TEMPI' in "),
        (["explain", "tempi.yaml"], "(did you mean 'tempi'?)"),
        (["accept", "tempii", "--topics", "kernels"], "(did you mean 'tempi'?)"),
        # the machine's suggestion does not overrule a curator's topics (tempi's: parallelism)
        (["accept", "zo2", "tempi"], "tempi has curated topics parallelism, suggested "),
    ],
)
def test_a_bad_accept_writes_nothing_and_exits_2(seeded_store, capsys, args, message):
    before = snapshot(seeded_store)
    assert main([*args, "--data", str(seeded_store)]) == 2
    assert message in capsys.readouterr().err
    assert snapshot(seeded_store) == before


def test_an_arxiv_id_for_a_record_s_id_is_refused_with_the_record_s_id(seeded_store, capsys):
    """Fetch and the site speak arXiv ids, the curator's commands record ids (a curator's walkthrough)."""
    path = record_path(seeded_store, "tempi")
    paper = dataclasses.replace(load_paper(path).paper, arxiv_id="2012.14363")
    path.write_text(with_fields(path, path.read_text(encoding="utf-8"), paper, ["arxiv_id"]), encoding="utf-8")
    before = snapshot(seeded_store)
    assert main(["accept", "2012.14363", "--topics", "kernels", "--data", str(seeded_store)]) == 2
    assert "(arXiv 2012.14363 is the record 'tempi': give that id)" in capsys.readouterr().err
    assert snapshot(seeded_store) == before
    assert main(["reject", "tempi", "--data", str(seeded_store), "--by", "curator"]) == 0
    capsys.readouterr()
    assert main(["explain", "2012.14363", "--data", str(seeded_store)]) == 2
    assert "(arXiv 2012.14363 is the record 'tempi', rejected: give that id)" in capsys.readouterr().err
    assert main(["explain", "tempi", "--data", str(seeded_store)]) == 2
    err = capsys.readouterr().err
    assert (
        "no paper with id 'tempi' in " in err
        and f"(it was rejected: {seeded_store / 'rejected' / 'tempi.yaml'})" in err
    )


def confidences(out: str) -> list[tuple[float, str]]:
    """Each listed paper's confidence and the line that gives it."""
    return [
        (float(line.split()[1].rstrip(",")), line) for line in out.splitlines() if line.startswith("    confidence ")
    ]


def test_review_lists_uncurated_papers_least_confident_first(seeded_store, capsys):
    uncurate(seeded_store, *UNCURATED)
    assert main(["review", "--data", str(seeded_store)]) == 0
    out = capsys.readouterr().out
    assert sorted(review_ids(out)) == sorted(UNCURATED)
    shown = [confidence for confidence, _ in confidences(out)]
    assert len(shown) == len(UNCURATED) and shown == sorted(shown)
    assert "5 papers need review (83 curated); listed #1 to #5." in out


def test_the_review_list_fits_80_columns_and_ends_with_what_to_do_next(seeded_store, capsys):
    """Lines ran to 146 columns, and the list ended without the commands to run next (a blind
    curator's walkthrough)."""
    long_id = "understanding-gemm-performance-and-energy-on-nvidia-ada-lovelace"
    uncurate(seeded_store, *UNCURATED, long_id)
    assert main(["review", "--data", str(seeded_store), "--limit", "0"]) == 0
    out = capsys.readouterr().out  # not a terminal: 80 columns
    assert [line for line in out.splitlines() if len(line) > 80] == []
    assert sorted(review_ids(out)) == sorted([*UNCURATED, long_id])  # an id is never cut
    assert "PyTorch-Direct: Enabling GPU Centric Data Access" in " ".join(out.split())  # a long title, wrapped
    assert main(["review", "--data", str(seeded_store), "--limit", "2"]) == 0
    end = " ".join(capsys.readouterr().out.split()).split("6 papers need review (82 curated); listed #1 to #2.")[1]
    assert f"Next 2: digest review --limit 2 --data {seeded_store} --offset 2" in end
    for command in (
        "digest explain ID",
        "digest accept ID",
        "digest accept ID --topics a,b",
        "digest reject ID --reason",
    ):
        assert command in end, command


def test_confidence_is_defined_and_is_what_the_band_selects(seeded_store, capsys):
    """'confidence' was never explained, a paper with kernels at 1.00 showed 0.18 with no reason,
    and --band selected on another number, the highest probability (a blind curator's walkthrough)."""
    definition = "Confidence is how sure the machine is of its whole suggestion"
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    assert definition in " ".join(capsys.readouterr().out.split())
    uncurate(seeded_store, *UNCURATED)
    assert main(["review", "--data", str(seeded_store)]) == 0
    out = capsys.readouterr().out
    assert definition in " ".join(out.split())
    shown = dict(zip(review_ids(out), confidences(out), strict=True))
    for confidence, line in shown.values():  # each names the topic decision it is that of
        assert re.fullmatch(
            rf"    confidence {confidence:.2f}, least sure: [a-z]+ at 0\.\d\d against its threshold 0\.\d\d", line
        )
    low, high = sorted(confidence for confidence, _ in shown.values())[1:3]
    assert main(["review", "--data", str(seeded_store), "--band", f"{low}-{high}"]) == 0
    banded = review_ids(capsys.readouterr().out)
    assert banded == [pid for pid, (confidence, _) in shown.items() if low <= confidence <= high]


def test_a_confidence_of_zero_from_the_on_topic_model_says_so():
    """A topic that passed its threshold but is left out (the paper is under the fetch filter's
    floor) makes the confidence 0: the line says why, instead of showing a bare 0.00."""
    paper = Paper(id="p", title="A title", abstract="An abstract.")
    passed = TopicPrediction("serving", 0.4, 0.3, False)
    overruled = Suggestion(("other",), (passed, TopicPrediction("kernels", 0.01, 0.3, False)), 0.0, 0.1)
    assert overruled.least_sure == passed and certainty(passed) == 0.0
    text = " ".join(describe(paper, overruled).split())
    assert "suggested: no topic fits (other); near: serving (0.40)" in text
    assert "confidence 0.00 that no topic fits; closest: serving reached its threshold (0.40 against 0.30)" in text
    assert "under the fetch filter's floor (0.10 against 0.20)" in text
    ruled = Suggestion(("kernels",), (TopicPrediction("kernels", None, None, True),), 0.0)
    assert "confidence: none, the rules decide" in describe(paper, ruled)


def test_suggested_topics_reach_the_pages_marked_as_suggested(seeded_store):
    uncurate(seeded_store, *UNCURATED)
    corpus, files = build_files(seeded_store, "https://digest.example/")
    review = files["review.md"]
    assert "5 of 88 papers have topics no curator has checked yet" in review
    assert all(f"papers/{pid}.md" in review for pid in UNCURATED)
    # Grouped by the topic suggested first, in taxonomy order; least confident first in each group.
    topics = [t.slug for t in corpus.taxonomy.topics]
    waiting = sorted(corpus.needs_review(), key=lambda d: topics.index(d.topics[0]))
    order = [review.index(f"papers/{d.id}.md") for d in waiting]
    assert order == sorted(order)
    page = files["papers/tempi.md"]
    assert "(suggested, 0." in page and "Topics suggested by the model" in page and "strongest terms" in page
    assert "suggested by the model" in files["topics/parallelism.md"].split("papers/tempi.md")[1].split("\n")[1]
    assert "[Needs review](review.md)" in files["SUMMARY.md"]
    # Method, which opens with how far a reader can trust the site, is a reader's page, not a curator's
    # (a reader's audit found it under "For curators" only).
    nav = files["SUMMARY.md"].splitlines()
    assert "- [Method](method.md)" in nav and nav.index("- [Method](method.md)") < nav.index("- For curators")


def test_the_pages_say_what_the_confidence_they_show_is_and_name_rules_in_words(seeded_store):
    """The Needs review page and a paper's 'Why these topics' showed a confidence with no word of
    what it is, and the model's strongest terms as rule patterns, regexes of up to 300 characters
    (a blind curator's walkthrough)."""
    uncurate(seeded_store, *UNCURATED)
    files = build_files(seeded_store, "https://digest.example/")[1]
    assert (
        f"{md_text(DEFINITION)}\n\n| Paper | Suggested topics | Confidence |" in files["review.md"]
    )  # above its table
    why = files["papers/tempi.md"].split("<summary>Why these topics</summary>")[1].split("</details>")[0]
    assert "(confidence 0." in why and f"{html_text(DEFINITION)}</p>" in why
    terms = " ".join(item.split("strongest terms ")[1] for item in why.split("<li>")[1:] if "strongest terms" in item)
    assert terms and " rule: " not in terms and "|" not in terms and "?" not in terms
    assert re.search(r"[a-z]+ rules&#x27; score \d+", terms) and "rule)" in terms


def test_a_paper_a_curator_put_in_no_topic_says_what_the_machine_says_of_it(seeded_store):
    """'Why these topics' of a paper a curator put in Other GPU work offered the rules' and the
    model's view "for comparison", then an empty list (a reader's audit): the machine places it
    in no topic either, and the page now says so."""
    files = build_files(seeded_store, "https://digest.example/")[1]
    why = files["papers/get-more-for-less.md"].split("<summary>Why these topics</summary>")[1].split("</details>")[0]
    assert "Topics set by a curator" in why
    assert "<li>No topic reached its threshold: the rules and the model alone would list it under" in why


def test_a_long_review_queue_is_listed_in_parts_by_suggested_topic(seeded_store, monkeypatch):
    from digest.render import listing

    monkeypatch.setattr(listing, "PART_SIZE", 2)
    uncurate(seeded_store, *UNCURATED)
    files = build_files(seeded_store, "https://digest.example/")[1]
    review = files["review.md"]
    assert "listed in parts by suggested topic" in review
    parts = {path: text for path, text in files.items() if path.startswith("review/")}
    listed = [pid for text in parts.values() for pid in UNCURATED if f"papers/{pid}.md" in text]
    assert sorted(listed) == sorted(UNCURATED)  # every waiting paper in exactly one part
    for text in parts.values():
        assert "(../review.md)" in text and "search:\n  exclude: true\n" in text  # linked up, out of search
        assert md_text(DEFINITION) in text  # each part's table says what its confidence is


def test_curating_retrains_and_an_unrelated_edit_does_not(seeded_store):
    cache = BuildCache()
    uncurate(seeded_store, "tempi")
    first = load_corpus(seeded_store, cache).papers["zo2"].suggestion
    path = record_path(seeded_store, "zo2")
    path.write_text(path.read_text().replace("notes: ''", "notes: 'checked'"), encoding="utf-8")
    assert load_corpus(seeded_store, cache).papers["zo2"].suggestion is first  # a note retrains nothing
    assert main(["accept", "tempi", "--topics", "parallelism", "--data", str(seeded_store)]) == 0
    assert load_corpus(seeded_store, cache).papers["zo2"].suggestion is not first


def test_the_preview_keeps_its_first_evaluation_and_its_method_page_says_so(seeded_store):
    """A preview re-measuring the model on each change of topics showed the change after 15 s."""
    cache = BuildCache()
    site = "https://digest.example/"
    first = build_files(seeded_store, site, cache, remeasure=False)[1]["method.md"]
    assert "## How well it works" in first and "Measured when this preview started" not in first
    assert main(["accept", "zo2", "--topics", "kernels", "--data", str(seeded_store)]) == 0
    kept = build_files(seeded_store, site, cache, remeasure=False)[1]["method.md"]
    assert "Measured when this preview started" in kept
    assert kept.split("## How well it works")[1].replace(_PREVIEW_NOTE, "", 1) == first.split("## How well it works")[1]
    remeasured = build_files(seeded_store, site, cache)[1]["method.md"]  # as `mkdocs build` and `digest eval`
    assert "Measured when this preview started" not in remeasured and remeasured != first


def test_the_preview_keeps_its_first_model_and_shows_a_change_of_topics_at_once(seeded_store):
    """Retraining on each change of topics kept the preview from showing it within 2 s."""
    cache = BuildCache()
    site = "https://digest.example/"
    uncurate(seeded_store, "tempi")  # a paper in the review queue, shown with the model's suggestion
    corpus, files = build_files(seeded_store, site, cache, remeasure=False)
    suggested = corpus.papers["tempi"].suggestion
    assert not corpus.trained_earlier and "as it was when this preview started" not in files["review.md"]
    assert "/papers/zo2/" not in files["feed-topic-kernels.xml"]
    assert main(["accept", "zo2", "--topics", "kernels", "--data", str(seeded_store)]) == 0
    corpus, files = build_files(seeded_store, site, cache, remeasure=False)
    assert "zo2" in corpus.by_topic["kernels"] and "/papers/zo2/" in files["feed-topic-kernels.xml"]
    assert corpus.papers["tempi"].suggestion is suggested and corpus.trained_earlier
    assert '!!! note "Suggested by the model as it was when this preview started"' in files["review.md"]
    corpus, files = build_files(seeded_store, site, cache)  # as `make build`
    assert corpus.papers["tempi"].suggestion != suggested and not corpus.trained_earlier
    assert "as it was when this preview started" not in files["review.md"]


_PREVIEW_NOTE = (
    '\n!!! note "Measured when this preview started"\n    The preview keeps the figures below from when `make serve` '
    "started, so that an edit shows in a second or two: measuring again takes a dozen. `make build` and `digest eval` "
    "measure them on the records as they are now.\n"
)


def test_same_records_give_the_same_pages_byte_for_byte(seeded_store):
    uncurate(seeded_store, *UNCURATED)
    assert (
        build_files(seeded_store, "https://digest.example/")[1]
        == build_files(seeded_store, "https://digest.example/")[1]
    )
