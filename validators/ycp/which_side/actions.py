"""Which Side's worker actions as code: the Tenement, the Anarchist Group and New York.

An action takes the city and the Anarchist Group's resources and gives both
back changed; the gauges go through :mod:`.rules` (Hurt and Jail
included).  Where the rules give the player a choice (Risk or Unsanitary,
free a comrade or calm the police) each choice is its own :class:`Action`
under the one label the postcard prints.  ``possible`` rules out a placement
that cannot do what it says (healing with nobody injured, printing without
$1, recruiting with no worker cube left).

>>> city, res = ACTIONS["docks"].perform(City(), {})
>>> city.savings, city.risk
(5, 1)
>>> ACTIONS["bonesetter"].possible(City(), {})
False
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from ...frozen import replace
from .rules import City, raise_gauge

Resources = dict[str, int]           # sabotage, strike, anarchist, union
WORKER_CUBES = 8                     # "8 cubes (A) representing workers"
Effect = Callable[[City, Resources], tuple[City, Resources]]


@dataclass(frozen=True)
class Action:
    """One way to use an action space, under the label the postcard prints."""

    id: str
    label: str
    perform: Effect
    possible: Callable[[City, Resources], bool] = lambda city, res: True


def _gain(res: Resources, name: str) -> Resources:
    return {**res, name: res.get(name, 0) + 1}


def _lower(gauge: str) -> Effect:
    return lambda city, res: (replace(city, **{gauge: max(0, getattr(city, gauge) - 1)}), res)


def _earn(dollars: int, gauge: str | None = None) -> Effect:
    def effect(city: City, res: Resources) -> tuple[City, Resources]:
        city = replace(city, savings=city.savings + dollars)
        return (raise_gauge(city, gauge) if gauge else city), res
    return effect


def _resource(name: str, gauge: str | None = None, dollars: int = 0) -> Effect:
    def effect(city: City, res: Resources) -> tuple[City, Resources]:
        city = replace(city, savings=city.savings - dollars)
        return (raise_gauge(city, gauge) if gauge else city), _gain(res, name)
    return effect


def _heal(city: City, res: Resources) -> tuple[City, Resources]:
    return replace(city, injured=city.injured - 1, workers=city.workers + 1), res


def _free(city: City, res: Resources) -> tuple[City, Resources]:
    return replace(city, prisoners=city.prisoners - 1, workers=city.workers + 1), res


def _recruit(city: City, res: Resources) -> tuple[City, Resources]:
    return replace(city, workers=city.workers + 1), res


def _cubes_left(city: City, res: Resources) -> bool:
    return city.workers + city.injured + city.prisoners < WORKER_CUBES


ACTIONS: dict[str, Action] = {a.id: a for a in (
    Action("tenement-risk", "Tenement", _lower("risk")),
    Action("tenement-unsanitary", "Tenement", _lower("unsanitary")),
    Action("bonesetter", "Bonesetter", _heal, lambda city, res: city.injured > 0),
    Action("local-union", "Local Union", _resource("union")),
    Action("printing-press", "Printing Press", _resource("anarchist", dollars=1),
           lambda city, res: city.savings >= 1),
    Action("lawyers-free", "Liberal Lawyers", _free, lambda city, res: city.prisoners > 0),
    Action("lawyers-police", "Liberal Lawyers", _lower("police")),
    Action("political-cafe", "Political Café", _resource("strike", "police")),
    Action("chemistry-risk", "Chemistry Workshop", _resource("sabotage", "risk")),
    Action("chemistry-unsanitary", "Chemistry Workshop", _resource("sabotage", "unsanitary")),
    Action("docks", "East River Docks", _earn(3, "risk")),
    Action("triangle", "Triangle Shirtwaist", _earn(2)),
    Action("newtown", "Newtown Creek Dye Industry", _earn(3, "unsanitary")),
    Action("greenwich", "Greenwich Village", _recruit, _cubes_left),
    Action("tenderloin", "Tenderloin", _earn(3, "police")),
)}
