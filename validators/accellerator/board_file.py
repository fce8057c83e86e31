"""Reading and writing board files (``templates/accellerator/board.toml`` and the
``board`` table of a scenario), with every problem named by file and field.

>>> parse_board(board_data(standard_board())) == standard_board()
True
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...templates import path
from ..errors import InputError, RuleError
from ..schema import Table, field, load_toml, read_file, reject_unknown
from .board import ADJACENCIES, MAX_SIZE, MIN_SIZE, Board, Home, Rect, Seating, parse_cell
from .model import PLAYERS, Cell, Player

BOARD_FILE = path("accellerator", "board.toml")


def load_board(source: str | Path = BOARD_FILE) -> Board:
    """Read a board file; every problem names the file and the field."""
    return read_file(source, load_toml, parse_board)


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
    names = {h.player for h in homes}     # a scenario's own homes keep only the seatings they can fill
    seating: Seating = tuple(s for s in base.seating if set(s[1]) <= names) if base else ()
    if base is None and "seating" in data:
        seating = _parse_seating(data["seating"], tuple(h.player for h in homes), at("seating"))
    return Board(size, reactor, homes, adjacency, cell_mm, seating)


def _parse_homes(data: Table, size: int, where: str, *, collectors: bool) -> tuple[Home, ...]:
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


def _parse_seating(data: Any, players: tuple[Player, ...], where: str) -> Seating:
    if not isinstance(data, dict):
        raise InputError("must be a table like { 2 = [\"alpha\", \"delta\"] }", field=where)
    seating = []
    for key, names in data.items():
        w = f"{where}.{key}"
        if not (key.isascii() and key.isdigit() and len(key) < 4) or not (1 <= int(key) <= len(players)):
            raise InputError(f"must be a player count from 1 to {len(players)}", field=w)
        if (not isinstance(names, list) or len(names) != int(key)
                or not all(isinstance(n, str) and n in players for n in names)
                or len(set(names)) != len(names)):
            raise InputError(f"must list {key} different players among {', '.join(players)}", field=w)
        seating.append((int(key), tuple(names)))
    return tuple(sorted(seating))


def board_data(board: Board) -> Table:
    """The board as the same tables a board file holds (for the PDF manifest)."""
    homes = {}
    for h in board.homes:
        entry: Table = {"at": list(h.at)}
        if h.collector is not None:
            r = h.collector
            entry["collector"] = {"x": r.x, "y": r.y, "w": r.w, "h": r.h}
        homes[h.player] = entry
    return {"board": {"size": board.size, "reactor": list(board.reactor),
                      "adjacency": board.adjacency, "cell_mm": board.cell_mm},
            "homes": homes,
            "seating": {str(n): list(names) for n, names in board.seating}}
