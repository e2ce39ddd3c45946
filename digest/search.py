"""Search a built site the way its browser search ranks pages.

`load_index(site_dir)` reads `search/search_index.json` (written by Material for MkDocs'
search plugin) and builds a lunr.py index from it exactly as Material 9.8.1's search worker
builds its lunr.js index; `search(index, query)` runs a query the way the worker does and
returns one `Hit` per page in the order the browser lists them.

What the worker does, and so what this module does (read from the TypeScript sources kept in
`material/templates/assets/javascripts/workers/search.*.min.js.map`):

* Index: ref `location`; the fields and boosts of the index's own `config.fields` (the plugin
  defaults them to title 1e3, text 1, tags 1e6; a boost of 0 counts as 1, as in lunr.js), and
  any other field named there, such as the digest's `first_author` (digest/search_fields.py);
  BM25 with `b = 0` (no field-length normalisation); a document's `boost` front matter.
* Tokenizer and pipeline: Material's tokenizer and lunr.js's trimmer, stop word filter and
  stemmer, as named in `config.pipeline` (digest/search_tokens.py).
* Query: trimmed; an arXiv reference read as its bare id (digest/search_worker.py: "arXiv:", an
  arXiv or Hugging Face address, a version and ".pdf" dropped); a quoted phrase becomes required
  terms (`"a b"` -> `+a +b`), less its stop words, which the index drops (search_worker.py); each
  word is cut by lunr's query lexer (whitespace and `-`) and by `config.separator`; every resulting
  term without `+`/`-`/`~`/`^` gets a trailing `*`, and, as the digest mends the worker
  (digest/search_worker.py), is also sent as typed, so a whole word outranks longer words it begins
  (`zero zero*`). A side effect of the worker's code: a hyphenated word keeps its hyphen, so
  `flashattention-2` is sent to lunr as `flashattention-2* flashattention-2*` (before the mend),
  which lunr reads as the exact (pipelined) term `flashattention` plus the prefix `2*`. Wildcard
  terms skip the query pipeline.
* Close spellings: a query that matches no document is run once more with each word of five
  letters or more sent as `word~1` (digest/search_worker.py), so a typo finds its pages; the
  typed word still counts as not found in the re-scoring below.
* A number after a word: as the digest mends the worker (digest/search_worker.py), a number
  of one or two digits (3, 12, 2.5) typed right after a word that is no stop word is held by a
  document only where it follows that word: in one field, a word beginning with the first
  right before one beginning with the number (lunr's `position` metadata, `SearchIndex.positions`:
  "FlashAttention-3", "Llama 3.1"), or the two written as one ("SageAttention3"). Elsewhere it
  counts as not found, in the re-scoring and the words-first order below (and the browser lists
  it under "Missing"). "FlashAttention-3" listed first SageAttention2++, SeerAttention and MoDA,
  which hold FlashAttention and, elsewhere, some number beginning with 3 ("3.9×", "and 3 more");
  the papers naming FlashAttention-3 now come first. The query is unchanged (`3 3*`), so the
  same pages match: those without it follow, holding one word fewer.
* Re-scoring: each matching document's lunr score is multiplied by `1 + boost**2`, where
  boost = 1 for a page's first document (its article, the part above the first heading),
  0 for a section, plus the share of the query's (non stop word) terms that matched.
* Words first: as the digest mends the worker (digest/search_worker.py), results are sorted
  by how many of the query's words each document holds, then by that score. A word is held
  as the re-scoring finds it (a word of the document begins with it, so `offload` is held by
  "offloading"); stop words are not counted (lunr finds "the" at the start of "thermal"), nor
  `-excluded` words. Counted per document, as pages are ranked: all the words in one section
  or in the article (title, details and tags), not gathered from a long page's sections. So
  a title's 1000x boost decides only between documents holding as many words: for "KV cache
  offloading", the two papers holding all three words came 17th and 18th, under titles holding
  "KV cache", and now come right after the offloading topic's own pages. A one-word query
  ranks as by the score alone (every match holds the word), and so does a typo retried one
  letter off (no match holds the word as typed).
* Grouping: results are sorted as above, then grouped under their page (the article's
  location) in order of each page's best document, so a page ranks by its best section.
  There is no score threshold: every match is listed. The browser renders the first ten
  pages at once, the rest as one scrolls; within a page it shows the article, then the
  sections scoring as much as the page's first document (those holding fewer words after it
  too, when they score more), then "N more on this page".

The port is pinned to MATERIAL_VERSION and LUNR_PY_VERSION (tests/test_search_unit.py fails
on other versions), and tests/test_browser.py checks on every run that the real search box, in
Chromium, lists the same first ten pages for the relevance table's queries and awkward ones.

Differences from the browser. Checked by running Material 9.8.1's own worker
(search.*.min.js, with lunr.js 2.3.9 inside) under Node on the same search_index.json: 409
queries (the site's words, pairs, prefixes, "phrases", +/-, fuzzy~, boost^, field:, stray
punctuation) on 7 configurations (default; Material's documented separator; the digest's
recommended one; with the stemmer; with trimmer and stemmer; scratch sites) gave the same
pages, sections, scores and order, except as listed here. The words-first order was checked
the same way, the mended worker under Node against this module on the digest's own index: 492
queries (the relevance table's, the browser test's, 395 drawn from the site's words: pairs,
triples, title words, prefixes, stop words, +/-, "phrases", fuzzy~, boost^, field:), with the
digest's pipeline and with the stemmer, gave every page, best section and score alike (the
worker without this mend disagreed on 160 of them). So was the number after a word, with the
`first_author` field in the index: 770 queries (those tables', the audit's, words and numbers
as the pages write them, hyphenated, joined, after a stop word, first in the query: 244 with a
number after a word), with the digest's pipeline and with trimmer and stemmer, gave the same
first ten pages, best sections and scores, but one query of stop words alone under the stemmer
("and are": NaN scores, below; so before this mend too). The worker without it: 232 differed.

* Fuzzy queries (`word~1`): pages with equal scores may come in another order (1 of 20).
  For prefix queries lunr.py would also order ties differently (it walks a token set in
  insertion order, JavaScript lists digit keys first); this module reorders the index's
  token set to close that gap, but cannot reach the query's own fuzzy automaton.
* An edit distance above 2 (`word~100`) is taken as 2: lunr walks every word within the
  distance, which at 100 takes minutes for one query (the browser's tab hangs as long).
* A query of only `-excluded` words (or only unmatched stop words): the worker divides 0 by
  0 and lists every page with score NaN; here the score is 0. The order is the same, but where
  pages scoring NaN mix with pages that score (stop words beginning longer words: "and are"
  under the stemmer, where JavaScript's sort leaves NaN where it falls).
* Stemmer and trimmer: see digest/search_tokens.py (3 differences in 84,102 words).
* The separator is compiled by Python's `re`, where `\\w`, `\\b` and `\\d` also match
  non-ASCII letters and digits (JavaScript's are ASCII-only): this only matters next to
  accented or non-Latin letters. A separator using JavaScript-only syntax is refused.
* lunr rounds each term weight to 3 decimals, half up in JavaScript and half to
  even in Python: an exact tie at the fourth decimal could differ by 0.001 (never seen).
* Not reproduced: languages other than English (lunr-languages stemmers, the Japanese and
  Chinese segmenters: such an index is refused), search suggestions (`search.suggest`
  proposes a completion of the last word from page titles and never changes the ranking)
  and highlighting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from lunr.builder import Builder
from lunr.exceptions import BaseLunrException
from lunr.index import Index
from lunr.pipeline import Pipeline
from lunr.query import Query, QueryPresence
from lunr.query_lexer import QueryLexer
from lunr.query_parser import QueryParser
from lunr.stop_word_filter import WORDS as STOP_WORDS

from .errors import SearchIndexError
from .search_tokens import PIPELINE_FUNCTIONS, js_stemmer, material_token_positions, material_tokens, split_ranges
from .search_worker import NUMBER_AFTER_A_WORD, STOP_WORD_IN_QUOTES, bare_arxiv_ids, close_spellings, mend_lunr_py

# The versions this port was read from and checked against. On an upgrade, re-check the port
# against the new search worker (the browser test in tests/test_browser.py), then move the pins.
MATERIAL_VERSION = "9.8.1"  # mkdocs-material: its search worker, with lunr.js 2.3.9 inside
LUNR_PY_VERSION = "0.8.0"  # lunr.py, whose internals are patched: token set edges and names, Porter stemmer

SEARCH_DIFFERENCES = (
    f"Ranks pages as the site's own search box does (Material for MkDocs {MATERIAL_VERSION}, lunr.js 2.3.9), "
    "rebuilt with lunr.py from SITE/search/search_index.json with the index's own fields, boosts, "
    "separator and pipeline. The query is rewritten as the browser rewrites it: each word also "
    'matches as a prefix (a trailing *), "quoted words" are all required (stop words aside), +word is required, '
    "-word excluded; a query that finds nothing is tried again with its longer words spelled one "
    "letter off (a typo). Pages holding more of the query's words come first, then the higher "
    "scores. A number typed right after a word (FlashAttention-3, Llama 3) counts only where it "
    "follows that word. One result per page, ranked by its best section. Checked against "
    "Material's own search code: same pages, scores and order, except that fuzzy queries "
    "(word~1) may order equal scores differently and a query of only -words scores 0 (the "
    "browser: NaN). English sites only; no suggestions or highlighting."
)

INDEX_PATH = Path("search") / "search_index.json"
MAX_EDIT_DISTANCE = 2  # word~2 finds typos; word~100 matches everything and takes minutes
_FUZZY = re.compile(r"~([0-9]+)")
Doc = dict[str, Any]  # one document of the search index, as JSON
Scored = tuple[Doc, float, int]  # a matching document, its re-scored score, its count of query words
Positions = dict[str, list[int]]  # an indexed term -> where it stands in a field (lunr.js's `position`)

# Fields the worker's query parser knows, whatever the index has (parseSearchQuery).
QUERY_FIELDS = ["title", "text", "tags"]


@dataclass(frozen=True)
class Hit:
    """One page in the results, as the browser lists it."""

    location: str  # the page's best-scoring document: the page itself or "page/#section"
    title: str  # that document's title
    score: float  # its score after the worker's re-scoring
    words: int  # how many of the query's words it holds: the page's rank, then the score
    page: str  # the page URL, without #anchor
    page_title: str  # the title the browser shows as the result's heading


@dataclass
class SearchIndex:
    """A built site's search documents, indexed as the browser indexes them."""

    lunr_index: Index
    documents: dict[str, Doc]  # ref -> document, as the worker's document map
    articles: dict[str, Doc]  # a section's ref -> its page's article
    separator: re.Pattern[str]
    pipeline: Pipeline = field(default_factory=Pipeline)  # the index's, which made its terms of the tokens
    _positions: dict[tuple[str, str], Positions] = field(default_factory=dict, repr=False)
    _terms: dict[str, str | None] = field(default_factory=dict, repr=False)

    def positions(self, ref: str, name: str) -> Positions:
        """Where each term of a document's field stands, as lunr.js keeps it in the worker (the
        `position` metadata the mended worker reads: a number after a word). Worked out the first
        time it is asked for, not for every document: few queries need it."""
        key = (ref, name)
        if key not in self._positions:
            value = self.documents[ref].get(name) if ref in self.documents else None
            positions: Positions = {}
            for token, position in material_token_positions(value, self.separator) if value is not None else []:
                if (term := self._indexed_term(token)) is not None:
                    positions.setdefault(term, []).append(position)
            self._positions[key] = positions
        return self._positions[key]

    def _indexed_term(self, token: str) -> str | None:
        """The term lunr indexes a token as, after the index's pipeline (None: a stop word, dropped)."""
        if token not in self._terms:
            out = self.pipeline.run_string(token)
            self._terms[token] = str(out[0]) if out else None
        return self._terms[token]


