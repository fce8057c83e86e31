"""Reading a postcard file (``templates/ycp/<game-id>.toml``) into a
:class:`~.model.Postcard`, naming the file and the dotted field at fault.

>>> track_cells({"range": [0, 3], "prefix": "$"}, "t")
('$0', '$1', '$2', '$3')
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

from ...templates import path as template_path
from ..errors import InputError
from ..schema import field as get
from ..schema import Table as TomlTable  # not the postcard element of that name
from ..schema import load_toml, read_file, reject_unknown
from .model import (CARD_H, CARD_W, GAMES, KINDS, Action, Actions, Box, Cell, Component, Element, Feature,
                       Grid, Map, Node, Picture, Postcard, Table, Text, Track)

MAX_CELLS = 200


def _text(table: Any, key: str, where: str, default: Any = ..., limit: int = 600) -> str:
    value: str = get(table, key, str, where=where, default=default)
    if len(value) > limit:
        raise InputError(f"longer than {limit} characters", field=f"{where}.{key}")
    return value


def _strings(table: TomlTable, key: str, where: str, *, limit: int = MAX_CELLS) -> tuple[str, ...]:
    values = get(table, key, list, where=where, default=[])
    if len(values) > limit:
        raise InputError(f"more than {limit} entries", field=f"{where}.{key}")
    for i, v in enumerate(values):
        if not isinstance(v, str):
            raise InputError(f"must be a string, got {type(v).__name__}", field=f"{where}.{key}[{i}]")
    return tuple(values)


def _box(table: TomlTable, where: str) -> Box:
    raw = get(table, "box", list, where=where)
    if len(raw) != 4 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in raw):
        raise InputError("must be four numbers [x, y, w, h] in mm", field=f"{where}.box")
    x, y, w, h = (float(v) for v in raw)
    if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > CARD_W + 1e-6 or y + h > CARD_H + 1e-6:
        raise InputError(f"box {raw} must lie on the {CARD_W:g} x {CARD_H:g} mm card",
                         field=f"{where}.box")
    return x, y, w, h


def track_cells(table: TomlTable, where: str) -> tuple[str, ...]:
    """A track's spaces: listed as ``cells`` or numbered by ``range = [lo, hi]``."""
    if "cells" in table:
        cells = _strings(table, "cells", where)
    else:
        raw = get(table, "range", list, where=where)
        if len(raw) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
            raise InputError("must be two integers [lo, hi]", field=f"{where}.range")
        lo, hi = raw
        if not 0 <= hi - lo < MAX_CELLS:
            raise InputError(f"must run upward over at most {MAX_CELLS} spaces", field=f"{where}.range")
        prefix = _text(table, "prefix", where, "", 8)
        cells = tuple(f"{prefix}{v}" for v in range(lo, hi + 1))
    if not cells:
        raise InputError("a track needs at least one space", field=f"{where}.cells")
    return cells


COMMON = {"kind", "id", "title", "box", "rotate"}


class Common(TypedDict):
    """What every element of a card has (see :class:`..postcard.Element`)."""

    id: str
    title: str
    box: Box
    rotate: int


def _common(table: TomlTable, where: str) -> Common:
    rotate = get(table, "rotate", int, where=where, default=0, choices=(0, 180))
    return {"id": _text(table, "id", where, limit=40), "title": _text(table, "title", where, "", 80),
            "box": _box(table, where), "rotate": rotate}


def _track(t: TomlTable, where: str) -> Track:
    reject_unknown(t, COMMON | {"cells", "range", "prefix", "start", "marks", "goal", "wrap",
                                "vertical", "label_width"}, where=where)
    cells = track_cells(t, where)
    start = _text(t, "start", where, "", 20)
    if start and start not in cells:
        raise InputError(f"start {start!r} is not one of the spaces", field=f"{where}.start")
    marks = get(t, "marks", dict, where=where, default={})
    for k, v in marks.items():
        if k not in cells or not isinstance(v, str):
            raise InputError(f"mark {k!r} must name a space and be a string", field=f"{where}.marks")
    goal = _strings(t, "goal", where)
    if any(g not in cells for g in goal):
        raise InputError("every goal must name a space", field=f"{where}.goal")
    wrap = get(t, "wrap", int, where=where, default=0, lo=0, hi=MAX_CELLS)
    return Track(cells=cells, start=start, marks=dict(marks), goal=goal, wrap=wrap,
                 vertical=get(t, "vertical", bool, where=where, default=False),
                 label_width=get(t, "label_width", float, where=where, default=0.0, lo=0, hi=100),
                 **_common(t, where))


