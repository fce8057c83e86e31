"""Lucha Libre's solver results as text and as JSON: a roll's moves and the
choices it offers, the odds of each move, and which dice to keep for a reroll."""
from __future__ import annotations

from typing import Any

from fractions import Fraction

from ..report import exact
from .round import RerollChoice
from .rules import Face, Move, Play, Wrestler, best_choice, rules

SHOWN_ADVICE = 8      # lines of reroll advice in the text report


def odds_json(wrestler_id: str, dice: int, odds: dict[str, Fraction]) -> dict[str, Any]:
    return {"wrestler": wrestler_id, "dice": dice, "moves": {k: exact(p) for k, p in odds.items()}}


def odds_text(who: Wrestler, dice: int, odds: dict[str, Fraction]) -> str:
    labels = {s.id: s.label for s in rules().specs}
    lines = [f"{who.name}, one roll of {dice} dice (no reroll):"]
    lines += [f"  {labels[m]:<18}{float(p):>8.2%}  ({p.numerator}/{p.denominator})" for m, p in odds.items()]
    return "\n".join(lines)


def _play_json(p: Play) -> dict[str, Any]:
    return {"moves": [m.id for m in p.moves], "dice": [list(m.dice) for m in p.moves],
            "unused": list(p.unused), "fans": p.outcome.fans, "opponent_energy": p.outcome.opponent_energy,
            "own_energy": p.outcome.own_energy, "swap": p.outcome.swap}


def roll_json(wrestler_id: str, roll: tuple[Face, ...], found: list[Move], plays: list[Play]) -> dict[str, Any]:
    """``plays`` are the roll's choices, claiming nothing included (its ``moves`` is empty)."""
    return {"wrestler": wrestler_id, "roll": list(roll),
            "moves": [{"move": m.id, "dice": list(m.dice)} for m in found],
            "plays": [_play_json(p) for p in plays]}


def play_words(p: Play) -> str:
    """``F (Show Off) [6] + Sequence (2) [3-5]``, or ``claim nothing``."""
    return " + ".join(f"{m.label} [{'-'.join(map(str, m.dice))}]" for m in p.moves) or "claim nothing"


def roll_text(who: Wrestler, roll: tuple[Face, ...], found: list[Move], plays: list[Play]) -> str:
    shown = " ".join(map(str, roll))
    if not found:
        return f"{who.name} rolls {shown}: no move."
    lines = [f"{who.name} rolls {shown}: {', '.join(m.label for m in found)}",
             f"{sum(1 for p in plays if p.moves)} ways to use it, or claim nothing "
             f"(best first; ENE = opponent / own):"]
    for p in plays:
        o = p.outcome
        swap = ", swap wrestlers" if o.swap else ""
        left = " ".join(map(str, p.unused)) or "none"
        lines.append(f"  {play_words(p)}: Fans {o.fans:+d}, ENE {o.opponent_energy:+d}/{o.own_energy:+d}"
                     f"{swap} (unused: {left})")
    return "\n".join(lines)


def advice_json(wrestler_id: str, roll: tuple[Face, ...], choices: list[RerollChoice]) -> dict[str, Any]:
    return {"wrestler": wrestler_id, "roll": list(roll), "choices": [
        {"keep": list(c.keep), "expected_fans": float(c.expected_fans),
         "exact": f"{c.expected_fans.numerator}/{c.expected_fans.denominator}"} for c in choices]}


def advice_text(who: Wrestler, wrestler_id: str, roll: tuple[Face, ...], choices: list[RerollChoice]) -> str:
    lines = [f"{who.name} rolls {' '.join(map(str, roll))}: best dice to keep, by expected Fans "
             f"(a reroll costs 1; a kept roll claims its best moves, or none):"]
    for c in choices[:SHOWN_ADVICE]:
        keep = " ".join(map(str, c.keep)) or "nothing"
        what = "keep all, no reroll" if len(c.keep) == len(roll) else f"keep {keep}"
        lines.append(f"  {what:<26}{float(c.expected_fans):>+7.3f}")
    lines.append(f"Kept as it is, the best choice: {play_words(best_choice(roll, wrestler_id))}")
    return "\n".join(lines)
