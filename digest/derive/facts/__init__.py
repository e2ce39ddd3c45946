"""Facts extracted from a paper's title and abstract, each with the sentence it came from.

Extraction is deliberately rule-based and conservative: a comparison table is better with a
blank cell than with a number that means something else. Every rule was written against real
Hugging Face "Daily Papers" abstracts, including their conversion damage ("2.31times" for
"2.31$\\times$", "M\\'elange", "\\textbf{...}").

One extractor per module; each takes a `Sentence` and returns (kind, start, end, value). They
run over the title and every sentence of the abstract (as markdown-it-py runs its inline rules
from a list of named rules); the system name is found once per paper. The kinds, their order and
what sets them apart are one table, `KINDS` in `digest/fact_kinds.py`; `SENTENCE_RULES` here
registers each rule with the kinds it finds.

The comparative figures (`Kind.comparative`: speedup, reduction, scale) also carry the
baseline their sentence names ("over CUTLASS", "than vLLM"), found by `baseline.py`.

Every fact says whether it is the paper's own (`own`) or context: a value from a background or
prior-work sentence, or one tied to a baseline inside an own sentence (`roles.py`). Context is
shown apart on the paper page, never in a table column or a headline (`headline.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ...fact_kinds import BY_NAME, KINDS, ORDER
from ...text.sentences import split_sentences
from ..hardware_catalog import HardwareCatalog
from . import (
    code,
    cost,
    energy,
    gpu_count,
    hardware,
    latency,
    memory,
    model_scale,
    offloads,
    precision,
    quality,
    quality_change,
    quality_margin,
    results,
    throughput,
    utilization,
)
from .base import Found, Sentence, overlaps
from .baseline import baseline
from .beaten import beaten_spans
from .context_length import CONTEXT
from .evaluation import evaluated_result_spans, evaluates_others, own_names
from .others import others_result_spans
from .roles import BACKGROUND, MIXED, OWN, PRIOR, baseline_and_rival_spans, in_spans, sentence_roles
from .system import find_system

Rule = Callable[[Sentence], list[Found]]
# The sentence rules, each with the kinds it finds (results.py tells a speedup from a reduction or
# a scale-up in one pass). Facts come out in the order of KINDS whatever order these run in.
SENTENCE_RULES: tuple[tuple[tuple[str, ...], Rule], ...] = (
    (("hardware",), hardware.extract),
    (("gpu_count",), gpu_count.extract),
    (("model_scale",), model_scale.extract),
    (("precision",), precision.extract),
    (("offloads",), offloads.extract),
    (("speedup", "reduction", "scale"), results.extract),
    (("utilization",), utilization.extract),
    (("throughput",), throughput.extract),
    (("latency",), latency.extract),
    (("memory",), memory.extract),
    (("energy",), energy.extract),
    (("cost",), cost.extract),
    (("quality",), quality.extract),
    (("code",), code.extract),
)


def _check_rules() -> None:
    """Every kind of KINDS but the system (found once per paper by find_system) has one sentence
    rule, and a rule finds only kinds of KINDS."""
    found = [name for names, _rule in SENTENCE_RULES for name in names]
    wanted = [kind.name for kind in KINDS if kind.name != "system"]
    problems = [f"{name!r} has no rule" for name in wanted if name not in found]
    problems += [f"{name!r} is not in fact_kinds.KINDS" for name in found if name not in wanted]
    problems += [f"{name!r} has two rules" for name in set(found) if found.count(name) > 1]
    if problems:
        raise RuntimeError("SENTENCE_RULES: " + "; ".join(problems))


_check_rules()
_FIRST_NUMBER = re.compile(r"\d[\d,.]*")


@dataclass(frozen=True)
class Fact:
    """One extracted (or curated) fact. `sentence` is verbatim from the title or abstract, and
    `span` the (start, end) in it of the words the value was read from; `baseline` is what a
    figure is measured against, when the sentence names it."""

    kind: str
    value: str
    sentence: str
    curated: bool = False
    baseline: str = ""
    span: tuple[int, int] | None = None
    own: bool = True  # False: context, a value of the background or of a baseline
    place: int = 0  # where its sentence stands: 0 the title, then 1, 2, ... the abstract's sentences
    # A link the paper's listing gives beside its abstract, not read from a sentence (its
    # `sentence` is ""): the record's field it is, "code_repository" or "project_page"; else "".
    listed: str = ""

    @property
    def shown(self) -> str:
        """The value with its baseline: "up to 2.2× (vs vLLM)"."""
        return f"{self.value} (vs {self.baseline})" if self.baseline else self.value


def extract_facts(
    title: str,
    abstract: str,
    catalog: HardwareCatalog,
    roles: Sequence[str] | None = None,
    context_values: Sequence[str] = (),
) -> list[Fact]:
    """Every fact in a paper's title and abstract: ordered by kind (see fact_kinds.KINDS), then by where
    it first appears; one fact per (kind, value), the paper's own kept over context.

    `roles` gives one role per abstract sentence (a curator's); without it they are read from
    the sentences. `context_values` are the words of values a curator marked as someone
    else's inside the paper's mixed sentences ("45 TFLOPS")."""
    title = title.strip()
    abstract_sentences = split_sentences(abstract)
    found: list[Fact] = []
    system = find_system(title, abstract_sentences)
    if system:
        name, sentence = system
        start = sentence.find(name)  # the name as written; not found when LaTeX was cleaned from it
        span = (start, start + len(name)) if start >= 0 else None
        place = abstract_sentences.index(sentence) + 1 if sentence in abstract_sentences else 0
        found.append(Fact("system", name, sentence, span=span, place=place))
    if roles is None:
        roles = sentence_roles(abstract_sentences, system[0] if system else None)
    role_of = {title: OWN} | dict(zip(abstract_sentences, roles, strict=True))
    evaluation = evaluates_others(title, abstract_sentences)
    own = own_names(title, abstract_sentences, system[0] if system else None) if evaluation else ()
    for place, text in enumerate([title, *abstract_sentences]):
        if not text:
            continue  # no title
        devices = catalog.find_in_title(text, abstract) if place == 0 else catalog.find(text)
        facts = _sentence_facts(Sentence(text, devices), place)
        role = role_of.get(text, OWN)
        found.extend(attribute(facts, role, context_values, evaluation=evaluation, own_names=own))
    ordered = sorted(without_named_series(found, catalog), key=lambda fact: ORDER[fact.kind])
    shown = {(fact.kind, fact.value) for fact in ordered if fact.own}
    # A value stated both as context and as the paper's is shown once, as the paper's.
    return dedupe(fact for fact in ordered if fact.own or (fact.kind, fact.value) not in shown)


def without_named_series(facts: list[Fact], catalog: HardwareCatalog) -> list[Fact]:
    """The facts without a series' name ("Intel Gaudi NPUs") where the paper names a model of it
    ("Gaudi-2") at least as much its own: the paper ran on one device, not on two."""
    models = [(catalog.series_of(fact.value), fact.own) for fact in facts if fact.kind == "hardware"]

    def covered(fact: Fact) -> bool:
        return fact.kind == "hardware" and any(series == fact.value and (own or not fact.own) for series, own in models)

    return [fact for fact in facts if not covered(fact)]


def attribute(
    facts: list[Fact],
    role: str,
    context_values: Sequence[str] = (),
    *,
    evaluation: bool = False,
    own_names: tuple[str, ...] = (),
) -> list[Fact]:
    """The facts of one sentence, each marked own or context. In a background or prior sentence
    every value is context; in an own or mixed one, an absolute value inside a baseline clause
    is ("while Y only achieves 45 TFLOPS"), and so is one a curator listed; a comparative figure
    ("2× over Y") is the paper's, since it measures the paper against the baseline, unless the
    clause states the other system's own result ("while Y achieves only 2.41×")."""
    if not facts:
        return facts
    if role in (BACKGROUND, PRIOR):
        spans = rivals = []
    else:  # the name of what the paper beats is the baseline's, even a multiplier in it ("the 10× larger X")
        beaten = beaten_spans(facts[0].sentence) + others_result_spans(facts[0].sentence)
        if evaluation:  # a paper that evaluates others: what they achieve is theirs (evaluation.py)
            beaten += evaluated_result_spans(facts[0].sentence, own_names)
        clauses, rival_clauses = baseline_and_rival_spans(facts[0].sentence)
        spans = clauses + beaten
        rivals = rival_clauses + beaten
    marked = []
    for fact in facts:
        if BY_NAME[fact.kind].always_own:
            own = True
        elif role in (BACKGROUND, PRIOR):
            own = False
        else:
            start = fact.span[0] if fact.span else -1
            # a signed gain ("compared with Y (+31.2%)") measures the paper against Y, as a comparative does,
            # even among the examples of what it beats ("outperforms models including GPT-5 (+314.2%)")
            signed = fact.value.startswith("+")
            measured_against = BY_NAME[fact.kind].comparative or signed
            if signed and fact.sentence[:start].endswith("("):
                in_clause = False
            elif measured_against:
                in_clause = in_spans(start, rivals)
            else:
                in_clause = _in_baseline_clause(fact, start, spans)
            # a curator's context values are what a mixed sentence gives others: an own sentence is all the paper's
            own = not in_clause and not (role == MIXED and listed_as_context(fact, context_values))
        marked.append(replace(fact, own=own))
    return marked


# Where a baseline clause turns to the setting both ran on: "than X on a single RTX 4090" (not how
# the baseline was made: "X, meta-trained with 4000 TPU-months").
_SETTING = re.compile(r"\b(?:on|using|across|(?<!trained\s)with|up\s+to)\b")


def _in_baseline_clause(fact: Fact, start: int, spans: Sequence[tuple[int, int]]) -> bool:
    if not in_spans(start, spans):
        return False
    if fact.kind in ("hardware", "gpu_count"):
        clause_start = max(begin for begin, end in spans if begin <= start < end)
        # what the paper does "instead of" is the setting it leaves, not one both ran on
        replaced = _REPLACED.match(fact.sentence, clause_start)
        return bool(replaced) or not _SETTING.search(fact.sentence, clause_start, start)
    return True


_REPLACED = re.compile(r"instead\s+of\b", re.IGNORECASE)


def listed_as_context(fact: Fact, context_values: Sequence[str]) -> bool:
    """Whether a curator listed the fact's value as someone else's: by its number, or by its value."""
    if not context_values or not fact.span:
        return False
    words = _VERSUS.split(fact.sentence[fact.span[0] : fact.span[1]])[0]  # "50.5% vs. 47.3%": not the baseline's
    return any(_same_number(value, words) or value == fact.value for value in context_values)


_VERSUS = re.compile(r"\b(?:vs\.?|versus)(?:\s|$)", re.IGNORECASE)


def _same_number(value: str, words: str) -> bool:
    numbers = _FIRST_NUMBER.findall(value)
    return bool(numbers) and numbers[0].rstrip(".,") in {n.rstrip(".,") for n in _FIRST_NUMBER.findall(words)}


def _sentence_facts(sentence: Sentence, place: int) -> list[Fact]:
    positioned: list[Found] = []
    taken: set[tuple[str, int, int]] = set()
    for _kinds, rule in SENTENCE_RULES:
        # one reading of a number per kind: two rules that both read "15% on six math benchmarks" as a
        # quality give the first rule's words, not the same figure twice
        fresh = [item for item in rule(sentence) if item[:3] not in taken]
        taken.update(item[:3] for item in fresh)
        positioned += fresh
    positioned += quality_margin.unread(sentence.text, positioned)  # what only a gain word names
    # A number read as a speed or a cut is not also a score: "latency by up to 55% across four benchmarks".
    efficiency = [item for item in positioned if item[0] in ("speedup", "reduction")]
    positioned = [item for item in positioned if item[0] != "quality" or not overlaps(item[1], item[2], efficiency)]
    positioned = [quality_change.in_points(sentence.text, item) for item in positioned]
    positioned.sort(key=lambda item: (ORDER[item[0]], item[1]))
    return [
        Fact(
            kind,
            value,
            sentence.text,
            baseline=_baseline(sentence.text, kind, value, start),
            span=(start, end),
            place=place,
        )
        for kind, start, end, value in positioned
    ]


def _baseline(sentence: str, kind: str, value: str, position: int) -> str:
    # a context length is a capacity, compared with nothing: "On X up to 128K context, X leads RULER
    # by +4.79 pp over the strongest baseline" is no 128K over the baseline
    if not BY_NAME[kind].comparative or value.endswith(CONTEXT):
        return ""
    number = _FIRST_NUMBER.search(sentence, position)
    return baseline(sentence, position, number.end() if number else position)


def misread(fact: Fact, values: Mapping[str, Sequence[str]]) -> bool:
    """Whether a curator listed the fact's value as one the machine read wrong (`overrides.misread`)."""
    return fact.value in values.get(fact.kind, ())


def dedupe(facts: Iterable[Fact]) -> list[Fact]:
    """The facts without repeats of a (kind, value), first kept."""
    seen: set[tuple[str, str]] = set()
    unique = []
    for fact in facts:
        if (fact.kind, fact.value) not in seen:
            seen.add((fact.kind, fact.value))
            unique.append(fact)
    return unique
