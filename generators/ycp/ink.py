"""A postcard's pen: draws in the nominal 148 x 105 mm card space and records
every line of text with the width it was given, so a validator can prove that
nothing runs out of its box (:mod:`..validators.ycp.fit`)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

from ...validators.ycp.fit import TextFit, nominal_min_pt
from ...validators.ycp.model import CARD_H, printed_scale
from ..pen import Anchor, Pen
from ..units import to_mm

US_SCALE = printed_scale("us")   # a 6 x 4 in card is the nominal 148 x 105 mm card shrunk this much
MIN_PT = nominal_min_pt()        # the smallest text on the nominal card (6.3 pt: 6.1 pt on a US card)


def _block_height(lines: int, size: float, leading: float) -> float:
    """Height of ``lines`` wrapped lines: the leading between them, one body height for the last."""
    return (lines - 1) * to_mm(size) * leading + to_mm(size) if lines else 0.0


@dataclass
class Ink:
    """A :class:`Pen` plus the text-fit log of what was drawn, element by element."""

    pen: Pen
    game: str = ""
    accent: str = "#37474f"
    light: str = "#eceff1"
    element: str = "card"
    fits: list[TextFit] = field(default_factory=list)

    @property
    def ink_saver(self) -> bool:
        return self.pen.ink_saver

    def fill(self, colour: str) -> str:
        """A fill colour, or white when saving ink."""
        return "#ffffff" if self.pen.ink_saver else colour

    @contextmanager
    def box(self, element: str, x: float, y: float, w: float, h: float, rotate: int = 0):
        """Draw inside a box given from the card's top-left; yields its (w, h).

        The origin moves to the box's lower-left; ``rotate=180`` turns the box
        about its centre, for the half of a card that faces the other player.
        """
        with self.pen.saved():
            self.pen.translate(x, CARD_H - y - h)
            if rotate == 180:
                self.pen.translate(w, h)
                self.pen.rotate(180)
            before, self.element = self.element, element
            try:
                yield w, h
            finally:
                self.element = before

    # -- text -------------------------------------------------------------
    def width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size, bold)

    def text(self, x: float, y: float, text: str, max_width: float, *, size: float = MIN_PT,
             bold: bool = False, colour: str = "#000000", anchor: Anchor = "left",
             min_size: float = MIN_PT) -> float:
        """One line shrunk to ``max_width`` (not below ``min_size``); logged; returns its size."""
        if not text:
            return size
        used = self.pen.fit_text(x, y, text, max_width, size=size, bold=bold, colour=colour,
                                 anchor=anchor, min_size=min_size)
        self.fits.append(TextFit(self.element, text, round(self.width(text, used, bold), 3),
                                 round(max_width, 3), round(used, 3)))
        return used

    def paragraph(self, x: float, top: float, text: str, width: float, height: float, *,
                  size: float = MIN_PT, bold: bool = False, colour: str = "#000000",
                  min_size: float = MIN_PT, leading: float = 1.18) -> float:
        """Wrapped text shrunk until it fits ``width`` x ``height``; logged; returns its size."""

        def fits(trial: float) -> bool:
            wrapped = self.pen.wrap(text, width, trial, bold)
            return (all(self.width(line, trial, bold) <= width for line in wrapped)
                    and _block_height(len(wrapped), trial, leading) <= height)

        size = self.pen.fitted_size(fits, size, min_size, step=0.2)
        lines = self.pen.wrap(text, width, size, bold)
        step = to_mm(size) * leading
        y = top - to_mm(size) * 0.8
        for line in lines:
            self.text(x, y, line, width, size=size, bold=bold, colour=colour, min_size=size)
            y -= step
        used = _block_height(len(lines), size, leading)
        if used > height + 0.05:
            self.fits.append(TextFit(self.element, f"{text[:30]}... (height)", round(used, 3),
                                     round(height, 3), size))
        return size

    def title(self, text: str, x: float, y: float, width: float, *, size: float = MIN_PT) -> None:
        """An element's title: bold, accent colour, left-aligned at baseline ``y``."""
        self.text(x, y, text, width, size=size, bold=True, colour=self.accent)

    def cube_slot(self, x: float, y: float, side: float, *, start: bool = False) -> None:
        """An empty square where a cube goes; the start slot is filled with the accent tint."""
        self.pen.rect(x, y, side, side, fill=self.fill(self.light) if start else "#ffffff",
                      stroke=self.accent, width=0.6 if start else 0.3, radius=0.6)
