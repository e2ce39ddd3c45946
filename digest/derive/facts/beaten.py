"""The baseline a sentence names as what the paper beats or matches: "outperforms StarCoderBase-3B",
"comparable to the 10× larger InternVL2-76B". A size or a multiplier inside that name is the
baseline's, not the paper's; the margin after it ("by 36%", "on MMLU") is the paper's result.

The span is the verb's object only: it ends where the sentence turns to how or where the paper
won ("by", "on", "with", "using", a comma), so "surpasses X-72B with only 8B parameters" keeps the
8B the paper's; the size of the group beaten goes with it ("models with more than 6B parameters",
"LLMs with up to 9x more parameters").
"""

from __future__ import annotations

import re

from .score_gain import NOT_A_CHIP

_BEATS = re.compile(
    r"\b(?:outperform(?:s|ed|ing)?|outperformance\s+(?:over|against)|surpass(?:es|ed|ing)?|beat(?:s|ing)?|exceed(?:s|ed|ing)?|"
    # "to challenge giant counterparts"; not the adjective ("challenging benchmarks"), nor the noun
    # ("the challenges of serving 70B models")
    r"rival(?:s|ed|ing|ling)?|(?:(?<=\bto\s)|(?<=\bcan\s))challenge|challenged(?!\s+by\b)|compet(?:es|ed|ing)\s+with|"
    # not the noun, nor the adjective: "in a matched 4B setting it is 2.48x faster"
    r"(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)match(?:es|ed|ing)?|approach(?:es|ing)(?!,)|ahead\s+of|superior\s+to|"
    # a reference the paper is likened to: "a similar base architecture as Yuan-2.0 2B"
    r"(?:similar|same|identical)\s+(?:[\w\-]+\s+){0,3}?(?:as|to)|"
    # a predecessor the paper follows, and the group it ranks first in: "the successor to the 4B X model"
    r"successor\s+(?:to|of)|ranks?\s+(?:first|top|highest|best)\s+among|"
    # "comparable MMLU scores to X 8B", but not "comparable accuracy with only 8B parameters"
    r"(?:comparabl[ey]|competitive(?:ly)?|equivalent(?:ly)?|on\s+par)\s+(?:[\w\-]+\s+){0,2}?(?:to|with|against)(?!\s+(?:only|just|merely|fewer|less|far)\b)|"
    r"close\s+to(?:\s+that\s+of)?|"  # "brings its accuracy close to that of a 397B-parameter model"
    r"within\s+\d[\d.]*\s*(?:percentage\s+)?(?:points?|pp|\\?%)\s+of|"  # "coming within 5 points of 32B-scale agents"
    # what the paper keeps a share of is the reference: "retaining 99.5% of FP16 performance"
    r"(?:retain|recover|preserv|maintain)\w*\s+(?:(?:up\s+to|over|about|nearly|more\s+than)\s+)?\d[\d.]*\s?\\?%\s+of|"
    # and so is what it needs only a share of: "only 1/19 of Llama3-70B", "only 2.6% of AdamW's" (not a chip's)
    rf"(?:only|just|merely)\s+(?:1/\d+|\d[\d.]*\s?\\?%)\s+of(?=\s+(?:that\s+of\s+)?{NOT_A_CHIP}(?-i:[A-Z]))|"
    # and whose resource the paper needs a share of: "30% of the memory of X-7B", "8.7% inference time of X-7B"
    rf"\d[\d.]*\s?\\?%\s+(?:(?:of|the|GPU|memory|inference|training|compute|computational|computation|time|"
    rf"costs?|FLOPs|latency|energy|resources?)\s+){{1,4}}of(?=\s+(?:that\s+of\s+)?{NOT_A_CHIP}(?-i:[A-Z]))|"
    # a figure's "over": "5% over Orca-70B", "a 2× speedup over X"
    r"(?:(?<=%\s)|(?<=×\s)|(?<=x\s)|(?<=gain\s)|(?<=gains\s)|(?<=speedup\s)|(?<=faster\s)|(?<=improvement\s)|(?<=improvements\s))over|"
    # and a gain's "over" after what it is in: "a +28.57% boost in Top-6 accuracy over the massive models"
    r"(?:gains?|boosts?|improvements?)\s+in\s+(?:[\w\-]+\s+){1,3}?over)"
    r"(?:\s+|,\s+(?!(?:and|or|while|but)\b))"  # "surpassing, state-of-the-art models", not "matching, and ..."
    # "exceeding 0.93" is a level the paper reaches; "surpass 405B models" names a baseline by its size
    r"(?!(?:about|around|nearly|almost|over|~)?\s*[\d.](?![\d.,]*(?:\s*[-–]\s*[\d.,]+)?\s?(?-i:[KMBT])\b))",
    re.IGNORECASE,
)
# Where the object ends: how, where or by how much the paper won, or the next clause; a list of
# names goes on ("Qwen3-4B and Gemma3-12B"), as a name starts with a capital or a digit, and so does
# a bound ("models up to 70B").
_OBJECT_END = re.compile(
    # (not "models based on X": what they are)
    r"[,;:()]|\.(?:\s|$)|(?<!\bbased)\s(?:by|on|in|at|across|with|using|under|for|while|whereas|but|when|through|"
    r"via|despite|without|(?<!\sup\s)(?<!\d\s)to|and(?!\s+(?:even\s+|also\s+)?(?:the\s+)?(?-i:[A-Z0-9])))\s|"
    r"\sover\s(?=\d[\d.]*\s?\\?%)|"  # a margin without "by": "outperforming strong baselines over 15.3%"
    # a name after "and" that opens a clause of its own: "comparable to X and P-ReAct delivers 15% ..."
    r"\sand\s+(?=[\w\-.]+\s+(?:\w+ly\s+)?(?:deliver|achiev|reach|attain|outperform|surpass|yield|provid|run|perform|scor|"
    r"reduc|improv|accelerat|speed)\w*\b)",
    re.IGNORECASE,
)
# Examples named after the object are part of it: "models up to 70B scale, such as Qwen3-32B and ...".
# ("models based on Transformers, such as Mistral 7B": the examples may follow a few more words).
# Only names: not "e.g., our model-8B achieves ..." nor "e.g., +114 points over X".
# "including the substantially larger ReSearch-32B": a name may follow an article and adjectives.
_EXAMPLES = re.compile(
    r"[^.;,()]{0,50}?,?\s*\(?(?:such\s+as|including|like|e\.g\.,?)\s+"
    # or only their size: "much larger models (e.g., 34B)"
    r"(?!(?:our|its|their|we)\b)(?=(?:the\s+)?(?:[a-z\-]+\s+){0,3}(?-i:[A-Z])|\d[\d.]*\s?(?-i:[KMBT])\b)",
    re.IGNORECASE,
)
# A second group beaten, with examples of its own: "rivaling proprietary models (e.g., GPT-4o) and
# open-access models (e.g., Llama 3-V 405B)".
_AND_ANOTHER_GROUP = re.compile(
    r"\)?,?\s+and\s+(?:[\w\-]+\s+){0,3}?(?:models|baselines|methods|systems|LLMs|approaches)\s*\(?"
    r"(?:such\s+as|including|like|e\.g\.,?)\s+(?=(?-i:[A-Z]))",
    re.IGNORECASE,
)
_EXAMPLES_INSIDE = re.compile(r"\b(?:such\s+as|including|e\.g\.,?)\s+(?=(?-i:[A-Z]))", re.IGNORECASE)
_EXAMPLES_END = re.compile(
    r"[;:)]|\.(?:\s|$)|,?\s+(?:while|whereas|but|which|and\s+(?-i:[a-z]))\b|\s(?:by|on|in|across|with|using)\s",
    re.IGNORECASE,
)
# A name in brackets after the object is its name ("its teacher model (CogVideoX-2B)", "DeepSeek-R1
# (671B)"), its scores ("GPT-5 (69.3%)", "BAGEL-7B (0.82 & 0.55)", "X (7.94 FID / 0.71 GenEval)"), or its
# size against the paper's ("X 12B (20times more parameters)"); not the paper's margin ("(2× faster)").
_BRACKETED = re.compile(
    r"\s*\((?=(?-i:[A-Z])|(?:approximately\s+|about\s+|around\s+|~|>|over\s+|up\s+to\s+)?\d[\d.,]*\s?[KMBT]\b|"
    r"[\d.,]+\s?%?(?:\s+[A-Za-z@\d.\-]+){0,3}(?:\s*[&,/]\s*[\d.,]+\s?%?(?:\s+[A-Za-z@\d.\-]+){0,3})*\)|"
    r"\d[\d.]*\s?(?:x|×|times)\s+(?:more|larger|bigger)\b)"
    r"[^()]{0,60}\)"
)
# A baseline described between dashes: "X-10B (14.32) - a model 6x larger -".
_BETWEEN_DASHES = re.compile(r"\s+[-–—]\s+(?:a|an|the)\s+[^-–—.;]{1,40}?\s+[-–—](?=\s)")
# The size of a group of baselines: "models with more than 6B parameters", "several with up to 7-8B parameters".
_WITH_SIZE = re.compile(
    r"(?:,?\s*including)?\s*(?:(?:several|many|some|those|ones|models)\s+)?with\s+(?:more\s+than|over|up\s+to|at\s+least|nearly|about|~)\s*"
    r"\d[\d.]*(?:\s*[-–]\s*\d[\d.]*)?\s?(?-i:[KMBT])\b(?:\s+(?:parameters|params))?",
    re.IGNORECASE,
)
# ... or as a range or a bound: "baselines in the 4B-14B range", "models under the 4B parameter scale".
_SIZE_CLASS = re.compile(
    r"\s+(?:in\s+the|under\s+the|below\s+the|within\s+the)\s+(?:\d[\d.]*\s?(?-i:[KMBT])?\s*(?:[-–]|to)\s*)?"
    r"\d[\d.]*\s?(?-i:[KMBT])\b(?:[\s-]+(?:parameters?|params))?\s+(?:range|class|scale|size|tier)\b",
    re.IGNORECASE,
)
# A baseline described in apposition: "ReWire, the state-of-the-art method that prompts a 70B rephraser".
# ("VeLO, the largest publicly available learned optimizer, meta-trained with 4000 TPU-months of compute":
# how it was trained goes with it.)
_APPOSITION = re.compile(
    r",\s+(?:the|a|an)\s+(?:[\w\-]+\s+){0,5}?(?:method|model|system|approach|baseline|framework|technique|pipeline|"
    r"optimizer|algorithm|policy|agent|architecture|solver)s?\b"
    r"(?:\s+(?:that|which)\b[^,;.]*)?"
    r"(?:,\s+(?:[\w]+-)?(?:trained|pre-?trained|fine-?tuned|built|developed)\s+(?:with|on|using|for)\b[^,;.]*)?",
    re.IGNORECASE,
)
_AS_WELL_AS = re.compile(r",?\s+as\s+well\s+as\s+", re.IGNORECASE)
# ... or how it was run: "comparable to X with 4-bit post-training quantization".
_WITH_ITS_PRECISION = re.compile(
    r"\s+with\s+(?:\d+(?:\.\d+)?-bit|INT\d+|FP\d+)\s+(?:[\w\-]+\s+){0,2}?quantization\b", re.IGNORECASE
)
# ... or their size as a multiple of the paper's: "surpasses existing LLMs with up to 9x more parameters",
# "the organic baseline with a 4x larger data pool".
_WITH_MORE = re.compile(
    r"\s*with\s+(?:a\s+|an\s+)?(?:up\s+to\s+|over\s+|about\s+|nearly\s+|more\s+than\s+|~\s*)?\d[\d.]*(?:\s*[-–]\s*\d[\d.]*)?\s?"
    r"(?:x|×|times)\s+(?:more|larger|bigger)\b(?:\s+(?:parameters|params|compute|data|tokens))?",
    re.IGNORECASE,
)
# ... or of a group the paper is set against with "than": "lower error than a suite of recurrent
# baselines with up to 13x more parameters".
_THAN_A_LARGER_GROUP = re.compile(
    r"\bthan\s+(?:[^,;.()]|\.\d){0,60}?\b(?:baselines|models|methods|LLMs|networks|systems|approaches|counterparts)"
    rf"(?P<size>{_WITH_MORE.pattern})",
    re.IGNORECASE,
)
# ... or named apart, later in the sentence, as a group of what was beaten.
_INCLUDING_LARGER = re.compile(
    r"\bincluding\s+(?:those|ones|models|baselines)\s+with\s+(?:up\s+to\s+|over\s+|about\s+|nearly\s+|more\s+than\s+)?"
    r"\d[\d.]*(?:\s*[-–]\s*\d[\d.]*)?\s?(?:x|×|times)\s+(?:more|larger|bigger)\b(?:\s+[\w\-]+){0,2}",
    re.IGNORECASE,
)
# What the baselines were trained on: "outperforming models trained on 100x more data",
# "competitive with peer models trained on substantially 2-16x more compute".
_TRAINED_ON_MORE = re.compile(
    r"\b(?:trained|pre-?trained|fine-?tuned|distilled)\s+(?:on|with|using)\s+(?:[^.;]|\.\d){0,40}?"
    r"\d[\d.]*(?:\s*[-–]\s*\d[\d.]*)?\s?(?:x|×|times)\s+(?:more|larger|bigger)\b(?:\s+[\w\-]+)?",
    re.IGNORECASE,
)
# What the baseline itself achieves, told in a clause of its own: "outperforms the standard MoE with
# 8 experts, which achieves 3x FLOPs savings (3x for text, 2.8x for image)".
# (Or its size against the paper's: "X-405B, which is around 5 times larger".)
_ITS_OWN_RESULT = re.compile(
    r"(?:[^,;.()]|\.\d){0,60}?,\s*which\s+(?:(?:also\s+|only\s+)?(?:achiev|reach|obtain|attain|deliver|provid|scor|"
    r"requir|yield)\w*\b|(?:is|are)\s+(?:[\w~.]+\s+){1,3}?(?:larger|bigger)\b)"
    r"(?:[^;.,()]|\.\d|\([^()]*\))*",  # to the clause's end, over its brackets
    re.IGNORECASE,
)
# A figure that names a baseline: "compared to $18,862 for the 128-GPU baseline", "the 70B dense baseline".
_SIZED_BASELINE = re.compile(r"\b(?:the|a|an)\s+(?P<size>\d[\w.,\-]*(?:\s+[\w\-]+)?)\s+baselines?\b", re.I)
# The size of a teacher distilled from is the teacher's: "Distilling a 2B Retriever into a 70M ...",
# "distilled from a single 8B vision-language teacher", "a frozen 2B VLM teacher".
_TEACHER = re.compile(
    # (the teacher's noun phrase: no verb, article or preposition between, not "Kite-1B can outperform its teacher")
    r"(?P<size>\b\d[\d.]*\s?(?-i:[BM]))\b(?=(?:\s+(?!(?:can|could|will|may|its|their|his|her|the|a|an|than|to|is|are|"
    r"was|were|with|and|or|of|from|outperform\w*|surpass\w*|beat\w*|match\w*|exceed\w*|rival\w*)\b)[\w\-]+){0,3}?"
    r"\s+teachers?\b)|"
    r"\bdistill\w*\s+(?:a|an|the)\s+(?P<distilled>\d[\d.]*\s?(?-i:[BM]))\b(?=[^.;]{0,60}?\binto\b)",
    re.IGNORECASE,
)
# The sizes of the model a method compresses are where it starts, not what it makes: "we compress X
# (41.9B total/6.6B activated parameters) to create Y (7.6B total/2.4B activated parameters)".
_COMPRESSED_FROM = re.compile(
    r"\b(?:compress|prun|distill|shrink)\w*\s+(?:the\s+|a\s+|an\s+)?(?:[\w.\-]+\s+){0,3}?(?P<sizes>\([^()]{1,80}\))"
    r"(?=\s+(?:to\s+(?:create|obtain|produce|build|derive|yield)|into)\b)",
    re.IGNORECASE,
)
# ... and so are those of the model it derives its own from: "a model derived from Llama-3.1-70B-Instruct",
# and of the teacher its data was distilled from: "reasoning annotations distilled from Qwen3-VL-235B" (not
# a model it is fine-tuned, initialised or distilled from, whose size a converted model may keep: "our
# model, distilled from Llama3-8B-Instruct").
_DERIVED_FROM = re.compile(
    r"\b(?:derived|pruned|compressed|shrunk|"
    r"(?:annotations|data|traces|responses|labels|samples|solutions|trajectories)\s+(?:(?:are|were|is|was)\s+)?distilled)\s+from\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<source>(?:[\w.\-]+\s+){0,3}?[\w.\-]*\d[\d.]*\s?(?-i:[BM])\b[\w.\-]*)",
    re.IGNORECASE,
)
# The one that did it before the paper, named between commas: "the second open-weight LLM, after
# X-671B, to achieve ..."; and an oracle the paper is measured against: "an oracle upper bound with
# access to 20x more unique data".
_BEFORE_IT = re.compile(r",\s+after\s+(?P<name>(?-i:[A-Z])[\w.\-]*(?:\s+[\w.\-]+){0,3}),")
_AN_ORACLE = re.compile(r"\boracle\b[^,;.]*", re.IGNORECASE)
# What a task usually takes is the field's, not the paper's: "using only 8 GPUs, a task typically
# requiring at least 32 GPUs".
_WHAT_IT_USUALLY_TAKES = re.compile(
    r"\b(?:typically|usually|conventionally|traditionally|normally|often)\s+(?:requir|need|tak|consum|cost)\w*\b[^,;.]*",
    re.IGNORECASE,
)
_LISTED = re.compile(r"\s*:\s+(?=(?-i:[A-Z]))")
_LIST_END = re.compile(r";|\.(?:\s|$)")
# The next name of a list of them ("Llama-3 70B, Gemma-2 27B, and Claude-3 Haiku"), or a name given
# in apposition ("the current state-of-the-art model, ShapeLLM-13B").
_NEXT_NAME = re.compile(
    r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?!(?:Our|We|It|Its|This|These|The\s+proposed)\b)"
    # a name, one in lower case ("gemma-2-9b"), or one after what it is ("the BERT-type model MMM (FID = 0.080)")
    r"(?=(?-i:[A-Z])|[a-z][\w.]*-[\w.\-]*\d|the\s+(?:[\w\-]+\s+){0,2}?(?:model|baseline|method|system)\s+(?-i:[A-Z]))"
)
_A_NAME = re.compile(r"(?-i:[A-Z0-9])")
_A_SUBJECT = re.compile(
    r"\S+\s+(?:\w+ly\s+)?(?:outperform|surpass|beat|exceed|achiev|reach|attain|match|rival|obtain|deliver|perform|scor)\w*\b",
    re.IGNORECASE,
)
_GENERIC_NAME = re.compile(
    r"(?:models?|baselines?|methods?|systems?|approaches|LLMs?|predecessors?|teachers?|counterparts?|versions?)$",
    re.IGNORECASE,
)
MAX_OBJECT = 80  # characters: a name and its article or adjectives, never the rest of the sentence


