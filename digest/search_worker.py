"""Mends to Material's search worker: each is made the same way in the port (digest/search.py)
but the last, which changes only what the browser shows.

The word automaton. lunr minimises the automaton of an index's words by naming each node with a string of its edges:
the edge's character, then the child's numeric id, with nothing between. With digits for
characters two different nodes can get the same name (edge "0" to node 12 and edge "5" to node 3,
"001253", against edge "0" to node 1 and edge "2" to node 53), and the automaton then spells words
the index does not hold ("2504.03662.12055"). A query that reaches one, such as "2" or
"flashattention-2", throws in the worker and the search box shows nothing. The digest's pages are
full of numbers, so any new record can set this off. Ending each id with a comma makes the names
unique, since ids are digits only.

Whole words first. The worker sends each word typed as a prefix only ("zero" as `zero*`), and lunr
weighs every word the prefix reaches by its rarity, so a rare longer word outranks the word itself:
"ZeRO" listed the zeroth-order paper above ZeRO-Infinity. Each word is now sent as typed too
(`zero zero*`), so a page holding the whole word also matches it, and prefixes still find the rest.

Close spellings. A typo found nothing ("flashatention": "No matching documents"), and no reader
knows lunr's `word~1`. A query that matches no page is now run once more with each word of at
least `CLOSE_SPELLING_MIN` letters sent as `word~1`, which also matches words one edit away. Only
then: a fuzzy word matches many others, and would dilute every query that already finds its pages.
The result still marks the typed word missing, so the reader sees that it was not found as typed.

An arXiv reference as a reader has it. A paper's page holds its arXiv id as "2404.11912", one
word, but a reader copies it from arXiv with its version ("2404.11912v2": "No matching
documents") or pastes the address ("https://arxiv.org/abs/2404.11912", whose words "https",
"arxiv" and "abs" matched 270 pages, "abs" a title's "Absorbing" above the paper itself). The
query now reads such a reference as the bare id first: an arXiv or Hugging Face paper address,
"arXiv:" before the id, a version and ".pdf" after it are dropped.

Every word first. lunr weighs a title's words 1000 times a text's, and the worker's re-scoring (the
share of the query's words found) is too small to overturn that: for "KV cache offloading" the two
papers that offload a KV cache came 17th and 18th, under KV cache compression papers whose titles
hold two of the three words. The worker now sorts its documents by how many of the query's words
each holds (its terms found, stop words aside), then by score, so a title decides only between
documents holding as many words; a one-word query ranks as before.

A version number after its name. lunr finds each word of a query on its own, so in "FlashAttention-3"
(or "FlashAttention 3") the "3", sent as `3 3*`, was held by every page with any number beginning with
3 ("3.9×", "32k", "and 3 more"): SageAttention2++, SeerAttention and Mixture-of-Depths Attention,
which never mention FlashAttention-3, held both words and came first, SeerAttention-R, which beats
it 9×, fourth. A number of one or two digits typed right after a word that is no stop word
(NUMBER_AFTER_A_WORD) is now held by a document only where it follows that word: a word beginning
with the first right before one beginning with the number, in one field (lunr's `position`
metadata, which the worker keeps for its highlights), or the two written as one word
("SageAttention3", when the word is sent as a prefix: `sageattention 3`). Elsewhere the number is
marked missing, as a word the document lacks: the papers naming FlashAttention-3 come first, the
others follow, listed under "Missing: 3". Any other number, and a number first or after a stop
word ("top of 3"), is a word of its own, as before.

Highlights from a page's own link. When a section of a page matches best (a paper's Abstract), the
worker lists the page above it with no terms, so its link (`?h=`) highlighted nothing on the page
the reader opened ("vLLM" led to UniPrefill's page with no word marked). The page's link now
carries the terms of its best section. Scores are untouched: the port needs no such mend.
"""

from __future__ import annotations

import re
from pathlib import Path

from lunr.token_set import TokenSet

from .errors import SearchIndexError

