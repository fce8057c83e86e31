"""What ``icp-print check`` runs for Yield!: a tile set file, or the tiles a PDF holds."""
from __future__ import annotations

from typing import Any

from ..errors import InputError, RuleError
from ..report import Finding, Summary, failed, passed
from ..schema import Table
from .layout_search import find_layout
from .rules import RULES
from .model import set_size
from .tileset import MAX_SETS, TileGroup, TileSet, check_tileset, family_tally, parse_tileset

GAME = "yield"
DEFAULT_DAMAGE_LIMIT = RULES.damage_limit    # out at this much damage unless the variant changes it


def looks_like(data: Table) -> bool:
    """A TOML file is a Yield! tile set when its [[tile]] tables name a kind."""
    tables = data.get("tile")
    return isinstance(tables, list) and bool(tables) and all(
        isinstance(t, dict) and "kind" in t for t in tables)


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    try:
        tileset = parse_tileset(data)
    except InputError as exc:
        raise exc.located(source) from None
    findings = check_tileset(tileset)
    summary = _summary(tileset)
    if all(f.ok for f in findings if f.rule != "documented counts"):
        summary["full layout"] = _layout_note(tileset)
    return findings, summary


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """Rebuild the tile set from a PDF manifest and check it, plus the damage track.

    A one-page map (``generators.yield_.map.build_map``) holds no tiles to count: it only has to be there.
    """
    if options.get("map") is True:
        maps = [c for c in components if c.get("kind") == "map"]
        ok = len(maps) == 1
        return ([passed("map", "one map page") if ok else failed("map", "expected one map page")],
                {"map": f"{options.get('rows')} x {options.get('cols')}"})
    sets = options.get("sets", 1)
    if not isinstance(sets, int) or not 1 <= sets <= MAX_SETS:
        raise InputError(f"options.sets must be a whole number 1 to {MAX_SETS}, got {sets!r}")
    groups, tracks = [], []
    for i, c in enumerate(components):
        where = f"components[{i}] ({c.get('label')})"
        data = c.get("data") or {}
        if c.get("kind") == "tile":
            ends = data.get("ends")          # a home-made kind records its road ends
            groups.append(TileGroup(str(data.get("type")), int(c["count"]),
                                    tuple(map(str, ends)) if isinstance(ends, list) else None, where))
        elif c.get("kind") == "damage-track":
            tracks.append(data)
    tileset = TileSet(str(options.get("name", "printed set")), sets, tuple(groups))
    findings = check_tileset(tileset)
    limit = options.get("damage_limit", DEFAULT_DAMAGE_LIMIT)
    if not tracks:
        findings.append(failed("damage track", "the set needs a damage track sheet"))
    elif any(t.get("limit") != limit or not _enough_rows(t.get("players")) for t in tracks):
        findings.append(failed("damage track", f"the track must run 0 to {limit} for "
                                               f"{RULES.players_max} players"))
    else:
        findings.append(passed("damage track", f"0 to {limit} damage for {RULES.players_max} players"))
    return findings, _summary(tileset)


def _enough_rows(players: Any) -> bool:
    """A damage track needs a row for each player of the largest game."""
    return isinstance(players, int) and not isinstance(players, bool) and players >= RULES.players_max


def _summary(tileset: TileSet) -> Summary:
    summary: Summary = {"set": tileset.name, "tiles": tileset.size, "sets": tileset.sets}
    summary.update(family_tally(tileset))
    return summary


def _layout_note(tileset: TileSet) -> str:
    """Whether all the tiles fit the board(s) as one road network (a hint, not a rule)."""
    if tileset.size != set_size() * tileset.sets:
        return f"not tried ({tileset.size} tiles do not fill {tileset.sets} board(s))"
    try:
        find_layout(tileset.tiles(), rows=8, cols=8 * tileset.sets, shapes=tileset.shapes())
    except RuleError as exc:
        return f"none: {exc.message}"
    return f"yes: all {tileset.size} tiles fit the board as one road network"
