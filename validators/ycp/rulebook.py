"""What the rules text requires of each postcard, written once from
/work/shared/seeds/ycp-rules.txt (YCP 0.9): gauges with their ends and start,
action spaces, tables, the Components list, and a few facts that need a small
function (map roads, ring adjacency, action pairs).

Numbers that the rules leave open are the postcard's choice and live (with
the reason) as comments in ``templates/ycp/<game>.toml``; only numbers the
rules state are fixed here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from .postcard import Postcard

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
             **kw) -> TrackRule:
    """A gauge numbered ``lo``..``hi`` (with a ``$``-like prefix)."""
    return TrackRule(id, what, f"{prefix}{lo}", f"{prefix}{hi}", hi - lo + 1,
                     "" if start is None else f"{prefix}{start}", **kw)


# -- Mad Maxence ------------------------------------------------------------------

def _map(card: Postcard):
    from .postcard import Map
    maps = card.of_kind(Map)
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


def maxence_start(card: Postcard) -> list[str]:
    """First adventure: Maxence starts on the "0" square of the map."""
    m = _map(card)
    starts = [n.id for n in m.nodes if n.start] if m else []
    return [] if starts == ["0"] else [f"start is {starts}, the first adventure starts on 0"]


MAD_MAXENCE = Rulebook(
    tracks=(
        numbered("tu", "Time Unit (TU)", 0, 20, 0, goal=("20",), marks={"20": "Erasers"}),
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
           ("start on 0", maxence_start)),
)


# -- Lucha Libre ------------------------------------------------------------------

WRESTLERS = ("el-santo", "el-cavernario", "blue-demon", "el-bulldog")


def lucha_faces_players(card: Postcard) -> list[str]:
    """The card lies between two players: each team's gauges face its own player."""
    tracks = card.tracks()
    problems = []
    for team, wrestlers, fans in ((0, WRESTLERS[:2], "fans-1"), (180, WRESTLERS[2:], "fans-2")):
        for tid in (*(f"energy-{w}" for w in wrestlers), fans):
            if tid in tracks and tracks[tid].rotate != team:
                problems.append(f"{tid} should be turned {team} degrees")
    return problems


LUCHA_LIBRE = Rulebook(
    tracks=tuple(numbered(f"energy-{w}", f"{w} energy cartridge", 2, 5, 3) for w in WRESTLERS)
    + (numbered("fans-1", "player 1 Fans", 0, 37, 10, goal=("37",)),
       numbered("fans-2", "player 2 Fans", 0, 37, 10, goal=("37",))),
    actions={},
    tables={"moves": 7},
    components={("cube", "A"): 3, ("cube", "B"): 3, ("die", ""): 10},
    extra=(("each half faces its player", lucha_faces_players),),
)


# -- Protocol G117 ----------------------------------------------------------------

def g117_checks(card: Postcard) -> list[str]:
    from .g117 import g117_problems
    return g117_problems(card)


PROTOCOL_G117 = Rulebook(
    tracks=(),
    actions={},
    tables={},
    components={("cube", "A"): 12, ("cube", "B"): 12, ("cube", ""): 20, ("sheet", ""): 1},
    extra=(("battlefields, start points and 10 action pairs", g117_checks),),
)


# -- Bonnie and Clyde -------------------------------------------------------------

BONNIE_AND_CLYDE = Rulebook(
    tracks=(
        TrackRule("savings", "Savings", "$0", "$9", 10, "$2"),
        numbered("love", "Love", 0, 2, 0, goal=("2",)),
        numbered("boredom", "Boredom", 0, 2, 0),
        numbered("police-threat", "Police Threat", 0, 2, 0),
        numbered("ammunition", "Ammunition", 0, 2, 0, goal=("2",)),
        TrackRule("passion", "Passion spaces", "1", "2", 2, "", goal=("2",)),
        TrackRule("poem", "Poem spaces", "1", "3", 3, "", goal=("3",)),
        TrackRule("modifier", "Modifier +X spaces", "+1", "+3", 3, ""),
        TrackRule("roy", "Roy Thornton", "+", "-", 2, "+"),
        TrackRule("police-activities", "police roll", "1", "8", 8, "", goal=("8",)),
    ),
    actions={"Home": 1, "Cement City": 1, "Dallas": 1, "Go for a ride": 1,
             "Apply for Good Work": 1, "Apply for Work": 1, "Make a Photo": 1,
             "Get Ammunition": 1, "Stick Up": 1, "Leave Town": 1},
    tables={"police": 6, "roy": 2},
    # The rules' Components list forgets the d6 that the police and Roy rolls need.
    components={("cube", "A"): 10, ("cube", ""): 9, ("die", ""): 1},
)


