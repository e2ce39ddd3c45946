"""Results: speedups ("up to 2.31×", "17.7×", "1.5–55×", "22.0% faster", "2.4× higher MFU"),
reductions ("up to 77% lower deployment costs", "6× fewer parameters") and scale-ups ("25× larger
models", "a 10× increase in model size").

A number is found first (a multiplier or a percentage, with its hedge: "up to", "over"), then
the words right after it and the last keyword before it decide what it measures; score_gain.py
says when a percentage is a gain in a model's score instead (refused here), and reduced.py
names what a reduction reduces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from . import context_length, fraction, generic_gain, not_a_speed, overhead, reduced, score_gain
from .base import Found, Sentence
from .numbers import A_TARGET_BEFORE, FRESH_NUMBER, NUMBER, NUMBER_START, UNIT_GAP, hedge

# "2.31x", "2.31×", "2.31 times", the dumps' "2.31times", "3-fold". Not "16x16", "8xA100",
# "3 x 3", "4 x A100", "4timesRTX", "2times A800": a count of GPUs.
_NOT_A_GPU_AFTER = r"(?!\s*\d)(?!\s?(?:[A-Z]+\d|RTX|GTX|NVIDIA|Nvidia|Tesla))"
_TIMES = (
    rf"(?:\s?[x×X](?![\w×]){_NOT_A_GPU_AFTER}"
    rf"|\s?\\?times(?![A-Za-z]){_NOT_A_GPU_AFTER}|-fold\b"  # LaTeX kept by the dumps: "3.6\times"
    rf"|\{{times\}}{_NOT_A_GPU_AFTER}"  # and "7{times}", its backslash lost
    # a dump's "1.9* training throughput", only after a decimal (not a footnote's "GPT-4*")
    rf"|(?:(?<=\.\d)|(?<=\.\d\d))\*(?=\s?[A-Za-z]){_NOT_A_GPU_AFTER})"
)
# The dumps' "15timessim50times" is "15\\times\\sim50\\times": a range; so are "1.2{sim}1.3times" and
# "2x to more than 1000x".
_MULTIPLIER_RANGE = re.compile(
    rf"(?P<low>{FRESH_NUMBER})(?:{_TIMES}|times(?=sim))?\s*(?:--?|–|~|to(?:\s+(?:more\s+than|over))?|\{{sim\}}|sim)\s*"
    rf"(?P<high>{NUMBER}){_TIMES}"
)
_MULTIPLIER = re.compile(rf"(?P<low>{FRESH_NUMBER}){_TIMES}")
# A decimal is no count of GPUs: "1.39times FA2 throughput" is 1.39× FA2's (not 1 times an "FA2" device).
_DECIMAL_MULTIPLIER = re.compile(rf"(?P<low>{NUMBER_START}\d*\.\d+)(?:\s?[x×X](?![\w×])|\s?\\?times(?![A-Za-z]))")
# "2.27 and 2.5 times": the first of a pair shares the multiplier of the second.
_SHARED_MULTIPLIER = re.compile(rf"(?<!-)(?P<low>{FRESH_NUMBER})(?=\s*(?:,|and|or)\s*(?:up\s+to\s+)?{NUMBER}{_TIMES})")
# "a 1.59 throughput improvement", "a 1.8 wall-clock speedup", "2.1 higher throughput than X": a
# decimal that a speedup word names, with its "×" lost.
_BARE_MULTIPLIER = re.compile(
    rf"(?P<low>{NUMBER_START}\d*\.\d+)(?=\s+(?:wall-?clock\s+|end-to-end\s+)?(?:speed-?ups?|throughput\s+improvements?|(?:higher|greater)\s+throughput)\b)"
    # "increases throughput by 4.7": a decimal with no unit at all after a speed, a ratio
    rf"|(?:(?<=\bthroughput by )|(?<=\bspeed by ))(?P<by>{NUMBER_START}\d*\.\d+)"
    r"(?=\s*(?:[,;)]|\.(?!\d)|$)|\s+(?:compared|over|relative|versus|vs\.?|than|on|when|while|with|at|for)\b)"
)
# The patterns that read a number with no "×" of its own, which a name's version must not fool.
_LOOSE = (_SHARED_MULTIPLIER, _BARE_MULTIPLIER)
_NAME_BEFORE = re.compile(r"\b[A-Z][\w\-]*\s$")
# "by a factor of up to 179", "by up to a factor 19".
_FACTOR = re.compile(
    rf"factor(?<=\ba factor)\s+(?:of\s+)?(?:(?P<inner>up\s+to)\s+)?(?P<low>{NUMBER})"
    r"(?:\s?(?:x|×|times))?(?![\w])(?!\.\d)"
)
# "acceleration factors of 2.57, 2.41, and 2.06", "speedup factors of 3.1 and 2.4": bare multipliers, each of a list.
_NAMED_FACTORS = re.compile(
    rf"\b(?:acceleration|speed-?up)\s+factors?\s+of\s+(?:up\s+to\s+)?"
    rf"(?P<list>{NUMBER}(?:\s*(?:,\s*and|,|and)\s*{NUMBER})*)(?![\w%×])(?!\.\d)",
    re.IGNORECASE,
)
_LISTED = re.compile(rf"(?P<low>{NUMBER})")
# CUDA-L1's "x17.7": only in a sentence about speed, and never "x86".
# "×3.23", and "times3.23", a dump's "$\times$3.23" that lost its backslash
_PREFIX_MULTIPLIER = re.compile(
    r"(?:[x×](?<![\w.][x×])|(?<![\w.])times)(?P<low>(?!86\b|64\b)\d+(?:\.\d+)?)(?![\w])(?!\.\d)"
)
_SPEED_SENTENCE = re.compile(r"[Ss]peed")
_PERCENT_SIGN = rf"{UNIT_GAP}(?:\\?%|percent\b)"
_PERCENT_RANGE = re.compile(
    rf"(?P<low>{FRESH_NUMBER})(?:{_PERCENT_SIGN})?\s*(?:--?|–|to)\s*(?P<high>{NUMBER}){_PERCENT_SIGN}"
)
_PERCENT = re.compile(rf"(?P<low>{FRESH_NUMBER})(?P<plus>\+)?{_PERCENT_SIGN}")
_HAS_DIGIT = re.compile(r"\d")

# What the words right after a number say it is.
_AFTER_CAPACITY = re.compile(
    r"\s*(?:and\s+(?:even\s+)?[\d.]+\s*(?:x|×|times)\s*)?"  # "4times and even 8times upscaled"
    r"(?P<comparative>larger|bigger|longer|upscaled|upsampled|more(?!\s+than\b)(?!\s+(?:[\w\-]+\s+)?(?:efficient|per\s+second|frequently|often|likely|"
    rf"errors?|bugs?|failures?|vulnerabilities|{not_a_speed.QUALITY_WORDS})))?(?(comparative)|"
    r"(?P<phrase>increase\s+in\s+(?:\w+\s+)?size|maximum\s+batch\s+sizes?|(?:the\s+)?(?:model|batch)\s+sizes?|"
    r"sequence\s+length|(?:temporal\s+|length\s+|context\s+)?extrapolation))\b(?P<object>(?:\s+[A-Za-z][\w\-/]*){0,3})",
    re.IGNORECASE,
)
# A ratio of compression, its kind named between: "3.24× KV-cache compression",
# "32x spatial and 4x temporal compression".
_AFTER_COMPRESSION = re.compile(
    r"\s*(?P<kind>(?:(?!(?:under|with|at|for|of|in|on|and|the|a)\s)[\w\-]+\s+){1,2})?"
    r"(?:and\s+[\d.]+\s?(?:x|×|times)\s+[\w\-]+\s+)?compression\b(?!\s+of\b)",
    re.IGNORECASE,
)
_A_SETTING_BEFORE = re.compile(r"\b(?:under|at)\s+(?:up\s+to\s+)?$", re.IGNORECASE)
# A multiplier of a utilization is a gain in it: "2.4× MFU over Megatron-LM".
_AFTER_UTILIZATION = re.compile(
    r"\s*(?:higher\s+|better\s+)?(?P<metric>MFU|(?:GPU\s+)?utili[sz]ation)\b", re.IGNORECASE
)
# "2.5× higher scaling efficiency", "6 times higher parameter efficiency", "12x storage efficiency": the
# same result for less compute, data, parameters or storage, a saving rather than a speed.
_AN_EFFICIENCY = (
    r"(?P<what>compute|computational|scaling|parameter|data|sample|token|FLOPs?|storage|memory)[\s-]efficiency\b"
)
_AFTER_EFFICIENCY = re.compile(
    r"\s*(?:higher\s+|better\s+|greater\s+|(?:improvements?|gains?|increases?)\s+in\s+)?(?:overall\s+)?"
    + _AN_EFFICIENCY,
    re.IGNORECASE,
)
# Or named before it: "improves organic data efficiency by 2-3x", "data efficiency ... by a factor of 3".
_EFFICIENCY_BEFORE = re.compile(
    rf"\b{_AN_EFFICIENCY}[^.;,]{{0,40}}\b"
    r"(?:by|of)\s+(?:a\s+)?(?:up\s+to\s+|about\s+|over\s+|nearly\s+)?$",
    re.IGNORECASE,
)
_AFTER_SPEED = re.compile(
    # not past "and": in "latency by 31.8% and TFLOPs by 29%" the TFLOPs are the next item's
    r"(?!\s*without\b)\s*(?:(?!(?:and|or)\s)[\w\-]+\s+){0,2}?(?:faster(?!\s+rates?\b)|speed-?ups?|speeds?\s+up|acceleration|(?:higher\s+)?(?:\w+\s+)?throughputs?|"
    rf"more\s+(?:(?!{not_a_speed.OTHER_EFFICIENCY})[\w\-]+\s+)?efficient|"
    rf"better\s+(?:(?!{not_a_speed.OTHER_EFFICIENCY})\w+\s+)?(?:efficiency|throughput|performance|latency)|"
    r"improvements?|TFLOPS|end-to-end|increase\s+in\s+TFLOPS|per\s+second|(?:higher\s+)?FPS|"
    r"(?:inference|training|decoding|generation)\s+speed|"  # "enjoying 1000x inference speed"
    # a rate a controller or a renderer runs at: "a 3.8 times higher control frequency", not "frequency of errors"
    r"higher\s+(?:\w+\s+)?(?:frequency|frame\s+rate)(?!\s+of\b))\b",
    re.IGNORECASE,
)
_BETWEEN_NOT_A_RESULT = re.compile(rf"\b(?:{score_gain.NOT_A_RESULT})\b(?!-)", re.IGNORECASE)
# "... and 3.0times", "..., 2.61x": a list of numbers shares the words after its last one.
# "+5.4%/+2.7% higher accuracy": a pair split by a slash too.
_LIST_CONTINUATION = re.compile(
    rf"^(?:\s*(?:,|and|or|,\s*and|/)\s*(?:up\s+to\s+)?\+?{NUMBER}(?:\s*(?:--?|–|sim)\s*{NUMBER})?"
    rf"\s?(?:x|×|X|times|%|\\%))+"
)
# The last of these words before a number decides what the number is.
_BEFORE_KEYWORDS = re.compile(
    r"\b(?:(?P<reduction>reduc\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|slash(?:es|ed|ing)?|sav(?:e|es|ed|ing|ings)|decreas\w*|"
    # a share removed outright, right before its number: "pruning them removes 20% of attention FLOPs"
    r"(?:remov(?:e|es|ed|ing)|eliminat(?:e|es|ed|ing))(?=\s+(?:(?:up\s+to|about|over|nearly)\s+)?$)|"
    r"minimi[sz]\w*|shrink\w*|compress\w*|prun(?:e|es|ed)\b|less(?!\s+than\b)|smaller|fewer(?!\s+than\b))|"
    r"(?P<speed>speed\w*|faster|accelerat\w*|improv\w*|boost\w*|enhanc\w*|outperform\w*|gains?|"
    r"increas\w*(?=\s+(?:the\s+)?(?:\w+\s+)?(?:throughput|speed|tokens?\s+per\s+second)\b))|"
    r"(?P<scale>grown|grew|grows|extends?|extending|enlarg\w*|(?<!performance\s)(?<!accuracy\s)increase\s+of|"
    r"(?:(?<=length\s)|(?<=lengths\s)|(?<=size\s)|(?<=window\s))increas\w*|"  # "as video length increases 8 times"
    # a capacity increased: "increases the effective context length by 3.9×"
    r"increas\w*(?=\s+(?:the\s+)?(?:\w+\s+)?(?:context|sequence|batch|model)\s+(?:lengths?|windows?|sizes?)\b))|"
    # "reduces X by 45% and increases Y to 73%", "reduces bpb by 0.81%, raises CORE by 38.7%"
    r"(?P<not_a_result>gap|from|(?<=and\s)increas\w*|(?<=and\s)rais\w*|(?<=,\s)(?:increas|rais)\w*))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Number:
    """A number found in a sentence, before it is known what it measures."""

    start: int  # of its hedge, if it has one: the words before that decide what it is
    end: int
    text: str  # normalised: "2.31", "1.5–55"
    is_percent: bool
    qualifier: str
    signed: bool = False  # written "+22%": a gain over a baseline


def _number_text(match: re.Match[str]) -> str:
    low, high = match.group("low") or match.group("by"), match.groupdict().get("high")
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
    patterns = [
        (_FACTOR, False),
        (_NAMED_FACTORS, False),
        (_MULTIPLIER_RANGE, False),
        (_DECIMAL_MULTIPLIER, False),
        (_MULTIPLIER, False),
        (_SHARED_MULTIPLIER, False),
        (_BARE_MULTIPLIER, False),
        (_PERCENT_RANGE, True),
        (_PERCENT, True),
    ]
    if _SPEED_SENTENCE.search(sentence):
        patterns.insert(0, (_PREFIX_MULTIPLIER, False))
    for pattern, is_percent in patterns:
        for match in _matches(pattern, sentence):
            if any(match.start() < end and start < match.end() for start, end in claimed):
                continue
            if pattern in _LOOSE and _NAME_BEFORE.search(sentence, 0, match.start()):
                continue  # "Llama 3.1 speedup", "Llama 3 and 2× ...": a version, not a multiplier
            claimed.append(match.span())
            qualifier, start = hedge(sentence, match.start())
            if match.groupdict().get("inner"):
                qualifier = "up to "
            signed = is_percent and sentence[max(0, match.start() - 1) : match.start()] == "+"
            number = _number_text(match) + ("+" if match.groupdict().get("plus") else "")
            found.append(_Number(start, match.end(), number, is_percent, qualifier, signed))
    return sorted(found, key=lambda number: number.start)


def _matches(pattern: re.Pattern[str], sentence: str) -> Iterator[re.Match[str]]:
    """The pattern's matches; for the named factors, each number of their list."""
    if pattern is not _NAMED_FACTORS:
        yield from pattern.finditer(sentence)
        return
    for listed in pattern.finditer(sentence):
        yield from _LISTED.finditer(sentence, listed.start("list"), listed.end("list"))


