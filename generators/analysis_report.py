"""An analysis as a report people look at: vector charts, the table and the command.

``report_bytes(data, lines, kind, paper)`` draws from the JSON of an analysis
(:func:`~..validators.analysis.text.analysis_json`) and its text table:

- game length (turns) of every run, as a histogram;
- win rate by seat with 95% error bars (for a solo game: the win probability
  of each run, e.g. each difficulty mode);
- how often each card, action or rule fired per game;
- how games end (won, or lost and why) where the engine counts it (the solo games);
- where the game counts cards attempted, played and completed (RYB's Goals):
  attempts per completion, and how often each card once played was completed.

``pdf`` opens with a front page (the command and the headline figures as tables:
who wins, the first player's advantage, game length, what sets a deck apart),
then the whole text table, then one page per chart, every page of the paper
asked for with everything :data:`MARGIN` mm inside its edges; ``html`` is one
self-contained file with the same tables and the charts inline as SVG.  Dates
and SVG ids are fixed, so the same analysis gives the same bytes.
"""
from __future__ import annotations

import html
import io
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..validators.analysis.text import SummaryTable, ending_names, game_endings, summary_tables
from ..validators.formats import Paper
from .units import inches, to_mm

TOP_EVENTS = 24
OUTLIER = 3
"""How many times the next figure the largest one of the usage chart may be before it is cut."""
MARGIN = 12.5
"""Millimetres from each edge of a PDF page to its text and charts: inside any printer's border."""
HEADING_ROOM = 9.0
"""Millimetres from the top of a page's title to the first line under it."""
FOOTER_ROOM = 8.0
"""Millimetres kept under the front page's tables for its closing line."""
TITLE_FONT = 14.0
FRONT_FONT = 8.0
"""Point size of the front page's tables."""
TABLE_FONT = 6.5
"""Point size of the full table's monospace lines."""
MONO_EM = 0.602
"""The advance of a character of DejaVu Sans Mono (matplotlib's monospace font), in ems."""
WIDE_EM = 0.62
"""A wide character of the front page's tables, in ems: a column is as wide as its longest cell
at this width, so no cell runs into the next."""
CHAR_WIDTH = to_mm(WIDE_EM * FRONT_FONT)
"""A wide character of the front page's tables, in millimetres."""
LINE_HEIGHT = to_mm(1.45 * FRONT_FONT)
"""A line of the front page's tables, in millimetres."""
TABLE_PITCH = to_mm(1.2 * TABLE_FONT)
"""From one line of the full table to the next, in millimetres."""
COLOURS = ("#1f4e9c", "#c62828", "#2e8b3e", "#ef7d00", "#6a3d9a", "#212121")
UNDER_AXIS_LABEL = 34.0
"""Points from the bottom of a chart's axes to a legend set under them, clear of the tick labels
and the axis label (in points too, so the gap holds however short the chart)."""


def _pyplot() -> Any:
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.hashsalt": "icp-print", "svg.fonttype": "path",
                                "pdf.fonttype": 42, "font.size": 9})
    import matplotlib.pyplot as plt
    return plt


def figures(data: dict) -> list[Any]:
    """The report's charts as matplotlib figures."""
    plt = _pyplot()
    charts = [_lengths(plt, data), _wins(plt, data), _events(plt, data)]
    if data["players"] == 1 and any(game_endings(run) for run in data["runs"]):
        charts.append(_endings(plt, data))
    if any(run["attempts_per_completed"] for run in data["runs"]):
        charts.append(_ratio(plt, data, "attempts_per_completed", "attempts per completion",
                             "attempts it takes to complete a card"))
    if any(run["completed_per_played"] for run in data["runs"]):
        charts.append(_ratio(plt, data, "completed_per_played", "completed, per card played",
                             "how often a card once played is completed"))
    return charts


