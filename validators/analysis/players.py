"""Computer players at three strengths, each working on a :class:`~..play.PlayState` alone.

- ``random``: any legal action, uniformly.
- ``greedy``: one step of lookahead.  Each legal action is played on a copy of
  the position (chance drawn from the player's own generator, never the
  game's), and the action whose result scores best by the engine's
  ``heuristic`` for the acting seat is kept; ties go to the first in the
  engine's order.  An engine that rates its actions itself
  (``action_values``, see :mod:`..play`) is asked instead of the copies.
  When a position offers more than :data:`GREEDY_CANDIDATES` actions, the
  first :data:`ALWAYS_LOOKED_AT` in the engine's order (engines list their
  plain choices first) and a random draw of the rest are looked at.
- ``search``: Monte Carlo playouts of the greedy player's best few actions,
  played on by greedy players (:mod:`.search`), with a budget of playouts per
  decision.

A decision with a single legal action is taken without asking the player.
"""
from __future__ import annotations

from typing import Final

import random
from collections.abc import Callable, Sequence

from ..errors import InputError
from ..play import Action, PlayState, value

Player = Callable[[PlayState, random.Random], Action]
GREEDY_CANDIDATES: Final = 40
ALWAYS_LOOKED_AT: Final = 12
STRENGTHS: Final = ("random", "greedy", "search")
"""From weakest to strongest."""


def random_player(state: PlayState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def greedy_player(state: PlayState, rng: random.Random) -> Action:
    """:func:`best_by_heuristic` among the :func:`candidates`, written out: it is called at
    every decision of every greedy game."""
    actions = state.legal_actions()
    if len(actions) > GREEDY_CANDIDATES:
        actions = candidates(actions, GREEDY_CANDIDATES, rng)
    scores = action_values(state, actions, state.current_player(), rng)
    return actions[scores.index(max(scores))]     # the first of the best


def best_by_heuristic(state: PlayState, actions: Sequence[Action], seat: int,
                      rng: random.Random) -> Action:
    """The action whose one-step result ``heuristic`` rates best for ``seat``."""
    scores = action_values(state, actions, seat, rng)
    return actions[scores.index(max(scores))]     # the first of the best


def ranked(state: PlayState, actions: Sequence[Action], seat: int,
           rng: random.Random) -> list[Action]:
    """``actions`` from the best one-step result for ``seat`` to the worst; the first is
    the one :func:`best_by_heuristic` picks (ties keep the engine's order)."""
    scores = action_values(state, actions, seat, rng)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    return [actions[i] for i in order]


def action_values(state: PlayState, actions: Sequence[Action], seat: int,
                  rng: random.Random) -> Sequence[float]:
    """Each action's one-step value for ``seat``: the engine's own ``action_values`` when
    it has them, else the :func:`value` of the action played on a copy."""
    own = getattr(state, "action_values", None)
    if own is not None:
        return own(actions, seat, rng)       # type: ignore[no-any-return]
    return values_on_copies(state, actions, seat, rng)


def values_on_copies(state: PlayState, actions: Sequence[Action], seat: int,
                     rng: random.Random) -> list[float]:
    """Each action's :func:`value` for ``seat``, found by playing it on a copy: the
    measure an engine's own ``action_values`` must agree with."""
    scores = []
    for action in actions:
        after = state.clone()
        after.apply(action, rng)
        scores.append(value(after, seat))
    return scores


def candidates(actions: Sequence[Action], most: int, rng: random.Random) -> Sequence[Action]:
    """At most ``most`` of ``actions``: the first few in the engine's order, the rest drawn."""
    if len(actions) <= most:
        return actions
    first = min(ALWAYS_LOOKED_AT, most)
    picks = sorted(rng.sample(range(first, len(actions)), most - first))
    return [actions[i] for i in range(first)] + [actions[i] for i in picks]


def player_named(name: str, playouts: int, game: str = "") -> Player:
    """The player for a strength name (``search`` gets ``playouts`` per decision and the
    tuning of the engine named ``game``)."""
    if name == "random":
        return random_player
    if name == "greedy":
        return greedy_player
    if name == "search":
        from .search import search_player, tuning_for
        return search_player(playouts, tuning_for(game))
    raise InputError(f"unknown player {name!r} (known: {', '.join(STRENGTHS)})", field="--policy")


def parse_policies(text: str, players: int) -> tuple[str, ...]:
    """``greedy`` for every seat, or one name per seat like ``search,greedy``.

    >>> parse_policies("greedy", 3)
    ('greedy', 'greedy', 'greedy')
    >>> parse_policies("search,random", 2)
    ('search', 'random')
    """
    names = tuple(n.strip().lower() for n in text.split(","))
    for name in names:
        if name not in STRENGTHS:
            raise InputError(f"unknown player {name!r} (known: {', '.join(STRENGTHS)})",
                             field="--policy")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise InputError(f"give one player strength for every seat ({players}), or one for all; "
                         f"got {len(names)}", field="--policy")
    return names
