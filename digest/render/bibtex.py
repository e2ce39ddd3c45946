"""BibTeX for each paper: the entry its page shows, and papers.bib, every entry in the site.

`@misc` entries keyed by the paper's id, which is unique in the store and never changes (a
curator may rely on `\\cite{flashattention-2}` for good): no key depends on another paper, so
adding papers changes no key. With an arXiv id, the entry names it the way arXiv's own export
does (`eprint`, `archivePrefix = {arXiv}`, `url`). Written by hand rather than by a BibTeX
library: an entry is a few fixed fields, and the part that needs care, making record text safe
inside a field, is what a library leaves to its caller (digest/text/bibtex.py does it).
"""

from __future__ import annotations

from functools import partial

from ..derive.corpus import Corpus, Derived, Memo, no_memo
from ..text.arxiv import abs_url
from ..text.bibtex import bibtex_names, bibtex_text


def bibtex_entry(derived: Derived) -> str:
    paper = derived.paper
    fields = [("title", f"{{{bibtex_text(paper.title)}}}")]  # double braces: keep the title's capitals
    if paper.authors:
        fields.append(("author", bibtex_names(paper.authors)))
    if derived.year:
        fields.append(("year", str(derived.year)))
    if paper.arxiv_id:
        fields += [("eprint", paper.arxiv_id), ("archivePrefix", "arXiv"), ("url", abs_url(paper.arxiv_id))]
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields)
    return f"@misc{{{paper.id},\n{body}}}\n"


def papers_bib(corpus: Corpus, reuse: Memo = no_memo) -> str:
    """Every paper's entry; `reuse` may give the last build's entry of a paper whose record and
    year are equal (an edit while serving writes one entry again, not every one)."""
    entries = "\n".join(
        reuse(f"bibtex:{derived.id}", (derived.paper, derived.year), partial(bibtex_entry, derived))
        for derived in corpus.papers.values()
    )
    return f"% ML Systems Paper Digest: {len(corpus.papers)} papers, keyed by their ids in the digest.\n\n{entries}"
