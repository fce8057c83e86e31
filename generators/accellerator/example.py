"""The rules' worked example, drawn under a one-page board from the engine's own trace.

The pawn's path, the chits and every sentence beside the drawing come from
:func:`...validators.accellerator.example.rules_example` and
:func:`...validators.accellerator.model.deflect`, so the picture can never
disagree with the rules engine.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...validators.accellerator.board import cell_name
from ...validators.accellerator.example import rules_example
from ...validators.accellerator.model import BOUNCES, FACING_NAMES, FACINGS, ORIENTATIONS, deflect
from ...validators.accellerator.pieces import aid_texts
from .pieces import DEFLECTOR_INK, INK, LIGHT
from ..pen import Pen

MINI = 10.0            # mm, a space in the worked example


@dataclass(frozen=True)
class Example:
    """The rules' example as a small grid: its window of board cells and the traced path."""

    cols: range
    rows: range
    start: tuple[int, int]
    path: list[tuple[int, int]]
    deflectors: dict[tuple[int, int], str]

    @property
    def height(self) -> float:
        """Board-page mm the example needs under the board (title, grid, column letters)."""
        return 8.0 + len(self.rows) * MINI + 4.0


def legend_height() -> float:
    return example().height


def example() -> Example:
    move = rules_example()
    cells = [move.start] + [s.end for s in move.steps]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return Example(range(min(xs) - 1, max(xs) + 2), range(min(ys) - 1, max(ys) + 1),
                   move.start, [s.end for s in move.steps], dict(move.after.deflectors))


def example_notes(bounce: str = BOUNCES[0]) -> str:
    """The example and the two deflector tables in words, written from the trace."""
    move = rules_example()
    parts = [f"A starts on {cell_name(move.start)} facing {FACING_NAMES[move.facing]} with "
             f"energy {move.energy}."]
    for s in move.steps:
        text = f"Step {s.number} enters {cell_name(s.end)}"
        if s.facing_in != s.facing_out:
            orientation = move.after.deflectors[s.end]
            text += (f", where a '{orientation}' deflector turns it from "
                     f"{FACING_NAMES[s.facing_in]} to {FACING_NAMES[s.facing_out]}")
        parts.append(text + ".")
    facing = move.after.pawns[0].facing
    assert facing is not None, "a pawn that moved is on the board"
    parts.append(f"A stops there facing {FACING_NAMES[facing]}.")
    tables = [f"'{o}' turns " + ", ".join(f"{FACING_NAMES[f]} to {FACING_NAMES[deflect(f, o)]}"
                                         for f in FACINGS) + "." for o in ORIENTATIONS]
    return "\n".join([" ".join(parts), " ".join(tables) + " A quarter turn of the chit swaps them.",
                      dict(aid_texts(bounce)["back"]["effects"])["Edge"]])


def draw_legend(pen: Pen, left: float, top: float, width: float, bounce: str = BOUNCES[0]) -> None:
    """The worked move drawn on a small grid, with the words beside it."""
    ex = example()
    pen.text(left, top - 3, "How a move goes (the rules' example)", size=9, bold=True)
    gx, gy = left + 4, top - 8                   # top-left of the small grid
    col = {x: i for i, x in enumerate(ex.cols)}
    row = {y: i for i, y in enumerate(ex.rows)}

    def centre(cell):
        return gx + (col[cell[0]] + 0.5) * MINI, gy - (row[cell[1]] + 0.5) * MINI

    for y in ex.rows:
        pen.text(gx - 1.5, gy - (row[y] + 0.5) * MINI - 1, str(y + 1), size=6, colour="#616161",
                 anchor="right")
        for x in ex.cols:
            pen.rect(gx + col[x] * MINI, gy - (row[y] + 1) * MINI, MINI, MINI, stroke="#000000",
                     width=0.25)
    for x in ex.cols:
        pen.text(gx + (col[x] + 0.5) * MINI, gy - len(ex.rows) * MINI - 3, chr(ord("A") + x),
                 size=6, colour="#616161", anchor="centre")
    for cell, orientation in ex.deflectors.items():
        cell_x, cell_y = gx + col[cell[0]] * MINI, gy - (row[cell[1]] + 1) * MINI
        low, high = (cell_y + 1.2, cell_y + MINI - 1.2) if orientation == "/" else (cell_y + MINI - 1.2, cell_y + 1.2)
        pen.line(cell_x + 1.2, low, cell_x + MINI - 1.2, high, colour=DEFLECTOR_INK, width=1.4)
    points = [centre(ex.start)] + [centre(c) for c in ex.path]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        pen.line(x1, y1, x2, y2, colour=INK["alpha"], width=0.8)
    _arrow_head(pen, points[-2], points[-1])
    sx, sy = points[0]
    pen.circle(sx, sy, 2.6, fill=LIGHT["alpha"], stroke=INK["alpha"], width=0.5)
    pen.text(sx, sy - 1.1, "A", size=7, bold=True, anchor="centre")
    for n, cell in enumerate(ex.path, start=1):
        up = {"/": 0.78, "\\": 0.12}.get(ex.deflectors.get(cell, ""), 0.42)   # a corner the bar leaves free
        pen.text(gx + col[cell[0]] * MINI + 1.0, gy - (row[cell[1]] + 1 - up) * MINI, str(n),
                 size=6, bold=True, colour="#555555")
    tx = gx + len(ex.cols) * MINI + 8
    pen.paragraph(tx, top - 7, example_notes(bounce), width - (tx - left), size=7.5, leading=1.3)


def _arrow_head(pen: Pen, tail: tuple[float, float], tip: tuple[float, float]) -> None:
    """A filled triangle at ``tip`` pointing away from ``tail``."""
    (x0, y0), (x1, y1) = tail, tip
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - 3.2 * ux, y1 - 3.2 * uy
    pen.polygon([(x1 + 0.6 * ux, y1 + 0.6 * uy), (bx - 1.8 * uy, by + 1.8 * ux),
                 (bx + 1.8 * uy, by - 1.8 * ux)], fill=INK["alpha"])
