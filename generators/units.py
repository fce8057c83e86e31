"""Unit conversion, in one place: geometry is millimetres everywhere else.

>>> round(pt(25.4), 6)
72.0
>>> round(to_mm(72), 6)
25.4
"""
from __future__ import annotations

from ..validators.units import MM_PER_INCH, POINTS_PER_MM

__all__ = ["MM_PER_INCH", "POINTS_PER_MM", "pt", "to_mm"]


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * POINTS_PER_MM


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / POINTS_PER_MM
