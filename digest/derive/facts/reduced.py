"""What a reduction reduces, from the words around its number: "77% lower deployment costs",
"a 90% parameters reduction", "reduces the energy consumption by 2.39x", "fewer FLOPs (22%
reduction ...)". results.py finds the number and decides it is a reduction; this names it.
"""

from __future__ import annotations

import re

from .numbers import NUMBER

# "reducing models 6.4-12.7 times on model size": what a reduction is of, after the number.
_OBJECT_AFTER_ON = re.compile(r"\s+(?:on|in)\s+(?:the\s+)?(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,3})")
_AFTER_REDUCTION = re.compile(
    # "50%-reduced", "25x reduced storage"
    r"\s*(?P<word>lower|less|fewer|smaller|cheaper|shorter|reduction|decrease|savings?|-reduced|reduced)\b"
    r"(?:\s+(?:in|of)\b)?(?P<object>(?:\s+[A-Za-z][\w\-/]*){0,5})",
    re.IGNORECASE,
)
# "a 90% parameters reduction", "70% K cache and 16%-18% V cache memory reduction": what is
# reduced, named before the word (never a speed: "20.6× speedup and 75.8% memory reduction").
_AFTER_NAMED_REDUCTION = re.compile(
    r"\s*(?P<object>(?:(?!(?:with|without|no|a|an|the|in|of|for|on|at|by|to|and|or|than|over|speed-?ups?|faster|"
    r"accelerations?|throughput)\b)[A-Za-z][\w\-]*\s+)"
    r"{1,3}?)(?:and\s+[\d.%\-–\s]*(?:[A-Za-z][\w\-]*\s+){1,3}?)?(?:reductions?|savings?)\b",
    re.IGNORECASE,
)
# The verbs that cut what follows them: "reduces", "slashing", "minimizes".
_CUT_VERBS = (
    r"reduc\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|slash(?:es|ed|ing)?|sav(?:e|es|ed|ing)|decreas\w*|minimi[sz]\w*"
)
_REDUCTION_OBJECT_BEFORE = re.compile(
    rf"\b(?P<verb>{_CUT_VERBS}|"
    r"shrink\w*|compress(?!ors?\b)\w*|less|fewer|smaller|and)\s+(?:the\s+|its\s+|their\s+)?"
    # past an aside: "reduce the amount of hallucination, for example by 9.6% in the XSum task";
    # an object is no verb: "... and reduces communication volume by 75%" reduces the volume
    r"(?!(?:reduc|lower|cut|sav|decreas|minimi[sz]|shrink)\w*\s)"
    # an acronym in brackets is part of the object: "p95 end-to-end (E2E) latency by"
    r"(?P<object>[A-Za-z][\w\-/]*(?:\s+(?:\([A-Za-z][\w\-/]*\)|[A-Za-z][\w\-/]*)){0,6}?)"
    r"(?:,\s*(?:for\s+example|for\s+instance|e\.g\.,?))?\s+by\s*(?:an\s+average\s+of\s+)?$",
    re.IGNORECASE,
)
# A cut to a share: "reducing TTFT to 83% of that in ..." is 17% lower TTFT (not "decreases with size to").
_REDUCED_TO = re.compile(
    r"\b(?:reduc\w*|lower(?:s|ed|ing)|cut(?:s|ting)?|decreas\w*|shrink\w*|compress(?:es|ed|ing)?)\s+(?:the\s+|its\s+|their\s+)?"
    r"(?!(?:with|in|on|for|at|by|from|over|to)\b)(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,5}?)"
    r"\s+(?:down\s+)?to\s+(?:only\s+|just\s+|merely\s+)?$",  # "compresses the KV cache footprint down to merely 13.5%"
    re.IGNORECASE,
)
# "the response latency can be reduced by up to 93%": what is reduced is the passive's subject.
_REDUCED_SUBJECT = re.compile(
    r"(?:\bthe\s+|\bits\s+|\btheir\s+|^)(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,2})\s+"
    r"(?:can|could|may|is|are|was|were|will)\s+(?:be\s+)?(?:\w+ly\s+)?(?:reduced|lowered|cut|decreased)\s+by\s*$",
    re.IGNORECASE,
)
_REDUCTION_VERB_RIGHT_BEFORE = re.compile(
    r"\b(?:reduc\w*|lower\w*|cut\w*|sav\w*|decreas\w*|minimi[sz]\w*|prun\w*|remov\w*|eliminat\w*)\s*$", re.IGNORECASE
)
# A figure of a list: "19.6%", "2.39x".
_FIGURE = rf"{NUMBER}\s?(?:x|×|X|times|%|\\%)"
_REDUCTION_OBJECT_IN_LIST = re.compile(
    r"\b(?P<verb>reduc\w*|lower(?:s|ed|ing)?|cut(?:s|ting)?|sav(?:e|es|ed|ing)|decreas\w*|minimi[sz]\w*)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,4}?)\s+by\s+"
    rf"(?:up\s+to\s+)?{_FIGURE}[^.;]*?(?:,|and)\s*$",
    re.IGNORECASE,
)
# "by 20% on average": how a figure is summed up, not what it reduces
_NOT_AN_OBJECT = re.compile(
    r"(?:one|a|an|each|every|single|two|three|four|eight|average|mean|median|practice|total|general|particular)\b",
    re.IGNORECASE,
)
_A_PROPER_NAME = re.compile(r"(?-i:[A-Z][a-z])")
_WHERE_MEASURED = re.compile(r"\b(?:tasks|benchmarks|datasets|settings|workloads|models|domains)$", re.IGNORECASE)
_LATER_ITEM_AFTER_VERB = re.compile(
    rf"\b(?:reduc\w*|lower\w*|cut\w*|sav\w*|decreas\w*|minimi[sz]\w*)\s+(?:up\s+to\s+)?{_FIGURE}"
    r"(?:\s+[A-Za-z][\w\-/]*){1,5}(?:\s*,\s*(?:and\s+)?|\s+and\s+)$",
    re.IGNORECASE,
)
_OBJECT_RIGHT_AFTER = re.compile(r"\s+(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,4})")
# "a memory reduction of 4x", "an average latency reduction of 30%": what is reduced, named before.
_NAMED_REDUCTION_OF = re.compile(
    r"\b(?:a|an|the)\s+(?:(?:average|overall|total)\s+)?(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,2}?)"
    r"\s+(?:reduction|decrease|saving)s?\s+of\s+(?:up\s+to\s+|about\s+|over\s+)?$",
    re.IGNORECASE,
)
_OBJECT_AFTER_OF = re.compile(r"\s+of\s+(?:the\s+)?(?P<object>[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,4})")
STOP_WORDS = frozenset(
    {
        "of",
        "for",
        "in",
        "on",
        "across",
        "when",
        "during",
        "with",
        "from",
        "to",
        "per",
        "than",
        "compared",
        "while",
        "and",
        "or",
        "over",
        "vs",
        "versus",
        "by",
        "at",
        "as",
        "respectively",
        "without",
        "which",
        "that",
        "using",
        "under",
        "relative",
        # verbs: an object ends where its clause's verb begins ("energy consumptions are reduced")
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "can",
        "could",
        "will",
        "would",
        "has",
        "have",
        "had",
        "reduced",
        "decreased",
        "dropped",
        "fell",
        "lowered",
        "declined",
        "achieved",
        "whereas",
        "thereby",
        "leading",
        "resulting",
    }
)
_ADJECTIVE_REDUCTIONS = ("less", "fewer", "smaller", "shorter", "cheaper")


