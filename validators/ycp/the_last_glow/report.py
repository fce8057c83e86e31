"""The Last Glow's Storm Heart results as text and as JSON."""
from __future__ import annotations

from typing import Any

from fractions import Fraction

from ..report import exact
from .rules import HeartResult, Square


def explosion_json(odds: dict[int, Fraction]) -> dict[str, Any]:
    return {"explosion": {str(line): exact(p) for line, p in odds.items()}}


def explosion_text(odds: dict[int, Fraction]) -> str:
    return "\n".join(["Chance a Storm Heart explodes, by line:"]
                     + [f"  line {line}: {float(p):.2%}" for line, p in odds.items()])


def heart_json(heart: Square, roll: int, result: HeartResult) -> dict[str, Any]:
    return {"heart": list(heart), "roll": roll, "move": result.move.kind,
            "to": list(result.move.to) if result.move.to else None,
            "structure_loss": result.structure_loss, "victory_loss": result.victory_loss}


def heart_text(heart: Square, roll: int, result: HeartResult) -> str:
    where = f" to {result.move.to[0]},{result.move.to[1]}" if result.move.to else ""
    return (f"Heart {heart[0]},{heart[1]}: {roll} + line {heart[1]} = {roll + heart[1]}: "
            f"{result.move.kind}{where}; Structure -{result.structure_loss}, Victory -{result.victory_loss}")
