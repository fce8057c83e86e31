"""Protocol G117's own drawings: the ring-shaped Matrix and the paired action
board.  Their numbers come from the postcard data
(:mod:`...validators.ycp.protocol_g117.pictures`), never from here."""
from __future__ import annotations

import math

from ...validators.ycp.model import Picture
from ...validators.ycp.protocol_g117.pictures import (EVENT_ICONS, PairedActions, RingField, paired_actions,
                                                      ring_field)
from ..units import to_mm
from .ink import MIN_PT, Ink

LINK_BLUE = "#1565c0"
MATRIX_PINK = "#fce4ec"
AI_INK, HU_INK = "#ad1457", "#1565c0"

def ring_geometry(field: RingField, w: float, h: float) -> tuple[float, float, list[float]]:
    """Centre and ring radii (centre disk, then each ring's outer edge) inside the box."""
    top = h - 3.0
    r = min(w, top) / 2 - 0.4
    bands = len(field.rings)
    radii = [r * (0.3 + 0.7 * i / (bands - 1)) if bands > 1 else r for i in range(bands)]
    return w / 2, top / 2, radii


def _angle(turns: float) -> float:
    """Turns clockwise from the top, as a canvas angle in radians."""
    return math.pi / 2 - 2 * math.pi * turns


def space_centre(field: RingField, space: str, cx: float, cy: float, radii: list[float]):
    ring, index = field.position(space)
    if ring == 0:
        return cx, cy
    lo, hi = field.span(ring, index)
    angle, mid = _angle((lo + hi) / 2), (radii[ring - 1] + radii[ring]) / 2
    return cx + mid * math.cos(angle), cy + mid * math.sin(angle)


def _shared_arc(field: RingField, a: tuple[int, int], b: tuple[int, int]) -> float:
    """Middle (in turns) of the arc two spaces of neighbouring rings share."""
    olo, ohi = field.span(*b)
    if a[0] == 0:              # the centre disk borders the whole of every inner space
        return (olo + ohi) / 2
    lo, hi = field.span(*a)
    for k in (-1, 0, 1):
        left, right = max(lo, olo + k), min(hi, ohi + k)
        if left < right:
            return (left + right) / 2
    return (olo + ohi) / 2


def _link(ink: Ink, field: RingField, a: str, b: str, cx: float, cy: float, radii: list[float]):
    """A blue bar across the border two adjacent spaces share."""
    (ra, ia), (rb, ib) = sorted([field.position(a), field.position(b)])
    if ra == rb:       # neighbours in one ring: a bar across their radial border
        count = field.rings[ra]
        first = ia if (ia + 1) % count == ib else ib
        angle = _angle(field.span(ra, first)[1])
        r = (radii[ra - 1] + radii[ra]) / 2
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        dx, dy = -math.sin(angle), math.cos(angle)
    else:              # across a ring border, in the middle of the arc they share
        angle = _angle(_shared_arc(field, (ra, ia), (rb, ib)))
        x, y = cx + radii[ra] * math.cos(angle), cy + radii[ra] * math.sin(angle)
        dx, dy = math.cos(angle), math.sin(angle)
    half = 1.5
    ink.pen.line(x - dx * half, y - dy * half, x + dx * half, y + dy * half, colour=LINK_BLUE,
                 width=2.4)


