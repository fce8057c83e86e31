"""Which Side's numbers as code: the employer table, the life cost, the means of production.

The city is the postcard's gauges plus the worker cubes.  The Employer Phase
moves Employer's Strength up, then reads one d6 on the table (two when the
cube stands on 3, 6 or 8).

>>> dice_for(strength=3), dice_for(strength=4)
(2, 1)
>>> city = employer_phase(setup("normal"), faces=(2,))
>>> city.strength, city.risk
(1, 1)
>>> life_cost(setup("normal"), "normal")
5
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Mapping, Sequence

from ...errors import InputError, RuleError
from ...frozen import replace
from ...schema import field
from ..tables import Table, build_rules, table_data

GAME = "which-side"
RESOURCES = ("dollars", "sabotage", "strike", "anarchist", "union")
EFFECT_GAUGES = ("life", "risk", "police", "unsanitary", "injure", "strength")
Cost = Mapping[str, int]


@dataclass(frozen=True)
class City:
    """Gauges and workers between phases.  ``extra_life_cost`` lasts one turn."""

    strength: int = 0
    risk: int = 0
    unsanitary: int = 0
    police: int = 0
    workers: int = 4          # healthy workers
    injured: int = 0
    prisoners: int = 0
    dead: int = 0
    savings: int = 2
    extra_life_cost: int = 0
    lost: bool = False


@dataclass(frozen=True)
class Mode:
    id: str
    label: str
    means: int
    rent: int


@dataclass(frozen=True)
class Rules:
    effects: dict[int, tuple[str, int]]
    two_dice_on: tuple[int, ...]
    hurt_at: int
    strength_max: int
    costs: tuple[dict[str, int], ...]
    modes: dict[str, Mode]
    last_turn: int


@cache
def rules() -> Rules:
    """The tables' data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    employer, means, modes = table_data(tables, "employer", "means", "modes")
    effects = {}
    for i, row in enumerate(field(employer, "outcome", list, where="employer.data")):
        w = f"employer.data.outcome[{i}]"
        effects[field(row, "face", int, where=w, lo=1, hi=6)] = (
            field(row, "gauge", str, where=w, choices=EFFECT_GAUGES),
            field(row, "delta", int, where=w, lo=1, hi=5))
    if sorted(effects) != list(range(1, 7)):
        raise InputError("must give one effect for each face 1-6", field="employer.data.outcome")
    costs = []
    for i, cost in enumerate(field(means, "cost", list, where="means.data")):
        w = f"means.data.cost[{i}]"
        if not isinstance(cost, dict) or not cost:
            raise InputError("must be a table of resources", field=w)
        for name in cost:
            _resource(name, w)
        costs.append({k: field(cost, k, int, where=w, lo=1, hi=20) for k in cost})
    mode_list = {}
    for i, m in enumerate(field(modes, "mode", list, where="modes.data")):
        w = f"modes.data.mode[{i}]"
        mode = Mode(field(m, "id", str, where=w), field(m, "label", str, where=w),
                    field(m, "means", int, where=w, lo=1, hi=len(costs)),
                    field(m, "rent", int, where=w, lo=0, hi=10))
        mode_list[mode.id] = mode
    two = field(employer, "two_dice_on", list, where="employer.data")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in two):
        raise InputError("must list gauge values", field="employer.data.two_dice_on")
    return Rules(effects, tuple(two), field(employer, "hurt_at", int, where="employer.data", lo=1, hi=20),
                 field(employer, "strength_max", int, where="employer.data", lo=1, hi=50), tuple(costs),
                 mode_list, field(modes, "last_turn", int, where="modes.data", lo=1, hi=100))


def _resource(name: str, where: str) -> None:
    if name not in RESOURCES:
        raise InputError(f"unknown resource {name!r} (resources: {', '.join(RESOURCES)})",
                         field=f"{where}.{name}")


def mode(mode_id: str) -> Mode:
    known = rules().modes
    if mode_id not in known:
        raise RuleError(f"unknown mode {mode_id!r} (modes: {', '.join(known)})", field="mode")
    return known[mode_id]


# ---------------------------------------------------------------- setup and costs

def setup(mode_id: str = "normal") -> City:
    """Four workers, $2 of Savings, every other gauge on 0 (the rules' setup roll aside)."""
    mode(mode_id)
    return City()


def life_cost(city: City, mode_id: str) -> int:
    """$1 per worker, $1 more per injured one, the Tenement's rent, and this turn's extra."""
    return city.workers + 2 * city.injured + mode(mode_id).rent + city.extra_life_cost


def acting_workers(city: City) -> int:
    """Healthy workers act; half the injured ones (rounded down) cannot.

    >>> acting_workers(City(workers=2, injured=3))
    4
    """
    return city.workers + city.injured - city.injured // 2


def injure(city: City) -> City:
    """A healthy worker becomes injured or sick (nothing happens if none is healthy)."""
    if city.workers == 0:
        return city
    return replace(city, workers=city.workers - 1, injured=city.injured + 1)


def jail(city: City) -> City:
    """A worker goes to prison: a healthy one if any, else an injured one, who dies."""
    if city.workers:
        return replace(city, workers=city.workers - 1, prisoners=city.prisoners + 1)
    if city.injured:
        return replace(city, injured=city.injured - 1, dead=city.dead + 1)
    return city


