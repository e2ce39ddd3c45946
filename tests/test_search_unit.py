"""digest.search against a small real site: mkdocs build with Material, its search plugin
configured as the digest recommends, and the tags plugin."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from digest.errors import DigestError
from digest.search import Hit, SearchIndexError, load_index, material_tokens, search, transform_query
from digest.search_tokens import material_token_positions
from digest.search_worker import close_spellings

from .conftest import REPO, mkdocs_build

# The search config recommended for mkdocs.yml, as it is written there.
SEPARATOR = r'[\s\-,:;!?=\[\]{}()"/|\u00b7\u2013\u2014\u2018\u2019\u201c\u201d]+|\.(?!\d)|&(?:[lg]t|amp);'
MKDOCS_YML = f"""\
site_name: Search test site
theme:
  name: material
plugins:
  - search:
      lang: en
      separator: '{SEPARATOR}'
      pipeline: [stopWordFilter]
      fields:
        title: {{ boost: 1000 }}
        text: {{ boost: 1 }}
        tags: {{ boost: 100 }}
  - tags
"""
PAGES = {
    "index.md": "# ML Systems Digest\n\nPapers on GPU kernels, training and hardware.\n",
    "topics/kernels.md": "# GPU kernels\n\nFused attention kernels such as “FlashAttention-2” and (FP8) GEMMs.\n\n"
    "## Attention kernels\n\nTiling attention to cut HBM traffic.\n",
    "topics/training.md": "# Training\n\nDistributed training: ZeRO-Infinity, pipeline parallelism, FP8 training.\n",
    "papers/flashattention-2.md": "---\ntags: [attention, kernels]\n---\n\n"
    "# FlashAttention-2: Faster Attention with Better Parallelism\n\nSystem FlashAttention-2.\n\n"
    "## Abstract\n\nFlashAttention-2 reaches 73% of peak on A100/H100 GPUs (2× over FlashAttention).\n\n"
    "## Facts\n\nHardware: A100, H100.\n",
    "papers/zero-infinity.md": "---\ntags: [memory, training]\n---\n\n"
    "# ZeRO-Infinity: Breaking the GPU Memory Wall\n\nSystem ZeRO-Infinity.\n\n"
    "## Abstract\n\nZeRO-Infinity's offload engine uses CPU and NVMe memory [ZeRO, ZeRO-Offload].\n",
    "papers/fp8-lm.md": "---\ntags: [training, low precision]\n---\n\n"
    "# FP8-LM: Training FP8 Large Language Models\n\n## Abstract\n\nMixed-precision (FP8) training on H100 GPUs.\n",
    "hardware/rtx-4090.md": "# RTX 4090\n\nConsumer Ada GPU, 24 GB; used by 3 papers (FP8, int4).\n",
    "hardware/h100.md": "# H100\n\nHopper GPU, 80 GB HBM3; its Transformer Engine runs FP8.\n",
    # reader audit 3's "KV cache offloading" in small: a title holding two of the three words,
    # and an abstract holding all three
    "papers/kv-compress.md": "# KV Cache Compression\n\nThermal limits of phones.\n\n"
    "## Abstract\n\nQuantizes the KV cache to 2 bits.\n",
    "papers/specontext.md": "# SpeContext\n\n## Abstract\n\nOffloading the KV cache to CPU memory fits long contexts.\n",
    # reader audit 61's "FlashAttention-3" in small: a page naming FlashAttention and, apart, a number
    # beginning with 3; a page naming FlashAttention-3; one writing it as one word
    "papers/moda.md": "# Mixture-of-Depths Attention\n\n97% of the efficiency of FlashAttention. Lianghui Zhu and 3 more.\n",
    "papers/seerattention-r.md": "# SeerAttention-R\n\n## Abstract\n\nA decoding kernel 9× faster than FlashAttention-3.\n",
    "papers/sageattention3.md": "# SageAttention3\n\n## Abstract\n\nFP4 attention, 5× faster than FlashAttention3.\n",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The small site, built once by a real `mkdocs build --strict`."""
    return built_small_site(tmp_path_factory.mktemp("search-site"), PAGES, MKDOCS_YML)


