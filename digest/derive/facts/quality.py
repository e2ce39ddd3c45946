"""Quality: accuracy and error figures, "97.6% correctness", "2.08% test error", "3.1% better top-1 accuracy",
and generation-quality scores, "3.29 FID".

Kept apart from the efficiency results (results.py), which refuse these numbers: a table of
speedups must not show an accuracy, but the paper's page should still show what it claims.
"""

from __future__ import annotations

import re

from . import quality_change, score_gain, score_level
from .base import Found, Sentence, overlaps
from .numbers import A_TARGET_BEFORE, FRESH_NUMBER, LIST_BEFORE, NUMBER, UNIT_GAP, hedge, percentages, range_of

# (a spread after the number is no number of its own: "69.8 pm 0.5%", a dump's lost "\pm")
_PERCENT = re.compile(
    rf"(?P<sign>\+)?(?:(?P<low>{FRESH_NUMBER})(?:{UNIT_GAP}\\?%)?\s*[-–]\s*)?(?P<number>{NUMBER})"
    rf"(?:\s*(?:±|\\?pm)\s*{NUMBER})?{UNIT_GAP}(?:\\?%|percent\b)"
)
_METRIC_WORDS = (
    r"(?:top-?[15]\s+)?accuracy|(?:test\s+|mean\s+|median\s+|relative\s+)?errors?|correctness|MAPE|"
    r"perplexity|BLEU|F1|m?IoU|mAP|Dice|benchmarks?|(?:attack\s+)?(?:success|resolve|resolution|pass|solve|completion)\s+rates?|"
    # a share of tasks done, "success" alone: "72% success in simulation", "90% zero-shot success"
    # (on a named benchmark, "96.5% success on LIBERO", score_level.py reads it with its name)
    r"(?<![\w\-])success(?![\w\-]|\s+(?:probabilit|chance|rates?\b|on\s+(?-i:[A-Z])))|win(?:ning)?[\s\-]+rates?|faster\s+rate|(?:token\s+|draft\s+)?acceptance\s+(?:rates?|lengths?)|[A-Za-z]+@\d+|"
    r"(?-i:ASR|ECE|AUC|AUROC)|"  # an attack success rate, an expected calibration error, a ranking score
    r"LPIPS|PSNR|SSIM|MRR|NDCG|(?:mean\s+)?reciprocal\s+rank|"
    r"(?-i:[A-Z][\w\-]*Bench[\w\-]*)|"  # a benchmark's name, capitalised: "LiveCodeBench", not "full-benchmark"
    r"(?-i:[A-Z][\w\-]*[A-Z][\w\-]*)\s+scores?"  # a named score: "GenEval score", "CLIP score", not "the score"
)
_DIRECTION = r"higher|better|lower|worse|improvement|drop|gain|increase|variation|difference"
# The words between a number and its metric hold no speed ("20% walltime speedup on SpecBench" is no score),
# nor another change's verb ("by 53% and improves its accuracy"), nor the "and" of the next item ("WERs
# of 0.94%/1.30% and SIM scores of 81.0/77.1"), unless it is another figure of the list ("73.9% in-domain
# and 70.2% out-of-domain accuracy"); a change may also follow the metric:
# "a 1% accuracy drop", "46.7% Avg@4 gains".
_AFTER = re.compile(
    rf"\s*\)?\s*(?P<direction>{_DIRECTION})?\s*"
    rf"(?:(?:in|of|on)\s+)?(?:(?!(?:and(?!\s+[+\d])|while|whilst|but|without|sacrific\w*|maintain\w*|preserv\w*|speed-?ups?|faster|throughput|latency|"
    r"(?:improv|increas|boost|rais|reduc)(?:es|ed|s|ing))\b)"
    rf"(?:[\w\-%()]|\.(?=\d))+\s+){{0,5}}?"
    rf"(?P<metric>{_METRIC_WORDS})\b(?:\s+(?P<trailing>drops?|degradation|loss|gains?|improvements?|gaps?)\b)?",
    re.IGNORECASE,
)
# A score raised by the number is a gain, not a level: "improving classification accuracy by 11%",
# "improving by 5% on MedQA accuracy and 22% on EHRQA accuracy" (and the later items of its list).
_RAISED_BY = re.compile(
    r"\b(?:improv\w*|boost\w*|increas\w*|rais\w*|lift\w*|enhanc\w*)\b[^,;.%]{0,60}\bby\s+"
    rf"(?:up\s+to\s+|about\s+|over\s+|nearly\s+|roughly\s+)?(?:{NUMBER}\s?\\?%[^,;%]{{0,40}}?(?:,\s*and|,|and)\s+)*$",
    re.IGNORECASE,
)
# A score cut by the number is a drop, not a level: "reduces attack success rate by 24%", "depresses scores by 45%".
_CUT_BY = re.compile(
    rf"\b(?:reduc\w*|lower\w*|cut(?:s|ting)?|decreas\w*|depress\w*|drop\w*)\b{quality_change.NO_OTHER_CHANGE}{{0,60}}\bby\s+"
    r"(?:up\s+to\s+|about\s+|over\s+|nearly\s+|roughly\s+)?$",
    re.IGNORECASE,
)
# A margin over a baseline in a score: "surpassing baselines by 16.1%-51.6% of success rate".
_BEAT_BY = re.compile(
    r"\b(?:surpass\w*|outperform\w*|exceed\w*)\b[^,;.%]{0,60}\bby\s+(?:up\s+to\s+|about\s+|over\s+|nearly\s+)?$",
    re.IGNORECASE,
)
# "an average error reduction of 6.3%": the cut is named before the number, with what it cuts.
_CUT_OF = re.compile(
    r"\b(?P<what>(?:(?!(?:a|an|the|average|mean|relative|absolute)\s)[\w\-]+\s+)?)"
    r"(?P<cut>reduction|decrease|drop)s?\s+of\s+(?:up\s+to\s+|about\s+|over\s+)?$",
    re.I,
)
# "in the 60-95% accuracy band": a region of a scale, not a result.
_A_REGION = re.compile(r"\s*(?:[\w\-]+\s+){0,2}(?:band|range|regime|bucket|bin)s?\b", re.IGNORECASE)
_NAME_BEFORE_BRACKET = re.compile(r"(?<![\w\-])(?P<name>[A-Z][\w\-'.]*[\w])\s\($")
_IN_THE = re.compile(r"\b(?:in|within)\s+the\s+$", re.IGNORECASE)
# "an improvement of 23.2% in success rate": the gain is named before the number.
_GAIN_OF = re.compile(r"\b(?P<gain>improvement|gain|increase)s?\s+of\s+(?:up\s+to\s+|about\s+|over\s+)?$", re.I)
# "36.2% perplexity reduction": a lowered error, which results.py reads ("36.2% lower perplexity").
_ERROR_REDUCED = re.compile(r"(?:errors?|MAPE|perplexity|LPIPS)\s+(?:reductions?|decreases?)\b", re.I)
_SKIPPED_DIRECTION = re.compile(rf"\b(?:{_DIRECTION})\b", re.IGNORECASE)
# Before a number, the metric must lead up to it: "accuracy by up to 4.4%", "mean error 15.57%",
# "a Resolve@1 performance of 54.3%".
# "a score of 54.2%": a score is named so only with its article.
# Whose score may stand between it and "by": "raises the accuracy of SFT-ed models by 8.6%".
_BEFORE = re.compile(
    rf"(?P<metric>{_METRIC_WORDS}|(?<=\ba\s)score)\b(?!-)\s+(?:(?:gains?|improvements?|rates?|scores?|performance)\s+)?"
    r"(?:of\s+(?:[\w\-]+\s+){1,3}?(?=by\s))?(?:(?:of|by|is|was|at|to|from|"
    r"reaches|reaching|improvement\s+of)\s+)?(?:up\s+to\s+|about\s+|over\s+|nearly\s+|almost\s+|around\s+|roughly\s+)?\(?$",
    re.IGNORECASE,
)
_AFTER_CHANGE = re.compile(
    r"\s*(?:lower|less|fewer|reduction|faster(?!\s+rates?\b)|speedup|of\s+(?:the\s+)?(?:\w+\s+)?peak)\b", re.IGNORECASE
)
_LIST_AFTER = re.compile(rf"(?:\s*(?:,\s*and|,|and|or|/)\s*\+?{NUMBER}\s?\\?%)+")
# A gain or a level given as a range with "to", after "by" or "of": "improves accuracy by 40% to 200%", "an
# average improvement of 15% to 30%", "an accuracy of 70% to 80%" (never "from 61% to 70%", a change).
_BY_RANGE = re.compile(
    rf"\b(?:by|of)\s+(?P<low>{FRESH_NUMBER}){UNIT_GAP}\\?%\s+to\s+(?P<high>{NUMBER}){UNIT_GAP}\\?%", re.IGNORECASE
)
_CHANGES = ("variation", "difference", "drop", "gain", "improvement", "increase")
_HINT = re.compile(rf"{_METRIC_WORDS}|\ba\s+score\s+of\b", re.IGNORECASE)
_DIGIT = re.compile(r"\d")


