"""Cross-links between papers: systems an abstract names, text similarity, shared hardware.

Everything here is near-linear in the number of papers: names are found with one dictionary
lookup per word n-gram, and similarity only compares papers that share a rare, heavy term
(an inverted index over each paper's top terms, with capped postings) instead of all pairs.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..text.keys import name_key

_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*|\d+[A-Za-z][A-Za-z0-9]*")
_TERM_RE = re.compile(r"[a-z][a-z0-9]+(?:-[a-z0-9]+)*")
_STOPWORDS = frozenset(
    """
a about above across after again against all almost also although always among an and another any
are as at be because been before being below between both but by can could did do does doing done
during each either enable enables even every few for from further had has have having here how
however if in into is it its itself just large less many may more most much must new no nor not
novel of off often on once only or other our out over own paper per present propose proposed provide
rather same several should show shows significant significantly since so some such than that the
their them then there these they this those through thus to too under until up upon use used uses
using various very via was we were what when where which while who whom why will with within without
would yet achieve achieves approach based existing model models method methods results work
framework system systems
""".split()
)
SIGNATURE_TERMS = 24  # heaviest terms kept per paper
POSTING_CAP = 48  # papers kept per term: bounds the work per paper whatever the corpus size
_SUFFIX_RE = re.compile(r"(?<=[a-z]{3})(?:ing|ed|es|s)$")


@dataclass(frozen=True)
class Mention:
    target: str  # id of the paper whose system is named
    name: str  # the words as the abstract wrote them
    sentence: str


def find_mentions(
    papers: dict[str, tuple[list[str], str]],
    split_sentences: Callable[[str], list[str]],
    keep: Callable[[str, str, int], bool] | None = None,
) -> dict[str, list[Mention]]:
    """For each paper id, the other papers whose system names appear in its abstract.

    `papers` maps id -> (system names of that paper, abstract). A name counts when it has
    at least three letters or digits and is written with a capital or a digit (so "holmes"
    in running text is not the Holmes system), and when `keep(paper id, sentence, where the
    name starts in it)` says so, if given (`compared_with` keeps only names named as baselines).
    """
    by_key: dict[str, str] = {}
    for paper_id, (names, _) in sorted(papers.items()):
        for name in names:
            key = name_key(name)
            if len(key) >= 3:
                by_key.setdefault(key, paper_id)
    longest = max((len(name.split()) for names, _ in papers.values() for name in names), default=1) + 1
    mentions: dict[str, list[Mention]] = {}
    word_keys: dict[str, str] = {}  # the same words recur in every abstract: key each once
    for paper_id, (_, abstract) in papers.items():
        found: dict[str, Mention] = {}
        for sentence in split_sentences(abstract):
            matches = list(_WORD_RE.finditer(sentence))
            words = [match.group() for match in matches]
            # A phrase's key is its words' keys joined.
            keys = [
                word_keys[word] if word in word_keys else word_keys.setdefault(word, name_key(word)) for word in words
            ]
            for start in range(len(words)):
                for size in range(min(longest, len(words) - start), 0, -1):
                    target = by_key.get("".join(keys[start : start + size]))
                    phrase = words[start : start + size]
                    if target and target != paper_id and target not in found and _looks_like_name(phrase):
                        if keep is None or keep(paper_id, sentence, matches[start].start()):
                            found[target] = Mention(target, " ".join(phrase), sentence)
                        break
        mentions[paper_id] = list(found.values())
    return mentions


# Comparison language right before a name: "over X", "than X", "compared with X", "outperforms X",
# "while X only achieves". A name without it is a predecessor, a building block or related work.
_COMPARED_BEFORE = re.compile(
    r"\b(?:vs\.?|versus|over|than|compared\s+(?:to|with|against)|relative\s+to|against|outperform\w*|"
    r"surpass\w*|beats?|exceed\w*|while|whereas)\b[^.;]{0,40}$",
    re.IGNORECASE,
)
_COMPARED_AFTER = re.compile(r"^\S*\s+(?:\w+\s+){0,2}(?:baselines?|only\s+achieves?|fails?)\b", re.IGNORECASE)


def compared_with(sentence: str, start: int) -> bool:
    """Whether the name at sentence[start:] is named as a baseline."""
    return bool(
        _COMPARED_BEFORE.search(sentence[max(0, start - 60) : start])
        or _COMPARED_AFTER.match(sentence[start : start + 60])
    )


def _looks_like_name(words: list[str]) -> bool:
    return any(ch.isupper() or ch.isdigit() for ch in words[0])


def related_papers(texts: dict[str, str], top: int = 5) -> dict[str, list[tuple[str, float]]]:
    """Top `top` most similar papers for each id, by cosine over TF-IDF signatures."""
    stems: dict[str, str] = {}  # the vocabulary is small next to the text: stem each word once
    tokens = {
        paper_id: [
            stems[t] if t in stems else stems.setdefault(t, _stem(t))
            for t in _TERM_RE.findall(text.lower())
            if t not in _STOPWORDS
        ]
        for paper_id, text in texts.items()
    }
    document_frequency = Counter(term for words in tokens.values() for term in set(words))
    total = len(texts)
    signatures: dict[str, dict[str, float]] = {}
    for paper_id, words in tokens.items():
        weights = {
            term: (1 + math.log(count)) * math.log(total / document_frequency[term])
            for term, count in Counter(words).items()
            if document_frequency[term] > 1
        }
        heaviest = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:SIGNATURE_TERMS]
        norm = math.sqrt(sum(w * w for _, w in heaviest)) or 1.0
        signatures[paper_id] = {term: w / norm for term, w in heaviest}
    postings: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for paper_id, signature in signatures.items():
        for term, weight in signature.items():
            postings[term].append((paper_id, weight))
    for term, posting in postings.items():
        if len(posting) > POSTING_CAP:
            postings[term] = sorted(posting, key=lambda item: (-item[1], item[0]))[:POSTING_CAP]
    related = {}
    for paper_id, signature in signatures.items():
        scores: dict[str, float] = defaultdict(float)
        for term, weight in signature.items():
            for other, other_weight in postings[term]:
                scores[other] += weight * other_weight
        scores.pop(paper_id, None)  # cheaper than a test per posting: the hot loop of this module
        best = heapq.nsmallest(top, scores.items(), key=lambda item: (-item[1], item[0]))
        related[paper_id] = [(other, round(score, 3)) for other, score in best if score > 0.05]
    return related


def _stem(term: str) -> str:
    """A light stemmer: offloading/offloaded/offloads and SSD/SSDs count as one term."""
    return _SUFFIX_RE.sub("", term)


def group_by(values: dict[str, list[str]]) -> dict[str, list[str]]:
    """Invert id -> [keys] into key -> [ids], ids in sorted order."""
    groups: dict[str, list[str]] = defaultdict(list)
    for paper_id in sorted(values):
        for key in dict.fromkeys(values[paper_id]):
            groups[key].append(paper_id)
    return dict(groups)
