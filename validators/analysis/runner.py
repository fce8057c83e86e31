"""Many whole games, in seeded batches, on every core: the same seed gives the same totals.

Game ``i`` of a run draws its chance from its own generator seeded by
``(seed, i)`` and its players' choices from another, so a game does not depend
on which process plays it or on what was played before it.  The games are cut
into batches whose size depends only on how many games there are; each batch
becomes one :class:`~.stats.Totals`, and the batches are merged in their own
order.  One worker, eight workers or a cluster therefore give identical numbers.
"""
from __future__ import annotations

import gc
import os
import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..play import PlayGame, PlayState
from .games import engine_key
from .players import Player, player_named
from .stats import Totals
from ..frozen import Rebuilt, rebuilt

MAX_TURNS = 2000
PLAYOUTS = 32
BATCHES = 64          # a run is cut into about this many batches ...
MAX_BATCH = 500       # ... of at most this many games
YOUNG_OBJECTS = 100_000
"""How many new objects the cyclic garbage collector lets pass while games are played (its
default is 700): engines make few reference cycles, and each of its walks over the tables
the engines remember costs time that no freed memory repays."""

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Matchup:
    """What to play: the game, the seating and every option that changes the numbers."""

    game: PlayGame
    players: int
    policies: tuple[str, ...]
    """One player strength per seat."""
    variant: tuple[tuple[str, str], ...] = ()
    seed: int = 0
    max_turns: int = MAX_TURNS
    playouts: int = PLAYOUTS
    rotate: bool = False
    """Game ``i`` seats strength ``policies[(s + i) % players]`` in seat ``s``, so that a
    head-to-head comparison is not skewed by seat order."""

    def seating(self, index: int) -> tuple[str, ...]:
        if not self.rotate:
            return self.policies
        shift = index % self.players
        return self.policies[shift:] + self.policies[:shift]

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


def matchup(game: PlayGame, players: int, policies: tuple[str, ...],
            variant: Mapping[str, str] | None = None, **options: Any) -> Matchup:  # Matchup's own fields
    """A checked :class:`Matchup`: seats in range, one strength per seat, known variants."""
    if not game.min_players <= players <= game.max_players:
        raise InputError(f"{game.name} is played by {game.min_players} to {game.max_players} "
                         f"players, not {players}", field="--players")
    if len(policies) != players:
        raise InputError(f"give one player strength per seat ({players})", field="--policy")
    chosen = dict(variant or {})
    for key, value in chosen.items():
        if key not in game.variants:
            known = ", ".join(game.variants) or "none"
            raise InputError(f"{game.name} has no variant {key!r} (known: {known})",
                             field="--variant")
        if value not in game.variants[key]:
            raise InputError(f"variant {key} takes one of {', '.join(game.variants[key])}, "
                             f"not {value!r}", field=f"--variant {key}")
    return Matchup(game, players, tuple(policies), tuple(sorted(chosen.items())), **options)


def game_rngs(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """Game ``index``'s generators: one for chance, one for the players' choices."""
    return random.Random(f"{seed}:{index}:chance"), random.Random(f"{seed}:{index}:players")


def play_one(match: Matchup, index: int, players: dict[str, Player]) -> tuple[PlayState, bool]:
    """Game ``index`` played to its end or to the turn cap; whether it ended by the rules."""
    chance, choices = game_rngs(match.seed, index)
    seating = match.seating(index)
    state = match.game.new_state(match.players, chance, dict(match.variant))
    cap = match.max_turns
    while not state.is_terminal():
        if state.turns >= cap:
            return state, False
        actions = state.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        else:
            action = players[seating[state.current_player()]](state, choices)
        state.apply(action, chance)
    return state, True


def run_batch(match: Matchup, start: int, count: int) -> Totals:
    """Games ``start`` to ``start + count - 1``, counted into one :class:`Totals`."""
    players = {name: player_named(name, match.playouts, engine_key(match.game))
               for name in set(match.policies)}
    totals = Totals(match.players)
    with fewer_collections():
        for index in range(start, start + count):
            state, finished = play_one(match, index, players)
            totals.count(state.returns() if finished else None, state.turns, state.rounds,
                         state.events, match.seating(index))
    return totals


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The garbage collector's first generation raised to :data:`YOUNG_OBJECTS` for a while,
    and what existed before left out of its walks (``gc.freeze``): the tables engines
    remembered in earlier batches are long-lived, and walking them again and again in the
    full collections took about a tenth of a The Last Glow run."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(before[0], YOUNG_OBJECTS), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def batches(games: int) -> list[tuple[int, int]]:
    """``(start, count)`` of every batch: a function of ``games`` alone.

    >>> batches(10)
    [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1)]
    >>> batches(1000)[:2], len(batches(1000))
    ([(0, 16), (16, 16)], 63)
    """
    size = max(1, min(MAX_BATCH, -(-games // BATCHES)))
    return [(start, min(size, games - start)) for start in range(0, games, size)]


def run(match: Matchup, games: int, *, workers: int | None = None, scheduler: str | None = None,
        progress: Progress | None = None) -> Totals:
    """Play ``games`` games of ``match`` on ``workers`` local processes (default: every
    core) or on the Dask cluster at ``scheduler``; totals merged in batch order."""
    if games < 1:
        raise InputError("play at least one game", field="--games")
    parts = batches(games)
    if scheduler is not None:
        from .cluster import run_on_cluster
        results: Iterator[Totals] = run_on_cluster(scheduler, match, parts)
    else:
        results = _run_locally(match, parts, workers or os.cpu_count() or 1)
    totals = Totals(match.players)
    for part in results:
        totals.merge(part)
        if progress:
            progress(totals.games)
    return totals


def _run_locally(match: Matchup, parts: list[tuple[int, int]], workers: int) -> Iterator[Totals]:
    if workers <= 1 or len(parts) == 1:
        for start, count in parts:
            yield run_batch(match, start, count)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        yield from pool.map(run_batch, [match] * len(parts), *zip(*parts))
