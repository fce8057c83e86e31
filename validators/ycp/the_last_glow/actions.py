"""The Last Glow's crew actions as code, on top of :mod:`.rules`; the board as small integers.

The storm table, the damage, Hunt and the Lighthouse's sinking live in the
rules module (:mod:`.squares` turns them into tables by square number); this
module adds what the crew can do, and :mod:`.storm` the order the Storm Phase
follows.  The postcard gives the gauges' ends and the start square.

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

A placement is a small integer (:data:`LIGHT_UP` ... :data:`SEND`, a Hunt
:data:`HUNT` plus the Heart's square number, a Sleep :data:`SLEEP` plus the
item's); :func:`names` names each one as the players do.

>>> board = Board(Lighthouse((3, 3), 3, 6), hearts=[(3, 2)])
>>> [m.id for m in crew_moves(board)][:4]
['light-up', 'maneuver-left', 'maneuver-right', 'hunt']
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from .board import FACES as FACES, Board as Board, Die, card as card
from .rules import CREW, GRID_MOST, Lighthouse, Square, contact_loses_game, d6, dimmed, rules, spawn_dice
from .squares import geometry, numbers
from ...frozen import Rebuilt, rebuilt

Key = tuple[str | int, ...]
"""A placement as the players name it: the action's id, then its target square if it has one."""


# ---------------------------------------------------------------- placements as integers

LIGHT_UP, MANEUVER_LEFT, MANEUVER_RIGHT, REPAIR, FULL_THROTTLE, SEND = range(6)
HUNT = 6
"""A Hunt is ``HUNT`` plus the Heart's square number; a Sleep is ``SLEEP`` plus the item's."""
SLEEP = HUNT + GRID_MOST * GRID_MOST
LIGHTHOUSE_STEPS = range(SEND)
"""The placements that change the Lighthouse alone, numbered first."""
IDLE = SLEEP + GRID_MOST * GRID_MOST
"""A crew member with no open placement left (numbered after every Sleep): the players
name it ``("idle",)``."""


@dataclass(frozen=True)
class CrewMove:
    """One crew placement: its postcard label, the crew and spaces it takes, and a target."""

    id: str
    label: str
    crew: int = 1
    target: Square | None = None
    key: Key = field(init=False, compare=False)
    """How the players name it: the id, then the target's column and line if it has one."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", (self.id,) if self.target is None else (self.id, *self.target))

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


@dataclass(frozen=True)
class Names:
    """Every placement by its number, as a record (a Sleep's crew is counted where it is
    played), by the key the players name it by (:data:`IDLE` too), and by its label; and
    the numbers by the keys."""

    moves: dict[int, CrewMove]
    keys: dict[int, Key]
    labels: dict[int, str]
    codes: dict[Hashable, int]

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


@cache
def names() -> Names:
    squares = geometry().squares
    moves = dict(enumerate((CrewMove("light-up", "Light Up"), CrewMove("maneuver-left", "Maneuver"),
                            CrewMove("maneuver-right", "Maneuver"), CrewMove("repair", "Repair"),
                            CrewMove("full-throttle", "Full Throttle"), CrewMove("send", "Send"))))
    moves.update((HUNT + n, CrewMove("hunt", "Hunt", 1, square)) for n, square in enumerate(squares))
    moves.update((SLEEP + n, CrewMove("sleep", "Sleep", 1, square)) for n, square in enumerate(squares))
    keys: dict[int, Key] = {code: move.key for code, move in moves.items()}
    keys[IDLE] = ("idle",)
    return Names(moves, keys, {code: move.label for code, move in moves.items()},
                 {key: code for code, key in keys.items()})


def sleep_crew(item: int, at: int) -> int:
    """Sleep takes one crew for the item on the Lighthouse's square, two for one next to it."""
    return 1 if item == at else 2


