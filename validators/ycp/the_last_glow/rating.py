"""The greedy player's rating of a The Last Glow board, and what the engine remembers to
rate every placement of a position at once.

A grid (the Hearts and the items) stays the same for several placements, and the
Lighthouse stands on one square of it for several more: what the rating reads from
them is worked out once a grid (:class:`GridMemo`), and the placements other than
Hunts once for each neighbourhood of the Lighthouse's square, in every game: each
with its :data:`Plan`, how its value follows from the value of the board as it
stands.  A decision then adds a few numbers per placement.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache, reduce
from operator import or_
from typing import Final

from ...play import WON, Action as PlayAction
from .actions import (STEP_NUMBER, Board, CrewMove, caught, card, hunts, placements_beside, sent, slept,
                      steps_from)
from .rules import Lighthouse, Square, hunt_faces, rules

LOST, GAINED = -WON / 2, WON / 2
"""A finished game's worth on the greedy player's scale (:data:`...play.WON`)."""
IDLE: Final = ("idle",)
"""The action of a crew member with no open placement left."""

STEP, HUNT, SHIFT, SEND = range(4)
Plan = tuple[int, int, float]
"""How a placement's value follows from the position's: ``(STEP, number, 0)`` the rating
after the Lighthouse step of that number (:func:`.actions.steps_from`); ``(HUNT, faces,
gain)`` the chance of ``faces`` faces in six of the rating plus ``gain``, else the rating
as it stands; ``(SHIFT, 0, gain)`` the rating plus ``gain``; ``(SEND, 0, 0)`` Send's."""
STAY: Final[Plan] = (SHIFT, 0, 0.0)
"""The plan of a placement that leaves the board's rating as it is (idle)."""


def rating(board: Board) -> float:
    """Victory first, then items on the way to it, then the Lighthouse's safety.

    12 a Victory Point, 9 a captured item, 4 an item on the grid and 3 more
    for one within Sleep's reach (on the Lighthouse's square or next to it),
    so that every step from Heart to Victory Point gains; 2 a Structure
    Point; 0.5 a Brightness point up to 3; 1.5 a line above the bottom line
    and minus 30 on it (the Storm Phase sinks the Lighthouse off the grid
    unless it climbs); minus 1 a Heart next to the Lighthouse (diagonals too:
    an explosion or a collision).
    """
    return (_grid_worth(board.victory, board.captured, board.items)
            + _gauges_worth(board.lighthouse) + _square_worth(board.lighthouse.square, board.items, board.hearts))


def worth(board: Board) -> float:
    """:func:`rating`, or a finished game's value on the greedy player's scale."""
    if board.won:
        return GAINED
    if board.lost:
        return LOST
    return rating(board)


def _grid_worth(victory: int, captured: int, items: frozenset[Square]) -> float:
    """The part of :func:`rating` that does not depend on the Lighthouse."""
    return 12 * victory + 9 * captured + 4 * len(items)


def _gauges_worth(lighthouse: Lighthouse) -> float:
    """What :func:`rating` gives the Lighthouse's Structure and Brightness."""
    brightness = lighthouse.brightness
    return 2 * lighthouse.structure + 0.5 * (brightness if brightness < 3 else 3)


def _square_worth(square: Square, items: frozenset[Square], hearts: tuple[Square, ...]) -> float:
    """What :func:`rating` gives the Lighthouse's square: items within Sleep's reach, its
    line, Hearts next to it."""
    near, reach, height = _around(square)
    return 3 * len(reach.intersection(items)) + height - sum(map(near.__contains__, hearts))


@lru_cache(maxsize=1 << 14)
def steps_after(lighthouse: Lighthouse, throttles: int) -> tuple[tuple[bool, float, Square], ...]:
    """Each Lighthouse step (:func:`.actions.steps_from`) from ``lighthouse``: whether it
    leaves it destroyed (the game lost), the worth of its gauges and its square."""
    return tuple((after.destroyed, _gauges_worth(after), after.square) for after in steps_from(lighthouse, throttles))


Listing = tuple[tuple[PlayAction, ...], tuple[Plan, ...], tuple[CrewMove, ...]]
"""Placements' keys, their plans and the placements themselves, in the same order."""
Position = tuple[tuple[PlayAction, ...], tuple[CrewMove, ...], tuple[Plan, ...], tuple[Plan, ...]]
"""A position's placements' keys and the placements; the plans of those listed before the
Hunts, and of those after."""


