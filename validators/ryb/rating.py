"""The greedy player's rating of an RYB position, and of every action of a decision
without playing each on a copy of the position (``action_values``, see ``validators/play.py``).

A seat's :func:`outlook` is its progress toward the win (points up to 101 and
colours up to three), plus the best chance-weighted gain a Goal in play offers
it, plus a little for every die it holds; a position is worth a seat's outlook
less the best opponent's.  An action is rated by the position right after it,
which differs from the position before it only in the pools, the Goals in play
(their Targets less banked points), a declared attempt or a Swiss Bank: those
are changed on small copies by the same steps the turn plays (:mod:`.play_cards`),
every seat whose inputs did not change keeps its outlook, and the rating equals
the one a copy of the whole position would get (tested).

Two actions are rated otherwise.  A Red Rover's catch is a roll: it is rated
to the first order in its catch, as the rating without a catch plus, for each
colour the victim holds, the chance that one of its dice shows the number
(one die in six) times what one die of that colour caught is worth (weighing
every catch would cost a rating for each of up to a hundred catches).  A
Swap's roll changes nothing the rating reads until the dice are traded: a
Swap is rated by the position before its roll.  A Do-Over, and the actions of
rarer steps (the Variable functions other than Reset, a Raid, the replies of a
targeted player), are played on a copy.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Any, Final, cast

from ..play import PlayState, value
from .model import NEEDS, Colour, WIN_COLOURS, WIN_POINTS, effective_target
from .odds import at_least
from .play import ATTEMPT, BANK, DECLARED, PLAY, RECYCLED, REROLL, START, SWAP, Action, RybState, needs
from .play_cards import (Pools, can_deny, exchange, give_back, move_die, nothing_to_attempt,
                         reset_pools, take_colour)

GoalInPlay = tuple[int, Colour, int, int]
Goals = tuple[GoalInPlay, ...]
"""Every Goal in play as (serial, colour, value, Target less banked points)."""
Swiss = tuple[tuple[int, int], ...]
"""One seat's Swiss Bank cards as (serial of their Goal, points on the card)."""
COLOUR_BIT: Final = {colour: 1 << i for i, colour in enumerate(NEEDS)}
FACE_CHANCE: Final = 1 / 6
"""The chance one die shows the number a Red Rover names."""
POINTS_CAP: Final = WIN_POINTS + 1


@cache
def chance_row(dice: int) -> tuple[float, ...]:
    """One colour's chance to total each target or more with ``dice`` dice (index: target;
    any target beyond the row cannot be reached)."""
    return tuple(float(at_least(dice, target)) for target in range(6 * dice + 1))


@lru_cache(maxsize=4096)
def goal_rows(pool: tuple[int, ...]) -> dict[Colour, tuple[float, ...]]:
    """For each Goal colour, the chance one attempt with ``pool`` completes it, by the points
    still needed: every colour the Goal needs must reach them, and the colours roll
    independently."""
    rows = {}
    for colour in NEEDS:
        dice = [chance_row(pool[die]) for die in needs(colour)]
        row = []
        for target in range(max(map(len, dice))):
            p = 1.0
            for one in dice:
                p *= one[target] if target < len(one) else 0.0
            row.append(p)
        rows[colour] = tuple(row)
    return rows


def progress_of(points: int, colours: int) -> float:
    """How far toward the win a treasure of ``points`` in ``colours`` colours is (0 to 1)."""
    return 0.6 * min(points, POINTS_CAP) / POINTS_CAP + 0.4 * min(colours, WIN_COLOURS) / WIN_COLOURS


PROGRESS: Final = [[progress_of(points, colours) for colours in range(len(NEEDS) + 1)]
            for points in range(POINTS_CAP + 1)]
""":func:`progress_of` for every treasure, points capped where they stop counting: a
rating looks it up."""


def swiss_target(target: int, serial: int, swiss: Swiss) -> int:
    """The Target less banked points, less the seat's own Swiss Bank on that Goal."""
    return effective_target(target, next((v for s, v in swiss if s == serial), 0))


