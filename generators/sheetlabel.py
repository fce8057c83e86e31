"""The sheet label, "RYB · sheet 2 of 7 · front", printed in the margin of every
page so loose sheets sort themselves.

It is set in 6.5 pt dark grey (7:1 on white paper), wholly inside the
printable area, and never over a component, its bleed, a crop mark or the
fold line: :func:`label_spot` looks for room along the paper's edges first
(bottom, top, left, right, the text turned a quarter on the sides), then
further in.  What is in the way comes either as boxes (imposed pages, whose
components and marks the engine knows) or as a map of the page's ink
(free-layout pages, whose art only their drawing knows).

>>> sheet_labels(["front", "back", "front", "back"], "RYB")  # what SHEET_LABEL matches
['RYB · sheet 1 of 2 · front', 'RYB · sheet 1 of 2 · back', 'RYB · sheet 2 of 2 · front', 'RYB · sheet 2 of 2 · back']
>>> label_spot(210, 297, 5, boxes_blocker([(20, 5, 190, 292)]), 30, 2.3)  # only the left side is free
(7.048, 133.5, 90)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

Box = tuple[float, float, float, float]         # x0, y0, x1, y1 in mm
Interval = tuple[float, float]
# What is in the way inside a strip of the page: (axis, lo, hi) -> the blocked stretches along
# the strip; axis 0: the strip lo <= y <= hi, stretches along x; axis 1: lo <= x <= hi, along y.
Blocker = Callable[[int, float, float], list[Interval]]
Spot = tuple[float, float, int]                 # the text's start point (baseline's left end) and angle

LABEL_PT = 6.5
LABEL_COLOUR = "#595959"    # 7:1 against white paper
CLEAR = 0.5                 # mm kept free around the label
EDGE = 0.3                  # mm inside the printable area
DEPTH_STEP = 0.5            # mm further in at each try
MAX_DEPTH = 60.0            # mm from the printable edge, at most
DESCENT = 0.24              # of the font size: below the baseline


def sheet_labels(sides: Sequence[str], title: str) -> list[str]:
    """The label of each page: a back belongs to the sheet of the front before it."""
    sheet, numbers = 0, []
    for side in sides:
        sheet += side != "back" or sheet == 0
        numbers.append(sheet)
    return [f"{title} · sheet {n} of {sheet} · {side}" for n, side in zip(numbers, sides)]


def boxes_blocker(boxes: Sequence[Box]) -> Blocker:
    """A :data:`Blocker` for obstacles known as boxes."""
    def blocked(axis: int, lo: float, hi: float) -> list[Interval]:
        across = 1 - axis
        return [(b[axis], b[axis + 2]) for b in boxes if b[across] < hi and b[across + 2] > lo]
    return blocked


def _best(free_from: float, free_to: float, blocked: list[Interval], length: float,
          centre: float) -> float | None:
    """Start of the ``length`` stretch in [free_from, free_to] clear of ``blocked``, nearest ``centre``."""
    best, at = None, free_from
    for a, z in sorted(blocked) + [(free_to, free_to)]:
        a = min(a, free_to)
        if a - at >= length:
            start = min(max(centre - length / 2, at), a - length)
            if best is None or abs(start + length / 2 - centre) < abs(best + length / 2 - centre):
                best = start
        at = max(at, z)
        if at >= free_to:
            break
    return best


def label_spot(width: float, height: float, margin: float, blocked: Blocker,
               length: float, size: float) -> Spot | None:
    """Where a label ``length`` mm long and ``size`` mm tall (its font size) goes, or None."""
    lo, top, right = margin + EDGE, height - margin - EDGE, width - margin - EDGE
    depth = 0.0
    while depth <= MAX_DEPTH:
        # bottom and top (text along x), then left and right (text along y, turned a quarter)
        for axis, a, z, near in ((0, lo, right, lo + depth), (0, lo, right, top - depth - size),
                                 (1, lo, top, lo + depth), (1, lo, top, right - depth - size)):
            if near < lo or near + size > (top if axis == 0 else right):
                continue
            stretch = blocked(axis, near - CLEAR, near + size + CLEAR)
            padded = [(s - CLEAR, e + CLEAR) for s, e in stretch]
            start = _best(a, z, padded, length, (a + z) / 2)
            if start is None:
                continue
            if axis == 0:
                return round(start, 3), round(near + DESCENT * size, 3), 0
            return round(near + size - DESCENT * size, 3), round(start, 3), 90
        depth += DEPTH_STEP
    return None


def ink_blocker(ink: Callable[[int, float, float], list[bool]], step: float) -> Blocker:
    """A :data:`Blocker` from a page's ink: ``ink(axis, lo, hi)`` says, for each ``step`` mm
    along the strip, whether anything is printed there."""
    def blocked(axis: int, lo: float, hi: float) -> list[Interval]:
        return [(i * step, (i + 1) * step) for i, dark in enumerate(ink(axis, lo, hi)) if dark]
    return blocked


def either(*blockers: Blocker) -> Blocker:
    """What any of ``blockers`` finds in the way."""
    def blocked(axis: int, lo: float, hi: float) -> list[Interval]:
        return [stretch for b in blockers for stretch in b(axis, lo, hi)]
    return blocked
