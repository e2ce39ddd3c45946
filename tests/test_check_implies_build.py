"""`digest check` ⇒ the build: whatever check accepts, the digest renders without an error.

Hypothesis writes records the way a careless hand would: right fields with wrong types, wrong
element types inside lists and mappings, unknown keys, odd text. Each example is a real store on
disk (two records, the repo's taxonomy and hardware catalogue); if `check_store` finds nothing
wrong, `build_files` must render every page and export.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from digest.build import BuildCache, build_files
from digest.check import check_store
from digest.errors import DumpError
from digest.ingest import ingest
from digest.records.model import OVERRIDE_KEYS
from digest.records.store import dump_paper, load_papers, record_path
from digest.render.columns import TABLE_COLUMNS
from digest.text.keys import paper_key

from .conftest import DATA, snapshot, with_rules

TEXT = st.text(max_size=40)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**6), st.floats(allow_nan=False, width=32), TEXT)
ANY = st.recursive(
    SCALAR, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3), max_leaves=6
)


def some_of(items: list[str]) -> st.SearchStrategy:
    return st.lists(st.sampled_from(items), max_size=3)


# Printable text: any letter, mark, symbol or space of Unicode, no control characters.
PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs"))


def words(min_size: int = 0, max_size: int = 40) -> st.SearchStrategy:
    return st.text(PRINTABLE, min_size=min_size, max_size=max_size)


# Values of the right shape, chosen to be awkward: names the catalogue lacks, dates without a
# year, ids that point nowhere or at the paper itself, markup and punctuation in text.
GOOD = {
    "title": words(1, 60),
    "abstract": words(1, 200),
    "published": st.sampled_from(["2024-03-06", "2024", "--03-06", None]),
    "authors_count": st.integers(0, 40) | st.none(),
    "upvotes": st.integers(0, 900) | st.none(),
    "organization": words() | st.none(),
    "links": some_of(["https://example.org/p", "http://x.org/a?b=1&c=<2>"]),
    "topics": some_of(["offloading", "serving", "other", "hardware"]),
    "tags": some_of(["memory", "long context", "C++", "a/b"]),
    "notes": words(),
    "abstract_truncated": st.booleans(),
    "overrides": st.fixed_dictionaries(
        {},
        optional={
            "system": words(1, 30).filter(str.strip),
            "hardware": some_of(["H100", "RTX 4090", "Board <X> | 2"]),
            "gpu_count": some_of(["8 GPUs", "1 GPU"]),
            "model_scale": some_of(["175B", "1T"]),
            "precision": some_of(["FP8", "INT4"]),
            "headline": words(1, 30).filter(str.strip),
            "memory_tiers": some_of(["GPU HBM", "tape"]),
            "workloads": some_of(["training", "dreaming"]),
            "parallelism": some_of(["data", "warp"]),
            "code": some_of(["https://github.com/o/r"]),
            "compares_to": some_of(["other-paper", "p"]),
            "published": st.sampled_from(["2031-01-02", "1999", "--12-31"]),
        },
    ),
    "sources": st.lists(
        st.fixed_dictionaries(
            {"file": st.just("sources/dump.txt"), "line": st.integers(1, 40)},
            optional={"date": st.sampled_from(["2024-03-06", "--03-06", None]), "upvotes": st.integers(0, 9)},
        ),
        max_size=2,
    ),
}
# What a careless edit does to one field: another type, or a wrong element inside a list or mapping.
WRONG = st.one_of(
    ANY,
    st.lists(SCALAR, min_size=1, max_size=3),
    st.dictionaries(st.sampled_from([*OVERRIDE_KEYS, "unknown"]), ANY, min_size=1, max_size=2),
    st.sampled_from(["2024-02-30", "javascript:alert(1)", "", "  ", "sources/gone.txt", "quantum"]),
)


@st.composite
def records(draw: st.DrawFn) -> dict:
    """A record with every field of the right shape, and half the time one field broken."""
    optional = draw(st.sets(st.sampled_from([key for key in GOOD if key not in ("title", "abstract")])))
    record = {"id": "p", **{key: draw(GOOD[key]) for key in ("title", "abstract", *sorted(optional))}}
    if draw(st.booleans()):
        broken = draw(st.sampled_from([*GOOD, "colour"]))
        record[broken] = draw(WRONG)
    return record


# Shared by the examples, as `mkdocs serve` shares one between builds: the taxonomy is read once.
CACHE = BuildCache()
OTHER = {
    "id": "other-paper",
    "title": "A Plain Neighbour",
    "abstract": "We train a model on 8 GPUs.",
    "sources": [{"file": "sources/dump.txt", "line": 1}],
}


@settings(
    max_examples=int(os.environ.get("EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(record=records())
def test_whatever_check_accepts_the_build_renders(record):
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder)
        (store / "papers").mkdir()
        (store / "sources").mkdir()
        (store / "sources" / "dump.txt").write_text("A Plain Neighbour\n")
        for name in ("taxonomy.yaml", "hardware.yaml"):
            shutil.copy(DATA / name, store / name)
        for data in (record, OTHER):
            (store / "papers" / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
        problems = check_store(store, columns=TABLE_COLUMNS)  # as `digest check` runs it
        event("refused by check" if problems else "accepted by check")
        if problems:
            return  # refused, with a message: nothing to render
        corpus, files = build_files(store, "https://digest.example/", CACHE)
        assert set(corpus.papers) == {"p", "other-paper"}
        assert "papers/p.md" in files and "papers.csv" in files


# ------------------------------------------------------------------------------------------------
# ingest ⇒ check: whatever a dump holds, ingest writes only records that `digest check` accepts,
# and loses no entry. Dumps are written the way the three layouts look, from hostile text: control
# characters, line separators, addresses that only look like addresses, titles with no letter.

ANY_CHAR = st.characters(codec="utf-8", exclude_characters="\n\r\x00")  # (a NUL byte refuses the file)
WORD = st.text(ANY_CHAR, min_size=1, max_size=12) | st.sampled_from(
    ["http://[x", "https://github.com/o/r", "www.x.org/a]b", "\x1b[31m", "\u2028", "\ufeff", "\x85", "C++", ":", "·"]
)


@st.composite
def dumps(draw: st.DrawFn) -> str:
    lines = [draw(st.sampled_from(["Daily Papers", "Mar 6", "Subscribe", ""]))]
    for _ in range(draw(st.integers(1, 4))):
        lines += ["", " ".join(draw(st.lists(WORD, min_size=1, max_size=8))), ""]
        lines.append(" ".join(draw(st.lists(WORD, min_size=26, max_size=40))) + ".")
        if draw(st.booleans()):
            lines += [
                "",
                draw(st.sampled_from(["• 3 authors", "Zyphra Zyphra"])),
                "·",
                draw(st.sampled_from(["Mar 6, 2024 15", "Feb 30", "Mar 6"])),
            ]
    return "\n".join(lines) + draw(st.sampled_from(["\n", ""]))


@settings(
    max_examples=int(os.environ.get("EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=dumps())
def test_whatever_ingest_writes_check_accepts(text):
    with tempfile.TemporaryDirectory() as folder:
        store, dump = Path(folder) / "data", Path(folder) / "dump.txt"
        store.mkdir()
        dump.write_text(text, encoding="utf-8")
        try:
            report = ingest([dump], store, listing_year=2025)
        except DumpError as refused:
            event("refused: " + refused.message.split(";")[0][:40])
            assert snapshot(store) == {}
            return
        event("ingested")
        assert check_store(with_rules(store)) == []
        papers = load_papers(store)
        assert len(report.new) == len({paper_key(paper.title, paper.abstract) for paper in papers})
        for paper in papers:  # each record reads back as what was written: writing it again changes no byte
            assert dump_paper(paper) == record_path(store, paper.id).read_text(encoding="utf-8")
