"""Mad Maxence's coin odds and fights as text and as JSON."""
from __future__ import annotations

from typing import Any

from fractions import Fraction

from ..report import exact
from .rules import Combat, Maneuver


def elude_json(maneuver: Maneuver, driving: int, p: Fraction) -> dict[str, Any]:
    return {"maneuver": maneuver.id, "driving": driving, "tu_if_it_works": maneuver.tu, **exact(p)}


def elude_text(maneuver: Maneuver, driving: int, p: Fraction) -> str:
    return (f"{maneuver.label} elude (difficulty {maneuver.difficulty}) with Driving {driving}: "
            f"{float(p):.2%} ({p.numerator}/{p.denominator}) to move TU {maneuver.tu}; "
            f"the Fuel is spent either way")


def test_json(skill: int, difficulty: int, p: Fraction) -> dict[str, Any]:
    return {"skill": skill, "difficulty": difficulty, **exact(p)}


def test_text(skill: int, difficulty: int, p: Fraction) -> str:
    return f"{skill} coins, difficulty {difficulty}: success {float(p):.2%} ({p.numerator}/{p.denominator})"


def combat_json(tech: int, cb: int, foe: int, tu: int, odds: dict[str, Fraction]) -> dict[str, Any]:
    return {"tech": tech, "cb": cb, "foe": foe, "tu": tu, "outcomes": {k: exact(p) for k, p in odds.items()}}


def combat_text(tech: int, cb: int, foe: int, tu: int, odds: dict[str, Fraction]) -> str:
    lines = [f"TECH {tech}, Cb {cb} against {foe}, TU {tu}:"]
    lines += [f"  {name:<12}{float(p):>8.2%}  ({p.numerator}/{p.denominator})" for name, p in odds.items()]
    return "\n".join(lines)


def fight_json(combat: Combat, tu: int) -> dict[str, Any]:
    return {"result": combat.result, "tu_before": tu, "tu_after": combat.tu,
            "rounds": [{"heads": r.heads, "tails": r.tails, "cb": r.my_cb, "foe": r.foe_cb,
                        "result": r.result} for r in combat.rounds]}


def fight_text(combat: Combat, tu: int) -> str:
    lines = [f"  round {i}: {r.heads} heads, {r.tails} tails -> your Cb {r.my_cb}, foe's Cb {r.foe_cb}"
             f" ({r.result})" for i, r in enumerate(combat.rounds, 1)]
    return "\n".join(lines + [f"{combat.result}; TU {tu} -> {combat.tu}"])
