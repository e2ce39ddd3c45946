"""A paper that evaluates others' models rather than presenting its own: it introduces a
benchmark, a dataset or a corpus ("we introduce X, a benchmark of 405 questions"), or it evaluates
many models or tools ("we evaluate 16 LLMs"). In such a paper, what a group of models or people,
the best of them, or a model named in its own clause achieves reports on what was evaluated:
"the best models score 62-68%", "humans achieve 93%", "OpenAI's GPT-4o with CoT achieves only
27.3%". Those values are context; the paper's headline is its own figure, or none.

Not what the paper's own doing made ("models fine-tuned on our data reach 58%"), nor its own
work: its system, the names in its title or those it introduces ("we also propose Kite-Agent"),
and models named after them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from .others import CLAUSE_END, DOING, NOUN, OURS

# "X-Bench", "XBench", "A Benchmark for ...", "Evaluating LLMs on ...", "... Leaderboard".
_TITLE = re.compile(
    r"Bench\b|\bBenchmark|\bEvaluating\b|\bEvaluations?\s+(?:of|for)\b|\bTesting\b|\bAssessing\b|\bLeaderboard\b",
    re.IGNORECASE,
)
_WHAT_IS_EVALUATED_ON = (
    r"(?:benchmarks?|datasets?|corpus|corpora|test\s?beds?|test\s+suites?|evaluation\s+(?:suites?|sets?))"
)
# The paper's own sentence that introduces what it evaluates on: "We introduce TreeBench, a benchmark ...".
_INTRODUCES = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:first\s+|then\s+|also\s+|further\s+)?(?:introduc|present|propos|releas|construct|buil|curat|creat|"
    rf"develop|contribut)\w*\b[^.;]{{0,80}}?\b{_WHAT_IS_EVALUATED_ON}\b",
    re.IGNORECASE,
)
_MANY = r"(?:\d+|[a-z]+(?:teen|ty)|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens\s+of|several|numerous)"
# "We evaluate 16 LLMs", "benchmarking twelve state-of-the-art models".
_EVALUATES_MANY = re.compile(
    rf"\b(?:evaluat|benchmark|assess|test)\w*\s+(?:on\s+|of\s+)?{_MANY}\s+(?:[\w\-]+\s+){{0,3}}?"
    r"(?:LLMs|MLLMs|VLMs|models|agents|tools|systems|methods|frameworks)\b",
    re.IGNORECASE,
)


def evaluates_others(title: str, sentences: Sequence[str]) -> bool:
    """Whether the paper (its title and abstract sentences) evaluates models that are not its own."""
    if _TITLE.search(title):
        return True
    return any(_INTRODUCES.search(sentence) or _EVALUATES_MANY.search(sentence) for sentence in sentences)


# A model's name: a capital, then a capital, digit or hyphen ("GPT-4o", "OpenAI", "MixUp", "Co-op"); not "SOTA".
_MODEL_NAME = r"(?-i:[A-Z][a-z]*(?:[A-Z][\w.\-]*[a-z0-9][\w.\-]*|[0-9\-][\w.\-]*))"
_TITLE_NAME = re.compile(_MODEL_NAME)
_INTRODUCED_NAME = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:first\s+|then\s+|also\s+|further\s+)?(?:propos|introduc|present|develop|"
    rf"design|buil|train|releas)\w*\b[^.;]{{0,100}}?\b(?P<name>{_MODEL_NAME})",
    re.IGNORECASE,
)
# What the paper's own work yields, named: "Our X pipeline yields training data MM-IFInstruct-23k ... and MM-IFDPO-23k".
_YIELDS = re.compile(
    r"\bour\s+(?:[\w\-]+\s+){0,3}?(?:yield|produc|generat|creat|construct|curat|build|buil)\w*\b[^.;]*", re.I
)


def own_names(title: str, sentences: Sequence[str], system: str | None) -> tuple[str, ...]:
    """The names of the paper's own work, as evaluated_result_spans takes them: the system found,
    the names in its title, and those it introduces ("we propose AgentRunbook-C"). A model named
    after one ("Kite-7B") is the paper's too."""
    names = set(_TITLE_NAME.findall(title)) | ({system} if system else set())
    names |= {match.group("name") for sentence in sentences for match in _INTRODUCED_NAME.finditer(sentence)}
    names |= {
        name
        for sentence in sentences
        for made in _YIELDS.finditer(sentence)
        for name in _TITLE_NAME.findall(made.group())
    }
    return tuple(sorted(name for name in names if len(name) >= 3))


