"""The Accellerator set: the board (one page, or parts to tape) and the pieces sheet.

Drawing lives in :mod:`.accellerator_board` (the grid, homes, reactor, collectors
and the tiling), :mod:`.accellerator_example` (the rules' worked example under
the board) and :mod:`.accellerator_pieces` (pawns, chits, player aids).  The
layout and the counts come from :mod:`..validators.accellerator`.
"""
from __future__ import annotations

from ..validators.accellerator.board import Board
from ..validators.accellerator.board_file import board_data
from ..validators.accellerator.model import PLAYERS
from .accellerator_board import BoardGeometry, add_board, tiling
from .accellerator_pieces import add_pieces_page
from .sheet import Document, SheetSettings

RULESET = "accellerator-1"


def build(settings: SheetSettings, board: Board, cell_mm: float | None = None) -> Document:
    """The whole set; ``cell_mm`` overrides the board file's space size."""
    cell = cell_mm or board.cell_mm
    geo = BoardGeometry(board, cell)
    parts = tiling(settings, geo.side).parts
    data = board_data(board)
    data["board"]["cell_mm"] = cell
    doc = Document(settings, game="accellerator", ruleset=RULESET, title="Accellerator",
                   options={"board": data, "cell_mm": cell, "tiles": parts,
                            "players": list(PLAYERS)})
    add_board(doc, geo)
    add_pieces_page(doc)
    return doc
