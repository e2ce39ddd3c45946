"""The dumps' conversion damage, repaired in one place (digest/text/latex.py's clean_text) for
every page, and flagged by `digest check` when a kind of damage has no repair yet."""

from __future__ import annotations

import pytest

from digest.check import check_store
from digest.cli import main
from digest.render.markdown import md_marked, md_text
from digest.sources import open_source
from digest.text.latex import clean_text, leftovers, without_wrappers

from .conftest import DUMPS
from .test_check import edit_record


@pytest.mark.parametrize(
    ("damaged", "clean"),
    [
        ("AReaL achieves up to 2.57times training speedup", "AReaL achieves up to 2.57× training speedup"),
        ("effective inference on 4timesRTX 3090 (24G)", "effective inference on 4× RTX 3090 (24G)"),
        ("improves throughput by 2.31$\\times$ on A100", "improves throughput by 2.31× on A100"),
        ("which is 3.65 sim 39.14times faster", "which is 3.65–39.14× faster"),
        ("accelerating diffusion sampling by 15timessim50times.", "accelerating diffusion sampling by 15–50×."),
        ("a speedup of $\\sim$2x", "a speedup of ~2x"),
        ("achieves 0.108s/tokenx2014only half as slow", "achieves 0.108s/token—only half as slow"),
        ("and incurs about \\ 0.3 API cost", "and incurs about 0.3 API cost"),
        ("At current market prices (\\22K for the cluster", "At current market prices ($22K for the cluster"),
        (
            "rich supervision for training; \\3) Training Pipelines",
            "rich supervision for training; 3) Training Pipelines",
        ),
        ("with <0.1\\,ms scheduling overhead", "with <0.1 ms scheduling overhead"),
        (
            "end-to-end training. % We present \\veomni, a framework",
            "end-to-end training. We present veomni, a framework",
        ),
        ("yields +22.0\\% over {\\it torch.matmul}", "yields +22.0% over torch.matmul"),
        (
            "we introduce \\textbf{hardware and software platform inference}",
            "we introduce hardware and software platform inference",
        ),
        ("M\\'elange", "Mélange"),
        # an accent over a dotless i, as TeX types it
        ('However, na\\"{\\i}vely running the branch', "However, naïvely running the branch"),
        ("than a wide range of \\~8B ARs", "than a wide range of ~8B ARs"),
        # Markdown bold typed into an abstract
        (
            "Our approach, **PAROAttention**, achieves a **1.9x** to **2.7x** speedup",
            "Our approach, PAROAttention, achieves a 1.9x to 2.7x speedup",
        ),
        ("with a cache of only {sim}1K entries", "with a cache of only ~1K entries"),
        (
            "competes with diffusion models while being up to 7{times} faster",
            "competes with diffusion models while being up to 7× faster",
        ),
        # TeX's tie between words is a space; a tilde before a number stays "about", between numbers a range
        ("runs Stable Audio~3 on a Raspberry~Pi~5, +2.03~pp", "runs Stable Audio 3 on a Raspberry Pi 5, +2.03 pp"),
        ("with ~5% loss over 3~5 runs", "with ~5% loss over 3–5 runs"),
        # a comparison whose backslash was lost
        ("generation incurs le 4% overhead", "generation incurs ≤ 4% overhead"),
        ("incurs le ", "incurs ≤ "),  # a piece before a mark: the number is the mark's
        ("le 4% overhead", "≤ 4% overhead"),  # the mark, its hedge read with it
        ("a single ge in google 5", "a single ge in google 5"),
        (
            "a 2.02--2.11x speedup, retention--while GPUs---among the",
            "a 2.02–2.11x speedup, retention—while GPUs—among the",
        ),
        ("run it with --dry-run -- and see", "run it with --dry-run -- and see"),
        ("the N times K distance matrix, O(N^2 cdot T) memory", "the N × K distance matrix, O(N² · T) memory"),
        ("a (1{+}1) evolutionary loop under fixed (q^{*},s^{*})", "a (1+1) evolutionary loop under fixed (q^*,s^*)"),
        # TeX's quotation marks, however the author opened them
        (
            "treats documents as immutable ``packets'' and ''plug-in'' modules",
            "treats documents as immutable “packets” and “plug-in” modules",
        ),
        ("execute a `folding' operation (`zero' here)", "execute a ‘folding’ operation (‘zero’ here)"),
        ("dense O(n^2) attention, 10^4 GPU hours over 25km^{2}", "dense O(n²) attention, 10⁴ GPU hours over 25km²"),
        # Not damage: words and numbers that only look like it.
        ("7.1 times speedups, up to three times higher", "7.1 times speedups, up to three times higher"),
        ("A times B is Plan A times 2", "A × B is Plan A times 2"),
        ("the register 0x2014 and 10x faster", "the register 0x2014 and 10x faster"),
        ("computes 2**10 and x ** y", "computes 2**10 and x ** y"),
        ("an R^2 of 0.9, x^T y, 2^0.5 and 10^{-3}", "an R² of 0.9, x^T y, 2^0.5 and 10^{-3}"),
        (
            "the recipe `Kimi-Dev` and a Student`s-t prior, the authors' code",
            "the recipe `Kimi-Dev` and a Student`s-t prior, the authors' code",
        ),
    ],
)
def test_clean_text_repairs_the_damage_and_nothing_else(damaged, clean):
    assert clean_text(damaged) == clean
    assert leftovers(damaged) == []


