"""The headline: the paper's own main result, as a record a table can compare like with like.

A headline is (metric, value, baseline, hardware, condition): "speedup, 1.33×, vs Orca, A6000,
end-to-end". The machine takes it from the paper's own figures only (never from context), in
tiers: its speedups, then its reductions, then its scale-ups, then its throughput figures, ...;
within one, in the order stated, where:
- an efficiency figure that "experiments show" comes first, whatever its tier, unless the tier's
  figure is stated before it or said to be end-to-end (a score they show never outranks one);
- an end-to-end figure wins over one for a part of the work ("decode throughput by 10×,
  end-to-end by 1.33×"), and any figure for the whole work over a component's ("4.41× attention
  speedup ..., 2.02× inference speedup");
- a figure stated as a technique is introduced ("we propose a schedule that improves
  throughput by 10%") is a component's, the headline only when there is no other;
- of a latency reduction and a speedup side by side in one sentence, the first stated leads;
- a cut in counted operations or tokens gives way to a measured cut in time ("reducing FLOPs by
  9.9x and prefill latency by 6.4x"), a cut in operations experiments show too, and a cut in
  parameters to a cut in compute or time beside it;
- a figure in words ("an order of magnitude faster") gives way to a number of any tier, which a
  table can sort.
A figure the authors project rather than measure is not a result; a gain in latency is a
latency result, a compression ratio a memory one, and a time spent training a cost. The little data
a result was had with ("with only 390M image-text examples", "with less than 30% of their rollout budget"), and the
time a score of its sentence took ("from 48.3% to 58.3% in just 4 hours on 8 A100 GPUs"), come
after a score and after a context length the model supports ("supports a 256K context length"), a capacity
rather than a gain; what the method adds, as a share ("less than 2% latency increase", "marginal overhead
(<10%)", overhead.py), is the last tier: no saving, but what a paper that states no other figure boasts of.
A curator's `overrides.headline` replaces it: a text, or the record itself (`metric: none` says
the abstract states no result of the paper's own).

Tried and left out (benchmarks/headline_chooser.py): a learned chooser among the same candidates.
Of the rounds' 1,893 papers the tiers get 1,365 right and one of their candidates agrees with the
label for 1,477 (in the topics 64 of 68, the tiers 63; dev63 to dev67 38 of 41, as the tiers), so
choosing can gain at most 112, and 78 of those label a figure of a later tier than the tiers' pick,
against the order above; the other 414 misses are extraction's (283 numbers no rule reads). A
logistic regression over the candidates with general features (kind, metric and tier, place, cue
words of the sentence and clause, baseline, hardware, the value's shape and magnitude, the tiers'
own choice), pairwise or per candidate, trained on the store's curated headlines or leaving one
round out: 1,334 to 1,365 right, never more than the tiers (in the topics 61 to 63, dev63 to dev67
37 or 38, the second readers 350 to 353 of 480 against 353, the store left one out 247 and 249 of
266 against 249). Per candidate it learns to copy the tiers' choice; pairwise without that feature
it stays 10 to 31 below; let overrule the tiers past a margin, or per candidate gradient-boosted,
it never passes 1,366.

Read since, where the tiers had no figure (dev32 to dev67 then 1,373 right; of their misses 232 were
"(none)", 108 of them labelled a quality): a share of a reference's performance kept ("retains 97% of the
performance of X"), a score after "such as" or "score" on a named benchmark, bare scores with decimals in
brackets after benchmarks (not after a model or what is beaten), "win-rate", "percent", an average of points,
Elo points, "outperforming X over 15.3%", "gains up to 11%", a signed gain in brackets after "superior",
"better" or "leads" or with its score's name, a score raised on a named benchmark ("from 29.1 to 32.0"),
"(e.g., 45.3 vs 26.7 F1)", an FID with its short name, a LaTeX "10--20%"; the little data as a share; a
context length. dev32 to dev67 1,373 to 1,399 (29 gained; 3 lost: two "none" labels of a supported 128K
context, and an earlier margin now read before the level its reader chose), in the topics 64 to 64, not own
16 to 16; dev68, held out, 50 to 50, not own 0 to 0; `digest eval` 822 to 827 of 837 to 842 own values
right, background or baseline values shown 3 to 3, headlines 248 of 266 as they were. Of the 3,626 recorded
papers the tiers gave a headline, 10 change it, each a quality for a quality (4 a range now read whole).
Tried and left out: a dataset's size ("consists of over 5,000 hours of videos", "a 10M-scale dataset") as
a scale, 4 gained and 9 lost (readers call most dataset papers' sizes no result); a share of tasks solved
("solves 98% of the problem instances"), 3 gained but one value in held-out dev68 its reader calls not the
paper's (found by that round's count alone, its labels unread; even after "we" or without "only" it stays);
"agreement" and "consistency" as score words, no gain, and "inconsistency" read as one; the context length
tiered before the scores, one fewer; "answer", "complete" and "resolve" as evaluated models' verbs
(evaluation.py), one fewer.

Then (dev32 to dev67 1,399 right, number agrees 1,438): ranges "3 to 5 minutes", "up to 14 to 15 FPS" and a dump's
"1.2{sim}1.3times" read whole (numbers.py); `agrees_with` counting the same change however written ("73.6% (from
36.0%)", "36.0% to 73.6%", "64.1 rightarrow 70.3") and a cut with the share it leaves ("83.3% lower FLOPs (to
16.7%)" and "16.7%"), and no number of a name ("F1", "pass@256", "H100"); a figure's clause no longer losing its
sentence's first four characters; "to as low as 3%" a level reached; what a method adds as the last tier
(overhead.py); a score raised "from about 30% to about 90%" or to a range; a score "2.54 times that of X".
dev32 to dev67 1,399 to 1,425 (number agrees 1,464), no paper lost, in the topics 64 of 70 as before, not own
16 to 16; dev68, held out and scored once after, 50 to 50, not own 0 to 0; `digest eval` own values 829 of
844 to 832 of 847, background or baseline shown 3 to 3, headlines 243 of 266 as before, the store and a
second reader 248 to 249. Tried and left out: a model's size after
"only" ("with only 230M parameters") as a memory result, in the last tier 5 gained and 4 lost (readers call
three such sizes no result; 1,408 to 1,409 then), in the quality tier 1,406, beside time and memory 1,402;
shares of a resource with any words before it ("60% of their parameter budget", "after only 13-43% of the
budget"), one gained (1,415 to 1,416) and one more agreeing only in its number; a baseline clause ending at
"and achieves" ("compared to X and achieves 65.9%"), no change; the best evaluated model's score as a
benchmark paper's headline ("the best model achieves only 56.3%", about a dozen labels), which evaluation.py
calls what was evaluated, not the paper's own.

Then: a cut in a flaw ("object conflicts", "forgetting", "leakage", WIL, EER) a score; fewer parameters
before fewer epochs stated after; a data or observation size, and a share of the parameters trained or
activated, a cost; a gain called a speedup beside a latency a speedup; the length of what a model makes
("generating videos up to 4 minutes") a scale; a technique introduced by name a component. dev32 to dev67
1,443 to 1,460, no paper lost, in the topics 64 of 70, not own 16; `digest eval` unchanged; 32 of the 11,304
recorded headlines change, each read. Tried and left out: a time spent training ("requiring about 20 hours
... for GRPO training") as the headline of a paper with no other, 3 gained and 3 lost (readers call "12,000
GPU days" budgets no result); "complete system" or "full pipeline" as end-to-end words, no gain (its one
paper's figure then agrees in number only); a "Most importantly" sentence first within a tier, 1 gained, 1
lost; a figure right after "vs." as the baseline's (branch headlines59-vs-figure: no round moves, 2 misread
facts of the recorded papers turn context, one headline fixed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...records.model import METRICS
from . import Fact
from .context_length import CONTEXT
from .latency import TIME_SAVED
from .overhead import OVERHEAD, is_overhead
from .utilization import UTILIZATION_NAMED

# What the words of a reduction say it reduces, first match wins.
_REDUCED = (
    (
        "memory",
        re.compile(  # what a run holds at once, and a smaller model
            r"memory|footprint|parameters|parameter\s+count|model\s+size|(?<!data\s)(?<!dataset\s)(?<!observation\s)(?<!input\s)(?<!prompt\s)size|storage|VRAM|activation|\b(?:KV|K|V)?[\s-]?cache|"
            r"peak\s+(?:[\w\-]+\s+)?usage|(?:extra|disk|storage)\s+space|\bcompress|smaller",
            re.I,
        ),
    ),
    ("energy", re.compile(r"energy|power", re.I)),
    (
        "cost",
        # work counted: "44% fewer training iterations", even beside a score its clause names
        re.compile(
            r"cost|cheaper|price|dollar|GPU[\s-](?:hours|days|time)|comput(?:e|ation)\b(?!\s+time)|FLOPs?\b|MACs\b|servers|GPUs|"
            r"iterations|optimization\s+steps|"
            r"(?:training|inference|sampling|denoising)\s+steps|epochs",
            re.I,
        ),
    ),
    (
        "latency",
        re.compile(
            # not the "times" of "6 times"; a token overhead is a cost (below)
            r"latency|(?<![\d.]\s)(?<!\d)time|TTFT|TBT|TPOT|runtime|wall-?clock|(?<!token\s)overhead|delay",
            re.I,
        ),
    ),
    (
        "quality",
        re.compile(
            r"error|loss|MAPE|perplexity|PPL|hallucinat|vulnerab|distance|\bbias|toxic|harmful|failure|violation|variance|"
            r"collision|warnings?|bugs|"
            # a flaw of what a model says or knows: "object conflicts", "knowledge interference", "over-refusals"
            r"conflicts?|interference|brittle|attention\s+sinks?|forgett|forgotten|leakage|unsafe|misaligned|refusals?|inappropriate|"
            r"\b(?:(?:tcp|cp)?WER|CER|WIL|EER|PIQE|MAE|RMSE|MSE|bpb|(?-i:ATE|RPE|EPE))\b|false\s+(?:[\w\-]+\s+)?(?:positive|negative|detection|alarm)",
            re.I,
        ),
    ),
    # fewer tokens generated, or a token overhead: a cost, unless a time is named too
    ("cost", re.compile(r"tokens|token\s+(?:overhead|usage|budget|cost|consumption)|length", re.I)),
)
_END_TO_END = re.compile(r"end-to-end|overall|application-level", re.I)
_SAID_END_TO_END = re.compile(r"\bend-to-end\b", re.I)
_CONDITIONS = re.compile(
    r"\b(end-to-end|decode|decoding|prefill|inference|training|fine-tuning|offline|online|"
    r"kernel-level|application-level)\b",
    re.I,
)
# What a bare headline value ("7.3×", "38.38%") measures, as a table shows it.
_METRIC_WORDS = {
    "speedup": "speedup",
    "throughput": "throughput",
    "latency": "lower latency",
    "memory": "less memory",
    "energy": "less energy",
    "cost": "lower cost",
    "quality": "better quality",
    "scale": "larger scale",
    "utilization": "utilization",
}
_HEDGE = re.compile(r"^(?:up to|over|about|around|nearly|almost|more than|at least)\s+", re.I)
_NUMBER = re.compile(r"(?<![\d.])\d+(?:,\d{3})*(?:\.\d+)?")
# A number in a word that starts with a letter is part of a name: "F1", "pass@256", "Qwen2.5-7B".
_IN_A_NAME = re.compile(r"[A-Za-z][^\s(\[/=:;,]*$")
# Signs the dumps glue to a number: "x17.7", "times3.23", "sim20%" (LaTeX "\sim"), "{sim}1.3".
_SIGN_BEFORE_A_NUMBER = re.compile(r"(?<![A-Za-z])(?:[xX]|\\?times|\{times\}|\\?sim|\{sim\})(?=\d)")
# A change written with the new value first ("73.6% (from 36.0%)"), or with the old first: "from 741
# to 225 tokens", "36.0% to 73.6%", "64.1 rightarrow 70.3", "64.1 → 70.3".
_SHARE_LEFT = re.compile(r"\(to\s+(\d+(?:\.\d+)?)\s?[%×]\)")
_FROM_AFTER = re.compile(r"\(from\s+\D{0,3}\d")
_TO_BETWEEN = re.compile(r"\d[^\s\d]*\s*(?:to\b|\\?rightarrow|\{rightarrow\}|→|->|\\to\b)\s*[^\s\d]{0,3}\d")
_PERCENT_SPEEDUP = re.compile(
    r"^(?P<hedge>up to ~|up to |over |about |around |~)?"
    r"(?P<number>\d+(?:\.\d+)?)(?:[–-](?P<high>\d+(?:\.\d+)?))?% ?(?:faster)?$"
)


@dataclass(frozen=True)
class Headline:
    metric: str  # one of records.model.METRICS
    value: str  # as the abstract writes it: "up to 2.31×", "22.5% faster", "156 TFLOPS"
    baseline: str = ""
    hardware: str = ""
    condition: str = ""
    curated: bool = False

    @property
    def text(self) -> str:
        """As a table shows it: the value first (so a column sorts by it), then what it is.
        A speedup written as a percentage is shown as a multiplier too, so that "22.5% faster"
        sorts below "12×": "1.23× (22.5% faster)", and a range "8–11%" as "1.08–1.11× (8–11% faster)"."""
        value = self.value
        percent = _PERCENT_SPEEDUP.match(value) if self.metric == "speedup" else None
        if percent:
            low, high = percent.group("number"), percent.group("high")
            factors = "–".join(f"{1 + float(n) / 100:.2f}" for n in (low, high) if n)
            percents = f"{low}–{high}" if high else low
            value = f"{percent.group('hedge') or ''}{factors}× ({percents}% faster)"
        elif self.metric and not re.search(r"[A-Za-z]", _HEDGE.sub("", value).replace("×", "")):
            value = f"{value} {_METRIC_WORDS[self.metric]}"  # a bare number: say what it measures
        named = self.hardware and re.search(rf"(?<![\w.]){re.escape(self.hardware)}(?!\w)", self.condition, re.I)
        hardware = "" if named else self.hardware  # "(5 H800 GPUs)", not "(5 H800 GPUs, H800)"
        where = ", ".join(part for part in (self.condition, hardware) if part)
        return value + (f" vs {self.baseline}" if self.baseline else "") + (f" ({where})" if where else "")

    @property
    def numbers(self) -> list[str]:
        """The value's numbers, not those of a name ("F1", "pass@256", "Llama-3", "H100")."""
        value = _SIGN_BEFORE_A_NUMBER.sub(" ", self.value)  # "x17.7", "sim20%": a sign, not a name
        return [
            match.group().replace(",", "")
            for match in _NUMBER.finditer(value)
            if not _IN_A_NAME.search(value, 0, match.start())
        ]

    @property
    def change(self) -> tuple[str, str] | None:
        """(from, to) when the value is a change: "73.6% (from 36.0%)", "from 741 to 225 tokens",
        "36.0% to 73.6%", "64.1 rightarrow 70.3"."""
        numbers = self.numbers[:2]
        if len(numbers) < 2:
            return None
        if _FROM_AFTER.search(self.value):
            return numbers[1], numbers[0]
        return (numbers[0], numbers[1]) if _TO_BETWEEN.search(self.value) else None

    @property
    def share_left(self) -> list[str]:
        """The share a cut leaves, as the abstract states it: the "16.7" of "83.3% lower FLOPs (to 16.7%)"."""
        left = _SHARE_LEFT.search(self.value)
        return [left.group(1)] if left else []

    def same_figure(self, other: Headline) -> bool:
        """The same leading number, or the same change or cut however written ("86.5% lower (to 13.5%)"
        and "13.5%")."""
        first, second = self.numbers[:1], other.numbers[:1]
        if first == second or (self.change is not None and self.change == other.change):
            return True
        return bool(first and (first == other.share_left or second == self.share_left))

    def agrees_with(self, other: Headline | None) -> bool:
        """Same metric and the same figure: what `digest eval` counts as right."""
        return other is not None and self.metric == other.metric and self.same_figure(other)


