"""What the topic model learns from: the curated records and the rejected papers of a store."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..records.rejected import load_rejection
from .classify import classify
from .learnables import store_learnables
from .suggest import Learnable, fit_text
from .taxonomy import Taxonomy

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer


def training_set(data_dir: Path, taxonomy: Taxonomy) -> tuple[list[Learnable], list[Learnable]]:
    """What the model learns from, the curated records and every rejected paper; and the store's
    records, as the model sees them (read through the cache: digest/derive/learnables.py)."""
    records, rejected = store_learnables(data_dir, taxonomy)
    return [item for item in records if item.paper.topics] + rejected, records


def store_vectorizer(training: Sequence[Learnable], records: Sequence[Learnable]) -> TfidfVectorizer | None:
    """The store's text model, as a build fits it: on the words of every record and rejected paper."""
    return fit_text([*records, *(item for item in training if item.rejected)])


def rejected_learnable(path: Path, taxonomy: Taxonomy) -> Learnable:
    """A rejected paper as the model learns from it: a paper in no topic."""
    paper = load_rejection(path).paper
    return Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy), rejected=True)
