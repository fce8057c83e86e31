"""The printed Accellerator set: which pieces, how many, and their countable labels.

The counts come from the rules' "You Need" list (the die is not printed:
``icp-print dice`` makes one).  Drawing code and ``check`` both read
:data:`PIECES`, so the two can never disagree.

>>> {p.kind: p.count for p in PIECES}["electron"], sum(p.count for p in PIECES if p.kind == "energy")
(18, 24)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ...templates import path
from ..errors import InputError
from ..schema import field, load_toml
from .model import (BOUNCES, DEFLECTORS, ELECTRONS, ENERGY_TOKENS, MAX_ENERGY, MIN_ENERGY, PLAYERS,
                    WIN_BANKED, Player)

GAME = "accellerator"
AID_FILE = path("accellerator", "aid.toml")
AID_CARDS = 2          # one for each side of the table
PAWN = "pawn"


@dataclass(frozen=True)
class PieceSpec:
    """One kind of printed piece: ``count`` copies labelled ``label``."""

    kind: str
    label: str
    count: int
    player: Player | None = None


def _label(*parts: str) -> str:
    return ":".join((GAME,) + parts)


PIECES: tuple[PieceSpec, ...] = (
    *(PieceSpec("pawn", _label("pawn", p), 1, p) for p in PLAYERS),
    PieceSpec("deflector", _label("deflector"), DEFLECTORS),
    PieceSpec("electron", _label("electron"), ELECTRONS),
    *(PieceSpec("energy", _label("energy", p), ENERGY_TOKENS, p) for p in PLAYERS),
    PieceSpec("aid", _label("aid"), AID_CARDS),
)
BOARD_LABEL = _label("board")
TILE_LABEL = _label("board-tile")


def aid_texts(bounce: str = BOUNCES[0]) -> dict[str, Any]:
    """The player aid's texts for a bounce reading, with the rules' numbers filled in.

    >>> aid_texts()["front"]["limits"].endswith(f"from {MIN_ENERGY} to {MAX_ENERGY}.")
    True
    >>> "missing space" in dict(aid_texts("re-enter")["back"]["effects"])["Edge"]
    True
    """
    data = _aid_file()
    numbers = {"deflectors": DEFLECTORS, "min_energy": MIN_ENERGY, "max_energy": MAX_ENERGY,
               "win_banked": WIN_BANKED, "bounce": data["bounce"][bounce]}

    def fill(value: Any) -> Any:
        if isinstance(value, str):
            return value.format(**numbers)
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value

    return {"front": fill(data["front"]), "back": fill(data["back"])}


@cache
def _aid_file() -> dict[str, Any]:
    """``templates/accellerator/aid.toml``, checked for shape."""
    data = load_toml(AID_FILE)
    try:
        front, back = field(data, "front", dict), field(data, "back", dict)
        steps = field(front, "steps", list, where="front")
        numbered = field(front, "numbered", list, where="front")
        if len(numbered) != len(steps) or not all(isinstance(s, str) for s in steps):
            raise InputError("steps must be strings, one 'numbered' flag each", field="front.steps")
        for key in ("title", "limits"):
            field(front, key, str, where="front")
        for key in ("title", "reset", "win"):
            field(back, key, str, where="back")
        effects = field(back, "effects", list, where="back")
        if not all(isinstance(e, list) and len(e) == 2 and all(isinstance(t, str) for t in e)
                   for e in effects):
            raise InputError("each effect is [name, text]", field="back.effects")
        table_after = field(back, "table_after", str, where="back")
        if table_after not in [name for name, _ in effects]:
            raise InputError("must name one of the effects", field="back.table_after")
        bounce = field(data, "bounce", dict)
        for reading in BOUNCES:
            field(bounce, reading, str, where="bounce")
    except InputError as exc:
        raise exc.located(str(AID_FILE)) from None
    return data
