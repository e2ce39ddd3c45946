"""A value belongs to someone: sentence roles, values tied to baselines, the structured headline,
and compares-against made only from comparison language.

The papers are the repo's records, read as the machine reads them (without their curated roles);
the short sentences are general language of the field, as an unseen abstract would write it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from digest.derive.corpus import derive_paper
from digest.derive.facts import Fact, extract_facts
from digest.derive.facts.evaluation import evaluates_others
from digest.derive.facts.headline import Headline, machine_headline
from digest.derive.facts.others import others_result_spans
from digest.derive.facts.roles import baseline_spans, sentence_roles
from digest.derive.links import compared_with
from digest.derive.taxonomy import load_taxonomy
from digest.errors import DataError
from digest.evaluate_facts import evaluate_attribution
from digest.records.model import paper_from_yaml
from digest.records.yamlfile import YamlFile

from .conftest import DATA

PAPERS = Path(__file__).parent / "fixtures" / "corpus" / "papers"  # the seed records, as curated


@pytest.fixture(scope="module")
def machine_facts(catalog):
    def extract(paper_id: str) -> list[Fact]:
        record = yaml.safe_load((PAPERS / f"{paper_id}.yaml").read_text(encoding="utf-8"))
        return extract_facts(record["title"], record["abstract"], catalog)

    return extract


def own(facts: list[Fact], kind: str) -> list[str]:
    return [fact.value for fact in facts if fact.kind == kind and fact.own]


def context(facts: list[Fact], kind: str) -> list[str]:
    return [fact.value for fact in facts if fact.kind == kind and not fact.own]


def test_a_predecessors_numbers_stated_as_background_are_context(machine_facts):
    facts = machine_facts("flashattention-2")
    # "FlashAttention ... runtime speedup (2-4times ...)", "reaching only 25-40% of the theoretical maximum"
    assert context(facts, "speedup") == ["2–4×"]
    assert "25–40% of peak" in context(facts, "utilization")
    assert own(facts, "speedup") == ["~2×"]
    headline = machine_headline(facts)
    assert headline is not None and (headline.metric, headline.value, headline.baseline) == (
        "speedup",
        "~2×",
        "FlashAttention",
    )


def test_the_motivation_paragraph_gives_no_column_values(machine_facts):
    facts = machine_facts("zero-infinity")
    assert context(facts, "gpu_count") == ["800 GPUs"]
    assert own(facts, "gpu_count") == ["512 GPUs"]
    assert context(facts, "memory") == ["16 GB", "80 GB"] and own(facts, "memory") == []
    assert own(facts, "scale") == []  # "grown over 1000x", "only grown by 5x"
    assert "100B+" in context(facts, "model_scale")


def test_a_baselines_value_in_the_papers_own_sentence_is_context(machine_facts):
    facts = machine_facts("adding-nvme-ssds-to-enable-and-accelerate-100b-model-fine-tuning")
    assert own(facts, "throughput") == ["156 TFLOPS"]
    assert context(facts, "throughput") == ["45 TFLOPS"]


def test_an_end_to_end_figure_beats_one_for_a_phase_and_keeps_its_hardware(machine_facts):
    headline = machine_headline(machine_facts("sarathi"))
    assert headline == Headline("speedup", "up to 1.33×", "", "RTX A6000", "end-to-end")
    assert headline.text == "up to 1.33× speedup (end-to-end, RTX A6000)"


def test_roles_follow_the_turn_to_the_papers_own_work():
    sentences = [
        "Large models are expensive to train.",
        "Existing systems keep every tensor on the GPU and reach only 30% utilization.",
        "However, we are close to the memory wall.",
        "We propose Tidal, a runtime that streams tensors from host memory.",
        "It reaches 80% utilization on 8 GPUs.",
        "Unlike prior work, Tidal needs no code change.",
        "Experiments show that Tidal trains 2.1× faster than the baseline while the baseline uses 40 GB.",
    ]
    assert sentence_roles(sentences, "Tidal") == ["background", "prior", "background", "own", "own", "own", "mixed"]


def test_values_inside_a_baseline_clause_are_the_baselines():
    sentence = "Our system serves 900 tokens/s while the reference server reaches 300 tokens/s on 2 GPUs."
    ((start, end),) = baseline_spans(sentence)
    assert sentence[start:end] == "while the reference server reaches 300 tokens/s on 2 GPUs."
    changed = "It cuts the time from 12 seconds with the old tool to 0.5 seconds."
    ((start, end),) = baseline_spans(changed)
    assert changed[start:end] == "from 12 seconds with the old tool"
    # A clause of the paper's own is not a baseline's: "while maintaining", "while we".
    assert baseline_spans("It is 2× faster while maintaining accuracy, while we keep 16 GB free.") == []


def test_baselines_told_after_the_turn_are_not_the_papers(catalog):
    sentences = [
        "We present Lumen, a compact video model.",
        "Current video-language models rely on encoders of 300M-1.1B parameters.",
        "Baseline results show the task is hard, with the strongest model achieving only 38% success.",
        "Lumen reaches a 61% success rate, with the best open model reaching only a 40% success rate.",
    ]
    assert sentence_roles(sentences, "Lumen")[:3] == ["own", "prior", "prior"]
    facts = extract_facts("A title", " ".join(sentences), catalog)
    assert [f.own for f in facts if f.kind == "model_scale"] == [False, False]  # 300M and 1.1B
    assert [(f.value, f.own) for f in facts if f.kind == "quality"] == [
        ("38% success", False),  # the strongest baseline's, told in a prior sentence
        ("61% success rate", True),
        ("40% success rate", False),
    ]
    ((start, end),) = baseline_spans(sentences[3])
    assert sentences[3][start:end] == "with the best open model reaching only a 40% success rate."
    # The paper's own result told with "with" stays the paper's.
    assert baseline_spans("It is 2× faster, with our kernel reaching 80% of peak.") == []


@pytest.mark.parametrize(
    "sentence, own_sizes, baseline_sizes",
    [
        ("Kite-7B outperforms StarCoder-15B by 12% on HumanEval.", ["7B"], ["15B"]),
        ("Kite surpasses Qwen-72B with only 8B parameters.", ["8B"], ["72B"]),
        ("It beats Llama-3-8B and OLMoE-7B across tasks, and Kite-1B runs on a phone.", ["1B"], ["8B", "7B"]),
        ("Kite is comparable to the 10x larger Orca-70B.", [], ["70B"]),
        ("Kite-3B, exceeding 70% accuracy, beats Orca-70B.", ["3B"], ["70B"]),  # a level reached is no baseline
        # examples of what is beaten are part of it; so is "(e.g., X)" after "compared to"
        (
            "Kite-34B outperforms models up to 70B scale, such as Qwen2.5-72B and Llama3.3-70B, while using less data.",
            ["34B"],
            ["70B", "72B"],
        ),
        ("Kite-9B surpasses open models based on Transformers, such as Falcon2 11B.", ["9B"], ["11B"]),
        ("Compared to similar models (e.g., Qwen3-8B), Kite-9B runs 6x faster.", ["9B"], ["8B"]),
        ("It outperforms strong models, e.g., our Kite-8B gains 5% over Orca-70B.", ["8B"], ["70B"]),  # ours
        # a name in brackets after what is beaten, and a list after a colon
        ("Kite-1B can outperform its teacher model (Orca-2B) with 4 steps.", ["1B"], ["2B"]),
        ("Kite-7B surpasses Whale-R1 (671B) on AIME.", ["7B"], ["671B"]),
        ("Kite-7B beats strong agents, including the substantially larger Orca-32B.", ["7B"], ["32B"]),
        ("Kite-7B outperforms open models: Orca-70B (24.1%) and Whale-235B (27.5%).", ["7B"], ["70B", "235B"]),
        # more ways to name what is matched or beaten; a baseline named by its size; a range of sizes
        ("Kite-7B lands ahead of Orca 32B and Whale 70B on math.", ["7B"], ["32B", "70B"]),
        ("Kite-7B shows competitive performance against Whale-235B-A22B.", ["7B"], ["235B"]),
        ("Kite-7B matches dense 14 to 27B models.", ["7B"], ["27B"]),
        ("Can a 1B model surpass 405B models on math?", ["1B"], ["405B"]),
        ("Kite-4B surpasses strong baselines such as Orca-7B (0.82) and Whale-9B (0.84).", ["4B"], ["7B", "9B"]),
        # a list of names, each with its score in brackets; a name in apposition; the size of a group
        ("Kite-4B scores 70.1%, surpassing both Orca-7B (69.3%) and Whale-9B (68.7%).", ["4B"], ["7B", "9B"]),
        ("Kite-8B is superior to Orca 70B, Whale 27B, and Claude-3 Haiku.", ["8B"], ["70B", "27B"]),
        ("Our 7B model rivals the current state-of-the-art model, Orca-13B, on shapes.", ["7B"], ["13B"]),
        ("Kite-3B is competitive with, and often surpassing, models with more than 6B parameters.", ["3B"], ["6B"]),
        ("Kite-1B outperforms embedding models, including several with up to 7-8B parameters.", ["1B"], ["8B"]),
        # ... or as a range or a bound of them
        ("Kite-12B is competitive with open-weight baselines in the 4B-14B range.", ["12B"], ["4B", "14B"]),
        ("Kite-2B ranks first among open-source models under the 4B parameter scale.", ["2B"], ["4B"]),
        # a predecessor the paper succeeds
        ("Kite-12B is the successor to the completion-focused 4B dense Orca model.", ["12B"], ["4B"]),
        # ... or as a multiple of the paper's (a scale-up of the baselines, not the paper's)
        ("Kite-8B often surpasses existing search-augmented LLMs with up to 9x more parameters.", ["8B"], []),
        ("Among the models tested, Orca 27B and Whale 32B emerge as the best teachers.", [], ["27B", "32B"]),
        ("We evaluate dozens of open-source models ranging from 0.5B to 110B on Kite.", [], ["0.5B", "110B"]),
        # what the paper is compared against or likened to; "and even" goes on with the list
        (
            "We compare our Kite-3B against the original Orca (671B), distilled versions of Orca (Whale-7B), "
            "and Gull (70B), showcasing its effectiveness.",
            ["3B"],
            ["671B", "7B", "70B"],
        ),
        ("Kite-32B, with a similar base architecture as Orca 2B, uses 32 experts.", ["32B"], ["2B"]),
        ("Kite-8B surpasses all 7B models and even Orca-70B on average.", ["8B"], ["7B", "70B"]),
        ("We evaluate our 3 models ranging from 1B to 7B.", ["1B", "7B"], []),  # a few: the paper's own family
        # a predecessor or teacher named in apposition; a verb of taking on
        ("Kite-9B marks an improvement over its predecessor, Orca-8B, and leads.", ["9B"], ["8B"]),
        ("Kite-7B outperforms its teacher, Orca-70B, on math.", ["7B"], ["70B"]),
        ("This enables Kite-9B to challenge giant counterparts such as Orca-397B.", ["9B"], ["397B"]),
        ("Kite addresses the challenges of serving 70B models.", ["70B"], []),  # the noun names no rival
        # whose resource the paper needs a share of
        ("Kite-2B uses only 30% of the memory of Orca 7B.", ["2B"], ["7B"]),
        ("Kite-2B leads, using just 46.7% GPU memory cost and 8.7% inference time of Orca 7B.", ["2B"], ["7B"]),
    ],
)
def test_the_sizes_in_the_name_of_what_a_paper_beats_are_the_baselines(catalog, sentence, own_sizes, baseline_sizes):
    facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
    assert own(facts, "model_scale") == own_sizes
    assert context(facts, "model_scale") == baseline_sizes
    assert own(facts, "scale") == []  # "the 10x larger Orca-70B" describes the baseline


def test_another_systems_own_speedup_in_a_while_clause_is_context(catalog):
    abstract = "We present Kite. Kite attains a 5.54× speedup, while the strongest drafter achieves only 2.41×."
    facts = [f for f in extract_facts("A title", abstract, catalog) if f.kind == "speedup"]
    assert [(f.value, f.own) for f in facts if "5.54" in f.value] == [
        (next(f.value for f in facts if "5.54" in f.value), True)
    ]
    assert [f.own for f in facts if "2.41" in f.value] == [False]
    # A figure measured against a baseline stays the paper's: "2× faster than Tidal".
    over = [
        f
        for f in extract_facts("A title", "We present Kite. Kite is 2× faster than Tidal.", catalog)
        if f.kind == "speedup"
    ]
    assert over and all(f.own for f in over)


def test_a_gain_by_a_factor_in_a_while_clause_is_the_papers(catalog):
    # A baseline's figure is a level it reaches; a cut or a gain "by" a factor is what the paper made.
    abstract = (
        "We present Kite. Kite reduces the step by 18.3x on a 4B model, while concurrent multi-policy "
        "training shortens wall time by 1.77x without raising peak memory."
    )
    facts = [f for f in extract_facts("A title", abstract, catalog) if f.kind == "speedup"]
    assert [(f.value, f.own) for f in facts if "1.77" in f.value] == [("1.77×", True)]
    # still a baseline's: the level it reaches, or a gain it makes "only"
    assert baseline_spans("Kite is 3x faster, while the strongest drafter reaches 45 TFLOPS.") != []
    assert baseline_spans("Kite is 3x faster, while prior work improves it by only 1.2x.") != []
    # So is a speedup a variant achieves ("while the hybrid achieves 13.5x speedup"), not one "only" achieved.
    variant = "We present Kite. Kite-linear is 20.6x faster than Tidal, while Kite-hybrid achieves 13.5x speedup."
    assert [f.own for f in extract_facts("A title", variant, catalog) if f.value == "13.5×"] == [True]
    assert baseline_spans("Kite is 3x faster, while prior work achieves only a 1.2x speedup.") != []


def test_the_setting_a_paper_works_instead_of_is_not_its_own(catalog):
    replaced = "We present Kite. Instead of generating a whole video on a single GPU, Kite spreads it over 8 GPUs."
    counts = {f.value: f.own for f in extract_facts("A title", replaced, catalog) if f.kind == "gpu_count"}
    assert counts == {"1 GPU": False, "8 GPUs": True}
    # a setting both ran on stays the paper's: "faster than Tidal on A100"
    shared = "We present Kite. Kite is 2× faster than Tidal on a single A100."
    assert [f.own for f in extract_facts("A title", shared, catalog) if f.kind == "hardware"] == [True]


def test_a_comparisons_clause_ends_at_the_papers_next_predicate_and_outperformance_names_a_baseline(catalog):
    listed = (
        "We present Kite. Kite runs 1.34x faster than FlashAttention2 at 128K context, reduces peak memory "
        "from 56.31 GB to 19.85 GB, and remains feasible at 512K."
    )
    memory = {f.value: f.own for f in extract_facts("A title", listed, catalog) if f.kind == "memory"}
    assert memory.get("19.85 GB") is True  # the paper's; "from 56.31 GB" is where it started
    beaten = "We present Kite. Kite offers significant outperformance over GPT-3 175B on English benchmarks."
    sizes = [(f.value, f.own) for f in extract_facts("A title", beaten, catalog) if f.kind == "model_scale"]
    assert sizes == [("175B", False)]


def test_a_code_link_is_the_papers_whatever_sentence_gives_it(catalog):
    abstract = "Earlier kernels reach 45 TFLOPS. Their code and ours is at https://github.com/example/kite."
    facts = extract_facts("Kite: fast kernels", abstract, catalog, roles=["background", "prior"])
    assert context(facts, "throughput") == ["45 TFLOPS"]
    assert own(facts, "code") == ["https://github.com/example/kite"]


def test_a_device_count_is_not_a_speedup(catalog):
    facts = extract_facts("A title", "We present Kite. Kite trains a 70B model on 8× RTX 4090 in two days.", catalog)
    assert own(facts, "speedup") == []
    assert machine_headline(facts) is None


def test_a_baseline_configurations_multiplier_is_not_the_headline(catalog):
    abstract = (
        "Prior work ran a 4× larger batch on the same GPUs. "
        "We present Kite, which reduces memory by 35% compared to it."
    )
    headline = machine_headline(extract_facts("A title", abstract, catalog))
    assert headline is not None and (headline.metric, headline.value) == ("memory", "35% lower memory")


def test_compares_against_needs_comparison_language():
    def names_tidal_as_baseline(sentence: str) -> bool:
        return compared_with(sentence, sentence.index("Tidal"))

    assert names_tidal_as_baseline("Kite is 2× faster than Tidal on A100.")
    assert names_tidal_as_baseline("Kite reaches 156 TFLOPS while Tidal only reaches 45.")
    assert not names_tidal_as_baseline("Kite is inspired by the techniques we proposed in Tidal.")
    assert not names_tidal_as_baseline("Built atop Tidal, Kite selects strategies at run time.")
    # a comparison opening the clause ends at its comma: Tidal is the subject
    assert not names_tidal_as_baseline("On the test set, compared to the baseline, Tidal reduces latency by 40%.")
    # a result given as a share of another system's
    assert names_tidal_as_baseline("Its kernel achieves 97.3% of Tidal's efficiency at 64K tokens.")
    assert names_tidal_as_baseline("The fused kernel sustains 85\\% of Tidal MFU.")
    assert not names_tidal_as_baseline("It keeps 40% of Tidal's layers and runs them in 97% of its time.")


def test_a_name_of_plain_words_qualified_by_another_is_not_that_system():
    def names_as_baseline(sentence: str) -> bool:
        return compared_with(sentence, sentence.index("Sequence Parallelism"))

    assert names_as_baseline("Kite is 2x faster than Sequence Parallelism.")
    assert names_as_baseline("Kite is 2x faster than Ring-Style Sequence Parallelism.")
    assert not names_as_baseline("Kite is 2x faster than Ulysses Sequence Parallelism.")


def test_curated_roles_must_fit_the_abstract_and_name_a_role(tmp_path):
    record = (PAPERS / "flashattention-2.yaml").read_text(encoding="utf-8")
    short = record.replace("sentence_roles: [background, background,", "sentence_roles: [background,")
    with pytest.raises(DataError, match=r"overrides\.sentence_roles: 8 roles for 9 sentences"):
        paper_from_yaml(YamlFile.parse(tmp_path / "short.yaml", short))
    wrong = record.replace("sentence_roles: [background,", "sentence_roles: [context,")
    with pytest.raises(DataError, match=r"overrides\.sentence_roles\[0\]: 'context' is not a role"):
        paper_from_yaml(YamlFile.parse(tmp_path / "wrong.yaml", wrong))
    metric = record.replace("metric: speedup", "metric: speed")
    with pytest.raises(DataError, match=r"overrides\.headline\.metric: 'speed' is not a metric"):
        paper_from_yaml(YamlFile.parse(tmp_path / "metric.yaml", metric))


def test_a_misread_value_must_name_a_fact_kind(tmp_path):
    record = (PAPERS / "flashattention-2.yaml").read_text(encoding="utf-8")
    listed = record.replace("  sentence_roles:", "  misread: {speed: [2×]}\n  sentence_roles:", 1)
    with pytest.raises(DataError, match=r"overrides\.misread\.speed: unknown field"):
        paper_from_yaml(YamlFile.parse(tmp_path / "misread.yaml", listed))


def test_a_value_a_curator_marks_misread_is_counted_wrong_and_never_shown(catalog):
    path = PAPERS / "flashattention-2.yaml"
    paper, _lines = paper_from_yaml(YamlFile.parse(path, path.read_text(encoding="utf-8")))
    facts = {paper.id: extract_facts(paper.title, paper.abstract, catalog)}
    assert "A100" in own(facts[paper.id], "hardware")
    before = evaluate_attribution([paper], facts)
    paper.overrides["misread"] = {"hardware": ["A100"]}
    after = evaluate_attribution([paper], facts)
    assert after.misread_shown == 1 and before.misread_shown == 0
    assert after.kinds["hardware"].right == before.kinds["hardware"].right - 1
    assert after.context_shown_as_own == before.context_shown_as_own  # a misread value is no baseline's
    shown = derive_paper(paper, load_taxonomy(DATA / "taxonomy.yaml"), catalog)
    assert "A100" not in own(shown.facts, "hardware") and "misread" in shown.curated_keys


def test_the_eval_scores_links_between_papers_only_not_the_catalogue_names_a_curator_lists(catalog):
    """compares_to may name systems of the baseline catalogue; the eval measures the links between
    papers (it predicts no catalogue name), so a listed one is no miss of the machine's."""
    path = PAPERS / "flashattention-2.yaml"
    paper, _lines = paper_from_yaml(YamlFile.parse(path, path.read_text(encoding="utf-8")))
    facts = {paper.id: extract_facts(paper.title, paper.abstract, catalog)}
    paper.overrides["compares_to"] = ["FlashAttention"]
    report = evaluate_attribution([paper], facts)
    assert (report.compared_true, report.compared_false, report.compared_missed) == (0, 0, 0)


