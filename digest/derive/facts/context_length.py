"""The context a model can take, told as what it supports: "supports a 256k context length",
"context lengths of up to 1M tokens", "enabling lossless 256K context processing", "allowing the model
to process more than 1M tokens".

A scale figure, but a capability rather than a gain over a baseline: the headline tiers it after every
other figure but the data a result was had with (headline.py). Read only where the words before it say
the paper's model supports or reaches it, never in a clause that sets it against another's ("than",
"unlike", "standard") or says it was trained at it: a context a model was trained or evaluated at is
its setting, not its result.
"""

from __future__ import annotations

import re

from .base import Found
from .numbers import NUMBER_START, hedge

CONTEXT = "-token context"  # how a value ends: "up to 1M-token context"
_TOKENS = rf"(?P<number>{NUMBER_START}\d*(?:\.\d+)?)\s?(?P<unit>[KkMm])\b"
_HEDGES = r"(?:(?:up\s+to|over|more\s+than|nearly|approximately|about|around|~)\s*)?"
_CONTEXT_LENGTHS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        # "a 256k context length", "256K-token window", "256K context processing"
        rf"{_TOKENS}(?:[\s-]tokens?)?[\s-](?:context|(?<=token[\s-])window)\b",
        # "context lengths of up to 1M tokens", "contexts of up to 256K tokens"
        rf"\bcontext(?:s|\s+(?:lengths?|windows?))?\s+of\s+{_HEDGES}{_TOKENS}",
        # "to process more than 1M tokens" (not a rate: "1M tokens per second")
        rf"\bprocess(?:es|ing)?\s+{_HEDGES}{_TOKENS}\s+tokens\b(?!\s*(?:/|per\b))",
    )
)
# What says the model has it: a verb of capacity before it, or "up to" right before its number.
_SUPPORTED = re.compile(
    r"\b(?:support\w*|handl\w*|process\w*|extend\w*|scal\w*|enabl\w*|allow\w*|accommodat\w*|generaliz\w*|"
    r"extrapolat\w*|native\w*)\b",
    re.IGNORECASE,
)
# A context a figure was measured at is its setting: "a 9.36x prefill speedup at 1M context", "for a 1M context".
_A_SETTING = re.compile(r"\b(?:at|for|in|across|on|under)\s+(?:an?\s+|the\s+)?$", re.IGNORECASE)
# What says it is another's, or a setting: "than", "unlike X's 4K context", "trained with 4K context".
_NOT_ITS_OWN = re.compile(
    r"\b(?:(?<!more\s)than|compared|unlike|while|whereas|standard|typical\w*|existing|previous|prior|baselines?|"
    r"(?:train|pre-?train|fine-?tun|evaluat|test)\w*\s+(?:on|with|at|in|using))\b",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(r"[,;:(]|\b(?:and|but|which|that)\b", re.IGNORECASE)
# A clause that opens on the models or tasks it was measured on sets the scene: "On Qwen3-8B up to 128K context, ...".
_A_SETTING_CLAUSE = re.compile(r"\s*(?:on|at|for|across|under)\b", re.IGNORECASE)


def extract(text: str) -> list[Found]:
    """The context lengths the sentence says its model supports."""
    found: list[Found] = []
    for pattern in _CONTEXT_LENGTHS:
        for match in pattern.finditer(text):
            start = match.start("number")
            qualifier, begin = hedge(text, start)
            window = max(0, start - 80)
            clauses = _CLAUSE_START.split(text[window:start])
            clause = clauses[-1]
            whole = len(clauses) > 1 or window == 0  # the clause's first word is in the window
            supported = qualifier == "up to " or _SUPPORTED.search(text, window, start)
            if (
                not supported
                or _NOT_ITS_OWN.search(clause)
                or _A_SETTING.search(text, 0, min(begin, match.start()))
                or (whole and _A_SETTING_CLAUSE.match(clause))
            ):
                continue
            size = f"{match.group('number')}{match.group('unit').upper()}"
            found.append(("scale", min(begin, match.start()), match.end(), f"{qualifier}{size}{CONTEXT}"))
    return found