def extract(sentence: Sentence) -> list[Found]:
    """(kind, start, end, value) for each speedup, reduction or scale-up in the sentence, and each context
    length it says its model supports (context_length.py)."""
    results = []
    previous: tuple[_Number, tuple[str, str]] | None = None  # the last number read, and how
    for number in _numbers(sentence.text):
        classified = _classify(sentence.text, number) or _another_item(sentence.text, number, previous)
        if classified:
            results.append((classified[0], number.start, number.end, classified[1]))
            previous = number, classified
    for match in _ORDER_OF_MAGNITUDE.finditer(sentence.text):
        qualifier, start = hedge(sentence.text, match.start())
        results.append(("speedup", start, match.end(), f"{qualifier}{match.group('count').lower()} order of magnitude"))
    results += fraction.extract(sentence.text) + context_length.extract(sentence.text)
    return results + overhead.extract(sentence.text, results)


# "up to an order-of-magnitude improvement": a speedup with no number.
_ORDER_OF_MAGNITUDE = re.compile(
    r"\b(?P<count>an|one)\s+order[\s-]of[\s-]magnitude(?=[\s-]+(?:faster|speed-?ups?|acceleration|"
    r"improvement(?!\s+(?:in|of)\s+(?:\w+\s+)?(?:accuracy|quality))|higher\s+throughput)\b)",
    re.IGNORECASE,
)