def open_codes(board: Board, two_crew: bool, hunting: Iterable[int]) -> list[int]:
    """Every placement open now, in the players' order (action spaces aside, which the
    engine counts): Light Up, the Maneuvers, the Hunts (``hunting``: :func:`hunt_codes`
    of the Hearts), the Sleeps, Repair, Full Throttle and Send."""
    g = geometry()
    at, hearts = board.at, board.heart_bits
    codes = [LIGHT_UP]
    left, right, up = g.left[at], g.right[at], g.up[at]
    if left >= 0 and not hearts >> left & 1:
        codes.append(MANEUVER_LEFT)
    if right >= 0 and not hearts >> right & 1:
        codes.append(MANEUVER_RIGHT)
    codes += hunting
    within = board.item_bits & g.reach[at]
    if within:
        codes += [SLEEP + item for item in numbers(within) if two_crew or item == at]
    codes.append(REPAIR)
    if up >= 0 and not hearts >> up & 1:
        codes.append(FULL_THROTTLE)
    if board.captured > 0:
        codes.append(SEND)
    return codes


def hunt_codes(hearts: int) -> tuple[int, ...]:
    """A Hunt for each Heart, by column then line."""
    return tuple(HUNT + heart for heart in numbers(hearts))


def crew_moves(board: Board, crew_left: int = CREW) -> list[CrewMove]:
    """Every placement open now, as records (action spaces aside, which the engine counts)."""
    return list(placements(board, crew_left).values())


def placements(board: Board, crew_left: int = CREW) -> Mapping[Hashable, CrewMove]:
    """:func:`crew_moves` by their keys, in the same order."""
    keys = names().keys
    return {keys[code]: move_of(code, board.at)
            for code in open_codes(board, crew_left >= 2, hunt_codes(board.heart_bits))}


def move_of(code: int, at: int) -> CrewMove:
    """The record of placement ``code`` with the Lighthouse on square ``at``."""
    move = names().moves[code]
    if code >= SLEEP:
        return CrewMove(move.id, move.label, sleep_crew(code - SLEEP, at), move.target)
    return move


# ---------------------------------------------------------------- what a placement does

def lighthouse_after(code: int, at: int, brightness: int, structure: int,
                     throttles: int) -> tuple[int, int, int]:
    """The Lighthouse's square, Brightness and Structure after the step ``code``, given how
    many Full Throttles this turn has had: Light Up +2 Brightness, a Maneuver one square
    sideways, Repair +1 Structure, Full Throttle one line up (each after the first of a
    turn costs 1 Structure)."""
    if code == LIGHT_UP:
        return at, min(card().brightness_max, brightness + 2), structure
    if code == REPAIR:
        return at, brightness, min(card().structure_max, structure + 1)
    g = geometry()
    if code == FULL_THROTTLE:
        return g.up[at], brightness, structure - (1 if throttles >= 1 else 0)
    return (g.left if code == MANEUVER_LEFT else g.right)[at], brightness, structure


def play(board: Board, code: int, throttles: int, die: Die) -> None:
    """Resolve placement ``code`` at once (Hunt rolls its d6 from ``die``)."""
    if code >= SLEEP:
        board.item_bits, board.captured = slept(board.item_bits, board.captured, code - SLEEP)
    elif code >= HUNT:
        heart = code - HUNT
        if geometry().hunt_faces[board.at][heart] >> die.randint(1, 6) & 1:
            board.heart_bits, board.item_bits = caught(board.heart_bits, board.item_bits, heart)
    elif code == SEND:
        board.captured, board.victory = sent(board.captured, board.victory)
    else:
        board.at, board.brightness, board.structure = lighthouse_after(
            code, board.at, board.brightness, board.structure, throttles)
        if board.destroyed:
            board.lost = "lost: Structure 0"


def perform(board: Board, move: CrewMove, throttles: int, die: Die) -> None:
    """:func:`play` of a placement given as a record."""
    play(board, names().codes[move.key], throttles, die)


def caught(hearts: int, items: int, heart: int) -> tuple[int, int]:
    """The Hearts and items once a Hunt catches the Heart on square ``heart``: an item
    replaces it.  A Hunt changes nothing else."""
    return hearts & ~(1 << heart), items | 1 << heart


