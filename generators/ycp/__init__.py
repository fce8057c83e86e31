"""Drawing the YCP postcards and their full-size gauge sheets.

:func:`build` is the entry point: the postcards of the chosen games imposed on
sheets with their backs, or (``gauges``) each game's front enlarged to a whole
page (:mod:`.gauges`).  One card's two sides are drawn by :mod:`.card`; the few
game-specific pictures live in the game's own module (:mod:`.protocol_g117`,
:mod:`.toroball`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...validators.ycp.model import CARD_H, CARD_W, DEFAULT_SIZE, GAMES, SIZE_NAMES, Postcard
from ...validators.ycp.postcard_file import load_postcard
from ..sheet import Document, Piece, SheetSettings, component_size
from .card import HEADER, card_back, card_front, measure
from .gauges import gauge_document, gauge_scale

RULESET = "ycp-0.9"


@dataclass(frozen=True)
class PostcardOptions:
    """What to print: which games, on which postcard size, or as full-page gauge sheets."""

    games: tuple[str, ...] = GAMES
    postcard: str = DEFAULT_SIZE
    gauges: bool = False


def build(settings: SheetSettings, options: PostcardOptions = PostcardOptions()) -> Document:
    """The postcards (or gauge sheets) of ``options.games``, backs behind fronts."""
    if options.gauges:
        return gauge_document(settings, list(options.games), RULESET)
    cards = [load_postcard(g) for g in options.games]
    doc = Document(settings, game="ycp", ruleset=RULESET, title="YCP postcards",
                   options={"games": list(options.games), "postcard": options.postcard, "gauges": False})
    w, h = component_size(SIZE_NAMES[options.postcard])
    doc.add_pieces([postcard_piece(c, options.postcard) for c in cards], w, h, section="postcards")
    return doc


def default_gauges(settings: SheetSettings) -> Document:
    """All seven games' gauge sheets, as ``icp-print all`` prints them."""
    return build(settings, PostcardOptions(gauges=True))


def postcard_piece(card: Postcard, size: str) -> Piece:
    """One postcard, front and back, with its text-fit record at the printed size."""
    label = f"ycp:{card.id}"
    w, h = component_size(SIZE_NAMES[size])
    scale = min(w / CARD_W, h / CARD_H)
    return Piece("postcard", label, card_front(card, label=label), card_back(card),
                 {"game": card.id, "title": card.title, "size": size, "fit": measure(card, scale)})


__all__ = ["build", "PostcardOptions", "measure", "gauge_scale", "HEADER"]
