"""Drawing the generic postcard elements (tracks, grids, maps, tables, action
lists, text) from :mod:`..validators.ycp.model` data.  Every function draws
inside a box whose lower-left is the origin (see :meth:`Ink.box`)."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ...validators.ycp.model import Actions, Grid, Map, Table, Text, Track
from ..units import to_mm
from .ink import MIN_PT, Ink

TITLE_PT = MIN_PT
NOTE_ASCENT = 0.76        # of the font size: the tallest lower-case letters (d, l) above the baseline
THICK_EDGE = 0.9          # mm: the outline of a track's start and goal spaces
NOTE_GAP = 0.15           # mm between a note and the outline above it
TITLE_BAND = 3.0          # mm above a grid, table or wrapped track for its title
GOAL_FILL = "#263238"


def _title_band(ink: Ink, title: str, w: float, h: float) -> float:
    """Draw a title along the top of the box; returns the height left below it."""
    if not title:
        return h
    ink.title(title, 0.3, h - 2.3, w - 0.6)
    return h - TITLE_BAND


# -- tracks ---------------------------------------------------------------------

def track_layout(t: Track, w: float, h: float, title_w: float) -> list[tuple[float, float, float, float]]:
    """Each space's (x, y, w, h) inside a ``w`` x ``h`` box, in reading order.

    A plain track is one row right of its title; ``wrap`` breaks it into rows
    read top to bottom under a title band; ``vertical`` stacks it bottom-up.
    """
    n = len(t.cells)
    marks_h = 2.4 if t.marks and not t.vertical else 0.0
    if t.vertical:
        top = h - (TITLE_BAND if t.title else 0)
        side = min(w, top / n)
        return [((w - side) / 2, i * side, side, side) for i in range(n)]
    if t.wrap:
        rows = math.ceil(n / t.wrap)
        top = h - (TITLE_BAND if t.title else 0)
        cell_w = w / t.wrap
        cell_h = min(cell_w * 1.3, (top - rows * marks_h) / rows)
        out = []
        for i in range(n):
            r, c = divmod(i, t.wrap)
            out.append((c * cell_w, top - (r + 1) * (cell_h + marks_h) + marks_h, cell_w, cell_h))
        return out
    cell_w = (w - title_w) / n
    cell_h = min(h - marks_h, cell_w * 1.6) if cell_w < h else h - marks_h
    y = (h - cell_h - marks_h) / 2 + marks_h
    return [(title_w + i * cell_w, y, cell_w, cell_h) for i in range(n)]


def track_title_width(ink: Ink, t: Track, w: float) -> float:
    """Room left of a one-row track for its title."""
    if not t.title or t.wrap or t.vertical:
        return 0.0
    if t.label_width:
        return t.label_width
    return min(ink.width(t.title, TITLE_PT, True) + 1.2, w * 0.32)


def draw_track(ink: Ink, t: Track, w: float, h: float) -> None:
    pen = ink.pen
    title_w = track_title_width(ink, t, w)
    cells = track_layout(t, w, h, title_w)
    if title_w:
        ink.title(t.title, 0, cells[0][1] + cells[0][3] / 2 - 0.8, title_w - 0.8)
    else:
        _title_band(ink, t.title, w, h)
    start = t.start_index
    for i, (label, (x, y, cw, ch)) in enumerate(zip(t.cells, cells)):
        goal = label in t.goal
        fill = GOAL_FILL if goal and not ink.ink_saver else (ink.light if i == start else "#ffffff")
        pen.rect(x, y, cw, ch, fill=ink.fill(fill) if fill != GOAL_FILL else fill,
                 stroke=ink.accent, width=THICK_EDGE if i == start or goal else 0.25)
        size = max(MIN_PT, min(7.0, ch * 1.6, 6.5 if len(label) < 4 else 5.8))
        colour = "#ffffff" if goal and not ink.ink_saver else "#000000"
        ink.text(x + cw / 2, y + ch / 2 - to_mm(size) * 0.35, label, cw - 0.6, size=size,
                 bold=goal or i == start, colour=colour, anchor="centre")
        if i == start:
            _start_tick(ink, x, y, cw, ch)
        note = t.marks.get(label)
        if note:
            # the note's tallest letters clear the space's outline (thick on the start space)
            below = y - (THICK_EDGE if i == start or goal else 0.25) / 2 - NOTE_GAP - to_mm(MIN_PT) * NOTE_ASCENT
            if t.vertical:
                ink.text(x + cw + 0.6, y + ch / 2 - 0.6, note, max(3.0, w - x - cw - 0.6), size=MIN_PT)
            elif i == len(t.cells) - 1:     # the last space: the note ends at the track's end
                ink.text(x + cw, below, note, max(cw * 3.5, 3.5), size=MIN_PT,
                         anchor="right", colour=ink.accent)
            else:
                ink.text(x + cw / 2, below, note, max(cw * 1.9, 3.5), size=MIN_PT,
                         anchor="centre", colour=ink.accent)


def _start_tick(ink: Ink, x: float, y: float, w: float, h: float) -> None:
    """A small filled triangle in the start space's top-left corner: the cube starts here."""
    d = min(w, h) * 0.32
    ink.pen.polygon([(x, y + h), (x + d, y + h), (x, y + h - d)], fill=ink.accent)


