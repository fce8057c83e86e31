"""Which Side's Employer Phase as text and as JSON."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .rules import City, dice_for, printed_rows


def strength_text(before: int, after: City) -> str:
    """Where the Strength cube goes, and how many dice the offensive then rolls."""
    if after.lost:
        return f"Strength {before} -> past the gauge: the game is lost"
    return f"Strength {before} -> {after.strength}: roll {dice_for(after.strength)} d6"


def phase_json(faces: tuple[int, ...], after: City) -> dict[str, Any]:
    effects = {row[0]: row[1] for row in printed_rows("employer")}
    return {"faces": list(faces), "effects": [effects[str(f)] for f in faces], "after": asdict(after)}


def phase_text(before: int, faces: tuple[int, ...], after: City) -> str:
    if after.lost:
        return f"Strength {before} -> past the gauge: the game is lost"
    effects = {row[0]: row[1] for row in printed_rows("employer")}
    lines = [f"Strength {before} -> {after.strength} ({dice_for(after.strength)} d6):"]
    lines += [f"  {face}: {effects[str(face)]}" for face in faces]
    return "\n".join(lines)