# A group of prior work named by a value of its own: "the same quality as previous 4-bit compression
# techniques", "unlike prior 8-GPU systems" (not "existing 7B models", which a paper may build on).
_PRIOR_GROUP = re.compile(
    r"\b(?:previous|prior|existing|conventional|traditional|earlier)\s+(?:[\w\-]+\s+){0,3}?"
    r"(?:methods|techniques|approaches|works|systems|baselines|solutions)\b"
    # and one earlier work of the authors' or others': "extending our previous 1.5B work"
    r"|\b(?:previous|earlier)\s+(?:[\w\-.]+\s+){0,2}?(?:work|paper|version|release)\b",
    re.IGNORECASE,
)


# "We compare our approach against A (671B), distilled versions of B (7B), and C (70B), showcasing ...":
# everything compared against, up to the clause that says what the comparison showed.
_COMPARED_AGAINST = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study))\s+(?:also\s+|further\s+)?compares?\s+(?:[\w\-]+\s+){0,4}?(?:against|with|to)\s+"
    r"(?P<list>(?:[^.;]|\.(?=\d))*?)(?=,\s+(?:showcasing|showing|demonstrating|highlighting|revealing|which|where|finding)\b|"
    r"\s+(?:and|to)\s+(?:find|show|observe|demonstrate)\b|[.;](?:\s|$)|$)",
    re.IGNORECASE,
)


