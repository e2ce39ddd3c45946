"""Cost: money, "$630K", "~$0.30", "USD 2.5M"; and the training data a result was had with, told as
little: "with only 390M image-text examples", "using only 2.2k trajectories"; not the samples a method
is calibrated on, which set it up ("calibrated from as few as 50 samples"); and the few arithmetic
operations an algorithm needs ("requiring only 115 multiplications")."""

from __future__ import annotations

import re

from ...text.latex import LOST_DOLLAR
from .base import Found, Sentence
from .numbers import NUMBER, hedge

_MONEY = re.compile(rf"(?:\\?\$|{LOST_DOLLAR.pattern}|\bUSD\s?)\s?(?P<number>{NUMBER})(?P<scale>\s?[KMB]\b)?")


# Counted training data, after a word that says it is little. Not inputs ("from only 2 images"), a rate
# ("only 4 samples per prompt"), nor what a cut leaves ("an image reduced to just 32 tokens").
_LITTLE_DATA = re.compile(
    r"(?<!\bto\s)\b(?:only|just|merely|as\s+few\s+as|as\s+little\s+as)\s+(?P<hedge>~\s*|about\s+|approximately\s+|roughly\s+)?"
    r"(?P<number>\d+(?:\.\d+)?\s?[kKMBT]?)\s+(?P<what>(?:[\w\-]+\s+){0,2}?(?:tokens|samples|examples|trajectories|"
    r"demonstrations|episodes|pairs))\b(?!\s+per\b)",
    re.IGNORECASE,
)


# Tokens of training data come in millions at least: "only 128 tokens" or "576 visual tokens" is what an
# image is encoded in, not what a model was trained on.
_TRAINING_TOKENS = re.compile(r"[MBT]$|^(?:million|billion|trillion)\b", re.IGNORECASE)


# What a method is calibrated or profiled on is how it sets itself up, not data a result was had with:
# "can be calibrated offline from as few as 50 samples", "using only 128 calibration samples".
_CALIBRATED_BEFORE = re.compile(r"\b(?:calibrat|profil)\w*\b[^.;,:]{0,50}$", re.IGNORECASE)
_CALIBRATION = re.compile(r"\b(?:calibration|profiling)\b", re.IGNORECASE)
# Nor is the low end of a range of data sizes a result was measured across: "from as few as 20 samples to 1000".
_A_RANGE_AFTER = re.compile(r"\s+to\s+\d", re.IGNORECASE)


def _little_data(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _LITTLE_DATA.finditer(text):
        number, what = match.group("number"), match.group("what")
        if what.lower().endswith("tokens") and not (_TRAINING_TOKENS.search(number) or _TRAINING_TOKENS.search(what)):
            continue
        if _CALIBRATED_BEFORE.search(text, 0, match.start()) or _CALIBRATION.search(what):
            continue
        if _A_RANGE_AFTER.match(text, match.end()):
            continue
        found.append(("cost", match.start("number"), match.end("what"), _data_value(match)))
    return found


# Or a share of the usual data, told as little: "finetuned on only 30% critical steps", "with less than 30% of
# their rollout budget", "with about 30% of its average thinking tokens".
_LITTLE_SHARE = re.compile(
    r"\b(?:with|using|on)\s+(?P<hedge>only|just|merely|as\s+little\s+as|less\s+than|fewer\s+than|about|approximately|roughly)\s+"
    r"(?P<number>\d+(?:\.\d+)?)\s?\\?%\s+(?:of\s+(?:the\s+|its\s+|their\s+)?)?"
    r"(?P<what>(?:[\w\-]+\s+){0,2}?(?:data|tokens|steps|samples|examples|trajectories|annotations|supervision|"
    r"(?:rollout|training|token|compute|data)\s+budgets?))\b",
    re.IGNORECASE,
)
_SHARE_HEDGES = {"less than": "<", "fewer than": "<", "about": "~", "approximately": "~", "roughly": "~"}


def _little_shares(text: str) -> list[Found]:
    found: list[Found] = []
    for match in _LITTLE_SHARE.finditer(text):
        hedged = _SHARE_HEDGES.get(" ".join(match.group("hedge").lower().split()), "")
        what = " ".join(match.group("what").split())
        found.append(("cost", match.start("hedge"), match.end("what"), f"{hedged}{match.group('number')}% of {what}"))
    return found


# Or the few arithmetic operations an algorithm needs: "a scheme requiring only 115 multiplications",
# "a rank-23 scheme with only 58 scalar additions".
_FEW_OPERATIONS = re.compile(
    r"\b(?:only|just|merely|as\s+few\s+as)\s+(?P<number>\d[\d,]*)\s+"
    r"(?P<what>(?:[\w\-]+\s+)?(?:multiplications|additions|arithmetic\s+operations))\b",
    re.IGNORECASE,
)


def extract(sentence: Sentence) -> list[Found]:
    found = _little_data(sentence.text) + _little_shares(sentence.text)
    found += [
        (
            "cost",
            match.start("number"),
            match.end("what"),
            f"{match.group('number')} {' '.join(match.group('what').split())}",
        )
        for match in _FEW_OPERATIONS.finditer(sentence.text)
    ]
    if "$" not in sentence.text and "USD" not in sentence.text and not LOST_DOLLAR.search(sentence.text):
        return found
    for match in _MONEY.finditer(sentence.text):
        qualifier, start = hedge(sentence.text, match.start())
        scale = (match.group("scale") or "").strip()
        found.append(("cost", start, match.end(), f"{qualifier}${match.group('number')}{scale}"))
    return found


def _data_value(match: re.Match[str]) -> str:
    hedged = "~" if match.group("hedge") else ""
    return f"{hedged}{match.group('number').replace(' ', '')} {' '.join(match.group('what').split())}"
