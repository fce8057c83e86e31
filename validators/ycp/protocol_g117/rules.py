"""Protocol G117's rules as code: the two battlefields read from the postcard, where units
may be placed, moved, attacked and charged, who controls what, and the VP count.

A battlefield holds units as ``{space: sides}``: on Earth a space holds one
unit, in the Matrix up to two.  Each side has one kind of unit per battlefield
(AI: Bots in the Matrix, Drones on Earth; HU: Deckers, Troops), so a unit is
its side on a space.  Readings where the rules are open (docs/ycp.md):

* A unit moves one step at a time to an adjacent space with room (Earth:
  empty; Matrix: fewer than two units, whoever they belong to).
* A unit is next to an enemy when their spaces are adjacent or, in the
  Matrix, when they share a space.
* A Charge moves its unit up to 2 steps, as a Move does, and must end next to
  the enemy it eliminates.
* A space is controlled by the side with more units on it; a Matrix space
  holding one unit of each side is nobody's.

>>> earth, matrix = battlefields()
>>> earth.capacity, matrix.capacity, sorted(matrix.neighbours["c"])
(1, 2, ['i1', 'i2', 'i3', 'i4'])
>>> setup_units()[1]
{'o1': ('AI',), 'o8': ('AI',), 'o5': ('HU',)}
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from ..model import Grid, Picture
from ..postcard_file import load_postcard
from .pictures import PairedActions, paired_actions, ring_field

Space = Hashable                 # Earth: (row, col); Matrix: "c", "i1", "o3"...
Side = str                       # "AI" or "HU"
Units = dict[Space, tuple[Side, ...]]
SIDES: tuple[Side, Side] = ("AI", "HU")
EARTH, MATRIX = 0, 1
UNIT_FIELD = {"drone": EARTH, "troop": EARTH, "bot": MATRIX, "decker": MATRIX}
UNIT_SIDE = {"drone": "AI", "bot": "AI", "troop": "HU", "decker": "HU"}
TURNS = 10                       # "A game lasts exactly 10 turns"
TIE_CHECK = 2                    # "every two turns, you must check the scores"
MOVE_STEPS = 2                   # a Move PO: 2 squares, on one unit or split between two


@dataclass(frozen=True)
class Battlefield:
    """One battlefield: its spaces, which are adjacent, their VP and the start points."""

    name: str
    capacity: int
    neighbours: Mapping[Space, frozenset[Space]]
    vp: Mapping[Space, int]
    starts: Mapping[Side, tuple[Space, ...]]

    def room(self, units: Units, space: Space) -> bool:
        return len(units.get(space, ())) < self.capacity

    def near(self, space: Space) -> frozenset[Space]:
        """The spaces whose units are next to a unit on ``space`` (its own, in the Matrix)."""
        return self.neighbours[space] | {space} if self.capacity > 1 else self.neighbours[space]


OPPONENT: Mapping[Side, Side] = {SIDES[0]: SIDES[1], SIDES[1]: SIDES[0]}


def _opponent(side: Side) -> Side:
    return OPPONENT[side]


@cache
def battlefields() -> tuple[Battlefield, Battlefield]:
    """Earth and the Matrix as printed on the postcard."""
    card = load_postcard("protocol-g117")
    grid = next(g for g in card.of_kind(Grid) if g.id == "earth")
    cells = [(r, c) for r in range(grid.rows) for c in range(grid.cols)]
    earth_next: dict[Space, frozenset[Space]] = {
        cell: frozenset(n for n in cells if abs(n[0] - cell[0]) + abs(n[1] - cell[1]) == 1)
        for cell in cells}
    earth = Battlefield("Earth", 1, earth_next,
                        {f.cell: int(f.text) for f in grid.features_named("vp")},
                        _starts((f.text, f.cell) for f in grid.features_named("start")))
    ring = ring_field(next(p for p in card.of_kind(Picture) if p.picture == "ring-battlefield"))
    matrix = Battlefield("Matrix", 2, {s: frozenset(ring.neighbours(s)) for s in ring.spaces()},
                         {s: int(v) for s, v in ring.vp.items()},
                         _starts((side, space) for space, side in ring.start.items()))
    return earth, matrix


def _starts(pairs: Iterable[tuple[Side, Space]]) -> dict[Side, tuple[Space, ...]]:
    found: dict[Side, tuple[Space, ...]] = dict.fromkeys(SIDES, ())
    for side, space in pairs:
        found[side] += (space,)
    return found


@cache
def action_board() -> PairedActions:
    """The ten action pairs printed on the postcard."""
    card = load_postcard("protocol-g117")
    return paired_actions(next(p for p in card.of_kind(Picture) if p.picture == "paired-actions"))


def setup_units() -> tuple[Units, Units]:
    """Setup steps 1-3: a Bot on each AI start of the Matrix, a Drone on the AI start of
    Earth, a Decker on the HU start of the Matrix.  HU's two Troops are placed by the
    player (:func:`troop_setup_squares`)."""
    earth, matrix = battlefields()
    on_earth: Units = dict.fromkeys(earth.starts["AI"], ("AI",))
    in_matrix: Units = {}
    for side in SIDES:
        for space in matrix.starts[side]:
            in_matrix[space] = in_matrix.get(space, ()) + (side,)
    return on_earth, in_matrix


def troop_setup_squares(units: Units) -> list[Space]:
    """Setup step 4's second Troop: a free square next to the HU start without VP."""
    earth = battlefields()[EARTH]
    start = earth.starts["HU"][0]
    return sorted((s for s in earth.neighbours[start] if s not in earth.vp and earth.room(units, s)),
                  key=repr)