# A generation-quality score written after its number: "3.29 FID", "4.32 1-NFE FID".
_SCORE = re.compile(
    r"(?<![\w.,])(?P<number>\d+(?:\.\d+)?)\s+(?:[\w\-]+\s+)?(?P<metric>FID|FVD)\b|"
    # or named first: "FVD scores of 103.3", "an FID of 2.1" (not "FID from 5.2 to 3.1")
    # and its short name in brackets: "a reconstruction FID (rFID) of 0.50"
    r"\b(?P<named>FID|FVD)\s+(?:\([\w\-]{1,8}\)\s+)?(?:scores?\s+)?(?:of|is|=)\s*(?P<after>\d+(?:\.\d+)?)(?![\d%]|\.\d)"
)


# A rank or linear correlation, how well a predictor or an evaluation tracks the truth: "obtains
# > 0.9 Spearman-rank on APPS", "a Spearman coefficient (rho) exceeding 0.95".
_CORRELATION = re.compile(
    r"(?<![\w.])(?P<number>0?\.\d+|1\.0)\s+(?:average\s+)?(?P<name>Spearman|Kendall|Pearson)\b|"
    r"\b(?P<named>Spearman|Kendall|Pearson)[\w\-]*(?:\s+(?:rank\s+)?(?:correlation|coefficient))?(?:\s+\([^()]{0,12}\))?\s+"
    r"(?P<verb>of|exceeding|above|over|reaching|=|is|was)\s+(?P<after>0?\.\d+|1\.0)(?!\d)(?!\.\d)",
)


