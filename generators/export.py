"""Print-on-demand export: every card face and back as its own file, with the bleed.

Print-on-demand services (The Game Crafter, MakePlayingCards and the like) take
one image per card face, with bleed, at 300 dpi or more.  :func:`card_files`
draws each distinct card of a document once, front and back, as a PNG at the
chosen resolution and as a one-page vector PDF whose trim box is the card, and
lists them in ``cards.csv`` with how many copies the deck holds.  Files are
numbered in deck order (``001-ryb-goal-red-4-front.png``), so they sort the way
the deck is dealt from the sheets.

>>> export_bleed(None), export_bleed(2.0)
(3.175, 2.0)
>>> file_stem(7, 120, "ryb:goal:red-4")
'007-ryb-goal-red-4'
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


from .pen import pen_for
from .pdf import new_canvas
from .previews import check_dpi, png_bytes
from .sheet import Document, DrawFn
from .units import from_inches, pixels, pt, render_scale

POD_BLEED = from_inches(1 / 8)   # mm: the eighth of an inch print-on-demand templates add on each side
LISTING = "cards.csv"
COLUMNS = ("file", "pdf", "card", "side", "count", "width_mm", "height_mm", "bleed_mm", "dpi")
_UNSAFE = re.compile(r"[^a-z0-9]+")
_EXPORTED = re.compile(r"[0-9]{3,}-[a-z0-9-]+-(front|back)\.(png|pdf)")


@dataclass(frozen=True)
class Card:
    """One distinct card of a deck: its label, how to draw it, its size and copies."""

    label: str
    front: DrawFn
    back: DrawFn | None
    width: float
    height: float
    count: int


def export_bleed(given: float | None) -> float:
    """The bleed of exported cards: ``--bleed`` when given, else an eighth of an inch."""
    return POD_BLEED if given is None else given


def file_stem(number: int, total: int, label: str) -> str:
    """``NNN-label`` with the number padded so names sort in deck order."""
    digits = max(3, len(str(total)))
    return f"{number:0{digits}d}-{_UNSAFE.sub('-', label.lower()).strip('-')}"


def deck_cards(doc: Document) -> list[Card]:
    """The distinct cards the sheets hold, in the order they are imposed, with their counts
    (not the pieces that are no card, such as a die's net)."""
    found: dict[str, Card] = {}
    for piece, w, h in doc.imposed:
        if not piece.card:
            continue
        seen = found.get(piece.label)
        count = 1 if seen is None else seen.count + 1
        found[piece.label] = Card(piece.label, piece.front, piece.back, w, h, count) if seen is None \
            else Card(seen.label, seen.front, seen.back, seen.width, seen.height, count)
    return list(found.values())


def card_pdf(draw: DrawFn, w: float, h: float, bleed: float, ink_saver: bool, title: str) -> bytes:
    """One card face as a one-page PDF: the page is the card plus its bleed, the trim box the card."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, w + 2 * bleed, h + 2 * bleed, title)
    canvas.setTrimBox((pt(bleed), pt(bleed), pt(bleed + w), pt(bleed + h)))
    canvas.setBleedBox((0, 0, pt(w + 2 * bleed), pt(h + 2 * bleed)))
    canvas.saveState()
    canvas.scale(pt(1), pt(1))
    draw(pen_for(canvas, bleed, bleed, w, h, bleed=bleed, ink_saver=ink_saver, clip=True))
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def card_png(pdf: bytes, w: float, h: float, dpi: int) -> bytes:
    """The one-page ``pdf`` of a ``w`` x ``h`` mm face as a PNG of exactly the pixels ``dpi`` gives.

    The rasteriser rounds each side up, so it may draw one pixel more than the
    template's count; that sliver of bleed is cut from the right and bottom edges.
    """
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=render_scale(dpi) * (1 + 1e-6)).to_pil()
    finally:
        document.close()
    size = (pixels(w, dpi), pixels(h, dpi))
    if image.size != size:
        image = image.crop((0, 0, *size))
    return png_bytes(image, dpi)


def card_files(doc: Document, bleed: float, dpi: int) -> list[tuple[str, bytes]]:
    """Every file of the export, ``(name, bytes)``: a PNG and a PDF per face, and the listing."""
    check_dpi(dpi)
    cards = deck_cards(doc)
    files: list[tuple[str, bytes]] = []
    rows: list[Sequence[object]] = []
    for number, card in enumerate(cards, start=1):
        stem = file_stem(number, len(cards), card.label)
        for side, draw in (("front", card.front), ("back", card.back)):
            if draw is None:
                continue
            pdf = card_pdf(draw, card.width, card.height, bleed, doc.settings.ink_saver,
                           f"{card.label} ({side})")
            png = card_png(pdf, card.width + 2 * bleed, card.height + 2 * bleed, dpi)
            files += [(f"{stem}-{side}.png", png), (f"{stem}-{side}.pdf", pdf)]
            rows.append((f"{stem}-{side}.png", f"{stem}-{side}.pdf", card.label, side, card.count,
                         f"{card.width:g}", f"{card.height:g}", f"{bleed:g}", dpi))
    listing = io.StringIO()
    writer = csv.writer(listing, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    files.append((LISTING, listing.getvalue().encode()))
    return files


def older_exports(folder: Path, keep: set[str]) -> list[Path]:
    """Files an earlier export left in ``folder`` that this one does not write.

    >>> older_exports(Path("no such folder"), set())
    []
    """
    try:
        names = sorted(p.name for p in Path(folder).iterdir())
    except OSError:
        return []
    return [Path(folder) / n for n in names
            if (_EXPORTED.fullmatch(n) or n == LISTING) and n not in keep]