# A later item of a list that adds to the one before, its words left with the first: "accelerations of
# 65.08% with 1D parallelism at the 128-GPU scale, an additional 12.59% with 2D parallelism ...".
_ADDED_ITEM = re.compile(r"^[^;]{0,120}?,\s*(?:and\s+)?an?\s+(?:additional|further)\s+$", re.IGNORECASE)


def _another_item(
    sentence: str, number: _Number, previous: tuple[_Number, tuple[str, str]] | None
) -> tuple[str, str] | None:
    """An added figure read as the speedup or cut of the list it continues, "additional 12.59% faster"."""
    if previous is None:
        return None
    first, (kind, value) = previous
    value = value.removeprefix("additional ")  # the list's third item adds to the second as it did to the first
    if kind not in ("speedup", "reduction") or first.is_percent != number.is_percent:
        return None
    between = sentence[first.end : number.start]
    if re.search(r"\.\s", between) or not _ADDED_ITEM.match(between):
        return None
    unit = "%" if number.is_percent else "×"
    named = value.replace(f"{first.qualifier}{first.text}{unit}", f"{number.qualifier}{number.text}{unit}", 1)
    return (kind, f"additional {named}") if named != value else None


# Earlier items of a list of figures, each "for" what it was measured on: "compression ratios of up
# to 2187x for textured meshes, 55x for point clouds, and 619x for radiance fields".
_EARLIER_ITEMS = re.compile(
    rf"(?:{NUMBER}\s?(?:x|×|times|%)\s+(?:for|on|in)\s+[^,;.()\d]{{1,40}}?,\s*(?:and\s+)?)+$", re.IGNORECASE
)