# ---------------------------------------------------------------------------
# Loading


def load_index(site_dir: Path) -> SearchIndex:
    """Read `site_dir/search/search_index.json` and index it with the index's own config."""
    data = _read_index_file(Path(site_dir))
    config, docs = data["config"], data["docs"]
    _refuse_other_languages(config)
    separator = _compile_separator(config["separator"])
    documents, articles = _document_map(docs)
    pipeline = Pipeline()
    pipeline.add(*_pipeline_functions(config))
    return SearchIndex(_build_lunr_index(config, docs, separator), documents, articles, separator, pipeline)


def _read_index_file(site_dir: Path) -> Doc:
    if not site_dir.is_dir():
        raise SearchIndexError(f"{site_dir}: no built site there; run make build (mkdocs build) first")
    path = site_dir / INDEX_PATH
    if not path.is_file():
        raise SearchIndexError(f"{path}: no search index; run make build (mkdocs build, with the search plugin) first")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SearchIndexError(
            f"{path}: not a readable search index ({exc}); run make build (mkdocs build) again"
        ) from exc
    if not isinstance(data, dict) or not {"config", "docs"} <= data.keys() or "fields" not in data["config"]:
        raise SearchIndexError(f"{path}: not written by Material for MkDocs' search plugin (no config.fields)")
    return data


