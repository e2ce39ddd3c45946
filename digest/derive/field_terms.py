"""Which words count when related papers are matched (links.related_papers): the field's terms.

Two abstracts that share "firstly", "unfortunately" or "Qwen2" share a habit of writing or a model
they ran, not a problem. A word counts fully when some paper of the corpus (records and rejected)
has it in its title: titles name problems and techniques ("sparse", "prefill", "offloading"), not
the glue of an abstract. A model family's name ("Qwen", "Llama"), written with a parameter count
("Qwen2.5-7B", "Llama-2 70B") in MODEL_FAMILY_PAPERS papers or more, counts for nothing: it is the
workload of many papers of every kind. Measured by benchmarks/related_audit.py.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from .learn import words

NO_TITLE_WEIGHT = 0.5  # a word no title uses: half its TF-IDF weight
MODEL_FAMILY_PAPERS = 3  # a name written with a parameter count in this many papers is a model family
# A capitalised name, its version and variant, then a parameter count: "Qwen2.5-7B", "Llama-3.1-70B",
# "LLaMA 13B", "Mixtral-8x7B". The family is the name's first word ("qwen2", "llama").
_SIZED_MODEL = re.compile(r"\b([A-Z][A-Za-z0-9]*)(?:[-.][A-Za-z0-9.]+)*[- ](?:\d+x)?\d+(?:\.\d+)?[BM]\b")
_LETTERS = re.compile(r"[a-z]+")


def model_families(texts: Iterable[str]) -> frozenset[str]:
    """The letters of each model family's name ("qwen" for Qwen2.5 and Qwen3), from the texts."""
    papers: Counter[str] = Counter()
    for text in texts:
        found = set()
        for match in _SIZED_MODEL.finditer(text):
            first = words(match.group(1), "")
            if first and (letters := _LETTERS.match(first[0])):
                found.add(letters.group())
        papers.update(found)
    return frozenset(name for name, count in papers.items() if count >= MODEL_FAMILY_PAPERS)


def field_term_weights(vocabulary: Sequence[str], titles: Iterable[str], texts: Iterable[str]) -> np.ndarray:
    """One weight per word of `vocabulary`: 1 for a word of some title, NO_TITLE_WEIGHT for
    the others, 0 for a model family's name (any of its versions: "qwen2", "qwen3")."""
    in_titles = {word for title in titles for word in words(title, "")}
    families = model_families(texts)
    weights = np.ones(len(vocabulary))
    for column, word in enumerate(vocabulary):
        letters = _LETTERS.match(word)
        if letters and letters.group() in families:
            weights[column] = 0.0
        elif word not in in_titles:
            weights[column] = NO_TITLE_WEIGHT
    return weights
