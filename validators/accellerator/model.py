"""Accellerator's numbers and pieces as code: directions, deflection, pawns, the game state.

Coordinates are ``(x, y)``: ``x`` is the column counted from the west edge,
``y`` the row counted from the north edge, both from 0, so north is ``y - 1``.
A facing is one of ``N E S W``: the rules forbid diagonal facings.

>>> step((5, 5), "N")
(5, 4)
>>> deflect("E", "/"), deflect("E", "\\\\")
('N', 'S')
>>> reverse("W")
'E'
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..frozen import replace
from ..errors import InputError

if TYPE_CHECKING:     # board imports this module
    from .board import Board

Cell = tuple[int, int]      # (x, y): column from the west edge, row from the north edge
Facing = str                # "N", "E", "S" or "W"
Orientation = str           # "/" or "\\": the diagonal drawn on a deflector chit
Player = str                # "alpha", "beta", "delta" or "gamma"

# You Need: 4 pawns, 10 deflector chits, 18 electrons, 6 energy tokens each.
PLAYERS: tuple[Player, ...] = ("alpha", "beta", "delta", "gamma")
DEFLECTORS = 10
ELECTRONS = 18
ENERGY_TOKENS = 6
DIE_SIDES = 6
# Setting Up: everyone starts with one energy token.  Energy is the tokens you hold: at
# most your six, and as few as none ("you may gain or lose an energy token" sets no
# floor; at 0 every roll is above your energy, so the next check gives one back).
START_ENERGY = 1
MIN_ENERGY = 0
MAX_ENERGY = ENERGY_TOKENS
# Winning: the game ends when someone has three or more electrons in their collector.
WIN_BANKED = 3

# "If your piece attempts to move off the board, move into the space that does not
# exist and turn 180 degrees. This counts as a move."  Two readings (docs/accellerator.md):
# "stay": the step is spent turning round on the edge space (the default);
# "re-enter": the pawn steps out, turns, and its next step re-enters the edge space.
BOUNCES: tuple[str, ...] = ("stay", "re-enter")

FACINGS: tuple[Facing, ...] = ("N", "E", "S", "W")
DELTA: dict[Facing, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
ORIENTATIONS: tuple[Orientation, ...] = ("/", "\\")

# A deflector is a mirror on the diagonal it shows.  "/" runs from the south-west
# corner to the north-east one, so a pawn heading east is sent north, and so on.
_DEFLECT: dict[Orientation, dict[Facing, Facing]] = {
    "/": {"N": "E", "E": "N", "S": "W", "W": "S"},
    "\\": {"N": "W", "W": "N", "S": "E", "E": "S"},
}
_REVERSE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_TURNED = {"/": "\\", "\\": "/"}


def step(cell: Cell, facing: Facing) -> Cell:
    """The neighbouring cell in direction ``facing`` (it may be off the board)."""
    dx, dy = DELTA[facing]
    return (cell[0] + dx, cell[1] + dy)


@cache
def steps_within(size: int) -> dict[tuple[Cell, Facing], Cell | None]:
    """:func:`step` from every cell of a ``size`` x ``size`` board in every facing, or None
    off the board (a move looks it up at every step).

    >>> steps_within(3)[(0, 0), "N"], steps_within(3)[(0, 0), "E"]
    (None, (1, 0))
    """
    return {((x, y), f): (nxt if 0 <= nxt[0] < size and 0 <= nxt[1] < size else None)
            for x in range(size) for y in range(size) for f in FACINGS
            for nxt in [step((x, y), f)]}


def deflect(facing: Facing, orientation: Orientation) -> Facing:
    """The new facing after entering a deflector: always a 90-degree turn.

    >>> [deflect(f, "/") for f in FACINGS]
    ['E', 'N', 'W', 'S']
    """
    return _DEFLECT[orientation][facing]


def reverse(facing: Facing) -> Facing:
    """Turned 180 degrees, as a pawn is when it tries to leave the board."""
    return _REVERSE[facing]


def turned(orientation: Orientation) -> Orientation:
    """A deflector turned a quarter turn shows the other diagonal."""
    return _TURNED[orientation]


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def clamp_energy(energy: int) -> int:
    """Energy stays between no token and all six.

    >>> clamp_energy(7), clamp_energy(-1), clamp_energy(0)
    (6, 0, 0)
    """
    return max(MIN_ENERGY, min(MAX_ENERGY, energy))


@dataclass(frozen=True)
class Rules:
    """The readings a table chooses where the rules text allows more than one.

    >>> Rules().bounce, Rules("re-enter").bounce
    ('stay', 're-enter')
    """

    bounce: str = BOUNCES[0]

    def __post_init__(self) -> None:
        if self.bounce not in BOUNCES:
            raise InputError(f"unknown bounce reading {self.bounce!r} (known: {', '.join(BOUNCES)})",
                             field="bounce")


@dataclass(frozen=True)
class Pawn:
    """One player's pawn and tokens.

    ``at`` is ``None`` while the pawn is reset: it is off the board until its
    player puts it back on their home space at the start of their next turn,
    choosing a facing then (``facing`` is ``None`` too).
    """

    player: Player
    at: Cell | None
    facing: Facing | None
    energy: int = START_ENERGY
    carrying: int = 0        # electrons under the pawn
    banked: int = 0          # electrons in the player's collector

    def reset(self) -> Pawn:
        """Off the board, nothing carried; back home at the start of the next turn."""
        return replace(self, at=None, facing=None, carrying=0)


@dataclass(frozen=True)
class State:
    """Everything on the table between two turns (or at the start of one).

    ``pawns`` are in turn order (play passes clockwise); ``to_move`` indexes
    them.  ``deflectors`` maps a cell to the diagonal its chit shows and is
    never changed in place.  ``locked`` is the cell of the deflector changed
    on the previous turn, which nobody may change now.  ``rules`` holds the
    readings chosen where the rules text is open (the bounce).
    """

    board: Board
    pawns: tuple[Pawn, ...]
    deflectors: Mapping[Cell, Orientation]
    locked: Cell | None = None
    to_move: int = 0
    turns: int = 0           # turns played so far
    rules: Rules = Rules()

    @property
    def mover(self) -> Pawn:
        return self.pawns[self.to_move]

    @property
    def reactor(self) -> int:
        """Electrons on the reactor: every electron not carried and not banked."""
        return ELECTRONS - sum(p.carrying + p.banked for p in self.pawns)

    @property
    def supply(self) -> int:
        """Deflector chits still beside the board, ready to be added."""
        return DEFLECTORS - len(self.deflectors)

    @property
    def over(self) -> bool:
        return any(p.banked >= WIN_BANKED for p in self.pawns)

    def winners(self) -> tuple[Player, ...]:
        """The players with the most electrons banked (only meaningful once ``over``)."""
        top = max(p.banked for p in self.pawns)
        return tuple(p.player for p in self.pawns if p.banked == top)

    def with_pawn(self, index: int, pawn: Pawn) -> State:
        pawns = list(self.pawns)
        pawns[index] = pawn
        return replace(self, pawns=tuple(pawns))
