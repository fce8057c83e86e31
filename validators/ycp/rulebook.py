"""The shape of what the rules text (YCP 0.9) requires of a postcard: gauges
with their ends and start, action spaces, tables, the Components list, and a
few facts that need a small function (map roads, ring adjacency, action
pairs).  Each game states its own in ``<game>/card.py``; :mod:`.games` lists them.

Numbers that the rules leave open are the postcard's choice and live (with
the reason) as comments in ``templates/ycp/<game>.toml``; only numbers the
rules state are fixed here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Mapping

from .model import Postcard

Check = Callable[[Postcard], list[str]]


@dataclass(frozen=True)
class TrackRule:
    """A gauge: first and last space, how many spaces, the start, ends and marks."""

    id: str
    what: str
    first: str
    last: str
    length: int
    start: str = ""
    goal: tuple[str, ...] = ()
    marks: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Rulebook:
    tracks: tuple[TrackRule, ...]
    actions: Mapping[str, int]                      # action name -> cube spaces it needs
    tables: Mapping[str, int]                       # table id -> rows the rules give
    components: Mapping[tuple[str, str], int]       # (item, cube set) -> count
    extra: tuple[tuple[str, Check], ...] = ()


def numbered(id: str, what: str, lo: int, hi: int, start: int | None, prefix: str = "",
             goal: tuple[str, ...] = (), marks: Mapping[str, str] | None = None) -> TrackRule:
    """A gauge numbered ``lo``..``hi`` (with a ``$``-like prefix)."""
    return TrackRule(id, what, f"{prefix}{lo}", f"{prefix}{hi}", hi - lo + 1,
                     "" if start is None else f"{prefix}{start}", goal, dict(marks or {}))
