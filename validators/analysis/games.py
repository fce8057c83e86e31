"""Which games can be played to the end: the engines the game registry names.

A game is asked for by the name of its engine (``ryb``, ``bonnie-and-clyde``,
``the-last-glow``...) or, when the registry's game has a single engine, by the
game's id.
"""
from __future__ import annotations

import re

from ..errors import InputError
from ..play import PlayGame
from ..registry import GAMES

NOT_PLAYABLE = {
    "mad-maxence": "Mad Maxence is played from its adventure booklet, which is not published",
}


def engine_key(game: PlayGame) -> str:
    """The name an engine answers to: its game's name in lower case, words joined by hyphens.

    >>> class Glow:
    ...     name = "The Last Glow"
    >>> engine_key(Glow())
    'the-last-glow'
    """
    return re.sub(r"[^a-z0-9]+", "-", game.name.lower()).strip("-")


def playable() -> dict[str, PlayGame]:
    """Every engine by its key, and a registry id for a game with one engine, in registry order."""
    found: dict[str, PlayGame] = {}
    for game in GAMES:
        engines = game.play_engines()
        for engine in engines:
            found[engine_key(engine)] = engine
        if len(engines) == 1:
            found.setdefault(game.id, engines[0])
    return found


def load_game(name: str) -> PlayGame:
    """The engine ``name`` asks for, with its default options."""
    key = name.lower()
    if key in NOT_PLAYABLE:
        raise InputError(f"{NOT_PLAYABLE[key]}: it cannot be played to the end", field="GAME")
    engines = playable()
    if key not in engines:
        unplayable = "; ".join(f"not {k}: {why}" for k, why in NOT_PLAYABLE.items())
        raise InputError(f"no whole-game engine for {name!r} (known: {', '.join(engines)}; "
                         f"{unplayable})", field="GAME")
    return engines[key]
