"""The print preflight of ``icp-print check``: each page measured as it will print.

Five rules, judged on rendered pages (:mod:`.pagescan`) against the manifest:

* **printable area**: no ink closer to a paper edge than the manifest's
  ``margin_mm``, the border the printer cannot print (a mark there is lost);
* **text size**: no printed text smaller than 6 pt at real size;
* **text overlap**: no glyph of one piece of text crosses a glyph of another;
* **text contrast**: every piece of text at least 3:1 (WCAG ratio) against the
  ground it is printed on;
* **bleed**: art that reaches a component's trim line runs on past it by the
  manifest's ``bleed_mm``, so a cut a little off shows art, not paper.

A failure names the page and the component (its ``[label]``; a back page's
components are found behind its front's).  Invisible text, such as the labels
``check`` counts, is not printed and is left out.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from .manifest import RECT, Manifest, Page, Shape
from .pagescan import Box, PageScan, Raster, TextRun, luminance, scan
from .report import Finding, failed, passed

SMALLEST_PT = 6.0
LEAST_CONTRAST = 3.0
TOUCH_MM = 0.05             # glyph boxes may touch by this much: font outlines are not exact
EDGE_TOLERANCE_MM = 0.15    # a pixel straddling a limit is not over it
ART_DEPTH_MM = 0.4          # art this far inside a trim line "reaches" it
ART_WIDTH_MM = 1.0          # ...over at least this length of the line: a thin line's end is not art
BLEED_SHORT_MM = 0.25       # art may stop this short of the bleed's outer edge
BLEED_SHARE = 0.25          # ...along at least this share of each stretch where it meets the line
GROUND_SHARE = 0.9          # the contrast holds over this share of the text's box
MAX_LISTED = 4              # failures named per rule and page; the rest are counted
OVERLAP_CELL_MM = 5.0
LARGEST_GLYPH_MM = 100.0   # no printed letter is this big; a larger box is damage

RULES = ("printable area", "text size", "text overlap", "text contrast", "bleed")


@dataclass(frozen=True)
class Area:
    """A component as it lies on one page: its label, trim box and cut outline."""

    label: str
    box: Box
    shape: Shape = RECT


@dataclass(frozen=True)
class Problem:
    rule: str
    component: str
    message: str


def preflight(pdf: bytes, manifest: Manifest, *, prints_in_border: bool = False,
              scanner: Callable[[bytes, int], PageScan] = scan) -> list[Finding]:
    """One finding per rule that holds on every page, one per failure otherwise.

    ``prints_in_border`` is for a sheet that prints into the border on purpose
    (the calibration sheet's gauges measure it).
    """
    failures: list[Finding] = []
    figures = _Figures()
    for index, entry in enumerate(manifest.pages):
        page = scanner(pdf, index)
        areas = page_areas(manifest, index)
        problems = [*_text_size(page.runs, areas, figures), *_text_overlap(page.runs, areas),
                    *_text_contrast(page, areas, figures),
                    *_bleed(page.printed, areas, manifest.bleed_mm, figures)]
        if not prints_in_border:
            problems += _printable_area(page.printed, areas, manifest.margin_mm)
        failures += _findings(problems, f"page {entry.page}")
    broken = {f.rule for f in failures}
    held = [passed(rule, message) for rule, message in figures.messages(manifest, prints_in_border)
            if rule not in broken]
    return held + failures


class _Figures:
    """The extremes measured over the whole file, for the passing findings."""

    def __init__(self) -> None:
        self.smallest_pt = float("inf")
        self.lowest_contrast = float("inf")
        self.shortest_bleed = float("inf")

    def messages(self, manifest: Manifest, prints_in_border: bool) -> Iterator[tuple[str, str]]:
        margin = manifest.margin_mm
        yield ("printable area", "the calibration sheet prints its border gauges into the border "
               "on purpose" if prints_in_border else f"no ink within {margin:g} mm of a paper edge")
        yield ("text size", "no printed text" if self.smallest_pt == float("inf") else
               f"smallest printed text {self.smallest_pt:.1f} pt (at least {SMALLEST_PT:g})")
        yield ("text overlap", "no two pieces of text cross")
        yield ("text contrast", "no printed text" if self.lowest_contrast == float("inf") else
               f"lowest text contrast {self.lowest_contrast:.1f}:1 (at least {LEAST_CONTRAST:g}:1)")
        bleed = manifest.bleed_mm
        yield ("bleed", "no bleed: neighbours share a cut" if bleed <= 0 else
               f"art at a trim line runs the {bleed:g} mm bleed past it"
               if self.shortest_bleed != float("inf") else f"no art reaches a trim line (bleed {bleed:g} mm)")


def _findings(problems: Sequence[Problem], where: str) -> list[Finding]:
    by_rule: dict[str, list[Problem]] = defaultdict(list)
    for problem in problems:
        if problem not in by_rule[problem.rule]:
            by_rule[problem.rule].append(problem)
    out = []
    for rule in RULES:
        listed = by_rule.get(rule, [])
        out += [failed(rule, f"{p.component}: {p.message}", where) for p in listed[:MAX_LISTED]]
        if len(listed) > MAX_LISTED:
            out.append(failed(rule, f"and {len(listed) - MAX_LISTED} more", where))
    return out


# --- where the components lie ------------------------------------------------------------

def page_areas(manifest: Manifest, index: int) -> list[Area]:
    """The cut components on page ``index``; a back page's lie mirrored behind its front's."""
    entry = manifest.pages[index]
    if entry.side == "front":
        return _areas(entry)
    front = next((p for p in reversed(manifest.pages[:index]) if p.side == "front"), None)
    if front is None:
        return []
    return [Area(a.label, _mirrored(manifest, a.box), _flipped(manifest, a)) for a in _areas(front)]


def _areas(entry: Page) -> list[Area]:
    return [Area(c.label, (c.x_mm, c.y_mm, c.x_mm + c.w_mm, c.y_mm + c.h_mm), c.shape)
            for c in entry.components if c.cut and c.w_mm > 0 and c.h_mm > 0]


def _flipped(manifest: Manifest, area: Area) -> Shape:
    """The outline of ``area`` as its back prints: a polygon flipped as the sheet is."""
    if area.shape.kind != "polygon":
        return area.shape
    left, bottom, right, top = area.box
    if manifest.backs == "short-edge":
        return Shape("polygon", tuple((x, top - bottom - y) for x, y in area.shape.points))
    return Shape("polygon", tuple((right - left - x, y) for x, y in area.shape.points))


def _mirrored(manifest: Manifest, box: Box) -> Box:
    """Where the back of ``box`` prints: flipped about the duplex edge, then moved by the
    printer's drift correction (as the sheet engine draws it)."""
    left, bottom, right, top = box
    dx, dy = manifest.back_offset_mm
    if manifest.backs == "short-edge":
        height = manifest.paper.height_mm
        return (left + dx, height - top + dy, right + dx, height - bottom + dy)
    width = manifest.paper.width_mm
    return (width - right + dx, bottom + dy, width - left + dx, top + dy)


def owner(areas: Sequence[Area], box: Box, reach: float = 10.0) -> str:
    """The label of the component holding the middle of ``box``, else the nearest within
    ``reach`` mm, else "the sheet"."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    best, label = reach, "the sheet"
    for area in areas:
        left, bottom, right, top = area.box
        distance = max(left - x, x - right, 0.0) + max(bottom - y, y - top, 0.0)
        if distance <= 0:
            return area.label
        if distance < best:
            best, label = distance, area.label
    return label


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:37] + "...")


# --- the rules ---------------------------------------------------------------------------

def _text_size(runs: Sequence[TextRun], areas: Sequence[Area], figures: _Figures) -> Iterator[Problem]:
    for run in runs:
        figures.smallest_pt = min(figures.smallest_pt, run.size_pt)
        if run.size_pt < SMALLEST_PT - 0.01:
            yield Problem("text size", owner(areas, run.box),
                          f"{_quote(run.text)} is {run.size_pt:.1f} pt, below {SMALLEST_PT:g} pt")


def _text_overlap(runs: Sequence[TextRun], areas: Sequence[Area]) -> Iterator[Problem]:
    """Glyphs of different runs whose boxes cross by more than :data:`TOUCH_MM` both ways,
    found cell by cell so a page of thousands of glyphs is quick."""
    cells: dict[tuple[int, int], list[tuple[int, Box]]] = defaultdict(list)
    for number, run in enumerate(runs):
        for glyph in run.glyphs:
            for cell in _cells(glyph):
                cells[cell].append((number, glyph))
    seen: set[tuple[int, int]] = set()
    for members in cells.values():
        for i, (a, box_a) in enumerate(members):
            for b, box_b in members[i + 1:]:
                if a == b or (a, b) in seen:
                    continue
                across = min(box_a[2], box_b[2]) - max(box_a[0], box_b[0])
                up = min(box_a[3], box_b[3]) - max(box_a[1], box_b[1])
                if min(across, up) > TOUCH_MM:
                    seen |= {(a, b), (b, a)}
                    yield Problem("text overlap", owner(areas, box_a),
                                  f"{_quote(runs[a].text)} and {_quote(runs[b].text)} cross by "
                                  f"{across:.1f} x {up:.1f} mm")


def _cells(box: Box) -> Iterator[tuple[int, int]]:
    """The grid cells a glyph covers; a glyph box wider or taller than any printed letter
    (a damaged font or text matrix) covers none, so it cannot make the search unbounded."""
    if box[2] - box[0] > LARGEST_GLYPH_MM or box[3] - box[1] > LARGEST_GLYPH_MM:
        return
    for i in range(int(box[0] // OVERLAP_CELL_MM), int(box[2] // OVERLAP_CELL_MM) + 1):
        for j in range(int(box[1] // OVERLAP_CELL_MM), int(box[3] // OVERLAP_CELL_MM) + 1):
            yield i, j


def _text_contrast(page: PageScan, areas: Sequence[Area], figures: _Figures) -> Iterator[Problem]:
    """Each run's ink against the text-free page under its glyphs: the contrast that holds
    over :data:`GROUND_SHARE` of the pixels (antialiased edges of other art are few)."""
    for run in page.runs:
        ink = float(luminance(np.array(run.ink, dtype=np.uint8)))
        grounds = luminance(page.ground.region(run.box)).ravel()
        ratios = (np.maximum(grounds, ink) + 0.05) / (np.minimum(grounds, ink) + 0.05)
        ratio = float(np.quantile(ratios, 1 - GROUND_SHARE))
        figures.lowest_contrast = min(figures.lowest_contrast, ratio)
        if ratio < LEAST_CONTRAST:
            yield Problem("text contrast", owner(areas, run.box),
                          f"{_quote(run.text)} contrasts {ratio:.1f}:1 with its ground "
                          f"(ink {_hex(run.ink)}), below {LEAST_CONTRAST:g}:1")


def _hex(rgb: tuple[int, int, int]) -> str:
    """
    >>> _hex((0, 131, 143))
    '#00838f'
    """
    return "#" + "".join(f"{v:02x}" for v in rgb)


def _printable_area(raster: Raster, areas: Sequence[Area], margin: float) -> Iterator[Problem]:
    """Ink in the border: pixels wholly more than :data:`EDGE_TOLERANCE_MM` into it."""
    if margin <= EDGE_TOLERANCE_MM:
        return
    ink = raster.ink
    px = raster.mm_per_px
    band = max(0, int((margin - EDGE_TOLERANCE_MM) / px))
    rows, cols = ink.shape
    height = raster.height_mm
    sides = {"left": ink[:, :band], "right": ink[:, cols - band:], "top": ink[:band, :],
             "bottom": ink[rows - band:, :]}
    for side, strip in sides.items():
        found = np.argwhere(strip)
        if not len(found):
            continue
        depth = {"left": found[:, 1], "right": band - 1 - found[:, 1], "top": found[:, 0],
                 "bottom": band - 1 - found[:, 0]}[side]
        r, c = found[int(depth.argmin())]
        r += rows - band if side == "bottom" else 0
        c += cols - band if side == "right" else 0
        x, y = (c + 0.5) * px, height - (r + 0.5) * px
        yield Problem("printable area", owner(areas, (x, y, x, y), reach=float("inf")),
                      f"ink {depth.min() * px:.1f} mm from the {side} paper edge, inside the "
                      f"{margin:g} mm border the printer cannot print")


def _bleed(raster: Raster, areas: Sequence[Area], bleed: float, figures: _Figures) -> Iterator[Problem]:
    """Where art reaches a trim line (ink on the line and :data:`ART_DEPTH_MM` inside it, over
    at least :data:`ART_WIDTH_MM` of it), how far past the line the ink goes without a break.

    Each stretch of art along the line is judged by the extent reached along a quarter of
    it (:data:`BLEED_SHARE`): a round coin's disc meets its square trim in a short arc and
    passes its bleed only near the middle of it.
    """
    if bleed <= 0:
        return
    ink = np.pad(raster.ink, 1)         # a walk off the page meets bare paper
    px = raster.mm_per_px
    steps = max(1, round(bleed / px))
    for area in areas:
        for side, deep, edge, walk in _edge_walks(raster, area, steps):
            reached = _wide(ink[deep] & ink[edge], max(1, round(ART_WIDTH_MM / px)))
            if not reached.any():
                continue
            outside = ink[walk]                                  # steps x samples along the line
            run = np.where(outside.all(axis=0), steps, outside.argmin(axis=0)) * px
            past = min(float(np.quantile(run[a:z], 1 - BLEED_SHARE)) for a, z in _stretches(reached))
            figures.shortest_bleed = min(figures.shortest_bleed, past)
            if past < bleed - BLEED_SHORT_MM:
                yield Problem("bleed", area.label, f"art reaches the {side} trim line and runs only "
                              f"{past:.1f} mm past it; the bleed is {bleed:g} mm")


def _stretches(mask: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of true values.

    >>> _stretches(np.array([0, 1, 1, 0, 1], dtype=bool))
    [(1, 3), (4, 5)]
    """
    edges = np.diff(np.concatenate([[0], mask.astype(int), [0]]))
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist()))


