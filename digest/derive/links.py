"""Cross-links between papers: systems an abstract names, text similarity, shared hardware.

Names are found with one dictionary lookup per word n-gram that begins a name. Similarity is the
cosine of the papers' rows of the build's one TF-IDF matrix (learn.fit_vectorizer), each cut to its
heaviest words first, so that two papers meet on the rare words they share, not on the common ones,
and the product stays sparse at 10,000 papers.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy import sparse

from ..text.keys import name_key

_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*|\d+[A-Za-z][A-Za-z0-9]*")
SIGNATURE_TERMS = 24  # heaviest words kept per paper
MIN_SIMILARITY = 0.13  # under it, papers of a shared topic or narrow tag share a few words of the field and little else
# Two papers of no shared topic need more: measured on two audited samples (benchmarks/related_audit.py)
MIN_SIMILARITY_ACROSS_TOPICS = 0.25
NARROW_TAG_SHARE = 0.1  # a tag of fewer papers than this share ("quantization") says what two papers share
SHARED_WORDS_SHOWN = 3  # the words a related paper is shown with
LIKENESS = "likeness"  # a related paper listed for its abstract's words, not as an anchor
SAME_TOPIC_WEIGHT = 1.5  # how much more alike a paper of a shared topic ranks (related_papers)
_BLOCK = 512  # papers compared at a time: a block of scores is _BLOCK x papers


@dataclass(frozen=True)
class Mention:
    target: str  # id of the paper whose system is named; for a system not in the digest, its catalogue name
    name: str  # the words as the abstract wrote them
    sentence: str
    in_digest: bool = True  # False: a system of the baseline catalogue, no paper of the store


def find_mentions(
    papers: dict[str, tuple[list[str], str]],
    split_sentences: Callable[[str], list[str]],
    keep: Callable[[str, str, int], bool] | None = None,
    systems: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, list[Mention]]:
    """For each paper id, the other papers whose system names appear in its abstract.

    `papers` maps id -> (system names of that paper, abstract). A name counts when it has
    at least three letters or digits and is written with a capital or a digit (so "holmes"
    in running text is not the Holmes system), and when `keep(paper id, sentence, where the name
    starts in it)` says so, if given (`compared_with` keeps only names named as baselines).

    `systems` maps the name of a system that is no paper of the store (the baseline catalogue)
    to its spellings: found the same way, as a Mention with `in_digest` False, after the papers'
    (a paper's own system name is never its baseline); a spelling listed in lower case counts
    written exactly so ("llama.cpp"). A spelling that is also a paper's system is that paper's.
    """
    by_key, lower_spellings = _names_by_key(papers, systems or {})
    listed = [name for names, _ in papers.values() for name in names]
    listed += [spelling for spellings in (systems or {}).values() for spelling in spellings]
    longest = max((len(name.split()) for name in listed), default=1) + 1
    prefixes = {key[:end] for key in by_key for end in range(len(key) + 1)}
    mentions: dict[str, list[Mention]] = {}
    word_keys: dict[str, str] = {}  # the same words recur in every abstract: key each once
    for paper_id, (own_names, abstract) in papers.items():
        own = {name_key(name) for name in own_names}
        found: dict[tuple[str, bool], Mention] = {}
        for sentence in split_sentences(abstract):
            versioned = set()  # where a name's listed versions were found: not the bare name too
            for match, name, written in _versions_named(sentence):
                key = name_key(name)
                target = by_key.get(key)
                if target and target[0] != paper_id and not (not target[1] and key in own) and target not in found:
                    versioned.add(match.start())
                    if keep is None or keep(paper_id, sentence, match.start()):
                        found[target] = Mention(target[0], written, sentence, target[1])
            matches = list(_WORD_RE.finditer(sentence))
            words = [match.group() for match in matches]
            # A phrase's key is its words' keys joined.
            keys = [
                word_keys[word] if word in word_keys else word_keys.setdefault(word, name_key(word)) for word in words
            ]
            for start in range(len(words)):
                if matches[start].start() in versioned:
                    continue
                phrases = _phrase_keys(keys[start : start + longest], prefixes)
                for size in range(len(phrases), 0, -1):
                    key = phrases[size - 1]
                    target = by_key.get(key)
                    phrase = words[start : start + size]
                    if (
                        target
                        and target[0] != paper_id
                        and not (not target[1] and key in own)
                        and target not in found
                        and (_looks_like_name(phrase) or " ".join(phrase) in lower_spellings)
                    ):
                        if keep is None or keep(paper_id, sentence, matches[start].start()):
                            found[target] = Mention(target[0], " ".join(phrase), sentence, target[1])
                        break
        mentions[paper_id] = list(found.values())
    return mentions


# A name and the versions of it a sentence lists: "FlashAttention 2/3", "FlashAttention-3/4".
_VERSION_LIST = re.compile(r"\b([A-Za-z][A-Za-z0-9]*[A-Za-z])[ -]?(\d{1,2}(?:/\d{1,2})+)(?![\w/.])")


def _versions_named(sentence: str) -> list[tuple[re.Match[str], str, str]]:
    """Each version a list names, as (its match, the versioned name, the words as written):
    "FlashAttention 2/3" names FlashAttention-2 and FlashAttention-3, neither of which the
    word-by-word reading finds (it reads "FlashAttention", then no word it knows)."""
    return [
        (match, f"{match[1]}-{version}", match[0])
        for match in _VERSION_LIST.finditer(sentence)
        for version in match[2].split("/")
    ]


def _phrase_keys(keys: list[str], prefixes: set[str]) -> list[str]:
    """The keys of the phrases of the first word of `keys`, of the first two, ..., as long as each
    begins some name's key (`prefixes`): no longer phrase can be a name then, and most words
    begin none, so a sentence costs a lookup per word, not one per phrase of every length."""
    phrases: list[str] = []
    for key in keys:
        phrase = (phrases[-1] if phrases else "") + key
        if phrase not in prefixes:
            break
        phrases.append(phrase)
    return phrases


def _names_by_key(
    papers: dict[str, tuple[list[str], str]], systems: Mapping[str, Sequence[str]]
) -> tuple[dict[str, tuple[str, bool]], set[str]]:
    """Each name's key -> (the paper id or catalogue name it names, whether it is a paper of the
    store), the papers' first; and the names listed in lower case, found only spelled so."""
    by_key: dict[str, tuple[str, bool]] = {}
    lower_spellings: set[str] = set()
    for paper_id, (names, _) in sorted(papers.items()):
        for name in names:
            key = name_key(name)
            if len(key) >= 3:
                by_key.setdefault(key, (paper_id, True))
    for system, spellings in sorted(systems.items()):
        for spelling in spellings:
            key = name_key(spelling)
            if len(key) >= 3:
                by_key.setdefault(key, (system, False))
            if spelling == spelling.lower():
                lower_spellings.add(spelling)
    return by_key, lower_spellings


