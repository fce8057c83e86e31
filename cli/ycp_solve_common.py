"""Helpers shared by the ``icp-print solve ycp`` commands: reading numbers typed
on the command line, and writing an exact chance for --json."""
from __future__ import annotations

from fractions import Fraction

from ..validators.errors import InputError

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


def exact(p: Fraction) -> dict:
    """A chance as a float and as an exact fraction, for --json."""
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