class Outlook:
    """One seat's side of the rating: progress now, plus the best chance-weighted gain of
    a Goal in play (``terms``, one a Goal; ``best``), plus a little for every die held;
    kept in parts so that one part can change at a time."""

    __slots__ = ("pool", "rows", "points", "count", "colours", "now", "terms", "best", "dice",
                 "swiss", "total")

    def __init__(self, pool: tuple[int, ...], points: int, colours: int, swiss: Swiss) -> None:
        self.pool, self.points, self.colours, self.swiss = pool, points, colours, swiss
        self.rows = goal_rows(pool)
        self.count = count = colours.bit_count()
        self.now = PROGRESS[points if points < POINTS_CAP else POINTS_CAP][count]
        self.dice = 0.002 * sum(pool)
        self.terms: tuple[float, ...] = ()
        self.best = self.total = 0.0

    def term(self, colour: Colour, worth: int, target: int, serial: int, declared: int) -> float:
        """What one Goal in play adds: its chance-weighted gain in progress, at full weight
        when it is the declared attempt and at half otherwise (others may take it)."""
        if self.swiss:
            target = swiss_target(target, serial, self.swiss)
        points = self.points + worth
        gain = PROGRESS[points if points < POINTS_CAP else POINTS_CAP][
            self.count + (not self.colours & COLOUR_BIT[colour])] - self.now
        row = self.rows[colour]
        return (1.0 if serial == declared else 0.5) * (row[target] if target < len(row) else 0.0) \
            * gain

    def odds_and_gain(self, colour: Colour, worth: int) -> tuple[tuple[float, ...], float]:
        """The two parts of :meth:`term` that do not depend on the Target: the colour's
        chance row and the progress completing the Goal would give."""
        points = self.points + worth
        return self.rows[colour], PROGRESS[points if points < POINTS_CAP else POINTS_CAP][
            self.count + (not self.colours & COLOUR_BIT[colour])] - self.now

    def with_best(self, best: float) -> float:
        return self.now + best + self.dice

    def best_without(self, index: int) -> float:
        """The best term but the one of the Goal at ``index``."""
        return max(self.terms[:index] + self.terms[index + 1:], default=0.0)


@lru_cache(maxsize=1 << 17)
def outlook(pool: tuple[int, ...], points: int, colours: int, goals: Goals, declared: int,
            swiss: Swiss) -> Outlook:
    """One seat's :class:`Outlook`.  Remembered: a decision asks it for every seat, and
    most seats have not changed since the last one."""
    x = Outlook(pool, points, colours, swiss)
    if swiss:
        terms = [x.term(colour, worth, target, serial, declared) for serial, colour, worth, target in goals]
    else:
        rows, now, count, have, terms = x.rows, x.now, x.count, x.colours, []
        for serial, colour, worth, target in goals:       # Outlook.term, written out
            worth += points
            gain = PROGRESS[worth if worth < POINTS_CAP else POINTS_CAP][
                count + (not have & COLOUR_BIT[colour])] - now
            row = rows[colour]
            terms.append((1.0 if serial == declared else 0.5) * (row[target] if target < len(row) else 0.0)
                         * gain)
    x.terms = tuple(terms)
    x.best = max(terms, default=0.0)
    x.total = x.now + x.best + x.dice
    return x


Apart = tuple[Outlook, float, float, tuple[float, ...] | None, float]
"""One seat's parts of a Goal's rating (:meth:`Decision.apart`)."""


def goals_in_play(s: RybState) -> Goals:
    return tuple([(serial, goal.colour, goal.value, effective_target(goal.target, banked))
                  for serial, goal, banked in s.table])


def declared_attempt(s: RybState) -> int:
    """The serial of the Goal the acting seat declared and is about to roll for, or 0."""
    return s.declared[1] if s.phase == DECLARED and s.declared[0] == "attempt" else 0


def swiss_of(s: RybState, seat: int) -> Swiss:
    return tuple([(k[0], v) for k, v in s.swiss.items() if k[1] == seat]) if s.swiss else ()


def treasure_of(treasure: list[list[Any]]) -> tuple[int, int]:
    """Points and colours (one bit a colour) of a seat's treasure."""
    points, colours = 0, 0
    for goal, _ in treasure:
        points += goal.value
        colours |= COLOUR_BIT[goal.colour]
    return points, colours


def standing(totals: list[float], seat: int) -> float:
    """A seat's outlook less the best opponent's."""
    return totals[seat] - max(totals[:seat] + totals[seat + 1:])


def heuristic(s: RybState, seat: int) -> float:
    return Decision(s, seat).now