# "reduction in both token usage and time to first token": the pair is what is reduced.
_REDUCED_BOTH = re.compile(
    r"\s*(?:reduction|decrease|savings?)\s+in\s+both\s+(?P<object>(?:[A-Za-z][\w\-/]*\s+){1,4}?and"
    r"(?:\s+[A-Za-z][\w\-/]*){1,4}?)(?=\s*[,;.(]|\s+(?:while|with|without|compared|over|than|on|for)\b)",
    re.IGNORECASE,
)
# "fewer overall FLOPs (22% reduction under ...)": a reduction in brackets is of what the words
# before the bracket name.
_REDUCED_BEFORE_BRACKET = re.compile(
    r"\b(?:fewer|less|lower|smaller|reduced)\s+(?P<object>(?:[A-Za-z][\w\-/]*\s+){0,5}?[A-Za-z][\w\-/]*)\s*\(\s*$",
    re.IGNORECASE,
)
# "fewer generated samples (reduced by 30-40%)": the same, said with a verb in the bracket.
_REDUCED_IN_BRACKET = re.compile(
    r"\b(?P<word>fewer|less|lower|smaller)\s+(?P<object>(?:[A-Za-z][\w\-/]*\s+){0,5}?[A-Za-z][\w\-/]*)"
    r"\s*\(\s*(?:reduced|cut|lowered|decreased)\s+by\s+$",
    re.IGNORECASE,
)


