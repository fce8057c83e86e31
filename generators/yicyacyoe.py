"""Yic Yac Yoe play boards: N x N grids sized to fill the sheet, each with
its variant's settings printed above it and coordinates (``a1`` bottom
left) around it, the same names ``icp-print play yicyacyoe`` reads."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..templates import path
from ..validators.errors import InputError
from ..validators.schema import field, load_toml
from ..validators.yicyacyoe.model import LETTERS
from ..validators.yicyacyoe.variant import Variant
from .pen import Pen
from .sheet import Document, Piece, SheetSettings, fit_grid, one_sided

HEADER = 15.0        # mm above the grid: title and settings
RIM = 6.5            # mm left of and below the grid: row numbers and column letters
RIGHT = 3.0          # mm right of and above the grid
COORD_GREY = "#555555"
SMALLEST_PT = 6.0    # no printed text is smaller
EDGE = 3.0           # mm: the header's text keeps this far inside the trim
MIN_SIZE, MAX_SIZE = 3, 15


@dataclass(frozen=True)
class Layout:
    """Board side (mm) by board size, from ``templates/yicyacyoe/boards.toml``."""

    sides: tuple[tuple[int, float], ...]
    largest_cell: float


@cache
def layout() -> Layout:
    source = path("yicyacyoe", "boards.toml")
    data = load_toml(source)
    try:
        entries = field(data, "layout", list)
        sides = tuple((field(e, "largest", int, where=f"layout[{i}]", lo=MIN_SIZE),
                       field(e, "side_mm", float, where=f"layout[{i}]", lo=20))
                      for i, e in enumerate(entries))
        largest = field(field(data, "page_width", dict), "largest_cell_mm", float,
                        where="page_width", lo=5)
    except InputError as exc:
        raise exc.located(str(source)) from None
    return Layout(tuple(sorted(sides)), largest)


def cell_size(n: int, settings: SheetSettings) -> float:
    """Cell side in mm: several boards a sheet while small, else the page width."""
    for largest, side in layout().sides:
        if n <= largest:
            return side / n
    usable = settings.layout_box()[2] - RIM - RIGHT
    return min(layout().largest_cell, usable / n)


def board_size(n: int, settings: SheetSettings) -> tuple[float, float]:
    """Width and height of one board with its rims and header."""
    side = n * cell_size(n, settings)
    return side + RIM + RIGHT, side + RIM + RIGHT + HEADER


def board(variant: Variant, cell: float):
    """Draw one board: title and settings, then the grid with a1 at the bottom left."""
    n = variant.n
    lines = variant.board_lines()

    def draw(pen: Pen) -> None:
        side = n * cell
        x0, y0 = RIM, RIM
        top = y0 + side
        width = pen.w - 2 * EDGE
        pen.text(EDGE, pen.h - 6.2, "Yic Yac Yoe", size=10, bold=True)     # 3 mm inside the trim
        header = [part for line in lines for part in _header_lines(pen, line, width)]
        for i, line in enumerate(header):
            pen.fit_text(EDGE, pen.h - 9.2 - i * 3.2, line, width, size=6.5, colour="#333333",
                         min_size=SMALLEST_PT)
        for i in range(n + 1):
            weight = 0.5 if i in (0, n) else 0.3
            pen.line(x0 + i * cell, y0, x0 + i * cell, top, width=weight)
            pen.line(x0, y0 + i * cell, x0 + side, y0 + i * cell, width=weight)
        size = max(SMALLEST_PT, min(8.0, cell * 0.6))
        for i in range(n):
            pen.text(x0 + (i + 0.5) * cell, y0 - 3.4, LETTERS[i], size=size, anchor="centre",
                     colour=COORD_GREY)
            pen.text(x0 - 1.5, y0 + (i + 0.5) * cell - 1, str(i + 1), size=size, anchor="right",
                     colour=COORD_GREY)
        pen.label(f"yicyacyoe:board-{n}x{n}", y=0.7, size=4)

    return draw


def _header_lines(pen: Pen, line: str, width: float) -> list[str]:
    """One settings line, broken at its commas when it is too long to shrink into ``width``
    at :data:`SMALLEST_PT`, filling the last line first so the settings that go together
    stay together (the longest, on a 3x3 board, takes two lines: the header holds three)."""
    if pen.text_width(line, SMALLEST_PT) <= width:
        return [line]
    out: list[str] = []
    for item in reversed(line.split(", ")):
        joined = f"{item}, {out[0]}" if out else item
        if out and pen.text_width(joined, SMALLEST_PT) <= width:
            out[0] = joined
        else:
            out.insert(0, item + ("," if out else ""))
    return [part for piece in out for part in
            ([piece] if pen.text_width(piece, SMALLEST_PT) <= width else pen.wrap(piece, width, SMALLEST_PT))]


@dataclass(frozen=True)
class BoardsOptions:
    """Which variant the boards are for, and how many (None: as many as fill one sheet)."""

    variant: Variant = Variant(3)
    count: int | None = None


def build(settings: SheetSettings, options: BoardsOptions = BoardsOptions()) -> Document:
    """A sheet of boards (or ``options.count`` boards) for one variant.

    Boards are one-sided, so no back pages are added whatever ``--backs`` says.
    """
    variant, count = options.variant, options.count
    n = variant.n
    settings = one_sided(settings, "Yic Yac Yoe boards")
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InputError(f"printed boards are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, "
                         f"got {n}x{n}", field="--size")
    recorded = variant.as_dict()
    doc = Document(settings, game="yicyacyoe", ruleset="yicyacyoe-1",
                   title=f"Yic Yac Yoe {n}x{n} boards", options=recorded)
    w, h = board_size(n, settings)
    if count is None:
        count = fit_grid(settings, w, h).capacity
    cell = cell_size(n, settings)
    data = {**recorded, "cell_mm": round(cell, 3), "settings": variant.board_lines()}
    piece = Piece("board", f"yicyacyoe:board-{n}x{n}", board(variant, cell), None, data)
    doc.add_pieces([piece] * count, w, h, section="boards")
    return doc


def grid_origin(x: float, y: float) -> tuple[float, float]:
    """Page position of the grid's lower-left corner for a board placed at ``(x, y)``."""
    return x + RIM, y + RIM
