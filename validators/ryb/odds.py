"""Exact odds of completing a Goal in one attempt.

The dice of different colours are independent, and a Goal's total is the
*smallest* of the needed colours' sums, so
``P(min(S1, S2) >= t) = P(S1 >= t) * P(S2 >= t)``.  Each factor comes from the
exact distribution of a sum of six-sided dice, counted with integers.

>>> str(goal_odds("purple", 9, {"red": 3, "yellow": 1, "blue": 3}))
'400/729'
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from collections.abc import Mapping

from ..errors import InputError
from .model import DICE, NEEDS, STARTING_POOL, Colour, DieColour, Goal, effective_target
from ..frozen import Rebuilt, rebuilt

MAX_DICE = 60  # per colour; far beyond any real pool, it bounds the work


@cache
def sum_counts(dice: int) -> tuple[int, ...]:
    """Ways to roll each total with ``dice`` six-sided dice (index = total).

    >>> sum_counts(2)[7]
    6
    """
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            for face in range(1, 7):
                nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


@cache
def at_least(dice: int, target: int) -> Fraction:
    """Probability that ``dice`` six-sided dice total ``target`` or more.

    >>> at_least(2, 12)
    Fraction(1, 36)
    """
    if target <= 0:
        return Fraction(1)
    counts = sum_counts(dice)
    return Fraction(sum(counts[target:]), 6 ** dice)


def goal_odds(colour: Colour, target: int, pool: Mapping[DieColour, int], banked: int = 0) -> Fraction:
    """Exact chance that one attempt at the Goal succeeds with ``pool``."""
    need = effective_target(target, banked)
    result = Fraction(1)
    for die in NEEDS[colour]:
        result *= at_least(pool.get(die, 0), need)
    return result


def parse_pool(text: str) -> dict[DieColour, int]:
    """Read a dice pool like ``3r,1y,3b`` (colours may repeat; missing ones are 0).

    >>> parse_pool("3r,1y,3b")
    {'red': 3, 'yellow': 1, 'blue': 3}
    """
    letters = {d[0]: d for d in DICE}
    pool = dict.fromkeys(DICE, 0)
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        count, letter = part[:-1], part[-1:]
        if letter not in letters or not (count.isascii() and count.isdigit()) or len(count) > 4:
            raise InputError(f"cannot read {part!r}: write counts and colour letters like 3r,1y,3b",
                             field="--dice")
        pool[letters[letter]] += int(count)
    if any(n > MAX_DICE for n in pool.values()):
        raise InputError(f"at most {MAX_DICE} dice of one colour", field="--dice")
    return pool


@dataclass(frozen=True)
class GoalReport:
    """One Goal's line in a deck report."""

    goal: Goal
    count: int
    probability: Fraction
    expected_points: Fraction
    flag: str | None

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


def deck_report(goals: list[tuple[Goal, int]], pool: Mapping[DieColour, int] = STARTING_POOL,
                banked: int = 0, spread: float = 4.0) -> list[GoalReport]:
    """Every Goal's one-attempt odds and expected points per attempt from ``pool``,
    with ``banked`` points already on every Goal (each lowers its Target by one).

    A Goal is flagged when its expected points per attempt are more than
    ``spread`` times above or below the median of the deck's Goals: its Value
    pays far too much or far too little for how hard it is.  Goals that cannot
    be completed in one attempt at all are flagged as needing banking.
    """
    rows = []
    for goal, count in goals:
        p = goal_odds(goal.colour, goal.target, pool, banked)
        rows.append((goal, count, p, p * goal.value))
    reachable = sorted(ep for *_, ep in rows if ep > 0)
    median = reachable[len(reachable) // 2] if reachable else Fraction(0)
    result = []
    for goal, count, p, ep in rows:
        flag = None
        if p == 0:
            with_banked = f" with {banked} banked" if banked else ""
            flag = f"cannot be completed in one attempt from this pool{with_banked}: needs banking or more dice"
        elif median and ep > median * Fraction(spread):
            flag = f"pays too much: {float(ep):.2f} expected points vs deck median {float(median):.2f}"
        elif median and ep * Fraction(spread) < median:
            flag = f"pays too little: {float(ep):.2f} expected points vs deck median {float(median):.2f}"
        result.append(GoalReport(goal, count, p, ep, flag))
    return result
