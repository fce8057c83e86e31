"""The sheet engine shared by every game.

It imposes components on A4 or Letter pages (as many as fit inside the
printable area with room for crop marks, grid centred), adds back pages
mirrored for long- or short-edge duplex, and keeps a manifest of what sits
where; :mod:`.marks` places the crop marks inside the printable area.

Game art gets from its :class:`~.pen.Pen` the trim box (``0, 0, w, h``) and
the bleed (``pen.bleed``): edge art runs to ``-bleed`` and ``w + bleed``;
frames and text stay :data:`SAFE_INSET` mm inside the trim.  :mod:`.pdf` turns a :class:`Document` into
bytes; geometry stays in millimetres until the pen converts it.

>>> settings = SheetSettings(paper=paper("a4"))
>>> g = fit_grid(settings, 63.5, 88.9)
>>> (g.cols, g.rows)
(3, 3)
>>> fit_grid(SheetSettings(paper=paper("letter")), 63.5, 88.9).capacity
9
>>> a4, letter = Paper("a4", 210, 297, bleed=2.0), Paper("letter", 215.9, 279.4, bleed=2.0)
>>> [resolve_bleed(SheetSettings(paper=p), [(63.5, 88.9)]).bleed for p in (a4, letter)]
[1.0, 0.0]
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import get_args
from collections.abc import Callable, Sequence

from ..validators.errors import InputError
# Papers and sizes live with the data's loader; drawing modules find them here too.
from ..validators.formats import Paper as Paper
from ..validators.formats import component_size as component_size
from ..validators.formats import paper as paper
from ..validators.formats import papers as papers
from ..validators.manifest import RECT, Backs, Component, Layout, Manifest, Shape, Side
from ..validators.manifest import Page as ManifestPage
from ..validators.manifest import Paper as ManifestPaper
from ..validators.manifest import Placed as ManifestPlaced
from .cutter import Cutter, layout_boxes
from .fold import fit_fold, turned, turned_shape
from .grid import Box, Grid, grid_in
from .marks import MARK_ROOM, Rect, Segment, every_line_marked, trim_marks
from .pen import Pen

DrawFn = Callable[[Pen], None]
BACKS: tuple[Backs, ...] = get_args(Backs)
LAYOUTS: tuple[Layout, ...] = get_args(Layout)
EPSILON = 1e-6
SAFE_INSET = 3.0    # mm: frames and text stay this far inside the trim
BLEED_STEP = 0.25   # mm: the default bleed shrinks in these steps until nothing is lost
LOT_GAP = 2 * MARK_ROOM + 0.5   # mm between rows of differently sized components


@dataclass(frozen=True)
class SheetSettings:
    """Everything about the printed sheet that is not the game's art.

    ``bleed=None`` means the default bleed, worked out by :func:`resolve_bleed`
    when the document knows its component sizes.
    """

    paper: Paper
    margin: float = 5.0
    bleed: float | None = None
    backs: Backs = "long-edge"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False
    ink_saver: bool = False
    layout: Layout = "duplex"
    cutter: Cutter | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.margin <= min(self.paper.width, self.paper.height) / 4:
            raise InputError(f"margin must be between 0 and a quarter of the paper, got {self.margin}",
                             field="--margin")
        if self.bleed is not None and not 0 <= self.bleed <= 10:
            raise InputError(f"bleed must be between 0 and 10 mm, got {self.bleed}", field="--bleed")
        if self.backs not in BACKS:
            raise InputError(f"unknown duplex mode {self.backs!r} (allowed: {', '.join(BACKS)})",
                             field="--backs")
        if any(abs(v) > 20 for v in self.back_offset):
            raise InputError("back offset must be within 20 mm each way", field="--back-offset")
        if self.layout not in LAYOUTS:
            raise InputError(f"unknown layout {self.layout!r} (allowed: {', '.join(LAYOUTS)})",
                             field="--layout")
        if self.layout == "gutterfold" and self.backs == "none":
            raise InputError("a gutterfold sheet prints each back beside its front, and --backs none "
                             "prints no backs: leave out one or the other", field="--layout")
        if self.layout == "gutterfold" and any(self.back_offset):
            raise InputError("a gutterfold sheet is printed on one side only: there is no duplex "
                             "drift to correct", field="--back-offset")
        if self.layout == "gutterfold" and self.cutter:
            raise InputError("a cutting machine cuts flat sheets, and a gutterfold sheet is folded and "
                             "glued before it is cut: leave out one or the other", field="--cutter")

    @property
    def inset(self) -> float:
        """How far from every paper edge a component's trim may go: the printer's border,
        the bleed, and room for a crop mark beyond it."""
        return self.margin + (self.bleed or 0.0) + MARK_ROOM

    def layout_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the area free-layout pages may fill with trims (see :attr:`inset`);
        with a cutter, the largest area its marks leave free (:mod:`.cutter`)."""
        return max(layout_boxes(self.paper, self.cutter, self.margin, self.bleed or 0.0, MARK_ROOM),
                   key=lambda box: box[2] * box[3])

    def layout_boxes(self) -> list[Box]:
        """(x0, y0, x1, y1) of every area an imposed grid may fill with trims: one, or with a
        cutter each band its marks leave free (the grid takes the one that holds the most)."""
        return [(x, y, x + w, y + h)
                for x, y, w, h in layout_boxes(self.paper, self.cutter, self.margin, self.bleed or 0.0, MARK_ROOM)]

    def printable_box(self) -> Box:
        """(x0, y0, x1, y1) of the same area, as corners."""
        x, y, w, h = self.layout_box()
        return (x, y, x + w, y + h)


