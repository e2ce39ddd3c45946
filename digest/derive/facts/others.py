"""Other systems' results told in the paper's own sentence, with no comparison word: a benchmark
paper's "even the best-performing model achieves only 50.1% accuracy", "current agents struggle
on it, achieving 39.6%", "open-source and proprietary models suffer up to 35% drops", "among the
models tested, X 27B and Y 32B emerge as the best teachers", "evaluations on 20 LLMs show scores below 60%".

The subject names a group of models that is not the paper's, at the start of a clause. Some
words always name others ("existing", "proprietary", "human experts"); "the best" or "open-source"
models may be the paper's own, so they count only with a word of limitation ("only", "struggle",
"suffer", "fail", "lag").
"""

from __future__ import annotations

import re

NOUN = r"(?:models?|LLMs?|MLLMs?|VLMs?|agents?|systems?|methods?|baselines?|experts?|annotators?|participants?)"
_ALWAYS_OTHERS = (
    r"current|existing|proprietary|closed-source|commercial|frontier|state-of-the-art|SOTA|mainstream|"
    r"off-the-shelf|human|(?<!\bour\s)(?:the|a)\s+(?:standard|vanilla|untuned)"  # "the standard X model suffers"
)
_OTHERS_IF_LIMITED = (
    r"(?:the|a)\s+(?:best|strongest|top|leading|most\s+(?:capable|advanced|powerful))(?:-performing|-scoring)?|open-source|open-weight|"
    r"most|many|general(?:-purpose)?"
)
_SUBJECT = re.compile(
    # "the autoregressive baseline (System 1) achieved": a baseline, whatever it is called
    rf"\b(?:even\s+)?(?:(?P<always>{_ALWAYS_OTHERS})|(?P<baseline>(?:the|a)(?=\s+(?:[\w\-]+\s+){{0,2}}?baselines?\b))|"
    rf"(?P<limited>{_OTHERS_IF_LIMITED}))"
    rf"(?:\s+(?:and|or)\s+[\w\-]+)?\s+(?:[\w\-]+\s+){{0,2}}?{NOUN}\b",
    re.IGNORECASE,
)
# The subject opens a clause (checked apart, as the words above are rare and lookbehinds are slow).
_CLAUSE_OPENING = re.compile(
    r"(?:^|[,;:]\s|\b(?:that|where|while|whereas|and|with|leaving)\s|\bresulting\sin\s)$", re.IGNORECASE
)
# The verb that gives the group's result, within the clause.
_RESULT_VERB = re.compile(
    r"(?:[^.;]|\.(?=\d)){0,60}?\b(?:achiev|reach|scor|attain|obtain|solv|suffer|struggl|fail|lag|drop|degrad|exceed|remain)\w*\b",
    re.IGNORECASE,
)
_AFTER_A_COMPARISON = re.compile(
    r"\b(?:(?:compared|relative|comparison)\s+(?:with|to)|than|over|against|vs\.?|versus)\s+$", re.IGNORECASE
)
_LIMITED = re.compile(r"\b(?:only|just|below|under|suffer\w*|struggl\w*|fail\w*|lag\w*)\b", re.IGNORECASE)
# The paper's own doing makes the group's result the paper's: "with our recipe, open-source models
# reach", "using Kite, current models achieve".
# (The words of the paper's own doing, which evaluation.py reads too.)
DOING = r"with|using|after|through|via|applying|by|(?:pre-?|post-?)?trained\s+(?:with|on)"
OURS = r"our|ours|the\s+proposed|this|these|it"
_OWN_DOING = re.compile(
    rf"\b(?:{DOING}|fine-?tuned\s+(?:with|on))\s+(?:[\w\-]+\s+){{0,2}}?(?:{OURS}|(?-i:[A-Z]))", re.IGNORECASE
)
# "Among the models tested, X 27B and Y 32B emerge as ...": the sentence reports on what was evaluated.
_AMONG_TESTED = re.compile(
    r"\bAmong\s+(?:the\s+|all\s+)?(?:[\w\-]+\s+){0,2}?(?:models|LLMs|systems|agents|methods)\s+(?:we\s+)?"
    r"(?:tested|evaluated|studied|examined|benchmarked)\b[^.;]*",
    re.IGNORECASE,
)
# "Extensive evaluations on 20 LLMs ... demonstrate ..., with scores below 60%", "We evaluate dozens of
# open-source models ranging from 0.5B to 110B": a benchmark's many subjects, not the paper's models.
_MANY_EVALUATED = re.compile(
    r"\b(?:evaluat\w*|benchmark\w*|test(?:s|ed|ing)?|assess\w*)\s+(?:on\s+|of\s+)?(?:\d{2,}|[5-9]|many|several|dozens\s+of|"
    r"various|numerous|a\s+(?:wide\s+|broad\s+)?range\s+of)\s+(?:[\w\-]+\s+){0,3}?(?:LLMs|MLLMs|VLMs|LMMs|models|agents|systems)\b[^;]*",
    re.IGNORECASE,
)
# What a baseline scored, in brackets after it: "starting from a naive baseline (F1=0.117 on LoCoMo)"; not
# the paper's margins over it ("gains over the base model (e.g., +12.0% on X)").
_BASELINE_S_BRACKET = re.compile(
    r"(?<!\bover\s)(?<!\bthan\s)\b(?:\w+\s+)?(?:baselines?|base\s+models?|(?:SFT|vanilla|untuned)\s+models?)\s*"
    r"\((?=[^()]*[=:]\s*\d|\s*\d[\d.]*\s*\\?%\s*\))[^()]{0,60}\)",
    re.IGNORECASE,
)
# What prior work is, told in a clause of its own: "fewer environments than prior work, which are often 5 times more".
_PRIOR_WORK_CLAUSE = re.compile(
    r"\b(?:prior|previous|existing|earlier)\s+(?:[\w\-]+\s+)?(?:works?|methods|approaches|studies|systems|models)\s*,\s*"
    r"which\b(?:[^.;,()]|\.\d)*",
    re.IGNORECASE,
)
CLAUSE_END = re.compile(r";|,\s+(?:while|whereas|but|and\s+(?:we|our))\b|\.(?:\s|$)")
# Examples of a group of others' models: "open-source models like InternVL-2-8B and CogVLM-2-19B",
# "as seen in models like DeepSeek R1 (671B)".
_OTHERS_EXAMPLES = re.compile(
    rf"(?:\b(?:{_ALWAYS_OTHERS}|open-source|open-weight|closed|popular|leading|larger|prior|previous)\s+(?:[\w\-]+\s+){{0,2}}?"
    rf"|\bas\s+seen\s+in\s+){NOUN}\s*,?\s*\(?(?:such\s+as|like|including|e\.g\.,?)\s+(?=(?-i:[A-Z]))",
    re.IGNORECASE,
)
# Not the models the paper's method runs on: "experiments on state-of-the-art models like X", "our ... models".
_OURS_BEFORE = re.compile(r"\b(?:our|ours|we)\s+(?:[\w\-]+\s+){0,2}$|\b(?:on|to|with|using|for)\s+$", re.IGNORECASE)
# The names listed, with their sizes in brackets: "DeepSeek R1 (671B) and Kimi k2 (>1T)".
_NAMES = re.compile(r"(?:(?:(?-i:[A-Z0-9])[\w\-.]*|[a-z][\w\-.]*\d[\w\-.]*|\([^()]{0,20}\)|and|or|,)\s*)+")


