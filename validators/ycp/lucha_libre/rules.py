"""Lucha Libre's moves as code: which moves a roll holds, and what they do.

The moves table lives in ``templates/ycp/tables/lucha-libre.toml``; this module
reads its ``data`` and never restates a number.  A roll is a multiset of d6
faces; a *play* is a set of different moves whose dice fit in the roll
together, each die used at most once (the rules' "one die, one move").

>>> [m.id for m in moves_in((5, 5, 5, 4, 6), "blue-demon")]
['triple-f', 'show-off', 'sequence-2']
>>> best = ways_to_use((5, 5, 5, 4, 6), "blue-demon")[0]
>>> [m.id for m in best.moves], best.outcome.fans
(['triple-f', 'sequence-2'], 6)

The player picks which moves to claim and may claim none, so the choices a
roll offers are its ways to use it plus claiming nothing (:func:`choices`):

>>> [(len(c.moves), c.outcome.fans) for c in choices((1, 2, 4), "blue-demon")]
[(0, 0), (1, -1)]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any
from collections.abc import Iterable

from ...errors import InputError, RuleError
from ...schema import field
from ..tables import Table, build_rules, table_data

GAME = "lucha-libre"
Face = int
Roll = tuple[Face, ...]
WrestlerId = str


@dataclass(frozen=True)
class Wrestler:
    """A luchador: lucky number F, personal 2-dice sequence and common 3-dice sequence."""

    id: WrestlerId
    name: str
    short: str
    lucky: Face
    pair: Roll
    run: Roll


@dataclass(frozen=True)
class MoveSpec:
    """A row of the moves table, before it is given a wrestler's dice."""

    id: str
    label: str
    kind: str
    fans: int
    opponent_energy: int
    own_energy: int
    swap: bool = False
    dice: Roll = ()


@dataclass(frozen=True)
class Move:
    """A move with its concrete dice for one wrestler (``Triple 2`` is ``2-2-2``)."""

    id: str
    label: str
    dice: Roll
    fans: int
    opponent_energy: int
    own_energy: int
    swap: bool = False


@dataclass(frozen=True)
class Outcome:
    """What a play does, before limits: Fans, ENE to the opponent, ENE to yourself, swap."""

    fans: int = 0
    opponent_energy: int = 0
    own_energy: int = 0
    swap: bool = False


@dataclass(frozen=True)
class Play:
    """One way to use a roll: the moves claimed and the dice left over."""

    moves: tuple[Move, ...]
    unused: Roll

    @cached_property
    def outcome(self) -> Outcome:
        return outcome(self.moves)


@dataclass(frozen=True)
class Limits:
    """The numbers of the cartridges and the Fan track."""

    energy_min: int
    energy_max: int
    energy_start: int
    fans_start: int
    fans_to_win: int
    fans_total: int
    reroll_cost: int
    rest_gain: int


@dataclass(frozen=True)
class Rules:
    wrestlers: dict[WrestlerId, Wrestler]
    specs: tuple[MoveSpec, ...]
    teams: tuple[tuple[WrestlerId, WrestlerId], tuple[WrestlerId, WrestlerId]]
    first_in_ring: tuple[WrestlerId, WrestlerId]
    limits: Limits


# ---------------------------------------------------------------- reading the table

KINDS = ("triple-lucky", "lucky", "pair", "run", "fixed", "triple-other")