class GridMemo:
    """What the engine reads from one grid (Hearts and items), kept while the grid stays
    (both are replaced, never changed: the same objects mean the same grid): the Hunts,
    their plans by the Lighthouse's square, and :func:`_square_worth` by square."""

    __slots__ = ("hearts", "items", "hunt_keys", "hunt_moves", "hunt_targets", "hunt_plans", "worths", "heart_bits",
                 "item_bits")

    def __init__(self, hearts: tuple[Square, ...], items: frozenset[Square]) -> None:
        self.hearts, self.items = hearts, items
        hunting = hunts(hearts)
        once = {move.key: move for move in hunting}             # one Hunt a square
        self.hunt_keys, self.hunt_moves = tuple(once), tuple(once.values())
        self.hunt_targets = tuple(move.target for move in self.hunt_moves if move.target is not None)
        self.hunt_plans: dict[Square, tuple[Plan, ...]] = {}
        self.worths: dict[Square, float] = {}
        self.heart_bits, self.item_bits = _bits(hearts), _bits(items)
        if self.heart_bits.bit_count() != len(hearts):      # two Hearts on a square: count them
            self.heart_bits = -1

    def worth(self, square: Square) -> float:
        """:func:`_square_worth` of ``square`` on this grid, from the squares as bits."""
        found = self.worths.get(square)
        if found is None:
            if self.heart_bits < 0:
                found = _square_worth(square, self.items, self.hearts)
            else:
                near, reach, height = _around_bits(square)
                found = 3 * (reach & self.item_bits).bit_count() + height - (near & self.heart_bits).bit_count()
            self.worths[square] = found
        return found

    def position(self, here: Square, two_crew: bool, captured: bool) -> Position:
        """The open placements with the Lighthouse on ``here`` (:func:`.actions.placements_at`,
        in its order) and their keys; the plans of those before the Hunts and after."""
        if self.heart_bits < 0:
            before, after = placements_beside(here, self.hearts, self.items, two_crew, captured)
            first, last = _listed(here, before), _listed(here, after)
        else:
            near, reach, _ = _around_bits(here)
            key = (here, near & self.heart_bits, reach & self.item_bits, two_crew, captured)
            found = _BESIDE.get(key)
            first, last = found if found is not None else _beside(*key)
        return first[0] + self.hunt_keys + last[0], first[2] + self.hunt_moves + last[2], first[1], last[1]

    def hunting(self, here: Square) -> tuple[Plan, ...]:
        """The Hunts' plans with the Lighthouse on ``here``, worked out once a square (only
        when a player rates them)."""
        found = self.hunt_plans.get(here)
        if found is None:
            items = self.items
            found = self.hunt_plans[here] = tuple(_hunt_plan(here, target, target in items)
                                                  for target in self.hunt_targets)
        return found


def _beside(here: Square, hearts_near: int, items_near: int, two_crew: bool,
            captured: bool) -> tuple[Listing, Listing]:
    """:func:`.actions.placements_beside` listed (:func:`_listed`), remembered by the
    Hearts next to ``here`` and the items within Sleep's reach (as bits: all those
    placements read)."""
    before, after = placements_beside(here, _squares(hearts_near), frozenset(_squares(items_near)), two_crew,
                                      captured)
    found = _BESIDE[here, hearts_near, items_near, two_crew, captured] = _listed(here, before), _listed(here, after)
    return found


_BESIDE: dict[tuple[Square, int, int, bool, bool], tuple[Listing, Listing]] = {}


def _listed(here: Square, moves: list[CrewMove]) -> Listing:
    """The keys of ``moves``, their plans with the Lighthouse on ``here``, and themselves."""
    return tuple(move.key for move in moves), tuple(_plan(here, move) for move in moves), tuple(moves)


def _plan(here: Square, move: CrewMove) -> Plan:
    """The :data:`Plan` of ``move`` other than a Hunt, with the Lighthouse on ``here``: a
    Sleep gains what the item taken (:func:`.actions.slept`) changes in the rating."""
    number = STEP_NUMBER.get(move.id)
    if number is not None:
        return STEP, number, 0.0
    if move.id == "send":
        return SEND, 0, 0.0
    assert move.target is not None
    items = frozenset((move.target,))
    items_left, captured = slept(items, 0, move.target)
    return SHIFT, 0, (_grid_worth(0, captured, items_left) - _grid_worth(0, 0, items)
                      + _square_worth(here, items_left, ()) - _square_worth(here, items, ()))