def fit_grid(settings: SheetSettings, w: float, h: float, box: Box | None = None) -> Grid:
    """The largest grid of ``w`` x ``h`` components inside the printable area, centred in
    the layout box that holds the most (or in ``box``).

    Neighbouring components are spaced by twice the bleed so their bleeds never
    overlap; beyond the outermost bleed, :data:`~.marks.MARK_ROOM` mm stay free
    inside the margin so the crop marks print.
    """
    settings = resolve_bleed(settings, [(w, h)])
    grids = [grid_in(b, w, h, 2 * (settings.bleed or 0.0)) for b in ([box] if box else settings.layout_boxes())]
    # The fullest grid whose trim lines all get their marks; else the fullest.
    grid = max(grids, key=lambda g: (g.capacity > 0 and every_line_marked(settings, grid_rects(g)), g.capacity))
    if grid.capacity < 1:
        room = f"inside the {settings.cutter}'s marks" if settings.cutter else "and room for crop marks"
        raise InputError(f"a {w:g} x {h:g} mm component does not fit on {settings.paper.name} "
                         f"inside {settings.margin:g} mm margins with a {settings.bleed:g} mm bleed "
                         f"{room}", field="--paper")
    return grid


def _roomiest(settings: SheetSettings, w: float, h: float) -> Box:
    """The layout box :func:`fit_grid` fills with ``w`` x ``h`` components."""
    grid = fit_grid(settings, w, h)
    return next(b for b in settings.layout_boxes() if grid_in(b, w, h, grid.gutter) == grid)


def sheet_capacity(settings: SheetSettings, w: float, h: float) -> int:
    """How many ``w`` x ``h`` components one sheet holds in the settings' layout (0: none)."""
    try:
        if settings.layout == "gutterfold":
            return fit_fold(settings, w, h).grid.capacity
        return fit_grid(settings, w, h).capacity
    except InputError:
        return 0


def resolve_bleed(settings: SheetSettings, sizes: Sequence[tuple[float, float]]) -> SheetSettings:
    """``settings`` with the default bleed made concrete: the paper's default, less in
    steps of :data:`BLEED_STEP` mm where a bleed would cost components per sheet
    (3 rows of poker cards on Letter keep shared cuts).  An explicit bleed stays."""
    if settings.bleed is not None:
        return settings

    def capacity(bleed: float, w: float, h: float) -> int:
        return sheet_capacity(replace(settings, bleed=bleed), w, h)

    bleed = settings.paper.bleed
    while bleed > 0 and any(capacity(bleed, w, h) < capacity(0.0, w, h) for w, h in sizes):
        bleed = round(bleed - BLEED_STEP, 3)
    return replace(settings, bleed=max(bleed, 0.0))


def one_sided(settings: SheetSettings, what: str) -> SheetSettings:
    """``settings`` for a set that has no backs: no back pages, and no gutterfold to ask for."""
    if settings.layout == "gutterfold":
        raise InputError(f"{what} have no backs: --layout gutterfold folds backs behind their "
                         "fronts, so it is only for double-sided sets", field="--layout")
    return replace(settings, backs="none")


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
    shape: Shape = RECT     # the cut outline inside the trim box
    card: bool = True       # a face a print-on-demand service prints as it is (not a net to fold)
    art_turns: int = 0      # quarter turns, anticlockwise, of the art inside the piece (a landscape
                            # card drawn into a portrait piece: 1); a fold that turns the piece turns it back


@dataclass(frozen=True)
class Placed:
    """A component placed on a page, for the manifest and for ``check``.

    ``cut=False`` marks a component that is printed but not cut out (the
    calibration sheet's rulers): it gets no crop marks and no trim rectangle.
    """

    label: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    cut: bool = True
    shape: Shape = RECT


