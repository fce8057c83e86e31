"""Unit conversion, in one place: geometry is millimetres everywhere else.

The drawing layer converts with :mod:`...generators.units`, which reads the
same constant.

>>> round(72 / POINTS_PER_MM, 6)
25.4
"""
from __future__ import annotations

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
POINTS_PER_MM = POINTS_PER_INCH / MM_PER_INCH
