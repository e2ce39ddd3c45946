"""Fact extraction on real abstracts (tests/fixtures/abstracts.yaml, copied from the dumps)."""

from __future__ import annotations

import re

import pytest

from digest.derive.facts import SENTENCE_RULES, Fact, extract_facts
from digest.derive.facts.base import Sentence
from digest.derive.facts.headline import Headline, machine_headline
from digest.derive.facts.system import find_system
from digest.fact_kinds import ORDER
from digest.text.sentences import split_sentences


@pytest.fixture(scope="module")
def facts_of(papers, catalog):
    """facts_of("cuda_l1") -> the extracted facts of that fixture paper."""
    cache: dict[str, list[Fact]] = {}

    def extract(key: str) -> list[Fact]:
        if key not in cache:
            cache[key] = extract_facts(papers[key]["title"], papers[key]["abstract"], catalog)
        return cache[key]

    return extract


def headline(facts: list[Fact]) -> str | None:
    """The machine's headline as a table shows it."""
    found = machine_headline(facts)
    return found.text if found else None


def own_values(facts: list[Fact], kind: str) -> list[str]:
    """The values of a kind shown as the paper's (not context)."""
    return [fact.value for fact in facts if fact.kind == kind and fact.own]


def values(facts: list[Fact], kind: str) -> list[str]:
    return [fact.value for fact in facts if fact.kind == kind]


# ------------------------------------------------------------------- whole papers


def test_cuda_l1(facts_of):
    facts = facts_of("cuda_l1")
    assert values(facts, "system") == ["CUDA-L1"]
    assert values(facts, "hardware") == ["A100", "H100", "RTX 3090", "L40", "H800", "H20"]
    # "x17.7", "x449", "x17.8 on H100", ...: the prefix form of a multiplier.
    assert values(facts, "speedup") == ["17.7×", "449×", "17.8×", "19.0×", "16.5×", "14.7×", "13.9×"]
    assert values(facts, "gpu_count") == []
    assert headline(facts) == "17.7× speedup (A100)"


def test_fuyou_100b_on_a_single_gpu(facts_of):
    facts = facts_of("fuyou")
    assert values(facts, "system") == ["Fuyou"]
    assert values(facts, "hardware") == ["RTX 4090"]
    # "on a Single GPU" in the title; the "4090" of "RTX 4090 GPU" is not a count.
    assert values(facts, "gpu_count") == ["1 GPU"]
    assert values(facts, "model_scale") == ["100B", "175B", "13B"]
    assert values(facts, "throughput") == ["156 TFLOPS", "45 TFLOPS"]
    assert headline(facts) == "156 TFLOPS (RTX 4090)"  # not ZeRO-Infinity's 45 TFLOPS


def test_fastattention(facts_of):
    facts = facts_of("fastattention")
    assert values(facts, "system") == ["FastAttention"]
    assert values(facts, "gpu_count") == ["8 GPUs"]
    assert values(facts, "model_scale") == ["7B", "38B"]
    assert values(facts, "speedup") == ["10.7×", "up to 5.16×", "1.43×", "1.46×"]


def test_melange_latex_name_and_cost_reduction(facts_of):
    facts = facts_of("melange")
    assert values(facts, "system") == ["Mélange"]
    assert values(facts, "reduction") == ["up to 77% lower deployment costs"]
    assert values(facts, "code") == ["https://github.com/tyler-griggs/melange-release"]
    assert values(facts, "hardware") == []
    assert headline(facts) == "up to 77% lower deployment costs vs single GPU type"


def test_hspi_name_inside_textbf(facts_of):
    facts = facts_of("hspi")
    assert values(facts, "system") == ["HSPI"]
    assert values(facts, "hardware") == ["H100"]
    assert own_values(facts, "hardware") == []  # "served using an NVIDIA H100": the problem, not the paper's setup
    assert headline(facts) == "83.9% accuracy"  # its own result is an accuracy


def test_predictable_scale_gpu_hours_are_not_a_gpu_count(facts_of):
    facts = facts_of("predictable_scale")
    assert values(facts, "system") == []  # "Predictable Scale: Part I" names no system
    assert values(facts, "hardware") == ["H800"]
    assert values(facts, "gpu_count") == []  # "one million NVIDIA H800 GPU hours"
    assert values(facts, "model_scale") == []  # "100 trillion tokens" is data, not parameters
    assert values(facts, "code") == ["https://step-law.github.io/"]


def test_hopper_benchmark(facts_of):
    facts = facts_of("hopper_benchmark")
    assert values(facts, "system") == []
    assert values(facts, "hardware") == ["Hopper", "Ada Lovelace", "Ampere"]
    assert values(facts, "precision") == ["FP8"]


def test_gemm_on_ada_lovelace(facts_of):
    facts = facts_of("gemm_ada")
    assert values(facts, "system") == []  # "Understanding ...: A ..." is not a name
    assert values(facts, "hardware") == ["Ada Lovelace", "RTX 4070"]
    assert values(facts, "speedup") == ["up to 3.2×"]  # and not the "16x16" tile size
    assert values(facts, "reduction") == ["22% lower power consumption"]
    assert values(facts, "code") == ["https://github.com/pavlyhalim/GPPerf"]  # "[...]." stripped
    assert headline(facts) == "up to 3.2× speedup vs baseline configurations"


def test_triforce_glued_times(facts_of):
    facts = facts_of("triforce")
    # "achieving up to 2.31times", "attains 7.78times", "performs 4.86times"
    assert values(facts, "speedup") == ["up to 2.31×", "7.78×", "4.86×"]
    assert values(facts, "hardware") == ["A100", "RTX 4090"]
    assert values(facts, "gpu_count") == ["2 GPUs", "1 GPU"]  # "two RTX 4090 GPUs", "a single RTX 4090 GPU"
    assert values(facts, "model_scale") == ["7B"]  # Llama2-7B-128K
    assert headline(facts) == "up to 2.31× speedup (A100)"


def test_amd_platform(facts_of):
    facts = facts_of("amd_platform")
    assert values(facts, "hardware") == ["MI300X"]
    assert values(facts, "system") == []
    # "760M active" is not counted: a bare "M" is too often a length or a dataset size.
    assert values(facts, "model_scale") == ["8.3B", "4B", "12B", "8B"]


