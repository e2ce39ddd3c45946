"""Facts extracted from a paper's title and abstract, each with the sentence it came from.

Extraction is deliberately rule-based and conservative: a comparison table is better with a
blank cell than with a number that means something else. Every rule below was written
against real Hugging Face "Daily Papers" abstracts, including their conversion damage
("2.31times" for "2.31$\\times$", "M\\'elange", "\\textbf{...}").

Kinds, in the order facts are returned:
  system       the name of the paper's system or method ("Fuyou", "FlashAttention-2")
  hardware     canonical catalogue names ("RTX 4090")
  gpu_count    "8 GPUs", "1 GPU", "1,024 GPUs", "384 GCDs", "thousands of GPUs"
  model_scale  "175B", "7B", "1T", "billion-scale"
  precision    "FP8", "BF16", "INT4", "4-bit", "W4A8"
  speedup      "up to 2.31×", "17.7×", "1.5–55×", "22.0% faster"
  reduction    "up to 77% lower deployment costs", "6× fewer parameters"
  throughput   "156 TFLOPS", "5.86 tokens/s", "91.07 fps"
  code         URLs ("https://github.com/...")
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from digest.hardware import HardwareCatalog, HardwareEntry

KINDS = (
    "system", "hardware", "gpu_count", "model_scale", "precision",
    "speedup", "reduction", "throughput", "code",
)
_KIND_ORDER = {kind: index for index, kind in enumerate(KINDS)}


@dataclass(frozen=True)
class Fact:
    """One extracted (or curated) fact. `sentence` is verbatim from the title or abstract."""

    kind: str
    value: str
    sentence: str
    curated: bool = False


# =============================================================================== sentences

# Words whose trailing period does not end a sentence ("e.g. R1", "et al. (2023)", "vs. A").
_ABBREVIATIONS = frozenset({
    "e.g", "i.e", "al", "vs", "cf", "fig", "figs", "eq", "eqs", "sec", "no", "approx",
    "resp", "ca", "viz", "ref", "refs", "tab", "dr", "mr", "ms", "prof", "st", "inc", "ltd",
    "corp", "res", "est", "wrt", "w.r.t",
})
# A candidate end: . ! or ? (maybe closing quotes/brackets), space, then what can start one.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9])")


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`, verbatim (stripped). Keeps "e.g.", "et al.", "vs." and decimals
    like "2.31" inside their sentence."""
    sentences, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        if text[end.start()] == "." and _is_abbreviation(_word_before(text, end.start())):
            continue
        sentences.append(text[start:end.end()].strip())
        start = end.end()
    sentences.append(text[start:].strip())
    return [sentence for sentence in sentences if sentence]


def _word_before(text: str, period: int) -> str:
    """The word that a period at `period` ends, without the period."""
    word_start = max(text.rfind(" ", 0, period), text.rfind("\n", 0, period)) + 1
    return text[word_start:period]


def _is_abbreviation(word: str) -> bool:
    word = word.lstrip("([\"'“‘").lower()
    # A lone letter before a period is an initial ("J. Smith") or a list label ("(a)"), not an end.
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


# =============================================================================== LaTeX

_LATEX_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303"}
_LATEX_ACCENT = re.compile(r"""\\(['`^"~])\{?([A-Za-z])\}?""")
_LATEX_COMMAND_ARGUMENT = re.compile(r"\\(?:textbf|textit|textsc|texttt|emph|text|mathrm|mathbf|url)\{([^{}]*)\}")
_LATEX_OLD_FONT = re.compile(r"\{\\(?:it|bf|em|tt|sc)\s+([^{}]*)\}")


def plain_text(text: str) -> str:
    """Undo the LaTeX that survives in abstracts: M\\'elange -> Mélange, \\textbf{X} -> X."""
    if "\\" not in text:
        return text
    text = _LATEX_ACCENT.sub(
        lambda m: unicodedata.normalize("NFC", m.group(2) + _LATEX_ACCENTS[m.group(1)]), text)
    text = _LATEX_COMMAND_ARGUMENT.sub(r"\1", text)
    text = _LATEX_OLD_FONT.sub(r"\1", text)
    return text.replace("\\%", "%")


# =============================================================================== system name

