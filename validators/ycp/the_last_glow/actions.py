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
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Protocol

from .rules import (Lighthouse, Square, blocked_course, contact_loses_game, d6, heart_result, hunt_succeeds,
                    lighthouse_management, rules, spawn_dice)
from ..model import Grid
from ..postcard_file import load_postcard

Events = Counter[str]       # how often each storm event fired, by its name
Key = tuple[str | int, ...]
"""A placement as the engine names it: the action's id, then its target square if it has one."""


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
    """The location grid and the Lighthouse's gauges, changed in place by the actions.

    The Hearts (a tuple, in the order they came) and the items (a frozenset) are
    never changed in place but replaced, so a position can be put back, or
    remembered, by keeping references to them.
    """

    lighthouse: Lighthouse
    hearts: tuple[Square, ...] = ()
    items: frozenset[Square] = frozenset()
    captured: int = 0
    victory: int = 0
    lost: str = ""                   # why the game was lost ("" while it is not)

    def __post_init__(self) -> None:
        self.hearts, self.items = tuple(self.hearts), frozenset(self.items)

    def copy(self) -> Board:
        return Board(self.lighthouse, self.hearts, self.items, self.captured, self.victory, self.lost)

    @property
    def won(self) -> bool:
        return self.victory >= card().victory_goal

    def free(self, square: Square) -> bool:
        """On the grid and not a Heart's square: the Lighthouse may go there."""
        return _free(square, self.hearts)


def _free(square: Square, hearts: Collection[Square]) -> bool:
    r = rules()
    return 1 <= square[0] <= r.columns and 1 <= square[1] <= r.lines and square not in hearts


def _without(hearts: tuple[Square, ...], square: Square) -> tuple[Square, ...]:
    """``hearts`` less the first ``square`` among them."""
    i = hearts.index(square)
    return hearts[:i] + hearts[i + 1:]


@dataclass(frozen=True)
class CrewMove:
    """One crew placement: its postcard label, the crew and spaces it takes, and a target."""

    id: str
    label: str
    crew: int = 1
    target: Square | None = None
    key: Key = field(init=False, compare=False)
    """How the engine names it: the id, then the target's column and line if it has one."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", (self.id,) if self.target is None else (self.id, *self.target))


crew_move = cache(CrewMove)
"""The same placements come up in every turn of every game: each one is made once."""
LIGHT_UP, REPAIR, FULL_THROTTLE, SEND = (crew_move("light-up", "Light Up"), crew_move("repair", "Repair"),
                                         crew_move("full-throttle", "Full Throttle"), crew_move("send", "Send"))
MANEUVERS = ((crew_move("maneuver-left", "Maneuver"), -1), (crew_move("maneuver-right", "Maneuver"), 1))
"""Each way to move sideways, with its step."""


def crew_moves(board: Board, crew_left: int = 5) -> list[CrewMove]:
    """Every placement open now (action spaces aside, which the engine counts)."""
    return list(placements(board, crew_left).values())


def placements(board: Board, crew_left: int = 5) -> Mapping[Hashable, CrewMove]:
    """:func:`crew_moves` by their keys, in the same order."""
    board_hearts = board.hearts
    return placements_at(board.lighthouse.square, board_hearts, board.items, crew_left >= 2, board.captured > 0,
                         hunts(board_hearts))


def placements_at(here: Square, hearts: tuple[Square, ...], items: frozenset[Square], two_crew: bool,
                  captured: bool, hunting: tuple[CrewMove, ...]) -> dict[Hashable, CrewMove]:
    """:func:`placements` from what they depend on: the Lighthouse's square, the Hearts,
    the items, whether two crew are left, whether an item is captured, and the Hearts'
    Hunts (:func:`hunts`, the same while the Hearts stay)."""
    before, after = placements_beside(here, hearts, items, two_crew, captured)
    keyed: dict[Hashable, CrewMove] = {move.key: move for move in (*before, *hunting, *after)}
    return keyed


def placements_beside(here: Square, hearts: Collection[Square], items: frozenset[Square], two_crew: bool,
                      captured: bool) -> tuple[list[CrewMove], list[CrewMove]]:
    """The placements other than the Hunts: those listed before the Hunts, and those after.
    They read the Hearts only on the squares next to the Lighthouse's, and the items only
    within Sleep's reach, so the engine may remember them by those squares."""
    column, line = here
    before = [LIGHT_UP]
    before += [move for move, dx in MANEUVERS if _free((column + dx, line), hearts)]
    after = []
    for item in sorted(items):
        distance = abs(item[0] - column) + abs(item[1] - line)
        if distance == 0 or (distance == 1 and two_crew):
            after.append(crew_move("sleep", "Sleep", 1 + distance, item))
    after.append(REPAIR)
    if _free((column, line - 1), hearts):
        after.append(FULL_THROTTLE)
    if captured:
        after.append(SEND)
    return before, after