def test_glm_130b(facts_of):
    facts = facts_of("glm_130b")
    assert values(facts, "system") == ["GLM-130B"]
    assert values(facts, "hardware") == ["RTX 3090", "RTX 2080 Ti"]
    # "4timesRTX 3090 (24G) or 8timesRTX 2080 Ti (11G) GPUs": counts, not speedups.
    assert values(facts, "gpu_count") == ["4 GPUs", "8 GPUs"]
    assert values(facts, "speedup") == []
    assert values(facts, "precision") == ["INT4"]


# Values that belong to someone else, once locked in as expected: the truth, expected to fail
# until the facts rewrite (issue 19) tells the paper's own values from background and baselines.
@pytest.mark.xfail(
    strict=False,
    reason="issue 19: Ampere and Hopper are what FlashAttention runs on (background), "
    "not the hardware FastAttention is built for",
)
def test_fastattention_hardware_is_its_own(facts_of):
    assert values(facts_of("fastattention"), "hardware") == ["Ascend", "Volta", "V100"]


@pytest.mark.xfail(
    strict=False, reason="issue 19: GPT-3 175B, OPT-175B, BLOOM-176B and ERNIE 260B are baselines, not GLM-130B's scale"
)
def test_glm_130b_scale_is_its_own(facts_of):
    assert values(facts_of("glm_130b"), "model_scale") == ["130B", "100B"]


def test_dovetail(facts_of):
    facts = facts_of("dovetail")
    assert values(facts, "system") == ["Dovetail"]
    assert values(facts, "hardware") == []  # "CPU/GPU" are kinds, not products
    assert values(facts, "speedup") == ["~2.77×"]
    assert values(facts, "throughput") == ["5.86 tokens/s", "8 tokens/s"]


def test_streamdiffusion(facts_of):
    facts = facts_of("streamdiffusion")
    assert values(facts, "hardware") == ["RTX 4090", "RTX 3060"]
    assert values(facts, "gpu_count") == ["1 GPU"]  # "on one RTX4090"
    assert values(facts, "throughput") == ["up to 91.07 fps"]  # "up-to 91.07fps": the hedge kept
    assert values(facts, "speedup") == ["~1.5×", "up to 2.05×", ">59.56×"]
    assert values(facts, "reduction")[0] == "2.39× lower energy consumption"


def test_cudaforge_gpu_hours_are_not_counts(facts_of):
    facts = facts_of("cudaforge")
    assert values(facts, "gpu_count") == ["1 GPU"]  # "one RTX6000", not "6 H100 hours"
    assert values(facts, "speedup") == ["1.68×"]


def test_zero_infinity_sizes_are_not_speedups(facts_of):
    facts = facts_of("zero_infinity")
    # "grown over 1000x", "grown by 5x": growth of models and memory, not results.
    assert values(facts, "speedup") == []
    assert values(facts, "gpu_count") == ["800 GPUs", "512 GPUs"]
    assert own_values(facts, "gpu_count") == ["512 GPUs"]  # 800 GPUs is the motivation's
    # "1T" is kept where the paper's own sentence states it, after "10T+".
    assert values(facts, "model_scale") == ["100B+", "10T+", "1T"]
    assert own_values(facts, "model_scale") == ["10T+", "1T"]
    assert values(facts, "throughput") == [">25 PFLOPS"]  # "over 25 petaflops"


def test_frontier_gcds(facts_of):
    facts = facts_of("frontier_scaling")
    assert values(facts, "hardware") == ["Frontier"]
    assert values(facts, "gpu_count") == ["384 GCDs"]
    assert values(facts, "speedup") == ["1.71×"]


def test_nexus_reductions_keep_their_metric(facts_of):
    facts = facts_of("nexus")
    assert values(facts, "system") == ["Nexus"]  # "Nexus:Proactive ..." with no space
    assert values(facts, "speedup") == ["up to 2.2×", "up to 2×"]
    assert values(facts, "reduction") == ["20× lower TTFT", "2.5× lower TBT"]


def test_galore_reductions_and_precision(facts_of):
    facts = facts_of("galore")
    assert values(facts, "system") == ["GaLore"]  # "Gradient Low-Rank Projection (GaLore)"
    assert values(facts, "precision") == ["8-bit", "BF16"]
    assert values(facts, "reduction") == [
        "up to 65.5% lower memory usage",
        "up to 82.5% lower optimizer memory",
        "63.3% lower total training memory",
    ]


def test_papers_without_facts_of_a_kind(facts_of):
    for key in ("concur", "harry_potter"):
        facts = facts_of(key)
        assert values(facts, "hardware") == [], key
        assert values(facts, "speedup") == [], key
    assert values(facts_of("harry_potter"), "system") == []


# ------------------------------------------------------------------ invariants


def test_facts_quote_their_sentence_verbatim_in_kind_order_without_duplicates(papers, facts_of):
    for key, paper in papers.items():
        facts = facts_of(key)
        sentences = [paper["title"], *split_sentences(paper["abstract"])]
        for fact in facts:
            assert fact.sentence in sentences, (key, fact)
            assert not fact.curated
        kinds = [ORDER[fact.kind] for fact in facts]
        assert kinds == sorted(kinds), key
        pairs = [(fact.kind, fact.value) for fact in facts]
        assert len(pairs) == len(set(pairs)), key


# Sentences of the kinds the fixture abstracts state none of (energy, cost).
MORE_EXAMPLES = ["Training it draws 300 W and costs only $630K.", "We offload the optimizer states to CPU memory."]


def test_each_sentence_rule_finds_only_the_kinds_it_is_registered_with(papers, catalog):
    """SENTENCE_RULES says which rule finds which kind; a rule that found another would give a
    kind two rules, or one the table lacks."""
    texts = [text for paper in papers.values() for text in [paper["title"], *split_sentences(paper["abstract"])]]
    texts += MORE_EXAMPLES  # a new kind's example goes here if no fixture abstract states one
    found: set[str] = set()
    for text in texts:
        sentence = Sentence(text, catalog.find(text))
        for kinds, rule in SENTENCE_RULES:
            for kind, *_ in rule(sentence):
                assert kind in kinds, (rule, text)
                found.add(kind)
    missing = set(ORDER) - {"system"} - found
    assert not missing, f"no example sentence states {sorted(missing)}: add one to MORE_EXAMPLES"


