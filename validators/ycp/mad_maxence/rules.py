"""Mad Maxence's coin resolutions as code: tests, combat rounds, eluding, repairing.

Every resolution flips as many coins as a skill's value and counts heads.
Randomness comes only from a seeded :class:`random.Random`, so the same seed
replays the same fight; exact odds use the binomial distribution of heads.

>>> resolution_succeeds(heads=2, difficulty=2), resolution_succeeds(heads=1, difficulty=2)
(True, False)
>>> success_odds(skill=3, difficulty=2)
Fraction(1, 2)
>>> combat_round(my_cb=3, foe_cb=2, flip=Flip(heads=2, tails=1))
Round(heads=2, tails=1, my_cb=2, foe_cb=2, result='victory')
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from ...errors import InputError, RuleError
from ...schema import field
from ..tables import Table, build_rules, table_data

GAME = "mad-maxence"
MAX_COINS = 60          # far beyond any gauge; bounds the work of the odds


@dataclass(frozen=True)
class Flip:
    """The coins of one resolution: how many landed heads and how many tails."""

    heads: int
    tails: int


@dataclass(frozen=True)
class Round:
    """One combat round: the flip and both Combativeness values after it.

    ``result`` is ``victory``, ``lost-combat`` (your Cb hit 0) or ``continue``.
    """

    heads: int
    tails: int
    my_cb: int
    foe_cb: int
    result: str


@dataclass(frozen=True)
class Combat:
    """A whole fight: its rounds, how it ended, and the TU gauge afterwards.

    ``result`` is ``victory``, ``lost-combat`` or ``caught`` (a new round needed
    a TU while the gauge was on its limit).
    """

    rounds: tuple[Round, ...]
    result: str
    tu: int

    @property
    def my_cb(self) -> int:
        return self.rounds[-1].my_cb

    @property
    def foe_cb(self) -> int:
        return self.rounds[-1].foe_cb


@dataclass(frozen=True)
class Maneuver:
    id: str
    label: str
    difficulty: int
    tu: int


@dataclass(frozen=True)
class Rules:
    skills: tuple[str, ...]
    you_lose: str                   # "tails" (the choice in the tables file)
    zero_cb_loses_even_on_victory: bool
    round_cost_tu: int
    tu_limit: int
    fuel_cost: int
    maneuvers: dict[str, Maneuver]
    repair: tuple[int, int, int]    # TU spent, Spare Parts spent, Combativeness gained


@cache
def rules() -> Rules:
    """The tables' data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def _data(tables: dict[str, Table], table_id: str) -> tuple[dict[str, Any], str]:
    return table_data(tables, table_id)[0], f"{table_id}.data"


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    test, at_test = _data(tables, "test")
    combat, at = _data(tables, "combat")
    elude, at_elude = _data(tables, "elude")
    repair, at_repair = _data(tables, "repair")
    maneuvers = {}
    for i, m in enumerate(field(elude, "maneuvers", list, where=at_elude)):
        w = f"{at_elude}.maneuvers[{i}]"
        man = Maneuver(field(m, "id", str, where=w), field(m, "label", str, where=w),
                       field(m, "difficulty", int, where=w, lo=0, hi=20),
                       field(m, "tu", int, where=w, lo=-20, hi=0))
        maneuvers[man.id] = man
    skills = field(test, "skills", list, where=at_test)
    if not skills or not all(isinstance(s, str) for s in skills):
        raise InputError("must list skill names", field=f"{at_test}.skills")
    return Rules(tuple(skills), field(combat, "you_lose", str, where=at, choices={"heads", "tails"}),
                 field(combat, "zero_cb_loses_even_on_victory", bool, where=at),
                 field(combat, "round_cost_tu", int, where=at, lo=0, hi=20),
                 field(combat, "tu_limit", int, where=at, lo=1, hi=100),
                 field(elude, "fuel_cost", int, where=at_elude, lo=0, hi=20), maneuvers,
                 tuple(field(repair, k, int, where=at_repair, lo=0, hi=20)
                       for k in ("tu", "spare_parts", "combativeness")))


