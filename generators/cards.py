"""Card sizes for the decks (RYB, yEAh items): a named size from
``templates/sizes.toml`` or any ``WxH`` in millimetres.

>>> card_size("poker")
CardSize(name='poker', width=63.5, height=88.9)
>>> card_size("70x110")
CardSize(name='70x110', width=70.0, height=110.0)
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..validators.errors import InputError
from .sheet import component_size

CARD_SIZES = ("poker", "bridge", "mini", "tarot", "square")
SMALLEST = (44.0, 44.0)     # mm: below this the card art cannot keep 6 pt text
LARGEST = (150.0, 200.0)    # mm: larger than any card deck, and still on one sheet
BASE = "poker"              # the size the card art was drawn for
MIN_PT = 6.0                # the smallest text on any printed card, at real size
FRAME = 3.5                 # mm from the trim to a frame line (its outer edge stays 3 mm inside)
PAD = 5.0                   # mm from the trim to any text or mark
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.I)


@dataclass(frozen=True)
class CardSize:
    """A card's trim size in millimetres, portrait (width at most height)."""

    name: str
    width: float
    height: float

    @property
    def scale(self) -> float:
        """How much the card art is scaled from the poker card it was drawn for.

        >>> round(card_size("mini").scale, 3), round(card_size("tarot").scale, 3)
        (0.7, 1.1)
        """
        w, h = component_size(BASE)
        return min(self.width / w, self.height / h)


def card_size(text: str) -> CardSize:
    """A size by name (``poker``, ``bridge``, ``mini``, ``tarot``, ``square``) or as ``WxH`` mm."""
    name = text.strip().lower()
    if name in CARD_SIZES:
        return CardSize(name, *component_size(name))
    match = _CUSTOM.match(name)
    if not match:
        raise InputError(f"cannot read {text!r}: give one of {', '.join(CARD_SIZES)} or a size "
                         "in millimetres like 63.5x88.9", field="--card-size")
    w, h = float(match.group(1)), float(match.group(2))
    if not (math.isfinite(w) and math.isfinite(h)):
        raise InputError(f"cannot read {text!r}: each side must be a finite number of millimetres",
                         field="--card-size")
    if w > h:
        raise InputError(f"{w:g} x {h:g} mm: cards are read upright, give the width first "
                         "(width at most height)", field="--card-size")
    if w < SMALLEST[0] or h < SMALLEST[1]:
        raise InputError(f"{w:g} x {h:g} mm is too small for the card art: at least "
                         f"{SMALLEST[0]:g} x {SMALLEST[1]:g} mm", field="--card-size")
    if w > LARGEST[0] or h > LARGEST[1]:
        raise InputError(f"{w:g} x {h:g} mm is too large for a card: at most "
                         f"{LARGEST[0]:g} x {LARGEST[1]:g} mm", field="--card-size")
    return CardSize(f"{w:g}x{h:g}", w, h)


def font_size(size: float, scale: float) -> float:
    """A font size drawn for the poker card, at a card scaled by ``scale`` (never below :data:`MIN_PT`).

    >>> font_size(9, 0.7), font_size(8, 0.5)
    (6.3, 6.0)
    """
    return max(MIN_PT, round(size * scale, 3))
