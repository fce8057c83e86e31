"""Playing out a whole setup: starts, then draws in turn until the bag is empty.

The rules decide what is legal (the setup of :mod:`.play`, the engine the
analysis lab plays too); a small seeded policy decides among legal choices, so
the same seed always builds the same board.  The policy places each tile where
it joins the most roads (a denser network leaves fewer dead ends to drive
off), breaking ties at random; starting squares and their rotations are chosen
at random among the allowed ones.

>>> record = play_setup(players=2, seed=3)
>>> len(record.events), len(record.board) + len(record.discards())
(64, 64)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Sequence

from .board import Board, PlacedTile, Player, Square, joined_sides
from .placement import Placement
from .play import DISCARD, SetupEvent, YieldGame, YieldState, starting_position
from .rules import RULES
from .state import GameState
from .model import Kind

@dataclass(frozen=True)
class SetupRecord:
    """The finished setup: every draw in order, the board, and each player's start."""

    players: int
    seed: int
    events: tuple[SetupEvent, ...]
    board: Board
    starts: tuple[Square, ...]   # index 0 is Player One's
    rule7_at: int | None         # the draw that set off rule 7, if any

    def discards(self) -> list[SetupEvent]:
        return [e for e in self.events if e.placement is None]

    def initial_state(self) -> GameState:
        """Every vehicle stopped on its start with the die on one (Player One moves first)."""
        return starting_position(self.board, self.starts, RULES.damage_limit)


def _choose_placement(board: Board, kind: Kind, player: Player, options: Sequence[Placement],
                      rng: random.Random) -> Placement:
    """The policy: most roads joined, ties broken by the seeded generator."""
    def joins(option: Placement) -> int:
        tile = PlacedTile(kind, option.rotation, player)
        return len(joined_sides(board, option.square, tile.ends))
    best = max(joins(o) for o in options)
    return rng.choice([o for o in options if joins(o) == best])


def _policy(state: YieldState, rng: random.Random) -> Placement | str:
    """A start: a random allowed square, then a random rotation; a draw: :func:`_choose_placement`."""
    options = state.legal_actions()
    if options == (DISCARD,):
        return DISCARD
    places = [o for o in options if isinstance(o, Placement)]
    if len(state.starts) < state.num_players:
        square = rng.choice(list(dict.fromkeys(p.square for p in places)))
        return Placement(square, rng.choice([p.rotation for p in places if p.square == square]))
    assert state.drawn is not None
    return _choose_placement(state.board, state.drawn, state.drawer, places, rng)


def play_setup(players: int, seed: int, tiles: Sequence[Kind] | None = None,
               rows: int = 8, cols: int = 8) -> SetupRecord:
    """Shuffle the tiles and play the setup out by the rules with the seeded policy."""
    rng = random.Random(seed)
    game = YieldGame(None if tiles is None else tuple(tiles), rows, cols)
    state = game.new_state(players, rng, {}, log=True)
    while state.position is None:
        state.apply(_policy(state, rng), rng)
    assert state.log is not None
    return SetupRecord(players, seed, tuple(state.log), state.board, tuple(state.starts),
                       state.rule7_at)
