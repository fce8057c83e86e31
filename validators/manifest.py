"""The manifest every PDF carries: what sits where, written by the sheet engine
and read back by ``check``.  One dataclass, one format name, both sides.

Its JSON keeps the field names other tools read: ``paper{width_mm,height_mm}``,
``margin_mm``, ``bleed_mm``, ``pages[].page``, ``pages[].side`` and
``pages[].components[]{x_mm,y_mm,w_mm,h_mm}``.

>>> m = Manifest("dice", "d6-1", "Dice", {}, Paper("a4", 210.0, 297.0), 5.0, 0.0, "long-edge",
...              (0.0, 0.0), (Component("dice:d6", "d6", 1, 70.0, 90.0, {}),),
...              (Page(1, "front", "dice", None, (Placed("dice:d6", "d6", 10.0, 20.0, 70.0, 90.0),)),))
>>> Manifest.from_json(m.as_json()) == m
True
>>> m.as_json()["pages"][0]["components"][0]["x_mm"]
10.0
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

FORMAT = "icp-print-manifest/1"
"""The manifest's ``format``: a reader refuses any other."""
FILENAME = "icp-print-manifest.json"
"""The name under which the manifest is attached to the PDF."""
LABEL = re.compile(r"\[([a-z][a-z0-9_-]*(?::[a-z0-9._+-]+)+)\]")
"""A component's label as printed in the PDF's text (``[ryb:card:3]``): what ``check`` counts."""
SHEET_LABEL = re.compile(r".+ · sheet [0-9]+ of [0-9]+ · (front|back)")
"""The line at a sheet's edge that numbers it ("RYB · sheet 2 of 7 · front"): page
furniture like the crop marks, not the text of a component."""

Side = Literal["front", "back"]
Backs = Literal["long-edge", "short-edge", "none"]
Layout = Literal["duplex", "gutterfold"]
"""``duplex``: backs on the reverse of the sheet; ``gutterfold``: backs beside their fronts,
on the same side, mirrored in a fold line."""
Cutter = Literal["silhouette", "cricut"]
"""The print-and-cut machine the sheets were laid out for (its marks, its cut area)."""
JSON = dict[str, Any]


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class Component:
    """One kind of printed component and how many were printed."""

    label: str
    kind: str
    count: int
    width_mm: float
    height_mm: float
    data: JSON


Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """A component's cut outline inside its trim box: the box itself (``rect``), the
    circle inscribed in it (``circle``), or a closed ``polygon`` whose points are in mm
    from the box's lower-left corner.  Only a shape that is not ``rect`` is written.

    >>> Shape.from_json(Shape("polygon", ((0.0, 0.0), (5.0, 0.0), (0.0, 5.0))).as_json())
    Shape(kind='polygon', points=((0.0, 0.0), (5.0, 0.0), (0.0, 5.0)))
    """

    kind: Literal["rect", "circle", "polygon"] = "rect"
    points: tuple[Point, ...] = ()

    def as_json(self) -> JSON:
        if self.kind == "polygon":
            return {"shape": "polygon", "points_mm": [list(p) for p in self.points]}
        return {} if self.kind == "rect" else {"shape": self.kind}

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> Shape:
        kind = entry.get("shape", "rect")
        if kind == "polygon":
            points = tuple(_pair(p) for p in entry["points_mm"])
            if len(points) < 3:
                raise ValueError("a polygon outline needs three points or more")
            return cls("polygon", points)
        if kind not in ("rect", "circle"):
            raise ValueError(f"unknown outline shape {kind!r}")
        return cls(cast(Literal["rect", "circle"], kind))


RECT = Shape()


@dataclass(frozen=True)
class Placed:
    """Where one component sits on a page (its trim box) and the outline it is cut
    along, or ``cut=False`` for one printed as part of a page and not cut out on its own."""

    label: str
    kind: str
    x_mm: float = 0.0
    y_mm: float = 0.0
    w_mm: float = 0.0
    h_mm: float = 0.0
    cut: bool = True
    side: Side = "front"    # "back": a gutterfold back, printed beside its front and not counted
    shape: Shape = RECT

    def as_json(self) -> JSON:
        if not self.cut:
            return {"label": self.label, "kind": self.kind, "cut": False}
        entry: JSON = {"label": self.label, "kind": self.kind, "x_mm": self.x_mm, "y_mm": self.y_mm,
                       "w_mm": self.w_mm, "h_mm": self.h_mm, **self.shape.as_json()}
        if self.side == "back":
            entry["side"] = "back"
        return entry


