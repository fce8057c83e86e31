"""Reading TOML and JSON data files against a small schema, within bounds.

Every input file goes through :func:`read_bytes` and :func:`load_toml` /
:func:`load_json`, so every reader shares the same limits: a file of at most
:data:`MAX_DATA_BYTES`, nesting at most :data:`MAX_DEPTH` deep, numbers that
are finite and at most :data:`MAX_MAGNITUDE` in size.  The largest file
icp-print ships is about 12 KB and nests 4 deep, so the limits only refuse
hostile or broken files, and they refuse them quickly, naming the file and the
dotted field.  The schema is plain Python: ``field(table, "name", int, lo=1)``.
"""
from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any, TypeVar, cast
from collections.abc import Callable

from .errors import IcpError, InputError, shorten

MAX_DATA_BYTES = 1 << 20       # 1 MiB: TOML and JSON data files
MAX_PDF_BYTES = 64 << 20       # 64 MiB: PDFs given to `check` (the largest icp-print writes is ~0.1 MiB)
MAX_DEPTH = 32                 # tables and lists inside each other
MAX_MAGNITUDE = 10 ** 12       # any number in a data file, integer or not

_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               list: "a list", dict: "a table"}

Parsed = TypeVar("Parsed")
# A TOML table or JSON object as a file holds it: names to values of any type the
# format allows, each read and checked through :func:`field`.
Table = dict[str, Any]


def read_bytes(path: str | Path, limit: int = -1, *, cap: int = MAX_DATA_BYTES) -> bytes:
    """A file's bytes (the first ``limit`` only, if given), refusing files over ``cap``.

    Devices and pipes are read only up to the cap, so ``/dev/zero`` is refused
    at once instead of filling memory.
    """
    name = str(path)
    try:
        with open(path, "rb") as handle:
            if limit >= 0:
                return handle.read(limit)
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode) \
                    and os.fstat(handle.fileno()).st_size > cap:
                raise InputError(f"file too large ({_size(os.fstat(handle.fileno()).st_size)}; "
                                 f"the limit is {_size(cap)})", source=name)
            data = handle.read(cap + 1)
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror or exc})", source=name) from None
    except MemoryError:
        raise InputError("file too large to read", source=name) from None
    if len(data) > cap:
        raise InputError(f"file too large (more than {_size(cap)}, the limit)", source=name)
    return data


