"""The sheet label, "RYB · sheet 2 of 7 · front", printed in the margin of every
page so loose sheets sort themselves.

It is set in 6.5 pt dark grey (7:1 on white paper), wholly inside the
printable area, and never over a component, its bleed, a crop mark, a trim
line's extension, the fold line or a cutting machine's registration marks:
:func:`label_spot` looks for room along the paper's edges first (bottom, top,
left, right, the text turned a quarter on the sides), then further in.

The room is found by arithmetic.  On an imposed page the engine knows every
component's bleed box and mark; on a free-layout page the pens note a box
around everything they draw (:class:`.pen.Inked`).

A back page's label sits behind its front's label (where the printer's turn
of the sheet puts it), so it never lies behind a front's face.  A gutterfold
sheet carries both: the back's label is the front's mirror image in the fold
line, so folding puts one behind the other.

>>> sheet_numbers(["front", "back", "front", "back"])  # a back belongs to the front before it
[1, 1, 2, 2]
>>> label_text("RYB", 2, 7, "back")  # what SHEET_LABEL matches
'RYB · sheet 2 of 7 · back'
>>> label_spot(210, 297, 5, boxes_blocker([(20, 5, 190, 292)]), 30, 2.3)  # only the left side is free
(7.048, 133.5, 90)
>>> label_box((7.048, 133.5, 90), 30, 2.3)
(5.3, 133.5, 7.6, 163.5)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import fonts
from .cutter import keep_out
from .fold import FOLD_WORD_PT
from .marks import MARK_WIDTH, trim_marks
from .sheet import Document, Page, mirror, rects
from .units import to_mm

Box = tuple[float, float, float, float]         # x0, y0, x1, y1 in mm
Interval = tuple[float, float]
# What is in the way inside a strip of the page: (axis, lo, hi) -> the blocked stretches along
# the strip; axis 0: the strip lo <= y <= hi, stretches along x; axis 1: lo <= x <= hi, along y.
Blocker = Callable[[int, float, float], list[Interval]]
Spot = tuple[float, float, int]                 # the text's start point (baseline's left end) and angle
Measure = Callable[[str], float]                # a label's length in mm

LABEL_PT = 6.5
LABEL_COLOUR = "#595959"    # 7:1 against white paper
CLEAR = 0.8                 # mm kept free around the label (a rendered mark's soft edge included)
EDGE = 0.3                  # mm inside the printable area
DEPTH_STEP = 0.5            # mm further in at each try
MAX_DEPTH = 60.0            # mm from the printable edge, at most
DESCENT = 0.24              # of the font size: below the baseline
ROUNDING = 0.01             # mm: spots and mirrored boxes are this close to exact


def sheet_numbers(sides: Sequence[str]) -> list[int]:
    """The sheet each page is printed on: a back belongs to the sheet of the front before it."""
    sheet, numbers = 0, []
    for side in sides:
        sheet += side != "back" or sheet == 0
        numbers.append(sheet)
    return numbers


def label_text(title: str, sheet: int, sheets: int, side: str) -> str:
    """The words of one label."""
    return f"{title} · sheet {sheet} of {sheets} · {side}"


def boxes_blocker(boxes: Sequence[Box]) -> Blocker:
    """A :data:`Blocker` for obstacles known as boxes."""
    def blocked(axis: int, lo: float, hi: float) -> list[Interval]:
        across = 1 - axis
        return [(b[axis], b[axis + 2]) for b in boxes if b[across] < hi and b[across + 2] > lo]
    return blocked


def _best(free_from: float, free_to: float, blocked: list[Interval], length: float,
          centre: float) -> float | None:
    """Start of the ``length`` stretch in [free_from, free_to] clear of ``blocked``, nearest ``centre``."""
    best, at = None, free_from
    for a, z in sorted(blocked) + [(free_to, free_to)]:
        a = min(a, free_to)
        if a - at >= length:
            start = min(max(centre - length / 2, at), a - length)
            if best is None or abs(start + length / 2 - centre) < abs(best + length / 2 - centre):
                best = start
        at = max(at, z)
        if at >= free_to:
            break
    return best


def label_spot(width: float, height: float, margin: float, blocked: Blocker,
               length: float, size: float) -> Spot | None:
    """Where a label ``length`` mm long and ``size`` mm tall (its font size) goes, or None."""
    lo, top, right = margin + EDGE, height - margin - EDGE, width - margin - EDGE
    depth = 0.0
    while depth <= MAX_DEPTH:
        # bottom and top (text along x), then left and right (text along y, turned a quarter)
        for axis, a, z, near in ((0, lo, right, lo + depth), (0, lo, right, top - depth - size),
                                 (1, lo, top, lo + depth), (1, lo, top, right - depth - size)):
            if near < lo or near + size > (top if axis == 0 else right):
                continue
            stretch = blocked(axis, near - CLEAR, near + size + CLEAR)
            padded = [(s - CLEAR, e + CLEAR) for s, e in stretch]
            start = _best(a, z, padded, length, (a + z) / 2)
            if start is None:
                continue
            if axis == 0:
                return round(start, 3), round(near + DESCENT * size, 3), 0
            return round(near + size - DESCENT * size, 3), round(start, 3), 90
        depth += DEPTH_STEP
    return None


def label_box(spot: Spot, length: float, size: float) -> Box:
    """The box a label ``length`` mm long and ``size`` mm tall fills from ``spot`` (see :func:`label_spot`)."""
    x, y, angle = spot
    if angle == 0:
        return x, round(y - DESCENT * size, 3), round(x + length, 3), round(y - DESCENT * size + size, 3)
    near = round(x - size + DESCENT * size, 3)
    return near, y, round(near + size, 3), round(y + length, 3)


def spot_in(box: Box, angle: int, size: float) -> Spot:
    """The start of a label set at ``angle`` from the low end of ``box`` (the inverse of :func:`label_box`).

    >>> spot_in(label_box((7.048, 133.5, 90), 30, 2.3), 90, 2.3)
    (7.048, 133.5, 90)
    """
    if angle == 0:
        return box[0], round(box[1] + DESCENT * size, 3), 0
    return round(box[0] + size - DESCENT * size, 3), box[1], 90


def _clear(box: Box, obstacles: Sequence[Box], width: float, height: float, margin: float) -> bool:
    """Whether ``box`` lies inside the printable area with :data:`CLEAR` mm free all round."""
    x0, y0, x1, y1 = box
    lo = margin + EDGE - 1e-6
    if x0 < lo or y0 < lo or x1 > width - lo or y1 > height - lo:
        return False
    room = CLEAR - ROUNDING     # a spot is rounded to 0.001 mm: as close as label_spot lets it come
    x0, y0, x1, y1 = x0 - room, y0 - room, x1 + room, y1 + room
    return not any(o[0] < x1 and o[2] > x0 and o[1] < y1 and o[3] > y0 for o in obstacles)


def obstacles(doc: Document, page: Page, drawn: Sequence[Box] = ()) -> list[Box]:
    """What a label on ``page`` keeps clear of: every component's bleed box (imposed pages) or
    everything ``drawn`` (free-layout pages), every crop mark, every trim line carried across
    the page (where ink would read as a mark), the fold line and a cutter's registration marks."""
    s, b, half = doc.settings, doc.settings.bleed or 0.0, MARK_WIDTH / 2
    # a cutter reads its marks on the front; a back keeps clear of them through its front's obstacles
    boxes = [(x, y, x + w, y + h) for x, y, w, h in keep_out(s.paper, s.cutter)] if page.side == "front" else []
    if page.imposed:
        boxes += [(x - b, y - b, x + w + b, y + h + b) for x, y, w, h, _, _ in page.steps]
    else:
        boxes += drawn
    trims = rects(page.placed) + rects(page.backs)
    boxes += [(min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half)
              for x1, y1, x2, y2 in (trim_marks(s, trims) if page.placed else [])]
    page_w, page_h = s.paper.width, s.paper.height
    for x, y, w, h in trims:
        boxes += [(x, 0.0, x, page_h), (x + w, 0.0, x + w, page_h),
                  (0.0, y, page_w, y), (0.0, y + h, page_w, y + h)]
    if page.fold:
        x1, y1, x2, y2 = page.fold
        reach = to_mm(FOLD_WORD_PT)
        boxes.append((x1 - reach, y1 - reach, x2 + reach, y2 + reach))
    return boxes