@pytest.mark.parametrize(
    "abstract, metric, value",
    [
        # an image size and an upscaling factor are not speedups; the comparison is
        (
            "We present Kite. Kite turns 512 times 512 latents into 4times and even 8times upscaled images, "
            "about 6times faster than cascaded pipelines.",
            "speedup",
            "~6×",
        ),
        # a reduction stays one when "end-to-end" follows it in another sense
        (
            "We present Kite. Kite reduces attention computation by 95% without degrading end-to-end generation quality.",
            "cost",
            "95% lower attention computation",
        ),
        # a figure for a component gives way to the end-to-end one of the same sentence
        (
            "We present Kite, which yields a 13.7x speedup in attention computation and a 2.2x end-to-end speedup.",
            "speedup",
            "2.2×",
        ),
        # the figure the experiments show beats one said of a part in passing
        (
            "We present Kite. Its new instruction is 2x faster than the old one. "
            "Experiments show that Kite achieves a 3.9x speedup over FlashAttention.",
            "speedup",
            "3.9×",
        ),
        # a projection is not a result
        (
            "We present Kite, which speeds up rollouts by 1.8x. "
            "We project that combining it with asynchronous training yields up to 2.5x end-to-end speedup.",
            "speedup",
            "1.8×",
        ),
        # a gain in latency is a latency result, whatever word says "gain"
        ("We present Kite, delivering up to 70x latency reduction on B200.", "latency", "up to 70× lower latency"),
        (
            "We present Kite. Kite improves p95 TTFT by 6.9-15.5% over load balancing.",
            "latency",
            "6.9–15.5% lower p95 TTFT",
        ),
        # a compression ratio and a smaller KV cache are memory results
        (
            "We present Kite. On Qwen2.5-3B-Instruct, Kite achieves 3.24x KV-cache compression with fp16-comparable "
            "quality, cutting per-layer error by 32-80%.",
            "memory",
            "3.24× KV-cache compression",
        ),
        # the later items of a list share the word that named the first
        (
            "We present Kite. Kite achieves compression ratios of up to 2187x for textured meshes, 55x for point "
            "clouds, and 619x for radiance fields.",
            "memory",
            "up to 2187× reduction",
        ),
        # a figure of one of the parts a work is built of is a component's
        (
            "We present Kite. Kite builds on two key innovations: (i) an autoencoder that achieves 32x spatial "
            "compression; and (ii) an adapter. The accelerated models achieve up to 14.8x lower inference latency.",
            "latency",
            "up to 14.8× lower inference latency",
        ),
        # a capacity that experiments show does not outrank a speedup stated later
        (
            "We present Kite. Experiments show that Kite increases the effective context length by 3.9x. Kite "
            "boosts decode throughput by 5.5-6.7x on a single GPU.",
            "speedup",
            "5.5–6.7×",
        ),
        ("We present Kite, which achieves over 50% reduction in KV cache.", "memory", ">50% lower KV cache"),
        # a LaTeX en dash ("8--11%") is a range
        ("We present Kite. Kite improves generation speed over EAGLE-3 by 8--11%.", "speedup", "8–11% faster"),
        # an improvement in accuracy or acceptance rate is not a speedup
        (
            "We present Kite, yielding ~10% acceptance rate improvements and a 5.5% improvement in accuracy, "
            "and 1.3x faster training.",
            "speedup",
            "1.3×",
        ),
        # a list's lone modifier shares the last item's noun, which names the metric
        (
            "We present Kite. Kite reduces prefill and decode latency by up to 31% and 14%, respectively.",
            "latency",
            "up to 31% lower prefill latency",
        ),
        # and of the two, the one said to be end-to-end is the whole work's
        (
            "We present Kite. Kite reduces prefill and end-to-end latency by up to 31% and 14%, respectively.",
            "latency",
            "14% lower end-to-end latency",
        ),
        # a component's figure gives way to one for the whole work
        (
            "We present Kite. Kite delivers a 5.2x attention speedup over FlashAttention, "
            "while achieving a 1.9x video generation speedup.",
            "speedup",
            "1.9×",
        ),
        # of a latency reduction and a speedup side by side, the first stated
        (
            "We present Kite. Kite gives 3.1x lower latency for chat serving and 5.4x higher throughput for batch jobs.",
            "latency",
            "3.1× lower latency",
        ),
        # a figure stated as a technique is introduced is a component's
        (
            "We present Kite. We propose a new pipeline schedule that improves throughput by 12%. "
            "Kite trains a 1T-parameter model at 410 petaFLOP/s on 2048 GPUs.",
            "throughput",
            "410 PFLOPS",
        ),
        # what the experiments show leads over a higher tier's figure stated in passing
        (
            "We present Kite. Extensive experiments show that Kite reduces model size by 8.2x. "
            "Kite also runs 1.5x faster on A100 GPUs.",
            "memory",
            "8.2× lower model size",
        ),
        # ... but not over a figure stated before it
        (
            "We present Kite. Kite runs 3x faster than vLLM. Experiments show that Kite reduces memory by 20%.",
            "speedup",
            "3×",
        ),
        # ... and a score they show outranks no efficiency figure: a reader compares systems by speed and cost
        (
            "We present Kite. Experiments show that Kite improves task accuracy by up to 3.1%. "
            "A fused kernel gives a 1.2x speedup.",
            "speedup",
            "1.2×",
        ),
        (
            "We present Kite. Experiments show that Kite improves task accuracy by up to 3.1%.",
            "quality",
            "up to 3.1% accuracy gain",
        ),
    ],
)
def test_the_headline_is_the_papers_main_figure(catalog, abstract, metric, value):
    headline = machine_headline(extract_facts("A title", abstract, catalog))
    assert headline is not None and (headline.metric, headline.value) == (metric, value)


