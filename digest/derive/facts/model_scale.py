"""Model scale: "175B", "7B", "1T", "billion-scale"."""

from __future__ import annotations

import re

from .base import Found, Sentence

# "175B", "7b", "1.5B", "1T", "LLaMA-13B" -- but not "19.7B tokens" or "$1B".
_SCALE_NUMBER = r"\d(?<![\w.$]\d)\d*(?:\.\d+)?"
_SCALE_SUFFIX = re.compile(rf"(?P<number>{_SCALE_NUMBER})(?P<unit>[Bb]|T)(?![\w])")
# "5.7M parameters", "2B-parameter": millions only with the word, they are too often sequence
# lengths or dataset sizes.
_SCALE_MILLIONS = re.compile(rf"(?P<number>{_SCALE_NUMBER})M[\s\-]*[Pp]aram")
# ... or with the word after the list or pair it leads: "31M/1.4B and 350M/2.7B parameters", "125M to 7B
# parameters" (the word's own figure is read by the patterns of its unit).
_LISTED_SIZE = r"\s*(?:/|,\s*(?:and\s+)?|and\s+|or\s+|to\s+|[-–])\s*\d+(?:\.\d+)?[MBT]"
_SCALE_MILLIONS_LISTED = re.compile(rf"(?P<number>{_SCALE_NUMBER})M(?=(?:{_LISTED_SIZE})+[\s\-]*[Pp]aram)")
# Not the size a model was changed from: "scaling up the backbone from 29M to 70M parameters" (a range
# stays: "models ranging from 125M to 7B parameters", "scaling behavior from 900M to 3.7B parameters").
_CHANGED_FROM = re.compile(
    r"\b(?:scal\w*\s+(?:it\s+|them\s+)?(?:up|down)|increas\w*|grow\w*|expand\w*|rais\w*|reduc\w*|shrink\w*|"
    r"compress\w*|cut\w*)\b[^.;]{0,60}\bfrom\s+$",
    re.IGNORECASE,
)
_NOT_MODEL_SIZE_AFTER = re.compile(
    r"(?:[\s\-]+[\w\-]+){0,2}?[\s\-]+(?:tokens?|words?|pairs|images|samples|edges|nodes|vectors|"
    r"keys|sequences?|instructions|examples|documents|frames|pixels|bytes|rows|entries|queries|"
    r"transitions|episodes|trajectories|demonstrations|datasets?|corpus|corpora|labels|annotations|"
    r"(?:class|regime|tier|category)(?!\s+models)|"  # a class by size: "within the 10B parameter class"
    r"dollars|USD|FLOPs?|operations)\b"
    # a level others' models reach, the paper's set against it: "a 0.2B model with 10B-Level Performance"
    r"|[\s\-]+level\b",
    re.IGNORECASE,
)
# A name glued to a size that an apposition calls data: "XLand-100B, a large-scale dataset".
_A_DATASET_NAMED = re.compile(
    r"[\w\-]*,\s+(?:an?|the)\s+(?:(?!(?:models?|LLMs?|for|of|with)\b)[\w\-]+\s+){0,3}?(?:datasets?|benchmarks?|corpus)\b(?!['’])",
    re.IGNORECASE,
)
_SCALE_WORD = r"(?:million|billion|trillion)"
# "130 billion parameters", "22 Billion, 175 Billion, and 1 Trillion parameters", "a 14-billion-parameter model".
_SCALE_IN_WORDS = re.compile(
    rf"(?P<list>(?:(?:\d+(?:\.\d+)?|one|a)[\s\-]+{_SCALE_WORD}(?:\s*,\s*(?:and\s+)?|\s+(?:and|or|to)\s+)?)+)"
    r"[\s\-]*param",
    re.IGNORECASE,
)
_SCALE_LIST_ITEM = re.compile(rf"(?P<number>\d+(?:\.\d+)?|one|a)[\s\-]+(?P<word>{_SCALE_WORD})", re.IGNORECASE)
_SCALE_LETTER = {"million": "M", "billion": "B", "trillion": "T"}
# Scales stated without a number.
_OF_A_MODEL = r"(?=[\s\-]+(?:\w+[\s\-]+)?(?:models?|LLMs?|param|language|networks?|training)\b)"
_VAGUE_SCALES = (
    (re.compile(r"\b(?:tens)\s+of\s+billions\s+of\s+param", re.I), "10B+"),
    (re.compile(r"\b(?:hundreds)\s+of\s+billions\s+of\s+param", re.I), "100B+"),
    (re.compile(r"\b(?:tens)\s+(?:and\s+(?:even\s+)?hundreds\s+)?of\s+trillions\s+of\s+param", re.I), "10T+"),
    (re.compile(r"(?<!even\s)\bhundreds\s+of\s+trillions\s+of\s+param", re.I), "100T+"),
    (re.compile(r"(?<!of\s)\btrillions\s+of\s+param", re.I), "trillion-scale"),
    (re.compile(r"(?<!of\s)\bbillions\s+of\s+param", re.I), "billion-scale"),
    (re.compile(r"(?<![\w\-])trillion[\s\-]+param", re.I), "1T"),
    (re.compile(r"\b(?:billion|multi-billion)[\s\-]scale" + _OF_A_MODEL, re.I), "billion-scale"),
    (re.compile(r"\btrillion[\s\-]scale" + _OF_A_MODEL, re.I), "trillion-scale"),
)


