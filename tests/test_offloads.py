"""What a paper offloads (digest/derive/facts/offloads.py): a sentence in, the values out; only the
paper's own sentences give a table its values; the offloading table has the column and a row is
found by what it offloads."""

from __future__ import annotations

import pytest

from digest.derive.corpus import derive_paper
from digest.derive.facts import extract_facts
from digest.derive.facts.base import Sentence
from digest.derive.facts.offloads import extract
from digest.derive.facts.roles import BACKGROUND, OWN, PRIOR
from digest.derive.taxonomy import load_taxonomy
from digest.records.store import load_paper

from .conftest import REPO_DATA


def offloads(text: str) -> list[str]:
    return [value for _kind, _start, _end, value in extract(Sentence(text))]


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        # the field's phrases: an offloading verb with what it moves
        ("We offload the optimizer states to CPU memory.", ["optimizer state"]),
        ("Offloading the optimizer to CPU cuts GPU memory by 4x.", ["optimizer state"]),
        (
            "It offloads parameters, gradients and optimizer states to NVMe SSDs.",
            ["weights", "gradients", "optimizer state"],
        ),
        ("Our runtime swaps activations out during the forward pass.", ["activations"]),
        ("It offloads part of the KV cache to the CPU.", ["KV cache"]),
        # named before the offloading: a compound noun, a passive
        ("SSDTrain: An Activation Offloading Framework to SSDs", ["activations"]),
        ("The KV cache of finished requests is offloaded to host memory.", ["KV cache"]),
        ("1) Asynchronous Cache Swapping.", ["cache"]),
        ("Experts are loaded from SSD on demand.", ["experts"]),
        # a verb that moves or keeps data, with a tier off the accelerator in its clause
        ("We stream weights from flash storage on demand.", ["weights"]),
        ("Our framework dynamically shifts model parameters between the CPU and GPU as required.", ["weights"]),
        # "model states" (or "model data") named as what they hold, so a filter for any of them finds the row
        (
            "It uses the CPU-GPU heterogeneous memory space to store the model data.",
            ["weights", "gradients", "optimizer state"],
        ),
        (
            "It offloads the optimizer states, then the model states, to NVMe.",
            ["optimizer state", "weights", "gradients"],
        ),
        (
            "It offloads the model states and the activations to NVMe.",
            ["weights", "gradients", "optimizer state", "activations"],
        ),
        ("GPU threads directly access sparse features in host memory through zero-copy accesses.", ["features"]),
        ("The engine prefetches expert parameters from storage while computing attention.", ["experts"]),
        # a model cut into parts, which the sentence then moves
        (
            "It divides models into individual layers and transfers these layers between GPU and CPU memory.",
            ["weights"],
        ),
        ("It partitions large models into smaller blocks and loads them into memory for inference.", ["weights"]),
        # two idioms that name no tier: a state's retrieval hidden behind computation, and a mixture of
        # experts run on the CPU and the GPU together (its experts kept in CPU memory)
        ("It designs a prefetch dataflow, overlapping KV cache retrieval with the LLM computation.", ["KV cache"]),
        ("Hybrid CPU-GPU Scheduling and Cache Management for Efficient MoE Inference", ["experts"]),
        ("We build a CPU/GPU hybrid inference engine for mixture-of-experts models.", ["experts"]),
    ],
)
def test_a_sentence_that_says_what_is_offloaded_gives_it(sentence, values):
    assert offloads(sentence) == values


@pytest.mark.parametrize(
    "sentence",
    [
        "ZeRO-Offload enables large model training by offloading data and compute to CPU.",  # what data: unsaid
        "PIPO designs a fine-grained offloading pipeline to achieve high concurrency.",
        "We train a 7B model on consumer GPUs without model parallel, checkpointing, or offloading strategies.",
        "We avoid offloading the KV cache to CPU memory.",
        "Compared with keeping activations in GPU memory, it saves memory.",  # the accelerator's own memory
        "The kernel streams the weights from HBM into shared memory.",  # inside the GPU
        "Atoms swap one cache slot at a time.",  # another field's swap
        "We swap features between the two images.",
        "It offloads the memory retrieval process to a small-scale proxy model.",
        "MemDLM offloads memorization pressure from token representations to parameters.",
        # a move hidden behind computation that may be between GPUs or inside one: no tier, no offloading
        "We overlap the KV cache transfer with computation between prefill and decode instances.",
        "It overlaps parameter prefetching with computation across the data-parallel GPUs.",
        "The kernel overlaps weight loading with computation.",
        "We avoid overlapping KV cache retrieval with computation.",
        # CPU and GPU together, but no mixture of experts; experts, but not run on both
        "We propose a hybrid CPU-GPU inference framework for long-context decoding.",
        "We train MoE models on clusters of CPUs and GPUs.",
    ],
)
def test_a_sentence_that_names_no_offloaded_state_gives_none(sentence):
    assert offloads(sentence) == []


def test_a_distributed_object_is_not_offloaded_because_another_clause_names_the_cpu():
    assert offloads("We distribute the parameters across GPUs and offload activations to the CPU.") == ["activations"]


TITLE = "A memory system for training"
ABSTRACT = (
    "Existing systems offload the optimizer states to CPU memory. "
    "However, they leave the GPU idle. "
    "We propose Nimbus, which offloads activations to NVMe SSDs."
)


def offload_facts(catalog, roles=None):
    return [fact for fact in extract_facts(TITLE, ABSTRACT, catalog, roles) if fact.kind == "offloads"]


def test_a_background_or_prior_sentence_gives_no_value_of_the_papers(catalog):
    """The field's offloading, told as background or prior work, is context on the paper page, never its value."""
    for role in (BACKGROUND, PRIOR):
        facts = offload_facts(catalog, [role, BACKGROUND, OWN])
        assert sorted((f.value, f.own) for f in facts) == [("activations", True), ("optimizer state", False)]


def test_the_machine_s_roles_keep_a_background_offloading_out_of_the_papers_values(catalog):
    facts = offload_facts(catalog)
    assert [f.value for f in facts if f.own] == ["activations"]
    assert [f.value for f in facts if not f.own] == ["optimizer state"]


@pytest.mark.parametrize(
    ("paper_id", "values"),
    [
        ("hybrimoe", ["experts"]),  # "Hybrid CPU-GPU Scheduling ... for Efficient MoE Inference"
        ("specontext", ["KV cache"]),  # "overlapping KV cache retrieval with the LLM computation"
        ("patrickstar", ["weights", "gradients", "optimizer state"]),  # "store the model data"
        ("pytorch-direct", ["features"]),  # curated: its own sentences say only "data structures"
    ],
)
def test_the_stored_papers_the_offloads_column_missed_now_say_what_they_offload(catalog, paper_id, values):
    paper = load_paper(REPO_DATA / "papers" / f"{paper_id}.yaml").paper
    derived = derive_paper(paper, load_taxonomy(REPO_DATA / "taxonomy.yaml"), catalog)
    assert derived.values("offloads") == values
