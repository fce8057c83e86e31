"""What the rules require of the Which Side postcard: its gauges, actions, tables, components
and the facts that need a small function to check."""
from __future__ import annotations

from ..model import Postcard
from ..rulebook import Rulebook, TrackRule, numbered


def which_side_means(card: Postcard) -> list[str]:
    """Every means of production space carries the cost the rules give, in order."""
    from ..model import Actions
    from ..tables import load_tables
    means = next((a for a in card.of_kind(Actions) if a.id == "means"), None)
    if means is None:
        return ["no means of production spaces"]
    costs = [row[1] for row in load_tables(card.id)["means"].rows]
    printed = [item.effect for item in means.items]
    return [] if printed == costs else [f"costs {printed} differ from the rules' {costs}"]


def which_side_strength_10(card: Postcard) -> list[str]:
    """The cube may stand on 10 and the game is lost when it must move past it (the
    reading of "exceeds 10" in the tables file), so 10 is not drawn as a losing space."""
    track = card.tracks().get("strength")
    if track is None:
        return ["no Employer's Strength track"]
    return ["Strength 10 is drawn as a losing space; the game is lost only past it"] if "10" in track.goal else []


RULEBOOK = Rulebook(
    tracks=(
        numbered("strength", "Employer's Strength", 0, 10, 0,
                 marks={"3": "2d6", "6": "2d6", "8": "2d6", "10": "past it: lost"}),
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
    extra=(("means of production costs", which_side_means),
           ("Strength 10 is not the losing space", which_side_strength_10)),
)
