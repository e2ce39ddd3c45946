"""What each figure is measured against (digest/derive/facts/baseline.py): the name shown after
"vs" beside a value on the paper's page, and what compares-against links are made from."""

from __future__ import annotations

import pytest

from digest.derive.facts import extract_facts


def baselines(catalog, sentence: str) -> list[tuple[str, str]]:
    return [
        (f.value, f.baseline)
        for f in extract_facts("T", sentence, catalog)
        if f.kind in ("speedup", "reduction", "scale")
    ]


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # figures listed "respectively" take the baselines listed, in order, before or after them
        (
            "Compared to existing compilers like Triton and Ladder, as well as hand-optimized kernels such as "
            "QuantLLM and Marlin, our VM achieves speedups of 1.75x, 2.61x, 1.29x and 1.03x, respectively.",
            [("1.75×", "Triton"), ("2.61×", "Ladder"), ("1.29×", "QuantLLM"), ("1.03×", "Marlin")],
        ),
        (
            "It achieves a 2.12X and 1.75X speedup over the GPU and baseline RDU, respectively, for Mamba.",
            [("2.12×", "GPU"), ("1.75×", "baseline RDU")],
        ),
        (
            "It achieves up to 17.9x speedup over best baselines, while outperforming libraries like cuML and "
            "FAISS by 33x and over 200x, respectively.",
            [("up to 17.9×", "best baselines"), ("33×", "cuML"), (">200×", "FAISS")],
        ),
        # a comparison that leads to its figure by "by" names its baseline, in a later clause too
        (
            "It achieves up to 5.41x speedup and improves average speedup over EAGLE-3 by up to 21.8%.",
            [("up to 5.41×", ""), ("up to 21.8% faster", "EAGLE-3")],
        ),
        (
            "Nexus achieves up to 2.2x higher throughput than vLLM; outperforms SGLang by up to 2x; and matches "
            "disaggregated vLLM.",
            [("up to 2.2×", "vLLM"), ("up to 2×", "SGLang")],
        ),
        # a later figure in a predicate of its own owns the comparison after it; a list shares it
        (
            "It achieves 3.24x KV-cache compression with comparable quality, runs 1.34x faster than FlashAttention2.",
            [("1.34×", "FlashAttention2"), ("3.24× KV-cache compression", "")],
        ),
        (
            "It achieves up to 2.2x higher throughput, 20x lower TTFT, and 2.5x lower TBT than vLLM.",
            [("up to 2.2×", "vLLM"), ("20× lower TTFT", "vLLM"), ("2.5× lower TBT", "vLLM")],
        ),
        # an amount compared with is no baseline's name
        (
            "It minimizes memory overhead by 1000x, requiring only 258 bytes per 32 tokens compared to the 262KB "
            "requirement of storing embeddings.",
            [("1000× lower memory overhead", "")],
        ),
        # names listed before as many figures pair in order; the first figure takes the first name
        (
            "It speeds up decoding, improving over EAGLE-3 and DFlash by 23% and 13%.",
            [("23% faster", "EAGLE-3"), ("13% faster", "DFlash")],
        ),
        ("Our kernel outperforms SGLang and vLLM by 2x and 3x in throughput.", [("2×", "SGLang"), ("3×", "vLLM")]),
        ("It runs faster, outperforming cuBLAS by 2x and 3x in throughput.", [("2×", "cuBLAS"), ("3×", "cuBLAS")]),
        # lists of different lengths: which is against which is unclear, so none
        ("It is 2x and 3x faster than A, B and C, respectively.", [("2×", ""), ("3×", "")]),
        # a list of conditions is no list of baselines
        (
            "It delivers up to 47.26x and 27.19x speedups over FlashAttention-2 at 128K context under FP8 and "
            "BF16 precision, respectively.",
            [("up to 47.26×", "FlashAttention-2"), ("27.19×", "FlashAttention-2")],
        ),
        # a comparison after an earlier figure of the clause is that figure's, not a later one's
        (
            "It delivers a 4.41x attention speedup over FlashAttention, while achieving a 2.02x end-to-end speedup.",
            [("4.41×", "FlashAttention"), ("2.02×", "")],
        ),
        # a comparison that leads to its own figure is that figure's ("over EAGLE-3 by 21.8%")
        (
            "It achieves up to 5.41x speedup and improves average speedup over EAGLE-3 by up to 21.8%.",
            [("up to 5.41×", "")],
        ),
        (
            "It is 1.6x to 2.8x faster than FP16 models and exceeds QuaRot models by 1.2x.",
            [("1.6–2.8×", "FP16 models")],
        ),
        # a comparison opening a later figure's clause is that figure's
        (
            "Compared to a 32B dense model, it reduces inference cost to 1/10, and compared to the original "
            "series, the cost is also reduced by over 50%.",
            [("1/10 inference cost", "32B dense model"), (">50% reduction", "original series")],
        ),
        # a comparative of another predicate compares something else with the baseline
        (
            "It improves the prefilling time by 8x and enables the 13B model to infer faster than the 7B model.",
            [("8×", "")],
        ),
        (
            "Models using it with 4x KV cache compression yield higher accuracies than the selection method.",
            [("4× KV cache compression", "")],
        ),
        (
            "It improves the prefilling time by 8x and enabling the 13B model to infer faster than the 7B model.",
            [("8×", "")],
        ),
        # a reader's audit: "while" opening a predicate with a comparison of its own, and a figure
        # in brackets right after what it is measured against
        (
            "It delivers efficiency gains against decoding with the target model only (up to 4.4x fewer FLOPs), "
            "while achieving better accuracy than parallel decoding methods.",
            [("up to 4.4× fewer FLOPs", "decoding with the target model only")],
        ),
        (
            "It enables video generation up to 4x longer while reducing training costs by up to 4.4x compared to "
            "direct fine-tuning and accelerating inference by up to 3.7x compared to dense attention inference.",
            [
                ("up to 3.7×", "dense attention inference"),
                ("up to 4.4× lower training costs", "direct fine-tuning"),
                ("up to 4× longer", ""),
            ],
        ),
        # one comparison at the end is every figure's
        (
            "It reduces decoding FLOPs by 38.9% while increasing step accuracy by 4.1% over the full-cache baseline.",
            [("38.9% lower decoding FLOPs", "full-cache baseline")],
        ),
    ],
)
def test_each_figure_is_set_against_its_own_baseline(catalog, sentence, expected):
    assert baselines(catalog, sentence)[: len(expected)] == expected


