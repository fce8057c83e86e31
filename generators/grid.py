"""Rows and columns of equal components: where each trim falls.

>>> g = grid_in((10.0, 10.0, 200.0, 100.0), 60.0, 40.0, gutter=2.0)
>>> (g.cols, g.rows, g.capacity), g.origin(0), g.origin(4)
((3, 2, 6), (13.0, 56.0), (75.0, 14.0))
"""
from __future__ import annotations

from dataclasses import dataclass

EPSILON = 1e-6
Box = tuple[float, float, float, float]     # x0, y0, x1, y1 in mm from the page's lower-left


@dataclass(frozen=True)
class Grid:
    """Where ``cols`` x ``rows`` components of ``w`` x ``h`` mm sit on a page."""

    cols: int
    rows: int
    w: float
    h: float
    gutter: float       # space between neighbouring trims: twice the bleed
    left: float         # x of the leftmost trim line
    top: float          # y of the topmost trim line (from the page bottom)

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.w + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.h + (self.rows - 1) * self.gutter

    def origin(self, slot: int) -> tuple[float, float]:
        """Lower-left trim corner of ``slot`` (row-major from the top-left)."""
        row, col = divmod(slot, self.cols)
        return (self.left + col * (self.w + self.gutter),
                self.top - (row + 1) * self.h - row * self.gutter)

    def trim_xs(self) -> list[float]:
        """Every vertical trim line, left to right."""
        xs = []
        for col in range(self.cols):
            x = self.left + col * (self.w + self.gutter)
            xs += [x, x + self.w]
        return _unique(xs)

    def trim_ys(self) -> list[float]:
        """Every horizontal trim line, top to bottom."""
        ys = []
        for row in range(self.rows):
            y = self.top - row * (self.h + self.gutter)
            ys += [y, y - self.h]
        return _unique(ys)


def _unique(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in values:
        if not out or abs(out[-1] - v) > EPSILON:
            out.append(v)
    return out


def grid_in(box: Box, w: float, h: float, gutter: float) -> Grid:
    """The largest grid of ``w`` x ``h`` trims spaced by ``gutter`` inside ``box``, centred in it
    (``cols`` or ``rows`` is 0 when not one fits)."""
    x0, y0, x1, y1 = box
    cols = max(0, int((x1 - x0 + gutter + EPSILON) // (w + gutter)))
    rows = max(0, int((y1 - y0 + gutter + EPSILON) // (h + gutter)))
    total_w = cols * w + (cols - 1) * gutter
    total_h = rows * h + (rows - 1) * gutter
    return Grid(cols, rows, w, h, gutter, left=(x0 + x1 - total_w) / 2, top=(y0 + y1 + total_h) / 2)
