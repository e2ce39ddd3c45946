"""Whether a paper evaluates others' models rather than presenting its own: it introduces a
benchmark, a dataset or a corpus ("we introduce X, a benchmark of 405 questions"), or it evaluates
many models or tools ("we evaluate 16 LLMs"). In such a paper "the best models score 62-68%",
"humans achieve 93%" and "LLMs achieve only 63%" report on what was evaluated, not on the paper's
system, so others.py reads them as context (and the paper's headline is its own figure, or none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# "X-Bench", "XBench", "A Benchmark for ...", "Evaluating LLMs on ...", "... Leaderboard".
_TITLE = re.compile(r"Bench\b|\bBenchmark|\bEvaluat|\bTesting\b|\bAssessing\b|\bLeaderboard\b", re.IGNORECASE)
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
