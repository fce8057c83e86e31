"""Printed text measured on rendered pages: each line's size at real size, its glyph box,
and its contrast against the ground it is printed on (component labels, written for
``check`` and invisible on paper, are left out)."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import pypdfium2

from icp_print.validators.manifest import SHEET_LABEL
from icp_print.validators.pagescan import on_page, text_objects, then
from icp_print.validators.pdfcheck import LABEL

MM = 25.4 / 72          # mm per PDF point
SMALLEST_PT = 6.0
LEAST_CONTRAST = 3.0
EDGE_MM = 3.0           # frames and text keep this far inside the trim
TOUCH_MM = 0.05         # glyph boxes may touch, never cross
Box = tuple[float, float, float, float]     # left, bottom, right, top in mm


@dataclass(frozen=True)
class Line:
    text: str
    size_pt: float
    box: Box
    contrast: float


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = [c / 255 for c in rgb]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours.

    >>> round(contrast((0, 0, 0), (255, 255, 255)), 1)
    21.0
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


PAD_MM = 0.6            # the ground is sampled this far round the glyph box too


def _ground(image, box: Box, page_h: float, dpi: int, ink: tuple[int, int, int]):
    """The commonest colour in and just round a glyph box that is not the text's own ink
    (antialiased edges are many colours, each rare; the ground is one)."""
    scale = dpi / 25.4
    x0, x1 = int((box[0] - PAD_MM) * scale), int((box[2] + PAD_MM) * scale) + 1
    y0, y1 = int((page_h - box[3] - PAD_MM) * scale), int((page_h - box[1] + PAD_MM) * scale) + 1
    counts: Counter = Counter()
    for x in range(max(0, x0), min(image.width, x1)):
        for y in range(max(0, y0), min(image.height, y1)):
            pixel = image.getpixel((x, y))
            if sum(abs(p - q) for p, q in zip(pixel, ink)) > 90:
                counts[pixel] += 1
    return counts.most_common(1)[0][0] if counts else (255, 255, 255)


def printed_lines(pdf: bytes, index: int, dpi: int = 150) -> list[Line]:
    """Every visible line of text on page ``index``."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[index]
        page_h = page.get_height() * MM
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        text_page = page.get_textpage()
        lines = []
        for obj, frame in text_objects(page):
            if pypdfium2.raw.FPDFTextObj_GetTextRenderMode(obj.raw) == 3:    # invisible
                continue
            left, bottom, right, top = on_page(obj.get_bounds(), frame)
            text = text_page.get_text_bounded(left, bottom, right, top).strip()
            if not text or LABEL.fullmatch(text) or SHEET_LABEL.fullmatch(text):
                continue
            size = pypdfium2.raw.FS_FLOAT()
            pypdfium2.raw.FPDFTextObj_GetFontSize(obj.raw, size)
            a, b, *_ = then(tuple(obj.get_matrix().get()), frame)
            r, g, bl, al = (pypdfium2.raw.c_uint(), pypdfium2.raw.c_uint(),
                            pypdfium2.raw.c_uint(), pypdfium2.raw.c_uint())
            pypdfium2.raw.FPDFPageObj_GetFillColor(obj.raw, r, g, bl, al)
            ink = (r.value, g.value, bl.value)
            box = (left * MM, bottom * MM, right * MM, top * MM)
            lines.append(Line(text, size.value * (a * a + b * b) ** 0.5, box,
                              contrast(ink, _ground(image, box, page_h, dpi, ink))))
        return lines
    finally:
        document.close()


def inside(box: Box, trim: Box) -> float:
    """How far (mm) a box stays inside a trim box; negative when it sticks out."""
    return min(box[0] - trim[0], trim[2] - box[2], box[1] - trim[1], trim[3] - box[3])


def overlaps(lines: list[Line]) -> list[tuple[str, str]]:
    """Pairs of lines whose glyph boxes cross."""
    out = []
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            up = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            if min(across, up) > TOUCH_MM:
                out.append((a.text, b.text))
    return out


def reading_angles(pdf: bytes, index: int) -> list[tuple[float, Box, str]]:
    """Every visible piece of text on page ``index``: the direction its baseline runs on
    the page (degrees anticlockwise, 0 = left to right, upright), its box (mm) and its text."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        page = document[index]
        text_page = page.get_textpage()
        for obj, frame in text_objects(page):
            if pypdfium2.raw.FPDFTextObj_GetTextRenderMode(obj.raw) in (3, 7):     # invisible
                continue
            a, b, *_ = then(tuple(obj.get_matrix().get()), frame)
            left, bottom, right, top = on_page(obj.get_bounds(), frame)
            text = text_page.get_text_bounded(left, bottom, right, top).strip()
            angle = round(math.degrees(math.atan2(b, a))) % 360
            out.append((angle, (left * MM, bottom * MM, right * MM, top * MM), text))
        return out
    finally:
        document.close()
