"""The hardware catalogue: loading and validating data/hardware.yaml, finding entries in text."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from digest.derive.facts import Fact, extract_facts, without_named_series
from digest.derive.hardware_catalog import HARDWARE_CLASSES, HardwareCatalog, load_hardware
from digest.errors import DataError

from .conftest import SEED_CORPUS


def names_in(catalog: HardwareCatalog, text: str) -> list[str]:
    """Canonical names found in `text`, first mention first, each once."""
    names: list[str] = []
    for entry, _start, _end in catalog.find(text):
        if entry.name not in names:
            names.append(entry.name)
    return names


# ------------------------------------------------------------------ the real catalogue


def test_real_catalogue_loads_with_valid_classes_and_unique_slugs(catalog):
    assert len(catalog) > 50
    assert {entry.class_ for entry in catalog} <= set(HARDWARE_CLASSES)
    slugs = [catalog.slug(entry) for entry in catalog]
    assert len(slugs) == len(set(slugs))


def test_every_alias_finds_its_own_entry(catalog):
    for entry in catalog:
        for alias in (entry.name, *entry.aliases, *entry.cased_aliases):
            found = catalog.find(f"We ran it on {alias}.")
            assert [(e.name, s, end) for e, s, end in found] == [(entry.name, 13, 13 + len(alias))], alias


def test_catalogue_entries_carry_vendor_class_and_arch(catalog):
    rtx_4090 = catalog.get("RTX 4090")
    assert (rtx_4090.vendor, rtx_4090.class_, rtx_4090.arch) == ("NVIDIA", "gpu", "Ada Lovelace")
    assert catalog.get("MI300X").vendor == "AMD"
    assert catalog.get("Frontier").class_ == "supercomputer"
    assert catalog.get("Hopper").class_ == "architecture"
    assert catalog.get("No Such GPU") is None
    # As a page writes the class: an acronym in capitals, a word as it is.
    assert [catalog.get(name).class_name for name in ("RTX 4090", "Frontier")] == ["GPU", "supercomputer"]


def test_slug(catalog):
    assert catalog.slug(catalog.get("RTX 4090")) == "rtx-4090"
    assert catalog.slug(catalog.get("Apple M-series")) == "apple-m-series"
    assert catalog.slug(catalog.get("DGX-2")) == "dgx-2"


# ------------------------------------------------------------------- real abstracts


def test_cuda_l1_names_every_gpu_it_was_measured_on(catalog, papers):
    paper = papers["cuda_l1"]
    assert names_in(catalog, paper["abstract"]) == ["A100", "H100", "RTX 3090", "L40", "H800", "H20"]


def test_gemm_paper_finds_architecture_in_title_and_card_in_abstract(catalog, papers):
    paper = papers["gemm_ada"]
    assert names_in(catalog, paper["title"]) == ["Ada Lovelace"]
    assert names_in(catalog, paper["abstract"]) == ["RTX 4070"]


def test_architectures_named_in_prose(catalog, papers):
    assert names_in(catalog, papers["hopper_benchmark"]["abstract"]) == ["Hopper", "Ada Lovelace", "Ampere"]
    assert names_in(catalog, papers["fastattention"]["abstract"]) == ["Ampere", "Hopper", "Ascend", "Volta", "V100"]


def test_real_abstracts(catalog, papers):
    assert names_in(catalog, papers["fuyou"]["abstract"]) == ["RTX 4090"]
    assert names_in(catalog, papers["predictable_scale"]["abstract"]) == ["H800"]
    assert names_in(catalog, papers["hspi"]["abstract"]) == ["H100"]
    assert names_in(catalog, papers["amd_platform"]["abstract"]) == ["MI300X"]
    assert names_in(catalog, papers["zero_infinity"]["abstract"]) == ["V100", "DGX-2"]
    assert names_in(catalog, papers["frontier_scaling"]["title"]) == ["Frontier"]


def test_glued_and_bare_spellings_in_real_abstracts(catalog, papers):
    # "4timesRTX 3090 (24G) or 8timesRTX 2080 Ti (11G)": a lost LaTeX \times glues the count on.
    assert names_in(catalog, papers["glm_130b"]["abstract"]) == ["RTX 3090", "RTX 2080 Ti"]
    # "on one RTX4090", "on one RTX3060"
    assert names_in(catalog, papers["streamdiffusion"]["abstract"]) == ["RTX 4090", "RTX 3060"]
    # "(A100, RTX 6000, 4090, 3090)", "one RTX6000", "6 H100 hours"
    assert names_in(catalog, papers["cudaforge"]["abstract"]) == ["A100", "RTX 6000", "RTX 4090", "RTX 3090", "H100"]


def test_abstracts_without_hardware_find_none(catalog, papers):
    # ConCuR says "frontier models": not the Frontier supercomputer.
    for key in ("concur", "harry_potter", "dovetail", "melange"):
        assert catalog.find(papers[key]["title"] + " " + papers[key]["abstract"]) == [], key


# ------------------------------------------------------------------- matching rules


@pytest.mark.parametrize("text", ["RTX4090", "RTX 4090", "RTX-4090", "rtx 4090", "GeForce RTX 4090", "4090"])
def test_spacing_hyphen_and_case_variants(catalog, text):
    found = catalog.find(f"on a {text} GPU")
    assert [(entry.name, start, end) for entry, start, end in found] == [("RTX 4090", 5, 5 + len(text))]


def test_a_latex_tie_is_a_space(catalog):
    assert names_in(catalog, "on an 8\\,GB Raspberry~Pi~5 and an RTX~4090") == ["Raspberry Pi", "RTX 4090"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("We implement it on the iPhone 15 Pro.", ["Apple A-series"]),
        ("11 tokens/s on lower-end devices like Raspberry Pi 5.", ["Raspberry Pi"]),
        ("24.4 token/s on the MediaTek Dimensity 9300 processor", ["MediaTek Dimensity"]),
        # A bare "iPhone" is also a dataset of phone-captured scenes.
        ("on the iPhone360, iPhone, and DAVIS datasets", []),
    ],
)
def test_phones_and_boards_by_their_model(catalog, text, expected):
    assert names_in(catalog, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "14090 samples",
        "A1000",
        "XV100",
        "V1000",
        "H1000",
        "L400",
        "MI300XL",
        "H100x",
        "RTX 40900",
    ],
)
def test_no_match_inside_other_tokens(catalog, text):
    assert catalog.find(text) == []


def test_a_ti_or_super_model_is_not_its_base_model(catalog):
    text = "a single RTX 4060 Ti, an RTX 4080 SUPER and an RTX 4060"
    assert [entry.name for entry, _start, _end in catalog.find(text)] == ["RTX 4060 Ti", "RTX 4080 SUPER", "RTX 4060"]


def test_counts_and_plurals_glued_to_names(catalog):
    text = "8xA100-80GB, 8×H100, 4timesRTX 3090 and two V100s"
    assert [(entry.name, text[start:end]) for entry, start, end in catalog.find(text)] == [
        ("A100", "A100"),
        ("H100", "H100"),
        ("RTX 3090", "RTX 3090"),
        ("V100", "V100s"),
    ]


def own_hardware(catalog: HardwareCatalog, paper_id: str) -> list[str]:
    record = yaml.safe_load((SEED_CORPUS / "papers" / f"{paper_id}.yaml").read_text(encoding="utf-8"))
    facts = extract_facts(record["title"], record["abstract"], catalog)
    return [fact.value for fact in facts if fact.kind == "hardware" and fact.own]


def test_a_series_counts_only_where_no_model_of_it_is_named(catalog):
    """ "Intel Gaudi NPUs ... Gaudi-2" is one device, the Gaudi 2, and the SYCL paper's "Intel Data
    Center GPUs ... Max 1550" one, the Max 1550: each once counted the series beside it."""
    assert own_hardware(catalog, "debunking-the-cuda-myth-towards-gpu-based-ai-systems") == ["Gaudi 2", "A100"]
    sycl = own_hardware(catalog, "fully-fused-multi-layer-perceptrons-on-intel-data-center-gpus")
    assert "Intel Data Center GPU Max 1550" in sycl and "Intel Data Center GPU Max" not in sycl
    for paper in sorted((SEED_CORPUS / "papers").glob("*.yaml")):
        named = set(own_hardware(catalog, paper.stem))
        assert not named & {catalog.series_of(name) for name in named}, paper.stem
    # a series named alone is the series; a model whose name goes on is no series of it unless marked
    assert names_in(catalog, "on Intel Gaudi NPUs") == ["Gaudi"] and catalog.series_of("Gaudi 3") == "Gaudi"
    assert catalog.series_of("TPU v4") == "TPU" and catalog.series_of("RTX 4090 Laptop") is None