Index = tuple[np.ndarray, np.ndarray]


def _wide(inked: np.ndarray, n: int) -> np.ndarray:
    """The inked pixels of a row that lie in a run of at least ``n``: art, not a line's end.

    >>> _wide(np.array([1, 0, 1, 1, 1, 0, 1, 1], dtype=bool), 3).astype(int).tolist()
    [0, 0, 1, 1, 1, 0, 0, 0]
    """
    if len(inked) < n:
        return np.zeros_like(inked)
    full = np.convolve(inked.astype(int), np.ones(n, dtype=int), "valid") == n
    return np.convolve(full.astype(int), np.ones(n, dtype=int), "full")[:len(inked)] > 0


def _edge_walks(raster: Raster, area: Area, steps: int) -> Iterator[tuple[str, Index, Index, Index]]:
    """For each side of the area's cut outline: the pixels :data:`ART_DEPTH_MM` inside it and
    those just inside it, one per pixel along it, and the ``steps`` pixels walking outward
    from it along its normal (indices into the page's ink padded by one pixel, clipped to
    the padding)."""
    px = raster.mm_per_px
    rows, cols = (n + 2 for n in raster.pixels.shape[:2])

    def index(points: np.ndarray) -> Index:
        r = ((raster.height_mm - points[..., 1]) / px).astype(int) + 1
        c = (points[..., 0] / px).astype(int) + 1
        return np.clip(r, 0, rows - 1), np.clip(c, 0, cols - 1)

    out = (np.arange(steps) + 0.5)[:, None, None] * px       # distances walked past the line
    for side, points, normals in outline_sides(area, px):
        yield (side, index(points - normals * ART_DEPTH_MM), index(points - normals * px / 2),
               index(points[None] + normals[None] * out))


