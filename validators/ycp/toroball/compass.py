"""Toroball's scatter compass: the directions of the rules' scatter table, for the picture."""
from __future__ import annotations

from ...errors import InputError
from ..model import Picture
from ..tables import load_tables
from .rules import directions_from


def compass_directions(game: str, pic: Picture) -> list[tuple[int, int, int]]:
    """(face, dx, dy) for each scatter face, read as the rules read it (:func:`.rules.directions_from`)."""
    name = str(pic.params.get("table", "scatter"))
    tables = load_tables(game)
    if name not in tables:
        raise InputError(f"no rules table {name!r} for {game}", field=f"front.{pic.id}.table")
    table = tables[name]
    directions = directions_from(dict(table.data), f"{table.id}.data")
    return [(face, dx, dy) for face, (dx, dy) in directions.items()]
