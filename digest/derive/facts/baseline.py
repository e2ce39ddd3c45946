"""Baselines: what a figure is measured against, when the sentence names it ("over CUTLASS",
"than vLLM", "compared to the standard attention implementation").

Not an extractor of its own: `facts.extract_facts` asks it for each figure. The first
comparison after the figure in its clause wins (a list of figures shares the baseline its
sentence names at the end: "2.2x higher throughput and 20x lower TTFT than vLLM"); else one
that opens the clause before it ("Compared to ZeRO-3, it trains 2x faster"), never one that an
earlier figure of the clause took ("4.41x over FlashAttention, while achieving 2.02x end to
end"). Figures listed "respectively" take the baselines listed in order ("over cuML and FAISS
by 33x and 200x, respectively"), and none when the two lists differ in length.
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
_FIGURE = r"\d[\d,.]*(?:\s*(?:-|–|--|to|sim)\s*\d[\d,.]*)?\s?(?:x|×|X|times|%|\\%)"
# A run of figures listed together, "1.75x, 2.61x, 1.29x and 1.03x", with their hedges and signs
# ("+28.7%, +26.0%, and +15.9%": the first figure's sign stands before the run's start).
_FIGURE_RUN = re.compile(
    rf"(?:(?:up\s+to|over|about|nearly|around|~)\s+)?{_FIGURE}"
    rf"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:up\s+to|over|about|nearly|around|~)\s+)?\+?{_FIGURE})*"
)
_A_CLAUSE = re.compile(r"\b(?:and|while|which|but|or)\s+[a-z]+(?![\w\-])")  # a lower-case word, not "vLLM"
# "by", its hedge, and a "factor" that may stand between them and the figure: "by up to 21.8%",
# "by a factor of up to 179x", "by up to a factor of 30".
_HEDGE = r"(?:up\s+to\s+|over\s+|about\s+|nearly\s+|~)?"
_BY = rf"by\s+{_HEDGE}(?:a\s+(?:factor\s+(?:of\s+)?{_HEDGE})?)?"
_BY_END = re.compile(rf"\b{_BY}$", re.IGNORECASE)
# A comparison that leads to the figure right after it: "over EAGLE-3 by up to 21.8%", "outperforms SGLang by 2x".
_LEADING_COMPARISON = re.compile(
    r"\b(?:over|than|compared\s+(?:to|with|against)|relative\s+to|against|versus|vs\.?|outperform\w*|surpass\w*)\s+",
    re.IGNORECASE,
)
_NAME_THEN_BY = re.compile(rf"(?P<name>[^.;]{{1,80}}?)\s+{_BY}$", re.I)
# A verb after a comma that states a result of its own ("..., runs 1.34x faster than X"): a new
# predicate, not the list before it; joined by "and", predicates may share their comparison.
_A_PREDICATE = re.compile(
    r",\s+(?:(?:and|while|but)\s+)?(?:runs?|achiev(?:e|es|ed|ing)|yield(?:s|ed|ing)?|deliver(?:s|ed|ing)?|"
    r"reach(?:es|ed|ing)?|attain(?:s|ed|ing)?|offer(?:s|ed|ing)?|speeds?\s+up|outperform(?:s|ed|ing)?|is|are|was|were|becomes?)\b",
    re.IGNORECASE,
)
_RESPECTIVELY = re.compile(r"\b(?:respectively|correspondingly)\b", re.IGNORECASE)
# The baselines a list of figures is set against, before it ("Compared with A and B, it exhibits
# 1.8x and 7.1x ...", "outperforming A and B by 33x and 200x") or after it ("... over A and B, respectively").
_LISTED_COMPARISON = re.compile(
    r"\b(?:compared\s+(?:to|with)|relative\s+to|against|versus|outperform\w*|surpass\w*|beat\w*|over)", re.IGNORECASE
)
_LISTED_BEFORE = re.compile(
    rf"{_LISTED_COMPARISON.pattern}\s+"
    r"(?P<rest>[^.;]*?)(?:\s+by\s+[^.;]*|,\s+(?:(?:we|our|it|its|this|the)\b[^.;]*|(?-i:[A-Z])[^.;]*))$",
    re.IGNORECASE,
)
_ITEMS = re.compile(r"\s*,\s*(?:as\s+well\s+as\s+|and\s+)?|\s+and\s+|\s+as\s+well\s+as\s+", re.IGNORECASE)
_EXAMPLE = re.compile(r"\b(?:like|such\s+as|including|e\.g\.,?)\s+", re.IGNORECASE)
_WHERE_OR_HOW = re.compile(
    r"\s(?:at|on|for|in|under|across|when|with|using|during|from|to|of|per|while|which|that|where)\s", re.IGNORECASE
)
# Words that end a baseline's name: what follows says where or how it was measured.
_STOP = frozenset(
    """
