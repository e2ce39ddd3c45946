"""The fact kinds: one table that says, for every kind of fact the digest extracts, all that the
rest of the code needs to know about it.

`KINDS` is in extraction order: the order `extract_facts` returns facts in (then by where they
appear), the order a paper page lists a sentence's values in and the order curated facts are
merged back in. Everything else that sets kinds apart reads a field of this table: the labels on
pages, the override keys a record may hold (`records/model.py`), which kinds are figures
(`digest eval`), which carry a baseline (`derive/facts/baseline.py`), which are table columns
(`render/columns.py`). A kind's extraction rule is registered with the kinds it finds in
`SENTENCE_RULES` (`derive/facts/__init__.py`), which checks that every kind here has one.

This module imports nothing of the digest's, so that `records/` (which validates override keys)
and `derive/` (which extracts the facts) both read it without either importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Kind:
    name: str  # the fact's `kind`, the key in exports and in a record's `overrides:`
    label: str  # its name on the paper page and the Method page
    # A number with what it measures ("2 ms"): `digest eval` checks that every number with a
    # unit in an abstract becomes one.
    figure: bool = False
    # A figure that compares with something ("2× over X"), and so carries the baseline its
    # sentence names.
    comparative: bool = False
    # The shape a curator may set it to under `overrides:` ("text": one string, "texts" or
    # "links": a list; see records/model.py), replacing the extracted facts of the kind; "" if
    # it may not be curated.
    override: Literal["", "text", "texts", "links"] = ""
    column: str = ""  # its heading as a column of comparison tables; "" if it is not one
    # It describes the paper whatever sentence names it, so it is never context (and `digest
    # eval` does not score its attribution).
    always_own: bool = False


KINDS: tuple[Kind, ...] = (
    # "Fuyou", "FlashAttention-2": found once per paper (facts/system.py), not by a sentence rule
    Kind("system", "System", override="text", column="System", always_own=True),
    Kind("hardware", "Hardware", override="texts", column="Hardware"),  # catalogue names: "RTX 4090"
    # "8 GPUs", "1,024 GPUs", "384 GCDs", "thousands of GPUs"
    Kind("gpu_count", "GPU count", override="texts", column="GPUs"),
    Kind("model_scale", "Model scale", override="texts", column="Model scale"),  # "175B", "1T", "billion-scale"
    Kind("precision", "Precision", override="texts", column="Precision"),  # "FP8", "BF16", "4-bit", "W4A8"
    # what the paper moves off the accelerator's memory: "optimizer state", "KV cache", "weights"
    Kind("offloads", "Offloads", override="texts", column="Offloads"),
    # "up to 2.31×", "1.5–55×", "22.0% faster", "2.4× higher MFU"
    Kind("speedup", "Speedup", figure=True, comparative=True),
    # "up to 77% lower deployment costs", "6× fewer parameters"
    Kind("reduction", "Reduction", figure=True, comparative=True),
    # "25× larger models", "30% more servers": how much bigger a problem fits
    Kind("scale", "Scale-up", figure=True, comparative=True),
    Kind("utilization", "Utilization", figure=True),  # "72% MFU", ">50% of peak", "89% scaling efficiency"
    Kind("throughput", "Throughput", figure=True),  # "156 TFLOPS", "5.86 tokens/s", "900 GB/s"
    Kind("latency", "Time", figure=True),  # "2 ms", "0.108 s/token", "35 minutes", "1 GPU hour"
    Kind("memory", "Memory", figure=True),  # "24 GB", "<16 GB", "258 bytes"
    Kind("energy", "Energy and power", figure=True),  # "300 W", "1.2 kWh", "15 J"
    Kind("cost", "Cost", figure=True),  # "$630K"
    # "97.6% correctness", "2.08% test error": accuracy figures
    Kind("quality", "Quality", figure=True),
    # "https://github.com/...": the addresses the abstract prints, then those its listing gives
    # beside it (the record's code_repository and project_page: derive/corpus.py, listing_links)
    Kind("code", "Code", override="links", column="Code", always_own=True),
)
BY_NAME: dict[str, Kind] = {kind.name: kind for kind in KINDS}
ORDER: dict[str, int] = {kind.name: index for index, kind in enumerate(KINDS)}
