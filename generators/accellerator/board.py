"""Drawing the Accellerator board: one page at true size with the rules' worked example
underneath (:mod:`.example`), or, when it is larger than the paper, parts that overlap for taping.

The layout (size, reactor, homes, collectors) is the validators' :class:`Board`.  Board
geometry is in board millimetres: ``(0, 0)`` is the top-left corner of the ring of
spaces round the grid, ``y`` grows downwards as rows do, and :func:`_board_pen`
turns that into page coordinates.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ...validators.accellerator.board import Board, cell_name
from ...validators.accellerator.model import BOUNCES
from ...validators.accellerator.pieces import BOARD_LABEL, TILE_LABEL
from ...validators.errors import InputError
from .example import draw_legend, legend_height
from .pieces import GREEK, INK, LIGHT
from ..pen import Pen
from ..sheet import Document, Piece, Placed, SheetSettings

GRID_LINE = 0.35       # mm
CAPTION = 9.0          # mm at the top of the usable area for the title or the part's name
OVERLAP = 12.0         # mm of board printed on both neighbouring parts
LEGEND_GAP = 6.0       # mm between the board and the worked example
SMALLEST_PT = 6.0      # no printed text is smaller, at any --cell
NAME_GREY = "#8f8f8f"  # the cell names: quiet (3.3:1 on white), lighter than the grid


# ---------------------------------------------------------------- the board
@dataclass(frozen=True)
class BoardGeometry:
    board: Board
    cell: float

    @property
    def side(self) -> float:
        """Board and the ring round it (collectors, edge letters), in mm."""
        return (self.board.size + 2) * self.cell

    def cell_box(self, x: int, y: int) -> tuple[float, float]:
        """Top-left corner (board mm, y down) of cell ``(x, y)``; -1 and ``size`` are the ring."""
        return (x + 1) * self.cell, (y + 1) * self.cell


def draw_board(pen: Pen, geo: BoardGeometry) -> None:
    """The whole board in board millimetres (the pen's y axis already points down)."""
    board, c = geo.board, geo.cell
    for h in board.homes:
        r = h.collector
        if r is None:         # a scenario's home may name no collector: none to draw
            continue
        x, y = geo.cell_box(r.x, r.y)
        pen.rect(x + 1, y + 1, r.w * c - 2, r.h * c - 2, fill=LIGHT[h.player],
                 stroke=INK[h.player], width=0.6, radius=2)
        with _facing_player(pen, x + r.w * c / 2, y + r.h * c / 2, _side_angle(board, h.at)):
            pen.fit_text(0, 1.2, f"{GREEK[h.player]} {h.player} collector",
                         max(r.w, r.h) * c - 4, size=max(SMALLEST_PT, min(7.0, c * 0.45)),
                         bold=True, colour=INK[h.player], anchor="centre", min_size=SMALLEST_PT)
    for cell in board.cells():
        x, y = geo.cell_box(*cell)
        kind = board.kind(cell)
        if kind == "home":
            player = next(h.player for h in board.homes if h.at == cell)
            pen.rect(x, y, c, c, fill=LIGHT[player])
            with _facing_player(pen, x + c / 2, y + c / 2, _side_angle(board, cell)):
                pen.text(0, c * 0.05, GREEK[player], size=c * 1.0, bold=True,
                         colour=INK[player], anchor="centre")
                pen.fit_text(0, c * 0.35, player, c - 2, size=max(SMALLEST_PT, c * 0.4),
                             colour=INK[player], anchor="centre", min_size=SMALLEST_PT)
        elif kind == "reactor":
            pen.rect(x, y, c, c, fill="#fff3c4")
            pen.circle(x + c / 2, y + c / 2, c * 0.36, fill="#ffb300", stroke="#6d4c00", width=0.4)
            for angle in (0, 60, 120):
                _orbit(pen, x + c / 2, y + c / 2, c * 0.3, c * 0.12, angle)
            pen.fit_text(x + c / 2, y + c * 0.95, "REACTOR", c - 1.0, size=SMALLEST_PT, bold=True,
                         anchor="centre", min_size=SMALLEST_PT)
        else:
            pen.text(x + 0.7, y + 2.4, cell_name(cell), size=SMALLEST_PT, colour=NAME_GREY)
    n = board.size
    for i in range(n + 1):
        x, _ = geo.cell_box(i, 0)
        pen.line(x, c, x, (n + 1) * c, width=GRID_LINE)
        pen.line(c, x, (n + 1) * c, x, width=GRID_LINE)
    pen.rect(c, c, n * c, n * c, stroke="#000000", width=0.8)
    _ring_names(pen, geo)
    _compasses(pen, geo)


def _ring_names(pen: Pen, geo: BoardGeometry) -> None:
    """Column letters and row numbers in the ring, where no collector lies."""
    taken = {cell for h in geo.board.homes if h.collector is not None for cell in h.collector.cells()}
    n, c = geo.board.size, geo.cell
    size = max(SMALLEST_PT, min(8.0, c * 0.5))
    for i in range(n):
        for ring in ((i, -1), (i, n), (-1, i), (n, i)):
            if ring in taken:
                continue
            text = chr(ord("A") + i) if ring[1] in (-1, n) else str(i + 1)
            x, y = geo.cell_box(*ring)
            pen.text(x + c / 2, y + c / 2 + 1.2, text, size=size, colour="#757575", anchor="centre")


def _compasses(pen: Pen, geo: BoardGeometry) -> None:
    """A compass in each free corner of the ring: facings (N E S W) and the aid's deflector
    table are in board directions, north being the top of the printed board."""
    taken = {cell for h in geo.board.homes if h.collector for cell in h.collector.cells()}
    n, c = geo.board.size, geo.cell
    arm, size = c * 0.3, max(SMALLEST_PT, min(7.0, c * 0.45))
    for corner in ((-1, -1), (n, -1), (-1, n), (n, n)):
        if corner in taken:
            continue
        x, y = geo.cell_box(*corner)
        cx, cy = x + c / 2, y + c / 2 + 1.6
        pen.line(cx, cy - arm * 0.55, cx, cy + arm, colour="#757575", width=0.3)
        pen.line(cx - arm, cy, cx + arm, cy, colour="#757575", width=0.3)
        pen.polygon([(cx, cy - arm), (cx - 1.1, cy - arm * 0.45), (cx + 1.1, cy - arm * 0.45)],
                    fill="#424242")
        pen.text(cx, cy - arm - 0.9, "N", size=size, bold=True, colour="#424242", anchor="centre")


def _orbit(pen: Pen, cx: float, cy: float, a: float, b: float, angle: float) -> None:
    """An electron orbit: a thin ellipse round the reactor's core."""
    t = math.radians(angle)
    pts = [(cx + a * math.cos(s) * math.cos(t) - b * math.sin(s) * math.sin(t),
            cy + a * math.cos(s) * math.sin(t) + b * math.sin(s) * math.cos(t))
           for s in (k * math.pi / 18 for k in range(36))]
    pen.polygon(pts, stroke="#6d4c00", width=0.25)


def _side_angle(board: Board, home) -> int:
    """How far (degrees, anticlockwise on the page) to turn a home's texts so they read
    upright for the player sitting at that edge."""
    x, y = home
    last = board.size - 1
    edges = {180: y, 90: last - x, 0: last - y, 270: x}      # distance to N, E, S, W edges
    return min(edges, key=lambda angle: (edges[angle], angle))


@contextmanager
def _facing_player(pen: Pen, x: float, y: float, angle: int) -> Iterator[None]:
    """Draw round ``(x, y)`` turned by ``angle`` on the page (the board pen's y points down)."""
    with pen.saved():
        pen.translate(x, y)
        pen.rotate(-angle)
        yield


def _board_pen(pen: Pen, left: float, top: float) -> None:
    """Point the pen's axes so board mm (y down) from ``(left, top)`` on the page work."""
    pen.translate(left, top)
    pen.scale(1, -1)


# ------------------------------------------------------------- board pages
@dataclass(frozen=True)
class Tiling:
    """How the board splits into parts: each part shows up to ``w`` x ``h`` board mm;
    neighbouring parts share a strip :data:`OVERLAP` mm wide."""

    cols: int
    rows: int
    w: float
    h: float
    side: float

    @property
    def parts(self) -> int:
        return self.cols * self.rows

    def part(self, col: int, row: int) -> tuple[float, float, float, float]:
        """Board mm shown by a part: left, top, width, height."""
        bx, by = col * (self.w - OVERLAP), row * (self.h - OVERLAP)
        return bx, by, min(self.w, self.side - bx), min(self.h, self.side - by)


def tiling(settings: SheetSettings, side: float) -> Tiling:
    """One page if the board fits inside the margins (under the caption), else parts."""
    page = settings.paper
    usable_w = page.width - 2 * settings.margin
    usable_h = page.height - 2 * settings.margin - CAPTION
    if side <= usable_w and side <= usable_h:
        return Tiling(1, 1, side, side, side)
    if usable_w <= 2 * OVERLAP or usable_h <= 2 * OVERLAP:
        raise InputError("the margins leave no room to print the board", field="--margin")
    cols = max(1, math.ceil((side - OVERLAP) / (usable_w - OVERLAP)))
    rows = max(1, math.ceil((side - OVERLAP) / (usable_h - OVERLAP)))
    return Tiling(cols, rows, min(side, usable_w), min(side, usable_h), side)


def add_board(doc: Document, geo: BoardGeometry, bounce: str = BOUNCES[0]) -> Tiling:
    settings, page = doc.settings, doc.settings.paper
    t = tiling(settings, geo.side)
    top = page.height - settings.margin - CAPTION
    for row in range(t.rows):
        for col in range(t.cols):
            bx, by, w, h = t.part(col, row)
            left = (page.width - w) / 2
            label = BOARD_LABEL if t.parts == 1 else TILE_LABEL
            caption = ("Accellerator board" if t.parts == 1 else
                       f"Accellerator board, part {row * t.cols + col + 1} of {t.parts} "
                       f"(row {row + 1}, column {col + 1}): lay the grey strips over the "
                       "neighbouring part so the crosses match, then tape")
            draw = _board_page(geo, t, (bx, by, w, h), left, top, caption, label,
                               (settings.margin, page.width - settings.margin), bounce)
            kind = "board" if t.parts == 1 else "board-tile"
            # A cutting machine's marks leave no room round a whole-page board: it is printed
            # for the table as it is, not cut out (a board in parts keeps its trims).
            placed = Placed(label, kind, left, top - h, w, h, cut=not (settings.cutter and t.parts == 1))
            data = {"row": row + 1, "col": col + 1, "rows": t.rows, "cols": t.cols} \
                if t.parts > 1 else {}
            doc.add_page(draw, section="board", placed=[placed],
                         pieces=[Piece(kind, label, draw, data=data)], trim=(left, top - h, w, h))
    return t


def _board_page(geo: BoardGeometry, t: Tiling, part: tuple[float, float, float, float],
                left: float, top: float, caption: str, label: str, span: tuple[float, float],
                bounce: str):
    bx, by, w, h = part
    x0, x1 = (left, left + w) if t.parts == 1 else span
    pen_margin = span[0]

    def draw(pen: Pen) -> None:
        pen.fit_text(x0, top + 3, caption, x1 - x0 - 26, size=9, bold=True)
        pen.text(x1, top + 3, f"[{label}]", size=5, colour="#8a8a8a", anchor="right")
        with pen.saved():
            pen.clip(left, top - h, w, h)
            _board_pen(pen, left - bx, top + by)
            board_pen = pen.y_down(geo.side, geo.side)
            if t.parts > 1:
                _overlap_strips(board_pen, t)
            draw_board(board_pen, geo)
            if t.parts > 1:
                _overlap_crosses(board_pen, t)
        room = top - h - pen_margin
        if t.parts == 1 and room >= LEGEND_GAP + legend_height():
            draw_legend(pen, left, top - h - LEGEND_GAP, w, bounce)

    return draw


def _overlaps(t: Tiling) -> list[tuple[float, float, float, float, bool]]:
    """Every strip printed on two parts: x, y, w, h (board mm) and whether it runs down."""
    strips = []
    for col in range(1, t.cols):
        x = col * (t.w - OVERLAP)
        strips.append((x, 0.0, OVERLAP, t.side, True))
    for row in range(1, t.rows):
        y = row * (t.h - OVERLAP)
        strips.append((0.0, y, t.side, OVERLAP, False))
    return strips


def _overlap_strips(pen, t: Tiling) -> None:
    for x, y, w, h, _ in _overlaps(t):
        pen.rect(x, y, w, h, fill="#dde3e6")


def _overlap_crosses(pen, t: Tiling) -> None:
    """Registration crosses down the middle of each strip: they print on both parts."""
    for x, y, w, h, vertical in _overlaps(t):
        length = h if vertical else w
        marks = max(2, int(length // 40))
        for k in range(marks):
            along = length * (k + 0.5) / marks
            cx, cy = (x + w / 2, y + along) if vertical else (x + along, y + h / 2)
            pen.line(cx - 4, cy, cx + 4, cy, width=0.25)
            pen.line(cx, cy - 4, cx, cy + 4, width=0.25)
            pen.circle(cx, cy, 2, stroke="#000000", width=0.2)
