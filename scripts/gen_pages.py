"""mkdocs-gen-files adapter: the digest library makes the pages, this only hands them to MkDocs."""

from pathlib import Path

import mkdocs_gen_files

from digest.store import load_papers

DATA = Path(__file__).resolve().parent.parent / "data"

papers = load_papers(DATA)
with mkdocs_gen_files.open("papers/index.md", "w") as page:
    page.write(f"# Papers\n\n{len(papers)} papers.\n\n")
    for paper in sorted(papers, key=lambda p: p.title.lower()):
        page.write(f"- {paper.title}\n")
