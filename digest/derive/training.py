"""What the topic model learns from: the curated records and the rejected papers of a store."""

from __future__ import annotations

from pathlib import Path

from ..records.model import Paper
from ..records.rejected import load_rejection, rejected_paths
from .classify import classify
from .suggest import Learnable
from .taxonomy import Taxonomy


def training_set(data_dir: Path, papers: list[Paper], taxonomy: Taxonomy) -> list[Learnable]:
    """The curated ones of `papers` (the store's records) and every paper the store rejected."""
    return ([Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy)) for paper in papers if paper.topics]
            + [rejected_learnable(path, taxonomy) for path in rejected_paths(data_dir)])


def rejected_learnable(path: Path, taxonomy: Taxonomy) -> Learnable:
    """A rejected paper as the model learns from it: a paper in no topic."""
    paper = load_rejection(path).paper
    return Learnable.of(paper, classify(paper.title, paper.abstract, taxonomy), rejected=True)