def hunts(hearts: tuple[Square, ...]) -> tuple[CrewMove, ...]:
    """A Hunt for each Heart, from the top left."""
    return tuple(map(_hunt_at, sorted(hearts)))


@cache
def _hunt_at(heart: Square) -> CrewMove:
    return crew_move("hunt", "Hunt", 1, heart)


# ---------------------------------------------------------------- what a placement does

LighthouseStep = Callable[[Lighthouse, int], Lighthouse]
"""A placement that changes the Lighthouse alone: its new state, given how many Full
Throttles this turn has had."""


def _light_up(lh: Lighthouse, throttles: int) -> Lighthouse:
    return Lighthouse(lh.square, min(card().brightness_max, lh.brightness + 2), lh.structure, lh.crashed)


def _sideways(lh: Lighthouse, dx: int) -> Lighthouse:
    column, line = lh.square
    return Lighthouse((column + dx, line), lh.brightness, lh.structure, lh.crashed)


def _maneuver_left(lh: Lighthouse, throttles: int) -> Lighthouse:
    return _sideways(lh, -1)


def _maneuver_right(lh: Lighthouse, throttles: int) -> Lighthouse:
    return _sideways(lh, 1)


def _repair(lh: Lighthouse, throttles: int) -> Lighthouse:
    return Lighthouse(lh.square, lh.brightness, min(card().structure_max, lh.structure + 1), lh.crashed)


def _full_throttle(lh: Lighthouse, throttles: int) -> Lighthouse:
    """One line up; each Full Throttle after the first of a turn costs 1 Structure."""
    column, line = lh.square
    return Lighthouse((column, line - 1), lh.brightness, lh.structure - (1 if throttles >= 1 else 0), lh.crashed)


LIGHTHOUSE_STEPS: dict[str, LighthouseStep] = {
    "light-up": _light_up, "maneuver-left": _maneuver_left, "maneuver-right": _maneuver_right,
    "repair": _repair, "full-throttle": _full_throttle}
"""The placements that change only the Lighthouse; a destroyed one loses the game."""
STEP_NUMBER = {move_id: number for number, move_id in enumerate(LIGHTHOUSE_STEPS)}
"""Each of :data:`LIGHTHOUSE_STEPS` by its place in :func:`steps_from`'s answer."""


@lru_cache(maxsize=1 << 14)
def steps_from(lighthouse: Lighthouse, throttles: int) -> tuple[Lighthouse, ...]:
    """The Lighthouse after each of :data:`LIGHTHOUSE_STEPS`, in their order, given how many
    Full Throttles this turn has had.  Remembered: a Lighthouse has a few thousand states,
    and each is met again and again."""
    return tuple(step(lighthouse, throttles) for step in LIGHTHOUSE_STEPS.values())


def _hunt(board: Board, move: CrewMove, die: Die) -> None:
    assert move.target is not None
    if hunt_succeeds(die.randint(1, 6), board.lighthouse.square, move.target):
        board.hearts, board.items = caught(board.hearts, board.items, move.target)


