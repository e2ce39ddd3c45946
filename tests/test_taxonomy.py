"""The taxonomy file and the rule-based classifier, on real abstracts from the seed dumps."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from digest.derive.classify import classify, explain
from digest.derive.corpus import derive_paper
from digest.derive.hardware_catalog import load_hardware
from digest.derive.taxonomy import Topic, load_taxonomy, unknown_columns
from digest.derive.vocabularies import memory_tiers as derive_memory_tiers
from digest.derive.vocabularies import parallelism as derive_parallelism
from digest.derive.vocabularies import workloads as derive_workload
from digest.errors import DataError, DigestError
from digest.records.model import Paper
from digest.render.columns import TABLE_COLUMNS as COLUMNS

REPO = Path(__file__).resolve().parent.parent
CASES = yaml.safe_load((REPO / "tests" / "fixtures" / "classify_cases.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def taxonomy():
    return load_taxonomy(REPO / "data" / "taxonomy.yaml")


def seed_paper(title_start: str) -> dict:
    """A paper of the fixture file, by the start of its title."""
    return next(paper for paper in CASES if paper["title"].startswith(title_start))


# A small, valid taxonomy that the validation tests break one field at a time.
MINIMAL = """\
title_weight: 3
topics:
  - slug: offloading
    name: Offloading
    description: Moving model state between GPU memory, CPU memory and SSDs.
    threshold: 2
    columns: [system, memory_tiers]
    rules:
      - {pattern: "offload*", weight: 2}
      - {pattern: "KV cache", weight: 1}
      - {pattern: "without offloading", weight: -3}
  - slug: kernels
    name: Kernels
    description: Faster GPU kernels.
    columns: [system, hardware]
    rules:
      - {pattern: "(CUDA|Triton) kernels?", weight: 3}
fallback:
  slug: other
  name: Other GPU work
  description: Everything else.
  columns: [system]
