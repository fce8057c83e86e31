"""The Last Glow's storm as code: how a Storm Heart moves, what it costs the Lighthouse.

Squares are ``(column, line)``: columns 1 to 6 from the left, lines 1 (the
sky, where Hearts appear) to 6 (just above Mylemord).  Each Heart rolls a d6
and adds its line number, then the storm table says where it goes.

>>> move_heart((1, 2), roll=1)          # down-left off the side: straight down
HeartMove(kind='down', to=(1, 3))
>>> move_heart((3, 5), roll=3)          # 3 + 5 = 8: it explodes
HeartMove(kind='explode', to=None)
>>> explosion_damage((3, 5), lighthouse=(4, 4)), explosion_damage((3, 5), lighthouse=(3, 3))
(2, 1)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from collections.abc import Collection
from typing import NamedTuple

from ...errors import InputError, RuleError
from ...schema import field
from ..tables import Table, build_rules, table_data
from ...frozen import Rebuilt, rebuilt

GAME = "the-last-glow"
Square = tuple[int, int]        # (column, line)
GRID_MOST = 20
"""The most columns, and lines, a grid of the tables may have."""


@dataclass(frozen=True)
class StormRow:
    """A row of the storm table: the totals it covers and what the Heart does."""

    low: int
    high: int | None            # None: "and more"
    dx: int = 0
    explode: bool = False

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


class HeartMove(NamedTuple):
    """Where a Heart went: ``down-left``/``down``/``down-right`` to a square, ``explode``,
    ``contact`` (it left the grid at the bottom) or ``stay`` (blocked twice)."""

    kind: str
    to: Square | None


@dataclass(frozen=True)
class HeartResult:
    """A Heart's move and its cost: Structure and Victory Points lost, item destroyed."""

    move: HeartMove
    structure_loss: int = 0
    victory_loss: int = 0
    item_destroyed: Square | None = None

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


@dataclass(frozen=True)
class Rules:
    columns: int
    lines: int
    storm: tuple[StormRow, ...]
    near: int
    far: int
    collision: int
    contact_vp: int
    storm_dice: int
    nightmare: tuple[int, ...]

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


@cache
def rules() -> Rules:
    """The tables' data, checked; errors name the tables file and field."""
    return build_rules(GAME, rules_from)


def rules_from(tables: dict[str, Table]) -> Rules:
    """Build the rules from the tables; a missing or mistyped key raises :class:`InputError`."""
    storm, damage, spawn = table_data(tables, "storm", "damage", "spawn")
    rows = []
    for i, row in enumerate(field(storm, "outcome", list, where="storm.data")):
        at = f"storm.data.outcome[{i}]"
        rows.append(StormRow(field(row, "low", int, where=at, lo=-20, hi=40),
                             field(row, "high", int, where=at, lo=-20, hi=40, default=None),
                             field(row, "dx", int, where=at, lo=-1, hi=1, default=0),
                             field(row, "explode", bool, where=at, default=False)))
    if not rows or any(a.high is None or a.high + 1 != b.low for a, b in zip(rows, rows[1:])) \
            or rows[-1].high is not None:
        raise InputError("rows must follow each other without gaps, the last one open-ended",
                         field="storm.data.outcome")
    nightmare = field(spawn, "nightmare", list, where="spawn.data")
    if not nightmare or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 6
                            for n in nightmare):
        raise InputError("must list 1 to 6 dice per turn", field="spawn.data.nightmare")
    columns = field(storm, "grid_columns", int, where="storm.data", lo=1, hi=GRID_MOST)
    lines = field(storm, "grid_lines", int, where="storm.data", lo=1, hi=GRID_MOST)
    near, far, collision, contact_vp = (field(damage, k, int, where="damage.data", lo=0, hi=10)
                                        for k in ("near", "far", "collision", "contact_vp"))
    return Rules(columns, lines, tuple(rows), near, far, collision, contact_vp,
                 field(spawn, "storm", int, where="spawn.data", lo=1, hi=6), tuple(nightmare))


def _square(name: str, square: Square) -> Square:
    r = rules()
    if (not isinstance(square, tuple) or len(square) != 2
            or not (1 <= square[0] <= r.columns and 1 <= square[1] <= r.lines)):
        raise RuleError(f"{square!r} is not a square of the {r.columns}x{r.lines} grid", field=name)
    return square


