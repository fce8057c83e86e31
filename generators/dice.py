"""Dice nets to cut, fold and glue, and heads/tails coins."""
from __future__ import annotations

from dataclasses import astuple, dataclass

from ..validators.dice.model import (CELLS, COIN_DIAMETER, COINS_FOR_MAD_MAXENCE, DICE_FOR_LUCHA_LIBRE, FACE_MM, PIPS,
                                     TABS)
from ..validators.manifest import Shape
from .pen import Pen
from .sheet import Document, Piece, SheetSettings

TAB_DEPTH = 0.3      # of the face size
NET_PADDING = 0.5    # mm around each net, so neighbouring nets never touch (3 fit across A4 with marks)
PIP_RADIUS = 0.09    # of the face size
FOLD_GREY = "#777777"
TAB_TINT = "#eeeeee"   # glue tabs: a light tint, so they read as "not a face"

# Pip centres as fractions of the face, for each value.
PIP_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.75), (0.75, 0.25)],
    3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
    4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
}


def net_size(face: float) -> tuple[float, float]:
    """Width and height of the net with its glue tabs."""
    tab = face * TAB_DEPTH
    return 3 * face + 2 * tab + 2 * NET_PADDING, 4 * face + tab + 2 * NET_PADDING


Point = tuple[float, float]
Side = str  # "n", "s", "e" or "w"


def face_origins(face: float) -> dict[str, Point]:
    """Lower-left corner of each face of the cross, in the net's own box."""
    tab = face * TAB_DEPTH
    height = net_size(face)[1]
    return {name: (NET_PADDING + tab + col * face, height - NET_PADDING - tab - (row + 1) * face)
            for name, (col, row) in CELLS.items()}


def _edges(x: float, y: float, face: float) -> dict[Side, tuple[Point, Point]]:
    """A face's edges, each running counter-clockwise round the face."""
    return {"s": ((x, y), (x + face, y)), "e": ((x + face, y), (x + face, y + face)),
            "n": ((x + face, y + face), (x, y + face)), "w": ((x, y + face), (x, y))}


def _tab_points(a: Point, b: Point, face: float) -> list[Point]:
    """The glue tab on the edge a -> b (counter-clockwise), from a to b: a trapezoid
    standing out of the face by :data:`TAB_DEPTH` of the face."""
    depth, inset = face * TAB_DEPTH, face * TAB_DEPTH * 0.8
    tx, ty = (b[0] - a[0]) / face, (b[1] - a[1]) / face
    nx, ny = ty, -tx          # outward, to the right of a counter-clockwise edge
    return [a, (a[0] + tx * inset + nx * depth, a[1] + ty * inset + ny * depth),
            (b[0] - tx * inset + nx * depth, b[1] - ty * inset + ny * depth), b]


def folds(face: float) -> list[tuple[Point, Point]]:
    """Edges shared by two faces: folded, not cut."""
    edges = [e for x, y in face_origins(face).values() for e in _edges(x, y, face).values()]
    keys = {(_key(a), _key(b)) for a, b in edges}
    return [(a, b) for a, b in edges if (_key(b), _key(a)) in keys and _key(a) < _key(b)]


def net_outline(face: float) -> tuple[Point, ...]:
    """The net's cut line, counter-clockwise: every face edge that is not a fold, with
    the glue tabs of :data:`TABS` in place of the edges they are glued to."""
    tabs = set(TABS)
    shared = {(_key(a), _key(b)) for a, b in folds(face)}
    after: dict[tuple[float, float], list[Point]] = {}
    for name, (x, y) in face_origins(face).items():
        for side, (a, b) in _edges(x, y, face).items():
            if (_key(a), _key(b)) in shared or (_key(b), _key(a)) in shared:
                continue
            after[_key(a)] = _tab_points(a, b, face)[1:] if (name, side) in tabs else [b]
    start = min(after)
    points: list[Point] = []
    key = start
    while True:
        step = after[key]
        points += step
        key = _key(step[-1])
        if key == start:
            return tuple((round(px, 4), round(py, 4)) for px, py in points)