def test_a_model_named_as_a_baseline_s_leaves_the_paper_its_series(catalog):
    ours, theirs = Fact("hardware", "TPU", "s"), Fact("hardware", "TPU v4", "s", own=False)
    assert without_named_series([ours, theirs], catalog) == [ours, theirs]
    assert without_named_series(
        [Fact("hardware", "TPU", "s", own=False), Fact("hardware", "TPU v4", "s")], catalog
    ) == [Fact("hardware", "TPU v4", "s")]


@pytest.mark.parametrize(
    "text, name",
    [
        ("an RTX 6000 Ada card", "RTX 6000 Ada"),
        ("the RTX 6000 card", "RTX 6000"),
        ("GH200 Grace Hopper Superchip", "GH200"),
        ("on Grace Hopper nodes", "GH200"),
        ("an Ampere Altra server", "Ampere Altra"),
        ("Ascend 910B NPUs", "Ascend 910B"),
        ("TPUv4 pods", "TPU v4"),
        ("Intel Gaudi-2", "Gaudi 2"),
        # a workstation card as abstracts write it, without its RTX (a reader's audit: one paper's
        # headline named A5000 GPUs, and no hardware page listed it)
        ("on four NVIDIA A5000 GPUs", "RTX A5000"),
        ("an A4000 card", "RTX A4000"),
    ],
)
def test_longest_alias_wins(catalog, text, name):
    assert names_in(catalog, text) == [name]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("training on Frontier, the exascale machine", ["Frontier"]),
        ("Frontier models such as GPT-4", []),
        ("the Pareto frontier of cost", []),
        # The name is its own cased alias: in lowercase it is a word, whatever follows.
        ("a new Pareto frontier across settings", []),
        ("we reach the summit", []),
        ("grain in the hopper", []),
        ("beyond the Frontiers of reasoning", []),
        ("Frontier MLLMs still fail at counting", []),
        ("a Turing reward from a judge", []),
        ("other NVIDIA architectures, such as Turing.", ["Turing"]),
        ("it passes the Turing test", []),
        ("Megatron-Turing NLG 530B", []),
        ("the Ada architecture", ["Ada Lovelace"]),
        ("ADA optimizer and ada", []),
        ("Maxwell's equations", []),
    ],
)
def test_words_shared_with_english_need_their_case_and_context(catalog, text, expected):
    assert names_in(catalog, text) == expected


