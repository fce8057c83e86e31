"""Playing out a whole setup: starts, then draws in turn until the bag is empty.

The rules decide what is legal; a small seeded policy decides among legal
choices, so the same seed always builds the same board.  The policy places
each tile where it joins the most roads (a denser network leaves fewer dead
ends to drive off), breaking ties at random; starting squares and their
rotations are chosen at random among the allowed ones.

>>> record = play_setup(players=2, seed=3)
>>> len(record.events), len(record.board) + len(record.discards())
(64, 64)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Sequence

from ..errors import InputError
from .board import Board, PlacedTile, Player, Square, joined_sides
from .placement import Placement, joins_opponent, legal_placements, start_squares
from .rules import RULES
from .state import GameState, Vehicle
from .tiles import Kind, distinct_rotations, reference_set


@dataclass(frozen=True)
class SetupEvent:
    """One draw: who drew what and where it went (placement None: discarded, rule 6)."""

    number: int                  # 1 for the first tile drawn
    player: Player
    kind: Kind
    placement: Placement | None
    start: bool = False          # a starting tile
    joined: bool = False         # this placement set off rule 7


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
        vehicles = []
        for player, square in enumerate(self.starts, start=1):
            tile = self.board.tile_at(square)
            level = "upper" if tile is not None and tile.kind == "overpass" else None
            vehicles.append(Vehicle(player, square, level=level))
        return GameState(self.board, tuple(vehicles), to_move=1, damage_limit=RULES.damage_limit)


def _choose_placement(board: Board, kind: Kind, player: Player, options: Sequence[Placement],
                      rng: random.Random) -> Placement:
    """The policy: most roads joined, ties broken by the seeded generator."""
    def joins(option: Placement) -> int:
        tile = PlacedTile(kind, option.rotation, player)
        return len(joined_sides(board, option.square, tile.ends))
    best = max(joins(o) for o in options)
    return rng.choice([o for o in options if joins(o) == best])


def _check_players(players: int) -> None:
    if not RULES.players_min <= players <= RULES.players_max:
        raise InputError(f"Yield! is for {RULES.players_min}-{RULES.players_max} players, got {players}",
                         field="--players")


def play_setup(players: int, seed: int, tiles: Sequence[Kind] | None = None,
               rows: int = 8, cols: int = 8) -> SetupRecord:
    """Shuffle the tiles and play the setup out by the rules with the seeded policy."""
    _check_players(players)
    rng = random.Random(seed)
    bag = list(reference_set() if tiles is None else tiles)
    rng.shuffle(bag)
    if len(bag) < players:
        raise InputError(f"{len(bag)} tiles cannot give {players} players a start", field="tiles")
    board = Board(rows, cols)
    starts: list[Square] = []
    events: list[SetupEvent] = []
    for player in range(1, players + 1):
        kind = bag.pop()
        allowed = start_squares(board, starts)
        if not allowed:
            raise InputError(f"a {rows} x {cols} board leaves player {player} no starting square "
                             f"more than {RULES.start_exclusion} squares from the others",
                             field="rows/cols")
        square = rng.choice(allowed)
        rotation = rng.choice(distinct_rotations(kind))
        board = board.with_tile(square, PlacedTile(kind, rotation, player))
        starts.append(square)
        events.append(SetupEvent(len(events) + 1, player, kind, Placement(square, rotation), start=True))
    rule7_at, player = None, 1
    while bag:
        kind = bag.pop()
        options = legal_placements(board, player, kind, any_tile=rule7_at is not None)
        placement = _choose_placement(board, kind, player, options, rng) if options else None
        joined = False
        if placement is not None:
            tile = PlacedTile(kind, placement.rotation, player)
            joined = rule7_at is None and joins_opponent(board, player, placement.square, tile)
            board = board.with_tile(placement.square, tile)
        events.append(SetupEvent(len(events) + 1, player, kind, placement, joined=joined))
        if joined:
            rule7_at = len(events)
        player = player % players + 1
    return SetupRecord(players, seed, tuple(events), board, tuple(starts), rule7_at)