class Decision:
    """The position a decision is taken in, each seat's :class:`Outlook` in it, and the
    rating of an action by what it changes."""

    def __init__(self, s: RybState, seat: int) -> None:
        self.s, self.seat = s, seat
        self.goals = goals = goals_in_play(s)
        self.declared = declared = declared_attempt(s)
        self.treasures: list[tuple[int, int]] = []
        self.swiss: list[Swiss] = []
        self.seats: list[Outlook] = []
        self.totals: list[float] = []
        actor = s.actor
        for o, (pool, treasure) in enumerate(zip(s.pools, s.treasure)):
            points, colours = treasure_of(treasure) if treasure else (0, 0)
            own_swiss = swiss_of(s, o) if s.swiss else ()
            x = outlook(tuple(pool), points, colours, goals, declared if o == actor else 0, own_swiss)
            self.treasures.append((points, colours))
            self.swiss.append(own_swiss)
            self.seats.append(x)
            self.totals.append(x.total)
        self.now = standing(self.totals, seat)
        self.rovers: dict[int, float] = {}
        self.without: dict[int, list[Apart]] = {}

    def outlook(self, seat: int, pool: list[int], goals: Goals, declared: int, swiss: Swiss) -> Outlook:
        return outlook(tuple(pool), *self.treasures[seat], goals,
                       declared if seat == self.s.actor else 0, swiss)

    def rated(self, pools: Pools | None = None, goals: Goals | None = None,
              swiss: tuple[int, Swiss] | None = None) -> float:
        """The rating once the pools, the Goals in play or one seat's Swiss Bank (seat,
        cards) are as given (``None``: as they are); seats with nothing changed keep
        their outlook."""
        s, totals = self.s, list(self.totals)
        for o in range(s.num_players):
            pool = s.pools[o] if pools is None else pools[o]
            own_swiss = swiss[1] if swiss is not None and swiss[0] == o else self.swiss[o]
            if goals is None and pool == s.pools[o] and own_swiss is self.swiss[o]:
                continue
            totals[o] = self.outlook(o, pool, self.goals if goals is None else goals,
                                     self.declared, own_swiss).total
        return standing(totals, self.seat)

    def declaring(self, serial: int) -> float:
        """The rating once the acting seat declares an attempt at Goal ``serial``: that
        Goal's term at full weight."""
        actor = self.s.actor
        totals = list(self.totals)
        if self.declared:
            totals[actor] = outlook(tuple(self.s.pools[actor]), *self.treasures[actor],
                                    self.goals, serial, self.swiss[actor]).total
        else:
            x = self.seats[actor]
            k = self.index_of(serial)
            _, colour, worth, target = self.goals[k]
            best, term = x.best_without(k), x.term(colour, worth, target, serial, serial)
            totals[actor] = x.with_best(term if term > best else best)
        return standing(totals, self.seat)

    def index_of(self, serial: int) -> int:
        for i, goal in enumerate(self.goals):
            if goal[0] == serial:
                return i
        raise ValueError(f"no Goal {serial} in play")

    def adding(self, goal: GoalInPlay) -> float:
        """The rating once ``goal`` (serial, colour, value, Target) is in play too."""
        serial, colour, worth, target = goal
        actor, declared = self.s.actor, self.declared
        totals = []
        for o, x in enumerate(self.seats):
            term = x.term(colour, worth, target, serial, declared if o == actor else 0)
            totals.append(x.with_best(term if term > x.best else x.best))
        return standing(totals, self.seat)

    def changing(self, index: int, target: int) -> float:
        """The rating once the Goal at ``index`` needs ``target`` (less Swiss Banks)."""
        parts = self.without.get(index)
        if parts is None:
            parts = self.without[index] = self.apart(index)
        totals = []
        for x, best, weight, row, gain in parts:
            if row is None:
                serial, colour, worth, _ = self.goals[index]
                term = x.term(colour, worth, target, serial, serial if weight == 1.0 else 0)
            else:
                term = weight * (row[target] if target < len(row) else 0.0) * gain
            totals.append(x.now + (term if term > best else best) + x.dice)
        return standing(totals, self.seat)

    def apart(self, index: int) -> list[Apart]:
        """For each seat, what :meth:`changing` needs to rate the Goal at ``index`` with
        another Target: the best term of the other Goals, the Goal's weight, and the
        parts of its term that do not depend on the Target (none with a Swiss Bank)."""
        serial, colour, worth, _ = self.goals[index]
        out: list[Apart] = []
        for o, x in enumerate(self.seats):
            weight = 1.0 if o == self.s.actor and serial == self.declared else 0.5
            row, gain = x.odds_and_gain(colour, worth) if not x.swiss else (None, 0.0)
            out.append((x, x.best_without(index), weight, row, gain))
        return out

    def pools(self) -> Pools:
        return [p.copy() for p in self.s.pools]

    def on_copy(self, action: Action, rng: random.Random) -> float:
        """The action played on a copy of the position (chance drawn from ``rng``)."""
        after = self.s.clone()
        after.apply(action, rng)
        return value(cast(PlayState, after), self.seat)     # RybState plays its own tuples

    def rover(self, victim: int) -> float:
        """Red Rover on ``victim``, to the first order in its catch: the rating without a
        catch, plus for each colour the victim holds the chance that at least one of its
        dice shows the number times what one die of that colour caught is worth.  The
        number named does not change the odds, so each victim is weighed once."""
        known = self.rovers.get(victim)
        if known is None:
            known = self.now
            pool = self.s.pools[victim]
            for die in range(len(pool)):
                if pool[die]:
                    caught = self.pools()
                    move_die(caught, victim, self.s.seat, die)
                    known += catch_chance(pool[die]) * (self.after_card(caught) - self.now)
            self.rovers[victim] = known
        return known

    def turn_over(self, pools: Pools | None = None,
                  borrowed: list[tuple[int, int, int]] | None = None) -> Pools | None:
        """The pools once the turn ends (Shanghai dice given back)."""
        borrowed = self.s.borrowed if borrowed is None else borrowed
        if not borrowed:
            return pools
        pools = self.pools() if pools is None else pools
        give_back(pools, self.s.seat, borrowed)
        return pools

    def after_card(self, pools: Pools | None = None,
                   borrowed: list[tuple[int, int, int]] | None = None) -> float:
        """The rating once a card is played: the turn ends if there is nothing to attempt."""
        if not self.s.trade and nothing_to_attempt(self.s):
            pools = self.turn_over(pools, borrowed)
        return self.now if pools is None else self.rated(pools)


