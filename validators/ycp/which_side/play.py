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
from collections.abc import Hashable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from operator import itemgetter

from ...errors import RuleError
from ...frozen import replace
from ...play import Action as PlayAction, Seat
from ..model import Actions
from ..postcard_file import load_postcard
from .rules import (RESOURCES, WORDS, City, acting_workers, can_pay, dice_for, employer_effect,
                                has_won, life_cost, mode, pay, raise_strength, resolution_phase, rules, setup)
from ..solo import LOOK_AHEAD_MEMORY, LOSS, WIN, SoloState, look_ahead
from .actions import ACTIONS, Resources

WORK, MEANS = "work", "means"
KINDS = RESOURCES[1:]
"""The Anarchist Group's resources (money is the city's Savings)."""
_KINDS_OF = itemgetter(*KINDS)
Wallet = tuple[int, ...]
WORKER_EVENTS = {a.id: f"worker: {a.label}" for a in ACTIONS.values()}
"""What each worker action counts in ``events``, written once."""
_worker_values: dict[Hashable, tuple[float, ...]] = {}
"""Greedy's values of the workers in a position, remembered (at most ``LOOK_AHEAD_MEMORY``)."""
PASS = 0
"""The means-of-production choice that takes none this turn."""
MEANS_READINGS = ("one", "any")
"""How many means of production one Resolution Phase may take: one, or any number."""


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
        self.resources: Resources = dict.fromkeys(KINDS, 0)
        self.controlled: set[int] = set()
        self._legal: tuple[PlayAction, ...] | None = None
        self._legal_for = self.city
        self._start_turn(rng)

    # ------------------------------------------------------------ the interface

    def legal_actions(self) -> Sequence[PlayAction]:
        """Listed once per position (the runner and the player both ask): every step of the
        game replaces the city, and the list is found again when it has been replaced."""
        if self.outcome is not None:
            return ()
        if self._legal is None or self._legal_for is not self.city:
            self._legal_for = self.city
            if self.phase == MEANS:
                self._legal = _means_open(frozenset(self.controlled), self.city.savings, _wallet(self.resources))
            else:
                self._legal = _open_actions(tuple(sorted(self.placed.items())), self.city, _wallet(self.resources))
        return self._legal

    def action_values(self, actions: Sequence[PlayAction], seat: Seat,
                      rng: random.Random) -> tuple[float, ...]:
        """Each action rated by the position it leads to before the next die: a worker by
        the city and resources it leaves (the life cost paid when it is the turn's last),
        a means of production (or none) by the turn it ends, won or lost, not by the next
        Employer Phase.  Nothing is drawn from ``rng``; a worker is rated from the same
        steps ``apply`` takes (:func:`_worker_result`, :func:`_turn_over`), not on a copy."""
        if self.phase == MEANS:
            return look_ahead(self, actions, ("which-side", self.mode, self.one_means_a_turn, self.turns,
                                              self.city, _wallet(self.resources), frozenset(self.controlled)))
        placed = tuple(sorted(self.placed.items()))
        city = _at_work(self.city)
        key = (self.mode, city, _wallet(self.resources), len(self.controlled), placed,
               self.to_place, tuple(actions))
        found = _worker_values.get(key)
        if found is None:
            if len(_worker_values) >= LOOK_AHEAD_MEMORY:
                _worker_values.clear()
            found = _worker_values[key] = self._rate_workers(actions, city)
        return found

    def _rate_workers(self, actions: Sequence[PlayAction], here: City) -> tuple[float, ...]:
        """The values of ``actions`` from ``here``, the city as :func:`_at_work` sees it."""
        wallet, controlled = _wallet(self.resources), len(self.controlled)
        values = []
        for action in actions:
            chosen = ACTIONS[str(action)]
            city, after = _worker_result(here, wallet, chosen.id)
            placed = {**self.placed, chosen.label: self.placed.get(chosen.label, 0) + 1}
            work = not _turn_over(placed, self.to_place - 1, city, after)
            if not work:
                city = _paid(city, self.mode)
            values.append(_rating(city, after, controlled, self.mode, work))
        return tuple(values)

    def apply(self, action: PlayAction, rng: random.Random | None) -> None:
        """``rng`` None (a look-ahead copy): stop before the next Employer Phase's dice."""
        self._legal = None
        if self.phase == MEANS:
            self._take_means(int(action), rng)   # type: ignore[call-overload]
            return
        chosen = ACTIONS[str(action)]
        self.city, wallet = _worker_result(self.city, _wallet(self.resources), chosen.id)
        self.resources = dict(zip(KINDS, wallet))
        self.placed[chosen.label] = self.placed.get(chosen.label, 0) + 1
        self.to_place -= 1
        self.events[WORKER_EVENTS[chosen.id]] += 1
        if _turn_over(self.placed, self.to_place, self.city, wallet):
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
        return _rating(self.city, _wallet(self.resources), len(self.controlled), self.mode,
                       self.phase == WORK)

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
            self.events[_employer_event(face)] += 1
            city = employer_effect(city, face)
            if city.lost:
                self.city = city
                self.end(LOSS, "lost: Employer's Strength past its end")
                return
        self.city = city
        self.phase = WORK
        self.placed: dict[str, int] = {}
        self._legal = None
        self.to_place = acting_workers(city)
        if self.to_place == 0 or not self.legal_actions():
            self._resolve()

    def _resolve(self) -> None:
        before = self.city
        self.city = _paid(before, self.mode)
        hurt = self.city.injured - before.injured
        if hurt:
            self.events["worker injured by debt"] += hurt
        self.phase = MEANS
        self._legal = None

    def _take_means(self, means: int, rng: random.Random | None) -> None:
        if means:
            wallet = pay({**self.resources, "dollars": self.city.savings}, means)
            self.city = replace(self.city, savings=wallet.pop("dollars"))
            self.resources = wallet
            self.controlled.add(means)
            self.events[_means_event(means)] += 1
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


