"""Reading an item table (TOML) into an :class:`~.model.ItemTable`.

Only shape and types are checked here (a broken file is an InputError naming
the field, exit 2); whether the table makes sense, and where it contradicts
itself, is :mod:`.consistency`'s job.
"""
from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

from ...templates import path
from ..errors import InputError
from ..schema import Table, field, load_toml, read_file, reject_unknown
from .model import CATEGORIES, KINDS, LEVEL_NAMES, Item, ItemTable, ItemType, Ref

PUBLISHED_TABLE = path("yeah", "items.toml")
MAX_ITEMS = 200
MAX_AMMO = 1_000_000
MAX_NOTE = 240              # characters: what still fits on a card at a readable size
REF_KEYS = {"item", "everything", "category", "kind", "level", "min_level", "as_published"}
ITEM_KEYS = {"name", "category", "kind", "level", "cost", "gives", "kills", "killed_by", "note",
             "max_in_a_row", "needs_last_turn", "not_while_holding", "then_next_turn",
             "arises_from", "held", "guaranteed_survival", "not_counted_as", "spares", "stuns",
             "copies_left", "revives", "fallback"}
FLAGS = ("held", "guaranteed_survival", "stuns", "copies_left", "revives", "fallback")
NAME_LINKS = ("needs_last_turn", "not_while_holding", "then_next_turn", "arises_from")


def load_table(source: str | Path = PUBLISHED_TABLE) -> ItemTable:
    """Read an item file; shape errors raise :class:`InputError` naming file and field."""
    return read_file(source, lambda path: load_toml(path, allow_nan=True),
                     lambda data: parse_table(data, default_name=Path(source).stem))


@cache
def published_table() -> ItemTable:
    """The table printed with the Yic Yac Yoe rules (``templates/yeah/items.toml``)."""
    return load_table(PUBLISHED_TABLE)


def parse_table(data: dict[str, Any], default_name: str = "custom items") -> ItemTable:
    """Build an :class:`ItemTable` from parsed TOML, checking only types and shape."""
    reject_unknown(data, {"game", "table", "item"})
    head = field(data, "table", dict, default={})
    reject_unknown(head, {"name", "starting_ammo"}, where="table")
    name = field(head, "name", str, where="table", default=default_name)
    start = field(head, "starting_ammo", int, where="table", default=0, lo=0, hi=MAX_AMMO)
    entries = field(data, "item", list)
    if not entries:
        raise InputError("must list at least one item", field="item")
    if len(entries) > MAX_ITEMS:
        raise InputError(f"{len(entries)} items is absurd (at most {MAX_ITEMS})", field="item")
    return ItemTable(name, tuple(_item(e, f"item[{i}]") for i, e in enumerate(entries)), start)


def _item(entry: Any, where: str) -> Item:
    if not isinstance(entry, dict):
        raise InputError("must be a table", field=where)
    reject_unknown(entry, ITEM_KEYS, where=where)
    name = field(entry, "name", str, where=where)
    if not name.strip():
        raise InputError("must not be empty", field=f"{where}.name")
    kind = field(entry, "kind", str, where=where, default=None, choices=KINDS)
    item_type = ItemType(field(entry, "category", str, where=where, choices=CATEGORIES), kind,
                         field(entry, "level", int, where=where, default=None, choices=LEVEL_NAMES))
    links = {key: field(entry, key, str, where=where, default=None) for key in NAME_LINKS}
    flags = {key: field(entry, key, bool, where=where, default=key == "held") for key in FLAGS}
    excluded = field(entry, "not_counted_as", list, where=where, default=[])
    for j, category in enumerate(excluded):
        if category not in CATEGORIES:
            raise InputError(f"unknown category {category!r} (allowed: {', '.join(CATEGORIES)})",
                             field=f"{where}.not_counted_as[{j}]")
    return Item(
        name=name, type=item_type, cost=_cost(entry, where),
        gives=field(entry, "gives", int, where=where, default=0, lo=-MAX_AMMO, hi=MAX_AMMO),
        kills=_refs(entry, "kills", where), killed_by=_refs(entry, "killed_by", where),
        note=_note(entry, where),
        max_in_a_row=field(entry, "max_in_a_row", int, where=where, default=None, lo=1, hi=MAX_AMMO),
        not_counted_as=tuple(excluded), spares=_names(entry, "spares", where), where=where,
        **links, **flags)


def _names(entry: Table, key: str, where: str) -> tuple[str, ...]:
    names = field(entry, key, list, where=where, default=[])
    for j, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"must be an item's name, got {name!r}", field=f"{where}.{key}[{j}]")
    return tuple(names)


def _note(entry: Table, where: str) -> str:
    note: str = field(entry, "note", str, where=where, default="")
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise InputError(f"{len(note)} characters do not fit on a card (at most {MAX_NOTE})",
                         field=f"{where}.note")
    return note


def _cost(entry: Table, where: str) -> float:
    """An integer, or nan (the table's "NaN": never chosen)."""
    value = entry.get("cost", ...)
    if value is ...:
        raise InputError("missing (write nan for an item nobody chooses)", field=f"{where}.cost")
    if isinstance(value, float) and math.isnan(value):
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"must be a whole number or nan, got {value!r}", field=f"{where}.cost")
    if abs(value) > MAX_AMMO:
        raise InputError(f"cost {value} is absurd (at most {MAX_AMMO})", field=f"{where}.cost")
    return value


def _refs(entry: Table, key: str, where: str) -> tuple[Ref, ...]:
    cell = field(entry, key, list, where=where, default=[])
    return tuple(_ref(r, f"{where}.{key}[{j}]") for j, r in enumerate(cell))


def _ref(entry: Any, where: str) -> Ref:
    if not isinstance(entry, dict):
        raise InputError("must be a table like { item = \"Gun\" } or { category = \"weapon\" }",
                         field=where)
    reject_unknown(entry, REF_KEYS, where=where)
    ref = Ref(item=field(entry, "item", str, where=where, default=None),
              everything=field(entry, "everything", bool, where=where, default=False),
              category=field(entry, "category", str, where=where, default=None, choices=CATEGORIES),
              kind=field(entry, "kind", str, where=where, default=None, choices=KINDS),
              level=field(entry, "level", int, where=where, default=None, choices=LEVEL_NAMES),
              min_level=field(entry, "min_level", int, where=where, default=None, choices=LEVEL_NAMES),
              as_published=field(entry, "as_published", str, where=where, default=None))
    forms = [ref.item is not None, ref.everything,
             ref.category is not None or ref.kind is not None]
    if sum(forms) != 1:
        raise InputError("give exactly one of: item, everything = true, or a type "
                         "(category and/or kind)", field=where)
    if (ref.level is not None or ref.min_level is not None) and not forms[2]:
        raise InputError("a level belongs to a type reference", field=where)
    if ref.level is not None and ref.min_level is not None:
        raise InputError("give level (exactly) or min_level (that or above), not both", field=where)
    return ref
