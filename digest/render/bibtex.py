"""BibTeX for each paper: the entry its page shows, and papers.bib, every entry in the site.

`@misc` entries keyed the way Google Scholar and DBLP key them, which a reader's own .bib is most
likely keyed by already: the first author's family name, the year and the first word of the title
that is not a short function word, in ASCII lower case (`rajbhandari2021zeroinfinity`). A page's
slug would clash in a reader's file (`parrot`, `position`) and may run to 64 characters. Keys
that clash in the digest: the paper the store saw first keeps the key, a later one gets it with
b, c, ... after it, so adding a paper changes no other's key (a reader's audit: with letters in id
order, `fan2026flashprefill` became `fan2026flashprefilla` when its V2 arrived, and broke the
reader's .tex). With an arXiv id, the entry
names it the way arXiv's own export does (`eprint`, `archivePrefix = {arXiv}`, `url`). Written by
hand rather than by a BibTeX library: an entry is a few fixed fields, and the part that needs care,
making record text safe inside a field, is what a library leaves to its caller
(digest/text/bibtex.py does it).
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterator
from functools import partial

from slugify import slugify

from ..derive.corpus import Corpus, Derived
from ..records.model import Paper
from ..text.arxiv import abs_url
from ..text.bibtex import bibtex_names, bibtex_text, family_name
from ..text.latex import delatex
from .context import RenderContext

_TITLE_WORDS = re.compile(r"[^\s:;,!?/()\[\]]+")  # "Nexus:Proactive" is two words, "ZeRO-Infinity" one
# Words no key is named by, as Google Scholar skips them: "On the Difficulty of ..." is `difficulty`.
_MINOR_WORDS = frozenset("a an the on of in at to for and or by with from via is are do does".split())
_KEYS = "citation keys"  # context.once: paper id -> its key


def bibtex_entry(derived: Derived, key: str) -> str:
    paper = derived.paper
    fields = [("title", f"{{{bibtex_text(paper.title)}}}")]  # double braces: keep the title's capitals
    if paper.authors:
        fields.append(("author", bibtex_names(paper.authors)))
    if derived.year:
        fields.append(("year", str(derived.year)))
    if paper.arxiv_id:
        fields += [("eprint", paper.arxiv_id), ("archivePrefix", "arXiv"), ("url", abs_url(paper.arxiv_id))]
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields)
    return f"@misc{{{key},\n{body}}}\n"


def papers_bib(context: RenderContext) -> str:
    """Every paper's entry; the last build's entry of a paper whose record, year and key are equal
    is reused (an edit while serving writes one entry again, not every one)."""
    corpus = context.corpus
    entries = "\n".join(_reused_entry(context, derived) for derived in corpus.papers.values())
    return (
        f"% ML Systems Paper Digest: {len(corpus.papers)} papers, "
        "keyed by first author, year and first word of the title.\n\n"
        f"{entries}"
    )


def _reused_entry(context: RenderContext, derived: Derived) -> str:
    key = citation_key(context, derived.id)
    return context.reuse(
        f"bibtex:{derived.id}", (derived.paper, derived.year, key), partial(bibtex_entry, derived, key)
    )


def citation_key(context: RenderContext, paper_id: str) -> str:
    """The paper's key, from the keys of the whole digest (worked out once per build)."""
    return context.once(_KEYS, partial(citation_keys, context.corpus))[paper_id]


def citation_keys(corpus: Corpus) -> dict[str, str]:
    # A record with no `added` was written by hand before ingest dated records: it came first.
    first_seen = sorted(corpus.papers.values(), key=lambda derived: (derived.paper.added or "", derived.id))
    return unique_keys({derived.id: key_stem(derived.paper, derived.year) for derived in first_seen})


def key_stem(paper: Paper, year: int | None) -> str:
    """`rajbhandari2021zeroinfinity`; with no author `zeroinfinity2021`, not a key that starts
    with the year; a title with no word of its own falls back on the paper's id."""
    family = key_text(family_name(paper.authors[0])) if paper.authors else ""
    word = first_title_word(paper.title) or key_text(paper.id)
    year_text = str(year or "")
    return f"{family}{year_text}{word}" if family else f"{word}{year_text}"


def first_title_word(title: str) -> str:
    words = (key_text(word) for word in _TITLE_WORDS.findall(delatex(title)))
    return next((word for word in words if word and word not in _MINOR_WORDS), "")


def key_text(text: str) -> str:
    """Lower-case ASCII letters and digits: accents transliterated (Höllein: hollein), LaTeX
    accents read (M\\'elange: melange), punctuation dropped (ZeRO-Infinity: zeroinfinity)."""
    return str(slugify(delatex(text), separator=""))


def unique_keys(stems: dict[str, str]) -> dict[str, str]:
    """Paper id -> key, `stems` given in the order the store first saw the papers: the first paper of
    a stem keeps it; a later one gets the stem and b, c, ..., skipping any key that is another
    paper's stem."""
    taken, owned = set(stems.values()), set()
    keys: dict[str, str] = {}
    for paper_id, stem in stems.items():
        if stem not in owned:
            keys[paper_id] = stem
            owned.add(stem)
            continue
        keys[paper_id] = next(key for key in (stem + suffix for suffix in _suffixes()) if key not in taken)
        taken.add(keys[paper_id])
    return keys


def _suffixes() -> Iterator[str]:
    """b, ..., z, aa, ab, ...: the second paper of a key is its "b"."""
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            if letters != ("a",):
                yield "".join(letters)
