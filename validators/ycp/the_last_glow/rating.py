"""The greedy player's rating of a The Last Glow board, and each placement's value worked
out from the rating of the board as it stands.

The rating is a sum over the board's parts (:func:`grid_worth`, :func:`gauges_worth`,
:func:`square_worth`), so a placement's value is the rating now plus what the placement
changes: a Lighthouse step the gauges and the square, a Sleep or a Hunt the squares it
takes an item from or catches a Heart on.  What a Hunt or a Sleep changes depends only
on the Lighthouse's square and the target's, so it is worked out once for every pair.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...play import WON
from .actions import (HUNT, IDLE, LIGHTHOUSE_STEPS, SEND, SLEEP, Board, caught, card, lighthouse_after, sent,
                      slept)
from .squares import geometry

LOST, GAINED = -WON / 2, WON / 2
"""A finished game's worth on the greedy player's scale (:data:`...play.WON`)."""
DIE = 6
"""A Hunt's value averages over the six faces of its die."""


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
    items = board.item_bits
    return (grid_worth(board.victory, board.captured, items.bit_count())
            + gauges_worth(board.brightness, board.structure) + square_worth(board.at, items, board.heart_bits))


def worth(board: Board) -> float:
    """:func:`rating`, or a finished game's value on the greedy player's scale."""
    if board.won:
        return GAINED
    if board.lost:
        return LOST
    return rating(board)


def grid_worth(victory: int, captured: int, items: int) -> float:
    """The part of :func:`rating` that does not depend on the Lighthouse (``items``: how many)."""
    return 12 * victory + 9 * captured + 4 * items


def gauges_worth(brightness: int, structure: int) -> float:
    """What :func:`rating` gives the Lighthouse's Structure and Brightness."""
    return 2 * structure + 0.5 * (brightness if brightness < 3 else 3)


def square_worth(at: int, items: int, hearts: int) -> float:
    """What :func:`rating` gives the Lighthouse's square ``at``: items within Sleep's reach,
    its line, Hearts next to it (``items`` and ``hearts`` as bits)."""
    g = geometry()
    return 3 * (g.reach[at] & items).bit_count() + heights()[at] - (g.near[at] & hearts).bit_count()


@cache
def heights() -> tuple[float, ...]:
    """The worth of each square's line: 1.5 a line above the bottom line, minus 30 on it.

    >>> heights()[:6]
    (7.5, 6.0, 4.5, 3.0, 1.5, -30.0)
    """
    lines = geometry().lines
    return tuple(1.5 * (lines - line) - (30 if line == lines else 0) for _, line in geometry().squares)


HuntPlan = tuple[int, float, float] | None
"""A Hunt's faces that catch, and what a catch adds to the rating: with no item under the
Heart, and with one; None when no face catches (the Hunt leaves the rating as it is)."""


@cache
def hunt_plans() -> tuple[tuple[HuntPlan, ...], ...]:
    """``hunt_plans()[lighthouse][heart]``: the catching faces and the gains of a Hunt
    (:func:`.actions.caught` rated by the rating's own parts, which read the squares alone)."""
    g = geometry()
    plans = []
    for at in range(len(g.squares)):
        row = []
        for heart in range(len(g.squares)):
            gains = []
            for items in (0, 1 << heart):
                hearts_after, items_after = caught(1 << heart, items, heart)
                gains.append(grid_worth(0, 0, items_after.bit_count()) - grid_worth(0, 0, items.bit_count())
                             + square_worth(at, items_after, hearts_after) - square_worth(at, items, 1 << heart))
            faces = g.hunt_faces[at][heart].bit_count()
            row.append((faces, gains[0], gains[1]) if faces else None)
        plans.append(tuple(row))
    return tuple(plans)


@cache
def sleep_gains() -> tuple[tuple[float, ...], ...]:
    """``sleep_gains()[lighthouse][item]``: what Sleep taking the item adds to the rating
    (:func:`.actions.slept` rated by the rating's own parts)."""
    g = geometry()
    count = len(g.squares)
    found = []
    for at in range(count):
        row = []
        for item in range(count):
            items_after, captured = slept(1 << item, 0, item)
            row.append(grid_worth(0, captured, items_after.bit_count()) - grid_worth(0, 0, 1)
                       + square_worth(at, items_after, 0) - square_worth(at, 1 << item, 0))
        found.append(tuple(row))
    return tuple(found)


