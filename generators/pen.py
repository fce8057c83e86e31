"""A small drawing surface in millimetres over a reportlab canvas.

Game modules draw a component through a :class:`Pen` whose origin is the
component's trimmed lower-left corner; the art may extend ``bleed`` mm past
the trim on every side.  Font sizes are in points (as designers think of
them); every other length is in millimetres.
"""
from __future__ import annotations

import copy
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Literal

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..validators.manifest import LABEL
from . import fonts
from .units import to_mm

Colour = str  # "#rrggbb"
Anchor = Literal["left", "centre", "right"]   # which end of a line of text sits at x
Box = tuple[float, float, float, float]        # x0, y0, x1, y1 in mm
LABEL_GREY = "#8a8a8a"
INVISIBLE = 3  # PDF text render mode: neither fill nor stroke
MM_PER_PT = to_mm(1.0)


class Inked:
    """Where a page's pens put ink: a box (x0, y0, x1, y1, in mm from the page's
    lower-left) around every shape and visible line of text, as drawn (moved, turned
    and scaled by the frame it was drawn in).

    The sheet label finds room from these boxes, so it needs no rendering of the
    page; a box holds its shape's whole extent, line widths included, so the room
    it leaves is truly bare paper.
    """

    def __init__(self) -> None:
        self.boxes: list[Box] = []

    def add(self, canvas: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
        """Note the box ``(x0, y0)``-``(x1, y1)`` of the canvas's current frame."""
        # reportlab keeps the frame it applies (user space to points) as the canvas's current matrix
        a, b, c, d, e, f = canvas._currentMatrix
        xs, ys = [], []
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            xs.append((a * x + c * y + e) * MM_PER_PT)
            ys.append((b * x + d * y + f) * MM_PER_PT)
        self.boxes.append((min(xs), min(ys), max(xs), max(ys)))


class Path(PDFPathObject):
    """A reportlab path that keeps the box around its points (a curve lies inside the
    box of its control points), so drawing it can note its ink."""

    def __init__(self) -> None:
        super().__init__()
        self.box: Box | None = None

    def _reach(self, *xy: float) -> None:
        xs, ys = xy[0::2], xy[1::2]
        x0, y0, x1, y1 = self.box or (min(xs), min(ys), max(xs), max(ys))
        self.box = (min(x0, *xs), min(y0, *ys), max(x1, *xs), max(y1, *ys))

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802 - reportlab's name
        self._reach(x, y)
        super().moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self._reach(x, y)
        super().lineTo(x, y)

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:  # noqa: N802
        self._reach(x1, y1, x2, y2, x3, y3)
        super().curveTo(x1, y1, x2, y2, x3, y3)

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self._reach(x, y, x + width, y + height)
        super().rect(x, y, width, height)


@cache
def _colour(value: Colour) -> Color:
    """reportlab's colour for ``#rrggbb``, parsed once: a page sets the same few thousands of times."""
    return HexColor(value)


@dataclass
class Pen:
    """Draws one component (or one free page) at true size."""

    canvas: Canvas
    w: float
    h: float
    bleed: float = 0.0
    ink_saver: bool = False
    inked: Inked | None = None     # where to note the ink drawn (see :class:`Inked`), if anywhere

    @classmethod
    def off_page(cls, w: float, h: float) -> Pen:
        """A pen over a canvas that is never saved: for laying out and measuring only."""
        return cls(Canvas(io.BytesIO()), w, h)

    # -- frame ----------------------------------------------------------
    @contextmanager
    def saved(self) -> Iterator[None]:
        """Moves, turns, scales, clips and colours made inside are undone on leaving."""
        self.canvas.saveState()
        try:
            yield
        finally:
            self.canvas.restoreState()

    def translate(self, dx: float, dy: float) -> None:
        """Move the origin by ``(dx, dy)`` mm."""
        self.canvas.translate(dx, dy)

    def rotate(self, degrees: float) -> None:
        """Turn the frame anticlockwise about the origin."""
        self.canvas.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        """Stretch the frame: lengths and font sizes drawn afterwards are multiplied."""
        self.canvas.scale(sx, sy)

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        """Nothing drawn afterwards shows outside this rectangle."""
        box = self.canvas.beginPath()
        box.rect(x, y, w, h)
        self.canvas.clipPath(box, stroke=0, fill=0)

    def dash(self, pattern: Sequence[float]) -> None:
        """Lines drawn afterwards are dashed: on, off, on, ... in mm."""
        self.canvas.setDash(list(pattern))

    def inner(self, x: float, y: float, w: float, h: float, *, bleed: float = 0.0,
              clip: bool = True) -> Pen:
        """A pen for a ``w`` x ``h`` component whose trim's lower-left is ``(x, y)`` here.

        It moves this pen's origin: the caller wraps it in :meth:`saved`.
        """
        return pen_for(self.canvas, x, y, w, h, bleed=bleed, ink_saver=self.ink_saver, clip=clip,
                       inked=self.inked)

    def y_down(self, w: float, h: float) -> Pen:
        """A ``w`` x ``h`` pen for a frame whose y axis points down (after ``scale(1, -1)``),
        whose text still reads upright."""
        return YDownPen(self.canvas, w, h, 0.0, self.ink_saver, self.inked)

    def turned(self, quarters: int) -> Pen:
        """A pen for this component's art turned ``quarters`` quarter turns anticlockwise
        inside the same footprint (its width and height swap on odd turns).

        It moves this pen's origin: the caller wraps it in :meth:`saved`.
        """
        quarters %= 4
        if quarters:
            self.translate(*{1: (self.w, 0.0), 2: (self.w, self.h), 3: (0.0, self.h)}[quarters])
            self.rotate(90 * quarters)
        twin = copy.copy(self)      # the same kind of pen, noting what it noted
        if quarters % 2:
            twin.w, twin.h = self.h, self.w
        return twin

    def _ink(self, x0: float, y0: float, x1: float, y1: float, reach: float = 0.0) -> None:
        if self.inked is not None:
            self.inked.add(self.canvas, x0 - reach, y0 - reach, x1 + reach, y1 + reach)

    # -- shapes ---------------------------------------------------------
    def _paint(self, fill: Colour | None, stroke: Colour | None, width: float) -> tuple[int, int]:
        c = self.canvas
        if fill:
            c.setFillColor(_colour(fill))
        if stroke:
            c.setStrokeColor(_colour(stroke))
            c.setLineWidth(width)
        return (1 if fill else 0), (1 if stroke else 0)

    def background(self, colour: Colour) -> None:
        """Fill the whole component including its bleed."""
        b = self.bleed
        self.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, fill=colour)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Colour | None = None,
             stroke: Colour | None = None, width: float = 0.3, radius: float = 0.0) -> None:
        f, s = self._paint(fill, stroke, width)
        self._ink(min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h), width / 2 if s else 0.0)
        if radius:
            self.canvas.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self.canvas.rect(x, y, w, h, stroke=s, fill=f)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: Colour = "#000000",
             width: float = 0.3, dash: Sequence[float] | None = None) -> None:
        c = self.canvas
        c.saveState()
        c.setStrokeColor(_colour(colour))
        c.setLineWidth(width)
        if dash:
            c.setDash(list(dash))
        self._ink(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2), width / 2)
        c.line(x1, y1, x2, y2)
        c.restoreState()

    def circle(self, x: float, y: float, r: float, *, fill: Colour | None = None,
               stroke: Colour | None = None, width: float = 0.3) -> None:
        f, s = self._paint(fill, stroke, width)
        self._ink(x - r, y - r, x + r, y + r, width / 2 if s else 0.0)
        self.canvas.circle(x, y, r, stroke=s, fill=f)

    def polygon(self, points: Iterable[tuple[float, float]], *, fill: Colour | None = None,
                stroke: Colour | None = None, width: float = 0.3, closed: bool = True) -> None:
        pts = list(points)
        p = Path()
        p.moveTo(*pts[0])
        for q in pts[1:]:
            p.lineTo(*q)
        if closed:
            p.close()
        self.draw_path(p, fill=fill, stroke=stroke, width=width)

    def path(self) -> Path:
        """A path in this pen's millimetre space, for curves."""
        return Path()

    def draw_path(self, p: Path, *, fill: Colour | None = None, stroke: Colour | None = None,
                  width: float = 0.3) -> None:
        f, s = self._paint(fill, stroke, width)
        if p.box:   # a sharp corner's mitre may reach past the points: a line width all round
            self._ink(*p.box, width if s else 0.0)
        self.canvas.drawPath(p, stroke=s, fill=f)

    # -- text -----------------------------------------------------------
    @staticmethod
    def text_width(text: str, size: float, bold: bool = False) -> float:
        """Width in mm of ``text`` at ``size`` points."""
        return fonts.width_mm(text, size, bold)

    def text(self, x: float, y: float, text: str, *, size: float = 9.0, bold: bool = False,
             colour: Colour = "#000000", anchor: Anchor = "left", visible: bool = True) -> None:
        """Draw one line with its baseline at ``y``; anchor is left, centre or right.

        ``visible=False`` writes the text in PDF render mode 3: it does not
        print, but text extraction (and ``icp-print check``) still reads it.
        A component label (``[game:id]``, what ``check`` counts) is always
        written that way, so no machine text shows on a printed face.
        """
        c = self.canvas
        c.setFillColor(_colour(colour))
        c.setFont(fonts.face(bold), to_mm(size))
        mode = None if visible and not LABEL.fullmatch(text) else INVISIBLE
        if mode is None and self.inked is not None:
            width = self.text_width(text, size, bold)
            left = x - {"left": 0.0, "centre": width / 2, "right": width}[anchor]
            ascent, descent = getAscentDescent(fonts.face(bold), to_mm(size))
            self._ink(left, y + descent, left + width, y + ascent)
        if anchor == "centre":
            c.drawCentredString(x, y, text, mode=mode)
        elif anchor == "right":
            c.drawRightString(x, y, text, mode=mode)
        else:
            c.drawString(x, y, text, mode=mode)

    def fit_text(self, x: float, y: float, text: str, max_width: float, *, size: float = 9.0,
                 bold: bool = False, colour: Colour = "#000000", anchor: Anchor = "left",
                 min_size: float = 4.0) -> float:
        """Draw ``text`` shrunk (never below ``min_size``) to fit ``max_width``; returns the size."""
        width = self.text_width(text, size, bold)
        if width > max_width:
            size = max(min_size, size * max_width / width)
        self.text(x, y, text, size=size, bold=bold, colour=colour, anchor=anchor)
        return size

    @staticmethod
    def fitted_size(fits: Callable[[float], bool], size: float, min_size: float, step: float = 0.25) -> float:
        """The largest size, from ``size`` down in steps of ``step`` pt, at which ``fits(size)``
        holds; ``min_size`` when none above it does.  Every "shrink until it fits" goes through here.

        >>> Pen.fitted_size(lambda size: size <= 7.6, 9.0, 6.0)
        7.5
        >>> Pen.fitted_size(lambda size: False, 9.0, 6.3, step=0.2)
        6.3
        """
        while size > min_size and not fits(size):
            size = round(size - step, 3)
        return max(size, min_size)

    def wrap(self, text: str, width: float, size: float, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` mm (paragraphs on newlines)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if line and self.text_width(trial, size, bold) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def paragraph(self, x: float, top: float, text: str, width: float, *, size: float = 8.0,
                  bold: bool = False, colour: Colour = "#000000", leading: float = 1.25,
                  anchor: Anchor = "left") -> float:
        """Draw wrapped text whose first line's top is at ``top``; returns the y below it."""
        step = to_mm(size) * leading
        y = top - to_mm(size) * 0.8
        for line in self.wrap(text, width, size, bold):
            self.text(x, y, line, size=size, bold=bold, colour=colour, anchor=anchor)
            y -= step
        return y + step - to_mm(size) * 0.25

    def fitted_paragraph(self, x: float, top: float, text: str, width: float, height: float, *,
                         size: float, min_size: float, bold: bool = False, leading: float = 1.25) -> float:
        """:meth:`paragraph` at the largest size (never below ``min_size``) whose lines fill at
        most ``height`` mm; returns the size used."""
        def fits(trial: float) -> bool:
            return len(self.wrap(text, width, trial, bold)) * to_mm(trial) * leading <= height

        size = self.fitted_size(fits, size, min_size)
        self.paragraph(x, top, text, width, size=size, bold=bold, leading=leading)
        return size

    def title_band(self, height: float, title: str, colour: Colour, *, text_colour: Colour = "#ffffff",
                   size: float = 14.0, baseline: float = 4.5) -> None:
        """A card's coloured band across its top edge, bled off the sides, with a centred title.

        With ink saver the band is white with an outline in ``colour`` and the title in ``colour``.
        ``baseline`` is the title's baseline above the band's lower edge, in mm.
        """
        light = self.ink_saver
        self.rect(-self.bleed, self.h - height, self.w + 2 * self.bleed, height + self.bleed,
                  fill="#ffffff" if light else colour)
        if light:   # the outline's outer edge stays 3 mm inside the trim
            inset = 3.0 + 0.4
            self.rect(inset, self.h - height + 1.5, self.w - 2 * inset, height - 1.5 - inset,
                      stroke=colour, width=0.8, radius=2)
        self.fit_text(self.w / 2, self.h - height + baseline, title, self.w - 10, size=size, bold=True,
                      colour=colour if light else text_colour, anchor="centre", min_size=6.0)

    def label(self, text: str, *, y: float = 1.6, size: float = 4.5) -> None:
        """The ``[id]`` line that ``icp-print check`` reads to count components: invisible
        on paper (render mode 3), still in the PDF's text."""
        self.text(self.w / 2, y, f"[{text}]", size=size, colour=LABEL_GREY, anchor="centre",
                  visible=False)


class YDownPen(Pen):
    """A pen in a frame flipped upside down (y grows downwards, as board rows do):
    shapes draw as they are, each line of text is flipped back to read upright."""

    def text(self, x: float, y: float, text: str, *, size: float = 9.0, bold: bool = False,
             colour: Colour = "#000000", anchor: Anchor = "left", visible: bool = True) -> None:
        with self.saved():
            self.translate(x, y)
            self.scale(1, -1)
            super().text(0, 0, text, size=size, bold=bold, colour=colour, anchor=anchor, visible=visible)


class NotingPen(Pen):
    """A :class:`Pen` that notes in ``noted`` when the drawing asks whether to save ink, so
    a command can tell that ``--ink-saver`` changed nothing (see :mod:`.applied`)."""

    noted: set[str]
    _ink_saver: bool

    @property  # type: ignore[override]
    def ink_saver(self) -> bool:
        if hasattr(self, "noted"):      # a copy made with dataclasses.replace notes nothing
            self.noted.add("ink_saver")
        return self._ink_saver

    @ink_saver.setter
    def ink_saver(self, value: bool) -> None:
        self._ink_saver = value


def pen_for(canvas: Canvas, x: float, y: float, w: float, h: float, *, bleed: float = 0.0,
            ink_saver: bool = False, clip: bool = True, noted: set[str] | None = None,
            inked: Inked | None = None) -> Pen:
    """Move the canvas origin to ``(x, y)`` mm and clip to the bleed box.

    The caller wraps this in ``saveState``/``restoreState``.  With ``noted``, the pen
    records there which settings the drawing consulted; with ``inked``, where it drew.
    """
    canvas.translate(x, y)
    if clip:
        p = canvas.beginPath()
        p.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
        canvas.clipPath(p, stroke=0, fill=0)
    if noted is None:
        return Pen(canvas, w, h, bleed, ink_saver, inked)
    pen = NotingPen(canvas, w, h, bleed, ink_saver, inked)
    pen.noted = noted
    return pen


__all__ = ["Anchor", "Box", "Colour", "Inked", "NotingPen", "Path", "Pen", "YDownPen", "pen_for"]
