"""Are a PDF's trim lines marked where a printer prints?  The measurement of the
print-production review, ported: render each imposed front page at 200 dpi and,
for every distinct trim coordinate of the manifest's component rectangles, look
for ink on that line (within 0.4 mm), outside every component's bleed, at least
the margin from every paper edge, in runs of at least 1 mm.  A line is held
when two such marks lie on it."""
from __future__ import annotations

import pypdfium2

from pagescan import manifest

DPI = 200
PX = 25.4 / DPI
MIN_LEN = 1.0          # mm of a mark that must print
OFFSETS = (-0.4, -0.2, 0.0, 0.2, 0.4)


def _held(v: float, axis: str, ink, usable) -> bool:
    spans: list[list[float]] = []
    length = usable.height if axis == "x" else usable.width
    for k in range(int(length / PX)):
        t = k * PX
        points = [(v + d, t) if axis == "x" else (t, v + d) for d in OFFSETS]
        if any(usable(x, y) and ink(x, y) for x, y in points):
            if spans and t - spans[-1][1] <= 2 * PX:
                spans[-1][1] = t
            else:
                spans.append([t, t])
    return sum(1 for a, z in spans if z - a >= MIN_LEN) >= 2


class _Usable:
    """Printable and outside every component's bleed: where ink can only be a mark."""

    def __init__(self, width: float, height: float, margin: float, rects, bleed: float):
        self.width, self.height, self.margin = width, height, margin
        self.rects = rects
        self.b = bleed + 0.05

    def __call__(self, x: float, y: float) -> bool:
        m, b = self.margin, self.b
        if not (m <= x <= self.width - m and m <= y <= self.height - m):
            return False
        return not any(x0 - b <= x <= x1 + b and y0 - b <= y <= y1 + b for x0, y0, x1, y1 in self.rects)


def marked_lines(pdf: bytes) -> tuple[int, int]:
    """(trim lines held, trim lines) over every imposed front page of ``pdf``."""
    man = manifest(pdf)
    width, height = man["paper"]["width_mm"], man["paper"]["height_mm"]
    margin, bleed = float(man.get("margin_mm", 5)), float(man.get("bleed_mm", 0))
    document = pypdfium2.PdfDocument(pdf)
    held = total = 0
    try:
        for entry in man["pages"]:
            comps = [c for c in entry["components"] if {"x_mm", "y_mm", "w_mm", "h_mm"} <= set(c)]
            if entry["side"] != "front" or not comps:
                continue
            image = document[entry["page"] - 1].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            pixels, (w_px, h_px) = image.load(), image.size

            def ink(x: float, y: float, pixels=pixels, w_px: int = w_px, h_px: int = h_px) -> bool:
                i, j = int(x / PX), int((height - y) / PX)
                return 0 <= i < w_px and 0 <= j < h_px and pixels[i, j] < 128

            rects = [(c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"]) for c in comps]
            usable = _Usable(width, height, margin, rects, bleed)
            xs = sorted({round(r[0], 2) for r in rects} | {round(r[2], 2) for r in rects})
            ys = sorted({round(r[1], 2) for r in rects} | {round(r[3], 2) for r in rects})
            for axis, coords in (("x", xs), ("y", ys)):
                for v in coords:
                    total += 1
                    held += _held(v, axis, ink, usable)
    finally:
        document.close()
    return held, total


def page_lines_held(pdf: bytes, m: dict, entry: dict) -> tuple[int, int]:
    """(trim lines held by two marks, trim lines) of one front page, however few components
    it has, measured as printmarks.py measures a page."""
    width, height = m["paper"]["width_mm"], m["paper"]["height_mm"]
    comps = [c for c in entry["components"] if "x_mm" in c]
    document = pypdfium2.PdfDocument(pdf)
    image = document[entry["page"] - 1].render(scale=200 / 72, grayscale=True).to_pil().convert("L")
    document.close()
    pixels, (w_px, h_px) = image.load(), image.size

    def ink(x: float, y: float) -> bool:
        i, j = int(x / PX), int((height - y) / PX)
        return 0 <= i < w_px and 0 <= j < h_px and pixels[i, j] < 128

    rects = [(c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"]) for c in comps]
    usable = _Usable(width, height, m["margin_mm"], rects, m["bleed_mm"])
    xs = {round(v, 2) for r in rects for v in (r[0], r[2])}
    ys = {round(v, 2) for r in rects for v in (r[1], r[3])}
    held = sum(_held(v, "x", ink, usable) for v in xs) + sum(_held(v, "y", ink, usable) for v in ys)
    return held, len(xs) + len(ys)