# A bare score after a metric of the field named by its acronym: "F1 scores of 0.791", "an AUROC of 0.93",
# "κ= 0.907" (not a percentage, which the rules above read).
_NAMED_BARE_SCORE = re.compile(
    r"(?<![\w\-])(?P<metric>(?-i:F1|AUC|AUROC|AUPRC|mAP|BLEU|ROUGE-?\w*|METEOR|CIDEr|MRR|NDCG|EM)|κ|kappa)"
    r"(?:[\s-]scores?)?\s*(?:of|=|:|reaching|reaches)\s*(?:(?P<hedge>up\s+to)\s+)?"  # "an AUC of up to 0.99"
    r"(?P<number>0?\.\d+|\d+\.\d+)(?!\d|\.\d)(?!\s?(?:\\?%|percent))",
    re.IGNORECASE,
)


# A bare score after a metric named "@k": "the best AIME24 avg@8, reaching 35.83", "pass@1 of 41.7".
_AT_K_SCORE = re.compile(
    r"\b(?P<metric>[A-Za-z]+@\d+),?\s+(?:of|reaching|reaches|=)\s+(?P<number>\d+(?:\.\d+)?)(?!\d)(?!\.\d)(?!\s?\\?%)"
)


# A retrieval score after its bare number: "61.74 average NDCG@5", "48.2 MRR@10".
_NUMBER_THEN_AT_K = re.compile(
    r"(?<![\w.,])(?P<number>\d+\.\d+)\s+(?:(?:average|mean)\s+)?(?P<metric>(?:NDCG|MRR|MAP|Recall|R|Hit)@\d+)(?!\s?\\?%)"
)


