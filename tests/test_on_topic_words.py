"""The on-topic model's words are scaled by how well they tell on-topic papers from the others
(digest/derive/learn.py, `_log_count_ratio_scale`): what the fetch filter ranks by."""

from __future__ import annotations

import numpy as np
from scipy import sparse

from digest.derive.learn import _log_count_ratio_scale


def test_a_word_of_one_side_weighs_more_than_a_word_both_sides_use():
    # Columns: a word of the on-topic papers only, one of the others only, one all use; then a
    # rule's column and a share's, which are not words and keep their weight.
    features = sparse.csr_matrix(
        np.array(
            [
                [0.5, 0.0, 0.3, 1.0, 0.2],
                [0.4, 0.0, 0.3, 0.0, 0.1],
                [0.0, 0.6, 0.3, 1.0, 0.0],
                [0.0, 0.5, 0.3, 0.0, 0.3],
            ]
        )
    )
    on_topic = np.array([1, 1, 0, 0])
    weights = _log_count_ratio_scale(features, on_topic, words=3).diagonal()
    assert weights[0] > 1.5 and weights[1] > 1.5  # either side's own word, as telling
    assert weights[2] == 1.0  # a word both sides use alike keeps its TF-IDF
    assert list(weights[3:]) == [1.0, 1.0]


def test_swapping_the_sides_leaves_each_word_as_telling():
    features = sparse.csr_matrix(np.array([[1.0, 1.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]))
    one_way = _log_count_ratio_scale(features, np.array([1, 1, 0, 0]), words=2).diagonal()
    flipped = _log_count_ratio_scale(features, np.array([0, 0, 1, 1]), words=2).diagonal()
    # Swapping the sides leaves how telling each word is unchanged: |log ratio| is symmetric.
    assert np.allclose(one_way, flipped)
    assert one_way[0] > 1.0 and one_way[1] > 1.0