# Title heads that open a sentence rather than name a system ("Towards: ...").
_GENERIC_TITLE_HEADS = frozenset({
    "towards", "toward", "understanding", "rethinking", "revisiting", "position", "survey",
    "review", "overview", "tutorial", "introduction", "benchmarking", "evaluating", "analysis",
    "challenges", "lessons", "beyond", "scaling", "optimizing", "accelerating", "report",
    "perspective", "perspectives", "case", "abstract", "keynote", "editorial", "appendix",
})
# Acronyms an abstract defines in passing, which name no system of its own.
_GENERIC_ACRONYMS = frozenset({
    "llm", "llms", "gpu", "gpus", "cpu", "cpus", "npu", "npus", "tpu", "vm", "api", "apis",
    "rl", "ml", "dl", "ai", "nas", "dnn", "dnns", "cnn", "cnns", "gnn", "gnns", "rnn", "kv",
    "moe", "ptq", "qat", "slo", "slos", "ir", "hpc", "nlp", "cv", "hbm", "ssd", "ssds", "nvme",
    "dram", "sram", "fpga", "fpgas", "asic", "mlp", "mlps", "ffn", "sgd", "peft", "lora", "rag",
    "ttft", "tbt", "tpot", "qps", "mfu", "flops", "gemm", "hgemm", "vlm", "vlms", "mllm",
    "mllms", "t2i", "t2v", "vit", "nerf", "nerfs", "isa", "sm", "dp", "tp", "pp", "ep", "sp",
    "fsdp", "ddp", "rdma", "nic", "nics", "pcie", "cuda", "nr", "ng", "pd", "hdv", "ssm", "ssms",
    "rdu", "kd", "e2e", "sota", "mpi", "gcd", "gcds", "ood",
})
_SYSTEM_INTRO = re.compile(
    r"[WwTt](?<![\w][WwTt])(?:e|his\s+(?:paper|work|study|article|dissertation))\s+"
    r"(?:(?:then|also|further|first|hereby|now|therefore)\s+)?"
    r"(?:present|presents|introduce|introduces|propose|proposes|proposed|develop|develops|"
    r"design|designs|build|builds|describe|describes|release|releases|implement|implements|"
    r"devise|devises|address\s+this\s+with)\s+")
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
    r"(?=\s*(?:,|\(|;|:|--|—|–|\.|$)|\s+(?:which|that|to|as|for|with|in|on|is|a|an|the|"
    r"framework|system|library|method|approach|toolkit|toolbox|model|engine|compiler|scheduler|"
    r"runtime|algorithm|technique|benchmark|dataset|pipeline|scheme|platform|family)\b)")
# "a novel framework called X", "dubbed X", "termed X", "namely the X".
_EXPLICITLY_NAMED = re.compile(
    r"^[^.;]{0,80}?\b(?:called|named|dubbed|termed|namely)\s+(?:the\s+)?"
    rf"(?P<name>{_NAME_PHRASE}|[a-z][\w\-]*\d[\w\-]*|[a-z]+[A-Z][\w\-]*)"
    rf"(?:\s+[a-z][\w\-]*){{0,3}}?(?:\s*\((?P<acronym>{_ACRONYM})\))?")
# "Gradient Low-Rank Projection (GaLore)": an acronym defined in the same clause.
_DEFINED_ACRONYM = re.compile(rf"^[^.;]{{0,120}}?(?P<before>(?:\S+\s+){{1,8}})\((?P<acronym>{_ACRONYM})\)")


# "... Training on GPU Clusters Using Megatron-LM", "... LLM Inference with Sarathi-Serve": a title
# that ends by naming its system with a hyphenated or CamelCase name.
_TITLE_TAIL_NAME = re.compile(
    r"\b(?i:using|with|via|in)\s+(?P<name>[A-Z][\w.]*(?:-[\w.]+)+|[A-Z][a-z]+[A-Z][\w\-]*)\s*$")


def system_name(title: str, abstract: str) -> str | None:
    """The name of the paper's system or method, or None when the paper names none."""
    found = _find_system(title, split_sentences(abstract))
    return found[0] if found else None


def _find_system(title: str, abstract_sentences: list[str]) -> tuple[str, str] | None:
    """(name, sentence it came from): the title's "Name: subtitle" first, else the abstract's
    "we present/introduce/propose Name"."""
    abstract = plain_text(" ".join(abstract_sentences))
    from_title = _name_from_title(plain_text(title), abstract)
    if from_title:
        return from_title, title
    for sentence in abstract_sentences:
        name = _name_from_sentence(plain_text(sentence))
        if name:
            return name, sentence
    tail = _TITLE_TAIL_NAME.search(plain_text(title))
    return (tail["name"], title) if tail else None


def _name_from_title(title: str, abstract: str) -> str | None:
    if ":" not in title:
        return None
    head = title.split(":", 1)[0].strip()
    words = head.split()
    if not words or words[0].lower() in _GENERIC_TITLE_HEADS:
        return None
    if len(words) == 1:
        return head if re.fullmatch(r"[^\W\d_][\w\-.+'’]*", head) else None
    # Several words name a system only if the abstract uses them as a name ("DeepSpeed
    # Inference"); otherwise the head is a sentence ("Training Foundation Models on ...").
    looks_like_name = len(words) <= 4 and all(w[0].isupper() or w[0].isdigit() for w in words)
    if looks_like_name and head.lower() in abstract.lower():
        return head
    return None


def _name_from_sentence(sentence: str) -> str | None:
    for intro in _SYSTEM_INTRO.finditer(sentence):
        rest = sentence[intro.end():]
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


# =============================================================================== GPU counts

_NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
# A number that starts a token: not the "100" of "A100", the "5" of "2.5" or the "024" of
# "1,024". Written digit-first, then looking back, so the regex engine only tries at digits.
_NUMBER_START = r"\d(?<![\w.,]\d)"
_FRESH_NUMBER = rf"{_NUMBER_START}\d*(?:,\d{{3}})*(?:\.\d+)?"
_COUNT_WORDS = {
    "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "sixteen": 16, "thirty-two": 32,
    "sixty-four": 64,
}
_COUNT = r"(?:\d{1,3}(?:,\d{3})+|\d+|" + "|".join(_COUNT_WORDS) + ")"
# Mentions of compute budget or kind, not of how many devices: "GPU hours", "GPU type".
_NOT_A_COUNT_AFTER = r"(?![\s\-]*(?:hours?|types?|memory|generations?|architectures?|kernels?|vendors?|count)\b)"
# "8 GPUs", "single GPU", "128-GPU scale", "a 32 GPU cluster", "384 GCDs", "1024 and 3072 GPUs":
# the unit is found first, the count is read backwards from it.
_DEVICE_UNIT_WORD = re.compile(rf"(?P<unit>(?:GPU|GCD|NPU|TPU|gpu)s?){_NOT_A_COUNT_AFTER}(?![\w])")
_COUNT_BEFORE_UNIT = re.compile(
    rf"(?<![\w.,])(?:(?P<first>{_COUNT})\s+(?:and|or)\s+)?(?P<count>{_COUNT})[\s\-]+$", re.IGNORECASE)
# The count in front of a named device: "8 V100", "two RTX 4090", "8xA100", "4timesRTX 3090".
_COUNT_BEFORE_DEVICE = re.compile(
    rf"(?<![\w.,])(?:(?P<first>{_COUNT})\s*(?:,|and|or)\s*)?(?P<count>{_COUNT})"
    r"(?:\s*(?:x|×|times)\s*|\s+)(?:(?:NVIDIA|Nvidia|AMD|Intel|Huawei|Google)\s+)?$", re.IGNORECASE)
# What may follow the device before the unit: "-40G", " (24G)", " 80GB", " SXM".
_DEVICE_SUFFIX = re.compile(r"(?:[\s\-]*\(?\d+\s*G[Bb]?\)?|\s+SXM\d?|\s+PCIe)*")
_DEVICE_HOURS = re.compile(r"[\s\-]*(?:GPU[\s\-]*)?hours?\b", re.IGNORECASE)
_VAGUE_COUNT = re.compile(
    r"\b(?P<amount>(?:tens|hundreds)\s+of\s+thousands|thousands|hundreds|tens)\s+of\s+"
    r"(?:\w+\s+)?(?P<unit>GPUs|accelerators|NPUs|TPUs)\b", re.IGNORECASE)
_COUNTABLE_CLASSES = ("gpu", "npu", "accelerator")
_UNIT_FOR_CLASS = {"gpu": "GPU", "npu": "NPU", "accelerator": "accelerator"}


def _device_count_value(count_text: str, unit: str) -> str:
    count_word = count_text.lower()
    count = _COUNT_WORDS[count_word] if count_word in _COUNT_WORDS else int(count_text.replace(",", ""))
    unit = unit.rstrip("sS")
    unit = unit.upper() if unit.lower() in ("gpu", "gcd", "npu", "tpu") else unit.lower()
    return f"1 {unit}" if count == 1 else f"{count:,} {unit}s"


def _gpu_counts(sentence: str, devices: list[tuple[HardwareEntry, int, int]]) -> list[tuple[int, str]]:
    found = []
    for unit in _DEVICE_UNIT_WORD.finditer(sentence):
        counted = _COUNT_BEFORE_UNIT.search(sentence, max(0, unit.start() - 40), unit.start())
        if counted is None or any(start <= counted.start("count") < end for _e, start, end in devices):
            continue  # no count, or the "4090" of "RTX 4090 GPU"
        for group in ("first", "count"):
            if counted.group(group):
                found.append((counted.start(group), _device_count_value(counted.group(group), unit.group("unit"))))
    for start, end, unit in _device_chains(sentence, devices):
        before = _COUNT_BEFORE_DEVICE.search(sentence, max(0, start - 40), start)
        after = sentence[end:]
        after = after[_DEVICE_SUFFIX.match(after).end():]
        if before is None or _DEVICE_HOURS.match(after):
            continue
        for group in ("first", "count"):
            if before.group(group):
                found.append((before.start(group), _device_count_value(before.group(group), unit)))
    if " of " in sentence:  # cheap test first: most sentences have no "thousands of GPUs"
        for match in _VAGUE_COUNT.finditer(sentence):
            found.append((match.start(), f"{match.group('amount').lower()} of {match.group('unit')}"))
    return sorted(found)


def _device_chains(sentence: str, devices: list[tuple[HardwareEntry, int, int]]):
    """Runs of adjacent device mentions ("Maxwell Titan X") that can be counted, as
    (start, end, unit); counted only if some device in the run is a GPU/NPU/accelerator."""
    chains: list[list[tuple[HardwareEntry, int, int]]] = []
    for device in devices:
        if chains and not sentence[chains[-1][-1][2]:device[1]].strip():
            chains[-1].append(device)
        else:
            chains.append([device])
    for chain in chains:
        countable = [entry for entry, _s, _e in chain if entry.class_ in _COUNTABLE_CLASSES]
        if countable:
            yield chain[0][1], chain[-1][2], _UNIT_FOR_CLASS[countable[-1].class_]


# =============================================================================== model scale

