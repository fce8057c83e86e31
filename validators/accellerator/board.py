"""The Accellerator board: a square grid, the reactor, four homes and their collectors.

The board's picture is not in the rules text, so the design is data in
``templates/accellerator/board.toml``, where every choice is explained
(:mod:`.board_file` reads it).  This module answers the questions the rules
ask of a cell (is it on the board, a home, the reactor; which cells are next
to it).  Drawing code
reads the same :class:`Board`: ``size``, ``reactor``, ``homes`` (each with its
player, cell and collector rectangle beside the grid) and ``cell_mm``.

Cells print as a column letter and a row number counted from the north-west
corner, as on the board's edge labels:

>>> cell_name((0, 0)), cell_name((10, 4))
('A1', 'K5')
>>> parse_cell("k5", 11), parse_cell([2, 3], 11)
((10, 4), (2, 3))
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache, cache
from typing import Any
from collections.abc import Iterator

from ..errors import InputError, RuleError
from .model import Cell, Player

Seating = tuple[tuple[int, tuple[Player, ...]], ...]   # (player count, who sits where) for each count

MIN_SIZE, MAX_SIZE = 3, 25      # 25 columns still have letters A..Y
ADJACENCIES = (4, 8)
_CELL_NAME = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True)
class Rect:
    """A rectangle in cell units (``x``, ``y`` of its north-west cell, ``w`` by ``h`` cells).

    Collectors lie outside the grid, so their coordinates may be -1 or ``size``.
    """

    x: int
    y: int
    w: int
    h: int

    def cells(self) -> Iterator[Cell]:
        for y in range(self.y, self.y + self.h):
            for x in range(self.x, self.x + self.w):
                yield (x, y)


@dataclass(frozen=True)
class Home:
    """A player's home space and the collector area drawn beside the grid next to it."""

    player: Player
    at: Cell
    collector: Rect | None = None


@dataclass(frozen=True)
class Board:
    """A square grid of ``size`` cells with the reactor and the home spaces.

    ``adjacency`` says what "adjacent" means in the deflector rule: 8 (the
    eight surrounding cells, diagonals included) or 4 (orthogonal only).
    ``homes`` are in clockwise order round the board; ``seating`` says which
    homes a game of 2, 3 or 4 players uses.
    """

    size: int
    reactor: Cell
    homes: tuple[Home, ...]
    adjacency: int = 8
    cell_mm: float = 15.0
    seating: Seating = ()

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row from the north-west corner."""
        return iter(_cells(self.size))

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(h.player for h in self.homes)

    def home_of(self, player: Player) -> Cell:
        for h in self.homes:
            if h.player == player:
                return h.at
        raise RuleError(f"the board has no home for {player!r} "
                        f"(homes: {', '.join(self.players)})", field="pawns")

    @property
    def home_cells(self) -> frozenset[Cell]:
        return frozenset(h.at for h in self.homes)

    def kind(self, cell: Cell) -> str:
        """``"reactor"``, ``"home"``, ``"plain"`` or ``"off"`` (not on the board)."""
        if not self.contains(cell):
            return "off"
        if cell == self.reactor:
            return "reactor"
        return "home" if cell in self.home_cells else "plain"

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The cells adjacent to ``cell`` that are on the board (4 or 8 of them)."""
        return iter(_neighbours(self.size, self.adjacency, cell))

    def seats(self, players: int) -> tuple[Player, ...]:
        """The players (homes) used by a game of ``players``, in turn order."""
        for n, names in self.seating:
            if n == players:
                return names
        if 1 <= players <= len(self.homes):
            return self.players[:players]
        raise RuleError(f"this board has {len(self.homes)} homes, so it seats 1 to "
                        f"{len(self.homes)} players, not {players}", field="--players")

    def resized(self, size: int) -> Board:
        """The same design on a ``size`` grid: the reactor at the centre, each home
        as far from its nearest edges as before, collectors beside them.

        >>> from icp_print.validators.accellerator.board_file import standard_board
        >>> small = standard_board().resized(7)
        >>> small.reactor, [cell_name(h.at) for h in small.homes]
        ((3, 3), ['D1', 'G4', 'D7', 'A4'])
        >>> small.homes[1].collector
        Rect(x=7, y=2, w=1, h=3)
        """
        if not (MIN_SIZE <= size <= MAX_SIZE) or size % 2 == 0:
            raise RuleError(f"a resized board needs an odd size from {MIN_SIZE} to {MAX_SIZE} "
                            f"so the reactor has a centre cell, got {size}", field="board.size")
        old = self.size

        def move(c: int) -> int:
            if c == old // 2:
                return size // 2
            return c if c < old // 2 else size - old + c

        def moved(h: Home) -> Home:
            at = (move(h.at[0]), move(h.at[1]))
            if h.collector is None:
                return replace(h, at=at)
            dx, dy = at[0] - h.at[0], at[1] - h.at[1]     # the collector stays beside its home
            return replace(h, at=at, collector=replace(h.collector, x=h.collector.x + dx,
                                                        y=h.collector.y + dy))

        homes = tuple(moved(h) for h in self.homes)
        return replace(self, size=size, reactor=(size // 2, size // 2), homes=homes)


@cache
def _cells(size: int) -> tuple[Cell, ...]:
    return tuple((x, y) for y in range(size) for x in range(size))


@lru_cache(maxsize=1 << 12)
def _neighbours(size: int, adjacency: int, cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return tuple((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 if (dx or dy) and (adjacency == 8 or not (dx and dy))
                 and 0 <= x + dx < size and 0 <= y + dy < size)


def cell_name(cell: Cell) -> str:
    """``A1`` is the north-west corner; letters run east, numbers run south."""
    x, y = cell
    if 0 <= x < 26:
        return f"{chr(ord('A') + x)}{y + 1}"
    return f"({x},{y})"


def parse_cell(value: Any, size: int, *, where: str = "") -> Cell:
    """A cell written as ``[x, y]`` (from 0) or as a name like ``"C4"``; must be on the board."""
    if isinstance(value, str):
        m = _CELL_NAME.match(value.strip())
        if not m:
            raise InputError(f"cannot read cell {value!r}: write [x, y] or a name like \"C4\"",
                             field=where or None)
        cell = (ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1)
    elif (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        cell = (value[0], value[1])
    else:
        raise InputError(f"a cell must be [x, y] (two integers) or a name like \"C4\", "
                         f"got {value!r:.60}", field=where or None)
    if not (0 <= cell[0] < size and 0 <= cell[1] < size):
        raise RuleError(f"cell {value!r:.40} is off the {size}x{size} board "
                        f"(x and y run from 0 to {size - 1}, names A1 to {cell_name((size - 1, size - 1))})",
                        field=where or None)
    return cell
