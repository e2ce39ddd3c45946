"""Whose work each abstract sentence is about, and which values in a sentence are someone else's.

An abstract opens with the field's background ("models have grown 1000×") and prior or baseline
work ("FlashAttention reaches 25–40% of peak"), then turns to the paper's own work ("We propose
X", "Experiments show ..."). A value is the paper's only when its sentence is about the paper's
own work and, inside the sentence, it is not tied to a baseline ("while ZeRO-Infinity only
achieves 45 TFLOPS", "from 10.64 seconds with librosa to ...").

Sentence roles are read from discourse cues and position, the simplest thing that holds on
papers the rules were never tuned on:
- a sentence with a first-person or "this paper" cue, a results cue ("experiments show") or the
  paper's own system name is the paper's own; the first such sentence is where the abstract
  turns to its own work;
- before that turn, a sentence is background, or prior work when it says "existing", "prior",
  "current methods" and the like;
- after it, a sentence with no own cue is the paper's own (a continuation: "It offers ...",
  "These yield ..."), unless it opens with a contrast ("However") or cites prior work; one that
  sets the paper against others ("Unlike existing methods, X runs 8x faster") is mixed;
- an own sentence that also holds a baseline clause ("while Y only achieves") is mixed.
The cues are general language of the field, never a paper's name or number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...records.model import ROLES

OWN, BACKGROUND, PRIOR, MIXED = ROLES
# Words that put the paper itself in the sentence.
_OWN_CUE = re.compile(
    r"\b(?:we|our|ours|us)\b|^the\s+(?:present\s+)?(?:paper|work|study)\s+(?:introduces|presents|proposes|describes|develops)\b|"
    r"\bthis\s+(?:paper|work|study|dissertation|thesis|research|article|competition|"
    r"initiative|(?:technical\s+)?report)\b|\bthe\s+proposed\b|\bproposed\s+(?:method|approach|scheme|system|framework)\b|"
    r"^the\s+resulting\s+(?:[\w\-]+\s+)?(?:models?|systems?|agents?|polic(?:y|ies)|methods?|frameworks?)\b|"
    r"^(?:(?:extensive|the)\s+)?(?:experiments?|experimental\s+results?|evaluations?|results|microbenchmarks?)"
    r"(?:\s+\w+){0,6}?\s+(?:show|shows|demonstrate|demonstrates|indicate|indicates|reveal|reveals)\b",
    re.IGNORECASE,
)
# Words that say the paper is turning to its own contribution: "we propose", "this paper", "in this work".
_TURN_CUE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study|dissertation|thesis|research|article|(?:technical\s+)?report))\s+(?:\w+\s+){0,2}?"
    r"(?:present|presents|propose|proposes|proposed|introduce|introduces|develop|develops|design|designs|"
    r"build|builds|describe|describes|explore|explores|investigate|investigates|study|studies|report|reports|"
    r"tackles?|focus|focuses|address|addresses|show|shows|demonstrate|demonstrates|reveal|reveals|quantif\w+|"
    r"analy[sz]\w+|reverse|create|creates|contribute|discover|identify|ask|implement|integrate|enable|give|"
    r"provide|use|apply|fine-tune|evaluate|conduct|observe|find|deliver|distill|complete)\b|"
    r"\b(?:in\s+this\s+(?:paper|work|study|research|(?:technical\s+)?report)|this\s+(?:paper|work|study|dissertation|"
    r"thesis|research|competition)|to\s+(?:address|tackle|solve)\s+(?:this|these|the\s+above)|"
    r"^the\s+(?:present\s+)?(?:paper|work|study)\s+(?:introduces|presents|proposes|describes|develops))\b",
    re.IGNORECASE,
)
# Words that point at other people's work.
_PRIOR_CUE = re.compile(
    # not "no prior X exists", nor a prior as a noun or "prior to" ("serves as a global prior for ...")
    r"\b(?<!\bno\s)(?:existing|prior(?!\s*(?:[,.;:)]|\s(?:for|on|to|of|that|which|and|in|over)\b))|previous(?:ly)?|"
    r"conventional|traditional|established|"
    r"current(?:ly)?\s+(?:[\w-]+\s+){0,2}(?:methods?|approaches|systems?|solutions?|algorithms?|frameworks?|"
    r"implementations?|libraries|routines|works?|models?|techniques?)|"
    r"baselines?\s+(?:evaluations?|results?|models?|methods?|systems?|approaches)|"
    r"(?:recent|several|many|most)\s+(?:\w+\s+)?(?:studies|works?|methods|approaches|systems)|"
    r"ha(?:ve|s)\s+been\s+(?:proposed|developed|introduced|designed)|state-of-the-art\s+work)\b",
    re.IGNORECASE,
)
# Prior work named as what is beaten is the paper's own result: "outperforming existing baselines".
_COMPARED_WITH = re.compile(
    r"\b(?:outperform\w*|surpass\w*|than|over|against|compared\s+(?:to|with)|vs\.?|versus|comparabl[ey]\s+(?:to|with)|"
    r"beyond|exceed\w*|doubl\w*|tripl\w*|"
    # what the paper's method is applied to: "fine-tuned results on current foundation models"
    r"on|to|for|across|into|onto|with)\s+(?:\w+\s+){0,3}$",  # "beyond the reach of traditional X"
    re.IGNORECASE,
)
# A contrast with others that opens a sentence, up to its main clause.
_UNLIKE_OPENING = re.compile(
    r"^(?:Unlike|(?:This|It)\s+(?:departs|differs|deviates)\s+from)\s+[^,;]+(?:,\s*(?:which|that|who)\b[^,;]*)?,\s+"
)  # and "This departs from traditional raster-scan methods, enabling ..."
# A sentence that opens by turning away from what came before.
_CONTRAST_OPENING = re.compile(
    r"^(?:However|Unfortunately|Yet|Nevertheless|Unlike|Despite|Although|But|In\s+contrast|By\s+contrast|Conversely)\b"
)
# After the turn, a concession about what the sentence goes on to praise: "Despite being trained on a
# limited dataset, a fine-tuned X model achieves ...", "Despite its simplicity, ...".
_CONCEDES_THEN_PRAISES = re.compile(r"^Despite\s+(?:being|its|their|having|using)\b")
# A clause about someone else inside an own sentence: "while ZeRO-Infinity only achieves 45 TFLOPS".
_BASELINE_CLAUSE = re.compile(
    r"^Unlike\s+|"  # "Unlike existing methods, X runs 8x faster": up to its comma
    # "Starting from a supervised baseline with 48.9% success, X achieves 99.2%": the baseline's, up to its comma
    r"^(?:Starting|Beginning)\s+(?:from|with)\s+(?=(?:an?|the)\s+(?:[\w\-]+\s+){0,3}?baselines?\b)|"
    r"\b(?:(?:while|whereas)\s+(?!(?:\w+ly\s+)?[\w\-]+ing\b)"  # "while (significantly) outperforming" is the paper's
    r"(?!(?:we|our|ours|it|its|also|still|only|the\s+(?:proposed|full|complete|final|whole|overall|resulting|combined)|"
    r"the\s+(?:[\w.\-]+\s+){0,2}(?:variant|version)s?|"  # "while the 32B variant surpasses": a model's own sibling
    r"(?:a|an|the)\s+(?:[\w.\-]+\s+){0,3}?students?)\b)|"  # "while a distilled student as small as 69M": the paper's
    # not "than 2 GB" nor "less than one hour": a hedge on an amount, no rival
    r"(?:compared\s+(?:to|with)|than(?!\s+(?:about\s+|over\s+)?(?:[\d~]|(?:one|two|three|four|five|six|seven|eight|"
    r"nine|ten|twelve|half|a\s+(?:few|single|half|dozen)|an?\s+(?:hour|minute|second|day|week|month|year))\b))|"
    r"versus|vs\.?|relative\s+to|instead\s+of|"
    r"as\s+(?:slow|fast)\s+as)\s+|"
    # a change's starting point, not a range's ("models ranging from 1.5B to 72B")
    # ("starting from 60 tokens, it outperforms by up to 5%" names a setting and a hedge, no change)
    r"(?<!ranging\s)(?<!ranges\s)(?<!range\s)(?<!varying\s)(?<!spanning\s)(?<!starting\s)"
    r"from\s+(?=(?:[^.;]|\.(?=\d)){0,60}?(?<!\bup\s)\bto\b)|"
    # "with the strongest model X achieving only 38%": another's result, told in passing
    r"with\s+(?!(?:we|our|it|its|this|the\s+proposed)\b)(?=(?:[\w.-]+\s+){1,5}?(?:achieving|reaching|attaining|scoring)\b))"
    # the next change of a list of them: "from 10 s to 0.1 s for A, 18 s to 0.2 s for B"; a change in
    # brackets: "improves accuracy (38.7% to 40.8%)"
    r"|(?<=, )(?=\d[\d.,]*\s*[A-Za-z%]+\s+to\s+(?:only\s+)?\d)|(?<=\()(?=\d[\d.,]*\s?\\?%\s+to\s+\d[\d.,]*\s?\\?%\))",
    re.IGNORECASE,
)
# "... compared to X while only adding 2 ms": "while" and a gerund go on with the paper, not with X.
# So does a relative clause whose subject is the paper's: "than X baselines (on which our method yields ...)".
_GOES_ON_WITH_THE_PAPER = re.compile(
    r"\s(?:while|whilst)\s+(?=(?:\w+ly\s+|only\s+|still\s+|also\s+)?[\w\-]+ing\b)|"
    r"\s\(?(?:on|in|against|over)\s+which\s+(?=(?:our|we)\b)",
    re.IGNORECASE,
)
# Where a "while" opens the clause a sentence states ("show that while ..."), as at its start.
_OPENS_A_CLAUSE = re.compile(r"\b(?:that|shows?|showing|find|found)\s+$", re.IGNORECASE)
# Where a baseline clause ends: the next clause, or the sentence.
# ("than Y, improving from 5% to 32%" returns to the paper's own result, and so does the next
# predicate of a list: "runs 1.34x faster than X at 128K context, reduces peak memory from ...")
_CLAUSE_END = re.compile(
    r";|,\s+(?:and|while|which|but|whereas|resulting|leading|achieving|improving|reaching|yielding|boosting|"
    r"delivering|attaining|outperforming|surpassing|reduces|cuts|lowers|runs|achieves|improves|reaches|yields|"
    r"boosts|delivers|attains|outperforms|surpasses|speeds|accelerates|increases|remains)\b|\.\s|"
    # the main clause after a leading one, its subject named: "while X diverges (>2000 perplexity), KronQ achieves 7.93"
    r",\s+(?-i:[A-Z])[\w\-.]*\s+(?:achieves|attains|reaches|obtains|delivers|scores|yields)\b"
)


def sentence_roles(sentences: Sequence[str], system: str | None) -> list[str]:
    """One role (see records.model.ROLES) per abstract sentence, from cues and position."""
    own = [_is_own(sentence, system) for sentence in sentences]
    turning = [
        bool(_TURN_CUE.search(sentence)) or (system is not None and _names(sentence, system)) for sentence in sentences
    ]
    # Where the abstract turns to its own work: the first "we propose" or naming of its system,
    # else the first sentence with any own cue, else (no cue at all) the start.
    turn = next(
        (index for index, turns in enumerate(turning) if turns),
        next((index for index, is_own in enumerate(own) if is_own), 0),
    )
    roles = []
    for index, sentence in enumerate(sentences):
        prior = _cites_prior(sentence)
        if own[index] and index < turn and _CONTRAST_OPENING.match(sentence):
            roles.append(PRIOR if prior else BACKGROUND)  # "However, we are getting close to the memory wall"
        elif own[index]:
            roles.append(MIXED if _has_baseline_clause(sentence) and _names_another(sentence, system) else OWN)
        elif index < turn:
            roles.append(PRIOR if prior else BACKGROUND)
        elif unlike := _UNLIKE_OPENING.match(sentence):
            # after the turn, "Unlike existing methods, which ..., X delivers ...": the paper set against others
            roles.append(PRIOR if _cites_prior(sentence[unlike.end() :]) else MIXED)
        elif prior:
            roles.append(PRIOR)
        elif _CONTRAST_OPENING.match(sentence) and not _CONCEDES_THEN_PRAISES.match(sentence):
            roles.append(BACKGROUND)
        else:
            roles.append(OWN)
    return roles


def _cites_prior(text: str) -> bool:
    """Whether the text points at other people's work, not as what the paper is compared with."""
    return any(
        not _COMPARED_WITH.search(text, max(0, cue.start() - 40), cue.start()) for cue in _PRIOR_CUE.finditer(text)
    )


