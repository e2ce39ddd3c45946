"""Reductions written as a fraction of what was: "reduces FLOPs to 1/6 and latency to 1/4",
"cuts memory to one third", or of what another needs: "only 20% of the calls required by grid
search", or a share of a resource a method needs: "using only 55.8% of the FLOPs"; and a length in
tokens cut from one count to another: "from 741 to 225 tokens", "reduces reasoning tokens from 3790
to 2125". results.py reads them with the other reductions.
"""

from __future__ import annotations

import re

from .base import Found, overlaps
from .numbers import NUMBER

_FRACTION = r"(?P<fraction>1/\d+|one[\s-](?:half|third|quarter|fourth|fifth|sixth|eighth|tenth))"
_OBJECT = r"(?P<object>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,2}?)"
_HEDGED = r"(?:(?P<hedge>only|just|about|roughly|nearly|under|less\s+than)\s+)?"
# The verb leads the first: "reduces (the) FLOPs to 1/6".
_FIRST = re.compile(
    rf"\b(?:reduc\w*|cut\w*|lower\w*|decreas\w*|shrink\w*|compress\w*|bring\w*\s+down)\s+(?:the\s+|its\s+|their\s+)?"
    rf"{_OBJECT}\s+(?:down\s+)?to\s+{_HEDGED}{_FRACTION}",
    re.IGNORECASE,
)
# Later ones of the list share it: "and latency to 1/4".
_NEXT = re.compile(rf"\s*(?:,\s*and|,|and)\s+(?:the\s+|its\s+)?{_OBJECT}\s+to\s+{_HEDGED}{_FRACTION}", re.IGNORECASE)
_SHOWN_HEDGE = {"under": "<", "less than": "<", "about": "~", "roughly": "~", "nearly": "~"}


# A share given as a range: "only 0.1%-10% of the tokens".
_RANGE_END = rf"(?:\s?\\?%?\s*[-–]\s*{NUMBER})?"

# The later shares of a list, whose object is the first's: "only 1.8% and 5% of the computation time".
_LATER_SHARES = rf"(?:\s*(?:,\s*and|,|and)\s*{NUMBER}\s?\\?%)*"

# "using only ~20% of the API calls required by grid search", "with only 6% the inference cost
# required by X": a share of what another needs.
_SHARE_OF_ANOTHER_S = re.compile(
    rf"\b(?:only|just|merely)\s+(?:(?:using|requiring|needing|consuming)\s+)?"
    rf"(?P<number>(?:~|sim(?=\d)|about\s+|roughly\s+)?{NUMBER}{_RANGE_END})\s?\\?%"
    rf"{_LATER_SHARES}\s+(?:of\s+(?:the\s+)?|the\s+)"
    r"(?P<object>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3}?)\s+(?:required|used|needed|consumed|spent)\s+by\b",
    re.IGNORECASE,
)

# "matches the dense model using only 55.8% of the FLOPs", "requires just ~20% of the training data",
# "requiring less than 1% of the computational cost", "consuming only about 20% of the GPU resources",
# "while only consuming 45.8% of the time":
# a share of a resource the method needs, shown as written.
# "at 25% of the compute", "matches X at 76% of its latency" is a share even unhedged.
_SHARE_A_METHOD_USES = re.compile(
    r"\b(?:(?:using|uses|used|use|utili[sz]\w*|spend\w*|requir\w*|needs?|needing|consum\w*|activat\w*|with|at)\s+"
    r"(?:(?:as\s+little\s+as\s+)?(?:only|just|merely)|a\s+mere|as\s+little\s+as|(?P<less>less\s+than))|at|"
    r"(?:only|just|merely)\s+(?:using|uses|consuming|consumes|requiring|requires|needing|needs|spending|taking|takes|"
    r"utili[sz]ing)|"
    # a hedged share needs no "only": "using roughly 20% of the evaluation budget"
    r"(?:using|uses|requir\w*|needs?|needing|consum\w*|with)(?=\s+(?:~|about|around|roughly|approximately)\s))\s+"
    rf"(?P<number>(?:~|sim(?=\d)|about\s+|around\s+|roughly\s+|approximately\s+)?{NUMBER}{_RANGE_END})\s?\\?%"
    # "of the", or "the" alone: "with only approximately 10% the training steps"
    rf"{_LATER_SHARES}\s+(?:of\s+(?:the\s+|its\s+|their\s+)?|the\s+)"
    # what the resource belongs to may stand before it: "only 16% of their decoder parameters"
    r"(?:(?:original|full|dense|standard|computational|compute|trainable|decoder|encoder|backbone|model)\s+){0,2}"
    r"(?P<object>computation\s+time|FLOPs|"
    r"compute|computation|training\s+(?:data|tokens|compute|cost|time|budget|samples|steps|FLOPs)|"
    r"(?:optimization\s+)?(?:steps|iterations)|NFEs?|(?:function|network)\s+evaluations|data|tokens|samples|demonstrations|trajectories|parameters|GPU[\s-]hours|"
    # what a method learns or decides from: "the demonstration volume", "their rollouts", "the attention
    # heads" (not "the heads" alone: "using only 30% of the heads hurts accuracy" is no saving)
    r"(?:demonstration|data|training)\s+volume|roll-?outs|attention\s+heads|"
    r"(?:evaluation\s+)?budget|(?:GPU\s+)?memory|(?:GPU\s+|computing\s+|compute\s+)?resources|(?:token\s+)?context|labels|annotations|(?:API\s+)?costs?|"
    r"time|energy|latency)\b(?!\s+(?:required|used|needed|consumed|spent)\s+by\b)",
    re.IGNORECASE,
)

