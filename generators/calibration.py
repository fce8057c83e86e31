"""The calibration sheet: rulers and a grid to confirm 100% scale, and
front/back targets that measure a printer's duplex drift in millimetres."""
from __future__ import annotations

from ..validators.calibration.model import PARTS, SHEET, border_steps, scale_steps, target_centres
from ..validators.errors import InputError
from .pen import Pen
from .units import MM_PER_INCH as INCH
from .sheet import Document, Piece, Placed, SheetSettings, mirror

SCALE_PT = 6.0         # the smallest text that reads in print
SCALE_DIGIT_H = 1.6    # mm: a digit's height at SCALE_PT
SCALE_NUMBER_GAP = 1.1  # mm from a scale's line to its numbers, clear of the ticks
SCALE_NUMBERED = 4.0    # mm: the scale values written out, either way


def _cross(pen: Pen, x: float, y: float) -> None:
    pen.circle(x, y, 3, stroke="#000000", width=0.2)
    pen.line(x - 6, y, x + 6, y, width=0.15)
    pen.line(x, y - 6, x, y + 6, width=0.15)


def _ruler(pen: Pen, x: float, y: float, length: float, step: float, every: int, unit: str,
           label_step: int) -> None:
    pen.line(x, y, x + length, y, width=0.2)
    n = round(length / step)
    for i in range(n + 1):
        tall = 4 if i % every == 0 else (2.6 if every % 2 == 0 and i % (every // 2) == 0 else 1.6)
        pen.line(x + i * step, y, x + i * step, y + tall, width=0.12)
        if i % every == 0 and (i // every) % label_step == 0:
            pen.text(x + i * step, y + 5, f"{i // every}", size=6, anchor="centre")
    pen.text(x + length + 2, y + 1, unit, size=7)


def _border_gauge(pen: Pen, along: float, edge: str) -> None:
    """Lines parallel to one paper edge, from the edge inwards (whole millimetres longer,
    every second one numbered): the first one that printed is the printer's border, the
    --margin to use."""
    w, h = pen.w, pen.h
    for d in border_steps():
        half, numbered = (2.0 if d.is_integer() else 1.0), d.is_integer() and d > 0 and int(d) % 2 == 0
        if edge in ("bottom", "top"):
            y = d if edge == "bottom" else h - d
            pen.line(along - half, y, along + half, y, width=0.1)
            if numbered:
                pen.text(along + 3, y - 0.8, f"{d:g}", size=6)
        else:
            x = d if edge == "left" else w - d
            pen.line(x, along - half, x, along + half, width=0.1)
            if numbered:
                # numbers 2 mm apart would run together ("810"): every other one a line higher
                pen.text(x, along + 3 + (2.4 if int(d) % 4 == 0 else 0.0), f"{d:g}", size=6, anchor="centre")


def front(settings: SheetSettings):
    def draw(pen: Pen) -> None:
        w, h = pen.w, pen.h
        for edge, along in (("bottom", w / 4), ("top", w / 4), ("left", h / 2 + 25), ("right", h / 2 + 25)):
            _border_gauge(pen, along, edge)
        pen.text(w / 4, SHEET.border_gauge.reach_mm + 3, "printer border, mm", size=6, anchor="centre")
        pen.text(w / 2, h - 14, "icp-print calibration sheet", size=14, bold=True, anchor="centre")
        pen.text(w / 2, h - 20, "Print at 100% / actual size, double-sided, "
                 f"flip on the {settings.backs.replace('-', ' ')}.", size=8, anchor="centre")
        rulers, grid = SHEET.rulers, SHEET.grid
        _ruler(pen, 50, h - 50, rulers.metric_mm, 1, 10, f"cm ({rulers.metric_mm:g} mm)", 1)
        pen.label("calibration:ruler-100mm", y=h - 56)
        ticks = rulers.imperial_ticks_per_in
        _ruler(pen, 50, h - 72, rulers.imperial_in * INCH, INCH / ticks, ticks,
               f"inches ({rulers.imperial_in} in)", 1)
        pen.label("calibration:ruler-4in", y=h - 78)
        side = grid.square_mm
        gx, gy = (w - grid.columns * side) / 2, h - 150
        for i in range(grid.columns + 1):
            pen.line(gx + i * side, gy, gx + i * side, gy + grid.rows * side, width=0.12, colour="#555555")
        for j in range(grid.rows + 1):
            pen.line(gx, gy + j * side, gx + grid.columns * side, gy + j * side, width=0.12, colour="#555555")
        pen.text(w / 2, gy - 4, f"{side / 10:g} cm grid: every square must measure {side:g} x {side:g} mm",
                 size=7, anchor="centre")
        pen.label("calibration:grid-1cm", y=gy - 8)
        for x, y in target_centres(settings.paper.width, settings.paper.height):
            _cross(pen, x, y)
            pen.text(x, y - 9, "[calibration:target]", size=4.5, anchor="centre", colour="#8a8a8a")
        lines = [
            "1. Measure the 100 mm ruler and the grid. If they are off, turn off 'fit to page'.",
            "   At each paper edge, the first line printed is your printer's border: use it as --margin.",
            "2. Hold the sheet against a window or lamp and look at the back.",
            "3. Read where each front cross falls on the back's scales: those numbers are X,Y in mm.",
            "4. Average them and print with --back-offset X,Y (0,0 means the backs already line up).",
        ]
        for i, line in enumerate(lines):
            pen.text(w / 2, 110 - i * 4.5, line, size=7.5, anchor="centre")

    return draw


def back(settings: SheetSettings):
    """Scales behind each front cross; the value read is the correction to use.

    Ticks every 0.5 mm, taller every 1 mm; the numbers at 4 mm either way sit
    below the X scale and left of the Y scale, where no two cross at 6 pt.
    """

    def draw(pen: Pen) -> None:
        reach = SHEET.targets.scale_reach_mm
        for x, y in target_centres(settings.paper.width, settings.paper.height):
            bx, by = mirror(settings, x, y, offset=False)
            pen.line(bx - reach - 1, by, bx + reach + 1, by, width=0.15)
            pen.line(bx, by - reach - 1, bx, by + reach + 1, width=0.15)
            for d in scale_steps():
                tall = 1.6 if d.is_integer() else 0.8
                pen.line(bx + d, by - tall / 2, bx + d, by + tall / 2, width=0.1)
                pen.line(bx - tall / 2, by + d, bx + tall / 2, by + d, width=0.1)
            for d in (-SCALE_NUMBERED, SCALE_NUMBERED):
                pen.text(bx + d, by - SCALE_NUMBER_GAP - SCALE_DIGIT_H, f"{d:+g}", size=SCALE_PT,
                         anchor="centre")
                pen.text(bx - SCALE_NUMBER_GAP, by + d - SCALE_DIGIT_H / 2, f"{d:+g}", size=SCALE_PT,
                         anchor="right")
            pen.text(bx + 7, by + 4, "X →", size=SCALE_PT)
            pen.text(bx + 1, by + reach + 2, "Y ↑", size=SCALE_PT)
        pen.text(pen.w / 2, 20, "Back of the calibration sheet: read X,Y where the front's crosses "
                 "show through.", size=7.5, anchor="centre")

    return draw


def build(settings: SheetSettings, options: None = None) -> Document:
    """Rulers, a grid and duplex targets on one double-sided sheet (it takes no options).

    It has no gutterfold layout: its back exists to measure a duplex printer's drift
    (for ``--back-offset``), which a sheet printed on one side does not have; and no
    ``--cutter`` layout: nothing on it is cut, and the machines calibrate their own
    print-and-cut alignment."""
    if settings.cutter:
        raise InputError("nothing on the calibration sheet is cut out: it measures the printer (scale, "
                         "border, duplex drift); a cutting machine's print-and-cut alignment is "
                         "calibrated in its own software (Silhouette Studio: Print & Cut calibration; "
                         "Design Space: Calibration, Print Then Cut)", field="--cutter")
    if settings.layout == "gutterfold":
        raise InputError("the calibration sheet cannot fold: its back measures a duplex printer's "
                         "drift for --back-offset, and a gutterfold sheet is printed on one side, with no "
                         "drift; print it with --backs none for the rulers and border gauges", field="--layout")
    doc = Document(settings, game="calibration", ruleset="calibration-1",
                   title="icp-print calibration sheet")
    page = settings.paper
    placed, pieces = [], []
    for part, count in PARTS.items():
        for _ in range(count):
            placed.append(Placed(f"calibration:{part}", part, 0, 0, page.width, page.height, cut=False))
            pieces.append(Piece(part, f"calibration:{part}", front(settings)))
    doc.add_page(front(settings), section="calibration", placed=placed, pieces=pieces,
                 back=back(settings))
    return doc
