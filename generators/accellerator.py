"""Drawing the Accellerator set: the board (one page, or tiled for taping), and a
sheet of pieces: four tent-fold pawns with facing arrows, the deflector,
electron and energy chits, and the player aid cards.

The board's layout and the pieces' counts come from
:mod:`..validators.accellerator`; this module only decides how they look.
Board geometry is in board millimetres: ``(0, 0)`` is the top-left corner of
the ring of spaces round the grid, ``y`` grows downwards as rows do, and
:func:`_board_pen` turns that into page coordinates.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass

from ..validators.accellerator.board import Board, board_data, cell_name
from ..validators.accellerator.model import PLAYERS
from ..validators.accellerator.pieces import (BOARD_LABEL, PIECES, TILE_LABEL, PieceSpec,
                                              aid_texts)
from ..validators.errors import InputError
from .pen import Pen, pen_for
from .sheet import Document, Piece, Placed, SheetSettings, component_size, mirror

RULESET = "accellerator-1"
INK = {"alpha": "#c62828", "beta": "#1565c0", "delta": "#2e7d32", "gamma": "#6a1b9a"}
LIGHT = {"alpha": "#ffcdd2", "beta": "#bbdefb", "delta": "#c8e6c9", "gamma": "#e1bee7"}
GREEK = {"alpha": "α", "beta": "β", "delta": "δ", "gamma": "γ"}
GRID_LINE = 0.35       # mm
CAPTION = 9.0          # mm at the top of the usable area for the title or the part's name
OVERLAP = 12.0         # mm of board printed on both neighbouring parts
LEGEND_H = 52.0        # mm under a one-page board for the worked example
MINI = 10.0            # mm, a space in the worked example
CHIT = 14.0            # mm, side of the square chits
PAWN_W, PAWN_BASE, PAWN_FACE, PAWN_TAB = 13.0, 13.0, 25.0, 6.0
PAWN_H = PAWN_BASE + 2 * PAWN_FACE + PAWN_TAB


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
        x, y = geo.cell_box(r.x, r.y)
        pen.rect(x + 1, y + 1, r.w * c - 2, r.h * c - 2, fill=LIGHT[h.player],
                 stroke=INK[h.player], width=0.6, radius=2)
        with _facing_player(pen, x + r.w * c / 2, y + r.h * c / 2, _side_angle(board, h.at)):
            pen.fit_text(0, 1.2, f"{GREEK[h.player]} {h.player} collector",
                         max(r.w, r.h) * c - 4, size=min(7.0, c * 0.45), bold=True,
                         colour=INK[h.player], anchor="centre", min_size=3)
    for cell in board.cells():
        x, y = geo.cell_box(*cell)
        kind = board.kind(cell)
        if kind == "home":
            player = next(h.player for h in board.homes if h.at == cell)
            pen.rect(x, y, c, c, fill=LIGHT[player])
            with _facing_player(pen, x + c / 2, y + c / 2, _side_angle(board, cell)):
                pen.text(0, c * 0.05, GREEK[player], size=c * 1.0, bold=True,
                         colour=INK[player], anchor="centre")
                pen.fit_text(0, c * 0.35, player, c - 2, size=c * 0.4, colour=INK[player],
                             anchor="centre", min_size=3)
        elif kind == "reactor":
            pen.rect(x, y, c, c, fill="#fff3c4")
            pen.circle(x + c / 2, y + c / 2, c * 0.36, fill="#ffb300", stroke="#6d4c00", width=0.4)
            for angle in (0, 60, 120):
                _orbit(pen, x + c / 2, y + c / 2, c * 0.3, c * 0.12, angle)
            pen.fit_text(x + c / 2, y + c * 0.93, "REACTOR", c - 1.5, size=c * 0.3, bold=True,
                         anchor="centre", min_size=3)
        pen.text(x + 0.8, y + 2.0, cell_name(cell), size=min(4.5, c * 0.3), colour="#9e9e9e")
    n = board.size
    for i in range(n + 1):
        x, _ = geo.cell_box(i, 0)
        pen.line(x, c, x, (n + 1) * c, width=GRID_LINE)
        pen.line(c, x, (n + 1) * c, x, width=GRID_LINE)
    pen.rect(c, c, n * c, n * c, stroke="#000000", width=0.8)
    _ring_names(pen, geo)


def _ring_names(pen: Pen, geo: BoardGeometry) -> None:
    """Column letters and row numbers in the ring, where no collector lies."""
    taken = {cell for h in geo.board.homes for cell in h.collector.cells()}
    n, c = geo.board.size, geo.cell
    size = min(8.0, c * 0.5)
    for i in range(n):
        for ring in ((i, -1), (i, n), (-1, i), (n, i)):
            if ring in taken:
                continue
            text = chr(ord("A") + i) if ring[1] in (-1, n) else str(i + 1)
            x, y = geo.cell_box(*ring)
            pen.text(x + c / 2, y + c / 2 + 1.2, text, size=size, colour="#757575", anchor="centre")


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
def _facing_player(pen, x: float, y: float, angle: int):
    """Draw round ``(x, y)`` turned by ``angle`` on the page (the board pen's y points down)."""
    c = pen.canvas
    c.saveState()
    c.translate(x, y)
    c.rotate(-angle)
    try:
        yield
    finally:
        c.restoreState()


def _board_pen(pen: Pen, left: float, top: float) -> None:
    """Point the pen's axes so board mm (y down) from ``(left, top)`` on the page work."""
    pen.canvas.translate(left, top)
    pen.canvas.scale(1, -1)


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


def add_board(doc: Document, geo: BoardGeometry) -> Tiling:
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
                               (settings.margin, page.width - settings.margin))
            kind = "board" if t.parts == 1 else "board-tile"
            placed = Placed(label, kind, left, top - h, w, h)
            data = {"row": row + 1, "col": col + 1, "rows": t.rows, "cols": t.cols} \
                if t.parts > 1 else {}
            doc.add_page(draw, section="board", placed=[placed],
                         pieces=[Piece(kind, label, draw, data=data)], trim=(left, top - h, w, h))
    return t


