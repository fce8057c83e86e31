"""Bonnie and Clyde's dice as code: the police table, its modifiers, Roy Thornton.

The state is the gauges and spaces of the postcard.  A change to a gauge that
is already at an end triggers the rules' side effects: one more at the top
gives a Passion point, a Poem or a prison stay; one less below 0 costs a
Passion cube, a Poem cube or an action cube.

>>> police_action(5).effects
(('threat', 1),)
>>> police_modifier(prison_stays=2, threat=2)
3
>>> after, _ = police_phase(Gauges(threat=2), roll=5)   # 5 + 1 (threat at 2) = 6
>>> after.threat, after.prison_stays, after.ammunition
(2, 1, 0)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from ...errors import InputError, RuleError
from ...frozen import replace
from ...schema import field
from ..tables import Table, build_rules, table_data

GAME = "bonnie-and-clyde"
GAUGE_NAMES = {"love": "Love", "boredom": "Boredom", "threat": "Police Threat",
               "ammunition": "Ammunition", "savings": "Savings"}


@dataclass(frozen=True)
class PoliceAction:
    """A row of the police table: the totals it covers, gauge changes, death."""

    low: int
    high: int | None
    effects: tuple[tuple[str, int], ...]
    death: bool = False


@dataclass(frozen=True)
class Gauges:
    """The postcard between two rolls.  ``actions_lost`` is for the coming turn only."""

    love: int = 0
    boredom: int = 0
    threat: int = 0
    ammunition: int = 0
    savings: int = 0
    passion: int = 0
    poems: int = 0
    prison_stays: int = 0
    roy_present: bool = True
    actions_lost: int = 0
    dead: bool = False


@dataclass(frozen=True)
class PoliceOutcome:
    """One police roll: the die, the modifier, the Ammunition spent, the row read."""

    roll: int
    modifier: int
    ammunition_spent: int
    total: int
    action: PoliceAction


@dataclass(frozen=True)
class Rules:
    police: tuple[PoliceAction, ...]
    ammunition_per_roll: int
    modifier_spaces: tuple[int, ...]
    threat_bonus: int
    max_modifier: int
    gauge_max: int
    passion_spaces: int
    poem_spaces: int
    poem_cost: int
    roy_switch_from: int


@cache
def rules() -> Rules:
    """The tables' data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    data, _ = table_data(tables, "police", "roy")
    at = "police.data"
    rows = []
    for i, row in enumerate(field(data, "outcome", list, where=at)):
        w = f"{at}.outcome[{i}]"
        effects = field(row, "effects", dict, where=w)
        for gauge, delta in effects.items():
            if gauge not in GAUGE_NAMES or isinstance(delta, bool) or not isinstance(delta, int):
                raise InputError(f"effects are gauge = change with gauges {', '.join(GAUGE_NAMES)}",
                                 field=f"{w}.effects.{gauge}")
        rows.append(PoliceAction(field(row, "low", int, where=w, lo=-10, hi=30),
                                 field(row, "high", int, where=w, lo=-10, hi=30, default=None),
                                 tuple(effects.items()), field(row, "death", bool, where=w, default=False)))
    if not rows or rows[-1].high is not None or any(
            a.high is None or a.high + 1 != b.low for a, b in zip(rows, rows[1:])):
        raise InputError("rows must follow each other without gaps, the last one open-ended",
                         field=f"{at}.outcome")
    spaces = field(data, "modifier_spaces", list, where=at)
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in spaces):
        raise InputError("must list whole numbers", field=f"{at}.modifier_spaces")
    threat_bonus, max_modifier, gauge_max, passion_spaces, poem_spaces, poem_cost = (
        field(data, k, int, where=at, lo=0, hi=10) for k in
        ("threat_bonus", "max_modifier", "gauge_max", "passion_spaces", "poem_spaces", "poem_cost"))
    return Rules(tuple(rows), field(data, "ammunition_per_roll", int, where=at, lo=0, hi=10), tuple(spaces),
                 threat_bonus, max_modifier, gauge_max, passion_spaces, poem_spaces, poem_cost,
                 field(dict(tables["roy"].data), "switch_from", int, where="roy.data", lo=1, hi=7))


# ---------------------------------------------------------------- the police roll

def police_modifier(prison_stays: int, threat: int) -> int:
    """The permanent "+X" of the rightmost filled Modifier space, plus the bonus at
    Police Threat "2", never above the rules' maximum (our reading, see the TOML)."""
    r = rules()
    stays = min(prison_stays, len(r.modifier_spaces))
    permanent = r.modifier_spaces[stays - 1] if stays else 0
    bonus = r.threat_bonus if threat >= r.gauge_max else 0
    return min(r.max_modifier, permanent + bonus)


def roll_modifier(prison_stays: int, threat: int, ammunition_spent: int = 0) -> int:
    """What is added to the police d6: :func:`police_modifier`, less the Ammunition
    spent ("reduce the d6 result by -1" each, up to the rules' limit per roll).

    >>> roll_modifier(prison_stays=1, threat=2, ammunition_spent=1)
    1
    """
    r = rules()
    if not 0 <= ammunition_spent <= r.ammunition_per_roll:
        raise RuleError(f"you may spend 0 to {r.ammunition_per_roll} Ammunition on a roll, "
                        f"not {ammunition_spent}", field="ammunition")
    return police_modifier(prison_stays, threat) - ammunition_spent