def _size(n: float) -> str:
    """``1048576`` -> ``'1 MiB'``: sizes in messages."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "bytes" or n == int(n) else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} bytes"  # pragma: no cover


def load_toml(path: str | Path, *, allow_nan: bool = False) -> Table:
    """Parse a TOML file within the bounds, turning every failure into an :class:`InputError`.

    ``allow_nan`` is for a format where ``nan`` has a meaning (yEAh's item costs).
    """
    name = str(path)
    text = _text(read_bytes(path), name, "")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"TOML syntax error: {exc}", source=name) from None
    except RecursionError:
        raise InputError(f"nested too deeply (the limit is {MAX_DEPTH} levels)", source=name) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InputError(f"unreadable number ({exc})", source=name) from None
    check_bounds(data, name, allow_nan=allow_nan)
    return data


def load_json(path: str | Path) -> Any:
    """Parse a JSON file within the bounds, turning every failure into an :class:`InputError`."""
    name = str(path)
    return parse_json_text(_text(read_bytes(path), name, " (is it a JSON file?)"), name)


def parse_json_text(text: str, source: str, field: str | None = None, *,
                    syntax: str = "JSON syntax error") -> Any:
    """Parse JSON text (a file's, or a manifest's) within the bounds.

    >>> try:
    ...     parse_json_text('{"count": NaN}', "m.json")
    ... except InputError as exc:
    ...     print(exc)
    m.json: count: must be a finite number, got nan
    """
    try:
        data = json.loads(text)  # NaN and Infinity parse, for check_bounds to name their field
    except json.JSONDecodeError as exc:
        raise InputError(f"{syntax}: {exc}", source=source, field=field) from None
    except RecursionError:
        raise InputError(f"nested too deeply (the limit is {MAX_DEPTH} levels)", source=source,
                         field=field) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise InputError(f"unreadable number ({exc})", source=source, field=field) from None
    check_bounds(data, source, field or "")
    return data


def _text(raw: bytes, source: str, hint: str) -> str:
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")  # editors on Windows may add a BOM
    except UnicodeDecodeError:
        raise InputError(f"not a UTF-8 text file{hint}", source=source) from None


def check_bounds(data: Any, source: str, where: str = "", *, allow_nan: bool = False) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and numbers that are not
    finite or larger than :data:`MAX_MAGNITUDE`, naming the first such field.

    Walks without recursion, so no depth of nesting can overflow the stack.

    >>> check_bounds({"cards": [{"count": 3}]}, "deck.toml")
    >>> try:
    ...     check_bounds({"cards": [{"count": float("inf")}]}, "deck.toml")
    ... except InputError as exc:
    ...     print(exc)
    deck.toml: cards[0].count: must be a finite number, got inf
    """
    stack: list[tuple[str, Any, int]] = [(where, data, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                raise InputError(f"nested too deeply (the limit is {MAX_DEPTH} levels)",
                                 source=source, field=path or None)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                inner = f"{path}[{key}]" if isinstance(value, list) else \
                    (f"{path}.{key}" if path else str(key))
                stack.append((inner, item, depth + 1))
        elif isinstance(value, float) and not math.isfinite(value) \
                and not (allow_nan and math.isnan(value)):
            raise InputError(f"must be a finite number, got {value}", source=source,
                             field=path or None)
        elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                and abs(value) > MAX_MAGNITUDE:
            raise InputError(f"number too large (the limit is {MAX_MAGNITUDE:.0e})",
                             source=source, field=path or None)


def read_file(source: str | Path, load: Callable[[str | Path], Any],
              parse: Callable[[Any], Parsed]) -> Parsed:
    """``parse(load(source))``, every failure an :class:`IcpError` naming ``source``.

    A parser meets data only after :func:`check_bounds`; if it still trips
    over a value (an operation Python refuses on it), the user gets one line
    naming the file, not a traceback.
    """
    try:
        return parse(load(source))
    except IcpError as exc:
        raise exc.located(str(source)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError,
            ZeroDivisionError, RecursionError, MemoryError) as exc:
        raise InputError(f"unusable content ({type(exc).__name__}: {exc})",
                         source=str(source)) from None


def field(table: Any, key: str, kind: type, *, where: str = "", default: Any = ...,
          lo: float | None = None, hi: float | None = None, choices: Any = None) -> Any:
    """Fetch ``table[key]``, checking its type, range and allowed values.

    ``where`` is the dotted path of ``table`` itself, used in messages.
    Numbers must be finite whatever ``lo`` and ``hi`` say.

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
        if abs(value) > MAX_MAGNITUDE:
            raise InputError(f"number too large (the limit is {MAX_MAGNITUDE:.0e})", field=name)
        value = float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f"must be {_TYPE_NAMES.get(kind, kind.__name__)}, got {_describe(value)}",
                         field=name)
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(f"must be a finite number, got {value}", field=name)
    if lo is not None and cast(float, value) < lo:
        raise InputError(f"must be at least {lo}, got {shorten(repr(value))}", field=name)
    if hi is not None and cast(float, value) > hi:
        raise InputError(f"must be at most {hi}, got {shorten(repr(value))}", field=name)
    if choices is not None and value not in choices:
        allowed = ", ".join(sorted(map(str, choices)))
        raise InputError(f"unknown value {shorten(repr(value))} (allowed: {allowed})", field=name)
    return value


def reject_unknown(table: Table, known: set[str], *, where: str = "") -> None:
    """Refuse keys the schema does not define, catching typos like ``coutn``."""
    extra = sorted(set(table) - known)
    if extra:
        raise InputError(f"unknown key {shorten(repr(extra[0]))} "
                         f"(allowed: {', '.join(sorted(known))})", field=where or None)


def _describe(value: Any) -> str:
    for kind, label in _TYPE_NAMES.items():
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return f"{label} ({shorten(repr(value))})" if kind in (int, float, str, bool) else label
    return type(value).__name__