def _classify(sentence: str, number: _Number) -> tuple[str, str] | None:  # noqa: C901, PLR0911, PLR0912 (a decision list)
    before = _words_before(sentence, number.start)
    after = sentence[number.end : number.end + 120]
    continuation = _LIST_CONTINUATION.match(after)
    if continuation:
        after = after[continuation.end() :]
    unit = "%" if number.is_percent else "×"
    shown = f"{number.qualifier}{number.text}{unit}"
    if number.is_percent and _PERCENT_POINTS.match(after):
        return None  # "+3.4%p": percentage points of a score
    if A_TARGET_BEFORE.search(sentence, 0, number.start):
        return None  # "the time needed to achieve a 90% ASR": a level aimed at, where the result is measured
    if not_a_speed.raises_a_time(before, after):
        return None  # "inflates decode latency by up to 1.7x", "training takes 1.72x longer": a slowdown
    capacity = _AFTER_CAPACITY.match(after)
    if capacity and (capacity.group("comparative") or capacity.group("phrase")):
        named = capacity.end("comparative") if capacity.group("comparative") else capacity.end("phrase")
        if _BRACKET_OPENS.search(before) and _BRACKET_CLOSES.match(after, named):
            return None  # "from a large model (10x larger)": what the noun before is, no scale the paper reaches
        respective = _respective_capacity(sentence[: number.start], after, capacity)
        return "scale", f"{shown} {respective}" if respective else _scale_value(shown, capacity)  # a size, not a speed
    compression = None if number.is_percent else _AFTER_COMPRESSION.match(after)
    if compression:  # "3.24× KV-cache compression", "32x/64x spatial and 4x temporal compression": a size
        digit = _HAS_DIGIT.search(sentence, number.start)
        if _A_SETTING_BEFORE.search(sentence, 0, digit.start() if digit else number.start):
            return None  # "accuracy under 4-6x compression": where a result was measured
        return "reduction", f"{shown} {compression.group('kind') or ''}compression"
    sparsity = _A_SPARSITY_REACHED.search(before) and _SPARSITY.match(after) if number.is_percent else None
    if sparsity:  # "reaches 95% attention sparsity": the share of the work a sparse method skips, not "at 90% sparsity"
        return "reduction", f"{shown} {' '.join(sparsity.group('what').split())}"
    cut = not_a_speed.read(number.text, number.is_percent, before, after)  # a share, a slowdown, or "to 83% of"
    if cut is not None:
        # the share left as the abstract states it too: "83.3% lower FLOPs (to 16.7%)"
        left = f" (to {number.text}{unit})"
        return _reduction(reduced.from_context(number.qualifier + cut, before, after) + left) if cut else None
    utilization = _AFTER_UTILIZATION.match(after)
    if utilization and not number.is_percent:
        return "speedup", f"{shown} higher {utilization.group('metric')}"
    efficiency = _AFTER_EFFICIENCY.match(after) or _EFFICIENCY_BEFORE.search(before)
    # "improves average token efficiency by 56%-79%": named before it, a percentage is that efficiency's too
    if efficiency and (not number.is_percent or efficiency.re is _EFFICIENCY_BEFORE):
        return "reduction", f"{shown} higher {efficiency.group('what').lower()} efficiency"
    reduction = reduced.after(shown, before, after)
    if reduction:  # not "73.5% accuracy, which is only 0.4% lower than the leading model": a gap in a score
        return None if _THAN_AFTER.match(after) and score_gain.NAMES_A_SCORE.search(before) else _reduction(reduction)
    signed_cut = _SIGNED_CUT.match(after) if number.is_percent and _MINUS.search(sentence, 0, number.start) else None
    if signed_cut:  # "execution cost (-51.55% token cost)"
        return _reduction(f"{shown} lower {' '.join(signed_cut.group('what').split())}")
    later_cut = _a_later_cut(sentence, number)
    if later_cut:
        return _reduction(f"{shown} lower {later_cut}")
    if number.is_percent and _AN_AVERAGE_GAIN.match(after):
        return "quality", f"{shown} average gain"  # averaged over benchmarks: a score's, whatever speed is near
    keyword = _last_keyword(before)
    if keyword and _an_earlier_figures_word(before, keyword[1] - len(keyword[2]), keyword[1], after):
        keyword = None
    if (
        number.is_percent
        and keyword
        and keyword[0] == "speed"
        and generic_gain.A_TIME.search(before[keyword[1] :])
        and not _names_a_score(before[keyword[1] :], "speed")  # "improved accuracy at equivalent latency (75.2%"
    ):
        improved = _IMPROVED_TIME.search(before)  # "improve p95 TTFT by 15%": a time cut, not 15% faster
        # "... and p95 end-to-end (E2E) latency by 30%": the later item of a list names its own time
        return "reduction", f"{shown} lower {improved.group('time')}" if improved else reduced.from_context(
            shown, before, after
        )
    if number.is_percent and score_gain.score_gain(sentence, number.start, before, after, signed=number.signed):
        return None
    speed = _AFTER_SPEED.match(after)
    if speed and not _BETWEEN_NOT_A_RESULT.search(after[: speed.end()] + _improved_object(after[speed.end() :])):
        return _speedup(sentence, number, shown, speed.group().split()[-1], (before, after))
    refused = None if _KEPT_RIGHT_AFTER.match(after) else score_gain.AFTER_NOT_A_RESULT.match(after)
    if refused and _names_a_score(refused.group(), keyword[0] if keyword else ""):
        return None
    if number.is_percent and _A_SHORTFALL_AFTER.match(after):
        return None  # "10x acceleration while keeping OneIG within a 1% gap": what the speed costs
    if keyword is not None:
        kind, keyword_end, word = keyword
        if (
            kind == "not_a_result"
            or _names_a_score(before[keyword_end:], kind)
            or generic_gain.reached(number.is_percent, keyword[2], before, keyword[1])
            or (_A_NEW_PREDICATE.search(before, keyword_end) and _ITS_OWN_NOUN.match(after))
        ):
            return None
        if kind == "reduction":  # not "from modest savings to a 451% increase", nor "a 57.9% consistency rate"
            # what a method removes is its means ("removing 94.4% of visual tokens"), unless it is compute
            means = word.lower().startswith(("remov", "eliminat")) and not _COMPUTE_REMOVED.match(after)
            no_cut = (
                means
                or _AN_INCREASE_AFTER.match(after)
                or _A_LEVEL_AFTER.match(after)
                or (_AN_OVERHEAD_AFTER.match(after) and _A_COST_CLAUSE.search(before, keyword_end))
            )
            return None if no_cut else _reduction(reduced.from_context(shown, before, after))
        if kind == "scale":
            return "scale", _grown_value(shown, before[keyword_end:])
        return _speedup(sentence, number, shown, keyword[2], (before, after))
    if number.signed or not number.is_percent:
        return _unnamed(sentence, number, shown, (before, after))
    return None  # a bare percentage: a share, an accuracy, a utilisation


