"""Headlines from the ways the field writes a result that the first rules missed or misread.

The sentences are written for these tests in the style of the field's abstracts (no paper's
own words): a held-out sample of unseen papers showed each pattern.
"""

from __future__ import annotations

import pytest

from digest.derive.facts import attribute, extract_facts
from digest.derive.facts.headline import Headline, machine_headline


def _headline(catalog, abstract: str) -> tuple[str, str] | None:
    found = machine_headline(extract_facts("", abstract, catalog))
    return (found.metric, found.value) if found else None


def _own(catalog, abstract: str, kind: str) -> list[str]:
    return [fact.value for fact in extract_facts("", abstract, catalog) if fact.kind == kind and fact.own]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A score raised from one value to another is a quality, the new value first.
        (
            "We present a calibration scheme for low-bit merging. On a six-task suite, it improves 3-bit "
            "RTN from 58.4% to 69.9% under weight averaging.",
            ("quality", "69.9% (from 58.4%)"),
        ),
        (
            "Our rescoring reduces the word error rate from 11.7% to 8.9% on accented speech.",
            ("quality", "8.9% (from 11.7%)"),
        ),
        # the new value hedged, or the change told in brackets after what rose
        (
            "Our schedule increases pass@1 accuracy from 41.0% to a peak of 47.5% on the hard split.",
            ("quality", "47.5% (from 41.0%)"),
        ),
        (
            "On a real arm, our policy improves grasp success on both robots (31% to 58% and 40% to 63%).",
            ("quality", "58% (from 31%)"),
        ),
        # A gain in percentage points, or in points of a named score.
        (
            "Compared to the frozen model, our tuning improves top-1 accuracy by 2.6 points.",
            ("quality", "2.6 points accuracy"),
        ),
        (
            "Our prompt mutation raises the attack success rate by more than 22 percentage points over "
            "prior red-teaming baselines.",
            ("quality", ">22 points success rate"),
        ),
        # A lower loss is a quality gain, not a loss of quality.
        (
            "Trained on the same tokens, our gated mixer lowers validation loss by 0.043 at 300M parameters.",
            ("quality", "0.043 lower validation loss"),
        ),
        (
            "Our residual scheme improves training loss over a dense baseline at 200M and 700M (-0.052 and -0.118).",
            ("quality", "0.052 lower training loss"),
        ),
        # A reduction to a fraction of what was; FLOPs are compute, a cost, not memory, and the
        # measured time cut they buy is the result.
        (
            "Our compact planner cuts FLOPs to 1/8 of video-based planners.",
            ("reduction", "1/8 FLOPs"),
        ),
        (
            "Our compact planner cuts FLOPs to 1/8 and latency to 1/3 of video-based planners.",
            ("latency", "1/3 latency"),
        ),
        # A real-time factor, and a latency bound said with "below".
        (
            "The speech engine streams audio with an RTF of 0.17 and a first-packet delay below 90 ms.",
            ("latency", "RTF 0.17"),
        ),
        ("Our streaming decoder keeps the time to first frame below 80 ms.", ("latency", "<80 ms")),
        # LaTeX spaces between a number and its unit.
        ("These kernels enable 23.5\\,FPS streaming generation on one GPU.", ("throughput", "23.5 fps")),
        ("The index fits in 3.2\\;GB of host memory, only 1.1~ms per query.", ("latency", "1.1 ms")),
        # A percentage gain in a score is a quality, never a speedup.
        (
            "With our search, a small model outperforms a frontier reasoning model by 4.1% on CodeArenaBench.",
            ("quality", "4.1% on CodeArenaBench"),
        ),
        (
            "Experiments show consistent IoU gains of 0.71%-1.32% over attention-pooling baselines.",
            ("quality", "0.71–1.32% gain in IoU"),  # a gain, not a level
        ),
    ],
)
def test_headline_reads_the_field_s_phrasing(catalog, abstract, expected):
    found = _headline(catalog, abstract)
    metric, value = expected
    # A reduction's metric is what it reduces: FLOPs are a cost.
    assert found == (("cost", value) if metric == "reduction" else expected)


def test_a_baseline_s_small_share_is_not_a_reduction(catalog):
    abstract = (
        "The strongest prior matcher registers fewer than 7% of the cross-view pairs, while training on "
        "our data raises accuracy to nearly 48%."
    )
    assert _own(catalog, abstract, "reduction") == []
    assert _headline(catalog, abstract) != ("cost", "7% reduction")


def test_flops_saved_are_a_cost_even_beside_a_cache(catalog):
    abstract = "Our KV-cache pruner needs 35.2% fewer decoding FLOPs than the full-cache baseline."
    assert _headline(catalog, abstract) == ("cost", "35.2% fewer decoding FLOPs")


def test_an_efficiency_raised_from_one_share_to_another_is_not_a_quality(catalog):
    assert _own(catalog, "Our scheduler improves GPU utilization from 41% to 78%.", "quality") == []


def test_a_clause_after_while_has_its_own_metric(catalog):
    abstract = "It boosts throughput by 28% while improving accuracy by 1.4 points."
    assert _own(catalog, abstract, "quality") == ["1.4 points accuracy"]
    assert _headline(catalog, abstract) == ("speedup", "28% faster")


def test_a_raise_reads_its_old_value_once(catalog):
    abstract = "Our adapter improves accuracy from 62.5% to 71.0% on the held-out split."
    assert _own(catalog, abstract, "quality") == ["71.0% (from 62.5%)"]