def test_each_value_marks_the_words_it_was_read_from(papers, facts_of):
    """The paper page highlights `sentence[span]`: it must be the words the value came from."""
    digits = lambda text: re.sub(r"\D", "", text)  # noqa: E731 ("1,024 GPUs" is read from "1024 GPUs")
    for key in papers:
        for fact in facts_of(key):
            assert fact.span is not None, (key, fact)
            marked = fact.sentence[fact.span[0] : fact.span[1]]
            assert marked and marked == marked.strip(), (key, fact, marked)
            if fact.kind == "system":
                assert marked == fact.value, (key, fact)
            elif fact.kind == "code":
                assert fact.value.endswith(marked), (key, fact)
            number = re.search(r"\d[\d,.]*\d|\d", fact.value)
            counted_in_words = fact.kind == "gpu_count" and marked[0].isalpha()  # "two RTX 4090"
            if number and fact.kind != "hardware" and not counted_in_words and re.search(r"\d", marked):
                assert digits(number.group()) in digits(marked), (key, fact, marked)


def test_extraction_is_deterministic(papers, catalog):
    paper = papers["cuda_l1"]
    assert extract_facts(paper["title"], paper["abstract"], catalog) == extract_facts(
        paper["title"], paper["abstract"], catalog
    )


def test_fact_is_frozen():
    fact = Fact("hardware", "H100", "On an H100.")
    with pytest.raises(AttributeError):
        fact.value = "A100"


# --------------------------------------------------------------------- sentences


def test_split_sentences_keeps_abbreviations_and_decimals():
    text = (
        "Current SOTA models (e.g. R1, o1) achieve low rates. Prior work (Smith et al. 2023) "
        "reports 2.31x vs. 1.5x and 76.9 Avg. F1. Results differ, i.e. A wins! Does it? Yes."
    )
    assert split_sentences(text) == [
        "Current SOTA models (e.g. R1, o1) achieve low rates.",
        "Prior work (Smith et al. 2023) reports 2.31x vs. 1.5x and 76.9 Avg. F1.",
        "Results differ, i.e. A wins!",
        "Does it?",
        "Yes.",
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a sentence may start with a name in lower then upper case
        (
            "It can be further optimized by gradient descent. nnAudio reduces the conversion time.",
            ["It can be further optimized by gradient descent.", "nnAudio reduces the conversion time."],
        ),
        # or, as the dumps keep LaTeX, with a macro naming the system or a comment's "%", which is no
        # word of the sentence it stands before (the page would show it opening the sentence)
        (
            "It incurs engineering overhead for end-to-end omni-modal training. % We present \\veomni, a framework. "
            "\\veomni introduces model-centric recipes. % Using \\veomni, a 30B model trains on 128 GPUs.",
            [
                "It incurs engineering overhead for end-to-end omni-modal training.",
                "We present \\veomni, a framework.",
                "\\veomni introduces model-centric recipes.",
                "Using \\veomni, a 30B model trains on 128 GPUs.",
            ],
        ),
        # a period the dump glued to the next sentence ends one too
        (
            "It surpasses OpenAI-o3 and Kevin on KernelBench.Beyond accuracy and speed, it generalizes.",
            ["It surpasses OpenAI-o3 and Kevin on KernelBench.", "Beyond accuracy and speed, it generalizes."],
        ),
        # and so does one after a time's unit
        ("It answers in 2 s. We release it.", ["It answers in 2 s.", "We release it."]),
        # but not a dotted name, a URL, a version, an abbreviation or a decimal
        (
            "It subclasses torch.nn.Module as in Fig. 3 (see github.com/org/Repo.Name) and vLLM v0.6.Its "
            "gain is 2.31x, as Smith et al.Also show. vs. it.",
            [
                "It subclasses torch.nn.Module as in Fig. 3 (see github.com/org/Repo.Name) and vLLM v0.6.Its "
                "gain is 2.31x, as Smith et al.Also show. vs. it."
            ],
        ),
    ],
)
def test_split_sentences_finds_the_starts_the_dumps_write(text, expected):
    assert split_sentences(text) == expected


def test_split_sentences_on_a_real_abstract(papers):
    sentences = split_sentences(papers["cuda_l1"]["abstract"])
    assert sentences[1] == (
        "While recent advances in LLMs show promise for code generation, current SOTA "
        "models (e.g. R1, o1) achieve low success rates in improving CUDA speed."
    )
    assert " ".join(sentences) == papers["cuda_l1"]["abstract"]


# ------------------------------------------------------------------- system names


@pytest.mark.parametrize(
    "title, abstract, expected",
    [
        ("Nexus:Proactive Intra-GPU Disaggregation", "", "Nexus"),
        ("FlashAttention-2: Faster Attention", "", "FlashAttention-2"),
        ("3DGS-LM: Faster Gaussian-Splatting Optimization", "replacing ADAM with Levenberg-Marquardt (LM).", "3DGS-LM"),
        ("2BP: 2-Stage Backpropagation", "", "2BP"),
        ("4-bit: Quantized Serving", "", None),
        ("2024: A Year of Serving", "", None),
        ("Towards Efficient Serving: A Study", "", None),
        ("Understanding GEMM Performance on NVIDIA Ada Lovelace: A Machine Learning-Based Approach", "", None),
        ("Predictable Scale: Part I -- Optimal Hyperparameter Scaling Law", "We study scaling.", None),
        (
            "DeepSpeed Inference: Enabling Efficient Inference",
            "We present DeepSpeed Inference, a system.",
            "DeepSpeed Inference",
        ),
        ("Cost Efficient Serving", "We then present M\\'elange, a framework for GPUs.", "Mélange"),
        (
            "Platform Inference",
            "we introduce \\textbf{hardware and software platform inference (HSPI)} -- a method.",
            "HSPI",
        ),
        (
            "Give Me FP32 or Give Me Death?",
            "We develop a lightweight inference pipeline, dubbed LayerCast, that stores.",
            "LayerCast",
        ),
        ("Offloading", "we propose a novel framework, called pipelined offloading (PIPO), for inference.", "PIPO"),
        ("Unlearning", "In this paper, we propose a novel technique for unlearning a subset of the data.", None),
        ("Serving", "We introduce a virtual machine (VM) designed for GPUs.", None),
        ("Faster Diffusion", "We turn this observation into VSA, a trainable sparse attention.", "VSA"),
        # a spaced hyphen sets the name off as a dash does
        ("Dialogue Generation", "We introduce DiaSynth - a synthetic dialogue generation framework.", "DiaSynth"),
        ("Dialogue Generation", "We introduce high-quality data - in bulk.", None),
        # named in passing as the paper's own, with no verb that introduces it
        ("Long Context", "At 3B, our method (TTT-E2E) scales with context length as full attention does.", "TTT-E2E"),
        ("Long Context", "Our model (LLM) is trained on web text.", None),
    ],
)
def test_system_name(title, abstract, expected):
    found = find_system(title, split_sentences(abstract))
    assert (found[0] if found else None) == expected


