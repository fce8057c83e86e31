"""Yield!'s numbers (players, speeds, damage limit, start exclusion) from templates/yield_/rules.toml.

The TOML file also records, as comments, every choice made where the rules text
is open; the engine's modules point there instead of repeating the reasons.

>>> RULES.damage_limit, RULES.speed_max, RULES.start_exclusion
(10, 6, 2)
"""
from __future__ import annotations

from dataclasses import dataclass

from ...templates import path as template_path
from ..errors import InputError
from ..schema import field, load_toml

RULES_FILE = ("yield_", "rules.toml")


@dataclass(frozen=True)
class Rules:
    players_min: int
    players_max: int
    damage_limit: int
    speed_min: int
    speed_max: int
    start_exclusion: int


def load_rules() -> Rules:
    """Read the rules file, naming the file and field if it is broken."""
    source = str(template_path(*RULES_FILE))
    data = load_toml(source)
    try:
        return Rules(**{name: field(data, name, int, lo=0) for name in Rules.__dataclass_fields__})
    except InputError as exc:
        raise exc.located(source) from None


RULES = load_rules()
