"""The Accellerator board: a square grid, the reactor, four homes and their collectors.

The board's picture is not in the rules text, so the design is data in
``templates/accellerator/board.toml``, where every choice is explained.  This
module reads it and answers the questions the rules ask of a cell (is it on
the board, a home, the reactor; which cells are next to it).  Drawing code
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
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from ...templates import path
from ..errors import InputError, RuleError
from ..schema import field, load_toml, reject_unknown
from .model import PLAYERS, Cell, Player

BOARD_FILE = path("accellerator", "board.toml")
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
    seating: tuple[tuple[int, tuple[Player, ...]], ...] = ()

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cells(self) -> Iterator[Cell]:
        for y in range(self.size):
            for x in range(self.size):
                yield (x, y)

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
        x, y = cell
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx or dy) and (self.adjacency == 8 or not (dx and dy)):
                    n = (x + dx, y + dy)
                    if self.contains(n):
                        yield n

    def seats(self, players: int) -> tuple[Player, ...]:
        """The players (homes) used by a game of ``players``, in turn order."""
        for n, names in self.seating:
            if n == players:
                return names
        if 1 <= players <= len(self.homes):
            return self.players[:players]
        raise RuleError(f"this board seats 2 to {len(self.homes)} players, not {players}",
                        field="players")

    def resized(self, size: int) -> "Board":
        """The same design on a ``size`` grid: the reactor at the centre, each home
        as far from its nearest edges as before, collectors beside them.

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


def load_board(source: str | Path = BOARD_FILE) -> Board:
    """Read a board file; every problem names the file and the field."""
    try:
        return parse_board(load_toml(source))
    except (InputError, RuleError) as exc:
        raise exc.located(str(source)) from None


@cache
def standard_board() -> Board:
    """The board icp-print prints (``templates/accellerator/board.toml``)."""
    return load_board(BOARD_FILE)


def parse_board(data: Any, *, where: str = "", base: Board | None = None) -> Board:
    """Build a :class:`Board` from parsed TOML/JSON.

    With ``base`` (a scenario's own board), only ``size`` is required: a
    missing reactor or home list comes from ``base`` resized to that size.
    """
    def at(name: str) -> str:
        return f"{where}.{name}" if where else name

    if not isinstance(data, dict):
        raise InputError("must be a table", field=where or None)
    if base is None:
        reject_unknown(data, {"board", "homes", "seating"}, where=where)
        head = field(data, "board", dict, where=where)
        head_where = at("board")
        homes_data = field(data, "homes", dict, where=where)
        homes_where = at("homes")
    else:
        head, head_where = data, where
        homes_data = field(data, "homes", dict, where=where, default=None)
        homes_where = at("homes")
    known = {"size", "reactor", "adjacency", "cell_mm"} | ({"homes"} if base is not None else set())
    reject_unknown(head, known, where=head_where)
    size = field(head, "size", int, where=head_where, lo=MIN_SIZE, hi=MAX_SIZE)
    template = base.resized(size) if base is not None and size % 2 == 1 else None
    if "reactor" in head:
        reactor = parse_cell(head["reactor"], size, where=f"{head_where}.reactor" if head_where else "reactor")
    elif template is not None:
        reactor = template.reactor
    else:
        raise InputError("missing (an even-sized board has no centre cell to default to)",
                         field=f"{head_where}.reactor" if head_where else "reactor")
    adjacency = field(head, "adjacency", int, where=head_where,
                      default=base.adjacency if base else 8, choices=ADJACENCIES)
    cell_mm = field(head, "cell_mm", float, where=head_where,
                    default=base.cell_mm if base else 15.0, lo=5.0, hi=100.0)
    if homes_data is None:
        if template is None:
            raise InputError("missing (an even-sized board needs its homes listed)", field=homes_where)
        homes = template.homes
    else:
        homes = _parse_homes(homes_data, size, homes_where, collectors=base is None)
    for h in homes:
        if h.at == reactor:
            raise RuleError("a home cannot be the reactor", field=f"{homes_where}.{h.player}")
    seating: tuple = base.seating if base else ()
    if base is None and "seating" in data:
        seating = _parse_seating(data["seating"], tuple(h.player for h in homes), at("seating"))
    return Board(size, reactor, homes, adjacency, cell_mm, seating)


def _parse_homes(data: dict, size: int, where: str, *, collectors: bool) -> tuple[Home, ...]:
    reject_unknown(data, set(PLAYERS), where=where)
    if not data:
        raise RuleError("the board needs at least one home", field=where)
    homes: list[Home] = []
    seen: dict[Cell, str] = {}
    for player, entry in data.items():
        w = f"{where}.{player}"
        if isinstance(entry, (list, str)):       # scenario shorthand: alpha = [0, 0]
            entry = {"at": entry}
        if not isinstance(entry, dict):
            raise InputError("must be a table with at = [x, y]", field=w)
        reject_unknown(entry, {"at", "collector"}, where=w)
        if "at" not in entry:
            raise InputError("missing", field=f"{w}.at")
        cell = parse_cell(entry["at"], size, where=f"{w}.at")
        if cell in seen:
            raise RuleError(f"two homes on one cell ({seen[cell]} and {player})", field=f"{w}.at")
        seen[cell] = player
        rect = None
        if "collector" in entry:
            rect = _parse_rect(entry["collector"], size, f"{w}.collector")
        elif collectors:
            raise InputError("missing", field=f"{w}.collector")
        homes.append(Home(player, cell, rect))
    return tuple(homes)


def _parse_rect(data: Any, size: int, where: str) -> Rect:
    if not isinstance(data, dict):
        raise InputError("must be a table like { x = 0, y = -1, w = 3, h = 1 }", field=where)
    reject_unknown(data, {"x", "y", "w", "h"}, where=where)
    rect = Rect(field(data, "x", int, where=where, lo=-10, hi=size + 10),
                field(data, "y", int, where=where, lo=-10, hi=size + 10),
                field(data, "w", int, where=where, lo=1, hi=size),
                field(data, "h", int, where=where, lo=1, hi=size))
    if any(0 <= x < size and 0 <= y < size for x, y in rect.cells()):
        raise RuleError("a collector lies beside the grid, not on it", field=where)
    return rect


def _parse_seating(data: Any, players: tuple[Player, ...], where: str) -> tuple:
    if not isinstance(data, dict):
        raise InputError("must be a table like { 2 = [\"alpha\", \"delta\"] }", field=where)
    seating = []
    for key, names in data.items():
        w = f"{where}.{key}"
        if not key.isdigit() or not (1 <= int(key) <= len(players)):
            raise InputError(f"must be a player count from 1 to {len(players)}", field=w)
        if (not isinstance(names, list) or len(names) != int(key)
                or not all(isinstance(n, str) and n in players for n in names)
                or len(set(names)) != len(names)):
            raise InputError(f"must list {key} different players among {', '.join(players)}", field=w)
        seating.append((int(key), tuple(names)))
    return tuple(sorted(seating))


def board_data(board: Board) -> dict:
    """The board as the same tables a board file holds (for the PDF manifest).

    >>> parse_board(board_data(standard_board())) == standard_board()
    True
    """
    homes = {}
    for h in board.homes:
        entry: dict = {"at": list(h.at)}
        if h.collector is not None:
            r = h.collector
            entry["collector"] = {"x": r.x, "y": r.y, "w": r.w, "h": r.h}
        homes[h.player] = entry
    return {"board": {"size": board.size, "reactor": list(board.reactor),
                      "adjacency": board.adjacency, "cell_mm": board.cell_mm},
            "homes": homes,
            "seating": {str(n): list(names) for n, names in board.seating}}