@pytest.mark.parametrize(
    "sentence, baseline",
    [
        ("It improves throughput by up to 2.6x over Orca and vLLM.", "Orca and vLLM"),  # two names
        # "and" before a figure joins no second name
        ("It trains 21.74% faster than Adam and 11.31% faster than Muon.", "Adam"),
        ("It is 3.65x faster than SoTA accelerators (Allo and DFX) on FPGAs.", "SoTA accelerators (Allo and DFX)"),
        ("It uses 46.9% fewer tokens than all other methods (Figure 1).", "all other methods"),
        ("It trains 10x larger models than popular frameworks such as PyTorch.", "PyTorch"),  # the one named
        ("It observes up to 4.7x speedup over autoregressive decoding, and more.", "autoregressive decoding"),
        # a compound of such a noun too
        (
            "It reduces memory by 18times compared to full-parameter fine-tuning in bfloat16.",
            "full-parameter fine-tuning",
        ),
        ("It reduces TPOT by 13.9% over the strongest of four baselines across models.", "strongest of four baselines"),
        # what qualifies the baseline is kept; a verb before "the" ends it
        ("It achieves 5.5x speedup over existing frameworks.", "existing frameworks"),
        ("It is 27x longer than sparse attention works holding the whole sequence.", "sparse attention works"),
        ("It uses 30% fewer samples than prior scaling and tuned baselines.", "prior scaling"),
        ("It is 1.59x faster at equal quality, outperforming drafts by +17%.", ""),  # a figure is no baseline
        # "by a factor of" leads to its figure as "by" does, the hedge before or after "a factor"
        ("Its kernels outperform hand-written code by a factor of up to 40x in execution speed.", "hand-written code"),
        ("Its kernels outperform the vendor library by up to a factor of 12 on one GPU.", "vendor library"),
        ("Its kernels outperform cuBLAS by a factor of 3.2x.", "cuBLAS"),
    ],
)
def test_a_baselines_name_is_read_whole(catalog, sentence, baseline):
    assert baselines(catalog, sentence)[0][1] == baseline


def test_a_compound_noun_in_ing_before_and_ends_no_baselines_name(catalog):
    sentence = (
        "With minimal tuning, it enables video generation up to 4times longer while reducing training costs by "
        "up to 4.4times compared to direct fine-tuning and accelerating inference by up to 3.7times compared to "
        "dense attention inference."
    )
    found = dict(baselines(catalog, sentence))
    assert found["up to 4.4× lower training costs"] == "direct fine-tuning"
    assert found["up to 3.7×"] == "dense attention inference"