def beaten_spans(sentence: str) -> list[tuple[int, int]]:
    """(start, end) of each object of a beating or matching verb in the sentence, and of what the
    paper is compared against."""
    spans = [match.span("list") for match in _COMPARED_AGAINST.finditer(sentence)]
    spans += [match.span("size") for match in _SIZED_BASELINE.finditer(sentence)]
    spans += [match.span(match.lastgroup or 0) for match in _TEACHER.finditer(sentence)]
    spans += [match.span() for match in _WHAT_IT_USUALLY_TAKES.finditer(sentence)]
    spans += [match.span("sizes") for match in _COMPRESSED_FROM.finditer(sentence)]
    spans += [match.span("source") for match in _DERIVED_FROM.finditer(sentence)]
    spans += [match.span("size") for match in _THAN_A_LARGER_GROUP.finditer(sentence)]
    spans += [match.span("name") for match in _BEFORE_IT.finditer(sentence)]
    spans += [match.span() for match in _AN_ORACLE.finditer(sentence)]
    spans += [match.span() for match in _PRIOR_GROUP.finditer(sentence)]
    beaten = _BEATS.search(sentence)
    if beaten:  # "surpasses all compared encoders on ..., including those with up to 5x more activated parameters"
        spans += [match.span() for match in _INCLUDING_LARGER.finditer(sentence, beaten.end())]
    for verb in _BEATS.finditer(sentence):
        end = _object_end(sentence, verb.end())
        listed, examples = (pattern.match(sentence, end) for pattern in (_LISTED, _EXAMPLES))
        inside = _EXAMPLES_INSIDE.search(sentence, verb.end(), end)
        if inside:  # "strong baselines such as X-7B (0.82) and Y-4B": the examples began inside the object
            end = _examples_end(sentence, inside.end())
        elif listed:
            found = _LIST_END.search(sentence, listed.end())
            end = found.start() if found else len(sentence)
        elif examples:
            end = _examples_end(sentence, examples.end())
            while group := _AND_ANOTHER_GROUP.match(sentence, end):
                end = _examples_end(sentence, group.end())
        else:
            end = _list_end(sentence, verb.end(), end)
        its_own = _ITS_OWN_RESULT.match(sentence, end)
        spans.append((verb.end(), its_own.end() if its_own else end))
        while following := _AND_NEXT_BEATEN.match(sentence, end):  # the margin between is the paper's
            end = _object_end(sentence, following.end())
            spans.append((following.end(), end))
        # "..., as well as the organic baseline with a 4x larger data pool"
        if also := _AS_WELL_AS.match(sentence, end):
            spans.append((also.end(), _object_end(sentence, also.end())))
    return spans


