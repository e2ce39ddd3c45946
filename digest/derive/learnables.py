"""What the topic model sees of a store's papers, kept between commands.

The curator commands that ask the model (`review`, `accept` without `--topics`, `explain`,
`fetch`) need every record's and every rejected paper's words and rule scores. At 10,000 records,
reading and scoring them takes most of a minute, and between two commands almost none has changed.
So what the model sees of each file is kept in a cache with the file's stamp (mtime, size, inode), and
reused while the file, the taxonomy and the code that derives it are unchanged: a record edited,
added or removed is read again, the rest is not.

The cache is the digest's own JSON (never pickle), written atomically to the user's cache folder
($DIGEST_CACHE, else $XDG_CACHE_HOME or ~/.cache, then ml-systems-paper-digest/), one file per
store, never into the store: a dry run writes nothing there. A cache that cannot be read or
written is ignored. Delete it at any time.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..records.model import Paper, Source
from ..records.rejected import load_rejection, rejected_paths
from ..records.store import TAXONOMY_FILE, Stamp, load_paper, record_paths
from . import classify as classify_module
from . import learn, patterns, rules
from .classify import Classification, TopicMatch, classify
from .learn import Example
from .suggest import Learnable
from .taxonomy import Taxonomy

CACHE_VARIABLE = "DIGEST_CACHE"
_VERSION = 3  # 2: "words", cut by learn.words; 3: "rule_hits"
_CODE = (classify_module, learn, patterns, rules)  # what the cached values are computed by


def store_learnables(data_dir: Path, taxonomy: Taxonomy) -> tuple[list[Learnable], list[Learnable]]:
    """Every record of `data_dir` and every rejected paper, as the model sees them, in file order.
    Raises the DataError of the first record that cannot be read."""
    cache_file = _cache_file(data_dir)
    key = _key(data_dir)
    cached = _read(cache_file, key)
    fresh: dict[str, Any] = {}

    def learnables(paths: list[Path], load: Callable[[Path], Paper], rejected: bool) -> list[Learnable]:
        found = []
        for path in paths:
            stamp, name = Stamp.of(path), f"rejected/{path.name}" if rejected else path.name
            entry = cached.get(name)
            if entry is None or stamp is None or entry["stamp"] != [stamp.mtime_ns, stamp.size, stamp.inode]:
                paper = load(path)
                item = Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy), rejected)
                entry = _entry(item, stamp)
            else:
                item = _learnable(entry, taxonomy, rejected)
            fresh[name] = entry
            found.append(item)
        return found

    records = learnables(record_paths(data_dir), lambda path: load_paper(path).paper, rejected=False)
    rejected = learnables(rejected_paths(data_dir), lambda path: load_rejection(path).paper, rejected=True)
    if fresh != cached:
        _write(cache_file, {"key": key, "entries": fresh})
    return records, rejected


def cache_folder() -> Path:
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ml-systems-paper-digest"


def _cache_file(data_dir: Path) -> Path:
    store = hashlib.sha256(str(data_dir.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return cache_folder() / f"learnables-{store}.json"


def _key(data_dir: Path) -> str:
    """What every cached value depends on besides its file: the taxonomy and the deriving code."""
    digest = hashlib.sha256(f"{_VERSION}".encode())
    for path in [data_dir / TAXONOMY_FILE, *(Path(str(module.__file__)) for module in _CODE)]:
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def _entry(item: Learnable, stamp: Stamp | None) -> dict[str, Any]:
    return {
        "stamp": [stamp.mtime_ns, stamp.size, stamp.inode] if stamp else None,
        "paper": item.paper.to_mapping(),
        "scores": [[s.slug, s.score, s.threshold] for s in item.classification.scores],
        "fallback": item.classification.topics[0].slug if item.classification.fallback else None,
        "words": list(item.example.words),
        "rule_scores": list(item.example.rule_scores),
        "rule_hits": [list(hit) for hit in item.example.rule_hits],
    }


def _learnable(entry: dict[str, Any], taxonomy: Taxonomy, rejected: bool) -> Learnable:
    mapping = dict(entry["paper"])
    mapping["sources"] = [Source(**source) for source in mapping["sources"]]
    paper = Paper(**mapping)
    scores = tuple(TopicMatch(slug, score, threshold, ()) for slug, score, threshold in entry["scores"])
    # The order classify() gives: best score first, ties in taxonomy order; the fallback alone when none passed.
    passed = tuple(sorted((s for s in scores if s.passed), key=lambda s: -s.score))
    topics = passed or (TopicMatch(entry["fallback"] or taxonomy.fallback.slug, 0, 0, ()),)
    classification = Classification(topics, (), (), not passed, scores)
    hits = tuple((str(name), float(value)) for name, value in entry["rule_hits"])
    return Learnable(paper, classification, Example(tuple(entry["words"]), tuple(entry["rule_scores"]), hits), rejected)


def _read(cache_file: Path, key: str) -> dict[str, Any]:
    try:
        document = json.loads(cache_file.read_text(encoding="utf-8"))
        return document["entries"] if document.get("key") == key else {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _write(cache_file: Path, document: dict[str, Any]) -> None:
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".learnables-", dir=cache_file.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(document, out, ensure_ascii=False, separators=(",", ":"))
        os.replace(temporary, cache_file)
    except OSError:
        pass  # a cache that cannot be written is no cache: the next command reads the records again
