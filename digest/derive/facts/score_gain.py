"""Whether a percentage results.py finds is a gain in a model's score rather than in speed:
"IoU gains of 1.2%", "by 3.7% on CodeBench", "improves the LLMs' performance by 8.7%".

results.py refuses these (a table of speedups must not show an accuracy); quality.py and
quality_change.py read the ones they can name.
"""

from __future__ import annotations

import re

from .numbers import NUMBER

# Words saying a number measures quality or a share of something, not efficiency. Not when
# hyphenated into a modifier: "error-induced overhead" is still overhead.
NOT_A_RESULT = (
    r"accuracy|accurate|errors?|scores?|correctness|reliability|perplexity|PPL|quality|loss|BLEU|F1|"
    r"top-1|MAPE|m?IoU|mAP|Dice|win\s+rate|benchmarks?|of\s+(?:the\s+)?(?:\w+\s+)?(?:peak(?!\s+memory)|bandwidth(?!\s+(?:usage|consumption|traffic|demands?)))|theoretical|"
    r"utili[sz]ation|MFU|variation|absolute|acceptance|[A-Za-z]+@\d+|success[\s\-]+rates?|(?<!cache\s)hit\s+rates?|"
    r"LPIPS|PSNR|SSIM|FID|FVD|MRR|NDCG|reciprocal\s+rank|AUC|AUROC|"  # image, video, retrieval and ranking scores
    r"probabilit(?:y|ies)|confidence|chance|"  # a likelihood: "with a 95% success probability"
    # a loss of performance, or the performance of a task, is a score's: "performance drops of 17%",
    # "a 0.7% drop in average performance", "boosts end-task performance by 7.6%"
    r"performance\s+(?:drops?|degradation|declines?)|(?:drops?|degradation|declines?)\s+in\s+(?:\w+\s+)?performance|"
    r"(?:task|downstream)\s+performance"
)
# Not past "while", "without" or "with minimal": "8.3× at 1M tokens while maintaining accuracy" is a
# speedup, as is one followed by a quality it keeps ("cuts memory usage by 50%, and preserves image
# quality"); nor past the next figure, whose words are its own: "token usage by 70% and time by 26%
# with ... accuracy", nor past another change's verb: "length by 53% and improves its accuracy".
AFTER_NOT_A_RESULT = re.compile(
    r"^(?:(?!\b(?:while|whilst|without|with\s+(?:only\s+)?(?:an?\s+)?(?:minimal|negligible|marginal|little|no|slight|small|minor)|by\s+\d|"
    r"(?:preserv|maintain|retain)(?:es|s|ed|ing)?|"
    r"and\s+(?:improv|increas|boost|rais|achiev|reach|attain|obtain)\w*|"
    r"and\s+(?:[\w\-]+\s+){1,3}?by\s+\d)\b)[^.;]){0,40}?"  # the next item's own figure: "and accuracy by 5%"
    rf"\b(?:{NOT_A_RESULT})\b(?!-)",
    re.IGNORECASE,
)
# "IoU gains of 1.2%", "accuracy improvement of 3%", "accuracy improvements in the range of 15%-50%":
# a gain the words before say is in quality.
_QUALITY_GAIN_BEFORE = re.compile(
    rf"\b(?:{NOT_A_RESULT})\s+(?:gains?|improvements?|increases?)\s+(?:of|by|in\s+the\s+range\s+of)\s+(?:up\s+to\s+)?"
    rf"(?:{NUMBER}\s?%[^,;%]{{0,60}}?(?:,\s*and|,|and)\s+)*$",  # and the later items of its list
    re.IGNORECASE,
)
# "by 3.7% on CodeBench": a percentage gain on a named benchmark is a score.
_ON_A_BENCHMARK = re.compile(r"\s*on\s+(?:the\s+)?[A-Z][\w\-]*Bench\b")
# "+12.0% on AndroidWorld", "a 34.4% gain on the MMMU-Pro bench": a signed percentage, or a gain,
# on something named is a score on it; not on a chip ("+18% on A100" is a speed).
NOT_A_CHIP = r"(?!(?:NVIDIA|Nvidia|AMD|Intel|Apple|Google|Ascend|Jetson|TPU|GPU|CPU|RTX|GTX|MI\d|[A-Z]\d{2,3}\b))"
_GAIN_ON_A_NAME = re.compile(rf"\s*(?P<gain>(?:gains?|improvements?)\s+)?on\s+(?:the\s+)?{NOT_A_CHIP}[A-Z][\w\-'.]*")
# "outperforming the baseline by 6.0%" in a sentence about success rates, which names nothing
# that runs: a gain in that score.
_OUTPERFORMS = re.compile(r"\b(?:outperform\w*|surpass\w*|beat(?:s|ing)?)\b[^.;%]{0,60}\bby\s+(?:up\s+to\s+)?$", re.I)
NAMES_A_SCORE = re.compile(rf"\b(?:{NOT_A_RESULT})\b(?!-)", re.IGNORECASE)
# A signed percentage in brackets right after a score or its value: "accuracy (+1.1%", "an FID of 4.25 (+6.2%".
_A_SCORE_IN_BRACKETS = re.compile(
    rf"\b(?:{NOT_A_RESULT})(?:\s+(?:of\s+|=\s*|:\s*)?{NUMBER}\s?\\?%?)?\s*\(\+?$", re.IGNORECASE
)

