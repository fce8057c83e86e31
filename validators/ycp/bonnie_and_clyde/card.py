"""What the rules require of the Bonnie and Clyde postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..rulebook import Rulebook, TrackRule, numbered


RULEBOOK = Rulebook(
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
