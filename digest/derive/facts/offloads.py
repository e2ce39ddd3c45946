"""What a paper offloads: the state it moves off the accelerator's memory or keeps elsewhere
("offload the optimizer states to CPU", "an activation offloading framework", "the KV cache is
offloaded to host memory", "shifts model parameters between the CPU and GPU", "stream weights from
flash"), as a short list of the field's names for it: weights, optimizer state, gradients,
activations, KV cache, experts, ...

Read from the field's phrases, never a paper's name: an offloading verb (offload, swap) with what it
moves, or a verb that moves or keeps data anywhere (transfer, shift, load, stream, prefetch, store,
keep, access) with what it moves and a tier off the accelerator named in its own clause (CPU or
host memory, SSD, NVMe, disk, flash, storage, "between the GPU and CPU"); or what it moves named
before the verb ("activation offloading", "KV cache ... offloaded to host memory"); or two idioms
that say it without a tier: a state's retrieval overlapped with computation ("overlapping KV cache
retrieval with the LLM computation"), and a mixture of experts run on the CPU and the GPU together
("hybrid CPU-GPU ... MoE inference": its experts). "Model states" are named as what they hold:
weights, gradients and optimizer state. What is moved must be named: "offloading data and compute
to CPU" and "a fine-grained offloading pipeline" give nothing. Whose it is, the paper's or the
background's, is the sentence's role (roles.py): an offloading the abstract gives as the field's
problem or another system's design is context.

Measured when written, each abstract read by hand: of the 266 stored papers it gives 11 values as a
paper's own, all in the offloading topic and all right (9 of its 18 papers); of 9,805 stored,
rejected and recorded abstracts, 13 values in 11 of them, all right. What an abstract leaves unsaid
(ZeRO-Offload's "data", PyTorch-Direct's "data structures in host memory", a model that "does not
fit") it leaves to a curator (`overrides.offloads`).
"""

from __future__ import annotations

import re

from .base import Found, Sentence

# What is offloaded, by the value a table shows, in the order they are tried at one place (a KV
# cache before a cache, model states before weights).
_OBJECTS: tuple[tuple[str, str], ...] = (
    ("KV cache", r"(?:KV|key[\s-]value)(?:[\s-]+(?:cache|caches|states|tensors|blocks|pairs))?"),
    ("optimizer state", r"optimi[sz]er(?:[\s-]+(?:states?|step))?"),
    ("model states", r"model[\s-]+(?:states|data)"),
    ("gradients", r"gradients"),
    ("activations", r"(?:intermediate\s+)?activations?(?:[\s-]+(?:tensors|checkpoints))?"),
    ("experts", r"(?:MoE\s+)?experts?(?:[\s-]+(?:weights|parameters))?"),
    ("embeddings", r"embeddings?(?:[\s-]+tables?)?"),
    ("weights", r"(?:(?:model|layer|network)[\s-]+)?(?:weights?|parameters|params)|(?:model|transformer)\s+layers"),
    ("features", r"(?:(?:node|sparse|graph|input|vertex)\s+)?features?(?:\s+tables?)?"),
    ("cache", r"caches?"),
)
# What a name of the field holds: "model states" (or "model data") are the parameters, their gradients
# and the optimizer states, which a table names one by one, so a reader looking for any finds the row.
_HOLDS = {"model states": ("weights", "gradients", "optimizer state")}
# What other fields move or swap too ("swap one cache slot", "swapping features"): offloaded only
# with a tier named, or when the sentence names the offloading ("Cache Swapping").
_ANY_FIELD = frozenset({"features", "cache", "embeddings"})
_OBJECT = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(f"(?P<o{index}>{pattern})" for index, (_, pattern) in enumerate(_OBJECTS))
    + r")(?![\w-])",
    re.IGNORECASE,
)
# A model cut into parts, which the sentence then moves: "partitions large models into smaller blocks
# and loads them into memory", "dividing models into individual layers and ... transferring these layers".
_MODEL_IN_PARTS = re.compile(
    r"\bmodels?\s+into\s+(?:[\w-]+\s+){0,2}?(?:blocks|layers|chunks|shards|partitions|pieces)\b", re.IGNORECASE
)
_PARTS = re.compile(r"(?<![\w-])(?:them|these\s+(?:blocks|layers|chunks|shards|partitions|pieces))(?![\w-])", re.I)