# Comparison language right before a name: "over X", "than X", "compared with X", "outperforms X",
# "comparable to X", "we compare our kernel with X", "2.5 times of X", "while X only achieves". A name
# without it is a predecessor, a building block or related work ("built on X", "integrated into X").
_COMPARED_BEFORE = re.compile(
    r"\b(?:vs\.?|versus|over|than|compared\s+(?:to|with|against)|relative\s+to|against|outperform\w*|"
    r"surpass\w*|beats?|exceed\w*|comparable\s+(?:to|with)|on\s+par\s+with|\d\s*times\s+(?:that\s+)?of|"
    r"compare[sd]?\s+(?:[\w\-]+\s+){1,3}?(?:with|to|against))"
    r"\b[^.;]{0,40}$"
    # "while"/"whereas" opens a baseline's clause only with the name as its subject: "while Y only
    # achieves", not "while maintaining compatibility with Y".
    r"|\b(?:while|whereas)\s+(?:the\s+|a\s+)?$",
    re.IGNORECASE,
)
_COMPARED_AFTER = re.compile(r"^\S*\s+(?:\w+\s+){0,2}(?:baselines?|only\s+achieves?|fails?)\b", re.IGNORECASE)
# A result given as a share of another system's: "achieving 97.3% of FlashAttention-2's efficiency".
_SHARE_OF = re.compile(r"\b\d+(?:\.\d+)?\s?\\?%\s+of\s+(?:the\s+)?$")
_SHARE_OF_ITS = re.compile(
    r"^\S*?(?:'s|’s)?\s+(?:[\w-]+\s+)?(?:efficiency|throughput|performance|speed|FLOPS|TFLOPS|MFU|utili[sz]ation)\b",
    re.IGNORECASE,
)