Side = tuple[str, np.ndarray, np.ndarray]   # a name, points along it (mm) and their outward normals


def outline_sides(area: Area, step: float) -> list[Side]:
    """The sides of an area's cut outline sampled every ``step`` mm, with outward normals:
    a rectangle's four sides, a polygon's edges (named by the way they face), or a circle
    as one round side.

    >>> sides = outline_sides(Area("a", (0.0, 0.0, 4.0, 2.0)), 1.0)
    >>> [(name, points.tolist()) for name, points, _ in sides][:2]
    [('left', [[0.0, 1.5], [0.0, 0.5]]), ('bottom', [[0.5, 0.0], [1.5, 0.0], [2.5, 0.0], [3.5, 0.0]])]
    """
    left, bottom, right, top = area.box
    if area.shape.kind == "circle":
        cx, cy, radius = (left + right) / 2, (bottom + top) / 2, min(right - left, top - bottom) / 2
        turns = np.arange(0.5, max(8, round(2 * np.pi * radius / step))) / max(8, round(2 * np.pi * radius / step))
        normals = np.column_stack([np.cos(2 * np.pi * turns), np.sin(2 * np.pi * turns)])
        return [("round", np.array([cx, cy]) + radius * normals, normals)]
    if area.shape.kind == "polygon":
        corners = [(left + x, bottom + y) for x, y in area.shape.points]
    else:   # counter-clockwise from the top-left, so the sides come left, bottom, right, top
        corners = [(left, top), (left, bottom), (right, bottom), (right, top)]
    turn = sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]))
    sides = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        start, end = np.array(a, dtype=float), np.array(b, dtype=float)
        length = float(np.hypot(*(end - start)))
        if length < step:
            continue
        along = (end - start) / length
        normal = np.array([along[1], -along[0]]) * (1 if turn > 0 else -1)
        points = start + np.arange(step / 2, length, step)[:, None] * along
        sides.append((_facing(normal), points, np.broadcast_to(normal, points.shape)))
    return sides


def _facing(normal: np.ndarray) -> str:
    """The way an outward normal points, for messages."""
    if abs(normal[0]) >= abs(normal[1]):
        return "right" if normal[0] > 0 else "left"
    return "top" if normal[1] > 0 else "bottom"
