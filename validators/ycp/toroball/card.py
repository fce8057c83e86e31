"""What the rules require of the Toroball postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Postcard
from ..rulebook import Rulebook, numbered


def toroball_arena(card: Postcard) -> list[str]:
    from ..model import Grid
    arena = next((g for g in card.of_kind(Grid) if g.id == "arena"), None)
    if arena is None:
        return ["no arena"]
    need = {"goal": 2, "bottle": 4, "block": 1, "start": 2}
    problems = [f"{n} {style} squares needed, {len(arena.features_named(style))} drawn"
                for style, n in need.items() if len(arena.features_named(style)) != n]
    arrows = [f for f in arena.features if f.style.startswith("arrow-")]
    if len(arrows) != 6:
        problems.append(f"three arrows before each goal: 6 needed, {len(arrows)} drawn")
    walls = [f for f in arena.features if f.style.startswith("wall-")]
    if not walls:
        problems.append("no barriers to hide behind")
    centre = (arena.rows // 2, arena.cols // 2)
    if [f.cell for f in arena.features_named("block")] != [centre]:
        problems.append("the central hiding spot belongs in the middle square")
    for goal in arena.features_named("goal"):
        near = [f for f in arrows if abs(f.cell[0] - goal.cell[0]) <= 1
                and abs(f.cell[1] - goal.cell[1]) == 1]
        if len(near) != 3:
            problems.append(f"goal at {goal.cell} has {len(near)} arrows in front, needs 3")
    return problems


def toroball_compass(card: Postcard) -> list[str]:
    from ..model import Picture
    return [] if any(p.picture == "compass" for p in card.of_kind(Picture)) else ["no scatter compass"]


RULEBOOK = Rulebook(
    tracks=(numbered("agitation", "cow agitation (ENE)", 2, 6, 2),
            numbered("score-a", "team A goals", 0, 2, 0, goal=("2",)),
            numbered("score-b", "team B goals", 0, 2, 0, goal=("2",))),
    actions={},
    tables={"cow": 2, "agitation": 3},
    components={("cube", "A"): 3, ("cube", "B"): 3, ("die", ""): 2, ("paper ball", ""): 1},
    extra=(("arena: goals, arrows, bottles, hiding spot, start points", toroball_arena),
           ("scatter compass", toroball_compass)),
)
