"""The blade's paths on each sheet: every component's true outline, a shared edge once.

Outlines come from the components' own :class:`~..validators.manifest.Shape`
(the same geometry their art draws): a trim rectangle, the circle inscribed in
it, or a polygon (a dice net's cross with its tabs).  Rectangles that touch a
neighbour are cut as merged straight lines, so an edge two cards share is cut
once and a row of cards by one long cut; every other outline is one closed path.

>>> from .sheet import Placed
>>> a, b = Placed("a", "card", 10, 10, 20, 30), Placed("b", "card", 30, 10, 20, 30)
>>> sorted(p.points for p in sheet_paths([a, b]))    # 2 long edges + 3 uprights, not 8 edges
[((10, 10), (10, 40)), ((10, 10), (50, 10)), ((10, 40), (50, 40)), ((30, 10), (30, 40)), ((50, 10), (50, 40))]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .sheet import Document, Page, Placed

Point = tuple[float, float]
EPSILON = 1e-4


@dataclass(frozen=True)
class CutPath:
    """One stroke of the blade, in page millimetres: a polyline (``closed`` or not) or,
    with ``radius``, the circle of that radius about ``points[0]``."""

    points: tuple[Point, ...]
    closed: bool = False
    radius: float = 0.0


def cut_sheets(doc: Document) -> list[tuple[int, Page]]:
    """(sheet number, front page) of every sheet with something to cut; a sheet is
    numbered by its place among the document's front pages."""
    fronts = [p for p in doc.pages if p.side == "front"]
    paper = doc.settings.paper
    return [(n, page) for n, page in enumerate(fronts, start=1) if cut_items(page, paper.width, paper.height)]


def cut_items(page: Page, width: float, height: float) -> list[Placed]:
    """The components of ``page`` that are cut out: not those printed as part of the page,
    nor one that is the whole sheet (a score sheet has nothing to cut)."""
    return [p for p in page.placed if p.cut and not (p.w >= width - EPSILON and p.h >= height - EPSILON)]


def sheet_paths(items: Sequence[Placed]) -> list[CutPath]:
    """Every outline of ``items`` as blade paths (see the module doc)."""
    boxes = [p for p in items if p.shape.kind == "rect"]
    touching = [p for p in boxes if any(q is not p and _touch(p, q) for q in boxes)]
    paths = _merged_edges(touching)
    for p in items:
        if p.shape.kind == "circle":
            paths.append(CutPath(((p.x + p.w / 2, p.y + p.h / 2),), True, min(p.w, p.h) / 2))
        elif p.shape.kind == "polygon":
            paths.append(CutPath(tuple((p.x + x, p.y + y) for x, y in p.shape.points), True))
        elif not any(p is q for q in touching):
            paths.append(CutPath(((p.x, p.y), (p.x + p.w, p.y), (p.x + p.w, p.y + p.h), (p.x, p.y + p.h)), True))
    return paths


def _touch(p: Placed, q: Placed) -> bool:
    """Whether ``p`` and ``q`` share a stretch of edge."""
    def meet(a0: float, a1: float, b0: float, b1: float) -> bool:
        return min(a1, b1) - max(a0, b0) > EPSILON
    side_by_side = (abs(p.x + p.w - q.x) < EPSILON or abs(q.x + q.w - p.x) < EPSILON) and \
        meet(p.y, p.y + p.h, q.y, q.y + q.h)
    stacked = (abs(p.y + p.h - q.y) < EPSILON or abs(q.y + q.h - p.y) < EPSILON) and \
        meet(p.x, p.x + p.w, q.x, q.x + q.w)
    return side_by_side or stacked


def _merged_edges(boxes: Sequence[Placed]) -> list[CutPath]:
    """The edges of ``boxes``, overlapping and end-to-end stretches on one line merged."""
    lines: dict[tuple[int, float], list[tuple[float, float]]] = {}
    for p in boxes:
        for y in (p.y, p.y + p.h):
            lines.setdefault((1, round(y, 4)), []).append((p.x, p.x + p.w))
        for x in (p.x, p.x + p.w):
            lines.setdefault((0, round(x, 4)), []).append((p.y, p.y + p.h))
    paths = []
    for (axis, v), spans in sorted(lines.items()):
        for a, z in _union(spans):
            paths.append(CutPath(((a, v), (z, v)) if axis == 1 else ((v, a), (v, z))))
    return paths


def _union(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for a, z in sorted(spans):
        if out and a <= out[-1][1] + EPSILON:
            out[-1] = (out[-1][0], max(out[-1][1], z))
        else:
            out.append((a, z))
    return out
