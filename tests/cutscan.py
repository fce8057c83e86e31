"""Reading cut files back in tests (ezdxf for DXF, svgelements for SVG) and comparing their
paths with the outlines the manifest records, in millimetres on the page.

Everything becomes straight segments: circles as 720-sided polygons (0.0001 mm from
the true circle for a 25 mm coin), so one distance function serves every shape.
"""
from __future__ import annotations

import math
from pathlib import Path

import ezdxf
import numpy as np
import svgelements

Segment = tuple[float, float, float, float]
CIRCLE_SIDES = 720


def circle(cx: float, cy: float, r: float) -> list[Segment]:
    points = [(cx + r * math.cos(2 * math.pi * i / CIRCLE_SIDES), cy + r * math.sin(2 * math.pi * i / CIRCLE_SIDES))
              for i in range(CIRCLE_SIDES + 1)]
    return [(*a, *b) for a, b in zip(points, points[1:])]


def polyline(points, closed: bool) -> list[Segment]:
    points = list(points) + ([points[0]] if closed else [])
    return [(*a, *b) for a, b in zip(points, points[1:])]


def manifest_outline(c: dict) -> list[Segment]:
    """A placed component's outline on the page, from the manifest alone."""
    x, y, w, h = c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"]
    shape = c.get("shape", "rect")
    if shape == "circle":
        return circle(x + w / 2, y + h / 2, min(w, h) / 2)
    if shape == "polygon":
        return polyline([(x + px, y + py) for px, py in c["points_mm"]], True)
    return polyline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)


def dxf_paths(path: Path, layer: str = "cut") -> list[list[Segment]]:
    """Every entity on ``layer`` as segments (page mm, y up)."""
    doc = ezdxf.readfile(path)
    assert doc.units == ezdxf.units.MM
    paths = []
    for e in doc.modelspace():
        if e.dxf.layer != layer:
            continue
        kind = e.dxftype()
        if kind == "LINE":
            paths.append([(e.dxf.start.x, e.dxf.start.y, e.dxf.end.x, e.dxf.end.y)])
        elif kind == "LWPOLYLINE":
            assert not any(b for *_, b in e.get_points("xyseb")), "no arcs expected"
            paths.append(polyline([(p[0], p[1]) for p in e.get_points("xy")], e.closed))
        elif kind == "CIRCLE":
            paths.append(circle(e.dxf.center.x, e.dxf.center.y, e.dxf.radius))
        else:
            raise AssertionError(f"unexpected {kind}")
    return paths


def svg_paths(path: Path, origin: tuple[float, float, float, float]) -> list[list[Segment]]:
    """Every red (cut) shape as segments in page mm, y up, given the (x, y, w, h) of the
    page area the SVG spans; the SVG's own size is checked to be that area."""
    svg = svgelements.SVG.parse(str(path), ppi=25.4)       # one user unit = 1 mm
    x0, y0, w, h = origin
    assert math.isclose(svg.width, w, abs_tol=0.01) and math.isclose(svg.height, h, abs_tol=0.01)
    paths = []
    for e in svg.elements():
        if not isinstance(e, svgelements.Shape) or e.stroke != svgelements.Color("#ff0000"):
            continue
        if isinstance(e, svgelements.Circle):
            paths.append(circle(x0 + e.cx, y0 + h - e.cy, e.rx))
            continue
        segments = []
        for seg in svgelements.Path(e).segments():
            if isinstance(seg, (svgelements.Line, svgelements.Close)) and seg.start != seg.end:
                segments.append((x0 + seg.start.x, y0 + h - seg.start.y, x0 + seg.end.x, y0 + h - seg.end.y))
            elif not isinstance(seg, (svgelements.Move, svgelements.Line, svgelements.Close)):
                raise AssertionError(f"unexpected segment {seg}")
        paths.append(segments)
    return paths


def samples(segments: list[Segment], step: float = 0.5) -> np.ndarray:
    """Points every ``step`` mm along ``segments``, ends included."""
    points = []
    for x1, y1, x2, y2 in segments:
        n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / step))
        t = np.linspace(0, 1, n + 1)
        points.append(np.column_stack([x1 + (x2 - x1) * t, y1 + (y2 - y1) * t]))
    return np.concatenate(points)


def distances(points: np.ndarray, segments: list[Segment], reach: float = 1.0) -> np.ndarray:
    """Each point's distance to the nearest of ``segments``.

    Points are taken in small groups that lie close together; a group is first measured
    against the segments whose boxes come within ``reach`` of it, and only a point left
    farther than ``reach`` from all of those is measured against every segment: a segment
    left out is farther than ``reach``, so every distance is the same as against all.
    """
    s = np.asarray(segments, dtype=float)
    low, high = np.minimum(s[:, :2], s[:, 2:]), np.maximum(s[:, :2], s[:, 2:])
    cells = np.floor(points / 10.0)                                   # 10 mm squares, column by column
    order = np.lexsort((points[:, 1], cells[:, 1], cells[:, 0]))
    best = np.full(len(points), np.inf)
    for chunk in range(0, len(points), 512):
        group = order[chunk:chunk + 512]
        p = points[group]
        near = np.all((high >= p.min(axis=0) - reach) & (low <= p.max(axis=0) + reach), axis=1)
        d = _nearest(p, s[near]) if near.any() else np.full(len(p), np.inf)
        far = d > reach
        if far.any():
            d[far] = _nearest(p[far], s)
        best[group] = d
    return best


def _nearest(points: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Each point's distance to the nearest segment of the array ``s`` (rows x1, y1, x2, y2)."""
    a, b = s[:, :2], s[:, 2:]
    ab = b - a
    best = np.full(len(points), np.inf)
    for chunk in range(0, len(points), 2000):
        p = points[chunk:chunk + 2000, None, :]
        t = np.clip(((p - a) * ab).sum(-1) / np.maximum((ab * ab).sum(-1), 1e-12), 0, 1)
        best[chunk:chunk + 2000] = np.linalg.norm(p - (a + t[..., None] * ab), axis=-1).min(axis=1)
    return best


def twice_cut(segments: list[Segment]) -> float:
    """Total length (mm) cut more than once: overlapping stretches of collinear
    horizontal or vertical segments."""
    lines: dict[tuple[int, float], list[tuple[float, float]]] = {}
    for x1, y1, x2, y2 in segments:
        if abs(y1 - y2) < 1e-6:
            lines.setdefault((1, round(y1, 2)), []).append(tuple(sorted((x1, x2))))
        elif abs(x1 - x2) < 1e-6:
            lines.setdefault((0, round(x1, 2)), []).append(tuple(sorted((y1, y2))))
    twice = 0.0
    for spans in lines.values():
        spans.sort()
        reach = -math.inf
        for a, z in spans:
            twice += max(0.0, min(z, reach) - a)
            reach = max(reach, z)
    return twice