def same_headline(first: Headline | None, second: Headline | None) -> bool:
    """Whether two headlines of a paper agree as `digest eval` counts them: both none (the paper
    states no result of its own), or the same metric and leading number (a name's numbers not
    counted), or the same change however written ("73.6% (from 36.0%)", "36.0% to 73.6%")."""
    return second is None if first is None else first.agrees_with(second)


# The figures a headline is taken from, in tiers: a speedup, else a reduction, else a scale-up,
# else a rate, else an absolute time, memory, utilization, energy or cost, else an accuracy, else a
# context length, the little data used, or what the method adds.
_TIERS = (
    ("speedup",),
    ("reduction",),
    ("scale",),
    ("throughput",),
    ("latency", "memory", "utilization", "energy", "cost"),
    ("quality",),
    ("context",),
    ("data",),
    ("overhead",),
)
_EVALUATED = re.compile(
    r"\b(?:experiments?|evaluations?|results)\b[^.;]{0,60}\b(?:show|demonstrate|indicate|reveal)", re.I
)
# A figure for a component or a phase of the work, which an end-to-end figure beats. A
# component's ("4.4× attention speedup") gives way to any figure for the whole work too, a
# phase's ("faster decoding") does not: decoding may be the whole work.
_COMPONENT = re.compile(
    r"\b(?:kernel-level|operator|microbenchmark|(?:in|for|of)\s+(?:the\s+)?(?:attention|kernels?|operators?|layers?)|"
    # the optimizer's share of training memory, beside the total ("65.5% in optimizer states", "optimizer memory")
    r"optimizer\s+(?:states?|memory)|"
    r"attention\s+(?:speed-?ups?|inference))\b",
    re.I,
)
_PHASE = re.compile(r"\b(?:decode|decoding|prefill|(?:rollout|training|inference|\w+ing)\s+(?:phase|stage))\b", re.I)