_CLAUSE_STARTS = re.compile(r"^|[,;:(]\s*|\b(?:that|where|while|whereas|and|with|although|though)\s", re.IGNORECASE)
_WORDS = r"(?:[\w\-]+\s+(?:and\s+)?){0,3}?"
_PLURAL = (
    r"(?:models|LLMs|MLLMs|VLMs|LMMs|agents|systems|methods|baselines|"
    r"experts|annotators|participants|humans|frameworks|tools)"
)
# A group opening a clause: "LLMs achieve", "all open models score"; not "the full system".
# Not the object of a doing that opens the clause: "providing agents with X yields 16%".
_GROUP = re.compile(
    r"(?!(?:providing|giving|equipping|prompting|using|augmenting|pairing|allowing|enabling|letting|training)\s)"
    rf"(?:even\s+)?(?:(?:all|most|many)\s+)?{_WORDS}{_PLURAL}\b",
    re.IGNORECASE,
)
# The best of a group, as a clause's subject or what it is of: "the gap between the strongest
# proprietary model (i.e., X), which achieves", "a more practical 2024 method for this task is Co-op,
# which takes only 0.8s"; not what the paper beats ("outperforms the strongest baseline").
_THE_BEST = re.compile(
    rf"\b(?:the|a)\s+(?:best|strongest|top|leading|most\s+[\w\-]+|more\s+[\w\-]+)(?:-\w+)?\s+{_WORDS}"
    rf"(?:{NOUN}|LMMs?|frameworks?)\b",
    re.IGNORECASE,
)
_BEFORE_THE_BEST = re.compile(
    r"(?:^|[,;:(]\s*|\b(?:that|where|while|whereas|and|with|although|though|of|between|even)\s)$", re.IGNORECASE
)
# A model named as a clause's subject: "GPT-4o", "OpenAI's GPT-4o with CoT", "Claude-3.5-Sonnet", "MixUp",
# with its verb close after it and no clause of the paper's between ("X-Bench show that Kite achieves").
# Or "the open-source model Search-R1", a name in lower case with a version ("claude-sonnet-4.5"), or a name
# and its version in words ("Gemini 2.5 Pro").
_NAMED = re.compile(
    rf"(?:(?-i:[A-Z])[\w\-]*'s\s+|the\s+(?:[\w\-]+\s+){{0,2}}?(?:model|agent|system|LLM)\s+)?"
    rf"(?P<name>{_MODEL_NAME}|(?-i:[a-z]+-[a-z\-]*\d[\w.\-]*)|(?-i:[A-Z][a-z]+\s\d+(?:\.\d+)?(?:\s[A-Z][a-z]+)?))"
)
# Where a named subject may open its clause: not after "and" or "with", which go on a list of names.
# Nor after "e.g.," or "i.e.,": an example of what the sentence's own subject did.
_NAMED_STARTS = re.compile(
    r"^|(?<!e\.g\.)(?<!i\.e\.)[,;:(]\s*|\b(?:that|where|while|whereas|although|though)\s", re.IGNORECASE
)
_A_CLAUSE_BETWEEN = re.compile(r"\b(?:that|show\w*|demonstrat\w*|reveal\w*|indicat\w*)\b", re.IGNORECASE)
# (not "this task": what everyone is evaluated on)
_NOT_EVALUATED = re.compile(
    r"\b(?:our|ours|we|proposed|these|this(?!\s+(?:task|problem|setting|benchmark|challenge|dataset|domain)\b))\b",
    re.IGNORECASE,
)
_VERB = (
    r"\b(?:achiev|reach|scor(?=es|ed|ing)|attain|obtain|solv|suffer|struggl|fail|lag|drop|degrad|collaps|cluster|perform(?!ance)|range|outperform|"
    r"underperform|surpass|exceed|trail|yield|tak(?:e|es|ing)\b)\w*\b"
)
# Not past a full stop, but past a decimal point and the stops of "i.e." and "e.g.".
_NO_FULL_STOP = r"(?:[^.;]|\.(?=\d)|(?<=\b[ie])\.(?=[eg]\.)|(?<=\b[ie]\.[eg])\.)"
_VERB_WITHIN = {
    width: re.compile(rf"(?P<between>{_NO_FULL_STOP}{{0,{width}}}?){_VERB}", re.IGNORECASE) for width in (40, 100)
}
# As others.py's own doing, and fine-tuning several models on something: "fine-tuning X and Y on Kite-100K".
_DOING = rf"\b(?:{DOING}|fine-?tun\w*\s+(?:[\w\-.]+\s+(?:and\s+)?){{0,3}}?(?:with|on))\s+"