def _refuse_other_languages(config: Doc) -> None:
    if list(config.get("lang") or ["en"]) != ["en"]:
        raise SearchIndexError(
            f"search lang is {config['lang']}: digest search reproduces English search only (lang: en)"
        )


def _compile_separator(source: str) -> re.Pattern[str]:
    try:
        return re.compile(source)
    except re.error as exc:
        raise SearchIndexError(f"search separator {source!r} is not a Python regular expression: {exc}") from exc


def _document_map(docs: list[Doc]) -> tuple[dict[str, Doc], dict[str, Doc]]:
    """The worker's setupSearchDocumentMap: a page's first document is its article, keyed by
    the page path; later documents of the page are its sections, keyed by their location."""
    documents: dict[str, Doc] = {}
    articles: dict[str, Doc] = {}
    for doc in docs:
        path = doc["location"].split("#")[0]
        article = documents.get(path)
        if article is None:
            documents[path] = doc
        else:
            documents[doc["location"]] = doc
            articles[doc["location"]] = article
    return documents, articles


def _pipeline_functions(config: Doc) -> list[Callable[..., Any]]:
    enabled = set(config.get("pipeline") or [])
    return [fn for name, fn in PIPELINE_FUNCTIONS.items() if name in enabled]


def _build_lunr_index(config: Doc, docs: list[Doc], separator: re.Pattern[str]) -> Index:
    mend_lunr_py()  # as the built site's worker is mended (search_worker.py)
    builder = Builder()
    builder.b(0)  # Material turns off field-length normalisation
    builder.ref("location")
    for name, spec in config["fields"].items():
        # lunr.js reads a boost with `boost || 1`, so 0 (or none) means 1
        builder.field(name, boost=(spec or {}).get("boost") or 1, extractor=_field_extractor(name, separator))
    enabled = set(config.get("pipeline") or [])
    builder.pipeline.add(*_pipeline_functions(config))
    if "stemmer" in enabled:
        builder.search_pipeline.add(js_stemmer)
    for doc in docs:
        builder.add(doc, attributes={"boost": doc.get("boost") or 1})
    index = builder.build()
    _order_edges_like_javascript(index.token_set)
    return index