# "175B", "7b", "1.5B", "1T", "LLaMA-13B" -- but not "19.7B tokens" or "$1B".
_SCALE_NUMBER = r"\d(?<![\w.$]\d)\d*(?:\.\d+)?"
_SCALE_SUFFIX = re.compile(rf"(?P<number>{_SCALE_NUMBER})(?P<unit>[Bb]|T)(?![\w])")
# "5.7M parameters", "2B-parameter": millions only with the word, they are too often sequence
# lengths or dataset sizes.
_SCALE_MILLIONS = re.compile(rf"(?P<number>{_SCALE_NUMBER})M[\s\-]*[Pp]aram")
_NOT_MODEL_SIZE_AFTER = re.compile(
    r"(?:[\s\-]+[\w\-]+){0,2}?[\s\-]+(?:tokens?|words?|pairs|images|samples|edges|nodes|vectors|"
    r"keys|sequences?|instructions|examples|documents|frames|pixels|bytes|rows|entries|queries|"
    r"dollars|USD|FLOPs?|operations)\b", re.IGNORECASE)
_SCALE_WORD = r"(?:million|billion|trillion)"
# "130 billion parameters", "22 Billion, 175 Billion, and 1 Trillion parameters".
_SCALE_IN_WORDS = re.compile(
    rf"(?P<list>(?:(?:\d+(?:\.\d+)?|one|a)\s+{_SCALE_WORD}(?:\s*,\s*(?:and\s+)?|\s+(?:and|or|to)\s+)?)+)"
    r"[\s\-]*param", re.IGNORECASE)
_SCALE_LIST_ITEM = re.compile(rf"(?P<number>\d+(?:\.\d+)?|one|a)\s+(?P<word>{_SCALE_WORD})", re.IGNORECASE)
_SCALE_LETTER = {"million": "M", "billion": "B", "trillion": "T"}
# Scales stated without a number.
_VAGUE_SCALES = (
    (re.compile(r"\b(?:tens)\s+of\s+billions\s+of\s+param", re.I), "10B+"),
    (re.compile(r"\b(?:hundreds)\s+of\s+billions\s+of\s+param", re.I), "100B+"),
    (re.compile(r"\b(?:tens)\s+(?:and\s+(?:even\s+)?hundreds\s+)?of\s+trillions\s+of\s+param", re.I), "10T+"),
    (re.compile(r"(?<!even\s)\bhundreds\s+of\s+trillions\s+of\s+param", re.I), "100T+"),
    (re.compile(r"(?<!of\s)\btrillions\s+of\s+param", re.I), "trillion-scale"),
    (re.compile(r"(?<!of\s)\bbillions\s+of\s+param", re.I), "billion-scale"),
    (re.compile(r"(?<![\w\-])trillion[\s\-]+param", re.I), "1T"),
    (re.compile(r"\b(?:billion|multi-billion)[\s\-]scale(?=[\s\-]+(?:\w+[\s\-]+)?(?:models?|LLMs?|param|language|networks?|training)\b)", re.I), "billion-scale"),
    (re.compile(r"\btrillion[\s\-]scale(?=[\s\-]+(?:\w+[\s\-]+)?(?:models?|LLMs?|param|language|networks?|training)\b)", re.I), "trillion-scale"),
)


def _scale_value(number: str, letter: str) -> str:
    number = number.lower()
    if number in ("one", "a"):
        number = "1"
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    return f"{number}{letter.upper()}"


def _model_scales(sentence: str) -> list[tuple[int, str]]:
    found = []
    for match in _SCALE_SUFFIX.finditer(sentence):
        if not _NOT_MODEL_SIZE_AFTER.match(sentence, match.end()):
            found.append((match.start(), _scale_value(match.group("number"), match.group("unit"))))
    for match in _SCALE_MILLIONS.finditer(sentence):
        found.append((match.start(), _scale_value(match.group("number"), "M")))
    if "illion" not in sentence.lower():  # the word forms below all need one
        return sorted(found)
    for match in _SCALE_IN_WORDS.finditer(sentence):
        for item in _SCALE_LIST_ITEM.finditer(match.group("list")):
            letter = _SCALE_LETTER[item.group("word").lower()]
            found.append((match.start() + item.start(), _scale_value(item.group("number"), letter)))
    for pattern, value in _VAGUE_SCALES:
        for match in pattern.finditer(sentence):
            found.append((match.start(), value))
    return sorted(found)


# =============================================================================== precision

_PRECISION = re.compile(
    r"(?<![\w\-])(?:"
    r"(?P<format>(?:MX|NV)?FP(?:4|6|8|16|32|64)|BF16|TF32|INT(?:2|4|8|16)|UINT8|E4M3|E5M2|"
    r"bfloat16|float(?:8|16|32|64))"
    r"|(?P<wa>W\d{1,2}A\d{1,2}(?:KV\d{1,2})?)"
    r"|(?P<bits>(?:1\.58|[1-8]|16|32|64))-bit"
    r"|(?P<named>half|single|double)[\s\-]precision"
    r")(?![\w])", re.IGNORECASE)
