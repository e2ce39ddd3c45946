"""Headlines from phrasings a development sample of value-rich Daily Papers showed the rules
missing (issue 19). The sentences are written for these tests in the field's style."""

from __future__ import annotations

import pytest

from digest.derive.facts import extract_facts
from digest.derive.facts.baseline import baseline

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
        # A cut in operations gives way to the measured time cut it buys.
        (
            "Our pruner keeps 97% of full-token performance while reducing FLOPs by 9.9x and prefill latency by 6.4x.",
            ("latency", "6.4× lower prefill latency"),
        ),
        # and so does one that experiments show, to a time cut stated in a later sentence
        (
            "Evaluations demonstrate that our merger reduces computational costs to 8.1% of FLOPs while keeping 99% "
            "of the performance. Furthermore, we achieve a 2.1x reduction in time-to-first-token.",
            ("latency", "2.1× lower time-to-first-token"),
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


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A multiple of a capacity is a scale; of anything else no speed at all.
        (
            "Our model natively supports a context of 1 million tokens, 8x the context size of a strong open model.",
            ("scale", "8× the context size"),
        ),
        ("We study ten optimizers across data-to-model ratios (1-8x the compute-optimal point).", None),
        # but a multiple of a speed is a speedup
        ("Our decoder achieves 2.9x the inference speed of the autoregressive baseline.", ("speedup", "2.9×")),
        # A length that grows is a scale.
        (
            "We show that our model keeps its quality even as video length increases up to 6 times.",
            ("scale", "up to 6× increase"),
        ),
        # A multiplier on tasks, after a margin in a score, is no speedup; the margin is the result.
        (
            "Our policy outperforms the baseline by 9% on the simulator and 2.5x on real-robot tasks and exhibiting "
            "robust generalization.",
            ("quality", "9% improvement on simulator"),
        ),
        # A bare multiplier in a sentence about nothing that runs is no speedup.
        ("Our generator attains 3.1 times the preference rate of the strongest prior method.", None),
        # A budget of GPU hours says nothing of speed: the margin is a score's, and leads the time it took.
        (
            "With just 100 GPU hours, our small model can outperform the base model by 11.4% and surpass a frontier model.",
            ("quality", "11.4% improvement"),
        ),
        # A share of the training FLOPs is a cost.
        (
            "Our hybrid model reaches equivalent loss using only 35% of the training FLOPs at the 1B scale.",
            ("cost", "35% of the training FLOPs"),
        ),
        # A signed gain in brackets after a score is the score's, never a speedup.
        ("Our tokenizer reaches an FID of 4.1 (+5.8% over the strongest baseline).", ("quality", "4.1 FID")),
    ],
)
def test_what_a_multiplier_or_a_bracketed_gain_measures(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_bare_multiplier_beside_what_runs_is_still_a_speedup(catalog):
    abstract = "On four applications, the end-to-end performance benefits of our accelerator are 12X, 20X and 39X."
    assert _own(catalog, abstract, "speedup") == ["12×", "20×", "39×"]


def test_a_list_of_scores_shares_the_metric_after_its_last(catalog):
    abstract = "Our model reaches state-of-the-art results with 73.9% in-domain and 70.2% out-of-domain accuracy."
    assert _own(catalog, abstract, "quality") == ["73.9% accuracy", "70.2% accuracy"]
    # but a benchmark named after the last figure is that figure's alone
    abstract = "Our model is evaluated on two suites (83.0% in one suite and 37.5% on KernelBench)."
    assert "83.0% on KernelBench" not in _own(catalog, abstract, "quality")


def test_whose_score_is_raised_may_stand_between_the_score_and_by(catalog):
    abstract = "Experiments show that our method raises the math accuracy of fine-tuned models by 7.9%."
    assert _headline(catalog, abstract) == ("quality", "7.9% accuracy gain")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # "the resulting model" is the paper's own; "doubling the previous best" names what it beats
        (
            "We distill a web agent from one teacher. The resulting model achieves 40.2% on WebArena, "
            "nearly doubling the previous best open-weight result.",
            ("quality", "40.2% on WebArena"),
        ),
        # a model's size says which model, not what the margin is in
        (
            "A model trained with our recipe with 3B parameters outperforms the base model by 6.9%.",
            ("quality", "6.9% improvement"),
        ),
        # a share of the budget a method utilizes is a cost
        (
            "Our mixture matches the strongest baseline while utilizing only 12% of the compute budget.",
            ("cost", "12% of the budget"),
        ),
        # a rate's level after a cut word is no cut
        (
            "We find that the standard recipe often reduces coherence between steps, with only a 55.1% consistency rate.",
            None,
        ),
    ],
)
def test_whose_result_and_what_it_is_in(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a price per item is a boast of cost
        ("Our pipeline produces verified trajectories at approximately $2 each.", ("cost", "~$2")),
        # a small overhead in brackets, and a range's low end before its unit
        ("Our filter adds minimal computational overhead (15-40ms per sample).", ("latency", "15–40 ms")),
    ],
)
def test_absolute_figures_a_paper_boasts_of(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_the_object_of_a_doing_is_no_evaluated_group(catalog):
    # In a benchmark paper, "providing agents with X yields 14%" is the paper's own finding.
    abstract = (
        "We introduce Kite-Bench, a benchmark of 900 document questions. We find that providing agents with a "
        "structured representation yields a 14.5% average relative performance gain."
    )
    assert _own(catalog, abstract, "quality") == ["14.5% improvement"]


def test_a_frame_rate_of_the_media_made_is_no_throughput(catalog):
    abstract = "Our model produces 4 seconds of 24 fps video at 768x512 resolution in just 3 seconds on one GPU."
    assert _headline(catalog, abstract) == ("latency", "3 s")


def test_a_cut_in_an_error_is_tiered_with_the_scores(catalog):
    # Both are quality results: the first stated leads, whatever kind of figure each is.
    abstract = (
        "Our method improves retrieval by 8.1% over the best teacher. We also observe up to "
        "40% reduction in harmful content retrieval."
    )
    assert _headline(catalog, abstract) == ("quality", "8.1% improvement")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # what is raised may be named at length before "from ... to"
        (
            "This, with other additions, has markedly improved the coverage rate of our language on International "
            "Math Olympiad (IMO) 2000-2024 geometry problems from 61% to 85%.",
            ("quality", "85% (from 61%)"),
        ),
        # fewer false detections are a gain in quality, not a saving
        (
            "Feature steering reduces the false speech detections by 64% with negligible WER increase.",
            ("quality", "64% lower false speech detections"),
        ),
        # an expected calibration error, by its acronym
        (
            "Our estimator is the best calibrated of those tested (ECE 4.9% vs. 21.0% for token log-probabilities).",
            ("quality", "4.9% ECE"),
        ),
    ],
)
def test_more_ways_a_quality_result_is_written(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        (
            "Our classifier offers the best discrimination with F1 scores of 0.781 (micro) and 0.774 (macro).",
            ("quality", "0.781 F1"),
        ),
        ("Our detector reaches an AUROC of 0.93 on the held-out set.", ("quality", "0.93 AUROC")),
        ("Results show that our annotator achieves the highest reliability (κ= 0.91).", ("quality", "0.91 κ")),
    ],
)
def test_a_score_named_by_its_acronym_without_a_percent_sign(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a share of the compute needs no "only" after "at"
        ("Our sparse model matches the dense model at 25% of the compute.", ("cost", "25% of the compute")),
        # the first of a list of shares, with what they are shares of
        (
            "Our model requires only 1.9% and 5% of the computation time needed by the baselines.",
            ("latency", "1.9% of the computation time"),
        ),
        # the parameters a model activates: work done per token, a cost (the model held is no smaller)
        ("Our model activates only 20% of its parameters per token.", ("cost", "20% of the parameters")),
        # a length in tokens cut from one count to another
        ("It shortens reasoning chains on a math benchmark from 741 to 230 tokens.", ("cost", "230 tokens (from 741)")),
        # or with the tokens named before the counts, beside the accuracy it keeps
        (
            "Our method reduces reasoning tokens on MATH-500 from 3500 to 2100 while improving accuracy by 0.6%.",
            ("cost", "2100 tokens (from 3500)"),
        ),
        # a score named "@k" raised from one bare value to another
        ("Our retriever increases Hit@5 from 58.0 to 76.5.", ("quality", "76.5 hit@5 (from 58.0)")),
    ],
)
def test_shares_and_changes_a_paper_reports(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


# A fresh development round of value-rich papers (issue 19): a loss of performance is no cut, the
# performance of a task is a score, and a figure in words gives way to a number.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        (
            "Math tasks prove sensitive to aggressive KV compression, with different methods showing performance "
            "drops of 12.5%-30.1%.",
            "reduction",
            [],
        ),
        (
            "We propose a tolerant cache. The distilled model exhibits more robust compression tolerance compared "
            "to instruction-tuned models, showing only 4.2%-8.8% performance degradation.",
            "reduction",
            [],
        ),
        (
            "We build a closed-loop system that corrects faults and boosts end-task performance by up to 6.1%.",
            "quality",
            ["up to 6.1% better performance"],
        ),
        (
            "Experiments show that our cache achieves 7%-15% performance improvements on long-document tasks.",
            "quality",
            ["7–15% better performance"],
        ),
        (
            "On a multi-hop benchmark, our chunker beats similarity chunking by 1.1 while only consuming 38.5% "
            "of the time.",
            "reduction",
            ["38.5% of the time"],
        ),
        (
            "Our method achieves average absolute gains of +12.3 / +9.8 points over supervised distillation.",
            "quality",
            ["+12.3 points", "+9.8 points"],  # each of the pair, sharing its unit
        ),
    ],
)
def test_the_second_value_rich_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_figure_in_words_gives_way_to_a_number(catalog):
    abstract = (
        "We present a compact retriever. Both variants store a million pages in a 9.4x smaller index than "
        "the strongest baseline and index the corpus an order of magnitude faster."
    )
    assert _headline(catalog, abstract) == ("memory", "9.4× smaller index")


