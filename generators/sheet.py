"""The sheet engine shared by every game.

It imposes components on A4 or Letter pages (as many as fit inside the
margins, grid centred), draws crop marks in the margin aligned with every
trim line, adds back pages mirrored for long- or short-edge duplex, and keeps
a manifest of what sits where.  :mod:`.pdf` turns a :class:`Document` into
bytes; geometry stays in millimetres until the pen converts it.

>>> settings = SheetSettings(paper=paper("a4"))
>>> g = fit_grid(settings, 63.5, 88.9)
>>> (g.cols, g.rows)
(3, 3)
>>> fit_grid(SheetSettings(paper=paper("letter")), 63.5, 88.9).capacity
9
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Callable, Sequence

from ..templates import path
from ..validators.errors import InputError
from ..validators.schema import field as schema_field
from ..validators.schema import load_toml
from .pen import Pen

DrawFn = Callable[[Pen], None]
BACKS = ("long-edge", "short-edge", "none")
EPSILON = 1e-6
CROP_GAP = 1.0      # mm between the outer bleed edge and a crop mark
CROP_LENGTH = 5.0   # mm, at most; shorter where the page edge is nearer


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, portrait, in millimetres."""

    name: str
    width: float
    height: float


@cache
def papers() -> dict[str, Paper]:
    """The paper formats of ``templates/paper.toml``."""
    source = path("paper.toml")
    data = load_toml(source)
    result = {}
    for name, entry in data.items():
        try:
            result[name] = Paper(name, schema_field(entry, "width_mm", float, where=name, lo=10),
                                 schema_field(entry, "height_mm", float, where=name, lo=10))
        except InputError as exc:
            raise exc.located(str(source)) from None
    return result


def paper(name: str) -> Paper:
    """Look up a paper format by name (``a4``, ``letter``)."""
    try:
        return papers()[name]
    except KeyError:
        raise InputError(f"unknown paper {name!r} (known: {', '.join(papers())})",
                         field="--paper") from None


@cache
def component_size(name: str) -> tuple[float, float]:
    """A named component size from ``templates/sizes.toml``: (width, height) mm."""
    source = path("sizes.toml")
    entry = load_toml(source).get(name)
    if entry is None:
        raise InputError(f"unknown component size {name!r}", source=str(source))
    return (schema_field(entry, "width_mm", float, where=name, lo=1),
            schema_field(entry, "height_mm", float, where=name, lo=1))


@dataclass(frozen=True)
class SheetSettings:
    """Everything about the printed sheet that is not the game's art."""

    paper: Paper
    margin: float = 5.0
    bleed: float = 0.0
    backs: str = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False
    ink_saver: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.margin <= min(self.paper.width, self.paper.height) / 4:
            raise InputError(f"margin must be between 0 and a quarter of the paper, got {self.margin}",
                             field="--margin")
        if not 0 <= self.bleed <= 10:
            raise InputError(f"bleed must be between 0 and 10 mm, got {self.bleed}", field="--bleed")
        if self.backs not in BACKS:
            raise InputError(f"unknown duplex mode {self.backs!r} (allowed: {', '.join(BACKS)})",
                             field="--backs")
        if any(abs(v) > 20 for v in self.back_offset):
            raise InputError("back offset must be within 20 mm each way", field="--back-offset")


@dataclass(frozen=True)
class Grid:
    """Where ``cols`` x ``rows`` components of ``w`` x ``h`` mm sit on a page."""

    cols: int
    rows: int
    w: float
    h: float
    gutter: float       # space between neighbouring trims: twice the bleed
    left: float         # x of the leftmost trim line
    top: float          # y of the topmost trim line (from the page bottom)

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """Lower-left trim corner of ``slot`` (row-major from the top-left)."""
        row, col = divmod(slot, self.cols)
        return (self.left + col * (self.w + self.gutter),
                self.top - (row + 1) * self.h - row * self.gutter)

    def trim_xs(self) -> list[float]:
        """Every vertical trim line, left to right."""
        xs = []
        for col in range(self.cols):
            x = self.left + col * (self.w + self.gutter)
            xs += [x, x + self.w]
        return _unique(xs)

    def trim_ys(self) -> list[float]:
        """Every horizontal trim line, top to bottom."""
        ys = []
        for row in range(self.rows):
            y = self.top - row * (self.h + self.gutter)
            ys += [y, y - self.h]
        return _unique(ys)