def test_prior_work_named_as_what_is_beaten_keeps_the_sentence_the_papers():
    sentences = ["We present Kite.", "Kite cuts memory by 7× while outperforming existing baselines in quality."]
    assert sentence_roles(sentences, "Kite") == ["own", "own"]


def test_a_budget_is_not_a_result_but_a_boast_is(catalog):
    budget = "We present Kite. Our findings rest on 100 experiments consuming 500,000 GPU-hours."
    assert machine_headline(extract_facts("A title", budget, catalog)) is None
    boast = "We present Kite. Kite erases the target knowledge in about 1 GPU hour of finetuning."
    headline = machine_headline(extract_facts("A title", boast, catalog))
    assert headline is not None and (headline.metric, headline.value) == ("cost", "~1 GPU hour")
    varies = "We present Kite. Accuracy shows up to 9% variation in accuracy across GPU counts."
    assert machine_headline(extract_facts("A title", varies, catalog)) is None
    # a time or cost achieved, or boasted of after a currency sign, is a result too
    for abstract, value in (
        ("We present Kite. Kite achieves a first-packet latency of 234 ms.", "234 ms"),
        ("We present Kite. Kite generates a 5-second video in 2 seconds on a single H100 GPU.", "2 s"),
        ("We present Kite. With a total training cost of only $7,800, Kite reasons well.", "$7,800"),
        # or stated as the system's own time
        ("We present Kite. For Kite, the speech-to-text latency is approximately 90ms.", "~90 ms"),
        ("We present Kite. Kite is efficient (2.5 minutes per scene) and versatile.", "2.5 minutes"),
    ):
        headline = machine_headline(extract_facts("A title", abstract, catalog))
        assert headline is not None and headline.value == value, abstract