on for in at across when while with by from using under during and or but which that where as
respectively achieving achieves reaching resulting leading making while whereas without to of per
is are was were be been can could will would it its we our this such up
""".split()
)
_LEADING = frozenset({"the", "a", "an", "its", "their", "using", "utilizing", "with", "within", "only"})
_NOT_A_BASELINE = re.compile(
    r"^(?:[+\-−]?\d|time|years?|(?:the\s+)?(?:course|past|last|ranges?|tested|inputs?)\b|"
    r"a\s+(?:wide|broad)|an?\s+order|"
    # where it was measured: "a 6.2% average gain over six mathematics benchmarks"
    r"(?:two|three|four|five|six|seven|eight|nine|ten|dozens|multiple|several|various|diverse)\s+(?:[\w\-]+\s+){0,2}?"
    r"(?:benchmarks|datasets|tasks|domains|settings|models|workloads)\b)",
    re.IGNORECASE,
)
_AN_AMOUNT = re.compile(r"\d[\d.,]*\s?(?:[KMGT]i?B|bytes?|ms|s|%|×|x|times)$", re.IGNORECASE)
_PLACEHOLDERS = frozenset({"equivalents", "equivalent", "counterparts", "counterpart", "implementations"})
_STATE_OF_THE_ART = re.compile(r"\bstate\s+of\s+the\s+art\b", re.IGNORECASE)
_A_POINTER = re.compile(r"(?:fig|table|tab\b|sec|see\b|e\.g|i\.e|cf\b)", re.IGNORECASE)
_A_NAME = re.compile(r"\S*[A-Z0-9]")  # "vLLM", "cuML", "A100": a capital or a digit
_SUPERLATIVES = frozenset({"strongest", "best", "fastest", "strongest-performing", "best-performing"})
# Nouns of the field ending in -ing, which name a baseline ("autoregressive decoding"), not a verb;
# so do their compounds ("direct fine-tuning", "standard pre-training").
_ING_NOUNS = frozenset(
    "decoding training serving computing caching batching offloading scheduling prefilling sampling "
    "checkpointing sharding pipelining recomputation parallelizing scaling tuning finetuning pretraining".split()
)
_A_VERB_IN_ING = rf"(?!(?:{'|'.join(sorted(_ING_NOUNS))})\b)[a-z]+ing"  # "reducing", not "decoding"
# A comparative of another predicate, between the figure and its comparison: "with 4x KV cache
# compression yield higher accuracies than X", "by 8x and enabling the 13B model to infer faster
# than the 7B model", "(up to 4.4x fewer FLOPs), while achieving better accuracy than X" compare
# something else with X, not the figure.
_ANOTHER_COMPARATIVE = re.compile(
    rf"(?:\b(?:and|while|whereas)\s+{_A_VERB_IN_ING}|"
    r"\b(?:yield(?:s|ed)?|enabl(?:e|es|ed)|allow(?:s|ed)?|lets?|mak(?:e|es)|made)\b)"
    r"[^.;]*\b(?:higher|lower|faster|slower|better|worse|more|less|fewer|greater|smaller|larger|cheaper)\b[^.;]{0,40}$",
    re.IGNORECASE,
)
_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "each", "all"})  # "... works holding the whole"
MAX_WORDS = 6


def baseline(sentence: str, start: int, end: int) -> str:
    """The baseline the sentence names for the figure at sentence[start:end], or ""."""
    clause_end = _clause_end(sentence, end)
    respective = _respective(sentence, start, end, clause_end)
    if respective is not None:
        return respective
    after = next(
        (
            c
            for c in _COMPARISON.finditer(sentence, end, clause_end)
            if not _owned_by_a_later_figure(c)
            and not _after_a_later_predicate(sentence, end, c.start())
            and not _ANOTHER_COMPARATIVE.search(sentence, end, c.start())
            and not _opens_a_later_clause(sentence, end, c)
        ),
        None,
    )
    if after:
        return _name(after.group("rest"))
    clause_start = max(sentence.rfind(";", 0, start) + 1, 0)
    bracketed = _BRACKETED.search(sentence, clause_start, start)
    if bracketed:  # the bracket closes the name: it is whole, "with" and all, when short
        words = bracketed.group("rest").split()
        return (
            " ".join(words) if len(words) <= MAX_WORDS and words[0].lower() not in _LEADING else _name(" ".join(words))
        )
    led_to = _led_to(sentence, clause_start, start)
    if led_to:
        return _paired(sentence, start, led_to)
    # a later figure of a run that "by" leads to: "over EAGLE-3 and DFlash by 23% and 13%" (13% is DFlash's)
    run = next((r for r in _FIGURE_RUN.finditer(sentence, clause_start) if r.start() < start < r.end()), None)
    led_to = _led_to(sentence, clause_start, run.start()) if run else ""
    if run and led_to:
        return _paired(sentence, run.start(), led_to, at=start)
    before = [
        comparison
        for comparison in _BEFORE.finditer(sentence, clause_start, start)
        if not re.search(_FIGURE, sentence[clause_start : comparison.start()])  # an earlier figure's
    ]
    return _name(before[-1].group("rest")) if before else ""


def _owned_by_a_later_figure(comparison: re.Match[str]) -> bool:
    """Whether the comparison names the baseline of the figure it leads to: "improving over EAGLE-3 by 23%"."""
    rest = comparison.group("rest")
    figure = re.search(_FIGURE, rest)
    by = _BY_END.search(rest, 0, figure.start()) if figure else None
    return by is not None and _a_name_only(rest[: by.start()])


def _opens_a_later_clause(sentence: str, end: int, comparison: re.Match[str]) -> bool:
    """Whether the comparison opens a clause of a later figure: "reduces inference cost to 1/10,
    and compared to the original series, the cost is also reduced by over 50%" (the 50%'s)."""
    opening = _CLAUSE_OPENING.search(sentence, end, comparison.start())
    return opening is not None and re.search(_FIGURE, comparison.group("rest")) is not None