DIGITS = frozenset("0123456789")


def _order_edges_like_javascript(token_set: Any) -> None:
    """Put digit edges first in every node of the index's token set, as JavaScript's
    Object.keys lists integer-like keys first: lunr expands a prefix query (`2*`) in that
    order, and the order decides how equal scores are ranked."""
    seen, stack = set(), [token_set]
    while stack:
        node = stack.pop()
        if node.id in seen:
            continue
        seen.add(node.id)
        digits = sorted(edge for edge in node.edges if edge in DIGITS)
        node.edges = {edge: node.edges[edge] for edge in [*digits, *(e for e in node.edges if e not in DIGITS)]}
        stack.extend(node.edges.values())


def _field_extractor(name: str, separator: re.Pattern[str]) -> Callable[[Doc], list[str] | None]:
    # lunr.py always runs its own tokenizer, which keeps each list item as one token:
    # handing it Material's tokens as a list makes it index exactly those.
    def extract(doc: Doc) -> list[str] | None:
        return None if doc.get(name) is None else material_tokens(doc[name], separator)

    return extract


# ---------------------------------------------------------------------------
# Querying


def search(index: SearchIndex, query: str, limit: int = 10) -> list[Hit]:
    """The first `limit` pages for `query`, ranked and grouped as the browser does."""
    return [_page_hit(index, group) for group in _page_groups(index, query)[:limit]]


def _capped_distance(match: re.Match[str]) -> str:
    """`~N` with N at most MAX_EDIT_DISTANCE (a number of 5,000 digits is one too: never int() it)."""
    digits = match[1].lstrip("0") or "0"
    return f"~{min(int(digits), MAX_EDIT_DISTANCE) if len(digits) == 1 else MAX_EDIT_DISTANCE}"