# A third round, of efficiency papers (issue 19).
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A figure of one of the listed parts, after a comma in its item, is the part's.
        (
            "Our design has three key innovations: (1) a tokenizer that compresses 3D features into 1D codes "
            "through semantic compression, achieving a 9,000x compression ratio; (2) a planner. Experiments "
            "show that our 5B model achieves a score of 84.1 on the VBench benchmark.",
            ("quality", "84.1 on VBench"),
        ),
        # A gain in how well parameters are used gives way to the measured time cut beside it.
        (
            "Compared with the strongest baseline, our model achieves 5 times higher parameter efficiency "
            "and 120 times lower prefill latency.",
            ("latency", "120× lower prefill latency"),
        ),
        # A share of what another needs, with no "of".
        (
            "Small annotators let reward models reach strong results with only 7% the inference cost "
            "required by Monte Carlo estimation.",
            ("cost", "7% of the inference cost"),
        ),
        (
            "By benefiting from 40%-reduced visual tokens, our model matches the benchmark scores of the original.",
            ("cost", "40% fewer visual tokens"),
        ),
    ],
)
def test_the_efficiency_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


# A fourth round, of efficiency papers from whole Daily Papers days never stored (issue 19).
def test_a_later_item_of_a_list_of_cuts_is_a_cut_not_a_score(catalog):
    abstract = (
        "We present a prefetcher. Experiments show that it reduces the exposed copy latency by up to 90% "
        "and the end-to-end latency by up to 45% across five LLMs and three benchmarks."
    )
    assert _own(catalog, abstract, "reduction") == [
        "up to 90% lower exposed copy latency",
        "up to 45% lower end-to-end latency",
    ]
    assert _own(catalog, abstract, "quality") == []


def test_a_higher_control_frequency_is_a_speedup(catalog):
    abstract = "We present a dual policy. It enables a 2.9 times higher control frequency on a real robot."
    assert _own(catalog, abstract, "speedup") == ["2.9×"]
    assert _own(catalog, "Our detector lowers the frequency of errors by 2.9 times.", "speedup") == []


def test_a_comparison_after_a_later_figure_s_own_verb_is_that_figure_s():
    sentence = (
        "Our method speeds up GRPO training by over 1.5x to reach the same score, and achieve a 4.1% "
        "average gain over GRPO."
    )
    start = sentence.index("1.5x")
    assert baseline(sentence, start, start + 4) == ""
    start = sentence.index("4.1%")
    assert baseline(sentence, start, start + 4) == "GRPO"
    sentence = "Our method achieves a 4.1% average gain over six math benchmarks."
    assert baseline(sentence, sentence.index("4.1%"), sentence.index("4.1%") + 4) == ""


def test_a_larger_group_beaten_named_apart_is_the_group_s(catalog):
    abstract = (
        "We present a sparse encoder. It surpasses all compared encoders on image benchmarks, including "
        "those with up to 4x more activated parameters."
    )
    assert not [value for value in _own(catalog, abstract, "scale") if "4×" in value]


