"""What a headline sorts by: a number on one scale within its unit class, and the group that keeps
the classes apart (digest/render/headline_keys.py), as the headline column writes them."""

from __future__ import annotations

import pytest

from digest.derive.facts.headline import Headline
from digest.render.columns import COLUMNS
from digest.render.headline_keys import HeadlineKey, headline_group, headline_key, headline_rank, headline_sort


@pytest.mark.parametrize(
    ("metric", "value", "unit", "number"),
    [
        # a relative gain or cut is a factor
        ("speedup", "3×", "factor", 3.0),
        ("speedup", "3.0x", "factor", 3.0),
        ("speedup", "25% faster", "factor", 1.25),
        ("speedup", "22.5%", "factor", 1.225),
        ("speedup", "8–11%", "factor", 1.11),  # a range by its upper end, as "up to 11%" sorts
        ("speedup", "1.5–2×", "factor", 2.0),
        ("speedup", "15–50× speedup", "factor", 50.0),
        ("speedup", "2× to >1000× vs traditional libraries", "factor", 1000.0),  # its sign said twice
        ("speedup", "2x to 3x", "factor", 3.0),
        ("speedup", "3× to 8 GPUs", "factor", 3.0),  # no range: the second number is of GPUs
        ("speedup", "up to an order of magnitude faster end to end", "factor", 10.0),
        ("latency", "up to 73% lower median E2E latency", "factor", 1 / (1 - 0.73)),
        ("latency", "5.9–13.9% lower median TPOT", "factor", 1 / (1 - 0.139)),
        ("latency", "up to ~70× latency reduction", "factor", 70.0),
        ("memory", "90% fewer learnable parameters", "factor", 10.0),
        ("cost", "up to 77%", "factor", 1 / (1 - 0.77)),
        ("cost", "6,574× fewer tokens", "factor", 6574.0),
        ("scale", "30% more servers", "factor", 1.3),
        # throughput in one unit a class: FLOP/s with its prefix, tokens a second, frames a second
        ("throughput", "156 TFLOPS", "FLOP/s", 156e12),
        ("throughput", ">25 PFLOPS", "FLOP/s", 25e15),
        ("throughput", "502 petaFLOP/s", "FLOP/s", 502e15),
        ("throughput", "25 petaflops", "FLOP/s", 25e15),
        ("throughput", "1.2 EFLOPS", "FLOP/s", 1.2e18),
        ("throughput", "24.4 token/s", "tokens/s", 24.4),
        ("throughput", "2.8K tokens/s", "tokens/s", 2800.0),
        ("throughput", "over 2,800 tokens/sec/GPU", "tokens/s/GPU", 2800.0),  # per GPU is no total
        ("throughput", "20 FPS", "frames/s", 20.0),
        ("throughput", "91.07 fps", "frames/s", 91.07),
        # time in seconds; a time saved apart from a time taken
        ("latency", "0.001 s STFT conversion (from 10.64 s)", "time", 0.001),
        ("latency", "0.001 seconds", "time", 0.001),
        ("latency", "200 ms", "time", 0.2),
        ("latency", "2 hours", "time", 7200.0),
        ("latency", "1 minute less inference time", "time saved", 60.0),
        # memory in bytes, decimal and binary
        ("memory", "18 GB of GPU memory", "bytes", 18e9),
        ("memory", "18GB", "bytes", 18e9),
        ("memory", "88.1 MiB", "bytes", 88.1 * 2**20),
        ("memory", "512 KB", "bytes", 512e3),
        ("memory", "1.5 TB", "bytes", 1.5e12),
        # money in dollars, GPU time in GPU hours, with K/M suffixes
        ("cost", "$22K", "dollars", 22e3),
        ("cost", "$1.2M", "dollars", 1.2e6),
        ("cost", "$600", "dollars", 600.0),
        ("cost", "314K GPU hours", "GPU hours", 314e3),
        ("cost", "442 GPU hours", "GPU hours", 442.0),
        ("cost", "~1 GPU hour", "GPU hours", 1.0),
        ("cost", "1.2M GPU hours", "GPU hours", 1.2e6),
        ("cost", "2 GPU days", "GPU hours", 48.0),
        # utilization as a share or a gain in points; a model's parameters; quality as written, of its measure
        ("utilization", "38.38%", "percent", 38.38),
        ("utilization", "over 90%", "percent", 90.0),
        ("utilization", "+26.6 points average GPU utilization", "points", 26.6),
        ("scale", "2B", "parameters", 2e9),
        ("quality", "3.29 FID", "fid", 3.29),
        ("quality", "83.9–100% accuracy", "% accuracy", 100.0),
        ("quality", "18.24% lower MAPE", "% lower mape", 18.24),
    ],
)
def test_a_headline_is_keyed_on_its_unit_s_scale(metric, value, unit, number):
    key = headline_key(metric, value)
    assert key is not None, value
    assert key.unit == unit
    assert key.number == pytest.approx(number)