@dataclass(frozen=True)
class Labels:
    """A page's labels (words and start) and what its front label kept clear of."""

    placed: tuple[tuple[str, Spot], ...]
    kept_clear: tuple[Box, ...]
    front_box: Box | None           # the front label's box, which a back label mirrors


def _mirrored(doc: Document, box: Box) -> Box:
    """``box`` where it lies on the back page, behind the front (the printer's turn and drift)."""
    x0, y0, x1, y1 = box
    x, y = mirror(doc.settings, x0, y0, x1 - x0, y1 - y0)
    return x, y, x + x1 - x0, y + y1 - y0


def _folded(line: Box, box: Box) -> Box:
    """``box``'s mirror image in the fold ``line`` (x1, y1, x2, y2)."""
    x0, y0, x1, y1 = box
    if line[1] == line[3]:
        at = line[1]
        return x0, 2 * at - y1, x1, 2 * at - y0
    at = line[0]
    return 2 * at - x1, y0, 2 * at - x0, y1


def page_labels(doc: Document, page: Page, words: Callable[[str], str], measure: Measure,
                drawn: Sequence[Box] = (), front: Labels | None = None) -> Labels:
    """Where the labels of ``page`` go: ``words(side)`` is a label's text, ``measure(text)``
    its length, ``drawn`` the ink of a free-layout page, ``front`` the labels of the front
    before a back page."""
    s, size = doc.settings, to_mm(LABEL_PT)
    width, height, margin = s.paper.width, s.paper.height, s.margin
    blocked = obstacles(doc, page, drawn)
    if page.side == "back":
        text = words("back")
        behind = [_mirrored(doc, box) for box in front.kept_clear] if front else []
        blocked += behind
        if front and front.front_box:
            behind_front = spot_in(_mirrored(doc, front.front_box), front.placed[0][1][2], size)
            if _clear(label_box(behind_front, measure(text), size), blocked, width, height, margin):
                return Labels(((text, behind_front),), tuple(blocked), None)
        found = label_spot(width, height, margin, boxes_blocker(blocked), measure(text), size)
        return Labels(((text, found),) if found else (), tuple(blocked), None)
    text = words("front")
    if page.fold and page.backs:
        # The front's label on the fronts' half, clear of what lies behind it once folded.
        blocked += [_folded(page.fold, box) for box in blocked]
        fronts = page.placed[0]
        if page.fold[1] == page.fold[3]:
            at = page.fold[1]
            blocked.append((0.0, 0.0, width, at) if fronts.y > at else (0.0, at, width, height))
        else:
            at = page.fold[0]
            blocked.append((at, 0.0, width, height) if fronts.x < at else (0.0, 0.0, at, height))
    spot = label_spot(width, height, margin, boxes_blocker(blocked), measure(text), size)
    if spot is None:
        return Labels((), tuple(blocked), None)
    box = label_box(spot, measure(text), size)
    placed: tuple[tuple[str, Spot], ...] = ((text, spot),)
    if page.fold and page.backs:
        back = _folded(page.fold, box)
        placed += ((words("back"), spot_in(back, spot[2], size)),)
    return Labels(placed, tuple(blocked), box)


def label_length(text: str) -> float:
    """A sheet label's printed length in mm."""
    return fonts.width_mm(text, LABEL_PT)


def labels_fit(doc: Document, title: str) -> bool:
    """Whether every page of ``doc`` finds room for its sheet labels (two on a folded sheet),
    measured with two-digit sheet numbers, the longest a set prints."""
    doc.finish()
    front: Labels | None = None
    for page in doc.pages:
        labels = page_labels(doc, page, lambda side: label_text(title, 99, 99, side), label_length, (), front)
        if len(labels.placed) < (2 if page.fold and page.backs else 1):
            return False
        front = labels if page.side == "front" else None
    return True