def test_a_phase_s_speedup_gives_way_to_the_end_to_end_one(catalog):
    abstract = (
        "We present Kite. Kite achieves up to 33% speedup in the rollout phase, up to 41% speedup in the "
        "training phase, and a 16% end-to-end speedup over BF16 training."
    )
    headline = machine_headline(extract_facts("A title", abstract, catalog))
    assert headline is not None and headline.numbers[:1] == ["16"]


def test_other_models_results_in_the_papers_sentence_are_context(catalog):
    abstract = (
        "We present Kite, a benchmark of GPU kernels. "
        "Kite-Coder-7B reaches 61% accuracy, while even the best-performing model achieves only 50.1% accuracy. "
        "Open-source and proprietary models suffer up to 35% and 28% drops in accuracy. "
        "With our recipe, open-source models reach 72% accuracy."
    )
    facts = [f for f in extract_facts("A title", abstract, catalog) if f.kind == "quality"]
    assert [f.value for f in facts if f.own] == ["61% accuracy", "72% accuracy"]
    assert all("50.1" in f.value or "35" in f.value or "28" in f.value for f in facts if not f.own)
    # "the best" model may be the paper's own: only a word of limitation makes it another's
    assert others_result_spans("The best model achieves 92% accuracy.") == []
    for sentence in (
        "The best-performing model, GPT-5.5 (xhigh), achieves only 57.3% accuracy.",
        "Most models score below 30% accuracy.",
        "We assess 12 voice systems: on mathematics a leading text model attains 74.8% accuracy.",
        "Experiments reveal a gap: general multimodal models can exceed 88% accuracy yet remain below 6% success.",
        "Kite uses fewer environments than prior work, which are often 5 times more, and trains faster.",
    ):
        assert others_result_spans(sentence) != [], sentence
    # general-purpose models made better by the paper's own method are the paper's result
    assert others_result_spans("With Kite, general-purpose models reach 90% accuracy.") == []