# The cased W-only form ("W3 quantization") would match too much with IGNORECASE.
_WEIGHT_ONLY = re.compile(r"(?<![\w\-])W[1-8](?=\s+(?:and\s+W\d|(?:quantization|kernel|GPU|weights?)\b))")
# 16/32/64-bit are also integer widths ("32-bit keys"): only count them as a number format.
_WIDE_BITS_CONTEXT = re.compile(r"[\s\-]+(?:precision|float\w*|weights?|activations?|training|arithmetic|format|quantization|accumulation|inference)", re.IGNORECASE)
_PRECISION_ALIASES = {
    "BFLOAT16": "BF16", "FLOAT8": "FP8", "FLOAT16": "FP16", "FLOAT32": "FP32", "FLOAT64": "FP64",
    "HALF": "FP16", "SINGLE": "FP32", "DOUBLE": "FP64",
}
# Cheap substring tests that let most sentences skip the regexes above.
_PRECISION_HINTS = ("fp", "bf16", "tf32", "int", "float", "bit", "precision", "e4m3", "e5m2")
_WEIGHT_BITS_HINT = re.compile(r"[Ww]\d")


def _precisions(sentence: str) -> list[tuple[int, str]]:
    lowered = sentence.lower()
    if not any(hint in lowered for hint in _PRECISION_HINTS) and not _WEIGHT_BITS_HINT.search(sentence):
        return []
    found = []
    for match in _PRECISION.finditer(sentence):
        if match.group("bits"):
            bits = match.group("bits")
            if bits in ("16", "32", "64") and not _WIDE_BITS_CONTEXT.match(sentence, match.end("bits") + 4):
                continue
            found.append((match.start(), f"{bits}-bit"))
            continue
        token = (match.group("format") or match.group("wa") or match.group("named")).upper()
        found.append((match.start(), _PRECISION_ALIASES.get(token, token)))
    for match in _WEIGHT_ONLY.finditer(sentence):
        found.append((match.start(), match.group()))
    return sorted(found)


# =============================================================================== results

# How a number is hedged (read backwards from it), and how that shows in a value.
_QUALIFIER_BEFORE = re.compile(
    r"(?<![\w])(?P<qualifier>up\s+to|up-to|more\s+than|less\s+than|at\s+least|over|nearly|almost|about|"
    r"around|approximately|roughly|~)\s*(?:a\s+)?$", re.IGNORECASE)
_QUALIFIER_PREFIX = {
    "up to": "up to ", "up-to": "up to ", "more than": ">", "at least": "≥", "over": ">",
    "less than": "<",
}
# "2.31x", "2.31×", "2.31 times", the dumps' "2.31times", "3-fold". Not "16x16", "8xA100",
# "3 x 3", "4 x A100", "4timesRTX".
_TIMES = (r"(?:\s?[x×X](?![\w×])(?!\s*\d)(?!\s?(?:[A-Z]+\d|RTX|GTX|NVIDIA|Nvidia|Tesla))"
          r"|\s?times(?![A-Za-z])|-fold\b)")
_MULTIPLIER_RANGE = re.compile(
    rf"(?P<low>{_FRESH_NUMBER})(?:{_TIMES})?\s*(?:-|–|~|to|sim)\s*(?P<high>{_NUMBER}){_TIMES}")
_MULTIPLIER = re.compile(rf"(?P<low>{_FRESH_NUMBER}){_TIMES}")
# "by a factor of up to 179", "by up to a factor 19".
_FACTOR = re.compile(
    rf"factor(?<=\ba factor)\s+(?:of\s+)?(?:(?P<inner>up\s+to)\s+)?(?P<low>{_NUMBER})(?:\s?(?:x|×|times))?(?![\w])(?!\.\d)")
# CUDA-L1's "x17.7": only in a sentence about speed, and never "x86".
_PREFIX_MULTIPLIER = re.compile(r"[x×](?<![\w.][x×])(?P<low>(?!86\b|64\b)\d+(?:\.\d+)?)(?![\w])(?!\.\d)")
_SPEED_SENTENCE = re.compile(r"[Ss]peed")
_PERCENT_SIGN = r"\s?(?:\\?%|percent\b)"
_PERCENT_RANGE = re.compile(
    rf"(?P<low>{_FRESH_NUMBER})(?:{_PERCENT_SIGN})?\s*(?:-|–|to)\s*(?P<high>{_NUMBER}){_PERCENT_SIGN}")
_PERCENT = re.compile(rf"(?P<low>{_FRESH_NUMBER})(?P<plus>\+)?{_PERCENT_SIGN}")
_HAS_DIGIT = re.compile(r"\d")

# What the words right after a number say it is.
_AFTER_CAPACITY = re.compile(
    r"\s*(?:larger|bigger|longer|more(?!\s+(?:[\w\-]+\s+)?efficient)|increase\s+in\s+(?:\w+\s+)?size|"
    r"maximum\s+batch|(?:the\s+)?(?:model|batch)\s+sizes?|sequence\s+length)\b", re.IGNORECASE)
_AFTER_REDUCTION = re.compile(
    r"\s*(?P<word>lower|less|fewer|smaller|cheaper|reduction|decrease|savings?)\b"
    r"(?:\s+(?:in|of)\b)?(?P<object>(?:\s+[A-Za-z][\w\-/]*){0,5})", re.IGNORECASE)