def action_values(s: RybState, actions: Sequence[Action], seat: int,
                  rng: random.Random) -> list[float]:
    """Each action's value for ``seat`` right after it, as the module docstring says."""
    d = s.rated
    if d is None or d.seat != seat:
        d = s.rated = Decision(s, seat)
    phase = s.phase
    rate = _RATERS.get(phase) if not s.borrowed or phase in (ATTEMPT, REROLL, BANK) else None
    if rate is None:
        return [d.on_copy(a, rng) for a in actions]
    return [rate(s, d, a, rng) for a in actions]


def _start(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    """Refill changes only the hand; Dump ends the turn (no Shanghai dice are out)."""
    return d.now


def _card(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    """Play a Card: a Goal goes into play, dice change pools, or a Swap's roll is yet to
    tell (it changes nothing the rating reads until the dice are traded)."""
    kind = action[0]
    if kind == "goal":
        goal = action[1]
        return d.adding((s.serial + 1, goal.colour, goal.value, effective_target(goal.target, 0)))
    if kind in ("swap", "pass") or len(action) == 1:
        return d.after_card()
    if kind == "variable":
        return d.after_card(reset_pools(s.num_players)) if action[1] == "reset" \
            else d.on_copy(action, rng)
    target = action[2] if kind == "red-rover" else action[1]
    if can_deny(s, target):
        return d.now
    if kind == "red-rover":
        return d.rover(target)
    pools = d.pools()
    if kind == "gimme":
        move_die(pools, target, s.seat, action[2])
        return d.after_card(pools)
    return d.after_card(pools, [take_colour(pools, target, s.seat, action[2])])   # Shanghai


def _swap(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    if action[0] == "swap-keep":
        return d.after_card()
    if can_deny(s, action[1]):
        return d.now
    pools = d.pools()
    exchange(pools, s.seat, action[1], s.swapping, action[2:])
    return d.after_card(pools)


def _attempt(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    if action[0] == "attempt":
        return d.declaring(action[1])
    if action[0] == "stop":
        return d.rated(d.turn_over())
    return d.on_copy(action, rng)


def _reroll(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    return d.now if action[0] == "keep" else d.on_copy(action, rng)


def _bank(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    """Banking lowers the declared Goal's Target (or fills the seat's Swiss Bank on it);
    then the turn ends."""
    if s.declared[0] != "attempt":
        return d.on_copy(action, rng)
    serial, points = s.declared[1], action[1]
    if action[0] == "swiss":
        cards = tuple([(n, v + points) if n == serial else (n, v) for n, v in d.swiss[s.seat]])
        return d.rated(d.turn_over(), swiss=(s.seat, cards))
    k = next(i for i, e in enumerate(s.table) if e[0] == serial)
    target = effective_target(s.table[k][1].target, s.table[k][2] + points)
    if s.borrowed:
        goals = d.goals[:k] + ((serial, d.goals[k][1], d.goals[k][2], target),) + d.goals[k + 1:]
        return d.rated(d.turn_over(), goals)
    return d.changing(k, target)


Rater = Callable[[RybState, Decision, Action, random.Random], float]
_RATERS: Final[dict[int, Rater]] = {START: _start, PLAY: _card, RECYCLED: _card, SWAP: _swap,
                             ATTEMPT: _attempt, REROLL: _reroll, BANK: _bank}
"""How the actions of each step are rated; any other step's actions are played on a copy."""


def catch_chance(dice: int) -> float:
    """The chance that at least one of ``dice`` dice shows the number a Red Rover names.

    >>> round(catch_chance(2), 4)
    0.3056
    """
    return 1 - (1 - FACE_CHANCE) ** dice