def _unique(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in values:
        if not out or abs(out[-1] - v) > EPSILON:
            out.append(v)
    return out


def fit_grid(settings: SheetSettings, w: float, h: float) -> Grid:
    """The largest centred grid of ``w`` x ``h`` components inside the margins.

    Neighbouring components are spaced by twice the bleed so their bleeds never
    overlap; the outermost bleed may run into the margin, which is cut away.
    """
    gutter = 2 * settings.bleed
    usable_w = settings.paper.width - 2 * settings.margin
    usable_h = settings.paper.height - 2 * settings.margin
    cols = int((usable_w + gutter + EPSILON) // (w + gutter))
    rows = int((usable_h + gutter + EPSILON) // (h + gutter))
    if cols < 1 or rows < 1:
        raise InputError(f"a {w:g} x {h:g} mm component does not fit on {settings.paper.name} "
                         f"inside {settings.margin:g} mm margins", field="--paper")
    total_w = cols * w + (cols - 1) * gutter
    total_h = rows * h + (rows - 1) * gutter
    return Grid(cols, rows, w, h, gutter,
                left=(settings.paper.width - total_w) / 2,
                top=(settings.paper.height + total_h) / 2)


def mirror(settings: SheetSettings, x: float, y: float, w: float = 0.0, h: float = 0.0, *,
           offset: bool = True) -> tuple[float, float]:
    """Where the back of a ``w`` x ``h`` box at ``(x, y)`` goes on the back page.

    Long-edge duplex flips the sheet about its vertical axis, short-edge about
    its horizontal axis; the printer's known drift is then added (unless
    ``offset`` is false: the engine adds it to free-layout back pages itself).

    >>> s = SheetSettings(paper=Paper("t", 200, 300), back_offset=(0.5, -1.0))
    >>> mirror(s, 10, 20, 50, 80)
    (140.5, 19.0)
    """
    page = settings.paper
    dx, dy = settings.back_offset if offset else (0.0, 0.0)
    if settings.backs == "short-edge":
        return x + dx, page.height - y - h + dy
    return page.width - x - w + dx, y + dy


@dataclass(frozen=True)
class Piece:
    """One printed component: what it is, its countable label, how to draw it."""

    kind: str
    label: str
    front: DrawFn
    back: DrawFn | None = None
    data: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Placed:
    """A component placed on a page, for the manifest and for ``check``."""

    label: str
    kind: str
    x: float
    y: float
    w: float
    h: float


@dataclass
class Page:
    """One PDF page: its drawing steps and what it holds."""

    side: str                              # "front" or "back"
    section: str
    placed: list[Placed] = field(default_factory=list)
    steps: list[tuple[float, float, float, float, DrawFn, bool]] = field(default_factory=list)
    grid: Grid | None = None               # set on imposed front pages: crop marks follow it
    trim: tuple[float, float, float, float] | None = None


@dataclass
class Document:
    """A game's printable set: pages in order plus the manifest that describes them."""

    settings: SheetSettings
    game: str
    ruleset: str
    title: str
    pages: list[Page] = field(default_factory=list)
    components: dict[str, dict] = field(default_factory=dict)
    options: dict = field(default_factory=dict)

    def _count(self, piece: Piece, w: float, h: float) -> None:
        entry = self.components.setdefault(piece.label, {
            "label": piece.label, "kind": piece.kind, "count": 0,
            "width_mm": round(w, 3), "height_mm": round(h, 3), "data": piece.data})
        entry["count"] += 1

    def add_pieces(self, pieces: Sequence[Piece], w: float, h: float, *, section: str,
                   marks: bool = True) -> Grid:
        """Impose ``pieces`` of ``w`` x ``h`` mm, a back page after each front page.

        ``marks=False`` leaves out crop marks, for pieces cut along their own
        outline (dice nets) rather than along their bounding box.
        """
        grid = fit_grid(self.settings, w, h)
        for start in range(0, len(pieces), grid.capacity):
            count = min(grid.capacity, len(pieces) - start)
            used = replace(grid, cols=min(grid.cols, count), rows=-(-count // grid.cols))
            front = Page("front", section, grid=used if marks else None)
            back = Page("back", section)
            for slot, piece in enumerate(pieces[start:start + grid.capacity]):
                x, y = grid.origin(slot)
                front.steps.append((x, y, w, h, piece.front, True))
                front.placed.append(Placed(piece.label, piece.kind, x, y, w, h))
                self._count(piece, w, h)
                if piece.back is not None:
                    bx, by = mirror(self.settings, x, y, w, h)
                    back.steps.append((bx, by, w, h, piece.back, True))
            xs, ys = used.trim_xs(), used.trim_ys()
            front.trim = (xs[0], ys[-1], xs[-1] - xs[0], ys[0] - ys[-1])
            back.trim = (*mirror(self.settings, *front.trim), front.trim[2], front.trim[3])
            self._add(front, back)
        return grid

    def add_page(self, draw: DrawFn, *, section: str, placed: Sequence[Placed] = (),
                 pieces: Sequence[Piece] = (), back: DrawFn | None = None,
                 trim: tuple[float, float, float, float] | None = None) -> None:
        """A free-layout page drawn in page coordinates (origin at the page's lower-left).

        ``back`` draws the back page in its own coordinates (use :func:`mirror`
        with ``offset=False`` to find what lies behind a point); the engine
        shifts it by the back offset.  ``placed`` says which labelled components the drawing holds and where;
        ``pieces`` gives their manifest entries (kind, data) in the same order.
        """
        page = self.settings.paper
        front = Page("front", section, list(placed), trim=trim or (0, 0, page.width, page.height))
        front.steps.append((0, 0, page.width, page.height, draw, False))
        for item, piece in zip(placed, pieces, strict=True):
            self._count(piece, item.w, item.h)
        rear = Page("back", section, trim=front.trim)
        if back is not None:
            dx, dy = self.settings.back_offset
            rear.steps.append((dx, dy, page.width, page.height, back, False))
        self._add(front, rear)

    def _add(self, front: Page, back: Page) -> None:
        self.pages.append(front)
        if self.settings.backs != "none":
            self.pages.append(back)

    def manifest(self) -> dict:
        """The JSON-ready description embedded in the PDF and read by ``check``."""
        s = self.settings
        return {
            "format": "icp-print-manifest/1",
            "game": self.game,
            "ruleset": self.ruleset,
            "title": self.title,
            "options": self.options,
            "paper": {"name": s.paper.name, "width_mm": s.paper.width, "height_mm": s.paper.height},
            "margin_mm": s.margin,
            "bleed_mm": s.bleed,
            "backs": s.backs,
            "back_offset_mm": list(s.back_offset),
            "components": sorted(self.components.values(), key=lambda c: c["label"]),
            "total_components": sum(c["count"] for c in self.components.values()),
            "pages": [
                {"page": n, "side": p.side, "section": p.section,
                 "trim_mm": [round(v, 3) for v in p.trim] if p.trim else None,
                 "components": [{"label": c.label, "kind": c.kind, "x_mm": round(c.x, 3),
                                 "y_mm": round(c.y, 3), "w_mm": round(c.w, 3), "h_mm": round(c.h, 3)}
                                for c in p.placed]}
                for n, p in enumerate(self.pages, start=1)
            ],
        }


def crop_marks(settings: SheetSettings, grid: Grid) -> list[tuple[float, float, float, float]]:
    """Crop-mark segments (x1, y1, x2, y2) in the margin, one pair per trim line.

    Each mark starts :data:`CROP_GAP` mm beyond the outer bleed and runs toward
    the page edge, so no mark ever touches a component or its bleed.
    """
    page, b = settings.paper, settings.bleed
    xs, ys = grid.trim_xs(), grid.trim_ys()
    left, right, top, bottom = xs[0] - b, xs[-1] + b, ys[0] + b, ys[-1] - b
    marks = []
    top_len = min(CROP_LENGTH, page.height - top - CROP_GAP)
    bottom_len = min(CROP_LENGTH, bottom - CROP_GAP)
    for x in xs:
        if top_len > 0:
            marks.append((x, top + CROP_GAP, x, top + CROP_GAP + top_len))
        if bottom_len > 0:
            marks.append((x, bottom - CROP_GAP, x, bottom - CROP_GAP - bottom_len))
    left_len = min(CROP_LENGTH, left - CROP_GAP)
    right_len = min(CROP_LENGTH, page.width - right - CROP_GAP)
    for y in ys:
        if left_len > 0:
            marks.append((left - CROP_GAP, y, left - CROP_GAP - left_len, y))
        if right_len > 0:
            marks.append((right + CROP_GAP, y, right + CROP_GAP + right_len, y))
    return marks


def cut_lines(grid: Grid) -> list[tuple[float, float, float, float]]:
    """Full-length guide lines along every trim line of the grid."""
    xs, ys = grid.trim_xs(), grid.trim_ys()
    return ([(x, ys[-1], x, ys[0]) for x in xs] + [(xs[0], y, xs[-1], y) for y in ys])
