"""Reading a scenario file (JSON): a board state plus the turns to play from it.

The format is documented in docs/accellerator.md ("Scenario files"); an example is
``templates/accellerator/example-scenario.json``.  Every problem names the
file and the dotted field, e.g. ``pawns[1].facing``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import InputError, RuleError
from ..schema import field, load_json, read_file, reject_unknown
from .board import Board, parse_cell
from .board_file import parse_board, standard_board
from .deflectors import ACTIONS, Change
from .model import (BOUNCES, DEFLECTORS, DIE_SIDES, ELECTRONS, FACINGS, MAX_ENERGY, MIN_ENERGY,
                    ORIENTATIONS, START_ENERGY, WIN_BANKED, Cell, Pawn, Rules, State)
from .turn import Turn, TurnChoice, play_turn

MAX_TURNS = 500     # a scenario is a worked example, not a whole tournament


@dataclass(frozen=True)
class PlannedTurn:
    """One turn a scenario asks to play: the roll (or none: just move) and the choices."""

    roll: int | None
    choice: TurnChoice


@dataclass(frozen=True)
class Scenario:
    state: State
    turns: tuple[PlannedTurn, ...]


def load_scenario(source: str | Path) -> Scenario:
    """Read and check a scenario file; errors name the file and the field."""
    return read_file(source, load_json, parse_scenario)


def play_scenario(scenario: Scenario, source: str) -> tuple[tuple[Turn, ...], State]:
    """Play the scenario's turns in order until they run out or the game ends.

    An illegal turn raises the rule it breaks, naming ``source`` and the turn's field.
    """
    state = scenario.state
    played: list[Turn] = []
    for i, planned in enumerate(scenario.turns):
        try:
            turn = play_turn(state, planned.roll, planned.choice, where=f"turns[{i}]")
        except (InputError, RuleError) as exc:
            raise exc.located(source) from None
        played.append(turn)
        state = turn.after
        if state.over:
            break
    return tuple(played), state


def with_bounce(scenario: Scenario, bounce: str | None) -> Scenario:
    """The scenario under another bounce reading (``None`` keeps the file's)."""
    if bounce is None:
        return scenario
    return replace(scenario, state=replace(scenario.state, rules=Rules(bounce)))


def parse_scenario(data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise InputError("a scenario must be a JSON object with \"pawns\" (and optionally "
                         "\"board\", \"bounce\", \"deflectors\", \"to_move\", \"locked\", "
                         "\"turns\")")
    reject_unknown(data, {"board", "bounce", "deflectors", "pawns", "to_move", "locked", "turns",
                          "comment"})
    rules = Rules(field(data, "bounce", str, default=BOUNCES[0], choices=BOUNCES))
    board = _board(data.get("board"))
    deflectors = _deflectors(field(data, "deflectors", list, default=[]), board)
    pawns = _pawns(field(data, "pawns", list), board)
    players = [p.player for p in pawns]
    to_move_name = field(data, "to_move", str, default=players[0], choices=players)
    locked = None
    if data.get("locked") is not None:
        locked = parse_cell(data["locked"], board.size, where="locked")
        if locked not in deflectors:
            raise RuleError("the locked cell holds no deflector", field="locked")
    state = State(board, tuple(pawns), deflectors, locked, players.index(to_move_name),
                  rules=rules)
    if state.over:
        raise RuleError(f"the game is already over: someone has {WIN_BANKED} or more electrons "
                        "banked", field="pawns")
    turns_data = field(data, "turns", list, default=[{}])
    if not turns_data or len(turns_data) > MAX_TURNS:
        raise InputError(f"list 1 to {MAX_TURNS} turns", field="turns")
    turns = tuple(_turn(t, board, f"turns[{i}]") for i, t in enumerate(turns_data))
    return Scenario(state, turns)


def _board(data: Any) -> Board:
    if data is None:
        return standard_board()
    if not isinstance(data, dict):
        raise InputError("must be an object like {\"size\": 11}", field="board")
    return parse_board(data, where="board", base=standard_board())


def _deflectors(items: list[Any], board: Board) -> dict[Cell, str]:
    if len(items) > DEFLECTORS:
        raise RuleError(f"the game has {DEFLECTORS} deflector chits, the scenario places "
                        f"{len(items)}", field="deflectors")
    out: dict[Cell, str] = {}
    for i, item in enumerate(items):
        where = f"deflectors[{i}]"
        if not isinstance(item, dict):
            raise InputError("must be an object like {\"at\": \"C4\", \"orientation\": \"/\"}",
                             field=where)
        reject_unknown(item, {"at", "orientation"}, where=where)
        if "at" not in item:
            raise InputError("missing", field=f"{where}.at")
        cell = parse_cell(item["at"], board.size, where=f"{where}.at")
        kind = board.kind(cell)
        if kind != "plain":
            raise RuleError(f"a deflector can never stand on the {kind}", field=f"{where}.at")
        if cell in out:
            raise RuleError("two deflectors on one space", field=f"{where}.at")
        out[cell] = field(item, "orientation", str, where=where, choices=ORIENTATIONS)
    return out


def _pawns(items: list[Any], board: Board) -> list[Pawn]:
    if not 1 <= len(items) <= len(board.homes):
        raise RuleError(f"list 1 to {len(board.homes)} pawns (one per home)", field="pawns")
    pawns: list[Pawn] = []
    taken: dict[Cell, str] = {}
    for i, item in enumerate(items):
        where = f"pawns[{i}]"
        if not isinstance(item, dict):
            raise InputError("must be an object like {\"player\": \"alpha\", \"at\": \"A1\", "
                             "\"facing\": \"E\"}", field=where)
        reject_unknown(item, {"player", "at", "facing", "energy", "carrying", "banked"}, where=where)
        player = field(item, "player", str, where=where, choices=board.players)
        if any(p.player == player for p in pawns):
            raise RuleError(f"{player} is listed twice", field=f"{where}.player")
        at = None if item.get("at") is None else parse_cell(item["at"], board.size, where=f"{where}.at")
        facing = field(item, "facing", str, where=where, default=None, choices=FACINGS) \
            if item.get("facing") is not None else None
        if at is not None and facing is None:
            raise InputError("a pawn on the board needs a facing: N, E, S or W", field=f"{where}.facing")
        if at is None and facing is not None:
            raise RuleError("a reset pawn (\"at\": null) has no facing until it is placed",
                            field=f"{where}.facing")
        if at is not None:
            if at == board.reactor:
                raise RuleError("no pawn can stay on the reactor (ending there resets it)",
                                field=f"{where}.at")
            if at in taken:
                raise RuleError(f"{taken[at]} is already on that space", field=f"{where}.at")
            taken[at] = player
        energy = field(item, "energy", int, where=where, default=START_ENERGY,
                       lo=MIN_ENERGY, hi=MAX_ENERGY)
        carrying = field(item, "carrying", int, where=where, default=0, lo=0, hi=ELECTRONS)
        banked = field(item, "banked", int, where=where, default=0, lo=0, hi=ELECTRONS)
        if at is None and carrying:
            raise RuleError("a reset pawn carries nothing", field=f"{where}.carrying")
        pawns.append(Pawn(player, at, facing, energy, carrying, banked))
    if sum(p.carrying + p.banked for p in pawns) > ELECTRONS:
        raise RuleError(f"the game has {ELECTRONS} electrons; the pawns carry and bank more",
                        field="pawns")
    return pawns


def _turn(data: Any, board: Board, where: str) -> PlannedTurn:
    if not isinstance(data, dict):
        raise InputError("must be an object like {\"roll\": 4}", field=where)
    reject_unknown(data, {"roll", "energy", "change", "facing", "bank"}, where=where)
    roll = field(data, "roll", int, where=where, default=None, lo=1, hi=DIE_SIDES) \
        if data.get("roll") is not None else None
    energy = field(data, "energy", int, where=where, default=None, lo=MIN_ENERGY, hi=MAX_ENERGY) \
        if data.get("energy") is not None else None
    facing = field(data, "facing", str, where=where, default=None, choices=FACINGS) \
        if data.get("facing") is not None else None
    bank = field(data, "bank", bool, where=where, default=True)
    change = _change(data["change"], board, f"{where}.change") \
        if data.get("change") is not None else None
    return PlannedTurn(roll, TurnChoice(energy, change, facing, bank))


def _change(data: Any, board: Board, where: str) -> Change:
    """``{"action": "move", "from": "C4", "to": "F2", "orientation": "/"}`` and the like."""
    if not isinstance(data, dict):
        raise InputError("must be an object like {\"action\": \"add\", \"to\": \"D5\", "
                         "\"orientation\": \"/\"}", field=where)
    action = field(data, "action", str, where=where, choices=ACTIONS)
    needs = {"add": {"to", "orientation"}, "move": {"from", "to"}, "turn": {"at"},
             "remove": {"at"}}[action]
    allowed = needs | {"action"} | ({"orientation"} if action == "move" else set())
    reject_unknown(data, allowed, where=where)
    for key in sorted(needs):
        if key not in data:
            raise InputError(f"missing (a {action} needs {', '.join(sorted(needs))})",
                             field=f"{where}.{key}")

    def cell(key: str) -> Cell | None:
        return parse_cell(data[key], board.size, where=f"{where}.{key}") if key in data else None

    at = cell("from") if action == "move" else cell("at")
    orientation = None
    if action in ("add", "move"):
        orientation = field(data, "orientation", str, where=where, default="/", choices=ORIENTATIONS)
    return Change(action, at=at, to=cell("to"), orientation=orientation)
