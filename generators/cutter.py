"""Where a print-and-cut machine wants things: its registration marks and the area it cuts.

**Silhouette** (Silhouette Studio, "Type 1" marks for the CAMEO, Portrait and
Curio): a filled square at the top-left corner and an L at the top-right and
bottom-left corners, their lines centred :data:`SILHOUETTE_INSET` mm from the
paper's edges (Studio's least inset), drawn as Studio draws them: square
:data:`SQUARE` mm, arms :data:`ARM` mm, lines :data:`THICKNESS` mm, the values
the user sets in Studio's registration-mark panel (the printing guide says how).  Nothing is
printed within :data:`CLEARANCE` mm of a mark's square box (:func:`keep_out`):
components sit inside the marks and between the corner zones.

**Cricut** (Design Space, Print Then Cut): Design Space prints its own marks
around an image it imports, and that image may be at most
:data:`CRICUT_AREA` (6.75 x 9.25 in).  Components are laid out inside an area
of that size centred on the page, and that area is what is exported.

All lengths are millimetres, y up from the page's lower-left corner (as in the
sheet engine).

>>> from ..validators.formats import Paper
>>> a4 = Paper("a4", 210, 297)
>>> [tuple(round(v, 2) for v in zone) for zone in keep_out(a4, "silhouette")]
[(0.0, 264.75, 32.25, 32.25), (177.75, 264.75, 32.25, 32.25), (0.0, 0.0, 32.25, 32.25)]
>>> [round(v, 2) for v in cricut_area(a4)]
[19.28, 31.03, 171.45, 234.95]
"""
from __future__ import annotations

from typing import get_args

from ..validators.formats import Paper
from ..validators.manifest import Cutter as Cutter
from .units import from_inches
CUTTERS: tuple[Cutter, ...] = get_args(Cutter)
Box = tuple[float, float, float, float]        # x, y, w, h
Point = tuple[float, float]

SILHOUETTE_INSET = 10.0   # mm from each paper edge to the centre of a mark's lines (Studio's least)
SQUARE = 5.0              # mm, side of the top-left square (centre lines)
ARM = 20.0                # mm, length of each arm of an L
THICKNESS = 0.5           # mm, line width of the marks
CLEARANCE = 2.0           # mm kept free around the marks' boxes
CORNER_ZONE = SILHOUETTE_INSET + ARM + THICKNESS / 2 + CLEARANCE   # a mark's zone, from the paper corner
ZONE_GAP = 0.3            # mm of white between a zone and anything printed, so no rendered edge reaches in
INSIDE_MARKS = SILHOUETTE_INSET + THICKNESS / 2 + CLEARANCE        # components stay this far in
CRICUT_AREA = (from_inches(6.75), from_inches(9.25))   # Design Space's largest Print Then Cut image


def silhouette_square(paper: Paper) -> Box:
    """The filled top-left square, on its lines' centres (stroked :data:`THICKNESS` wide)."""
    return (SILHOUETTE_INSET, paper.height - SILHOUETTE_INSET - SQUARE, SQUARE, SQUARE)


def silhouette_corners(paper: Paper) -> list[tuple[Point, Point, Point]]:
    """The two L marks as (arm end, corner, arm end), on their lines' centres."""
    i, w, h = SILHOUETTE_INSET, paper.width, paper.height
    return [((w - i - ARM, h - i), (w - i, h - i), (w - i, h - i - ARM)),
            ((i, i + ARM), (i, i), (i + ARM, i))]


def keep_out(paper: Paper, cutter: Cutter | None) -> list[Box]:
    """Zones nothing else may be printed in: each Silhouette mark with its clearance
    (top-left, top-right, bottom-left), reaching to the paper's corner."""
    if cutter != "silhouette":
        return []
    z, w, h = CORNER_ZONE, paper.width, paper.height
    return [(0.0, h - z, z, z), (w - z, h - z, z, z), (0.0, 0.0, z, z)]


def cricut_area(paper: Paper) -> Box:
    """Design Space's Print Then Cut area, centred on the page."""
    w, h = CRICUT_AREA
    return ((paper.width - w) / 2, (paper.height - h) / 2, w, h)


def cut_region(paper: Paper, cutter: Cutter) -> Box:
    """The area every cut component, bleed included, must lie in."""
    if cutter == "cricut":
        return cricut_area(paper)
    i = INSIDE_MARKS
    return (i, i, paper.width - 2 * i, paper.height - 2 * i)


def layout_boxes(paper: Paper, cutter: Cutter | None, margin: float, bleed: float,
                 mark_room: float) -> list[Box]:
    """The areas an imposed grid's trims may fill.

    Without a cutter: the page inside the margin, the bleed and room for crop marks.
    Silhouette: inside the marks, either between the top and bottom corner zones or
    between the left and right ones (the grid takes whichever holds more).  Cricut:
    the Print Then Cut area less the bleed.
    """
    edge = margin + bleed + mark_room
    w, h = paper.width, paper.height
    if cutter == "cricut":
        x, y, aw, ah = cricut_area(paper)
        x, y = max(x + bleed, edge), max(y + bleed, edge)
        return [(x, y, w - 2 * x, h - 2 * y)]
    if cutter == "silhouette":
        side = max(edge, INSIDE_MARKS + bleed)
        zone = CORNER_ZONE + ZONE_GAP + bleed
        return [(side, zone, w - 2 * side, h - 2 * zone), (zone, side, w - 2 * zone, h - 2 * side)]
    return [(edge, edge, w - 2 * edge, h - 2 * edge)]
