"""Setting up: where a starting tile may go, and placement rules 1-7 for every later tile.

:func:`broken_rules` says which numbered rules a placement breaks, so tests
and messages can name them; :func:`legal_placements` lists every square and
rotation that breaks none.  Choices where the text is open are explained in
templates/yield_/rules.toml.

>>> from .board import PlacedTile
>>> board = Board().with_tile((3, 3), PlacedTile("straight", 0, owner=1))
>>> broken_rules(board, 1, (2, 3), PlacedTile("straight", 0, owner=1), any_tile=False)
()
>>> broken_rules(board, 1, (3, 4), PlacedTile("straight", 0, owner=1), any_tile=False)
(2,)
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Around, Board, PlacedTile, Player, Square, around, blocked, joined, joined_sides
from .rules import RULES
from .model import Kind, Side, distinct_rotations


class Placement(NamedTuple):
    """Where a drawn tile goes and how it is turned (a named tuple: a start draw lists a
    few hundred of them)."""

    square: Square
    rotation: int


def start_allowed(square: Square, starts: Iterable[Square]) -> bool:
    """A start may not lie within two squares (sides and corners count) of another start.

    >>> start_allowed((4, 4), [(2, 2)]), start_allowed((5, 5), [(2, 2)])
    (False, True)
    """
    return all(max(abs(square[0] - r), abs(square[1] - c)) > RULES.start_exclusion
               for r, c in starts)


def start_squares(board: Board, starts: Iterable[Square]) -> list[Square]:
    """Every empty square where the next player may put a starting tile."""
    starts = list(starts)
    return [sq for sq in board.empty_squares() if start_allowed(sq, starts)]


def touches(board: Board, square: Square, player: Player, any_tile: bool) -> bool:
    """Rule 1 (and rule 7's rewording): an edge shared with a tile of ``player`` (or anyone's)."""
    return _touches(around(board, square), player, any_tile)


def _touches(tiles: Around, player: Player, any_tile: bool) -> bool:
    if any_tile:
        return bool(tiles)
    return any(other.owner == player for _, other, _ in tiles)


def _broken(tiles: Around, player: Player, ends: frozenset[Side], any_tile: bool) -> tuple[int, ...]:
    """Rules 1-3 for a tile with road ``ends`` on an empty square with ``tiles`` around it.

    Rule 4 (roads may run off the board's outer edge) is why the outer edge and
    empty squares are never counted as blocking.
    """
    broken = []
    if not _touches(tiles, player, any_tile):
        broken.append(1)
    if not joined(tiles, ends):
        broken.append(2)
    if blocked(tiles, ends):
        broken.append(3)
    return tuple(broken)


def broken_rules(board: Board, player: Player, square: Square, tile: PlacedTile,
                 any_tile: bool) -> tuple[int, ...]:
    """The numbers of the placement rules (1-3) that putting ``tile`` on ``square`` breaks.

    An occupied square breaks every rule.
    """
    if board.tile_at(square) is not None or not board.on_board(square):
        return (1, 2, 3)
    return _broken(around(board, square), player, tile.ends, any_tile)


def legal_placements(board: Board, player: Player, kind: Kind, any_tile: bool) -> list[Placement]:
    """Every (square, rotation) where ``player`` may put a drawn ``kind`` (rules 1-4).

    Rule 5 says the tile must go on one of these if there is any; rule 6
    discards it when the list is empty.
    """
    return [placement for placement, _roads in placements_joining(board, player, kind, any_tile)]


def placements_joining(board: Board, player: Player, kind: Kind,
                       any_tile: bool) -> list[tuple[Placement, int]]:
    """:func:`legal_placements`, each with the number of roads it joins (rule 2 asks for one).

    A square with no tile next to it breaks rules 1 and 2 whatever the
    rotation, so only the board's frontier is looked at.

    >>> board = Board().with_tile((3, 3), PlacedTile("straight", 0, owner=1))
    >>> placements_joining(board, 1, "straight", any_tile=False)
    [(Placement(square=(2, 3), rotation=0), 1), (Placement(square=(4, 3), rotation=0), 1)]
    """
    found: list[tuple[Placement, int]] = []
    answers = board.by_square
    for square in board.frontier():
        tiles = around(board, square)
        if not _touches(tiles, player, any_tile):           # rule 1, whatever the rotation
            continue
        known = answers.setdefault(square, {})
        fits: list[tuple[Placement, int]] | None = known.get(kind)
        if fits is None:      # the same until a tile is laid next to the square
            fits = known[kind] = [(Placement(square, rotation), roads)
                                  for rotation, roads in _fitting(tiles, kind)]
        found += fits
    return found


_FITTING: dict[tuple[tuple[tuple[Side, bool], ...], Kind], tuple[tuple[int, int], ...]] = {}
""":func:`_fitting` by the sides of the tiles around and whether each has a road facing the
square: all that rules 2 and 3 look at, so a few dozen answers serve every game."""


def _fitting(tiles: Around, kind: Kind) -> tuple[tuple[int, int], ...]:
    """Each rotation of ``kind`` that rules 2 and 3 allow among ``tiles``, with the roads it joins."""
    key = (tuple([(side, facing) for side, _, facing in tiles]), kind)
    known = _FITTING.get(key)
    if known is None:
        fits = []
        for rotation in distinct_rotations(kind):
            ends = PlacedTile(kind, rotation).ends
            roads = joined(tiles, ends)
            if roads and not blocked(tiles, ends):          # rules 2 and 3
                fits.append((rotation, len(roads)))
        known = _FITTING[key] = tuple(fits)
    return known


def joins_opponent(board: Board, player: Player, square: Square, tile: PlacedTile) -> bool:
    """Rule 7's trigger: does a road on this tile join a road on an opponent's tile?"""
    return opponent_joined(joined_sides(board, square, tile.ends), player)


def opponent_joined(joined_roads: list[tuple[Side, PlacedTile]], player: Player) -> bool:
    """Rule 7's trigger, given the roads a new tile of ``player`` joins (:func:`.board.joined_sides`)."""
    return any(other.owner not in (None, player) for _side, other in joined_roads)