# Verbs that move state off the accelerator by themselves ("offload activations", "swap the KV cache").
_OFFLOADING = r"offload(?:s|ed|ing)?|swap(?:s|ped|ping)?(?:\s+(?:out|in))?"
# Verbs that move or keep data anywhere: they say offloading only with a tier off the accelerator named.
_MOVING = (
    r"transfer(?:s|red|ring)?|shift(?:s|ed|ing)?|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|"
    r"load(?:s|ed|ing)?|fetch(?:es|ed|ing)?|prefetch(?:es|ed|ing)?|stream(?:s|ed|ing)?|"
    r"stor(?:e|es|ed|ing)|keep(?:s|ing)?|kept|hold(?:s|ing)?|held|plac(?:e|es|ed|ing)|"
    r"distribut(?:e|es|ed|ing)|access(?:es|ed|ing)?|resid(?:e|es|ed|ing)"
)
_VERB = re.compile(rf"(?<![\w-])(?:(?P<offloading>{_OFFLOADING})|(?P<moving>{_MOVING}))(?![\w-])", re.IGNORECASE)
# Where a verb's object ends: a preposition, a clause's punctuation or a new clause.
_OBJECT_END = re.compile(
    r"[;:.()]|,\s+(?:which|while|and\s+(?:then\s+)?\w+(?:s|es|ing)\b)|"
    r"(?<![\w-])(?:to|from|into|onto|between|across|in|on|off|out\s+of|using|via|with|by|for|when|as|while|so|that|"
    r"which|of|through|under|over|during|at)(?![\w-])",
    re.IGNORECASE,
)
_OBJECT_REACH = 90  # characters after a verb its object may take up
# "of" ends an object but after a share of it: "offloads part of the KV cache".
_SHARE = re.compile(r"\b(?:part|parts|portion|fraction|some|most|all|half|rest|each|none)\s+$", re.IGNORECASE)
_TIER_REACH = 60  # characters before a verb that moves data, or after its object, where its tier may be named
_CLAUSE_BREAK = re.compile(r"[;:.]|,|\s(?:and|but|while|whereas)\s", re.IGNORECASE)
# What the sentence moves, named before an offloading noun or a passive verb: "activation offloading",
# "Cache Swapping", "the KV cache of finished requests is offloaded to host memory".
_AFTER_OBJECT = re.compile(
    r"[\s-]+(?P<noun>offloading|swapping)\b|"
    r"(?:\s+(?!(?:and|or|but|while|which|that|we|it)\b)[\w-]+){0,5}?\s+(?:is|are|was|were|be|being|get|gets|got)\s+"
    r"(?:(?:\w+ly|then|all|also)\s+)?(?P<passive>offloaded|swapped(?:\s+out)?|transferred|moved|migrated|"
    r"loaded|prefetched|streamed|stored|kept|held|placed|distributed)\b",
    re.IGNORECASE,
)
# A state fetched from where it is kept while the accelerator computes: "overlapping KV cache
# retrieval with the LLM computation". Only retrieval: a transfer or a prefetch hidden so may be
# between GPUs (a KV cache sent to the decode GPU, parameters gathered from their shards), and a
# load may be a kernel's, from HBM.
_OVERLAPPING = re.compile(r"\boverlap(?:s|ped|ping)?\s+(?:the\s+)?$", re.IGNORECASE)
_RETRIEVAL_WITH_COMPUTE = re.compile(
    r"\s+retrieval\s+with\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?comput(?:ation|e|ing)\b", re.IGNORECASE
)
# A mixture of experts run on the CPU and the GPU together keeps experts in CPU memory:
# "Hybrid CPU-GPU Scheduling ... for Efficient MoE Inference".
_HYBRID_CPU_GPU = re.compile(r"\bhybrid\s+CPU[\s/-]+GPU\b|\bCPU[\s/-]+GPU\s+hybrid\b", re.IGNORECASE)
_MOE = re.compile(r"\b(?:MoE|mixture[\s-]+of[\s-]+experts)\b", re.IGNORECASE)
# A tier off the accelerator, named in the sentence: a verb that moves or keeps data says offloading
# only with one. The accelerator's own memory ("kept in GPU memory") is none.
_OFF_ACCELERATOR = re.compile(
    r"\b(?:CPU|host|main|system)(?:[\s-]+side)?\s+(?:memory|DRAM|RAM)\b|\bCPU[\s-]+(?:DRAM|RAM)\b|"
    r"\bheterogeneous\s+memory\b|\bDRAM\b|\bSSDs?\b|\bNVMe\b|\bdisks?\b|\bsolid[\s-]state\s+drives?\b|"
    r"\b(?:flash|UFS)(?:\s+(?:storage|memory|drives?))?\b(?![\s-]*(?:attention|decoding|mla|infer|kernel))|"
    r"\bstorage\b|\bbetween\s+(?:the\s+)?(?:GPUs?|CPUs?|host|device|accelerators?)\s+and\s+(?:the\s+)?(?:GPUs?|CPUs?|host)\b|"
    r"\b(?:to|from|onto|on)\s+(?:the\s+)?(?:CPUs?|host)\b",
    re.IGNORECASE,
)
# Loading into memory says where from, a slower tier: "loads them into memory" (not "into shared memory").
_INTO_MEMORY = re.compile(r"\binto\s+(?:the\s+)?(?:(?:device|main|GPU)\s+)?memory\b", re.IGNORECASE)
_LOADING = re.compile(r"^(?:load|fetch|stream)", re.IGNORECASE)
# An offloading said to be left out: "without offloading", "instead of swapping", "no need to offload".
_NOT_DONE = re.compile(
    r"\b(?:without|no\s+need\s+to|not|never|avoid\w*|eliminat\w*|instead\s+of|rather\s+than|no)\s+(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
# Hints that let most sentences skip the patterns above.
_HINTS = tuple("offload swap cpu host ssd nvme disk flash storage memory dram ufs overlap".split())


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    lowered = text.lower()
    if not any(hint in lowered for hint in _HINTS):
        return []
    found: dict[str, tuple[int, int]] = {}
    for verb in _VERB.finditer(text):
        if _NOT_DONE.search(text, max(0, verb.start() - 60), verb.start()):
            continue
        objects = _objects_after(text, verb.end())
        # "swap one cache slot", "swapping features": a word of any field, offloading only with a tier named
        needs_tier = verb["moving"] or any(value in _ANY_FIELD for value, _, _ in objects)
        if objects and needs_tier and not _tier_near(text, verb.start(), objects[-1][2], verb[0]):
            continue
        for value, start, end in objects:
            found.setdefault(value, (start, end))
    for match in _OBJECT.finditer(text):
        if _NOT_DONE.search(text, max(0, match.start() - 60), match.start()):
            continue
        if _move_named_after(text, match.end()) or _overlapped(text, match):
            found.setdefault(_value(match), (match.start(), match.end()))
    if hybrid := _hybrid_moe(text):
        found.setdefault("experts", hybrid)
    named: dict[str, tuple[int, int]] = {}
    for value, span in sorted(found.items(), key=lambda item: item[1]):
        for held in _HOLDS.get(value, (value,)):
            named.setdefault(held, span)
    return [("offloads", start, end, value) for value, (start, end) in named.items()]


def _move_named_after(text: str, end: int) -> bool:
    """Whether the state ending at `end` is named before the offloading that moves it: a noun
    ("activation offloading") or a passive ("is offloaded"; "is loaded", "stored" only with a tier
    named)."""
    after = _AFTER_OBJECT.match(text, end)
    if not after:
        return False
    passive = after["passive"]
    moves_anywhere = passive and not passive.lower().startswith(("offload", "swap"))
    return not moves_anywhere or _tier_near(text, after.end(), after.end(), passive)


def _overlapped(text: str, match: re.Match[str]) -> bool:
    """Whether the sentence overlaps the state's retrieval with computation."""
    return bool(
        _OVERLAPPING.search(text, max(0, match.start() - 20), match.start())
        and _RETRIEVAL_WITH_COMPUTE.match(text, match.end())
    )


def _hybrid_moe(text: str) -> tuple[int, int] | None:
    """Where a sentence runs a mixture of experts on the CPU and the GPU together, from the one
    phrase to the other, or None."""
    hybrid, moe = _HYBRID_CPU_GPU.search(text), _MOE.search(text)
    if not hybrid or not moe:
        return None
    return min(hybrid.start(), moe.start()), max(hybrid.end(), moe.end())


def _tier_near(text: str, verb_start: int, object_end: int, verb: str) -> bool:
    """Whether a verb that moves or keeps data names a tier off the accelerator in its own clause:
    just after what it moves ("shifts model parameters between the CPU and GPU", "features in host
    memory") or just before the verb ("uses the CPU-GPU heterogeneous memory space to store"); or
    loads "into memory", from a slower tier."""
    after = _OFF_ACCELERATOR.search(text, object_end, object_end + _TIER_REACH)
    if after and not _CLAUSE_BREAK.search(text, object_end, after.start()):
        return True
    for before in _OFF_ACCELERATOR.finditer(text, max(0, verb_start - _TIER_REACH), verb_start):
        if not _CLAUSE_BREAK.search(text, before.end(), verb_start):
            return True
    into = _INTO_MEMORY.search(text, object_end, object_end + _TIER_REACH)
    return bool(_LOADING.match(verb) and into and not _CLAUSE_BREAK.search(text, object_end, into.start()))


def _object_end(text: str, start: int) -> int:
    """Where the object of a verb ending at `start` ends."""
    end = _OBJECT_END.search(text, start)
    while end and end.group().lower() == "of" and _SHARE.search(text, start, end.start()):
        end = _OBJECT_END.search(text, end.end())
    return end.start() if end else len(text)


def _objects_after(text: str, start: int) -> list[tuple[str, int, int]]:
    """What a verb at `start` moves: the objects it names before its object ends ("parameters,
    gradients and optimizer states" up to "to NVMe"), a model's parts it cut the model into ("loads
    them"), and nothing when its object names none."""
    stop = min(_object_end(text, start), start + _OBJECT_REACH)
    objects = [(_value(match), match.start(), match.end()) for match in _OBJECT.finditer(text, start, stop)]
    if not objects and _MODEL_IN_PARTS.search(text, 0, start):
        parts = _PARTS.search(text, start, stop)
        if parts and not text[start : parts.start()].strip(" ,"):
            objects.append(("weights", parts.start(), parts.end()))
    # the object opens the verb's object: "offloads the optimizer states", not "offloads its work ... features"
    if objects and len(text[start : objects[0][1]].split()) > 4:
        return []
    return objects


def _value(match: re.Match[str]) -> str:
    index = next(index for index, (_, _pattern) in enumerate(_OBJECTS) if match[f"o{index}"])
    return _OBJECTS[index][0]