def test_a_sentence_naming_the_system_named_in_passing_is_the_paper_s(catalog):
    abstract = (
        "We recast long-context modeling as continual learning. For 3B models, our method (TTT-E2E) scales with "
        "context length as full attention does. However, like RNNs, TTT-E2E has constant latency, making it 2.7 "
        "times faster than full attention at 128K context."
    )
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == ("speedup", "2.7×")


# ------------------------------------------------------------- single-sentence rules


def facts_in(catalog, sentence: str, kind: str) -> list[str]:
    return values(extract_facts("", sentence, catalog), kind)


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("We train on a single A100 node (8 GPUs).", ["8 GPUs"]),  # the node is no GPU
        ("We serve a 70B model on $60 GPUs.", []),  # a price
        ("We evaluate on two GPU targets.", []),  # kinds of hardware
        ("We use a 32 GPU cluster and two A100 servers with 16 GPUs.", ["32 GPUs", "16 GPUs"]),
    ],
)
def test_gpu_counts_count_devices(catalog, sentence, expected):
    assert values(extract_facts("A title", f"We propose Kite. {sentence}", catalog), "gpu_count") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It achieves a 2.31x speedup.", ["2.31×"]),
        ("It achieves a 2.31× speedup.", ["2.31×"]),
        ("It is 2.31 times faster.", ["2.31×"]),
        ("It achieves up to 2.31times on an A100 GPU.", ["up to 2.31×"]),
        ("It delivers an average speedup of x17.7 over PyTorch.", ["17.7×"]),
        ("It outperforms CUDA by a factor of up to 179times in speed.", ["up to 179×"]),
        ("Runtime speedup (2-4times compared to optimized baselines).", ["2–4×"]),
        ("Tile sizes of 16x16 achieve the best balance.", []),
        ("It runs x86 code with a speedup.", []),
        ("It can train 25x larger models than before.", []),
        ("It improves task accuracy by up to 4.4% and 11.6% under W3.", []),
        ("It yields +22.0% over torch.matmul on average.", ["22.0% faster"]),
        # a range as the dumps write "20\\times\\sim40\\times"
        ("Few-step sampling accelerates generation by 20timessim40times.", ["20–40×"]),
        ("Sparse attention gives a 1.2{sim}1.3times end-to-end speedup.", ["1.2–1.3×"]),  # "\\sim", braced
        # a range whose top is hedged is one range, not two speedups
        ("It improves performance in the range of 2x to more than 1000x.", ["2–1000×"]),
        # the first of a pair shares the multiplier of the second
        ("It is 1.7 and 2.3 times faster on the two clusters.", ["1.7×", "2.3×"]),
        ("It serves Llama 3 and runs 2.5x faster.", ["2.5×"]),  # a version is not a multiplier
        ("On Llama 3.1 speedup is modest.", []),
        # a decimal a speedup word names, its "×" lost
        ("Benchmarks show an average of 1.42 throughput improvement over the baseline.", ["1.42×"]),
        # "from" names where the throughput is measured, "by" the gain
        ("Tuning improves throughput from the default pipeline by an average of 12.5%.", ["12.5% faster"]),
        # the accuracy after "while" is not what the number measures
        ("It accelerates prefill by up to 6.1x at 512K tokens while preserving accuracy.", ["up to 6.1×"]),
        ("It delivers up to an order-of-magnitude improvement for agent workloads.", ["up to an order of magnitude"]),
        # a share of bandwidth, a rate of tasks made faster and a metric@k gain are not speedups
        ("The speed-tuned kernel reaches over 85% of memory bandwidth.", []),
        ("It delivers 80% and 75% faster rate over the compiler on two suites.", []),
        ("Training brings improvements, with 12.3% and 8.1% Pass@1 gains.", []),
        # a share, a slowdown, an efficiency in power or chip resources: no speed
        ("The kernel reaches up to 9x over the baseline at 90% sparsity.", ["up to 9×"]),
        ("It improves speedup by 8-13% at 44-52% of its drafting cost.", ["8–13% faster"]),
        ("It wins at 2.95times speedup but collapses to 0.23times on a held-out input.", ["2.95×"]),
        ("It is 3.65times faster and 1.72times more DSP efficient than the FPGA baseline.", ["3.65×"]),
        ("It shows 1.66-7.17times better power efficiency than GPUs.", []),
        ("Old GPUs produce about 4x higher total carbon emissions per token.", []),
        # a percentage only a gain word names is a speedup only in a sentence about speed
        ("It yields an 8.6% improvement on math.", []),
        ("It achieves over 3.6\\times inference speedup.", [">3.6×"]),  # the dumps' LaTeX "\\times"
        ("It surpasses the strongest reasoning model by +4.5%.", []),
        ("It achieves +22% over cuBLAS, picking the fastest kernel.", ["22% faster"]),
        ("It reduces memory footprint by 5.3x, and increases throughput by 4.1x.", ["4.1×"]),
        # a likelihood is no speed
        ("It achieves a 2x speedup with a 95% success probability.", ["2×"]),
        ("It is faster at 95% confidence.", []),
        # every item of a list written without spaces
        (
            "NGPC gives up to 58X end-to-end performance improvement; the performance benefits are "
            "12X,20X,33X and 39X for the scaling factor of 8,16,32 and 64, respectively.",
            ["up to 58×", "12×", "20×", "33×", "39×"],
        ),
        # later items that add to the first, their words left with it
        (
            "We demonstrate accelerations of 65.08% with 1D parallelism at the 128-GPU scale (Llama 3.1 8B), an "
            "additional 12.59% with 2D parallelism at the 256-GPU scale (Llama 3.1 70B), and an additional 30% with "
            "3D parallelism at the 512-GPU scale (Llama 3.1 405B) on NVIDIA H100 GPUs over optimized baselines.",
            ["65.08% faster", "additional 12.59% faster", "additional 30% faster"],
        ),
    ],
)
def test_speedups(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "speedup") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It can train 25x larger models than before.", ["25× larger models"]),
        # capacities listed as many as the figures take them in order
        (
            "Compared with tensor parallelism, our approach achieved 13.7times and 3.0times maximum batch size "
            "and sequence length respectively when scaling up to 64 NVIDIA P100 GPUs.",
            ["13.7× maximum batch size", "3.0× sequence length"],
        ),
        ("It supports 4x and 8x larger batch sizes.", ["4× larger batch sizes", "8× larger batch sizes"]),
    ],
)
def test_scale_ups(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "scale") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It reduces deployment costs by up to 77% as compared to one GPU type.", ["up to 77% lower deployment costs"]),
        # after "and", the verb starts the clause: what is reduced is what it names
        ("It keeps accuracy and reduces communication volume by 75%.", ["75% lower communication volume"]),
        ("It is fast and reducing P95 latency by 39.2-54.9%.", ["39.2–54.9% lower P95 latency"]),
        (
            "It achieves 5% in pass@1 accuracy, 13% in density reduction, and 68% in token cost reduction.",
            ["68% lower token cost"],
        ),
        ("It reduces 47% of the activation peak memory usage.", ["47% lower activation peak memory usage"]),
        ("It achieves 20x lower TTFT than vLLM.", ["20× lower TTFT"]),
        ("It uses 6times fewer parameters.", ["6× fewer parameters"]),
        ("It reaches 72% model FLOPs utilization.", []),
        # what is reduced, named before the word
        ("It achieves a 60% activation memory reduction.", ["60% lower activation memory"]),
        ("It reduces 40% of memory bandwidth usage.", ["40% lower memory bandwidth usage"]),
        (
            "It gives up to 40% K cache and 10%-12% V cache memory reduction.",
            ["up to 40% lower K cache", "10–12% lower V cache memory"],
        ),
        # a time improved by a percentage is a cut in it; "to 83% of" is a 17% cut
        ("We improve p95 TTFT by 6.9-15.5% over load balancing.", ["6.9–15.5% lower p95 TTFT"]),
        (
            "It achieves a 2.6x speedup, while reducing TTFT to 83% of that in other methods.",
            ["17% lower TTFT (to 83%)"],
        ),
        ("It reduces memory footprint by 5.3x, and increases throughput by 4.1x.", ["5.3× lower memory footprint"]),
        # a lower error is a gain in quality
        ("We achieve 18.24% lower mean absolute percentage error than previous simulators.", []),
        ("It yields a 5.2% FID reduction within 10 epochs on 32 GPUs.", []),
        (
            "It reduces decoding by up to 43% (roughly 20% on average among those settings).",
            ["up to 43% lower decoding", "~20% reduction"],
        ),
        # the verb after what is reduced ends it: "MAE decreased by 38%"
        ("TreeBLEU scores increased by 66.67% and MAE decreased by 38% with it.", ["38% lower MAE"]),
        # shares of resources named right after each number, of what another needs
        (
            "It leads, using just 46.7% GPU memory cost and 8.7% inference time of Orca 7B.",
            ["46.7% of the GPU memory cost", "8.7% of the inference time"],
        ),
        ("It matches the dense model with only 40% memory usage.", []),  # of nothing named: no share
        # an acceleration beside a named reduction is a speedup, not what is reduced
        ("It delivers 1.38x real-time acceleration and 52% memory reduction.", ["52% lower memory"]),
        # what a passive reduces is its subject
        ("For long prompts, the response latency can be reduced by up to 93%.", ["up to 93% lower response latency"]),
        ("Training trajectory length is reduced by over 50%.", [">50% lower training trajectory length"]),
        # a later item of a list names its own object, an acronym in brackets included
        (
            "We improve p95 TTFT by 6.9-15.5% and p95 end-to-end (E2E) latency by 14.3-30.9% over baselines.",
            ["6.9–15.5% lower p95 TTFT", "14.3–30.9% lower p95 end-to-end (E2E) latency"],
        ),
        # what is reduced, right after the figure, named before "reduction of", or before a bracket with the verb
        ("Pruned models achieve a memory reduction of 4x-5.7x.", ["4–5.7× lower memory"]),
        (
            "It incurs fewer generated samples (reduced by 30-40%) than prior methods.",
            ["30–40% fewer generated samples"],
        ),
        # "respectively": a lone modifier shares the last item's noun; a measure of its own does not
        (
            "It reduces rollout and end-to-end latency by up to 19.6% and 12.7%, respectively, over a baseline.",
            ["up to 19.6% lower rollout latency", "12.7% lower end-to-end latency"],
        ),
        (
            "It reduces memory and end-to-end latency by up to 19.6% and 12.7%, respectively, over a baseline.",
            ["up to 19.6% lower memory", "12.7% lower end-to-end latency"],
        ),
    ],
)
def test_reductions(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "reduction") == expected


