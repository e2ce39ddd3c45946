"""A score the paper's own model reaches on a named benchmark, after a result verb:
"scoring 67.7% on IFEval", "reaching 98.0% success on LIBERO", "achieving 79.4 on MMLU", "reports 92% on X",
"achieves impressive results: 47.6% on GAIA, 11.2% on Humanity's Last Exam"; or a level of a score
named by its capitalised name: "achieves an Information Coefficient (IC) of 0.1501", "achieves 91.5 PDMS on NAVSIM";
or a share of a reference's performance kept: "retains 97% of the performance of X".

Only a percentage (or a score with decimals) written right before "on <Name>", in the clause of a
verb that states a level (not a margin "by", not a change "from ... to", not a share of a
machine's resources).
"""

from __future__ import annotations

import re

from . import score_gain
from .base import Found, overlaps
from .numbers import NUMBER, hedge

# A score's short name ("SR", "PRR"), not a unit or a resource.
_SHORT_NAME = r"(?!(?:FPS|QPS|RPS|MFU|TPF|KV|[KMGT]B|[GT]?FLOPS|GPUs?)\b)(?-i:[A-Z][A-Z\d@]*[A-Z@])"
_ON_A_NAME = re.compile(
    # a percentage, or a score with decimals: "achieving 79.4 on MMLU, 83.7 on HellaSwag"
    # or with its score's short name: "66.2% SR on R2R-CE"
    rf"(?<![\w.,])(?P<number>{NUMBER})(?:(?P<percent>\\?%)|(?<=\.\d)|(?<=\.\d\d))\s+(?:(?P<word>(?:[\w\-]+\s+)?(?:success|accuracy|win\s+rate|score)|"
    rf"{_SHORT_NAME})\s+)?"
    rf"on\s+(?:the\s+)?{score_gain.NOT_A_CHIP}"
    r"(?P<name>(?-i:[A-Z])[\w\-'.*]*[\w](?:\s(?-i:[A-Z0-9])[\w\-'.]*[\w]){0,2})"
)
# The verb that states the level, with nothing after it that ends its clause.
_STATES_A_LEVEL = re.compile(
    r"\b(?:achiev\w*|attain\w*|scor(?:es|ed|ing)|reach\w*|obtain\w*|record\w*|deliver\w*|report(?:s|ed|ing)?|"
    # "showcases remarkable performance: 84.2 on MMLU", "with an impressive 55.1 on LongVideoBench"
    r"showcas\w*|with\s+an?\s+(?:impressive|remarkable|notable|striking)|"
    # "with benchmark-leading performances such as 62.6 on OlympiadBench"
    r"(?:performances?|results|scores)\s+(?:such\s+as|including))\b"
    r"(?P<after>(?:e\.g\.|i\.e\.|[^.;]|\.\d){0,100})$",  # "(e.g., 66.2% SR on R2R-CE)" is an example of the level
    re.IGNORECASE,
)
# Between the verb and the number: no margin, change, comparison or share of a resource.
_NOT_A_LEVEL = re.compile(
    r"\b(?:by|from|to|over|than|while|whilst|whereas|but|gains?|improvements?|increases?|drops?|"
    r"reductions?|lower|higher|fewer|less|more|faster|speed-?ups?|utili[sz]ation|MFU|throughput|"
    r"bandwidth|memory|occupancy|hit\s+rates?|sparsity|compression|efficien\w*|latency|cost|of\s+the|of\s+peak)\b",
    re.IGNORECASE,
)

# A model named after "on" is what ran, not a benchmark: "40.6% on Qwen3-32B", "63.6% on GPT-4o".
A_MODEL = re.compile(
    r"\d(?:\.\d+)?[BM]\b|^(?:GPT|Llama|LLaMA|Qwen|Claude|Gemini|DeepSeek|Mistral|Mixtral|Gemma|Phi|OPT|Vicuna)\b"
)
# The last of a list of percentages belongs to the last of a list of names: "73.1% and 58.7% on AlpacaEval and
# Arena-Hard" (58.7% is Arena-Hard's). Before one name, the whole list is on it: "Kite-32B and Kite-72B achieve
# 62.4% and 66.0% on SWE-bench Verified".
_LIST_BEFORE = re.compile(rf"(?:(?<![\w.,]){NUMBER}\s?\\?%\s*(?:,\s*and|,|and|/)\s*)+$")
# Before a score with decimals: a name it is the version of ("GPT 5.5"), or an earlier score of a list
# ("75.8 and 66.1 on the UGD and QE splits"), not a name's number ("GPT-4 and 7.35 on MT-Bench").
_A_VERSION_BEFORE = re.compile(r"(?:\b(?-i:[A-Z])[\w\-]*\s|(?:^|\s)\d[\d.]*\s*(?:,\s*and|,|and)\s*)$")
_NAMES_GO_ON = re.compile(r"\s*(?:,\s*and|,|and|/)\s+(?-i:[A-Z])")
_LISTED_NUMBER = re.compile(rf"(?<![\w.,]){NUMBER}")

