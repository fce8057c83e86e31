"""A PDF page as it prints: rendered to pixels, with its visible text read back run by run.

The print preflight (:mod:`.preflight`) judges what this module measures.
Text written in PDF render mode 3 (the component labels ``check`` counts) does
not print, so it is no part of a page's text here.  Two renderings are made: the
page as printed, and the page with its text hidden, which is the ground every
line of text is read against.

Coordinates are millimetres from the page's lower-left corner; boxes are
``(left, bottom, right, top)``.
"""
from __future__ import annotations

import ctypes
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pypdfium2
import pypdfium2.raw as pdfium

from .errors import InputError
from .units import MM_PER_INCH, POINTS_PER_INCH, POINTS_PER_MM

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]
Pixels = npt.NDArray[np.uint8]
Matrix = tuple[float, float, float, float, float, float]   # a b c d e f, as a PDF writes one

INVISIBLE = 3                       # PDF text render mode: neither filled nor stroked
STROKED = (1, 5)                    # render modes that paint the glyphs' outline only
HIDDEN = (3, 7)                     # render modes that paint nothing
DPI = 200
MAX_PIXELS = 24_000_000             # per rendering: an A4 page at 200 dpi is 3.9 million
PAPER_WHITE = 250                   # a pixel with every channel above this is bare paper
MAX_GLYPHS = 60_000                 # per page; icp-print's densest page holds a few thousand
MAX_FORM_DEPTH = 15                 # forms inside forms: icp-print nests none


@dataclass(frozen=True)
class TextRun:
    """One visible piece of text as the PDF draws it (one text object)."""

    text: str
    size_pt: float                  # at real size, whatever the page's scaling
    ink: RGB
    glyphs: tuple[Box, ...]         # each glyph's own outline box

    @property
    def box(self) -> Box:
        return (min(g[0] for g in self.glyphs), min(g[1] for g in self.glyphs),
                max(g[2] for g in self.glyphs), max(g[3] for g in self.glyphs))


@dataclass(frozen=True)
class Raster:
    """A rendering of a page: RGB pixels, top row first, at ``dpi``."""

    pixels: Pixels
    dpi: float
    height_mm: float

    @property
    def ink(self) -> npt.NDArray[np.bool_]:
        """Where the page is not bare paper: some channel below :data:`PAPER_WHITE`."""
        p = self.pixels
        return np.asarray(np.minimum(np.minimum(p[:, :, 0], p[:, :, 1]), p[:, :, 2]) <= PAPER_WHITE)

    @property
    def mm_per_px(self) -> float:
        return MM_PER_INCH / self.dpi

    def column(self, x_mm: float) -> int:
        return int(x_mm / self.mm_per_px)

    def row(self, y_mm: float) -> int:
        return int((self.height_mm - y_mm) / self.mm_per_px)

    def bounds(self, box: Box) -> tuple[int, int, int, int]:
        """(first row, end row, first column, end column) of the pixels inside ``box``, at least one."""
        left, bottom, right, top = box
        h, w = self.pixels.shape[:2]
        c0 = min(max(self.column(left), 0), w - 1)
        r0 = min(max(self.row(top), 0), h - 1)
        c1 = max(c0 + 1, math.ceil(right / self.mm_per_px))
        r1 = max(r0 + 1, math.ceil((self.height_mm - bottom) / self.mm_per_px))
        return r0, r1, c0, c1

    def region(self, box: Box) -> Pixels:
        """The pixels inside ``box`` (at least one)."""
        r0, r1, c0, c1 = self.bounds(box)
        return self.pixels[r0:r1, c0:c1]


@dataclass(frozen=True)
class PageScan:
    """One page measured: as printed, its ground without text, and its text runs."""

    printed: Raster
    ground: Raster
    runs: tuple[TextRun, ...]


def scan(pdf: bytes, index: int, dpi: float = DPI) -> PageScan:
    """Render page ``index`` (0-based) twice and read its visible text."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[index]
        width, height = page.get_width() / POINTS_PER_MM, page.get_height() / POINTS_PER_MM
        dpi = min(dpi, math.sqrt(MAX_PIXELS / max(width * height, 1.0)) * MM_PER_INCH)
        printed = Raster(_render(page, dpi), dpi, height)
        runs = _text_runs(page)
        for obj in page.get_objects(filter=[pdfium.FPDF_PAGEOBJ_TEXT]):
            pdfium.FPDFTextObj_SetTextRenderMode(obj.raw, INVISIBLE)
        ground = Raster(_render(page, dpi), dpi, height)
        return PageScan(printed, ground, runs)
    finally:
        document.close()


def rasters(pdf: bytes, dpi: float) -> Iterator[Raster]:
    """Every page of ``pdf`` as printed, in order."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            width, height = page.get_width() / POINTS_PER_MM, page.get_height() / POINTS_PER_MM
            scaled = min(dpi, math.sqrt(MAX_PIXELS / max(width * height, 1.0)) * MM_PER_INCH)
            yield Raster(_render(page, scaled), scaled, height)
    finally:
        document.close()


def _render(page: pypdfium2.PdfPage, dpi: float) -> Pixels:
    bitmap = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True, may_draw_forms=False)
    return np.array(bitmap.to_numpy()[:, :, :3], dtype=np.uint8)


def _address(handle: Any) -> int:
    return ctypes.cast(handle, ctypes.c_void_p).value or 0


