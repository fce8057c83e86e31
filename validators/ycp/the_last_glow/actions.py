"""The Last Glow's crew actions and Storm Phase as code, on top of :mod:`.rules`.

The storm table, the damage, Hunt and the Lighthouse's sinking live in the
rules module; this module adds what the crew can do and the order the Storm
Phase follows.  The postcard gives the gauges' ends and the start square.

Choices where the rules are open (docs/ycp.md):

* Light Up and Repair stop at the top of their gauges (Brightness 8,
  Structure 6, as printed).
* Sleep on an item next to the Lighthouse takes two crew; every Full
  Throttle after the first in a turn costs 1 Structure.
* Hearts move from the lowest line up, left to right on a line, so a Heart
  is blocked only by where the others already are.
* The Lighthouse sinking onto a Heart, or a new Heart appearing on it, is a
  collision (a Heart on its square); a new Heart on an item destroys it; a
  new Heart on another Heart's square rerolls once, else does not appear.

>>> board = Board(Lighthouse((3, 3), 3, 6), hearts=[(3, 2)])
>>> [m.id for m in crew_moves(board)][:4]
['light-up', 'maneuver-left', 'maneuver-right', 'hunt']
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from collections.abc import Callable
from typing import Protocol

from ...frozen import replace
from .rules import (Lighthouse, Square, contact_loses_game, hunt_succeeds,
                               lighthouse_management, resolve_heart, rules, spawn_dice)
from ..postcard import Grid
from ..postcard_file import load_postcard

Events = Counter[str]       # how often each storm event fired, by its name


@dataclass(frozen=True)
class Card:
    """The postcard's numbers the engine needs: gauge starts and tops, the start square."""

    start: Square
    brightness: int
    brightness_max: int
    structure_max: int
    victory_goal: int


@cache
def card() -> Card:
    postcard = load_postcard("the-last-glow")
    tracks = postcard.tracks()
    grid = next(g for g in postcard.of_kind(Grid) if g.id == "locations")
    row, col = grid.features_named("start")[0].cell
    return Card((col + 1, row + 1), int(tracks["brightness"].start), int(tracks["brightness"].cells[-1]),
                int(tracks["structure"].cells[-1]), int(tracks["victory"].goal[0]))


class Die(Protocol):
    """Where a crew action's d6 comes from: a ``random.Random``, or :class:`Face`."""

    def randint(self, a: int, b: int) -> int:
        ...


class Face:
    """A d6 that shows ``face``: to see what an action does on each face of its die.

    >>> Face(4).randint(1, 6)
    4
    """

    __slots__ = ("face",)

    def __init__(self, face: int) -> None:
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face


FACES = {face: Face(face) for face in range(1, 7)}


@dataclass(slots=True)
class Board:
    """The location grid and the Lighthouse's gauges, changed in place by the actions."""

    lighthouse: Lighthouse
    hearts: list[Square] = field(default_factory=list)
    items: set[Square] = field(default_factory=set)
    captured: int = 0
    victory: int = 0
    lost: str = ""                   # why the game was lost ("" while it is not)

    def copy(self) -> Board:
        return Board(self.lighthouse, self.hearts.copy(), self.items.copy(), self.captured, self.victory,
                     self.lost)

    @property
    def won(self) -> bool:
        return self.victory >= card().victory_goal

    def free(self, square: Square) -> bool:
        """On the grid and not a Heart's square: the Lighthouse may go there."""
        r = rules()
        return 1 <= square[0] <= r.columns and 1 <= square[1] <= r.lines and square not in self.hearts


@dataclass(frozen=True)
class CrewMove:
    """One crew placement: its postcard label, the crew and spaces it takes, and a target."""

    id: str
    label: str
    crew: int = 1
    target: Square | None = None


crew_move = cache(CrewMove)
"""The same placements come up in every turn of every game: each one is made once."""
LIGHT_UP, REPAIR, FULL_THROTTLE, SEND = (crew_move("light-up", "Light Up"), crew_move("repair", "Repair"),
                                         crew_move("full-throttle", "Full Throttle"), crew_move("send", "Send"))
MANEUVERS = ((crew_move("maneuver-left", "Maneuver"), -1), (crew_move("maneuver-right", "Maneuver"), 1))
"""Each way to move sideways, with its step."""


def _moved(board: Board, dx: int, dy: int) -> Square:
    column, line = board.lighthouse.square
    return column + dx, line + dy


def crew_moves(board: Board, crew_left: int = 5) -> list[CrewMove]:
    """Every placement open now (action spaces aside, which the engine counts)."""
    here = board.lighthouse.square
    moves = [LIGHT_UP]
    moves += [move for move, dx in MANEUVERS if board.free(_moved(board, dx, 0))]
    moves += [crew_move("hunt", "Hunt", 1, h) for h in sorted(board.hearts)]
    for item in sorted(board.items):
        distance = abs(item[0] - here[0]) + abs(item[1] - here[1])
        if distance == 0 or (distance == 1 and crew_left >= 2):
            moves.append(crew_move("sleep", "Sleep", 1 + distance, item))
    moves.append(REPAIR)
    if board.free(_moved(board, 0, -1)):
        moves.append(FULL_THROTTLE)
    if board.captured:
        moves.append(SEND)
    return moves


