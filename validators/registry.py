"""Which game a manifest or a component file belongs to, and its checks.

Each game module named here provides ``GAME``, ``looks_like(data)``,
``check_toml(data, source)`` and ``check_components(components, options)``;
the last two return ``(findings, summary)``.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .errors import InputError

GAME_CHECKS = {
    "ryb": "ryb.checks",
    "calibration": "calibration.checks",
    "dice": "dice.checks",
    "accellerator": "accellerator.checks",
    "yeah": "yeah.checks",
    "yield": "yield_.checks",
    "yicyacyoe": "yicyacyoe.checks",
    "ycp": "ycp.checks",
}


def checks_for(game: str, source: str) -> ModuleType:
    if game not in GAME_CHECKS:
        raise InputError(f"unknown game {game!r} (known: {', '.join(GAME_CHECKS)})",
                         source=source, field="game")
    return importlib.import_module(f"{__package__}.{GAME_CHECKS[game]}")


def game_of_toml(data: dict[str, Any], source: str) -> str:
    """The game a component file is for: its ``game`` key, else the one it looks like."""
    if "game" in data:
        game = data["game"]
        if not isinstance(game, str):
            raise InputError("must be a string", source=source, field="game")
        checks_for(game, source)
        return game
    matches = [g for g in GAME_CHECKS if checks_for(g, source).looks_like(data)]
    if len(matches) != 1:
        raise InputError("cannot tell which game this file is for; add a line like "
                         f"game = \"ryb\" (known: {', '.join(GAME_CHECKS)})", source=source, field="game")
    return matches[0]
