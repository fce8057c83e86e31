"""The chessboard with tiles on it: squares, owners, neighbours, and joined roads.

A square is ``(row, col)`` with row 0 on the north edge, as in the layout
JSON.  A board is immutable: placing a tile gives a new board, so setup and
search can keep old positions without copying by hand.

>>> board = Board(8, 8).with_tile((3, 3), PlacedTile("turn", 0, owner=1))
>>> board.tile_at((3, 3)).kind, board.neighbour((3, 3), "N"), board.neighbour((0, 0), "N")
('turn', (2, 3), None)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from collections.abc import Hashable, Iterator
from typing import Any

from .roads import STEP
from .model import OPPOSITE, SIDES, Kind, Side, road_ends

Square = tuple[int, int]
Player = int                     # 1, 2 or 3: Player One moves first
BOARD_SIZE = 8                   # a chessboard


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the board: its kind, clockwise rotation, and who placed it (None: unknown)."""

    kind: Kind
    rotation: int
    owner: Player | None = None

    @property
    def ends(self) -> frozenset[Side]:
        return _ends(self.kind, self.rotation)


@cache
def _ends(kind: Kind, rotation: int) -> frozenset[Side]:
    """:func:`road_ends`, remembered: the engine asks the same few questions millions of times."""
    return road_ends(kind, rotation)


@dataclass(frozen=True)
class Board:
    """``rows`` x ``cols`` squares, some holding a tile."""

    rows: int = BOARD_SIZE
    cols: int = BOARD_SIZE
    placed: tuple[tuple[Square, PlacedTile], ...] = ()
    _at: dict[Square, PlacedTile] = field(init=False, repr=False, compare=False, hash=False)
    _open: dict[tuple[Square, Side], bool] = field(init=False, repr=False, compare=False, hash=False)
    _frontier: frozenset[Square] | None = field(default=None, init=False, repr=False, compare=False,
                                        hash=False)
    _around: dict[Square, Around] = field(init=False, repr=False, compare=False, hash=False)
    """:func:`around` of each square asked about, carried to the next board but for the
    squares next to the new tile (setup asks again after every tile)."""
    by_square: dict[Square, dict[Hashable, Any]] = field(init=False, repr=False, compare=False,
                                                          hash=False)
    """Answers that depend on an empty square and the tiles around it alone (the setup's
    fitting rotations), carried to the next board like :attr:`_around`."""
    memo: dict[Hashable, Any] = field(init=False, repr=False, compare=False, hash=False)
    """Answers of pure functions of this board (a board never changes), kept by the driving code."""
    across: dict[tuple[Square, Side], Square | None] = field(init=False, repr=False, compare=False,
                                                             hash=False)
    """:meth:`neighbour` of every square of the board and side, looked up (a vehicle's every step)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_at", dict(self.placed))
        object.__setattr__(self, "across", _across(self.rows, self.cols))
        object.__setattr__(self, "_open", {})
        object.__setattr__(self, "_around", {})
        object.__setattr__(self, "by_square", {})
        object.__setattr__(self, "memo", {})

    def tile_at(self, square: Square) -> PlacedTile | None:
        return self._at.get(square)

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols

    def neighbour(self, square: Square, side: Side) -> Square | None:
        """The square across ``side``, or None past the board's outer edge."""
        return _neighbour(self.rows, self.cols, square, side)

    def passable(self, square: Square, side: Side) -> bool:
        """Can a road leave ``square`` by ``side``?  Not into a tile with no road facing it
        (driving rule 1); the outer edge and empty squares are open (rule 2 ends the trip).
        """
        key = (square, side)
        if key not in self._open:
            nxt = self.neighbour(square, side)
            other = self._at.get(nxt) if nxt else None
            self._open[key] = other is None or OPPOSITE[side] in other.ends
        return self._open[key]

    def with_tile(self, square: Square, tile: PlacedTile) -> Board:
        """A new board with ``tile`` added on the empty ``square``."""
        if square in self._at:
            raise ValueError(f"square {square} already holds a tile")
        board = Board(self.rows, self.cols, tuple(sorted(self.placed + ((square, tile),))))
        sides = _next_to(self.rows, self.cols)[square]
        if self._frontier is not None:
            fresh = {n for _, n in sides if n not in board._at}
            object.__setattr__(board, "_frontier", self._frontier - {square} | fresh)
        kept, answers = dict(self._around), dict(self.by_square)
        answers.pop(square, None)
        for _, near in sides:
            kept.pop(near, None)
            answers.pop(near, None)
        object.__setattr__(board, "_around", kept)
        object.__setattr__(board, "by_square", answers)
        return board

    def frontier(self) -> list[Square]:
        """The empty squares that share an edge with a tile, row by row (kept up to date
        from board to board, since setup asks for them after every tile)."""
        found = self._frontier
        if found is None:
            sides = _next_to(self.rows, self.cols)
            found = frozenset(sq for sq in self.empty_squares() if any(n in self._at for _, n in sides[sq]))
            object.__setattr__(self, "_frontier", found)
        return sorted(found)

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the north-west corner."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield (row, col)

    def empty_squares(self) -> Iterator[Square]:
        return (sq for sq in self.squares() if sq not in self._at)

    def __len__(self) -> int:
        return len(self.placed)