_PERCENT_POINTS = re.compile(r"p\b")
# A sparsity a method reaches is a result, the share of attention or weights it skips: "can achieve a
# remarkable 90% sparsity ratio", "attains 97% attention sparsity" (one it is run at is a setting: "at 90%
# sparsity", "with 50% sparsity", and so is one a mask merely has: "(46.97% sparsity)").
_A_SPARSITY_REACHED = re.compile(
    r"\b(?:achiev\w*|reach\w*|attain\w*|maintain\w*)\s+(?:an?\s+)?(?:(?:remarkable|high|extreme|impressive|average|overall)\s+)?$",
    re.IGNORECASE,
)
_SPARSITY = re.compile(r"\s*(?P<what>(?:(?:attention|activation|weight|KV|token)\s+)?sparsity)\b", re.IGNORECASE)
_A_SHORTFALL_AFTER = re.compile(r"\s*(?:gap|drop|degradation|loss)\b(?!\s+(?:reduction|closure))", re.IGNORECASE)
# "with a 3.88% average gain and over 1.6x speedup": a gain averaged, not said to be in a speed.
_AN_AVERAGE_GAIN = re.compile(
    r"\s*(?:average|mean)\s+(?:gains?|improvements?)\b"
    r"(?!\s+(?:in|of)\s+(?:\w+\s+)?(?:speed|throughput|latency|efficiency|runtime|time))",
    re.IGNORECASE,
)
_BRACKET_OPENS = re.compile(r"\(\s*$")
_BRACKET_CLOSES = re.compile(r"\s*\)")
# A percentage signed as a fall, of a cost or a time named after it: "(-51.55% token cost)".
_MINUS = re.compile(r"(?<![\w.\-−–])[-−]\s?$")
_SIGNED_CUT = re.compile(
    r"\s*(?P<what>(?:[\w\-]+\s+){0,2}?(?:costs?|latency|time|memory|tokens|FLOPs|energy|footprint|length))\b",
    re.IGNORECASE,
)
# A predicate of its own between the keyword and a figure whose own noun follows it: the keyword is
# another phrase's ("embedding compression, achieving 6.7x discriminative power" is no cut).
_A_NEW_PREDICATE = re.compile(r",\s*(?:and\s+)?(?:achiev|reach|attain|deliver|yield|obtain)\w*\b", re.IGNORECASE)
_ITS_OWN_NOUN = re.compile(
    r"(?!(?:[^,;.]|\.(?=\d)){0,40}\b(?:speed-?ups?|faster|acceleration|reductions?|lower|less|fewer|savings?)\b)"
    r"\s+(?!(?:in|on|for|of|at|over|than|vs|versus|with|across|and|or|the|a|an|to|by|from|under|when|while|"
    r"lower|less|fewer|smaller|reduction|compression|savings?|cut|decrease)\b)[A-Za-z][\w\-]*\s+[A-Za-z]",
    re.IGNORECASE,
)
# A later item of a list of cuts, which shares the verb of the first: "reduces the execution latency by
# up to 99.9% and the end-to-end latency by up to 55% across four benchmarks" (not one with a verb of its
# own: "reduces bpb by 0.81%, raises CORE by 38.7%").
_LATER_ITEM = re.compile(
    rf"\bby\s+(?:up\s+to\s+|about\s+|over\s+)?{NUMBER}\s?(?:x|×|times|%)\s*(?:,\s*and|,|and)\s+(?:the\s+|its\s+)?"
    r"(?!(?:and\s+)?(?:rais|increas|improv|boost|lift|reduc|lower|cut|decreas|sav|shrink)\w*\s)"
    r"(?P<object>(?:[\w\-]+\s+){0,3}?[\w\-]+)\s+by\s+(?:up\s+to\s+|about\s+|over\s+)?$",
    re.IGNORECASE,
)


