"""Turning a :class:`~.sheet.Document` into files: the PDF (with its manifest
attached), PNG previews and an SVG cut file.

Everything is deterministic (reportlab's invariant mode, no timestamps, a
document id derived from the content) and every file is written atomically.
"""
from __future__ import annotations

import io
import json
from collections import Counter
from functools import partial
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..validators.manifest import FILENAME as MANIFEST_NAME
from ..validators.registry import find_game
from . import fonts
from .attach import attach
from .fold import (FOLD_DASH, FOLD_GREY, FOLD_WIDTH, FOLD_WORD, FOLD_WORD_PT, WORD_MIDDLE, dashed_pieces,
                   fold_words)
from .pen import Inked, pen_for
from .cutpaths import cut_items
from .cutter import THICKNESS, silhouette_corners, silhouette_square
from .marks import MARK_WIDTH, Rect, Segment, trim_lines, trim_marks
from .sheet import Document, DrawFn, Page, rects
from .sheetlabel import LABEL_COLOUR, LABEL_PT, Labels, Spot, label_length, label_text, page_labels, sheet_numbers
from .units import pt, to_mm
from .writing import Output, write_all

CUT_LINE_COLOUR = (0.6, 0.6, 0.6)

Art = tuple[DrawFn, float, float]   # a component's drawing and its trimmed size, w x h mm
Forms = dict[Art, str]              # repeated art, drawn once as a PDF form, by its form's name


def new_canvas(buffer: io.BytesIO, width: float, height: float, title: str) -> Canvas:
    """A ``width`` x ``height`` mm canvas with our font, whose bytes depend on nothing
    but what is drawn (no date, no random id: same inputs, same file)."""
    fonts.register()
    canvas = Canvas(buffer, pagesize=(pt(width), pt(height)), invariant=1,
                    pageCompression=1, initialFontName=fonts.REGULAR, initialFontSize=9)
    canvas.setTitle(title)
    canvas.setAuthor("icp-print")
    return canvas


def render(doc: Document, version: str, noted: set[str] | None = None) -> bytes:
    """The finished PDF bytes for ``doc``; ``noted`` collects the settings the drawing
    consulted (see :class:`.pen.NotingPen`)."""
    fonts.register()
    doc.finish()
    s = doc.settings
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, s.paper.width, s.paper.height, doc.title)
    canvas.setSubject(f"{doc.game} ({doc.ruleset})")
    canvas.setCreator(f"icp-print {version}")
    canvas.setKeywords(f"icp-print, {doc.game}")
    canvas.setViewerPreference("PrintScaling", "None")
    if s.backs != "none" and s.layout == "duplex":
        canvas.setViewerPreference("Duplex", "DuplexFlipShortEdge" if s.backs == "short-edge"
                                   else "DuplexFlipLongEdge")
    title = find_game(doc.game).title
    forms = _draw_forms(canvas, doc, noted)
    numbers = sheet_numbers([p.side for p in doc.pages])
    front: Labels | None = None
    for page, sheet in zip(doc.pages, numbers):
        if page.trim:
            x, y, w, h = page.trim
            b = s.bleed or 0.0
            canvas.setTrimBox(tuple(pt(v) for v in (x, y, x + w, y + h)))
            canvas.setBleedBox(tuple(pt(v) for v in (
                max(0, x - b), max(0, y - b),
                min(s.paper.width, x + w + b), min(s.paper.height, y + h + b))))
        inked = None if page.imposed else Inked()
        _draw_page(canvas, doc, page, forms, noted, inked)
        labels = page_labels(doc, page, partial(label_text, title, sheet, numbers[-1]), label_length,
                             inked.boxes if inked else (), front)
        for text, spot in labels.placed:
            _sheet_label(canvas, text, spot)
        front = labels if page.side == "front" else None
        canvas.showPage()
    canvas.save()
    return _attach_manifest(buffer.getvalue(), doc, version)


def _repeated_art(doc: Document) -> list[Art]:
    """Art placed more than once on the imposed sheets (a deck's one back), in order of first use."""
    uses = Counter((draw, w, h) for page in doc.pages if page.imposed
                   for _, _, w, h, draw, clip in page.steps if clip)
    return [art for art, count in uses.items() if count > 1]


