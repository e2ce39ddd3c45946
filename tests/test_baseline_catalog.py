"""The baseline catalogue (data/baselines.yaml): loading and validating it, and finding its systems
as baselines with the same comparison test as the papers of the store (links.compared_with)."""

from __future__ import annotations

import pytest

from digest.cli import main
from digest.derive.baseline_catalog import load_baselines
from digest.derive.corpus import baseline_mentions
from digest.errors import DataError

from .conftest import REPO_DATA


def test_the_repo_catalogue_loads_with_a_line_of_what_each_system_is():
    catalogue = load_baselines(REPO_DATA / "baselines.yaml")
    assert {"vLLM", "SGLang", "PyTorch", "cuBLAS", "llama.cpp"} <= {entry.name for entry in catalogue}
    assert all(entry.what and "://" not in entry.what for entry in catalogue)
    assert catalogue.get("PyTorch").aliases == ("torch.compile",)


def test_a_missing_catalogue_is_empty(tmp_path):
    assert len(load_baselines(tmp_path / "baselines.yaml")) == 0


@pytest.mark.parametrize(
    "text, line, field, message",
    [
        ("- name: vLLM\n", 1, "baselines[0].what", "missing; every entry needs name and what"),
        ("- name: vLLM\n  what: a serving engine\n  url: x\n", 3, "baselines[0].url", "unknown field"),
        ("- name: vLLM\n  what: see https://vllm.ai\n", 2, "baselines[0].what", "holds a URL"),
        ("- name: v1\n  what: a serving engine\n", 1, "baselines[0].name", "fewer than 3 letters or digits"),
        (
            "- name: vLLM\n  what: a serving engine\n- name: SGLang\n  aliases: [v-LLM]\n  what: another\n",
            4,
            "baselines[1].aliases",
            "'v-LLM' is already baselines[0] (vLLM)",
        ),
    ],
)
def test_a_bad_entry_names_its_file_line_and_field(tmp_path, text, line, field, message):
    path = tmp_path / "baselines.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_baselines(path)
    assert (raised.value.path, raised.value.line, raised.value.field) == (str(path), line, field)
    assert message in str(raised.value)


def test_check_reports_a_bad_catalogue_entry_with_its_line_and_field(seeded_store, capsys):
    path = seeded_store / "baselines.yaml"
    text = (REPO_DATA / "baselines.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("- name: SGLang\n  what:", "- name: SGLang\n  wat:"), encoding="utf-8")
    line = text.splitlines().index("- name: SGLang") + 2
    entry = [row for row in text.splitlines() if row.startswith("- name: ")].index("- name: SGLang")
    assert main(["check", "--data", str(seeded_store)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}:{line}: baselines[{entry}].wat: unknown field; did you mean 'what'? known fields are: name, "
        "aliases, what"
    ], out
    path.unlink()  # none at all: only papers of the store are compared against, and nothing is wrong
    assert main(["check", "--data", str(seeded_store)]) == 0


def baselines(abstract: str, system: str = "Nexus") -> list[tuple[str, bool]]:
    catalogue = load_baselines(REPO_DATA / "baselines.yaml")
    names = {"p": ([system], abstract), "sarathi": (["Sarathi-Serve"], "Sarathi-Serve schedules chunks.")}
    roles = {"p": {}, "sarathi": {}}  # no role read: every sentence counts as the paper's own
    return [(m.target, m.in_digest) for m in baseline_mentions(names, roles, catalogue)["p"]]


@pytest.mark.parametrize(
    "abstract, expected",
    [
        ("Nexus achieves up to 2.2x higher throughput than vLLM.", [("vLLM", False)]),
        ("Nexus outperforms SGLang by 2x.", [("SGLang", False)]),
        ("Compared with vLLM, Nexus cuts latency by half.", [("vLLM", False)]),
        ("Nexus cuts latency by half compared with llama.cpp.", [("llama.cpp", False)]),
        ("It runs 1.5x faster than FlashAttention3.", [("FlashAttention-3", False)]),  # an alias's spelling
        ("It reaches 2.5 times of DeepSpeed.", [("DeepSpeed", False)]),
        # ZeRO-Inference is a paper of the digest's (DeepSpeed Inference): no catalogue name of its own
        ("It runs 4.86x than DeepSpeed-Zero-Inference.", []),
        ("It matches speeds comparable to llama.cpp.", [("llama.cpp", False)]),
        # the paper of the store first, then the catalogue's system
        ("Nexus beats Sarathi-Serve and vLLM.", [("sarathi", True), ("vLLM", False)]),
        # no comparison: what the paper is built on, integrated into or compatible with
        ("We build Nexus on vLLM.", []),
        ("Nexus is built on vLLM and integrated into SGLang.", []),
        ("Implemented in vLLM, Nexus reduces latency by 2x over the default scheduler.", []),
        ("It stays fast while maintaining compatibility with FlashAttention kernels.", []),
        ("We compare Nexus with PyTorch and cuBLAS.", [("PyTorch", False), ("cuBLAS", False)]),
        # a name listed in lower case counts only spelled as listed, as "holmes" is no Holmes
        ("It is 2x faster than llama cpp.", []),
    ],
)
def test_a_catalogued_system_is_a_baseline_only_with_comparison_language(abstract, expected):
    assert baselines(abstract) == expected


def test_a_paper_is_never_its_own_baseline():
    assert baselines("DeepSpeed is 2x faster than DeepSpeed.", system="DeepSpeed") == []