@dataclass(frozen=True)
class Page:
    page: int
    side: Side
    section: str
    trim_mm: tuple[float, float, float, float] | None
    components: tuple[Placed, ...]
    fold_mm: tuple[float, float, float, float] | None = None   # a gutterfold sheet's fold line

    def as_json(self) -> JSON:
        entry: JSON = {"page": self.page, "side": self.side, "section": self.section,
                       "trim_mm": list(self.trim_mm) if self.trim_mm else None,
                       "components": [c.as_json() for c in self.components]}
        if self.fold_mm:
            entry["fold_mm"] = list(self.fold_mm)
        return entry

    @property
    def fronts(self) -> tuple[Placed, ...]:
        """The components whose labels this page prints (not the backs of a gutterfold sheet)."""
        return tuple(c for c in self.components if c.side != "back")


@dataclass(frozen=True)
class Manifest:
    """Everything ``check`` needs to know about a printed PDF."""

    game: str
    ruleset: str
    title: str
    options: JSON
    paper: Paper
    margin_mm: float
    bleed_mm: float
    backs: Backs
    back_offset_mm: tuple[float, float]
    components: tuple[Component, ...]
    pages: tuple[Page, ...]
    layout: Layout = "duplex"
    cutter: Cutter | None = None

    @property
    def total_components(self) -> int:
        return sum(c.count for c in self.components)

    def components_json(self) -> list[JSON]:
        """The component entries as the game's checks read them."""
        return [{"label": c.label, "kind": c.kind, "count": c.count, "width_mm": c.width_mm,
                 "height_mm": c.height_mm, "data": c.data} for c in self.components]

    def as_json(self) -> JSON:
        return {
            "format": FORMAT, "game": self.game, "ruleset": self.ruleset, "title": self.title,
            "options": self.options,
            "paper": {"name": self.paper.name, "width_mm": self.paper.width_mm,
                      "height_mm": self.paper.height_mm},
            "margin_mm": self.margin_mm, "bleed_mm": self.bleed_mm, "backs": self.backs,
            "back_offset_mm": list(self.back_offset_mm), "layout": self.layout, "cutter": self.cutter,
            "components": self.components_json(),
            "total_components": self.total_components,
            "pages": [p.as_json() for p in self.pages],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Manifest:
        """Read a manifest; a missing or mistyped entry raises ``KeyError``/``TypeError``/``ValueError``."""
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown manifest format {data.get('format')!r}")
        paper = data["paper"]
        return cls(
            str(data["game"]), str(data.get("ruleset", "")), str(data.get("title", "")),
            dict(data.get("options") or {}),
            Paper(str(paper["name"]), float(paper["width_mm"]), float(paper["height_mm"])),
            float(data["margin_mm"]), float(data["bleed_mm"]), cast(Backs, str(data["backs"])),
            _pair(data.get("back_offset_mm", (0.0, 0.0))),
            tuple(Component(str(c["label"]), str(c["kind"]), int(c["count"]), float(c["width_mm"]),
                            float(c["height_mm"]), dict(c.get("data") or {}))
                  for c in data["components"]),
            tuple(_page(p) for p in data["pages"]),
            _layout(data.get("layout", "duplex")), _cutter(data.get("cutter")))


def _pair(value: Any) -> tuple[float, float]:
    x, y = value
    return float(x), float(y)


def _layout(value: Any) -> Layout:
    if value not in get_args(Layout):
        raise ValueError(f"unknown layout {value!r}")
    return cast(Layout, value)


def _cutter(value: Any) -> Cutter | None:
    if value is not None and value not in get_args(Cutter):
        raise ValueError(f"unknown cutter {value!r}")
    return cast("Cutter | None", value)


def _four(entry: Mapping[str, Any], key: str) -> tuple[float, float, float, float] | None:
    values = entry.get(key)
    box = None if not values else cast(tuple[float, float, float, float], tuple(float(v) for v in values))
    if box is not None and len(box) != 4:
        raise ValueError(f"{key} must hold four numbers")
    return box


def _page(entry: Mapping[str, Any]) -> Page:
    return Page(int(entry["page"]), cast(Side, str(entry["side"])), str(entry.get("section", "")),
                _four(entry, "trim_mm"), tuple(_placed(c) for c in entry["components"]),
                _four(entry, "fold_mm"))


def _placed(entry: Mapping[str, Any]) -> Placed:
    if entry.get("cut", True) is False:
        return Placed(str(entry["label"]), str(entry["kind"]), cut=False)
    side: Side = "back" if entry.get("side") == "back" else "front"
    return Placed(str(entry["label"]), str(entry["kind"]), float(entry["x_mm"]), float(entry["y_mm"]),
                  float(entry["w_mm"]), float(entry["h_mm"]), side=side, shape=Shape.from_json(entry))
