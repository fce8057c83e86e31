"""Protocol G117's postcard against its rules: the two battlefields' start
points and victory squares, the Matrix's adjacency as in the rules' diagram,
and the ten action pairs (including the two the rules work through)."""
from __future__ import annotations

from itertools import permutations

from .pictures import PairedActions, RingField, event_side_ok, paired_actions, ring_field
from ..model import Cell, Grid, Picture, Postcard

CUBES_PER_SIDE = 12                           # "12 cubes (A)" and "12 Cubes (B)"
START_UNITS = {"AI": 3, "HU": 3}              # AI: 2 Bots + 1 Drone; HU: 1 Decker + 2 Troops
WORKED_PAIRS = (("Hopes End", "Anon Hacker"), ("Human Betrayal", "Faulty CPUs"))  # (AI, HU)
PAIRS = 10


def _orthogonal(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def earth_problems(grid: Grid) -> list[str]:
    """One start per side; a 2-VP square next to the HU start; a free square for the 2nd Troop."""
    starts = {f.text: f.cell for f in grid.features_named("start")}
    if sorted(f.text for f in grid.features_named("start")) != ["AI", "HU"]:
        return ["Earth needs one AI and one HU start point"]
    vp = {f.cell: f.text for f in grid.features_named("vp")}
    hu = starts["HU"]
    around = [(hu[0] + dr, hu[1] + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
              if 0 <= hu[0] + dr < grid.rows and 0 <= hu[1] + dc < grid.cols]
    problems = []
    if not any(vp.get(cell) == "2" for cell in around):
        problems.append("the rules' setup has a PV2 square next to the HU start on Earth")
    if not any(cell not in vp and cell != starts["AI"] for cell in around):
        problems.append("the second Troop needs a square next to the HU start without VP")
    return problems


def diagram_example(field: RingField) -> tuple[str, ...] | None:
    """Spaces A-E as in the rules' diagram, if the Matrix has them.

    A is adjacent to B but not to C (though it touches C); D is adjacent to A
    and C but not B; E is adjacent to D.
    """
    adj = {s: field.neighbours(s) for s in field.spaces()}
    for a, b, c in permutations(field.spaces(), 3):
        if b in adj[a] and c not in adj[a] and field.touching(a, c):
            for d in adj[a] & adj[c] - {b}:
                if b not in adj[d]:
                    e = next(iter(adj[d] - {a, b, c}), None)
                    if e is not None:
                        return a, b, c, d, e
    return None


def matrix_problems(field: RingField) -> list[str]:
    problems = []
    starts = sorted(field.start.values())
    if starts != ["AI", "AI", "HU"]:
        problems.append(f"the Matrix needs two AI start points and one HU, has {starts}")
    inner = {s for s in field.spaces() if field.position(s)[0] == 1}
    if field.neighbours("c") != inner:
        problems.append("the centre is adjacent to exactly the spaces around it")
    if diagram_example(field) is None:
        problems.append("no spaces behave like A-E of the rules' adjacency diagram")
    seen, todo = {"c"}, ["c"]
    while todo:
        for n in field.neighbours(todo.pop()) - seen:
            seen.add(n)
            todo.append(n)
    if seen != set(field.spaces()):
        problems.append("some Matrix spaces cannot be reached")
    return problems


def actions_problems(board: PairedActions) -> list[str]:
    problems = []
    if len(board.pairs) != PAIRS:
        problems.append(f"{len(board.pairs)} action pairs, the game lasts {PAIRS} turns")
    for ai, hu in WORKED_PAIRS:
        if not any(p.ai.name == ai and p.hu.name == hu for p in board.pairs):
            problems.append(f"the rules pair AI's {ai} with HU's {hu}")
    names = [p.ai.name for p in board.pairs] + [p.hu.name for p in board.pairs]
    if len(set(names)) != len(names):
        problems.append("two actions share a name")
    for p in board.pairs:
        for side, action in (("AI", p.ai), ("HU", p.hu)):
            if not event_side_ok(side, action):
                problems.append(f"{action.name}: {side} gains only its own units, removes only the other's")
    for side, own in (("AI", ("+bot", "+drone")), ("HU", ("+decker", "+troop"))):
        gained = sum(icon in own for p in board.pairs
                     for icon in (p.ai if side == "AI" else p.hu).event)
        if START_UNITS[side] + gained > CUBES_PER_SIDE:
            problems.append(f"{side} could need {START_UNITS[side] + gained} unit cubes, has {CUBES_PER_SIDE}")
    return problems


def g117_problems(card: Postcard) -> list[str]:
    earth = next((g for g in card.of_kind(Grid) if g.id == "earth"), None)
    pictures = {p.picture: p for p in card.of_kind(Picture)}
    if earth is None or "ring-battlefield" not in pictures or "paired-actions" not in pictures:
        return ["needs the Earth grid, the Matrix ring and the action board"]
    return (earth_problems(earth) + matrix_problems(ring_field(pictures["ring-battlefield"]))
            + actions_problems(paired_actions(pictures["paired-actions"])))