@functools.cache
def _own_doing(own: tuple[str, ...]) -> re.Pattern[str]:
    """The paper's own doing that makes a result its own: "with our recipe", "fine-tuning X and Y
    on our data", "using Kite"."""
    words = "|".join([OURS, *map(re.escape, own)])
    return re.compile(rf"{_DOING}(?:[\w\-]+\s+){{0,4}}?(?:{words})\b", re.IGNORECASE)


# The models evaluated, listed: "15 models, including small (Gemma-2B) and standard (Qwen2.5 7B-32B) ones".
_MODELS_LISTED = re.compile(
    rf"\b\d+\s+(?:[\w\-]+\s+){{0,2}}?{_PLURAL}\s*,?\s*\(?(?:including|such\s+as|e\.g\.,?|like)\s[^;]*", re.IGNORECASE
)


def evaluated_result_spans(sentence: str, own: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """(start, end) of each clause of an evaluation paper in which what was evaluated states its
    result; `own` names the paper's own work (own_names), whose results stay its own."""
    subjects = [best for best in _THE_BEST.finditer(sentence) if _BEFORE_THE_BEST.search(sentence, 0, best.start())]
    subjects += [m for opening in _CLAUSE_STARTS.finditer(sentence) if (m := _GROUP.match(sentence, opening.end()))]
    subjects += [m for opening in _NAMED_STARTS.finditer(sentence) if (m := _named(sentence, opening.end(), own))]
    spans = [match.span() for match in _MODELS_LISTED.finditer(sentence)]
    for subject in subjects:
        named = subject.re is _NAMED
        verb = _VERB_WITHIN[40 if named else 100].match(sentence, subject.end())
        if verb is None or _NOT_EVALUATED.search(subject.group()) or _own_doing(own).search(sentence, 0, verb.end()):
            continue
        between = verb.group("between")
        if named and (_A_CLAUSE_BETWEEN.search(between) or any(name in between for name in own)):
            continue
        if _NOT_EVALUATED.search(between):
            continue  # "Experiments on models such as X show that our method raises ...": the paper's own
        found = CLAUSE_END.search(sentence, verb.end())
        spans.append((subject.start(), found.start() if found else len(sentence)))
    return spans


def _named(sentence: str, start: int, own: tuple[str, ...]) -> re.Match[str] | None:
    """A model named at `start`, unless it is the paper's own: named after its work ("Kite-7B",
    "Qwen2.5-32B-Kite") or in apposition to "our model"."""
    named = _NAMED.match(sentence, start)
    if named is None or _OURS_BEFORE.search(sentence, 0, start):
        return None
    name = named.group("name").lower()
    return None if any(name[:4] == own_name.lower()[:4] or own_name.lower() in name for own_name in own) else named


_OURS_BEFORE = re.compile(r"\b(?:our|ours)\b[^,;.]{0,40},\s*$", re.IGNORECASE)