# "achieving up to 2.8x performance gain with less than 10% tokens", "only requiring 6.3% training
# time": a share with no "of", of what is counted or the time taken (not "with only 5% memory
# overhead", which is more of a resource).
_SHARE_WITHOUT_OF = re.compile(
    r"\b(?:with\s+(?:only\s+|just\s+|merely\s+|(?P<less>less\s+than)\s+|(?=(?:approximately|about|roughly|around)\s))|"
    r"(?:only|just|merely)\s+(?:requiring|requires|using|uses|needing|needs|consuming|consumes)\s+)"
    rf"(?P<number>(?:~|about\s+|roughly\s+|approximately\s+|around\s+)?{NUMBER})\s?\\?%\s+"
    r"(?P<object>(?:[\w\-]+\s+)?(?:tokens|FLOPs|parameters)|(?:training|inference|computation)\s+time)\b"
    r"(?!\s+(?:overhead|increase|growth|drop|loss|usage|of)\b)",
    re.IGNORECASE,
)

# "using just 46.7% GPU memory cost and 8.7% inference time of X": shares of a resource named right
# after each number, of what another needs (the list ends in "of").
_AMOUNT = rf"(?:~|about\s+|roughly\s+)?{NUMBER}"
_RESOURCE = (
    r"(?:GPU\s+)?memory(?:\s+(?:cost|usage|footprint))?|(?:inference|training|computation|run)\s+time|compute|FLOPs|"
    r"energy(?:\s+cost)?"
)
_ONE_SHARE_RESOURCE = re.compile(rf"(?P<number>{_AMOUNT})\s?\\?%\s+(?P<object>{_RESOURCE})", re.IGNORECASE)
_SHARES_OF_ANOTHER_NAMED = re.compile(
    r"\b(?:using|uses|requir\w*|needs?|needing|consum\w*|with)\s+(?:only|just|merely|a\s+mere)\s+"
    rf"(?P<shares>{_AMOUNT}\s?\\?%\s+(?:{_RESOURCE})(?:\s*(?:,\s*and|,|and)\s*{_AMOUNT}\s?\\?%\s+(?:{_RESOURCE}))*)"
    r"\s+of\s+(?:the\s+|a\s+|its\s+)?[A-Za-z]",
    re.IGNORECASE,
)

# A length in tokens cut from one count to another: "reducing reasoning chains on GSM8K from 741 to 225 tokens".
# Or tokens named before the counts: "reduces reasoning tokens on MATH500 from 3790 to 2125".
_TOKENS_CUT = re.compile(
    r"\b(?:reduc|cut|shorten|compress|lower|decreas|trim)\w*\s+(?:[\w\-]+\s+){0,6}?from\s+(?P<old>\d[\d,]*)\s+"
    r"to\s+(?P<new>\d[\d,]*)\s+tokens\b"
    r"|\b(?:reduc|cut|shorten|compress|lower|decreas|trim)\w*\s+(?:[\w\-]+\s+){0,2}?tokens\s+(?:[\w\-]+\s+){0,3}?"
    r"from\s+(?P<old_count>\d[\d,]*)\s+to\s+(?P<new_count>\d[\d,]*)(?![\d.,]|\s?%)",
    re.IGNORECASE,
)


def _shares(text: str) -> list[Found]:
    """The shares of a resource in `text`, each read once: a share of what another needs first."""
    found: list[Found] = []
    listed = (
        share
        for named in _SHARES_OF_ANOTHER_NAMED.finditer(text)
        for share in _ONE_SHARE_RESOURCE.finditer(text, named.start("shares"), named.end("shares"))
    )
    shares = (_SHARE_OF_ANOTHER_S, _SHARE_A_METHOD_USES, _SHARE_WITHOUT_OF)
    for share in (*(found for pattern in shares for found in pattern.finditer(text)), *listed):
        if not overlaps(share.start("number"), share.end("number"), found):
            found.append(_share(share))
    return found


_SHOWN_AMOUNT = re.compile(r"^(?:about\s+|around\s+|roughly\s+|approximately\s+|sim)")


def _share(share: re.Match[str]) -> Found:
    """A share as shown: "<1% of the computational cost", "~20% of the training data"."""
    number = ("<" if share.groupdict().get("less") else "") + _SHOWN_AMOUNT.sub("~", share.group("number"))
    value = f"{number}% of the {' '.join(share.group('object').split())}"
    return ("reduction", share.start("number"), share.end("object"), value)


def _tokens_cut(cut: re.Match[str]) -> Found:
    new, old = ("new", "old") if cut.group("new") else ("new_count", "old_count")
    return ("reduction", cut.start(new), cut.end(), f"{cut.group(new)} tokens (from {cut.group(old)})")


def extract(text: str) -> list[Found]:
    """("reduction", start, end, "1/6 FLOPs") for each fraction a reduction brings something to."""
    found = _shares(text) + [_tokens_cut(cut) for cut in _TOKENS_CUT.finditer(text)]
    if "/" not in text and not re.search(r"\bone[\s-]", text, re.IGNORECASE):
        return found
    for first in _FIRST.finditer(text):
        match: re.Match[str] | None = first
        while match:
            hedge = " ".join((match.group("hedge") or "").lower().split())
            value = f"{_SHOWN_HEDGE.get(hedge, '')}{match.group('fraction')} {' '.join(match.group('object').split())}"
            start = match.start("hedge") if match.group("hedge") else match.start("fraction")
            found.append(("reduction", start, match.end("fraction"), value))
            match = _NEXT.match(text, match.end())
    return found