# Added after the second blind sample was scored (general phrasings it showed; see the report).
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # The later items of a list of accuracy gains are accuracy gains too, not speedups.
        (
            "Our 7B model achieves relative accuracy improvements of 4.2% over one open model and 38.5% over "
            "another on coding benchmarks.",
            ("quality", "4.2% improvement in accuracy"),
        ),
        # A score named before its number.
        ("Our sampler reaches FVD scores of 88.1 on UCF101 and 21.2 on K600.", ("quality", "88.1 FVD")),
        # An error lowered from one value to another in a unit, and a score against another's.
        (
            "Experiments show that our pose model reduces joint angle error from ~15 degrees to ~9 degrees.",
            ("quality", "~9 degrees joint angle error (from 15)"),
        ),
        (
            "On the puzzle task, our planner shows higher accuracy under the same token budget (71.2% vs. 58.0% "
            "at 8k tokens).",
            ("quality", "71.2% (vs 58.0%)"),
        ),
        # A multiplier of how far a model extrapolates is a scale, not a speed.
        (
            "Our cache enables a 16x length extrapolation beyond the clips seen in training.",
            ("scale", "16× length extrapolation"),
        ),
        # A gain a theoretical analysis foresees is not measured: no headline.
        (
            "In a theoretical analysis, we show that this schedule has the potential to yield 2-4x gains in throughput.",
            None,
        ),
    ],
)
def test_headline_reads_phrasings_of_the_second_sample(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_range_of_points_is_the_paper_s_own(catalog):
    abstract = (
        "Our agent outperforms three baselines, achieving absolute gains ranging from 3.1 to 17.6 percentage points."
    )
    assert _headline(catalog, abstract) == ("quality", "3.1–17.6 points")


def test_a_lowercase_benchmark_word_names_no_benchmark(catalog):
    # A benchmark paper's figure for another system: no score of a named benchmark, no headline.
    abstract = "The benchmark is far from saturated: the best agent succeeds on only 31.2% of full-benchmark tasks."
    assert _own(catalog, abstract, "quality") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A percentage gain in a model's "performance" is no speedup: the figure that is one leads.
        (
            "On six reasoning suites, our decoder reaches performance gains of up to 18.2% and "
            "inference speedups of up to 3.1x over autoregressive decoding.",
            ("speedup", "up to 3.1×"),
        ),
        (
            "Our pruning outperforms the strongest token-merging baseline by at least 4% performance gains "
            "in every setting, with a 2.5x faster prefill.",
            ("speedup", "2.5×"),
        ),
        # Unless the clause names what runs: then it is a speedup.
        (
            "The scheduler improves end-to-end training performance by 27% on a 64-GPU cluster.",
            ("speedup", "27% faster"),
        ),
    ],
)
def test_a_performance_gain_is_a_speedup_only_when_something_runs(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_model_s_performance_gain_is_no_speedup_fact(catalog):
    abstract = "Fine-tuned on our data, the assistant improves the base model's performance by an average of 6.4%."
    assert _own(catalog, abstract, "speedup") == []


# Added after the fourth blind sample was scored (general phrasings of blinds 1-4; see the report).
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A signed percentage, or a gain, on a named benchmark is a score there, not a speedup.
        (
            "Our curriculum reaches the best results among 8B agents, with clear gains over the base "
            "model (e.g., +9.4% on WebShop, +15.2% on ALFWorld).",
            ("quality", "+9.4% on WebShop"),
        ),
        (
            "Our tuner improves results broadly, with a 21.3% gain on the DocVQA bench and a 3x inference speedup.",
            ("speedup", "3×"),
        ),
        # An image, video or retrieval score names a quality gain.
        (
            "Across city-scale scenes our splatting achieves a 9.6% improvement in LPIPS over the block-wise baseline.",
            ("quality", "9.6% improvement in LPIPS"),
        ),
        (
            "Experiments show an increase of up to 7.4% in Mean Reciprocal Rank on cross-language search.",
            ("quality", "up to 7.4% increase in Mean Reciprocal Rank"),
        ),
        # Outperforming a baseline by a percentage in a sentence about a score, naming nothing that
        # runs, is a gain in that score.
        (
            "Our 3B agent achieves a 24.6% success rate on the web tasks, outperforming the same-size "
            "baseline by 5.1%.",
            ("quality", "24.6% success rate"),
        ),
    ],
)
def test_a_gain_in_a_named_score_is_no_speedup(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_signed_percentage_on_a_chip_is_still_a_speedup(catalog):
    abstract = "Our fused kernel runs the decoder faster: +18% on A100 and +25% on H100."
    assert _own(catalog, abstract, "quality") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # The first of a slash pair shares the words after the second: an accuracy gain, not a speed.
        (
            "Our converted 4B model achieves +3.9%/+1.6% higher accuracy with 3.2x/2.1x higher throughput "
            "compared to two autoregressive baselines.",
            ("speedup", "3.2×"),
        ),
        # A multiplier of tokens per second is a speedup, not a larger scale.
        (
            "The hybrid decoder matches autoregressive quality while delivering 3.4x to 4.2x more tokens per second.",
            ("speedup", "3.4–4.2×"),
        ),
        # A ratio written with no "×" after "throughput by".
        (
            "With a 25% token budget, our pruner increases decoding throughput by 3.6 compared to the full-token model.",
            ("speedup", "3.6×"),
        ),
    ],
)
def test_a_rate_s_multiplier_is_a_speedup(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_slash_pair_of_accuracy_gains_is_quality(catalog):
    abstract = "Our converted 4B model achieves +3.9%/+1.6% higher accuracy than two autoregressive baselines."
    assert _own(catalog, abstract, "speedup") == []
    assert _own(catalog, abstract, "quality") == ["+3.9% higher accuracy", "+1.6% higher accuracy"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # The first of a pair of points shares the unit of the second, with the score named further back.
        (
            "With a 30B MoE policy, our harness training improves Pass@1 on the agent suite by 7.25 and 11.9 "
            "points through two different harnesses.",
            ("quality", "7.25 points Pass@1"),
        ),
        # Points over a baseline with no score named, and a hyphenated "N-point gain".
        (
            "Our recipe lifts a 32B model to parity with frontier models, surpassing its baseline by 8.4 points on average.",
            ("quality", "8.4 points"),
        ),
        (
            "On ultra-long inputs, the retrieval agent yields a 6.1-point gain over the agent baseline.",
            ("quality", "6.1 points"),
        ),
    ],
)
def test_points_gained_over_a_baseline_are_quality(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_each_of_a_pair_of_points_is_a_value(catalog):
    # "by X and Y points, respectively": two margins, each with the shared unit, the second not dropped
    abstract = (
        "Our tuned model reaches 64.2% Pass@1 on average, outperforming the two strongest open baselines "
        "by 4.6 and 9.3 percentage points, respectively."
    )
    assert _own(catalog, abstract, "quality") == ["64.2% Pass@1", "4.6 points", "9.3 points"]
    abstract = "With a 30B MoE policy, our harness training improves Pass@1 on the agent suite by 7.25 and 11.9 points."
    assert _own(catalog, abstract, "quality") == ["7.25 points Pass@1", "11.9 points Pass@1"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A benchmark's version after its name is part of the name: Terminal-Bench 2.0 is not Terminal-Bench.
        ("Our agent scores 44.0% on Terminal-Bench 2.0 with a 30B model.", ["44.0% on Terminal-Bench 2.0"]),
        ("The coder reaches 72.5% on LiveCodeBench v5.", ["72.5% on LiveCodeBench v5"]),
        ("It brings a 6% improvement on LongBench v2.", ["6% improvement on LongBench v2"]),
        ("We obtain +9.1% on AIME 2025 over the base model.", ["+9.1% on AIME 2025"]),
        # a number that is a setting or another figure is no version
        ("Our model scores 45.1% on MMLU 5-shot and 30.2% on GSM8K.", ["45.1% on MMLU 5-shot", "30.2% on GSM8K"]),
    ],
)
def test_a_benchmark_keeps_its_version(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


def test_points_of_nothing_gained_are_no_result(catalog):
    assert _headline(catalog, "We annotate 4 points per object and sample 12 points per scene.") is None


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A score word in the next figure's clause is not this figure's: both are reductions.
        (
            "Our compressor reduces peak token usage by 64% and decoding time by 21% with minimal accuracy loss.",
            ("memory", "64% lower peak token usage"),
        ),
        (
            "The sparse schedule cuts training FLOPs by 2.4x with no drop in validation loss.",
            ("cost", "2.4× lower training FLOPs"),
        ),
    ],
)
def test_a_reduction_keeps_its_own_clause(catalog, abstract, expected):
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == expected


def test_a_second_reduction_before_a_quality_word_is_read(catalog):
    abstract = "Our compressor reduces peak token usage by 64% and decoding time by 21% with minimal accuracy loss."
    assert _own(catalog, abstract, "reduction") == ["64% lower peak token usage", "21% lower decoding time"]


def test_extra_space_saved_is_memory(catalog):
    found = machine_headline(
        extract_facts("", "Our joint reward head keeps strong results while saving up to 71.5% extra space.", catalog)
    )
    assert found is not None and found.metric == "memory"


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A reduction in brackets is of what the words before the bracket name.
        (
            "Narrowing the middle layers also needs fewer overall FLOPs (18% reduction under matched validation "
            "loss) at every scale.",
            ("cost", "18% lower overall FLOPs"),
        ),
        # "in both X and Y": the pair is what is reduced, and its latency names the metric.
        (
            "Trained on math data, our early-exit policy achieves up to 55% reduction in both generated tokens "
            "and time to first token, while keeping accuracy.",
            ("latency", "up to 55% lower generated tokens and time to first token"),
        ),
    ],
)
def test_a_reduction_names_what_it_reduces(catalog, abstract, expected):
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # "a score of N%" names a score; the absolute score, stated first, leads a later gain in points.
        (
            "On the verified split, our rubric verifier achieves a score of 47.9% with a 14B coder, with at "
            "least a +2.8 percentage-point gain over the strongest baseline.",
            ("quality", "47.9% score"),
        ),
        # A score raised to a hedged value, by our work, in the clause after a baseline's figure.
        (
            "For instance, the baseline matcher registers fewer than 8% of night-day pairs, while fine-tuning "
            "with our data raises accuracy to nearly 61%.",
            ("quality", "~61% accuracy"),
        ),
        # A rate named with its score: "accuracy rates of N%", "a resolution rate of N%".
        (
            "On four math and code suites, our prover achieves pass@4 rates of 71.5% and 64.0%, respectively.",
            ("quality", "71.5% pass@4"),
        ),
        (
            "Our 14B and 32B agents achieve 48.2% and 52.9% resolution rates on the verified split.",
            ("quality", "48.2% resolution rates"),
        ),
    ],
)
def test_a_score_named_before_its_number(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_list_of_scores_in_brackets_leads_with_the_first(catalog):
    abstract = (
        "With a small backbone, our agent achieves new best results on MathQA (91.2%), OlympiadSet (67.5%) "
        "and CodeTrials (58.0%)."
    )
    assert _headline(catalog, abstract) == ("quality", "91.2% on MathQA")
    assert _own(catalog, abstract, "quality") == ["91.2% on MathQA", "67.5% on OlympiadSet", "58.0% on CodeTrials"]


def test_shares_of_a_resource_in_brackets_are_no_scores(catalog):
    abstract = "Our kernels achieve high utilization on A100 (71%) and H100 (64%) during prefill."
    assert _own(catalog, abstract, "quality") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A share of what another method needs is a cost; the dumps' "sim" (LaTeX "\sim") is "about".
        (
            "Our bandit tuner reaches the same recall using only sim25% of the LLM calls required by exhaustive search.",
            ("cost", "~25% of the LLM calls"),
        ),
        (
            "The planner finds equally good schedules using only 12% of the GPU hours needed by random search.",
            ("cost", "12% of the GPU hours"),
        ),
    ],
)
def test_a_share_of_what_another_needs_is_a_cost(catalog, abstract, expected):
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == expected


