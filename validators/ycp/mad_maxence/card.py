"""What the rules require of the Mad Maxence postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Map, Postcard
from ..rulebook import Rulebook, numbered


def _map(card: Postcard) -> Map | None:
    maps: list[Map] = card.of_kind(Map)
    return maps[0] if maps else None


def maxence_location_a(card: Postcard) -> list[str]:
    """"To visit location A, Maxence must first be at location 0/2/5/8 or 4"."""
    m = _map(card)
    if m is None:
        return ["no adventure map"]
    problems = []
    if m.neighbours("A") != {"0", "2", "5", "8", "4"}:
        problems.append(f"A is reached from {sorted(m.neighbours('A'))}, rules say 0, 2, 5, 8, 4")
    hidden = {n.id for n in m.nodes if n.hidden}
    lettered = {n.id for n in m.nodes if n.id.isalpha()}
    if hidden != lettered:
        problems.append("lettered locations are the hidden ones, numbered ones are not")
    return problems


def maxence_round_trip(card: Postcard) -> list[str]:
    """The rules' example: from 2 to 5, then back to 2 only through 8, 4, 1 and 0."""
    m = _map(card)
    if m is None:
        return ["no adventure map"]
    loop = [("2", "5"), ("5", "8"), ("8", "4"), ("4", "1"), ("1", "0"), ("0", "2")]
    missing = [f"{a}-{b}" for a, b in loop if b not in m.neighbours(a)]
    return [f"missing roads {', '.join(missing)}"] if missing else []


def maxence_tu_20(card: Postcard) -> list[str]:
    """"When you are at TU 20 and you need to spend a TU, you are caught": 20 is a
    space Maxence stands on, not a losing space, so it is not drawn as an end."""
    track = card.tracks().get("tu")
    if track is None:
        return ["no TU track"]
    return ["TU 20 is drawn as a losing space; Maxence is caught only when she must spend "
            "a TU while on it"] if "20" in track.goal else []


def maxence_start(card: Postcard) -> list[str]:
    """First adventure: Maxence starts on the "0" square of the map."""
    m = _map(card)
    starts = [n.id for n in m.nodes if n.start] if m else []
    return [] if starts == ["0"] else [f"start is {starts}, the first adventure starts on 0"]


RULEBOOK = Rulebook(
    tracks=(
        numbered("tu", "Time Unit (TU)", 0, 20, 0, marks={"20": "Erasers"}),
        numbered("tech", "TECH", 0, 5, 1),
        numbered("spare-parts", "Spare Parts", 0, 5, 1),
        numbered("fuel", "Fuel", 0, 5, 1),
        numbered("combativeness", "Combativeness", 0, 5, 1),
        numbered("driving", "Driving", 0, 5, 1),
        numbered("orientation", "Orientation", 0, 5, 1),
    ),
    actions={},
    tables={"test": 2, "combat": 4, "elude": 2, "repair": 1},
    components={("cube", "A"): 8, ("coin", ""): 3, ("notebook", ""): 1, ("booklet", ""): 1},
    extra=(("location A", maxence_location_a), ("round trip 2-5-8-4-1-0-2", maxence_round_trip),
           ("start on 0", maxence_start), ("TU 20 is not the losing space", maxence_tu_20)),
)