def built_small_site(root: Path, pages: dict[str, str], config: str) -> Path:
    """`pages` (docs-relative path -> Markdown) under `root`, built by a real `mkdocs build --strict`
    with `config` as mkdocs.yml: the built site's folder."""
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    result = mkdocs_build(root / "mkdocs.yml", root / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    return root / "site"


@pytest.fixture(scope="module")
def index(site):
    return load_index(site)


def pages(hits: list[Hit]) -> list[str]:
    return [hit.page for hit in hits]


def rank(hits: list[Hit], page: str) -> int:
    return pages(hits).index(page)


def with_tags_boost(site, boost, folder):
    """A copy of the built site whose index says `tags: {boost: ...}`: what the plugin would
    write with that setting, since the browser applies `config` when it loads the index."""
    data = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    data["config"]["fields"]["tags"]["boost"] = boost
    (folder / "search").mkdir(parents=True)
    (folder / "search" / "search_index.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


# --- rankings on the built site ----------------------------------------------------------


@pytest.mark.build
@pytest.mark.parametrize("query", ["flashattention-2", "FlashAttention-2", "flashattention", "flash"])
def test_a_system_name_finds_its_paper_first_whole_and_in_parts(index, query):
    hits = search(index, query)
    assert hits[0].page == "papers/flashattention-2/"
    assert hits[0].page_title == "FlashAttention-2: Faster Attention with Better Parallelism"


@pytest.mark.build
@pytest.mark.parametrize(
    "query, page",
    [
        ("zero-infinity", "papers/zero-infinity/"),
        ("ZeRO-Infinity", "papers/zero-infinity/"),
        ("infinity", "papers/zero-infinity/"),
        ("rtx 4090", "hardware/rtx-4090/"),
        ("4090", "hardware/rtx-4090/"),
        ("h100", "hardware/h100/"),
        ("fp8", "papers/fp8-lm/"),
    ],
)
def test_names_with_hyphens_and_digits_rank_their_page_first(index, query, page):
    assert search(index, query)[0].page == page


@pytest.mark.build
def test_the_separator_reaches_names_inside_punctuation(index):
    # "(FP8)", "(FP8," and “FlashAttention-2” would be single tokens under the default [\s\-]+
    assert {"topics/kernels/", "hardware/rtx-4090/", "hardware/h100/"} <= set(pages(search(index, "fp8")))
    assert "topics/kernels/" in pages(search(index, "flashattention"))
    assert "papers/flashattention-2/" in pages(search(index, "a100"))  # "A100/H100"


@pytest.mark.build
def test_results_are_one_hit_per_page_ranked_by_its_best_document(index):
    # two sections of the FlashAttention-2 page match "h100" (#abstract and #facts)
    matched = [r["ref"] for r in index.lunr_index.search(transform_query("h100", index.separator))]
    assert len([ref for ref in matched if ref.startswith("papers/flashattention-2/")]) == 2
    hits = search(index, "h100")
    assert len(pages(hits)) == len(set(pages(hits)))
    hit = hits[pages(hits).index("papers/flashattention-2/")]
    assert hit.location.startswith("papers/flashattention-2/#")  # the article does not mention H100
    assert hit.score > 0


@pytest.mark.build
def test_a_section_can_be_the_best_match_of_its_page(index):
    [hit] = search(index, "tiling")
    assert hit == Hit(
        location="topics/kernels/#attention-kernels",
        title="Attention kernels",
        score=hit.score,
        words=1,
        page="topics/kernels/",
        page_title="GPU kernels",
    )


@pytest.mark.build
def test_a_topic_page_is_not_buried_under_tagged_papers(index, site, tmp_path):
    recommended = search(index, "training")
    assert rank(recommended, "topics/training/") < rank(recommended, "papers/zero-infinity/")

    # the plugin's default tags boost (1e6) puts every paper tagged "training" first
    default = search(load_index(with_tags_boost(site, 1e6, tmp_path)), "training")
    assert rank(default, "topics/training/") > rank(default, "papers/zero-infinity/")
    assert rank(default, "topics/training/") > rank(default, "papers/fp8-lm/")


@pytest.mark.build
def test_a_page_holding_every_word_ranks_above_titles_holding_fewer(index):
    # the title, weighed 1000 times its text, ranked "KV Cache Compression" first
    hits = search(index, "KV cache offloading")
    assert pages(hits)[:2] == ["papers/specontext/", "papers/kv-compress/"]
    assert [hit.words for hit in hits[:2]] == [3, 2]
    assert hits[0].score < hits[1].score  # the words decide before the score
    # a word counts when it begins a longer one, as it matches: "offload" is in "Offloading"
    assert pages(search(index, "offload kv cache"))[0] == "papers/specontext/"
    # a stop word does not count, though lunr finds "the" at the start of "Thermal"
    assert pages(search(index, "the KV cache offloading"))[0] == "papers/specontext/"


@pytest.mark.build
@pytest.mark.parametrize("query", ["FlashAttention-3", "flashattention 3"])
def test_a_number_typed_after_a_word_is_held_only_where_it_follows_that_word(index, query):
    # MoDA's page holds "FlashAttention" and, apart, "3": it held both words and came first
    hits = search(index, query)
    assert pages(hits)[0] == "papers/seerattention-r/" and hits[0].words == 2
    moda = hits[rank(hits, "papers/moda/")]
    assert moda.words == 1  # the lone 3 is not FlashAttention's
    assert rank(hits, "papers/moda/") > rank(hits, "papers/flashattention-2/")
    # written as one word, as the page of SageAttention3 writes it: when the word is sent as a
    # prefix too (a hyphen keeps the word before it whole: the worker sends `flashattention`)
    if " " in query:
        assert set(pages(hits)[:2]) == {"papers/seerattention-r/", "papers/sageattention3/"}


@pytest.mark.build
def test_a_number_after_a_stop_word_or_first_is_a_word_of_its_own(index):
    assert pages(search(index, "SageAttention 3"))[0] == "papers/sageattention3/"
    hits = search(index, "3 papers")  # a number first: any page holding both
    assert pages(hits)[0] == "hardware/rtx-4090/" and hits[0].words == 2
    assert "papers/moda/" in pages(search(index, "zhu and 3"))  # after a stop word: found alone


@pytest.mark.build
@pytest.mark.parametrize("query", ["cache", "gpu", "fp8", "flashatention", "the"])
def test_a_one_word_query_ranks_by_score_alone(index, query):
    hits = search(index, query, limit=100)
    assert hits and len({hit.words for hit in hits}) == 1  # every page holds the word (or, typed wrong, none)
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    if query == "cache":
        assert hits[0].page == "papers/kv-compress/"  # its title holds the word


@pytest.mark.build
def test_minus_excludes_and_quotes_require(index):
    excluded = pages(search(index, "fp8 -training"))
    assert "papers/fp8-lm/" not in excluded and "topics/training/" not in excluded
    assert "hardware/h100/" in excluded
    assert set(pages(search(index, '"fp8 training"'))) == {"papers/fp8-lm/", "topics/training/"}


@pytest.mark.build
def test_limit_and_queries_that_find_nothing(index):
    assert len(search(index, "gpu")) > 2
    assert len(search(index, "gpu", limit=2)) == 2
    for query in ["", "   ", "+", "nosuchword"]:
        assert search(index, query) == []


@pytest.mark.build
def test_a_typo_finds_the_pages_of_the_word_meant_when_nothing_matches_as_typed(index):
    assert pages(search(index, "flashatention"))[0] == "papers/flashattention-2/"
    assert pages(search(index, "infinty"))[0] == "papers/zero-infinity/"
    # a query that finds pages as typed is left alone: "hoper" would reach "hopper"
    assert "hardware/h100/" not in pages(search(index, "gpus hoper"))
    assert search(index, "hoper")[0].page == "hardware/h100/"
    assert search(index, "xqzvwk") == []  # nothing one letter off either


@pytest.mark.parametrize(
    "sent, retried",
    [
        ("flashatention flashatention*", "flashatention~1"),
        ("speculatve speculatve* decodng decodng*", "speculatve~1 decodng~1"),
        ("kv kv* cahe cahe*", "kv kv* cahe cahe*"),  # words under five letters match too much fuzzed
        ("+nvme -offlaod", "+nvme -offlaod"),  # required and excluded words stay as typed
        ("gpu~1 memory^10", "gpu~1 memory^10"),
        ("title:kernl title:kernl*", "title:kernl title:kernl*"),
    ],
)
def test_the_retry_fuzzes_only_longer_words_sent_whole_and_as_prefix(sent, retried):
    assert close_spellings(sent) == retried


# --- a field of the index's own: a paper's first author ------------------------------------

# Two papers naming the same author once each, first on one; with the digest's hooks, which write
# a page's `first_author` into its article's entry (digest/search_fields.py).
AUTHOR_PAGES = {
    "index.md": "# Papers\n\nTwo papers.\n",
    "papers/arctic.md": "---\nfirst_author: Stas Bekman\n---\n\n# Arctic Long Sequence Training\n\n"
    "Authors Stas Bekman, Samyam Rajbhandari.\n\n## Abstract\n\nLong sequences.\n",
    "papers/zero-infinity.md": "---\nfirst_author: Samyam Rajbhandari\n---\n\n# ZeRO-Infinity\n\n"
    "Authors Samyam Rajbhandari, Olatunji Ruwase.\n\n## Abstract\n\nOffloading to NVMe; as Samyam says.\n",
}


@pytest.fixture(scope="module")
def author_site(tmp_path_factory):
    fields = "        first_author: { boost: 10 }\n"
    config = MKDOCS_YML.replace("  - tags\n", "") + fields + f"hooks:\n  - {REPO / 'scripts' / 'mkdocs_hooks.py'}\n"
    return built_small_site(tmp_path_factory.mktemp("author-site"), AUTHOR_PAGES, config)


@pytest.mark.build
def test_a_page_s_first_author_is_a_field_of_its_article_and_ranks_it_first(author_site, tmp_path):
    data = json.loads((author_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert data["config"]["fields"]["first_author"] == {"boost": 10}
    first = {doc["location"]: doc.get("first_author") for doc in data["docs"]}
    assert first == {
        "": None,
        "papers/arctic/": "Stas Bekman",
        "papers/arctic/#abstract": None,  # the article's alone: the details line is there
        "papers/zero-infinity/": "Samyam Rajbhandari",
        "papers/zero-infinity/#abstract": None,
    }
    index = load_index(author_site)
    for query in ["Rajbhandari", "Samyam Rajbhandari", "samyam"]:
        assert pages(search(index, query)) == ["papers/zero-infinity/", "papers/arctic/"]
    # without the field both articles name him once, alike: the index's order decided
    del data["config"]["fields"]["first_author"]
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(data), encoding="utf-8")
    assert pages(search(load_index(tmp_path), "Rajbhandari")) == ["papers/arctic/", "papers/zero-infinity/"]


# --- errors ---------------------------------------------------------------------------------


def test_a_missing_site_says_to_build_first(tmp_path):
    with pytest.raises(SearchIndexError, match=r"run make build \(mkdocs build\) first"):
        load_index(tmp_path / "site")
    (tmp_path / "site").mkdir()
    with pytest.raises(SearchIndexError, match=r"search_index\.json.*run make build \(mkdocs build"):
        load_index(tmp_path / "site")
    assert issubclass(SearchIndexError, DigestError)  # so the CLI reports it without a traceback


@pytest.mark.build
def test_an_index_in_another_language_is_refused(site, tmp_path):
    shutil.copytree(site / "search", tmp_path / "search")
    path = tmp_path / "search" / "search_index.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "config": {**data["config"], "lang": ["de"]}}), encoding="utf-8")
    with pytest.raises(SearchIndexError, match="English"):
        load_index(tmp_path)


# --- the worker's tokenizer and query rewriting ---------------------------------------------


def test_material_tokens_skip_markup_and_split_with_the_separator():
    separator = re.compile(SEPARATOR)
    text = "<p>“FlashAttention-2” (FP8) on A100/H100, 1.5× faster.</p> <code>flash_attn</code>"
    assert material_tokens(text, separator) == [
        "flashattention",
        "2",
        "fp8",
        "on",
        "a100",
        "h100",
        "1.5×",
        "faster",
        "flash_attn",
    ]
    assert material_tokens(["low precision", "KV cache"], separator) == ["low", "precision", "kv", "cache"]


def test_token_positions_are_material_s_block_and_place_in_it():
    """As Material's tokenize() records them: block << 20 | index, the block a top-level element
    (its opening tag takes index 0, nested tags no place), a list's items counted on."""
    separator = re.compile(SEPARATOR)
    text = "<p>Up to 9× over <code>FlashAttention-3</code>.</p> <p>Llama 3</p> tail<br/>end"
    assert material_token_positions(text, separator) == [
        ("up", 1),
        ("to", 2),
        ("9×", 3),
        ("over", 4),
        ("flashattention", 5),
        ("3", 6),
        ("llama", 1 << 20 | 1),
        ("3", 1 << 20 | 2),
        ("tail", 2 << 20),
        ("end", 2 << 20 | 1),
    ]
    assert material_token_positions(["low precision", "KV cache"], separator) == [
        ("low", 0),
        ("precision", 1),
        ("kv", 1 << 20),
        ("cache", 1 << 20 | 1),
    ]
    # JavaScript's << and | work on 32-bit integers: block 2048 is negative, block 4096 is block 0
    assert material_token_positions("<p>x</p>" * 2049, separator)[-1] == ("x", -(2**31) | 1)


@pytest.mark.parametrize(
    "typed, sent_to_lunr",
    [
        # each bare word is sent whole and as a prefix (the digest's mend of the worker: search_worker.py)
        ("flash", "flash flash*"),
        # the worker keeps the rest of a hyphenated word on each piece: lunr reads "flashattention 2 ... 2*"
        ("flashattention-2", "flashattention-2 flashattention-2* flashattention-2 flashattention-2*"),
        ("rtx 4090", "rtx rtx* 4090 4090*"),
        ("a100/h100", "a100 a100* h100 h100*"),
        ('"pipeline parallelism"', "+pipeline +parallelism"),
        # no stop word is required: the index drops them, and a quoted "Yuxiong He" found nothing
        ('"Yuxiong He"', "+Yuxiong"),
        ('"Matei A. Zaharia"', "+Matei +Zaharia"),
        ('"the" kv', "kv kv*"),
        ("kernels -attention", "kernels kernels* -attention"),
        ("gpu~ memory^10", "gpu~1 memory^10"),
        ("a + b", "a a* b b*"),
        # an arXiv reference as a reader copies it is read as the bare id its paper's page holds
        ("2404.11912v2", "2404.11912 2404.11912*"),
        ("arXiv:2404.11912v1", "2404.11912 2404.11912*"),
        ("https://arxiv.org/abs/2404.11912", "2404.11912 2404.11912*"),
        ("arxiv.org/pdf/2404.11912v3.pdf kv", "2404.11912 2404.11912* kv kv*"),
        ("https://huggingface.co/papers/2404.11912", "2404.11912 2404.11912*"),
        ("2404.11912", "2404.11912 2404.11912*"),
        ("v2 2404.1191 12404.11912", "v2 v2* 2404.1191 2404.1191* 12404.11912 12404.11912*"),  # no id: as typed
    ],
)
def test_the_query_is_rewritten_as_the_browser_does(typed, sent_to_lunr):
    assert transform_query(typed, re.compile(SEPARATOR)) == sent_to_lunr


# --- a larger index ---------------------------------------------------------------------------


def test_a_large_index_lists_exactly_the_pages_holding_the_word_best_first(tmp_path):
    words = [f"{stem}{n}" for stem in ("gpu", "kernel", "memory", "offload", "serve", "train") for n in range(300)]
    docs = []
    for page in range(100):
        for section in range(6):
            text = " ".join(words[(page * 37 + section * 11 + i * 7) % len(words)] for i in range(120))
            docs.append(
                {
                    "location": f"papers/p{page}/" + (f"#s{section}" if section else ""),
                    "title": f"Paper {page} section {section}",
                    "text": f"<p>{text}</p>",
                    "tags": ["training", "memory"],
                }
            )
    (tmp_path / "search").mkdir()
    config = {
        "lang": ["en"],
        "separator": SEPARATOR,
        "pipeline": ["stopWordFilter"],
        "fields": {"title": {"boost": 1000}, "text": {"boost": 1}, "tags": {"boost": 100}},
    }
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": config, "docs": docs}))
    index = load_index(tmp_path)
    hits = search(index, "kernel17", limit=len(docs))
    # The browser adds a trailing wildcard: kernel17, kernel170 ... kernel179 all match.
    holding = {doc["location"].split("#")[0] for doc in docs if re.search(r"\bkernel17\d*\b", doc["text"])}
    assert holding and {hit.page for hit in hits} == holding
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)


# --- the versions the port was read from --------------------------------------------------------


def test_installed_material_and_lunr_are_the_versions_the_search_port_follows():
    """digest/search.py copies Material's search worker and patches lunr.py's internals: another
    version may rank differently without any other test noticing until the browser test runs."""
    from importlib.metadata import version

    from digest.search import LUNR_PY_VERSION, MATERIAL_VERSION

    installed = {"mkdocs-material": version("mkdocs-material"), "lunr": version("lunr")}
    ported = {"mkdocs-material": MATERIAL_VERSION, "lunr": LUNR_PY_VERSION}
    assert installed == ported, (
        f"digest/search.py was ported from {ported}, but {installed} is installed: re-check the port "
        "against the installed search worker (pytest -m browser -k search_box), then update "
        "MATERIAL_VERSION / LUNR_PY_VERSION in digest/search.py"
    )