def slept(items: int, captured: int, item: int) -> tuple[int, int]:
    """The items on the grid and the items captured once Sleep takes the one on ``item``."""
    return items & ~(1 << item), captured + 1


def sent(captured: int, victory: int) -> tuple[int, int]:
    """The items captured and the Victory Points once Send sends one item down."""
    return captured - 1, victory + 1


# ---------------------------------------------------------------- the Storm Phase

Events = Counter[str]       # how often each storm event fired, by its name
STAY = "stay"
"""A Heart blocked twice stays where it is (:func:`.rules.blocked_course`)."""


def _hit(board: Board, loss: int) -> None:
    board.structure -= loss
    if board.destroyed and not board.lost:
        board.lost = "lost: Structure 0"


@cache
def _heart_event(kind: str) -> str:
    """What a Heart's move counts in ``events``, written once a kind."""
    return f"heart: {kind}"


def storm_phase(board: Board, mode: str, turn: int, rng: random.Random, events: Events) -> None:
    """Sink and dim the Lighthouse (:func:`.rules.lighthouse_management`), move every Heart
    from the lowest line up, left to right, spawn the new ones; ``events`` counts what fired."""
    g = geometry()
    below = g.sunk[board.at]
    board.brightness, board.structure = dimmed(board.brightness, board.structure)
    if below < 0:
        board.crashed = True
        board.lost = "lost: the Lighthouse crashed"
        return
    board.at = below
    if board.structure <= 0:
        board.lost = "lost: Structure 0"
        return
    if board.heart_bits >> below & 1:
        events["collision"] += 1
        _hit(board, rules().collision)
    moving = board.heart_bits
    for line in g.storm_lines:
        for heart in numbers(moving & line):
            if board.lost:
                return
            _move_heart(board, heart, rng, events)
    if board.lost:
        return
    for _ in range(spawn_dice(mode, turn)):
        _spawn(board, rng, events)


def _move_heart(board: Board, heart: int, rng: random.Random, events: Events) -> None:
    """One Heart's turn (:func:`.rules.resolve_heart`): the storm table's square, rolled
    again once if another Heart holds it (blocked twice: it stays), then explosion,
    contact, collision or an item destroyed.  The second die is rolled only when needed."""
    g = geometry()
    others = board.heart_bits & ~(1 << heart)
    courses = g.courses[heart]
    kind, to = courses[d6(rng)]
    if to >= 0 and others >> to & 1:
        kind, to = courses[d6(rng)]
        if to >= 0 and others >> to & 1:
            kind, to = STAY, heart
    events[_heart_event(kind)] += 1
    board.heart_bits = others
    if to < 0:
        if kind == "explode":
            loss = g.blast[heart][board.at]
            if loss:
                events["explosion damage"] += 1
                _hit(board, loss)
        elif contact_loses_game(board.victory):
            board.lost = "lost: a Heart reached Mylemord at 0 VP"
        else:
            board.victory = max(0, board.victory - rules().contact_vp)
        return
    board.heart_bits = others | 1 << to
    if to == board.at:
        events["collision"] += 1
        _hit(board, rules().collision)
    elif kind != STAY and board.item_bits >> to & 1:
        board.item_bits &= ~(1 << to)
        events["item destroyed"] += 1


def _spawn(board: Board, rng: random.Random, events: Events) -> None:
    spawn = geometry().spawn
    square = spawn[d6(rng)]
    if board.heart_bits >> square & 1:
        square = spawn[d6(rng)]
        if board.heart_bits >> square & 1:
            events["heart: no room to appear"] += 1
            return
    board.heart_bits |= 1 << square
    events["heart: appears"] += 1
    if board.item_bits >> square & 1:
        board.item_bits &= ~(1 << square)
        events["item destroyed"] += 1
    if square == board.at:
        events["collision"] += 1
        _hit(board, rules().collision)


def setup(rng: random.Random, events: Events) -> Board:
    """The Lighthouse on its start square with its gauges, then one Heart rolled on line 1."""
    c = card()
    board = Board(Lighthouse(c.start, c.brightness, c.structure_max))
    _spawn(board, rng, events)
    return board
