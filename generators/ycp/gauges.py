"""The gauge sheets: each game's postcard front turned a quarter and enlarged
to a whole A4 or Letter page, for players who find the postcard small."""
from __future__ import annotations

from dataclasses import replace

from ...validators.ycp.postcard import CARD_H, CARD_W, Postcard
from ...validators.ycp.postcard_file import load_postcard
from ..pen import Pen
from ..marks import MARK_ROOM
from ..sheet import Document, Piece, SheetSettings, resolve_bleed
from .card import card_back, card_front, measure

SHEET_INSET = 3.0     # mm kept inside the sheet margin around the enlarged card


def gauge_scale(page_w: float, page_h: float, margin: float, bleed: float = 0.0) -> float:
    """How much a card turned a quarter grows to fill a page: its trim stays
    :data:`SHEET_INSET` inside the margin, and further in when the bleed and the
    crop marks beyond it need the room (:attr:`SheetSettings.inset`)."""
    inset = max(margin + SHEET_INSET, margin + bleed + MARK_ROOM)
    return min((page_h - 2 * inset) / CARD_W, (page_w - 2 * inset) / CARD_H)


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


def gauge_document(settings: SheetSettings, games: list[str], ruleset: str) -> Document:
    """One full-size play sheet per game, each on its own page."""
    doc = Document(settings, game="ycp", ruleset=ruleset, title="YCP gauge sheets",
                   options={"games": list(games), "postcard": "sheet", "gauges": True})
    page, bleed = settings.paper, resolve_bleed(settings, []).bleed or 0.0
    scale = gauge_scale(page.width, page.height, settings.margin, bleed)
    for game in games:
        card = load_postcard(game)
        label = f"ycp:{card.id}:sheet"
        piece = Piece("gauge-sheet", label, gauge_side(card, scale, label), gauge_side(card, scale, None, "back"),
                      data={"game": card.id, "title": card.title, "fit": measure(card, scale)})
        doc.add_pieces([piece], CARD_H * scale, CARD_W * scale, section=f"gauges {card.id}")
    return doc