def machine_headline(facts: Iterable[Fact]) -> Headline | None:
    """The paper's own main result, from its own facts (see the module's docstring for the
    order). None if the paper states none."""
    results = [fact for fact in facts if fact.own and not fact.curated and _is_a_result(fact)]
    # The little data a result was had with is the headline only when the paper states no other result.
    own = [fact for fact in results if _tier_kind(fact) not in ("data", "overhead") and not _took(fact, results)]
    # A figure stated as a technique is introduced ("we introduce a method that speeds up X by
    # 20×") is a component's, the paper's result only when it states no other.
    figures = [other for other in own if not _introduced(other)]
    # A figure in words ("an order of magnitude faster") sorts with no other: a number of a lower tier beats it.
    fact = _main_figure([other for other in figures if _DIGIT.search(other.value)]) or _main_figure(figures)
    fact = fact or _main_figure(own) or _main_figure(results)
    if fact is None:
        return None
    # The efficiency figure "experiments show" first is the result the paper was evaluated on, whatever
    # its tier, unless the tier's figure is stated before it or said to be end-to-end.
    evaluated = _main_figure([other for other in figures if _is_evaluated_gain(other) and other.kind != "scale"])
    if evaluated and _counted(evaluated):  # counted operations are what a measured time cut is for, as in a tier
        evaluated = next((other for other in sorted(figures, key=_position) if _a_time_cut(other)), evaluated)
    if evaluated and _position(evaluated) < _position(fact) and not _END_TO_END.search(_around(fact)):
        fact = evaluated
    hardware = next(
        (other.value for other in results if other.kind == "hardware" and other.sentence == fact.sentence), ""
    )
    condition = _CONDITIONS.search(_around(fact))
    return Headline(
        metric_of(fact), fact.value, fact.baseline, hardware, condition.group(1).lower() if condition else ""
    )