def _cell(raw: Any, rows: int, cols: int, name: str) -> Cell:
    if (not isinstance(raw, list) or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        raise InputError("must be [row, column]", field=name)
    r, c = raw
    if not (0 <= r < rows and 0 <= c < cols):
        raise InputError(f"square {raw} is off the {rows} x {cols} grid", field=name)
    return r, c


def _grid(t: TomlTable, where: str) -> Grid:
    reject_unknown(t, COMMON | {"rows", "cols", "row_labels", "col_labels", "feature"}, where=where)
    rows = get(t, "rows", int, where=where, lo=1, hi=30)
    cols = get(t, "cols", int, where=where, lo=1, hi=30)
    features = []
    for i, f in enumerate(get(t, "feature", list, where=where, default=[])):
        fw = f"{where}.feature[{i}]"
        if not isinstance(f, dict):
            raise InputError("must be a table", field=fw)
        reject_unknown(f, {"cell", "cells", "style", "text"}, where=fw)
        style = _text(f, "style", fw, limit=20)
        text = _text(f, "text", fw, "", 20)
        cells = [f["cell"]] if "cell" in f else get(f, "cells", list, where=fw)
        for j, raw in enumerate(cells):
            features.append(Feature(_cell(raw, rows, cols, f"{fw}.cells[{j}]"), style, text))
    row_labels = _strings(t, "row_labels", where)
    col_labels = _strings(t, "col_labels", where)
    if row_labels and len(row_labels) != rows or col_labels and len(col_labels) != cols:
        raise InputError("needs one label per row / column", field=f"{where}.row_labels")
    return Grid(rows=rows, cols=cols, row_labels=row_labels, col_labels=col_labels,
                features=tuple(features), **_common(t, where))


def _map(t: TomlTable, where: str) -> Map:
    reject_unknown(t, COMMON | {"node", "roads"}, where=where)
    nodes = []
    for i, n in enumerate(get(t, "node", list, where=where)):
        nw = f"{where}.node[{i}]"
        reject_unknown(n if isinstance(n, dict) else {}, {"id", "x", "y", "hidden", "start"}, where=nw)
        nodes.append(Node(_text(n, "id", nw, limit=6), get(n, "x", float, where=nw, lo=0, hi=1),
                          get(n, "y", float, where=nw, lo=0, hi=1),
                          get(n, "hidden", bool, where=nw, default=False),
                          get(n, "start", bool, where=nw, default=False)))
    ids = [n.id for n in nodes]
    if len(set(ids)) != len(ids):
        raise InputError("two locations share an id", field=f"{where}.node")
    roads = []
    for i, r in enumerate(get(t, "roads", list, where=where)):
        if (not isinstance(r, list) or len(r) != 2 or r[0] not in ids or r[1] not in ids
                or r[0] == r[1]):
            raise InputError("a road joins two different known locations", field=f"{where}.roads[{i}]")
        roads.append((r[0], r[1]))
    return Map(nodes=tuple(nodes), roads=tuple(roads), **_common(t, where))


def _table(t: TomlTable, where: str) -> Table:
    reject_unknown(t, COMMON | {"table", "columns", "rows", "widths"}, where=where)
    ref = _text(t, "table", where, "", 40)
    columns = _strings(t, "columns", where, limit=12)
    rows = []
    for i, row in enumerate(get(t, "rows", list, where=where, default=[])):
        if not isinstance(row, list) or len(row) != len(columns) or not all(isinstance(v, str) for v in row):
            raise InputError(f"a row needs {len(columns)} strings, one per column",
                             field=f"{where}.rows[{i}]")
        rows.append(tuple(row))
    if not ref and not rows:
        raise InputError("give table = \"<id>\" or columns and rows", field=where)
    widths = get(t, "widths", list, where=where, default=[])
    if widths and ((not ref and len(widths) != len(columns)) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in widths)):
        raise InputError("one positive number per column", field=f"{where}.widths")
    return Table(ref=ref, columns=columns, rows=tuple(rows), widths=tuple(float(w) for w in widths),
                 **_common(t, where))


