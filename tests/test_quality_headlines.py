"""A paper's own quality results read as its headline where it states no efficiency figure: scores on
named benchmarks, margins over baselines, shares of a reference's performance kept;
and a context length the model supports, after every score. The sentences are written for these tests
in the style of the field's abstracts."""

from __future__ import annotations

import pytest

from .test_field_language import _headline, _own


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a share of a reference's performance kept or reached
        (
            "The distilled 4B model retains 97% of the performance of its 8B teacher at half the size.",
            ("quality", "97% of performance"),
        ),
        ("The best agent can already achieve 50-70% of human performance.", ("quality", "50–70% of human performance")),
        # a score after "such as" or "score", on a named benchmark
        (
            "Results confirm its reasoning, with leading performances such as 62.6 on OlympiadBench and 63.6 on "
            "LiveCodeBench.",
            ("quality", "62.6 on OlympiadBench"),
        ),
        (
            "Trained on public data, our 1.5B model achieves an 83.1% score on MATH-500.",
            ("quality", "83.1% score on MATH-500"),
        ),
        # bare scores with decimals in brackets after each benchmark
        (
            "Our agent achieves leading results on SEAL-0 (56.4), IFBench (80.6) and HiPhO (46.4).",
            ("quality", "56.4 on SEAL-0"),
        ),
        # margins: a hyphenated win rate, "percent", an average of points, Elo points, "over" for "by"
        (
            "Our personalized model achieves an average 11% win-rate improvement.",
            ("quality", "11% win-rate improvement"),
        ),
        ("The best-performing variant shows an average improvement of 19 percent.", ("quality", "19% improvement")),
        (
            "On seven math benchmarks, our method outperforms the strongest baselines by 3.26 and 2.62 average points.",
            ("quality", "3.26 points"),
        ),
        ("In a human evaluation, our layers lead by 34 Elo points.", ("quality", "34 Elo points")),
        (
            "Experiments show that our agent outperforms strong baselines over 15.3% on three suites.",
            ("quality", ">15.3% improvement on three suites"),
        ),
        (
            "Across four long-context benchmarks, our retriever shows relative gains up to 11% over the best baseline.",
            ("quality", "up to 11% improvement"),
        ),
        # a signed gain in brackets after a word of superiority, or with its score's name
        ("Our agent achieves superior performance compared to baseline methods (+5.59%).", ("quality", "+5.59%")),
        (
            "Our model surpasses the previous champion by a large margin (+25.6% DSC and +28.2% NSD).",
            ("quality", "+25.6%"),
        ),
        ("Our method yields +24% real-world success on OpenVLA.", ("quality", "+24% on OpenVLA")),
        # a score raised on a named benchmark, one set against another's, an FID with its short name
        (
            "With the larger vocabulary, we improve performance on ARC-Challenge from 29.1 to 32.0.",
            ("quality", "32.0 on ARC-Challenge (from 29.1)"),
        ),
        (
            "Our results show substantial improvements (e.g., 45.3 vs 26.7 F1 score) over the state of the art.",
            ("quality", "45.3 F1 score (vs 26.7)"),
        ),
        ("Our tokenizer reaches a reconstruction FID (rFID) of 0.50.", ("quality", "0.50 FID")),
        # a share of the usual data: the little data a result was had with
        (
            "A model finetuned on only 30% critical steps outperforms the model finetuned on all steps.",
            ("cost", "30% of critical steps"),
        ),
        (
            "Our learner matches the baseline with less than 30% of their rollout budget.",
            ("cost", "<30% of rollout budget"),
        ),
        # a score as a multiple of another's
        (
            "With dense control, our policy's success rate is 2.54 times that of the prior method.",
            ("quality", "2.54× higher success rate"),
        ),
        (
            "Our adapter improves the average score to 1.10times that of the frozen backbone.",
            ("quality", "1.10× higher average score"),
        ),
        # a context length the model supports
        ("Our model natively supports contexts of up to 256K tokens.", ("scale", "up to 256K-token context")),
        (
            "Three fixes allow the model to process more than 1M tokens without collapse.",
            ("scale", ">1M-token context"),
        ),
    ],
)
def test_quality_results_a_paper_states_without_an_efficiency_figure(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    "abstract",
    [
        # a context a figure was measured at, or another's, or the one trained at, is a setting
        "Our kernel delivers up to 4.2x speedups over the baseline at 128K context length.",
        "Unlike prior models limited to a 4K context window, ours is trained on long documents.",
        "We train with a 32K context length.",
        "The server processes 1M tokens per second.",
        # a clause that opens on the models it was measured on: "On X up to 128K context, ..."
        "On Qwen3-8B up to 128K context, our method leads RULER by +2.03 pp over the strongest baseline.",
        # a share of something kept that is no performance, and a level reached that is no margin
        "Pruning keeps 90% of the weights.",
        "Even randomly retaining only 30% of tokens achieves performance comparable to the full set.",
        "Our training boosts the layer-wise correspondence to over 70%.",
    ],
)
def test_no_result_where_the_words_say_a_setting_or_no_gain(catalog, abstract):
    assert _own(catalog, abstract, "scale") == []
    assert [value for value in _own(catalog, abstract, "quality") if "%" in value or "of" in value] == []


def test_a_context_length_gives_way_to_any_score(catalog):
    abstract = (
        "We present Kite. Kite supports a 256K context length. On the hardest suite, Kite achieves 71.2% "
        "accuracy on MMLU-Pro."
    )
    assert _headline(catalog, abstract) == ("quality", "71.2% accuracy")
    # and an efficiency figure beats both
    faster = abstract + " It decodes 2.1x faster than the baseline."
    assert _headline(catalog, faster) == ("speedup", "2.1×")


def test_a_share_of_performance_kept_gives_way_to_the_speedup_beside_it(catalog):
    abstract = (
        "On a 7B model, our pruner achieves a 6.8x prefill speedup while retaining 96.9% of the original performance."
    )
    assert "96.9% of original performance" in _own(catalog, abstract, "quality")
    assert _headline(catalog, abstract) == ("speedup", "6.8×")


def test_a_score_in_brackets_after_a_rival_is_the_rival_s(catalog):
    abstract = "Our model leads the suite, outperforming GPT-4o (85.3) and Claude-3.5 (82.1) on average."
    assert _own(catalog, abstract, "quality") == []