# A time of minutes or more, beside a score of its sentence, is what the score took to reach ("boosts X from 48.3%
# to 58.3% in just 4 hours on 8 A100 GPUs", "with just 120 GPU hours ... outperforms the base model by 12.1%"):
# like the little data, it comes after the score (a latency beside one, "80.4% ... with a latency of 1.10 ms", does not,
# nor a count of work done in the time, a speed: "collect 100 demonstrations in 15 minutes").
_A_LONG_TIME = re.compile(r"\b(?:minutes?|hours?|days?|weeks?|months?)\b", re.I)
_A_COUNT_IN = re.compile(r"\d[\d,.]*\s*(?:[A-Za-z][\w\-^]*\s*){1,2}\)?\s*in\s+(?:just\s+|only\s+|under\s+|about\s+)?$")


def _took(fact: Fact, results: list[Fact]) -> bool:
    if fact.kind != "latency" or not _A_LONG_TIME.search(fact.value) or fact.span is None:
        return False
    if _A_COUNT_IN.search(fact.sentence, max(0, fact.span[0] - 60), fact.span[0]):
        return False
    return any(other.place == fact.place and _tier_kind(other) == "quality" for other in results)


def _main_figure(figures: list[Fact]) -> Fact | None:
    """The main one of the figures of the first tier that has any."""
    tiered = [(_tier_kind(fact), fact) for fact in figures]  # metric_of once per figure, not once per tier
    for tier in _TIERS:
        candidates = sorted((fact for kind, fact in tiered if kind in tier), key=_position)
        if candidates:
            return _main_of_tier(candidates, figures)
    return None


