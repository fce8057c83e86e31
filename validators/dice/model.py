"""Home-made dice and coins: the d6 net's faces, how it folds, and what the games need.

The numbers are data (``templates/dice/dice.toml``); this module reads them and
holds the geometry.  A standard die has opposite faces summing to 7 and, as
western dice do, faces 1, 2 and 3 turning counter-clockwise around their
shared corner ("right-handed").  The net is a cross: a strip of four faces
with one face on each side of the second; folding every flap away from the
printed side gives each face the outward direction in :data:`NORMALS`.

>>> opposite_sums()
{7}
>>> right_handed()
True
>>> DICE_FOR_LUCHA_LIBRE, COINS_FOR_MAD_MAXENCE, FACE_MM
(10, 3, 18.0)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...templates import path as template_path
from ..errors import InputError
from ..schema import Table, field, load_toml

Vector = tuple[int, int, int]
Cell = tuple[int, int]
DATA_FILE = ("dice", "dice.toml")
SIDES = ("n", "e", "s", "w")

# Outward direction of each face once folded: x right, y up, z toward the viewer.
NORMALS: dict[str, Vector] = {"front": (0, 0, 1), "top": (0, 1, 0), "bottom": (0, -1, 0),
                              "back": (0, 0, -1), "left": (-1, 0, 0), "right": (1, 0, 0)}


@dataclass(frozen=True)
class DiceData:
    """What ``templates/dice/dice.toml`` holds, checked."""

    faces: tuple[int, ...]
    opposite_sum: int
    face_mm: float
    face_range: tuple[float, float]
    cells: dict[str, Cell]
    pips: dict[str, int]
    tabs: tuple[tuple[str, str], ...]
    coin_mm: float
    dice_needed: int
    coins_needed: int


def _two(value: Any, where: str) -> Table:
    """A two-element array as a table of its elements, so each is checked by :func:`field`."""
    if not isinstance(value, list) or len(value) != 2:
        raise InputError("must be an array of two values", field=where)
    return {"[0]": value[0], "[1]": value[1]}


def _cell(value: Any, where: str) -> Cell:
    pair = _two(value, where)
    return field(pair, "[0]", int, where=where, lo=0), field(pair, "[1]", int, where=where, lo=0)


def _tab(value: Any, where: str) -> tuple[str, str]:
    pair = _two(value, where)
    return (field(pair, "[0]", str, where=where, choices=tuple(NORMALS)),
            field(pair, "[1]", str, where=where, choices=SIDES))


def _faces_table(d6: Table, key: str) -> Table:
    table: Table = field(d6, key, dict, where="d6")
    if set(table) != set(NORMALS):
        raise InputError(f"must name each face once: {', '.join(NORMALS)}", field=f"d6.{key}")
    return table


def _read(data: Table) -> DiceData:
    d6 = field(data, "d6", dict)
    cells, pips = _faces_table(d6, "cells"), _faces_table(d6, "pips")
    faces = tuple(field(d6, "faces", list, where="d6"))
    tabs = field(field(d6, "glue", dict, where="d6"), "tabs", list, where="d6.glue")
    needs = field(data, "needs", dict)
    return DiceData(
        faces=faces,
        opposite_sum=field(d6, "opposite_sum", int, where="d6", lo=1),
        face_mm=field(d6, "face_mm", float, where="d6", lo=1),
        face_range=(field(d6, "face_min_mm", float, where="d6", lo=1),
                    field(d6, "face_max_mm", float, where="d6", lo=1)),
        cells={face: _cell(cells[face], f"d6.cells.{face}") for face in cells},
        pips={face: field(pips, face, int, where="d6.pips", choices=faces) for face in pips},
        tabs=tuple(_tab(tab, f"d6.glue.tabs[{i}]") for i, tab in enumerate(tabs)),
        coin_mm=field(field(data, "coin", dict), "diameter_mm", float, where="coin", lo=1),
        dice_needed=field(needs, "dice", int, where="needs", lo=0),
        coins_needed=field(needs, "coins", int, where="needs", lo=0))


def load_data() -> DiceData:
    """Read the data file, naming the file and field if it is broken."""
    source = str(template_path(*DATA_FILE))
    try:
        return _read(load_toml(source))
    except InputError as exc:
        raise exc.located(source) from None


DATA = load_data()
FACES = DATA.faces
OPPOSITE_SUM = DATA.opposite_sum
FACE_MM = DATA.face_mm
FACE_RANGE = DATA.face_range
"""The smallest and largest face side ``icp-print dice --face`` accepts, in mm."""
CELLS = DATA.cells
"""Each face's cell in the cross: (column, row from the top)."""
PIPS = DATA.pips
TABS = DATA.tabs
"""Edges of the net's outline that are glued, each given a tab: (face, side)."""
COIN_DIAMETER = DATA.coin_mm
DICE_FOR_LUCHA_LIBRE = DATA.dice_needed
COINS_FOR_MAD_MAXENCE = DATA.coins_needed


def _face_of(normal: Vector, faces: dict[str, int]) -> int:
    return next(faces[f] for f, n in NORMALS.items() if n == normal)


def opposite_sums(faces: dict[str, int] = PIPS) -> set[int]:
    """The sums of each pair of opposite faces (a standard die gives ``{OPPOSITE_SUM}``)."""
    return {faces[f] + _face_of((-n[0], -n[1], -n[2]), faces) for f, n in NORMALS.items()}


def right_handed(faces: dict[str, int] = PIPS) -> bool:
    """Whether 1, 2, 3 run counter-clockwise around their corner: (n1 x n2) . n3 > 0."""
    n = {v: NORMALS[f] for f, v in faces.items()}
    a, b, c = n[1], n[2], n[3]
    cross = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
    return sum(x * y for x, y in zip(cross, c)) > 0
