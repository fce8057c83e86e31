"""The Yield! model: the tile kinds, where each one's roads meet its edges at every rotation.

A tile is a kind plus a clockwise rotation.  Everything else in the game (which
neighbours fit, where a vehicle may drive) starts from :func:`road_ends`.

>>> sorted(road_ends("turn", 90))
['E', 'S']
>>> rotate_side("N", 90)
'E'
>>> len(reference_set())
64
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache, cache

from ..errors import InputError
from ..schema import field, load_toml
from ...templates import path as template_path

Kind = str       # one of KINDS
Side = str       # "N", "E", "S", "W"

KINDS: tuple[Kind, ...] = ("turn", "straight", "overpass", "four-way", "three-way",
                           "merge-left", "merge-right")
SIDES: tuple[Side, ...] = ("N", "E", "S", "W")
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)   # clockwise

OPPOSITE: dict[Side, Side] = {"N": "S", "E": "W", "S": "N", "W": "E"}

# Road ends at rotation 0, north at the top (see templates/yield_/tiles.toml).
_BASE_ENDS: dict[Kind, frozenset[Side]] = {
    "turn": frozenset("NE"),
    "straight": frozenset("NS"),
    "overpass": frozenset("NESW"),
    "four-way": frozenset("NESW"),
    "three-way": frozenset("NEW"),
    "merge-left": frozenset("NSW"),
    "merge-right": frozenset("NSE"),
}

# The overpass's two roads at rotation 0: the N-S bridge over the E-W road below.
OVERPASS_LEVELS: tuple[frozenset[Side], frozenset[Side]] = (frozenset("NS"), frozenset("EW"))

REFERENCE_FILE = ("yield_", "tiles.toml")
# "A standard-sized chess- or checkerboard": its squares are commonly 50 mm, so a tile
# that size sits on one square.
DEFAULT_TILE_MM = 50.0


def rotate_side(side: Side, rotation: int) -> Side:
    """Where ``side`` ends up after turning the tile ``rotation`` degrees clockwise.

    >>> [rotate_side("W", r) for r in ROTATIONS]
    ['W', 'N', 'E', 'S']
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, got {rotation!r}")
    return SIDES[(SIDES.index(side) + rotation // 90) % 4]


def road_ends(kind: Kind, rotation: int) -> frozenset[Side]:
    """The edges of a ``kind`` tile turned by ``rotation`` whose middle a road reaches.

    >>> sorted(road_ends("merge-right", 180))
    ['N', 'S', 'W']
    """
    if kind not in _BASE_ENDS:
        raise ValueError(f"unknown tile kind {kind!r} (known: {', '.join(KINDS)})")
    return frozenset(rotate_side(side, rotation) for side in _BASE_ENDS[kind])


def overpass_levels(rotation: int) -> tuple[frozenset[Side], frozenset[Side]]:
    """The overpass's (upper, lower) roads at ``rotation``: two separate road networks.

    >>> [sorted(level) for level in overpass_levels(90)]
    [['E', 'W'], ['N', 'S']]
    """
    return tuple(frozenset(rotate_side(s, rotation) for s in level)  # type: ignore[return-value]
                 for level in OVERPASS_LEVELS)


@cache
def distinct_rotations(kind: Kind) -> tuple[int, ...]:
    """The rotations that give visibly different tiles (0 first).

    Two rotations are the same tile when the road ends match, except the
    overpass, whose 90-degree turn puts the other road on the bridge.

    >>> distinct_rotations("four-way"), distinct_rotations("straight"), distinct_rotations("overpass")
    ((0,), (0, 90), (0, 90))
    """
    if kind == "overpass":
        return (0, 90)
    seen: list[frozenset[Side]] = []
    rotations = []
    for rotation in ROTATIONS:
        ends = road_ends(kind, rotation)
        if ends not in seen:
            seen.append(ends)
            rotations.append(rotation)
    return tuple(rotations)


@dataclass(frozen=True)
class ReferenceTile:
    """One row of templates/yield_/tiles.toml: a kind, how many, its rules name."""

    kind: Kind
    count: int
    family: str       # the name the rules text gives (both Merges are "Merge")
    name: str         # printed on the tile


@lru_cache(maxsize=1)
def reference_table() -> tuple[ReferenceTile, ...]:
    """The reference set's rows, in file order."""
    source = str(template_path(*REFERENCE_FILE))
    data = load_toml(source)
    rows = []
    try:
        for index, table in enumerate(field(data, "tile", list)):
            where = f"tile[{index}]"
            rows.append(ReferenceTile(field(table, "kind", str, where=where, choices=KINDS),
                                      field(table, "count", int, where=where, lo=0),
                                      field(table, "family", str, where=where),
                                      field(table, "name", str, where=where)))
    except InputError as exc:
        raise exc.located(source) from None
    return tuple(rows)


def reference_counts() -> dict[Kind, int]:
    """How many tiles of each kind the reference set holds, in KINDS order."""
    counts = Counter({row.kind: row.count for row in reference_table()})
    return {kind: counts[kind] for kind in KINDS}


@cache
def set_size() -> int:
    """Tiles in one complete reference set.

    >>> set_size()
    64
    """
    return sum(row.count for row in reference_table())


def family_counts() -> dict[str, int]:
    """The complete set as the rules list it: tiles per family (24 Merge, ...).

    >>> family_counts()["Merge"]
    24
    """
    counts: dict[str, int] = {}
    for row in reference_table():
        counts[row.family] = counts.get(row.family, 0) + row.count
    return counts


def family_of(kind: Kind) -> str:
    """The rules' name for a kind: ``merge-left`` and ``merge-right`` are both Merge."""
    return next(row.family for row in reference_table() if row.kind == kind)


def display_names() -> dict[Kind, str]:
    """The name printed on each kind of tile."""
    return {row.kind: row.name for row in reference_table()}


def reference_set() -> list[Kind]:
    """The 64 reference tiles, one entry a tile, grouped by kind in KINDS order."""
    return [kind for kind, count in reference_counts().items() for _ in range(count)]
