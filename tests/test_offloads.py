"""What a paper offloads (digest/derive/facts/offloads.py): a sentence in, the values out; only the
paper's own sentences give a table its values; the offloading table has the column and a row is
found by what it offloads."""

from __future__ import annotations

import pytest

from digest.derive.facts import extract_facts
from digest.derive.facts.base import Sentence
from digest.derive.facts.offloads import extract
from digest.derive.facts.roles import BACKGROUND, OWN, PRIOR


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
        ("It uses the CPU-GPU heterogeneous memory space to store the model data.", ["model states"]),
        ("GPU threads directly access sparse features in host memory through zero-copy accesses.", ["features"]),
        ("The engine prefetches expert parameters from storage while computing attention.", ["experts"]),
        # a model cut into parts, which the sentence then moves
        (
            "It divides models into individual layers and transfers these layers between GPU and CPU memory.",
            ["weights"],
        ),
        ("It partitions large models into smaller blocks and loads them into memory for inference.", ["weights"]),
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
