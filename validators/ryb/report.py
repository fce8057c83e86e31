"""Text and JSON of RYB results: one attempt's odds and a deck report.

The CLI prints what these return; nothing here computes odds.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from .model import STARTING_POOL, Colour, DieColour
from .odds import GoalReport


@dataclass(frozen=True)
class Attempt:
    """One attempt's odds: the Goal, the pool rolled, the points banked on it."""

    colour: Colour
    target: int
    pool: Mapping[DieColour, int]
    banked: int
    probability: Fraction


def exact(p: Fraction) -> str:
    """A probability as ``num/den``.

    >>> exact(Fraction(400, 729))
    '400/729'
    """
    return f"{p.numerator}/{p.denominator}"


def pool_text(pool: Mapping[DieColour, int]) -> str:
    """The pool in words.

    >>> pool_text({"red": 3, "yellow": 1, "blue": 0})
    '3 red, 1 yellow, 0 blue'
    """
    return ", ".join(f"{n} {die}" for die, n in pool.items())


def attempt_json(a: Attempt) -> dict[str, Any]:
    return {"goal": f"{a.colour}-{a.target}", "dice": dict(a.pool), "banked": a.banked,
            "probability": float(a.probability), "exact": exact(a.probability)}


def attempt_text(a: Attempt) -> str:
    """One line: the Goal, the pool, the points banked, and the exact odds.

    >>> attempt_text(Attempt("red", 7, {"red": 3, "yellow": 0, "blue": 0}, 2, Fraction(53, 54)))
    'Red 7 with 3 red, 0 yellow, 0 blue (banked 2): 53/54 = 0.981481 (98.15%)'
    """
    p = a.probability
    return (f"{a.colour.capitalize()} {a.target} with {pool_text(a.pool)} (banked {a.banked}): "
            f"{exact(p)} = {float(p):.6f} ({float(p):.2%})")


def deck_json(deck_name: str, pool: Mapping[DieColour, int], banked: int,
              rows: list[GoalReport]) -> dict[str, Any]:
    return {"deck": deck_name, "dice": dict(pool), "banked": banked, "goals": [
        {"goal": r.goal.slug, "value": r.goal.value, "count": r.count,
         "probability": float(r.probability), "exact": exact(r.probability),
         "expected_points": float(r.expected_points), "flag": r.flag} for r in rows]}


def deck_text(deck_name: str, pool: Mapping[DieColour, int], banked: int,
              rows: list[GoalReport]) -> str:
    starting = "starting pool" if dict(pool) == STARTING_POOL else "pool"
    on_each = f", {banked} banked on each Goal" if banked else ""
    lines = [f"{deck_name}: one attempt from the {starting} ({pool_text(pool)}){on_each}",
             f"{'goal':<12}{'value':>6}{'cards':>6}{'odds':>9}{'exp. pts':>10}  note"]
    for r in rows:
        lines.append(f"{r.goal.name:<12}{r.goal.value:>6}{r.count:>6}{float(r.probability):>9.2%}"
                     f"{float(r.expected_points):>10.2f}  {r.flag or ''}".rstrip())
    return "\n".join(lines)