def test_a_shared_noun_is_the_head_of_the_last_item_not_what_it_is_of(catalog):
    sentence = "It can reduce the training and inference time of LLaVA-HR by 31.0% and 53.2%, respectively."
    assert facts_in(catalog, sentence, "reduction")[0] == "31.0% lower training time"


def test_two_readings_of_one_number_as_one_kind_give_one_value(catalog):
    sentence = "With 5 GPU hours, our model shows an average improvement of 15% on six math benchmarks."
    assert facts_in(catalog, sentence, "quality") == ["15% improvement on six math benchmarks"]


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("We train on 8 V100 GPUs.", ["8 GPUs"]),
        ("It scales to 1024 GPUs.", ["1,024 GPUs"]),
        ("It runs on a single GPU.", ["1 GPU"]),
        ("It runs on an 8xA100-80GB setup.", ["8 GPUs"]),
        ("We achieved 100% efficiency on 1024 and 3072 MI250X GPUs.", ["1,024 GPUs", "3,072 GPUs"]),
        ("Training at the 128-GPU scale.", ["128 GPUs"]),
        ("This requires thousands of GPUs.", ["thousands of GPUs"]),
        ("It took 442 A100-40G GPU hours.", []),
        ("It took a single GPU hour.", []),
        ("It fits a consumer RTX 4090 GPU.", []),
        # a reference the paper is set against, not its setup
        ("Our distributed formulation is mathematically equivalent to the classic single-GPU case.", []),
    ],
)
def test_gpu_counts(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "gpu_count") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("We fine-tune 175B GPT-3 and LLaMA-13B.", ["175B", "13B"]),
        ("A model with 130 billion parameters.", ["130B"]),
        ("For 22 Billion, 175 Billion, and 1 Trillion parameters.", ["22B", "175B", "1T"]),
        ("We pretrain a 0.7-billion-parameter model and a 14-billion-parameter one.", ["0.7B", "14B"]),
        ("Training a trillion-parameter model.", ["1T"]),
        ("It trains billion-scale models.", ["billion-scale"]),
        ("A 5.7M parameters model.", ["5.7M"]),
        ("Pre-trained on 19.7B tokens and 1.4T multimodal pre-training tokens.", []),
        ("Billion-scale similarity search with GPUs.", []),
        # millions with the word after the list or pair they lead
        ("Using model configurations of 31M/1.4B and 350M/2.7B parameters.", ["31M", "1.4B", "350M", "2.7B"]),
        ("We pretrain models ranging from 125M to 7B parameters.", ["125M", "7B"]),
        ("Sequences of 32M to 1B tokens.", []),
        # not the size a model was changed from
        ("By scaling up the backbone from 29M to 70M parameters, it generalizes better.", ["70M"]),
    ],
)
def test_model_scales(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "model_scale") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("FP8, bfloat16 and INT4 kernels.", ["FP8", "BF16", "INT4"]),
        ("Under W3 and W4A8 quantization.", ["W3", "W4A8"]),
        ("Our 8-bit optimizer and 16-bit precision weights.", ["8-bit", "16-bit"]),
        ("Sorting 256M random 32-bit keys.", []),
        ("Half-precision GEMM kernels.", ["FP16"]),
        # Block-scaled formats: the family prefix goes before an integer as before a float.
        ("MXINT8 is superior to MXFP8, and NVINT4 can surpass NVFP4.", ["MXINT8", "MXFP8", "NVINT4", "NVFP4"]),
    ],
)
def test_precisions(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "precision") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("Code: github.com/deepreinforce-ai/CUDA-L2", ["https://github.com/deepreinforce-ai/CUDA-L2"]),
        ("See (https://example.org/a/b).", ["https://example.org/a/b"]),
        ("It reaches 225 TFLOPs/s per A100 GPU.", []),
    ],
)
def test_code_links(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "code") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It reaches 225 TFLOPs/s per A100 GPU.", ["225 TFLOPS/GPU"]),
        ("It achieves 40 TFlops/GPU.", ["40 TFLOPS/GPU"]),
        ("Training runs at 502 petaFLOP/s.", ["502 PFLOPS"]),
        ("Generation reaches 91.07fps.", ["91.07 fps"]),
        ("Decoding at 5.86 tokens per second.", ["5.86 tokens/s"]),
        ("The accelerator reaches 128 TOPS.", ["128 TOPS"]),
        ("It streams at sim25 FPS on one GPU.", ["~25 fps"]),  # the dumps' LaTeX "\\sim"
        # a range written with "to" is one range, its hedge kept
        ("It renders at up to 14 to 15 FPS on one consumer GPU.", ["up to 14–15 fps"]),
        ("Our simulator, version 2.0 tops the leaderboard.", []),  # a verb, not tera-operations
    ],
)
def test_throughputs(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "throughput") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It reaches 72% model FLOPs utilization.", ["72% MFU"]),
        # a share of memory bandwidth, "(on average)" between
        ("The kernel reaches over 85% (on average) of memory bandwidth.", [">85% of memory bandwidth"]),
        # a gain in percentage points is a utilization; a relative gain in percent is not a level of one
        (
            "It raises average GPU utilization by a notable 12.4 percentage points.",
            ["12.4 percentage points higher utilization"],
        ),
        ("It raises GPU utilization by 30%.", []),
        (
            "Sharing the cluster lowers mean GPU utilization by 8 percentage points.",
            ["8 percentage points lower utilization"],
        ),
    ],
)
def test_utilizations(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "utilization") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It answers in 2 ms.", ["2 ms"]),
        # GPU hours counted in thousands, or naming the device
        ("Training completes in just 120K H100 GPU hours.", ["120K GPU hours"]),
        ("It trains using only 300 A100-80G GPU hours.", ["300 GPU hours"]),
        # the length of the media a model takes or makes is no time it runs
        ("It generates a 68s video in 12 s.", ["12 s"]),
        ("It transcribes 2000 seconds of speech in 1 second.", ["1 s"]),
        # a range written with "to" is one range; a change ("from 10 to 5") or a fall ("100 to 50") is not
        ("It typically completes a reconstruction in 3 to 5 minutes.", ["3–5 minutes"]),
        ("It cuts the latency from 10 to 5 ms.", ["5 ms"]),
        ("Its latency falls 100 to 50 ms.", ["50 ms"]),
    ],
)
def test_times(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "latency") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("Training it costs only $630K.", ["$630K"]),
        # a dollar the dump lost, its backslash left: the page shows "$22K"
        ("At market prices (\\22K for the cluster vs. 600K for a B200 system) it pays.", ["$22K"]),
        ("It trains for \\81 on a single GPU.", ["$81"]),
        # a list's item number, escaped, is no money
        ("It offers data; \\3) Training Pipelines for RL.", []),
    ],
)
def test_costs(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "cost") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # the memory of the device the work ran on is its setting, not a memory result
        ("It runs on a laptop equipped with a RTX3060 GPU of 6GB memory.", []),
        ("It reaches a 3.0times speedup on the 16GB laptop 4090 GPU.", []),
        ("It runs the 1.2-billion-parameter model on an 8\\,GB Pi.", []),
        ("It runs on a device with 8 GB of RAM.", []),
        ("It pre-trains a 7B model on consumer GPUs with 24GB memory.", []),
        ("It trains on 8xA100-80GB GPUs and a single H100 80GB GPU.", []),
        # what the method uses or fits in is its result, a device boasted of as small too
        ("It uses only 18 GB and fits in 24 GB.", ["18 GB", "24 GB"]),
        ("It reduces peak memory to 19.85 GB.", ["19.85 GB"]),
        ("It needs 24 GB GPU memory.", ["24 GB"]),
        ("It fine-tunes OPT-175B on a mere 18GB GPU.", ["18 GB"]),
        ("It trains a 7B model on an RTX 4060 Ti with only 16 GB memory.", ["16 GB"]),
        ("It fine-tunes a 13B model within a single 24GB GPU.", ["24 GB"]),
    ],
)
def test_memories(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "memory") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It improves task accuracy by up to 4.4%.", ["up to 4.4% accuracy gain"]),
        # a generation-quality score written after its number
        ("It reaches 2.45 FID with two sampling steps.", ["2.45 FID"]),
        # a metric@k and a rate of tasks made faster, also for the earlier numbers of a list
        (
            "Training brings improvements, with 12.3% and 8.1% Pass@1 gains.",
            ["12.3% Pass@1 gains", "8.1% Pass@1 gains"],
        ),
        # a change named after its metric is a change, not a level
        ("It keeps less than 1% accuracy drop at 4 bits.", ["<1% accuracy drop"]),
        ("INT8 costs a 1-3% accuracy degradation.", ["1–3% accuracy degradation"]),
        ("It achieves 2.1% on average higher final accuracy.", ["2.1% higher accuracy"]),
        # a gain on something named is a score's, not on a chip
        ("It yields a 40% improvement on AGIEval.", ["40% improvement on AGIEval"]),
        (
            "It achieves +59% improvement on Constrained Poem Completion.",
            ["59% improvement on Constrained Poem Completion"],
        ),
        ("It shows a 20% improvement on A100 GPUs.", []),
        ("It improves Motion-Condition Consistency by 3.8% on MBench.", ["3.8% gain on MBench"]),
        ("It outperforms X by 20% on EuroSAT which contains large domain shifts.", ["20% improvement on EuroSAT"]),
        # a speedup measured on a benchmark is no score
        ("It achieves up to 20% walltime speedup on SpecBench.", []),
        ("It delivers 80% and 75% faster rate over the compiler.", ["80% faster rate", "75% faster rate"]),
    ],
)
def test_qualities(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "quality") == expected


