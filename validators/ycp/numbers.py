"""Numbers a player types for the YCP solvers (dice, squares, gauge values), read
and bounded here so every front end refuses the same things the same way."""
from __future__ import annotations

from ..errors import InputError

MAX_TEXT = 60


def parse_numbers(text: str, option: str, *, lo: int, hi: int, count: tuple[int, int]) -> tuple[int, ...]:
    """Whole numbers separated by commas or spaces, each in ``lo..hi``, ``count`` of them.

    >>> parse_numbers("3,2", "--heart", lo=1, hi=6, count=(2, 2))
    (3, 2)
    """
    parts = text[:MAX_TEXT + 1].replace(",", " ").split()
    if len(text) > MAX_TEXT or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise InputError(f"cannot read {text[:MAX_TEXT]!r}: write whole numbers like 3,2", field=option)
    values = tuple(int(p) for p in parts)
    if not count[0] <= len(values) <= count[1]:
        wanted = str(count[0]) if count[0] == count[1] else f"{count[0]} to {count[1]}"
        raise InputError(f"expected {wanted} numbers, got {len(values)}", field=option)
    if any(not lo <= v <= hi for v in values):
        raise InputError(f"every number must be from {lo} to {hi}", field=option)
    return values


def bounded(value: int, option: str, lo: int, hi: int, what: str) -> int:
    """``value`` when it lies on the gauge ``lo..hi`` (the rules' data), else an :class:`InputError`.

    >>> bounded(2, "--threat", 0, 2, "the Police Threat gauge")
    2
    >>> bounded(3, "--threat", 0, 2, "the Police Threat gauge")
    Traceback (most recent call last):
    ...
    icp_print.validators.errors.InputError: --threat: 3 is not on the Police Threat gauge (0 to 2)
    """
    if not lo <= value <= hi:
        raise InputError(f"{value} is not on {what} ({lo} to {hi})", field=option)
    return value
