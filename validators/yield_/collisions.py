"""Collisions: who takes how much damage when a vehicle drives into an occupied square.

The cases are tried in the rules' order: a stopped vehicle, then from behind,
then by the kind of square (a Merge entered by its curve, else the general
rule for Straightaway, Turn, Intersection, a Merge entered by its straight road,
and an Overpass on the same level).  On an Overpass, vehicles on different
levels never meet (driving rule 10).

>>> hit(mover_speed=4, mover_entry="S", target_speed=1, target_entry=None, curve_entry=False)
Collision(case='stopped', mover_damage=4, target_damage=0)
>>> hit(4, "S", 2, "S", False)
Collision(case='from-behind', mover_damage=2, target_damage=0)
>>> hit(4, "S", 2, "N", False)
Collision(case='crossing', mover_damage=0, target_damage=2)
"""
from __future__ import annotations

from dataclasses import dataclass

from .roads import Level
from .model import Side

Case = str    # "stopped", "from-behind", "merge-curve", "crossing"


@dataclass(frozen=True)
class Collision:
    """The damage one collision deals to the vehicle moving in and to the one it hits."""

    case: Case
    mover_damage: int
    target_damage: int


def meet(tile_kind: str, mover_level: Level | None, target_level: Level | None) -> bool:
    """Do two vehicles in one square collide?  Not on different Overpass levels.

    >>> meet("overpass", "upper", "lower"), meet("overpass", "lower", "lower"), meet("turn", None, None)
    (False, True, True)
    """
    return tile_kind != "overpass" or mover_level == target_level


def from_behind(mover_speed: int, target_speed: int) -> Collision:
    """Same direction: the mover takes the difference in speeds, at least one point."""
    return Collision("from-behind", max(1, abs(mover_speed - target_speed)), 0)


def slower_pays(case: Case, mover_speed: int, target_speed: int) -> Collision:
    """The slower vehicle takes the difference; equal speeds: each takes its speed.

    >>> slower_pays("crossing", 3, 3)
    Collision(case='crossing', mover_damage=3, target_damage=3)
    >>> slower_pays("crossing", 2, 5)
    Collision(case='crossing', mover_damage=3, target_damage=0)
    """
    if mover_speed == target_speed:
        return Collision(case, mover_speed, target_speed)
    gap = abs(mover_speed - target_speed)
    return Collision(case, gap, 0) if mover_speed < target_speed else Collision(case, 0, gap)


def hit(mover_speed: int, mover_entry: Side, target_speed: int, target_entry: Side | None,
        curve_entry: bool) -> Collision:
    """Resolve one collision.

    ``target_entry`` None means the target is stopped; ``curve_entry`` is true
    when the mover came into a Merge square along its curved road.
    """
    if target_entry is None:
        return Collision("stopped", mover_speed, 0)
    if mover_entry == target_entry:
        return from_behind(mover_speed, target_speed)
    if curve_entry:
        return Collision("merge-curve", mover_speed, 0)
    return slower_pays("crossing", mover_speed, target_speed)