def test_what_a_gain_is_on_ends_at_its_clause_not_at_a_decimal_point(catalog):
    sentence = "X outperforms Y by 23.7% on commit actions yet underperforms it by 15.6% on filtering."
    assert facts_in(catalog, sentence, "quality")[0] == "23.7% improvement on commit actions"


def test_a_cut_in_an_error_is_a_quality_headline(catalog):
    facts = extract_facts(
        "X", "We present X. With X, TreeBLEU rose by 6% and MAE decreased by 38% against direct prompting.", catalog
    )
    found = machine_headline(facts)
    assert found is not None and (found.metric, found.value) == ("quality", "38% lower MAE")


# ------------------------------------------------------------------- headline


def test_headline_prefers_speedup_then_reduction_then_throughput():
    speedup = Fact("speedup", "up to 2.31×", "s")
    reduction = Fact("reduction", "77% lower cost", "s")
    throughput = Fact("throughput", "156 TFLOPS", "s")
    assert headline([throughput, reduction, speedup]) == "up to 2.31× speedup"
    assert headline([throughput, reduction]) == "77% lower cost"
    assert headline([throughput]) == "156 TFLOPS"
    # A percentage speedup also as a multiplier, so that a column sorts it below "12× speedup".
    assert headline([Fact("speedup", "22.0% faster", "s")]) == "1.22× (22.0% faster)"
    assert headline([Fact("speedup", "8–13% faster", "s")]) == "1.08–1.13× (8–13% faster)"  # not 8, above 7×
    assert headline([Fact("speedup", "9×", "s", own=False)]) is None  # context is never a headline
    assert headline([Fact("hardware", "H100", "s")]) is None
    assert headline([]) is None


