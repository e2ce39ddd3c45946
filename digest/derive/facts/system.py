"""The name of the paper's system or method ("Fuyou", "FlashAttention-2").

From the title's "Name: subtitle", else the abstract's "we present/introduce/propose Name",
else a title that ends by naming it ("... Inference with Sarathi-Serve"), else a name the abstract
gives its own method in passing ("our method (TTT-E2E) scales ...").
"""

from __future__ import annotations

import re

from ...text.latex import delatex

# Title heads that open a sentence rather than name a system ("Towards: ...").
_GENERIC_TITLE_HEADS = frozenset(
    {
        "towards",
        "toward",
        "understanding",
        "rethinking",
        "revisiting",
        "position",
        "survey",
        "review",
        "overview",
        "tutorial",
        "introduction",
        "benchmarking",
        "evaluating",
        "analysis",
        "challenges",
        "lessons",
        "beyond",
        "scaling",
        "optimizing",
        "accelerating",
        "report",
        "perspective",
        "perspectives",
        "case",
        "abstract",
        "keynote",
        "editorial",
        "appendix",
    }
)
# Acronyms an abstract defines in passing, which name no system of its own.
_GENERIC_ACRONYMS = frozenset(
    {
        "llm",
        "llms",
        "gpu",
        "gpus",
        "cpu",
        "cpus",
        "npu",
        "npus",
        "tpu",
        "vm",
        "api",
        "apis",
        "rl",
        "ml",
        "dl",
        "ai",
        "nas",
        "dnn",
        "dnns",
        "cnn",
        "cnns",
        "gnn",
        "gnns",
        "rnn",
        "kv",
        "moe",
        "ptq",
        "qat",
        "slo",
        "slos",
        "ir",
        "hpc",
        "nlp",
        "cv",
        "hbm",
        "ssd",
        "ssds",
        "nvme",
        "dram",
        "sram",
        "fpga",
        "fpgas",
        "asic",
        "mlp",
        "mlps",
        "ffn",
        "sgd",
        "peft",
        "lora",
        "rag",
        "ttft",
        "tbt",
        "tpot",
        "qps",
        "mfu",
        "flops",
        "gemm",
        "hgemm",
        "vlm",
        "vlms",
        "mllm",
        "mllms",
        "t2i",
        "t2v",
        "vit",
        "nerf",
        "nerfs",
        "isa",
        "sm",
        "dp",
        "tp",
        "pp",
        "ep",
        "sp",
        "fsdp",
        "ddp",
        "rdma",
        "nic",
        "nics",
        "pcie",
        "cuda",
        "nr",
        "ng",
        "pd",
        "hdv",
        "ssm",
        "ssms",
        "rdu",
        "kd",
        "e2e",
        "sota",
        "mpi",
        "gcd",
        "gcds",
        "ood",
    }
)
_SYSTEM_INTRO = re.compile(
    r"[WwTt](?<![\w][WwTt])(?:e|his\s+(?:paper|work|study|article|dissertation|(?:technical\s+)?report))\s+"
    r"(?:(?:then|also|further|first|hereby|now|therefore)\s+)?"
    r"(?:present|presents|introduce|introduces|propose|proposes|proposed|develop|develops|"
    r"design|designs|build|builds|describe|describes|release|releases|implement|implements|"
    r"devise|devises|address\s+this\s+with|"
    r"turn\s+(?:this|these|that|the|our)\s+(?:[\w\-]+\s+){0,3}?into|"  # "We turn this observation into VSA, a ..."
    r"refer\s+to\s+(?:this|these|it|our)\b(?:\s+[\w\-]+){0,3}?\s+as)\s+"  # "We refer to this paradigm as DMTD"
)
# A word that can be (part of) a name: capitalised, or camel-cased like "nnAudio".
_NAME_WORD = r"(?:[A-Z][\w\-.+'’]*[\w+]|[A-Z]|[a-z]+[A-Z0-9][\w\-.+]*[\w+])"
# Up to six such words, with the small words titles keep lower-case ("Active Partial Rollouts
# in Reinforcement Learning").
_NAME_PHRASE = rf"{_NAME_WORD}(?:\s+(?:(?:and|of|for|in|on|with|to|the)\s+)?{_NAME_WORD}){{0,5}}"
_ACRONYM = r"[A-Za-z][\w\-]*[A-Z][\w\-]*"
# Right after the verb: "Fuyou, a", "the CtrLoRA framework", "SARATHI to", "GaLore (...)".
_NAME_AFTER_VERB = re.compile(
    rf"(?:the\s+|our\s+)?(?P<name>{_NAME_PHRASE})"
    rf"(?:\s*\((?P<acronym>{_ACRONYM})\))?"
    r"(?=\s*(?:,|\(|;|:|--|—|–|\.|$)|\s+-\s|\s+(?:which|that|to|as|for|with|in|on|is|a|an|the|"
    r"framework|system|library|method|approach|toolkit|toolbox|model|engine|compiler|scheduler|"
    r"runtime|algorithm|technique|benchmark|dataset|pipeline|scheme|platform|family)\b)"
)
# "a novel framework called X", "dubbed X", "termed X", "namely the X".
_EXPLICITLY_NAMED = re.compile(
    r"^[^.;]{0,80}?\b(?:called|named|dubbed|termed|namely)\s+(?:the\s+)?"
    rf"(?P<name>{_NAME_PHRASE}|[a-z][\w\-]*\d[\w\-]*|[a-z]+[A-Z][\w\-]*)"
    rf"(?:\s+[a-z][\w\-]*){{0,3}}?(?:\s*\((?P<acronym>{_ACRONYM})\))?"
)
# "Gradient Low-Rank Projection (GaLore)": an acronym defined in the same clause.
_DEFINED_ACRONYM = re.compile(rf"^[^.;]{{0,120}}?(?P<before>(?:\S+\s+){{1,8}})\((?P<acronym>{_ACRONYM})\)")