def test_a_share_kept_names_its_reference_and_a_range_is_no_change(catalog):
    kept = extract_facts("A title", "We present Kite. Kite retains 99.5% of FP16 accuracy at 4 bits.", catalog)
    assert context(kept, "precision") == ["FP16"]
    ranged = extract_facts("A title", "We train Kite models ranging from 1.5B to 72B parameters.", catalog)
    assert own(ranged, "model_scale") == ["1.5B", "72B"]
    # "no prior implementation exists" and "against existing ones" do not make a sentence prior work
    sentences = [
        "We present Kite.",
        "Where no prior implementation exists, Kite is 1.5x faster.",
        "Verified against existing implementations, Kite is 5x faster.",
        "The dense model is 1.7x as efficient, while the complete system reaches 7.3x.",
    ]
    assert sentence_roles(sentences, "Kite") == ["own", "own", "own", "own"]
    assert baseline_spans(sentences[3]) == []
    # a range of the paper's own sizes is no change; a model's size changed is
    assert baseline_spans("We evaluate Kite on the Orca series from 0.6B to 14B.") == []
    assert baseline_spans("We compress the model from 7B to 3B.") != []
    # the paper's method applied to current models; "the paper introduces" turns to the paper's own work
    applied = ["We present Kite.", "Fine-tuned results on current foundation models yield gains (+4.2%)."]
    assert sentence_roles(applied, "Kite") == ["own", "own"]
    introduced = ["GUI agents are popular.", "The paper introduces Owl-1.5, in sizes 2B/8B."]
    assert sentence_roles(introduced, "Kite") == ["background", "own"]
    # what the paper is comparable to is no prior work of its own sentence; "while (adverb) outperforming" is the paper's
    compared = [
        "We present Kite.",
        "Kite performs comparably to the best previously reported setup while being 200x faster.",
    ]
    assert sentence_roles(compared, "Kite") == ["own", "own"]
    assert baseline_spans("Kite matches X while significantly outperforming baselines with a 1.6x speedup.") == []


def test_what_a_beaten_baseline_was_trained_on_or_achieves_is_its_own(catalog):
    trained = "We present Kite. Kite-7B outperforms open models trained on 20x more data on six benchmarks."
    assert context(extract_facts("A title", trained, catalog), "scale") == ["20× more data"]
    which = (
        "We present Kite. Kite outperforms the standard top-2 router with 16 experts, which achieves 2.5x fewer "
        "FLOPs (2.5x for text, 2.2x for code)."
    )
    assert own(extract_facts("A title", which, catalog), "reduction") == []
    facts = extract_facts(
        "A title", "Kite outperforms FlashAttention-2, which reaches 2.1x over PyTorch, by 1.3x on H100.", catalog
    )
    assert (own(facts, "speedup"), context(facts, "speedup")) == (["1.3×"], ["2.1×"])


def test_a_baseline_s_size_told_in_a_bracket_between_dashes_or_before_the_word_baseline(catalog):
    cases = {
        "Kite-4B even matches the performance of larger agents (approximately 70B).": ("model_scale", "70B"),
        "Kite-2B is competitive with Orca-13B (41.2) - a model 6x larger - on every suite.": ("scale", "6× larger"),
        "Kite trains for $90 on one GPU, compared to $12,400 for the 64-GPU baseline.": ("gpu_count", "64 GPUs"),
        "Kite needs only 1/12 of Orca-70B's FLOPs per token.": ("model_scale", "70B"),
    }
    for sentence, (kind, value) in cases.items():
        facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
        assert value in context(facts, kind) and value not in own(facts, kind), sentence
    # the paper's own sizes in the same sentences stay its own
    facts = extract_facts(
        "A title", "We present Kite. Kite-4B even matches larger agents (approximately 70B).", catalog
    )
    assert own(facts, "model_scale") == ["4B"]


def test_a_device_model_number_is_no_gpu_count(catalog):
    facts = extract_facts("A title", "We present Kite. Kite trains on a single RTX PRO 6000 GPU in a day.", catalog)
    assert [f.value for f in facts if f.kind == "gpu_count"] == []


def test_the_system_named_with_its_size_is_the_paper_s_own():
    sentences = [
        "GUI agents are popular.",
        "We propose Kite.",
        "Despite being smaller, Kite-3B outperforms Orca-7B by 8%.",
    ]
    assert sentence_roles(sentences, "Kite")[2] in ("own", "mixed")
    # a longer name that only starts with the system's is another system
    later = ["We propose Kite.", "However, Kite-Net fails on long inputs."]
    assert sentence_roles(later, "Kite")[1] == "background"