@dataclass
class Page:
    """One PDF page: its drawing steps and what it holds."""

    side: Side
    section: str
    placed: list[Placed] = field(default_factory=list)
    steps: list[tuple[float, float, float, float, DrawFn, bool]] = field(default_factory=list)
    imposed: bool = False                  # laid out by the engine, so all its art is known
    trim: tuple[float, float, float, float] | None = None
    backs: list[Placed] = field(default_factory=list)   # a gutterfold sheet's backs, beside the fronts
    fold: Segment | None = None                          # a gutterfold sheet's fold line


@dataclass
class Document:
    """A game's printable set: pages in order plus the manifest that describes them."""

    settings: SheetSettings
    game: str
    ruleset: str
    title: str
    pages: list[Page] = field(default_factory=list)
    components: dict[str, Component] = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    imposed: list[tuple[Piece, float, float]] = field(default_factory=list)  # every card, in sheet order

    def _count(self, piece: Piece, w: float, h: float) -> None:
        entry = self.components.get(piece.label) or Component(
            piece.label, piece.kind, 0, round(w, 3), round(h, 3), piece.data)
        self.components[piece.label] = replace(entry, count=entry.count + 1)

    def add_pieces(self, pieces: Sequence[Piece], w: float, h: float, *, section: str) -> Grid:
        """Impose ``pieces`` of ``w`` x ``h`` mm, a back page after each front page
        (gutterfold: the backs beside the fronts, on the same page)."""
        self.settings = resolve_bleed(self.settings, [(w, h)])
        if self._folds(pieces):
            return self._add_folded(pieces, w, h, section=section)
        grid = fit_grid(self.settings, w, h)
        for start in range(0, len(pieces), grid.capacity):
            front, back = Page("front", section, imposed=True), Page("back", section, imposed=True)
            for slot, piece in enumerate(pieces[start:start + grid.capacity]):
                self._place(front, back, piece, *grid.origin(slot), w, h)
            self._close(front, back)
        return grid

    def add_lots(self, lots: Sequence[tuple[Sequence[Piece], float, float]], *, section: str) -> None:
        """Impose pieces of several sizes, sharing sheets: rows of each lot in turn, and
        whatever room a page has left goes to the next lot's rows (coins beside dice nets).
        With a gutterfold layout, each lot that has backs gets folded sheets of its own."""
        self.settings = resolve_bleed(self.settings, [(w, h) for _, w, h in lots])
        folded = [self._folds(pieces) for pieces, _, _ in lots]
        flat = [lot for lot, fold in zip(lots, folded) if not fold]
        if flat:
            self._add_flat_lots(flat, section=section)
        for (pieces, w, h), fold in zip(lots, folded):
            if fold:
                self._add_folded(pieces, w, h, section=section)

    def _add_flat_lots(self, lots: Sequence[tuple[Sequence[Piece], float, float]], *, section: str) -> None:
        s = self.settings
        box = _roomiest(s, *lots[0][1:])
        queues = [(list(pieces), w, h, fit_grid(s, w, h, box)) for pieces, w, h in lots]
        usable_h = box[3] - box[1]
        gutter = 2 * (s.bleed or 0.0)
        while any(q[0] for q in queues):
            rows: list[tuple[list[Piece], float, float, Grid, float]] = []  # pieces, w, h, grid, space above
            used = 0.0
            for pieces, w, h, grid in queues:
                # Between lots, room for a mark on each side: their trim lines do not line up.
                space = 0.0 if not rows else (gutter if rows[-1][3] is grid else LOT_GAP + gutter)
                while pieces and used + space + h <= usable_h + EPSILON:
                    rows.append((pieces[:grid.cols], w, h, grid, space))
                    del pieces[:grid.cols]
                    used += space + h
                    space = gutter
            front, back = Page("front", section, imposed=True), Page("back", section, imposed=True)
            top = (box[1] + box[3] + used) / 2
            for row, w, h, grid, space in rows:
                top -= space
                for col, piece in enumerate(row):
                    self._place(front, back, piece, grid.left + col * (w + gutter), top - h, w, h)
                top -= h
            self._close(front, back)

    def _folds(self, pieces: Sequence[Piece]) -> bool:
        return self.settings.layout == "gutterfold" and any(p.back is not None for p in pieces)

    def _add_folded(self, pieces: Sequence[Piece], w: float, h: float, *, section: str) -> Grid:
        """Gutterfold sheets: the fronts on one side of the fold line, each back at its
        front's mirror image in the line (see :mod:`.fold`)."""
        full = fit_fold(self.settings, w, h).facing(pieces[0].art_turns)
        back_turns = full.back_turns(self.settings.backs)
        for start in range(0, len(pieces), full.grid.capacity):
            sheet = pieces[start:start + full.grid.capacity]
            fold = full.holding(len(sheet))
            grid = fold.grid
            page = Page("front", section, imposed=True, fold=fold.line(self.settings))
            for slot, piece in enumerate(sheet):
                x, y = grid.origin(slot)
                page.steps.append((x, y, grid.w, grid.h, turned(piece.front, fold.turns), True))
                page.placed.append(Placed(piece.label, piece.kind, x, y, grid.w, grid.h,
                                          shape=turned_shape(piece.shape, fold.turns, w, h)))
                self.imposed.append((piece, w, h))
                self._count(piece, w, h)
                if piece.back is not None:
                    bx, by = fold.behind(x, y, grid.w, grid.h)
                    page.steps.append((bx, by, grid.w, grid.h, turned(piece.back, back_turns), True))
                    page.backs.append(Placed(piece.label, piece.kind, bx, by, grid.w, grid.h))
            page.trim = _bounds(page.placed + page.backs)
            self.pages.append(page)
        return full.grid

    def _place(self, front: Page, back: Page, piece: Piece, x: float, y: float, w: float, h: float) -> None:
        front.steps.append((x, y, w, h, piece.front, True))
        front.placed.append(Placed(piece.label, piece.kind, x, y, w, h, shape=piece.shape))
        self.imposed.append((piece, w, h))
        self._count(piece, w, h)
        if piece.back is not None:
            bx, by = mirror(self.settings, x, y, w, h)
            back.steps.append((bx, by, w, h, piece.back, True))

    def _close(self, front: Page, back: Page) -> None:
        front.trim = _bounds(front.placed)
        back.trim = (*mirror(self.settings, *front.trim), front.trim[2], front.trim[3])
        self._add(front, back)

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
        if back is not None and self.settings.layout == "gutterfold":
            raise InputError(f"the {section} page fills a whole sheet and has its back on the "
                             "reverse, so it cannot fold: print this set double-sided (the default "
                             "layout) or with --backs none", field="--layout")
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
        if self.settings.backs != "none" and self.settings.layout == "duplex":
            self.pages.append(back)

    def finish(self) -> None:
        """Settle the bleed of a document that imposed nothing (free pages draw no bleed),
        and refuse a gutterfold layout for a set that has no backs to fold."""
        if self.settings.bleed is None:
            self.settings = replace(self.settings, bleed=0.0)
        if self.settings.layout == "gutterfold" and not any(p.backs for p in self.pages):
            raise InputError(f"{self.title} has no backs: --layout gutterfold folds backs behind "
                             "their fronts, so it is only for double-sided sets", field="--layout")

    def manifest(self) -> Manifest:
        """The description embedded in the PDF and read by ``check``."""
        self.finish()
        s = self.settings
        return Manifest(
            self.game, self.ruleset, self.title, self.options,
            ManifestPaper(s.paper.name, s.paper.width, s.paper.height), s.margin, s.bleed or 0.0, s.backs,
            s.back_offset, tuple(sorted(self.components.values(), key=lambda c: c.label)),
            tuple(ManifestPage(n, p.side, p.section,
                               _rounded(p.trim) if p.trim else None,
                               tuple(_placed_entry(c) for c in p.placed) +
                               tuple(replace(_placed_entry(c), side="back") for c in p.backs),
                               _rounded(p.fold) if p.fold else None)
                  for n, p in enumerate(self.pages, start=1)), s.layout, s.cutter)


