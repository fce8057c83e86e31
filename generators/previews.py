"""Extra outputs beside the PDF: PNG pages to look at, an SVG cut file to cut with.

The rasteriser and the SVG writer load only when asked for: most runs need neither.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

from ..validators.errors import InputError
from .sheet import Document

SHEET_GAP = 10.0  # mm between sheets stacked in one SVG
MIN_DPI, MAX_DPI = 30, 600  # an A4 page at 600 dpi is 35 million pixels


def png_pages(pdf: bytes, stem: str, dpi: int = 150) -> list[tuple[str, bytes]]:
    """Every page as ``(stem-NN.png, PNG bytes)`` at ``dpi``, ready for an all-or-nothing write."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError(f"must be between {MIN_DPI} and {MAX_DPI}, got {dpi}", field="--dpi")
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    pages = []
    try:
        for index in range(len(document)):
            image = document[index].render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi))
            pages.append((f"{stem}-{index + 1:02d}.png", buffer.getvalue()))
    finally:
        document.close()
    return pages


def older_pages(folder: Path, stem: str, keep: set[str]) -> list[Path]:
    """PNG pages of ``stem`` in ``folder`` that a new set of pages ``keep`` does not have.

    A 9-page run's ``deck-08.png`` and ``deck-09.png`` would otherwise sit
    beside a 7-page run's pages as if they belonged to it.

    >>> older_pages(Path("no such folder"), "deck", set())
    []
    """
    pattern = re.compile(re.escape(stem) + r"-[0-9]+\.png")
    try:
        names = sorted(p.name for p in Path(folder).iterdir())
    except OSError:
        return []
    return [Path(folder) / n for n in names if pattern.fullmatch(n) and n not in keep]


def cut_svg(doc: Document) -> bytes:
    """An SVG, in millimetres, with the trim outline of every component.

    Each front sheet is one layer (``sheet-N``), stacked top to bottom with a
    gap, its page outline drawn in grey for registration and the trims in red.
    """
    import svgwrite

    page = doc.settings.paper
    fronts = [p for p in doc.pages if p.side == "front" and p.placed]
    height = max(1, len(fronts)) * (page.height + SHEET_GAP) - SHEET_GAP
    drawing = svgwrite.Drawing(size=(f"{page.width}mm", f"{height}mm"), profile="full", debug=False,
                               viewBox=f"0 0 {page.width} {height}")
    for n, sheet in enumerate(fronts):
        top = n * (page.height + SHEET_GAP)
        layer = drawing.g(id=f"sheet-{n + 1}", **{"inkscape:label": f"Sheet {n + 1}",
                                                  "inkscape:groupmode": "layer"})
        layer.add(drawing.rect((0, top), (page.width, page.height), fill="none",
                               stroke="#999999", stroke_width=0.2, id=f"sheet-{n + 1}-page"))
        for i, item in enumerate(sheet.placed):
            # SVG's y grows downward from the top; the sheet engine's y grows upward.
            y = top + page.height - item.y - item.h
            layer.add(drawing.rect((round(item.x, 4), round(y, 4)), (item.w, item.h),
                                   fill="none", stroke="#ff0000", stroke_width=0.1,
                                   id=f"sheet-{n + 1}-cut-{i + 1}"))
        drawing.add(layer)
    drawing.attribs["xmlns:inkscape"] = "http://www.inkscape.org/namespaces/inkscape"
    return drawing.tostring().encode()