def _a_later_cut(sentence: str, number: _Number) -> str | None:
    """What a later item of a list of cuts cuts ("the end-to-end latency"), if the number is one."""
    if not number.is_percent:
        return None
    later = _LATER_ITEM.search(sentence, max(0, number.start - 120), number.start)
    if later is None:
        return None
    first = _last_keyword(sentence[max(0, later.start() - 80) : later.start()])
    return " ".join(later.group("object").split()) if first and first[0] == "reduction" else None


def _words_before(sentence: str, start: int) -> str:
    """The 80 characters before a number, or before the first item of the list it ends: the
    later items of a list share the word that named the first."""
    items = _EARLIER_ITEMS.search(sentence, max(0, start - 200), start)
    head = items.start() if items else start
    return sentence[max(0, head - 80) : start]


def _unnamed(sentence: str, number: _Number, shown: str, around: tuple[str, str]) -> tuple[str, str] | None:
    """A multiplier or a signed percentage that no keyword names."""
    after = around[1]
    multiple = None if number.is_percent else _MULTIPLE_OF.match(after)
    # "8x the context size of X" is a capacity, "3x the inference speed of X" a speedup, "1-8x the optimum" neither
    if multiple and not generic_gain.about_speed(multiple.group("what")):
        capacity = _A_CAPACITY.search(multiple.group("what"))
        return ("scale", f"{shown} the {' '.join(multiple.group('what').split())}") if capacity else None
    if not number.signed and not _ABOUT_RUNNING.search(sentence):
        return None  # a bare multiplier in a sentence about nothing that runs: "3.5x on real-robot tasks"
    # "+19.2% over cuBLAS" measures against a named system; "CTR +1.00%" names only a metric
    against = _MEASURED_AGAINST.match(after)
    return _speedup(sentence, number, shown, "+" if number.signed and not against else "", around)


# After a speed's own word, benchmarks name where it was measured, not a score: "accelerates
# inference by 2.52× on the OCR benchmarks and 4.39× on ...".
_BENCHMARKS = re.compile(r"\bbenchmarks?\b", re.IGNORECASE)


