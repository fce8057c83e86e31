"""What every YCP game's ``report`` module shares: an exact chance written for
JSON and for reading.

>>> from fractions import Fraction
>>> exact(Fraction(1, 8)), chance(Fraction(1, 8))
({'probability': 0.125, 'exact': '1/8'}, '12.50% (1/8)')
"""
from __future__ import annotations

from typing import Any

from fractions import Fraction


def exact(p: Fraction) -> dict[str, Any]:
    """A chance as a float and as an exact fraction, for --json."""
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def chance(p: Fraction) -> str:
    """A chance as a percentage with its exact fraction beside it."""
    return f"{float(p):.2%} ({p.numerator}/{p.denominator})"


def signed(n: int) -> str:
    """``+2``, ``0``, ``-1``."""
    return f"{n:+d}" if n else "0"
