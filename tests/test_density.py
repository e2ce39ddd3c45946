"""The on-topic model reads how much of a paper is about the machine (digest/derive/density.py):
a model-quality paper that says in passing that it makes inference efficient stays off topic."""

from __future__ import annotations

import pytest

from digest.derive import density
from digest.derive.learn import words
from digest.derive.relevance import judge
from digest.derive.suggest import fit_text, train_on_curated
from digest.derive.taxonomy import load_taxonomy
from digest.derive.training import training_set

from .conftest import REPO_DATA

SYSTEMS_PAPER = (
    "Batching Requests Across GPUs for LLM Serving",
    "We present a serving system that schedules requests across GPUs, batching prefill and decode to raise "
    "throughput under latency SLOs. On a cluster of 16 GPUs it improves throughput by 2.1x over vLLM while "
    "keeping tail latency within the SLO, by managing the KV cache in GPU memory and moving it between nodes.",
)
# Each names a systems benefit (lower latency, a smaller KV cache, higher throughput) in passing.
MODEL_PAPERS = [
    (
        "Thinking Briefly: Reinforcement Learning for Concise Reasoning",
        "Reasoning models think at length, and long chains of thought make inference slow. We train a reasoning "
        "model with reinforcement learning and a length-aware reward so that it answers with shorter chains of "
        "thought. On math and coding benchmarks, accuracy stays within one point while responses are 40% shorter, "
        "which lowers inference latency and the size of the KV cache. We release the trained models and the dataset.",
    ),
    (
        "Sparse Visual Tokens for Efficient Vision-Language Models",
        "Vision-language models spend most of their compute on visual tokens. We learn to drop redundant image "
        "tokens during fine-tuning, keeping 25% of them. On eight multimodal benchmarks accuracy drops by less than "
        "one point, and inference throughput improves by 1.8x with a smaller KV cache. Human preference studies "
        "confirm the quality of the answers.",
    ),
]


def test_the_shares_count_systems_words_and_model_quality_words():
    systems, model = density.shares(words(*SYSTEMS_PAPER))
    assert systems > 1 and model == 0
    for paper in MODEL_PAPERS:
        systems, model = density.shares(words(*paper))
        assert model > systems
    assert density.shares(()) == (0.0, 0.0)


@pytest.fixture(scope="module")
def store():
    taxonomy = load_taxonomy(REPO_DATA / "taxonomy.yaml")
    return taxonomy, training_set(REPO_DATA, taxonomy)[0]


def test_the_on_topic_model_learns_systems_words_for_and_model_quality_words_against(store):
    taxonomy, training = store
    model = train_on_curated(training, taxonomy, fit_text(training))
    assert model.on_topic is not None
    systems, quality = model.on_topic.coef_[0][-2:]  # the last two columns: the shares
    assert systems > 0 > quality


def test_a_model_quality_paper_that_mentions_efficient_inference_is_not_on_topic(store, monkeypatch):
    taxonomy, training = store
    verdicts = judge([*MODEL_PAPERS, SYSTEMS_PAPER], training, taxonomy)
    assert [v.kept for v in verdicts] == [False, False, True]
    # The shares are what pushes them down: without them, the same papers score higher.
    monkeypatch.setattr(density, "SYSTEMS_WORDS", frozenset())
    monkeypatch.setattr(density, "MODEL_WORDS", frozenset())
    without = judge(MODEL_PAPERS, training, taxonomy)
    for verdict, blind in zip(verdicts, without, strict=False):
        assert verdict.probability is not None and blind.probability is not None
        assert verdict.probability < blind.probability