def _draw_forms(canvas: Canvas, doc: Document, noted: set[str] | None) -> Forms:
    """Draw each repeated art once, as a PDF form (an XObject) that every sheet then places:
    the file holds it once, and drawing costs the same for one copy as for fifty.

    Forms are made before the first page, in the canvas's first graphics state, so the
    pages' own state is never touched; a form is in millimetres, like the pages after
    :func:`_draw_page` scales them, and clipped to the component's bleed box.
    """
    forms: Forms = {}
    bleed = doc.settings.bleed or 0.0
    for number, (draw, w, h) in enumerate(_repeated_art(doc), 1):
        name = forms[draw, w, h] = f"Art{number}"
        canvas.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
        canvas.saveState()
        draw(pen_for(canvas, 0.0, 0.0, w, h, bleed=bleed, ink_saver=doc.settings.ink_saver, noted=noted))
        canvas.restoreState()
        canvas.endForm()
    return forms


def _draw_page(canvas: Canvas, doc: Document, page: Page, forms: Forms, noted: set[str] | None = None,
               inked: Inked | None = None) -> None:
    s = doc.settings
    canvas.saveState()
    canvas.scale(pt(1), pt(1))
    for x, y, w, h, draw, clip in page.steps:
        canvas.saveState()
        form = forms.get((draw, w, h)) if clip and page.imposed else None
        if form is not None:
            canvas.translate(x, y)
            canvas.doForm(form)
        else:
            draw(pen_for(canvas, x, y, w, h, bleed=(s.bleed or 0.0) if clip else 0.0,
                         ink_saver=s.ink_saver, clip=clip, noted=noted, inked=inked))
        canvas.restoreState()
    if page.side == "front" and page.placed:
        _guides(canvas, doc, page)
    if s.cutter == "silhouette" and page.side == "front" and cut_items(page, s.paper.width, s.paper.height):
        _registration(canvas, doc)
    canvas.restoreState()


def _sheet_label(canvas: Canvas, text: str, spot: Spot) -> None:
    x, y, angle = spot
    canvas.saveState()
    canvas.scale(pt(1), pt(1))
    canvas.translate(x, y)
    canvas.rotate(angle)
    canvas.setFillColor(HexColor(LABEL_COLOUR))
    canvas.setFont(fonts.REGULAR, to_mm(LABEL_PT))
    canvas.drawString(0, 0, text)
    canvas.restoreState()


def _guides(canvas: Canvas, doc: Document, page: Page) -> None:
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(MARK_WIDTH)
    trims = rects(page.placed) + rects(page.backs)
    for x1, y1, x2, y2 in trim_marks(doc.settings, trims):
        canvas.line(x1, y1, x2, y2)
    if doc.settings.cut_lines:
        canvas.setStrokeColorRGB(*CUT_LINE_COLOUR)
        canvas.setLineWidth(0.1)
        canvas.setDash([1, 1])
        for x1, y1, x2, y2 in trim_lines(trims):
            canvas.line(x1, y1, x2, y2)
        canvas.setDash([])
    if page.fold:
        _fold_line(canvas, page.fold, trims, doc.settings.bleed or 0.0)


def _fold_line(canvas: Canvas, line: Segment, trims: list[Rect], bleed: float) -> None:
    """The dashed fold line, broken for the word "fold" near each end."""
    gaps, words = fold_words(line, trims, bleed)
    canvas.saveState()
    canvas.setStrokeColor(HexColor(FOLD_GREY))
    canvas.setLineWidth(FOLD_WIDTH)
    canvas.setDash(list(FOLD_DASH))
    for x1, y1, x2, y2 in dashed_pieces(line, gaps):
        canvas.line(x1, y1, x2, y2)
    canvas.setFillColor(HexColor(FOLD_GREY))
    canvas.setFont(fonts.REGULAR, to_mm(FOLD_WORD_PT))
    for x, y, angle in words:
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(angle)
        canvas.drawCentredString(0, -to_mm(FOLD_WORD_PT) * WORD_MIDDLE, FOLD_WORD)
        canvas.restoreState()
    canvas.restoreState()


def _registration(canvas: Canvas, doc: Document) -> None:
    """Silhouette Studio's Type 1 marks (see :mod:`.cutter`)."""
    paper = doc.settings.paper
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setLineWidth(THICKNESS)
    canvas.setLineJoin(0)   # mitred: the corner of an L is square, as Studio draws it
    canvas.setLineCap(0)
    canvas.rect(*silhouette_square(paper), stroke=1, fill=1)
    for points in silhouette_corners(paper):
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)


def _attach_manifest(pdf: bytes, doc: Document, version: str) -> bytes:
    manifest = doc.manifest().as_json()
    manifest["creator"] = f"icp-print {version}"
    data = json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False).encode()
    return attach(pdf, MANIFEST_NAME, data, {"Producer": f"icp-print {version}", "ICPGame": doc.game,
                                             "ICPRuleset": doc.ruleset})


def atomic_write(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` whole or not at all (see :mod:`.writing`)."""
    write_all([Output(Path(target), data)])
