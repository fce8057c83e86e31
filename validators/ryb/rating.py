"""The greedy player's rating of an RYB position, and of every action of a decision
without playing each on a copy of the position (``action_values``, see ``validators/play.py``).

A seat's outlook (:mod:`.outlook`) is its progress toward the win (points up
to 101 and colours up to three), plus the best chance-weighted gain a Goal in
play offers it, plus a little for every die it holds; a position is worth a
seat's outlook less the best opponent's.  An action is rated by the position right after it,
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
from typing import Final, TypeAlias, cast

from ..play import PlayState, value
from .model import effective_target
from .play import ATTEMPT, BANK, PLAY, RECYCLED, REROLL, START, SWAP, Action, RybState
from . import outlook as seat_outlook   # the module: play.py imports this one while it loads
from .play_cards import (Pools, can_deny, exchange, give_back, move_die, nothing_to_attempt,
                         reset_pools, take_colour)

FACE_CHANCE: Final = 1 / 6
"""The chance one die shows the number a Red Rover names."""
Apart: TypeAlias = "tuple[seat_outlook.Outlook, float, float, tuple[float, ...] | None, float]"
"""One seat's parts of a Goal's rating (:meth:`Decision.apart`)."""


def standing(totals: list[float], seat: int) -> float:
    """A seat's outlook less the best opponent's (built-in ``max`` of a copy less the seat:
    a loop over four seats costs twice as much in pure Python)."""
    rivals = totals.copy()
    return rivals.pop(seat) - max(rivals)


def heuristic(s: RybState, seat: int) -> float:
    return Decision(s, seat).now


class Decision:
    """The position a decision is taken in, each seat's :class:`.outlook.Outlook` in it, and the
    rating of an action by what it changes."""

    def __init__(self, s: RybState, seat: int) -> None:
        self.s, self.seat = s, seat
        self.goals, self.declared, self.seats = seat_outlook.seat_outlooks(s)
        self.totals = [x.total for x in self.seats]
        self.now = standing(self.totals, seat)
        self.rovers: dict[int, float] = {}
        self.without: dict[int, list[Apart]] = {}
        self.pooled: dict[tuple[int, ...], float] = {}
        self.best_rival: float | None = None
        self.plain: float | None = None

    def outlook(self, seat: int, pool: list[int], goals: seat_outlook.Goals, declared: int,
                swiss: seat_outlook.Swiss) -> float:
        """A seat's outlook total with another pool (or other Goals in play, or another Swiss
        Bank); with only the pool changed, remembered for the decision: its actions leave a
        few pools each (every die a Gimme! could take lands in the same pool)."""
        x = self.seats[seat]
        if goals is not self.goals or swiss is not x.swiss:
            mine = declared if seat == self.s.actor else 0
            return seat_outlook.Outlook(list(pool), x.points, x.colours, swiss, mine, goals).total
        key = (seat, *pool)
        known = self.pooled.get(key)
        if known is None:
            known = self.pooled[key] = x.total_for(pool)
        return known

    def rated(self, pools: Pools | None = None, goals: seat_outlook.Goals | None = None,
              swiss: tuple[int, seat_outlook.Swiss] | None = None) -> float:
        """The rating once the pools, the Goals in play or one seat's Swiss Bank (seat,
        cards) are as given (``None``: as they are); seats with nothing changed keep
        their outlook."""
        if pools is None and goals is None and swiss is None:
            return self.now
        s, totals = self.s, list(self.totals)
        if goals is None and swiss is None and pools is not None:      # the common case: dice moved
            for o, (pool, before) in enumerate(zip(pools, s.pools)):
                if pool is not before and pool != before:
                    totals[o] = self.outlook(o, pool, self.goals, self.declared, self.seats[o].swiss)
            return standing(totals, self.seat)
        for o in range(s.num_players):
            pool = s.pools[o] if pools is None else pools[o]
            own_swiss = swiss[1] if swiss is not None and swiss[0] == o else self.seats[o].swiss
            if goals is None and pool == s.pools[o] and own_swiss is self.seats[o].swiss:
                continue
            totals[o] = self.outlook(o, pool, self.goals if goals is None else goals,
                                     self.declared, own_swiss)
        return standing(totals, self.seat)

    def declaring(self, serial: int) -> float:
        """The rating once the acting seat declares an attempt at Goal ``serial``: that
        Goal's term at full weight."""
        actor = self.s.actor
        x = self.seats[actor]
        if self.declared:
            total = seat_outlook.Outlook(x.pool, x.points, x.colours, x.swiss, serial, self.goals).total
        else:
            k = self.index_of(serial)
            _, colour, worth, target = self.goals[k]
            best, term = x.best_without(k), x.term(colour, worth, target, serial, serial)
            total = x.now + (term if term > best else best) + x.dice
        if actor == self.seat:
            return total - self.rival()
        totals = list(self.totals)
        totals[actor] = total
        return standing(totals, self.seat)

    def rival(self) -> float:
        """The best opponent's outlook total as it stands (what :func:`standing` takes away
        when only the rated seat's own total changes), worked out once."""
        if self.best_rival is None:
            rivals = self.totals.copy()
            del rivals[self.seat]
            self.best_rival = max(rivals)
        return self.best_rival

    def index_of(self, serial: int) -> int:
        for i, goal in enumerate(self.goals):
            if goal[0] == serial:
                return i
        raise ValueError(f"no Goal {serial} in play")

    def adding(self, goal: seat_outlook.GoalInPlay) -> float:
        """The rating once ``goal`` (serial, colour, value, Target) is in play too."""
        serial, colour, worth, target = goal
        actor, declared = self.s.actor, self.declared
        totals = []
        for o, x in enumerate(self.seats):
            term = x.term(colour, worth, target, serial, declared if o == actor else 0)
            best = x.best
            totals.append(x.now + (term if term > best else best) + x.dice)
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

    def pools(self, *changing: int) -> Pools:
        """The pools, to change on a copy: every seat's, or only those of the seats
        ``changing`` (the others are the position's own lists, left as they are)."""
        if not changing:
            return [p.copy() for p in self.s.pools]
        pools = self.s.pools.copy()
        for o in changing:
            pools[o] = pools[o].copy()
        return pools

    def on_copy(self, action: Action, rng: random.Random) -> float:
        """The action played on a copy of the position (chance drawn from ``rng``)."""
        after = self.s.clone()
        after.apply(action, rng)
        return value(cast(PlayState, after), self.seat)     # RybState plays its own tuples

    def rover(self, victim: int) -> float:
        """Red Rover on ``victim``, to the first order in its catch: the rating without a
        catch, plus for each colour the victim holds the chance that at least one of its
        dice shows the number times what one die of that colour caught is worth.  The
        number named does not change the odds, so each victim is weighed once (a victim who
        may deny it: the rating as it stands)."""
        known = self.rovers.get(victim)
        if known is None:
            known = self.rovers[victim] = self.now if can_deny(self.s, victim) else self.catching(victim)
        return known

    def catching(self, victim: int) -> float:
        """:meth:`rover` worked out: the rating plus each colour's catch at its chance."""
        known = self.now
        pool = self.s.pools[victim]
        for die in range(len(pool)):
            if pool[die]:
                caught = self.pools(victim, self.s.seat)
                move_die(caught, victim, self.s.seat, die)
                known += catch_chance(pool[die]) * (self.after_card(caught) - self.now)
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

    def no_effect(self) -> float:
        """:meth:`after_card` for a card that moves no dice (a Swap yet to roll, a card with
        nothing to take), worked out once: a Swap offers up to forty such actions."""
        if self.plain is None:
            self.plain = self.after_card()
        return self.plain

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
        return d.adding((s.serial + 1, seat_outlook.COLOUR_INDEX[goal.colour], goal.value,
                         effective_target(goal.target, 0)))
    if kind in ("swap", "pass") or len(action) == 1:
        return d.no_effect()
    if kind == "variable":
        return d.after_card(reset_pools(s.num_players)) if action[1] == "reset" \
            else d.on_copy(action, rng)
    if kind == "red-rover":
        return d.rover(action[2])
    target = action[1]
    if can_deny(s, target):
        return d.now
    pools = d.pools(target, s.seat)
    if kind == "gimme":
        move_die(pools, target, s.seat, action[2])
        return d.after_card(pools)
    return d.after_card(pools, [take_colour(pools, target, s.seat, action[2])])   # Shanghai


def _swap(s: RybState, d: Decision, action: Action, rng: random.Random) -> float:
    if action[0] == "swap-keep":
        return d.no_effect()
    if can_deny(s, action[1]):
        return d.now
    pools = d.pools(s.seat, action[1])
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
        cards = tuple([(n, v + points) if n == serial else (n, v) for n, v in d.seats[s.seat].swiss])
        return d.rated(d.turn_over(), swiss=(s.seat, cards))
    k = d.index_of(serial)
    entry = s.table[k]
    target = effective_target(entry[1].target, entry[2] + points)
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