def test_a_share_of_a_larger_rival_s_latency(catalog):
    abstract = "Our largest model matches the zero-shot score of a leading encoder 1.5x its size at 70% of its latency."
    assert _own(catalog, abstract, "reduction") == ["70% of the latency"]
    assert _own(catalog, abstract, "speedup") == []  # "1.5x its size" is the rival's size


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # the time a score of its sentence took comes after the score, as the little data does
        (
            "Notably, it boosts the 1.7B model from 47.1% to 57.9% on AIME 2024 in just 3 hours on 8 A100 GPUs.",
            ("quality", "57.9% (from 47.1%)"),
        ),
        # not a latency beside the score, nor a count of work done in the time, a speed
        (
            "Our model achieves a Top-1 accuracy of 79.8% on ImageNet with a latency of only 1.2 ms on a phone.",
            ("latency", "1.2 ms"),
        ),
        (
            "We can collect 100 demonstrations in 15 minutes with an almost 100% success rate.",
            ("latency", "15 minutes"),
        ),
    ],
)
def test_a_time_a_score_took_comes_after_the_score(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_percentage_signed_as_a_fall_of_a_cost_is_a_cut(catalog):
    abstract = "Our harness shows clear gains in completion (+18.5% completion rate) and cost (-42.3% token cost)."
    assert _own(catalog, abstract, "reduction") == ["42.3% lower token cost"]
    assert _own(catalog, "Accuracy ranges over 10-20% memory budgets.", "reduction") == []
    # its noun may come after two words, and a length is cut as a cost is
    abstract = "On math it gives about +3.1 points average accuracy gain with -37% average response length."
    assert _headline(catalog, abstract) == ("cost", "37% lower average response length")


# A fifth round, of efficiency papers from whole Daily Papers days never stored (issue 19).
@pytest.mark.parametrize(
    "abstract",
    [
        "We present a retriever. Distilling a 3B vision-language retriever into a small text encoder keeps 95% of it.",
        "We present a small retriever distilled bilaterally from a single 7B vision-language teacher.",
        "We split the paths: a frozen 3B VLM teacher indexes pages offline, while a distilled student encodes queries.",
    ],
)
def test_a_teacher_s_size_is_the_teacher_s(catalog, abstract):
    assert _own(catalog, abstract, "model_scale") == []


def test_a_student_in_a_while_clause_is_the_paper_s(catalog):
    abstract = "A frozen 3B teacher indexes pages offline, while a distilled student as small as 60M parameters encodes queries."
    assert _own(catalog, abstract, "model_scale") == ["60M"]


def test_a_figure_with_its_own_noun_after_a_new_predicate_is_no_cut(catalog):
    abstract = "We pair a Hopfield memory with progressive embedding compression, achieving 5.2x discriminative power."
    assert _own(catalog, abstract, "reduction") == []
    assert _own(catalog, "It reduces memory usage, achieving up to 4x in practice.", "reduction") == [
        "up to 4× reduction"
    ]


def test_a_speedup_in_counted_operations_gives_way_to_a_measured_one(catalog):
    abstract = (
        "We present a sparse attention. Experiments demonstrate that it accelerates training on longer "
        "sequences, achieving 2.5x FLOPs and 1.4x latency speedup."
    )
    assert _own(catalog, abstract, "speedup") == ["2.5×", "1.4×"]
    assert _headline(catalog, abstract) == ("speedup", "1.4×")


def test_a_cut_in_parameters_gives_way_to_a_cut_in_time_beside_it(catalog):
    abstract = "Our retriever beats a 2B baseline with 30x fewer parameters and 45x lower CPU query latency."
    assert _headline(catalog, abstract) == ("latency", "45× lower CPU query latency")
    abstract = "Our retriever keeps 95% of the baseline's score with 30x fewer parameters."
    assert _headline(catalog, abstract) == ("memory", "30× fewer parameters")


# A sixth round, of efficiency papers from whole Daily Papers days never stored (issue 19).
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # labels are data, not a model's size
        ("We expect our method trained on 2M labels to match offline RLHF trained on 2B labels.", "model_scale", []),
        # a baseline described in apposition, and another beaten "as well as" with a larger pool
        (
            "Ours also outperforms Rewrite, the leading recycling method that prompts a 70B rephraser, as well as "
            "the organic baseline with a 3x larger data pool.",
            "model_scale",
            [],
        ),
        (
            "Ours also outperforms Rewrite, the leading recycling method that prompts a 70B rephraser, as well as "
            "the organic baseline with a 3x larger data pool.",
            "scale",
            [],
        ),
        # what a task usually takes is the field's
        (
            "Experiments show that it trains at 1024 resolution using only 8 GPUs, a task typically requiring at "
            "least 32 GPUs at 256 resolution.",
            "gpu_count",
            ["8 GPUs"],
        ),
        # a gap is told as one
        ("Our study shows that naive routing leaves a 10-20% accuracy gap.", "quality", ["10–20% accuracy gap"]),
        # a setting "at a 6x horizon" is where, a model named after "on" is where too
        (
            "With a fused kernel, it reduces compute up to 3.1x on Wan 2.1 at a 6x horizon, compared to dense attention.",
            "speedup",
            [],
        ),
        ("It runs at a 2x speedup over vLLM.", "speedup", ["2×"]),
        # percentage points of a score
        ("On two reasoning suites, it improves accuracy by up to +3.1%p while skipping 4 layers.", "reduction", []),
        # a multiple of a capacity, and a gain in data efficiency
        (
            "The attention extrapolates more than 32times the training context length with high retrieval accuracy.",
            "scale",
            [">32× the training context length"],
        ),
        (
            "Our algorithm matches offline RLHF using fewer labels, representing more than a 10x gain in data efficiency.",
            "reduction",
            [">10× higher data efficiency"],
        ),
    ],
)
def test_the_sixth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_run_of_figures_pairs_with_as_many_names_after_its_comparative():
    sentence = "Our models scale 50% and 70% faster than Llama 3.2 and the best searched Transformer."
    first, second = sentence.index("50%"), sentence.index("70%")
    assert baseline(sentence, first, first + 3) == "Llama 3.2"
    assert baseline(sentence, second, second + 3) == "best searched Transformer"
    sentence = "Kite is 2x and 3x faster than vLLM on A100 and H100."
    assert baseline(sentence, sentence.index("3x"), sentence.index("3x") + 2) == "vLLM"


# A seventh round, of efficiency papers from whole Daily Papers days never stored (issue 19).
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a figure in brackets after the reduction it measures, and a marginal loss after it
        (
            "Experiments show that it achieves a significant reduction in sequence length (~40%) with only a "
            "marginal (~2%) drop in accuracy.",
            "reduction",
            ["~40% lower sequence length"],
        ),
        # a baseline's own figures in brackets, three words long
        (
            "It reaches 5.5 perplexity at 3.7GB, outperforming uniform 4 bit AWQ (5.6 at 3.9 GB) and GPTQ.",
            "memory",
            ["3.7 GB"],
        ),
        # an efficiency of tokens, named before a percentage
        (
            "Under tight budgets, it improves average token efficiency by 50%-70%.",
            "reduction",
            ["50–70% higher token efficiency"],
        ),
        # "by an average of", and a later item "on multimodal tasks", which is where it was measured
        (
            "It matches text reasoning while reducing reasoning tokens by an average of 25% on language tasks and "
            "15% on multimodal tasks.",
            "reduction",
            ["25% lower reasoning tokens", "15% reduction"],
        ),
    ],
)
def test_the_seventh_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the last round (dev40), read after its held-out score was taken.
def test_a_multiplier_s_own_gain_in_efficiency_is_a_speedup_beside_a_score(catalog):
    abstract = (
        "Our evaluation shows that it surpasses GPT-4o by up to 9% on a video benchmark and offers up to "
        "3.1x improvements in efficiency over multi-stage approaches."
    )
    assert _own(catalog, abstract, "speedup") == ["up to 3.1×"]


def test_more_than_a_rival_is_no_size(catalog):
    abstract = "Our models improve accuracy with longer thinking by 20% more than the Transformer++ on language tasks."
    assert _own(catalog, abstract, "scale") == []
    assert _own(catalog, "It trains 2x more parameters than the baseline.", "scale") == ["2× more parameters"]


# From the eighth round (dev41), read after its held-out score was taken.
def test_a_drop_in_performance_is_no_speedup_and_a_gain_in_efficiency_is(catalog):
    abstract = (
        "We present a token scorer. Pruning half of the visual tokens yields a 40% improvement in efficiency "
        "during both training and inference with only a 0.5% drop in average performance."
    )
    assert _own(catalog, abstract, "speedup") == ["40% faster"]
    assert _own(catalog, "It gives a 30% improvement in data efficiency.", "speedup") == []


def test_operations_counted_per_token_are_no_throughput(catalog):
    abstract = "We present a sparse model. It needs 3.1 GFlops of forward computation per token."
    assert _own(catalog, abstract, "throughput") == []
    assert _own(catalog, "Our kernel sustains 310 TFLOPS per GPU.", "throughput") == ["310 TFLOPS/GPU"]


def test_a_time_cut_leads_the_tokens_cut_of_its_sentence(catalog):
    abstract = (
        "We present a pruner. On a code benchmark, it reduces generated tokens by 20% and inference latency "
        "by 35% compared to the strongest baseline."
    )
    assert _headline(catalog, abstract) == ("latency", "35% lower inference latency")
    # a time cut of another sentence does not
    abstract = (
        "We present a pruner. On a code benchmark, it reduces generated tokens by 20%. A larger variant "
        "reduces inference latency by 15%."
    )
    assert _headline(catalog, abstract) == ("cost", "20% lower generated tokens")


# From the ninth round (dev42), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a dump's "$\times$2.9" that lost its backslash
        (
            "We present a sparse attention. It reaches up to times2.9 attention speedup at 64K context.",
            "speedup",
            ["up to 2.9×"],
        ),
        # a size in brackets says what the noun before it is, no scale the paper reaches
        ("We distil the small model from a large model (12x larger) via knowledge distillation.", "scale", []),
        # a plural reduction, of two things
        (
            "It gives more than 70% memory and energy reductions over the original models.",
            "reduction",
            [">70% lower memory"],
        ),
        # a change told in full before its bracketed factor
        (
            "Experiments show that it accelerates generation from 20.1 to 4.2 seconds per frame (>4times) on a benchmark.",
            "speedup",
            [">4×"],
        ),
        # a gain in a hit rate is a score's, whatever speed the sentence names
        (
            "Our recommender keeps linear inference speed and delivers over 6% improvement in Hit Rate for long histories.",
            "speedup",
            [],
        ),
    ],
)
def test_the_ninth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_cut_in_collisions_is_a_quality_result(catalog):
    abstract = "We present a planner. It reduces the collision rate by 40% compared with diffusion planners."
    assert _headline(catalog, abstract) == ("quality", "40% lower collision rate")