# A percentage gain in "performance" is a model's score, unless the clause names what runs:
# "by at least 5% performance gains across settings", "performance gains of up to 24.5%",
# "improves the LLMs' performance by an average of 8.7%"; but "improves end-to-end training
# performance by 30%" is a speedup.
_PERFORMANCE_BEFORE = re.compile(
    r"\bperformance\s+(?:(?:gains?|improvements?|boosts?|increases?)\b[^,;%]{0,24}|by\s+(?:up\s+to\s+|an\s+average\s+of\s+|about\s+|over\s+)?)$",
    re.IGNORECASE,
)
# The performance of a task is a score, whatever runs nearby: "a system that boosts end-task performance by 7.6%".
_A_TASK_S_PERFORMANCE = re.compile(
    r"\b(?:task|downstream)\s+performance\s+by\s+(?:up\s+to\s+|about\s+|over\s+)?$", re.IGNORECASE
)
_PERFORMANCE_AFTER = re.compile(r"\s*(?:[\w\-]+\s+)?performance\s+(?:gains?|improvements?|boosts?)\b", re.IGNORECASE)
# Not a stage named as when or what a method is: "pre-training", "inference-time exploitation",
# "at test time", "training with this dataset", "without additional training"; training runs in
# "training performance", "training jobs", "improves training by".
_RUNNING = re.compile(
    r"\b(?:run-?time|inference(?![\s-]time)|(?<![\w-])training(?=\s+(?:performance|efficiency|jobs?|runs?|steps?|iterations?|pipelines?|workloads?|by))|"
    r"throughput|speed|latency|end-to-end|system|GPUs?|kernels?|serving|execution|computational|wall-?clock|"
    r"(?<!test\s)(?<!test-)(?<!inference\s)(?<!inference-)time)\b",
    re.IGNORECASE,
)
# Before the number, unlike quality_change's clause split, "and" ends no clause: in "reduces
# latency and improves performance by 20%" the latency says the gain is a speed.
_CLAUSE_BEFORE = re.compile(r"[,;:]|\b(?:while|whilst|but)\b", re.IGNORECASE)
# After the number, the next figure of a list starts a clause of its own: "gains of up to 24.5%
# and inference speedups up to 4.6x".
_NEXT_FIGURE = re.compile(r"[,;:(]|\b(?:while|whilst|but|and|alongside)\b", re.IGNORECASE)