@pytest.mark.parametrize(
    "title, abstract, expected",
    [
        ("Open Frontier Intelligence", "We release a model.", []),
        ("Training on Frontier", "We train on Frontier, an exascale machine.", ["Frontier"]),
        ("Dissecting the Hopper GPU", "We measure Hopper GPUs.", ["Hopper"]),
        ("Serving on H100 GPUs", "A system.", ["H100"]),  # no English word: the title alone is enough
    ],
)
def test_a_title_names_an_english_word_as_hardware_only_with_its_abstract(catalog, title, abstract, expected):
    assert [entry.name for entry, _start, _end in catalog.find_in_title(title, abstract)] == expected


# ------------------------------------------------------------------------- validation


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hw.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD_ENTRY = "- name: H100\n  aliases: []\n  vendor: NVIDIA\n  class: gpu\n"


def test_valid_minimal_catalogue(tmp_path):
    catalog = load_hardware(write(tmp_path, GOOD_ENTRY))
    assert [entry.name for entry in catalog] == ["H100"]
    assert names_in(catalog, "on an H100") == ["H100"]


@pytest.mark.parametrize(
    "second_entry, message",
    [
        (
            "- name: A100\n  aliases: []\n  class: gpu\n",
            "hw.yaml:5: hardware[1].vendor: missing; every entry needs name, aliases, vendor and class",
        ),
        (
            "- name: A100\n  aliases: []\n  vendor: NVIDIA\n  class: gpu-ish\n",
            "hw.yaml:8: hardware[1].class: 'gpu-ish' is not one of",
        ),
        (
            "- name: A100\n  aliases: [4090]\n  vendor: NVIDIA\n  class: gpu\n",
            "hw.yaml:6: hardware[1].aliases[0]: expected text, got a whole number '4090' (quote it: '4090')",
        ),
        (
            "- name: A100\n  aliases: [H-100]\n  vendor: NVIDIA\n  class: gpu\n",
            "hw.yaml:6: hardware[1].aliases: 'H-100' already belongs to 'H100'",
        ),
        (
            "- name: A100\n  aliases: []\n  vendor: NVIDIA\n  class: gpu\n  color: green\n",
            "hw.yaml:9: hardware[1].color: unknown field; known fields are: name, aliases",
        ),
        ("- name: ''\n  aliases: []\n  vendor: NVIDIA\n  class: gpu\n", "hw.yaml:5: hardware[1].name: is empty"),
        (
            "- name: A100\n  aliases: []\n  vendor: NVIDIA\n  class: gpu\n  series: true\n",
            "hw.yaml:5: hardware[1].series: no entry is named 'A100' and more",
        ),
        ("- just a string\n", "hw.yaml:5: hardware[1]: expected a mapping of keys to values, got text 'just a string'"),
    ],
)
def test_invalid_entries_name_file_line_entry_and_field(tmp_path, second_entry, message):
    with pytest.raises(DataError) as raised:
        load_hardware(write(tmp_path, GOOD_ENTRY + second_entry))
    assert message in str(raised.value)


def test_not_a_list_or_not_yaml(tmp_path):
    with pytest.raises(DataError, match="must be a YAML list"):
        load_hardware(write(tmp_path, "name: H100\n"))
    with pytest.raises(DataError, match=r"hw.yaml:\d+: YAML syntax error"):
        load_hardware(write(tmp_path, "- name: [H100\n- x\n"))
    with pytest.raises(DataError, match="no such hardware catalogue"):
        load_hardware(tmp_path / "missing.yaml")
