"""A mend to lunr.js inside Material's search worker, and the same to lunr.py.

lunr minimises the automaton of an index's words by naming each node with a string of its edges:
the edge's character, then the child's numeric id, with nothing between. With digits for
characters two different nodes can get the same name (edge "0" to node 12 and edge "5" to node 3,
"001253", against edge "0" to node 1 and edge "2" to node 53), and the automaton then spells words
the index does not hold ("2504.03662.12055"). A query that reaches one, such as "2" or
"flashattention-2", throws in the worker and the search box shows nothing. The digest's pages are
full of numbers, so any new record can set this off. Ending each id with a comma makes the names
unique, since ids are digits only.
"""

from __future__ import annotations

from pathlib import Path

from lunr.token_set import TokenSet

from .errors import SearchIndexError

WORKER_GLOB = "assets/javascripts/workers/search.*.min.js"
# lunr.js 2.3.9's TokenSet.prototype.toString, as Material 9.8.1's minified worker has it.
_EDGE_NAMES = "e=e+s+o.id}return e}"
_EDGE_NAMES_MENDED = 'e=e+s+o.id+","}return e}'


def mend_worker(site_dir: Path) -> None:
    """Rewrite the built site's search worker so its word automaton names nodes unambiguously."""
    workers = sorted(Path(site_dir).glob(WORKER_GLOB))
    if not workers:
        raise SearchIndexError(f"{Path(site_dir) / WORKER_GLOB}: no search worker in the built site to mend")
    for worker in workers:
        code = worker.read_text(encoding="utf-8")
        if _EDGE_NAMES_MENDED in code:
            continue  # a `mkdocs serve` rebuild that kept the file
        if code.count(_EDGE_NAMES) != 1:
            raise SearchIndexError(
                f"{worker}: lunr's TokenSet.toString is not where Material 9.8.1 has it; "
                "if mkdocs-material was upgraded, update digest/search_worker.py"
            )
        worker.write_text(code.replace(_EDGE_NAMES, _EDGE_NAMES_MENDED), encoding="utf-8")


def mend_lunr_py() -> None:
    """Mend lunr.py's TokenSet.__str__, by which it minimises, the same way (digest/search.py)."""
    TokenSet.__str__ = _edge_names


def _edge_names(node: TokenSet) -> str:
    names = "1" if node.final else "0"
    for label in sorted(node.edges):
        names += f"{label}{node.edges[label].id},"
    return names
