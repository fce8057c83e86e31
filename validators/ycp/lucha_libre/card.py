"""What the rules require of the Lucha Libre postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Postcard
from ..rulebook import Rulebook, numbered


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


RULEBOOK = Rulebook(
    tracks=tuple(numbered(f"energy-{w}", f"{w} energy cartridge", 2, 5, 3) for w in WRESTLERS)
    + (numbered("fans-1", "player 1 Fans", 0, 37, 10, goal=("37",)),
       numbered("fans-2", "player 2 Fans", 0, 37, 10, goal=("37",))),
    actions={},
    tables={"moves": 7},
    components={("cube", "A"): 3, ("cube", "B"): 3, ("die", ""): 10},
    extra=(("each half faces its player", lucha_faces_players),),
)
