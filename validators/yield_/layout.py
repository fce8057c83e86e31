"""Layouts: every square of the board holding a tile, what makes one legal, and its pictures.

A layout is legal when every edge shared by two tiles has road on both sides or
on neither, and all tiles form ONE road network.  Roads join through shared
edges; inside a tile all road ends join, except on the overpass, whose N-S and
E-W roads are separate networks (it is a bridge).  We take the strict reading:
both of an overpass's roads must belong to the one network.  ``closed=True``
also keeps every road end off the board's outer edge.  The solver that finds
layouts is :mod:`.layout_search`.

>>> layout = Layout(1, 2, (Cell(0, 0, "turn", 90), Cell(0, 1, "turn", 180)))
>>> check_layout(layout), check_layout(layout, closed=True)[0]
([], 'row 0 col 0: road runs off the board (S)')
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Mapping

from ..schema import Table
from .board import Board, PlacedTile
from .roads import STEP
from .model import OPPOSITE, SIDES, Kind, Side, overpass_levels, road_ends, rotate_side

Node = tuple[int, int, int]     # one road network of a square: (row, col, which of its networks)

EndsOf = Callable[[Kind, int], frozenset[Side]]    # (kind, rotation) -> road ends


@dataclass(frozen=True)
class Cell:
    """One placed tile: its square (row 0 is the north edge) and how it is turned."""

    row: int
    col: int
    tile: Kind
    rotation: int


@dataclass(frozen=True)
class Layout:
    """Tiles placed on a ``rows`` x ``cols`` board, row by row from the north-west."""

    rows: int
    cols: int
    cells: tuple[Cell, ...]
    shapes: tuple[tuple[Kind, frozenset[Side]], ...] = ()   # home-made kinds' road ends

    def as_dict(self) -> Table:
        """The JSON form: ``{"rows", "cols", "cells": [{"row", "col", "tile", "rotation"}]}``
        (plus ``"shapes": {kind: [sides]}`` when home-made kinds take part)."""
        data: Table = {"rows": self.rows, "cols": self.cols,
                      "cells": [{"row": c.row, "col": c.col, "tile": c.tile, "rotation": c.rotation}
                                for c in self.cells]}
        if self.shapes:
            data["shapes"] = {kind: [s for s in SIDES if s in ends] for kind, ends in self.shapes}
        return data

    def board(self) -> Board:
        """The same tiles as a :class:`Board` (no owners), for maps and play."""
        return Board(self.rows, self.cols, tuple(sorted(
            ((c.row, c.col), PlacedTile(c.tile, c.rotation)) for c in self.cells)))

    def text(self) -> str:
        """A picture of the roads, five characters by three lines per square.

        The middle character names the tile: a corner for a Turn, a T for a
        Three-Way, a cross for a Four-Way, a double line for the Overpass's
        upper road, an arrow for a Merge (the way its curve joins).

        >>> print(Layout(1, 2, (Cell(0, 0, "turn", 90), Cell(0, 1, "merge-right", 90))).text())
        <BLANKLINE>
          ┌────→──
          │    │
        """
        at = {(c.row, c.col): c for c in self.cells}
        ends_of = ends_function(dict(self.shapes))
        lines = []
        for row in range(self.rows):
            block = ["", "", ""]
            for col in range(self.cols):
                cell = at.get((row, col))
                ends = ends_of(cell.tile, cell.rotation) if cell else frozenset()
                mid = _glyph(cell, ends) if cell else "·"
                block[0] += "  │  " if "N" in ends else "     "
                block[1] += ("──" if "W" in ends else "  ") + mid + ("──" if "E" in ends else "  ")
                block[2] += "  │  " if "S" in ends else "     "
            lines += [b.rstrip() for b in block]
        return "\n".join(lines)


_CORNERS = {frozenset("NE"): "└", frozenset("ES"): "┌", frozenset("SW"): "┐", frozenset("NW"): "┘",
            frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NEW"): "┴", frozenset("NES"): "├",
            frozenset("ESW"): "┬", frozenset("NSW"): "┤", frozenset("NESW"): "┼"}
_ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def _glyph(cell: Cell, ends: frozenset[Side]) -> str:
    if cell.tile == "overpass":
        return "╫" if cell.rotation in (0, 180) else "╪"
    if cell.tile in ("merge-left", "merge-right"):
        return _ARROWS[rotate_side("N", cell.rotation)]
    return _CORNERS.get(ends, "?")


# -- the checker -----------------------------------------------------------

def _neighbour(layout: Layout, row: int, col: int, side: Side) -> tuple[int, int] | None:
    dr, dc = STEP[side]
    r, c = row + dr, col + dc
    return (r, c) if 0 <= r < layout.rows and 0 <= c < layout.cols else None


def _networks(cell: Cell, ends: frozenset[Side]) -> list[frozenset[Side]]:
    """The separate road networks on one tile: two on the overpass, else one."""
    if cell.tile == "overpass":
        return list(overpass_levels(cell.rotation))
    return [ends]


def check_layout(layout: Layout, *, closed: bool = False,
                 shapes: Mapping[Kind, frozenset[Side]] | None = None) -> list[str]:
    """Every way ``layout`` breaks the layout rules, as sentences (empty when legal)."""
    ends_of = ends_function({**dict(layout.shapes), **(shapes or {})})
    at = {(c.row, c.col): c for c in layout.cells}
    problems = []
    if len(at) != len(layout.cells) or len(at) != layout.rows * layout.cols:
        problems.append("every square must hold exactly one tile")
    nodes: dict[tuple[int, int, Side], Node] = {}
    for (row, col), cell in at.items():
        ends = ends_of(cell.tile, cell.rotation)
        for level, network in enumerate(_networks(cell, ends)):
            for side in network:
                nodes[(row, col, side)] = (row, col, level)
        for side in SIDES:
            spot = _neighbour(layout, row, col, side)
            if spot is None:
                if closed and side in ends:
                    problems.append(f"row {row} col {col}: road runs off the board ({side})")
            elif spot in at and side in "ES":
                other = at[spot]
                if (side in ends) != (OPPOSITE[side] in ends_of(other.tile, other.rotation)):
                    problems.append(f"row {row} col {col} {side} edge: road meets no road")
    groups = _union_networks(layout, nodes)
    if len(groups) > 1:
        problems.append(f"the roads form {len(groups)} separate networks, not one")
    return problems


def _union_networks(layout: Layout, nodes: dict[tuple[int, int, Side], Node]) -> set[Node]:
    parent = {node: node for node in set(nodes.values())}

    def find(x: Node) -> Node:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for (row, col, side), node in nodes.items():
        spot = _neighbour(layout, row, col, side)
        if spot and (*spot, OPPOSITE[side]) in nodes:
            parent[find(node)] = find(nodes[(*spot, OPPOSITE[side])])
    return {find(node) for node in parent}


def ends_function(shapes: Mapping[Kind, frozenset[Side]] | None) -> EndsOf:
    """Road ends by kind and rotation, home-made kinds (``shapes``: ends at rotation 0) included."""
    if not shapes:
        return road_ends

    def ends_of(kind: Kind, rotation: int) -> frozenset[Side]:
        if kind in shapes:
            return frozenset(rotate_side(s, rotation) for s in shapes[kind])
        return road_ends(kind, rotation)

    return ends_of