_AFTER_SPEED = re.compile(
    r"\s*(?:[\w\-]+\s+){0,2}?(?:faster|speed-?ups?|speeds?\s+up|acceleration|(?:higher\s+)?(?:\w+\s+)?throughputs?|"
    r"more\s+(?:[\w\-]+\s+)?efficient|better\s+(?:\w+\s+)?(?:efficiency|throughput|performance|latency)|"
    r"improvements?|TFLOPS|end-to-end|increase\s+in\s+TFLOPS)\b", re.IGNORECASE)
# Words saying a number measures quality or a share of something, not efficiency. Not when
# hyphenated into a modifier: "error-induced overhead" is still overhead.
_NOT_A_RESULT = (r"accuracy|accurate|errors?|scores?|correctness|perplexity|quality|loss|BLEU|F1|"
                 r"top-1|MAPE|benchmarks?|of\s+(?:the\s+)?(?:\w+\s+)?peak(?!\s+memory)|theoretical|"
                 r"utili[sz]ation|MFU|variation|absolute")
_AFTER_NOT_A_RESULT = re.compile(rf"^[^.;]{{0,40}}?\b(?:{_NOT_A_RESULT})\b(?!-)", re.IGNORECASE)
_BETWEEN_NOT_A_RESULT = re.compile(rf"\b(?:{_NOT_A_RESULT})\b(?!-)", re.IGNORECASE)
# "... and 3.0times", "..., 2.61x": a list of numbers shares the words after its last one.
_LIST_CONTINUATION = re.compile(
    rf"^(?:\s*(?:,|and|or|,\s*and)\s*(?:up\s+to\s+)?{_NUMBER}(?:\s*(?:-|–|sim)\s*{_NUMBER})?"
    rf"\s?(?:x|×|X|times|%|\\%))+")
# The last of these words before a number decides what the number is.
_BEFORE_KEYWORDS = re.compile(
    r"\b(?:(?P<reduction>reduc\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|sav(?:e|es|ed|ing)|decreas\w*|"
    r"minimi[sz]\w*|shrink\w*|compress\w*|less|smaller|fewer)|"
    r"(?P<speed>speed\w*|faster|accelerat\w*|improv\w*|boost\w*|enhanc\w*|outperform\w*|gains?)|"
    r"(?P<not_a_result>gap|from|grown|grew|grows|extends?|extending|enlarg\w*|increase\s+of))\b",
    re.IGNORECASE)
_REDUCTION_OBJECT_BEFORE = re.compile(
    r"\b(?P<verb>reduc\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|sav(?:e|es|ed|ing)|decreas\w*|"
    r"minimi[sz]\w*|shrink\w*|compress\w*|less|fewer|smaller|and)\s+(?:the\s+|its\s+|their\s+)?"
    r"(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,6}?)\s+by\s*$", re.IGNORECASE)
_REDUCTION_VERB_RIGHT_BEFORE = re.compile(r"\b(?:reduc\w*|lower\w*|cut\w*|sav\w*|decreas\w*|minimi[sz]\w*)\s*$", re.IGNORECASE)
_OBJECT_AFTER_OF = re.compile(r"\s+of\s+(?:the\s+)?(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,4})")
_OBJECT_STOP_WORDS = frozenset({
    "of", "for", "in", "on", "across", "when", "during", "with", "from", "to", "per", "than",
    "compared", "while", "and", "or", "over", "vs", "versus", "by", "at", "as", "respectively",
    "without", "which", "that", "using", "under", "relative",
})
_ADJECTIVE_REDUCTIONS = ("less", "fewer", "smaller")


@dataclass(frozen=True)
class _Number:
    """A number found in a sentence, before it is known what it measures."""

    start: int  # of its hedge, if it has one: the words before that decide what it is
    end: int
    text: str  # normalised: "2.31", "1.5–55"
    is_percent: bool
    qualifier: str
    signed: bool = False  # written "+22%": a gain over a baseline


def _qualifier(sentence: str, start: int) -> tuple[str, int]:
    """The hedge written just before a number ("up to", "over", "~") as a value prefix, and
    where the hedged number starts."""
    hedge = _QUALIFIER_BEFORE.search(sentence, max(0, start - 24), start)
    if hedge is None:
        return "", start
    raw = re.sub(r"\s+", " ", hedge.group("qualifier").lower())
    return _QUALIFIER_PREFIX.get(raw, "~"), hedge.start()


def _number_text(match: re.Match[str]) -> str:
    low, high = match.group("low"), match.groupdict().get("high")
    if not high:
        return low
    low_value, high_value = (float(x.replace(",", "")) for x in (low, high))
    if low_value > high_value:
        low, high = high, low
    return f"{low}–{high}"


