"""A synthetic, deterministic corpus of N ML-systems papers, for the scale benchmark.

Each paper gets a system name, a title, and an abstract built from varied sentences that name
hardware from the catalogue, model scales, GPU counts, precisions, speedups and baselines that
are other generated systems (so cross-links, facts, topics and related papers all do real work).
The papers are written as Hugging Face Daily Papers dumps in the three real layouts, and the
record store is filled by ingesting those dumps (`digest.ingest`, the store's Transaction), then
a few curator edits are applied the way a curator would make them.

Paper i depends only on (seed, i): the first 100 papers of a 5,000-paper corpus are the
100-paper corpus, so results at different N measure the same kind of paper.

    python benchmarks/generate.py 1000 --out benchmarks/work/n1000
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from digest.ingest import ingest
from digest.records.store import dump_paper, load_paper, record_path, transaction
from digest.text.keys import title_key

LISTING_YEAR = 2025  # given to ingest for the dumps' "Mar 6" dates without a year
PER_DUMP = 40  # entries per listing page, about what a real Daily Papers page holds
REPEAT_EVERY = 6  # every 6th paper is listed again in a later dump: one record, two sources
CURATED_SHARE = 0.2  # the share of records a curator has given topics (the model trains on them)
LAYOUTS = ("with-metadata", "blank-lines", "with-metadata", "line-per-field")

# System names: prefix x suffix x variant gives 12,800 distinct names (enough for N = 10,000).
_PREFIXES = [
    "Flex",
    "Zero",
    "Hydra",
    "Turbo",
    "Swift",
    "Quanta",
    "Tensor",
    "Pipe",
    "Shard",
    "Spec",
    "Lumen",
    "Orca",
    "Astra",
    "Nimbus",
    "Vortex",
    "Helix",
    "Aero",
    "Fusion",
    "Prism",
    "Titan",
    "Nova",
    "Echo",
    "Cobalt",
    "Raptor",
    "Sonic",
    "Atlas",
    "Comet",
    "Ember",
    "Falcon",
    "Glide",
    "Kestrel",
    "Mosaic",
    "Onyx",
    "Pulse",
    "Quill",
    "Rivet",
    "Sable",
    "Tidal",
    "Umbra",
    "Zephyr",
]
_SUFFIXES = [
    "Pipe",
    "Serve",
    "Swap",
    "Attn",
    "Train",
    "Cache",
    "Fuse",
    "Mesh",
    "Flow",
    "Infer",
    "Kern",
    "Sched",
    "Store",
    "Tune",
    "Scale",
    "Spark",
    "Gate",
    "Link",
    "Load",
    "Pack",
    "Page",
    "Path",
    "Plan",
    "Pool",
    "Quant",
    "Ring",
    "Route",
    "Shift",
    "Slice",
    "Sort",
    "Span",
    "Stack",
    "Stream",
    "Sync",
    "Tile",
    "Tree",
    "Wave",
    "Weave",
    "Wing",
    "Zip",
]
_VARIANTS = ["", "-2", "++", "X", "-L", "Lite", "-MoE", "3"]
_FAMOUS = [
    "vLLM",
    "DeepSpeed",
    "Megatron-LM",
    "FlashAttention-2",
    "ZeRO-Infinity",
    "cuBLAS",
    "PyTorch FSDP",
    "TensorRT-LLM",
    "SGLang",
    "Orca",
    "FasterTransformer",
    "Triton",
]
HARDWARE = [
    "A100",
    "H100",
    "V100",
    "RTX 4090",
    "RTX 3090",
    "RTX A6000",
    "MI250X",
    "MI300X",
    "H800",
    "L40S",
    "T4",
    "A800",
    "GH200",
    "Jetson AGX Orin",
    "TPU v4",
    "Gaudi 2",
    "Ascend 910B",
    "B200",
    "L4",
    "H20",
]
MEMORY_GB = {
    "A100": 80,
    "H100": 80,
    "V100": 32,
    "RTX 4090": 24,
    "RTX 3090": 24,
    "RTX A6000": 48,
    "MI250X": 128,
    "MI300X": 192,
    "H800": 80,
    "L40S": 48,
    "T4": 16,
    "A800": 80,
    "GH200": 96,
    "Jetson AGX Orin": 64,
    "TPU v4": 32,
    "Gaudi 2": 96,
    "Ascend 910B": 64,
    "B200": 192,
    "L4": 24,
    "H20": 96,
}
MODELS = [
    "Llama-2-70B",
    "Llama-3-8B",
    "OPT-175B",
    "GPT-3",
    "Mixtral-8x7B",
    "Qwen2-72B",
    "BLOOM-176B",
    "Falcon-40B",
    "Mistral-7B",
    "T5-11B",
    "ViT-H",
    "DeepSeek-V3",
]
SCALES = ["7B", "13B", "30B", "70B", "175B", "405B", "1T", "8B", "1.3B"]
PRECISIONS = ["FP8", "BF16", "INT4", "INT8", "FP16", "W4A8", "4-bit"]
ORGS = [
    "NVIDIA",
    "Microsoft",
    "Alibaba",
    "ByteDance",
    "Meta",
    "Tsinghua University",
    "Zyphra",
    "Google",
    "Carnegie Mellon University",
    "UC Berkeley",
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# Sentences by topic. Slots: {sys} this paper's system, {base}/{base2} baselines (other systems),
# {hw}/{hw2} hardware, {mem} its memory in GB, {n} GPU count, {scale} model scale, {model} a model,
# {prec} precision, {x}/{y} factors, {p}/{q} percentages, {k} a plain number.
CONTEXT = {
    "offloading": [
        "Training models with {scale} parameters needs far more memory than the {mem}GB of a single {hw}.",
        "Optimizer states, gradients and activations of a {scale} model do not fit in GPU memory, so they are "
        "usually offloaded to CPU memory or NVMe SSDs.",
        "Fine-tuning large language models on commodity servers is limited by GPU memory capacity rather than "
        "by compute.",
        "Existing offloading systems such as {base} swap tensors between the GPU and the CPU, but leave the PCIe "
        "link idle for long stretches of every iteration.",
    ],
    "parallelism": [
        "Training a {scale} model requires combining data, tensor and pipeline parallelism across thousands of GPUs.",
        "Choosing a parallelism strategy for a given model and cluster is hard: the space of configurations "
        "grows with every new dimension of parallelism.",
        "Communication overhead from all-reduce and all-to-all collectives dominates distributed training at "
        "scale, especially across nodes connected by InfiniBand.",
        "Pipeline parallelism suffers from bubbles, while fully sharded data parallelism pays for every layer "
        "with an all-gather.",
    ],
    "kernels": [
        "Attention kernels remain a bottleneck for long sequences, even after FlashAttention-style tiling.",
        "Writing efficient CUDA kernels for new operators is slow and requires deep knowledge of the memory "
        "hierarchy, warps and shared memory.",
        "Vendor libraries such as cuBLAS reach close to peak performance for large GEMM shapes but fall short "
        "on the skinny matrices of LLM decoding.",
        "Kernel fusion removes round trips to global memory, but choosing tile sizes by hand does not scale "
        "across GPU architectures.",
    ],
    "serving": [
        "Serving large language models is expensive: each request holds a KV cache that grows with the "
        "sequence length.",
        "LLM inference systems must meet latency SLOs for time to first token while keeping GPU utilization "
        "high under bursty request rates.",
        "Continuous batching improves throughput, but prefill and decode phases interfere when they share a GPU.",
        "Speculative decoding uses a small draft model to propose tokens, yet its gains shrink at large batch sizes.",
    ],
    "hardware": [
        "Understanding the microarchitecture of modern GPUs is essential for performance modeling, yet vendors "
        "disclose few details.",
        "Power consumption and energy efficiency now limit datacenter accelerators as much as peak FLOPs do.",
        "We characterize tensor cores, the memory hierarchy and the instruction set of the {hw} with microbenchmarks.",
        "FPGA and ASIC accelerator designs promise better energy efficiency than GPUs for transformer "
        "inference, but their benefits depend on the workload.",
    ],
    "other": [
        "Large language models trained on web-scale data show strong reasoning abilities, but their training "
        "recipes are rarely published in full.",
        "Open multimodal models lag behind proprietary ones, partly because of the cost of data curation.",
        "Scaling laws predict the loss of a model from its size and data, but say little about hyperparameters.",
        "Reinforcement learning from human feedback improves alignment, at the price of unstable training.",
    ],
}
GAP = [
    "However, existing approaches such as {base} and {base2} either waste memory bandwidth or require manual "
    "tuning for every model.",
    "Prior work, including {base}, assumes homogeneous GPUs and ignores the cost of data movement.",
    "These systems leave substantial performance on the table: our measurements show that {p}% of the time "
    "is spent waiting on communication.",
    "Unfortunately, current frameworks like {base} cannot adapt to changing workloads at run time.",
]
INTRO = [
    "We present {sys}, a {kind} that {does}.",
    "In this paper, we introduce {sys}, a {kind} that {does}.",
    "This paper proposes {sys}, which {does}.",
    "To address this, we design {sys}, a {kind} that {does}.",
]
KIND = ["system", "framework", "runtime", "library", "compiler", "scheduler"]
DOES = {
    "offloading": [
        "overlaps SSD reads, CPU optimizer steps and GPU compute",
        "places each tensor on GPU memory, CPU DRAM or NVMe according to its reuse distance",
        "offloads activations to host memory and prefetches them just in time",
    ],
    "parallelism": [
        "searches hybrid parallel configurations with a cost model",
        "overlaps collective communication with computation across pipeline stages",
        "schedules sequence parallelism and expert parallelism jointly",
    ],
    "kernels": [
        "generates fused attention and GEMM kernels for each GPU architecture",
        "autotunes tile sizes and warp layouts from a small number of profiled runs",
        "uses an LLM to write and verify CUDA kernels",
    ],
    "serving": [
        "disaggregates prefill and decode across GPU instances",
        "manages the KV cache in pages and preempts requests under memory pressure",
        "batches requests by predicted output length to meet latency SLOs",
    ],
    "hardware": [
        "predicts kernel runtime and power from hardware counters",
        "models the energy of transformer layers on GPUs and NPUs",
        "maps attention onto a systolic array with on-chip buffers",
    ],
    "other": [
        "trains a compact model with a carefully filtered data mixture",
        "transfers hyperparameters from small proxy models to large ones",
        "stabilizes reinforcement learning with a simple reward normalization",
    ],
}
METHOD = [
    "{sys} profiles each layer once and builds a plan that is reused for the rest of training.",
    "The key idea is to treat memory as a schedule rather than a budget, deciding for every tensor when it "
    "moves and where it lives.",
    "A lightweight runtime monitors queue lengths and rebalances work across {n} GPUs every few iterations.",
    "We formulate placement as an integer linear program and solve it in under {k} seconds with a greedy relaxation.",
    "Our design keeps the critical path on the GPU and moves everything else off it.",
    "We further exploit {prec} arithmetic where it does not hurt accuracy, which halves memory traffic.",
    "The implementation adds fewer than {k} lines to PyTorch and needs no change to model code.",
]
SETUP = [
    "We evaluate {sys} on {n} {hw} GPUs with models from {scale} to {model}.",
    "Experiments on a cluster of {n} {hw} GPUs connected by NVLink and InfiniBand cover {model} and a {scale} model.",
    "On a single {hw} with {mem}GB of memory, {sys} fine-tunes {model} in {prec}.",
    "We compare against {base} and {base2} on both {hw} and {hw2} servers.",
]
RESULT = [
    "{sys} achieves up to {x}x higher throughput than {base} and {y}x over {base2}.",
    "Compared to {base}, {sys} reduces memory usage by {p}% and end-to-end latency by {q}%.",
    "It delivers a {x}$\\times$ speedup over {base} on {hw}, while reaching {k} TFLOPS in {prec}.",
    "On {model}, {sys} sustains {k} tokens/s per GPU, {x}times the throughput of {base}.",
    "Our results show a {p}% reduction in training cost at the same accuracy as {base}.",
    "Latency stays under {k} ms for {q}% of requests, where {base} violates the SLO for |S| = {k} of them.",
]
EXTRA = [
    "All numbers are averaged over five runs with batch size < {k} and $n = {k}$ sequences.",
    "We also report results for \\textbf{{{sys}-Lite}}, a variant for edge devices such as the Jetson AGX Orin.",
    "Memory savings grow with sequence length & model depth.",
    "Finally, we discuss limitations of {sys} for models whose layers do not fit on one GPU.",
]
CODE = [
    "Code is available at https://github.com/{org}/{repo}.",
    "Our code is open-sourced at https://github.com/{org}/{repo}.",
    "The source code of {sys} is publicly available at https://github.com/{org}/{repo}",
]
TITLE_NAMED = [
    "{sys}: {Tail}",
    "{sys}: Efficient {what} on {hw} GPUs",
    "{sys}: Scaling {what} to {scale} Models",
]
TITLE_PLAIN = [
    "Understanding {what} on {hw} and {hw2} GPUs",
    "Characterizing {what} for {scale} Language Models at {n}-GPU Scale",
    "Towards Faster {what} with {prec} on {hw}",
    "An Empirical Study of {what} for {model} on {n} GPUs",
]
WHAT = {
    "offloading": ["Memory Offloading", "NVMe-Backed Fine-Tuning", "Activation Swapping", "CPU-GPU Training"],
    "parallelism": [
        "Hybrid Parallel Training",
        "Pipeline Parallelism",
        "Sequence Parallel Training",
        "Distributed Training",
    ],
    "kernels": ["Attention Kernels", "GEMM Kernels", "Kernel Fusion", "CUDA Kernel Generation"],
    "serving": ["LLM Serving", "Speculative Decoding", "KV Cache Management", "Request Batching"],
    "hardware": ["GPU Microbenchmarking", "Energy Modeling", "Tensor Core Performance", "Accelerator Design"],
    "other": ["Open Model Pre-training", "Hyperparameter Transfer", "Data Curation", "Reward Modeling"],
}
TAILS = [
    "Overlapping Everything in {what}",
    "Memory-Efficient {what} for Everyone",
    "Fast and Cheap {what}",
    "Rethinking {what} for Modern GPUs",
    "Adaptive {what} under Changing Workloads",
]
TOPICS = list(CONTEXT)


@dataclass
class Generated:
    """One paper as a listing shows it, before ingest."""

    index: int
    system: str | None
    title: str
    abstract: str
    date: tuple[int, int, int | None]  # (month, day, year or None when the listing omits it)
    upvotes: int | None
    authors: int | None
    organization: str | None
    baselines: list[int] = field(default_factory=list)  # indices of generated papers it names
    topic: str = "other"  # the topic its sentences were drawn from: what a curator would say


def system_names(seed: int = 0) -> list[str]:
    """Every distinct name in a fixed, seeded order (independent of N)."""
    names = [p + s + v for v in _VARIANTS for p in _PREFIXES for s in _SUFFIXES if p != s]
    base, rest = names[: len(_PREFIXES) * (len(_SUFFIXES) - 1)], names[len(_PREFIXES) * (len(_SUFFIXES) - 1) :]
    rng = random.Random(f"names-{seed}")
    rng.shuffle(base)  # plain names first, variants ("FlexPipe-2") only once those run out
    rng.shuffle(rest)
    return base + rest


def generate(n: int, seed: int = 0) -> list[Generated]:
    names = system_names(seed)
    if n > len(names):
        raise ValueError(f"at most {len(names)} papers")
    papers: list[Generated] = []
    seen_titles: set[str] = set()
    for i in range(n):
        rng = random.Random(f"paper-{seed}-{i}")
        papers.append(_paper(i, rng, names, papers, seen_titles))
    return papers


def _paper(i: int, rng: random.Random, names: list[str], earlier: list[Generated], seen: set[str]) -> Generated:
    topic = rng.choice(TOPICS)
    named = rng.random() < 0.8  # most systems papers name their system
    system = names[i] if named else None
    # Baselines: earlier generated systems (so they exist at every N) and a famous one.
    candidates = [p for p in earlier[-200:] if p.system]
    picked = rng.sample(candidates, min(len(candidates), rng.choice([0, 1, 1, 2, 3])))
    base_names = [p.system for p in picked] + rng.sample(_FAMOUS, 2)
    hw, hw2 = rng.sample(HARDWARE, 2)
    values = {
        "sys": system or "this approach",
        "base": base_names[0],
        "base2": base_names[1],
        "hw": hw,
        "hw2": hw2,
        "mem": MEMORY_GB[hw],
        "n": rng.choice([1, 2, 4, 8, 16, 64, 256, 1024]),
        "scale": rng.choice(SCALES),
        "model": rng.choice(MODELS),
        "prec": rng.choice(PRECISIONS),
        "x": round(rng.uniform(1.2, 9.9), 2),
        "y": round(rng.uniform(1.1, 4.0), 1),
        "p": rng.randint(12, 87),
        "q": rng.randint(5, 60),
        "k": rng.choice([16, 50, 128, 200, 512, 1000, 2048]),
        "kind": rng.choice(KIND),
        "does": rng.choice(DOES[topic]),
        "what": rng.choice(WHAT[topic]),
        "org": rng.choice(ORGS).split()[0].lower(),
        "repo": (system or f"study-{i}").lower(),
    }
    values["Tail"] = rng.choice(TAILS).format(**values)
    title = _unique_title(rng, values, named, seen)
    sentences = [*rng.sample(CONTEXT[topic], 2), rng.choice(GAP)]
    sentences.append(rng.choice(INTRO) if named else "In this paper, we study {what} in depth.")
    sentences += [*rng.sample(METHOD, 3), rng.choice(SETUP), *rng.sample(RESULT, 2)]
    # A study has no system: no sentence may name one (no "this approach-Lite").
    if rng.random() < 0.3:
        sentences.append(rng.choice([s for s in EXTRA if named or "{sys}" not in s]))
    if rng.random() < 0.45:
        sentences.append(rng.choice([s for s in CODE if named or "{sys}" not in s]))
    abstract = " ".join(_capitalized(s.format(**values)) for s in sentences)
    year = rng.choice([None, None, 2023, 2024, 2025, 2021])
    return Generated(
        index=i,
        system=system,
        title=title,
        abstract=abstract,
        date=(rng.randint(1, 12), rng.randint(1, 28), year),
        upvotes=rng.choice([None, rng.randint(1, 120)]),
        authors=rng.choice([None, rng.randint(1, 40)]),
        organization=rng.choice(ORGS) if rng.random() < 0.15 else None,
        baselines=[p.index for p in picked],
        topic=topic,
    )


def _capitalized(sentence: str) -> str:
    return sentence[0].upper() + sentence[1:]


def _unique_title(rng: random.Random, values: dict, named: bool, seen: set[str]) -> str:
    """Titles are how ingest matches papers: two equal titles would merge two papers."""
    for attempt in range(100):
        title = rng.choice(TITLE_NAMED if named else TITLE_PLAIN).format(**values)
        if attempt:
            title += f" ({attempt + 1})" if named else f" in {values['scale']} Settings, Part {attempt + 1}"
        if title_key(title) not in seen:
            seen.add(title_key(title))
            return title
    raise AssertionError("no unique title")


# ----------------------------------------------------------------------------- dumps
def dump_text(entries: list[Generated], layout: str, listing: tuple[int, int]) -> str:
    """One Daily Papers listing page in one of the three layouts found in data/sources/."""
    month, day = listing
    if layout == "line-per-field":
        lines = ["Get trending papers in your email inbox once a day!", "Get trending papers in your email inbox!"]
        for number, paper in enumerate(entries):
            lines += [("Subscribe" if number == 0 else "") + paper.title, paper.abstract]
        return "\n".join(lines) + "\n"
    blocks = [
        "new",
        "Get trending papers in your email inbox!",
        "Subscribe",
        "Daily Papers",
        "byAK and the research community",
        f"{MONTHS[month - 1]} {day}",
    ]
    for paper in entries:
        blocks += [paper.title, paper.abstract]
        # Some entries of a listing carry no metadata block: nothing may shift onto the next one.
        if layout == "with-metadata" and paper.index % 11 != 5:
            # The listing shows an organisation's avatar name, then its name: "Zyphra Zyphra".
            count = paper.authors or 1
            who = (
                f"{paper.organization} {paper.organization}"
                if paper.organization
                else f"  • {count} author" + ("s" if count != 1 else "")
            )
            m, d, year = paper.date
            when = (
                f"{MONTHS[m - 1]} {d}" + (f", {year}" if year else "") + (f" {paper.upvotes}" if paper.upvotes else "")
            )
            blocks.append(f"{who}\n·\n{when}")
    return "\n\n".join(blocks) + "\n"


def write_dumps(papers: list[Generated], out: Path) -> list[Path]:
    """Dumps of PER_DUMP entries each, layouts in turn; every REPEAT_EVERY-th paper is listed again
    in the next dump (a later sighting: one record with two sources)."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    chunks = [papers[start : start + PER_DUMP] for start in range(0, len(papers), PER_DUMP)]
    for number, chunk in enumerate(chunks):
        repeats = [p for p in chunks[number - 1] if p.index % REPEAT_EVERY == 0] if number else []
        layout = LAYOUTS[number % len(LAYOUTS)]
        path = out / f"{number:05d}_synthetic.txt"
        path.write_text(dump_text(chunk + repeats, layout, (number % 12 + 1, number % 28 + 1)), encoding="utf-8")
        paths.append(path)
    return paths