def after(shown: str, before: str, after: str) -> str | None:
    """A reduction the words after the number say: "77% lower costs", "a 90% parameters reduction"."""
    both = _REDUCED_BOTH.match(after)
    if both:
        return f"{shown} lower {' '.join(both.group('object').split())}"
    reduced = _AFTER_REDUCTION.match(after)
    bracketed = _REDUCED_BEFORE_BRACKET.search(before)
    object_words = (reduced.group("object") if reduced else "").split()
    if reduced and bracketed and (not object_words or object_words[0].lower() in STOP_WORDS):
        return _value(shown, "lower", bracketed.group("object"))
    if reduced:
        word = reduced.group("word").lower()
        if word == "-reduced":  # "50%-reduced visual features": fewer of what is counted
            word = "fewer" if reduced.group("object").rstrip().endswith("s") else "lower"
        return _value(shown, word if word in _ADJECTIVE_REDUCTIONS else "lower", reduced.group("object"))
    named = _AFTER_NAMED_REDUCTION.match(after)
    return _value(shown, "lower", named.group("object")) if named else None


def from_context(shown: str, before: str, after: str) -> str:
    """A reduction whose words around the number name what it reduces, else "N reduction"."""
    for reading in _READINGS:
        found = reading(before, after)
        if found:
            return _value(shown, *found)
    return f"{shown} reduction"


Reading = tuple[str, str]  # the comparative ("lower", "fewer"), and the words naming what is reduced


def _comparative(word: str) -> str:
    return word.lower() if word.lower() in _ADJECTIVE_REDUCTIONS else "lower"


def _in_bracket(before: str, after: str) -> Reading | None:
    """ "fewer generated samples (reduced by 30-40%)", "a reduction in sequence length (~50%)" """
    found = _REDUCED_IN_BRACKET.search(before)
    if found:
        return _comparative(found["word"]), found["object"]
    named = _REDUCTION_IN_BEFORE_BRACKET.search(before)
    return ("lower", named["object"]) if named else None


_REDUCTION_IN_BEFORE_BRACKET = re.compile(
    r"\b(?:reduction|decrease|cut)s?\s+in\s+(?P<object>(?:[A-Za-z][\w\-]*\s+){0,3}?[A-Za-z][\w\-]*)\s*\(\s*~?\s*$",
    re.IGNORECASE,
)


def _verb_and_object(before: str, after: str) -> Reading | None:
    """ "reduces communication volume by 75%" """
    found = _REDUCTION_OBJECT_BEFORE.search(before)
    return (_comparative(found["verb"]), _respective(found["object"], 0, after)) if found else None