@pytest.mark.parametrize(
    "value", ["near 2×", "about 2×", "up to 2×", "over 2×", "more than 2×", "~2×", "≈2×", "nearly 2×", "roughly 2×"]
)
def test_a_hedged_figure_is_keyed_by_its_number(value):
    assert headline_key("speedup", value) == HeadlineKey("factor", 2.0)


def test_a_percentage_cut_sorts_beside_the_factor_it_equals():
    """ "73% lower" is a 3.7× cut: above "2.8×", below "7.3×" and "~70×", not above them as 73."""
    cuts = ["up to ~70× latency reduction", "up to 73% lower median E2E latency", "2.8× lower latency", "up to 7.3×"]
    cuts += ["3.7× lower latency", "59% lower response latency"]
    ordered = sorted(cuts, key=lambda value: headline_sort(Headline("latency", value)) or 0.0)
    assert ordered == [
        "59% lower response latency",
        "2.8× lower latency",
        "3.7× lower latency",
        "up to 73% lower median E2E latency",
        "up to 7.3×",
        "up to ~70× latency reduction",
    ]


def test_prefixes_and_suffixes_rank_above_the_bare_numbers():
    assert headline_sort(Headline("throughput", ">25 PFLOPS")) > headline_sort(Headline("throughput", "156 TFLOPS"))
    assert headline_sort(Headline("cost", "314K GPU hours")) > headline_sort(Headline("cost", "442 GPU hours"))
    assert headline_sort(Headline("cost", "$22K")) > headline_sort(Headline("cost", "$600"))


@pytest.mark.parametrize(
    ("metric", "value"),
    [
        ("scale", "tens of thousands of concurrent agent tasks"),  # a count in words of no unit here
        ("scale", "640x368 output stream (from 192x336)"),  # a resolution: not 640×
        ("latency", "100% lower latency"),  # a whole cut is no factor
        ("speedup", "an unmeasured improvement"),
        ("memory", "12 layers"),
    ],
)
def test_a_value_the_key_cannot_read_has_none_and_sorts_within_its_metric(metric, value):
    headline = Headline(metric, value)
    assert headline_key(metric, value) is None
    assert headline_sort(headline) is None
    assert headline_group(headline) == metric