def count(units: Units, space: Space, side: Side) -> int:
    return units.get(space, ()).count(side)


def placements(field: Battlefield, units: Units, side: Side) -> list[Space]:
    """Where ``side`` may put a unit it gains on ``field`` (the placement rules).

    Next to one of its units, where there is room, or (Matrix) on a space holding
    just one of its units; with none on the field, on a start point of its own,
    or on any free space if enemies hold them all.
    """
    own = [s for s, here in units.items() if side in here]
    if not own:
        starts = [s for s in field.starts[side] if _opponent(side) not in units.get(s, ())
                  and field.room(units, s)]
        if starts:
            return sorted(starts, key=repr)
        return sorted((s for s in field.neighbours if not units.get(s)), key=repr)
    found = {n for s in own for n in field.neighbours[s] if field.room(units, n)}
    if field.capacity > 1:
        found |= {s for s in own if units[s] == (side,)}
    return sorted(found, key=repr)


def steps(field: Battlefield, units: Units, side: Side) -> list[tuple[Space, Space]]:
    """Every single step a unit of ``side`` may take: to an adjacent space with room."""
    return [(s, n) for s in sorted(units, key=repr) if side in units[s]
            for n in sorted(field.neighbours[s], key=repr) if field.room(units, n)]


def moved(units: Units, side: Side, start: Space, end: Space) -> Units:
    """``units`` with one unit of ``side`` taken from ``start`` to ``end``."""
    return added(removed(units, side, start), side, end)


def removed(units: Units, side: Side, space: Space) -> Units:
    here = list(units[space])
    here.remove(side)
    after = dict(units)
    if here:
        after[space] = tuple(here)
    else:
        del after[space]
    return after


def added(units: Units, side: Side, space: Space) -> Units:
    after = dict(units)
    after[space] = tuple(sorted(units.get(space, ()) + (side,)))
    return after


def attack_targets(field: Battlefield, units: Units, side: Side) -> list[Space]:
    """Spaces holding an enemy unit that two or more of ``side``'s units are next to."""
    enemy = _opponent(side)
    return [s for s in sorted(units, key=repr) if enemy in units[s]
            and sum(count(units, n, side) for n in field.near(s)) >= 2]


def charges(field: Battlefield, units: Units, side: Side) -> list[tuple[Space, Space, Space]]:
    """Every Charge: (from, to, enemy's space): up to 2 steps, ending next to that enemy."""
    enemy = _opponent(side)
    found = set()
    for start in (s for s in units if side in units[s]):
        without = removed(units, side, start)
        reach, frontier = {start}, {start}
        for _ in range(MOVE_STEPS):
            frontier = {n for s in frontier for n in field.neighbours[s] if field.room(without, n)}
            reach |= frontier
        for end in reach:
            for target in field.near(end):
                if enemy in units.get(target, ()):
                    found.add((start, end, target))
    return sorted(found, key=repr)


def controls(units: Units, side: Side, space: Space) -> bool:
    """The side with more units on a space controls it."""
    here = units.get(space, ())
    return here.count(side) > here.count(OPPONENT[side])


def scoring_zones(field: Battlefield, units: Units, side: Side) -> list[Space]:
    """The VP spaces ``side`` controls (a Sabotage can strike one of them off for a turn)."""
    return [s for s in sorted(field.vp, key=repr) if controls(units, side, s)]


def victory_points(field: Battlefield, units: Units, side: Side, sabotaged: frozenset[Space] = frozenset()) -> int:
    """The VP ``side`` scores on ``field`` this turn, less the sabotaged zones (a sum: no order needed)."""
    return sum(vp for s, vp in field.vp.items() if s not in sabotaged and controls(units, side, s))
