"""The ``search`` player: Monte Carlo playouts that improve on the greedy player.

At each decision the greedy player's one-step ranking names the
:data:`WIDEST` best actions.  Each of them is played out the same number of
times (the ``playouts`` budget shared among them, at least :data:`AT_LEAST`
each): the action, then every seat playing greedy (looking at
:data:`ROLLOUT_CANDIDATES` actions, for speed) for :data:`HORIZON_ROUNDS`
rounds or to the end.  A playout that ends the game scores its result, any
other the engine's ``heuristic`` for the searching seat.

Playout *i* of every action draws its dice and shuffles from the same seed
(common random numbers), so two actions are compared on the same luck.
The greedy player's choice is kept unless another action scores better on
the same draws by more than the 95% Student's t multiple of the standard
error of the paired difference: where the playouts cannot tell the actions apart the search
player plays as greedy does, and where they can it plays better.  This is
the rollout algorithm (Tesauro and Galperin 1996; Bertsekas, "Rollout
algorithms"), a one-level Monte Carlo search with greedy as its base player.
For a solo game the search player's win rate is our estimate of how winnable
the game is under good play.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..play import Action, PlayState
from .players import GREEDY_CANDIDATES, Player, candidates, ranked, value

WIDEST = 4
AT_LEAST = 2
ROLLOUT_CANDIDATES = 6
HORIZON_ROUNDS = 2
CONFIDENCE_Z = 1.959964
"""The normal quantile of the paired test: a 95% two-sided interval."""


def search_player(playouts: int) -> Player:
    """A player that shares ``playouts`` playouts among its best few actions at every decision."""
    def choose(state: PlayState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player()
        best = ranked(state, candidates(actions, GREEDY_CANDIDATES, rng), seat, rng)[:WIDEST]
        seeds = [rng.getrandbits(64) for _ in range(max(AT_LEAST, playouts // len(best)))]
        scores = [[_playout(state, action, seat, seed) for seed in seeds] for action in best]
        return best[_better(scores)]
    return choose


def _playout(state: PlayState, action: Action, seat: int, seed: int) -> float:
    """``action``, then greedy play for every seat up to the horizon; the position's value."""
    chance = random.Random(seed)
    position = state.clone()
    position.apply(action, chance)
    stop = position.rounds + HORIZON_ROUNDS
    while not position.is_terminal() and position.rounds < stop:
        legal = position.legal_actions()
        position.apply(legal[0] if len(legal) == 1 else _rollout(position, legal, chance), chance)
    return value(position, seat)


def _rollout(position: PlayState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The greedy choice among a few of the actions (the first ones and some drawn)."""
    return ranked(position, candidates(legal, ROLLOUT_CANDIDATES, rng),
                  position.current_player(), rng)[0]


def critical(freedom: int) -> float:
    """Student's t at :data:`CONFIDENCE` (two-sided) for ``freedom`` degrees of freedom, by
    the Cornish-Fisher expansion around the normal quantile (within 4% from 3 up).

    >>> round(critical(3), 2), round(critical(30), 2)
    (3.06, 2.04)
    """
    z, k = CONFIDENCE_Z, float(freedom)
    return z + (z ** 3 + z) / (4 * k) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * k * k)


def _better(scores: list[list[float]]) -> int:
    """The action to play: the greedy one (index 0) unless another beats it clearly.

    >>> _better([[1.0, 2.0, 3.0], [2.0, 3.0, 4.0]])      # better on every draw
    1
    >>> _better([[1.0, 2.0, 3.0], [3.0, 0.0, 4.0]])      # better on average, not clearly
    0
    """
    base, chosen, gain = scores[0], 0, 0.0
    for index, other in enumerate(scores[1:], start=1):
        diffs = [b - a for a, b in zip(base, other)]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        if mean > critical(len(diffs) - 1) * spread and mean > gain:
            chosen, gain = index, mean
    return chosen