def _key(p: Point) -> tuple[float, float]:
    return round(p[0], 6), round(p[1], 6)


def d6_net(face: float):
    """Draw a cross net with standard pips: cut the solid outline, fold the dashed lines."""

    def draw(pen: Pen) -> None:
        tab = face * TAB_DEPTH
        origin = face_origins(face)
        if pen.bleed:   # the tabs' tint carried past the cut line and the padding, under the faces
            for name, side in TABS:
                a, b = _edges(*origin[name], face)[side]
                pen.polygon(_tab_points(a, b, face), fill=TAB_TINT, stroke=TAB_TINT,
                            width=2 * (pen.bleed + NET_PADDING))
        for name, (x, y) in origin.items():
            pen.rect(x, y, face, face, fill="#ffffff")
            for fx, fy in PIP_SPOTS[PIPS[name]]:
                pen.circle(x + fx * face, y + fy * face, face * PIP_RADIUS, fill="#000000")
        for name, side in TABS:
            a, b = _edges(*origin[name], face)[side]
            pen.polygon(_tab_points(a, b, face), fill=TAB_TINT)
            pen.line(*a, *b, colour=FOLD_GREY, width=0.2, dash=(1.2, 0.8))
        # Fold lines between joined faces, dashed; the outline is cut.
        for a, b in folds(face):
            pen.line(*a, *b, colour=FOLD_GREY, width=0.2, dash=(1.2, 0.8))
        pen.polygon(net_outline(face), stroke="#000000", width=0.3)
        tx, ty = origin["top"]
        pen.text(tx + face / 2, ty + face + tab * 0.3, "[dice:d6]", size=4, anchor="centre",
                 colour="#8a8a8a")

    return draw


def coin_side(text: str, ink: str):
    def draw(pen: Pen) -> None:
        r = pen.w / 2
        if pen.bleed and not pen.ink_saver:     # the disc carried past its round cut
            pen.circle(r, r, r + pen.bleed, fill=ink)
        pen.circle(r, r, r, fill="#ffffff" if pen.ink_saver else ink, stroke="#000000", width=0.3)
        pen.circle(r, r, r - 1.5, stroke="#ffffff" if not pen.ink_saver else ink, width=0.4)
        colour = ink if pen.ink_saver else "#ffffff"
        pen.fit_text(r, r - 1.6, text, 2 * r - 6, size=11, bold=True, colour=colour, anchor="centre")
        if text == "HEADS":
            pen.text(r, 3.2, "[dice:coin]", size=3.5, anchor="centre", colour=colour)

    return draw


@dataclass(frozen=True)
class DiceOptions:
    """How many d6 nets and coins, and the side of a die face in mm."""

    dice: int = DICE_FOR_LUCHA_LIBRE
    coins: int = COINS_FOR_MAD_MAXENCE
    face: float = FACE_MM


def build(settings: SheetSettings, options: DiceOptions | None = None) -> Document:
    """The nets (cut along their outline) and the double-sided coins, sharing sheets."""
    dice, coins, face = astuple(options or DiceOptions())
    doc = Document(settings, game="dice", ruleset="d6-standard",
                   title="Dice nets and heads/tails coins",
                   options={"dice": dice, "coins": coins, "face_mm": face})
    w, h = net_size(face)
    nets = [Piece("d6", "dice:d6", d6_net(face), None, {"faces": dict(PIPS), "face_mm": face},
                  shape=Shape("polygon", net_outline(face)), card=False)] * dice
    coin_pieces = [Piece("coin", "dice:coin", coin_side("HEADS", "#8d6e00"), coin_side("TAILS", "#455a64"),
                         {"sides": ["heads", "tails"]}, shape=Shape("circle"))] * coins
    # Nets first: the coins fill the room the nets leave on a sheet.
    doc.add_lots([lot for lot in ((nets, w, h), (coin_pieces, COIN_DIAMETER, COIN_DIAMETER)) if lot[0]],
                 section="dice and coins")
    return doc