def raise_gauge(city: City, gauge: str, delta: int = 1) -> City:
    """Risk, Unsanitary or Police Threat up; reaching Hurt/Jail strikes a worker and resets the cube."""
    for _ in range(delta):
        value = getattr(city, gauge) + 1
        if value >= rules().hurt_at:
            city = replace(city, **{gauge: 0})
            city = jail(city) if gauge == "police" else injure(city)
        else:
            city = replace(city, **{gauge: value})
    return city


def raise_strength(city: City, delta: int = 1) -> City:
    """Employer's Strength up; moving past the top of the gauge loses the game."""
    value = city.strength + delta
    if value > rules().strength_max:
        return replace(city, strength=rules().strength_max, lost=True)
    return replace(city, strength=value)


# ---------------------------------------------------------------- the employer phase

def dice_for(strength: int) -> int:
    """Dice for the offensive: 2 when the Strength cube stands on a marked space, else 1."""
    return 2 if strength in rules().two_dice_on else 1


def employer_effect(city: City, face: int) -> City:
    """Apply one die of the employer table."""
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        raise RuleError(f"a d6 shows 1 to 6, got {face!r}", field="faces")
    gauge, delta = rules().effects[face]
    if gauge == "life":
        return replace(city, extra_life_cost=city.extra_life_cost + delta)
    if gauge == "injure":
        for _ in range(delta):
            city = injure(city)
        return city
    if gauge == "strength":
        return raise_strength(city, delta)
    return raise_gauge(city, gauge, delta)


def employer_phase(city: City, faces: Sequence[int]) -> City:
    """Move Strength one space, then read each die rolled (1 or 2, by the new space)."""
    city = raise_strength(city)
    if city.lost:
        return city
    if len(faces) != dice_for(city.strength):
        raise RuleError(f"Strength {city.strength} rolls {dice_for(city.strength)} dice, got {len(faces)}",
                        field="faces")
    for face in faces:
        city = employer_effect(city, face)
    return city


def resolution_phase(city: City, mode_id: str) -> City:
    """Pay the life cost; each missing dollar injures a worker; the extra cost ends."""
    left = city.savings - life_cost(city, mode_id)
    city = replace(city, savings=max(0, left), extra_life_cost=0)
    for _ in range(max(0, -left)):
        city = injure(city)
    return city


# ---------------------------------------------------------------- means of production

def can_pay(resources: Cost, means: int) -> bool:
    """Whether ``resources`` cover the cost of means of production number ``means`` (1-8)."""
    costs = rules().costs
    if not 1 <= means <= len(costs):
        raise RuleError(f"means of production are numbered 1 to {len(costs)}, got {means}", field="means")
    return all(resources.get(k, 0) >= n for k, n in costs[means - 1].items())


def pay(resources: Cost, means: int) -> dict[str, int]:
    """Resources left after taking control of ``means``, or a :class:`RuleError`."""
    if not can_pay(resources, means):
        raise RuleError(f"cannot pay for means of production {means}", field="means")
    cost = rules().costs[means - 1]
    return {k: resources.get(k, 0) - cost.get(k, 0) for k in RESOURCES}


def has_won(controlled: int, mode_id: str, turn: int) -> bool:
    """Enough means of production for the mode, before the end of the last turn."""
    return controlled >= mode(mode_id).means and turn <= rules().last_turn


# ---------------------------------------------------------------- the printed tables

WORDS = {"life": "Life cost +{d} (this turn only)", "risk": "Risk +{d}", "police": "Police Threat +{d}",
         "unsanitary": "Unsanitary +{d}", "injure": "A worker is injured/sick",
         "strength": "Employer's Strength +{d}"}
COST_WORDS = {"sabotage": "sabotage", "strike": "strike", "anarchist": "anarchist",
              "union": "union"}   # the two agitations, named as on their tracks


def cost_text(cost: Cost) -> str:
    """A cost in the postcard's short words: an agitation is named by its kind only,
    as the card's "Union" and "Anarchist" tracks are, and a count is
    written only when it is more than one, so it fits a space in 6 pt type.

    >>> cost_text({"anarchist": 1, "union": 1})
    'anarchist + union'
    >>> cost_text({"sabotage": 2, "dollars": 2})
    '2 sabotage + $2'
    """
    parts = [f"{n} {COST_WORDS[k]}" if n > 1 else COST_WORDS[k] for k, n in cost.items() if k != "dollars"]
    if "dollars" in cost:
        parts.append(f"${cost['dollars']}")
    return " + ".join(parts)


def printed_rows(table_id: str) -> tuple[tuple[str, ...], ...]:
    """The cells each table must print, rebuilt from the rules' data."""
    r = rules()
    if table_id == "employer":
        return tuple((str(face), WORDS[g].format(d=d)) for face, (g, d) in sorted(r.effects.items()))
    if table_id == "means":
        return tuple((str(i), cost_text(c)) for i, c in enumerate(r.costs, 1))
    if table_id == "modes":
        return tuple((m.label, str(m.means), f"${m.rent}") for m in r.modes.values())
    raise RuleError(f"no table {table_id!r}", field="table")