def _comma_list(before: str, after: str) -> Reading | None:
    """ "reduces latency, memory and cost by 30%, 20% and 10%, respectively": each figure its item"""
    found = _COMMA_LIST.search(before)
    if not found:
        return None
    index = len(_LISTED_NUMBER.findall(found["figures"]))
    item = _respective(found["object"], index, after)
    # one figure for the whole list is read as before, by the words next to it
    return (_comparative(found["verb"]), item) if item != found["object"] else None


def _subject(before: str, after: str) -> Reading | None:
    """ "the response latency can be reduced by 93%", "reducing TTFT to 83% of that" """
    found = _REDUCED_SUBJECT.search(before) or _REDUCED_TO.search(before)
    if not found:
        return None
    subject = found["object"]
    if found.start("object") == 0 and subject[1:2].islower():
        subject = subject[0].lower() + subject[1:]  # "Training trajectory length is reduced by ..."
    return "lower", subject


def _of_object(before: str, after: str) -> Reading | None:
    """ "reduces 47% of the activation peak memory" """
    found = _OBJECT_AFTER_OF.match(after)
    return ("lower", found["object"]) if found and _REDUCTION_VERB_RIGHT_BEFORE.search(before) else None


def _list_object(before: str, after: str) -> Reading | None:
    """ "reduces the energy consumption by 2.39x on A and 1.99x on B": the list's object"""
    listed = list(_REDUCTION_OBJECT_IN_LIST.finditer(before))
    if not listed:
        return None
    index = len(_LISTED_NUMBER.findall(before, listed[-1].end("object")))
    return _comparative(listed[-1]["verb"]), _respective(listed[-1]["object"], index, after)


def _on_object(before: str, after: str) -> Reading | None:
    """ "reducing models 6.4-12.7 times on model size" """
    found = _OBJECT_AFTER_ON.match(after)
    words = found["object"] if found else ""
    # where, not what: "3.17x on Wan 2.1" (a model named; "on FLOPs" is what), "16% on multimodal tasks"
    if not words or _NOT_AN_OBJECT.match(words) or _A_PROPER_NAME.match(words) or _WHERE_MEASURED.search(words):
        return None
    return "lower", words


def _object_right_after(before: str, after: str) -> Reading | None:
    """ "reducing 50x offline search overhead", and the later items of its list ("saving 40% extra
    space and 60% extra time")"""
    verb_leads = _REDUCTION_VERB_RIGHT_BEFORE.search(before) or _LATER_ITEM_AFTER_VERB.search(before)
    found = _OBJECT_RIGHT_AFTER.match(after) if verb_leads else None
    return ("lower", found["object"]) if found and not _NOT_AN_OBJECT.match(found["object"]) else None


def _named_before(before: str, after: str) -> Reading | None:
    """ "a memory reduction of 4x-5.7x", "energy savings, in the range of 5% to 10%" """
    found = _NAMED_REDUCTION_OF.search(before) or _SAVINGS_IN_RANGE.search(before)
    return ("lower", found["object"]) if found else None


_SAVINGS_IN_RANGE = re.compile(
    r"\b(?P<object>[A-Za-z][\w\-]*)\s+(?:savings|reductions),?\s+in\s+the\s+range\s+of\s+$", re.IGNORECASE
)


# In order: the first that reads an object names it.
_READINGS = (
    _in_bracket,
    _comma_list,
    _verb_and_object,
    _subject,
    _of_object,
    _list_object,
    _on_object,
    _object_right_after,
    _named_before,
)


# "reduces rollout and end-to-end latency by 19.6% and 12.7%, respectively": the figures take the
# objects in order.
_RESPECTIVELY = re.compile(r"^[^.;]{0,60}?\brespectively\b", re.IGNORECASE)
_ITEMS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_LISTED_NUMBER = re.compile(_FIGURE)