def _names_a_score(words: str, keyword_kind: str) -> bool:
    """Whether `words` near a number name a score, so the number is no speed or cut."""
    if keyword_kind == "speed":
        words = _BENCHMARKS.sub("", words)
    return bool(_BETWEEN_NOT_A_RESULT.search(words))


_THAN_AFTER = re.compile(r"\s*(?:lower|less|smaller)\s+than\b", re.IGNORECASE)
_COMPUTE_REMOVED = re.compile(
    r"\s*of\s+(?:the\s+)?(?:[\w\-]+\s+){0,2}?(?:FLOPs|computations?|compute|costs?|energy|latency|memory)\b", re.I
)
_AN_INCREASE_AFTER = re.compile(r"\s*(?:increases?|rises?|growth)\b", re.IGNORECASE)
# What the cut costs, after it: "reduces latency by 2x with only 3% memory overhead" (overhead.py
# reads the 3%); not "saving 40% overhead", where the cut is of the overhead.
_AN_OVERHEAD_AFTER = re.compile(r"\s*(?:[\w\-]+\s+){0,3}?overheads?\b", re.IGNORECASE)
_A_COST_CLAUSE = re.compile(rf"\b(?:{overhead.COST_CLAUSE})(?:(?<=cost)\s+of|(?<!cost))\b", re.IGNORECASE)
# A level of a rate or a score named right after the number: "with only a 57.9% consistency rate".
# (Not past a conjunction: "decreases by up to 26% while accuracy is maintained" is a cut.)
_A_LEVEL_AFTER = re.compile(
    r"\s+(?:(?!(?:while|whilst|and|but|with|without)\b)[\w\-]+\s+)?(?:rates?|scores?|accuracy)\b", re.IGNORECASE
)
# A quality kept right after the figure is what it costs, not what it measures: "a speedup of 2.7x,
# maintaining accuracy within 5%".
_KEPT_RIGHT_AFTER = re.compile(r"\s*,\s*(?:while\s+)?(?:maintain|preserv|retain|keep)\w*\b", re.IGNORECASE)
_MEASURED_AGAINST = re.compile(r"\s*(?:over|than|vs\.?|versus)\s", re.IGNORECASE)
# A multiplier of a quantity named after it: "8x the context size of X", "3x the inference speed of X",
# "a SOTA encoder 1.7x its size".
_MULTIPLE_OF = re.compile(
    r"\s+(?:the|its|their)\s+(?P<what>(?:[\w\-]+\s+){0,2}?[\w\-]+)(?=\s+(?:of|at|with|for)\b|\s*[,;.)]|$)",
    re.IGNORECASE,
)
# What a sentence must name for a bare multiplier in it to be a speed.
_ABOUT_RUNNING = re.compile(
    rf"{generic_gain.ABOUT_SPEED.pattern}|{generic_gain.A_TIME.pattern}|"
    r"\b(?:efficien\w*|goodput|serving|inference|training|execut\w*|compil\w*|communicat\w*|bandwidth|costs?|energy|"
    r"memory|overhead|hardware|systems?|compress\w*|end-to-end|application-level)\b",
    re.IGNORECASE,
)
_A_CAPACITY = re.compile(r"\b(?:context|length|size|window|capacity|vocabulary|parameters)\b", re.IGNORECASE)


def _speedup(sentence: str, number: _Number, shown: str, word: str, around: tuple[str, str]) -> tuple[str, str] | None:
    """A speedup, unless generic_gain.py says a gain only a generic `word` names is a score's."""
    speedup = _speedup_value(number, shown)
    return generic_gain.read(
        sentence, number.end, is_percent=number.is_percent, shown=shown, speedup=speedup, word=word, around=around
    )


# A reduction of an error is a gain in quality: "18.24% lower mean absolute percentage error"; not
# an error hyphenated into what is lowered: "error-induced overhead" is overhead.
_AN_ERROR = re.compile(r"\b(?:errors?|MAPE|perplexity|PPL|WER|CER|distance|FID|FVD|LPIPS|loss)\b(?!-)", re.IGNORECASE)
# What an improvement by a percentage cuts when it names a time.
_IMPROVED_TIME = re.compile(r"\bimprov\w*\s+(?:the\s+|its\s+)?(?P<time>[\w\-/() ]{1,40}?)\s+by\s+$", re.IGNORECASE)


def _reduction(value: str) -> tuple[str, str] | None:
    """A reduction, or a gain in quality when what it lowers is an error ("18% lower mean absolute error");
    none when it lowers a score ("a 48% lower overall score") or a speed: a loss, not an efficiency."""
    if _A_SCORE.search(value) or _A_LOWERED_SPEED.search(value):
        return None
    return ("quality" if _AN_ERROR.search(value) else "reduction"), value


_A_SCORE = re.compile(r"\b(?:scores?|accuracy|success\s+rates?|win\s+rates?|F1|BLEU|pass@\d+)\b", re.IGNORECASE)
# A lowered speed is a slowdown, not a saving: "7.9% lower speed", "12% lower throughput".
_A_LOWERED_SPEED = re.compile(r"\blower\s+(?:[\w\-]+\s+)?(?:speed|throughput)\b(?!\s+(?:loss|gap|overhead|drop))", re.I)


_IMPROVED_OBJECT = re.compile(r"\s+(?:in|of)\s+(?:\w+\s+)?\w+")