def test_sim_before_a_number_is_about(catalog):
    abstract = "Our kernels run the attention layer sim3.1x faster than the reference."
    assert _own(catalog, abstract, "speedup") == ["~3.1×"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A distance lowered by a bare number is a quality gain.
        (
            "Experiments show that our decoder sharpens boundaries, reducing the Hausdorff distance (HD95) by 1.73, "
            "and gives IoU gains of 0.8% over pooling baselines.",
            ("quality", "1.73 lower Hausdorff distance (HD95)"),
        ),
        # A gain in a model's performance is a quality result of its own ...
        (
            "Experiments show that our augmentation improves the base models' performance by an average of 6.2% "
            "across five applications.",
            ("quality", "6.2% better performance"),
        ),
        # ... which, naming no score, does not outrank a later speedup as what experiments show.
        (
            "Experimental results show that our pruner outperforms the previous best method by at least 4% "
            "performance gains. Moreover, it improves the prefilling time by 6x.",
            ("speedup", "6×"),
        ),
    ],
)
def test_a_quality_gain_without_a_percentage_word(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_while_clause_opened_after_that_ends_at_its_comma(catalog):
    # The baseline's figure is context; the paper's own reduction after the comma is its result, and
    # a reduction of a vulnerability or of hallucinations is a quality result.
    abstract = (
        "Experiments show that while agents initially exploit flawed reward specs in 40-60% of episodes, "
        "our self-review step reduces this vulnerability by over 85%."
    )
    assert _headline(catalog, abstract) == ("quality", ">85% lower this vulnerability")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A multiplier of a compute, data or parameter efficiency is a saving, not a speed ...
        (
            "Together with a sparser router, these changes yield an approximately 1.8x improvement in overall "
            "scaling efficiency over our previous model.",
            ("cost", "~1.8× higher scaling efficiency"),
        ),
        # ... and "4 times" is no time: the figure is no latency.
        (
            "Compared with the strongest baseline, our expert design achieves 4 times higher parameter efficiency.",
            ("cost", "4× higher parameter efficiency"),
        ),
    ],
)
def test_an_efficiency_multiplier_is_a_saving(catalog, abstract, expected):
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A rank correlation is the score of a predictor or of an evaluation method.
        (
            "A small 200M regression model obtains > 0.85 Spearman-rank on held-out kernel latencies.",
            ("quality", ">0.85 Spearman"),
        ),
        (
            "Our contamination-robust evaluation tracks a trusted leaderboard closely, achieving a Spearman "
            "coefficient (rho) exceeding 0.93.",
            ("quality", ">0.93 Spearman"),
        ),
    ],
)
def test_a_rank_correlation_is_a_score(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_bare_score_after_a_metric_at_k(catalog):
    abstract = "In this setting, our clipping rule achieves the best observed MATH avg@4, reaching 41.25 at lag 2."
    assert _headline(catalog, abstract) == ("quality", "41.25 avg@4")
    assert _own(catalog, "We report pass@1 at 16 samples per problem.", "quality") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A speedup named before "and N% memory reduction" is a speedup, not a reduction of a speedup.
        (
            "At 64K tokens, our hybrid model demonstrates 11.2times speedup and 61.5% GPU memory reduction "
            "compared to the teacher.",
            ("speedup", "11.2×"),
        ),
        # What a compressor shrinks is memory; a distance lowered is a quality.
        ("For example, it compresses a 13B model by 9.6times in just 3 hours on one GPU.", ("memory", "9.6× lower")),
        (
            "Notably, it achieves 4 times lower mean Chamfer distance than prior methods on two CAD benchmarks.",
            ("quality", "4× lower mean Chamfer distance"),
        ),
    ],
)
def test_what_a_reduction_measures(catalog, abstract, expected):
    found = machine_headline(extract_facts("", abstract, catalog))
    metric, value = expected
    assert found is not None and found.metric == metric and found.value.startswith(value)


def test_a_gain_on_a_named_benchmark_reads_plainly(catalog):
    abstract = "Our long-video tuning yields an 8.5% improvement on LongClipBench over the base model."
    assert _headline(catalog, abstract) == ("quality", "8.5% improvement on LongClipBench")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A score raised by a number is a gain in it, not its level.
        (
            "Against its predecessor, our model gains most on imaging, improving 3D CT lesion classification "
            "accuracy by 9% and 3D MRI segmentation by 2% (absolute improvements).",
            ["9% accuracy gain"],
        ),
        (
            "The new release improves on clinical reasoning, improving by 4% on MedQA accuracy and 19% on "
            "EHRQA accuracy.",
            ["4% accuracy gain", "19% accuracy gain"],
        ),
        # The gain named before its number: "an improvement of N% in success rate, from A% to B%".
        (
            "Our agent achieves a significant improvement of 21.5% in success rate, from 12.1% to 33.6%, over "
            "a strong open-source agent.",
            ["21.5% improvement in success rate"],
        ),
        # A lowered perplexity is read once, as lower, not also as a perplexity of that much.
        (
            "Continued pretraining achieves 31.4% perplexity reduction on legal text.",
            ["31.4% lower perplexity"],
        ),
        # A percentage gain "in" something named, in a sentence about nothing that runs, is a gain in it
        # (LaTeX's "\%" too); an efficiency in the same list is no quality.
        (
            "Our designer achieves the best results on both enzyme benchmarks, with notable improvements of "
            "11\\% in designability and 9\\% in catalytic efficiency compared to the baselines.",
            ["11% improvement in designability"],
        ),
        (
            "Across four benchmarks our memory module outperforms strong baselines, achieving up to a 9.8% "
            "improvement in multi-turn interactive tasks.",
            ["up to 9.8% improvement in multi-turn interactive tasks"],
        ),
        # Levels named by a score-like rate, and a retrieval score after its bare number.
        (
            "Under the same settings, our agent achieves a resolve rate of 58.2\\% with a 32B coder.",
            ["58.2% resolve rate"],
        ),
        ("Our small retriever attains 60.12 average NDCG@5 on the visual document suite.", ["60.12 NDCG@5"]),
        # Speculative decoding's measure of a draft, a rate of the tokens the target model accepts.
        (
            "Our drafter reaches up to 88% acceptance rates on chat and gives a 12% higher token acceptance "
            "rate than the distilled draft.",
            ["up to 88% acceptance rates", "12% higher token acceptance rate"],
        ),
    ],
)
def test_a_quality_gain_is_read_as_a_gain(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


@pytest.mark.parametrize(
    "abstract",
    [
        "Our allocator achieves a 25% improvement in memory efficiency on long prompts.",
        "Our scheduler yields improvements of 18% in bandwidth and 12% in energy consumption.",
        "Our prefetcher achieves a 9% improvement in cache hit rate.",
        "The planner gives a 14% improvement in overall cost.",
        "Our allocator improves accelerator utilization by 21%.",
    ],
)
def test_a_gain_in_a_resource_is_no_quality(catalog, abstract):
    assert _own(catalog, abstract, "quality") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # Bare numbers after "acceleration/speedup factors of" are multipliers, each of a list.
        ("Our editor achieved acceleration factors of 2.31, 2.12, and 1.94.", ["2.31×", "2.12×", "1.94×"]),
        ("On two clusters we measure speedup factors of 3.4 and 2.2 over the baseline.", ["3.4×", "2.2×"]),
    ],
)
def test_named_factors_are_speedups(catalog, abstract, expected):
    assert _own(catalog, abstract, "speedup") == expected


@pytest.mark.parametrize(
    "abstract",
    [
        "Our debiasing decoder yields an absolute reduction of bias up to 22.7 percent compared to baseline.",
        "Our guard reduces toxicity by 35% on the red-teaming suite.",
        "The verifier cuts policy violations by 41% across agents.",
    ],
)
def test_a_reduction_of_a_harm_is_quality(catalog, abstract):
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and found.metric == "quality"


def test_a_gain_in_an_in_house_evaluation_keeps_its_object(catalog):
    abstract = "With our reward model in the pipeline, we see notable gains of 3% to 7% in our in-house evaluations."
    assert _own(catalog, abstract, "quality") == ["3–7% improvement in in-house evaluations"]