def _lengths(plt: Any, data: dict) -> Any:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i, run in enumerate(data["runs"]):
        counts = {int(k): v for k, v in run["turn_histogram"].items()}
        xs = sorted(counts)
        total = sum(counts.values())
        ax.step(xs, [counts[x] / total for x in xs], where="mid", color=COLOURS[i % len(COLOURS)],
                label=f"{run['label']} (median {run['turns']['median']})")
    ax.set_xlabel("turns in a game")
    ax.set_ylabel("share of games")
    ax.set_title(f"{data['game']}: game length")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def _wins(plt: Any, data: dict) -> Any:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    runs = data["runs"]
    if data["players"] == 1:
        rows = [run["win_rate_by_seat"][0] for run in runs]
        _bars(ax, range(len(runs)), rows, COLOURS[0], 0.6)
        ax.set_xticks(range(len(runs)), [run["label"] for run in runs])
        ax.set_ylabel("win probability (95% interval)")
        ax.set_title(f"{data['game']}: win probability by mode")
    else:
        width = 0.8 / len(runs)
        for i, run in enumerate(runs):
            seats = range(len(run["win_rate_by_seat"]))
            _bars(ax, [s + (i - (len(runs) - 1) / 2) * width for s in seats],
                  run["win_rate_by_seat"], COLOURS[i % len(COLOURS)], width, run["label"])
        ax.axhline(1 / data["players"], color="grey", linestyle="--", linewidth=0.8,
                   label="fair share")
        ax.set_xticks(range(data["players"]), [f"seat {s + 1}" for s in range(data["players"])])
        ax.set_ylabel("share of games won (95% interval)")
        ax.set_title(f"{data['game']}: win rate by seat")
        ax.legend(fontsize=8)
    ax.set_ylim(0, 1.08)    # room for a rate written above an interval that reaches 1
    fig.tight_layout()
    return fig


def _bars(ax: Any, xs: Any, rows: list[dict], colour: str, width: float, label: str | None = None,
          share: bool = True) -> None:
    """Bars with their 95% intervals, each figure written above its bar: as a percentage when
    the figures are shares, plainly (``1.77``) when they are not."""
    rates = [r["rate"] for r in rows]
    errors = [[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]]
    spread = any(e for side in errors for e in side)
    ax.bar(list(xs), rates, width=width, color=colour, yerr=errors if spread else None,
           capsize=3 if spread else 0, label=label)
    gap = 0.015 if share else 0.01 * max(r["high"] for r in rows)
    for x, row in zip(xs, rows):
        text = f"{row['rate']:.1%}" if share else f"{row['rate']:.2f}"
        ax.text(x, row["high"] + gap, text, ha="center", va="bottom", fontsize=8)


def _events(plt: Any, data: dict) -> Any:
    runs = data["runs"]
    names: dict[str, float] = {}
    for run in runs:
        for name, value in run["events_per_game"].items():
            names[name] = max(names.get(name, 0.0), value)
    shown = sorted(sorted(names), key=lambda n: -names[n])[:TOP_EVENTS]
    fig, ax = plt.subplots(figsize=(8, max(3.0, 0.28 * len(shown) + 1.2)))
    height = 0.8 / len(runs)
    for i, run in enumerate(runs):
        ys = [j + (i - (len(runs) - 1) / 2) * height for j in range(len(shown))]
        ax.barh(ys, [run["events_per_game"].get(n, 0.0) for n in shown], height=height,
                color=COLOURS[i % len(COLOURS)], label=run["label"])
    ax.set_yticks(range(len(shown)), shown)
    ax.invert_yaxis()
    _cut_outlier(ax, [names[n] for n in shown])
    ax.set_xlabel("per game")
    ax.set_title(f"{data['game']}: cards, actions and rules used")
    if len(runs) > 1:
        ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def _endings(plt: Any, data: dict) -> Any:
    """How the games of each run ended, as one bar per run cut into its endings: where
    nobody wins, the chart still shows why games are lost."""
    runs = data["runs"]
    names = ending_names(runs)
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.5 * len(runs) + 1.8)))
    left = [0.0] * len(runs)
    for i, name in enumerate(names):
        shares = [game_endings(run).get(name, 0.0) for run in runs]
        ax.barh(range(len(runs)), shares, left=left, color=COLOURS[i % len(COLOURS)], label=name)
        for y, (x, share) in enumerate(zip(left, shares)):
            if share >= 0.06:
                ax.text(x + share / 2, y, f"{share:.0%}", ha="center", va="center", color="white", fontsize=8)
        left = [x + share for x, share in zip(left, shares)]
    ax.set_yticks(range(len(runs)), [run["label"] for run in runs])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.set_title(f"{data['game']}: how games end")
    from matplotlib.transforms import offset_copy
    under = offset_copy(ax.transAxes, fig=fig, y=-UNDER_AXIS_LABEL, units="points")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=under,
              ncol=min(3, len(names)))
    fig.tight_layout()
    return fig


def _cut_outlier(ax: Any, values: list[float]) -> None:
    """Where one figure dwarfs the rest (RYB's banked points against its card counts), end the
    axis a little past the second and write the first's value on its bar, so the others
    can still be told apart."""
    if len(values) < 2 or values[0] <= OUTLIER * values[1]:
        return
    end = 1.3 * values[1]
    ax.set_xlim(0, end)
    ax.text(end * 0.98, 0, f"{values[0]:.3g} \u2192", ha="right", va="center", color="white",
            fontsize=8, weight="bold")