# A figure in brackets right after what it is measured against: "gains against decoding with the
# target model only (up to 4.4x fewer FLOPs)".
_BRACKETED = re.compile(
    r"\b(?:over|against|compared\s+(?:to|with)|relative\s+to|versus|vs\.?)\s+(?P<rest>[^.;,()]{1,60}?)\s*\(\s*"
    rf"{_HEDGE}$",
    re.IGNORECASE,
)
_CLAUSE_OPENING = re.compile(r"(?:,|;)\s*(?:and\s+|but\s+|while\s+|whereas\s+)?$", re.IGNORECASE)


def _after_a_later_predicate(sentence: str, end: int, comparison_start: int) -> bool:
    """Whether a later figure, in a predicate of its own, stands between the figure ending at `end`
    and the comparison: "achieves 3.24x compression ..., runs 1.34x faster than X", "up to 4x longer
    while reducing costs by 4.4x compared to X" (X is the later figure's), not a list that shares it:
    "2.2x higher throughput, 20x lower TTFT, and 2.5x lower TBT than vLLM"."""
    figures = list(re.finditer(_FIGURE, sentence[end:comparison_start]))
    if not figures:
        return False
    later = end + figures[-1].start()
    if _A_PREDICATE.search(sentence, end, later):
        return True
    # "while reducing ..." is a predicate of its own when the clause compares each predicate with its
    # own baseline; with one comparison at the end, the figures share it ("reduces FLOPs by 38.9%
    # while increasing accuracy by 4.1% over the full-cache baseline").
    compared = len(_COMPARISON_WORD.findall(sentence, end, _clause_end(sentence, end)))
    return compared > 1 and bool(_WHILE_DOING.search(sentence, end, later))