# A comparison that opens its clause with a common noun ends at its comma: in "compared to
# the baseline, X reduces latency", X is the subject, not what it is compared with.
_FRONTED_COMPARISON = re.compile(
    r"(?:^|[,;]\s*)(?:compared\s+(?:to|with|against)|relative\s+to)\s+(?:[a-z\-]+\s+){0,3}?[a-z\-]+,\s*$",
    re.IGNORECASE,
)
# A name of plain words that another name qualifies is that one's method: "Ulysses Sequence
# Parallelism" is not "Sequence Parallelism" (a descriptive "Ring-Style" does not qualify it).
_PLAIN_WORDS = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")
_QUALIFYING_NAME = re.compile(r"(?<=\s)(?<![\w-])[A-Z][A-Za-z0-9]*\s+$")


def compared_with(sentence: str, start: int) -> bool:
    """Whether the name at sentence[start:] is named as a baseline."""
    if _FRONTED_COMPARISON.search(sentence, 0, start):
        return False
    if _PLAIN_WORDS.match(sentence, start) and _QUALIFYING_NAME.search(sentence, 0, start):
        return False
    before, after = sentence[max(0, start - 60) : start], sentence[start : start + 60]
    return bool(
        _COMPARED_BEFORE.search(before)
        or _COMPARED_AFTER.match(after)
        or (_SHARE_OF.search(before) and _SHARE_OF_ITS.match(after))
    )


def _looks_like_name(words: list[str]) -> bool:
    return any(ch.isupper() or ch.isdigit() for ch in words[0])


class Related(NamedTuple):
    """One related paper: why it is listed, and how alike the two abstracts read."""

    paper: str
    score: float  # the cosine of the two papers' signatures (0 for an anchor that shares no word)
    shared: tuple[str, ...] = ()  # the words that weigh most in the likeness, heaviest first
    reason: str = LIKENESS  # LIKENESS, or why an anchor is listed first (related.py)


def related_papers(
    ids: Sequence[str],
    matrix: sparse.csr_matrix,
    top: int = 5,
    topics: Sequence[frozenset[str]] | None = None,
    *,
    term_weights: np.ndarray | None = None,
    vocabulary: Sequence[str] = (),
    anchors: Mapping[str, Sequence[tuple[str, str]]] | None = None,
    tags: Sequence[frozenset[str]] | None = None,
) -> dict[str, list[Related]]:
    """Top `top` most similar papers for each id (ties in the order of `ids`), by cosine over the
    papers' TF-IDF rows (`matrix`, one per id), each cut to its SIGNATURE_TERMS heaviest words.
    `term_weights` (one per column, field_terms.py) scales the words first, so that a model's name
    or an abstract's glue word neither enters a signature nor links two papers.

    With `topics` (one set per id), a paper sharing a topic ranks as if SAME_TOPIC_WEIGHT times as
    alike, and needs only MIN_SIMILARITY; two papers of no shared topic (a paper in none among them)
    need MIN_SIMILARITY_ACROSS_TOPICS: across fields a few rare words are more often a coincidence.
    A shared tag of `tags` (one set per id) held by under NARROW_TAG_SHARE of the papers ("quantization",
    not "llm") lets two papers of different topics in with MIN_SIMILARITY too, unranked by it.
    The cosine stays the score. `vocabulary` names the columns, for the shared words.

    `anchors` maps an id to the papers listed before any likeness, each with its reason (a baseline,
    a paper of the same series: anchors.py), in that order, whatever their cosine; `top` counts the
    papers after them (a page lists baselines in a section of their own, not among these)."""
    matrix = sparse.csr_matrix(matrix)
    shared = np.asarray((matrix > 0).sum(axis=0)).ravel() > 1  # a word of one paper links no two
    weights = shared.astype(np.float64) * (term_weights if term_weights is not None else 1.0)
    signatures = _signatures(matrix @ sparse.diags(weights))
    transposed = signatures.T.tocsr()
    slugs = sorted(set().union(*topics)) if topics is not None else []
    membership = _membership(topics or [frozenset()] * len(ids), slugs)
    counts = Counter(tag for own in tags or () for tag in own)
    narrow = sorted(tag for tag, count in counts.items() if count < NARROW_TAG_SHARE * len(ids))
    tagged = _membership(tags or [frozenset()] * len(ids), narrow)
    related = {}
    position = {paper: index for index, paper in enumerate(ids)}
    # each paper's signature as {column: weight}, for the shared words of the few pairs listed
    weighed = (
        [dict(zip(*(part.tolist() for part in _row(signatures, row)), strict=True)) for row in range(len(ids))]
        if vocabulary
        else []
    )
    for start in range(0, len(ids), _BLOCK):
        scores = (signatures[start : start + _BLOCK] @ transposed).toarray()
        for offset, row in enumerate(scores):
            paper = start + offset
            row[paper] = 0.0  # a paper is not related to itself
            candidates = np.flatnonzero(row > MIN_SIMILARITY)
            rank = row[candidates]
            if topics is not None:
                shared_topic = membership[candidates] @ membership[paper] > 0
                shared_tag = tagged[candidates] @ tagged[paper] > 0
                near = shared_topic | shared_tag | (rank > MIN_SIMILARITY_ACROSS_TOPICS)
                candidates, rank = candidates[near], np.where(shared_topic, rank * SAME_TOPIC_WEIGHT, rank)[near]
            first = [(position[other], reason) for other, reason in (anchors or {}).get(ids[paper], ())]
            listed = {j for j, _ in first}
            # the best `top` besides the anchors are enough: no more candidates are read
            wanted = top + len(listed)
            if len(rank) > wanted:  # only those as near as the wanted-th can be listed: sort no more
                kept = rank >= -np.partition(-rank, wanted - 1)[wanted - 1]
                candidates, rank = candidates[kept], rank[kept]
            nearest = candidates[np.argsort(-rank, kind="stable")[:wanted]].tolist()
            best = [j for j in nearest if j not in listed][:top]
            related[ids[paper]] = [
                Related(ids[j], round(float(row[j]), 3), _shared_words(weighed, paper, j, vocabulary), reason)
                for j, reason in [*first, *((j, LIKENESS) for j in best)]
            ]
    return related