@cache
def rules() -> Rules:
    """The moves table's data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def _dice(value: Any, where: str, size: int | None = None) -> Roll:
    if (not isinstance(value, list) or not value
            or any(not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6 for v in value)):
        raise InputError("must be a list of die faces 1-6", field=where)
    if size is not None and len(value) != size:
        raise InputError(f"must list {size} faces", field=where)
    return tuple(value)


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    (data,), where = table_data(tables, "moves"), "moves.data"
    wrestlers = {}
    for i, w in enumerate(field(data, "wrestlers", list, where=where)):
        at = f"{where}.wrestlers[{i}]"
        wrestler = Wrestler(field(w, "id", str, where=at), field(w, "name", str, where=at),
                            field(w, "short", str, where=at), field(w, "lucky", int, where=at, lo=1, hi=6),
                            _dice(field(w, "pair", list, where=at), f"{at}.pair", 2),
                            _dice(field(w, "run", list, where=at), f"{at}.run", 3))
        wrestlers[wrestler.id] = wrestler
    specs = []
    for i, m in enumerate(field(data, "moves", list, where=where)):
        at = f"{where}.moves[{i}]"
        kind = field(m, "kind", str, where=at, choices=KINDS)
        specs.append(MoveSpec(field(m, "id", str, where=at), field(m, "label", str, where=at), kind,
                              field(m, "fans", int, where=at, lo=-10, hi=10),
                              field(m, "opponent_energy", int, where=at, lo=-5, hi=5),
                              field(m, "own_energy", int, where=at, lo=-5, hi=5),
                              field(m, "swap", bool, where=at, default=False),
                              _dice(m.get("dice"), f"{at}.dice") if kind == "fixed" else ()))
    teams = field(data, "teams", list, where=where)
    first = field(data, "first_in_ring", list, where=where)
    if (len(teams) != 2 or any(not isinstance(t, list) or len(t) != 2 for t in teams)
            or any(not isinstance(w, str) for t in teams for w in t)
            or {w for t in teams for w in t} != set(wrestlers)):
        raise InputError("must be two teams of two wrestlers, every wrestler once", field=f"{where}.teams")
    if len(first) != 2 or any(first[i] not in teams[i] for i in range(2)):
        raise InputError("must name one wrestler of each team, in team order", field=f"{where}.first_in_ring")
    keys = ("energy_min", "energy_max", "energy_start", "fans_start", "fans_to_win", "fans_total",
            "reroll_cost", "rest_gain")
    limits = Limits(*(field(data, k, int, where=where, lo=0, hi=100) for k in keys))
    if not limits.energy_min <= limits.energy_start <= limits.energy_max:
        raise InputError("energy_start must lie between energy_min and energy_max",
                         field=f"{where}.energy_start")
    return Rules(wrestlers, tuple(specs), (tuple(teams[0]), tuple(teams[1])), tuple(first), limits)


def wrestler(wrestler_id: WrestlerId) -> Wrestler:
    """A wrestler by id (``el-santo``, ``blue-demon`` ...) or a :class:`RuleError`."""
    known = rules().wrestlers
    if wrestler_id not in known:
        raise RuleError(f"unknown wrestler {wrestler_id!r} (wrestlers: {', '.join(known)})",
                        field="wrestler")
    return known[wrestler_id]


# ---------------------------------------------------------------- moves and plays

def spec_dice(spec: MoveSpec, who: Wrestler) -> list[Roll]:
    """Every dice pattern that makes ``spec`` for ``who`` (several only for Triple X)."""
    if spec.kind == "triple-lucky":
        return [(who.lucky,) * 3]
    if spec.kind == "lucky":
        return [(who.lucky,)]
    if spec.kind == "pair":
        return [who.pair]
    if spec.kind == "run":
        return [who.run]
    if spec.kind == "triple-other":
        return [(x,) * 3 for x in range(1, 7) if x != who.lucky]
    return [spec.dice]


@cache
def moves_for(wrestler_id: WrestlerId) -> tuple[Move, ...]:
    """All the moves a wrestler can make, one per dice pattern, in table order."""
    who = wrestler(wrestler_id)
    return tuple(Move(s.id, s.label if len(spec_dice(s, who)) == 1 else f"Triple {d[0]}", d, s.fans,
                 s.opponent_energy, s.own_energy, s.swap)
                 for s in rules().specs for d in spec_dice(s, who))


def fits(dice: Iterable[Face], roll: Iterable[Face]) -> bool:
    """Whether the multiset ``dice`` is contained in ``roll``.

    >>> fits((5, 5), (5, 1, 5)), fits((5, 5), (5, 1))
    (True, False)
    """
    return not Counter(dice) - Counter(roll)


def moves_in(roll: Iterable[Face], wrestler_id: WrestlerId) -> list[Move]:
    """The moves a roll contains for the wrestler in the Ring (each one on its own)."""
    roll = tuple(roll)
    return [m for m in moves_for(wrestler_id) if fits(m.dice, roll)]


def ways_to_use(roll: Iterable[Face], wrestler_id: WrestlerId) -> list[Play]:
    """Every non-empty set of different moves whose dice fit in the roll together.

    Each die serves at most one move and each move counts at most once a turn
    (the choice written in the tables file).  Sorted best first: most Fans,
    then least own-energy loss, then most opponent-energy loss.
    """
    roll = tuple(sorted(roll))
    found = moves_in(roll, wrestler_id)
    plays: list[Play] = []

    def extend(start: int, chosen: tuple[Move, ...], left: Counter[Face]) -> None:
        for i in range(start, len(found)):
            move = found[i]
            if any(c.id == move.id for c in chosen) or Counter(move.dice) - left:
                continue
            now, rest = chosen + (move,), left - Counter(move.dice)
            plays.append(Play(now, tuple(sorted(rest.elements()))))
            extend(i + 1, now, rest)

    extend(0, (), Counter(roll))
    return sorted(plays, key=_best_first)


def choices(roll: Iterable[Face], wrestler_id: WrestlerId) -> list[Play]:
    """Everything a player may do with a roll: claim any set of its moves, or none.

    The rules list the moves a roll "achieves" and nothing makes a claim
    compulsory, so claiming nothing (a play with no moves, every die unused) is
    always a choice; a roll whose only move costs Fans is worth 0 kept.  The
    same order as :func:`ways_to_use`, with claiming nothing in its place.
    """
    return list(_choices(tuple(sorted(roll)), wrestler_id))


@lru_cache(maxsize=1 << 14)
def _choices(roll: tuple[Face, ...], wrestler_id: WrestlerId) -> tuple[Play, ...]:
    """:func:`choices` for a sorted roll, remembered: a whole game asks about the same few
    rolls thousands of times."""
    return tuple(sorted([Play((), roll), *ways_to_use(roll, wrestler_id)], key=_best_first))


def best_choice(roll: Iterable[Face], wrestler_id: WrestlerId) -> Play:
    """The choice :func:`choices` ranks first (most Fans, then energy)."""
    return choices(roll, wrestler_id)[0]


def _best_first(play: Play) -> tuple[int, int, int, int]:
    o = play.outcome
    return -o.fans, -o.own_energy, o.opponent_energy, len(play.moves)


def outcome(moves: Iterable[Move]) -> Outcome:
    """The summed effect of the moves claimed in one turn.

    >>> m = {x.id: x for x in moves_for("blue-demon")}
    >>> outcome([m["triple-f"]])
    Outcome(fans=5, opponent_energy=-2, own_energy=-1, swap=False)
    """
    moves = list(moves)
    return Outcome(sum(m.fans for m in moves), sum(m.opponent_energy for m in moves),
                   sum(m.own_energy for m in moves), any(m.swap for m in moves))


# ---------------------------------------------------------------- the printed table

def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def printed_rows() -> tuple[tuple[str, ...], ...]:
    """The moves table's cells as the data says they must read (the test's reference)."""
    r = rules()
    order = [r.wrestlers[w] for team in r.teams for w in team]
    rows = []
    for spec in r.specs:
        cells = []
        for who in order:
            patterns = spec_dice(spec, who)
            cells.append("X-X-X" if spec.kind == "triple-other" else "-".join(map(str, patterns[0])))
        energy = "swap" if spec.swap else f"{_signed(spec.opponent_energy)}/{_signed(spec.own_energy)}"
        rows.append((spec.label, *cells, _signed(spec.fans), energy))
    return tuple(rows)


def printed_columns() -> tuple[str, ...]:
    r = rules()
    return ("Move", *(r.wrestlers[w].short for team in r.teams for w in team), "Fans", "ENE")


# ---------------------------------------------------------------- odds

@cache
def move_odds(wrestler_id: WrestlerId, dice: int) -> dict[str, Fraction]:
    """Exact chance that one roll of ``dice`` d6 holds each move (no reroll).

    >>> move_odds("el-santo", 5)["sequence-4"]
    Fraction(5, 81)
    """
    lim = rules().limits
    if not 1 <= dice <= lim.energy_max:
        raise RuleError(f"a wrestler rolls 1 to {lim.energy_max} dice, not {dice}", field="dice")
    hits: Counter[str] = Counter()
    for roll in combinations_with_replacement(range(1, 7), dice):
        orders = factorial(dice) // prod(factorial(n) for n in Counter(roll).values())
        for move_id in {m.id for m in moves_in(roll, wrestler_id)}:
            hits[move_id] += orders
    return {s.id: Fraction(hits[s.id], 6 ** dice) for s in rules().specs}


def parse_roll(text: str, *, low: int | None = None, high: int | None = None) -> Roll:
    """Read dice like ``3,3,5,6,1`` (commas or spaces); faces 1-6, as many as ENE allows.

    >>> parse_roll("3,3,5,6,1")
    (3, 3, 5, 6, 1)
    """
    lim = rules().limits
    low, high = low or lim.energy_min, high or lim.energy_max
    parts = [p for p in text.replace(",", " ").split() if p]
    if not all(p.isdigit() and len(p) == 1 and "1" <= p <= "6" for p in parts):
        raise InputError(f"cannot read {text[:40]!r}: write die faces 1-6 like 3,3,5,6,1", field="--roll")
    if not low <= len(parts) <= high:
        raise InputError(f"a roll has {low} to {high} dice (the wrestler's ENE), got {len(parts)}",
                         field="--roll")
    return tuple(int(p) for p in parts)
