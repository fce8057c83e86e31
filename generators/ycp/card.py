"""The two sides of one postcard, drawn on the nominal 148 x 105 mm card.

One generic renderer lays out every postcard from its data
(:mod:`...validators.ycp.model`): a header band, then each element in its
box.  :func:`measure` lays a card out off the page to record how its text fits.
"""
from __future__ import annotations

from ...validators.ycp.fit import TextFit, summary
from ...validators.ycp.model import CARD_H, CARD_W, Picture, Postcard, nominal_inset
from ..pen import Pen
from ..units import to_mm
from .elements import DRAWERS
from .ink import MIN_PT, Ink
from .pictures import PICTURES

HEADER = 7.0                      # mm: the title band across the top of every front
PALETTE = {                       # (accent, light tint) per game: looks only
    "mad-maxence": ("#bf360c", "#ffe0b2"),
    "lucha-libre": ("#6a1b9a", "#f3e5f5"),
    "protocol-g117": ("#283593", "#e8eaf6"),
    "bonnie-and-clyde": ("#4e342e", "#efebe9"),
    "which-side": ("#b71c1c", "#ffebee"),
    "toroball": ("#2e7d32", "#e8f5e9"),
    "the-last-glow": ("#00838f", "#e0f7fa"),
}


def _ink(pen: Pen, card: Postcard, fits: list[TextFit]) -> Ink:
    accent, light = PALETTE.get(card.id, ("#37474f", "#eceff1"))
    return Ink(pen, game=card.id, accent=accent, light=light, fits=fits)


def _nominal(pen: Pen) -> float:
    """Scale the canvas so the nominal card fills the real one, centred; returns how far
    (nominal mm) art must run past the nominal card to cover the real card and its bleed."""
    scale = min(pen.w / CARD_W, pen.h / CARD_H)
    pen.translate((pen.w - CARD_W * scale) / 2, (pen.h - CARD_H * scale) / 2)
    pen.scale(scale, scale)
    slack = max(pen.w - CARD_W * scale, pen.h - CARD_H * scale) / 2
    return (slack + pen.bleed) / scale + OVERRUN


OVERRUN = 0.5     # nominal mm a band runs past the bleed edge, so no hairline of paper shows
TITLE_PT = 9.5
TEXT_BASELINE = 1.2   # mm above the header band's foot: title, facts and label share it


def _header(ink: Ink, card: Postcard, label: str | None, overrun: float) -> None:
    """The title band: it runs to the trim and on into the bleed; its text stays
    :func:`nominal_inset` inside the trim (the band is 7 mm, the text sits low in it)."""
    pen = ink.pen
    pen.rect(-overrun, CARD_H - HEADER, CARD_W + 2 * overrun, HEADER + overrun, fill=ink.fill(ink.accent))
    colour = ink.accent if ink.ink_saver else "#ffffff"
    inset = nominal_inset()
    with ink.box("header", 0, 0, CARD_W, HEADER):
        title_room = CARD_W * 0.42
        ink.text(inset, TEXT_BASELINE, card.title, title_room, size=TITLE_PT, bold=True, colour=colour)
        facts = f"{card.players} · {card.minutes} min"
        if card.tagline:
            facts = f"{card.tagline} · {facts}"
        facts_room = CARD_W - 2 * inset - title_room - 2.0
        ink.text(CARD_W - inset, TEXT_BASELINE, facts, facts_room, colour=colour, anchor="right")
        if label:     # what ``check`` counts; the pen writes it unprinted, so it may sit anywhere
            ink.text(inset + ink.width(card.title, TITLE_PT, True) + 2.0, TEXT_BASELINE, f"[{label}]",
                     facts_room, colour=colour)


def draw_element(ink: Ink, element) -> None:
    x, y, w, h = element.box
    with ink.box(element.id, x, y, w, h, element.rotate) as (bw, bh):
        if isinstance(element, Picture):
            PICTURES[element.picture](ink, element, bw, bh)
        else:
            DRAWERS[type(element)](ink, element, bw, bh)


def card_front(card: Postcard, fits: list[TextFit] | None = None, label: str | None = None):
    """The playing side: header, then every element in its box."""
    log = fits if fits is not None else []

    def draw(pen: Pen) -> None:
        pen.background("#ffffff")
        overrun = _nominal(pen)
        ink = _ink(pen, card, log)
        _header(ink, card, label, overrun)
        for element in card.front:
            draw_element(ink, element)

    return draw