# -- grids ----------------------------------------------------------------------

def grid_geometry(g: Grid, w: float, h: float) -> tuple[float, float, float]:
    """(left, top, side) of a grid's squares inside its box, centred, squares kept square."""
    top = h - (TITLE_BAND if g.title else 0) - (2.6 if g.col_labels else 0)
    lab = 3.6 if g.row_labels else 0.0
    side = min((w - lab) / g.cols, top / g.rows)
    left = lab + (w - lab - side * g.cols) / 2
    return left, top, side


def draw_grid(ink: Ink, g: Grid, w: float, h: float) -> None:
    from .features import draw_feature
    pen = ink.pen
    _title_band(ink, g.title, w, h)
    left, top, side = grid_geometry(g, w, h)
    for r in range(g.rows):
        for c in range(g.cols):
            pen.rect(left + c * side, top - (r + 1) * side, side, side, fill="#ffffff",
                     stroke=ink.accent, width=0.25)
    for r, label in enumerate(g.row_labels):
        ink.text(left - 1.8, top - (r + 0.5) * side - 0.8, label, 3.4, size=MIN_PT, bold=True,
                 anchor="centre", colour=ink.accent)
    for c, label in enumerate(g.col_labels):
        ink.text(left + (c + 0.5) * side, top + 0.7, label, side, size=MIN_PT, bold=True,
                 anchor="centre", colour=ink.accent)
    for f in g.features:
        r, c = f.cell
        draw_feature(ink, f, left + c * side, top - (r + 1) * side, side)
    pen.rect(left, top - g.rows * side, g.cols * side, g.rows * side, stroke=ink.accent, width=0.6)


# -- maps -----------------------------------------------------------------------

NODE_R = 2.6


def node_point(m: Map, node_id: str, w: float, h: float) -> tuple[float, float]:
    top = h - (TITLE_BAND if m.title else 0)
    node = next(n for n in m.nodes if n.id == node_id)
    pad = NODE_R + 0.8
    return pad + node.x * (w - 2 * pad), top - pad - node.y * (top - 2 * pad)


def draw_map(ink: Ink, m: Map, w: float, h: float) -> None:
    pen = ink.pen
    _title_band(ink, m.title, w, h)
    for a, b in m.roads:
        hidden = any(n.hidden for n in m.nodes if n.id in (a, b))
        pen.line(*node_point(m, a, w, h), *node_point(m, b, w, h), colour="#6d4c41",
                 width=0.35 if hidden else 0.9, dash=(0.8, 0.6) if hidden else None)
    for n in m.nodes:
        x, y = node_point(m, n.id, w, h)
        if n.start:
            pen.circle(x, y, NODE_R + 0.9, fill=ink.fill(ink.light), stroke=ink.accent, width=0.6)
        if n.hidden:
            pen.circle(x, y, NODE_R, fill="#ffffff", stroke="#6d4c41", width=0.4)
            pen.circle(x, y, NODE_R - 0.6, stroke="#6d4c41", width=0.2)
        else:
            pen.circle(x, y, NODE_R, fill=ink.fill("#fff8e1"), stroke="#000000", width=0.5)
        ink.text(x, y - 1.1, n.id, 2 * NODE_R - 0.8, size=7, bold=True, anchor="centre",
                 colour="#6d4c41" if n.hidden else "#000000")
        if n.start:
            ink.text(x, y - NODE_R - 3.0, "START", 12, size=MIN_PT, bold=True, anchor="centre",
                     colour=ink.accent)


# -- tables ---------------------------------------------------------------------

