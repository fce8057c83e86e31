"""Custom Yield! tile sets: reading the TOML format and checking it against the rules.

A set lists tiles by kind and count; a home-made kind names its road ends at
rotation 0.  The checks compare the set with the complete set the rules list
(per family, so the 24 Merges may split either way), and catch tiles whose
roads make no sense.  Examples: templates/yield_/example-custom-tiles.toml (passes
check) and example-house-variant-fails-check.toml (a house variant that fails on purpose).

>>> ts = parse_tileset({"tile": [{"kind": "turn", "count": 2}, {"kind": "hairpin", "count": 1,
...                               "ends": ["N", "E"]}]})
>>> ts.tiles(), sorted(ts.shapes()["hairpin"])
(['turn', 'turn', 'hairpin'], ['E', 'N'])
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, RuleError
from ..report import Finding, failed, passed
from ..schema import field, load_toml, read_file, reject_unknown
from .model import KINDS, SIDES, Kind, Side, family_counts, family_of, road_ends, set_size

MAX_SETS = 16                     # Appendix A: more boards and sets; 16 is a table full
MAX_TILES = set_size() * MAX_SETS  # more tiles than that is a typo, not a game
TOP_KEYS = {"game", "name", "sets", "tile"}
TILE_KEYS = {"kind", "count", "ends", "name", "family"}


@dataclass(frozen=True)
class TileGroup:
    """One ``[[tile]]`` table: ``count`` tiles of ``kind`` (``ends`` for a home-made kind)."""

    kind: Kind
    count: int
    ends: tuple[str, ...] | None    # as written, so duplicates and typos can be reported
    where: str


@dataclass(frozen=True)
class TileSet:
    """A whole set: its name, how many reference sets it stands for, its groups."""

    name: str
    sets: int
    groups: tuple[TileGroup, ...]

    @property
    def size(self) -> int:
        return sum(max(0, g.count) for g in self.groups)

    def tiles(self) -> list[Kind]:
        """One entry a tile, in file order."""
        return [g.kind for g in self.groups for _ in range(max(0, g.count))]

    def shapes(self) -> dict[Kind, frozenset[Side]]:
        """Road ends of the home-made kinds, for the layout solver."""
        return {g.kind: frozenset(g.ends) for g in self.groups
                if g.ends is not None and g.kind not in KINDS}


def parse_tileset(data: Any) -> TileSet:
    """Read the TOML tables into a :class:`TileSet`; wrong types are an :class:`InputError`."""
    if not isinstance(data, dict):
        raise InputError("a tile set must be a TOML table")
    reject_unknown(data, TOP_KEYS)
    name = field(data, "name", str, default="custom tile set")
    sets = field(data, "sets", int, default=1, lo=1, hi=MAX_SETS)
    tables = field(data, "tile", list)
    if len(tables) > MAX_TILES:
        raise InputError(f"{len(tables)} [[tile]] tables is absurd (at most {MAX_TILES})", field="tile")
    groups = []
    for index, table in enumerate(tables):
        where = f"tile[{index}]"
        if not isinstance(table, dict):
            raise InputError("must be a table like { kind = \"turn\", count = 12 }", field=where)
        reject_unknown(table, TILE_KEYS, where=where)
        kind = field(table, "kind", str, where=where)
        count = field(table, "count", int, where=where)
        ends = field(table, "ends", list, where=where, default=None)
        if ends is not None:
            for i, side in enumerate(ends):
                if not isinstance(side, str):
                    raise InputError(f"must be a side letter N, E, S or W, got {side!r}",
                                     field=f"{where}.ends[{i}]")
            ends = tuple(side.upper() for side in ends)
        groups.append(TileGroup(kind.strip().lower(), count, ends, where))
    return TileSet(name, sets, tuple(groups))


def load_tileset(source: str | Path) -> TileSet:
    """Parse a tile set file, naming the file in any error."""
    return read_file(source, load_toml, parse_tileset)


def check_tileset(tileset: TileSet) -> list[Finding]:
    """Every rule the set keeps or breaks, one finding each."""
    findings = []
    for group in tileset.groups:
        findings += _group_problems(group)
    if tileset.size > MAX_TILES:
        findings.append(failed("set size", f"{tileset.size} tiles is absurd (at most {MAX_TILES})"))
    elif tileset.size == 0:
        findings.append(failed("set size", "the set holds no tiles"))
    if not any(not f.ok for f in findings):
        findings.append(passed("tile shapes", "every tile has a known kind or at least two "
                               "distinct road ends"))
    findings += _count_findings(tileset)
    return findings


def printable(tileset: TileSet, source: str) -> list[Finding]:
    """The count differences a printed house set keeps (returned, to be noted); a tile
    that makes no sense refuses the whole set (exit 1)."""
    problems = [f for f in check_tileset(tileset) if not f.ok]
    broken = [f for f in problems if f.rule != "documented counts"]
    if broken:
        details = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in broken)
        raise RuleError(f"the tile set cannot be printed: {details}", source=source)
    return problems


def _group_problems(group: TileGroup) -> list[Finding]:
    out = []
    if group.count < 0:
        out.append(failed("tile count", f"{group.kind}: count {group.count} is below zero", group.where))
    elif group.count > MAX_TILES:
        out.append(failed("tile count", f"{group.kind}: count {group.count} is absurd "
                          f"(at most {MAX_TILES})", group.where))
    if group.ends is None:
        if group.kind not in KINDS:
            out.append(failed("tile kind", f"unknown kind {group.kind!r} (known: {', '.join(KINDS)}); "
                              "a home-made tile needs ends = [\"N\", \"E\", ...]", group.where))
        return out
    unknown = [s for s in group.ends if s not in SIDES]
    repeated = sorted(s for s, n in Counter(group.ends).items() if n > 1)
    if unknown:
        out.append(failed("road ends", f"{group.kind}: unknown side {unknown[0]!r} "
                          "(sides are N, E, S, W)", group.where))
    if repeated:
        out.append(failed("road ends", f"{group.kind}: side {repeated[0]} is listed twice", group.where))
    distinct = {s for s in group.ends if s in SIDES}
    if len(distinct) < 2:
        out.append(failed("road ends", f"{group.kind}: a road needs at least 2 ends on the tile's "
                          f"edges, got {len(distinct)}", group.where))
    if group.kind in KINDS and not unknown and distinct != road_ends(group.kind, 0):
        standard = ", ".join(s for s in SIDES if s in road_ends(group.kind, 0))
        out.append(failed("road ends", f"{group.kind} has road ends {standard} at rotation 0; "
                          "give a home-made tile its own kind name", group.where))
    return out


def family_tally(tileset: TileSet) -> dict[str, int]:
    """Tiles per rules family; home-made kinds each count under their own name."""
    tally: dict[str, int] = {}
    for group in tileset.groups:
        name = family_of(group.kind) if group.kind in KINDS else f"home-made {group.kind}"
        tally[name] = tally.get(name, 0) + max(0, group.count)
    return tally


def _count_findings(tileset: TileSet) -> list[Finding]:
    """Compare with the complete set ("You Need, continued"), times ``sets``."""
    want = {family: n * tileset.sets for family, n in family_counts().items()}
    have = family_tally(tileset)
    findings = []
    for family in list(want) + [f for f in have if f not in want]:
        wanted, got = want.get(family, 0), have.get(family, 0)
        if wanted != got:
            diff = got - wanted
            findings.append(failed("documented counts", f"{family}: {got} tiles, the complete set "
                                   f"has {wanted} ({'+' if diff > 0 else ''}{diff})"))
    total = set_size() * tileset.sets
    if not findings:
        listed = ", ".join(f"{n} {family}" for family, n in want.items())
        findings.append(passed("documented counts", f"{total} tiles as the rules list them: {listed}"))
    return findings