# Issue 19, dev1's misreads: each reading, and a neighbour that must keep reading as before.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # A score cut by a figure is a drop, not the score's level.
        (
            "Our filter reduces attack success rate by 24% on multimodal safety attacks.",
            "quality",
            ["24% lower attack success rate"],
        ),
        ("Our method lowers the test error by 2.1% on ImageNet.", "quality", ["2.1% lower test error"]),
        ("Our method improves accuracy by 6.2% on average.", "quality", ["6.2% accuracy gain"]),
        # A cut named before its figure, with what it cuts.
        (
            "Our model achieves an average error reduction of 6.3% on A2F-Bench.",
            "quality",
            ["6.3% error reduction on A2F-Bench"],
        ),
        (
            "Our model reaches 61.2% accuracy, a drop of 1.2% accuracy.",
            "quality",
            ["61.2% accuracy", "1.2% drop in accuracy"],
        ),
        # A region of a scale is no result.
        ("Our benchmark best discriminates models in the 60-95% accuracy band.", "quality", []),
        # Each bracketed score belongs to the name just before it.
        (
            "Our PRM achieves state-of-the-art results on ProcessBench (75.0%) and PRMBench (65.5%).",
            "quality",
            ["75.0% on ProcessBench", "65.5% on PRMBench"],
        ),
        # The digit of Pass@1 is part of a metric's name.
        ("Our method yields gains of +1.8pp Pass@1 on average.", "quality", ["+1.8 points"]),
        # A generic gain beside another figure's own speed noun is no speedup.
        (
            "Our agent achieves a 14.5% improvement over GPT-4o, and a 3.2% improvement and 2.96x speedup over Qwen2-VL.",
            "speedup",
            ["2.96×"],
        ),
        ("Our kernel is 2.1x and 3.5x faster than cuBLAS.", "speedup", ["2.1×", "3.5×"]),
        # "and" ends a figure's words: the next item's noun is its own.
        (
            "Our method reduces end-to-end latency by up to 31.8% and TFLOPs by about 29%.",
            "speedup",
            [],
        ),
        # A budget a result is measured at, and a gain in energy efficiency, are no speedups.
        ("Our method keeps gains more than doubling at 3x the compute.", "speedup", []),
        ("Our method achieves a 15% improvement in energy efficiency on 8 GPUs.", "speedup", []),
        ("Our system is 3x faster at the same cost.", "speedup", ["3×"]),
        # A cost cut to a share of itself is the rest of it.
        ("Our pruning reduces FLOPs to 16.7% while keeping accuracy.", "reduction", ["83.3% lower FLOPs (to 16.7%)"]),
        ("Our method reduces the error rate to 5.2%.", "reduction", []),
        ("Our method reduced the triggering rate to as low as 3.18%.", "reduction", []),  # a level reached
        # Counts of data items are no model scale; a compressed input's size is no memory.
        ("Our dataset covers 100B transitions and 2.5B episodes.", "model_scale", []),
        ("Our 7B model needs 24 GB of memory.", "model_scale", ["7B"]),
        ("Our compressor achieves 2.123 bpb on 1 MB and 2.149 bpb on 3 MB.", "memory", []),
        ("Our 7B model needs 24 GB of memory.", "memory", ["24 GB"]),
    ],
)
def test_dev1_misreads_read_right(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_catalogue_name_in_capitals_is_a_method_s_name(catalog):
    # The catalogue spells the machine "Aurora"; "AURORA" is the paper's method.
    assert (
        _own(catalog, "We propose AURORA, a training method that augments MLMs with perception tokens.", "hardware")
        == []
    )
    assert _own(catalog, "We train on the Aurora supercomputer and on LUMI with A100 GPUs.", "hardware") == [
        "Aurora",
        "LUMI",
        "A100",
    ]
    # a model number in capitals is still that hardware
    assert _own(catalog, "Applied on an NVIDIA TESLA P40 GPU, it is 4.7x faster.", "hardware") == ["P40"]


def test_a_dataset_title_s_size_is_no_model_scale(catalog):
    def scales(title: str) -> list[str]:
        return [f.value for f in extract_facts(title, "We study it.", catalog) if f.kind == "model_scale"]

    assert scales("XLand-100B: A Large-Scale Multi-Task Dataset for In-Context Reinforcement Learning") == []
    assert scales("Llama-70B: An Open Model for Dataset Curation") == ["70B"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # Hours of data the training set is scaled to are its length, not a time anything runs.
        (
            "We show that scaling the training data from the few minutes used by prior methods, typically less "
            "than 1 hour, to 18.5 hours improves quality.",
            [],
        ),
        ("Training on the dataset takes 5 hours on 8 GPUs.", ["5 hours"]),
        ("Preprocessing the dataset drops from 3 hours to 20 minutes.", ["20 minutes"]),
    ],
)
def test_a_data_length_is_no_latency(catalog, abstract, expected):
    assert _own(catalog, abstract, "latency") == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # A margin over a baseline in a score is a gain, not the score's level.
        (
            "Our agent surpasses baselines in Mars by 16.1%-51.6% of success rate.",
            "quality",
            ["16.1–51.6% success rate gain"],
        ),
        ("Our model reaches 85.2% accuracy, outperforming GPT-4o.", "quality", ["85.2% accuracy"]),
        # A score cut by points is a drop.
        ("Schema echo depresses scores by 45-65 pp (percentage points).", "quality", ["−45–65 points scores"]),
        # A lower score found in an analysis is no efficiency's reduction.
        (
            "Our analysis shows runs with one error code have a 48% lower overall score than other runs.",
            "reduction",
            [],
        ),
        ("Our method reduces latency by 40% and cost by 30%.", "reduction", ["40% lower latency", "30% lower cost"]),
    ],
)
def test_a_change_in_a_score_reads_as_a_change(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_score_s_multiplier_is_no_speedup(catalog):
    abstract = (
        "Our method improves macro-average across six reasoning benchmarks from under 12 to 29-42 (a 3-4x improvement)."
    )
    assert _own(catalog, abstract, "speedup") == []
    assert _own(catalog, "Our kernel yields a 3x improvement over cuBLAS.", "speedup") == ["3×"]


def test_a_training_cost_after_data_is_still_a_time(catalog):
    abstract = (
        "We explore effective data filters and model training strategies, narrowing the training cost to 12 days "
        "on 64 H100 GPUs."
    )
    assert _own(catalog, abstract, "latency") == ["12 days"]


def test_a_signed_gain_on_a_sized_model_is_on_the_benchmark_before(catalog):
    abstract = "Our method yields consistent gains (e.g., MMStar +1.53 on Qwen3-VL-2B)."
    assert _own(catalog, abstract, "quality") == ["+1.53 on MMStar"]
    assert _own(catalog, "Our agent scores +12.0% on AndroidWorld.", "quality") == ["+12.0% on AndroidWorld"]


def test_a_cut_takes_its_verb_s_object_past_an_aside(catalog):
    abstract = (
        "Our decoding can reduce the amount of hallucination, for example by 9.6% in the XSum summarization task."
    )
    assert _own(catalog, abstract, "reduction") == ["9.6% lower hallucination"]
    assert _own(catalog, "Our method reduces memory by 30% on A100.", "reduction") == ["30% lower memory"]


def test_a_multiplier_of_a_time_beside_benchmarks_is_a_speedup(catalog):
    abstract = (
        "In the LLaVA-1.5 setup, our model achieves 3.2times improvement in time-to-first-token (TTFT) while "
        "maintaining similar performance on VLM benchmarks."
    )
    assert _own(catalog, abstract, "speedup") == ["3.2×"]


def test_a_rising_gain_shows_the_gain_s_sizes(catalog):
    abstract = "We find that gains from exploration increase with scale, climbing from 7% to 36%."
    assert _own(catalog, abstract, "quality") == ["gain 7%→36%"]
    abstract = "Our training brings consistent gains and improves accuracy from 58.4% to 69.9%."
    assert _own(catalog, abstract, "quality") == ["69.9% (from 58.4%)"]


def test_a_name_an_apposition_calls_a_dataset_gives_no_model_scale(catalog):
    abstract = "We present XLand-100B, a large-scale dataset for in-context reinforcement learning."
    assert _own(catalog, abstract, "model_scale") == []
    assert _own(catalog, "We present Foo-7B, a model trained on a new dataset.", "model_scale") == ["7B"]


def test_a_generic_gain_on_a_task_or_benchmark_is_a_score_s_not_a_speedup(catalog):
    abstract = (
        "Experiments show that Kite enhances the base model by 16% on GenEval and 25% on T2I-CompBench, "
        "while reducing inference time by 44%."
    )
    assert _own(catalog, abstract, "speedup") == []
    assert "16% improvement on GenEval" in _own(catalog, abstract, "quality")
    abstract = "Kite improves performance by 30% in real-world task success with minimal inference overhead."
    assert _own(catalog, abstract, "quality") == ["30% improvement in real-world task success"]
    assert _own(catalog, "Kite outperforms OpenVLA by 3.5x on real-robot tasks.", "speedup") == []
    # a gain on a chip, or in a clause that names what runs, stays a speedup
    assert _own(catalog, "Kite outperforms cuBLAS by 2.1x on A100 GPUs.", "speedup") == ["2.1×"]
    assert _own(catalog, "Kite improves serving throughput by 2.3x on ShareGPT.", "speedup") == ["2.3×"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A score reached on a named benchmark after a level verb, and the later items of its list.
        (
            "Our 3B agent achieves strong results: 52.4% on GAIA, 18.3% on WebWalkerQA, and 60.1% on BrowseComp.",
            ["52.4% on GAIA", "18.3% on WebWalkerQA", "60.1% on BrowseComp"],
        ),
        ("The policy reaches 96.5% success on LIBERO and transfers to real robots.", ["96.5% success on LIBERO"]),
        # Not a model the score was measured with, nor the last of a list of scores (which is the last name's).
        ("Our verifier achieves a score of 41.2% on Qwen3-14B and 38.0% on GPT-4o.", []),
        ("Our method achieves 71.3% and 55.2% on AlpacaEval and Arena-Hard with Llama-3-8B.", []),
    ],
)
def test_a_score_reached_on_a_named_benchmark_is_quality(catalog, abstract, expected):
    assert [v for v in _own(catalog, abstract, "quality") if " on " in v] == expected


