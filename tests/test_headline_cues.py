"""Headlines from phrasings a development sample of value-rich Daily Papers showed the rules
missing (issue 19). The sentences are written for these tests in the field's style."""

from __future__ import annotations

import pytest

from .test_field_language import _headline, _own


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A projection names only its own figure: the measured latency before it is the result.
        (
            "For our model, the end-to-end latency is approximately 90ms, and full-duplex latency is about "
            "500ms in theory and 700ms in practice.",
            ("latency", "~90 ms"),
        ),
        # A margin told as "an average margin of".
        (
            "Our captioner matches a much larger model while exceeding the baseline by an average margin of 7.9%.",
            ("quality", "7.9% improvement"),
        ),
        # A gain with three words between its number and "gain".
        (
            "We find that giving agents a structured view of the page yields a 14.2% average relative "
            "performance gain.",
            ("quality", "14.2% improvement"),
        ),
        # A share of the resources a method consumes, and of the context it keeps.
        (
            "Our predictor is reliable while consuming only about 15% of the GPU resources required for fine-tuning.",
            ("cost", "~15% of the GPU resources"),
        ),
        (
            "With merely 30% of the original token context, our compressor outperforms all pruning baselines.",
            ("cost", "30% of the token context"),
        ),
        # An attack success rate reached, by its acronym.
        (
            "On the injection arena, our red-teaming agent attains a 71.5% ASR against a frontier model.",
            ("quality", "71.5% ASR"),
        ),
    ],
)
def test_headline_reads_phrasings_of_the_value_rich_sample(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_projection_in_an_earlier_clause_still_projects(catalog):
    abstract = "In theory, the schedule reaches a latency of only 5 ms, and our kernel fuses the two passes."
    assert _headline(catalog, abstract) is None


def test_starting_from_a_setting_and_up_to_name_no_change(catalog):
    # "from 60 tokens ... up to" is a setting and a hedge, not a change from a baseline's value.
    abstract = (
        "We introduce a hybrid retriever for code. Starting from windows of 60 tokens, it consistently "
        "over-performs by up to 4.8% while keeping logarithmic query time."
    )
    assert _own(catalog, abstract, "quality") == ["up to 4.8% improvement"]


def test_a_variant_of_the_paper_s_model_is_no_baseline(catalog):
    abstract = (
        "We train a family of research agents. Our 8B agent matches a frontier model, while the 32B variant "
        "surpasses it by more than 9% on a text benchmark."
    )
    assert [value for value in _own(catalog, abstract, "quality") if "9%" in value]


def test_a_rival_named_after_while_is_still_a_baseline(catalog):
    abstract = (
        "We train a family of research agents. Our 8B agent reaches 41% accuracy, while a frontier model reaches 47%."
    )
    assert _own(catalog, abstract, "quality") == ["41% accuracy"]
