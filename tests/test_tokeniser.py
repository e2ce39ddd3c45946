"""The digest's tokeniser and its stop words, kept free of scikit-learn so that deriving a paper
does not wait for its import (digest/build.py imports it while a child derives)."""

from __future__ import annotations

import subprocess
import sys

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from digest.derive.learn import words
from digest.derive.stop_words import ENGLISH_STOP_WORDS as COPIED

from .conftest import REPO


def test_the_copied_stop_words_are_scikit_learns():
    assert COPIED == ENGLISH_STOP_WORDS


def test_the_tokeniser_drops_stop_words_and_counts_the_title_twice():
    assert words("Paged attention", "We serve the model with paged KV caches.") == (
        "paged",
        "attention",
        "paged",
        "attention",
        "serve",
        "model",
        "paged",
        "kv",
        "caches",
    )


def test_the_plugin_imports_no_scikit_learn_until_it_fits_a_model():
    probe = "import sys, digest.plugin; print('sklearn' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    assert result.stdout.strip() == "False"