def test_a_share_reached_on_a_chip_or_after_a_margin_is_no_score(catalog):
    assert _own(catalog, "Our kernel achieves 71% on H100 at long context.", "quality") == []
    assert _own(catalog, "Our kernel achieves up to 1.8x higher throughput, 40% on ShareGPT.", "quality") == []


def test_a_named_score_raised_between_bare_values_is_quality(catalog):
    abstract = "Continued pretraining improves the MedQA average score from 48.15 to 53.70 on the held-out split."
    assert _own(catalog, abstract, "quality") == ["53.70 score (from 48.15)"]
    abstract = "Our adapter improves the PubMedQA accuracy from 61.20 to 64.85 without changing the backbone."
    assert _own(catalog, abstract, "quality") == ["64.85 accuracy (from 61.20)"]
    # A count or a size raised is no score: nothing names one, or a unit follows.
    assert _own(catalog, "We increase the batch size from 32 to 64 to fill the GPU.", "quality") == []
    assert _own(catalog, "It raises the score buffer from 2 to 8 GB.", "quality") == []


def test_a_raise_may_name_a_versioned_model(catalog):
    abstract = "On WebShop, our curriculum improves the success rate of Qwen-2.5-7B from 12.5% to 38.0%."
    assert _own(catalog, abstract, "quality") == ["38.0% (from 12.5%)"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Fine-tuning on our corpus yields gains of 25+ F1 points on the full split.", ["25+ points F1"]),
        ("With our decoding, the 14B model performs nearly 4 absolute points higher than the baseline.", ["~4 points"]),
    ],
)
def test_points_with_a_plus_a_score_or_absolute_are_quality(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


def test_absolute_points_of_nothing_are_no_result(catalog):
    assert _own(catalog, "Each object is annotated with 12 absolute points and 3 anchors.", "quality") == []


def test_scores_paired_respectively_with_benchmarks_are_quality(catalog):
    abstract = (
        "In GUI grounding, our agent attains scores of 90.2%, 51.7%, and 60.4% on the ScreenSpot-V2, "
        "ScreenSpot-Pro, and OSWorld-G benchmarks, respectively."
    )
    assert _own(catalog, abstract, "quality") == [
        "90.2% on ScreenSpot-V2",
        "51.7% on ScreenSpot-Pro",
        "60.4% on OSWorld-G",
    ]
    # Shares on chips, and lists whose counts differ, pair nothing.
    assert _own(catalog, "Our kernel reaches 61% and 70% on H100 and A100, respectively.", "quality") == []
    abstract = "Our model achieves 81.5% and 77.2% on MMLU, GSM8K and MATH, respectively."
    assert _own(catalog, abstract, "quality") == []


def test_a_cut_before_a_gain_does_not_sign_the_gain(catalog):
    abstract = "We achieve 57-59% token reduction on MATH-500 while improving accuracy by 9-16 points absolute."
    assert _own(catalog, abstract, "quality") == ["9–16 points accuracy"]
    assert _own(catalog, "Our filter reduces latency while improving accuracy by 5%.", "quality") == [
        "5% accuracy gain"
    ]
    assert _own(catalog, "Schema echo depresses scores by 45-65 pp.", "quality") == ["−45–65 points scores"]


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a saving of data or samples named before its multiplier, not a speed
        ("Our recipe improves organic data efficiency by 2-3x.", "speedup", []),
        ("Our recipe improves organic data efficiency by 2-3x.", "reduction", ["2–3× higher data efficiency"]),
        ("Our loop boosts sample efficiency by up to 2times.", "reduction", ["up to 2× higher sample efficiency"]),
        # a GPU count glued to "times", a ratio of scores, a kept accuracy: no speedup, no accuracy figure
        ("We train on 2times A800-80GB GPUs.", "speedup", []),
        ("Our model surpasses the average accuracy of R1-7B by 1.6x.", "speedup", []),
        ("It reduces decoding cost by 73% without sacrificing accuracy.", "quality", []),
        ("Kite is 2.5 times faster than vLLM with 2times fewer GPUs.", "speedup", ["2.5×"]),
        # data, not a model's size or a time taken
        ("We train the models on SA-1B and SA-V datasets.", "model_scale", []),
        ("We collect 259 hours of human demonstrations.", "latency", []),
        # a count with a thousands separator is one count; GPU-days are a budget
        ("We train on 1,024 H100 GPUs.", "gpu_count", ["1,024 GPUs"]),
        ("Training took 15,000 A100 GPU days, or 32 GPU-days for the small model.", "gpu_count", []),
        ("Training used 35,000 A100-SXM4-80GB GPU hours.", "gpu_count", []),
        # a bound on a class of models by size is no model's size
        ("Kite leads among sub-2B parameter models and within the 10B parameter class.", "model_scale", []),
        ("We train up to 1.5B parameter class models.", "model_scale", ["1.5B"]),
    ],
)
def test_savings_ratios_and_data_are_no_speed_score_or_size(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_change_in_brackets_starts_from_a_baseline(catalog):
    facts = extract_facts("A title", "We present Kite. Kite improves accuracy (38.7% to 40.8%) on MMLU.", catalog)
    assert [(f.value, f.own) for f in facts if f.kind == "quality"] == [("40.8% (from 38.7%)", True)]
    # a bracketed range that follows no raise is no change
    facts = extract_facts(
        "A title", "We present Kite. Kite is robust to noise (38.7% to 40.8% accuracy) on MMLU.", catalog
    )
    assert "40.8% (from 38.7%)" not in [f.value for f in facts]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Our sparse variant matches the dense model using only 42.5% of the FLOPs.", ["42.5% of the FLOPs"]),
        (
            "The curriculum requires just ~20% of the training data to reach the same score.",
            ["~20% of the training data"],
        ),
        ("It recovers the full accuracy at only 3% of the cost.", ["3% of the cost"]),
        ("Its encoder beats larger ones while requiring less than 2% of the computational cost.", ["<2% of the cost"]),
        # a share that is no saving the method makes
        ("Only 42.5% of the FLOPs are spent in attention.", []),
        ("Using only 30% of the heads hurts accuracy badly.", []),
    ],
)
def test_a_share_of_a_resource_a_method_uses_is_a_saving_as_written(catalog, abstract, expected):
    assert _own(catalog, abstract, "reduction") == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a slowdown or an overhead is no speedup
        ("Guarding every tool call imposes a 12x latency overhead on the agent loop.", "speedup", []),
        ("Kite is 2.5x slower than the unsafe baseline but verifies every step.", "speedup", []),
        ("Kite enables faster distillation with marginal overhead (<8%) compared to plain training.", "speedup", []),
        # unless it is cut
        ("Kite's profiler reduces 40x offline search overhead.", "reduction", ["40× lower offline search overhead"]),
        ("Kite achieves 3x lower overhead than prior tracers.", "reduction", ["3× lower overhead"]),
        # the bound an overhead is held to, however TeX's sign reached the abstract
        ("Decoding with Kite incurs le 4% overhead at every length.", "reduction", ["≤4% overhead"]),
        ("Decoding with Kite incurs ≤ 4% overhead at every length.", "reduction", ["≤4% overhead"]),
    ],
)
def test_a_slowdown_or_an_overhead_is_no_speedup_unless_cut(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_savings_bounds_and_a_second_change_read_as_written(catalog):
    assert _own(catalog, "Our sparse model achieves FLOPs savings: 3.2x overall, with 2.1x for text.", "reduction") == [
        "3.2× reduction",
        "2.1× reduction",
    ]
    # a bound is no speedup
    assert _own(catalog, "Our calibrator predicts the error to within 1.2x (68%) and 1.4x (95%).", "speedup") == []
    # a cut followed by another change's verb keeps its own object, not the next one's score
    abstract = "Kite reduces the average response length by 40% and improves its accuracy by 2.1%."
    assert _own(catalog, abstract, "reduction") == ["40% lower average response length"]
    assert "40% accuracy" not in _own(catalog, abstract, "quality")
    assert _headline(catalog, abstract) == ("cost", "40% lower average response length")
    # what a smaller model saves is memory
    assert _headline(catalog, "Kite has 86M parameters, 12x smaller than the strongest baseline.")[0] == "memory"


def test_gpu_days_are_a_cost_in_time_not_a_gpu_count(catalog):
    abstract = "Kite cuts pre-training from thousands of GPU-days to merely 75 GPU-days."
    assert _own(catalog, abstract, "latency") == ["75 GPU days"]
    assert _own(catalog, abstract, "gpu_count") == []
    assert _headline(catalog, abstract) == ("cost", "75 GPU days")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # one device set against many names the settings a method serves, not how many it ran on
        ("Kite offers attention-agnostic single GPU and multi-GPU memory optimizations.", []),
        ("Kite targets single-GPU or multi-GPU systems alike.", []),
        # a count of one stays a count
        ("Kite trains a 7B model on a single GPU and scales to multi-node clusters.", ["1 GPU"]),
    ],
)
def test_one_device_set_against_many_is_a_setting_not_a_count(catalog, abstract, expected):
    assert _own(catalog, abstract, "gpu_count") == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # each device's memory between the count and the unit, with a word before or after it
        ("We fit the model on a machine with 8 80GB GPUs.", ["8 GPUs"]),
        ("Kite trains a 2B model using 16 standalone 48GB GPUs over internet connections.", ["16 GPUs"]),
        ("Kite fine-tunes a 13B model within a single 24GB GPU.", ["1 GPU"]),
        ("Kite runs on a single 24 GB consumer GPU.", ["1 GPU"]),
        # a number before a preposition is no count of the devices after it
        ("We use batch size 32 on 80GB GPUs.", []),
    ],
)
def test_a_device_count_reads_past_each_devices_memory(catalog, abstract, expected):
    assert _own(catalog, abstract, "gpu_count") == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a bound on an approximate figure keeps both
        ("Kite delivers up to ~70x latency reduction on B200 GPUs.", "reduction", ["up to ~70× lower latency"]),
        ("Kite achieves up to ~6x higher inference throughput than prior models.", "speedup", ["up to ~6×"]),
        ("Kite is more than about 3x faster than vLLM.", "speedup", [">~3×"]),
        # an approximate figure alone stays approximate
        ("Kite delivers ~3x speedup over vLLM.", "speedup", ["~3×"]),
    ],
)
def test_a_bound_on_an_approximate_figure_keeps_both(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_bounded_approximate_percent_speedup_is_shown_as_a_multiplier_too():
    assert Headline("speedup", "up to ~20% faster").text == "up to ~1.20× (20% faster)"


def test_a_cut_in_wallclock_is_a_latency(catalog):
    abstract = "Our agent finds a recipe that yields a 5.1% wallclock reduction over the public baseline."
    assert _headline(catalog, abstract) == ("latency", "5.1% lower wallclock")


def test_a_lowered_speed_is_a_slowdown_not_a_saving(catalog):
    assert _own(catalog, "Kite adds little cost (a 6.5% speed reduction compared with no cache).", "reduction") == []
    abstract = "Kite reduces throughput by 12% but cuts memory by 40%."
    assert _own(catalog, abstract, "reduction") == ["40% lower memory"]
    assert _headline(catalog, abstract) == ("memory", "40% lower memory")


def test_how_often_and_a_dataset_s_size_are_no_speed_or_scale(catalog):
    abstract = "The planted trigger appears 5x-12x more frequently in the outputs."
    assert _own(catalog, abstract, "scale") == [] and _own(catalog, abstract, "speedup") == []
    assert _own(catalog, "We release a corpus of 30M QA pairs (3x prior) for training.", "speedup") == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Our agent achieves an Information Coefficient (IC) of 0.121 on the test period.", ["0.121 IC"]),
        ("Our planner achieves 89.7 PDMS on NAVSIM, ahead of prior planners.", ["89.7 PDMS"]),
        ("Our model achieves a BLEU of 31.2 on WMT14.", ["31.2 BLEU"]),
        # a percentage before a score's short name, its clause ending there, or an example of a level reached
        ("Kite attains 74.2% PRR, twice the rate of the strongest agent.", ["74.2% PRR"]),
        ("The recognizer achieves 3.1% average CER across five public test sets.", ["3.1% CER"]),
        ("Kite achieves state-of-the-art results (e.g., 61.5% SR on R2R-CE) with few samples.", ["61.5% SR on R2R-CE"]),
        # a unit or an efficiency named in capitals is no score
        ("Kite achieves 156 TFLOPS on H100.", []),
        ("The engine streams audio, achieving an RTF of 0.21.", []),
        # nor is what a percentage is a share of
        ("Kite achieves 30% KV cache savings on long prompts.", []),
    ],
)
def test_a_level_of_a_score_named_in_capitals_is_quality(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


def test_a_score_named_in_capitals_is_the_headline_over_the_data_it_took(catalog):
    abstract = "Kite achieves state-of-the-art results (e.g., 61.5% SR on R2R-CE) with only 90k training trajectories."
    assert _headline(catalog, abstract) == ("quality", "61.5% SR on R2R-CE")


def test_benchmarks_after_a_speed_word_name_where_it_was_measured(catalog):
    abstract = "Kite accelerates decoding by 2.4x on the long-context benchmarks and 3.1x on the retrieval suite."
    assert _own(catalog, abstract, "speedup") == ["2.4×", "3.1×"]
    # but a score named there still refuses the number
    assert _own(catalog, "Kite improves math accuracy by 2.5x on reasoning benchmarks.", "speedup") == []


def test_a_longer_context_is_a_scale_not_a_speedup(catalog):
    abstract = "Kite increases the usable context length by 4x at the same memory."
    assert _own(catalog, abstract, "scale") == ["4× larger usable context length"]
    assert _own(catalog, abstract, "speedup") == []


def test_a_list_of_scores_on_one_benchmark_is_read_whole(catalog):
    abstract = "Our 8B and 32B models reach 58.1% and 63.0% on SWE-bench Verified, the best among open models."
    assert _own(catalog, abstract, "quality") == ["58.1% on SWE-bench Verified", "63.0% on SWE-bench Verified"]
    assert _headline(catalog, abstract) == ("quality", "58.1% on SWE-bench Verified")
    # on as many names as numbers, each number is its own name's: left to "respectively"
    assert _own(catalog, "Kite attains 70.2% and 55.4% on AlpacaEval and Arena-Hard.", "quality") == []


def test_a_score_at_k_in_lower_case_is_a_level(catalog):
    assert _own(catalog, "Our coder achieves a 71.3 pass@1 on HumanEval+.", "quality") == ["71.3 pass@1"]


def test_a_pair_after_a_beating_verb_is_the_paper_s_score_against_the_baseline_s(catalog):
    abstract = "On the long-video suite, our 7B agent outperforms a 72B baseline (48.2% vs. 45.0%)."
    assert _own(catalog, abstract, "quality") == ["48.2% (vs 45.0%)"]
    # a curator listing the baseline's number as context does not hide the paper's own
    facts = attribute(extract_facts("", abstract, catalog), "mixed", ["45.0%"])
    assert [fact.own for fact in facts if fact.kind == "quality"] == [True]
    facts = attribute(extract_facts("", abstract, catalog), "mixed", ["48.2%"])
    assert [fact.own for fact in facts if fact.kind == "quality"] == [False]


def test_the_most_advanced_models_struggling_are_others(catalog):
    abstract = "Even the most advanced models struggle with our benchmark, where none of them reach 40% accuracy."
    assert _own(catalog, abstract, "quality") == []


def test_what_follows_than_is_what_a_cut_is_set_against(catalog):
    assert _own(catalog, "The 2M-parameter Kite is 300x smaller than the 600M dense encoder.", "reduction") == [
        "300× smaller"
    ]
    # a gap in a score is no cut at all
    abstract = (
        "Kite reaches 71.2% accuracy on the MathVista benchmark, which is only 0.6% lower than the leading model."
    )
    assert _own(catalog, abstract, "reduction") == []
    assert _headline(catalog, abstract) == ("quality", "71.2% accuracy")


def test_a_performance_increase_is_quality_and_sim_is_about(catalog):
    abstract = "Fine-tuning on our data yields a performance increase of 9.4% compared to the original dataset."
    assert _own(catalog, abstract, "quality") == ["9.4% better performance"]
    assert _own(catalog, abstract, "scale") == []
    abstract = "Experiments show our model achieves an average improvement of sim5% across math reasoning benchmarks."
    assert [value.split()[0] for value in _own(catalog, abstract, "quality")] == ["~5%"]


def test_a_comparative_of_quality_is_no_speed_or_scale(catalog):
    abstract = "Our 7B compressor is 1.6x more accurate and 4.6x more concise than its 1B sibling."
    assert _own(catalog, abstract, "speedup") == [] and _own(catalog, abstract, "scale") == []
    abstract = "This yields over 2x improvement in generalization to unseen tasks."
    assert _own(catalog, abstract, "speedup") == []
    assert _own(catalog, "Kite uncovers 30x more knowledge errors than prior probes.", "scale") == []


@pytest.mark.parametrize(
    "abstract",
    [
        "We present Kite-Speech, a corpus of approximately 95.5 hours of speech.",
        "We present Kite-Speech, a corpus of approximately 95.5 hours.",
        "The policy adapts to a new robot with only 25 minutes of play data.",
        "Overall, 30 experts spent 410 hours rating the model's answers.",
        "On average, these tasks require 3.5 hours of human labor to complete.",
    ],
)
def test_a_corpus_s_length_or_people_s_effort_is_no_latency(catalog, abstract):
    assert _own(catalog, abstract, "latency") == []


def test_a_cut_s_keyword_ends_at_the_next_increase(catalog):
    abstract = "Kite reduces token cost by 40.1% and increases the fix rate to 70.5% (+25.2%) on the suite."
    assert _own(catalog, abstract, "reduction") == ["40.1% lower token cost"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Our agent achieves a pass of 61.5% on the hardest split.", ["61.5% pass"]),
        ("After only 300 steps, the policy achieves a reward of 58.1%.", ["58.1% reward"]),
        ("Our experiments demonstrate a success rate exceeding 84% across three target models.", [">84% success rate"]),
        # a resource, a systems rate or a speed named so is no score
        ("Kite achieves a cache hit rate of 92% on the trace.", []),
        ("We demonstrate accelerations of 41.2% with 2D parallelism.", []),
    ],
)
def test_a_metric_in_plain_words_before_its_percentage_is_a_level(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


def test_a_token_overhead_is_a_cost_a_false_positive_an_error_and_gains_of_a_to_b_a_range(catalog):
    abstract = "With a stronger planner, Kite improves most benchmarks while reducing token overhead by around 12%."
    assert _headline(catalog, abstract)[0] == "cost"
    assert _headline(catalog, "Kite also helps detection (40x false positive reduction).")[0] == "quality"
    assert _headline(catalog, "Kite reduces scheduling overhead by 30%.")[0] == "latency"
    assert _own(catalog, "Across 12 tasks, Kite achieves gains of 3% to 35% over strong baselines.", "quality") == [
        "3%–35% improvement"
    ]
    # "by A% to B%" is a gain to a level, not a range
    assert "12%–85% improvement" not in _own(catalog, "Kite boosts accuracy by 12% to 85% on the suite.", "quality")


def test_a_raise_to_an_impressive_level_a_list_of_scores_and_a_pair_after_improvements_over(catalog):
    abstract = "RL raises accuracy from 15.2% to an impressive 55.1% on the hard split."
    assert _own(catalog, abstract, "quality") == ["55.1% (from 15.2%)"]
    abstract = "The detector does well, with F1-scores of 93.1%, 88.2%, and 90.4% on the three sets, respectively."
    assert _own(catalog, abstract, "quality") == ["93.1% F1-score", "88.2% F1-score", "90.4% F1-score"]
    abstract = "Raters found improvements over the base model in clarity (75.5% vs. 71.1%)."
    assert _own(catalog, abstract, "quality") == ["75.5% (vs 71.1%)"]
    # a throughput in percent stays none of these
    assert _own(catalog, "We achieved GPU throughputs of 38.1%, 36.2%, and 31.9%, respectively.", "quality") == []


def test_a_score_with_decimals_on_a_benchmark_is_a_level(catalog):
    abstract = "Evaluations show its potential, achieving 79.4 on MMLU, 83.7 on HellaSwag, and 58.9 on MATH."
    assert _own(catalog, abstract, "quality") == ["79.4 on MMLU", "83.7 on HellaSwag", "58.9 on MATH"]
    assert _headline(catalog, abstract) == ("quality", "79.4 on MMLU")
    # "reports" states the paper's level too
    assert _own(catalog, "Our service reports 92% on LongMemEval and 93.2% on LoCoMo.", "quality") == [
        "92% on LongMemEval",
        "93.2% on LoCoMo",
    ]
    # a rate named between the score and the benchmark
    abstract = "Our distilled model achieves a 29.61 length-controlled win rate on AlpacaEval 2 against GPT-4 and 7.35 on MT-Bench."
    assert _own(catalog, abstract, "quality") == [
        "29.61 length-controlled win rate on AlpacaEval 2",
        "7.35 on MT-Bench",
    ]
    # a version of a name is no score, nor is a list of scores paired with a list of names
    for sentence in (
        "We report sweeps of Claude Opus 4.7 and GPT 5.5 on M1 Pro.",
        "The best model achieves only 75.8 and 66.1 on the UGD and QE splits, respectively.",
    ):
        assert [f.value for f in extract_facts("", sentence, catalog) if f.kind == "quality"] == []


@pytest.mark.parametrize(
    "abstract",
    [
        # a time, or another cost of running, raised: a slowdown or an overhead, in any words
        "Skewed batches inflate decode latency by up to 1.8x in current serving engines.",
        "Naive offloading increases per-token latency by 2.4x on consumer GPUs.",
        "Existing schedulers suffer 3.1x higher tail latency under bursty load.",
        "Under contention, stragglers cause 1.6x longer iteration time.",
        "Recomputing activations leads to a 2x increase in step time.",
        "Existing engines incur up to 2.2x latency on long prompts.",
        "Replaying every branch multiplies token cost up to 12-fold.",
        "The method halves activation memory, although training takes 1.4 times longer.",
        "Dense caching increases memory usage by 3x.",
    ],
)
def test_a_time_raised_is_no_speedup(catalog, abstract):
    found = [(f.kind, f.value) for f in extract_facts("", abstract, catalog) if f.kind in ("speedup", "scale")]
    assert found == []


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # and a time cut, or a speed raised, stays a gain
        ("Our kernel reduces decode latency by 1.8x over FlashInfer.", ("reduction", "1.8× lower decode latency")),
        ("Our engine achieves 2.4x lower latency than vLLM.", ("reduction", "2.4× lower latency")),
        ("Our engine is 2.4x faster than vLLM.", ("speedup", "2.4×")),
        ("Our engine increases throughput by 2.4x over vLLM.", ("speedup", "2.4×")),
        ("Our engine improves decode latency by 1.8x over FlashInfer.", ("speedup", "1.8×")),
        ("Our engine raises throughput and reduces latency by 2.1x.", ("reduction", "2.1× lower latency")),
        ("Our model handles 4x longer contexts than prior work.", ("scale", "4× longer contexts")),
    ],
)
def test_a_time_cut_or_a_speed_raised_stays_a_gain(catalog, abstract, expected):
    found = [
        (f.kind, f.value) for f in extract_facts("", abstract, catalog) if f.kind in ("speedup", "reduction", "scale")
    ]
    assert found == [expected]