def test_a_headline_names_its_hardware_once():
    assert Headline("throughput", "20 FPS", condition="5 H800 GPUs", hardware="H800").text == "20 FPS (5 H800 GPUs)"
    assert Headline("speedup", "3×", condition="8×A100-80GB", hardware="A100").text == "3× speedup (8×A100-80GB)"
    assert Headline("speedup", "2×", condition="H200 nodes", hardware="H20").text == "2× speedup (H200 nodes, H20)"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a change, the new value first or the old first, in words or with an arrow
        ("73.6% (from 36.0%)", "36.0% to 73.6%"),
        ("225 tokens (from 741)", "from 741 to 225 tokens"),
        ("70.3 pass@256 (from 64.1)", "64.1 rightarrow 70.3"),
        ("70.3 (from 64.1)", "64.1 → 70.3"),
        # a number in a name is no figure
        ("1.0000 F1", "F1 = 1.0000 vs 0.9756"),
        ("48% pass@256", "pass@256 of 48%"),
        ("2.1× speedup", "Llama-3 2.1×"),
        ("3× (H100)", "H100: 3×"),
        # signs the dumps glue to a number
        ("17.7×", "x17.7"),
        ("~20%", "sim20%"),
        # a cut and the share it leaves, as the abstract states it
        ("86.5% lower KV cache footprint (to 13.5%)", "13.5%"),
        ("50% lower training cost (to 0.5×)", "0.5times"),
    ],
)
def test_the_same_figure_written_either_way_agrees(first, second):
    assert Headline("quality", first).agrees_with(Headline("quality", second))
    assert Headline("quality", second).agrees_with(Headline("quality", first))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("73.6% (from 36.0%)", "36.0% to 70.1%"),  # another change
        ("73.6% (from 36.0%)", "from 40.0% to 73.6%"),
        ("225 tokens", "from 741 to 225 tokens"),  # the new value alone leads with another number
        ("3–5 minutes", "5 minutes"),  # a range and its top
        ("1.0000 F1", "F1 = 0.9756"),
        ("86.5% lower KV cache footprint (to 13.5%)", "12.5%"),
    ],
)
def test_different_figures_do_not_agree(first, second):
    assert not Headline("quality", first).agrees_with(Headline("quality", second))
    assert not Headline("quality", second).agrees_with(Headline("quality", first))


