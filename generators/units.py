"""Unit conversion, in one place: geometry is millimetres everywhere else.

>>> round(pt(25.4), 6)
72.0
>>> round(to_mm(72), 6)
25.4
>>> inches(25.4), from_inches(0.5), render_scale(144), pixels(25.4, 300)
(1.0, 12.7, 2.0, 300)
"""
from __future__ import annotations

from ..validators.units import MM_PER_INCH, POINTS_PER_INCH, POINTS_PER_MM

__all__ = ["MM_PER_INCH", "POINTS_PER_MM", "from_inches", "inches", "pixels", "pixels_per_mm", "pt",
           "render_scale", "to_mm"]


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * POINTS_PER_MM


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / POINTS_PER_MM


def inches(mm: float) -> float:
    """Millimetres to inches (cutting software sizes its artboards in inches)."""
    return mm / MM_PER_INCH


def from_inches(length: float) -> float:
    """Inches to millimetres (trade sizes such as a Print Then Cut area are set in inches)."""
    return length * MM_PER_INCH


def pixels_per_mm(dpi: float) -> float:
    """How many pixels a millimetre spans in an image rendered at ``dpi``."""
    return dpi / MM_PER_INCH


def pixels(mm: float, dpi: float) -> int:
    """A length in whole pixels at ``dpi``, at least one."""
    return max(1, round(mm * pixels_per_mm(dpi)))


def render_scale(dpi: float) -> float:
    """The scale that renders a PDF page (sized in points) at ``dpi``."""
    return dpi / POINTS_PER_INCH