def table_cells(game: str, t: Table) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The table's header and rows: inline, or the rules' table of that id."""
    if not t.ref:
        return t.columns, t.rows
    from ...validators.ycp.content import rules_table
    found = rules_table(game, t.ref)
    return found.columns, found.rows


def column_widths(ink: Ink, t: Table, columns, rows, w: float, size: float) -> list[float]:
    if len(t.widths) == len(columns):
        total = sum(t.widths)
        return [w * v / total for v in t.widths]
    need = [max([ink.width(columns[i], size, True)] + [ink.width(r[i], size) for r in rows]) + 1.2
            for i in range(len(columns))]
    total = sum(need)
    return [w * v / total for v in need]


def draw_table(ink: Ink, t: Table, w: float, h: float) -> None:
    pen = ink.pen
    top = _title_band(ink, t.title, w, h)
    columns, rows = table_cells(ink.game, t)
    row_h = top / (len(rows) + 1)
    size = max(MIN_PT, min(6.0, row_h * 1.9))
    widths = column_widths(ink, t, columns, rows, w, size)
    for r, row in enumerate([columns, *rows]):
        y = top - (r + 1) * row_h
        if r == 0:
            pen.rect(0, y, w, row_h, fill=ink.fill(ink.accent))
        elif r % 2 == 0:
            pen.rect(0, y, w, row_h, fill=ink.fill(ink.light))
        x = 0.0
        for c, cell in enumerate(row):
            colour = "#ffffff" if r == 0 and not ink.ink_saver else "#000000"
            ink.text(x + 0.6, y + row_h / 2 - to_mm(size) * 0.35, cell, widths[c] - 1.0, size=size,
                     bold=r == 0 or c == 0, colour=colour)
            x += widths[c]
    pen.rect(0, top - (len(rows) + 1) * row_h, w, (len(rows) + 1) * row_h, stroke=ink.accent,
             width=0.4)


# -- action lists ---------------------------------------------------------------

def draw_actions(ink: Ink, a: Actions, w: float, h: float) -> None:
    """Action spaces: cube squares on the left, the name and its effect beside them."""
    pen = ink.pen
    top = _title_band(ink, a.title, w, h)
    rows = math.ceil(len(a.items) / a.cols)
    cw, ch = w / a.cols, top / rows
    slot = min(4.2, ch - 1.6)
    for i, item in enumerate(a.items):
        r, c = divmod(i, a.cols)
        x, y = c * cw, top - (r + 1) * ch
        pen.rect(x + 0.3, y + 0.3, cw - 0.6, ch - 0.6, fill="#ffffff", stroke=ink.accent,
                 width=0.3, radius=0.8)
        if item.open:
            area = min(2 * slot + 0.4, ch - 1.8)
            _open_area(ink, x + 0.9, y + 0.9, area, ch - 1.8)
            tx = x + 1.3 + area + 0.4
        else:
            stacked = item.slots > 1 and ch - 1.6 >= item.slots * (slot + 0.4)
            for s in range(item.slots):
                sx = x + 0.9 + (0 if stacked else s * (slot + 0.4))
                sy = y + ch - 0.9 - slot - (s * (slot + 0.4) if stacked else 0)
                ink.cube_slot(sx, sy, slot)
            tx = x + 1.3 + (1 if stacked else item.slots) * (slot + 0.4)
        room = x + cw - 0.8 - tx
        name_size = MIN_PT
        ink.text(tx, y + ch - 0.8 - to_mm(name_size) * 0.85, item.name, room, size=name_size,
                 bold=True, colour=ink.accent)
        if not item.effect:
            continue
        if len(item.name) <= 2:       # a number: the effect runs beside it, from the top
            shift = ink.width(item.name, name_size, True) + 1.0
            body_top = y + ch - 0.9
            ink.paragraph(tx + shift, body_top, item.effect, room - shift, body_top - y - 0.5, size=MIN_PT)
        else:
            body_top = y + ch - 1.0 - to_mm(name_size) * 1.05
            ink.paragraph(tx, body_top, item.effect, room, body_top - y - 0.5, size=MIN_PT)


def _open_area(ink: Ink, x: float, y: float, w: float, h: float) -> None:
    """A dashed, tinted area for an action with no limit on its cubes."""
    ink.pen.rect(x, y, w, h, fill=ink.fill(ink.light))
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        ink.pen.line(x1, y1, x2, y2, colour=ink.accent, width=0.4, dash=(1.0, 0.7))


def draw_text(ink: Ink, t: Text, w: float, h: float) -> None:
    top = _title_band(ink, t.title, w, h)
    ink.paragraph(0.3, top - 0.3, t.text, w - 0.6, top - 0.3, size=t.size)


def cube_spaces(ink: Ink, elements) -> list[tuple[str, float]]:
    """(element id, smallest side in nominal mm) of every track space and grid square:
    what a cube must sit on, so what decides the cube size a card or sheet can take."""
    out = []
    for e in elements:
        _, _, w, h = e.box
        if isinstance(e, Track):
            cells = track_layout(e, w, h, track_title_width(ink, e, w))
            out.append((e.id, min(min(cw, ch) for _, _, cw, ch in cells)))
        elif isinstance(e, Grid):
            out.append((e.id, grid_geometry(e, w, h)[2]))
    return out


Drawer = Callable[[Ink, Any, float, float], None]    # (ink, element, box width, box height)
DRAWERS: dict[type, Drawer] = {Track: draw_track, Grid: draw_grid, Map: draw_map, Table: draw_table,
                              Actions: draw_actions, Text: draw_text}