def test_the_start_of_a_change_is_context_even_when_it_is_a_range(catalog):
    def times(abstract: str) -> list[tuple[str, bool]]:
        return [(fact.value, fact.own) for fact in extract_facts("", abstract, catalog) if fact.kind == "latency"]

    assert times("We present X. It cuts response latency from 1 to 2 minutes to real time.") == [("2 minutes", False)]
    assert times("We present X. It cuts the job time from 30 minutes to 5 minutes.") == [
        ("30 minutes", False),
        ("5 minutes", True),
    ]


# From the metrics the earlier rounds' labels named otherwise (read after their held-out scores).
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        (
            "We present a compact format. It shows over 20x reduced storage on static scenes.",
            ("memory", ">20× lower storage"),
        ),
        (
            "We present a sparse transformer. It matches quality with a 3x reduction in parameter count.",
            ("memory", "3× lower parameter count"),
        ),
        (
            "We present an optimizer. It reaches the validation perplexity of the next best method with 30% fewer "
            "training iterations.",
            ("cost", "30% fewer training iterations"),
        ),
        (
            "We present a scheduler. It leads to energy savings, in the range of 4% to 9%.",
            ("energy", "4–9% lower energy"),
        ),
        ("We present a ranker. It beats all baselines at fixed budgets (+6% AUC).", ("quality", "+6% AUC")),
    ],
)
def test_what_a_figure_measures_by_its_own_words(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


# From the tenth round (dev43), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        ("We present a tracker. It achieves a 4times FPS compared with the base model.", "speedup", ["4×"]),
        ("We present a tracker. It achieves 2.5x higher FPS than the base model.", "speedup", ["2.5×"]),
        (
            "We present Kite. On a coding benchmark, Kite achieves a Resolve@1 performance of 48.1%, beating prior agents.",
            "quality",
            ["48.1% Resolve@1"],
        ),
    ],
)
def test_the_tenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_later_items_of_a_frugal_list_are_results(catalog):
    abstract = (
        "We present a small policy. It succeeds with only 0.3B parameters, 25.4 ms inference latency, and 1.1 GB VRAM."
    )
    assert _headline(catalog, abstract) == ("latency", "25.4 ms")


# From older rounds' misses (dev39), read after their held-out scores.
def test_an_average_gain_is_a_score_s_whatever_speed_is_near(catalog):
    abstract = (
        "We present a sampler. It outperforms GRPO, delivering higher performance and faster convergence, "
        "with a 2.5% average gain and over 1.4times speedup."
    )
    assert _own(catalog, abstract, "speedup") == [">1.4×"]
    assert _own(catalog, abstract, "quality") == ["2.5% average gain"]
    assert _own(catalog, "It yields a 12% average improvement in throughput.", "speedup") == ["12% faster"]


def test_a_dump_s_star_after_a_decimal_is_a_multiplier(catalog):
    abstract = (
        "We present a trainer. It improves efficiency: 1.7* training throughput and 4.5* environment utilization."
    )
    assert _own(catalog, abstract, "speedup")[:1] == ["1.7×"]
    assert _own(catalog, "We compare with GPT-4* and other models on 8*A100 GPUs.", "speedup") == []


def test_a_dump_s_braced_times_is_a_multiplier(catalog):
    abstract = "We present Kite. It competes with diffusion models while being up to 6{times} faster."
    assert _own(catalog, abstract, "speedup") == ["up to 6×"]


# From the eleventh round (dev44), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        (
            "We present a sparsifier. It outperforms prior methods (e.g., a thresholding one) by up to 3.1% in "
            "average performance at the same sparsity levels.",
            "quality",
            ["up to 3.1% improvement in average performance"],
        ),
        (
            "We present a protocol. It reaches up to 2x higher task accuracy with less than 12% tokens.",
            "reduction",
            ["<12% of the tokens"],
        ),
    ],
)
def test_the_eleventh_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_time_on_gpus_cut_is_a_cost(catalog):
    abstract = "We present a cascade. It matches end-to-end baselines while reducing total GPU-time by 150x."
    assert _headline(catalog, abstract) == ("cost", "150× lower total GPU-time")


# From the twelfth round (dev45), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a cut before "with minor quality degradation", and before ", and reaching a score"
        (
            "We present Kite. It matches the original model, reducing computational cost by 50times with minor "
            "quality degradation.",
            "reduction",
            ["50× lower computational cost"],
        ),
        (
            "We present Kite. It improves quality while reducing inference steps by over 8x, and reaching a "
            "benchmark score of 80.2.",
            "reduction",
            [">8× lower inference steps"],
        ),
        # a gain in brackets after what it is over
        (
            "We present Kite. Experiments demonstrate significant improvements over strong baselines (up to 19%).",
            "quality",
            ["up to 19% improvement"],
        ),
        (
            "We present Kite. It matches the baseline while using as little as 9% of the tokens.",
            "reduction",
            ["9% of the tokens"],
        ),
        # a scaling measured under is a setting
        ("We present Kite. Its data efficiency does not improve with 16x parameter scaling.", "speedup", []),
    ],
)
def test_the_twelfth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_prediction_is_no_result(catalog):
    abstract = "We present a scaling law. We predict that the optimal vocabulary should be 5 times larger than today's."
    assert _headline(catalog, abstract) is None


# From the thirteenth round (dev46), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        ("We present Kite. It lifts a 0.5B student to 61.2 pm 0.4% GSM8K pass@1.", "quality", ["61.2% pass@1"]),
        ("We present Kite. Its gains of 12% are equivalent to using 3 times pre-training data.", "speedup", []),
        (
            "We present Kite. It improves consistency by 5.1 points with negligible overhead (1.05times time, "
            "1.03times memory).",
            "speedup",
            [],
        ),
        (
            "We present Kite. It matches GRPO with only approximately 12% the training steps.",
            "reduction",
            ["~12% of the training steps"],
        ),
        (
            "We present Kite. It only requires about 35% of the original computational cost.",
            "reduction",
            ["~35% of the cost"],
        ),
    ],
)
def test_the_thirteenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the fourteenth round (dev47), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # another figure's speedup after a gain, its own word between, says nothing of the gain
        (
            "We present Kite. Kite improves 10% with about 2.5 times training speedup on the ordering task.",
            "speedup",
            ["~2.5×"],
        ),
        (
            "We present Kite. With approximately 4% trainable parameters, it keeps competitive quality.",
            "reduction",
            ["~4% of the trainable parameters"],
        ),
        (
            "We present Kite. Kite utilizes only 0.8% of the trainable parameters of the frozen backbone.",
            "reduction",
            ["0.8% of the parameters"],
        ),
        (
            "We present Kite. It requires only around 12% of the optimization steps by RLVR.",
            "reduction",
            ["~12% of the optimization steps"],
        ),
    ],
)
def test_the_fourteenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_share_of_the_computation_is_a_cost_whatever_score_it_matches(catalog):
    abstract = "We present Kite. Kite reaches the same validation loss using only 48% of the computation required."
    assert _headline(catalog, abstract) == ("cost", "48% of the computation")


# From the fifteenth round (dev48), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("We present Kite. Kite recovers 98% of frontier accuracy at 30% of API costs.", ["30% of the API costs"]),
        (
            "We present Kite. Kite surpasses full-data training while using only 40% of demonstrations.",
            ["40% of the demonstrations"],
        ),
    ],
)
def test_the_fifteenth_round(catalog, abstract, expected):
    assert _own(catalog, abstract, "reduction") == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        (
            "We present Kite. Kite achieves about 2 times the success rate over the previous model.",
            ["~2× success rate"],
        ),
        (
            "We present Kite. It achieves 4.5x higher attack success rate than prior methods.",
            ["4.5× higher attack success rate"],
        ),
        ("We present Kite. It improves the success rate by 2.3 times over the planner.", ["2.3× higher success rate"]),
        # a multiple of a speed is no score
        ("We present Kite. It achieves 3x the throughput of the serving engine.", []),
    ],
)
def test_a_multiple_of_a_success_rate_is_a_quality_result(catalog, abstract, expected):
    assert _own(catalog, abstract, "quality") == expected


