"""The gauge sheets: each game's postcard front turned a quarter and enlarged
to a whole A4 or Letter page, for players who find the postcard small."""
from __future__ import annotations

from ...validators.ycp.postcard import CARD_H, CARD_W, Postcard
from ...validators.ycp.postcard_file import load_postcard
from ..pen import Pen
from ..sheet import Document, Piece, Placed, SheetSettings
from .card import card_back, card_front, measure

SHEET_INSET = 3.0     # mm kept inside the sheet margin around the enlarged card


def gauge_scale(page_w: float, page_h: float, margin: float) -> float:
    """How much a card turned a quarter grows to fill a page inside its margins."""
    inset = margin + SHEET_INSET
    return min((page_h - 2 * inset) / CARD_W, (page_w - 2 * inset) / CARD_H)


def gauge_sheet(card: Postcard, label: str | None, side: str = "front", margin: float = 5.0):
    """A full page: the postcard front (or back) turned a quarter and enlarged to the page."""

    def draw(pen: Pen) -> None:
        scale = gauge_scale(pen.w, pen.h, margin)
        canvas = pen.canvas
        canvas.translate(pen.w / 2 + CARD_H * scale / 2, pen.h / 2 - CARD_W * scale / 2)
        canvas.rotate(90)
        canvas.scale(scale, scale)
        clip = canvas.beginPath()
        clip.rect(0, 0, CARD_W, CARD_H)
        canvas.clipPath(clip, stroke=0, fill=0)
        inner = Pen(canvas, CARD_W, CARD_H, ink_saver=pen.ink_saver)
        (card_front(card, label=label) if side == "front" else card_back(card))(inner)
        inner.rect(0, 0, CARD_W, CARD_H, stroke="#9e9e9e", width=0.2)

    return draw


def gauge_document(settings: SheetSettings, games: list[str], ruleset: str) -> Document:
    """One full-size play sheet per game."""
    doc = Document(settings, game="ycp", ruleset=ruleset, title="YCP gauge sheets",
                   options={"games": list(games), "postcard": "sheet", "gauges": True})
    page = settings.paper
    scale = gauge_scale(page.width, page.height, settings.margin)
    for game in games:
        card = load_postcard(game)
        label = f"ycp:{card.id}:sheet"
        front = gauge_sheet(card, label, "front", settings.margin)
        doc.add_page(front, section=f"gauges {card.id}",
                     placed=[Placed(label, "gauge-sheet", 0, 0, page.width, page.height)],
                     pieces=[Piece("gauge-sheet", label, front,
                                   data={"game": card.id, "title": card.title,
                                         "fit": measure(card, scale)})],
                     back=gauge_sheet(card, None, "back", settings.margin))
    return doc
