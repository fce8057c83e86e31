"""The ``search`` player: Monte Carlo playouts that improve on the greedy player.

At each decision the greedy player's one-step ranking names the best
:attr:`Tuning.widest` actions (progressive widening: fewer when the budget is
small, see :func:`widened`).  The ``playouts`` budget is spent on them by
sequential halving (Karnin, Koren and Somekh 2013): every remaining action is
played out equally often, the worse half is dropped, and so on until one is
left, so the budget goes where the choice is close.  A playout is the action,
then every seat playing greedy (looking at :attr:`Tuning.rollout_width`
actions) for :attr:`Tuning.horizon` rounds or to the end; a finished game
scores its result, an unfinished one the engine's ``heuristic`` for the
searching seat.

Playout *i* of every action draws its dice and shuffles from the same seed
(common random numbers), so the actions are compared on the same luck.  This
is the rollout algorithm (Tesauro and Galperin 1996; Bertsekas, "Rollout
algorithms") with greedy as its base player: where the playouts measure the
value of the greedy continuation well, choosing the action with the best
mean improves on greedy.  For a solo game the search player's win rate is our
estimate of how winnable the game is under good play.

An engine whose best few actions by greedy's one-step view are mostly alike
(variants of one move) may name the actions to weigh itself: a state's
``search_candidates(greedy_choice, seat, most)`` returns at most ``most``
actions, greedy's choice first.

Greedy's own choice is never dropped by the halving, and it is kept unless
the action the halving leaves did better over the playouts they shared by
more than :attr:`Tuning.margin` standard errors of the paired differences
(the guard): noise in a few playouts cannot make the search player worse than
greedy, only evidence moves it off greedy's choice.

How far a playout looks, how many actions it weighs and how much evidence it
asks for are per game (:data:`TUNING`), measured with
``bench/bench_search.py``; every other game uses :data:`DEFAULT`.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..play import Action, PlayState, value
from .players import GREEDY_CANDIDATES, Player, candidates, ranked


@dataclass(frozen=True)
class Tuning:
    """How the search player spends its playouts in one game."""

    widest: int = 8
    """At most this many of greedy's best actions are played out."""
    horizon: int = 2
    """Rounds a playout plays before the heuristic judges the position (0: to the end)."""
    rollout_width: int = 6
    """Actions the greedy players of a playout look at (fewer is faster and weaker)."""
    margin: float = 1.0
    """Standard errors by which an action must beat greedy's choice over the shared playouts."""
    lead: float = 0.0
    """Weight of the engine's ``heuristic`` added to a playout that ends the game, so that
    among continuations that all lose (or all win) the closer (wider) ones count for more."""


FLOOR = 3
"""Playouts every action gets in the first halving step: a single draw drops good actions."""
DEFAULT = Tuning()
TUNING: dict[str, Tuning] = {
    "which-side": Tuning(widest=14, horizon=3, rollout_width=40),
    "ryb": Tuning(rollout_width=40),
    "toroball": Tuning(rollout_width=40),
    "protocol-g117": Tuning(horizon=0, rollout_width=40, lead=1.0),
}
"""Per game (the engine's ``name``), what ``bench/bench_search.py`` measured to help."""


def tuning_for(game_name: str) -> Tuning:
    """The tuning of the game named ``game_name`` (:data:`DEFAULT` for any other)."""
    return TUNING.get(game_name, DEFAULT)


def search_player(playouts: int, tuning: Tuning = DEFAULT) -> Player:
    """A player that spends ``playouts`` playouts on its best few actions at every decision."""
    def choose(state: PlayState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player()
        looked_at = ranked(state, candidates(actions, GREEDY_CANDIDATES, rng), seat, rng)
        width = widened(tuning.widest, playouts)
        own = getattr(state, "search_candidates", None)
        best = looked_at[:width] if own is None else own(looked_at[0], seat, width)
        return best[_halving(state, best, seat, playouts, tuning, rng)]
    return choose


def widened(widest: int, playouts: int) -> int:
    """How many actions a budget of ``playouts`` can weigh: half the budget gives each
    :data:`FLOOR` playouts in the first step; two at least, never more than ``widest``.

    >>> widened(8, 64), widened(8, 32), widened(8, 6)
    (8, 5, 2)
    """
    return max(2, min(widest, playouts // (2 * FLOOR)))


def _halving(state: PlayState, actions: Sequence[Action], seat: int, playouts: int,
             tuning: Tuning, rng: random.Random) -> int:
    """The index of the action sequential halving keeps, or 0 (greedy's choice) when the
    kept one is not better by the guard's margin; ties go to the greedy order.

    The budget is shared equally among the steps and, in a step, among the actions
    left (:data:`FLOOR` playouts each in the first step, one in a later one, at
    least).  Action 0 is played out in every step, so every playout of the others has its twin
    on the same dice.
    """
    alive = list(range(len(actions)))
    steps = max(1, math.ceil(math.log2(len(alive))))
    results: list[list[float]] = [[] for _ in actions]
    left = playouts
    for step in range(steps):
        more = max(FLOOR if step == 0 else 1, left // ((steps - step) * len(alive)))
        for seed in [rng.getrandbits(64) for _ in range(more)]:
            for index in alive:
                results[index].append(_playout(state, actions[index], seat, seed, tuning))
        left -= more * len(alive)
        alive.sort(key=lambda i: (-sum(results[i]), i))
        kept = alive[:(len(alive) + 1) // 2]
        alive = kept if 0 in kept else kept + [0]
    best = min(alive, key=lambda i: (-sum(results[i]), i))
    return best if clearly_better(results[best], results[0], tuning.margin) else 0


def clearly_better(challenger: Sequence[float], incumbent: Sequence[float], margin: float) -> bool:
    """Whether ``challenger`` beats ``incumbent`` over paired playouts by more than ``margin``
    standard errors of the mean difference (any gain counts when the playouts agree).

    >>> clearly_better([3, 4, 5], [1, 2, 3], 2.0), clearly_better([3, 0, 5], [1, 2, 3], 1.0)
    (True, False)
    >>> clearly_better([1, 1], [1, 1], 0.0)
    False
    """
    gains = [c - i for c, i in zip(challenger, incumbent)]
    n = len(gains)
    mean = sum(gains) / n
    if mean <= 0:
        return False
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else math.inf
    return mean > margin * spread


def _playout(state: PlayState, action: Action, seat: int, seed: int, tuning: Tuning) -> float:
    """``action``, then greedy play for every seat up to the horizon; the position's value."""
    chance = random.Random(seed)
    position = state.clone()
    position.apply(action, chance)
    stop = position.rounds + tuning.horizon if tuning.horizon else math.inf
    while not position.is_terminal() and position.rounds < stop:
        legal = position.legal_actions()
        position.apply(legal[0] if len(legal) == 1 else _rollout(position, legal, tuning, chance),
                       chance)
    if tuning.lead and position.is_terminal():
        return value(position, seat) + tuning.lead * position.heuristic(seat)
    return value(position, seat)


def _rollout(position: PlayState, legal: Sequence[Action], tuning: Tuning,
             rng: random.Random) -> Action:
    """The greedy choice among a few of the actions (the first ones and some drawn)."""
    return ranked(position, candidates(legal, tuning.rollout_width, rng),
                  position.current_player(), rng)[0]