def _board_page(geo: BoardGeometry, t: Tiling, part: tuple[float, float, float, float],
                left: float, top: float, caption: str, label: str, span: tuple[float, float]):
    bx, by, w, h = part
    x0, x1 = (left, left + w) if t.parts == 1 else span
    pen_margin = span[0]

    def draw(pen: Pen) -> None:
        pen.fit_text(x0, top + 3, caption, x1 - x0 - 26, size=9, bold=True)
        pen.text(x1, top + 3, f"[{label}]", size=5, colour="#8a8a8a", anchor="right")
        c = pen.canvas
        c.saveState()
        clip = c.beginPath()
        clip.rect(left, top - h, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        _board_pen(pen, left - bx, top + by)
        board_pen = _YDown(Pen(c, geo.side, geo.side, 0.0, pen.ink_saver))
        if t.parts > 1:
            _overlap_strips(board_pen, t)
        draw_board(board_pen, geo)
        if t.parts > 1:
            _overlap_crosses(board_pen, t)
        c.restoreState()
        room = top - h - pen_margin
        if t.parts == 1 and room >= LEGEND_H:
            _legend(pen, left, top - h - 6, w)

    return draw


class _YDown:
    """A pen whose y axis points down (board rows), with text kept upright."""

    def __init__(self, pen: Pen) -> None:
        self._pen = pen
        self.canvas = pen.canvas
        self.ink_saver = pen.ink_saver

    def __getattr__(self, name):
        return getattr(self._pen, name)

    def text(self, x: float, y: float, text: str, **kw) -> None:
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        self._pen.text(0, 0, text, **kw)
        c.restoreState()

    def fit_text(self, x: float, y: float, text: str, max_width: float, **kw) -> float:
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        size = self._pen.fit_text(0, 0, text, max_width, **kw)
        c.restoreState()
        return size


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


# The rules' own example: "A" starts on C5 facing north and moves 4; the deflectors on
# its 2nd and 3rd spaces (C3 '/', D3 '\\') turn it east, then south; it ends on D4.
EXAMPLE_START = (1, 3)                       # mini-grid (column, row from the top): C5
EXAMPLE_PATH = [(1, 2), (1, 1), (2, 1), (2, 2)]
EXAMPLE_DEFLECTORS = {(1, 1): "/", (2, 1): "\\"}


def _legend(pen: Pen, left: float, top: float, width: float) -> None:
    """A worked move and the deflector turns, drawn under a one-page board."""
    pen.text(left, top - 3, "How a move goes (the rules' example)", size=9, bold=True)
    gx, gy = left, top - 8                   # top-left of a 4 x 4 mini grid, C2..F5 style
    centre = lambda cx, cy: (gx + (cx + 0.5) * MINI, gy - (cy + 0.5) * MINI)
    for row in range(4):
        for col in range(4):
            pen.rect(gx + col * MINI, gy - (row + 1) * MINI, MINI, MINI, stroke="#000000", width=0.25)
    for (cx, cy), orientation in EXAMPLE_DEFLECTORS.items():
        x, y = gx + cx * MINI, gy - (cy + 1) * MINI
        if orientation == "/":
            pen.line(x + 1.2, y + 1.2, x + MINI - 1.2, y + MINI - 1.2, colour="#263238", width=1.4)
        else:
            pen.line(x + 1.2, y + MINI - 1.2, x + MINI - 1.2, y + 1.2, colour="#263238", width=1.4)
    points = [centre(*EXAMPLE_START)] + [centre(*c) for c in EXAMPLE_PATH]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        pen.line(x1, y1, x2, y2, colour=INK["alpha"], width=0.8)
    x, y = points[-1]
    pen.polygon([(x - 1.8, y + 1.5), (x + 1.8, y + 1.5), (x, y - 2.2)], fill=INK["alpha"])
    sx, sy = points[0]
    pen.circle(sx, sy, 2.6, fill=LIGHT["alpha"], stroke=INK["alpha"], width=0.5)
    pen.text(sx, sy - 1.1, "A", size=7, bold=True, anchor="centre")
    for n, (cx, cy) in enumerate(EXAMPLE_PATH, start=1):
        up = {"/": 0.78, "\\": 0.12}.get(EXAMPLE_DEFLECTORS.get((cx, cy)), 0.42)  # a free corner
        pen.text(gx + cx * MINI + 1.0, gy - (cy + 1 - up) * MINI, str(n), size=6, bold=True,
                 colour="#555555")
    notes = ("A faces north with energy 4. Step 1 enters an empty space. Step 2 enters a '/' "
             "deflector, which turns it to face east. Step 3 enters a '\\' deflector: now it "
             "faces south. Step 4 goes south, and A stops there facing south.\n"
             "'/' turns north to east, east to north, south to west, west to south. "
             "'\\' turns north to west, west to north, south to east, east to south. "
             "Turning a chit a quarter turn swaps the two.\n"
             "Stepping off the edge uses a step and turns the pawn round where it stands.")
    tx = left + 4 * MINI + 8
    pen.paragraph(tx, top - 7, notes, width - (tx - left), size=7.5, leading=1.3)


# ---------------------------------------------------------------- the pieces
def pawn_standee(player: str):
    """A tent to fold: base, front face, back face, glue tab (bottom to top: tab first)."""
    ink, light = INK[player], LIGHT[player]

    def draw(pen: Pen) -> None:
        w = pen.w
        tab, face_b, face_a = PAWN_TAB, PAWN_TAB + PAWN_FACE, PAWN_TAB + 2 * PAWN_FACE
        pen.rect(0, 0, w, tab, fill="#e0e0e0")
        pen.text(w / 2, tab / 2 - 1, "glue", size=5, colour="#616161", anchor="centre")
        pen.rect(0, tab, w, PAWN_FACE, fill=light)
        pen.rect(0, face_b, w, PAWN_FACE, fill=light)
        _arrow(pen, w / 2, tab + 3, tab + PAWN_FACE - 9, ink)        # back face: points up-slope
        _arrow(pen, w / 2, face_b + 9, face_a - 3, ink)              # front face: points down-slope
        pen.text(w / 2, tab + PAWN_FACE - 6.5, GREEK[player], size=11, bold=True, colour=ink,
                 anchor="centre")
        _rotated_text(pen, w / 2, face_b + 5, GREEK[player], 11, ink)
        _rotated_text(pen, w / 2, face_a - 0.8, player, 5.5, "#000000")
        pen.rect(0, face_a, w, PAWN_BASE, fill="#ffffff")
        pen.text(w / 2, face_a + PAWN_BASE - 3.2, "base", size=5, colour="#616161", anchor="centre")
        pen.fit_text(w / 2, face_a + 5.2, player, w - 2, size=6, bold=True, colour=ink,
                     anchor="centre")
        for y in (tab, face_b, face_a):
            pen.line(0, y, w, y, colour="#757575", width=0.2, dash=(1.2, 0.8))
        pen.rect(0, 0, w, pen.h, stroke="#000000", width=0.3)
        _rotated_label(pen, f"[accellerator:pawn:{player}]", face_a + 1.1)

    return draw


def _arrow(pen: Pen, x: float, y0: float, y1: float, colour: str) -> None:
    """A bold arrow from y0 to y1 (pointing at y1)."""
    head = 4.0 if y1 > y0 else -4.0
    pen.line(x, y0, x, y1 - head, colour=colour, width=1.6)
    pen.polygon([(x - 3.2, y1 - head), (x + 3.2, y1 - head), (x, y1)], fill=colour)


def _rotated_text(pen: Pen, x: float, y: float, text: str, size: float, colour: str) -> None:
    c = pen.canvas
    c.saveState()
    c.translate(x, y)
    c.rotate(180)
    pen.text(0, 0, text, size=size, bold=True, colour=colour, anchor="centre")
    c.restoreState()


def _rotated_label(pen: Pen, text: str, y: float) -> None:
    pen.fit_text(pen.w / 2, y, text, pen.w - 0.6, size=3, colour="#8a8a8a", anchor="centre",
                 min_size=1.5)


def deflector_chit(pen: Pen) -> None:
    w = pen.w
    pen.rect(0, 0, w, w, fill="#eceff1" if pen.ink_saver else "#cfd8dc")
    pen.line(2.2, 2.6, w - 2.2, w - 1.8, colour="#263238", width=2.0)
    pen.text(3.0, w - 4.0, "↻", size=7, colour="#455a64")
    pen.rect(0, 0, w, w, stroke="#000000", width=0.3)
    _chit_label(pen, "[accellerator:deflector]")


def electron_chit(pen: Pen) -> None:
    w = pen.w
    pen.rect(0, 0, w, w, fill="#ffffff")
    pen.circle(w / 2, w / 2 + 0.8, 4.6, fill="#fff3c4" if pen.ink_saver else "#ffb300",
               stroke="#6d4c00", width=0.4)
    pen.text(w / 2, w / 2 - 0.7, "e⁻", size=9, bold=True, anchor="centre")
    pen.rect(0, 0, w, w, stroke="#000000", width=0.3)
    _chit_label(pen, "[accellerator:electron]")


def energy_chit(player: str):
    def draw(pen: Pen) -> None:
        w = pen.w
        pen.rect(0, 0, w, w, fill=LIGHT[player])
        bolt = [(7.8, 12.6), (4.2, 7.2), (6.8, 7.2), (5.6, 3.0), (9.8, 8.6), (7.2, 8.6), (8.8, 12.6)]
        pen.polygon(bolt, fill=INK[player])
        pen.text(11.0, 10.2, GREEK[player], size=6, bold=True, colour=INK[player], anchor="centre")
        pen.rect(0, 0, w, w, stroke="#000000", width=0.3)
        _chit_label(pen, f"[accellerator:energy:{player}]")

    return draw


def _chit_label(pen: Pen, text: str) -> None:
    pen.fit_text(pen.w / 2, 0.8, text, pen.w - 1.0, size=2.4, colour="#8a8a8a", anchor="centre",
                 min_size=1.5)


def aid_front(pen: Pen) -> None:
    texts = aid_texts()["front"]
    _aid_frame(pen, texts["title"])
    y, n = pen.h - 15.5, 0
    for step, numbered in zip(texts["steps"], texts["numbered"]):
        if numbered:
            n += 1
            pen.text(4.5, y - 2.4, f"{n}.", size=7, bold=True)
            y = pen.paragraph(8.5, y, step, pen.w - 12.5, size=6.6, leading=1.18) - 1.3
        else:
            pen.text(9.0, y - 2.4, "•", size=7)
            y = pen.paragraph(12, y, step, pen.w - 16, size=6.4, leading=1.18) - 1.1
    pen.paragraph(4.5, y - 0.6, texts["limits"], pen.w - 9, size=6, bold=True, leading=1.18)
    pen.label("accellerator:aid", y=2.2)


def aid_back(pen: Pen) -> None:
    texts = aid_texts()["back"]
    _aid_frame(pen, texts["title"])
    y = pen.h - 15.5
    for name, text in texts["effects"]:
        y = pen.paragraph(4.5, y, name, pen.w - 9, size=6.8, bold=True, leading=1.1)
        y = pen.paragraph(4.5, y - 0.3, text, pen.w - 9, size=6.4, leading=1.16) - 1.6
    y = pen.paragraph(4.5, y - 0.4, texts["reset"], pen.w - 9, size=6.5, bold=True, leading=1.16)
    pen.paragraph(4.5, y - 1.6, texts["win"], pen.w - 9, size=6.5, bold=True, leading=1.16)


def _aid_frame(pen: Pen, title: str) -> None:
    pen.rect(0, 0, pen.w, pen.h, fill="#ffffff")
    pen.rect(0, pen.h - 11, pen.w, 11, fill="#ffffff" if pen.ink_saver else "#37474f")
    pen.text(pen.w / 2, pen.h - 7.6, f"Accellerator: {title}", size=10, bold=True,
             colour="#37474f" if pen.ink_saver else "#ffffff", anchor="centre")
    pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.3)


