"""Which games can be played to the end, and the module holding each one's engine.

Each engine module exposes ``GAME``, a :class:`~..play.PlayGame`.
"""
from __future__ import annotations

import importlib

from ..errors import InputError
from ..play import PlayGame

ENGINES = {
    "ryb": "ryb.play",
}
NOT_PLAYABLE = {
    "mad-maxence": "Mad Maxence is played from its adventure booklet, which is not published",
}


def load_game(name: str) -> PlayGame:
    """The engine's default :class:`PlayGame` for ``name``."""
    key = name.lower()
    if key in NOT_PLAYABLE:
        raise InputError(f"{NOT_PLAYABLE[key]}: it cannot be played to the end", field="GAME")
    if key not in ENGINES:
        raise InputError(f"no whole-game engine for {name!r} (known: {', '.join(ENGINES)})",
                         field="GAME")
    module = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.{ENGINES[key]}")
    return module.GAME