def _actions(t: TomlTable, where: str) -> Actions:
    reject_unknown(t, COMMON | {"item", "cols"}, where=where)
    items = []
    for i, a in enumerate(get(t, "item", list, where=where)):
        aw = f"{where}.item[{i}]"
        reject_unknown(a if isinstance(a, dict) else {}, {"name", "effect", "slots"}, where=aw)
        items.append(Action(_text(a, "name", aw, limit=40), _text(a, "effect", aw, "", 200),
                            get(a, "slots", int, where=aw, default=1, lo=0, hi=6)))
    return Actions(items=tuple(items), cols=get(t, "cols", int, where=where, default=1, lo=1, hi=6),
                   **_common(t, where))


def _text_block(t: TomlTable, where: str) -> Text:
    reject_unknown(t, COMMON | {"text", "size"}, where=where)
    return Text(text=_text(t, "text", where, limit=1500),
                size=get(t, "size", float, where=where, default=6.0, lo=3.5, hi=20),
                **_common(t, where))


PICTURES = ("ring-battlefield", "paired-actions", "compass")


def _picture(t: TomlTable, where: str) -> Picture:
    params = {k: v for k, v in t.items() if k not in COMMON | {"picture"}}
    picture = Picture(picture=get(t, "picture", str, where=where, choices=PICTURES), params=params,
                      **_common(t, where))
    from .pictures import read_picture   # the pictures' own parameters, read now so errors name the file
    read_picture(picture)
    return picture


Reader = Callable[[TomlTable, str], Element]
READERS: dict[str, Reader] = {"track": _track, "grid": _grid, "map": _map, "table": _table, "actions": _actions,
                              "text": _text_block, "picture": _picture}


def _component(c: Any, where: str) -> Component:
    reject_unknown(c if isinstance(c, dict) else {}, {"count", "item", "set", "what"}, where=where)
    return Component(get(c, "count", int, where=where, lo=0, hi=100),
                     _text(c, "item", where, limit=20), _text(c, "set", where, "", 8),
                     _text(c, "what", where, "", 200))


def parse_postcard(data: TomlTable, source: str = "") -> Postcard:
    """Build a :class:`Postcard` from parsed TOML, naming the field at fault."""
    try:
        return _parse(data, source)
    except InputError as exc:
        raise exc.located(source) from None


def _parse(data: dict[str, Any], source: str) -> Postcard:
    reject_unknown(data, {"game", "postcard", "front", "back"})
    head = get(data, "postcard", dict)
    reject_unknown(head, {"id", "title", "tagline", "players", "minutes"}, where="postcard")
    game = get(head, "id", str, where="postcard", choices=GAMES)
    front: list[Element] = []
    seen: set[str] = set()
    for i, e in enumerate(get(data, "front", list)):
        where = f"front[{i}]"
        if not isinstance(e, dict):
            raise InputError("must be a table", field=where)
        kind = get(e, "kind", str, where=where, choices=KINDS)
        element = READERS[kind](e, where)
        if element.id in seen:
            raise InputError(f"id {element.id!r} is used twice", field=f"{where}.id")
        seen.add(element.id)
        front.append(element)
    back = get(data, "back", dict)
    reject_unknown(back, {"component", "setup", "turn", "goal", "notes"}, where="back")
    components = tuple(_component(c, f"back.component[{i}]")
                       for i, c in enumerate(get(back, "component", list, where="back")))
    return Postcard(game, _text(head, "title", "postcard", limit=60),
                    _text(head, "tagline", "postcard", "", 80),
                    _text(head, "players", "postcard", limit=30),
                    get(head, "minutes", int, where="postcard", lo=1, hi=600), tuple(front),
                    components, _strings(back, "setup", "back", limit=12),
                    _strings(back, "turn", "back", limit=12), _text(back, "goal", "back", limit=400),
                    source, _text(back, "notes", "back", "", 900))


def template(game: str) -> Path:
    return template_path("ycp", f"{game}.toml")


def load_postcard(game: str | Path) -> Postcard:
    """A game's postcard by id (``"toroball"``) or from a file path."""
    source = Path(game) if str(game).endswith(".toml") else template(str(game))
    if str(game) in GAMES or source.exists():
        return read_file(source, load_toml, lambda data: parse_postcard(data, str(source)))
    raise InputError(f"unknown YCP game {game!r} (known: {', '.join(GAMES)})", field="GAME")
