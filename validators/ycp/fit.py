"""Does every line of text on a postcard fit its box?

The renderer logs each line it draws as a :class:`TextFit` (the width the
text took at the size it was drawn, the width its box allowed, the size).
This module judges that log without drawing anything, so ``check`` can run it
on a manifest as well as on a fresh layout.  Sizes are logged on the nominal
148 x 105 mm card; ``scale`` is how much the card is enlarged or shrunk when
printed (0.968 for a US 6 x 4 in card), so the floor applies to printed text.

>>> overflows([TextFit("tu", "TU", 3.0, 4.0, 6.3), TextFit("tu", "TECH", 5.0, 4.0, 6.3)])
[TextFit(element='tu', text='TECH', width=5.0, room=4.0, size=6.3)]
>>> overflows([TextFit("tu", "TU", 3.0, 4.0, 6.3)], scale=0.9)   # 5.67 pt once printed
[TextFit(element='tu', text='TU', width=3.0, room=4.0, size=6.3)]
>>> nominal_min_pt()      # 6.1 pt once shrunk to a US card
6.3
"""
from __future__ import annotations

from typing import Any

import math
from dataclasses import asdict, dataclass

from ..report import Finding, failed, passed
from .model import smallest_scale

TOLERANCE_MM = 0.05
SMALLEST_PT = 6.0     # printed pt: the least any printed line may be


def nominal_min_pt() -> float:
    """The smallest size on the nominal card that still prints at :data:`SMALLEST_PT` on
    every postcard size, rounded up to a tenth of a point."""
    return math.ceil(SMALLEST_PT / smallest_scale() * 10 - 1e-9) / 10


@dataclass(frozen=True)
class TextFit:
    """One drawn line: ``width`` mm used at ``size`` pt, out of ``room`` mm."""

    element: str
    text: str
    width: float
    room: float
    size: float


def overflows(fits: list[TextFit], scale: float = 1.0) -> list[TextFit]:
    """Lines wider than their box, or printed smaller than :data:`SMALLEST_PT`."""
    return [f for f in fits
            if f.width > f.room + TOLERANCE_MM or f.size * scale < SMALLEST_PT - 1e-6]


def summary(fits: list[TextFit], scale: float = 1.0) -> dict[str, Any]:
    """What the manifest keeps about a layout's text: counts, the smallest printed size, the overflows."""
    bad = overflows(fits, scale)
    return {"lines": len(fits), "smallest_pt": round(min((f.size for f in fits), default=0.0) * scale, 2),
            "overflows": [asdict(f) for f in bad[:20]], "overflow_count": len(bad)}


def fit_findings(name: str, fit: dict[str, Any]) -> list[Finding]:
    """Findings for a layout summary made by :func:`summary`."""
    try:
        count, lines = int(fit["overflow_count"]), int(fit["lines"])
        smallest = float(fit["smallest_pt"])
    except (KeyError, TypeError, ValueError):
        return [failed("text fits", "no text-fit record for this postcard", name)]
    if lines == 0:
        return [failed("text fits", "no text was drawn", name)]
    if count:
        first = fit["overflows"][0] if fit.get("overflows") else {}
        return [failed("text fits", f"{count} line(s) run out of their box, first "
                       f"{first.get('text')!r} in {first.get('element')!r}", name)]
    return [passed("text fits", f"{name}: {lines} lines inside their boxes, smallest "
                   f"{smallest:.1f} pt")]
