"""Which Side as a whole game for computer players (:mod:`...play` interface).

Setup rolls the die once on the employer table.  Each turn: the Employer
Phase (Strength +1, one or two dice), then the player places every worker who
can act, one at a time, each action resolved at once, then the Resolution
Phase pays the life cost and the player may take control of one means of
production.  The game is won with the mode's number of means by the end of
turn 10, and lost when Strength must pass 10 or turn 10 ends without them.

Where the rules are open, as documented in docs/ycp.md:

* Each action space takes as many workers as the postcard has cube spaces
  for it (two for the Tenement, each New York place, Local Union and
  Printing Press; one for the other Anarchist Group actions).
* The workers who act are counted when the Worker Phase starts; a worker
  healed, freed or recruited during it acts from the next turn.
* One means of production at most per Resolution Phase ("take control of a
  means of production"); the variant ``means=any`` lets the player take as
  many as they can pay for, one after the other.
* Recruiting needs a free worker cube (8 in all, jailed ones included).

>>> import random
>>> state = GAME.new_state(1, random.Random(1), {"mode": "hard"})
>>> state.mode, state.current_player()
('hard', 0)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache

from ...errors import RuleError
from ...frozen import replace
from ...play import Action as PlayAction, Seat
from ..postcard import Actions
from ..postcard_file import load_postcard
from .rules import (RESOURCES, WORDS, City, acting_workers, can_pay, dice_for, employer_effect,
                                has_won, life_cost, mode, pay, raise_strength, resolution_phase, rules, setup)
from ..solo import LOSS, WIN, SoloState, look_ahead
from .actions import ACTIONS, Resources

WORK, MEANS = "work", "means"
PASS = 0
MEANS_READINGS = ("one", "any")
"""How many means of production one Resolution Phase may take: one, or any number."""
"""The means-of-production choice that takes none this turn."""


@cache
def slots() -> dict[str, int]:
    """Workers each action space takes, by the label the postcard prints."""
    card = load_postcard("which-side")
    labels = {a.label for a in ACTIONS.values()}
    return {item.name: item.slots for block in card.of_kind(Actions) for item in block.items
            if item.name in labels}


class WhichSideState(SoloState):
    """One game: the city, the Anarchist Group's resources, the means controlled."""

    def __init__(self, rng: random.Random, mode_id: str, one_means_a_turn: bool = True) -> None:
        super().__init__()
        self.mode = mode(mode_id).id
        self.one_means_a_turn = one_means_a_turn
        face = rng.randint(1, 6)
        self.events[f"setup: {_words(face)}"] += 1
        self.city = employer_effect(setup(mode_id), face)
        self.resources: Resources = dict.fromkeys(RESOURCES[1:], 0)
        self.controlled: set[int] = set()
        self._start_turn(rng)

    # ------------------------------------------------------------ the interface

    def legal_actions(self) -> Sequence[PlayAction]:
        if self.outcome is not None:
            return ()
        if self.phase == MEANS:
            wallet = {**self.resources, "dollars": self.city.savings}
            return (PASS,) + tuple(m for m in range(1, len(rules().costs) + 1)
                                   if m not in self.controlled and can_pay(wallet, m))
        return _open_actions(tuple(sorted(self.placed.items())), self.city,
                             tuple(sorted(self.resources.items())))

    def action_values(self, actions: Sequence[PlayAction], seat: Seat,
                      rng: random.Random) -> tuple[float, ...]:
        """Each action rated by the position it leads to before the next die: a means of
        production (or none) by the turn it ends, won or lost, not by the next Employer
        Phase.  Nothing is drawn from ``rng``."""
        work = self.phase == WORK
        key = ("which-side", self.mode, self.one_means_a_turn, self.turns, self.phase, self.city,
               tuple(sorted(self.resources.items())), frozenset(self.controlled),
               tuple(sorted(self.placed.items())) if work else (), self.to_place if work else 0)
        return look_ahead(self, actions, key)

    def apply(self, action: PlayAction, rng: random.Random | None) -> None:
        """``rng`` None (a look-ahead copy): stop before the next Employer Phase's dice."""
        if self.phase == MEANS:
            self._take_means(int(action), rng)   # type: ignore[call-overload]
            return
        chosen = ACTIONS[str(action)]
        self.city, self.resources = chosen.perform(self.city, self.resources)
        self.placed[chosen.label] = self.placed.get(chosen.label, 0) + 1
        self.to_place -= 1
        self.events[f"worker: {chosen.label}"] += 1
        if self.to_place == 0 or not self.legal_actions():
            self._resolve()

    def heuristic(self, seat: Seat) -> float:
        """Means of production first, then what buys them, then paying the rent.

        10 a means controlled; 2 a resource (sabotage, strike, agitations),
        counting at most 2 of each kind; 0.5 a dollar left after the next life
        cost, up to $10, and minus 3 a dollar short (each one injures a
        worker); 2 a healthy worker and 1 an injured one; minus 1 a step of
        Risk, Unsanitary and Police Threat (each third step costs a worker).
        """
        done = self.terminal_score()
        if done is not None:
            return done
        c = self.city
        margin = c.savings - (life_cost(c, self.mode) if self.phase == WORK else 0)
        money = 0.5 * min(margin, 10) if margin >= 0 else 3 * margin
        return (10 * len(self.controlled) + 2 * sum(min(n, 2) for n in self.resources.values()) + money
                + 2 * c.workers + c.injured - (c.risk + c.unsanitary + c.police))

    # ------------------------------------------------------------ the turn

    @property
    def turn(self) -> int:
        """The turn being played (1 for the first)."""
        return self.turns + 1

    def _start_turn(self, rng: random.Random) -> None:
        city = raise_strength(self.city)
        if city.lost:
            self.city = city
            self.end(LOSS, "lost: Employer's Strength past its end")
            return
        for _ in range(dice_for(city.strength)):
            face = rng.randint(1, 6)
            self.events[f"employer: {_words(face)}"] += 1
            city = employer_effect(city, face)
            if city.lost:
                self.city = city
                self.end(LOSS, "lost: Employer's Strength past its end")
                return
        self.city = city
        self.phase = WORK
        self.placed: dict[str, int] = {}
        self.to_place = acting_workers(city)
        if self.to_place == 0 or not self.legal_actions():
            self._resolve()

    def _resolve(self) -> None:
        before = self.city
        self.city = resolution_phase(before, self.mode)
        hurt = self.city.injured - before.injured
        if hurt:
            self.events["worker injured by debt"] += hurt
        self.phase = MEANS

    def _take_means(self, means: int, rng: random.Random | None) -> None:
        if means:
            wallet = pay({**self.resources, "dollars": self.city.savings}, means)
            self.city = replace(self.city, savings=wallet.pop("dollars"))
            self.resources = wallet
            self.controlled.add(means)
            self.events[f"means of production {means}"] += 1
            if not self.one_means_a_turn and not has_won(len(self.controlled), self.mode, self.turn) \
                    and len(self.legal_actions()) > 1:
                return
        if has_won(len(self.controlled), self.mode, self.turn):
            self.turns += 1
            self.end(WIN, "won")
        elif self.turn >= rules().last_turn:
            self.turns += 1
            self.end(LOSS, f"lost: turn {rules().last_turn} over")
        else:
            self.turns += 1
            if rng is not None:
                self._start_turn(rng)


@lru_cache(maxsize=1 << 15)
def _open_actions(placed: tuple[tuple[str, int], ...], city: City,
                  resources: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The actions with a free cube space that can do what they say: remembered, as the
    same city and resources come up again and again."""
    room, taken, wallet = slots(), dict(placed), dict(resources)
    return tuple(a.id for a in ACTIONS.values()
                 if taken.get(a.label, 0) < room[a.label] and a.possible(city, wallet))


def _words(face: int) -> str:
    gauge, delta = rules().effects[face]
    return WORDS[gauge].format(d=delta)


class WhichSide:
    """The game as the analysis runner sees it: one variant, the difficulty mode."""

    name = "which-side"
    min_players = max_players = 1
    difficulty = "mode"

    @property
    def variants(self) -> Mapping[str, Sequence[str]]:
        return {"mode": tuple(rules().modes), "means": MEANS_READINGS}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str]) -> WhichSideState:
        means = variant.get("means", MEANS_READINGS[0])
        if means not in MEANS_READINGS:
            raise RuleError(f"unknown reading {means!r} (means: {', '.join(MEANS_READINGS)})", field="means")
        return WhichSideState(rng, variant.get("mode", next(iter(rules().modes))), means == "one")


GAME = WhichSide()
