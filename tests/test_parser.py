"""The Hugging Face Daily Papers parser, on the real dumps kept in data/sources."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from digest.errors import DumpError
from digest.sources.hf_daily_text import parse as parse_hf_daily
from digest.sources.sniff import looks_like

from .conftest import dump


def parse(prefix: str, listing_year: int | None = 2025):
    path = dump(prefix)
    return parse_hf_daily(path.read_text(encoding="utf-8"), path.name, listing_year)


def by_title(parsed, start: str):
    return next(entry for entry in parsed.entries if entry.title.startswith(start))


@pytest.mark.parametrize(
    "prefix, layout, count",
    [
        ("000", "blank-lines", 20),
        ("001", "line-per-field", 15),
        ("002", "with-metadata", 55),
        ("003", "line-per-field", 27),
    ],
)
def test_each_layout_parses_every_entry(prefix, layout, count):
    parsed = parse(prefix)
    assert parsed.layout == layout
    assert len(parsed.entries) == count
    assert parsed.problems == []
    assert all(len(e.abstract) > 300 and len(e.title) < 200 for e in parsed.entries)


def test_blank_line_layout_reads_header_date_and_first_entry():
    parsed = parse("000")
    assert parsed.listing_date == "2025-07-31"
    first = parsed.entries[0]
    assert first.title.startswith("Understanding GEMM Performance and Energy on NVIDIA Ada Lovelace")
    assert first.line == 13
    assert first.abstract.endswith("GPPerf [https://github.com/pavlyhalim/GPPerf].")
    assert (first.date, first.authors_count, first.upvotes) == (None, None, None)


def test_line_layout_unglues_the_first_title_from_subscribe():
    parsed = parse("001")
    first = parsed.entries[0]
    assert first.title == "Mélange: Cost Efficient Large Language Model Serving by Exploiting GPU Heterogeneity"
    assert first.line == 3
    assert parsed.entries[1].title == "Hardware and Software Platform Inference"
    assert parse("003").entries[0].title.startswith("CUDA-L1: Improving CUDA Optimization")


def test_metadata_layout_reads_authors_organisation_date_and_upvotes():
    parsed = parse("002")
    scale = by_title(parsed, "Predictable Scale: Part I")
    assert (scale.authors_count, scale.date, scale.upvotes) == (10, "2025-03-06", None)
    galore = by_title(parsed, "GaLore:")
    assert (galore.authors_count, galore.date, galore.upvotes) == (6, "2024-03-06", 15)
    amd = by_title(parsed, "Training Foundation Models on a Full-Stack AMD Platform")
    assert (amd.organization, amd.authors_count, amd.date, amd.upvotes) == ("Zyphra", None, "2025-11-21", 1)
    z_image = by_title(parsed, "Z-Image:")
    assert (z_image.organization, z_image.date, z_image.upvotes) == ("Tongyi-MAI", "2025-11-27", 3)


def test_entry_without_metadata_does_not_take_its_neighbours():
    parsed = parse("002")
    titles = [e.title for e in parsed.entries]
    cuda_l2 = by_title(parsed, "CUDA-L2:")
    april = titles.index(cuda_l2.title) + 1
    assert (cuda_l2.authors_count, cuda_l2.date, cuda_l2.has_metadata) == (None, None, False)
    assert parsed.entries[april].title.startswith("APRIL:")
    assert (parsed.entries[april].authors_count, parsed.entries[april].date) == (18, "2025-09-22")
    assert by_title(parsed, "SARATHI:").date == "2023-08-30"  # the last entry of the file


def test_dates_without_a_year_stay_year_less_without_listing_year():
    parsed = parse("002", listing_year=None)
    assert by_title(parsed, "Predictable Scale").date == "--03-06"
    assert by_title(parsed, "GaLore:").date == "2024-03-06"  # the dump gave this year
    assert parsed.listing_date == "--12-12"


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=2000)
    | st.lists(
        st.sampled_from(
            [
                "",
                "·",
                "  • 3 authors",
                "Mar 6",
                "Feb 30, 2024 3",
                "Subscribe",
                "Zyphra Zyphra",
                "A Title: Subtitle",
                "x " * 200 + ".",
                "Feb 29",
            ]
        ),
        max_size=40,
    ).map("\n".join)
)
def test_parser_raises_only_its_own_error(text):
    try:
        parsed = parse_hf_daily(text, "fuzz.txt", 2025)
    except DumpError as exc:
        assert str(exc).startswith("fuzz.txt")
    else:
        assert parsed.entries
        for entry in parsed.entries:
            assert entry.title and entry.abstract


@pytest.mark.parametrize(
    "first_title",
    [
        "<think> Tokens: Reasoning on a Budget",
        "[Re] Reproducing ZeRO-Offload",
        "GaLore: Memory-Efficient LLM Training",
        "---***---",
    ],
)
def test_a_dump_that_starts_with_an_odd_title_is_still_a_dump(first_title):
    """Only a document's own start (a tag, a brace, `key:` lines, ---) makes a file JSON, XML,
    HTML or YAML; a title that merely starts with "<" or "[" does not."""
    text = dump("000").read_text(encoding="utf-8")
    assert looks_like(f"{first_title}\n\n{text}") is None