def police_odds(modifier: int) -> tuple[tuple[PoliceAction, Fraction], ...]:
    """Exact chance of each row of the police table on one d6 plus ``modifier``,
    in table order, rows that cannot come up left out.

    >>> [(police_words(row), p) for row, p in police_odds(6)]
    [('Police Threat +1 and Ammunition -1', Fraction(1, 6)), ('Clyde is killed: game lost', Fraction(5, 6))]
    """
    odds: dict[PoliceAction, Fraction] = {}
    for face in range(1, 7):
        row = police_action(face + modifier)
        odds[row] = odds.get(row, Fraction(0)) + Fraction(1, 6)
    return tuple((row, odds[row]) for row in rules().police if row in odds)


def police_action(total: int) -> PoliceAction:
    """The row a total falls in; totals below the first row read as the first row."""
    rows = rules().police
    return next((row for row in rows if row.high is None or total <= row.high), rows[-1])


def change(state: Gauges, gauge: str, delta: int) -> Gauges:
    """Apply ``delta`` one step at a time, with what happens at each end of the gauge."""
    step = 1 if delta > 0 else -1
    for _ in range(abs(delta)):
        state = _step(state, gauge, step)
    return state


def _step(state: Gauges, gauge: str, step: int) -> Gauges:
    r = rules()
    value = getattr(state, gauge)
    if gauge == "savings":
        return replace(state, savings=value + step)          # below 0: the game is lost
    if step < 0 and value == 0:
        lost = {"love": ("passion", state.passion), "boredom": ("poems", state.poems),
                "ammunition": ("actions_lost", -1)}.get(gauge)
        if lost is None:
            return state
        name, held = lost
        if name == "actions_lost":
            return replace(state, actions_lost=state.actions_lost + 1)
        return replace(state, **{name: max(0, held - 1)})
    if step > 0 and value == r.gauge_max:
        return _overflow(state, gauge)
    return replace(state, **{gauge: value + step})


def _overflow(state: Gauges, gauge: str) -> Gauges:
    r = rules()
    if gauge == "love" and not state.roy_present:
        return replace(state, passion=min(r.passion_spaces, state.passion + 1))
    if gauge == "boredom" and state.savings >= r.poem_cost:
        return replace(state, poems=min(r.poem_spaces, state.poems + 1), savings=state.savings - r.poem_cost)
    if gauge == "threat":
        jailed = replace(state, prison_stays=min(len(r.modifier_spaces), state.prison_stays + 1))
        return _step(jailed, "love", -1)
    return state


@lru_cache(maxsize=1 << 16, typed=True)     # typed: a roll of True is refused, not taken for 1
def police_phase(state: Gauges, roll: int, spend_ammunition: int = 0) -> tuple[Gauges, PoliceOutcome]:
    """Roll for the police: d6 + modifiers - Ammunition spent, then apply the row
    (remembered, like :func:`.actions.perform`)."""
    r = rules()
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise RuleError(f"a d6 shows 1 to 6, got {roll!r}", field="roll")
    if not 0 <= spend_ammunition <= min(r.ammunition_per_roll, state.ammunition):
        raise RuleError(f"you may spend 0 to {min(r.ammunition_per_roll, state.ammunition)} Ammunition "
                        f"on this roll, not {spend_ammunition}", field="ammunition")
    modifier = police_modifier(state.prison_stays, state.threat)
    state = replace(state, ammunition=state.ammunition - spend_ammunition)
    total = roll + modifier - spend_ammunition
    action = police_action(total)
    for gauge, delta in action.effects:
        state = change(state, gauge, delta)
    if action.death:
        state = replace(state, dead=True)
    return state, PoliceOutcome(roll, modifier, spend_ammunition, total, action)


def roy_switches(roll: int) -> bool:
    """Roy Thornton's d6: from the table's value up, he switches present/absent."""
    return roll >= rules().roy_switch_from


def roy_phase(state: Gauges, roll: int) -> Gauges:
    return replace(state, roy_present=state.roy_present != roy_switches(roll))


# ---------------------------------------------------------------- winning and losing

DAILY_LIFE_COST = 1      # dollars paid in every Resolution Phase
# "Love to Death": the four statuses to hold at the end of a turn to win.
LOVE_TO_DEATH = {"love": 2, "ammunition": 2, "passion": 2, "poems": 3}


def love_to_death(state: Gauges) -> bool:
    """All four "Love to Death" statuses are reached (then Leave Town wins the game).

    >>> love_to_death(Gauges(love=2, ammunition=2, passion=2, poems=3)), love_to_death(Gauges(love=2))
    (True, False)
    """
    return all(getattr(state, name) >= value for name, value in LOVE_TO_DEATH.items())


def resolution_phase(state: Gauges) -> Gauges:
    """Pay the daily life cost; the lost action cubes come back for the next turn."""
    return replace(state, savings=state.savings - DAILY_LIFE_COST, actions_lost=0)


def has_lost(state: Gauges) -> bool:
    """Clyde is dead, or Savings fell below 0 (he leaves for the Louisiana camps)."""
    return state.dead or state.savings < 0


# ---------------------------------------------------------------- the printed tables

def _range(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def police_words(row: PoliceAction) -> str:
    """A police row's effect as the postcard prints it.

    >>> police_words(police_action(6))
    'Police Threat +1 and Ammunition -1'
    """
    if row.death:
        return "Clyde is killed: game lost"
    return " and ".join(f"{GAUGE_NAMES[g]} {_signed(d)}" for g, d in row.effects) or "Nothing happens"


def printed_rows(table_id: str) -> tuple[tuple[str, ...], ...]:
    """The cells each table must print, rebuilt from the rules' data."""
    r = rules()
    if table_id == "police":
        return tuple((_range(row.low, row.high), police_words(row)) for row in r.police)
    if table_id == "roy":
        return ((_range(1, r.roy_switch_from - 1), "No change"),
                (_range(r.roy_switch_from, 6), "Switches: + to -, - to +"))
    raise RuleError(f"no table {table_id!r}", field="table")
