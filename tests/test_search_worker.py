"""The search worker's lunr.js and lunr.py name the nodes of their word automaton unambiguously
(digest/search_worker.py): digits as edge characters next to numeric ids made two nodes one."""

from __future__ import annotations

import shutil
from pathlib import Path

import material
import pytest
from lunr.token_set import TokenSet

from digest.search import SearchIndexError
from digest.search_worker import WORKER_GLOB, mend_lunr_py, mend_worker

MATERIAL_WORKERS = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "workers"


def _node(edges: dict[str, int]) -> TokenSet:
    node = TokenSet()
    for label, child_id in edges.items():
        child = TokenSet()
        child.id = child_id
        node.edges[label] = child
    return node


def test_nodes_whose_edges_read_alike_get_different_names():
    mend_lunr_py()
    # edge "0" to node 12 and "5" to node 3, against "0" to node 1 and "2" to node 53: both "001253" unmended
    assert str(_node({"0": 12, "5": 3})) != str(_node({"0": 1, "2": 53}))
    assert str(_node({"0": 12, "5": 3})) == str(_node({"0": 12, "5": 3}))


def test_the_built_worker_is_mended_once_and_a_changed_worker_is_refused(tmp_path):
    workers = tmp_path / Path(WORKER_GLOB).parent
    shutil.copytree(MATERIAL_WORKERS, workers)
    (worker,) = sorted(tmp_path.glob(WORKER_GLOB))
    original = worker.read_text(encoding="utf-8")
    mend_worker(tmp_path)
    mended = worker.read_text(encoding="utf-8")
    assert mended != original and mended.count('o.id+","') == 1 and mended.count("`${r} ${r}*`") == 1
    assert mended.count("h.length?h:this.index.search(") == 1 and mended.count("terms:o[0].terms") == 1
    assert mended.count("t.trim().replace(/(^|\\s)(?:(?:https?:") == 1
    assert mended.count("let f=he(r,Object.keys(u.metadata));((m,w)=>w.forEach((n,i)=>") == 1
    mend_worker(tmp_path)  # a rebuild that kept the file changes nothing
    assert worker.read_text(encoding="utf-8") == mended
    worker.write_text(original.replace("e=e+s+o.id}", "e=e+s+o.key}"), encoding="utf-8")
    with pytest.raises(SearchIndexError, match=f"{worker.name}: lunr's TokenSet.toString"):
        mend_worker(tmp_path)
    worker.write_text(original.replace("?r:`${r}*`", "?r:`${r}~1`"), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="transformSearchQuery"):
        mend_worker(tmp_path)
    worker.write_text(original.replace("n=this.index.search(e)", "n=this.index.query(e)"), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="Material's search"):
        mend_worker(tmp_path)
    worker.write_text(original.replace("return t.trim().split(", "return t.split("), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="transformSearchQuery \\(its start\\)"):
        mend_worker(tmp_path)
    worker.write_text(original.replace("let f=he(r,", "let f=getTerms(r,"), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="Material's search query terms of a result"):
        mend_worker(tmp_path)
    with pytest.raises(SearchIndexError, match="no search worker"):
        mend_worker(tmp_path / "elsewhere")