_NAME = r"(?-i:[A-Z])[\w\-'.]*[\w]"
# Scores paired in order with the names after them: "attains scores of 91.6%, 53.3%, and 61.2% on the
# ScreenSpot-V2, ScreenSpot-Pro, and OSWorld-G benchmarks, respectively".
_RESPECTIVELY = re.compile(
    rf"(?<![\w.,])(?P<numbers>{NUMBER}\\?%(?:\s*(?:,\s*and|,|and)\s+{NUMBER}\\?%)+)\s+on\s+(?:the\s+)?"
    rf"(?P<names>{_NAME}(?:\s*(?:,\s*and|,|and)\s+{_NAME})+)(?:\s+(?:benchmarks|datasets|tasks))?,?\s+respectively\b"
)
_ITEM_SEPARATOR = re.compile(r"\s*(?:,\s*and|,|and)\s+")


def _respective(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _RESPECTIVELY.finditer(text):
        verb = _STATES_A_LEVEL.search(text, 0, match.start())
        numbers = _ITEM_SEPARATOR.split(match.group("numbers"))
        names = _ITEM_SEPARATOR.split(match.group("names"))
        if verb is None or _NOT_A_LEVEL.search(verb.group("after")) or len(numbers) != len(names):
            continue
        if any(A_MODEL.search(name) or not re.match(score_gain.NOT_A_CHIP, name) for name in names):
            continue  # models or chips, not benchmarks
        position = match.start()
        for number, name in zip(numbers, names, strict=True):
            start = text.index(number, position)  # each figure where it stands, for the overlap checks
            found.append(("quality", start, start + len(number), f"{number.replace(chr(92), '')} on {name}"))
            position = start + len(number)
    return found


# A score named in capitals after a level verb: "achieves an Information Coefficient (IC) of 0.1501",
# "attains a mean PDMS of 88.1"; or after its number, before the benchmark: "achieves 91.5 PDMS on NAVSIM".
# Not a unit, a chip or a size.
_NOT_A_SCORE_NAME = (
    r"(?!(?:T|G|P)?FLOPS\b|(?:T|G|P)?OPS\b|FPS\b|QPS\b|RPS\b|RTF\b|TPF\b|TTF\w*|TPOT\b|TBT\b|[KMGT]B\b|GPUs?\b|TPUs?\b|CPUs?\b|"
    r"MFU\b|SOTA\b|[A-Z]\d)"
)
_AT_K = r"(?-i:[a-z]+@\d+)"  # a score at k, written in lower case: "a 67.1 pass@1 on HumanEval+"
# A verb that states a level, and the words a score's name may follow: "achieves an average", "attains a mean".
_LEVEL_VERB = r"\b(?:achiev|attain|reach|obtain|record)\w*\s+(?:an?\s+|the\s+)?(?:(?:average|mean|overall)\s+)?"
_NAMED_SCORE_OF = re.compile(
    rf"{_LEVEL_VERB}(?P<name>(?:{_NOT_A_SCORE_NAME}(?-i:[A-Z])[\w\-@]*\s+){{0,3}}?(?:\((?P<acronym>(?-i:[A-Z])[\w\-@]*)\)|"
    rf"{_NOT_A_SCORE_NAME}(?-i:[A-Z][A-Z\d@\-]+)))\s+(?:score\s+)?of\s+(?P<number>\d+(?:\.\d+)?)(?P<percent>\\?%)?(?![\d.])",
)
# (a percentage too, its clause ending at the name: "attains 81.3% PRR, 3.4 times X's", "achieves 2.89% average CER
# on 4 public benchmarks"; not what a percentage is of: "achieves 30% KV cache savings")
_NUMBER_THEN_SCORE_NAME = re.compile(
    r"\b(?:achiev|attain|reach|obtain|record|scor)\w*\s+(?:an?\s+)?(?:(?:average|mean|overall)\s+)?"
    rf"(?P<number>\d+(?:\.\d+)?)(?:(?P<percent>\\?%)\s+(?:(?:average|mean|overall)\s+)?|\s+){_NOT_A_SCORE_NAME}"
    r"(?P<acronym>(?-i:[A-Z][A-Z\d@\-]+)|"
    rf"{_AT_K})(?:\s+on\s+(?-i:[A-Z])|(?(percent)(?=\s*(?:[,;)]|\.(?:\s|$)|$)|\s+(?:on|across|in|and|while|with)\b)|(?!)))",
)

# A bare score right after a level verb, before the field's name of its metric, no benchmark named:
# "achieves 7.93 perplexity", "achieves 82.9 Top-1 accuracy", "reaching 28.5 BLEU" (a percentage is quality.py's).
_NUMBER_THEN_METRIC = re.compile(
    r"\b(?:achiev|attain|reach|obtain|record)\w*\s+(?:an?\s+|the\s+)?(?:(?:average|mean|overall)\s+)?"
    r"(?P<number>\d+(?:\.\d+)?)(?![\d.%]|\s?percent)\s+"
    r"(?P<metric>(?:top-?[15]\s+)?accuracy|perplexity|(?-i:PPL|BLEU|F1|mIoU|mAP|PSNR|SSIM|CIDEr|ROUGE-\w+|METEOR))(?![\w\-])",
    re.IGNORECASE,
)


# Or a plain score, its benchmark named elsewhere: "achieves a score of 71.2", "achieves a 35.7 average score".
_A_SCORE = re.compile(
    rf"{_LEVEL_VERB}(?:score\s+of\s+(?P<number>\d+(?:\.\d+)?)|"
    r"(?P<before>\d+(?:\.\d+)?)\s+(?:(?:average|mean|overall)\s+)?score)(?![\w.%])"
    r"(?!\s+on\s+(?:the\s+)?(?-i:[A-Z]))"  # a score on a named benchmark is read with its name (_ON_A_NAME)
)


def _named_scores(text: str) -> list[Found]:
    found: list[Found] = []
    for plain in _A_SCORE.finditer(text):
        group = "number" if plain.group("number") else "before"
        found.append(("quality", *plain.span(group), f"{plain.group(group)} score"))
    for bare in _NUMBER_THEN_METRIC.finditer(text):
        found.append(
            ("quality", bare.start("number"), bare.end("metric"), f"{bare.group('number')} {bare.group('metric')}")
        )
    for match in (*_NAMED_SCORE_OF.finditer(text), *_NUMBER_THEN_SCORE_NAME.finditer(text)):
        name = match.groupdict().get("acronym") or " ".join(match.group("name").split())
        unit = "%" if match.groupdict().get("percent") else ""
        found.append(("quality", match.start("number"), match.end("number"), f"{match.group('number')}{unit} {name}"))
    return found


# A metric in plain words between a level verb and its percentage: "achieves a pass of 68.4%", "a success
# rate exceeding 86%" (after "achieves" or "demonstrate"); not a resource or a change, which other rules read.
# And a list of them: "with F1-scores of 94.16%, 89.51%, and 91.27%".
_METRIC_OF = re.compile(
    r"\b(?:(?:achiev|attain|reach|obtain|record|demonstrat|show)\w*|with)\s+(?:an?\s+|the\s+)?(?:(?:average|mean|overall)\s+)?"
    r"(?P<metric>[A-Za-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+(?P<connector>of|exceeding|above|over)\s+(?P<hedge>(?:about|nearly|over|~)\s*)?"
    r"(?P<first>(?P<number>\d+(?:\.\d+)?)\\?%)(?P<list>(?:\s*(?:,\s*and|,|and)\s+\d+(?:\.\d+)?\\?%)*)"
)
_LISTED_PERCENTAGE = re.compile(r"(?P<number>\d+(?:\.\d+)?)\\?%")
_NOT_A_METRIC = re.compile(
    rf"{score_gain.NOT_A_QUALITY.pattern}|\b(?:speed-?ups?|improvements?|gains?|increases?|reductions?|ratios?|"
    r"drops?|share|fraction|portion|percentage|total|number|hit|acceptance|MFU|FLOPs?|accelerat\w*|overheads?|slowdowns?|"
    r"throughputs|utili[sz]ations|latencies|speeds|costs)\b",
    re.IGNORECASE,
)


def _plain_metrics(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _METRIC_OF.finditer(text):
        metric = match.group("metric")
        if match.group("list"):
            metric = re.sub(r"(?<=[a-z])s$", "", metric)  # "F1-scores of A, B and C": each an F1-score
        if _NOT_A_METRIC.search(metric):
            continue
        hedged = (match.group("hedge") or "").strip()
        prefix = ">" if match.group("connector") != "of" or hedged == "over" else "~" if hedged else ""
        found.append(("quality", *match.span("first"), f"{prefix}{match.group('number')}% {metric}"))
        start = match.start("list")
        for item in _LISTED_PERCENTAGE.finditer(match.group("list")):
            found.append(("quality", start + item.start(), start + item.end(), f"{item.group('number')}% {metric}"))
    return found


_HEDGES = r"(?:(?:only|just|more\s+than|over|nearly|almost|about|around|approximately|roughly|up\s+to|~|sim)\s*)*"
# A share of a reference's performance a model keeps or reaches: "retains 97% of the performance of X",
# "achieves 50-70% of human performance", "recovers ~10% of the performance lost": a level, told as a share.
# (Whose performance in one word: "human", not "tokens achieves".)
_SHARE_KEPT = re.compile(
    rf"\b(?:retain|recover|preserv|keep|achiev|reach)\w*\s+{_HEDGES}"
    rf"(?P<number>(?:{NUMBER}\s*[-–]\s*)?{NUMBER})\s?\\?%\s+of\s+(?:the\s+|its\s+|their\s+)?"
    r"(?P<what>(?:[\w\-]+(?<!s)\s+)?(?:performance|accuracy))\b",
    re.IGNORECASE,
)


def _shares_kept(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _SHARE_KEPT.finditer(text):
        qualifier, start = hedge(text, match.start("number"))
        number = re.sub(r"\s*[-–]\s*", "–", match.group("number"))
        found.append(
            ("quality", start, match.end(), f"{qualifier}{number}% of {' '.join(match.group('what').split())}")
        )
    return found


def levels(text: str, found: list[Found]) -> list[Found]:
    """Scores reached on named benchmarks in `text` that no reading in `found` took already."""
    levels = [item for item in _respective(text) if not overlaps(item[1], item[2], found)]
    levels += [item for item in _named_scores(text) if not overlaps(item[1], item[2], found + levels)]
    levels += [item for item in _plain_metrics(text) if not overlaps(item[1], item[2], found + levels)]
    levels += [item for item in _shares_kept(text) if not overlaps(item[1], item[2], found + levels)]
    for match in _ON_A_NAME.finditer(text):
        verb = _STATES_A_LEVEL.search(text, 0, match.start())
        if verb is None or _NOT_A_LEVEL.search(verb.group("after")) or A_MODEL.search(match.group("name")):
            continue
        if not match.group("percent") and (
            _A_VERSION_BEFORE.search(text, 0, match.start()) or _NAMES_GO_ON.match(text, match.end())
        ):
            continue  # "GPT 5.5 on M1 Pro": a version; "75.8 and 66.1 on the UGD and QE splits": a list of pairs
        listed = _LIST_BEFORE.search(text, 0, match.start())
        if (listed and _NAMES_GO_ON.match(text, match.end())) or overlaps(match.start(), match.end(), found + levels):
            continue
        word = f"{match.group('word')} " if match.group("word") else ""  # "98.0% success on LIBERO"
        on = f"{word}on {match.group('name')}"
        if listed:
            levels += _earlier_of_list(listed, on)
        qualifier, start = hedge(text, match.start())
        unit = "%" if match.group("percent") else ""
        levels.append(("quality", start, match.end(), f"{qualifier}{match.group('number')}{unit} {on}"))
    return levels


def _earlier_of_list(listed: re.Match[str], on: str) -> list[Found]:
    """The earlier percentages of a list before one benchmark, each a level on it."""
    return [
        ("quality", listed.start() + number.start(), listed.start() + number.end(), f"{number.group()}% {on}")
        for number in _LISTED_NUMBER.finditer(listed.group())
    ]