def _scale_value(number: str, letter: str) -> str:
    number = number.lower()
    if number in ("one", "a"):
        number = "1"
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    return f"{number}{letter.upper()}"


# A bound on a class of models: "sub-2B parameter models", "models leq 4B", "under 10B".
_A_BOUND_BEFORE = re.compile(r"(?:\bsub-|≤\s?|<\s?|\\?\bleq\s?|\b(?:below|under)\s)$", re.IGNORECASE)


def _model_scales(sentence: str) -> list[tuple[int, int, str]]:
    found = []
    for match in _SCALE_SUFFIX.finditer(sentence):
        if _A_BOUND_BEFORE.search(sentence, 0, match.start()):
            continue
        if not _NOT_MODEL_SIZE_AFTER.match(sentence, match.end()) and not _A_DATASET_NAMED.match(sentence, match.end()):
            found.append((match.start(), match.end(), _scale_value(match.group("number"), match.group("unit"))))
    listed = [m for m in _SCALE_MILLIONS_LISTED.finditer(sentence) if not _CHANGED_FROM.search(sentence, 0, m.start())]
    for match in (*_SCALE_MILLIONS.finditer(sentence), *listed):
        found.append((match.start(), match.end(), _scale_value(match.group("number"), "M")))
    if "illion" not in sentence.lower():  # the word forms below all need one
        return sorted(found)
    for match in _SCALE_IN_WORDS.finditer(sentence):
        for item in _SCALE_LIST_ITEM.finditer(match.group("list")):
            letter = _SCALE_LETTER[item.group("word").lower()]
            at = match.start("list")
            found.append((at + item.start(), at + item.end(), _scale_value(item.group("number"), letter)))
    for pattern, value in _VAGUE_SCALES:
        for match in pattern.finditer(sentence):
            found.append((match.start(), match.end(), value))
    return sorted(found)


# A title whose head noun is a dataset or benchmark names data: "XLand-100B: A Large-Scale Multi-Task Dataset".
_A_DATASET_TITLE = re.compile(
    r"^[^:]{1,60}:\s+(?:an?\s+|the\s+)?(?:(?!(?:models?|LLMs?|for|of|with|to|on|in|and)\b)[\w\-]+\s+){0,5}?(?:Datasets?|Benchmarks?|Corpus|Corpora)\b",
    re.IGNORECASE,
)


def extract(sentence: Sentence) -> list[Found]:
    text = sentence.text
    named_data = _A_DATASET_TITLE.match(text)
    colon = text.find(":") if named_data else -1
    return [("model_scale", start, end, value) for start, end, value in _model_scales(text) if start > colon]