def _ratio(plt: Any, data: dict, key: str, axis: str, title: str) -> Any:
    """A figure per card (RYB: per Goal colour), so that an easy or a hard colour stands out;
    with 95% error bars where the figure is a share with an interval."""
    runs = data["runs"]
    names = sorted({n for run in runs for n in run[key]})
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(runs)
    for i, run in enumerate(runs):
        xs = [j + (i - (len(runs) - 1) / 2) * width for j in range(len(names))]
        rows = [_as_row(run[key].get(n, 0.0)) for n in names]
        _bars(ax, xs, rows, COLOURS[i % len(COLOURS)], width, run["label"],
              share=any(isinstance(run[key].get(n), dict) for n in names))
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_ylim(bottom=0)
    ax.set_ylabel(axis)
    ax.set_title(f"{data['game']}: {title}")
    if len(runs) > 1:
        ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def _as_row(value: float | dict) -> dict:
    """A plain figure as a row with no interval."""
    return value if isinstance(value, dict) else {"rate": value, "low": value, "high": value}


def report_bytes(data: dict, lines: list[str], kind: str, paper: Paper) -> bytes:
    """The whole report as ``pdf`` bytes on pages of ``paper``, or as ``html`` (which has no pages)."""
    plt = _pyplot()
    charts = figures(data)
    try:
        if kind == "pdf":
            return _pdf(plt, data, lines, charts, paper)
        return _html(data, lines, charts)
    finally:
        for fig in charts:
            plt.close(fig)


@dataclass(frozen=True)
class _Page:
    """A PDF page of ``paper`` as a matplotlib figure, written on in millimetres from its
    left and top edges (the figure itself counts in shares of the page from the bottom)."""

    figure: Any
    paper: Paper

    def text(self, left: float, top: float, text: str, **style: Any) -> None:
        self.figure.text(left / self.paper.width, 1 - top / self.paper.height, text, **style)

    def rule(self, left: float, right: float, top: float) -> None:
        """A thin horizontal rule."""
        from matplotlib.lines import Line2D
        y = 1 - top / self.paper.height
        self.figure.add_artist(Line2D([left / self.paper.width, right / self.paper.width], [y, y],
                                      linewidth=0.5, color="#333333"))


def _new_page(plt: Any, paper: Paper, title: str) -> _Page:
    """A page of ``paper`` with ``title`` at its top left, inside the margins."""
    page = _Page(plt.figure(figsize=(inches(paper.width), inches(paper.height))), paper)
    page.text(MARGIN, MARGIN, title, fontsize=TITLE_FONT, weight="bold", va="top")
    return page


def _chars_across(paper: Paper, size: float) -> int:
    """How many monospace characters of ``size`` points a line holds between the margins."""
    return int((paper.width - 2 * MARGIN) / to_mm(MONO_EM * size))


def _pdf(plt: Any, data: dict, lines: list[str], charts: list[Any], paper: Paper) -> bytes:
    from matplotlib.backends.backend_pdf import PdfPages
    out = io.BytesIO()
    with PdfPages(out, metadata={"CreationDate": None, "ModDate": None,
                                 "Title": f"{data['game']} analysis"}) as pdf:
        for page in [_front_page(plt, data, paper), *_table_pages(plt, data, lines, paper)]:
            pdf.savefig(page)
            plt.close(page)
        for fig in charts:
            _fill_page(fig, paper)
            pdf.savefig(fig)
    return out.getvalue()


def _front_page(plt: Any, data: dict, paper: Paper) -> Any:
    """The command and the headline tables on one page."""
    page = _new_page(plt, paper, f"{data['game']} analysis")
    top = MARGIN + HEADING_ROOM
    page.text(MARGIN, top, "Produced by:", fontsize=FRONT_FONT, va="top")
    top += LINE_HEIGHT
    for line in textwrap.wrap(data["command"], _chars_across(paper, FRONT_FONT), subsequent_indent="    "):
        page.text(MARGIN, top, line, family="monospace", fontsize=FRONT_FONT, va="top")
        top += LINE_HEIGHT
    bottom = paper.height - MARGIN - FOOTER_ROOM
    for table in summary_tables(data):
        if top + 5 * LINE_HEIGHT > bottom:
            break    # no room for a heading and a row: the rest is in the full table on the next page
        top = _draw_table(page, top + LINE_HEIGHT, table, bottom)
    page.text(MARGIN, paper.height - MARGIN, "The full table follows; then the charts.",
              fontsize=FRONT_FONT - 1, color="#555555", va="bottom")
    return page.figure