def test_examples_of_a_group_of_others_models_are_context(catalog):
    for sentence, sizes in (
        (
            "Proprietary models lead, though open-source models like Orca-2-8B and Nova-19B stay competitive.",
            ["8B", "19B"],
        ),
        ("This runs against scaling up, as seen in models like Orca R1 (671B) and Nova k2 (>1T).", ["671B", "1T"]),
    ):
        facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
        assert (own(facts, "model_scale"), context(facts, "model_scale")) == ([], sizes), sentence
    # the paper's own models, or the models its method runs on, stay its own
    for sentence in (
        "We release open-source models such as Kite-7B and Kite-70B.",
        "Experiments on state-of-the-art models like Orca-13B show that Kite achieves 3.1x speedups.",
    ):
        facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
        assert context(facts, "model_scale") == [] and context(facts, "speedup") == [], sentence


def test_more_objects_of_a_beating_verb_are_baselines_and_the_margins_the_paper_s(catalog):
    cases = {
        # a second object after the paper's margin over the first
        "Kite surpasses the 70B Orca by 21% on Geo and the 34B Wren by 12% on Pix.": ["70B", "34B"],
        # a comparison with words between "comparable" and "to"
        "Kite yields comparable reasoning scores to Orca 3.1 8B at a fraction of its latency.": ["8B"],
        # a bound on a group's size in brackets
        "Kite outperforms heavily scaled open models (up to 70B) on every suite.": ["70B"],
        # what the paper comes close to
        "Tuning Kite on 900 examples brings its accuracy close to that of a 405B-parameter model.": ["405B"],
    }
    for sentence, sizes in cases.items():
        facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
        assert context(facts, "model_scale") == sizes and own(facts, "model_scale") == [], sentence
    facts = extract_facts("A title", "We present Kite. Kite surpasses the 70B Orca by 21% and 12% on Geo.", catalog)
    assert own(facts, "quality") != [] and context(facts, "quality") == []
    # but what the paper needs is its own: "comparable accuracy with only 8B parameters"
    facts = extract_facts(
        "A title", "We present Kite. Kite reaches comparable accuracy with only 8B parameters.", catalog
    )
    assert own(facts, "model_scale") == ["8B"]


def test_a_paper_that_evaluates_others_knows_what_it_evaluated(catalog):
    assert evaluates_others("Kite-Bench: How Far Are Agents from Clinicians?", [])
    assert evaluates_others("A study", ["We then introduce Kite, a new benchmark of 900 expert questions."])
    assert evaluates_others("A study", ["We evaluate 14 open and proprietary LLMs on our tasks."])
    assert not evaluates_others("Kite: Fast Decoding", ["We present Kite, a decoder that is 2x faster on A100."])
    intro = "We introduce Kite-Bench, a benchmark of 900 chart questions."
    for sentence, value in {
        "Although humans achieve 92% accuracy, the models lag far behind.": "92% accuracy",
        "Our results show that LLMs achieve only 61% accuracy on it.": "61% accuracy",
        "The best models scored in 55-60% accuracy ranges on hard items.": "55–60% accuracy",
        "Individual models range from 17.5% to 80.2% accuracy across categories.": "80.2% accuracy",
    }.items():
        facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
        assert value in context(facts, "quality") and own(facts, "quality") == [], sentence
    # the paper's own system, and models trained on its data, are its own even there
    for sentence in (
        "The full system achieves 64% accuracy on the hardest split.",
        "Models fine-tuned on our data achieve 58% accuracy on the hardest split.",
    ):
        facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
        assert own(facts, "quality") != [], sentence
    # and outside such a paper, a group's plain result is not taken as someone else's
    facts = extract_facts("Kite", "We present Kite. With Kite, small models achieve 71% accuracy.", catalog)
    assert own(facts, "quality") == ["71% accuracy"]


def test_a_prior_as_a_noun_is_no_prior_work():
    sentences = [
        "We present Kite, a model for 3D scene completion.",
        "Its depth branch serves as a global prior for the decoder, cutting errors by 12%.",
        "Prior methods need dense labels for every scene.",
    ]
    roles = sentence_roles(sentences, "Kite")
    assert roles[1] == "own"
    assert roles[2] != "own"  # prior work named as such still is


def test_a_model_named_as_the_subject_of_an_evaluation_paper_is_evaluated(catalog):
    assert not evaluates_others("Are Reasoning Models Good Translation Evaluators?", [])
    intro = "We introduce Kite-Bench, a benchmark of 900 chart questions."
    for sentence, value in {
        "Notably, OpenAI's GPT-5 with CoT achieves only 31.2% accuracy on it.": "31.2% accuracy",
        "The gap is wide: the best LMM lags behind human performance by 30.5%.": "30.5%",
    }.items():
        facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
        assert [v for v in context(facts, "quality") if value in v] and own(facts, "quality") == [], sentence
    # the paper's own model, its results told after a clause of its own, and what it beats are its own
    for sentence in (
        "Experiments on A-Bench and B-Bench show that Kite-Agent achieves 45.1% accuracy.",
        "Our trained model, Qwen2-7B-Kite, reaches 44.0% accuracy on the hard split.",
        "Kite-Agent outperforms the strongest baseline, an agent using Orca-1.5 and GPT-4o, achieving 6.7% higher accuracy.",
    ):
        facts = extract_facts("Kite-Bench", f"{intro} We also propose Kite-Agent. {sentence}", catalog)
        assert own(facts, "quality") != [], sentence


def test_the_paper_s_result_after_its_comparison_is_its_own(catalog):
    cases = {
        # "approaches" as a noun is no verb whose object follows
        "Kite significantly outperforms baseline prompting approaches, achieving up to 5.9% accuracy gains.": "quality",
        # a participle after a comparison returns to the paper's result
        "Kite achieves higher attack success rates than prior injection methods, improving from 4.1% to 30.2% on A.": (
            "quality"
        ),
        # a "vs." pair's clause ends at its bracket
        "Kite improves over the base model in clarity (71.5% vs. 70.1%), accuracy (82.0% vs. 78.8%).": "quality",
    }
    for sentence, kind in cases.items():
        facts = extract_facts("A title", f"We present Kite. {sentence}", catalog)
        assert own(facts, kind) != [] and context(facts, kind) == [], sentence
    # the next name that opens a clause of its own is no baseline, and what is "within N points of" is one
    facts = extract_facts(
        "A title", "We present Kite. Kite-3B surpasses Orca-4, and Kite-7B outperforms Wren-R1 by 2.1%.", catalog
    )
    assert own(facts, "model_scale") == ["3B", "7B"]
    facts = extract_facts(
        "A title", "We present Kite. The 8B agent achieves 29.1%, coming within 5 points of 32B-scale agents.", catalog
    )
    assert context(facts, "model_scale") == ["32B"]


