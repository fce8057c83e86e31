"""Every example file shipped for Accellerator, Yield! and Yic Yac Yoe does what its name says:
a check file passes `icp-print check`, or fails it (exit 1) when its name says
``fails-check``; a scenario or state file runs through its solver."""
from __future__ import annotations

import pytest

from icp_print.templates import path

GAMES = ("accellerator", "yield_", "yicyacyoe")
CHECKED = sorted(p for game in GAMES for p in path(game).glob("*.toml")
                 if p.name not in {"aid.toml", "rules.toml", "boards.toml"})


@pytest.mark.parametrize("example", CHECKED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_check_file_passes_or_is_named_as_failing(run, example):
    result = run("check", str(example))
    wanted = 1 if "fails-check" in example.name else 0
    assert result.exit_code == wanted, result.output


def test_shipped_solver_examples_run():
    from icp_print.validators.accellerator.scenario import load_scenario, play_scenario
    from icp_print.validators.yield_.statefile import load_state
    scenario_file = path("accellerator", "example-scenario.json")
    turns, _ = play_scenario(load_scenario(scenario_file), str(scenario_file))
    assert turns
    assert load_state(path("yield_", "example-state.json")).vehicles