@lru_cache(maxsize=1 << 12)
def _hunt_plan(here: Square, target: Square, on_item: bool) -> Plan:
    """A Hunt's :data:`Plan` from ``here`` (``on_item``: an item lies under the Heart): it
    gains what the Heart caught (:func:`.actions.caught`) changes in the rating, which
    reads the Heart's square alone (the rating is a sum over squares)."""
    faces = len(hunt_faces(here, target))
    if not faces:
        return STAY
    items = frozenset((target,)) if on_item else frozenset()
    hearts_left, items_now = caught((target,), items, target)
    return HUNT, faces, (_grid_worth(0, 0, items_now) - _grid_worth(0, 0, items)
                         + _square_worth(here, items_now, hearts_left) - _square_worth(here, items, (target,)))


def _squares(bits: int) -> list[Square]:
    """The squares of ``bits`` (:func:`_bit`)."""
    columns = rules().columns
    return [(i % columns + 1, i // columns + 1) for i in range(bits.bit_length()) if bits >> i & 1]


def values(board: Board, memo: GridMemo, plans: Iterable[Plan], throttles: int) -> list[float]:
    """The rating of the board after each placement of ``plans`` (a Hunt: averaged over
    its die), worked out from the rating of the board as it stands."""
    lighthouse = board.lighthouse
    fixed = _grid_worth(board.victory, board.captured, board.items)
    gauges_now = _gauges_worth(lighthouse)
    square_now = memo.worth(lighthouse.square)
    here = fixed + gauges_now + square_now
    steps = steps_after(lighthouse, throttles)
    worths = memo.worths
    found = []
    for kind, number, gain in plans:
        if kind == STEP:
            destroyed, gauges, square = steps[number]
            square_worth = worths.get(square)
            if square_worth is None:
                square_worth = memo.worth(square)
            found.append(LOST if destroyed else fixed + gauges + square_worth)
        elif kind == SHIFT:
            found.append(here + gain)
        elif kind == HUNT:
            found.append((number * (here + gain) + (6 - number) * here) / 6)
        else:
            found.append(_sent_worth(board, gauges_now + square_now))
    return found


def _sent_worth(board: Board, lighthouse_worth: float) -> float:
    """The board's worth once Send is played: won, or its rating."""
    captured, victory = sent(board.captured, board.victory)
    if victory >= card().victory_goal:
        return GAINED
    return _grid_worth(victory, captured, board.items) + lighthouse_worth


def _bits(squares: Iterable[Square]) -> int:
    """``squares`` as an integer of one bit a square of the grid (:func:`_bit`)."""
    return reduce(or_, map(_bit, squares), 0)


@cache
def _bit(square: Square) -> int:
    """The bit of a grid square, line by line from the top left; 0 off the grid."""
    column, line = square
    r = rules()
    if not (1 <= column <= r.columns and 1 <= line <= r.lines):
        return 0
    return 1 << ((line - 1) * r.columns + column - 1)


@cache
def _around_bits(square: Square) -> tuple[int, int, float]:
    """:func:`_around` with the squares as bits (:func:`_bits`).

    >>> near, reach, height = _around_bits((1, 1))
    >>> near.bit_count(), reach.bit_count(), height
    (4, 3, 7.5)
    """
    near, reach, height = _around(square)
    return _bits(near), _bits(reach), height


@cache
def _around(square: Square) -> tuple[frozenset[Square], frozenset[Square], float]:
    """What :func:`rating` reads from the Lighthouse's square, worked out once a square: the
    squares next to it (diagonals too, and itself), those within Sleep's reach (itself and
    its four orthogonal neighbours), and the worth of its line.

    >>> near, reach, height = _around((3, 3))
    >>> len(near), sorted(reach), height
    (9, [(2, 3), (3, 2), (3, 3), (3, 4), (4, 3)], 4.5)
    """
    column, line = square
    lines = rules().lines
    near = frozenset((column + dx, line + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    reach = frozenset(s for s in near if abs(s[0] - column) + abs(s[1] - line) <= 1)
    return near, reach, 1.5 * (lines - line) - (30 if line == lines else 0)