def test_more_subjects_an_evaluation_paper_evaluates(catalog):
    intro = "We introduce Kite-Bench, a benchmark of 900 chart questions."
    for sentence, value in {
        # the best of a group, named after "i.e.," in brackets
        "We find a gap between the strongest proprietary model (i.e., Orca-4o), which achieves 45.2% accuracy, "
        "and the strongest open model.": "45.2% accuracy",
        # a model named after "the open-source model", its verb after a clause in commas
        "For instance, the open-source model Wren-R1, when paired with a sparse retriever, achieves 4.1% accuracy.": (
            "4.1% accuracy"
        ),
        # a name in lower case with its version
        "The strongest models perform as follows: orca-sonnet-4.5 achieves 35.1% pass@10 on it.": "35.1% pass@10",
    }.items():
        facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
        assert value in context(facts, "quality") and own(facts, "quality") == [], sentence


def test_a_baseline_as_the_subject_is_a_baseline_unless_it_is_compared_with(catalog):
    facts = extract_facts(
        "A title", "We present Kite. The autoregressive baseline achieved state finality in under 12 seconds.", catalog
    )
    assert context(facts, "latency") == ["<12 s"] and own(facts, "latency") == []
    facts = extract_facts(
        "A title", "We present Kite. Compared with the strongest baseline, Kite achieves a 3.5x speedup.", catalog
    )
    assert own(facts, "speedup") == ["3.5×"]


def test_the_time_people_take_is_no_latency(catalog):
    sentence = "Each task is a workflow that takes human users a median of about 1.5 hours to complete."
    assert [
        fact for fact in extract_facts("A title", f"We present Kite. {sentence}", catalog) if fact.kind == "latency"
    ] == []
    facts = extract_facts("A title", "We present Kite. Our pipeline takes about 2 hours on one GPU.", catalog)
    assert own(facts, "latency") == ["~2 hours"]


def test_a_signed_gain_after_what_the_paper_matches_is_the_paper_s(catalog):
    facts = extract_facts(
        "A title",
        "We present Kite. Kite raises dialect accuracy compared with the standard prompt (+31.2%).",
        catalog,
    )
    assert own(facts, "quality") == ["+31.2%"]


def test_an_evaluation_paper_s_own_method_after_experiments_on_models(catalog):
    intro = "We introduce Kite-Bench, a benchmark of 900 chart questions."
    sentence = (
        "Experiments on models such as Orca 1.5 show that our method is able to raise performance on five "
        "dialects (+30.1%)."
    )
    facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
    assert own(facts, "quality") == ["+30.1%"]
    # while a group that clusters around a score is what was evaluated
    sentence = "Our analyses reveal that fast voice systems cluster around ~12% accuracy."
    facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
    assert own(facts, "quality") == [] and context(facts, "quality") == ["~12% accuracy"]


def test_what_describes_the_baseline_in_a_comparison_is_the_baseline_s(catalog):
    facts = extract_facts(
        "A title",
        "We present Kite. Kite is 5-12 pp more accurate than tree models that are trained on up to 16x more data.",
        catalog,
    )
    assert context(facts, "scale") == ["up to 16× more data"]
    # but a clause after a comma may say what the paper's result means
    facts = extract_facts(
        "A title",
        "We present Kite. Kite has 2x higher throughput than vLLM, which translates to 30% lower cost.",
        catalog,
    )
    assert own(facts, "reduction") == ["30% lower cost"]


def test_the_models_an_evaluation_paper_lists_are_evaluated(catalog):
    intro = "We introduce Kite-Bench, a benchmark of 900 chart questions."
    sentence = "We benchmark 21 leading LMMs, including large open-weight models (Orca-4 106B, Wren 78B)."
    facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
    assert own(facts, "model_scale") == [] and context(facts, "model_scale") == ["106B", "78B"]
    sentence = "Kite-Bench spans 15 models, including small (Orca-2B) and standard (Wren 7B-32B) ones."
    facts = extract_facts("Kite-Bench", f"{intro} {sentence}", catalog)
    assert own(facts, "model_scale") == []