_COMPARISON_WORD = re.compile(
    r"\b(?:than|compared\s+(?:to|with|against)|relative\s+to|vs\.?|versus|against|over)\s+(?!\d)", re.I
)
# "while" or "whereas" opening a predicate of its own ("while reducing"), not a noun ("while decoding").
_WHILE_DOING = re.compile(rf"\b(?:while|whereas)\s+{_A_VERB_IN_ING}\b", re.IGNORECASE)


def _led_to(sentence: str, clause_start: int, start: int) -> str:
    """The name of the comparison nearest before the figure at `start` that leads to it by "by"."""
    for comparison in reversed(list(_LEADING_COMPARISON.finditer(sentence, clause_start, start))):
        led = _NAME_THEN_BY.match(sentence, comparison.end(), start)
        if led:
            return led.group("name") if _a_name_only(led.group("name")) else ""
    return ""


def _paired(sentence: str, start: int, names: str, at: int | None = None) -> str:
    """The baseline, among the `names` that "by" leads to the run of figures at `start`, of the
    figure at `at` (default: the run's first): all of them, unless the names are a list and the
    run holds several figures. Then as many figures as names pair in order ("over EAGLE-3 and
    DFlash by 23% and 13%": 23% against EAGLE-3, 13% against DFlash); of a different count, none."""
    run = _FIGURE_RUN.match(sentence, start)
    figures = [start + f.start() for f in re.finditer(_FIGURE, run.group())] if run else []
    items = [item for item in _ITEMS.split(names.strip(" ,")) if item]
    if len(figures) < 2 or len(items) < 2:
        return _name(names)
    if len(items) != len(figures):
        return ""
    index = sum(1 for offset in figures if offset <= (start if at is None else at)) - 1
    return _name(items[max(index, 0)])


def _a_name_only(named: str) -> bool:
    """A name, not a clause: "EAGLE-3 and DFlash", not "FP16 models and exceeds X"."""
    return "," not in named and len(named.split()) <= MAX_WORDS and not _A_CLAUSE.search(named)


def _respective(sentence: str, start: int, end: int, clause_end: int) -> str | None:
    """The baseline of the figure at sentence[start:end] when it is one of a run of figures listed
    "respectively" against as many baselines; "" when the lists differ; None when no such list."""
    run = next((r for r in _FIGURE_RUN.finditer(sentence) if r.start() <= start < r.end()), None)
    if run is None:
        return None
    figures = [f.start() for f in re.finditer(_FIGURE, sentence[run.start() : run.end()])]
    said = _RESPECTIVELY.search(sentence, run.end(), clause_end)
    if len(figures) < 2 or said is None:  # without "respectively", only names right after the run pair
        return _implicitly_respective(sentence, run, figures, end, clause_end) if len(figures) > 1 else None
    after = _COMPARISON.search(sentence, run.end(), said.start())
    clause_start = max(sentence.rfind(";", 0, run.start()) + 1, 0)
    # the comparison nearest the figures: "over best baselines, while outperforming A and B by ..." is A and B
    openings = [m.start() for m in _LISTED_COMPARISON.finditer(sentence, clause_start, run.start())]
    before = next((m for at in reversed(openings) if (m := _LISTED_BEFORE.match(sentence, at, run.start()))), None)
    listed = after.group("rest")[: said.start() - after.start("rest")] if after else before and before.group("rest")
    if not listed:
        return None
    # the names only: in "over A at 128K context under FP8 and BF16, respectively" the list is of conditions
    names = _WHERE_OR_HOW.split(listed, maxsplit=1)[0]
    items = [_EXAMPLE.split(item)[-1] for item in _ITEMS.split(names.strip(" ,")) if item]
    if len(items) == 1:
        return None  # one baseline for every figure: as for any figure
    if len(items) != len(figures):
        return ""  # which figure is against which baseline is unclear: none rather than a wrong one
    index = sum(1 for offset in figures if run.start() + offset < end)  # the span may open with a hedge
    return _name(items[index - 1])


