"""Bonnie and Clyde's solver results as text and as JSON."""
from __future__ import annotations

from typing import Any

from fractions import Fraction

from ..report import exact
from .rules import PoliceAction, police_action, police_words


def roll_json(roll: int, modifier: int) -> dict[str, Any]:
    """One police roll: the die, the modifier, the total and the row it reads."""
    row = police_action(roll + modifier)
    return {"roll": roll, "modifier": modifier, "total": roll + modifier,
            "action": police_words(row), "effects": dict(row.effects), "death": row.death}


def roll_text(roll: int, modifier: int) -> str:
    return f"d6 {roll} {modifier:+d} = {roll + modifier}: {police_words(police_action(roll + modifier))}"


def odds_json(modifier: int, odds: tuple[tuple[PoliceAction, Fraction], ...]) -> dict[str, Any]:
    return {"modifier": modifier, "rows": {police_words(row): exact(p) for row, p in odds}}


def odds_text(modifier: int, odds: tuple[tuple[PoliceAction, Fraction], ...]) -> str:
    lines = [f"Police roll with modifier {modifier:+d}:"]
    lines += [f"  {police_words(row):<36}{float(p):>8.2%}" for row, p in odds]
    return "\n".join(lines)
