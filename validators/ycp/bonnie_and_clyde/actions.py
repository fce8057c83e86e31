"""Bonnie and Clyde's Places and Daily Actions as code.

Each action is a list of gauge changes applied in the order the rules list
them, through :func:`.rules.change`, so every end of a gauge
(Passion, Poem, prison, a lost cube) works as in the police table.  Get
Ammunition and Stick Up let the player pick what to pay with: each way is its
own :class:`Action`, under the one label the postcard prints.

>>> after = perform(Gauges(savings=2), ACTIONS["photo"])
>>> after.savings, after.love
(0, 2)
>>> allowed(Gauges(), ACTIONS["leave-town"])
False
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .rules import Gauges, change, love_to_death

PLACE, DAILY = "place", "daily"
CUBES = {PLACE: 2, DAILY: 2}
"""Two cubes for the Places (morning, afternoon) and two for the Daily Actions."""


@dataclass(frozen=True)
class Action:
    """One way to use an action space: its postcard label and its gauge changes, in order."""

    id: str
    label: str
    kind: str
    effects: tuple[tuple[str, int], ...]
    needs_love_to_death: bool = False


ACTIONS: dict[str, Action] = {a.id: a for a in (
    Action("home", "Home", PLACE, (("boredom", 1),)),
    Action("cement-city", "Cement City", PLACE, (("boredom", -1), ("love", 1))),
    Action("dallas", "Dallas", PLACE, (("savings", 1),)),
    Action("ride", "Go for a ride", PLACE, (("savings", -1), ("love", 1))),
    Action("good-work", "Apply for Good Work", DAILY, ()),
    Action("work", "Apply for Work", DAILY, (("boredom", 1), ("savings", 1))),
    Action("photo", "Make a Photo", DAILY, (("savings", -2), ("love", 2))),
    Action("ammunition-buy", "Get Ammunition", DAILY, (("savings", -1), ("ammunition", 1))),
    Action("ammunition-steal", "Get Ammunition", DAILY, (("threat", 1), ("ammunition", 1))),
    Action("stick-up-armed", "Stick Up", DAILY, (("ammunition", -1), ("savings", 2))),
    Action("stick-up-risky", "Stick Up", DAILY, (("threat", 1), ("savings", 2))),
    Action("leave-town", "Leave Town", DAILY, (), needs_love_to_death=True),
)}


def allowed(state: Gauges, action: Action) -> bool:
    """Leave Town needs every Love to Death status; every other action is always open."""
    return not action.needs_love_to_death or love_to_death(state)


@lru_cache(maxsize=1 << 16)
def perform(state: Gauges, action: Action) -> Gauges:
    """The gauges after ``action``: its changes one by one, with the gauges' ends
    (remembered: a whole game asks the same few questions many times)."""
    for gauge, delta in action.effects:
        state = change(state, gauge, delta)
    return state