def _is_own(sentence: str, system: str | None) -> bool:
    return bool(_OWN_CUE.search(sentence)) or (system is not None and _names(sentence, system))


def _names(sentence: str, name: str) -> bool:
    """The system named as itself, or with its size ("Kite-3B"), not as part of a longer name
    ("FlashAttention" in "FlashAttention-2")."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?:(?![\w-])|(?=-\d+(?:\.\d+)?[BMK]\b))", sentence) is not None


def _names_another(sentence: str, system: str | None) -> bool:
    """The baseline clause names something: a capitalised word other than the paper's system."""
    for match in _clauses(sentence):
        clause = sentence[match.end() : match.end() + 80]
        words = re.findall(r"\b[A-Z][\w\-.]*", clause)
        if any(word != system for word in words):
            return True
    return False


def _has_baseline_clause(sentence: str) -> bool:
    return bool(_clauses(sentence))


def baseline_spans(sentence: str) -> list[tuple[int, int]]:
    """The stretches of an own sentence that are about a baseline: a "while/whereas Y ..."
    clause, what follows "compared to", "than", "versus" up to the clause's end, and the
    starting point of a "from X to Y" change."""
    return baseline_and_rival_spans(sentence)[0]


def baseline_and_rival_spans(sentence: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The baseline spans (see `baseline_spans`), and those of them that state another system's
    own result ("while Y achieves only 2.41×") or describe it ("than X models that are trained on
    16x more data"), where even a comparative figure is the other system's: not the rest of what
    follows "than" or "compared to", which names what the paper's figure is measured against.
    Both from one pass over the clauses."""
    spans, rivals = [], []
    for match in _clauses(sentence):
        opening = match.group().lower()
        if opening.startswith("from") or not opening:
            end = sentence.find(" to ", match.end())
            if _RANGE_THEN_TO.match(sentence, match.end()):  # "from 1 to 2 minutes to real time": the whole range
                end = sentence.find(" to ", end + 4)
        elif (
            match.start() < 3
            or opening.startswith(("compared", "relative"))
            or _OPENS_A_CLAUSE.search(sentence, 0, match.start())
        ):
            # "Compared to X, ours ...", "While the model took ..., we ...", "Experiments show that
            # while X games 50-70% of cases, ours ...": up to the comma (not one in "(e.g., X)")
            end = _comma_outside_brackets(sentence, match.end())
        else:
            found = _CLAUSE_END.search(sentence, match.end())
            end = found.start() if found else -1
            if sentence.count("(", 0, match.start()) > sentence.count(")", 0, match.start()):
                closing = sentence.find(")", match.end())  # "(83.0% vs. 78.8%)": inside its bracket
                end = closing if closing >= 0 and (end < 0 or closing < end) else end
        end = end if end >= 0 else len(sentence)
        going_on = _GOES_ON_WITH_THE_PAPER.search(sentence, match.end(), end)
        span = (match.start(), going_on.start() if going_on else end)
        spans.append(span)
        if opening.startswith(("while", "whereas")):
            if match.start() >= 3 and (
                _THE_PAPERS_SUBJECT.match(sentence, match.end()) or _A_GAIN_BY.match(sentence, match.end(), span[1])
            ):
                # "..., while the model reaches 16 FPS on a single GPU": the paper's own (not a sentence's
                # opening "While the model took over 184K GPU-hours to pretrain, we ...": the base model's)
                spans.pop()
                continue
            rivals.append(span)
        elif described := _DESCRIBES_THE_BASELINE.search(sentence, *span):
            rivals.append((described.start(), span[1]))  # "than X models that are trained on 16x more data"
        elif opening.startswith(("vs", "versus")) and (figure := _A_FIGURE_NEXT.match(sentence, match.end())):
            # "to 18.07% (vs. 48.9% for SD v1.4)": the baseline's level, no cut of the paper's (only that figure:
            # "versus 38.11% direct accuracy, a +28.10 percentage-point difference" goes on with the paper's)
            rivals.append((match.start(), figure.end()))
    if turn := _TURNS_TO_THE_PAPER.search(sentence):
        # "X with a minimal adapter scores only 19.1%, whereas the full adapter reaches 73.4%": what
        # comes before is the lesser system's, the base model's or an ablation's
        start = sentence.rfind(";", 0, turn.start()) + 1
        if _ONLY.search(sentence, start, turn.start()):
            spans.append((start, turn.start()))
            rivals.append((start, turn.start()))
    return spans, rivals


# A "while" clause about the paper's own model, after a clause about the paper: "..., while the model reaches".
# ("while it", "while our ..." open no baseline clause at all: _BASELINE_CLAUSE's own exceptions.)
_THE_PAPERS_SUBJECT = re.compile(r"\s*the\s+(?:model|system|method|framework|pipeline)\s", re.IGNORECASE)
# A "while" clause that states a gain made ("..., while concurrent multi-policy GRPO shortens wall
# time by 1.77x", "while the hybrid achieves 13.5x speedup"): a baseline's figure is a level it
# reaches ("while X reaches only 45"), not a cut or a gain "by" a factor, nor a speedup achieved.
_A_GAIN_BY = re.compile(
    r"(?:(?!\bonly\b)[^,;])*?\b(?:(?:shortens?|reduces?|cuts?|lowers?|accelerates?|speeds?\s+up|improves?|boosts?|"
    r"increases?)\b(?:(?!\bonly\b)[^,;])*?\bby\s+(?:up\s+to\s+)?\d|"
    r"(?:achiev|attain|deliver|yield)\w*\s(?:(?!\bonly\b)[^,;])*?\d[\d.]*\s*(?:x|×|times)\s+speed-?ups?\b)",
    re.IGNORECASE,
)
# The paper's own system after a contrast: "..., whereas ours", "..., while the full model".
_TURNS_TO_THE_PAPER = re.compile(
    r",\s+(?:while|whereas)\s+(?=ours\b|our\s+(?:[\w\-]+\s+){0,2}?(?:model|method|system|approach|framework)s?\b|"
    r"the\s+(?:full|complete)\s+[\w\-]+)",
    re.IGNORECASE,
)
_ONLY = re.compile(r"\b(?:only|merely|just)\b", re.IGNORECASE)


# A restrictive relative clause in a comparison's clause says what the baseline is or does.
_A_FIGURE_NEXT = re.compile(r"(?:about\s+|~\s*)?\d[\d.,]*\s?(?:\\?%|×|x\b|times\b)?")
_DESCRIBES_THE_BASELINE = re.compile(
    r"(?<!,)\s(?:that|which|who)\s+(?:(?:are|is|were|was)\s+(?:\w+ly\s+)?\w+|ha(?:ve|s|d)|use[sd]?|require[sd]?|"
    r"need(?:s|ed)?|rel(?:y|ies|ied)|train(?:s|ed)?)\b",
    re.IGNORECASE,
)


# A change that starts from a range told with "to", whose first "to" is the range's: "from 1 to 2 minutes to real time".
_RANGE_THEN_TO = re.compile(r"(?:about\s+|around\s+|~\s*)?\d[\d.,]*\s+to\s+\d[\d.,]*\s*[^\W\d][\w/%]*\s+to\s", re.I)


# "the Qwen3 series from 0.6B to 14B", "scales from 3B to 24B": a range of sizes, no change, unless
# a verb changes a model's size ("compresses the model from 7B to 3B").
_SIZE_RANGE = re.compile(r"from\s+~?\d[\d.]*\s?(?-i:[KMB])\s+to\s+\d[\d.]*\s?(?-i:[KMB])\b")
_SIZE_CHANGE = re.compile(
    r"\b(?:reduc|compress|shrink|prun|distill|cut|lower|decreas|quantiz|grow|expand)\w*[^.;,]{0,40}$", re.I
)


def _clauses(sentence: str) -> list[re.Match[str]]:
    """The baseline clauses of a sentence, but not a range of sizes."""
    return [
        match
        for match in _BASELINE_CLAUSE.finditer(sentence)
        if not (_SIZE_RANGE.match(sentence, match.start()) and not _SIZE_CHANGE.search(sentence, 0, match.start()))
    ]


def _comma_outside_brackets(sentence: str, start: int) -> int:
    """The index of the next comma outside brackets, or -1."""
    depth = 0
    for index in range(start, len(sentence)):
        char = sentence[index]
        depth += (char == "(") - (char == ")")
        if char == "," and depth <= 0:
            return index
    return -1


def in_spans(position: int, spans: Sequence[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)