# From the sixteenth round (dev49), read after its held-out score was taken.
def test_a_multiple_of_inference_speed_and_a_share_of_training_time(catalog):
    abstract = "We present Kite. It enjoys 800x inference speed while only requiring 7.5% training time."
    assert _own(catalog, abstract, "speedup") == ["800×"]
    assert _own(catalog, abstract, "reduction") == ["7.5% of the training time"]
    assert _own(catalog, "We present Kite. It matches the dense model with 30% parameters.", "reduction") == []


def test_a_condition_a_method_stays_stable_under_is_no_speedup(catalog):
    abstract = "We present Kite. It keeps training stable under staleness ratios up to 32x and fully asynchronous runs."
    assert _own(catalog, abstract, "speedup") == []


# From the seventeenth round (dev50), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a named score, a completion rate, and an increase in a score (a gain, not a level)
        (
            "We present Kite. Experiments show a notable 6.1% ImageReward score improvement.",
            "quality",
            ["6.1% ImageReward score improvement"],
        ),
        ("We present Kite. Kite achieves a 71.2% task completion rate.", "quality", ["71.2% completion rate"]),
        ("We present Kite. It achieves a 9.4% increase in accuracy.", "quality", ["9.4% increase in accuracy"]),
        # the metric after "and" is the next item's
        (
            "We present Kite. Kite achieves a detection rate of 88.1% and a verifier accuracy of 30.2%.",
            "quality",
            ["88.1% detection rate", "30.2% accuracy"],
        ),
        (
            "We present Kite. It raises the resolve rate by +4.1% and the accuracy by +1.9 points.",
            "quality",
            ["+4.1% resolve rate gain", "+1.9 points accuracy"],
        ),
        ("We present Kite. It shows more than 6% improvement on MLVU.", "quality", [">6% improvement on MLVU"]),
    ],
)
def test_the_seventeenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_concession_about_the_papers_own_model_is_no_background(catalog):
    named = "We refer to this approach as Layer Skipping Decoding (LSD)."
    facts = extract_facts(
        "", f"{named} Despite being trained on little data, an LSD model runs up to 3x faster.", catalog
    )
    assert [(fact.kind, fact.value, fact.own) for fact in facts] == [
        ("system", "LSD", True),
        ("speedup", "up to 3×", True),
    ]
    # before the paper turns to its own work, the same opening is background
    assert (
        _own(catalog, "Despite being trained on little data, LLMs reach 90% accuracy. We present Kite.", "quality")
        == []
    )


def test_a_cut_in_trajectory_error_is_a_quality_result(catalog):
    abstract = "We present Kite. It outperforms prior methods, reducing ATE on KITTI by over 60%."
    assert _headline(catalog, abstract) == ("quality", ">60% lower ATE")


# From the eighteenth round (dev51), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # "a matched setting" is no verb of matching: what follows names no baseline
        (
            "We present Kite. In a matched 4B setting it is 2.48x faster than a latent-decode counterpart.",
            "speedup",
            ["2.48×"],
        ),
        ("We present Kite. In a matched 4B setting it is 2.48x faster than a counterpart.", "model_scale", ["4B"]),
        (
            "We present Kite. It wins, with a user study winning rate of over 92% in 3D generation tasks.",
            "quality",
            [">92% winning rate"],
        ),
        (
            "We present Kite. It matches larger models while using only 16% of their decoder parameters.",
            "reduction",
            ["16% of the parameters"],
        ),
    ],
)
def test_the_eighteenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_what_a_lesser_system_scores_before_the_turn_to_the_full_one_is_context(catalog):
    def quality(abstract: str) -> list[tuple[str, bool]]:
        return [(fact.value, fact.own) for fact in extract_facts("", abstract, catalog) if fact.kind == "quality"]

    ablation = (
        "We present Kite. Kite with a minimal adapter scores only 19.1% Pass@1, whereas the full adapter reaches 73%."
    )
    assert quality(ablation) == [("19.1% Pass@1", False)]
    assert quality(
        "We present Kite. The base model achieves only 20% accuracy, whereas ours reaches 61% accuracy."
    ) == [
        ("20% accuracy", False),
        ("61% accuracy", True),
    ]
    # two results of the paper's, no lesser one: both its own
    assert quality(
        "We present Kite. It reaches 80% accuracy on A, while our full model reaches 85% accuracy on B."
    ) == [
        ("80% accuracy", True),
        ("85% accuracy", True),
    ]


# From the nineteenth round (dev52), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # what a gain costs is no cut, and a level aimed at is no figure of the paper's
        (
            "We present Kite. It reduces hallucinations by 40% at 1.06times the latency of decoding.",
            "reduction",
            ["40% lower hallucinations"],
        ),
        ("We present Kite. It serves at 3x the throughput of the engine.", "speedup", ["3×"]),
        (
            "We present Kite. It reduces the time needed to achieve a 90% ASR by 15.2%.",
            "reduction",
            ["15.2% reduction"],
        ),
        # a share of the function evaluations, and compute removed outright, are cuts; tokens removed are the means
        (
            "We present Kite. It matches diffusion models while requiring less than 40% of the NFE.",
            "reduction",
            ["<40% of the NFE"],
        ),
        ("We present Kite. Pruning them removes 20% of attention FLOPs.", "reduction", ["20% lower attention FLOPs"]),
        ("We present Kite. Even when removing 94.4% of visual tokens, it keeps its accuracy.", "reduction", []),
        (
            "We present Kite. Token consumption decreases by up to 26% while accuracy is maintained.",
            "reduction",
            ["up to 26% reduction"],
        ),
        # a gain in reliability is no speed, and the next item's figure names its own metric
        ("We present Kite. Sampling during inference improves reasoning reliability by 10--20%.", "speedup", []),
        ("We present Kite. It improves training throughput by 20% and accuracy by 5%.", "speedup", ["20% faster"]),
    ],
)
def test_the_nineteenth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_rivals_size_told_in_its_own_clause_is_the_rivals(catalog):
    abstract = (
        "We present Kite-72B. It is competitive with the open model, Llama-3-405B, which is around 5 times larger."
    )
    assert _own(catalog, abstract, "scale") == []


# From the twentieth round (dev53), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # an item with a verb of its own is no later item of a list of cuts
        (
            "We present Kite. It reduces validation bpb by 0.81%, raises the CORE metric by 38.7%, and reduces "
            "training wallclock by 4.59%.",
            "reduction",
            ["0.81% lower validation bpb", "4.59% lower training wallclock"],
        ),
        (
            "We present Kite. It reduces memory size by 84.4%, increases feedback density by 6.0 times, "
            "and cuts LLM calls by 21.1%.",
            "reduction",
            ["84.4% lower memory size", "21.1% lower LLM calls"],
        ),
        # the lengths of what a dataset holds are no time of the paper's
        ("We present KiteBench. It holds 275 videos, ranging in duration from 10 to 90 minutes.", "latency", []),
    ],
)
def test_the_twentieth_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the twenty-first round (dev54), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        (
            "We present Kite. It tunes agents, delivering 1.4times success-rate improvement on the verification task.",
            "quality",
            ["1.4× higher success rate"],
        ),
        ("We present Kite. It tunes agents, delivering 1.4times success-rate improvement.", "speedup", []),
        ("We present Kite. RL boosts interaction success rates by 4times.", "quality", ["4× higher success rates"]),
        # the window data is drawn from is no time of the paper's
        ("We present KiteBench, of facts published within the 90 days preceding its construction.", "latency", []),
    ],
)
def test_the_twenty_first_round(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_cut_in_static_analysis_warnings_is_a_quality_result(catalog):
    abstract = "We present Kite. It leads to an 11.1% reduction in static analysis warnings."
    assert _headline(catalog, abstract) == ("quality", "11.1% lower static analysis warnings")


# From the twenty-second round (dev55), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a time stated as the system's speed
        (
            "We present Kite. It beats earlier methods at an inference speed of 0.7 seconds.",
            ("latency", "0.7 s"),
        ),
        # a multiplier whose "×" the dump lost, named by a higher throughput
        (
            "We present Kite. It matches strong baselines while achieving 2.1 higher throughput than Llama-3.",
            ("speedup", "2.1×"),
        ),
        # the frame rate of the videos made is no speed of the system's
        ("We present Kite, a model that produces minute-level, 480p videos at 24 fps.", None),
    ],
)
def test_the_twenty_second_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_frame_rate_of_videos_made_on_a_gpu_or_in_real_time_is_the_systems_speed(catalog):
    assert _own(
        catalog, "We present Kite. It streams 720p video at up to 16 FPS on a single RTX 4090.", "throughput"
    ) == ["up to 16 fps"]
    assert _own(catalog, "We present Kite. It generates videos at 30 FPS in real time.", "throughput") == ["30 fps"]