Around = tuple[tuple[Side, PlacedTile, bool], ...]
"""The tiles next to a square: the side each lies on, the tile, whether its road faces the square."""


@cache
def _across(rows: int, cols: int) -> dict[tuple[Square, Side], Square | None]:
    """:meth:`Board.neighbour` of every square of a ``rows`` x ``cols`` board and side."""
    return {((r, c), side): _neighbour(rows, cols, (r, c), side)
            for r in range(rows) for c in range(cols) for side in SIDES}


def _neighbour(rows: int, cols: int, square: Square, side: Side) -> Square | None:
    """The square across ``side`` of ``square`` on a ``rows`` x ``cols`` board, or None."""
    dr, dc = STEP[side]
    row, col = square[0] + dr, square[1] + dc
    return (row, col) if 0 <= row < rows and 0 <= col < cols else None


@cache
def _next_to(rows: int, cols: int) -> dict[Square, tuple[tuple[Side, Square], ...]]:
    """Every square's neighbours on a ``rows`` x ``cols`` board, by side (N, E, S, W)."""
    board = Board(rows, cols)
    return {sq: tuple((side, nxt) for side in SIDES if (nxt := board.neighbour(sq, side)))
            for sq in board.squares()}


def around(board: Board, square: Square) -> Around:
    """The tiles sharing an edge with ``square`` (the outer edge and empty squares hold none).

    >>> board = Board(8, 8).with_tile((3, 4), PlacedTile("straight", 0))
    >>> around(board, (3, 3))
    (('E', PlacedTile(kind='straight', rotation=0, owner=None), False),)
    """
    known: Around | None = board._around.get(square)
    if known is None:
        at = board._at
        known = board._around[square] = tuple(
            (side, at[nxt], OPPOSITE[side] in at[nxt].ends)
            for side, nxt in _next_to(board.rows, board.cols)[square] if nxt in at)
    return known


def joined(tiles: Around, ends: frozenset[Side]) -> list[tuple[Side, PlacedTile]]:
    """The sides where road ends ``ends`` meet a road on one of the ``tiles`` around."""
    return [(side, other) for side, other, facing in tiles if facing and side in ends]


def blocked(tiles: Around, ends: frozenset[Side]) -> list[Side]:
    """Sides where a road would dead-end against one of the ``tiles`` around, either way
    round: a road end facing a roadless edge, or a neighbour's road facing a roadless side."""
    return [side for side, _, facing in tiles if (side in ends) != facing]


def joined_sides(board: Board, square: Square, ends: frozenset[Side]) -> list[tuple[Side, PlacedTile]]:
    """The sides where road ends ``ends`` on ``square`` meet a road on a neighbouring tile."""
    return joined(around(board, square), ends)


def blocked_sides(board: Board, square: Square, ends: frozenset[Side]) -> list[Side]:
    """Placement rule 3's dead ends for road ends ``ends`` on ``square`` (see :func:`blocked`).

    Empty squares and the outer edge never block (rule 4).

    >>> board = Board(8, 8).with_tile((3, 4), PlacedTile("straight", 0))
    >>> blocked_sides(board, (3, 3), frozenset("NE")), blocked_sides(board, (2, 4), frozenset("E"))
    (['E'], ['S'])
    """
    return blocked(around(board, square), ends)


def dead_ends(board: Board) -> list[tuple[Square, Side]]:
    """Every (square, side) of the board where a road dead-ends against a tile.

    A board built by the setup rules has none; the state reader refuses boards
    that do, because a vehicle could not follow such a road anywhere.
    """
    return [(square, side) for square, tile in board.placed
            for side in blocked_sides(board, square, tile.ends) if side in tile.ends]