def _numbers(sentence: str) -> list[_Number]:
    """Multipliers and percentages in a sentence; the first pattern to claim a span keeps it."""
    if not _HAS_DIGIT.search(sentence):
        return []
    claimed: list[tuple[int, int]] = []
    found: list[_Number] = []
    patterns = [(_FACTOR, False), (_MULTIPLIER_RANGE, False), (_MULTIPLIER, False),
                (_PERCENT_RANGE, True), (_PERCENT, True)]
    if _SPEED_SENTENCE.search(sentence):
        patterns.insert(0, (_PREFIX_MULTIPLIER, False))
    for pattern, is_percent in patterns:
        for match in pattern.finditer(sentence):
            if any(match.start() < end and start < match.end() for start, end in claimed):
                continue
            claimed.append(match.span())
            qualifier, start = _qualifier(sentence, match.start())
            if match.groupdict().get("inner"):
                qualifier = "up to "
            signed = is_percent and sentence[max(0, match.start() - 1):match.start()] == "+"
            number = _number_text(match) + ("+" if match.groupdict().get("plus") else "")
            found.append(_Number(start, match.end(), number, is_percent, qualifier, signed))
    return sorted(found, key=lambda number: number.start)


def _results(sentence: str) -> list[tuple[str, int, str]]:
    """(kind, position, value) for each speedup or reduction in the sentence."""
    results = []
    for number in _numbers(sentence):
        classified = _classify(sentence, number)
        if classified:
            results.append((classified[0], number.start, classified[1]))
    return results


def _classify(sentence: str, number: _Number) -> tuple[str, str] | None:
    before = sentence[max(0, number.start - 80):number.start]
    after = sentence[number.end:number.end + 120]
    continuation = _LIST_CONTINUATION.match(after)
    if continuation:
        after = after[continuation.end():]
    unit = "%" if number.is_percent else "×"
    shown = f"{number.qualifier}{number.text}{unit}"

    if _AFTER_CAPACITY.match(after):
        return None  # "25x larger models": a size, not a result
    reduced = _AFTER_REDUCTION.match(after)
    if reduced:
        word = reduced.group("word").lower()
        word = word if word in _ADJECTIVE_REDUCTIONS else "lower"
        return "reduction", _reduction_value(shown, word, reduced.group("object"))
    if _AFTER_SPEED.match(after):
        return "speedup", _speedup_value(number, shown)
    if _AFTER_NOT_A_RESULT.match(after):
        return None
    keyword = _last_keyword(before)
    if keyword is not None:
        kind, keyword_end = keyword
        if kind == "not_a_result" or _BETWEEN_NOT_A_RESULT.search(before[keyword_end:]):
            return None
        if kind == "reduction":
            return "reduction", _reduction_from_context(shown, before, after)
        return "speedup", _speedup_value(number, shown)
    if number.signed or not number.is_percent:
        return "speedup", _speedup_value(number, shown)
    return None  # a bare percentage: a share, an accuracy, a utilisation


def _last_keyword(before: str) -> tuple[str, int] | None:
    last = None
    for last in _BEFORE_KEYWORDS.finditer(before):
        pass
    if last is None:
        return None
    return last.lastgroup, last.end()


def _speedup_value(number: _Number, shown: str) -> str:
    if number.is_percent:
        return f"{number.qualifier}{number.text}% faster"
    return shown


def _reduction_from_context(shown: str, before: str, after: str) -> str:
    by_object = _REDUCTION_OBJECT_BEFORE.search(before)
    if by_object:
        verb = by_object.group("verb").lower()
        word = verb if verb in _ADJECTIVE_REDUCTIONS else "lower"
        return _reduction_value(shown, word, by_object.group("object"))
    of_object = _OBJECT_AFTER_OF.match(after)
    if of_object and _REDUCTION_VERB_RIGHT_BEFORE.search(before):
        return _reduction_value(shown, "lower", of_object.group("object"))
    return f"{shown} reduction"


def _reduction_value(shown: str, word: str, object_words: str | None) -> str:
    words = (object_words or "").split()
    while words and words[0].lower() in _OBJECT_STOP_WORDS:
        words.pop(0)  # "smaller in size" -> "size"
    kept = []
    for word_ in words:
        if word_.lower() in _OBJECT_STOP_WORDS:
            break
        kept.append(word_)
    subject = " ".join(kept[:5])
    return f"{shown} {word} {subject}" if subject else f"{shown} reduction"


# =============================================================================== throughput

_THROUGHPUT_UNITS = (
    (r"T(?:FLOPs?|Flops?)(?:/s)?|tera-?flops(?:/s)?", "TFLOPS"),
    (r"P(?:FLOPs?|Flops?)(?:/s)?|peta-?flops?(?:/s)?", "PFLOPS"),
    (r"E(?:FLOPs?|Flops?)(?:/s)?|exa-?flops?/s", "EFLOPS"),
    (r"G(?:FLOPs?|Flops?)(?:/s)?|giga-?flops?(?:/s)?", "GFLOPS"),
    (r"TOPS", "TOPS"),
    (r"tokens?\s*/\s*s(?:ec)?|tokens?\s+per\s+second|tok/s", "tokens/s"),
    (r"samples?\s*/\s*s(?:ec)?|samples?\s+per\s+second", "samples/s"),
    (r"images?\s*/\s*s(?:ec)?|images?\s+per\s+second", "images/s"),
    (r"sequences?\s*/\s*s(?:ec)?|sequences?\s+per\s+second", "sequences/s"),
    (r"req(?:uest)?s?\s*/\s*s(?:ec)?|requests?\s+per\s+second|queries\s+per\s+second|QPS", "requests/s"),
    (r"fps|frames\s+per\s+second", "fps"),
    (r"G[Kk]eys?/s", "GKeys/s"),
)
_THROUGHPUT = re.compile(
    rf"(?<![\w.,])(?P<number>{_NUMBER})\s?(?P<unit>"
    + "|".join(f"(?P<u{index}>{pattern})" for index, (pattern, _name) in enumerate(_THROUGHPUT_UNITS))
    + r")(?![\w])(?P<per_gpu>\s*(?:/\s*GPU\b|per\s+(?:\w+\s+)?GPU\b))?", re.IGNORECASE)


