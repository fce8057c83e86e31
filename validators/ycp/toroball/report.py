"""Toroball's cow charge odds as text and as JSON."""
from __future__ import annotations

from typing import Any

from fractions import Fraction

from ..report import exact


def charge_json(agitation: int, odds: dict[int, Fraction]) -> dict[str, Any]:
    return {"ene": agitation, "squares": {str(k): exact(p) for k, p in odds.items()}}


def charge_text(agitation: int, odds: dict[int, Fraction]) -> str:
    lines = [f"Cow with ENE {agitation}:"]
    lines += [f"  {'stays' if n == 0 else f'{n} squares':<12}{float(p):>8.2%}" for n, p in odds.items()]
    return "\n".join(lines)
