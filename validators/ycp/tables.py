"""The rules' tables of the YCP postcard games, read from ``templates/ycp/tables/``.

Each game has one file ``templates/ycp/tables/<game-id>.toml`` holding a list
of ``[[table]]`` entries.  A table has two faces that must agree:

* ``columns`` and ``rows``: the cells exactly as the postcard prints them
  (strings, short enough for a 105 x 148 mm card);
* ``data``: the same content in machine-readable form, read by the game's
  ``<game>/rules.py`` module.  Each rules module has a ``printed_rows`` function
  that rebuilds the cells from ``data``, and a test compares the two, so the
  postcard and the executable rules cannot drift apart.

>>> tables = load_tables("bonnie-and-clyde")
>>> tables["police"].columns
('d6 + mod.', 'Police action')
>>> tables["police"].rows[0]
('1-2', 'Nothing happens')
"""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar
from collections.abc import Callable, Mapping

from ...templates import path
from ..errors import InputError
from ..schema import field, load_toml, read_file, reject_unknown

R = TypeVar("R")

GameId = str

GAME_IDS: tuple[GameId, ...] = ("mad-maxence", "lucha-libre", "protocol-g117", "bonnie-and-clyde",
                                "which-side", "toroball", "the-last-glow")

# Bounds that keep a table printable on a postcard; anything beyond is a broken file.
MAX_COLUMNS = 8
MAX_ROWS = 24
MAX_CELL = 40          # characters in one printed cell
MAX_TITLE = 60
TABLE_KEYS = {"id", "title", "columns", "rows", "note", "data"}


@dataclass(frozen=True)
class Table:
    """One table of a game's rules: printed cells plus their machine-readable twin.

    ``data`` is read-only; its layout is defined by the game's rules module.
    ``note`` is an optional one-line footnote for the postcard (our own words).
    """

    id: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    data: Mapping[str, Any] = dataclass_field(default_factory=lambda: MappingProxyType({}),
                                              compare=False, hash=False)
    note: str = ""


def tables_file(game_id: GameId) -> Path:
    """Where a game's tables live."""
    return path("ycp", "tables", f"{game_id}.toml")


def load_tables(game_id: GameId) -> dict[str, Table]:
    """A game's tables by id, in file order.

    An unknown game or a broken file raises :class:`InputError` naming the file
    and the field at fault.
    """
    if game_id not in GAME_IDS:
        raise InputError(f"unknown YCP game {game_id!r} (games: {', '.join(GAME_IDS)})",
                         field="game")
    return load_tables_file(tables_file(game_id), game_id)


def build_rules(game_id: GameId, rules_from: Callable[[dict[str, Table]], R]) -> R:
    """Run a rules module's ``rules_from`` on the game's shipped tables, so that a
    broken file is reported once, the same way, with the file's name."""
    tables = load_tables(game_id)
    try:
        return rules_from(tables)
    except InputError as exc:
        raise exc.located(str(tables_file(game_id))) from None


def table_data(tables: Mapping[str, Table], *ids: str) -> tuple[dict[str, Any], ...]:
    """The ``data`` of each named table, in order; a missing table is named."""
    for needed in ids:
        if needed not in tables:
            raise InputError("missing table", field=needed)
    return tuple(dict(tables[t].data) for t in ids)


def load_tables_file(source: str | Path, game_id: GameId | None = None) -> dict[str, Table]:
    """Read a tables file from any path (used for custom or test files)."""
    return read_file(source, load_toml, lambda data: parse_tables(data, game_id))


def parse_tables(data: Any, game_id: GameId | None = None) -> dict[str, Table]:
    """Build the tables from parsed TOML, checking shape, types and sizes."""
    if not isinstance(data, dict):
        raise InputError("must be a table")
    reject_unknown(data, {"game", "table"})
    game = field(data, "game", str)
    if game_id is not None and game != game_id:
        raise InputError(f"file is for {game!r}, expected {game_id!r}", field="game")
    tables: dict[str, Table] = {}
    for i, entry in enumerate(field(data, "table", list, default=[])):
        table = _parse_table(entry, f"table[{i}]")
        if table.id in tables:
            raise InputError(f"duplicate table id {table.id!r}", field=f"table[{i}].id")
        tables[table.id] = table
    return tables


def _parse_table(entry: Any, where: str) -> Table:
    if not isinstance(entry, dict):
        raise InputError("must be a table", field=where)
    reject_unknown(entry, TABLE_KEYS, where=where)
    table_id = field(entry, "id", str, where=where)
    if not table_id or not table_id.replace("-", "").replace("_", "").isalnum():
        raise InputError(f"id must be letters, digits and dashes, got {table_id!r}", field=f"{where}.id")
    title = _short(field(entry, "title", str, where=where), MAX_TITLE, f"{where}.title")
    columns = _cells(field(entry, "columns", list, where=where), f"{where}.columns")
    if not 1 <= len(columns) <= MAX_COLUMNS:
        raise InputError(f"must have 1 to {MAX_COLUMNS} columns, got {len(columns)}",
                         field=f"{where}.columns")
    raw_rows = field(entry, "rows", list, where=where)
    if not 1 <= len(raw_rows) <= MAX_ROWS:
        raise InputError(f"must have 1 to {MAX_ROWS} rows, got {len(raw_rows)}", field=f"{where}.rows")
    rows = []
    for j, raw in enumerate(raw_rows):
        name = f"{where}.rows[{j}]"
        if not isinstance(raw, list):
            raise InputError("must be a list of strings", field=name)
        row = _cells(raw, name)
        if len(row) != len(columns):
            raise InputError(f"has {len(row)} cells, the table has {len(columns)} columns", field=name)
        rows.append(row)
    note = _short(field(entry, "note", str, where=where, default=""), MAX_TITLE * 2, f"{where}.note")
    data = field(entry, "data", dict, where=where, default={})
    return Table(table_id, title, columns, tuple(rows), MappingProxyType(data), note)


def _cells(values: list[object], where: str) -> tuple[str, ...]:
    cells = []
    for k, value in enumerate(values):
        if not isinstance(value, str):
            raise InputError(f"must be a string, got {type(value).__name__}", field=f"{where}[{k}]")
        cells.append(_short(value, MAX_CELL, f"{where}[{k}]"))
    return tuple(cells)


def _short(text: str, limit: int, where: str) -> str:
    if len(text) > limit:
        raise InputError(f"is {len(text)} characters; at most {limit} fit on a postcard", field=where)
    if any(c in text for c in "\n\r\t"):
        raise InputError("must be a single line", field=where)
    return text


def data_field(table: Table, key: str, kind: type, **limits: Any) -> Any:
    """A typed value from ``table.data``; errors name the tables file and field.

    >>> t = Table("t", "T", ("a",), (("1",),), MappingProxyType({"n": 3}))
    >>> data_field(t, "n", int, lo=1)
    3
    """
    return field(dict(table.data), key, kind, where=f"{table.id}.data", **limits)