# "... Training on GPU Clusters Using Megatron-LM", "... LLM Inference with Sarathi-Serve": a title
# that ends by naming its system with a hyphenated or CamelCase name.
_TITLE_TAIL_NAME = re.compile(
    r"\b(?i:using|with|via|in)\s+(?P<name>[A-Z][\w.]*(?:-[\w.]+)+|[A-Z][a-z]+[A-Z][\w\-]*)\s*$"
)


def find_system(title: str, abstract_sentences: list[str]) -> tuple[str, str] | None:
    """(name, sentence it came from): the title's "Name: subtitle" first, else the abstract's
    "we present/introduce/propose Name"."""
    abstract = delatex(" ".join(abstract_sentences))
    from_title = _name_from_title(delatex(title), abstract)
    if from_title:
        return from_title, title
    for sentence in abstract_sentences:
        name = _name_from_sentence(delatex(sentence))
        if name:
            return name, sentence
    tail = _TITLE_TAIL_NAME.search(delatex(title))
    if tail:
        return tail["name"], title
    for sentence in abstract_sentences:  # named in passing: "our method (TTT-E2E) scales ..."
        ours = _OURS_NAMED.search(delatex(sentence))
        if ours and ours["name"].lower() not in _GENERIC_ACRONYMS:
            return ours["name"], sentence
    return None


_OURS_NAMED = re.compile(
    r"\bour\s+(?:proposed\s+)?(?:method|approach|model|framework|system|algorithm|technique)\s*\((?P<name>"
    rf"{_ACRONYM})\)"
)


# A one-word title head that names a system: a word from its first letter ("Nexus"), or a name
# that leads with a digit and holds a capital ("3DGS-LM", "2BP"); "2024" or "4-bit" names none.
_ONE_WORD_NAME = re.compile(r"[^\W\d_][\w\-.+'’]*|\d[\w\-.+'’]*[A-Z][\w\-.+'’]*")


def _name_from_title(title: str, abstract: str) -> str | None:
    if ":" not in title:
        return None
    head = title.split(":", 1)[0].strip()
    words = head.split()
    if not words or words[0].lower() in _GENERIC_TITLE_HEADS:
        return None
    if len(words) == 1:
        return head if _ONE_WORD_NAME.fullmatch(head) else None
    # Several words name a system only if the abstract uses them as a name ("DeepSpeed
    # Inference"); otherwise the head is a sentence ("Training Foundation Models on ...").
    looks_like_name = len(words) <= 4 and all(w[0].isupper() or w[0].isdigit() for w in words)
    if looks_like_name and head.lower() in abstract.lower():
        return head
    return None


def _name_from_sentence(sentence: str) -> str | None:
    for intro in _SYSTEM_INTRO.finditer(sentence):
        rest = sentence[intro.end() :]
        name = _named_system(rest)
        if name:
            return name
    return None


def _named_system(rest: str) -> str | None:
    """The name in what follows "we propose", if it has one."""
    for pattern in (_EXPLICITLY_NAMED, _NAME_AFTER_VERB):
        match = pattern.match(rest)
        if match:
            acronym = match.group("acronym")
            if acronym and acronym.lower() not in _GENERIC_ACRONYMS:
                return acronym
            if match.group("name").lower() not in _GENERIC_ACRONYMS:
                return match.group("name")
    defined = _DEFINED_ACRONYM.match(rest)
    if defined and _acronym_fits(defined.group("acronym"), defined.group("before")):
        return defined.group("acronym")
    return None


def _acronym_fits(acronym: str, words_before: str) -> bool:
    """A defined acronym starts like one of the words it abbreviates: "(HSPI)" after "hardware"."""
    if acronym.lower() in _GENERIC_ACRONYMS:
        return False
    initials = {word[0].lower() for word in words_before.split() if word[0].isalpha()}
    return acronym[0].lower() in initials
