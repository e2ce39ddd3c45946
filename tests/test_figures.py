"""Figures whole and clean: every comparative number with its unit, direction and baseline, and
the broad finder that `digest eval` grades the extractors with."""

from __future__ import annotations

import pytest

from digest.derive.facts import extract_facts
from digest.derive.facts.headline import machine_headline
from digest.evaluate_figures import find_quantities
from digest.fact_kinds import BY_NAME


def figures(catalog, sentence: str) -> list[tuple[str, str, str]]:
    return [(f.kind, f.value, f.baseline) for f in extract_facts("", sentence, catalog) if BY_NAME[f.kind].figure]


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # MFU and utilization, as a level and as a gain
        ("It reaches 2.4× MFU over Megatron-LM on 512 GPUs.", [("speedup", "2.4× higher MFU", "Megatron-LM")]),
        ("Training sustains 46% MFU on 1,024 GPUs.", [("utilization", "46% MFU", "")]),
        ("It runs at up to 55% of theoretical peak performance.", [("utilization", "up to 55% of peak", "")]),
        # a share of a named kernel's efficiency, the reference in the value (not a bare quality share)
        (
            "Our kernel reaches 97.3% of FlashAttention-2's efficiency at 64K tokens.",
            [("utilization", "97.3% of FlashAttention-2's efficiency", "")],
        ),
        ("The fused kernel sustains 85% of CUTLASS MFU.", [("utilization", "85% of CUTLASS MFU", "")]),
        ("The model reaches 90% of the teacher's efficiency.", []),
        (
            "We achieve strong scaling efficiencies of 89% and 87% for these models.",
            [("utilization", "89% scaling efficiency", ""), ("utilization", "87% scaling efficiency", "")],
        ),
        (
            "It increases GPU utilization from below 40% to over 90%.",
            [("utilization", "<40% utilization", ""), ("utilization", ">90% utilization", "")],
        ),
        # baselines the sentence names
        ("Our kernels are 1.3x faster over CUTLASS on H100.", [("speedup", "1.3×", "CUTLASS")]),
        (
            "It achieves up to 2.2x higher throughput and 20x lower TTFT than vLLM.",
            [("speedup", "up to 2.2×", "vLLM"), ("reduction", "20× lower TTFT", "vLLM")],
        ),
        ("Compared to ZeRO-3, the system trains 1.5x faster.", [("speedup", "1.5×", "ZeRO-3")]),
        ("It yields +19.2\\% over {\\it cuBLAS} using the optimal layout.", [("speedup", "19.2% faster", "cuBLAS")]),
        # energy and power, clean values
        (
            "The design shows 1.6-4.1x lower energy consumptions are reduced across workloads.",
            [("reduction", "1.6–4.1× lower energy consumptions", "")],
        ),
        ("The board draws 300 W and the run used 1.2 kWh.", [("energy", "300 W", ""), ("energy", "1.2 kWh", "")]),
        (
            "It reduces the energy consumption by 2.39x on one RTX3060 and 1.99x on one RTX4090.",
            [("reduction", "2.39× lower energy consumption", ""), ("reduction", "1.99× lower energy consumption", "")],
        ),
        # time, memory, cost, scale-ups and quality
        (
            "Punica adds only 2ms latency per token and reaches 0.108s/token offloaded.",
            [("latency", "2 ms", ""), ("latency", "0.108 s/token", "")],
        ),
        (
            "It fine-tunes a 13B model on a 24GB GPU with less than 12 GB of memory.",
            [("memory", "<12 GB", "")],  # the 24 GB is the GPU's, the setting
        ),
        ("The training run cost about $630K.", [("cost", "~$630K", "")]),
        (
            "It can train 25x larger models than GPU-only solutions.",
            [("scale", "25× larger models", "GPU-only solutions")],
        ),
        (
            "Our model achieves 2.08% test error and 3.1% better top-1 accuracy than MobileNetV2.",
            [("quality", "2.08% test error", ""), ("quality", "3.1% better top-1 accuracy", "")],
        ),
        # a decimal multiplier before a name is no count of GPUs
        ("Fused into one kernel, prefill reaches up to 1.39times FA2 throughput.", [("speedup", "up to 1.39×", "")]),
        # a score named before its bare number, hedged
        ("The detector achieves an AUC of up to 0.99 across benchmarks.", [("quality", "up to 0.99 AUC", "")]),
        # two figures paired by a slash share the unit of the second
        (
            "On 8B and 14B models we achieve 4.32/2.29 token/s, with first-packet latencies of 85/54 ms.",
            [
                ("throughput", "4.32 tokens/s", ""),
                ("throughput", "2.29 tokens/s", ""),
                ("latency", "85 ms", ""),
                ("latency", "54 ms", ""),
            ],
        ),
        # a cut said as "shorter", "cheaper", a share pruned, or a cost cut to a multiplier below one
        (
            "It improves accuracy while producing 30-50% shorter reasoning traces.",
            [("reduction", "30–50% shorter reasoning traces", "")],
        ),
        ("It is lightweight, making it 30x cheaper overhead.", [("reduction", "30× cheaper overhead", "")]),
        (
            "A curation step prunes approximately 40% of redundant training data.",
            [("reduction", "~40% lower redundant training data", "")],
        ),
        (
            "Patch-level training can reduce overall computational costs to 0.5times.",
            [("reduction", "50% lower overall computational costs (to 0.5×)", "")],
        ),
        # a share kept is no gain, nor is a rate a pruning is configured at
        (
            "Experiments show 10x accelerated generation while preserving 99.4% performance on GenEval.",
            [("speedup", "10×", "")],
        ),
        ("It enables on-device configurable pruning rates up to 35%.", []),
        # a compression ratio is a size, each with its own kind, and no speed
        (
            "It achieves 32x/64x spatial and 4x temporal compression while preserving quality.",
            [
                ("reduction", "32× spatial compression", ""),
                ("reduction", "64× spatial compression", ""),
                ("reduction", "4× temporal compression", ""),
            ],
        ),
        # a later item of a list takes the kind that named the first
        (
            "It improves over RLHF, with performance gains of up to 30% in summarization and code generation, 18% "
            "in dialogue, and 8% in question answering tasks.",
            [
                ("quality", "up to 30% better performance", ""),
                ("quality", "18% improvement in dialogue", ""),
                ("quality", "8% improvement in question answering tasks", ""),
            ],
        ),
        # a compression ratio whose kind takes two words; a ratio used as a setting is no speed
        (
            "Models using it with 4x KV cache compression yield higher average accuracies at the same sparsity.",
            [("reduction", "4× KV cache compression", "")],
        ),
        # the noun after an earlier figure is that figure's: the next one of the list is a score kept
        (
            "It retains 98% of full-attention performance at 75% KV cache compression and 97% at 88% compression.",
            # (the share of performance kept is a score: score_level.py)
            [("reduction", "88% reduction", ""), ("quality", "98% of full-attention performance", "")],
        ),
        # ... unless the next one names the same kind of change itself
        (
            "It outperforms the strongest baseline by up to 14.6% in pass@1 accuracy, 13% in density reduction, "
            "and 68% in token cost reduction.",
            [("reduction", "68% lower token cost", ""), ("quality", "up to 14.6% pass@1 gain", "")],
        ),
        # a rate of the tokens named before its unit
        (
            "It achieves roughly 1,500 output tokens per second on a single GPU.",
            [("throughput", "~1,500 tokens/s", "")],
        ),
        # a size compressed down to a share of itself is cut by the rest, as a cost cut to a share is
        (
            "It compresses the average physical KV cache footprint down to merely 13.5% of the full-context baseline.",
            [("reduction", "86.5% lower average physical KV cache footprint (to 13.5%)", "")],
        ),
        (
            "Our approach effectively reduces the required KV cache memory to 10% while preserving fidelity.",
            [("reduction", "90% lower required KV cache memory (to 10%)", "")],
        ),
        # measures listed as many as the figures pair with them in order, "respectively" unsaid
        (
            "It reduces latency and memory by up to 2.4x and 3.5x, enabling multi-turn interaction.",
            [("reduction", "up to 2.4× lower latency", ""), ("reduction", "3.5× lower memory", "")],
        ),
        # a time a gain in accuracy was measured at does not make the gain a cut in time
        (
            "It shows improved accuracy at equivalent latency (75.2% vs. 57.3% at approximately 5,000ms).",
            [("latency", "~5,000 ms", ""), ("quality", "75.2% (vs 57.3%)", "")],
        ),
    ],
)
def test_figures(catalog, sentence, expected):
    assert figures(catalog, sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Inference runs on 4timesRTX 3090 (24G) GPUs.",  # a count of GPUs, not a ratio
        "Tile sizes of 16x16 achieve the best balance.",
        "The model has 175B parameters and was trained on 1.4T tokens.",
        "It keeps near-full accuracy under 4-6x compression.",  # where a result was measured
        # a gain in accuracy is no speed, in a range too
        # a level a cut reached is not the cut
        "It reduces performance degradation on source tasks to just 3.4% on average.",
        # a multiplier's gain in something that does not run is no speed
        "It gives stronger students, with up to an 88x improvement in a representative ablation.",
        "We demonstrate relative accuracy improvements in the range of 15%-50% across a range of FLOPs budgets.",
    ],
)
def test_no_figure_where_there_is_none(catalog, sentence):
    assert figures(catalog, sentence) == []


def test_headline_names_the_baseline(catalog):
    facts = extract_facts("", "Our kernels are 1.3x faster over CUTLASS on H100.", catalog)
    headline = machine_headline(facts)
    assert headline is not None and headline.text == "1.3× speedup vs CUTLASS (H100)"


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("It is 2.31times faster, uses 3GB of VRAM and 72\\% MFU.", ["2.31times", "3GB", "72\\%"]),
        ("Latency drops to 2 ms at 5.86 tokens per second and 300 W.", ["2 ms", "5.86 tokens per second", "300 W"]),
        ("It sustains 25 petaflops for $630K.", ["25 petaflops", "$630K"]),
        ("MFU reaches 41 on the largest run.", ["41 (MFU)"]),
        ("It runs on 8xA100 and 4timesRTX 3090 with 175B parameters.", []),
        # a device's memory names the device; what the method uses is a figure
        ("It runs on 8xA100-80GB, a 16GB laptop GPU and a GPU of 6GB memory, using 3GB GPU memory.", ["3GB"]),
    ],
)
def test_finder_is_broad_and_skips_counts(sentence, expected):
    assert [text for _start, text, _number in find_quantities(sentence)] == expected
