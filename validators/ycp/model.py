"""The postcard model: what a YCP postcard shows, as frozen data.

A postcard file (``templates/ycp/<game-id>.toml``) lists the front's elements
(tracks, grids, maps, tables, action lists, text blocks and the few special
pictures) each in its own box, and the back's component list, setup steps and
turn summary.  Boxes are ``[x, y, w, h]`` millimetres measured from the
card's TOP-LEFT corner on the nominal A6 landscape card (148 x 105 mm), as a
designer measures them; other card sizes scale the whole layout.

The file reader is :mod:`.postcard_file`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any

from ..formats import component_size, postcard_sizes

Box = tuple[float, float, float, float]
Cell = tuple[int, int]          # (row, column), from the top-left, 0-based
GAMES = ("mad-maxence", "lucha-libre", "protocol-g117", "bonnie-and-clyde", "which-side",
         "toroball", "the-last-glow")
KINDS = ("track", "grid", "map", "table", "actions", "text", "picture")
SIZE_NAMES = postcard_sizes()   # --postcard choice -> templates/sizes.toml
DEFAULT_SIZE = next(iter(SIZE_NAMES))   # the first postcard size templates/sizes.toml lists (A6)
CARD_W, CARD_H = component_size(SIZE_NAMES[DEFAULT_SIZE])   # the nominal card every box is measured on
EDGE_MM = 3.0        # printed frames and text stay this far inside the trim, so a miscut spares them


def printed_size(size: str) -> tuple[float, float]:
    """(width, height) mm of a printed postcard size, from ``templates/sizes.toml``."""
    return component_size(SIZE_NAMES[size])


def printed_scale(size: str) -> float:
    """How much the nominal card is scaled to fill a printed size (it keeps its shape).

    >>> printed_scale("a6"), round(printed_scale("us"), 4)
    (1.0, 0.9676)
    """
    w, h = printed_size(size)
    return min(w / CARD_W, h / CARD_H)


def smallest_scale() -> float:
    """The most any postcard size shrinks the nominal card."""
    return min(printed_scale(size) for size in SIZE_NAMES)


def edge_gaps(box: Box, size: str) -> tuple[float, float, float, float]:
    """Printed mm from a nominal box to the left, right, top and bottom trim of a card
    printed at ``size`` (the nominal card is scaled, then centred).

    >>> [round(g, 2) for g in edge_gaps((3.0, 8.0, 142.0, 95.0), "us")]
    [7.5, 7.5, 7.74, 1.94]
    """
    w, h = printed_size(size)
    k = printed_scale(size)
    ox, oy = (w - CARD_W * k) / 2, (h - CARD_H * k) / 2
    x, y, bw, bh = box
    return (ox + x * k, ox + (CARD_W - x - bw) * k, oy + y * k, oy + (CARD_H - y - bh) * k)


def nominal_inset() -> float:
    """The nominal mm that keeps :data:`EDGE_MM` printed on every size (3.2)."""
    return math.ceil(EDGE_MM / smallest_scale() * 10 - 1e-9) / 10


@dataclass(frozen=True)
class Track:
    """A gauge or track: a row of spaces a cube moves along."""

    id: str
    title: str
    box: Box
    cells: tuple[str, ...]
    start: str = ""                            # label of the start space ("" = starts empty)
    marks: Mapping[str, str] = field(default_factory=dict)   # space -> short note under it
    goal: tuple[str, ...] = ()                 # spaces drawn as winning/losing ends
    wrap: int = 0                              # spaces per row; 0 = one row
    vertical: bool = False                     # bottom-to-top column instead of a row
    label_width: float = 0.0                   # mm kept left of a one-row track for its title
    rotate: int = 0

    @property
    def start_index(self) -> int | None:
        """Index of the first space labelled ``start``, the one the cube starts on."""
        return self.cells.index(self.start) if self.start else None


@dataclass(frozen=True)
class Feature:
    """Something printed on a grid square: a start point, a VP value, a bottle, a wall."""

    cell: Cell
    style: str
    text: str = ""


@dataclass(frozen=True)
class Grid:
    id: str
    title: str
    box: Box
    rows: int
    cols: int
    row_labels: tuple[str, ...] = ()
    col_labels: tuple[str, ...] = ()
    features: tuple[Feature, ...] = ()
    rotate: int = 0

    def features_named(self, style: str) -> list[Feature]:
        return [f for f in self.features if f.style == style]


@dataclass(frozen=True)
class Node:
    """A location on a map; ``x``, ``y`` are fractions of the map's box (0-1, from the top-left)."""

    id: str
    x: float
    y: float
    hidden: bool = False
    start: bool = False


@dataclass(frozen=True)
class Map:
    id: str
    title: str
    box: Box
    nodes: tuple[Node, ...]
    roads: tuple[tuple[str, str], ...]
    rotate: int = 0

    def neighbours(self, node: str) -> set[str]:
        return {b for a, b in self.roads if a == node} | {a for a, b in self.roads if b == node}


@dataclass(frozen=True)
class Table:
    """A table: either one of the rules tables (``table = "moves"``) or written inline."""

    id: str
    title: str
    box: Box
    ref: str = ""
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    widths: tuple[float, ...] = ()             # relative column widths; empty = by content
    rotate: int = 0


OPEN = 0   # ``slots`` of an action with no limit on its cubes: drawn as an open area


@dataclass(frozen=True)
class Action:
    """An action space: ``slots`` cube squares, or :data:`OPEN` where the rules set no limit."""

    name: str
    effect: str
    slots: int = 1

    @property
    def open(self) -> bool:
        return self.slots == OPEN


@dataclass(frozen=True)
class Actions:
    id: str
    title: str
    box: Box
    items: tuple[Action, ...]
    cols: int = 1
    rotate: int = 0


@dataclass(frozen=True)
class Text:
    id: str
    title: str
    box: Box
    text: str
    size: float = 6.0
    rotate: int = 0


@dataclass(frozen=True)
class Picture:
    """A special drawing (ring battlefield, compass, ...) with its own parameters."""

    id: str
    title: str
    box: Box
    picture: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rotate: int = 0


Element = Track | Grid | Map | Table | Actions | Text | Picture


@dataclass(frozen=True)
class Component:
    """One line of the Components list: ``count`` of ``item`` (cube set A/B/C, die, coin...)."""

    count: int
    item: str
    set: str = ""
    what: str = ""


@dataclass(frozen=True)
class Postcard:
    id: str
    title: str
    tagline: str
    players: str
    minutes: int
    front: tuple[Element, ...]
    components: tuple[Component, ...]
    setup: tuple[str, ...]
    turn: tuple[str, ...]
    goal: str
    source: str = ""
    notes: str = ""                            # the back's "good to know" block

    def element(self, element_id: str) -> Element | None:
        return next((e for e in self.front if e.id == element_id), None)

    def tracks(self) -> dict[str, Track]:
        return {e.id: e for e in self.front if isinstance(e, Track)}

    def of_kind(self, kind: type) -> list[Any]:
        return [e for e in self.front if isinstance(e, kind)]
