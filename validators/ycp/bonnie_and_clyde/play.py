"""Bonnie and Clyde as a whole game for computer players (:mod:`...play` interface).

A turn is the rules' four steps.  The police d6 is rolled, then the player
decides whether to spend one Ammunition on it; Roy Thornton's d6 follows.  The
player then places the Place cubes one by one and the Daily Action cubes one
by one (a different action for each cube, resolved at once, in the order
chosen), and the turn ends by paying the Daily Life Cost.

Where the rules are open, as documented in docs/ycp.md:

* Savings start on $2 (the postcard's start space; the rules' setup step 1
  is missing).
* A lost action cube is one of the cubes not placed yet this turn; while both
  Places and Daily Actions still have cubes, the player picks which one.
  A cube lost after the last placement changes nothing: it comes back next turn.
* Leave Town wins when every Love to Death status still holds once the
  Daily Life Cost is paid.

>>> import random
>>> state = GAME.new_state(1, random.Random(3), {})
>>> state.current_player(), state.gauges.savings
(0, 2)
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache

from ...play import Action as PlayAction, FixedGame, Seat
from .rules import (Gauges, has_lost, love_to_death, police_phase, resolution_phase,
                                      roy_phase, rules)
from ..postcard_file import load_postcard
from ..solo import LOSS, WIN, SoloState, look_ahead
from .actions import ACTIONS, CUBES, DAILY, PLACE, Action, allowed, perform

Chance = random.Random | None
"""Where dice come from; None in a look-ahead copy, which stops before the next die."""

POLICE, DROP = "police", "drop"
ACTION_EVENTS = {a.id: f"{a.kind}: {a.label}" for a in ACTIONS.values()}
"""What each action counts in ``events``, written once."""


@cache
def start_savings() -> int:
    """The Savings start space printed on the postcard."""
    return int(load_postcard("bonnie-and-clyde").tracks()["savings"].start.lstrip("$"))


class BonnieAndClydeState(SoloState):
    """One game: the postcard's gauges, this turn's cubes and the pending police roll."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.gauges = Gauges(savings=start_savings())
        self.left_town = False
        self._start_turn(rng)

    # ------------------------------------------------------------ the interface

    def legal_actions(self) -> Sequence[PlayAction]:
        if self.outcome is not None:
            return ()
        if self.phase == POLICE:
            return tuple(range(min(self.gauges.ammunition, rules().ammunition_per_roll) + 1))
        if self.phase == DROP:
            return (PLACE, DAILY)
        return _placements(self.phase, self.used, self.gauges)

    def action_values(self, actions: Sequence[PlayAction], seat: Seat,
                      rng: random.Random) -> tuple[float, ...]:
        """Each action rated by the position it leads to before the next die: the police
        decision by the roll's result (Roy Thornton's die left out), the last cube of a
        turn by the Daily Life Cost paid and the game won or lost, not by the next
        police roll.  Nothing is drawn from ``rng``."""
        roll = self.roll if self.phase == POLICE else 0      # read only by the police step
        key = ("bonnie-and-clyde", self.gauges, self.phase, self.used, self.left[PLACE],
               self.left[DAILY], self.dropped, roll, self.left_town)
        return look_ahead(self, actions, key)

    def apply(self, action: PlayAction, rng: Chance) -> None:
        if self.phase == POLICE:
            self._police(int(action), rng)   # type: ignore[call-overload]
        elif self.phase == DROP:
            self.left[str(action)] -= 1
            self.dropped += 1
            self.events["action cube lost"] += 1
            self._settle(rng)
        else:
            self._act(ACTIONS[str(action)], rng)

    def heuristic(self, seat: Seat) -> float:
        """Progress to Love to Death, minus danger.

        Each Passion is worth 4 and each Poem 3 (they are the slow statuses),
        Love and Ammunition 1 a step; Savings up to $4 are worth 0.5 a dollar
        (they pay for Poems and the daily cost); each step of Police Threat
        and each prison stay costs 1.5 (they raise the deadly police roll).
        """
        done = self.terminal_score()
        if done is not None:
            return done
        g = self.gauges
        return (4 * g.passion + 3 * g.poems + g.love + g.ammunition + 0.5 * min(g.savings, 4)
                - 1.5 * (g.threat + g.prison_stays))

    # ------------------------------------------------------------ the turn

    def _start_turn(self, rng: random.Random) -> None:
        self.roll = rng.randint(1, 6)
        self.left = dict(CUBES)
        self.used: frozenset[str] = frozenset()
        self.dropped = 0
        self.phase = POLICE
        if min(self.gauges.ammunition, rules().ammunition_per_roll) == 0:
            self._police(0, rng)

    def _police(self, spend: int, rng: Chance) -> None:
        before = self.gauges
        after, outcome = police_phase(before, self.roll, spend)
        row = outcome.action
        self.events[_police_event(row.low, row.high)] += 1
        if spend:
            self.events["ammunition spent on the police roll"] += spend
        self._count_ends(before, after)
        if has_lost(after):
            self.gauges = after
            self.end(LOSS, "lost: Clyde killed")
            return
        if rng is None:
            self.gauges = after
            return
        self.gauges = roy_phase(after, rng.randint(1, 6))
        if self.gauges.roy_present != after.roy_present:
            self.events["Roy Thornton switches"] += 1
        self.phase = PLACE
        self._settle(rng)

    def _act(self, action: Action, rng: Chance) -> None:
        before = self.gauges
        self.gauges = perform(before, action)
        self.events[ACTION_EVENTS[action.id]] += 1
        self._count_ends(before, self.gauges)
        self.used |= {action.label}
        self.left[action.kind] -= 1
        self.left_town |= action.needs_love_to_death
        if has_lost(self.gauges):
            self.end(LOSS, "lost: Savings below 0")
            return
        self._settle(rng)

    def _settle(self, rng: Chance) -> None:
        """Take out lost cubes, move to the next step, end the turn when no cube is left."""
        while self.gauges.actions_lost > self.dropped:
            pools = [kind for kind in (PLACE, DAILY) if self.left[kind] > 0]
            if len(pools) == 2:
                self.phase = DROP
                return
            if not pools:
                break
            pool = DAILY if DAILY in pools else PLACE
            self.left[pool] -= 1
            self.dropped += 1
            self.events["action cube lost"] += 1
        if self.phase == DROP:
            self.phase = PLACE
        if self.phase == PLACE and self.left[PLACE] == 0:
            self.phase = DAILY
        if self.phase == DAILY and self.left[DAILY] == 0:
            self._end_turn(rng)

    def _end_turn(self, rng: Chance) -> None:
        self.gauges = resolution_phase(self.gauges)
        self.turns += 1
        if has_lost(self.gauges):
            self.end(LOSS, "lost: cannot pay the Daily Life Cost")
        elif self.left_town and love_to_death(self.gauges):
            self.end(WIN, "won")
        elif rng is not None:
            self._start_turn(rng)

    def _count_ends(self, before: Gauges, after: Gauges) -> None:
        if before.passion == after.passion and before.poems == after.poems \
                and before.prison_stays == after.prison_stays:
            return
        for name in ("passion", "poems", "prison_stays"):
            gained = getattr(after, name) - getattr(before, name)
            if gained:
                self.events[f"{name.replace('_', ' ')} {'+' if gained > 0 else ''}{gained}"] += 1


@lru_cache(maxsize=1 << 14)
def _placements(phase: str, used: frozenset[str], gauges: Gauges) -> tuple[str, ...]:
    """The actions of ``phase`` whose label is not used yet this turn and that the gauges
    allow: remembered, as every turn asks the same few questions."""
    return tuple(a.id for a in ACTIONS.values()
                 if a.kind == phase and a.label not in used and allowed(gauges, a))


def _span(low: int, high: int | None) -> str:
    return f"{low}+" if high is None else str(low) if low == high else f"{low}-{high}"


@cache
def _police_event(low: int, high: int | None) -> str:
    """What a police row counts in ``events``, written once a row."""
    return f"police {_span(low, high)}"


GAME = FixedGame("Bonnie and Clyde", 1, BonnieAndClydeState)
