"""The rules' own worked example, played by the engine.

The rules text shows pawn "A" moving 4 spaces, turned by deflectors on its
2nd and 3rd spaces and ending facing south; its picture is lost.  Two
quarter turns that end facing south start facing north (or south), so we
set it up as: A on C5 facing north with energy 4, a '/' chit on C3 and a
'\\' chit on D3.  Tests check the trace against the sentence, and the board
page draws this very trace (never a hand-copied path).

>>> move = rules_example()
>>> [cell_name(s.entered) for s in move.steps], move.after.pawns[0].facing
(['C4', 'C3', 'D3', 'D4'], 'S')
"""
from __future__ import annotations

from functools import cache

from .board import cell_name, parse_cell  # noqa: F401 (cell_name: used by the doctests)
from .board_file import standard_board
from .model import Pawn, State
from .movement import Move, trace_move

START, FACING, ENERGY = "C5", "N", 4
DEFLECTORS = {"C3": "/", "D3": "\\"}


@cache
def rules_example() -> Move:
    """Pawn A's four-space move from the rules text, traced on the standard board."""
    board = standard_board()
    at = parse_cell(START, board.size)
    chits = {parse_cell(c, board.size): o for c, o in DEFLECTORS.items()}
    return trace_move(State(board, (Pawn("alpha", at, FACING, ENERGY),), chits))