def _tier_kind(fact: Fact) -> str:
    """A cut in an error ("50× lower false positives") is a quality figure, tiered as one; the little
    data a result was had with ("with only 390M image-text examples") comes after every other figure."""
    if fact.kind == "cost" and "$" not in fact.value:  # cost.py reads money, or data
        return "data"
    if fact.kind == "scale" and fact.value.endswith(CONTEXT):  # a capacity, not a gain (context_length.py)
        return "context"
    if is_overhead(fact.kind, fact.value):
        return "overhead"
    if _a_length_made(fact):
        return "scale"
    return "quality" if fact.kind == "reduction" and metric_of(fact) == "quality" else fact.kind


def _main_of_tier(candidates: list[Fact], figures: list[Fact]) -> Fact:
    """The main one of a tier's figures (in the order stated)."""
    # "Experiments show that X achieves ..." states the result the paper was evaluated on.
    fact = next((other for other in candidates if _EVALUATED.search(other.sentence)), candidates[0])
    # "reduces rollout and end-to-end latency by up to 19.6% and 12.7%, respectively": of the figures
    # of one sentence, the one whose own words say end-to-end is the whole work's.
    if not _SAID_END_TO_END.search(fact.value):
        fact = next((o for o in candidates if o.place == fact.place and _SAID_END_TO_END.search(o.value)), fact)
    if _is_part(fact):
        whole = [other for other in candidates if not _is_part(other)]
        fallback = whole[0] if whole and _COMPONENT.search(_around(fact)) else fact
        fact = next((other for other in candidates if _END_TO_END.search(_around(other))), fallback)
    elif fact.span:
        # "reduces the non-overlapped execution latency by up to 99.9% and the end-to-end latency by up
        # to 55%": a later figure of its sentence said to be end-to-end is the whole work's, the first a part's
        # (not "2.1x and 2.3x end-to-end speedups", one condition for both).
        fact = next((o for o in candidates if _end_to_end_after(fact, o)), fact)
    # "reducing FLOPs by 9.9x and prefill latency by 6.4x": a count of operations is what a measured
    # time cut is for.
    # So is a speedup in counted operations ("achieving 2.92x FLOPs and 1.48x latency speedup").
    operations = _counted(fact)  # a token count gives way only to a time cut in its own sentence
    if operations or (_COUNTED_WORK.search(fact.value) and metric_of(fact) == "cost"):
        fact = next(
            (
                o
                for o in candidates
                if not _counted(o)
                and (o.kind == "speedup" or metric_of(o) == "latency")
                and (operations or o.place == fact.place)
            ),
            fact,
        )
    # "1.6x GPU utilization for rollout, 1.9x training throughput": a resource kept busier is what the
    # gain in speed beside it is for.
    if UTILIZATION_NAMED.search(fact.value):
        fact = next((o for o in candidates if o.place == fact.place and not UTILIZATION_NAMED.search(o.value)), fact)
    # "with 32x fewer parameters and 50x lower query latency": a smaller model is what the cut in
    # compute or time beside it is for.
    # Not to steps counted beside it ("20x fewer trainable parameters and 3x fewer training epochs"): both
    # count, and the first stated leads.
    if _PARAMETERS.search(fact.value):
        fact = next(
            (
                o
                for o in candidates
                if o.place == fact.place and metric_of(o) in ("latency", "cost") and not _STEPS.search(o.value)
            ),
            fact,
        )
    # "2.8× lower latency ... and 6.5× higher throughput": of two gains in speed side by side,
    # the one stated first, unless only the later is said to be end-to-end.
    if any(_end_to_end_after(other, fact) for other in candidates) or _SAID_END_TO_END.search(fact.value):
        return fact
    return next(
        (
            other
            for other in figures
            if other.kind == "reduction"
            and other.place == fact.place
            and _position(other) < _position(fact)
            and _LATENCY_WORDS.search(other.value)
        ),
        fact,
    )