def _improved_object(after_speed: str) -> str:
    """What an improvement is in: "a 5.5% improvement in accuracy" is not a speedup."""
    improved = _IMPROVED_OBJECT.match(after_speed)
    return improved.group() if improved else ""


def _last_keyword(before: str) -> tuple[str, int, str] | None:
    """The last keyword before a number: its kind, where it ends, and the word."""
    matches = list(_BEFORE_KEYWORDS.finditer(before))
    # "improve throughput from X by 9%": "from" names a source, not the start of a change; nor does
    # a change told in full before the number ("from 30.55 to 5.37 seconds per frame (>5x)").
    while (
        matches
        and matches[-1].group().lower() == "from"
        and (_BY.search(before, matches[-1].end()) or _FROM_TO_TOLD.match(before, matches[-1].end()))
    ):
        matches.pop()
    if not matches or matches[-1].lastgroup is None:
        return None
    return matches[-1].lastgroup, matches[-1].end(), matches[-1].group()


_BY = re.compile(r"\bby\b", re.IGNORECASE)
_FROM_TO_TOLD = re.compile(rf"\s+{NUMBER}\s*(?:[\w%]+\s+)?to\s+{NUMBER}[^()]*\(\s*[~>≈]?\s*$", re.IGNORECASE)


def _an_earlier_figures_word(before: str, keyword_start: int, keyword_end: int, after: str) -> bool:
    """Whether the keyword at before[keyword_start:keyword_end] is the noun of the figure before it,
    joined to this one as a list: "75% KV cache compression and 97% at 88% compression" (97% is a
    score kept), unless this figure's own words name the same kind of change ("13% in density
    reduction, and 68% in token cost reduction")."""
    if not _LIST_JOIN.fullmatch(before, keyword_end) or not _A_FIGURE_BEFORE.search(before, 0, keyword_start):
        return False
    own_words = re.split(r"\d|[,;(]", after, maxsplit=1)[0]
    return not _BEFORE_KEYWORDS.search(own_words)


_LIST_JOIN = re.compile(r"\s*(?:,|and|or|,\s*and)\s*(?:up\s+to\s+)?", re.IGNORECASE)
_A_FIGURE_BEFORE = re.compile(rf"{NUMBER}\s?(?:%|x|×|times)\s+(?:[\w\-]+\s+){{0,3}}$", re.IGNORECASE)


def _speedup_value(number: _Number, shown: str) -> str:
    if number.is_percent:
        return f"{number.qualifier}{number.text}% faster"
    return shown


_NOT_GROWN = reduced.STOP_WORDS | {"the", "a", "an", "its", "their"}


def _grown_value(shown: str, between: str) -> str:
    """ "extends model scales 2.5 times" -> "2.5× larger model scales"; "grown over 1000x" -> ">1000× increase"."""
    words = [w for w in re.findall(r"[A-Za-z][\w\-]*", between) if w.lower() not in _NOT_GROWN][:3]
    return f"{shown} larger {' '.join(words)}" if words else f"{shown} increase"


# Capacities listed as many as the figures before them, "respectively": "achieved 13.7times and 3.0times
# maximum batch size and sequence length respectively" (the 3.0× is the sequence length's).
_ANOTHER_ITEM = re.compile(r"\s*(?:,\s*and|,|and)\s+", re.IGNORECASE)
_RESPECTIVELY_AFTER = re.compile(r"[^.;]{0,30}?\b(?:respectively|correspondingly)\b", re.IGNORECASE)
_FIGURES_BEFORE = re.compile(
    rf"(?:{NUMBER}\s?(?:x|×|X|times|%|\\%)\s*(?:,\s*and|,|and)\s*(?:up\s+to\s+)?)+$", re.IGNORECASE
)
_FIGURE = re.compile(rf"{NUMBER}\s?(?:x|×|X|times|%|\\%)", re.IGNORECASE)


def _respective_capacity(before: str, after: str, capacity: re.Match[str]) -> str | None:
    """The capacity of a figure's own place in a list of figures that takes a list of capacities in order."""
    if not capacity.group("phrase"):
        return None
    phrases, end = [capacity.group("phrase")], capacity.end("phrase")
    while (joined := _ANOTHER_ITEM.match(after, end)) and (item := _AFTER_CAPACITY.match(after, joined.end())):
        if not item.group("phrase"):
            break
        phrases.append(item.group("phrase"))
        end = item.end("phrase")
    earlier = _FIGURES_BEFORE.search(before)
    index = len(_FIGURE.findall(earlier.group())) if earlier else 0
    if len(phrases) < 2 or index >= len(phrases) or not _RESPECTIVELY_AFTER.match(after, end):
        return None
    return " ".join(phrases[index].split())


def _scale_value(shown: str, capacity: re.Match[str]) -> str:
    """ "25× larger models", "13.7× maximum batch size", "10× increase in size"."""
    words = [capacity.group("comparative") or re.sub(r"\s+", " ", capacity.group("phrase"))]
    if capacity.group("comparative"):
        for word in (capacity.group("object") or "").split():
            if word.lower() in reduced.STOP_WORDS:
                break
            words.append(word)
    return f"{shown} {' '.join(words)}"