Tables = tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...], tuple[tuple[HuntPlan, ...], ...],
               tuple[tuple[float, ...], ...]]


@cache
def tables() -> Tables:
    """What :func:`values` reads, in one call: Sleep's reach and the squares next to each
    square (:mod:`.squares`), :func:`heights`, :func:`hunt_plans`, :func:`sleep_gains`."""
    g = geometry()
    return g.reach, g.near, heights(), hunt_plans(), sleep_gains()


Step = tuple[int, float] | None
"""A Lighthouse step's square and the worth of the gauges it leaves; None if it leaves the
Lighthouse destroyed (the game lost)."""
_STEPS: dict[tuple[int, int, int, bool], tuple[Step, ...]] = {}


def steps_after(at: int, brightness: int, structure: int, throttled: bool) -> tuple[Step, ...]:
    """Each Lighthouse step (:func:`.actions.lighthouse_after`) by its number, from the
    Lighthouse on ``at`` with these gauges (``throttled``: a Full Throttle this turn
    already).  Remembered: a Lighthouse has a few thousand states, each met again and again."""
    key = (at, brightness, structure, throttled)
    found = _STEPS.get(key)
    if found is None:
        found = _STEPS[key] = tuple(_step(lighthouse_after(code, at, brightness, structure, int(throttled)))
                                    for code in LIGHTHOUSE_STEPS)
    return found


def _step(after: tuple[int, int, int]) -> Step:
    to, brightness, structure = after
    return None if structure <= 0 else (to, gauges_worth(brightness, structure))


def values(board: Board, codes: Iterable[int], throttles: int) -> list[float]:
    """The rating of the board right after each placement of ``codes`` (a Hunt: averaged
    over its die; :data:`.actions.IDLE` leaves it as it is), worked out from the rating
    of the board as it stands; ``throttles``: Full Throttles this turn so far.  Written
    out, with :func:`square_worth` inline: greedy asks at every decision."""
    reach, near, height, hunt_rows, sleep_rows = tables()
    at, hearts, items = board.at, board.heart_bits, board.item_bits
    fixed = grid_worth(board.victory, board.captured, items.bit_count())
    square = 3 * (reach[at] & items).bit_count() + height[at] - (near[at] & hearts).bit_count()
    lighthouse = gauges_worth(board.brightness, board.structure) + square
    here = fixed + lighthouse
    steps = _CRASHED if board.crashed else steps_after(at, board.brightness, board.structure, throttles > 0)
    hunting, sleeping = hunt_rows[at], sleep_rows[at]
    found: list[float] = []
    append = found.append
    for code in codes:
        if code < SEND:                 # a Lighthouse step
            step = steps[code]
            if step is None:
                append(LOST)
                continue
            to, gauges = step
            if to != at:
                append(fixed + gauges + (3 * (reach[to] & items).bit_count() + height[to]
                                         - (near[to] & hearts).bit_count()))
            else:
                append(fixed + gauges + square)
        elif code >= SLEEP:
            append(here if code == IDLE else here + sleeping[code - SLEEP])
        elif code >= HUNT:
            plan = hunting[code - HUNT]
            if plan is None:
                append(here)
                continue
            faces, gain, gain_on_item = plan
            if items >> (code - HUNT) & 1:
                gain = gain_on_item
            append((faces * (here + gain) + (DIE - faces) * here) / DIE)
        else:
            append(_sent_worth(board, lighthouse))
    return found


_CRASHED: tuple[Step, ...] = (None,) * len(LIGHTHOUSE_STEPS)


def _sent_worth(board: Board, lighthouse_worth: float) -> float:
    """The board's worth once Send is played: won, or its rating."""
    captured, victory = sent(board.captured, board.victory)
    if victory >= card().victory_goal:
        return GAINED
    return grid_worth(victory, captured, board.item_bits.bit_count()) + lighthouse_worth