def test_a_figure_s_clause_starts_at_its_sentence_when_no_mark_is_before_it(catalog):
    # the clause names what is cut, even in its first word
    found = machine_headline(extract_facts("", "Memory usage decreases by 40% with our method.", catalog))
    assert found is not None and found.metric == "memory"


def test_an_accuracy_degradation_is_not_a_headline(catalog):
    abstract = "We present Kite. Quantizing with Kite incurs only 1-2% accuracy degradation."
    assert machine_headline(extract_facts("A title", abstract, catalog)) is None


def test_facts_know_where_their_sentence_stands(catalog):
    facts = extract_facts("Kite: 2x Faster Serving", "We present Kite. It runs 3x faster.", catalog)
    assert [(fact.value, fact.place) for fact in facts if fact.kind == "speedup"] == [("2×", 0), ("3×", 2)]


@pytest.mark.parametrize(
    "sentence, kind, expected",
    [
        # an exponent is no number of its own: "10^4 GPU hours" is ten thousand, "R^2 times" a square
        ("Conventional NAS costs 10^4 GPU hours of search.", "latency", []),
        ("It reduces attention computation by up to R^2times and KV cache by Rtimes.", "reduction", []),
        ("It uses 10^9 bytes and 10^3 J per step.", "memory", []),
        ("It uses 10^9 bytes and 10^3 J per step.", "energy", []),
        ("The search takes 200 GPU hours.", "latency", ["200 GPU hours"]),  # a plain number still counts
    ],
)
def test_the_power_of_an_exponent_is_no_figure(catalog, sentence, kind, expected):
    assert facts_in(catalog, f"We propose Kite. {sentence}", kind) == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a share of tasks done, "success" alone, is a score's level
        ("Our approach achieves 72% success in simulation.", ["72% success"]),
        ("It delivers 90% zero-shot success in real-world deployment.", ["90% success"]),
        # near misses: a probability of success is no result, and "successful" no metric
        ("It reaches a 95% success probability.", []),
        ("It keeps 40% of the successful trajectories.", []),
        # a bare score after a level verb, before the field's name of its metric
        ("Our model eventually achieves 82.9 Top-1 accuracy.", ["82.9 Top-1 accuracy"]),
        ("KronQ achieves 7.93 perplexity on 2-bit weights.", ["7.93 perplexity"]),
        ("It wins every direction, reaching 28.5 BLEU from English.", ["28.5 BLEU"]),
        # near misses: a gain by points stays a gain, a number after no level verb, one that names no metric
        ("It improves accuracy by 2.5 points.", ["2.5 points accuracy"]),
        ("Trained for 82 epochs, the model retains 90 accuracy.", []),
        ("It achieves 3 wins in 5 games.", []),
    ],
)
def test_quality_levels_no_other_rule_read(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "quality") == expected


@pytest.mark.parametrize(
    "abstract, own, context",
    [
        # a baseline's level in a leading clause is the baseline's; the paper's follows its comma
        (
            "We propose SRPO. Starting from a supervised baseline with 48.9% success, SRPO achieves 99.2% success.",
            ["99.2% success"],
            ["48.9% success"],
        ),
        # a leading "while" clause ends where the paper's own main clause names its subject and verb
        (
            "We propose KronQ. At 2 bits, while GPTQ diverges (2000 perplexity), KronQ achieves 7.93 perplexity.",
            ["7.93 perplexity"],
            [],
        ),
        # near miss: starting from the paper's own model is no baseline
        ("We propose Kite. Starting from a 7B model, Kite achieves 85% success.", ["85% success"], []),
    ],
)
def test_a_baselines_level_stays_the_baselines(catalog, abstract, own, context):
    facts = extract_facts("", abstract, catalog)
    assert own_values(facts, "quality") == own
    assert [f.value for f in facts if f.kind == "quality" and not f.own] == context


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a share of what the method uses, as a range, with its verb after "only", hedged, or of what it learns from
        (
            "It generates 3D shapes while using only 0.1%-10% of the tokens needed by prior models.",
            ["0.1%-10% of the tokens"],
        ),
        (
            "It matches X while only using 1% of the training data required by previous approaches.",
            ["1% of the training data"],
        ),
        ("It recovers the frontier using roughly 20% of evaluation budget.", ["~20% of the evaluation budget"]),
        (
            "Models trained with merely 20% of the demonstration volume outperform full datasets.",
            ["20% of the demonstration volume"],
        ),
        (
            "It outperforms multi-head attention by using only 50%-90% of the attention heads.",
            ["50%-90% of the attention heads"],
        ),
        # near misses: an unhedged share with no "only" may be anyone's, and a share of heads pruned is no use
        ("The baseline uses 20% of the evaluation budget.", []),
        ("It keeps 30% of the attention heads.", []),
    ],
)
def test_shares_a_method_uses(catalog, sentence, expected):
    assert facts_in(catalog, sentence, "reduction") == expected
