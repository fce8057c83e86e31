"""Toroball's own drawing: the scatter compass, read from the rules' scatter table."""
from __future__ import annotations

import math

from ...validators.ycp.model import Picture
from ...validators.ycp.toroball.compass import compass_directions
from ..units import to_mm
from .features import arrow
from .ink import MIN_PT, Ink

def draw_compass(ink: Ink, pic: Picture, w: float, h: float) -> None:
    pen = ink.pen
    ink.title(pic.title, 0.3, h - 2.3, w - 0.6)
    top = h - 3.0
    cx, cy = w / 2, top / 2
    r = min(w, top) / 2 - 0.4
    pen.circle(cx, cy, r, fill=ink.fill("#fff8e1"), stroke=ink.accent, width=0.5)
    for face, dx, dy in compass_directions(ink.game, pic):
        n = math.hypot(dx, dy)
        ux, uy = dx / n, dy / n
        arrow(ink, cx + ux * r * 0.42, cy + uy * r * 0.42, ux, uy, r * 0.5, colour=ink.accent,
              width=0.5)
        size = MIN_PT
        ink.text(cx + ux * r * 0.82, cy + uy * r * 0.82 - to_mm(size) * 0.36, str(face), 3.0,
                 size=size, bold=True, anchor="centre")
    pen.circle(cx, cy, 1.0, fill=ink.accent)
