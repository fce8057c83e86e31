"""Crop marks that a home printer actually prints.

A printer cannot print its border (``--margin``), so every mark lies wholly
inside the printable area, in line with a trim line, clear of every
component's bleed (so never on a visible face), and as close to the component
as the sheet allows.  Each trim line gets at least two marks where there is
room: two points fix a line for a ruler or a guillotine.

The same rules work for imposed grids and free-layout pages: marks are worked
out from the component rectangles alone.

>>> from .sheet import SheetSettings, paper
>>> s = SheetSettings(paper=paper("a4"), bleed=0)
>>> len(trim_marks(s, [(20.0, 20.0, 50.0, 50.0)]))   # 4 trim lines, 2 marks each
8
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..validators.formats import Paper
from .cutter import ZONE_GAP, Cutter, keep_out

Rect = tuple[float, float, float, float]        # x, y, w, h in mm from the page's lower-left
Segment = tuple[float, float, float, float]     # x1, y1, x2, y2 in mm
Interval = tuple[float, float]

CROP_GAP = 1.0      # mm between the outer bleed and a mark, where there is room
CROP_LENGTH = 5.0   # mm, at most
MIN_GAP = 0.1       # mm, at least, between a mark and the bleed it points at
MIN_MARK = 1.1      # mm: shorter marks are not drawn (a mark must print visibly)
PRINT_INSET = 0.0   # mm marks keep inside the printable area: they may start right at it
MARK_ROOM = PRINT_INSET + MIN_GAP + MIN_MARK + 0.01  # kept free beyond a layout's outer bleed
MARK_WIDTH = 0.25   # mm
EPSILON = 1e-6


def _edges(rects: Sequence[Rect], axis: int) -> list[float]:
    """Distinct trim coordinates across ``axis`` (0: vertical lines x=v, 1: horizontal y=v)."""
    values = sorted({round(r[axis], 4) for r in rects} | {round(r[axis] + r[axis + 2], 4) for r in rects})
    return values


def _free(lo: float, hi: float, blocked: list[tuple[float, float, bool]]) -> list[tuple[float, float, bool, bool]]:
    """Free stretches of [lo, hi] between ``blocked`` intervals, each with whether its
    lower and upper ends touch a component that owns the line."""
    out, start, start_owned = [], lo, False
    for a, z, owned in sorted(blocked):
        if a > start:
            out.append((start, min(a, hi), start_owned, owned and a <= hi))
        if z >= start:
            start, start_owned = z, owned
        if start >= hi:
            break
    if start < hi:
        out.append((start, hi, start_owned, False))
    return [(a, z, oa, oz) for a, z, oa, oz in out if z - a >= MIN_MARK]


def _line_marks(v: float, axis: int, rects: Sequence[Rect], bleed: float,
                span: Interval, zones: Sequence[Rect] = ()) -> list[Interval]:
    """Stretches along the line at ``v`` that carry a mark, clear of ``zones``."""
    along = 1 - axis
    reach = bleed + MIN_GAP
    blocked = []
    for r in rects:
        lo, hi = r[axis] - reach - MARK_WIDTH / 2, r[axis] + r[axis + 2] + reach + MARK_WIDTH / 2
        if lo < v < hi:
            owned = abs(r[axis] - v) < 1e-3 or abs(r[axis] + r[axis + 2] - v) < 1e-3
            blocked.append((r[along] - reach, r[along] + r[along + 2] + reach, owned))
    for zone in zones:
        if zone[axis] - MARK_WIDTH / 2 - ZONE_GAP < v < zone[axis] + zone[axis + 2] + MARK_WIDTH / 2 + ZONE_GAP:
            blocked.append((zone[along] - ZONE_GAP, zone[along] + zone[along + 2] + ZONE_GAP, False))
    marks: list[Interval] = []
    stretches = _free(span[0], span[1], blocked)
    for a, z, low_owned, high_owned in stretches:
        ends = int(low_owned) + int(high_owned)
        if not ends:
            continue
        room = (z - a - (MIN_GAP if ends == 2 else 0)) / ends
        if room < MIN_MARK:
            continue
        # Length first (up to 2 mm), then a gap from the bleed, then the full length.
        gap = min(CROP_GAP - MIN_GAP, room - min(room, 2.0))
        length = min(CROP_LENGTH, room - gap)
        if low_owned:
            marks.append((a + gap, a + gap + length))
        if high_owned:
            marks.append((z - gap - length, z - gap))
    if len(marks) == 1:  # a second mark on the same line, at the far end of the longest stretch
        a, z, low_owned, _ = max(stretches, key=lambda s: s[1] - s[0] if s[2] or s[3] else -1)
        taken = marks[0]
        far = (a, min(a + CROP_LENGTH, taken[0] - 1.0)) if not low_owned else \
            (max(z - CROP_LENGTH, taken[1] + 1.0), z)
        if far[1] - far[0] >= MIN_MARK:
            marks.append(far)
    return marks


def trim_marks(settings, rects: Sequence[Rect]) -> list[Segment]:
    """Mark segments for every trim line of ``rects`` on a page of ``settings``, clear of
    a cutting machine's registration marks."""
    return list(_trim_marks(settings.paper, settings.margin, settings.bleed or 0.0, settings.cutter,
                            tuple(rects)))


@cache
def _trim_marks(page: Paper, margin: float, bleed: float, cutter: Cutter | None,
                rects: tuple[Rect, ...]) -> tuple[Segment, ...]:
    """:func:`trim_marks`, worked out once per layout: every sheet of a deck has the same one,
    and the sheet label and the layout search ask for it again."""
    m = margin + PRINT_INSET
    spans = ((m, page.height - m), (m, page.width - m))   # along vertical lines, along horizontal lines
    zones = keep_out(page, cutter)
    segments: list[Segment] = []
    for axis in (0, 1):
        for v in _edges(rects, axis):
            for a, z in _line_marks(v, axis, rects, bleed, spans[axis], zones):
                segments.append((v, a, v, z) if axis == 0 else (a, v, z, v))
    return tuple(segments)


def every_line_marked(settings, rects: Sequence[Rect]) -> bool:
    """Whether :func:`trim_marks` puts two marks on every trim line of ``rects``: a layout
    may leave a line with no room for them (one that runs between a cutting machine's
    registration marks).

    >>> from .sheet import SheetSettings, paper
    >>> every_line_marked(SheetSettings(paper=paper("a4"), bleed=0), [(20.0, 20.0, 50.0, 50.0)])
    True
    """
    marks = trim_marks(settings, rects)
    return all(sum(1 for m in marks if _on(m, axis, v)) >= 2 for axis in (0, 1) for v in _edges(rects, axis))


def _on(mark: Segment, axis: int, v: float) -> bool:
    """Whether ``mark`` lies on the trim line at ``v`` across ``axis``."""
    a, b = (mark[0], mark[2]) if axis == 0 else (mark[1], mark[3])
    return abs(a - v) < EPSILON and abs(b - v) < EPSILON


def trim_lines(rects: Sequence[Rect]) -> list[Segment]:
    """Full-length guides along every trim line, across the components that own it."""
    segments: list[Segment] = []
    for axis in (0, 1):
        for v in _edges(rects, axis):
            owners = [r for r in rects if abs(r[axis] - v) < 1e-3 or abs(r[axis] + r[axis + 2] - v) < 1e-3]
            lo = min(r[1 - axis] for r in owners)
            hi = max(r[1 - axis] + r[3 - axis] for r in owners)
            segments.append((v, lo, v, hi) if axis == 0 else (lo, v, hi, v))
    return segments