def _page_groups(index: SearchIndex, query: str) -> list[list[Scored]]:
    """Every matching document with its re-scored score and its count of query words, grouped
    by page, best page first."""
    lunr_query = _FUZZY.sub(_capped_distance, transform_query(query, index.separator))
    if not lunr_query:
        return []
    try:
        clause_terms = _query_terms(lunr_query)
        results = index.lunr_index.search(lunr_query) or index.lunr_index.search(close_spellings(lunr_query))
    except BaseLunrException:
        return []  # the worker answers an invalid query (e.g. "foo:bar^x") with no results
    numbers = _numbers_after_words(clause_terms)
    scored = []
    for result in results:
        if (doc := index.documents.get(result["ref"])) is None:
            continue
        metadata = result["match_data"].metadata
        found = _terms_found(clause_terms, list(metadata))
        for word, number in numbers:  # as the mended worker finds them (search_worker.py)
            found[number] = _follows(index, result["ref"], metadata, word, number)
        score = result["score"] * (1 + _post_query_boost(index, doc, found) ** 2)
        scored.append((doc, score, _words_found(found)))
    # As the mended worker sorts (search_worker.py): the most query words first, then the score;
    # stable, like Array.prototype.sort.
    scored.sort(key=lambda item: (-item[2], -item[1]))
    groups: dict[str, list[Scored]] = {}
    for item in scored:
        article = index.articles.get(item[0]["location"], item[0])
        groups.setdefault(article["location"], []).append(item)
    return list(groups.values())


def _post_query_boost(index: SearchIndex, doc: Doc, found: dict[str, bool]) -> float:
    """The worker's boost: 1 for a page's article, plus the share of query terms found."""
    is_article = doc["location"] not in index.articles
    # with no countable term (only stop words) the worker divides 0 by 0; count it as none found
    share = sum(found.values()) / len(found) if found else 0.0
    return int(is_article) + share


def _words_found(found: dict[str, bool]) -> int:
    """How many of the query's words a document holds, whole or as the start of a longer word:
    the found terms but stop words ("the" is found in "then")."""
    return sum(1 for term, is_found in found.items() if is_found and term and term not in STOP_WORDS)


_NUMBER_AFTER_A_WORD = re.compile(NUMBER_AFTER_A_WORD)


def _numbers_after_words(clause_terms: list[str]) -> list[tuple[str, str]]:
    """Each number of one or two digits (a version: 3, 12, 2.5) typed right after a word that is
    no stop word, with that word: the query's words taken each once, in the order typed."""
    words = list(dict.fromkeys(clause_terms))
    return [
        (word, number)
        for word, number in pairwise(words)
        if _NUMBER_AFTER_A_WORD.fullmatch(number) and word and word not in STOP_WORDS
    ]


def _follows(index: SearchIndex, ref: str, metadata: dict[str, dict[str, Any]], word: str, number: str) -> bool:
    """Whether the document holds `number` right after `word` (`metadata`: the terms it matched,
    and in which fields): a term beginning with the word written together with the number
    ("sageattention3"), or, in one field, a term beginning with the word and right after it one
    beginning with the number ("flashattention", "3")."""
    if any(term.startswith(word + number) for term in metadata):
        return True

    def at(prefix: str, name: str) -> set[int]:
        return {
            position
            for term, names in metadata.items()
            if term.startswith(prefix) and name in names
            for position in index.positions(ref, name).get(term, ())
        }

    names = {name for names in metadata.values() for name in names}
    return any({position + 1 for position in at(word, name)} & at(number, name) for name in names)


def _terms_found(clause_terms: list[str], matched_terms: list[str]) -> dict[str, bool]:
    """getSearchQueryTerms: a query term is found when a matched index term starts with it;
    a stop word that was not found does not count against the document."""
    found: dict[str, bool] = {}
    remaining = list(clause_terms)
    for matched in matched_terms:
        for term in [term for term in remaining if matched.startswith(term)]:
            found[term] = True
            remaining.remove(term)
    for term in remaining:
        if term and term not in STOP_WORDS:
            found[term] = False
    return found


