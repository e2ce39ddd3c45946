"""Cross-links: system names across spellings, similarity, grouping."""

from __future__ import annotations

from scipy import sparse

from digest.build import load_corpus
from digest.derive.anchors import COMPARED_BY, COMPARES_AGAINST, SAME_SERIES, anchors, series_stem
from digest.derive.field_terms import NO_TITLE_WEIGHT, field_term_weights, model_families
from digest.derive.learn import Example, fit_vectorizer, words
from digest.derive.links import (
    LIKENESS,
    MIN_SIMILARITY,
    MIN_SIMILARITY_ACROSS_TOPICS,
    find_mentions,
    group_by,
    related_papers,
)
from digest.render.site import render_site
from digest.text.keys import name_key
from digest.text.sentences import split_sentences

from .conftest import DATA


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
    assert all(item.paper != paper for paper, pairs in related.items() for item in pairs)
    assert all(len(pairs) <= 2 for pairs in related.values())


def test_a_weak_likeness_is_no_related_paper():
    # unit rows, every word shared by two papers: "b" is 0.07 like "a" (a few common words of the field), "c" 0.5
    rows = [[1.0, 0.0, 0.0], [0.07, (1 - 0.07**2) ** 0.5, 0.0], [0.5, 0.0, 0.75**0.5], [0.0, 0.5**0.5, 0.5**0.5]]
    related = related_papers(["a", "b", "c", "d"], sparse.csr_matrix(rows), top=5)
    assert [item.paper for item in related["a"]] == ["c"] and MIN_SIMILARITY > 0.07


def test_a_paper_of_a_shared_topic_ranks_first_among_the_near_ones():
    # unit rows, every word shared by two papers: "b" is 0.5 like "a", "c" 0.4 like it; "c" shares a's topic
    rows = [[1.0, 0.0, 0.0], [0.5, 0.75**0.5, 0.0], [0.4, 0.0, 0.84**0.5], [0.0, 0.5**0.5, 0.5**0.5]]
    ids = ["a", "b", "c", "d"]
    plain = related_papers(ids, sparse.csr_matrix(rows), top=5)
    assert [item.paper for item in plain["a"]] == ["b", "c"]
    topics = [frozenset({"kernels"}), frozenset({"serving"}), frozenset({"kernels"}), frozenset({"serving"})]
    ranked = related_papers(ids, sparse.csr_matrix(rows), top=5, topics=topics)
    assert [(item.paper, item.score) for item in ranked["a"]] == [("c", 0.4), ("b", 0.5)]  # the cosine stays the score
    # a paper in no topic (the fallback's) ranks by likeness alone
    alone = related_papers(ids, sparse.csr_matrix(rows), top=5, topics=[frozenset(), *topics[1:]])
    assert [item.paper for item in alone["a"]] == ["b", "c"]


def _related_by_field_terms(texts: dict[str, str], **options):
    """related_papers over `texts` (id -> "title. abstract"), the words weighed as a build weighs them."""
    titles = {pid: text.split(". ")[0] for pid, text in texts.items()}
    cut = [words(titles[pid], text.removeprefix(titles[pid])) for pid, text in texts.items()]
    vectorizer = fit_vectorizer([Example(paper_words, ()) for paper_words in cut])
    vocabulary = vectorizer.get_feature_names_out().tolist()
    weights = field_term_weights(vocabulary, titles.values(), texts.values())
    return related_papers(
        list(texts), vectorizer.transform(cut), term_weights=weights, vocabulary=vocabulary, **options
    )


def test_papers_that_share_only_a_model_family_are_not_related():
    texts = {
        "unlearn": "Forgetting a book in a chat model. We erase a novel from Qwen2.5-7B and Qwen3-8B chat weights.",
        "draft": "Pruned drafter heads. A drafter for Qwen2.5-7B and Qwen3-14B decoding, with a pruned head.",
        "quant": "Weight quantization of chat models. Quantized Qwen2.5-72B weights keep their accuracy.",
        "draft-b": "Drafter heads for decoding. A pruned drafter head speeds decoding.",
    }
    assert model_families(texts.values()) == {"qwen"}
    related = _related_by_field_terms(texts)
    assert "draft" not in [item.paper for item in related["unlearn"]]
    assert [item.paper for item in related["draft"]][:1] == ["draft-b"]
    assert not any("qwen" in word for pairs in related.values() for item in pairs for word in item.shared)


def test_a_word_no_title_uses_weighs_less():
    weights = field_term_weights(["sparse", "firstly", "llama3"], ["Sparse attention kernels"], ["Llama-3 8B"] * 3)
    assert weights.tolist() == [1.0, NO_TITLE_WEIGHT, 0.0]