tags:
  - slug: kv-cache
    name: KV cache
    match: ["KV cache"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "taxonomy.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def load_error(tmp_path: Path, text: str) -> DataError:
    path = write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_taxonomy(path)
    assert caught.value.path == str(path)
    return caught.value


# ------------------------------------------------------------------------------------- real papers


@pytest.mark.parametrize("paper", CASES, ids=[c["title"][:48] for c in CASES])
def test_seed_papers_get_the_topics_a_reader_gives_them(taxonomy, paper):
    result = classify(paper["title"], paper["abstract"], taxonomy)
    assert set(result.rule_topics) == set(paper["topics"]), explain(paper["title"], paper["abstract"], taxonomy)


def test_a_description_is_its_scope_then_its_boundary():
    topic = Topic(
        "serving",
        "Serving",
        "Running trained models: engines, e.g. vLLM-like ones. Speculative decoding counts. A kernel does not.",
        (),
    )
    assert topic.scope == "Running trained models: engines, e.g. vLLM-like ones."
    assert topic.boundary == "Speculative decoding counts. A kernel does not."
    assert Topic("other", "Other", "One sentence only.", ()).boundary == ""


def test_words_said_in_passing_do_not_make_a_topic(taxonomy):
    detector = classify(
        "SSD: Single Shot MultiBox Detector",
        "We present a method for detecting objects in images using a single deep neural network. "
        "Our approach, named SSD, discretizes the output space of bounding boxes into a set of "
        "default boxes over different aspect ratios and scales per feature map location.",
        taxonomy,
    )
    assert detector.fallback, "the SSD object detector is not about SSD storage"
    model = classify(
        "An Open 70B Language Model",
        "We pretrain the model on 2,048 H100 GPUs with tensor and pipeline parallelism and report "
        "its results on reasoning benchmarks.",
        taxonomy,
    )
    assert model.fallback, "training with parallelism is not a paper about parallelism"


def test_a_paper_that_matches_no_topic_falls_back_to_other(taxonomy):
    paper = seed_paper("Who's Harry Potter")
    result = classify(paper["title"], paper["abstract"], taxonomy)
    assert result.fallback
    assert [(m.slug, m.score, m.matches) for m in result.topics] == [("other", 0, ())]
    assert result.rule_topics == ("other",)


def test_scores_are_kept_for_every_topic_with_the_sentence_of_each_match(taxonomy):
    paper = seed_paper("Adding NVMe SSDs")
    result = classify(paper["title"], paper["abstract"], taxonomy)
    assert [s.slug for s in result.scores] == ["offloading", "parallelism", "kernels", "serving", "hardware"]
    offloading = result.topics[0]
    assert offloading.slug == "offloading" and offloading.score >= offloading.threshold
    nvme_in_title = next(m for m in offloading.matches if m.rule == "NVMe" and m.where == "title")
    assert nvme_in_title.phrase == "NVMe" and nvme_in_title.snippet == paper["title"]
    swapping = next(m for m in offloading.matches if m.rule == "swap*")
    assert swapping.phrase == "swapping"
    # The sentence around the match, cut at whole words when it is long.
    assert swapping.snippet == (
        "…suffers from two severe issues when running in a commodity server: "
        "1) low GPU utilization due to inefficient swapping, and 2) limited trainable model "
        "size due to CPU memory capacity."
    )


def test_topics_come_best_first(taxonomy):
    paper = seed_paper("ZeRO-Infinity")
    result = classify(paper["title"], paper["abstract"], taxonomy)
    scores = [m.score for m in result.topics]
    assert scores == sorted(scores, reverse=True)


def test_tags_name_the_secondary_subjects(taxonomy):
    triforce = seed_paper("TriForce")
    tags = classify(triforce["title"], triforce["abstract"], taxonomy).tags
    assert {"speculative-decoding", "kv-cache", "long-context", "llm", "inference"} <= set(tags)
    assert "training" not in tags
    assert {tag.slug for tag in taxonomy.tags} >= set(tags)


def test_memory_tiers_and_workload_are_derived_from_the_text(taxonomy):
    fuyou = seed_paper("Adding NVMe SSDs")
    text = f"{fuyou['title']}. {fuyou['abstract']}"
    assert derive_memory_tiers(text, taxonomy) == ["GPU HBM", "CPU DRAM", "NVMe SSD"]
    assert derive_workload(text, taxonomy) == ["fine-tuning", "training"]
    sarathi = seed_paper("Taming Throughput-Latency")
    assert derive_workload(f"{sarathi['title']}. {sarathi['abstract']}", taxonomy) == ["inference"]
    # One passing mention is context, not the paper's workload.
    assert derive_workload("We serve the model without retraining it.", taxonomy) == []


def test_the_gpus_own_memory_alone_is_no_memory_tier(taxonomy):
    """Every GPU paper's data is in GPU memory: naming only it says nothing about tiers."""
    assert derive_memory_tiers("Training is limited by GPU memory capacity.", taxonomy) == []
    assert derive_memory_tiers("ZO2 shifts model parameters between the CPU and GPU, within GPU memory.", taxonomy) == [
        "GPU HBM",
        "CPU DRAM",
    ]
    # and with another tier it is one end of the traffic, named or not
    assert derive_memory_tiers("Weights are kept on NVMe SSDs.", taxonomy) == ["GPU HBM", "NVMe SSD"]
    assert derive_memory_tiers("It trains large models by offloading data and compute to CPU.", taxonomy) == [
        "GPU HBM",
        "CPU DRAM",
    ]


# ------------------------------------------------------------------------------------- matching


def test_patterns_tolerate_hyphens_spaces_and_case(tmp_path):
    taxonomy = load_taxonomy(write(tmp_path, MINIMAL))
    for text in ("the KV cache", "the KV-cache", "a kv-Cache", "the KVcache"):
        assert "kv-cache" in classify("", text, taxonomy).tags, text


def test_patterns_match_whole_words_only(tmp_path):
    taxonomy = load_taxonomy(write(tmp_path, MINIMAL))
    assert classify("", "We run CUDA kernels and offloaded layers.", taxonomy).rule_topics == ("kernels", "offloading")
    # "offload*" needs a word start; "Triton kernels?" may not run on into "kernelsmith".
    assert classify("", "Unoffloaded data and Triton kernelsmith.", taxonomy).fallback


def test_title_matches_count_title_weight_times(tmp_path):
    taxonomy = load_taxonomy(write(tmp_path, MINIMAL))
    result = classify("Offloading for all", "We offload weights.", taxonomy)
    [offloading] = [s for s in result.scores if s.slug == "offloading"]
    assert [(m.where, m.phrase, m.points) for m in offloading.matches] == [
        ("title", "Offloading", 6),
        ("abstract", "offload", 2),
    ]
    assert offloading.score == 8


def test_negative_rules_are_counter_evidence(tmp_path):
    taxonomy = load_taxonomy(write(tmp_path, MINIMAL))
    result = classify("", "It trains without offloading.", taxonomy)
    assert [s.score for s in result.scores if s.slug == "offloading"] == [-1]
    assert result.fallback


def test_web_addresses_do_not_score(taxonomy):
    abstract = "Code: https://github.com/org/offloading-nvme-ssd and github.com/thu-nics/mbq"
    result = classify("A model", abstract, taxonomy)
    assert result.fallback
    assert all(not s.matches for s in result.scores)


# ------------------------------------------------------------------------------------- curation and explain


def curated(paper: dict, topics: list[str], taxonomy):
    record = Paper(id="p", title=paper["title"], abstract=paper["abstract"], topics=topics)
    return derive_paper(record, taxonomy, load_hardware(REPO / "data" / "hardware.yaml"))


def test_curated_topics_are_the_decision_and_the_rules_stay_evidence(taxonomy):
    paper = seed_paper("Adding NVMe SSDs")
    machine = classify(paper["title"], paper["abstract"], taxonomy)
    derived = curated(paper, ["serving", "hardware", "serving"], taxonomy)
    assert derived.curated_topics == ("serving", "hardware") and derived.is_curated("topics")
    assert derived.classification == machine and machine.rule_topics == ("offloading",)
    assert curated(paper, [], taxonomy).curated_topics is None


def test_a_curated_topic_must_exist(taxonomy):
    with pytest.raises(DigestError, match="unknown topic 'offload'"):
        curated(seed_paper("Adding NVMe SSDs"), ["offload"], taxonomy)


def test_explain_names_scores_thresholds_and_matched_phrases(taxonomy):
    paper = seed_paper("Adding NVMe SSDs")
    text = explain(paper["title"], paper["abstract"], taxonomy)
    offloading = next(line for line in text.splitlines() if line.startswith("offloading:"))
    assert "(threshold 4, yes)" in offloading
    assert "title: 'NVMe' (+6), 'SSDs' (+2)" in offloading
    assert "'swapping' (+1)" in offloading and "'CPU memory' (+2)" in offloading
    assert "kernels: score 0 (threshold 4, no) — no rule matched" in text
    assert "tags: " in text and "fine-tuning (title: 'Fine-tuning' (+2)" in text
    assert (
        text.splitlines()[-1] == "topics by the rules alone: offloading (where the model learned a topic, it decides)"
    )


def test_explain_says_when_a_curator_overrode_the_classifier(taxonomy):
    paper = seed_paper("Adding NVMe SSDs")
    last = explain(paper["title"], paper["abstract"], taxonomy, curated_topics=["hardware"]).splitlines()[-1]
    assert last == "topics: hardware — curated in the record, overriding the classifier's offloading"
    other = seed_paper("Who's Harry Potter")
    last = explain(other["title"], other["abstract"], taxonomy, curated_topics=["serving"]).splitlines()[-1]
    assert "overriding the classifier's other (no topic reached its threshold)" in last


# ------------------------------------------------------------------------------------- the repository's taxonomy


def test_the_repository_taxonomy_has_five_topics_then_other(taxonomy):
    assert [t.slug for t in taxonomy.topics] == ["offloading", "parallelism", "kernels", "serving", "hardware", "other"]
    assert taxonomy.topic_slugs == {"offloading", "parallelism", "kernels", "serving", "hardware", "other"}
    assert taxonomy.fallback.slug == "other" and not taxonomy.fallback.rules
    for topic in taxonomy.topics:
        assert topic.description.count(".") >= 2, topic.slug  # a few sentences for readers
        assert set(topic.columns) <= set(COLUMNS) and topic.columns
    assert taxonomy.topic("offloading").columns == (
        "system",
        "headline",
        "offloads",  # in place of Metric: each offloading headline says its metric
        "memory_tiers",
        "workloads",
        "model_scale",
        "hardware",
        "published",
        "code",
        "arxiv_id",
    )
    assert [term.name for term in taxonomy.memory_tiers] == ["GPU HBM", "CPU DRAM", "NVMe SSD"]
    assert [term.name for term in taxonomy.workloads] == ["training", "fine-tuning", "inference"]
    # how a topic table's "also in: ..." names a topic: short where the name is long, else the name
    assert [t.short_name for t in taxonomy.topics] == [
        "Offloading",
        "Parallelism",
        "GPU kernels",
        "Serving",
        "Hardware studies",
        "Other GPU work",
    ]


# ------------------------------------------------------------------------------------- validation


def test_a_minimal_taxonomy_loads(tmp_path):
    taxonomy = load_taxonomy(write(tmp_path, MINIMAL))
    assert [t.slug for t in taxonomy.topics] == ["offloading", "kernels", "other"]
    assert taxonomy.title_weight == 3
    assert taxonomy.topic("kernels").threshold == 3  # the default
    assert [(r.pattern, r.weight) for r in taxonomy.topic("offloading").rules] == [
        ("offload*", 2),
        ("KV cache", 1),
        ("without offloading", -3),
    ]


@pytest.mark.parametrize(
    "pattern, reason",
    [
        ("(CUDA|Triton kernels?", "a '(' is never closed"),
        ("CUDA) kernels", "')' at position 5 closes no '('"),
        ("?kernels", "'?' must follow a character or a group"),
        ("optimi[sz]ation", "'[' has no meaning here"),
        ("(kernels|)?", "matches empty text"),
    ],
)
def test_a_bad_pattern_names_file_line_and_field(tmp_path, pattern, reason):
    text = MINIMAL.replace('"(CUDA|Triton) kernels?"', f'"{pattern}"')
    error = load_error(tmp_path, text)
    assert error.field == "topics[1].rules[0].pattern"
    assert error.line == line_of(text, pattern)
    assert error.message.startswith(f"not a valid pattern: {pattern!r}") and reason in error.message
    assert str(error).startswith(f"{tmp_path / 'taxonomy.yaml'}:{error.line}: topics[1].rules[0].pattern: ")


def test_an_unknown_column_is_named(tmp_path):
    text = MINIMAL.replace("columns: [system, hardware]", "columns: [system, gpus]")
    [error] = unknown_columns(load_taxonomy(write(tmp_path, text)), COLUMNS)
    assert (error.line, error.field) == (line_of(text, "columns: [system, gpus]"), "topics[1].columns[1]")
    assert "unknown column 'gpus'" in error.message and "gpu_count" in error.message


def test_a_missing_field_is_named_at_its_entry(tmp_path):
    text = MINIMAL.replace("    description: Faster GPU kernels.\n", "")
    error = load_error(tmp_path, text)
    assert (error.line, error.field) == (line_of(text, "- slug: kernels"), "topics[1].description")
    assert error.message.startswith("missing")


@pytest.mark.parametrize(
    "change, field, message",
    [
        (("threshold: 2", "threshold: high"), "topics[0].threshold", "expected a whole number"),
        (("weight: 2}", "weight: 0}"), "topics[0].rules[0].weight", "must not be 0"),
        (("slug: kernels", "slug: offloading"), "topics[1].slug", "'offloading' is used twice"),
        (("slug: kernels", "slug: GPU Kernels"), "topics[1].slug", "is not a slug"),
        (("    name: Kernels\n", "    name: Kernels\n    colour: blue\n"), "topics[1].colour", "unknown field"),
        (("    name: Kernels\n", "    name: Kernels\n    short: ''\n"), "topics[1].short", "is empty"),
        (
            ("  columns: [system]\n", "  columns: [system]\n  rules: [{pattern: gpu}]\n"),
            "fallback.rules",
            "the fallback has no rules",
        ),
        (('match: ["KV cache"]', 'match: ["KV (cache"]'), "tags[0].match[0]", "not a valid pattern"),
    ],
)
def test_other_mistakes_name_their_field(tmp_path, change, field, message):
    error = load_error(tmp_path, MINIMAL.replace(*change))
    assert error.field == field and message in error.message
    assert error.line is not None


def test_broken_yaml_names_the_line(tmp_path):
    text = MINIMAL.replace("    name: Kernels", "    name: [Kernels")
    error = load_error(tmp_path, text)
    assert error.line is not None and "YAML syntax error" in error.message


def test_an_empty_or_missing_file_is_an_error(tmp_path):
    assert "empty" in load_error(tmp_path, "").message
    with pytest.raises(DataError, match="no such taxonomy"):
        load_taxonomy(tmp_path / "absent.yaml")


def test_parallelism_kinds_are_named_not_guessed(taxonomy):
    galvatron = (
        "Galvatron automatically chooses among data, tensor and pipeline parallelism: "
        "data parallelism, tensor parallelism and pipeline parallelism are combined by an "
        "automatic parallelism planner."
    )
    assert derive_parallelism(galvatron, taxonomy) == ["data", "tensor", "pipeline", "auto-parallel"]
    assert derive_parallelism("ZeRO-Infinity and ZeRO stage 3 shard optimizer state.", taxonomy) == ["ZeRO"]
    assert derive_parallelism("A zero-copy path with zeroth-order optimization.", taxonomy) == []


@pytest.mark.parametrize(
    "text, kinds",
    [
        ("We compose them (tensor, pipeline, and data parallelism) to scale.", ["data", "tensor", "pipeline"]),
        ("It crafts data and model parallelism strategies.", ["data"]),  # by hand: no program chose them
        ("It searches for the optimal parallelism strategy of each layer.", ["auto-parallel"]),
        ("We train with 3D parallelism on 128 GPUs.", ["3D"]),  # which three, the text does not say
        ("Tensor-, pipeline- and data-parallel training at scale.", ["data", "tensor", "pipeline"]),
        ("We combine data/expert parallelism.", ["data", "expert"]),
        ("Nodes, racks and GPUs are joined by parallelism.", []),
    ],
)
def test_each_kind_a_list_shares_one_parallelism_with_is_named(taxonomy, text, kinds):
    assert derive_parallelism(text, taxonomy) == kinds


@pytest.mark.parametrize(
    "text, workloads",
    [
        # A training-free method for inference: its two "training" say there is none.
        ("FastX: Training-Free Inference. We present a training-free method for DiT inference.", ["inference"]),
        # A pre-trained model serves: where it came from is not what the paper does.
        ("Serving LoRA adapters of one pre-trained model: we adapt pre-trained models for serving.", ["inference"]),
        # One mention, which "pre-training" would have counted twice.
        ("We speed up inference without any modifications to the pre-training setup, for inference.", ["inference"]),
        # A model pretrained here is trained here.
        ("Models pretrained from scratch on one GPU; we pretrained on comparable corpora.", ["training"]),
        # inference by the words of its stages and settings: prefill, deploying models, on device
        ("It cuts prefill time 3x, so we deploy models on edge devices.", ["inference"]),
        ("It runs on device with low generation latency.", ["inference"]),
        # a deployment of other software is no inference
        ("TEMPI works with existing MPI deployments, and the deployment of CUDA-aware MPI.", []),
    ],
)
def test_a_workload_is_what_the_paper_runs_not_how_its_model_came_to_be(taxonomy, text, workloads):
    assert derive_workload(text, taxonomy) == workloads


# ---------------------------------------------------------------------------------- words out of context
ATLAS3D = (
    "Atlas3D: Physically Constrained Self-Supporting Text-to-3D for Simulation and Fabrication",
    "Existing diffusion-based text-to-3D generation methods primarily focus on producing visually realistic "
    "shapes and appearances, often neglecting the physical constraints necessary for downstream tasks. Our "
    "approach combines a novel differentiable simulation-based loss function with physically inspired "
    "regularization, serving as either a refinement or a post-processing module for existing frameworks.",
)


def score_of(taxonomy, slug: str, title: str, abstract: str) -> int:
    return next(s.score for s in classify(title, abstract, taxonomy).scores if s.slug == slug)


def test_serving_as_in_everyday_english_is_not_evidence_of_serving(taxonomy):
    assert score_of(taxonomy, "serving", *ATLAS3D) < 2
    assert score_of(taxonomy, "serving", "Fast LLM serving", "A serving system for many models.") >= 4


def test_warp_as_a_name_or_a_verb_is_not_evidence_of_kernels(taxonomy):
    rlhf = (
        "WARP: On the Benefits of Weight Averaged Rewarded Policies",
        "Reinforcement learning from human feedback aligns large language models; we warp the policy towards "
        "the reward by averaging the weights of rewarded policies.",
    )
    assert score_of(taxonomy, "kernels", *rlhf) == 0
    assert score_of(taxonomy, "kernels", "A GEMM kernel", "We use warp-level shuffles and warp specialization.") >= 3


def test_a_system_name_with_a_topic_word_fused_in_still_matches(taxonomy):
    fused = ("XOffload: Fine-Tuning Large Models on One GPU", "XOffload keeps optimizer state in CPU memory.")
    plain = ("Fine-Tuning Large Models on One GPU", "The optimizer state stays in CPU memory.")
    assert score_of(taxonomy, "offloading", *fused) > score_of(taxonomy, "offloading", *plain)


def test_offloading_in_the_edge_computing_sense_is_not_evidence_of_offloading(taxonomy):
    edge = (
        "Task Offloading for Mobile Edge Computing",
        "We study task offloading from phones to edge servers in "
        "mobile edge computing with deep reinforcement learning.",
    )
    assert score_of(taxonomy, "offloading", *edge) <= 0
    gpu = ("Offloading Optimizer State", "We offload optimizer state to CPU memory and NVMe SSDs.")
    assert score_of(taxonomy, "offloading", *gpu) >= 4


def test_an_architecture_name_counts_only_as_hardware(taxonomy):
    assert score_of(taxonomy, "hardware", "Passing the Turing test", "Models pass the Turing test.") == 0
    assert score_of(taxonomy, "hardware", "Dissecting Hopper", "We study the NVIDIA Hopper architecture.") > 0
