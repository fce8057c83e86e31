"""Gutterfold: each front and its back printed on the same side of one sheet, with a
fold line between them, for printers that cannot print double-sided.

The fold line runs across the middle of the sheet.  The fronts fill one half,
the backs the other, each back at the mirror image of its front's place in the
fold line, so that folding the sheet along the line puts every back exactly
behind its front; then the pair is cut out through both layers.  Components
may be turned a quarter on the sheet when more then fit (poker cards: 4 a sheet
instead of 3).  The backs are turned so that, like ``--backs long-edge`` duplex,
a card turned over about its long edge shows its back upright
(``--backs short-edge``: turned over about its short edge).

>>> from .sheet import SheetSettings, paper
>>> f = fit_fold(SheetSettings(paper=paper("a4"), bleed=0.0), 63.5, 88.9)
>>> (f.axis, f.turns, f.grid.cols, f.grid.rows, f.at)
('y', 1, 2, 2, 148.5)
>>> f.behind(10.0, 200.0, 88.9, 63.5)
(10.0, 33.5)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..validators.errors import InputError
from ..validators.manifest import Backs, Shape
from . import fonts
from .grid import Grid, grid_in
from .marks import Rect, Segment
from .pen import Pen

if TYPE_CHECKING:
    from .sheet import DrawFn, SheetSettings

Interval = tuple[float, float]
FoldAxis = Literal["x", "y"]   # "y": the fold is the line y = at (fronts above); "x": x = at (fronts left)
FOLD_ROOM = 3.0     # mm from the fold line to the nearest bleed: room for the crop marks and the word
FOLD_WORD = "fold"
FOLD_WORD_PT = 6.5
FOLD_DASH = (2.0, 1.5)     # mm on, mm off
FOLD_WIDTH = 0.2           # mm
FOLD_GREY = "#555555"      # 7.5:1 on white paper
WORD_MIDDLE = 0.36         # of the font size: from the middle of "fold" down to its baseline
WORD_CLEAR = 0.8           # mm of line left out on each side of the word


@dataclass(frozen=True)
class Fold:
    """Where the fronts of one gutterfold sheet sit and where the sheet folds."""

    grid: Grid          # the fronts' footprints on the page (w and h swapped when turned)
    axis: FoldAxis
    at: float           # mm: the fold line's x or y
    turns: int          # quarter turns, anticlockwise, of every front on the page

    def behind(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """Lower-left corner of the back of the ``w`` x ``h`` footprint at ``(x, y)``:
        its mirror image in the fold line."""
        if self.axis == "y":
            return x, 2 * self.at - y - h
        return 2 * self.at - x - w, y

    def back_turns(self, backs: Backs) -> int:
        """Quarter turns of every back on the page.

        Folding mirrors the back in the fold line; turning the card over mirrors
        it again, about the card's long edge (``long-edge``) or its short edge.
        Two mirrors make a turn, which the back's art is given in advance.

        >>> g = Grid(1, 1, 10, 10, 0, 0, 0)
        >>> [Fold(g, "y", 0, t).back_turns("long-edge") for t in range(4)]
        [2, 1, 0, 3]
        >>> [Fold(g, "x", 0, t).back_turns("long-edge") for t in range(4)]
        [0, 3, 2, 1]
        """
        flips_across = (self.axis == "y") == (backs != "short-edge")
        return (2 * flips_across - self.turns) % 4

    def facing(self, art_turns: int) -> Fold:
        """The same fold, its quarter turn made the way that sets art drawn ``art_turns``
        quarters round inside its piece upright on the sheet (else sideways either way:
        the turn stays anticlockwise).  A piece is never left upside down by the fold.

        >>> g = Grid(1, 1, 10, 10, 0, 0, 0)
        >>> [Fold(g, "y", 0, 1).facing(a).turns for a in range(4)]
        [1, 3, 1, 1]
        >>> Fold(g, "y", 0, 0).facing(1).turns
        0
        """
        if self.turns % 2 and art_turns % 2:
            return Fold(self.grid, self.axis, self.at, -art_turns % 4)
        return self

    def holding(self, count: int) -> Fold:
        """The same fold with only the rows and columns ``count`` fronts need (a sheet's
        last few), still against the fold line and centred along it."""
        g = self.grid
        cols = min(g.cols, count)
        rows = min(g.rows, -(-count // cols))
        small = Grid(cols, rows, g.w, g.h, g.gutter, g.left, g.top)
        if self.axis == "y":
            left, top = g.left + (g.width - small.width) / 2, g.top - g.height + small.height
        else:
            left, top = g.left + g.width - small.width, g.top - (g.height - small.height) / 2
        return Fold(Grid(cols, rows, g.w, g.h, g.gutter, left, top), self.axis, self.at, self.turns)

    def line(self, settings: SheetSettings) -> Segment:
        """The fold line across the printable area (x1, y1, x2, y2)."""
        page, m = settings.paper, settings.margin
        if self.axis == "y":
            return (m, self.at, page.width - m, self.at)
        return (self.at, m, self.at, page.height - m)


def _candidate(settings: SheetSettings, w: float, h: float, axis: FoldAxis, turns: int) -> Fold:
    page, inset, bleed = settings.paper, settings.inset, settings.bleed or 0.0
    fw, fh = (w, h) if turns % 2 == 0 else (h, w)
    near = bleed + FOLD_ROOM            # from the fold line to the nearest trim
    if axis == "y":
        at = page.height / 2
        grid = grid_in((inset, at + near, page.width - inset, page.height - inset), fw, fh, 2 * bleed)
        # The fronts keep close to the fold, so each folded pair is compact.
        grid = Grid(grid.cols, grid.rows, fw, fh, grid.gutter, grid.left, at + near + grid.height)
    else:
        at = page.width / 2
        grid = grid_in((inset, inset, at - near, page.height - inset), fw, fh, 2 * bleed)
        grid = Grid(grid.cols, grid.rows, fw, fh, grid.gutter, at - near - grid.width, grid.top)
    return Fold(grid, axis, at, turns)


def fit_fold(settings: SheetSettings, w: float, h: float) -> Fold:
    """The gutterfold arrangement that holds most ``w`` x ``h`` components a sheet
    (upright and a horizontal fold first, where several hold as many)."""
    candidates = [_candidate(settings, w, h, axis, turns) for turns in (0, 1) for axis in ("y", "x")]
    best = max(candidates, key=lambda f: f.grid.capacity)   # the first of equals
    if best.grid.capacity < 1:
        raise InputError(f"a {w:g} x {h:g} mm component and its back do not fit on one "
                         f"{settings.paper.name} sheet inside {settings.margin:g} mm margins with "
                         f"a {settings.bleed or 0:g} mm bleed and room for crop marks", field="--layout")
    return best


def turned(draw: DrawFn, turns: int) -> DrawFn:
    """``draw`` (made for an upright component) turned ``turns`` quarters anticlockwise
    inside its footprint on the page."""
    turns %= 4
    if not turns:
        return draw

    def draw_turned(pen: Pen) -> None:
        draw(pen.turned(turns))

    return draw_turned


def fold_words(line: Segment, trims: Sequence[Rect], bleed: float
               ) -> tuple[list[Interval], list[tuple[float, float, float]]]:
    """Where the word "fold" goes on the fold ``line``: the stretches of the line left
    out for it and each word's centre and angle (degrees).

    The word sits at both ends of the line, between the printable edge and the
    components' bleed where it fits there, else over the outermost components'
    middles (in the gap between the fronts and the backs, clear of every mark).

    >>> gaps, words = fold_words((5, 148.5, 205, 148.5), [(20, 150, 80, 60), (110, 150, 80, 60)], 0)
    >>> words
    [(12.5, 148.5, 0), (197.5, 148.5, 0)]
    """
    x1, y1, x2, y2 = line
    along = 0 if y1 == y2 else 1
    start, end = (x1, x2) if along == 0 else (y1, y2)
    spans = sorted((r[along], r[along] + r[along + 2]) for r in trims)
    room = fonts.width_mm(FOLD_WORD, FOLD_WORD_PT) + 2 * WORD_CLEAR
    first, last = spans[0][0] - bleed, max(z for _, z in spans) + bleed
    if first - start >= room and end - last >= room:
        centres = [(start + first) / 2, (last + end) / 2]
    else:
        centres = sorted({(spans[0][0] + spans[0][1]) / 2, (spans[-1][0] + spans[-1][1]) / 2})
    gaps = [(c - room / 2, c + room / 2) for c in centres]
    if along == 0:
        return gaps, [(c, y1, 0) for c in centres]
    return gaps, [(x1, c, 90) for c in centres]


def dashed_pieces(line: Segment, gaps: Sequence[Interval]) -> list[Segment]:
    """``line`` without the stretches ``gaps`` (measured along it).

    >>> dashed_pieces((0, 5, 100, 5), [(10, 20), (80, 90)])
    [(0, 5, 10, 5), (20, 5, 80, 5), (90, 5, 100, 5)]
    """
    x1, y1, x2, y2 = line
    horizontal = y1 == y2
    start, end = (x1, x2) if horizontal else (y1, y2)
    pieces, at = [], start
    for a, z in sorted(gaps) + [(end, end)]:
        if a > at:
            pieces.append((at, min(a, end)))
        at = max(at, z)
    if horizontal:
        return [(a, y1, z, y1) for a, z in pieces]
    return [(x1, a, x1, z) for a, z in pieces]


def turned_shape(shape: Shape, turns: int, w: float, h: float) -> Shape:
    """The cut outline of an upright ``w`` x ``h`` component turned as :func:`turned` turns it.

    >>> turned_shape(Shape("polygon", ((0.0, 0.0), (10.0, 0.0), (0.0, 20.0))), 1, 10.0, 20.0).points
    ((20.0, 0.0), (20.0, 10.0), (0.0, 0.0))
    """
    turns %= 4
    if shape.kind != "polygon" or not turns:
        return shape
    move = {1: lambda u, v: (h - v, u), 2: lambda u, v: (w - u, h - v), 3: lambda u, v: (v, w - u)}[turns]
    return Shape("polygon", tuple(move(u, v) for u, v in shape.points))
