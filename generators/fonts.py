"""The embedded TrueType fonts (DejaVu Sans, shipped in ``templates/fonts``).

DejaVu covers Latin, Greek, Cyrillic and many symbols, so any card text a user
writes prints the same on every machine.
"""
from __future__ import annotations

from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..templates import path
from .units import to_mm

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@cache
def register() -> tuple[str, str]:
    """Register both faces with reportlab once; returns (regular, bold) names."""
    for name in (REGULAR, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(path("fonts", f"{name}.ttf"))))
    return REGULAR, BOLD


def face(bold: bool = False) -> str:
    """The registered font name for a weight."""
    register()
    return BOLD if bold else REGULAR


@lru_cache(maxsize=1 << 16)
def width_mm(text: str, size_pt: float, bold: bool = False) -> float:
    """Rendered width of ``text`` at ``size_pt`` points, in millimetres.

    Remembered: wrapping and shrinking text to fit ask for the same few
    hundred widths thousands of times, and reportlab sums them glyph by glyph.
    """
    return to_mm(pdfmetrics.stringWidth(text, face(bold), size_pt))
