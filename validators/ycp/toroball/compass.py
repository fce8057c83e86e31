"""Toroball's scatter compass: the directions of the rules' scatter table, for the picture."""
from __future__ import annotations

from ...errors import InputError
from ...schema import field as get
from ..postcard import Picture
from ..tables import data_field, load_tables


def compass_directions(game: str, pic: Picture) -> list[tuple[int, int, int]]:
    """(face, dx, dy) for each scatter face, from the rules' ``scatter`` table."""
    name = str(pic.params.get("table", "scatter"))
    tables = load_tables(game)
    if name not in tables:
        raise InputError(f"no rules table {name!r} for {game}", field=f"front.{pic.id}.table")
    table = tables[name]
    out = []
    for i, d in enumerate(data_field(table, "direction", list)):
        where = f"direction[{i}]"
        out.append((get(d, "face", int, where=where, lo=1, hi=6), get(d, "dx", int, where=where),
                    get(d, "dy", int, where=where)))
    return out
