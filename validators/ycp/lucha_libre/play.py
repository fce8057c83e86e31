"""Lucha Libre as a whole game for computer players (:mod:`...play` interface).

A round: both teams roll as many dice as their wrestler in the Ring has ENE;
team 1 then rerolls as often as it likes (any dice, one Fan a reroll) and
stops, team 2 does the same; then team 1 and team 2 each choose what to claim
(any set of the moves the dice hold, or nothing); both claims resolve at
once with :func:`.round.play_round` (Fans, ENE, rest, wrestler change).  The
first team to 37 Fans wins (the larger count if both reach it in one round).

The rules play the Dice Rolling Phase at the same time; here the teams take
it in turn, team 1 first, each seeing the other's dice (they lie on the
table).  Seat 0 is team 1 (El Santo and El Cavernario).

>>> import random
>>> state = GAME.new_state(2, random.Random(1), {})
>>> state.current_player(), len(state.rolls[0]), len(state.rolls[1])
(0, 3, 3)
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ...frozen import replace
from ...play import TERMINAL, UNCOUNTED, WON, Action, FixedGame, Seat
from .round import Match, dice_to_roll, new_match, play_round, reroll_advice, reroll_allowed
from .rules import Play, Roll, choices, rules

ROLL, CLAIM = "roll", "claim"
STOP = ("stop",)


def keeps(roll: Roll) -> list[Roll]:
    """Every different set of dice to keep before a reroll (all but keeping every die)."""
    return list(_keeps(roll))


@lru_cache(maxsize=1 << 12)
def _keeps(roll: Roll) -> tuple[Roll, ...]:
    found = {tuple(sorted(c)) for size in range(len(roll)) for c in combinations(roll, size)}
    return tuple(sorted(found))


class LuchaLibreState:
    """One match: the rules' :class:`.round.Match`, this round's dice and claims."""

    num_players = 2

    def __init__(self, rng: random.Random) -> None:
        self.match: Match = new_match()
        self.turns = 0
        self.rounds = 0
        self.events: Counter[str] = Counter()
        self.winner: int | None = None
        self._start_round(rng)

    def _start_round(self, rng: random.Random) -> None:
        self.rolls = [tuple(sorted(rng.randint(1, 6) for _ in range(dice_to_roll(self.match, t))))
                      for t in (0, 1)]
        self.claims: list[Play | None] = [None, None]
        self.seat, self.phase = 0, ROLL

    def current_player(self) -> Seat:
        return TERMINAL if self.winner is not None else self.seat

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)

    def _choices(self, seat: int) -> list[Play]:
        return choices(self.rolls[seat], self.match.in_ring[seat])

    def legal_actions(self) -> Sequence[Action]:
        if self.winner is not None:
            return ()
        if self.phase == ROLL:
            if not reroll_allowed(self.match.fans[self.seat]):
                return (STOP,)
            return (STOP,) + tuple(("reroll", keep) for keep in _keeps(self.rolls[self.seat]))
        return tuple(("claim", i) for i in range(len(self._choices(self.seat))))

    def apply(self, action: Action, rng: random.Random) -> None:
        seat = self.seat
        if self.phase == ROLL:
            if action == STOP:
                self.seat = 1 - seat
                if seat == 1:
                    self.seat, self.phase = 0, CLAIM
                return
            keep = tuple(action[1])                                   # type: ignore[index]
            fresh = tuple(rng.randint(1, 6) for _ in range(len(self.rolls[seat]) - len(keep)))
            self.rolls[seat] = tuple(sorted(keep + fresh))
            fans = list(self.match.fans)
            fans[seat] -= rules().limits.reroll_cost
            self.match = replace(self.match, fans=(fans[0], fans[1]))
            self.events["reroll"] += 1
            return
        play = self._choices(seat)[action[1]]                          # type: ignore[index]
        self.claims[seat] = play
        for move in play.moves:
            self.events[f"move: {move.label}"] += 1
        if not play.moves:
            self.events["claim nothing"] += 1
        self.turns += 1
        if seat == 0:
            self.seat = 1
            return
        self._resolve(rng)

    def _resolve(self, rng: random.Random) -> None:
        before = self.match.in_ring
        claims = [c.moves if c else () for c in self.claims]
        self.match = play_round(self.match, (claims[0], claims[1]))
        self.events["wrestler change"] += sum(a != b for a, b in zip(before, self.match.in_ring))
        self.rounds += 1
        self.winner = self.match.winner()
        if self.winner is not None:
            self.events[f"won by team {self.winner + 1}"] += 1
        else:
            self._start_round(rng)

    def heuristic(self, seat: Seat) -> float:
        """Fans ahead of the other team, counting claims not yet resolved, plus the
        best Fans the current dice can still claim, plus 0.5 a level of ENE the
        wrestler in the Ring has over the other's (more dice next round)."""
        if self.winner is not None:
            return 1000.0 if self.winner == seat else -1000.0
        pending = [self._pending(team) for team in (0, 1)]
        return _standing(self.match, seat) + pending[seat] - pending[1 - seat]

    def action_values(self, actions: Sequence[Action], seat: Seat, rng: random.Random) -> list[float]:
        """Stopping is worth the heuristic as it stands; a reroll the same with the exact
        expected best Fans of the new roll, less its Fan (:func:`.round.reroll_advice`).
        A claim is worth the standing once the round is resolved with it, before the next
        dice: the other team's claim as made, or its best choice.  Nothing is drawn from
        ``rng``."""
        if self.phase == ROLL:
            here = self.heuristic(seat)
            roll = self.rolls[seat]
            gains = _reroll_gains(roll, self.match.in_ring[seat])
            return [here if action == STOP else here + gains[tuple(action[1])]   # type: ignore[index]
                    for action in actions]
        other = self.claims[1 - seat] or self._choices(1 - seat)[0]
        mine = self._choices(seat)
        values = []
        for action in actions:
            plays = [other.moves, other.moves]
            plays[seat] = mine[action[1]].moves                                   # type: ignore[index]
            after = play_round(self.match, (plays[0], plays[1]))
            winner = after.winner()
            values.append(_standing(after, seat) if winner is None else
                          WON / 2 if winner == seat else -WON / 2)
        return values

    def _pending(self, team: int) -> int:
        """Fans of the team's claim, or of the best its dice allow while it has not claimed."""
        claim = self.claims[team]
        return claim.outcome.fans if claim else self._choices(team)[0].outcome.fans

    def clone(self) -> LuchaLibreState:
        twin = object.__new__(LuchaLibreState)
        twin.__dict__.update(self.__dict__)
        twin.rolls, twin.claims, twin.events = list(self.rolls), list(self.claims), UNCOUNTED
        return twin


def _standing(match: Match, seat: Seat) -> float:
    """Fans ahead of the other team, plus 0.5 a level of ENE ahead in the Ring."""
    ring, energy = match.in_ring, match.energy
    return match.fans[seat] - match.fans[1 - seat] + 0.5 * (energy[ring[seat]] - energy[ring[1 - seat]])


@lru_cache(maxsize=1 << 12)
def _reroll_gains(roll: Roll, wrestler_id: str) -> dict[Roll, float]:
    """For each set of dice to keep: expected best Fans after the reroll, less its cost,
    less the best Fans of the roll as it is."""
    advice = {choice.keep: float(choice.expected_fans) for choice in reroll_advice(roll, wrestler_id)}
    return {keep: fans - advice[roll] for keep, fans in advice.items()}


GAME = FixedGame("Lucha Libre", 2, LuchaLibreState)