# A multiple of a rate of success: "about 2 times the success rate over the previous model", "5.5x
# higher attack success rate", "improves the success rate by 2.54 times". Not of a speed ("3x the throughput").
# "1.4times success-rate improvement", "boosts interaction success rates by 4times".
_A_SUCCESS_RATE = r"(?:(?:attack|task|average)\s+)?(?:success|win|pass|solve|resolve)[\s\-]+rates?|accuracy"
_SCORE_MULTIPLE = re.compile(
    rf"(?<![\w.])(?P<number>{NUMBER})\s?(?:x|×|times)\s+(?:(?P<word>the|higher|better)\s+)?(?P<metric>{_A_SUCCESS_RATE})\b"
    r"(?(word)|\s+(?:improvement|gain|increase)s?\b)|"
    rf"\b(?:improv|rais|boost|increas|lift)\w*\s+(?:the\s+|its\s+)?(?:[\w\-]+\s+)?(?P<raised>{_A_SUCCESS_RATE})\s+by\s+"
    rf"(?:(?:up\s+to|about|over|nearly)\s+)?(?P<by>{NUMBER})\s?(?:x|×|times)\b(?!\s+(?:faster|speed))|"
    # a score as a multiple of another's: "its success rate is 2.54 times that of X", "the average score to 1.10times"
    rf"\b(?P<named>{_A_SUCCESS_RATE}|(?:average\s+)?scores?)\s+(?:(?:is|was|of|to|reaches|reached)\s+)?"
    rf"(?:(?:up\s+to|about|over|nearly)\s+)?(?P<that>{NUMBER})\s?(?:x|×|times)\s+that\s+of\b",
    re.IGNORECASE,
)


def _score_multiples(text: str, found: list[Found]) -> list[Found]:
    multiples: list[Found] = []
    for match in _SCORE_MULTIPLE.finditer(text):
        group = next(name for name in ("number", "by", "that") if match.group(name))
        if overlaps(match.start(group), match.end(group), found):
            continue
        qualifier, start = hedge(text, match.start(group))
        named = match.group("metric") or match.group("raised") or match.group("named")
        metric = " ".join(named.replace("-", " ").split()).lower()
        word = "" if match.group("word") == "the" else "higher "
        multiples.append(("quality", start, match.end(group), f"{qualifier}{match.group(group)}× {word}{metric}"))
    return multiples


