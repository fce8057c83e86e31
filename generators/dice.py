"""Dice nets to cut, fold and glue, and heads/tails coins."""
from __future__ import annotations

from dataclasses import astuple, dataclass

from ..validators.dice.model import CELLS, COINS_FOR_MAD_MAXENCE, DICE_FOR_LUCHA_LIBRE, FACE_MM, PIPS, TABS
from .pen import Pen
from .sheet import Document, Piece, SheetSettings

TAB_DEPTH = 0.3      # of the face size
NET_PADDING = 0.5    # mm around each net, so neighbouring nets never touch (3 fit across A4 with marks)
PIP_RADIUS = 0.09    # of the face size
COIN_DIAMETER = 25.0
FOLD_GREY = "#777777"

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


def _tab(pen: Pen, x: float, y: float, face: float, side: str) -> None:
    """A trapezoid glue tab on ``side`` of the face whose lower-left is (x, y)."""
    d, inset = face * TAB_DEPTH, face * TAB_DEPTH * 0.8
    shapes = {
        "n": [(x, y + face), (x + inset, y + face + d), (x + face - inset, y + face + d), (x + face, y + face)],
        "w": [(x, y), (x - d, y + inset), (x - d, y + face - inset), (x, y + face)],
        "e": [(x + face, y), (x + face + d, y + inset), (x + face + d, y + face - inset), (x + face, y + face)],
    }
    pts = shapes[side]
    pen.polygon(pts, fill="#eeeeee", stroke="#000000", width=0.3, closed=False)
    pen.line(*pts[0], *pts[-1], colour=FOLD_GREY, width=0.2, dash=(1.2, 0.8))


def d6_net(face: float):
    """Draw a cross net with standard pips: cut the solid outline, fold the dashed lines."""

    def draw(pen: Pen) -> None:
        tab = face * TAB_DEPTH
        origin = {}
        for name, (col, row) in CELLS.items():
            x = NET_PADDING + tab + col * face
            y = pen.h - NET_PADDING - tab - (row + 1) * face
            origin[name] = (x, y)
            pen.rect(x, y, face, face, fill="#ffffff")
            for fx, fy in PIP_SPOTS[PIPS[name]]:
                pen.circle(x + fx * face, y + fy * face, face * PIP_RADIUS, fill="#000000")
        for name, side in TABS:
            _tab(pen, *origin[name], face, side)
        # Fold lines between joined faces, dashed; the rest of the outline is cut.
        fx, fy = origin["front"]
        for x1, y1, x2, y2 in [(fx, fy + face, fx + face, fy + face), (fx, fy, fx + face, fy),
                               (fx, fy - face, fx + face, fy - face), (fx, fy, fx, fy + face),
                               (fx + face, fy, fx + face, fy + face)]:
            pen.line(x1, y1, x2, y2, colour=FOLD_GREY, width=0.2, dash=(1.2, 0.8))
        _outline(pen, origin, face)
        tx, ty = origin["top"]
        pen.text(tx + face / 2, ty + face + tab * 0.3, "[dice:d6]", size=4, anchor="centre",
                 colour="#8a8a8a")

    return draw


def _outline(pen: Pen, origin: dict, face: float) -> None:
    """The cut line: every face edge that is neither a fold nor under a tab."""
    folds = {("top", "s"), ("front", "n"), ("front", "s"), ("bottom", "n"), ("bottom", "s"),
             ("back", "n"), ("left", "e"), ("front", "w"), ("right", "w"), ("front", "e")}
    tabs = set(TABS)
    for name, (x, y) in origin.items():
        edges = {"n": (x, y + face, x + face, y + face), "s": (x, y, x + face, y),
                 "w": (x, y, x, y + face), "e": (x + face, y, x + face, y + face)}
        for side, seg in edges.items():
            if (name, side) not in folds and (name, side) not in tabs:
                pen.line(*seg, width=0.3)


def coin_side(text: str, ink: str):
    def draw(pen: Pen) -> None:
        r = pen.w / 2
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
    nets = [Piece("d6", "dice:d6", d6_net(face), None, {"faces": dict(PIPS), "face_mm": face})] * dice
    coin_pieces = [Piece("coin", "dice:coin", coin_side("HEADS", "#8d6e00"), coin_side("TAILS", "#455a64"),
                         {"sides": ["heads", "tails"]})] * coins
    # Nets first: the coins fill the room the nets leave on a sheet.
    doc.add_lots([lot for lot in ((nets, w, h), (coin_pieces, COIN_DIAMETER, COIN_DIAMETER)) if lot[0]],
                 section="dice and coins")
    return doc
