"""What the rules require of the The Last Glow postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Postcard
from ..rulebook import Rulebook, numbered


NIGHTMARE = (1, 1, 2, 1, 3, 2, 1, 1, 2, 3)


def last_glow_grid(card: Postcard) -> list[str]:
    """Line numbers down the side, a start square, and the Nightmare sequence in order."""
    from ..model import Grid
    grid = next((g for g in card.of_kind(Grid) if g.id == "locations"), None)
    if grid is None:
        return ["no location grid"]
    problems = []
    if grid.row_labels != tuple(str(n) for n in range(1, grid.rows + 1)):
        problems.append("each line needs its number, 1 at the top")
    if grid.cols != 6:
        problems.append("a d6 picks the column: 6 columns")
    if len(grid.features_named("start")) != 1:
        problems.append("one Lighthouse start square")
    track = card.tracks().get("nightmare")
    marks = [track.marks.get(c, "") for c in track.cells] if track else []
    if marks != [f"{n}d6" for n in NIGHTMARE]:
        problems.append(f"Nightmare sequence reads {marks}, rules say {'/'.join(map(str, NIGHTMARE))}")
    return problems


def last_glow_open_actions(card: Postcard) -> list[str]:
    """"Place all your available crew members on the actions of your choice", and
    Full Throttle speaks of "the second identical action": the rules set no limit
    per action, so no action space may show a fixed number of cube squares."""
    from ..model import Actions
    limited = [item.name for a in card.of_kind(Actions) for item in a.items if not item.open]
    return [f"{', '.join(limited)} show a limit of cubes the rules do not set"] if limited else []


RULEBOOK = Rulebook(
    tracks=(numbered("brightness", "Brightness", 0, 8, 3),
            numbered("structure", "Structure Points", 0, 6, 6, goal=("0",), marks={"3": "4 crew"}),
            numbered("victory", "Victory Points", 0, 6, 0, goal=("6",)),
            numbered("nightmare", "Nightmare turns", 1, 10, None)),
    actions={"Light Up": 1, "Maneuver": 1, "Hunt": 1, "Sleep": 2, "Repair": 1,
             "Full Throttle": 2, "Send": 1},
    tables={"storm": 4, "damage": 4},
    components={("cube", "A"): 9, ("cube", "B"): 8, ("cube", "C"): 6, ("die", ""): 1,
                ("postcard", ""): 1},
    extra=(("location grid and Nightmare sequence", last_glow_grid),
           ("crew actions without a per-action limit", last_glow_open_actions)),
)
