"""What the rules require of the Protocol G117 postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Postcard
from ..rulebook import Rulebook


def g117_checks(card: Postcard) -> list[str]:
    from .board import g117_problems
    return g117_problems(card)


RULEBOOK = Rulebook(
    tracks=(),
    actions={},
    tables={},
    components={("cube", "A"): 12, ("cube", "B"): 12, ("cube", ""): 20, ("sheet", ""): 1},
    extra=(("battlefields, start points and 10 action pairs", g117_checks),),
)