def write_large_dump(path: Path, entries: int, seed: int = 0) -> Path:
    """One listing of `entries` papers in the with-metadata layout, abstracts cut to their first
    sentences: at 146,562 entries it is the 50 MB dump of issue 14. Beyond the distinct generated
    papers, titles repeat with a " (Part k)" suffix, so every entry is still a paper of its own."""
    distinct = generate(min(entries, len(system_names(seed))), seed)
    papers = []
    for i in range(entries):
        paper = distinct[i % len(distinct)]
        part = i // len(distinct)
        sentences = re.split(r"(?<=[.!?]) ", paper.abstract)
        short = sentences[0]
        for sentence in sentences[1:]:
            if len(short) >= 200 and len(short.split()) >= 25:
                break
            short += " " + sentence
        papers.append(
            replace(paper, index=i, abstract=short, title=paper.title + (f" (Part {part + 1})" if part else ""))
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_text(papers, "with-metadata", (3, 6)), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- store
def curate(data_dir: Path, papers: list[Generated], curated_share: float = CURATED_SHARE) -> int:
    """Curator edits: topics on `curated_share` of the papers (spread evenly), and on every 25th
    tags, notes and compares_to overrides; written as one transaction over the records.
    Returns how many records were edited."""
    paths = sorted((data_dir / "papers").glob("*.yaml"))
    records = {title_key(r.title): r for r in (load_paper(p).paper for p in paths)}
    edits = []
    for generated in papers:
        index = generated.index
        labelled = int((index + 1) * curated_share) > int(index * curated_share)
        if index % 25 != 7 and not labelled:
            continue
        record = records[title_key(generated.title)]
        if labelled:
            record.topics = [generated.topic]
        if index % 25 == 7:
            record.tags = ["benchmark"]
            record.notes = f"Checked by a curator: see the evaluation on {HARDWARE[index % len(HARDWARE)]}."
            if generated.baselines:
                record.overrides = {
                    "compares_to": [records[title_key(papers[b].title)].id for b in generated.baselines]
                }
        edits.append(record)
    with transaction(data_dir) as tx:
        for record in edits:
            tx.write_text(record_path(data_dir, record.id), dump_paper(record))
    return len(edits)


def build_store(n: int, out: Path, seed: int = 0) -> dict:
    """out/dumps/*.txt (the listings) and out/data/ (taxonomy, hardware, sources, papers)."""
    if out.exists():
        shutil.rmtree(out)
    data = out / "data"
    data.mkdir(parents=True)
    for name in ("taxonomy.yaml", "hardware.yaml"):
        shutil.copy(REPO / "data" / name, data / name)
    started = time.perf_counter()
    papers = generate(n, seed)
    dumps = write_dumps(papers, out / "dumps")
    report = ingest(dumps, data, listing_year=LISTING_YEAR)
    edited = curate(data, papers)
    return {
        "papers": len(report.new),
        "dumps": len(dumps),
        "skipped": len(report.skipped),
        "curated": edited,
        "seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="number of papers")
    parser.add_argument("--out", type=Path, required=True, help="folder to create (replaced if it exists)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(build_store(args.n, args.out, args.seed))


if __name__ == "__main__":
    main()
