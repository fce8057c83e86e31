"""What a grid square can carry: start points, victory points, bottles, walls,
arrows, goals.  One small drawing per style; unknown styles print their text."""
from __future__ import annotations

import math

from ...validators.ycp.model import Feature
from ..units import to_mm
from .ink import MIN_PT, Ink

ARROWS = {"e": (1, 0), "w": (-1, 0), "n": (0, 1), "s": (0, -1),
          "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
FEATURE_STYLES = ("start", "vp", "block", "bottle", "goal", "shade", "cow", "ball", "mark",
                  *(f"arrow-{d}" for d in ARROWS), "wall-n", "wall-s", "wall-e", "wall-w")


def _centred(ink: Ink, text: str, x: float, y: float, side: float, size: float, **kw) -> None:
    ink.text(x + side / 2, y + side / 2 - to_mm(size) * 0.36, text, side - 0.6, size=size,
             anchor="centre", **kw)


def arrow(ink: Ink, cx: float, cy: float, dx: float, dy: float, length: float,
          colour: str = "#000000", width: float = 0.5) -> None:
    """An arrow of ``length`` mm centred on (cx, cy) pointing along (dx, dy)."""
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    x1, y1 = cx - ux * length / 2, cy - uy * length / 2
    x2, y2 = cx + ux * length / 2, cy + uy * length / 2
    ink.pen.line(x1, y1, x2 - ux * 0.8, y2 - uy * 0.8, colour=colour, width=width)
    head = length * 0.35
    px, py = -uy, ux
    ink.pen.polygon([(x2, y2), (x2 - ux * head + px * head * 0.55, y2 - uy * head + py * head * 0.55),
                     (x2 - ux * head - px * head * 0.55, y2 - uy * head - py * head * 0.55)],
                    fill=colour)


def _bottle(ink: Ink, x: float, y: float, side: float) -> None:
    """A sangria bottle: body, shoulder and neck, in wine red."""
    wine = "#8e1b3a"
    bw, bh = side * 0.3, side * 0.42
    bx, by = x + side / 2 - bw / 2, y + side * 0.14
    ink.pen.rect(bx, by, bw, bh, fill=ink.fill(wine), stroke=wine, width=0.3, radius=bw * 0.25)
    ink.pen.rect(x + side / 2 - bw * 0.18, by + bh - 0.2, bw * 0.36, side * 0.28, fill=ink.fill(wine),
                 stroke=wine, width=0.3)


def draw_feature(ink: Ink, f: Feature, x: float, y: float, side: float) -> None:
    pen, style = ink.pen, f.style
    if style == "wall-n":
        pen.line(x, y + side, x + side, y + side, colour="#4e342e", width=1.4)
    elif style == "wall-s":
        pen.line(x, y, x + side, y, colour="#4e342e", width=1.4)
    elif style == "wall-e":
        pen.line(x + side, y, x + side, y + side, colour="#4e342e", width=1.4)
    elif style == "wall-w":
        pen.line(x, y, x, y + side, colour="#4e342e", width=1.4)
    elif style.startswith("arrow-"):
        dx, dy = ARROWS[style[6:]]
        arrow(ink, x + side / 2, y + side / 2, dx, dy, side * 0.62, colour=ink.accent, width=0.6)
    elif style == "block":
        pen.rect(x + 0.2, y + 0.2, side - 0.4, side - 0.4, fill="#4e342e" if not ink.ink_saver
                 else "#ffffff", stroke="#4e342e", width=0.6)
        _centred(ink, f.text, x, y, side, MIN_PT, bold=True,
                 colour="#ffffff" if not ink.ink_saver else "#4e342e")
    elif style in ("goal", "shade"):
        pen.rect(x, y, side, side, fill=ink.fill("#c8e6c9" if style == "goal" else ink.light),
                 stroke=ink.accent, width=0.25)
        _centred(ink, f.text, x, y, side, MIN_PT, bold=True, colour=ink.accent)
    elif style == "bottle":
        _bottle(ink, x, y, side)
    elif style == "start":
        pen.circle(x + side / 2, y + side / 2, side * 0.4, fill=ink.fill(ink.light), stroke=ink.accent,
                   width=0.5)
        _centred(ink, f.text, x, y, side * 0.9, max(5.6, MIN_PT), bold=True, colour=ink.accent)
    elif style == "vp":
        _centred(ink, f.text, x, y, side, min(8.0, side * 1.4), bold=True, colour="#b71c1c")
    elif style == "cow":
        pen.rect(x + side * 0.12, y + side * 0.12, side * 0.76, side * 0.76, stroke="#4e342e",
                 width=0.5, radius=side * 0.2)
        _centred(ink, f.text or "COW", x, y, side, MIN_PT, bold=True, colour="#4e342e")
    elif style == "ball":
        pen.circle(x + side / 2, y + side / 2, side * 0.22, fill="#ffffff", stroke="#000000", width=0.4)
        pen.line(x + side * 0.35, y + side / 2, x + side * 0.65, y + side / 2, width=0.2)
    else:
        _centred(ink, f.text, x, y, side, max(5.6, MIN_PT), bold=True)