def _light_up(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    lh = board.lighthouse
    board.lighthouse = replace(lh, brightness=min(card().brightness_max, lh.brightness + 2))


def _maneuver(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    board.lighthouse = replace(board.lighthouse, square=_moved(board, -1 if move.id.endswith("left") else 1, 0))


def _hunt(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    assert move.target is not None
    if hunt_succeeds(die.randint(1, 6), board.lighthouse.square, move.target):
        board.hearts.remove(move.target)
        board.items.add(move.target)


def _sleep(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    board.items.discard(move.target)
    board.captured += 1


def _repair(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    lh = board.lighthouse
    board.lighthouse = replace(lh, structure=min(card().structure_max, lh.structure + 1))


def _full_throttle(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    """One line up; each Full Throttle after the first of a turn costs 1 Structure."""
    lh = board.lighthouse
    board.lighthouse = replace(lh, square=_moved(board, 0, -1),
                               structure=lh.structure - (1 if throttles >= 1 else 0))
    if board.lighthouse.destroyed:
        board.lost = "lost: Structure 0"


def _send(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    board.captured -= 1
    board.victory += 1


PERFORM: dict[str, Callable[[Board, CrewMove, int, Die], None]] = {
    "light-up": _light_up, "maneuver-left": _maneuver, "maneuver-right": _maneuver, "hunt": _hunt,
    "sleep": _sleep, "repair": _repair, "full-throttle": _full_throttle, "send": _send}


def perform(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    """Resolve one crew placement at once (Hunt rolls its d6 from ``die``)."""
    PERFORM[move.id](board, move, throttles, die)


# ---------------------------------------------------------------- the Storm Phase

def _hit(board: Board, loss: int) -> None:
    board.lighthouse = replace(board.lighthouse, structure=board.lighthouse.structure - loss)
    if board.lighthouse.destroyed and not board.lost:
        board.lost = "lost: Structure 0"


def storm_phase(board: Board, mode: str, turn: int, rng: random.Random, events: Events) -> None:
    """Sink and dim the Lighthouse, move every Heart, spawn the new ones; ``events`` counts what fired."""
    board.lighthouse = lighthouse_management(board.lighthouse)
    if board.lighthouse.crashed:
        board.lost = "lost: the Lighthouse crashed"
        return
    if board.lighthouse.destroyed:
        board.lost = "lost: Structure 0"
        return
    if board.lighthouse.square in board.hearts:
        events["collision"] += 1
        _hit(board, rules().collision)
    for heart in sorted(board.hearts, key=lambda h: (-h[1], h[0])):
        if board.lost:
            return
        _move_heart(board, heart, rng, events)
    if board.lost:
        return
    for _ in range(spawn_dice(mode, turn)):
        _spawn(board, rng, events)


def _move_heart(board: Board, heart: Square, rng: random.Random, events: Events) -> None:
    others = [h for h in board.hearts if h != heart]
    roll = rng.randint(1, 6)
    result = resolve_heart(heart, roll, board.lighthouse.square, others, board.items)
    if result.move.kind == "stay" and result.move.to == heart:
        result = resolve_heart(heart, roll, board.lighthouse.square, others, board.items, rng.randint(1, 6))
    kind = result.move.kind
    events[f"heart: {kind}"] += 1
    board.hearts.remove(heart)
    if kind == "contact":
        if contact_loses_game(board.victory):
            board.lost = "lost: a Heart reached Mylemord at 0 VP"
            return
        board.victory = max(0, board.victory - result.victory_loss)
        return
    if kind != "explode":
        assert result.move.to is not None
        board.hearts.append(result.move.to)
    if result.item_destroyed is not None:
        board.items.discard(result.item_destroyed)
        events["item destroyed"] += 1
    if result.structure_loss:
        events["collision" if kind != "explode" else "explosion damage"] += 1
        _hit(board, result.structure_loss)


def _spawn(board: Board, rng: random.Random, events: Events) -> None:
    square = (rng.randint(1, 6), 1)
    if square in board.hearts:
        square = (rng.randint(1, 6), 1)
        if square in board.hearts:
            events["heart: no room to appear"] += 1
            return
    board.hearts.append(square)
    events["heart: appears"] += 1
    if square in board.items:
        board.items.discard(square)
        events["item destroyed"] += 1
    if square == board.lighthouse.square:
        events["collision"] += 1
        _hit(board, rules().collision)


def setup(rng: random.Random, events: Events) -> Board:
    """The Lighthouse on its start square with its gauges, then one Heart rolled on line 1."""
    c = card()
    board = Board(Lighthouse(c.start, c.brightness, c.structure_max))
    _spawn(board, rng, events)
    return board

