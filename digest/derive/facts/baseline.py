"""Baselines: what a figure is measured against, when the sentence names it ("over CUTLASS",
"than vLLM", "compared to the standard attention implementation").

Not an extractor of its own: `facts.extract_facts` asks it for each figure. The first
comparison after the figure in its clause wins (a list of figures shares the baseline its
sentence names at the end: "2.2x higher throughput and 20x lower TTFT than vLLM"); else one
before it ("Compared to ZeRO-3, it trains 2x faster").
"""

from __future__ import annotations

import re

from ...text.latex import delatex

_COMPARISON = re.compile(
    r"\b(?:over|than|compared\s+(?:to|with|against)|relative\s+to|vs\.?|versus|against|in\s+comparison\s+(?:to|with))"
    r"\s+(?P<rest>(?:[^.;]|\.(?=\S))*)",
    re.IGNORECASE,
)
_BEFORE = re.compile(
    r"\b(?:compared\s+(?:to|with)|relative\s+to|over|against|versus|vs\.?)\s+(?P<rest>[^.;,]*),", re.IGNORECASE
)
# Words that end a baseline's name: what follows says where or how it was measured.
_STOP = frozenset(
    """
on for in at across when while with by from using under during and or but which that where as
respectively achieving achieves reaching resulting leading making while whereas without to of per
is are was were be been can could will would it its we our this such up
""".split()
)
_LEADING = frozenset(
    {"the", "a", "an", "its", "their", "existing", "prior", "current", "using", "utilizing", "with", "within", "only"}
)
_NOT_A_BASELINE = re.compile(
    r"^(?:\d|time|years?|(?:the\s+)?(?:course|past|last|ranges?|tested|inputs?)\b|"
    r"a\s+(?:wide|broad)|an?\s+order)",
    re.IGNORECASE,
)
_PLACEHOLDERS = frozenset({"equivalents", "equivalent", "counterparts", "counterpart", "implementations"})
_STATE_OF_THE_ART = re.compile(r"\bstate\s+of\s+the\s+art\b", re.IGNORECASE)
MAX_WORDS = 6


def baseline(sentence: str, start: int, end: int) -> str:
    """The baseline the sentence names for the figure at sentence[start:end], or ""."""
    clause_end = _clause_end(sentence, end)
    after = _COMPARISON.search(sentence, end, clause_end)
    if after:
        return _name(after.group("rest"))
    clause_start = max(sentence.rfind(";", 0, start) + 1, 0)
    before = list(_BEFORE.finditer(sentence, clause_start, start))
    return _name(before[-1].group("rest")) if before else ""


def _clause_end(sentence: str, end: int) -> int:
    stops = [i for i in (sentence.find(";", end), sentence.find(". ", end)) if i >= 0]
    return min(stops, default=len(sentence))


def _name(rest: str) -> str:
    rest = _STATE_OF_THE_ART.sub("state-of-the-art", delatex(rest)).strip()
    if _NOT_A_BASELINE.match(rest):
        return ""
    words = rest.split()
    while words and words[0].lower() in _LEADING:
        words.pop(0)
    # "its equivalents in xformers", "counterparts in cuDNN": the library named after the placeholder.
    if len(words) > 2 and words[0].lower() in _PLACEHOLDERS and words[1].lower() in ("in", "from", "of"):
        words = words[2:]
    kept: list[str] = []
    for index, word in enumerate(words[:MAX_WORDS]):
        bare = word.strip(",()[]{}")
        following = words[index + 1].lower() if index + 1 < len(words) else ""
        # A verb ends the name ("... deployed on the", "... holding the whole"), but not a noun in it
        # ("serving systems", "training method") nor the word that opens it ("optimized baselines").
        verb = kept and bare.islower() and bare.endswith(("ing", "ed")) and (not following or following in _STOP)
        if bare.lower() in _STOP or not bare or verb:
            break
        kept.append(bare)
        if word.endswith((",", ")", "(")):
            break
    return " ".join(kept)