# -------------------------------------------------------------- pieces page
@dataclass(frozen=True)
class Spot:
    """Where one piece goes on the pieces page (lower-left corner, page mm)."""

    spec: PieceSpec
    x: float
    y: float
    w: float
    h: float


def pieces_layout(settings: SheetSettings) -> list[Spot]:
    """Aid cards and pawns along the top, then a row block of chits per kind below."""
    page = settings.paper
    aid_w, aid_h = component_size("poker")
    chit_cols = int((page.width - 2 * settings.margin) // CHIT)
    top = page.height - settings.margin - 6.0
    pawns = [s for s in PIECES if s.kind == "pawn"]
    aids = next(s for s in PIECES if s.kind == "aid")
    row_w = aids.count * aid_w + 4 + len(pawns) * PAWN_W + (len(pawns) - 1) * 3
    x = (page.width - row_w) / 2
    spots = []
    for _ in range(aids.count):
        spots.append(Spot(aids, x, top - aid_h, aid_w, aid_h))
        x += aid_w
    x += 4
    for spec in pawns:
        spots.append(Spot(spec, x, top - PAWN_H, PAWN_W, PAWN_H))
        x += PAWN_W + 3
    y = top - max(aid_h, PAWN_H) - 8.0
    left = (page.width - chit_cols * CHIT) / 2
    for kinds in (("deflector",), ("electron",), ("energy",)):
        chits = [s for s in PIECES if s.kind in kinds for _ in range(s.count)]
        for i, spec in enumerate(chits):
            row, col = divmod(i, chit_cols)
            spots.append(Spot(spec, left + col * CHIT, y - (row + 1) * CHIT, CHIT, CHIT))
        y -= math.ceil(len(chits) / chit_cols) * CHIT + 6.0
    if y < settings.margin:
        raise InputError(f"the pieces do not fit on {page.name} inside {settings.margin:g} mm margins",
                         field="--margin")
    return spots


def _drawer(spec: PieceSpec):
    if spec.kind == "pawn":
        return pawn_standee(spec.player)
    if spec.kind == "energy":
        return energy_chit(spec.player)
    return {"deflector": deflector_chit, "electron": electron_chit, "aid": aid_front}[spec.kind]


def add_pieces_page(doc: Document) -> None:
    spots = pieces_layout(doc.settings)
    settings = doc.settings
    captions = {"deflector": "Deflectors: turn a chit a quarter turn to flip its diagonal",
                "electron": "Electrons", "energy": "Energy tokens, six per player",
                "pawn": "Pawns: fold along the dashes into a tent, glue the tab under the base; "
                        "the arrows point the way the pawn faces"}

    def draw(pen: Pen) -> None:
        seen = set()
        for spot in spots:
            c = pen.canvas
            c.saveState()
            _drawer(spot.spec)(pen_for(c, spot.x, spot.y, spot.w, spot.h, clip=False,
                                       ink_saver=settings.ink_saver))
            c.restoreState()
            if spot.spec.kind in captions and spot.spec.kind not in seen and spot.spec.kind != "pawn":
                seen.add(spot.spec.kind)
                pen.text(spot.x, spot.y + spot.h + 1.8, captions[spot.spec.kind], size=7, bold=True)
        pawns = [s for s in spots if s.spec.kind == "pawn"]
        pen.paragraph(pawns[0].x, pawns[0].y - 1.5, captions["pawn"],
                      pawns[-1].x + PAWN_W - pawns[0].x, size=5.5, leading=1.15)

    def back(pen: Pen) -> None:
        for spot in spots:
            if spot.spec.kind == "aid":
                x, y = mirror(settings, spot.x, spot.y, spot.w, spot.h, offset=False)
                c = pen.canvas
                c.saveState()
                aid_back(pen_for(c, x, y, spot.w, spot.h, clip=False, ink_saver=settings.ink_saver))
                c.restoreState()

    placed = [Placed(s.spec.label, s.spec.kind, s.x, s.y, s.w, s.h) for s in spots]
    pieces = [Piece(s.spec.kind, s.spec.label, _drawer(s.spec),
                    data={"player": s.spec.player} if s.spec.player else {}) for s in spots]
    doc.add_page(draw, section="pieces", placed=placed, pieces=pieces, back=back)


def build(settings: SheetSettings, board: Board, cell_mm: float | None = None) -> Document:
    """The whole set: the board (one page or taped parts) and the pieces sheet."""
    cell = cell_mm or board.cell_mm
    geo = BoardGeometry(board, cell)
    t = tiling(settings, geo.side)
    data = board_data(board)
    data["board"]["cell_mm"] = cell
    doc = Document(settings, game="accellerator", ruleset=RULESET, title="Accellerator",
                   options={"board": data, "cell_mm": cell, "tiles": t.parts,
                            "players": list(PLAYERS)})
    add_board(doc, geo)
    add_pieces_page(doc)
    return doc