def score_gain(sentence: str, start: int, before: str, after: str, *, signed: bool) -> bool:
    """Whether the percentage at `start` of `sentence` (with the words `before` and `after` it)
    is a gain in a model's score."""
    if _QUALITY_GAIN_BEFORE.search(before) or _ON_A_BENCHMARK.match(after) or performance_gain(before, after):
        return True
    on_a_name = _GAIN_ON_A_NAME.match(after)
    if on_a_name and (signed or on_a_name.group("gain")):
        return True
    if signed and _A_SCORE_IN_BRACKETS.search(before):
        return True  # "an FID of 4.25 (+6.2% over X)": the score's gain
    return bool(_OUTPERFORMS.search(before) and NAMES_A_SCORE.search(sentence) and not _RUNNING.search(sentence))


def performance_gain(before: str, after: str) -> bool:
    """Whether the percentage between `before` and `after` is a gain in a model's performance."""
    if not (_PERFORMANCE_BEFORE.search(before) or _PERFORMANCE_AFTER.match(after)):
        return False
    return bool(_A_TASK_S_PERFORMANCE.search(before)) or not names_what_runs(before, after)


def names_what_runs(before: str, after: str) -> bool:
    """Whether the clause of the number between `before` and `after` names what runs: "improves
    end-to-end training performance by 30%"."""
    return bool(_RUNNING.search(clause_before(before) + clause_after(after)))


def clause_after(after: str) -> str:
    """The words of a number's clause after it (`after` is the sentence from the number's end)."""
    return _NEXT_FIGURE.split(after, maxsplit=1)[0]


def clause_before(before: str) -> str:
    """The words of a number's clause before it (`before` is the sentence up to the number)."""
    return _CLAUSE_BEFORE.split(before)[-1]


# A percentage gain "in" something, named by a gain word right after the number ("a 10.67%
# improvement in multi-turn tasks") or right before it ("improvements of 13% in designability and
# 13% in ..."), in a clause that names nothing running: a gain in that thing.
_GAIN_IN_AFTER = re.compile(r"\s*(?:improvements?|gains?)\s+in\s+(?P<what>.*)", re.IGNORECASE)
_GAIN_OF_BEFORE = re.compile(
    rf"\b(?:improvements?|gains?)\s+of\s+(?:up\s+to\s+)?(?:{NUMBER}\s?\\?%\s+in\s+[^,;%]{{0,40}}?(?:,\s*and|,|and)\s+)*$",
    re.IGNORECASE,
)
_IN_AFTER = re.compile(r"\s+in\s+(?P<what>.*)", re.IGNORECASE)
_WHAT = re.compile(r"(?:(?:the|our|their|its)\s+)?(?P<words>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3})")
_WORDS_END = re.compile(  # not the "in" of "in-house"
    r"(?<![\w-])(?:and|or|over|than|compared|relative|across|on|in|for|with|while|when|at|by|from|to|of|versus|vs)(?![\w-])",
    re.I,
)
# Not a gain in quality: in a resource, or in no thing at all ("in most cases", "in terms of").
NOT_A_QUALITY = re.compile(
    r"\b(?:memory|throughput|utili[sz]ation|efficien\w*|bandwidth|energy|power|costs?|speed|latency|time|"
    r"FLOPs?|cach\w*|KV|occupancy|sparsity|compression|size|average|most|all|some|many|each|both|terms|total|"
    r"overall|practice|cases?|settings?|scenarios?)\b",
    re.IGNORECASE,
)


def gain_in(before: str, after: str) -> str:
    """What a percentage gain is in (its words `before` and `after`), or "" when it names no quality."""
    named = _GAIN_IN_AFTER.match(after)
    if named is None and _GAIN_OF_BEFORE.search(before):
        named = _IN_AFTER.match(after)
    what = _WHAT.match(named.group("what")) if named else None
    if what is None:
        return ""
    words = _WORDS_END.split(what.group("words"))[0].strip()
    if _HIT_RATE.search(words) and _CACHE.search(before + after):
        return ""  # a cache's hit rate is a resource's
    return "" if not words or NOT_A_QUALITY.search(words) else words


_HIT_RATE = re.compile(r"\bhit\s+(?:rates?|ratios?)\b", re.IGNORECASE)
_CACHE = re.compile(r"\bcach\w*|\bKV\b", re.IGNORECASE)
