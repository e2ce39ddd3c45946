"""The glossary (data/glossary.yaml): loading and validating it, finding its entries in text."""

from __future__ import annotations

from pathlib import Path

import pytest

from digest.derive.glossary import Glossary, GlossaryEntry, load_glossary
from digest.errors import DataError

from .conftest import REPO_DATA

GLOSSARY = Glossary(
    (
        GlossaryEntry("TTFT", "time to first token"),
        GlossaryEntry("PD", "prefill-decode"),
        GlossaryEntry("MoE", "mixture of experts"),
        GlossaryEntry("SLO", "service level objective"),
    )
)


def used(text: str) -> list[str]:
    return [entry.acronym for entry in GLOSSARY.find(text)]


def test_the_repo_s_glossary_loads_and_finds_each_entry_by_both_forms():
    glossary = load_glossary(REPO_DATA / "glossary.yaml")
    assert 15 <= len(glossary.entries) <= 80  # the field's common acronyms, not a dictionary
    for entry in glossary.entries:
        assert glossary.find(f"We cut the {entry.acronym} by half.") == [entry]
        assert glossary.find(f"We cut the {entry.expansion.upper()} by half.") == [entry]


def test_an_acronym_is_a_whole_word_in_its_exact_case():
    assert used("ELDR routes decodes for PD-disaggregated serving of MoEs under tight SLOs.") == ["PD", "MoE", "SLO"]
    assert used("A PDF of the OmniMoE paper; moe and slo are no acronyms; TTFTx neither.") == []


def test_an_expansion_matches_in_any_case_with_spaces_and_hyphens_alike():
    assert used("Sparse Mixture-of-Experts cut the time-to-first~token") == ["MoE", "TTFT"]
    assert used("prefill decode disaggregation meets its Service-Level Objectives") == ["PD", "SLO"]
    assert used("a mixture of expertise; the time to first tokens") == ["TTFT"]  # plural yes, a longer word no


def test_entries_come_in_the_order_the_text_first_uses_them():
    assert used("SLO-aware MoE serving with lower time to first token and TTFT") == ["SLO", "MoE", "TTFT"]


def test_an_acronym_the_paper_defines_as_other_words_is_not_the_glossary_s():
    """SpeContext's page read 'DLM (diffusion language model)' for its 'distilled language
    model(DLM)' (a reader's audit): words spelling the acronym before it in brackets are the paper's
    meaning, and the entry is left out when they are other words."""
    assert used("We draft with a smaller mixing-of-experts(MoE) model at a tight SLO.") == ["SLO"]
    assert used("We serve a sparse Mixture-of-Experts (MoE) model.") == ["MoE"]
    assert used("We cut the time-to-first-tokens (TTFT) and use mixture of experts (MoEs).") == ["TTFT", "MoE"]
    assert used("A service level objectives (SLOs) and a sparse MoE (MoE) layer") == ["SLO", "MoE"]
    assert used("Sparse MoEs (MoE) with a Special Latency Obligation (SLO)") == ["MoE"]


def test_a_store_without_a_glossary_shows_no_terms(tmp_path):
    assert load_glossary(tmp_path / "glossary.yaml").entries == ()
    (tmp_path / "empty.yaml").write_text("# nothing yet\n")
    assert load_glossary(tmp_path / "empty.yaml").entries == ()


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "- acronym: TTFT\n  expansion: time to first token\n- acronym: TTFT\n  expansion: time to 1st token\n",
            r"g.yaml:3: glossary\[1\]\.acronym: already in glossary\[0\] \(TTFT \(time to first token\)\); keep one",
        ),
        (
            "- acronym: TTFT\n  expansion: time to first token\n- acronym: FTT\n  expansion: Time-to-first token\n",
            r"g.yaml:4: glossary\[1\]\.expansion: already in glossary\[0\]",
        ),
        ("- acronym: ttft\n  expansion: time to first token\n", r"g.yaml:1: glossary\[0\]\.acronym: 'ttft' is not an"),
        ("- acronym: KV cache\n  expansion: key-value cache\n", r"g.yaml:1: glossary\[0\]\.acronym: 'KV cache'"),
        ("- acronym: PD\n  expansion: prefill/decode\n", r"g.yaml:2: glossary\[0\]\.expansion: 'prefill/decode'"),
        ("- acronym: PD\n", r"g.yaml:1: glossary\[0\]\.expansion: missing"),
        (
            "- acronym: PD\n  expansion: prefill-decode\n  expanison: x\n",
            r"g.yaml:3: glossary\[0\]\.expanison: unknown",
        ),
        ("acronym: PD\n", r"g.yaml:1: the glossary must be a YAML list"),
    ],
)
def test_a_bad_entry_names_the_file_line_and_field(tmp_path: Path, text: str, message: str):
    path = tmp_path / "g.yaml"
    path.write_text(text)
    with pytest.raises(DataError, match=message):
        load_glossary(path)
