"""Protocol G117's two special pictures, read and checked as data.

* ``ring-battlefield`` (the Matrix): a centre disk and rings of spaces; which
  spaces are adjacent is listed, not implied by touching, as in the rules'
  diagram (A touches C but is not adjacent to it).
* ``paired-actions``: the ten action pairs, each an AI action and the HU
  action in the same place on the other side, with their operation-point (PO)
  and event parts.

>>> field = RingField((1, 4), {}, {}, (("c", "i1"),))
>>> field.position("i3"), field.touching("c", "i2"), field.touching("i1", "i3")
((1, 2), True, False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import InputError
from ...schema import Table
from ...schema import field as get
from ..model import Picture

Space = str
EVENT_ICONS = {"+bot": "+Bot", "+drone": "+Drone", "+decker": "+Decker", "+troop": "+Troop",
               "-bot": "-Bot", "-drone": "-Drone", "-decker": "-Decker", "-troop": "-Troop",
               "sabotage": "Sabotage"}
RING_LETTERS = "iox"          # inner ring, outer ring, extra ring: spaces i1.., o1.., x1..
AI_UNITS, HU_UNITS = {"bot", "drone"}, {"decker", "troop"}


@dataclass(frozen=True)
class RingField:
    """Rings of spaces: ``rings[0]`` must be 1 (the centre), then spaces per ring outward."""

    rings: tuple[int, ...]
    vp: dict[Space, str]
    start: dict[Space, str]
    adjacent: tuple[tuple[Space, Space], ...]
    twist: tuple[float, ...] = ()     # per ring: turn by this fraction of one of its spaces

    def turn(self, ring: int) -> float:
        return self.twist[ring] if ring < len(self.twist) else 0.0

    def span(self, ring: int, index: int) -> tuple[float, float]:
        """The part of the circle (in turns, clockwise from the top) a ring space covers."""
        count = self.rings[ring]
        start = (index + self.turn(ring)) / count
        return start, start + 1 / count

    def spaces(self) -> list[Space]:
        names = ["c"]
        for ring, count in enumerate(self.rings[1:], start=1):
            names += [f"{RING_LETTERS[ring - 1]}{k + 1}" for k in range(count)]
        return names

    def position(self, space: Space) -> tuple[int, int]:
        """(ring, index) of a space; the centre is ring 0."""
        if space == "c":
            return 0, 0
        index = self.spaces().index(space)
        for ring, count in enumerate(self.rings[1:], start=1):
            if index <= count:
                return ring, index - 1
            index -= count
        raise ValueError(space)

    def touching(self, a: Space, b: Space) -> bool:
        """Whether two spaces share a border (adjacency needs a link as well)."""
        (ra, ia), (rb, ib) = sorted([self.position(a), self.position(b)])
        if ra == rb:
            count = self.rings[ra]
            return ra > 0 and count > 1 and (ia - ib) % count in (1, count - 1)
        if rb != ra + 1:
            return False
        if ra == 0:
            return True
        lo, hi = self.span(ra, ia)
        olo, ohi = self.span(rb, ib)
        return any(lo < ohi + k - 1e-9 and olo + k < hi - 1e-9 for k in (-1, 0, 1))

    def neighbours(self, space: Space) -> set[Space]:
        return {b for a, b in self.adjacent if a == space} | {a for a, b in self.adjacent if b == space}


def ring_field(pic: Picture) -> RingField:
    where = f"front.{pic.id}"
    p = dict(pic.params)
    rings = get(p, "rings", list, where=where)
    if (not rings or rings[0] != 1 or len(rings) > 4
            or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 16 for r in rings)):
        raise InputError("must start with 1 (the centre) then 1 to 16 spaces per ring, at most 3 rings",
                         field=f"{where}.rings")
    twist = get(p, "twist", list, where=where, default=[])
    if not all(isinstance(t, (int, float)) and not isinstance(t, bool) and 0 <= t < 1 for t in twist):
        raise InputError("fractions from 0 to 1, one per ring", field=f"{where}.twist")
    field = RingField(tuple(rings), {}, {}, (), tuple(float(t) for t in twist))
    known = set(field.spaces())
    vp = _space_map(p, "vp", known, where)
    start = _space_map(p, "start", known, where)
    if any(v not in ("AI", "HU") for v in start.values()):
        raise InputError("start points belong to AI or HU", field=f"{where}.start")
    adjacent = []
    for i, pair in enumerate(get(p, "adjacent", list, where=where)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)
                and set(pair) <= known and pair[0] != pair[1]):
            raise InputError(f"must join two spaces of {sorted(known)}", field=f"{where}.adjacent[{i}]")
        if not field.touching(*pair):
            raise InputError(f"{pair[0]} and {pair[1]} share no border", field=f"{where}.adjacent[{i}]")
        adjacent.append((pair[0], pair[1]))
    return RingField(field.rings, vp, start, tuple(adjacent), field.twist)


def _space_map(p: Table, key: str, known: set[str], where: str) -> dict[str, str]:
    table = get(p, key, dict, where=where, default={})
    for k, v in table.items():
        if k not in known or not isinstance(v, str):
            raise InputError(f"{k!r} must be a space ({', '.join(sorted(known))}) with a string",
                             field=f"{where}.{key}")
    return dict(table)


@dataclass(frozen=True)
class SideAction:
    name: str
    po: int                      # operation points, 1 to 3
    event: tuple[str, ...]       # 1 or 2 icons of EVENT_ICONS


@dataclass(frozen=True)
class Pair:
    row: str                     # "outer" or "inner"
    ai: SideAction
    hu: SideAction


@dataclass(frozen=True)
class PairedActions:
    pairs: tuple[Pair, ...]

    def partner(self, name: str) -> str | None:
        """The action the second player must take after ``name``."""
        for p in self.pairs:
            if p.ai.name == name:
                return p.hu.name
            if p.hu.name == name:
                return p.ai.name
        return None


def _side(raw: Any, where: str) -> SideAction:
    name = get(raw, "name", str, where=where)
    po = get(raw, "po", int, where=where, lo=1, hi=3)
    event = get(raw, "event", list, where=where)
    if not 1 <= len(event) <= 2 or any(not isinstance(e, str) or e not in EVENT_ICONS for e in event):
        raise InputError(f"one or two of {', '.join(EVENT_ICONS)}", field=f"{where}.event")
    return SideAction(name, po, tuple(event))


def paired_actions(pic: Picture) -> PairedActions:
    where = f"front.{pic.id}"
    pairs = []
    for i, raw in enumerate(get(dict(pic.params), "pair", list, where=where)):
        pw = f"{where}.pair[{i}]"
        row = get(raw, "row", str, where=pw, choices=("outer", "inner"))
        pairs.append(Pair(row, _side(get(raw, "ai", dict, where=pw), f"{pw}.ai"),
                          _side(get(raw, "hu", dict, where=pw), f"{pw}.hu")))
    rows = [p.row for p in pairs]
    if rows.count("outer") != rows.count("inner") or not pairs:
        raise InputError("as many outer pairs as inner pairs", field=f"{where}.pair")
    return PairedActions(tuple(pairs))


def event_side_ok(side: str, action: SideAction) -> bool:
    """Own-colour icons gain units (+), the other colour's are removed (-) or sabotaged."""
    own = AI_UNITS if side == "AI" else HU_UNITS
    for icon in action.event:
        if icon == "sabotage":
            continue
        sign, unit = icon[0], icon[1:]
        if (sign == "+") != (unit in own):
            return False
    return True
