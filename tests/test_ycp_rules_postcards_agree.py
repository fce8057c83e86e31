"""The executable rules and the postcards' data tell the same story (one number, one meaning)."""
from __future__ import annotations

import tomllib

from icp_print.templates import path
from icp_print.validators.ycp.bonnie_and_clyde import rules as bonnie_and_clyde_rules
from icp_print.validators.ycp.the_last_glow import rules as last_glow_rules
from icp_print.validators.ycp.lucha_libre import rules as lucha_libre_rules
from icp_print.validators.ycp.which_side import rules as which_side_rules


def front(game: str, item_id: str) -> dict:
    card = tomllib.loads(path("ycp", f"{game}.toml").read_text(encoding="utf-8"))
    return next(f for f in card["front"] if f.get("id") == item_id)


def cells(track: dict) -> list[str]:
    if "cells" in track:
        return list(track["cells"])
    lo, hi = track["range"]
    return [str(n) for n in range(lo, hi + 1)]


def test_last_glow_location_grid_is_the_storm_tables_grid():
    grid = front("the-last-glow", "locations")
    r = last_glow_rules.rules()
    assert (grid["cols"], grid["rows"]) == (r.columns, r.lines)
    assert grid["row_labels"] == [str(n) for n in range(1, r.lines + 1)]   # the number added to the d6


def test_which_side_hurt_and_jail_are_reached_at_hurt_at():
    hurt_at = which_side_rules.rules().hurt_at
    for track_id in ("risk", "unsanitary", "police-threat"):
        assert len(cells(front("which-side", track_id))) - 1 == hurt_at, track_id


def test_bonnie_and_clyde_modifier_spaces_are_the_rules_values():
    spaces = bonnie_and_clyde_rules.rules().modifier_spaces
    assert cells(front("bonnie-and-clyde", "modifier")) == [f"+{n}" for n in spaces]


def test_bonnie_and_clyde_gauges_end_at_gauge_max():
    top = str(bonnie_and_clyde_rules.rules().gauge_max)
    for track_id in ("love", "boredom", "ammunition"):
        assert cells(front("bonnie-and-clyde", track_id))[-1] == top, track_id


def test_lucha_libre_energy_cartridges_are_the_rules_levels():
    lim = lucha_libre_rules.rules().limits
    for w in lucha_libre_rules.rules().wrestlers:
        track = front("lucha-libre", f"energy-{w}")
        assert cells(track) == [str(n) for n in range(lim.energy_min, lim.energy_max + 1)]
        assert track["start"] == str(lim.energy_start)