# Three or more things reduced, listed with commas, then their figures: "slashing collision rates,
# object and causal conflicts by 55%, 45% and 55% respectively". An item is a noun phrase of up to
# three words, never a verb's clause ("latency, improves throughput and cuts cost").
_ITEM = (
    r"(?!(?:and|reduc|lower|cut|slash|sav|decreas|minimi|improv|increas|boost|achiev|enabl|deliver|provid|"
    r"maintain|preserv)\w*\b)[A-Za-z][\w\-/]*(?:\s+[A-Za-z][\w\-/]*){0,2}?"
)
_COMMA_LIST = re.compile(
    rf"\b(?P<verb>{_CUT_VERBS})\s+(?:the\s+|its\s+|their\s+)?(?P<object>{_ITEM}(?:\s*,\s*{_ITEM})+,?\s+and\s+{_ITEM})\s+by\s+(?:up\s+to\s+)?"
    rf"(?P<figures>(?:{_FIGURE}\s*(?:,\s*and|,|and)\s*)*)$",
    re.IGNORECASE,
)


# What a reduction can be of on its own: in "memory and end-to-end latency" the memory is no latency.
_MEASURES = frozenset(
    "memory energy power cost costs time latency throughput storage bandwidth traffic compute computation "
    "flops parameters size footprint usage overhead".split()
)


def _respective(object_words: str, index: int, after: str) -> str:
    """The object of the figure at `index` of a list that says "respectively", else all of them. An
    item of one word that measures nothing shares the last item's noun: in "rollout and end-to-end
    latency", the rollout's is rollout latency."""
    items = [item for item in _ITEMS.split(object_words) if item]
    if len(items) > 1 and index < len(items) and (_RESPECTIVELY.match(after) or _paired(items, index, after)):
        item, last = items[index], _object(items[-1])
        if " " not in item and item.lower() not in _MEASURES and len(last) > 1:
            return f"{item} {last[-1]}"
        return item
    return object_words


# The later figures of a list, right after one: "2.4x and 3.5x".
_MORE_FIGURES = re.compile(rf"^(?:\s*(?:,\s*and|,|and)\s*(?:up\s+to\s+)?{_FIGURE})*")


def _paired(items: list[str], index: int, after: str) -> bool:
    """Whether measures listed as many as the figures pair with them in order, "respectively"
    unsaid: "reduces latency and memory by up to 2.4x and 3.5x"."""
    run = _MORE_FIGURES.match(after)
    later = len(_LISTED_NUMBER.findall(run.group())) if run else 0
    measures = all((words := _object(item)) and words[-1].lower() in _MEASURES for item in items)
    return measures and index + 1 + later == len(items)


_REDUCTION_NOUN = re.compile(r"reductions?|decreases?|savings?", re.IGNORECASE)
_A_QUANTITY_OF = re.compile(r"(?:amount|number|quantity)\s+of$", re.IGNORECASE)


def _value(shown: str, word: str, object_words: str | None) -> str:
    if (object_words or "").lower().split()[:1] == ["than"]:
        return f"{shown} {word}"  # "600× smaller than X": what follows is what it is set against
    subject = " ".join(_object(object_words or ""))
    return f"{shown} {word} {subject}" if subject else f"{shown} reduction"


def _object(object_words: str) -> list[str]:
    """The words that name what is reduced: "in the inference time of X" -> "inference time"."""
    words = object_words.split()
    while words and (words[0].lower() in STOP_WORDS or _A_QUANTITY_OF.match(" ".join(words[:2]))):
        words.pop(0)  # "smaller in size" -> "size"; "the amount of hallucination" -> "hallucination"
    kept = []
    for word in words:
        if word.lower() in STOP_WORDS:
            break
        kept.append(word)
    if len(kept) > 1 and _REDUCTION_NOUN.fullmatch(kept[-1]):
        kept.pop()  # "68% in token cost reduction": the word says lower already
    return kept[:5]