def draw_ring(ink: Ink, pic: Picture, w: float, h: float) -> None:
    field = ring_field(pic)
    pen = ink.pen
    ink.title(pic.title, 0.3, h - 2.3, w - 0.6)
    cx, cy, radii = ring_geometry(field, w, h)
    for r in reversed(radii):
        pen.circle(cx, cy, r, fill=ink.fill(MATRIX_PINK), stroke=AI_INK, width=0.5)
    for ring in range(1, len(field.rings)):
        count = field.rings[ring]
        for k in range(count):
            angle = _angle(field.span(ring, k)[0])
            pen.line(cx + radii[ring - 1] * math.cos(angle), cy + radii[ring - 1] * math.sin(angle),
                     cx + radii[ring] * math.cos(angle), cy + radii[ring] * math.sin(angle),
                     colour=AI_INK, width=0.5)
    for a, b in field.adjacent:
        _link(ink, field, a, b, cx, cy, radii)
    for space in field.spaces():
        x, y = space_centre(field, space, cx, cy, radii)
        vp, start = field.vp.get(space), field.start.get(space)
        if vp:
            ink.text(x, y - 1.3 + (1.4 if start else 0), vp, 6, size=7, bold=True,
                     colour="#b71c1c", anchor="centre")
        if start:
            colour = AI_INK if start == "AI" else HU_INK
            pen.circle(x, y - (1.6 if vp else 0), 2.2, fill="#ffffff", stroke=colour, width=0.5)
            ink.text(x, y - (1.6 if vp else 0) - 0.7, start, 4.0, size=MIN_PT, bold=True,
                     colour=colour, anchor="centre")


# -- Protocol G117: the paired action board -----------------------------------------

def _pips(ink: Ink, x: float, y: float, count: int, colour: str) -> None:
    for k in range(count):
        ink.pen.circle(x + k * 2.4, y, 0.85, fill=colour)


def _action_cell(ink: Ink, x: float, y: float, w: float, h: float, side: str, action) -> None:
    """One action: its name, then the PO part over the Event part; a cube covers one part."""
    pen = ink.pen
    colour = AI_INK if side == "AI" else HU_INK
    pen.rect(x + 0.2, y + 0.2, w - 0.4, h - 0.4, fill=ink.fill("#ffffff"), stroke=colour, width=0.4,
             radius=0.7)
    size = max(5.6, MIN_PT)
    names = ink.pen.wrap(action.name, w - 1.0, size, True)   # a long name takes two lines
    step = to_mm(size) * 1.1
    first = y + h - 0.6 - to_mm(size) * 0.8 - (step / 2 if len(names) == 1 else 0)
    for k, line in enumerate(names):
        ink.text(x + w / 2, first - k * step, line, w - 1.0, size=size, bold=True, colour=colour,
                 anchor="centre")
    body = h - 1.4 - 2 * step          # the same band for every name keeps the parts in line
    po_h = body * 0.38
    pen.rect(x + 0.6, y + 0.6 + body - po_h, w - 1.2, po_h - 0.3, fill=ink.fill("#f5f5f5"),
             stroke=colour, width=0.2)
    ink.text(x + 1.0, y + body - po_h + 1.6, "PO", 4, size=MIN_PT, bold=True, colour=colour)
    _pips(ink, x + 6.0, y + body - po_h + 2.5, action.po, colour)
    ey = y + 0.6
    eh = body - po_h - 0.5
    pen.rect(x + 0.6, ey, w - 1.2, eh, fill=ink.fill("#f5f5f5"), stroke=colour, width=0.2)
    step = eh / (len(action.event) + 0.6)
    for k, icon in enumerate(action.event):
        ink.text(x + w / 2, ey + eh - (k + 1) * step, EVENT_ICONS[icon], w - 1.8, size=max(5.6, MIN_PT),
                 bold=True, anchor="centre", colour="#000000")


def draw_paired_actions(ink: Ink, pic: Picture, w: float, h: float) -> None:
    """Both sides' action rows: AI's outer row on top, HU's outer row at the bottom."""
    board: PairedActions = paired_actions(pic)
    per_row = len(board.pairs) // 2
    cw = w / per_row
    ch = h / 4
    order = (("AI", "outer", 0), ("AI", "inner", 1), ("HU", "inner", 2), ("HU", "outer", 3))
    for side, row, slot in order:
        pairs = [p for p in board.pairs if p.row == row]
        for k, pair in enumerate(pairs):
            action = pair.ai if side == "AI" else pair.hu
            _action_cell(ink, k * cw, h - (slot + 1) * ch, cw, ch, side, action)