def _membership(groups: Sequence[frozenset[str]], names: Sequence[str]) -> np.ndarray:
    """One row per paper, one column per name: two papers share a group when their rows meet."""
    return np.array([[name in own for name in names] for own in groups], dtype=np.float64).reshape(
        len(groups), len(names)
    )


def _shared_words(weighed: list[dict[int, float]], one: int, other: int, vocabulary: Sequence[str]) -> tuple[str, ...]:
    """The SHARED_WORDS_SHOWN words that weigh most in two papers' likeness (ties to the first word)."""
    if not vocabulary:
        return ()
    own, theirs = weighed[one], weighed[other]
    products = sorted((-own[column] * theirs[column], column) for column in own.keys() & theirs.keys())
    return tuple(vocabulary[column] for _, column in products[:SHARED_WORDS_SHOWN])


def _row(matrix: sparse.csr_matrix, row: int) -> tuple[np.ndarray, np.ndarray]:
    start, end = matrix.indptr[row], matrix.indptr[row + 1]
    return matrix.indices[start:end], matrix.data[start:end]


def _signatures(matrix: sparse.csr_matrix) -> sparse.csr_matrix:
    """Each row cut to its SIGNATURE_TERMS heaviest entries (ties to the first word), at unit length."""
    matrix.eliminate_zeros()
    rows: list[int] = []
    columns: list[int] = []
    values: list[float] = []
    for row in range(matrix.shape[0]):
        start, end = matrix.indptr[row], matrix.indptr[row + 1]
        data, indices = matrix.data[start:end], matrix.indices[start:end]
        keep = np.lexsort((indices, -data))[:SIGNATURE_TERMS]
        norm = float(np.sqrt(np.sum(data[keep] ** 2))) or 1.0
        rows += [row] * len(keep)
        columns += indices[keep].tolist()
        values += (data[keep] / norm).tolist()
    return sparse.csr_matrix((values, (rows, columns)), shape=matrix.shape, dtype=np.float64)


def group_by(values: dict[str, list[str]]) -> dict[str, list[str]]:
    """Invert id -> [keys] into key -> [ids], ids in sorted order."""
    groups: dict[str, list[str]] = defaultdict(list)
    for paper_id in sorted(values):
        for key in dict.fromkeys(values[paper_id]):
            groups[key].append(paper_id)
    return dict(groups)