def _text_runs(page: pypdfium2.PdfPage) -> tuple[TextRun, ...]:
    """Every visible text object of the page, with its glyph boxes."""
    textpage = page.get_textpage()
    count = textpage.count_chars()
    if count > MAX_GLYPHS:
        raise InputError(f"a page holds {count:,} characters; no icp-print page holds more than "
                         f"{MAX_GLYPHS:,}")
    frames = _frames(page)
    glyphs: dict[int, list[tuple[str, Box]]] = {}
    objects: dict[int, Any] = {}
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    for i in range(count):
        obj = pdfium.FPDFText_GetTextObject(textpage.raw, i)
        char = chr(pdfium.FPDFText_GetUnicode(textpage.raw, i))
        if not obj or pdfium.FPDFTextObj_GetTextRenderMode(obj) in HIDDEN:
            continue
        key = _address(obj)
        objects.setdefault(key, obj)
        if char.isspace() or not pdfium.FPDFText_GetCharBox(textpage.raw, i, left, right, bottom, top):
            glyphs.setdefault(key, [])
            continue
        box = (left.value / POINTS_PER_MM, bottom.value / POINTS_PER_MM,
               right.value / POINTS_PER_MM, top.value / POINTS_PER_MM)
        glyphs.setdefault(key, []).append((char, box))
    runs = []
    for key, chars in glyphs.items():
        boxes = tuple(box for _, box in chars if box[2] > box[0] and box[3] > box[1])
        if boxes:
            obj = objects[key]
            runs.append(TextRun("".join(c for c, _ in chars), _size_pt(obj, frames.get(key)), _ink(obj),
                                boxes))
    return tuple(runs)


def then(inner: Matrix, outer: Matrix) -> Matrix:
    """The frame ``inner`` drawn inside ``outer``: PDF's matrix product ``inner x outer``.

    >>> then((2, 0, 0, 2, 1, 1), (1, 0, 0, 1, 10, 20))
    (2, 0, 0, 2, 11, 21)
    """
    a, b, c, d, e, f = inner
    p, q, r, s, t, u = outer
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def text_objects(page: pypdfium2.PdfPage) -> Iterator[tuple[Any, Matrix]]:
    """Every text object of ``page`` with the frame it is drawn in: the identity for the
    page's own, the placed form's matrix for one inside a form (an XObject drawn once and
    placed with ``Do``), since pdfium gives a form's objects their matrix and bounds within it."""
    forms: list[Matrix] = []            # forms[level]: the frame of the form open at that depth
    for obj in page.get_objects(max_depth=MAX_FORM_DEPTH):
        outer = forms[obj.level - 1] if obj.level else IDENTITY
        if obj.type == pdfium.FPDF_PAGEOBJ_FORM:
            del forms[obj.level:]
            forms.append(then(_matrix(obj), outer))
        elif obj.type == pdfium.FPDF_PAGEOBJ_TEXT:
            yield obj, outer


def on_page(box: Box, frame: Matrix) -> Box:
    """The page box around ``box`` (left, bottom, right, top) drawn in ``frame``.

    >>> on_page((0, 0, 2, 1), (0, 1, -1, 0, 10, 0))
    (9, 0, 10, 2)
    """
    a, b, c, d, e, f = frame
    left, bottom, right, top = box
    xs, ys = [], []
    for x, y in ((left, bottom), (right, bottom), (left, top), (right, top)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _matrix(obj: Any) -> Matrix:
    a, b, c, d, e, f = obj.get_matrix().get()
    return (a, b, c, d, e, f)


def _frames(page: pypdfium2.PdfPage) -> dict[int, Matrix]:
    """Every text object's whole matrix on the page, by its address."""
    return {_address(obj.raw): then(_matrix(obj), outer) for obj, outer in text_objects(page)}


def _size_pt(obj: Any, frame: Matrix | None = None) -> float:
    """The font size at real size: the object's size times the smaller of its frame's
    scales (``frame``: its matrix on the page, when it sits in a form)."""
    size = ctypes.c_float()
    pdfium.FPDFTextObj_GetFontSize(obj, size)
    if frame is None:
        matrix = pdfium.FS_MATRIX()
        pdfium.FPDFPageObj_GetMatrix(obj, matrix)
        frame = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
    a, b, c, d, _, _ = frame
    return float(size.value) * min(math.hypot(a, b), math.hypot(c, d))


def _ink(obj: Any) -> RGB:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if pdfium.FPDFTextObj_GetTextRenderMode(obj) in STROKED:
        pdfium.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
    else:
        pdfium.FPDFPageObj_GetFillColor(obj, r, g, b, a)
    # a see-through ink prints as a tint: blend it with white paper
    alpha = a.value / 255
    return tuple(round(v.value * alpha + 255 * (1 - alpha)) for v in (r, g, b))  # type: ignore[return-value]


def _linear(level: int) -> float:
    c = level / 255
    return c / 12.92 if c <= 0.03928 else float(((c + 0.055) / 1.055) ** 2.4)


_LINEAR = np.array([_linear(v) for v in range(256)])
_WEIGHTS = np.array([0.2126, 0.7152, 0.0722])


def luminance(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
    """Relative luminance (WCAG), 0 to 1, of 8-bit RGB values in the last axis.

    >>> [round(float(v), 3) for v in luminance(np.array([[255, 255, 255], [255, 0, 0]], dtype=np.uint8))]
    [1.0, 0.213]
    """
    return np.asarray(_LINEAR[pixels] @ _WEIGHTS)


def contrast(a: float, b: float) -> float:
    """The WCAG contrast ratio of two luminances.

    >>> round(contrast(1.0, 0.0), 1)
    21.0
    """
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
