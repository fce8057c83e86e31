"""Inside one tile: from the side a vehicle came in by, which sides it may leave by.

Driving rules 6 to 9 and the Overpass's two levels, as pure functions of a
tile's kind and rotation.  A vehicle's *entry* is the side of the tile it
crossed to get in (``None`` for a stopped vehicle, which may leave any way its
road goes).  Everything is computed at rotation 0 and turned, so the rules are
written once.

>>> sorted(exits("four-way", 0, "S"))        # rule 7: any way but back
['E', 'N', 'W']
>>> sorted(exits("merge-right", 0, "E"))     # rule 8: the curve points north
['N']
>>> sorted(exits("merge-right", 0, "N"))     # rule 9: southbound may bear onto the curve
['E', 'S']
>>> sorted(exits("merge-right", 0, "S"))     # rule 9: northbound would turn back sharply
['N']
"""
from __future__ import annotations

from functools import cache

from .model import OPPOSITE, Kind, Side, overpass_levels, road_ends, rotate_side

Level = str                         # "upper" or "lower": the two roads of an Overpass
LEVELS: tuple[Level, ...] = ("upper", "lower")
STEP: dict[Side, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}

# Merge tiles at rotation 0: the side the curve comes in by.  The curve joins the
# straight N-S road pointing north, so the curve's traffic leaves by N (rule 8).
CURVE_SIDE: dict[Kind, Side] = {"merge-right": "E", "merge-left": "W"}
CURVE_POINTS: Side = "N"
INTERSECTIONS = frozenset({"four-way", "three-way"})


def unrotate_side(side: Side, rotation: int) -> Side:
    """The inverse of :func:`rotate_side`: where ``side`` was at rotation 0.

    >>> unrotate_side("E", 90)
    'N'
    """
    return rotate_side(side, (360 - rotation) % 360)


def curve_side(kind: Kind, rotation: int) -> Side | None:
    """The side by which a Merge's curved road reaches the edge (None for other kinds).

    >>> curve_side("merge-left", 90), curve_side("turn", 0)
    ('N', None)
    """
    return rotate_side(CURVE_SIDE[kind], rotation) if kind in CURVE_SIDE else None


def merge_points(kind: Kind, rotation: int) -> Side:
    """The side a Merge's curve points to: the way its traffic must leave (rule 8)."""
    return rotate_side(CURVE_POINTS, rotation)


@cache
def level_of(kind: Kind, rotation: int, side: Side) -> Level | None:
    """Which Overpass level the road through ``side`` is on (None off an Overpass).

    >>> level_of("overpass", 0, "S"), level_of("overpass", 90, "S"), level_of("turn", 0, "N")
    ('upper', 'lower', None)
    """
    if kind != "overpass":
        return None
    upper, _lower = overpass_levels(rotation)
    return "upper" if side in upper else "lower"


def level_ends(kind: Kind, rotation: int, level: Level) -> frozenset[Side]:
    """The two ends of one Overpass level."""
    upper, lower = overpass_levels(rotation)
    return upper if level == "upper" else lower


@cache
def _base_exits(kind: Kind, entry: Side) -> frozenset[Side]:
    """Exits at rotation 0 for a vehicle that came in by ``entry`` (a road end)."""
    ends = road_ends(kind, 0)
    if kind in ("straight", "turn"):                       # rule 6: the other end
        return ends - {entry}
    if kind == "overpass":                                 # stay on your level
        return frozenset({OPPOSITE[entry]})
    if kind in INTERSECTIONS:                              # rule 7: any way but back
        return ends - {entry}
    curve = CURVE_SIDE[kind]
    if entry == curve:                                     # rule 8: follow the curve
        return frozenset({CURVE_POINTS})
    if entry == CURVE_POINTS:                              # rule 9: the curve is a gentle bear-off
        return frozenset({OPPOSITE[entry], curve})
    return frozenset({OPPOSITE[entry]})                    # rule 9: taking it would turn back


@cache
def exits(kind: Kind, rotation: int, entry: Side | None, level: Level | None = None) -> frozenset[Side]:
    """The sides a vehicle may leave a tile by.

    ``entry`` None is a stopped vehicle (driving rule 5): it may leave by any
    road end, but on an Overpass only by the ends of the ``level`` it is on.
    An entry with no road behind it gives no exits.

    >>> sorted(exits("overpass", 0, None, "lower"))
    ['E', 'W']
    >>> sorted(exits("turn", 90, None))
    ['E', 'S']
    """
    ends = road_ends(kind, rotation)
    if entry is None:
        return level_ends(kind, rotation, level or "upper") if kind == "overpass" else ends
    if entry not in ends:
        return frozenset()
    base = _base_exits(kind, unrotate_side(entry, rotation))
    return frozenset(rotate_side(side, rotation) for side in base)


@cache
def entered_by_curve(kind: Kind, rotation: int, entry: Side | None) -> bool:
    """True when a vehicle came into a Merge along its curved road."""
    return entry is not None and entry == curve_side(kind, rotation)