def test_a_second_group_of_rivals_with_examples_of_its_own_is_context(catalog):
    abstract = (
        "We present Kite. It rivals the leading proprietary models (e.g., GPT-4o) and open-access models "
        "(e.g., Llama-3-V 405B and InternVL 2)."
    )
    assert _own(catalog, abstract, "model_scale") == []


# From the twenty-third round (dev56), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a time in milliseconds or microseconds, spelt out
        ("We present Kite. It achieves a response latency of just 195 milliseconds.", ("latency", "195 ms")),
        # a budget hedged the dumps' way, and the later item of a frugal pair
        (
            "We present Kite. It was trained from scratch using only sim 1050 H800 GPU hours.",
            ("cost", "~1050 GPU hours"),
        ),
        (
            "We present Kite. With only 7.6M parameters and 30 GPU hours to train, it recovers shapes well.",
            ("cost", "30 GPU hours"),
        ),
        # a gain in energy efficiency is no speedup
        (
            "We present Kite. It shows a 10-fold improvement in energy efficiency and a 5-fold reduction in latency.",
            ("latency", "5× lower latency"),
        ),
        # what the method adds is no result of it
        ("We present Kite. It removes all false positives with a per-turn overhead under 250 microseconds.", None),
        ("We present Kite. It removes all false positives with an overhead of only 3 ms per turn.", None),
    ],
)
def test_the_twenty_third_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # a value naming a group of prior work is theirs
        (
            "We present Kite. Our 3-bit models keep the same image quality and alignment as previous 4-bit "
            "compression techniques.",
            "precision",
            ["3-bit"],
        ),
        ("We present Kite. Unlike prior 4-bit methods, its 3-bit models keep quality.", "precision", ["3-bit"]),
        # but not the models a paper builds on
        ("We present Kite. We fine-tune existing 7B models.", "model_scale", ["7B"]),
        # a rival met "comparably" or "competitively"
        ("We present Kite-0.5B. It performs comparably to typical 7B models.", "model_scale", ["0.5B"]),
        ("We present Kite-8B. It performs competitively with Llama-70B on MMLU.", "model_scale", ["8B"]),
        # a name after the rivals that opens a clause of its own is the paper's
        (
            "We present Kite. Kite-1.5B rivals leading 7B-10B models, and Kite-0.5B performs well.",
            "model_scale",
            ["1.5B", "0.5B"],
        ),
    ],
)
def test_the_twenty_third_round_whose_value(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the twenty-fourth round (dev57), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a technical report introduces the paper's own system, as a paper does
        (
            "Renderer R synthesizes frames from world states. However, R is too expensive for real-time use. "
            "This technical report introduces R-Flash, a renderer that pushes R from 0.56 FPS to 31.54 FPS. "
            "We evaluate R-Flash on long streams.",
            ("throughput", "31.54 fps"),
        ),
        # a time saved, stated as how much sooner
        (
            "We present Kite. It has a lower latency compared to recent optimization methods, e.g., 4 seconds faster than D&B.",
            ("latency", "4 s faster"),
        ),
        (
            "We present Kite. Its processing time of 0.0780 seconds per prompt suits real-time use.",
            ("latency", "0.0780 s"),
        ),
        # the frame rate a video is read at is no speed of the system's
        ("We present Kite. It understands over 10 hours of audio and 400 seconds of 720P video (at 1 FPS).", None),
    ],
)
def test_the_twenty_fourth_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # rivals met "competitively", sized as a range, or "competed with"
        ("We present Kite-0.27B. It remains competitive with 7-12B embedding models.", "model_scale", ["0.27B"]),
        (
            "We present Kite-2.8B. It competes with efficient VLMs such as Qwen2.5-VL-7B and Gemma-3-12B-IT.",
            "model_scale",
            ["2.8B"],
        ),
        # a resource the report links at its end is no turn to the paper's work: what came before stays its own
        (
            "Improving a model means retraining it. We keep the model frozen and grow a memory beside it. "
            "Memory selection takes 1.4 microseconds. A public testbench accompanies this report.",
            "latency",
            ["1.4 µs"],
        ),
    ],
)
def test_the_twenty_fourth_round_whose_value(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the twenty-fifth round (dev58), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a time the system runs at, and one told as a median
        (
            "We present Kite. It reaches 91.0 PDMS while running at 31.8 ms average latency on NVIDIA Thor.",
            ("latency", "31.8 ms"),
        ),
        (
            "We present Kite. It generates a mesh within a median of 6 seconds, over an order of magnitude faster "
            "than autoregressive baselines.",
            ("latency", "6 s"),
        ),
        # "FLOPs" with a small "s" counts operations: no rate
        ("We present Kite. Scaling it with about 1500 EFLOPs of total compute yields further gains.", None),
    ],
)
def test_the_twenty_fifth_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        ("We present Kite. It reaches 180 TFLOPs/s on H100.", "throughput", ["180 TFLOPS"]),
        ("We present Kite. It reaches 180 TFLOPS on H100.", "throughput", ["180 TFLOPS"]),
        # rivals given by their size alone, and rivals described by what they are based on
        (
            "We present Kite-4B. It matches much larger state-of-the-art models (e.g., 34B) while being smaller.",
            "model_scale",
            ["4B"],
        ),
        (
            "We present Kite, a 700M-parameter model. It outperforms larger models based on general-purpose LLMs "
            "with over 7B parameters.",
            "model_scale",
            ["700M"],
        ),
    ],
)
def test_the_twenty_fifth_round_whose_value(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the twenty-sixth and twenty-seventh rounds (dev59, dev60), read after their held-out scores were taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a time per frame, and a GPU budget counted in thousands with a small "k"
        ("We present Kite. A compact 1.3B version runs at ~0.17 s/frame.", ("latency", "~0.17 s/frame")),
        (
            "We present Kite. It generates 5-second videos at 768p resolution and 24 FPS within 20.7k A100 GPU "
            "training hours.",
            ("cost", "20.7k GPU hours"),
        ),
        # the lengths of what a model makes are no time it takes
        ("We present Kite. It generates videos with durations ranging from 4 to 15 seconds at 720p.", None),
        # a score raised, the dumps' "$\rightarrow$" having lost its backslash
        (
            "We present Kite. It improves pass@256 from 64.1 rightarrow 70.3 (GRPO) on Qwen2.5-7B.",
            ("quality", "70.3 pass@256 (from 64.1)"),
        ),
        # the paper turns from earlier methods in the same sentence as its own figure
        (
            "We present Kite. This departs from traditional raster-scan methods, enabling the generation of "
            "1024x1024 images in just 5 seconds.",
            ("latency", "5 s"),
        ),
        # a "while" clause about the paper's own model
        (
            "We present Kite. User studies validate its workflows, while the model reaches 16 FPS on a single GPU.",
            ("throughput", "16 fps"),
        ),
    ],
)
def test_the_twenty_sixth_and_seventh_rounds(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # rivals met "equivalently", sized as a hedged multiple of the paper's
        (
            "We present Kite. Models with it perform equivalently to standard transformers with ~2X more heads.",
            "scale",
            [],
        ),
        # one earlier work of the authors'
        ("We present Kite-3B. Extending our previous 1.5B work, it reaches new highs.", "model_scale", ["3B"]),
        # a sentence opening "While the model took ..." concedes about the base model, not the paper's
        (
            "We present Kite. While the model took over 184K GPU-hours to pretrain, we unlearn in 1 GPU hour.",
            "latency",
            ["1 GPU hour"],
        ),
    ],
)
def test_the_twenty_sixth_and_seventh_rounds_whose_value(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


# From the twenty-eighth and twenty-ninth rounds (dev61, dev62), read after their held-out scores were taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a time spent training is what the result cost, not a latency
        (
            "We present Kite. It achieves strong results using only 91K synthetic samples and 6 hours of training "
            "on an 8 A800-GPU machine.",
            ("cost", "6 hours"),
        ),
        ("We present Kite. It answers with a latency of only 40 ms.", ("latency", "40 ms")),
        ("We present Kite, a training-free method with a latency of only 40 ms.", ("latency", "40 ms")),
        # a plain score, its benchmark named elsewhere
        (
            "We present Kite. On the MMEB-V2 benchmark our model achieves a score of 71.2 with only 4B parameters.",
            ("quality", "71.2 score"),
        ),
        # a speedup whose "×" was lost, with a word between; a rate in "TPS"
        ("We present Kite. Pipelined inference yields a 1.8 wall-clock speedup.", ("speedup", "1.8×")),
        ("We present Kite. On coding tasks it attains 892 TPS on HumanEval+.", ("throughput", "892 tokens/s")),
        # a codec's frame rate is no speed
        ("We present Kite, a tokenizer that compresses 24 kHz audio to 12.5 fps.", None),
    ],
)
def test_the_twenty_eighth_and_ninth_rounds(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_score_on_a_named_benchmark_keeps_its_name(catalog):
    abstract = "We present Kite. It achieves a score of 85.43 on the VBench T2V benchmark."
    assert _own(catalog, abstract, "quality") == ["85.43 on VBench T2V"]


@pytest.mark.parametrize(
    ("abstract", "kind", "expected"),
    [
        # later rivals of a list: one after what it is, one named in lower case
        (
            "We present Kite. It achieves a FID of 0.079, outperforming the GPT-type model T2M-GPT (FID = 0.116) "
            "and the BERT-type model MMM (FID = 0.080).",
            "quality",
            ["0.079 FID"],
        ),
        ("We present Kite-10B. It surpasses Apertus-8B-2509 and gemma-2-9b in Bavarian.", "model_scale", ["10B"]),
        # the teacher data was distilled from is not the paper's model, a model distilled from another may keep its size
        (
            "We present KiteData, a dataset whose reasoning annotations are distilled from Qwen3-VL-235B-A22B.",
            "model_scale",
            [],
        ),
        ("We present Kite. Our top model, distilled from Llama3-8B-Instruct, rivals GPT-4.", "model_scale", ["8B"]),
    ],
)
def test_the_twenty_eighth_and_ninth_rounds_whose_value(catalog, abstract, kind, expected):
    assert _own(catalog, abstract, kind) == expected


def test_a_signed_margin_in_brackets_after_a_rival_is_the_papers_even_among_examples(catalog):
    abstract = (
        "We present Kite. It significantly outperforms leading closed models including GPT-5 (+314.2%) and "
        "Gemini-3-Flash (+111.6%)."
    )
    assert _own(catalog, abstract, "quality") == ["+314.2%", "+111.6%"]
    assert _headline(catalog, abstract) == ("quality", "+314.2%")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # the little data a result was had with is a cost, and a headline when the paper states no other
        (
            "We present Kite. With only 390M image-text examples, it develops visual perception from scratch.",
            ("cost", "390M image-text examples"),
        ),
        ("We present Kite. It sets a new standard using only 2.2k trajectories.", ("cost", "2.2k trajectories")),
        # any other result comes first, even one stated as a technique is introduced
        (
            "We present Kite, trained on just 0.4B tokens. We develop a kernel that achieves speedups of up to 9x "
            "over FlashAttention-3.",
            ("speedup", "up to 9×"),
        ),
        # tokens an image is encoded in are no training data, nor is what a cut leaves
        ("We present Kite. Despite using only 128 tokens, it yields strong reconstructions.", None),
        ("We present Kite. An image can be reduced to just 32 discrete tokens.", None),
        ("We present Kite. It needs only 4 samples per prompt.", None),
        # and the few arithmetic operations an algorithm needs
        ("We discover a new 4x4x5 scheme requiring only 76 multiplications.", ("cost", "76 multiplications")),
        ("We present a rank-23 scheme with only 61 scalar additions.", ("cost", "61 scalar additions")),
    ],
)
def test_the_little_data_a_result_was_had_with(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_score_after_an_impressive_or_a_showcase_is_a_level_reached(catalog):
    abstract = "We present Kite-3B. It outperforms most 7B models, with an impressive 55.1 on LongVideoBench."
    assert _headline(catalog, abstract) == ("quality", "55.1 on LongVideoBench")
    abstract = "We present Kite-72B. It showcases remarkable performance: 84.2 on MMLU and 37.9 on GPQA."
    assert _own(catalog, abstract, "quality") == ["84.2 on MMLU", "37.9 on GPQA"]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a benchmark raised in points, and two bare scores set side by side with their metric
        (
            "We present Kite. It gives broad gains, improving SWE-bench Verified from 43.0 to 64.4 points.",
            ("quality", "64.4 points on SWE-bench Verified (from 43.0)"),
        ),
        (
            "We present Kite. It significantly outperforms open-weight models like Qwen3-VL (35.5 vs 29.6 accuracy "
            "on video counting).",
            ("quality", "35.5 accuracy (vs 29.6)"),
        ),
        # a fall in points is no gain
        ("We present Kite. Its reruns improve SWE-bench Verified from 64.4 to 43.0 points.", None),
    ],
)
def test_scores_raised_in_points_and_set_against_a_rivals(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


# From the thirtieth round (dev63, papers in the digest's topics), read after its held-out score was taken.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a later figure of the sentence said to be end-to-end is the whole work's, the first a part's
        (
            "We present Kite. Results show that Kite reduces the non-overlapped execution latency by up to 99.9% "
            "and the end-to-end latency by up to 55%.",
            ("latency", "up to 55% lower end-to-end latency"),
        ),
        # not when one "end-to-end" follows both: it is the condition of each
        (
            "We present Kite. Kite delivers 2.1 times and 2.3 times end-to-end speedups for video generation "
            "and editing, respectively.",
            ("speedup", "2.1×"),
        ),
        # nor when it is the first figure's own: "10x end-to-end acceleration while ..."
        (
            "We present Kite. Kite achieves 10x end-to-end acceleration while keeping quality within a 1% gap.",
            ("speedup", "10×"),
        ),
    ],
)
def test_the_thirtieth_round(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_shortfall_in_percent_is_no_speedup_and_tera_operations_no_score(catalog):
    kept = "We present Kite. Kite achieves 10x acceleration while keeping OneIG within a 1% gap of the original."
    assert _own(catalog, kept, "speedup") == ["10×"]
    rate = "We present Kite. Our implementation achieves 1038 TOPS on RTX5090."
    assert _own(catalog, rate, "throughput") == ["1038 TOPS"] and _own(catalog, rate, "quality") == []


def test_a_gain_in_speed_beats_a_gain_in_utilization_beside_it(catalog):
    # From the thirty-first round (dev64): a resource kept busier is what the speed beside it is for.
    abstract = (
        "We present Kite. The design significantly improves system efficiency: 1.6*GPU utilization for rollout, "
        "1.9* training throughput, and 5.5* environment utilization."
    )
    assert _headline(catalog, abstract) == ("speedup", "1.9×")
    alone = "We present Kite. Kite reaches 1.6x higher GPU utilization."
    assert _headline(catalog, alone) == ("speedup", "1.6× higher GPU utilization")


def test_a_quality_kept_right_after_a_figure_is_no_score_of_it(catalog):
    # From a second reading of the store's headlines: "..., maintaining accuracy within 5%" is what
    # the gain in speed costs, not what the multiplier measures.
    kept = (
        "We present Kite. Its models achieve a memory reduction of 4x-5.7x and a token-throughput improvement "
        "of 2.7x-3.4x, maintaining accuracy within 5% of the original models."
    )
    assert _own(catalog, kept, "speedup") == ["2.7–3.4×"]
    assert _headline(catalog, kept) == ("speedup", "2.7–3.4×")
    # A score named right after the figure is still its own: "3.4x in accuracy" is no speedup.
    scored = "We present Kite. Kite improves by 3.4x in accuracy over the baseline."
    assert _own(catalog, scored, "speedup") == []


def test_of_figures_told_respectively_the_one_said_end_to_end_is_the_headline(catalog):
    abstract = (
        "We present Kite. Kite reduces rollout and end-to-end latency by up to 19.6% and 12.7%, respectively, "
        "over an accelerated baseline."
    )
    assert _headline(catalog, abstract) == ("latency", "12.7% lower end-to-end latency")
    # Told in one clause each, with no end-to-end, the first stated stays the headline.
    both = "We present Kite. Kite reduces rollout latency by 19.6% and queueing latency by 12.7%."
    assert _headline(catalog, both) == ("latency", "19.6% lower rollout latency")
    # "end-to-end" names the figure it stands before, not one stated after another figure.
    later = (
        "We present Kite. Kite gives a 1.67x speedup and cuts median end-to-end latency by 40% while its "
        "cache achieves a 30.6x speedup on cache hits."
    )
    assert _headline(catalog, later) == ("speedup", "1.67×")


def test_a_later_gain_said_to_be_of_the_end_to_end_speedup_is_the_whole_work_s(catalog):
    """A part's speedup first, the whole's after it, "end-to-end" only after the second figure."""
    abstract = (
        "We propose a low-rank drafter head. It achieves 4-5x acceleration over the standard head while keeping "
        "acceptance length, surpassing existing methods by up to 8-9% of the end-to-end speedup."
    )
    assert _headline(catalog, abstract) == ("speedup", "up to 8–9% faster")
    one_figure = "We propose a drafter head. It achieves 4-5x acceleration over the standard head."
    assert _headline(catalog, one_figure) == ("speedup", "4–5×")


def test_total_training_memory_is_the_whole_and_the_optimizer_s_share_a_part(catalog):
    abstract = (
        "We propose a projection of gradients. It reduces memory usage by up to 65.5% in optimizer states. Its 8-bit "
        "variant further reduces optimizer memory by up to 82.5% and total training memory by 63.3%, compared to a "
        "BF16 baseline."
    )
    assert _headline(catalog, abstract) == ("memory", "63.3% lower total training memory")
    alone = "We propose a projection of gradients. It reduces memory usage by up to 65.5% in optimizer states."
    assert _headline(catalog, alone) == ("memory", "up to 65.5% lower memory usage")


# A cut in a flaw of what a model says or knows is a score, not a saving: it no longer outranks the
# accuracy gain stated before it, and its metric is quality.
@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        (
            "We present a tokenizer. It reduces WER by up to 12.5%, WIL by 8.1%, and improves speech quality by 4.2%.",
            ("quality", "up to 12.5% lower WER"),
        ),
        (
            "Our method raises accuracy by 9% and cuts average leakage by 3x over device-cloud baselines.",
            ("quality", "9% accuracy gain"),
        ),
        (
            "We present a merging method. It reduces knowledge interference by up to 40% compared to existing approaches.",
            ("quality", "up to 40% lower knowledge interference"),
        ),
        ("Fine-tuned on our data, the model gives 12% fewer over-refusals.", ("quality", "12% fewer over-refusals")),
        ("Our approach reduces catastrophic forgetting by 20%.", ("quality", "20% lower catastrophic forgetting")),
    ],
)
def test_a_cut_in_a_flaw_is_a_quality_result(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_fewer_parameters_lead_over_fewer_epochs_stated_after(catalog):
    # both count work, so the first stated leads; a measured cut in time beside them still wins
    abstract = "Our adapter matches the state of the art with 6x fewer parameters and 2x fewer training epochs."
    assert _headline(catalog, abstract) == ("memory", "6× fewer parameters")
    abstract = "Our adapter matches the state of the art with 6x fewer parameters and 2x lower inference latency."
    assert _headline(catalog, abstract) == ("latency", "2× lower inference latency")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # the size of the data read or trained on counts work, as tokens do: a cost, not memory held
        (
            "Our selector can reduce the fine-tuning data size by up to 60% without compromising performance.",
            ("cost", "up to 60% lower fine-tuning data size"),
        ),
        (
            "Our agent matches strong baselines while reducing observation size by over 40%.",
            ("cost", ">40% lower observation size"),
        ),
        # a model's or a cache's size is still memory
        ("Our method cuts the KV cache size by 50%.", ("memory", "50% lower KV cache size")),
    ],
)
def test_a_size_of_data_is_a_cost(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a gain its own words call an acceleration or a speedup, whatever latency its clause names
        (
            "Our distillation method generates high-quality audio, accelerating the base model by 8-12x "
            "(300 ms latency for 30 seconds of stereo audio).",
            ("speedup", "8–12×"),
        ),
        (
            "Our method reaches 0.7s and 0.9s latency with 7.5x and 5.5x speedup on A100.",
            ("speedup", "7.5×"),
        ),
        ("Our method cuts the time-to-first-token latency by 3x.", ("latency", "3× lower time-to-first-token latency")),
    ],
)
def test_a_gain_called_a_speedup_beside_a_latency(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # the length of what a model makes is a scale it reaches, no time it takes
        (
            "Scaled up, our method is capable of generating videos up to 3 minutes, more than 20x longer than "
            "its baseline model.",
            ("scale", "up to 3 minutes"),
        ),
        (
            "Our model directly generates expressive, multilingual songs up to 4 minutes in a single run.",
            ("scale", "up to 4 minutes"),
        ),
        # the time it takes to make them stays a latency
        ("Our model generates 5-second video clips within 3 seconds.", ("latency", "3 s")),
    ],
)
def test_the_length_of_what_a_model_makes_is_a_scale(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_figure_of_a_technique_introduced_by_name(catalog):
    # the technique's name between "we develop" and "which" keeps its figure a component's
    abstract = (
        "Our training method improves reliability at test time by up to 35% compared to normal training. "
        "In addition, we develop a detection metric, Fast Spectral Score (FSS), which approximates the "
        "original score in 3x speed."
    )
    assert _headline(catalog, abstract) == ("quality", "up to 35% improvement")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a share of the parameters trained or activated is work done, a cost; a smaller model is memory
        (
            "Our model activates only 40% of parameters while matching the dense model.",
            ("cost", "40% of the parameters"),
        ),
        (
            "Our adapter, utilizing only 0.5% of the trainable parameters of the frozen backbone, achieves large gains.",
            ("cost", "0.5% of the parameters"),
        ),
        ("Our student matches the teacher using less than 5% of its parameters.", ("memory", "<5% of the parameters")),
    ],
)
def test_a_share_of_parameters_trained_or_activated_is_a_cost(catalog, abstract, expected):
    assert _headline(catalog, abstract) == expected


def test_a_figure_right_after_vs_is_the_baselines(catalog):
    abstract = (
        "Our method reduces unsafe generations to 12.5% (vs. 40.2% for the base model) while raising "
        "alignment from 60.1% to 65.3%."
    )
    assert _headline(catalog, abstract) == ("quality", "65.3% (from 60.1%)")