_DIGIT = re.compile(r"\d")
_PARAMETERS = re.compile(r"\bparameters\b", re.I)
_STEPS = re.compile(r"\b(?:epochs|iterations|steps)\b", re.I)
# Operations counted, or a gain in how well a resource is used ("6 times higher parameter efficiency,
# 281 times lower prefill latency"): what a measured cut in time is for.
_COUNTED = re.compile(
    r"\b(?:FLOPs|MACs|computation(?:al)?\s+costs?|compute|(?:parameter|sample|data|token)\s+efficiency)\b", re.I
)
# Tokens or passes counted as a cost are too (not "peak token usage", memory held at once), in the
# sentence that states both: "reduces token generation by 23.5% and inference latency by 43.5%",
# "forward passes by 69% and execution time by 34%".
_COUNTED_WORK = re.compile(r"\b(?:tokens?(?!\s*(?:/|per\s+second))|forward\s+passes)\b", re.I)
_COUNTED_AFTER = re.compile(r"\s*(?:FLOPs|MACs)\b")


def _a_time_cut(fact: Fact) -> bool:
    return not _counted(fact) and (fact.kind == "speedup" or metric_of(fact) == "latency")


def _counted(fact: Fact) -> bool:
    """Whether a figure counts operations, in its value or in the word right after its number."""
    return bool(_COUNTED.search(fact.value) or (fact.span and _COUNTED_AFTER.match(fact.sentence, fact.span[1])))


_LATENCY_WORDS = re.compile(r"\b(?:latency|TTFT|TBT|TPOT|response\s+time)\b", re.I)


# "we introduce a method that speeds up X by 20×": the figure in the clause that introduces it (its name
# may come between: "we develop a detection metric, Efficient EigenScore (EES), which runs in 2x speed").
_INTRODUCING = re.compile(
    r"\bwe\b[^.;]*?\b(?:propose|introduce|present|design|develop)\b[^.;,]*?(?:,\s*[^.;,]*?\([^()]*\),)?\s*\b(?:that|which)\b[^.;,]*$"
    # or one of the parts a work is listed as built of: "two key innovations: (i) an autoencoder that achieves 32x"
    # (any item of the list: "(1) a tokenizer that compresses ..., achieving a 14,000x compression ratio; (2) ...")
    r"|\b(?:innovations|components|techniques|contributions|designs|modules)\s*:\s*\((?:i|1|a)\)"
    r"(?:[^.;]|;\s*(?:and\s+)?\(\w{1,3}\))*?\b(?:that|which)\b(?:[^.;]|;\s*(?:and\s+)?\(\w{1,3}\))*$",
    re.I,
)


def _is_evaluated_gain(fact: Fact) -> bool:
    """An efficiency figure that "experiments show": a score they show outranks no efficiency figure,
    since a reader compares systems by what they cost and how fast they run (docs/contributing.md)."""
    return _tier_kind(fact) not in ("quality", "data") and bool(_EVALUATED.search(fact.sentence))


def _introduced(fact: Fact) -> bool:
    return bool(fact.span and _INTRODUCING.search(fact.sentence, 0, fact.span[0]))


def _end_to_end_after(first: Fact, later: Fact) -> bool:
    """Whether `later` is stated after `first` in its sentence, with "end-to-end" between them and
    no other figure between "end-to-end" and `later` (in "end-to-end latency by 40% while the cache
    reaches 30.6x on hits", the words are the 40%'s)."""
    if first.place != later.place or not first.span or not later.span or later.span[0] <= first.span[1]:
        return False
    said = [*_SAID_END_TO_END.finditer(first.sentence, first.span[1], later.span[0])]
    # or right after it: "surpassing existing methods by up to 8-9% of the end-to-end speedup"
    said_after = _OF_END_TO_END.match(later.sentence, later.span[1])
    return bool(
        ((said and not _A_FIGURE.search(first.sentence, said[-1].end(), later.span[0])) or said_after)
        and not _SAID_END_TO_END.search(_around(first))
    )


_OF_END_TO_END = re.compile(r"\s*(?:of|in)\s+(?:the\s+)?end-to-end\b", re.I)


_A_FIGURE = re.compile(r"\d")


def _is_part(fact: Fact) -> bool:
    return bool(_COMPONENT.search(_around(fact)) or _PHASE.search(_around(fact)))


def _position(fact: Fact) -> tuple[int, int]:
    """Where a figure is stated: a paper states its main result before its lesser ones."""
    return fact.place, fact.span[0] if fact.span else 0