# -- Which Side -------------------------------------------------------------------

def which_side_means(card: Postcard) -> list[str]:
    """Every means of production space carries the cost the rules give, in order."""
    from .postcard import Actions
    from .tables import load_tables
    means = next((a for a in card.of_kind(Actions) if a.id == "means"), None)
    if means is None:
        return ["no means of production spaces"]
    costs = [row[1] for row in load_tables(card.id)["means"].rows]
    printed = [item.effect for item in means.items]
    return [] if printed == costs else [f"costs {printed} differ from the rules' {costs}"]


WHICH_SIDE = Rulebook(
    tracks=(
        numbered("strength", "Employer's Strength", 0, 10, 0, goal=("10",),
                 marks={"3": "2d6", "6": "2d6", "8": "2d6"}),
        numbered("savings", "Savings", 0, 9, 2, prefix="$"),
        TrackRule("savings-tens", "Savings tens", "+$0", "+$20", 3, "+$0"),
        numbered("life-cost", "Life cost", 1, 15, 5, prefix="$"),
        TrackRule("risk", "Risk", "0", "Hurt", 4, "0", goal=("Hurt",)),
        TrackRule("unsanitary", "Unsanitary Conditions", "0", "Hurt", 4, "0", goal=("Hurt",)),
        TrackRule("police-threat", "Police Threat", "0", "Jail", 4, "0", goal=("Jail",)),
    ),
    actions={"East River Docks": 1, "Triangle Shirtwaist": 1, "Newtown Creek Dye Industry": 1,
             "Greenwich Village": 1, "Tenderloin": 1, "Bonesetter": 1, "Local Union": 2,
             "Printing Press": 2, "Liberal Lawyers": 1, "Political Café": 1,
             "Chemistry Workshop": 1, "Tenement": 1},
    tables={"employer": 6, "modes": 3},
    components={("cube", "A"): 16, ("cube", "B"): 10, ("die", ""): 1},
    extra=(("means of production costs", which_side_means),),
)


# -- Toroball ---------------------------------------------------------------------

def toroball_arena(card: Postcard) -> list[str]:
    from .postcard import Grid
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
    from .postcard import Picture
    return [] if any(p.picture == "compass" for p in card.of_kind(Picture)) else ["no scatter compass"]


TOROBALL = Rulebook(
    tracks=(numbered("agitation", "cow agitation (ENE)", 2, 6, 2),
            numbered("score-a", "team A goals", 0, 2, 0, goal=("2",)),
            numbered("score-b", "team B goals", 0, 2, 0, goal=("2",))),
    actions={},
    tables={"cow": 2, "agitation": 3},
    components={("cube", "A"): 3, ("cube", "B"): 3, ("die", ""): 2, ("paper ball", ""): 1},
    extra=(("arena: goals, arrows, bottles, hiding spot, start points", toroball_arena),
           ("scatter compass", toroball_compass)),
)


# -- The Last Glow ----------------------------------------------------------------

NIGHTMARE = (1, 1, 2, 1, 3, 2, 1, 1, 2, 3)


def last_glow_grid(card: Postcard) -> list[str]:
    """Line numbers down the side, a start square, and the Nightmare sequence in order."""
    from .postcard import Grid
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


THE_LAST_GLOW = Rulebook(
    tracks=(numbered("brightness", "Brightness", 0, 8, 3),
            numbered("structure", "Structure Points", 0, 6, 6, goal=("0",), marks={"3": "4 crew"}),
            numbered("victory", "Victory Points", 0, 6, 0, goal=("6",)),
            numbered("nightmare", "Nightmare turns", 1, 10, None)),
    actions={"Light Up": 1, "Maneuver": 1, "Hunt": 1, "Sleep": 2, "Repair": 1,
             "Full Throttle": 2, "Send": 1},
    tables={"storm": 4, "damage": 4},
    components={("cube", "A"): 9, ("cube", "B"): 8, ("cube", "C"): 6, ("die", ""): 1,
                ("postcard", ""): 1},
    extra=(("location grid and Nightmare sequence", last_glow_grid),),
)


RULEBOOKS: dict[str, Rulebook] = {
    "mad-maxence": MAD_MAXENCE,
    "lucha-libre": LUCHA_LIBRE,
    "protocol-g117": PROTOCOL_G117,
    "bonnie-and-clyde": BONNIE_AND_CLYDE,
    "which-side": WHICH_SIDE,
    "toroball": TOROBALL,
    "the-last-glow": THE_LAST_GLOW,
}