def _at_work(city: City) -> City:
    """``city`` as the Worker Phase and the rating see it: they never read Employer's
    Strength, the dead or the lost flag (the Employer Phase does), so positions that
    differ only there share their values (tested against copies)."""
    return replace(city, strength=0, dead=0, lost=False)


def _wallet(resources: Resources) -> Wallet:
    """The Anarchist Group's resources as a tuple in :data:`KINDS` order (a cache key)."""
    wallet: Wallet = _KINDS_OF(resources)
    return wallet


def _rating(city: City, wallet: Wallet, controlled: int, mode_id: str, work: bool) -> float:
    """:meth:`WhichSideState.heuristic` of a running game, from its parts (``work``: the
    Worker Phase, whose life cost is still to pay)."""
    margin = city.savings - (life_cost(city, mode_id) if work else 0)
    money = 0.5 * min(margin, 10) if margin >= 0 else 3 * margin
    return (10 * controlled + 2 * _counted(wallet) + money
            + 2 * city.workers + city.injured - (city.risk + city.unsanitary + city.police))


@cache
def _counted(wallet: Wallet) -> int:
    """Resources the rating counts: at most 2 of each kind."""
    return sum(min(n, 2) for n in wallet)


_paid = lru_cache(maxsize=1 << 15)(resolution_phase)
"""The Resolution Phase, remembered: it is asked again for every last worker rated."""


@lru_cache(maxsize=1 << 16)
def _worker_result(city: City, wallet: Wallet, action_id: str) -> tuple[City, Wallet]:
    """The city and resources after one worker action (remembered: the same few cities
    and wallets come up again and again)."""
    after, resources = ACTIONS[action_id].perform(city, dict(zip(KINDS, wallet)))
    return after, _wallet(resources)


def _open(placed: Mapping[str, int], city: City, wallet: Wallet) -> Iterator[str]:
    """The actions with a free cube space that can do what they say, in the actions' order."""
    room, resources = slots(), dict(zip(KINDS, wallet))
    return (a.id for a in ACTIONS.values()
            if placed.get(a.label, 0) < room[a.label] and a.possible(city, resources))


@lru_cache(maxsize=1 << 15)
def _open_actions(placed: tuple[tuple[str, int], ...], city: City, wallet: Wallet) -> tuple[str, ...]:
    """:func:`_open` as a tuple, remembered, as the same city and resources come up again
    and again."""
    return tuple(_open(dict(placed), city, wallet))


def _turn_over(placed: Mapping[str, int], to_place: int, city: City, wallet: Wallet) -> bool:
    """Whether the Worker Phase ends: every acting worker placed, or none can be."""
    return to_place == 0 or next(_open(placed, city, wallet), None) is None


def _words(face: int) -> str:
    gauge, delta = rules().effects[face]
    return WORDS[gauge].format(d=delta)


@cache
def _employer_event(face: int) -> str:
    """What a die of the Employer Phase counts in ``events``, written once a face."""
    return f"employer: {_words(face)}"


@cache
def _means_event(means: int) -> str:
    """What taking a means of production counts in ``events``, written once a number."""
    return f"means of production {means}"


@lru_cache(maxsize=1 << 12)
def _means_open(controlled: frozenset[int], dollars: int, wallet: Wallet) -> tuple[int, ...]:
    """Taking none, and every means of production not controlled yet that the resources
    pay for (remembered per wallet)."""
    resources = {**dict(zip(KINDS, wallet)), "dollars": dollars}
    return (PASS,) + tuple(m for m in range(1, len(rules().costs) + 1)
                           if m not in controlled and can_pay(resources, m))


class WhichSide:
    """The game as the analysis runner sees it: one variant, the difficulty mode."""

    name = "Which Side"
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
