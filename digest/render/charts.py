"""SVG charts for the home page, drawn at build time with matplotlib.

Output is byte-stable for the same input (fixed hash salt, no date, text kept as text), so an
unchanged corpus leaves the chart files unchanged and `mkdocs serve` does not rebuild for them.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_STYLE: Any = {
    "svg.hashsalt": "ml-systems-digest",
    "svg.fonttype": "none",
    "font.size": 9,
    "font.family": "sans-serif",
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_PALETTE = ["#3f51b5", "#009688", "#ff9800", "#e91e63", "#607d8b", "#9c27b0", "#8bc34a", "#795548"]

# Each chart is drawn twice, for each of the site's colour schemes: an <img> is a document of its own,
# which the page's CSS cannot colour, so in the dark scheme the charts stayed bright white panels (a
# reader's audit). Home shows each with Material's `#only-light` and `#only-dark`. The dark one has
# Material's dark background (no panel on Home, where it meets the page's own; and readable when a
# tap opens it alone, where a browser would show it on white), light text and axes (Material's dark
# text colour), the palette's lighter shades, and a heat map that brightens with the count.
_DARK_TEXT = "#d5d8df"
_DARK_STYLE: Any = {
    **_STYLE,
    "text.color": _DARK_TEXT,
    "axes.labelcolor": _DARK_TEXT,
    "axes.edgecolor": _DARK_TEXT,
    "xtick.color": _DARK_TEXT,
    "ytick.color": _DARK_TEXT,
    "figure.facecolor": "#1e2129",  # Material's slate background, hsl(225, 15%, 14%)
    "axes.facecolor": "none",
    "savefig.facecolor": "#1e2129",
}
_DARK_PALETTE = ["#7986cb", "#4db6ac", "#ffb74d", "#f06292", "#90a4ae", "#ba68c8", "#aed581", "#a1887f"]
_DARK_HEAT = "#64b5f6"  # a cell's colour at the peak, fading to a faint tint of it at none
_DARK_ON_HEAT = _DARK_STYLE["figure.facecolor"]  # the count on a bright cell


@contextmanager
def _figure(width: float, height: float, dark: bool = False) -> Iterator[Figure]:
    # Imported here, not with the module: a build draws its charts on the other core
    # (digest/background.py), and the import is a fifth of a second. Not pyplot: no global figure
    # state, and its import alone took a second.
    import matplotlib  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    with matplotlib.rc_context(_DARK_STYLE if dark else _STYLE):
        yield Figure(figsize=(width, height))


def import_matplotlib() -> None:
    """Import what drawing a chart imports (half a second), ahead of time: `mkdocs serve` draws
    its first charts in a child process, and would otherwise pay this on the first edit that
    changes one."""
    import matplotlib.backends.backend_svg  # noqa: PLC0415
    import matplotlib.figure  # noqa: F401, PLC0415


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    return buffer.getvalue()


def papers_per_topic_and_year(
    counts: Mapping[str, Mapping[str, int]], topics: list[str], title: str, dark: bool = False
) -> str:
    """Stacked bars across: one bar per year, one colour per topic. `counts[year][topic]`, a year
    perhaps with a note after it ("2026 (to Aug 21)"); `dark`: for the dark colour scheme."""
    years = sorted(counts)
    palette = _DARK_PALETTE if dark else _PALETTE
    # A bar per year, across: narrow enough to fit a phone whole (Home), with the title and legend
    # above the bars. Wide, scrolled sideways to the latest years, it hid its title, axis and most
    # of its legend; upright in a phone's width, the years' labels ran together.
    with _figure(4.0, 1.0 + 0.24 * len(years), dark) as figure:
        figure.set_layout_engine("constrained")  # the bars as wide as the legend above them allows
        axes = figure.subplots()
        places = range(len(years))
        lefts = [0] * len(years)
        for index, topic in enumerate(topics):
            widths = [counts[year].get(topic, 0) for year in years]
            axes.barh(places, widths, left=lefts, label=topic, color=palette[index % len(palette)])
            lefts = [left + width for left, width in zip(lefts, widths, strict=True)]
        # A part year's "(to Aug 21)" after its bar: beside its year it took a third of a phone's width.
        labels = [year.partition(" ") for year in years]  # ("2026", " ", "(to Aug 21)")
        axes.set_yticks(places, [year for year, _, _ in labels])
        for place, (_, _, note), total in zip(places, labels, lefts, strict=True):
            if note:
                axes.annotate(note, (total, place), xytext=(4, 0), textcoords="offset points", va="center")
        axes.invert_yaxis()  # the years down the page, the latest last
        axes.tick_params(axis="y", length=0)
        axes.legend(
            title=f"{title}\n(a paper counts once in each of its topics)",
            alignment="left",
            loc="lower left",
            bbox_to_anchor=(0, 1),
            ncols=3,
            handlelength=1.2,
            columnspacing=1.2,
            frameon=False,
        )
        return _svg(figure)


def hardware_by_topic(
    matrix: Mapping[str, Mapping[str, int]], topics: list[str], title: str, dark: bool = False
) -> str:
    """A heat map of papers per hardware (rows) and topic (columns), with the counts written in;
    `dark`: for the dark colour scheme."""
    rows = list(matrix)
    values = [[matrix[row].get(topic, 0) for topic in topics] for row in rows]
    with _figure(7.5, 0.8 + 0.28 * max(len(rows), 1), dark) as figure:
        from matplotlib.colors import LinearSegmentedColormap, to_rgba  # noqa: PLC0415

        heat = (
            LinearSegmentedColormap.from_list("digest-dark", [to_rgba(_DARK_HEAT, 0.08), to_rgba(_DARK_HEAT, 1.0)])
            if dark
            else "Blues"
        )
        # the count's colour on a cell past half the peak, and on the others
        on_peak, on_rest = (_DARK_ON_HEAT, _DARK_TEXT) if dark else ("white", "black")
        axes = figure.subplots()
        axes.imshow(values or [[0] * len(topics)], cmap=heat, aspect="auto", vmin=0)
        axes.set_xticks(range(len(topics)), topics)
        axes.set_yticks(range(len(rows)), rows)
        axes.tick_params(length=0)
        peak = max((v for row in values for v in row), default=0)
        for y, row in enumerate(values):
            for x, value in enumerate(row):
                if value:
                    axes.text(
                        x,
                        y,
                        str(value),
                        ha="center",
                        va="center",
                        color=on_peak if value > peak / 2 else on_rest,
                        fontsize=8,
                    )
        axes.set_title(title, loc="left")
        for spine in axes.spines.values():
            spine.set_visible(False)
        return _svg(figure)
