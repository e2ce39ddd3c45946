"""What the table script sorts and filters by beyond a cell's text: model scales by magnitude,
rows by their paper's title and tags (digest/render/table_keys.py, html_table's attributes)."""

from __future__ import annotations

import re

import pytest

from digest.render.html_table import html_table
from digest.render.table_keys import (
    date_key,
    gpu_count,
    largest_count,
    largest_first,
    largest_scale,
    magnitude,
    published_month,
    sort_attribute,
    unsaid,
)


@pytest.mark.parametrize(
    ("text", "parameters"),
    [
        ("175B", 175e9),
        ("8.3B", 8.3e9),
        ("7b", 7e9),
        ("1T", 1e12),
        ("10T+", 10e12),
        ("100B+", 100e9),
        ("5.7M", 5.7e6),
        ("2K", 2e3),
        ("13 billion", 13e9),
        ("1 trillion", 1e12),
        ("billion-scale", 1e9),  # the least it can mean
        ("trillion-scale", 1e12),
    ],
)
def test_a_scale_is_its_number_of_parameters(text, parameters):
    assert magnitude(text) == pytest.approx(parameters)


@pytest.mark.parametrize("text", ["", "–", "Bert", "T5", "million", "billions", "8 GPUs", "3.1×"])
def test_text_that_is_no_scale_has_no_magnitude(text):
    assert magnitude(text) is None


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        (["1T", "4B", "30B"], "1T, 30B, 4B"),
        (["8B", "405B", "70B"], "405B, 70B, 8B"),
        (["100B", "175B", "13B"], "175B, 100B, 13B"),
        (["70B", "8B"], "70B, 8B"),
        (["billion-scale", "13B", "10B", "70B"], "70B, 13B, 10B, billion-scale"),
        (["trillion-scale", "1T"], "trillion-scale, 1T"),  # equal: the abstract's order
        (["Bert", "7B"], "7B, Bert"),  # no scale: after the scales
    ],
)
def test_a_cells_scales_read_largest_first(values, shown):
    assert ", ".join(largest_first(values)) == shown
    assert magnitude(largest_first(values)[0]) == largest_scale(values)  # the cell starts with what it sorts by


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        (["128 GPUs", "256 GPUs", "512 GPUs"], "512 GPUs, 256 GPUs, 128 GPUs"),  # TorchTitan, as the audit read it
        (["1 GPU", "8 GPUs", "1 NPU"], "8 GPUs, 1 GPU, 1 NPU"),  # equal: the abstract's order
        (["1,024 GPUs", "3,072 GPUs"], "3,072 GPUs, 1,024 GPUs"),
        (["96 GPUs", "hundreds of GPUs"], "hundreds of GPUs, 96 GPUs"),
    ],
)
def test_a_cells_gpu_counts_read_largest_first(values, shown):
    """On a phone a cell shows its first value and "+2 more": the one its column sorts by."""
    assert ", ".join(largest_first(values, gpu_count)) == shown
    assert gpu_count(largest_first(values, gpu_count)[0]) == largest_count(values)


def test_the_audits_order_is_by_magnitude_not_by_leading_number():
    """Descending on the parallelism table once read 175B, 106B, 70B, …, 10T+, 1T, 8.3B."""
    cells = [
        ["175B"],
        ["106B", "12B"],
        ["70B"],
        ["8.3B"],
        ["10T+", "1T"],
        ["trillion-scale", "1T"],
        ["1T", "4B", "30B"],
    ]
    cells += [["billion-scale", "13B", "10B", "70B"], ["3B"]]
    ordered = sorted(cells, key=lambda values: largest_scale(values) or 0, reverse=True)
    assert [", ".join(values) for values in ordered] == [
        "10T+, 1T",
        "trillion-scale, 1T",
        "1T, 4B, 30B",
        "175B",
        "106B, 12B",
        "70B",
        "billion-scale, 13B, 10B, 70B",
        "8.3B",
        "3B",
    ]


