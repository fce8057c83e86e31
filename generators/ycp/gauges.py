"""The gauge sheets: each game's postcard front turned a quarter and enlarged
to a whole A4 or Letter page, for players who find the postcard small.

A gauge sheet exists so that a cube fits its spaces: at full page size every
track space and grid square holds an 8 mm wooden cube with room to spare.  A
layout that leaves less room (a cutting machine's area, half a sheet folded
behind the other) can only print the sheet smaller; :func:`gauge_document`
does so for the games whose spaces still hold the cube at that size, and
refuses, naming those games, when any asked for would not.
"""
from __future__ import annotations

from dataclasses import replace

from ...validators.errors import InputError
from ...validators.ycp.model import CARD_H, CARD_W, GAMES, Postcard
from ...validators.ycp.postcard_file import load_postcard
from ...validators.registry import find_game
from ..fold import fit_fold
from ..marks import MIN_GAP, every_line_marked
from ..pen import Pen
from ..sheet import Document, Piece, SheetSettings, fit_grid, resolve_bleed
from ..sheetlabel import labels_fit
from .card import card_back, card_front, measure
from .elements import cube_spaces
from .ink import Ink

SHEET_INSET = 3.0     # mm kept inside the sheet margin around the enlarged card
SHEET_MARK = 1.6      # mm of crop mark left room for beyond the bleed: more than the least mark
                      # drawn, so a full-page sheet's marks print clearly (the cube still fits)
CUBE_MM = 8.0         # the usual wooden game cube
CUBE_ROOM = 1.0       # mm a space keeps beyond the cube's side
SCALE_STEP = 0.001    # the smaller scales tried for a layout with less room


def gauge_scale(page_w: float, page_h: float, margin: float, bleed: float = 0.0) -> float:
    """How much a card turned a quarter grows to fill a page: its trim stays
    :data:`SHEET_INSET` inside the margin, and further in when the bleed and a crop
    mark of :data:`SHEET_MARK` beyond it need the room."""
    inset = max(margin + SHEET_INSET, margin + bleed + MIN_GAP + SHEET_MARK)
    return min((page_h - 2 * inset) / CARD_W, (page_w - 2 * inset) / CARD_H)


def fitted_scale(settings: SheetSettings, full: float) -> float:
    """The largest scale from 1 (the postcard) up to ``full`` at which one gauge sheet fits
    the settings' layout: inside a cutter's area with every trim line held by two crop
    marks, or with its back on the other half of a gutterfold sheet (0 when none fits)."""
    def fits(steps: int) -> bool:
        w, h = CARD_H * steps * SCALE_STEP, CARD_W * steps * SCALE_STEP
        try:
            if settings.layout == "gutterfold":
                return fit_fold(settings, w, h).grid.capacity >= 1 and _labelled(settings, w, h)
            grid = fit_grid(settings, w, h)
        except InputError:
            return False
        return grid.capacity >= 1 and every_line_marked(settings, [(*grid.origin(0), w, h)])

    low, high = round(1 / SCALE_STEP), int(full / SCALE_STEP)
    if not fits(low):
        return 0.0
    while low < high:       # fits(low) holds throughout
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low * SCALE_STEP


def _labelled(settings: SheetSettings, w: float, h: float) -> bool:
    """Whether a folded gauge sheet of ``w`` x ``h`` mm leaves its sheet labels room (the
    sheets fill the page, so the label's room is what decides their size)."""
    doc = Document(settings, game="ycp", ruleset="fit", title="fit")
    doc.add_pieces([Piece("gauge-sheet", "fit", _blank, _blank)], w, h, section="fit")
    return labels_fit(doc, find_game("ycp").title)


def _blank(pen: Pen) -> None:
    """A piece with no art: only its place on the sheet counts."""


def smallest_space(card: Postcard) -> float:
    """The side (mm, on the postcard) of the card's smallest track space or grid square."""
    return min(side for _, side in cube_spaces(Ink(Pen.off_page(CARD_W, CARD_H)), card.front))


def gauge_side(card: Postcard, scale: float, label: str | None, side: str = "front"):
    """One side of the enlarged card, drawn in a portrait piece of (105 x 148) x ``scale`` mm:
    the landscape card turned a quarter.  The sheet engine places it, mirrors its back and
    draws its crop marks, cut lines and bleed like any other component's."""

    def draw(pen: Pen) -> None:
        pen.translate(pen.w, 0.0)
        pen.rotate(90)
        pen.scale(scale, scale)
        inner = replace(pen, w=CARD_W, h=CARD_H, bleed=pen.bleed / scale)
        (card_front(card, label=label) if side == "front" else card_back(card))(inner)

    return draw


def _smaller(settings: SheetSettings, cards: list[Postcard], full: float) -> float:
    """The scale a cutter or a gutterfold layout leaves the gauge sheets, refused (naming
    the games whose spaces would be too small and those that would fit) when a cube would
    no longer fit some card's spaces."""
    option = "--cutter" if settings.cutter else "--layout"
    what = f"--cutter {settings.cutter}" if settings.cutter else "--layout gutterfold"
    scale = fitted_scale(settings, full)
    cube = CUBE_MM + CUBE_ROOM
    short = [c.id for c in cards if smallest_space(c) * scale < cube]
    if short:
        fitting = [g for g in GAMES if smallest_space(load_postcard(g)) * scale >= cube]
        instead = f"name only games that fit ({' '.join(fitting)})" if fitting else "no game fits"
        games = " ".join(short) if len(short) <= 3 else f"{len(short)} of the {len(cards)} games"
        without = "full size, cut by hand" if settings.cutter else "play side and back on two one-sided pages"
        raise InputError(f"{what} leaves room for a gauge sheet at {scale:.2f}x the postcard on "
                         f"{settings.paper.name} ({full:.2f}x without it): too small for an "
                         f"{CUBE_MM:g} mm cube in {games}; {instead}, or leave out "
                         f"{option} ({without})", field=option)
    return scale


def gauge_document(settings: SheetSettings, games: list[str], ruleset: str) -> Document:
    """One full-size play sheet per game, each on its own page."""
    doc = Document(settings, game="ycp", ruleset=ruleset, title="YCP gauge sheets",
                   options={"games": list(games), "postcard": "sheet", "gauges": True})
    page, bleed = settings.paper, resolve_bleed(settings, []).bleed or 0.0
    scale = gauge_scale(page.width, page.height, settings.margin, bleed)
    cards = [load_postcard(game) for game in games]
    if settings.cutter or settings.layout == "gutterfold":
        scale = _smaller(replace(settings, bleed=bleed), cards, scale)
    for card in cards:
        label = f"ycp:{card.id}:sheet"
        piece = Piece("gauge-sheet", label, gauge_side(card, scale, label), gauge_side(card, scale, None, "back"),
                      data={"game": card.id, "title": card.title, "fit": measure(card, scale)}, art_turns=1)
        doc.add_pieces([piece], CARD_H * scale, CARD_W * scale, section=f"gauges {card.id}")
    return doc