WORKER_GLOB = "assets/javascripts/workers/search.*.min.js"
# lunr.js 2.3.9's TokenSet.prototype.toString, as Material 9.8.1's minified worker has it.
_EDGE_NAMES = "e=e+s+o.id}return e}"
_EDGE_NAMES_MENDED = 'e=e+s+o.id+","}return e}'
# Material's transformSearchQuery, its last step: a word without +, -, ~N or ^N gets a trailing *.
_PREFIX_ONLY = ".map(r=>/(^[+-]|[~^]\\d+$)/.test(r)?r:`${r}*`)"
_WORD_AND_PREFIX = ".map(r=>/(^[+-]|[~^]\\d+$)/.test(r)?r:`${r} ${r}*`)"
# A word the mend above sent whole and as a prefix (`word word*`), long enough to fuzz. Written in
# the syntax JavaScript and Python read alike: the worker and the port run this same pattern.
CLOSE_SPELLING_MIN = 5
_SENT_WHOLE_AND_AS_PREFIX = rf"(^|\s)([^\s~^*:+\-][^\s~^*:]{{{CLOSE_SPELLING_MIN - 1},}}) \2\*(?=\s|$)"
# An arXiv reference as a whole word of the query, and the id it names ($2): written in the
# syntax JavaScript and Python read alike ("\/" is "/" in both), matched ignoring case.
ARXIV_REFERENCE = (
    r"(^|\s)(?:(?:https?:\/\/)?(?:www\.|export\.)?(?:arxiv\.org\/(?:abs|pdf)|huggingface\.co\/papers)\/|arxiv:)?"
    r"(\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?(?=\s|$)"
)
# Material's transformSearchQuery, its first step: the query trimmed, then its "quoted phrases".
_TRIMMED = 'return t.trim().split(/"([^"]+)"/g)'
# ... and within quotes no stop word, each word read in lower case less what matches
# STOP_WORD_IN_QUOTES: the index drops stop words, so a quoted "Yuxiong He" required a "he" no page
# holds and found nothing.
STOP_WORD_IN_QUOTES = r"\W+"
_TRIMMED_WITH_BARE_ARXIV_IDS = (
    f'return t.trim().replace(/{ARXIV_REFERENCE}/gi,"$1$2")'
    '.replace(/"([^"]+)"/g,(m,p)=>\'"\'+p.split(/\\s+/).filter(w=>lunr.stopWordFilter(w.toLowerCase()'
    f'.replace(/{STOP_WORD_IN_QUOTES}/g,""))).join(" ")+\'"\')'
    '.split(/"([^"]+)"/g)'
)
# Material's search(): the index's answer to the query, then scored and grouped.
_SEARCH = "n=this.index.search(e).reduce("
_SEARCH_OR_CLOSE_SPELLINGS = (
    f'n=(h=>h.length?h:this.index.search(e.replace(/{_SENT_WHOLE_AND_AS_PREFIX}/g,"$1$2~1")))'
    "(this.index.search(e)).reduce("
)
# Material's search(): the query's terms a matching document holds (getSearchQueryTerms, `f`), from
# the terms it matched (the keys of `u.metadata`), before they weigh in its score.
_TERMS = "let f=he(r,Object.keys(u.metadata));"
# ... where a number typed right after a word (`NUMBER_AFTER_A_WORD`: the query's words, `r` less
# its -excluded ones, each once in the order typed; the word before no stop word) is held only
# where it follows that word: a matched term beginning with the word stands right before one
# beginning with the number, in one field (lunr's `position` metadata, block << 20 | index), or a
# matched term begins with the two written together.
NUMBER_AFTER_A_WORD = r"^[0-9]{1,2}(\.[0-9]+)?$"
_TERMS_WITH_NUMBERS_BOUND = (
    _TERMS + "((m,w)=>w.forEach((n,i)=>{if(i&&/" + NUMBER_AFTER_A_WORD + "/.test(n)&&lunr.stopWordFilter(w[i-1]))"
    "f[n]=Object.keys(m).some(t=>t.startsWith(w[i-1]+n)||t.startsWith(w[i-1])&&Object.keys(m[t]).some(l=>"
    "m[t][l].position.some(p=>Object.keys(m).some(k=>k.startsWith(n)&&l in m[k]&&m[k][l].position.includes(p+1)))))}))"
    "(u.metadata,[...new Set(r.map(q=>q.term))]);"
)
# Material's search(): its matching documents, sorted by score before they are grouped by page.
_BY_SCORE = ".sort((s,o)=>o.score-s.score)"
# Sorted by how many of the query's words each holds (its terms found, stop words aside), then by
# score. `terms` is Material's getSearchQueryTerms: a query word is found when a word of the
# document begins with it.
_BY_WORDS_THEN_SCORE = (
    ".sort((c=>(s,o)=>c(o.terms)-c(s.terms)||o.score-s.score)"
    "(d=>Object.keys(d).filter(k=>d[k]&&lunr.stopWordFilter(k)).length))"
)
# Material's search(): the page of a best-matching section, listed with no terms.
_PAGE_WITHOUT_TERMS = "o.push(B(_({},a),{score:0,terms:{}}))"
_PAGE_WITH_ITS_SECTION_S_TERMS = "o.push(B(_({},a),{score:0,terms:o[0].terms}))"
MENDS = (
    (_EDGE_NAMES, _EDGE_NAMES_MENDED, "lunr's TokenSet.toString"),
    (_PREFIX_ONLY, _WORD_AND_PREFIX, "Material's transformSearchQuery"),
    (_TRIMMED, _TRIMMED_WITH_BARE_ARXIV_IDS, "Material's transformSearchQuery (its start)"),
    (_SEARCH, _SEARCH_OR_CLOSE_SPELLINGS, "Material's search"),
    (_TERMS, _TERMS_WITH_NUMBERS_BOUND, "Material's search query terms of a result"),
    (_BY_SCORE, _BY_WORDS_THEN_SCORE, "Material's search results' order"),
    (_PAGE_WITHOUT_TERMS, _PAGE_WITH_ITS_SECTION_S_TERMS, "Material's search results of a page"),
)