def test_a_cell_of_several_scales_sorts_by_its_largest():
    assert largest_scale(["100B", "175B", "13B"]) == 175e9
    assert largest_scale(["billion-scale", "13B"]) == 13e9
    assert largest_scale(["Bert"]) is None
    assert largest_scale([]) is None


def test_the_sort_attribute_is_a_number_the_script_parses_or_empty():
    assert float(sort_attribute(1e12)) == 1e12
    assert float(sort_attribute(8.3e9)) == pytest.approx(8.3e9)
    assert sort_attribute(None) == ""
    assert sort_attribute(20260305.0) == "20260305"  # every digit of a whole number: a date's day


def test_html_table_writes_the_keys_escaped_and_leaves_other_cells_bare():
    table = html_table(
        ["System", "Model scale"],
        [["<a>A</a>", "1T"], ["<a>B</a>", ""]],
        interactive=True,
        sort_keys=[[None, "1e+12"], [None, ""]],
        filters=['Title "quoted" <b> & more speculative-decoding', ""],
    )
    body = re.findall(r"<tr[ >].*?</tr>", table.split("<tbody>")[1])
    assert body[0] == (
        '<tr data-filter="Title &quot;quoted&quot; &lt;b&gt; &amp; more speculative-decoding">'
        '<td><a>A</a></td><td data-sort="1e+12">1T</td></tr>'
    )
    assert body[1] == "<tr><td><a>B</a></td><td>–</td></tr>"  # an empty cell has no key; no text, no attribute


def test_without_keys_the_table_is_as_before():
    assert "data-" not in html_table(["A"], [["x"]], interactive=True).replace("data-search-exclude", "")


@pytest.mark.parametrize(
    "values, key",
    [
        (["1,024 GPUs", "3,072 GPUs"], 3072.0),
        (["hundreds of GPUs"], 100.0),
        (["tens of thousands of GPUs", "96 GPUs"], 10000.0),
        (["1 GPU"], 1.0),
        ([], None),
    ],
)
def test_a_gpu_count_sorts_by_how_many_gpus_it_says(values, key):
    # "hundreds of GPUs" sorts among the numbers, not above or below all of them as text
    assert largest_count(values) == key


@pytest.mark.parametrize(
    ("published", "shown", "key"),
    [
        ("2026-03-05", "2026-03", "20260305"),
        ("2024-12-31", "2024-12", "20241231"),
        (
            "2023-07",
            "2023-07",
            "20230700",
        ),  # a month alone (all an arXiv id gives): after its dated papers, newest first
        ("2026", "2026", "20260000"),  # a year alone: after the year's dated papers, newest first
        ("--03-11", "", None),  # a day of an unknown year: no month is guessed
        (None, "", None),
    ],
)
def test_a_date_shows_its_month_and_sorts_by_its_day(published, shown, key):
    assert published_month(published) == shown
    given = date_key(published)
    assert given == (None if key is None else float(key))
    assert given is None or float(sort_attribute(given)) == given  # as the script reads it: the day kept


@pytest.mark.parametrize(
    ("values", "measure", "shown"),
    [
        (["billion-scale", "13B", "10B", "70B"], magnitude, ["13B", "10B", "70B"]),
        (["trillion-scale", "1T"], magnitude, ["1T"]),  # equal: the figure says it
        (["thousands of GPUs", "3,072 GPUs"], gpu_count, ["3,072 GPUs"]),
        (["tens of thousands of GPUs", "96 GPUs"], gpu_count, ["tens of thousands of GPUs", "96 GPUs"]),
        (["hundreds of GPUs"], gpu_count, ["hundreds of GPUs"]),  # no figure beside it
        (["Bert", "7B"], magnitude, ["Bert", "7B"]),  # no scale at all: not a figure's to say
    ],
)
def test_a_cell_leaves_out_the_words_a_figure_beside_them_says(values, measure, shown):
    """ZeRO-Offload's cell read "70B, 13B, 10B, billion-scale", Megatron-LM's "thousands of GPUs,
    3,072 GPUs" (reader audit, stop 55)."""
    assert unsaid(values, measure) == shown