BACK_GAP = 3.0
NOTES_MIN = 22.0          # mm kept for the back's "good to know" block
LEADING = 1.18
BACK_COLUMNS = tuple((name, (CARD_W - 4 * BACK_GAP) / 3) for name in ("Components", "Setup", "Each turn"))


def card_back(card: Postcard, fits: list[TextFit] | None = None):
    """The reading side: components, setup and a turn summary, in three columns."""
    log = fits if fits is not None else []

    def draw(pen: Pen) -> None:
        pen.background("#ffffff")
        overrun = _nominal(pen)
        ink = _ink(pen, card, log)
        _header(ink, card, None, overrun)
        parts = (
            [f"{c.count} {_component_name(c)}" + (f": {c.what}" if c.what else "")
             for c in card.components],
            [f"{n}. {s}" for n, s in enumerate(card.setup, start=1)],
            [f"{n}. {s}" for n, s in enumerate(card.turn, start=1)] + [f"Goal: {card.goal}"],
        )
        room = CARD_H - HEADER - 1.5 - 4.7 - nominal_inset() - (NOTES_MIN if card.notes else 0.0)
        size = min(_column_size(ink, lines, width, room) for (_, width), lines in zip(BACK_COLUMNS, parts))
        used = max(_column_height(ink, lines, width, size) for (_, width), lines in zip(BACK_COLUMNS, parts))
        height = used + 4.2 + 0.5
        x = BACK_GAP
        for (title, width), lines in zip(BACK_COLUMNS, parts):
            with ink.box(f"back-{title.lower()}", x, HEADER + 1.5, width, height):
                ink.title(title, 0, height - 2.6, width, size=7)
                _column(ink, lines, width, height - 4.2, size)
            x += width + BACK_GAP
        if card.notes:
            top = HEADER + 1.5 + height + 1.5
            width = CARD_W - 2 * BACK_GAP
            pen.rect(BACK_GAP, CARD_H - top + 0.6, width, 0.3, fill=ink.fill(ink.accent))
            with ink.box("back-notes", BACK_GAP, top, width, CARD_H - top - nominal_inset()) as (w, h):
                ink.title("Good to know", 0, h - 3.0, w, size=7)
                ink.paragraph(0, h - 4.4, card.notes, w, h - 4.4, size=min(size, 7.0))

    return draw


PLURALS = {"die": "dice", "dice": "dice"}


def _component_name(c) -> str:
    """``3 cubes (A)``, ``1 die``, ``10 dice``."""
    item = c.item if c.count == 1 else PLURALS.get(c.item, c.item + "s")
    return f"{item} ({c.set})" if c.set else item


def _column_height(ink: Ink, lines: list[str], width: float, size: float) -> float:
    """Height of paragraphs stacked at ``size``, 0.9 mm apart."""
    return sum(len(ink.pen.wrap(line, width, size)) * to_mm(size) * LEADING + 0.9 for line in lines)


def _column_size(ink: Ink, lines: list[str], width: float, room: float, size: float = 7.5) -> float:
    """The largest size (from ``size``, step 0.2 pt) at which the column fits ``room``."""
    def fits(trial: float) -> bool:
        return _column_height(ink, lines, width, trial) <= room and all(
            ink.width(word, trial) <= width for line in lines for word in line.split())

    return ink.pen.fitted_size(fits, size, MIN_PT, step=0.2)


def _column(ink: Ink, lines: list[str], width: float, top: float, size: float) -> None:
    """Paragraphs stacked down a column at one size."""
    y = top
    for line in lines:
        block = len(ink.pen.wrap(line, width, size)) * to_mm(size) * LEADING
        ink.paragraph(0, y, line, width, block + 0.1, size=size, min_size=size)
        y -= block + 0.9


def measure(card: Postcard, scale: float = 1.0) -> dict:
    """Lay out both sides once, off the page, and summarise how the text fits
    once the card is printed ``scale`` times its nominal size."""
    fits: list[TextFit] = []
    pen = Pen.off_page(CARD_W, CARD_H)
    for side in (card_front(card, fits, f"ycp:{card.id}"), card_back(card, fits)):
        with pen.saved():
            side(pen)
    return summary(fits, scale)