def _bounds(placed: Sequence[Placed]) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the box around every placed trim."""
    x0 = min(p.x for p in placed)
    y0 = min(p.y for p in placed)
    x1 = max(p.x + p.w for p in placed)
    y1 = max(p.y + p.h for p in placed)
    return x0, y0, x1 - x0, y1 - y0


def _rounded(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = (round(v, 3) for v in box)
    return x, y, w, h


def _placed_entry(c: Placed) -> ManifestPlaced:
    if not c.cut:
        return ManifestPlaced(c.label, c.kind, cut=False)
    return ManifestPlaced(c.label, c.kind, round(c.x, 3), round(c.y, 3), round(c.w, 3), round(c.h, 3),
                          shape=c.shape)


def rects(placed: Sequence[Placed]) -> list[Rect]:
    """The trim rectangles of the placed components that are cut out."""
    return [(p.x, p.y, p.w, p.h) for p in placed if p.cut]


def grid_rects(grid: Grid) -> list[Rect]:
    """The trim rectangles of every slot of ``grid``."""
    return [(*grid.origin(slot), grid.w, grid.h) for slot in range(grid.capacity)]


def crop_marks(settings: SheetSettings, grid: Grid) -> list[tuple[float, float, float, float]]:
    """Crop-mark segments (x1, y1, x2, y2) for a full grid: see :func:`.marks.trim_marks`."""
    return trim_marks(settings, grid_rects(grid))