# An absolute time, memory or cost is a result when the abstract boasts of it ("in just 314K GPU
# hours", "to only 0.001 seconds", "on a mere 18GB GPU"), not when it is a budget ("experiments
# consuming 500,000 GPU-hours"). An accuracy that varies is a finding, not a result.
_BUDGET_KINDS = ("latency", "memory", "cost")
_FRUGAL_BEFORE = re.compile(
    r"\b(?:only|just|merely|mere|under|below|less\s+than|within|about|as\s+(?:little|few|low)\s+as|"
    # "a total training cost of only $7,800", "using only sim 1050 H800 GPU hours" (a dump's "\\sim")
    # "within a median of 6 seconds"
    r"to)\s+(?:(?:a|an|the)\s+)?(?:(?:median|mean|average)\s+of\s+)?(?:(?:~|sim|about|approximately|around)\s*)?[$€£]?$"
    r"|\b(?:run\w*|operat\w*)\s+at\s+(?:only\s+|just\s+|about\s+|~\s*)?$"  # "while running at 31.8 ms average latency"
    # or achieved: "achieves a first-packet latency of 234 ms", "a low inference time (1.23s"
    r"|\b(?:achiev|reach|deliver|attain)\w*\s+(?:an?\s+|the\s+)?(?:[\w\-]+\s+){0,4}?(?:of\s+)?$"
    r"|\b(?:low|lower|fast|short|efficient|minimal|negligible|small)\s*(?:[\w\-]+\s+){0,2}\($"
    # or a price per item: "producing verified trajectories at approximately $1 each"
    r"|\bat\s+(?:only\s+|just\s+|approximately\s+|about\s+|around\s+|~\s*)?[$€£]$"
    # or stated as the system's time: "the speech-to-text latency is approximately 100ms", "latencies of 85 ms",
    # "at an inference speed of 0.7 seconds"
    r"|\b(?:latency|latencies|TTFT|TPOT|delay|response\s+time|"
    r"(?:computation(?:al)?|inference|generation|processing)\s+(?:time|speed))\s+"
    r"(?:is|was|of)\s+(?:only\s+|just\s+|approximately\s+|about\s+|around\s+|~\s*)?$"
    # or a later item of a frugal list: "with only 0.2B parameters, 31.2 ms latency, and 0.9 GB VRAM",
    # "with only 7.6M network parameters and 30 GPU hours to train"
    r"|\b(?:only|just|merely)\s+\d(?:[^.;,]|\.\d){0,40}(?:,\s*(?:\d(?:[^.;,]|\.\d){0,40},\s*)*(?:and\s+)?|\s+and\s+)$",
    re.I,
)
_IN_A_TIME = re.compile(r"\bin\s+$")  # "generates a 5-second video in 2 seconds"
_AN_OVERHEAD_BEFORE = re.compile(
    r"\boverheads?\s+(?:(?:is|was|of)\s+)?(?:(?:only|just|under|below|less\s+than|about|around|within)\s+|~\s*)?$", re.I
)
_NOT_A_QUALITY_RESULT = re.compile(r"variation|difference|drop|degradation|loss|gap", re.I)
_LOWER_LOSS = re.compile(r"\blower\b.*\b(?:loss|perplexity|PPL)$", re.I)
# "1-3% accuracy degradation": what a method costs in accuracy, not what it achieves.
_QUALITY_LOSS_AFTER = re.compile(r"\s*(?:[\w\-]+\s+){0,2}?(?:degradation|drop|loss|gap)\b", re.I)
# A figure the authors project or estimate, rather than measure, is not their result.
_PROJECTED = re.compile(
    r"\b(?:we\s+(?:project|estimate|extrapolate)|we\s+predict\s+that|projected|projections?|theoretical\s+analysis|in\s+theory|"
    r"theoretically|(?:has|have)\s+the\s+potential\s+to)\b",
    re.I,
)


def _is_a_result(fact: Fact) -> bool:
    if _projected(fact):
        return False
    if fact.kind in _BUDGET_KINDS:
        return _a_frugal_budget(fact) or _a_length_made(fact)
    if fact.kind == "quality":
        loss = fact.span is not None and _QUALITY_LOSS_AFTER.match(fact.sentence, fact.span[1])
        lowered = _LOWER_LOSS.search(fact.value)  # "0.05 lower validation loss": a gain
        return (lowered or not _NOT_A_QUALITY_RESULT.search(fact.value)) and not loss
    return True


def _a_frugal_budget(fact: Fact) -> bool:
    """Whether a time, memory or cost is told as the paper's frugal result (see _FRUGAL_BEFORE)."""
    if fact.value.startswith("RTF "):
        return True  # a real-time factor is stated only to boast of speed
    if fact.span is None:
        return False
    digit = re.search(r"\d", fact.sentence[fact.span[0] : fact.span[1]])
    start = fact.span[0] + (digit.start() if digit else 0)  # the hedge may be in the span: "about 1 GPU hour"
    before = fact.sentence[max(0, start - 60) : start]
    if _AN_OVERHEAD_BEFORE.search(before):
        return False  # what the method adds, not what it achieves: "a per-turn overhead under 250 microseconds"
    if fact.kind == "latency" and (_IN_A_TIME.search(before) or TIME_SAVED.search(fact.value)):
        return True
    return bool(_FRUGAL_BEFORE.search(before))


