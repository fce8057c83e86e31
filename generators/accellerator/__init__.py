"""The Accellerator set: the board (one page, or parts to tape) and the pieces sheet.

Drawing lives in :mod:`.board` (the grid, homes, reactor, collectors
and the tiling), :mod:`.example` (the rules' worked example under
the board) and :mod:`.pieces` (pawns, chits, player aids).  The
layout and the counts come from :mod:`...validators.accellerator`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...validators.accellerator.board import Board
from ...validators.accellerator.board_file import board_data, standard_board
from ...validators.accellerator.model import BOUNCES, PLAYERS, Rules
from ..sheet import Document, SheetSettings
from .board import BoardGeometry, add_board, tiling
from .pieces import add_pieces_pages, fitted_bleed

RULESET = "accellerator-1"


@dataclass(frozen=True)
class AccelleratorOptions:
    """What a printed set may change: the board (default: the standard one), the size of
    a space (default: the board file's) and the bounce reading the player aid explains."""

    board: Board | None = None
    cell_mm: float | None = None
    bounce: str = BOUNCES[0]


def build(settings: SheetSettings, options: AccelleratorOptions | None = None) -> Document:
    """The whole set: the board (one page, or parts to tape) and the pieces sheet."""
    options = options or AccelleratorOptions()
    settings = fitted_bleed(settings)
    board = options.board or standard_board()
    reading = Rules(options.bounce)
    cell = options.cell_mm or board.cell_mm
    geo = BoardGeometry(board, cell)
    parts = tiling(settings, geo.side).parts
    data = board_data(board)
    data["board"]["cell_mm"] = cell
    doc = Document(settings, game="accellerator", ruleset=RULESET, title="Accellerator",
                   options={"board": data, "cell_mm": cell, "tiles": parts,
                            "players": list(PLAYERS), "bounce": reading.bounce})
    add_board(doc, geo, reading.bounce)
    add_pieces_pages(doc, reading)
    return doc