def _query_terms(lunr_query: str) -> list[str]:
    """parseSearchQuery: the query's wanted (not `-`) terms, lowercased, wildcards removed."""
    query = Query(QUERY_FIELDS)
    QueryParser(lunr_query, query).parse()
    terms = []
    for clause in query.clauses:
        if clause.presence == QueryPresence.PROHIBITED:
            continue
        term = clause.term
        term = term[1:] if term.startswith("*") else term
        term = term[:-1] if term.endswith("*") else term
        terms.append(term)
    return terms


def _page_hit(index: SearchIndex, group: list[Scored]) -> Hit:
    best, score, words = group[0]
    article = index.articles.get(best["location"], best)
    return Hit(
        location=best["location"],
        title=best["title"],
        score=score,
        words=words,
        page=best["location"].split("#")[0],
        page_title=article["title"],
    )


# ---------------------------------------------------------------------------
# The worker's query transformation (query/transform, query/_ transformSearchQuery)

_QUOTED = re.compile(r'"([^"]+)"')
# Inside quotes, the start (when it is ASCII) and every run of spaces become " +".
_PHRASE_GAPS = re.compile(r"^(?![^\x00-\x7F]|$)|\s+")
# Stray quotes and operators standing alone ("a + b", "a -") are dropped.
_STRAY_OPERATORS = re.compile(r'"|(?:^|\s+)[*+\-:^~]+(?=\s+|$)')


def transform_query(query: str, separator: re.Pattern[str]) -> str:
    """The query string the worker hands to lunr for what the user typed."""
    # As the mended worker does (search_worker.py): an arXiv reference is read as its bare id.
    parts = _QUOTED.split(_QUOTED.sub(_phrase_without_stop_words, bare_arxiv_ids(query.strip())))
    query = "".join(_js_replace_all(_PHRASE_GAPS, " +", part) if i % 2 else part for i, part in enumerate(parts))
    query = _STRAY_OPERATORS.sub("", query)
    terms = [term for part in re.split(r"\s+", query) for term in _split_query_part(part, separator)]
    terms = [term + "1" if re.search(r"[~^]$", term) else term for term in terms]
    # As the mended worker does (search_worker.py): a bare word is sent whole and as a prefix.
    return " ".join(term if re.search(r"^[+-]|[~^][0-9]+$", term) else f"{term} {term}*" for term in terms)


def _phrase_without_stop_words(quoted: re.Match[str]) -> str:
    """A quoted phrase less its stop words, as the mended worker sends it (search_worker.py): the
    index drops them, so a phrase that required one ("Yuxiong He") found no page."""
    words = [word for word in re.split(r"\s+", quoted[1]) if _not_a_stop_word(word)]
    return '"' + " ".join(words) + '"'


def _not_a_stop_word(word: str) -> bool:
    """As lunr.stopWordFilter of the word in lower case, less what is not a letter or digit."""
    bare = re.sub(STOP_WORD_IN_QUOTES, "", word.lower(), flags=re.ASCII)
    return bool(bare) and bare not in STOP_WORDS


def _split_query_part(part: str, separator: re.Pattern[str]) -> list[str]:
    """Cut one whitespace-free part of the query into terms, keeping the part's modifiers
    around each; as in the worker, every term carries the whole rest of its part."""
    terms = []
    lexer = QueryLexer(part)
    lexer.run()
    for lexeme in lexer.lexemes:
        start, end, text = lexeme["start"], lexeme["end"], lexeme["string"]
        if lexeme["type"] == QueryLexer.FIELD and text not in QUERY_FIELDS:
            part = part[:end] + " " + part[end + 1 :]  # "foo:bar" is two words, not a field
        elif lexeme["type"] == QueryLexer.TERM:
            terms += [part[:start] + text[a:b] + part[end:] for a, b in split_ranges(text, separator)]
    return terms


def _js_replace_all(pattern: re.Pattern[str], replacement: str, text: str) -> str:
    """String.prototype.replace with a global regex: after an empty match JavaScript moves
    on one character, where Python's re.sub may still match at the same place."""
    pieces, copied, position = [], 0, 0
    while position <= len(text) and (match := pattern.search(text, position)):
        pieces += [text[copied : match.start()], replacement]
        copied = match.end()
        position = match.end() if match.end() > match.start() else match.start() + 1
    return "".join(pieces) + text[copied:]