def test_papers_of_different_topics_need_a_closer_likeness_unless_they_share_a_narrow_tag():
    # unit rows, every word shared by two papers: "b" is 0.2 like "a"
    rows = [[1.0, 0.0], [0.2, (1 - 0.2**2) ** 0.5], [0.0, 1.0]]
    assert MIN_SIMILARITY < 0.2 < MIN_SIMILARITY_ACROSS_TOPICS
    ids = ["a", "b", "c"]
    same = related_papers(ids, sparse.csr_matrix(rows), topics=[frozenset({"kernels"})] * 3)
    assert [item.paper for item in same["a"]] == ["b"]
    apart = [frozenset({"kernels"}), frozenset({"serving"}), frozenset({"serving"})]
    assert related_papers(ids, sparse.csr_matrix(rows), topics=apart)["a"] == []
    # a tag of under one paper in ten ("quantization") brings them together; one of most papers ("llm") does not
    others = [frozenset({"llm"})] * 23
    narrow = [frozenset({"llm", "quantization"}), frozenset({"llm", "quantization"}), frozenset({"llm"}), *others]
    padded = sparse.vstack([sparse.csr_matrix(rows), sparse.csr_matrix((23, 2))]).tocsr()
    many = [*ids, *(f"x{n}" for n in range(23))]
    tagged = related_papers(many, padded, topics=[*apart, *[frozenset()] * 23], tags=narrow)
    assert [item.paper for item in tagged["a"]] == ["b"]
    broad = related_papers(many, padded, topics=[*apart, *[frozenset()] * 23], tags=[frozenset({"llm"})] * 26)
    assert broad["a"] == []


def test_baselines_and_a_series_come_first_whatever_their_likeness():
    texts = {
        "tiled": "Tiled attention kernels. Tiled attention kernels for long prompts on Hopper, faster than Tilt.",
        "tiled-v2": "TiledAttn V2. Block sparse prefill on Blackwell.",
        "tilt": "Tilt. A scheduler for batch jobs.",
        "tiled-b": "Tiled attention kernels for long prompts. Hopper attention kernels, tiled.",
        "later": "Beam. We compare our router against TiledAttn.",
    }
    firsts = anchors(
        {"tiled": ["tilt"], "tiled-v2": [], "tilt": [], "tiled-b": [], "later": ["tiled"]},
        {"tiled": ["later"], "tilt": ["tiled"]},
        {"tiled": "TiledAttn", "tiled-v2": "TiledAttn V2", "tilt": "Tilt", "tiled-b": None, "later": "Beam"},
    )
    assert firsts["tiled"] == [("tilt", COMPARES_AGAINST), ("tiled-v2", SAME_SERIES), ("later", COMPARED_BY)]
    related = _related_by_field_terms(texts, anchors=firsts, top=4)
    assert [(item.paper, item.reason) for item in related["tiled"]] == [
        ("tilt", COMPARES_AGAINST),
        ("tiled-v2", SAME_SERIES),
        ("later", COMPARED_BY),
        ("tiled-b", LIKENESS),
    ]
    assert related["tiled"][-1].shared[:2] and set(related["tiled"][-1].shared) <= {
        "tiled",
        "attention",
        "kernels",
        "hopper",
        "prompts",
        "long",
    }
    # `top` counts what comes after the anchors: a paper with three still gets its nearest
    assert [item.paper for item in _related_by_field_terms(texts, anchors=firsts, top=1)["tiled"]] == [
        "tilt",
        "tiled-v2",
        "later",
        "tiled-b",
    ]
    assert series_stem("FlashPrefill V2") == series_stem("FlashPrefill") == "flashprefill"
    assert anchors({"c4": [], "c5": []}, {}, {"c4": "C4", "c5": "C5"}) == {"c4": [], "c5": []}  # "c" names no series


def test_group_by_inverts_and_keeps_order():
    assert group_by({"b": ["H100", "A100"], "a": ["H100", "H100"]}) == {"H100": ["a", "b"], "A100": ["b"]}


def test_a_page_lists_its_baselines_and_those_comparing_against_it_once():
    """FlashAttention-2's Related papers were the five papers its Compared by section listed just
    above: a baseline or a paper comparing against it is listed in its own section, not again."""
    corpus = load_corpus(DATA)
    pages = render_site(corpus, "https://digest.example/")
    apart = {
        pid: {m.target for m in d.compares_to} | set(d.compared_by)
        for pid, d in corpus.papers.items()
        if {m.target for m in d.compares_to} | set(d.compared_by)
    }
    doubled = [pid for pid in apart if {r.paper for r in corpus.papers[pid].related} & apart[pid]]
    assert doubled  # the derivation lists them first (papers.json's related)...
    for pid in doubled:
        related = pages[f"papers/{pid}.md"].split("## Related papers", 1)[1].split("\n## ", 1)[0]
        for other in apart[pid]:  # ...the page in their own sections only
            assert f"{other}.md" not in related, (pid, other)