def others_result_spans(sentence: str) -> list[tuple[int, int]]:
    """(start, end) of each clause in which a group of models not the paper's states its result."""
    spans = []
    for subject in _SUBJECT.finditer(sentence):
        verb = _RESULT_VERB.match(sentence, subject.end())
        if not verb or not _CLAUSE_OPENING.search(sentence, 0, subject.start()):
            continue
        if _OWN_DOING.search(sentence, 0, subject.start()) or (
            subject.group("baseline") and _AFTER_A_COMPARISON.search(sentence, 0, subject.start())
        ):
            continue  # "Compared with the strongest baseline, X achieves": X's result
        found = CLAUSE_END.search(sentence, verb.end())
        end = found.start() if found else len(sentence)
        if subject.group("limited") and not _LIMITED.search(sentence, subject.end(), end):
            continue
        spans.append((subject.start(), end))
    for match in _OTHERS_EXAMPLES.finditer(sentence):
        names = _NAMES.match(sentence, match.end())
        if names and not _OURS_BEFORE.search(sentence, 0, match.start()):
            spans.append((match.end(), names.end()))
    return spans + [
        match.span()
        for pattern in (_AMONG_TESTED, _MANY_EVALUATED, _BASELINE_S_BRACKET, _PRIOR_WORK_CLAUSE)
        for match in pattern.finditer(sentence)
    ]