# The length of what a model makes ("generating videos up to 4 minutes", "synthesize speech for up to
# 90 minutes") is a scale it reaches, no time it takes (not "5 seconds of video in 2 seconds", nor a dataset's hours).
_MEDIA_MADE_BEFORE = re.compile(
    r"\b(?:generat|synthesi[sz]|produc|creat|compos)(?:e|es|ing)\s+(?:[\w\-]+,?\s+){0,3}?"
    r"(?:videos?|clips?|audio|speech|songs?|music|movies?|films?)\s+(?:(?:for|of|lasting|spanning)\s+)?"
    r"(?:(?:up\s+to|over|more\s+than|nearly|about)\s+)?$",
    re.I,
)


def _a_length_made(fact: Fact) -> bool:
    return fact.kind == "latency" and bool(
        fact.span and _MEDIA_MADE_BEFORE.search(fact.sentence, max(0, fact.span[0] - 100), fact.span[0])
    )


def _projected(fact: Fact) -> bool:
    """Whether the figure is projected: a cue before it, or in its own clause. A later clause's cue
    is another figure's ("latency is about 100 ms, and about 600 ms in theory")."""
    if _PROJECTED.search(_around(fact)):
        return True
    return bool(_PROJECTED.search(fact.sentence, 0, fact.span[0] if fact.span else len(fact.sentence)))


def metric_of(fact: Fact) -> str:
    """What a figure measures, in the headline's terms."""
    if fact.kind == "reduction":
        return _reduced_metric(fact)
    if _a_length_made(fact):
        return "scale"
    if fact.kind == "latency":
        # GPU hours, and a time spent training ("6 hours of training on an 8-GPU machine"), are what the
        # result cost; a time to answer or generate is a latency
        training = re.search(r"GPU[\s-](?:hours?|days?)", fact.value, re.I) or _TRAINING.search(_around(fact))
        return "cost" if training else "latency"
    shared = fact.span and _SPEEDUP_SHARED.match(fact.sentence, fact.span[1])  # "9.0x and 6.5x speedup"
    if fact.kind == "speedup" and _LATENCY_GAIN.search(_around(fact)) and not shared:
        return "latency"  # "up to 70× latency reduction", "improves p95 TTFT by 15%"
    return fact.kind if fact.kind in METRICS else "speedup"


def _reduced_metric(fact: Fact) -> str:
    # "only 0.6% of the trainable parameters", "activates only 55% of parameters": work done, not a size
    if _A_SHARE.search(fact.value) and _TRAINED_OR_ACTIVE.search(_around(fact)):
        return "cost"
    # The value's words first; when they name nothing known ("19.6% lower rollout"), its clause's.
    for text in (fact.value, _around(fact)):
        metric = next((metric for metric, words in _REDUCED if words.search(text)), None)
        if metric:
            # time added to training is a cost, as a time spent training is ("<10% overhead ... training")
            training = metric == "latency" and OVERHEAD.search(fact.value) and _TRAINING.search(_around(fact))
            return "cost" if training else metric
    return "cost"


_A_SHARE = re.compile(r"%\s+of\b")
_TRAINED_OR_ACTIVE = re.compile(r"\b(?:trainable|activ\w*)\b[^,;]{0,30}\bparam", re.I)
_TRAINING = re.compile(r"\b(?:train|pre-?train|fine-?tun|post-?train)\w*\b(?!-free)", re.I)  # not "training-free"
# A gain its own words call a speed-up, whatever latency its clause names ("0.68s and 0.94s latency with
# 9.0x and 6.5x speedup"; "accelerating X by 10-18x (230 ms latency ...)", below).
_SPEEDUP_SHARED = re.compile(r"\s*(?:,|and|or)\s*(?:up\s+to\s+)?\d[\d.]*\s*(?:x|×|times)\s+speed-?ups?\b", re.I)
# A gain said of a latency, in a clause that names no rate: a latency result, not a speedup.
_LATENCY_GAIN = re.compile(
    r"^(?!.*\b(?:throughput|speed-?ups?|faster|accelerat\w*|tokens?/s|FLOPS)\b).*\b(?:latency|TTFT|TPOT|TBT|response\s+time)\b",
    re.I,
)

_CLAUSE_MARKS = (",", ";", " and ")


def _around(fact: Fact) -> str:
    """The clause of a figure: where its condition is said ("decode throughput by up to 10×,
    and end-to-end throughput by up to 1.33×" has one clause for each)."""
    if not fact.span:
        return fact.sentence
    start, end = fact.span
    before = max(
        (found + len(mark) for mark in _CLAUSE_MARKS if (found := fact.sentence.rfind(mark, 0, start)) >= 0), default=0
    )
    after = [found for found in (fact.sentence.find(mark, end) for mark in _CLAUSE_MARKS) if found >= 0]
    return fact.sentence[max(before, 0) : min(after, default=len(fact.sentence))]


def curated_headline(value: str | Mapping[str, str]) -> Headline | None:
    """`overrides.headline` as a Headline: a text is kept whole as the value."""
    if isinstance(value, str):
        return Headline("", value, curated=True)
    if value.get("metric") == "none":
        return None
    return Headline(
        value["metric"],
        value["value"],
        value.get("baseline", ""),
        value.get("hardware", ""),
        value.get("condition", ""),
        curated=True,
    )
