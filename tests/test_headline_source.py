"""A curated headline whose number no fact highlights shows the abstract sentence it was read from."""

from __future__ import annotations

import re
import shutil

import pytest

from digest.build import load_corpus
from digest.render.context import RenderContext
from digest.render.headline_source import _number_patterns, headline_source
from digest.render.paper import render_paper
from digest.render.templates import environment

from .conftest import DATA

ABSTRACT = (
    "Training large models is slow on small clusters. We present StepCut, a runtime for sharded training. "
    "It has two parts: (1) a fused update kernel and (2) an overlap planner. "
    "StepCut brings the time per step down to 0.4 of the baseline's on eight GPUs, and trains 2.5x faster "
    "than DeepSpeed end to end."
)


def record(paper_id: str, headline: dict[str, str]) -> str:
    fields = "\n".join(f"    {key}: {value!r}" for key, value in headline.items())
    return (
        f"id: {paper_id}\ntitle: 'StepCut: Faster Sharded Training ({paper_id})'\ntopics:\n- parallelism\n"
        f"overrides:\n  headline:\n{fields}\nabstract: {ABSTRACT!r}\n"
    )


@pytest.fixture
def corpus(tmp_path):
    data = tmp_path / "data"
    (data / "papers").mkdir(parents=True)
    for name in ("taxonomy.yaml", "hardware.yaml", "glossary.yaml"):
        shutil.copy(DATA / name, data / name)
    # Read by the curator only: "0.4 of the baseline's" is no figure the extractor knows.
    (data / "papers" / "unread.yaml").write_text(
        record("unread", {"metric": "latency", "value": "0.4 of the baseline's time per step"})
    )
    # The same number the extractor highlights among the paper's facts.
    (data / "papers" / "read.yaml").write_text(
        record("read", {"metric": "speedup", "value": "2.5×", "baseline": "DeepSpeed"})
    )
    return load_corpus(data)


def test_a_curated_headline_the_facts_miss_shows_its_sentence_with_the_number_marked(corpus):
    shown = headline_source(corpus.papers["unread"])
    assert shown is not None
    assert re.findall(r"<mark[^>]*>(.*?)</mark>", shown) == ["0.4"]
    assert shown.startswith("StepCut brings the time per step down")  # not the list's "(1)"
    page = render_paper(RenderContext(corpus, environment()), "unread")
    assert '<p class="digest-headline-source">Read from the abstract: “StepCut brings' in page


def test_a_headline_whose_number_a_fact_highlights_shows_no_second_sentence(corpus):
    derived = corpus.papers["read"]
    assert any("2.5" in fact.value for fact in derived.facts if fact.own)  # the premise: the fact is on the page
    assert headline_source(derived) is None
    assert "digest-headline-source" not in render_paper(RenderContext(corpus, environment()), "read")


@pytest.mark.parametrize(
    ("number", "value", "sentence", "found"),
    [
        ("2", "2×", "It is (2) an overlap planner and runs 2x faster.", "2x"),
        ("2", "2×", "FlashAttention-2 is fast.", None),  # part of a name
        ("2", "2×", "It scores 12.5 on the benchmark, 2.1 more.", None),  # part of longer numbers
        ("2800", ">2,800 tokens/s", "It reaches 2,800 tokens/s per GPU.", "2,800 tok"),
        ("15", "up to 15% higher", "higher acceptance (up to 15\\%).", "15\\%"),
        ("0.55", "0.55–0.88×", "from 0.2-0.5x to 0.55-0.88x of the baseline", "0.55-"),
        ("17.7", "17.7×", "an average speedup of x17.7 across all kernels", None),  # glued to its "x"
        ("502", "502 PFLOPS", "at 502 petaFLOP/s on 3072 GPUs", "502"),  # a long number alone, its unit in other words
        ("1", "1 minute less", "(1) it decodes in parallel", None),  # a list's number never alone
    ],
)
def test_a_number_is_found_as_written_with_its_unit(number, value, sentence, found):
    match = next((m for pattern in _number_patterns(number, value) if (m := pattern.search(sentence))), None)
    assert (match.group() if match else None) == found