def test_the_standard_model_s_result_is_a_baseline_s(catalog):
    abstract = (
        "We present Kite. In long-horizon tasks where the standard model suffers a total collapse (0% accuracy), "
        "Kite restores accuracy to 48%."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert "0% accuracy" in context(facts, "quality") and "0% accuracy" not in own(facts, "quality")
    facts = extract_facts("A title", "We present Kite. Our standard model achieves 61% accuracy.", catalog)
    assert own(facts, "quality") == ["61% accuracy"]


def test_what_the_paper_s_own_work_yields_is_its_own_in_an_evaluation_paper(catalog):
    abstract = (
        "We present Kite-Engine, a pipeline that builds instruction data. Our Kite-Engine pipeline yields training "
        "data Wren-Instruct-23k. We further introduce Kite-Eval, a new benchmark. Experiments demonstrate that "
        "fine-tuning MLLMs on Wren-Instruct-23k achieves notable gains on IF benchmarks, such as Kite-Eval (+9.1%)."
    )
    facts = extract_facts("Kite-Engine: Towards Instruction Following", abstract, catalog)
    assert own(facts, "quality") == ["+9.1%"]


def test_a_comparison_a_few_words_before_prior_work_keeps_the_sentence_the_paper_s():
    sentences = [
        "We present Kite, a memory framework.",
        "Bug fixes (+175%) exceed all tuning, showing capabilities beyond the reach of traditional AutoML.",
    ]
    assert sentence_roles(sentences, "Kite")[1] == "own"


def test_a_baseline_s_score_in_brackets_after_it_is_the_baseline_s(catalog):
    abstract = (
        "We present Kite. Starting from a naive baseline (F1=0.121 on a memory benchmark), the pipeline runs "
        "50 experiments. The resulting system improves F1 by 380%."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert context(facts, "quality") == ["0.121 F1"]
    # but the paper's margins over the base model, in brackets, are its own
    facts = extract_facts(
        "A title", "We present Kite. Kite has large gains over the base model (+11.0% on Wren).", catalog
    )
    assert own(facts, "quality") != []


def test_a_model_named_with_its_version_in_words_is_an_evaluated_subject(catalog):
    intro = "We introduce Kite-Bench, a benchmark of 900 fact questions."
    facts = extract_facts("Kite-Bench", f"{intro} On it, Orca 2.5 Pro achieves an F1-score of 55.2.", catalog)
    assert own(facts, "quality") == [] and context(facts, "quality") == ["55.2 F1"]


def test_a_curators_context_value_is_someone_elses_in_mixed_sentences_only(catalog):
    # "A100" is the baseline's in the mixed sentence; the own sentence's A100 is where the paper ran
    abstract = (
        "We present X, a new decoding method. X achieves up to 2.3x speedup on an A100 GPU. "
        "On two RTX 4090 GPUs it is only half as slow as the baseline on an A100."
    )
    facts = extract_facts("X: fast decoding", abstract, catalog, ["own", "own", "mixed"], ["A100"])
    assert [(f.value, f.own) for f in facts if f.kind == "hardware"] == [("A100", True), ("RTX 4090", True)]
    facts = extract_facts("X: fast decoding", abstract, catalog, ["own", "mixed", "mixed"], ["A100"])
    assert ("A100", False) in [(f.value, f.own) for f in facts if f.kind == "hardware"]


def test_while_and_a_gerund_after_a_comparison_go_on_with_the_paper(catalog):
    sentence = (
        "X achieves 12x higher throughput compared to existing serving systems while only adding 2ms latency per token."
    )
    facts = extract_facts("X: serving", f"We present X. {sentence}", catalog)
    assert [(f.value, f.own) for f in facts if f.kind == "latency"] == [("2 ms", True)]
    rival = "X achieves 12x higher throughput compared to Y, while Y needs 2ms per token."
    facts = extract_facts("X: serving", f"We present X. {rival}", catalog)
    assert [(f.value, f.own) for f in facts if f.kind == "latency"] == [("2 ms", False)]


def test_less_than_an_amount_in_words_is_a_hedge_not_a_rival(catalog):
    sentence = "Users adapt X to new conditions with less than one hour of single-GPU training."
    facts = extract_facts("X: control", f"We present X. {sentence}", catalog)
    assert [(f.value, f.own) for f in facts if f.kind == "gpu_count"] == [("1 GPU", True)]
    rival = "X adapts to new conditions faster than the single-GPU training of Y."
    facts = extract_facts("X: control", f"We present X. {rival}", catalog)
    assert [(f.value, f.own) for f in facts if f.kind == "gpu_count"] == [("1 GPU", False)]


def test_a_rival_s_paired_scores_and_relative_size_in_brackets_are_the_rival_s(catalog):
    abstract = (
        "We present a one-step generator. It reaches 6.1 FID, outperforming a distilled rival (6.9 FID / 0.70 "
        "GenEval) while being 8x faster. Our 0.5B model surpasses a 10B rival (20times more parameters)."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert context(facts, "quality") == ["6.9 FID"]
    assert not [value for value in own(facts, "scale") if "20×" in value]
    assert own(facts, "speedup") == ["8×"]


def test_the_sizes_of_the_model_a_method_compresses_are_not_its_own(catalog):
    abstract = (
        "We present a pruning framework. Using it, we compress a large MoE (40B total/6B activated parameters) "
        "to create a small MoE (8B total/2B activated parameters)."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert context(facts, "model_scale") == ["40B", "6B"]
    assert own(facts, "model_scale") == ["8B", "2B"]


def test_the_size_of_a_group_the_paper_is_set_against_with_than_is_the_group_s(catalog):
    abstract = (
        "We present Kite. It reaches lower error than a suite of recurrent baselines with up to 9x more parameters."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert own(facts, "scale") == []
    assert context(facts, "scale") == ["up to 9× more parameters"]


def test_a_relative_clause_of_the_paper_s_own_in_a_comparison_is_the_paper_s(catalog):
    abstract = "We present Kite. It is more effective than token baselines (on which our method yields a 25% reduction in FID)."
    facts = extract_facts("A title", abstract, catalog)
    assert own(facts, "quality") == ["25% lower FID"]


def test_after_the_turn_a_sentence_set_against_others_with_unlike_is_the_paper_s(catalog):
    abstract = (
        "We present a tracker. Unlike existing methods, which are limited by sparse tracking, the tracker "
        "runs over 6x faster than previous methods."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert own(facts, "speedup") == [">6×"]


def test_how_a_rival_the_paper_matches_was_run_is_the_rival_s(catalog):
    abstract = (
        "We present a 1-bit policy. It achieves performance comparable to a leading policy with 4-bit "
        "post-training quantization, while consuming only 30% of the memory."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert "4-bit" not in own(facts, "precision")


def test_a_name_after_and_that_opens_a_clause_ends_the_rival_s_object(catalog):
    abstract = (
        "We present Kite-Search and Kite-Act. Results show Kite-Search is comparable to mainstream search "
        "agents and Kite-Act delivers approximately 12% inference acceleration."
    )
    facts = extract_facts("A title", abstract, catalog)
    assert own(facts, "speedup") == ["~12% faster"]


@pytest.mark.parametrize(
    ("abstract", "kind", "value"),
    [
        # a level others' models reach, which the paper's model is set against
        ("Kite: A 0.3B Lightweight Inpainting Framework with 12B-Level Performance", "model_scale", "12B"),
        # the model the paper's model is derived from
        ("We present Kite-40B, a publicly available model derived from Lumo-3-65B-Instruct.", "model_scale", "65B"),
        # a rival described in apposition, with how it was trained
        (
            "We present Kite. Kite, trained for 90 GPU-hours, matches VeLO, the largest public learned optimizer, "
            "meta-trained with 3000 TPU-months of compute.",
            "hardware",
            "TPU",
        ),
        # what the paper's figure replaces
        (
            "We present Kite. Kite stores a vector in 64 bytes instead of 2048 bytes for dense storage.",
            "memory",
            "2048 bytes",
        ),
        # the group a gain in a score is over
        (
            "We present Kite. Our 7B model achieves a 20% boost in Top-5 accuracy over massive models (e.g., Lumo-200B).",
            "model_scale",
            "200B",
        ),
        # a contrast after the turn: the same model trained the usual way
        (
            "We present a multi-attempt task. Trained on it, a small model improves from 40% to 50%. In contrast, "
            "the same model trained on a single-turn task improves only from 41.1% to 41.9%.",
            "quality",
            "41.9% (from 41.1%)",
        ),
        # the one that did it before, named between commas
        (
            "We present Kite. It is the second open model, after Lumo-600B-A30B, to reach gold-medal level.",
            "model_scale",
            "600B",
        ),
        # an oracle's figures
        (
            "We present Kite. It recovers much of the gain of an oracle with access to 10x more unique data.",
            "scale",
            "10× more unique data",
        ),
    ],
)
def test_values_of_others_from_the_last_rounds_are_not_the_paper_s(catalog, abstract, kind, value):
    facts = extract_facts("A title", abstract, catalog)
    assert value not in own(facts, kind)


def test_a_model_distilled_or_fine_tuned_from_keeps_its_source_s_size_as_its_own(catalog):
    facts = extract_facts("A title", "We present Kite. Our best model, distilled from Lumo-8B-Instruct, wins.", catalog)
    assert own(facts, "model_scale") == ["8B"]


def test_an_sft_model_s_bracketed_score_is_the_sft_model_s(catalog):
    abstract = "We present Kite. With one demonstration, it lifts an unworkable SFT model (3%) to a 95% success rate."
    facts = extract_facts("A title", abstract, catalog)
    assert context(facts, "quality") == ["3% success rate"]


def test_device_months_are_no_count_of_devices(catalog):
    facts = extract_facts("A title", "We present Kite. Its rival used 4000 TPU-months of compute.", catalog)
    assert own(facts, "gpu_count") + context(facts, "gpu_count") == []


def test_a_challenge_report_s_better_entrant_is_an_entrant(catalog):
    abstract = (
        "We present the evaluation methodology, datasets and results of the Kite Challenge 2025. "
        "A more practical 2025 method for this task is Lumo, which takes only 0.5s per image and is 20X faster "
        "than the best 2024 method."
    )
    facts = extract_facts("Kite Challenge 2025 on Pose Estimation", abstract, catalog)
    assert own(facts, "speedup") == [] and own(facts, "latency") == []