def mend_worker(site_dir: Path) -> None:
    """Rewrite the built site's search worker with the mends above."""
    workers = sorted(Path(site_dir).glob(WORKER_GLOB))
    if not workers:
        raise SearchIndexError(f"{Path(site_dir) / WORKER_GLOB}: no search worker in the built site to mend")
    for worker in workers:
        code = worker.read_text(encoding="utf-8")
        for original, mended, what in MENDS:
            if mended in code:
                continue  # a `mkdocs serve` rebuild that kept the file
            if code.count(original) != 1:
                raise SearchIndexError(
                    f"{worker}: {what} is not where Material 9.8.1 has it; "
                    "if mkdocs-material was upgraded, update digest/search_worker.py"
                )
            code = code.replace(original, mended)
        worker.write_text(code, encoding="utf-8")


def close_spellings(lunr_query: str) -> str:
    """The query the mended worker runs when `lunr_query` matched nothing: each word it sends
    whole and as a prefix, if of CLOSE_SPELLING_MIN letters or more, as `word~1` instead."""
    return re.sub(_SENT_WHOLE_AND_AS_PREFIX, r"\1\2~1", lunr_query)


_ARXIV_REFERENCE = re.compile(ARXIV_REFERENCE, re.IGNORECASE)


def bare_arxiv_ids(query: str) -> str:
    """The query as the mended worker reads it first: each arXiv reference ("arXiv:2404.11912v2",
    "https://arxiv.org/pdf/2404.11912v1.pdf") as the bare id its paper's page holds."""
    return _ARXIV_REFERENCE.sub(r"\1\2", query)


def mend_lunr_py() -> None:
    """Mend lunr.py's TokenSet.__str__, by which it minimises, the same way (digest/search.py)."""
    TokenSet.__str__ = _edge_names


def _edge_names(node: TokenSet) -> str:
    names = "1" if node.final else "0"
    for label in sorted(node.edges):
        names += f"{label}{node.edges[label].id},"
    return names