def _throughputs(sentence: str) -> list[tuple[int, str]]:
    found = []
    for match in _THROUGHPUT.finditer(sentence):
        unit = next(name for index, (_pattern, name) in enumerate(_THROUGHPUT_UNITS) if match.group(f"u{index}"))
        per_gpu = "/GPU" if match.group("per_gpu") else ""
        found.append((match.start(), f"{match.group('number')} {unit}{per_gpu}"))
    return found


# =============================================================================== code links

_URL = re.compile(
    r"(?:https?://|(?<![\w.@/])(?:www\.|github\.com/|gitlab\.com/|huggingface\.co/|bitbucket\.org/))"
    r"[^\s<>\"'\]\)}]+", re.IGNORECASE)
_URL_TRAILING = ".,;:!?'\"/"


_URL_HINTS = ("http", "www.", "github.com", "gitlab.com", "huggingface.co", "bitbucket.org")


def _code_links(sentence: str) -> list[tuple[int, str]]:
    lowered = sentence.lower()
    if not any(hint in lowered for hint in _URL_HINTS):
        return []
    found = []
    for match in _URL.finditer(sentence):
        url = match.group().rstrip(_URL_TRAILING)
        if not url.lower().startswith(("http://", "https://")):
            url = "https://" + url
        found.append((match.start(), url))
    return found


# =============================================================================== extraction

def extract_facts(title: str, abstract: str, catalog: HardwareCatalog) -> list[Fact]:
    """Every fact in a paper's title and abstract: ordered by kind (see KINDS), then by where
    it first appears; one fact per (kind, value)."""
    title = title.strip()
    abstract_sentences = split_sentences(abstract)
    found: list[Fact] = []
    system = _find_system(title, abstract_sentences)
    if system:
        found.append(Fact("system", system[0], system[1]))
    for sentence in ([title] if title else []) + abstract_sentences:
        found.extend(_sentence_facts(sentence, catalog))
    return _dedupe(sorted(found, key=lambda fact: _KIND_ORDER[fact.kind]))


def _sentence_facts(sentence: str, catalog: HardwareCatalog) -> list[Fact]:
    devices = catalog.find(sentence)
    positioned: list[tuple[str, int, str]] = [("hardware", start, entry.name) for entry, start, _ in devices]
    for kind, extractor in (("model_scale", _model_scales), ("precision", _precisions),
                            ("throughput", _throughputs), ("code", _code_links)):
        positioned += [(kind, position, value) for position, value in extractor(sentence)]
    positioned += [("gpu_count", position, value) for position, value in _gpu_counts(sentence, devices)]
    positioned += _results(sentence)
    positioned.sort(key=lambda item: (_KIND_ORDER[item[0]], item[1]))
    return [Fact(kind, value, sentence) for kind, _position, value in positioned]


def _dedupe(facts: Iterable[Fact]) -> list[Fact]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for fact in facts:
        if (fact.kind, fact.value) not in seen:
            seen.add((fact.kind, fact.value))
            unique.append(fact)
    return unique


# =============================================================================== curation

def apply_overrides(facts: Iterable[Fact], overrides: Mapping[str, object] | None) -> list[Fact]:
    """Replace the extracted facts of each kind a curator set in a record's `overrides`.

    `{"system": "Fuyou", "hardware": ["RTX 4090"]}` replaces every extracted system and
    hardware fact with curated ones; an empty list or null says "none". Keys that are not
    fact kinds (e.g. `topics`) belong to other stages and are left alone.
    """
    facts = list(facts)
    if not overrides:
        return facts
    curated_kinds = {kind: _curated_values(kind, value) for kind, value in overrides.items() if kind in _KIND_ORDER}
    kept = [fact for fact in facts if fact.kind not in curated_kinds]
    curated = [Fact(kind, value, "", curated=True) for kind, values in curated_kinds.items() for value in values]
    return _dedupe(sorted(kept + curated, key=lambda fact: _KIND_ORDER[fact.kind]))


def _curated_values(kind: str, value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise ValueError(f"override {kind!r}: must be a string, a list of strings, or null")
    return [item.strip() for item in value]


# =============================================================================== headline

def headline(facts: Iterable[Fact]) -> str | None:
    """The result to show in a table cell: the paper's first speedup, else its first
    reduction, else its first throughput figure. None if it states none."""
    facts = list(facts)
    for kind, render in (("speedup", _speedup_headline), ("reduction", str), ("throughput", str)):
        for fact in facts:
            if fact.kind == kind:
                return render(fact.value)
    return None


def _speedup_headline(value: str) -> str:
    return value if value.endswith("faster") else f"{value} speedup"
