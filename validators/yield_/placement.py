"""Setting up: where a starting tile may go, and placement rules 1-7 for every later tile.

:func:`broken_rules` says which numbered rules a placement breaks, so tests
and messages can name them; :func:`legal_placements` lists every square and
rotation that breaks none.  Choices where the text is open are explained in
templates/yield_/rules.toml.

>>> from .board import PlacedTile
>>> board = Board().with_tile((3, 3), PlacedTile("straight", 0, owner=1))
>>> broken_rules(board, 1, (2, 3), PlacedTile("straight", 0, owner=1), any_tile=False)
()
>>> broken_rules(board, 1, (3, 4), PlacedTile("straight", 0, owner=1), any_tile=False)
(2,)
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from .board import Board, PlacedTile, Player, Square, blocked_sides, joined_sides
from .rules import RULES
from .tiles import SIDES, Kind, distinct_rotations


@dataclass(frozen=True)
class Placement:
    """Where a drawn tile goes and how it is turned."""

    square: Square
    rotation: int


def start_allowed(square: Square, starts: Iterable[Square]) -> bool:
    """A start may not lie within two squares (sides and corners count) of another start.

    >>> start_allowed((4, 4), [(2, 2)]), start_allowed((5, 5), [(2, 2)])
    (False, True)
    """
    return all(max(abs(square[0] - r), abs(square[1] - c)) > RULES.start_exclusion
               for r, c in starts)


def start_squares(board: Board, starts: Iterable[Square]) -> list[Square]:
    """Every empty square where the next player may put a starting tile."""
    starts = list(starts)
    return [sq for sq in board.empty_squares() if start_allowed(sq, starts)]


def touches(board: Board, square: Square, player: Player, any_tile: bool) -> bool:
    """Rule 1 (and rule 7's rewording): an edge shared with a tile of ``player`` (or anyone's)."""
    for side in SIDES:
        nxt = board.neighbour(square, side)
        other = board.tile_at(nxt) if nxt else None
        if other is not None and (any_tile or other.owner == player):
            return True
    return False


def broken_rules(board: Board, player: Player, square: Square, tile: PlacedTile,
                 any_tile: bool) -> tuple[int, ...]:
    """The numbers of the placement rules (1-3) that putting ``tile`` on ``square`` breaks.

    Rule 4 (roads may run off the board's outer edge) is why the outer edge is
    never counted as blocking; an occupied square breaks every rule.
    """
    if board.tile_at(square) is not None or not board.on_board(square):
        return (1, 2, 3)
    broken = []
    if not touches(board, square, player, any_tile):
        broken.append(1)
    if not joined_sides(board, square, tile.ends):
        broken.append(2)
    if blocked_sides(board, square, tile.ends):
        broken.append(3)
    return tuple(broken)


def legal_placements(board: Board, player: Player, kind: Kind, any_tile: bool) -> list[Placement]:
    """Every (square, rotation) where ``player`` may put a drawn ``kind`` (rules 1-4).

    Rule 5 says the tile must go on one of these if there is any; rule 6
    discards it when the list is empty.
    """
    found = []
    for square in board.empty_squares():
        for rotation in distinct_rotations(kind):
            if not broken_rules(board, player, square, PlacedTile(kind, rotation, player), any_tile):
                found.append(Placement(square, rotation))
    return found


def joins_opponent(board: Board, player: Player, square: Square, tile: PlacedTile) -> bool:
    """Rule 7's trigger: does a road on this tile join a road on an opponent's tile?"""
    return any(other.owner not in (None, player)
               for _side, other in joined_sides(board, square, tile.ends))
