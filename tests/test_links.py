"""Cross-links: system names across spellings, similarity, grouping."""

from __future__ import annotations

from scipy import sparse

from digest.derive.learn import Example, fit_vectorizer, words
from digest.derive.links import MIN_SIMILARITY, find_mentions, group_by, related_papers
from digest.text.keys import name_key
from digest.text.sentences import split_sentences


def test_name_key_ignores_case_hyphens_and_spaces():
    assert name_key("FlashAttention-2") == name_key("FlashAttention2") == name_key("flash attention 2")
    assert name_key("ZeRO-Infinity") == name_key("Zero Infinity")
    assert name_key("Megatron-LM") != name_key("Megatron")


def test_mentions_find_systems_across_spellings_and_skip_self_and_lowercase_words():
    papers = {
        "fa2": (["FlashAttention-2"], "FlashAttention-2 partitions work across warps."),
        "fast": (["FastAttention"], "FastAttention extends FlashAttention2 to NPUs. It beats flash attention 2."),
        "zi": (["ZeRO-Infinity"], "ZeRO-Infinity offloads to NVMe."),
        "fuyou": (
            ["Fuyou"],
            "Unlike ZeRO Infinity, Fuyou keeps the GPU busy. Holmes-like is one word, not Holmes' name.",
        ),
        "holmes": (["Holmes"], "Holmes trains across NICs; a holmes in lowercase is a word."),
        "c4": (["C4"], "C4 names a dataset elsewhere."),
    }
    mentions = find_mentions(papers, split_sentences)
    assert [(m.target, m.name) for m in mentions["fast"]] == [("fa2", "FlashAttention2")]
    assert mentions["fast"][0].sentence == "FastAttention extends FlashAttention2 to NPUs."
    assert [(m.target, m.name) for m in mentions["fuyou"]] == [("zi", "ZeRO Infinity"), ("holmes", "Holmes")]
    assert mentions["fuyou"][1].sentence.endswith("not Holmes' name.")
    assert mentions["fa2"] == [] and mentions["holmes"] == []
    assert all(m.target != "c4" for ms in mentions.values() for m in ms)  # two-letter names are too ambiguous


def test_a_list_of_versions_names_each_version_not_the_bare_name():
    """A reader's audit: "outperforms FlashAttention 2/3" read as FlashAttention, unversioned and
    not in the digest, where FlashAttention-2 is a paper of it."""
    papers = {
        "fa2": (["FlashAttention-2"], "FlashAttention-2 partitions work across warps."),
        "lla": (
            ["Parallax"],
            "Parallax raises intensity over FlashAttention. Its kernel outperforms FlashAttention 2/3 at batch 1.",
        ),
        "v4": (["Quill"], "Quill outperforms FlashAttention-3/4 and runs 2/3 of the layers in FP8."),
    }
    catalogue = {"FlashAttention": ["FlashAttention"], "FlashAttention-3": ["FlashAttention-3"]}
    mentions = find_mentions(papers, split_sentences, systems=catalogue)
    assert [(m.target, m.name, m.in_digest) for m in mentions["lla"]] == [
        ("FlashAttention", "FlashAttention", False),  # its own sentence, unversioned
        ("fa2", "FlashAttention 2/3", True),
        ("FlashAttention-3", "FlashAttention 2/3", False),
    ]
    assert mentions["lla"][1].sentence == "Its kernel outperforms FlashAttention 2/3 at batch 1."
    # a version no name of the store or catalogue has (-4) is no mention, nor is the bare name there
    assert [(m.target, m.name) for m in mentions["v4"]] == [("FlashAttention-3", "FlashAttention-3/4")]


def test_related_papers_prefer_shared_rare_terms():
    texts = {
        "nvme-a": "Offloading optimizer state to NVMe SSDs for fine-tuning on one GPU.",
        "nvme-b": "NVMe SSD offloading lets a single GPU fine-tune huge models.",
        "kernel": "A fused attention kernel in Triton for Hopper GPUs.",
        "kernel-b": "Triton attention kernels tuned for Hopper tensor cores.",
        "serve": "Serving LLMs with speculative decoding and a KV cache.",
    }
    matrix = fit_vectorizer([Example(words(text, ""), ()) for text in texts.values()]).transform(
        [words(text, "") for text in texts.values()]
    )
    related = related_papers(list(texts), matrix, top=2)
    assert related["nvme-a"][0][0] == "nvme-b"
    assert related["kernel"][0][0] == "kernel-b"
    assert all(other != paper for paper, pairs in related.items() for other, _ in pairs)
    assert all(len(pairs) <= 2 for pairs in related.values())


def test_a_weak_likeness_is_no_related_paper():
    # unit rows, every word shared by two papers: "b" is 0.07 like "a" (a few common words of the field), "c" 0.5
    rows = [[1.0, 0.0, 0.0], [0.07, (1 - 0.07**2) ** 0.5, 0.0], [0.5, 0.0, 0.75**0.5], [0.0, 0.5**0.5, 0.5**0.5]]
    related = related_papers(["a", "b", "c", "d"], sparse.csr_matrix(rows), top=5)
    assert [paper for paper, _ in related["a"]] == ["c"] and MIN_SIMILARITY > 0.07


def test_a_paper_of_a_shared_topic_ranks_first_among_the_near_ones():
    # unit rows, every word shared by two papers: "b" is 0.5 like "a", "c" 0.4 like it; "c" shares a's topic
    rows = [[1.0, 0.0, 0.0], [0.5, 0.75**0.5, 0.0], [0.4, 0.0, 0.84**0.5], [0.0, 0.5**0.5, 0.5**0.5]]
    ids = ["a", "b", "c", "d"]
    plain = related_papers(ids, sparse.csr_matrix(rows), top=5)
    assert [paper for paper, _ in plain["a"]] == ["b", "c"]
    topics = [frozenset({"kernels"}), frozenset({"serving"}), frozenset({"kernels"}), frozenset({"serving"})]
    ranked = related_papers(ids, sparse.csr_matrix(rows), top=5, topics=topics)
    assert ranked["a"] == [("c", 0.4), ("b", 0.5)]  # the cosine stays the score
    # a paper in no topic (the fallback's) ranks by likeness alone
    alone = related_papers(ids, sparse.csr_matrix(rows), top=5, topics=[frozenset(), *topics[1:]])
    assert [paper for paper, _ in alone["a"]] == ["b", "c"]


def test_group_by_inverts_and_keeps_order():
    assert group_by({"b": ["H100", "A100"], "a": ["H100", "H100"]}) == {"H100": ["a", "b"], "A100": ["b"]}