def _implicitly_respective(
    sentence: str, run: re.Match[str], figures: list[int], end: int, clause_end: int
) -> str | None:
    """ "scales 54% and 71% faster than Llama 3.2 and Composer's best Transformer": as many names as
    figures, right after the run's comparative, pair in order; anything else is left to `baseline`."""
    compared = _RIGHT_AFTER_A_RUN.match(sentence, run.end(), clause_end)
    if compared is None:
        return None
    names = _WHERE_OR_HOW.split(_CLAUSE_BREAK.split(compared.group("rest"), maxsplit=1)[0], maxsplit=1)[0]
    items = [item for item in _ITEMS.split(names.strip(" ,")) if item]
    if len(items) != len(figures):
        return None
    index = sum(1 for offset in figures if run.start() + offset < end)
    return _name(items[index - 1])


# The comparative right after a run of figures, and the names it sets them against.
_RIGHT_AFTER_A_RUN = re.compile(
    r"\s+(?:faster|slower|higher|lower|smaller|larger|better|cheaper|more|less|fewer)\s+(?:[\w\-]+\s+)?than\s+(?P<rest>(?:[^;.]|\.(?=\d))+)",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r",|\b(?:while|whereas|but|which)\b", re.IGNORECASE)


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
    if words and _AN_AMOUNT.match(words[0]):
        return ""  # "the 262KB requirement of storing ...": another amount, not what had it
    # "its equivalents in xformers", "counterparts in cuDNN": the library named after the placeholder.
    if len(words) > 2 and words[0].lower() in _PLACEHOLDERS and words[1].lower() in ("in", "from", "of"):
        words = words[2:]
    kept: list[str] = []
    for index, word in enumerate(words[:MAX_WORDS]):
        if word.startswith("(") and kept:
            bracket = _bracket(words[index:])  # "discrete-time CMs (dCMs)", "accelerators (Allo and DFX)"
            kept += [bracket] if bracket else []
            break
        bare = word.strip(",()[]{}")
        following = words[index + 1] if index + 1 < len(words) else ""
        example = _EXAMPLE.match(" ".join(words[index:]))
        if kept and example and _A_NAME.match(" ".join(words[index:])[example.end() :]):
            return _name(" ".join(words[index:])[example.end() :])  # "popular frameworks such as PyTorch"
        if _joins_two_names(bare, following, kept):
            kept.append(bare)  # "Orca and vLLM"
            continue
        if bare.lower() == "of" and kept and kept[-1].lower() in _SUPERLATIVES:
            kept.append(bare)  # "the strongest of four load-balancing baselines"
            continue
        # A verb ends the name ("... deployed on the", "... holding the whole"), but not a noun in it
        # ("serving systems", "training method", "autoregressive decoding") nor the word that opens it.
        verb = (
            kept
            and bare.islower()
            and bare.endswith(("ing", "ed"))
            and bare.rsplit("-", 1)[-1] not in _ING_NOUNS
            and (not following or following.lower() in _STOP or following.lower() in _DETERMINERS)
        )
        if bare.lower() in _STOP or not bare or verb:
            break
        kept.append(bare)
        if word.endswith((",", ")", "(")):
            break
    return " ".join(kept)


def _joins_two_names(word: str, following: str, kept: list[str]) -> bool:
    """Whether `word` is an "and"/"or" between two names: a name has a capital or a digit, and
    does not start with one ("Adam and 11.31% over Muon": a figure, not a second name)."""
    second = following.strip(",()")
    return (
        word.lower() in ("and", "or")
        and bool(kept and _A_NAME.match(kept[-1]))
        and bool(_A_NAME.match(second))
        and not second[:1].isdigit()
    )


def _bracket(words: list[str]) -> str:
    """The words of a bracket that opens `words`, if it closes within a few words and is no
    pointer to a figure or table ("(Figure 1)")."""
    if _A_POINTER.match(words[0].lstrip("(")):
        return ""
    for index, word in enumerate(words[:MAX_WORDS]):
        if ")" in word:
            return " ".join(words[: index + 1]).split(")")[0] + ")"
    return ""
