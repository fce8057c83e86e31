"""The STATE.json format: read with every field checked, and written back.

    {"board": {"rows": 8, "cols": 8,
               "cells": [{"row": 0, "col": 0, "tile": "turn", "rotation": 90, "owner": 1}, ...]},
     "vehicles": [{"player": 1, "row": 3, "col": 4, "heading": "E", "speed": 3,
                   "damage": 2, "level": null, "out": false}, ...],
     "to_move": 1, "damage_limit": 10}

``heading`` is the way the vehicle was travelling when it came into its square
(null: stopped); ``level`` ("upper"/"lower") is needed only for a stopped
vehicle on an Overpass.  A broken file raises :class:`InputError` (exit 2); a
readable position the rules cannot reach raises :class:`RuleError` (exit 1).

>>> state = state_from_dict({"board": {"rows": 1, "cols": 2, "cells": [
...     {"row": 0, "col": 0, "tile": "straight", "rotation": 90},
...     {"row": 0, "col": 1, "tile": "straight", "rotation": 90}]},
...     "vehicles": [{"player": 1, "row": 0, "col": 0}, {"player": 2, "row": 0, "col": 1}]})
>>> state_to_dict(state) == state_to_dict(state_from_dict(state_to_dict(state)))
True
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError, RuleError
from ..schema import Table, field, load_json, read_file, reject_unknown
from .board import Board, PlacedTile, Player, Square, dead_ends
from .roads import LEVELS, Level, level_of
from .rules import RULES
from .state import GameState, Vehicle
from .model import KINDS, OPPOSITE, ROTATIONS, SIDES, Side

MAX_SIDE = 32          # boards larger than four chessboards a side are refused as absurd
MAX_DAMAGE_LIMIT = 99
STATE_KEYS = {"board", "vehicles", "to_move", "damage_limit"}
BOARD_KEYS = {"rows", "cols", "cells"}
CELL_KEYS = {"row", "col", "tile", "rotation", "owner"}
VEHICLE_KEYS = {"player", "row", "col", "heading", "speed", "damage", "level", "out"}


def load_state(path: str | Path) -> GameState:
    """Read a STATE.json file; every error names the file and the field."""
    return read_file(path, load_json, state_from_dict)


def _board(data: Table) -> Board:
    reject_unknown(data, BOARD_KEYS, where="board")
    rows = field(data, "rows", int, where="board", lo=1, hi=MAX_SIDE)
    cols = field(data, "cols", int, where="board", lo=1, hi=MAX_SIDE)
    cells = field(data, "cells", list, where="board")
    placed = {}
    for index, cell in enumerate(cells):
        where = f"board.cells[{index}]"
        if not isinstance(cell, dict):
            raise InputError("must be a table", field=where)
        reject_unknown(cell, CELL_KEYS, where=where)
        square = (field(cell, "row", int, where=where, lo=0, hi=rows - 1),
                  field(cell, "col", int, where=where, lo=0, hi=cols - 1))
        tile = PlacedTile(field(cell, "tile", str, where=where, choices=KINDS),
                          field(cell, "rotation", int, where=where, choices=ROTATIONS),
                          field(cell, "owner", int, where=where, default=None, lo=1,
                                hi=RULES.players_max))
        if square in placed:
            raise InputError(f"a second tile on square {square}", field=where)
        placed[square] = tile
    board = Board(rows, cols, tuple(sorted(placed.items())))
    for square, side in dead_ends(board)[:1]:
        raise RuleError(f"the road leaving square {square} by its {side} side dead-ends against "
                        "the next tile (placement rule 3)", field="board.cells")
    return board


def _vehicle(data: Any, index: int, board: Board, limit: int) -> Vehicle:
    where = f"vehicles[{index}]"
    if not isinstance(data, dict):
        raise InputError("must be a table", field=where)
    reject_unknown(data, VEHICLE_KEYS, where=where)
    player = field(data, "player", int, where=where, lo=1, hi=RULES.players_max)
    damage = field(data, "damage", int, where=where, default=0, lo=0, hi=10 * MAX_DAMAGE_LIMIT)
    if field(data, "out", bool, where=where, default=False):
        return Vehicle(player, None, damage=damage, out=True)
    if damage >= limit:
        raise RuleError(f"damage {damage} reaches the limit {limit}: the vehicle should be out",
                        field=f"{where}.damage")
    square = (field(data, "row", int, where=where), field(data, "col", int, where=where))
    if not board.on_board(square):
        raise RuleError(f"square {square} is off the {board.rows}x{board.cols} board", field=where)
    tile = board.tile_at(square)
    if tile is None:
        raise RuleError(f"the vehicle is off the road: no tile on square {square}", field=where)
    heading = _optional_choice(data, "heading", where, SIDES)
    speed = field(data, "speed", int, where=where, default=RULES.speed_min,
                  lo=RULES.speed_min, hi=RULES.speed_max)
    if heading is None and speed != RULES.speed_min:
        raise RuleError(f"a stopped vehicle has its die on {RULES.speed_min}, not {speed}",
                        field=f"{where}.speed")
    if heading is not None and OPPOSITE[heading] not in tile.ends:
        raise RuleError(f"heading {heading} means it came in by the {OPPOSITE[heading]} side, "
                        f"which has no road on this {tile.kind}", field=f"{where}.heading")
    if heading is not None:
        _check_came_from_a_tile(board, square, heading, f"{where}.heading")
    level = _level(data, where, tile, heading)
    return Vehicle(player, square, heading, speed, damage, level)


def _check_came_from_a_tile(board: Board, square: tuple[int, int], heading: str, where: str) -> None:
    """A moving vehicle drove in from the square behind it, so that square holds a tile.

    Driving off the board's edge or onto an empty square puts a vehicle out (driving
    rule 2), and only a stopped vehicle may be where no drive brought it (rule 5).
    """
    behind = board.neighbour(square, OPPOSITE[heading])
    if behind is None:
        raise RuleError(f"heading {heading} means it drove in across the board's "
                        f"{OPPOSITE[heading]} edge, which would have put it out (driving rule 2)",
                        field=where)
    if board.tile_at(behind) is None:
        raise RuleError(f"heading {heading} means it drove in from square {behind}, which has no "
                        "tile: it would have fallen down the shaft (driving rule 2)", field=where)


def _optional_choice(data: Table, key: str, where: str, choices: tuple[str, ...]) -> str | None:
    """``data[key]``: one of ``choices`` or null (missing means null)."""
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or value not in choices):
        raise InputError(f"must be one of {', '.join(choices)} or null, got {value!r}",
                         field=f"{where}.{key}")
    return value


def _level(data: Table, where: str, tile: PlacedTile, heading: Side | None) -> Level | None:
    level = _optional_choice(data, "level", where, LEVELS)
    if tile.kind != "overpass":
        if level is not None:
            raise RuleError(f"only an Overpass has levels; this square is a {tile.kind}",
                            field=f"{where}.level")
        return None
    if heading is None:
        if level is None:
            raise InputError("missing: a stopped vehicle on an Overpass needs upper or lower",
                             field=f"{where}.level")
        return level
    implied = level_of(tile.kind, tile.rotation, OPPOSITE[heading])
    if level is not None and level != implied:
        raise RuleError(f"heading {heading} puts the vehicle on the {implied} level, not {level}",
                        field=f"{where}.level")
    return implied


def _check_shared_squares(vehicles: list[Vehicle]) -> None:
    """Two vehicles on one square (and level) must include a stopped one.

    Only a collision puts two vehicles in one square, and whoever takes the
    damage stops there (driving rule 11), so two moving vehicles together is a
    position no game reaches.
    """
    moving: dict[tuple[Square | None, Level | None], Player] = {}
    for v in vehicles:
        if v.out or v.stopped:
            continue
        place = (v.square, v.level)
        if place in moving:
            raise RuleError(f"players {moving[place]} and {v.player} are both moving on square "
                            f"{v.square}: after a collision the damaged vehicle is stopped",
                            field="vehicles")
        moving[place] = v.player


def state_from_dict(data: Any) -> GameState:
    """A checked :class:`GameState` from parsed JSON."""
    if not isinstance(data, dict):
        raise InputError("the state must be a JSON object with board and vehicles")
    reject_unknown(data, STATE_KEYS)
    limit = field(data, "damage_limit", int, default=RULES.damage_limit, lo=1, hi=MAX_DAMAGE_LIMIT)
    board = _board(field(data, "board", dict))
    raw = field(data, "vehicles", list)
    if not RULES.players_min <= len(raw) <= RULES.players_max:
        raise InputError(f"Yield! has {RULES.players_min}-{RULES.players_max} vehicles, got {len(raw)}",
                         field="vehicles")
    vehicles = [_vehicle(v, i, board, limit) for i, v in enumerate(raw)]
    players = sorted(v.player for v in vehicles)
    if players != list(range(1, len(vehicles) + 1)):
        raise InputError(f"players must be numbered 1 to {len(vehicles)} once each, got {players}",
                         field="vehicles")
    vehicles.sort(key=lambda v: v.player)
    _check_shared_squares(vehicles)
    to_move = field(data, "to_move", int, default=1, lo=1, hi=len(vehicles))
    if vehicles[to_move - 1].out and sum(v.active for v in vehicles) > 1:
        raise RuleError(f"player {to_move} is out and cannot move", field="to_move")
    return GameState(board, tuple(vehicles), to_move, limit)


def state_to_dict(state: GameState) -> Table:
    """The JSON form of ``state`` (the inverse of :func:`state_from_dict`)."""
    board = state.board
    cells = []
    for (row, col), tile in board.placed:
        cell = {"row": row, "col": col, "tile": tile.kind, "rotation": tile.rotation}
        if tile.owner is not None:
            cell["owner"] = tile.owner
        cells.append(cell)
    vehicles: list[dict[str, Any]] = []
    for v in state.vehicles:
        if v.out:
            vehicles.append({"player": v.player, "out": True, "damage": v.damage})
            continue
        vehicles.append({"player": v.player, "row": v.position[0], "col": v.position[1],
                         "heading": v.heading, "speed": v.speed, "damage": v.damage,
                         "level": v.level})
    return {"board": {"rows": board.rows, "cols": board.cols, "cells": cells},
            "vehicles": vehicles, "to_move": state.to_move, "damage_limit": state.damage_limit}
