"""A one-page map of a Yield! board: a solved layout or a played-out setup.

Each square shows its tile as printed (:func:`.tiles.draw_tile`, turned), a
frame and number in the colour of the player who placed it, and a disc on each
starting square; empty squares stay blank.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Sequence

from ..pen import Pen
from ..sheet import Document, Piece, Placed, SheetSettings
from .tiles import RULESET, draw_tile

OWNER_COLOURS = ("#d32f2f", "#1976d2", "#388e3c", "#f9a825")
SEAM = 0.25   # mm each tile overlaps its neighbours on the map


def map_geometry(settings: SheetSettings, rows: int, cols: int,
                 notes: int = 0) -> tuple[float, float, float]:
    """(square side, left x, top y) of the board on a one-page map, in mm."""
    page = settings.paper
    usable_w = page.width - 2 * settings.margin - 16
    usable_h = page.height - 2 * settings.margin - 30 - 5 * notes
    side = min(usable_w / cols, usable_h / rows, 60.0)
    left = (page.width - side * cols) / 2
    top = page.height - settings.margin - 22
    return side, left, top


@dataclass(frozen=True)
class MapOptions:
    """A board to draw: its tiles, size, title, notes under it and starting squares.

    A cell with an ``owner`` attribute (a player number) gets that player's
    coloured frame and number; cells without one are drawn plain.  ``starts``
    holds each player's starting square (row, col), Player One's first: a
    pawn-sized disc with the player's number marks it.
    """

    cells: Sequence
    rows: int
    cols: int
    title: str
    notes: Sequence[str] = ()
    starts: Sequence[tuple[int, int]] = ()


def build_map(settings: SheetSettings, options: MapOptions) -> Document:
    """A one-page map of placed tiles; empty squares stay blank (a setup in progress)."""
    cells, rows, cols, title = options.cells, options.rows, options.cols, options.title
    notes, starts = options.notes, options.starts
    single = replace(settings, backs="none", bleed=0.0)
    doc = Document(single, game="yield", ruleset=RULESET, title=title,
                   options={"map": True, "rows": rows, "cols": cols})
    side, left, top = map_geometry(single, rows, cols, len(notes))
    at = {(c.row, c.col): c for c in cells}

    def draw(pen: Pen) -> None:
        pen.fit_text(pen.w / 2, top + 9, title, pen.w - 20, size=14, bold=True, anchor="centre")
        for row in range(rows):
            for col in range(cols):
                x, y = left + col * side, top - (row + 1) * side
                cell = at.get((row, col))
                if cell is None:
                    pen.rect(x, y, side, side, fill="#ffffff", stroke="#9e9e9e", width=0.3)
                    continue
                with pen.saved():
                    # a hair of bleed so neighbouring tiles overlap: no seam between them on screen
                    draw_tile(pen.inner(x, y, side, side, bleed=SEAM), cell.tile, cell.rotation, label=False)
                owner = getattr(cell, "owner", None)
                if owner is not None:
                    colour = OWNER_COLOURS[(int(owner) - 1) % len(OWNER_COLOURS)]
                    pen.rect(x + 0.6, y + 0.6, side - 1.2, side - 1.2, stroke=colour, width=1.2)
                    pen.text(x + side - 2, y + side - side * 0.16, str(owner), size=side * 0.3,
                             bold=True, colour=colour, anchor="right")
        for player, (row, col) in enumerate(starts, start=1):
            colour = OWNER_COLOURS[(player - 1) % len(OWNER_COLOURS)]
            cx, cy = left + (col + 0.5) * side, top - (row + 0.5) * side
            pen.circle(cx, cy, side * 0.17, fill=colour, stroke="#ffffff", width=0.8)
            pen.text(cx, cy - side * 0.07, str(player), size=side * 0.55, bold=True,
                     colour="#ffffff", anchor="centre")
        pen.rect(left, top - rows * side, cols * side, rows * side, stroke="#000000", width=0.6)
        for col in range(cols):
            pen.text(left + (col + 0.5) * side, top + 1.5, str(col), size=7, anchor="centre")
        for row in range(rows):
            pen.text(left - 2, top - (row + 0.5) * side - 1, str(row), size=7, anchor="right")
        y = top - rows * side - 8
        for note in notes:
            pen.fit_text(left, y, note, cols * side, size=9)
            y -= 5
        pen.text(pen.w / 2, 8, "[yield:map]", size=6, colour="#8a8a8a", anchor="centre")

    page = single.paper
    doc.add_page(draw, section="map",
                 placed=[Placed("yield:map", "map", 0, 0, page.width, page.height, cut=False)],
                 pieces=[Piece("map", "yield:map", draw, None, {"rows": rows, "cols": cols,
                                                               "tiles": len(cells)})])
    return doc

