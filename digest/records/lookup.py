"""What a command says of an id that names no record: where the paper is, or what was likely meant.

Curators copy ids from several places: `digest review` prints a record's id, while fetch and the
site speak arXiv ids, and a slug is easy to mistype. A command that finds no record says which it
was: a rejected paper, the record holding that arXiv id, or the closest ids (a rejected paper's
among them, said to be rejected).
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from ..text.arxiv import ARXIV_ID
from .regular import read_regular
from .rejected import REJECTED_DIR, rejected_path
from .store import PAPERS_DIR, record_path


def no_such_paper(data_dir: Path, paper_id: str) -> str:
    """The error for an id with no record in papers/, with the likeliest meaning when there is one."""
    return f"no paper with id {paper_id!r} in {data_dir / PAPERS_DIR}{_likely(data_dir, paper_id)}"


def _likely(data_dir: Path, paper_id: str) -> str:
    if "/" not in paper_id and rejected_path(data_dir, paper_id).is_file():
        return f" (it was rejected: {rejected_path(data_dir, paper_id)})"
    if ARXIV_ID.match(paper_id) and (holder := holding_arxiv_id(data_dir, paper_id)):
        where = "" if holder.parent.name == PAPERS_DIR else ", rejected"
        return f" (arXiv {paper_id} is the record {holder.stem!r}{where}: give that id)"
    stem = Path(paper_id).stem.lower()  # "FocusLLM", "focusllm.yaml"
    if stem != paper_id and record_path(data_dir, stem).is_file():
        return f" (did you mean {stem!r}?)"
    if stem != paper_id and rejected_path(data_dir, stem).is_file():
        return f" (did you mean {stem!r}? it was rejected: {rejected_path(data_dir, stem)})"
    # A near spelling, of a record or of a rejected paper (said so: a curator may mean to bring it back).
    ids = {path.stem: "" for path in (data_dir / PAPERS_DIR).glob("*.yaml")}
    ids |= {path.stem: ", rejected" for path in (data_dir / REJECTED_DIR).glob("*.yaml") if path.stem not in ids}
    close = difflib.get_close_matches(stem, sorted(ids), n=2, cutoff=0.8)
    return f" (did you mean {' or '.join(f'{c!r}{ids[c]}' for c in close)}?)" if close else ""


def holding_arxiv_id(data_dir: Path, arxiv_id: str) -> Path | None:
    """The record (in papers/, else rejected/) whose `arxiv_id:` line is this id: a scan of the
    files' text, a few milliseconds at thousands of records, only when an id names no record."""
    line = re.compile(rf"^arxiv_id: ['\"]?{re.escape(arxiv_id)}['\"]?\s*$", re.MULTILINE)
    for folder in (PAPERS_DIR, REJECTED_DIR):
        for path in sorted((data_dir / folder).glob("*.yaml")):
            try:
                text = read_regular(path).decode("utf-8", "replace")
            except OSError:
                continue
            if line.search(text):
                return path
    return None
