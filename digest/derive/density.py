"""How much of a paper's text is the vocabulary of systems, and how much that of model quality.

A model-quality paper (a new architecture, a reasoning or RL method, a vision-language model, a
benchmark) often says once that it makes inference efficient, and each of those words counts in
TF-IDF as it would in a systems paper. What tells the two apart is how much of the text is about
the machine: GPUs, memory, throughput, scheduling, against accuracy, tasks, datasets, training
signals. Two shares of a paper's words (`words`, the title counted twice) say that, whatever the
single words are. The on-topic model, which the fetch filter asks, reads them (learn.py); the
topic models do not (there they cost serving F1).

The word lists are general words of each side, never a paper's name or a topic's phrase.
"""

from __future__ import annotations

from collections.abc import Sequence

SYSTEMS_WORDS = frozenset(
    """gpu gpus cuda kernel kernels throughput latency memory bandwidth hardware cluster clusters
    scheduling scheduler serving system systems runtime communication parallelism distributed node
    nodes cpu cpus nvme ssd pcie dram hbm cache caching utilization overhead accelerator
    accelerators fpga compiler profiling workload workloads engine engines requests batching
    pipeline""".split()
)
MODEL_WORDS = frozenset(
    """accuracy benchmark benchmarks reasoning reward rl alignment fine tuning finetuning
    distillation dataset datasets perplexity vision visual image images video multimodal agent
    agents human preference semantic trained learning quality generation understanding
    tasks""".split()
)
SCALE = 5.0  # shares are a few in a hundred: scaled next to TF-IDF values and rule scores in [0, 3]
NAMES = ("share of systems words", "share of model-quality words")


def shares(words: Sequence[str]) -> tuple[float, float]:
    """The paper's share of systems words and of model-quality words, times SCALE."""
    if not words:
        return 0.0, 0.0
    systems = sum(word in SYSTEMS_WORDS for word in words)
    model = sum(word in MODEL_WORDS for word in words)
    return SCALE * systems / len(words), SCALE * model / len(words)