# The next object of the same verb, after the paper's margin over the first: "surpassing the 80B X by
# 28% on WISE and the 27B Y by 37% on Z".
_AND_NEXT_BEATEN = re.compile(
    r"\s+by\s+(?:up\s+to\s+)?\d[\d.]*\s?(?:\\?%|x|×|points?)?(?:\s+on\s+[\w\-]+)?\s*,?\s+and\s+"
    r"(?=(?:the\s+)?(?:\d[\d.]*\s?(?-i:[KMBT])\b|(?-i:[A-Z])))",  # a name, not the next margin ("and 7.5%")
    re.IGNORECASE,
)


def _object_end(sentence: str, start: int) -> int:
    """Where one beaten name from `start` ends, with its bracket or the size of its group."""
    found = _OBJECT_END.search(sentence, start, start + MAX_OBJECT)
    end = found.start() if found else min(len(sentence), start + MAX_OBJECT)
    for after in (_BRACKETED, _BETWEEN_DASHES, _APPOSITION, _WITH_SIZE, _WITH_MORE, _SIZE_CLASS, _WITH_ITS_PRECISION):
        more = after.match(sentence, end)
        end = more.end() if more else end
    trained = _TRAINED_ON_MORE.search(sentence, start, end + 60)
    return trained.end() if trained and trained.start() <= end else end


def _list_end(sentence: str, start: int, end: int) -> int:
    """Where the list of names beaten from `start` ends, its first name ending at `end`: it goes on
    over names ("X, Y (68.7%) and Z"), and names a generic object in apposition ("the best model, X")."""
    while next_name := _NEXT_NAME.match(sentence, end):
        named = sentence[start:end]
        if not (_A_NAME.search(named) or _GENERIC_NAME.search(named.strip())):
            break
        if _A_SUBJECT.match(sentence, next_name.end()):
            break  # "surpasses X, and Kite-7B outperforms Y": the next name opens a clause of its own
        end = _object_end(sentence, next_name.end())
    return end


def _examples_end(sentence: str, start: int) -> int:
    """Where a list of examples from `start` ends. A bracket the list opens itself goes on
    ("such as X-7B (0.82) and Y-4B (0.84)"); one closing a bracket opened before ends it
    ("(e.g., X, Y)")."""
    limit = min(len(sentence), start + 2 * MAX_OBJECT)
    for found in _EXAMPLES_END.finditer(sentence, start, limit):
        if found.group() != ")" or sentence.count("(", start, found.start()) <= sentence.count(
            ")", start, found.start()
        ):
            return found.start()
    return limit