def caught(hearts: tuple[Square, ...], items: frozenset[Square],
           target: Square) -> tuple[tuple[Square, ...], frozenset[Square]]:
    """The Hearts and items once a Hunt catches the Heart on ``target``: an item replaces
    it.  A Hunt changes nothing else, so the engine rates a catch from these alone."""
    return _without(hearts, target), items | {target}


def slept(items: frozenset[Square], captured: int, target: Square) -> tuple[frozenset[Square], int]:
    """The items on the grid and the items captured once Sleep takes the one on ``target``."""
    return items - {target}, captured + 1


def sent(captured: int, victory: int) -> tuple[int, int]:
    """The items captured and the Victory Points once Send sends one item down."""
    return captured - 1, victory + 1


def _sleep(board: Board, move: CrewMove, die: Die) -> None:
    assert move.target is not None
    board.items, board.captured = slept(board.items, board.captured, move.target)


def _send(board: Board, move: CrewMove, die: Die) -> None:
    board.captured, board.victory = sent(board.captured, board.victory)


GRID_STEPS: dict[str, Callable[[Board, CrewMove, Die], None]] = {"hunt": _hunt, "sleep": _sleep, "send": _send}
"""The placements that change the grid or the Victory Points."""


def perform(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    """Resolve one crew placement at once (Hunt rolls its d6 from ``die``)."""
    number = STEP_NUMBER.get(move.id)
    if number is None:
        GRID_STEPS[move.id](board, move, die)
        return
    board.lighthouse = steps_from(board.lighthouse, throttles)[number]
    if board.lighthouse.destroyed:
        board.lost = "lost: Structure 0"


# ---------------------------------------------------------------- the Storm Phase

def _hit(board: Board, loss: int) -> None:
    board.lighthouse = board.lighthouse._replace(structure=board.lighthouse.structure - loss)
    if board.lighthouse.destroyed and not board.lost:
        board.lost = "lost: Structure 0"


def _storm_order(heart: Square) -> tuple[int, int]:
    """Hearts move from the lowest line up, left to right on a line."""
    return -heart[1], heart[0]


@cache
def _heart_event(kind: str) -> str:
    """What a Heart's move counts in ``events``, written once a kind."""
    return f"heart: {kind}"


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
    for heart in sorted(board.hearts, key=_storm_order):
        if board.lost:
            return
        _move_heart(board, heart, rng, events)
    if board.lost:
        return
    for _ in range(spawn_dice(mode, turn)):
        _spawn(board, rng, events)


def _move_heart(board: Board, heart: Square, rng: random.Random, events: Events) -> None:
    """One Heart's turn (:func:`.rules.resolve_heart`); the second die is rolled only when
    the first sends the Heart onto another."""
    others = _without(board.hearts, heart)
    roll = d6(rng)
    move = blocked_course(heart, roll, others)
    if move.kind == "stay":
        move = blocked_course(heart, roll, others, d6(rng))
    result = heart_result(heart, move, board.lighthouse.square, move.kind != "stay" and move.to in board.items)
    kind = move.kind
    events[_heart_event(kind)] += 1
    board.hearts = others
    if kind == "contact":
        if contact_loses_game(board.victory):
            board.lost = "lost: a Heart reached Mylemord at 0 VP"
            return
        board.victory = max(0, board.victory - result.victory_loss)
        return
    if kind != "explode":
        assert result.move.to is not None
        board.hearts = others + (result.move.to,)
    if result.item_destroyed is not None:
        board.items = board.items - {result.item_destroyed}
        events["item destroyed"] += 1
    if result.structure_loss:
        events["collision" if kind != "explode" else "explosion damage"] += 1
        _hit(board, result.structure_loss)


def _spawn(board: Board, rng: random.Random, events: Events) -> None:
    square = (d6(rng), 1)
    if square in board.hearts:
        square = (d6(rng), 1)
        if square in board.hearts:
            events["heart: no room to appear"] += 1
            return
    board.hearts = board.hearts + (square,)
    events["heart: appears"] += 1
    if square in board.items:
        board.items = board.items - {square}
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