@pytest.mark.parametrize(
    "abstract",
    [
        # the samples a method is calibrated or profiled on set it up: no cost of a result
        "Its per-head budgets can be calibrated offline from as few as 64 samples.",
        "We quantize weights to 3 bits using only 128 calibration samples.",
        "The pruning masks are profiled on just 32 samples from C4.",
        # nor is the low end of a range of data sizes measured across
        "Across datasets ranging from as few as 30 samples to 2000, our adapter wins.",
    ],
)
def test_calibration_samples_are_no_cost(catalog, abstract):
    assert [f.value for f in extract_facts("", abstract, catalog) if f.kind == "cost"] == []


def test_the_little_training_data_a_result_was_had_with_stays_a_cost(catalog):
    abstract = "With only 817 curated training samples, our model reaches 57.1% on AIME."
    assert _own(catalog, abstract, "cost") == ["817 curated training samples"]
    assert _own(catalog, "Our model, trained on just 0.4B tokens, matches the dense baseline.", "cost") == [
        "0.4B tokens"
    ]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a sparsity a method reaches is the share of the work it skips: a result, with no baseline of a
        # later predicate's figure
        (
            "On video diffusion models, our method can achieve 96% attention sparsity and deliver a 15x attention speedup.",
            ["96% attention sparsity"],
        ),
        (
            "Our kernel can achieve a remarkable 85% sparsity ratio at a 64k context length with minimal loss, "
            "offering a 4.1x speedup over FlashAttention-2.",
            ["85% sparsity"],
        ),
        ("The gated branch attains 90% sparsity and a 12x speedup.", ["90% sparsity"]),
        # one a result is measured at is a setting
        ("Our kernel achieves up to 8x speedup over FlashAttention-3 at 90% sparsity.", []),
        ("Our method enables 4-bit quantization with 50% sparsity on existing LLMs.", []),
    ],
)
def test_a_sparsity_reached_is_a_reduction(catalog, abstract, expected):
    assert [f.shown for f in extract_facts("", abstract, catalog) if f.kind == "reduction"] == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # signed figures listed against as many baselines pair in order, as unsigned ones do
        (
            "In batched mode, our GEMM kernels gain +31.5%, +24.0%, and +9.8% over PyTorch, cuBLAS, and CUTLASS, "
            "respectively.",
            ["PyTorch", "cuBLAS", "CUTLASS"],
        ),
        (
            "Our tuned schedule is +2.1x, +1.7x and +1.2x faster than Ansor, TVM and Triton respectively.",
            ["Ansor", "TVM", "Triton"],
        ),
    ],
)
def test_signed_figures_listed_respectively_take_their_own_baselines(catalog, abstract, expected):
    assert [f.baseline for f in extract_facts("", abstract, catalog) if f.kind == "speedup"] == expected