def _count(name: str, value: int, hi: int = MAX_COINS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise RuleError(f"must be a whole number from 0 to {hi}, got {value!r}", field=name)
    return value


# ---------------------------------------------------------------- coins and tests

def flip(coins: int, rng: random.Random) -> Flip:
    """Toss ``coins`` fair coins with the seeded generator ``rng``."""
    heads = sum(rng.random() < 0.5 for _ in range(_count("coins", coins)))
    return Flip(heads, coins - heads)


def resolution_succeeds(heads: int, difficulty: int) -> bool:
    """A test succeeds when the heads equal or beat the difficulty."""
    return heads >= difficulty




def heads_odds(coins: int) -> tuple[Fraction, ...]:
    """Exact chance of each number of heads (index) among ``coins`` fair coins.

    >>> heads_odds(2)
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    """
    coins = _count("coins", coins)
    return tuple(Fraction(comb(coins, h), 2 ** coins) for h in range(coins + 1))


def success_odds(skill: int, difficulty: int) -> Fraction:
    """Exact chance that a test with ``skill`` coins succeeds."""
    odds = heads_odds(skill)
    return sum((p for h, p in enumerate(odds) if resolution_succeeds(h, difficulty)), Fraction(0))


# ---------------------------------------------------------------- combat

def combat_round(my_cb: int, foe_cb: int, flip: Flip) -> Round:
    """One round: heads against the foe's Cb, tails against yours.

    Heads at least the foe's Cb wins; otherwise the foe loses the heads.
    Either way you lose the tails, and a Cb of 0 is a lost combat.
    """
    r = rules()
    loss = flip.tails if r.you_lose == "tails" else flip.heads
    mine = max(0, my_cb - loss)
    if flip.heads >= foe_cb:
        lost = mine == 0 and r.zero_cb_loses_even_on_victory
        return Round(flip.heads, flip.tails, mine, foe_cb, "lost-combat" if lost else "victory")
    foe = foe_cb - flip.heads
    return Round(flip.heads, flip.tails, mine, foe, "lost-combat" if mine == 0 else "continue")


def spend_tu(tu: int, amount: int = 1) -> int | None:
    """The TU gauge after spending ``amount``; None when the Erasers catch Maxence."""
    limit = rules().tu_limit
    return None if tu + amount > limit else tu + amount


def fight(tech: int, my_cb: int, foe_cb: int, tu: int, rng: random.Random) -> Combat:
    """Play a whole combat with ``tech`` coins a round; each new round costs a TU."""
    tech, my_cb, foe_cb = _count("tech", tech), _count("my_cb", my_cb), _count("foe_cb", foe_cb)
    tu = _count("tu", tu, rules().tu_limit)
    rounds: list[Round] = []
    while True:
        rnd = combat_round(my_cb, foe_cb, flip(tech, rng))
        rounds.append(rnd)
        if rnd.result != "continue":
            return Combat(tuple(rounds), rnd.result, tu)
        after = spend_tu(tu, rules().round_cost_tu)
        if after is None:
            return Combat(tuple(rounds), "caught", tu)
        tu, my_cb, foe_cb = after, rnd.my_cb, rnd.foe_cb


def combat_odds(tech: int, my_cb: int, foe_cb: int, tu: int = 0) -> dict[str, Fraction]:
    """Exact chance of each way a fight ends: victory, lost-combat, caught.

    >>> combat_odds(tech=1, my_cb=1, foe_cb=1)
    {'victory': Fraction(1, 2), 'lost-combat': Fraction(1, 2), 'caught': Fraction(0, 1)}
    """
    tech, my_cb, foe_cb = _count("tech", tech), _count("my_cb", my_cb), _count("foe_cb", foe_cb)
    return dict(zip(("victory", "lost-combat", "caught"),
                    _odds(tech, my_cb, foe_cb, _count("tu", tu, rules().tu_limit))))


@cache
def _odds(tech: int, my_cb: int, foe_cb: int, tu: int) -> tuple[Fraction, Fraction, Fraction]:
    total = [Fraction(0)] * 3
    for heads, p in enumerate(heads_odds(tech)):
        rnd = combat_round(my_cb, foe_cb, Flip(heads, tech - heads))
        if rnd.result == "victory":
            parts = (Fraction(1), Fraction(0), Fraction(0))
        elif rnd.result == "lost-combat":
            parts = (Fraction(0), Fraction(1), Fraction(0))
        else:
            after = spend_tu(tu, rules().round_cost_tu)
            parts = ((Fraction(0), Fraction(0), Fraction(1)) if after is None
                     else _odds(tech, rnd.my_cb, rnd.foe_cb, after))
        total = [t + p * q for t, q in zip(total, parts)]
    victory, lost, caught = total
    return victory, lost, caught


# ---------------------------------------------------------------- eluding and repairing

def elude(maneuver: str, heads: int, tu: int) -> int:
    """TU after an elude attempt: lowered by the maneuver's amount if the Driving test
    succeeds (never below 0), unchanged if it fails.  The Fuel is spent either way."""
    known = rules().maneuvers
    if maneuver not in known:
        raise RuleError(f"unknown maneuver {maneuver!r} (maneuvers: {', '.join(known)})", field="maneuver")
    m = known[maneuver]
    return max(0, tu + m.tu) if resolution_succeeds(heads, m.difficulty) else tu


def elude_odds(maneuver: str, driving: int) -> Fraction:
    """Exact chance an elude attempt works with ``driving`` coins.

    >>> elude_odds("hard", 3)
    Fraction(1, 8)
    """
    known = rules().maneuvers
    if maneuver not in known:
        raise RuleError(f"unknown maneuver {maneuver!r} (maneuvers: {', '.join(known)})", field="maneuver")
    return success_odds(driving, known[maneuver].difficulty)


def repair(tu: int, spare_parts: int, combativeness: int, in_combat: bool = False) -> tuple[int, int, int]:
    """(TU, Spare Parts, Combativeness) after one REPAIR; refused during combat,
    without a Spare Part, or when the TU it costs would let the Erasers catch you."""
    tu_cost, parts_cost, gain = rules().repair
    if in_combat:
        raise RuleError("Spare Parts cannot be used during combat", field="repair")
    if spare_parts < parts_cost:
        raise RuleError("no Spare Part left to repair with", field="repair")
    after = spend_tu(tu, tu_cost)
    if after is None:
        raise RuleError("repairing would spend a TU past the limit: the Erasers catch you", field="repair")
    return after, spare_parts - parts_cost, combativeness + gain


# ---------------------------------------------------------------- the printed tables

def printed_rows(table_id: str) -> tuple[tuple[str, ...], ...]:
    """The cells each table must print, rebuilt from the rules' data."""
    r = rules()
    if table_id == "test":
        return (("≥ difficulty", "Success"), ("< difficulty", "Failure"))
    if table_id == "combat":
        return (("≥ foe's Cb", f"Victory; your Cb - {r.you_lose}"),
                ("< foe's Cb", f"Foe's Cb - heads; your Cb - {r.you_lose}"),
                ("Foe still up", f"-{r.round_cost_tu} TU, next round"),
                ("Your Cb at 0", "Read LOST COMBAT"))
    if table_id == "elude":
        return tuple((m.label, str(m.difficulty), str(m.tu)) for m in r.maneuvers.values())
    if table_id == "repair":
        tu, parts, gain = r.repair
        return ((f"{tu} TU + {parts} Spare Part", f"+{gain} Combativeness"),)
    raise RuleError(f"no table {table_id!r}", field="table")