def _die(name: str, roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise RuleError(f"a d6 shows 1 to 6, got {roll!r}", field=name)
    return roll


# ---------------------------------------------------------------- the storm table

def storm_row(total: int) -> StormRow:
    """The row of the storm table a total (d6 + line) falls in; below the first row reads as it."""
    rows = rules().storm
    return next((row for row in rows if row.high is None or total <= row.high), rows[-1])


def move_heart(heart: Square, roll: int, hearts: Collection[Square] = (),
               reroll: int | None = None) -> HeartMove:
    """Where a Heart goes on ``roll`` (plus its line); ``hearts`` are the other Hearts.

    A diagonal that would leave the grid by a side goes straight down; leaving
    the bottom is a contact.  A square already holding a Heart sends the
    Heart to ``reroll``; blocked again, it stays where it is.
    """
    if reroll is not None:
        _die("reroll", reroll)
    return blocked_course(_square("heart", heart), _die("roll", roll), hearts, reroll)


def blocked_course(heart: Square, roll: int, hearts: Collection[Square], reroll: int | None = None) -> HeartMove:
    """:func:`move_heart` for a square and dice already known to be valid (the engine's)."""
    move = heart_course(heart, roll)
    if move.to is not None and move.to in hearts:
        if reroll is None:
            return HeartMove("stay", heart)
        again = blocked_course(heart, reroll, hearts)
        return HeartMove("stay", heart) if again.kind == "stay" else again
    return move


@cache
def heart_course(heart: Square, roll: int) -> HeartMove:
    """Where a Heart goes on ``roll`` with no other Heart in its way (remembered: a grid
    has a few dozen squares and a die six faces).

    >>> heart_course((6, 2), 5)             # 5 + 2 = 7: down-right, off the side: down
    HeartMove(kind='down', to=(6, 3))
    """
    column, line = heart
    row = storm_row(roll + line)
    if row.explode:
        return HeartMove("explode", None)
    r = rules()
    target_column = column + row.dx if 1 <= column + row.dx <= r.columns else column
    kind = {-1: "down-left", 0: "down", 1: "down-right"}[target_column - column]
    if line + 1 > r.lines:
        return HeartMove("contact", None)
    return HeartMove(kind, (target_column, line + 1))


# ---------------------------------------------------------------- damage

def explosion_damage(explosion: Square, lighthouse: Square) -> int:
    """Structure Points an explosion costs: next to the Lighthouse (diagonals too,
    or on its square) ``near``; two squares away in a straight line ``far``; else 0."""
    dx, dy = abs(explosion[0] - lighthouse[0]), abs(explosion[1] - lighthouse[1])
    r = rules()
    if max(dx, dy) <= 1:
        return r.near
    if min(dx, dy) == 0 and max(dx, dy) == 2:
        return r.far
    return 0


def resolve_heart(heart: Square, roll: int, lighthouse: Square, hearts: Collection[Square] = (),
                  items: Collection[Square] = (), reroll: int | None = None) -> HeartResult:
    """A Heart's whole turn: its move, then explosion, collision, contact or item loss."""
    move = move_heart(heart, roll, hearts, reroll)
    return heart_result(heart, move, _square("lighthouse", lighthouse), move.kind != "stay" and move.to in items)


def d6(rng: random.Random) -> int:
    """``rng.randint(1, 6)``, drawn as it draws (three random bits until they are below 6),
    without its checks: the storm rolls a few dozen dice a turn."""
    face = rng.getrandbits(3)
    while face >= 6:
        face = rng.getrandbits(3)
    return face + 1


@lru_cache(maxsize=1 << 14)
def heart_result(heart: Square, move: HeartMove, lighthouse: Square, on_item: bool) -> HeartResult:
    """What ``move`` costs (``on_item``: it ends on an item's square); remembered, as a
    grid holds a few dozen squares."""
    r = rules()
    if move.kind == "explode":
        return HeartResult(move, structure_loss=explosion_damage(heart, lighthouse))
    if move.kind == "contact":
        return HeartResult(move, victory_loss=r.contact_vp)
    if move.to == lighthouse:
        return HeartResult(move, structure_loss=r.collision)
    return HeartResult(move, item_destroyed=move.to if on_item else None)


def contact_loses_game(victory_points: int) -> bool:
    """A Heart reaching Mylemord while you have 0 Victory Points ends the game."""
    return victory_points <= 0


def explosion_odds(line: int) -> Fraction:
    """Exact chance that a Heart on ``line`` explodes this turn.

    >>> [str(explosion_odds(line)) for line in range(1, 7)]
    ['0', '1/6', '1/3', '1/2', '2/3', '5/6']
    """
    _square("line", (1, line))
    return Fraction(sum(1 for d in range(1, 7) if storm_row(d + line).explode), 6)


# ---------------------------------------------------------------- the Lighthouse

CREW = 5                 # "5 cubes (A) for the crew"
PATCHING_AT = 3          # at 3 Structure Points or less, one crew member patches the hull
SINK_LINES = 1           # the Storm Phase moves the Lighthouse down one line ...
DIMMING = 1              # ... and lowers its Brightness by 1 (at 0: 1 Structure instead)


class Lighthouse(NamedTuple):
    """The Lighthouse's square, Brightness and Structure Points; ``crashed`` once it
    leaves the grid at the bottom.  A named tuple: the engine rates thousands of
    Lighthouses a game, and a tuple is built and hashed in C."""

    square: Square
    brightness: int
    structure: int
    crashed: bool = False

    @property
    def destroyed(self) -> bool:
        return self.crashed or self.structure <= 0


def crew_actions(structure: int) -> int:
    """Actions a turn: the whole crew, one fewer while the hull needs patching.

    >>> crew_actions(4), crew_actions(3)
    (5, 4)
    """
    return CREW - 1 if structure <= PATCHING_AT else CREW


def dimmed(brightness: int, structure: int) -> tuple[int, int]:
    """Brightness and Structure once the Storm Phase dims the Lighthouse: Brightness down,
    or Structure down when Brightness is already 0.

    >>> dimmed(3, 6), dimmed(0, 6)
    ((2, 6), (0, 5))
    """
    if brightness > 0:
        return max(0, brightness - DIMMING), structure
    return brightness, structure - DIMMING


def lighthouse_management(lighthouse: Lighthouse) -> Lighthouse:
    """First step of the Storm Phase: sink one line, then lose Brightness (or Structure at 0)."""
    column, line = _square("lighthouse", lighthouse.square)
    brightness, structure = dimmed(lighthouse.brightness, lighthouse.structure)
    if line + SINK_LINES > rules().lines:
        return Lighthouse(lighthouse.square, brightness, structure, True)
    return Lighthouse((column, line + SINK_LINES), brightness, structure, lighthouse.crashed)


# ---------------------------------------------------------------- hunting and spawning

def hunt_succeeds(roll: int, lighthouse: Square, heart: Square) -> bool:
    """HUNT: the d6 minus the orthogonal distance to the Heart must reach 3."""
    distance = abs(lighthouse[0] - heart[0]) + abs(lighthouse[1] - heart[1])
    return _die("roll", roll) - distance >= 3


@cache
def hunt_faces(lighthouse: Square, heart: Square) -> tuple[int, ...]:
    """The d6 faces on which a Hunt from ``lighthouse`` catches the Heart on ``heart``
    (remembered: a whole game asks about the same few pairs of squares).

    >>> hunt_faces((3, 3), (3, 2)), hunt_faces((3, 3), (5, 5))
    ((4, 5, 6), ())
    """
    return tuple(face for face in range(1, 7) if hunt_succeeds(face, lighthouse, heart))


def spawn_dice(mode: str, turn: int) -> int:
    """How many d6 place new Hearts on ``turn`` (1, 2, ...): Storm mode always the same
    number, Nightmare mode the sequence, started again after its end (our choice)."""
    r = rules()
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise RuleError(f"turns count from 1, got {turn!r}", field="turn")
    if mode == "storm":
        return r.storm_dice
    if mode == "nightmare":
        return r.nightmare[(turn - 1) % len(r.nightmare)]
    raise RuleError(f"unknown mode {mode!r} (modes: storm, nightmare)", field="mode")


# ---------------------------------------------------------------- the printed tables

def _range(low: int, high: int | None) -> str:
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def printed_rows(table_id: str) -> tuple[tuple[str, ...], ...]:
    """The cells each table must print, rebuilt from the rules' data."""
    r = rules()
    if table_id == "storm":
        words = {-1: "Down-left (off the side: down)", 0: "Down", 1: "Down-right (off the side: down)"}
        return tuple((_range(row.low, row.high), "Explodes" if row.explode else words[row.dx])
                     for row in r.storm)
    if table_id == "damage":
        return (("Explosion next to it (diagonal too)", f"-{r.near} SP"),
                ("Explosion 2 squares away in a line", f"-{r.far} SP"),
                ("Heart on the Lighthouse's square", f"-{r.collision} SP"),
                ("Heart leaves the grid at the bottom", f"-{r.contact_vp} VP"))
    if table_id == "spawn":
        return (("Storm", f"{r.storm_dice} every turn"),
                ("Nightmare", "/".join(map(str, r.nightmare))))
    raise RuleError(f"no table {table_id!r}", field="table")