@pytest.mark.parametrize(
    ("metric", "value", "group"),
    [
        ("speedup", "up to 2.31×", "speedup"),  # every speedup is a factor: the metric says it
        ("latency", "2.8× lower latency", "latency · factor"),
        ("latency", "up to 73% lower median E2E latency", "latency · factor"),
        ("latency", "0.001 s STFT conversion", "latency · time"),
        ("memory", "18 GB of GPU memory", "memory · bytes"),
        ("memory", "47%", "memory · factor"),
        ("throughput", "502 PFLOPS", "throughput · FLOP/s"),
        ("throughput", "over 2,800 tokens/sec/GPU", "throughput · tokens/s/GPU"),
        ("cost", "$22K", "cost · dollars"),
        ("cost", "up to 4.4× fewer FLOPs", "cost · factor"),  # a count cut, not a rate
        ("cost", "314K GPU hours", "cost · GPU hours"),
        # a quality score ranks only beside the same measure (a reader's audit: a win rate above an acceptance rate)
        ("quality", "3.29 FID", "quality · fid"),
        ("quality", "29.61 length-controlled win rate", "quality · length-controlled win rate"),
        ("quality", "up to 15% higher acceptance rate", "quality · % higher acceptance rate"),
        ("quality", "83.9–100% accuracy (W8A8)", "quality · % accuracy"),
        ("quality", "75.3% accuracy vs the dense model", "quality · % accuracy"),
    ],
)
def test_the_group_is_the_metric_and_the_unit_class(metric, value, group):
    assert headline_group(Headline(metric, value)) == group


def test_groups_come_in_the_headline_rule_s_order():
    """Speedups (and gains in throughput, a ratio of the baseline's too), then reductions, scale-ups,
    rates, absolute figures, scores, capacities: never by the groups' names, which put utilization
    (97.3%) and frames a second (24 fps) above the speedups in a descending kernels table."""
    ordered = [
        ("speedup", "up to 179×"),
        ("speedup", "an unmeasured improvement"),  # read by its text, still among the speedups
        ("throughput", "0.55–0.88× of the baseline's training throughput"),
        ("latency", "2.8× lower latency"),
        ("memory", "up to 70% K cache memory reduction"),
        ("cost", "up to 4.4× fewer FLOPs"),
        ("scale", "2.27× larger models"),
        ("throughput", "502 PFLOPS"),
        ("throughput", "24 fps"),
        ("latency", "0.001 s STFT conversion"),
        ("memory", "18 GB of GPU memory"),
        ("cost", "$22K"),
        ("utilization", "97.3% of FlashAttention-2's efficiency"),
        ("quality", "29.61 length-controlled win rate"),
        ("scale", "2B"),
        ("scale", "160K context length"),
        ("throughput", "millions of samples within a single GPU hour"),
    ]
    ranks = [headline_rank(Headline(metric, value)) for metric, value in ordered]
    assert ranks == sorted(ranks), list(zip(ordered, ranks, strict=True))
    # a relative ratio and an absolute rate of one metric are groups apart, with the reductions between
    relative, absolute = Headline("throughput", "0.55–0.88× of the baseline"), Headline("throughput", "24 fps")
    assert headline_group(relative) != headline_group(absolute)
    assert headline_rank(relative) < headline_rank(Headline("latency", "3× lower latency")) < headline_rank(absolute)
    assert headline_rank(None) is None and headline_rank(Headline("", "3×")) is None


def test_no_headline_has_no_key_and_no_group():
    assert headline_sort(None) is None
    assert headline_group(None) is None
    assert headline_group(Headline("", "3×")) is None


class _Paper:
    """What the headline column reads of a paper: its headline."""

    def __init__(self, headline: Headline | None):
        self.headline = headline


def test_the_headline_column_writes_a_key_or_leaves_the_cell_to_the_script():
    """A key it reads is written; one it cannot is left out (no data-sort), so the script reads the
    number the text starts with, as before, not "" (which would sort it as text)."""
    column = COLUMNS["headline"]
    read = _Paper(Headline("throughput", ">25 PFLOPS", hardware="V100"))
    assert column.sort_value(read) == "2.5e+16"
    assert column.group_value(read) == "throughput · FLOP/s"
    assert column.sort_group(read) == ("throughput · FLOP/s", headline_rank(read.headline))
    unread = _Paper(Headline("scale", "640x368 output stream (from 192x336)"))
    assert column.sort_value(unread) is None
    assert column.group_value(unread) == "scale"
    assert column.sort_value(_Paper(None)) is None
    # the columns with keys of their own still sort what they cannot read as text
    assert COLUMNS["model_scale"].sort is not None and COLUMNS["model_scale"].unread_as_text
