"""Toroball's young cow and scatter compass as code.

>>> cow_squares(die=3, agitation=2), cow_squares(die=6, agitation=4)
(5, 0)
>>> agitate(2), calm_after_goal(3)
(3, 2)
>>> scatter(1)
(0, 1)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ...errors import InputError, RuleError
from ...schema import field
from ..tables import Table, build_rules, table_data

GAME = "toroball"
AGITATION_CAP = 30    # the rules give the cow's ENE no top; this bounds what a solver is asked
Direction = tuple[int, int]      # (dx, dy): x to the right, y up


@dataclass(frozen=True)
class Rules:
    stay_on: int
    start: int
    agitate: int
    agitate_bonus_squares: int
    goal: int
    minimum: int
    directions: dict[int, Direction]


@cache
def rules() -> Rules:
    """The tables' data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def directions_from(data: Mapping[str, Any], where: str) -> dict[int, Direction]:
    """A scatter table's ``direction`` rows: one step (not 0,0) for each face 1-6, in table order."""
    directions = {}
    for i, d in enumerate(field(data, "direction", list, where=where)):
        w = f"{where}.direction[{i}]"
        directions[field(d, "face", int, where=w, lo=1, hi=6)] = (
            field(d, "dx", int, where=w, lo=-1, hi=1), field(d, "dy", int, where=w, lo=-1, hi=1))
    if sorted(directions) != list(range(1, 7)) or (0, 0) in directions.values():
        raise InputError("must give a direction (not 0,0) for each face 1-6", field=f"{where}.direction")
    return directions


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    cow, agitation, compass = table_data(tables, "cow", "agitation", "scatter")
    directions = directions_from(compass, "scatter.data")
    at = "agitation.data"
    return Rules(field(cow, "stay_on", int, where="cow.data", lo=1, hi=6),
                 field(agitation, "start", int, where=at, lo=0, hi=20),
                 field(agitation, "agitate", int, where=at, lo=0, hi=20),
                 field(agitation, "agitate_bonus_squares", int, where=at, lo=0, hi=20),
                 field(agitation, "goal", int, where=at, lo=-20, hi=0),
                 field(agitation, "minimum", int, where=at, lo=0, hi=20), directions)


def _die(roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise RuleError(f"a d6 shows 1 to 6, got {roll!r}", field="die")
    return roll


def cow_squares(die: int, agitation: int) -> int:
    """How far the cow charges: the die plus its agitation, or not at all on the stay face."""
    return 0 if _die(die) == rules().stay_on else die + agitation


def cow_move_odds(agitation: int) -> dict[int, Fraction]:
    """Exact chance of each charge length for a cow of ``agitation``.

    >>> cow_move_odds(2)[0]
    Fraction(1, 6)
    """
    odds: dict[int, Fraction] = {}
    for die in range(1, 7):
        squares = cow_squares(die, agitation)
        odds[squares] = odds.get(squares, Fraction(0)) + Fraction(1, 6)
    return dict(sorted(odds.items()))


def agitate(agitation: int) -> int:
    """A character next to the cow stirs it up (and runs 3 more squares)."""
    return agitation + rules().agitate


def calm_after_goal(agitation: int) -> int:
    """A goal pleases the cow: agitation drops, never below its floor."""
    r = rules()
    return max(r.minimum, agitation + r.goal)


def scatter(face: int) -> Direction:
    """The compass direction a scatter roll gives."""
    return rules().directions[_die(face)]


WORDS = {(0, 1): "Up", (1, 1): "Up-right", (1, 0): "Right", (1, -1): "Down-right", (0, -1): "Down",
         (-1, -1): "Down-left", (-1, 0): "Left", (-1, 1): "Up-left"}


def printed_rows(table_id: str) -> tuple[tuple[str, ...], ...]:
    """The cells each table must print, rebuilt from the rules' data."""
    r = rules()
    if table_id == "cow":
        moving = [f for f in range(1, 7) if f != r.stay_on]
        in_a_row = moving == list(range(moving[0], moving[-1] + 1))
        span = f"{moving[0]}-{moving[-1]}" if in_a_row else ",".join(map(str, moving))
        return ((span, "Moves d6 + ENE squares"), (str(r.stay_on), "Stays put"))
    if table_id == "agitation":
        return (("Start", str(r.start)),
                ("Agitated", f"+{r.agitate}; runner +{r.agitate_bonus_squares} squares"),
                ("A goal", f"{r.goal} (never below {r.minimum})"))
    if table_id == "scatter":
        return tuple((str(face), WORDS[d]) for face, d in sorted(r.directions.items()))
    raise RuleError(f"no table {table_id!r}", field="table")