def _draw_table(page: _Page, top: float, table: SummaryTable, bottom: float) -> float:
    """One table drawn from ``top`` down to ``bottom`` at most (millimetres from the page's top),
    a rule under its column names; where the next table may start."""
    heading, columns, rows = table
    page.text(MARGIN, top, heading, fontsize=FRONT_FONT + 2, weight="bold", va="top")
    top += 1.6 * LINE_HEIGHT
    widths = [max(len(cell) for cell in column) + 2 for column in zip(columns, *rows)]
    lefts = [MARGIN + CHAR_WIDTH * sum(widths[:i]) for i in range(len(widths))]
    for left, name in zip(lefts, columns):
        page.text(left, top, name, fontsize=FRONT_FONT, weight="bold", va="top")
    top += LINE_HEIGHT
    page.rule(MARGIN, min(page.paper.width - MARGIN, lefts[-1] + CHAR_WIDTH * widths[-1]),
              top - 0.2 * LINE_HEIGHT)
    for row in rows:
        if top + LINE_HEIGHT > bottom:
            break
        for left, cell in zip(lefts, row):
            page.text(left, top, cell, fontsize=FRONT_FONT, va="top")
        top += LINE_HEIGHT
    return top + LINE_HEIGHT


def _table_pages(plt: Any, data: dict, lines: list[str], paper: Paper) -> Iterator[Any]:
    """The whole text table, as many lines to a page as its height holds, each line broken to
    its width."""
    first = MARGIN + HEADING_ROOM
    per_page = int((paper.height - MARGIN - first) / TABLE_PITCH)
    table = _wrapped(lines, _chars_across(paper, TABLE_FONT))
    for start in range(0, max(1, len(table)), per_page):
        page = _new_page(plt, paper, f"{data['game']} analysis")
        for number, line in enumerate(table[start:start + per_page]):
            page.text(MARGIN, first + to_mm(TABLE_FONT) + number * TABLE_PITCH, line,
                      family="monospace", fontsize=TABLE_FONT, va="baseline")
        yield page.figure


def _fill_page(fig: Any, paper: Paper) -> None:
    """A chart made as a figure of its own turned into a page of ``paper``: as wide as the page
    inside its margins, as high as its shape asks, at the top.  The chart's layout is first
    carried over as it is, scaled into its place, so that a legend set below the axes starts
    where it was before the layout is fitted to the new size."""
    width, height = fig.get_size_inches()
    page_width, page_height, margin = inches(paper.width), inches(paper.height), inches(MARGIN)
    across = (page_width - 2 * margin) / page_width
    up = min(height * (page_width - 2 * margin) / width, page_height - 2 * margin) / page_height
    left, bottom = margin / page_width, 1 - margin / page_height - up
    was = fig.subplotpars
    fig.set_size_inches(page_width, page_height)
    fig.subplots_adjust(left=left + was.left * across, right=left + was.right * across,
                        bottom=bottom + was.bottom * up, top=bottom + was.top * up)
    fig.tight_layout(rect=(left, bottom, left + across, bottom + up))


def _wrapped(lines: list[str], columns: int) -> list[str]:
    """The table's lines broken to ``columns`` characters, a broken line's rest indented under its start."""
    out = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" ")) + 4)
        out += textwrap.wrap(line, columns, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return out


def _html(data: dict, lines: list[str], charts: list[Any]) -> bytes:
    svgs = []
    for fig in charts:
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
        svg = buffer.getvalue()
        svgs.append(svg[svg.index("<svg"):])
    title = html.escape(f"{data['game']} analysis")
    tables = "\n".join(_html_table(table) for table in summary_tables(data))
    body = "\n".join(f"<figure>{svg}</figure>" for svg in svgs)
    page = (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>body{{font-family:sans-serif;max-width:60em;"
            f"margin:2em auto}}pre{{background:#f4f4f4;padding:1em;overflow-x:auto}}"
            f"figure svg{{max-width:100%;height:auto}}table{{border-collapse:collapse;margin-bottom:1em}}"
            f"th,td{{text-align:left;padding:0.2em 0.8em;border-bottom:1px solid #ccc}}</style></head><body>\n"
            f"<h1>{title}</h1>\n<p>Produced by:</p><pre>{html.escape(data['command'])}</pre>\n"
            f"{tables}\n<h2>The full table</h2>\n"
            f"<pre>{html.escape(chr(10).join(lines))}</pre>\n{body}\n</body></html>\n")
    return page.encode("utf-8")


def _html_table(table: SummaryTable) -> str:
    heading, columns, rows = table
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<h2>{html.escape(heading)}</h2>\n<table><tr>{head}</tr>{body}</table>"