def _correlations(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _CORRELATION.finditer(text):
        if match.group("number"):
            qualifier, start = hedge(text, match.start())
            found.append(("quality", start, match.end(), f"{qualifier}{match.group('number')} {match.group('name')}"))
        else:
            more = ">" if match.group("verb") in ("exceeding", "above", "over") else ""
            value = f"{more}{match.group('after')} {match.group('named')}"
            found.append(("quality", match.start("after"), match.end(), value))
    return found


# "results on GSM8K (98.1%), AIME'24 (94.4%) and MATH-500 (99.8%)": a list of scores in brackets,
# each after its benchmark's name, in a sentence that says it states results.
# Or bare scores with decimals, never a year or a count: "leading results on SEAL-0 (56.4), IFBench (80.6)".
# A name of two words keeps both: "Visual Understanding (79.9)", "Formula CDM (95.59)".
_NAME_THEN_SCORE = re.compile(
    rf"(?P<name>(?:(?!(?:On|In|And|With|For)\s)(?-i:[A-Z])[\w\-'.]*\s)?(?-i:[A-Z])[\w\-'.]*)\s\((?P<number>{NUMBER}\\?%|\d+\.\d+)\)"
)
# Not shares of a machine's resources: "utilization on A100 (45%) and H100 (52%)".
_SHARE_OF_A_RESOURCE = re.compile(
    r"utili[sz]ation|MFU|throughput|bandwidth|memory|occupancy|hit\s+rate|sparsity|speed|latency|efficien|reduc", re.I
)
_STATES_RESULTS = re.compile(r"\b(?:results?|achiev\w*|scores?|accuracy|reach\w*|state[\s-]of[\s-]the[\s-]art)\b", re.I)


# "a 40% improvement on AGIEval", "12% gains in MMLU": a gain on something named (not a chip) is a score's.
_GAIN_ON_A_NAME = re.compile(
    rf"(?<![\w.,])(?P<number>{NUMBER})\\?%\s+(?:(?:relative|absolute|average)\s+)?(?P<gain>improvements?|gains?)\s+"
    rf"(?:on|in)\s+(?:the\s+)?{score_gain.NOT_A_CHIP}(?P<name>(?-i:[A-Z])[\w\-'.]*[\w](?:\s(?-i:[A-Z])[\w\-'.]*[\w]){{0,2}})"
)


def _gains_on_names(text: str, found: list[Found]) -> list[Found]:
    gains = []
    for match in _GAIN_ON_A_NAME.finditer(text):
        if overlaps(match.start(), match.end(), found):
            continue
        qualifier, start = hedge(text, match.start())  # "more than 5% improvement on MLVU"
        gains.append(
            (
                "quality",
                start,
                match.end(),
                f"{qualifier}{match.group('number')}% {match.group('gain')} on {match.group('name')}",
            )
        )
    return gains


def _scores_in_brackets(text: str, found: list[Found]) -> list[Found]:
    matches = list(_NAME_THEN_SCORE.finditer(text))
    lead = text[: matches[0].start()] if matches else ""
    if len(matches) < 2 or not _STATES_RESULTS.search(lead) or _SHARE_OF_A_RESOURCE.search(lead):
        return []
    return [
        (
            "quality",
            match.start("number"),
            match.end("number"),
            f"{match.group('number').replace(chr(92), '')} on {match.group('name')}",
        )
        for match in matches
        if not overlaps(match.start("number"), match.end(), found) and not _a_rival_s(text, match)
    ]


# A model named before a score in brackets is a rival, its score its own: "outperforming GPT-4o (85.3)
# and Claude-3.5 (82.1)".
_BEATEN_BEFORE = re.compile(
    r"\b(?:than|outperform\w*|surpass\w*|exceed\w*|beat\w*|compared\s+(?:to|with)|vs\.?|versus|over)\s+(?:the\s+)?$",
    re.I,
)


def _a_rival_s(text: str, match: re.Match[str]) -> bool:
    return bool(score_level.A_MODEL.search(match.group("name")) or _BEATEN_BEFORE.search(text, 0, match.start()))


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    if not _DIGIT.search(text):
        return []  # every score, percentage and change below is a number: most sentences have none
    found: list[Found] = [
        (
            "quality",
            match.start(),
            match.end(),
            f"{match.group('number') or match.group('after')} {match.group('metric') or match.group('named')}",
        )
        for match in _SCORE.finditer(text)
    ]
    ranges = {found.start("low"): found for found in _BY_RANGE.finditer(text)}
    highs = {found.start("high") for found in ranges.values()}
    for match in percentages(text, _PERCENT, _HINT, _AFTER_CHANGE):
        # "the time needed to achieve a 90% ASR": where a result is measured; the high end of a range,
        # read whole from its low end
        if A_TARGET_BEFORE.search(text, 0, match.start()) or match.start() in highs:
            continue
        ranged = ranges.get(match.start())
        match_end = ranged.end() if ranged else match.end()
        listed = _LIST_AFTER.match(text, match_end)  # "46.7% and 20.8% Avg@4 gains": the list's metric
        end = listed.end() if listed else match_end
        after = _AFTER.match(text, end)
        if after and "Bench" in after.group("metric") and _PERCENT.search(text, end, after.start("metric")):
            after = None  # "84.0% in A and 38.0% on KernelBench": a benchmark's name is its own figure's
        direction, metric, trailing = "", _metric_before(text, match.start()), ""
        if after and after.end() - end <= 48:
            direction, metric = (after.group("direction") or "").lower(), _metric(after.group("metric"))
            trailing = (after.group("trailing") or "").lower()
            skipped = _SKIPPED_DIRECTION.search(text, end, after.start("metric"))  # "2.1% on average higher accuracy"
            direction = direction or (skipped.group().lower() if skipped and not trailing else "")
        if metric is None or (after and _ERROR_REDUCED.match(text, after.start("metric"))):
            continue
        bracketed = _NAME_BEFORE_BRACKET.search(text, 0, match.start())
        if metric and metric.startswith("on ") and bracketed and text.startswith(")", match.end()):
            metric = f"on {bracketed.group('name')}"  # "ProcessBench (75.0%) and PRMBench (65.5%)": each its own
        if _IN_THE.search(text, 0, match.start()) and _A_REGION.match(text, match.end()):
            continue
        if not direction and not trailing:
            direction, trailing = _change_before(text[max(0, match.start() - 100) : match.start()], metric)
        qualifier, start = hedge(text, match.start())
        sign = "+" if match.group("sign") else ""
        changed_in = direction in _CHANGES and not metric.startswith("on ")  # not "improvement in on LV-Bench"
        if changed_in:
            words = f"{direction} in {metric}"
        elif metric.startswith("on ") and trailing:  # "gain on MBench", not "on MBench gain"
            words = " ".join(w for w in (direction, trailing, metric) if w)
        else:
            words = " ".join(w for w in (direction, metric, trailing) if w)
        number = f"{ranged.group('low')}–{ranged.group('high')}" if ranged else range_of(match)
        found.append(("quality", start, match_end, f"{qualifier}{sign}{number}% {words}"))
    found += _scores_in_brackets(text, found) + _correlations(text)
    found += _gains_on_names(text, found)
    found += _score_multiples(text, found)
    found += score_level.levels(text, found)
    found += [
        ("quality", match.start("number"), match.end(), _named_score(match))
        for match in (*_AT_K_SCORE.finditer(text), *_NUMBER_THEN_AT_K.finditer(text), *_NAMED_BARE_SCORE.finditer(text))
        if not overlaps(match.start("number"), match.end("number"), found)
    ]
    changes = quality_change.changes(text)
    # A change read whole ("from 61.2% to 70.4%") keeps its numbers from being read again alone.
    kept = [item for item in found if not any(item[1] < change[2] and begin < item[2] for change, begin in changes)]
    return [_with_version(text, item) for item in kept + [change for change, _begin in changes]]


# A benchmark's version after its name is part of the name ("AlpacaEval 2", "Terminal-Bench 2.0",
# "LiveCodeBench v5", "AIME 2024", "AIME 24"), not a figure: never one with a unit or a decimal tail.
_NAME_AT_END = re.compile(r"(?<=\s)(?-i:[A-Z])[\w\-'.]*[\w]$")
_VERSION = re.compile(
    r"\s(?:v\d+(?:\.\d+)*|\d\.\d|\d|20\d\d|2\d)(?![\w\-%×/]|\.\d|\s?(?:x|times|points?|pp|percent)\b)"
)


def _with_version(text: str, item: Found) -> Found:
    """`item` with the version its benchmark's name has in `text` after the figure, if any."""
    kind, start, end, value = item
    name = _NAME_AT_END.search(value)
    if name is None:
        return item
    named = re.compile(re.escape(name.group()) + _VERSION.pattern).search(text, start, end + 120)
    if named is None:
        return item
    version = named.group()[len(name.group()) :]
    return kind, start, max(end, named.end()) if named.start() < end else end, value + version


def _named_score(match: re.Match[str]) -> str:
    """ "0.93 AUROC", "up to 0.99 AUC": a score's number, hedged, then its metric."""
    hedged = "up to " if match.groupdict().get("hedge") else ""
    return f"{hedged}{match.group('number')} {match.group('metric')}"


_ERROR = re.compile(r"errors?|MAPE|perplexity", re.I)


def _change_before(before: str, metric: str) -> tuple[str, str]:
    """(direction, trailing) of a score the words `before` its number say was raised or cut."""
    cut = _CUT_OF.search(before)
    if cut:
        return f"{cut.group('what')}{cut.group('cut').lower()}".strip(), ""
    if _CUT_BY.search(before):
        return "lower", ""
    if _BEAT_BY.search(before) and not metric.startswith("on "):  # a benchmark's margin keeps its plain reading
        return "", "gain"
    return ("", "") if _ERROR.search(metric) else _gain_before(before)


def _gain_before(before: str) -> tuple[str, str]:
    """(direction, trailing) of a score the words `before` its number say was raised."""
    named = _GAIN_OF.search(before)
    if named:
        return named.group("gain").lower(), ""
    return ("", "gain") if _RAISED_BY.search(before) else ("", "")


def _metric(word: str) -> str:
    word = re.sub(r"\s+", " ", word)
    if word.lower().startswith("benchmark"):
        return "on benchmarks"
    return f"on {word}" if "Bench" in word else word  # a benchmark's name: "on LiveCodeBench"


def _metric_before(text: str, start: int) -> str | None:
    window = text[max(0, start - 60) : start]
    listed = LIST_BEFORE.search(window)
    window = window[: listed.start()] if listed else window
    named = _BEFORE.search(window)
    return _metric(named.group("metric")) if named else None
