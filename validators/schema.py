"""Reading TOML and JSON data files against a small schema.

Each reader names the file and the dotted field at fault, so a user never sees
a traceback.  The schema is plain Python: ``field(table, "name", int, lo=1)``.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from .errors import InputError

_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               list: "a list", dict: "a table"}


def read_bytes(path: str | Path, limit: int = -1) -> bytes:
    """A file's bytes (the first ``limit`` only, if given), or an :class:`InputError` naming it."""
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", source=str(path)) from None


def load_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file, turning every failure into an :class:`InputError`."""
    name = str(path)
    raw = read_bytes(path)
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("not a UTF-8 text file", source=name) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"TOML syntax error: {exc}", source=name) from None


def load_json(path: str | Path) -> Any:
    """Parse a JSON file, turning every failure into an :class:`InputError`."""
    name = str(path)
    raw = read_bytes(path)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("not a UTF-8 text file (is it a JSON file?)", source=name) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"JSON syntax error: {exc}", source=name) from None


def field(table: Any, key: str, kind: type, *, where: str = "", default: Any = ...,
          lo: float | None = None, hi: float | None = None, choices: Any = None) -> Any:
    """Fetch ``table[key]``, checking its type, range and allowed values.

    ``where`` is the dotted path of ``table`` itself, used in messages.

    >>> field({"count": 3}, "count", int, lo=1)
    3
    >>> try:
    ...     field({"count": 0}, "count", int, where="cards[2]", lo=1)
    ... except InputError as exc:
    ...     print(exc)
    cards[2].count: must be at least 1, got 0
    """
    name = f"{where}.{key}" if where else key
    if not isinstance(table, dict):
        raise InputError(f"must be a table, got {_describe(table)}", field=where or None)
    if key not in table:
        if default is ...:
            raise InputError("missing", field=name)
        return default
    value = table[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f"must be {_TYPE_NAMES.get(kind, kind.__name__)}, got {_describe(value)}",
                         field=name)
    if lo is not None and value < lo:
        raise InputError(f"must be at least {lo}, got {value}", field=name)
    if hi is not None and value > hi:
        raise InputError(f"must be at most {hi}, got {value}", field=name)
    if choices is not None and value not in choices:
        allowed = ", ".join(sorted(map(str, choices)))
        raise InputError(f"unknown value {value!r} (allowed: {allowed})", field=name)
    return value


def reject_unknown(table: dict[str, Any], known: set[str], *, where: str = "") -> None:
    """Refuse keys the schema does not define, catching typos like ``coutn``."""
    extra = sorted(set(table) - known)
    if extra:
        raise InputError(f"unknown key {extra[0]!r} (allowed: {', '.join(sorted(known))})",
                         field=where or None)


def _describe(value: Any) -> str:
    for kind, label in _TYPE_NAMES.items():
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return f"{label} ({value!r})" if kind in (int, float, str, bool) else label
    return type(value).__name__