def test_an_error_hyphenated_into_what_is_cut_is_no_quality(catalog):
    """ "error-induced overhead" is overhead: its cut is a reduction, not a lowered error."""
    abstract = "Deployed in production, our runtime cuts error-induced overhead by roughly 30% across jobs."
    assert _own(catalog, abstract, "quality") == []
    assert _own(catalog, abstract, "reduction") == ["~30% lower error-induced overhead"]
    assert _own(catalog, "It achieves 18% lower mean absolute error than prior simulators.", "quality") == [
        "18% lower mean absolute error"
    ]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # "slashes" cuts as "cuts" does, and a quality kept after the figure does not make it a score
        (
            "Our decoder achieves a 1.7x speedup, slashes memory usage by around 50%, and preserves image quality.",
            ["~50% lower memory usage"],
        ),
        # three things cut, listed with commas, each take their figure in order
        (
            "Our scheduler reduces latency, memory and cost by 30%, 20% and 10%, respectively.",
            ["30% lower latency", "20% lower memory", "10% lower cost"],
        ),
        (
            "It cuts collision rates, object and causal conflicts by 55%, 45% and 55% respectively.",
            ["55% lower collision rates", "45% lower object conflicts", "55% lower causal conflicts"],
        ),
        # a multiple of storage efficiency is a saving, not a speed
        ("For dynamic scenes it achieves more than 12x storage efficiency.", [">12× higher storage efficiency"]),
    ],
)
def test_reductions_read_in_the_field_s_lists_and_verbs(catalog, abstract, expected):
    assert _own(catalog, abstract, "reduction") == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A percentage called absolute is a gain in percentage points, not a relative gain.
        (
            "On the desktop benchmark, our 7B agent reaches a 38.2% task success rate, a 12.4% absolute gain over "
            "the base model.",
            ["38.2% success rate", "12.4 points"],
        ),
        ("Our tuning yields a 6.3% absolute improvement in win rate over DPO.", ["6.3 points win rate"]),
        ("Our grounding model outperforms prior grounding models by up to 18% absolute.", ["up to 18 points"]),
        ("Our planner improves the agent's accuracy (+1.2% absolute) on the held-out tasks.", ["+1.2 points accuracy"]),
        # a relative gain keeps its percent
        ("Our tuning yields a 6.3% relative improvement in win rate over DPO.", ["6.3% improvement in win rate"]),
        # ... and so when "absolute" names the gain before its figures, each figure of the list
        ("Our agent achieves absolute improvements of 9.3% and 7.5%, respectively.", ["9.3 points", "7.5 points"]),
        ("Our agent achieves an average absolute improvement of 4.5% over ReAct.", ["4.5 points"]),
        # but a level reached, in parentheses after the gain, stays a level
        (
            "Our tuned model achieves absolute improvements of +21.1% (to 46.1%) on Terminal-Bench.",
            ["+21.1 points", "46.1% on Terminal-Bench"],
        ),
    ],
)
def test_absolute_percentage_gains_are_points(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("We erase it in about 1 GPU hour of finetuning.", ["~1 GPU hour"]),
        ("Our pipeline trains the model in 1 day on one node.", ["1 day"]),
        ("It takes more than 1 hour per run, against 21 hours before.", [">1 hour", "21 hours"]),
        ("Our solver finishes in 1.5 hours and 11 minutes at most.", ["1.5 hours", "11 minutes"]),
    ],
)
def test_one_of_a_time_unit_is_singular(catalog, sentence, expected):
    """'~1 GPU hours' read wrong; one of a unit is said in the singular, and 1.5 or 11 of it is not."""
    assert _own(catalog, sentence, "latency") == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A gain or a level given as a range with "to", after "by" or "of", is one value, not two
        ("Our method improves accuracy by 40% to 200% at the same compression ratio.", ["40–200% accuracy gain"]),
        (
            "Our method outperforms general MLLMs with an average accuracy improvement of 15% to 30%.",
            ["15–30% improvement in accuracy"],
        ),
        ("Our approach achieves an accuracy of 70% to 80% in identifying user actions.", ["70–80% accuracy"]),
        # but "from X% to Y%" is a change, read as the level reached
        ("Our method raises accuracy from 61.2% to 70.4% on the held-out set.", ["70.4% (from 61.2%)"]),
        # its start may be hedged, and its end a range
        ("Our policy lifts success rates from about 30% to about 90% in real-world trials.", ["90% (from 30%)"]),
        ("Our planner raises execution feasibility from roughly 3% to 17-24% across planners.", ["17–24% (from 3%)"]),
    ],
)
def test_a_percentage_range_with_to_is_one_value(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # what a method adds, as a share, is the headline of a paper that states no other figure
        (
            "Our scheduler keeps every request within its deadline, with less than 3% latency increase.",
            ("latency", "<3% latency increase"),
        ),
        (
            "The monitor runs beside the serving loop with marginal overhead (<4%) compared to standard decoding.",
            ("latency", "<4% overhead"),
        ),
        # time added to training is a cost, as a time spent training is
        (
            "The monitor runs beside the training loop with marginal overhead (<4%) compared to standard training.",
            ("cost", "<4% overhead"),
        ),
        (
            "With as little as 0.5% additional compute overhead, our filter matches the accuracy of larger models.",
            ("cost", "0.5% additional compute overhead"),
        ),
        (
            "Our guidance improves sample quality with only a 6% and 9% increase in inference time, respectively.",
            ("latency", "6% and 9% increase in inference time"),
        ),
        ("The selector is cheap: it adds only 4.1% to the decoding time.", ("latency", "4.1% more decoding time")),
        # never before any other figure, and a cut in an overhead is a cut
        ("Our method reaches 85.2% accuracy with only 2% latency overhead.", ("quality", "85.2% accuracy")),
        (
            "Our runtime reduces the communication overhead by 40%.",
            ("latency", "40% lower communication overhead"),
        ),
    ],
)
def test_a_small_overhead_is_the_headline_only_when_no_other_figure_is_stated(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # what a cut costs, after "with" or "at the cost of", is an overhead, never a second cut
        (
            "We present CacheFoo. CacheFoo reduces latency by 2x with only 3% memory overhead.",
            ["2× lower latency", "3% memory overhead"],
        ),
        (
            "We present CacheFoo. It reduces decode latency by 35% at the cost of a 3% memory overhead.",
            ["35% lower decode latency", "3% memory overhead"],
        ),
        # a cut of the overhead itself stays a cut
        ("We present CacheFoo. It saves 40% overhead on eight GPUs.", ["40% lower overhead"]),
        (
            "We present CacheFoo. It reduces communication overhead by 45% with no accuracy loss.",
            ["45% lower communication overhead"],
        ),
    ],
)
def test_an_overhead_after_a_cut_is_what_the_cut_costs(catalog, abstract, expected):
    """ "reduces latency by 2x with only 3% memory overhead" showed "3% reduction" as the paper's."""
    facts = extract_facts("CacheFoo", abstract, catalog)
    assert [fact.value for fact in facts if fact.kind == "reduction"] == expected