def test_every_dump_layout_is_repaired_in_every_abstract():
    """The three Daily Papers layouts each carry damage, and none is left after the repair."""
    layouts: dict[str, int] = {}
    for path in DUMPS:
        _, parsed, stream = open_source(path, 2025, None)
        entries = list(stream)  # the layout is known once the file is read
        layouts[parsed.layout] = layouts.get(parsed.layout, 0)
        for entry in entries:
            layouts[parsed.layout] += clean_text(entry.abstract) != entry.abstract
            assert leftovers(entry.title) == leftovers(entry.abstract) == [], entry.title
    assert set(layouts) == {"blank-lines", "line-per-field", "with-metadata"}
    assert all(layouts.values()), layouts  # each layout had damage to repair


def test_fact_marks_cover_whole_words():
    sentence = "We train 13B parameters 2.31times faster."
    marked = md_marked(sentence, [(12, 19, "Model scale"), (24, 28, "Speedup")])
    assert '<mark title="Model scale">13B parameters</mark>' in marked
    assert '<mark title="Speedup">2.31×</mark>' in marked
    assert md_text("x") == "x"


def test_check_flags_damage_the_repair_does_not_know(seeded_store, capsys):
    # A new abstract: the roles curated for the old one no longer fit, so they go with it.
    edit_record(seeded_store, "sarathi", abstract="We reach a \\frac{1}{2} speedup.", overrides={})
    notes: list = []
    assert check_store(seeded_store, notes) == []  # a note, not an error: whatever ingest writes, check accepts
    messages = [str(note) for note in notes if note.field == "abstract"]
    assert len(messages) == 1 and "sarathi.yaml" in messages[0] and "abstract: conversion leftover" in messages[0]
    assert main(["check", "--data", str(seeded_store)]) == 0
    assert "note: " in capsys.readouterr().err


def test_an_accent_the_repair_cannot_place_is_flagged():
    # over a letter TeX names by a command other than a dotless i or j (\o is ø): a leftover, not silence
    assert leftovers('Sch\\"{\\o}n') and not leftovers('na\\"{\\i}ve')


def test_figures_in_markdown_bold_are_marked_without_their_asterisks():
    text = "bitwidth (**INT8/INT4**), achieving a **1.9x** to **2.7x** speedup."
    marks = [
        (text.find(value), text.find(value) + 4, title)
        for value, title in [("INT8", "P"), ("INT4", "P"), ("1.9x", "S"), ("2.7x", "S")]
    ]
    assert md_marked(text, marks, html_cell=True) == (
        'bitwidth (<mark title="P">INT8</mark>/<mark title="P">INT4</mark>), achieving a <mark title="S">1.9x</mark> to '
        '<mark title="S">2.7x</mark> speedup.'
    )


def test_a_mark_inside_latex_formatting_leaves_no_command_on_the_page():
    """HSPI's fact sentence showed '\\textbf{hardware and software platform inference (' raw: cleaned
    piece by piece around the mark, neither piece held a whole command (a reader's audit)."""
    text = r"We introduce \textbf{platform inference (HSPI)}, and \emph{fast reuse} in 2\times less time."
    start = text.index("HSPI")
    shown = md_marked(text, [(start, start + 4, "System"), (text.index("2"), text.index("2") + 7, "Speedup")])
    assert shown == (
        'We introduce platform inference (<mark title="System">HSPI</mark>), and fast reuse in '
        '<mark title="Speedup">2×</mark> less time.'
    )
    assert without_wrappers(r"an \emph{open brace") == (r"an \emph{open brace", [])


def test_a_mark_stops_at_a_lost_character_reference_as_at_the_dash_it_stands_for():
    """'0.108s/token—only' was marked whole: the dump's 'x2014' joined the words (a reader's audit)."""
    text = "TriForce achieves 0.108s/tokenx2014only half as slow."
    start = text.index("0.108")
    assert md_marked(text, [(start, start + 12, "Time")], html_cell=True) == (
        'TriForce achieves <mark title="Time">0.108s/token</mark>—only half as slow.'
    )
    end = text.index("half") - 1
    assert md_marked(text, [(end - 4, end, "Word")], html_cell=True) == (
        'TriForce achieves 0.108s/token—<mark title="Word">only</mark> half as slow.'
    )


def test_a_lost_comparison_reads_as_its_sign_around_a_mark():
    """Jet-Long's fact row read 'incurs le 4% overhead' where its abstract read '≤ 4%': the mark on
    '4%' left 'le' at the end of the piece before it (a reader's audit)."""
    text = "single-batch generation incurs le 4% overhead at every length."
    start = text.index("4%")
    assert md_marked(text, [(start, start + 2, "Overhead")], html_cell=True) == (
        'single-batch generation incurs ≤ <mark title="Overhead">4%</mark> overhead at every length.'
    )
