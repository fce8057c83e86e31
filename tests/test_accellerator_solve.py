"""`icp-print solve accellerator`: scenario traces, --best, --simulate, and bad input."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path
from icp_print.validators.accellerator.board_file import standard_board
from icp_print.validators.accellerator.deflectors import acceleration, legal_changes
from icp_print.validators.accellerator.model import (DEFLECTORS, ELECTRONS, FACINGS, MAX_ENERGY,
                                                     MIN_ENERGY)
from icp_print.validators.accellerator.scenario import parse_scenario
from icp_print.validators.accellerator.search import best_turn, options
from icp_print.validators.accellerator.simulate import opening, random_policy
from icp_print.validators.accellerator.turn import place, play_turn
from icp_print.validators.errors import IcpError, InputError, RuleError

from conftest import assert_clean_failure

EXAMPLE = str(path("accellerator", "example-scenario.json"))


def write(tmp_path, data, name="s.json") -> str:
    f = tmp_path / name
    f.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(f)


def test_example_scenario_trace_text(run):
    result = run("solve", "accellerator", "--scenario", EXAMPLE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "passed through the reactor: took an electron" in out
    assert "passed alpha's pawn: swapped electrons (2 for 1)" in out
    assert "at the edge: bounces, stays on A10, now facing east" in out
    assert "deflector '\\' turns it from north to west" in out
    assert "game over: alpha wins" in out


def test_example_scenario_trace_json(run):
    result = run("solve", "accellerator", "--scenario", EXAMPLE, "--json")
    data = json.loads(result.output)
    first, second, third, fourth = data["turns"]
    assert first["spaces_entered"] == ["D6", "E6", "F6", "G6", "H6", "H5"]
    assert first["electrons_picked_up"] == 1 and first["energy"] == 6
    assert [s["facing_after"] for s in first["steps"]][4] == "N"
    assert second["swaps"] == 1 and second["change"] == {"action": "add", "to": [2, 1],
                                                         "orientation": "/"}
    assert third["spaces_entered"] == ["A10", "off-board", "B10", "C10"]
    assert fourth["ending"] == "banked" and fourth["electrons_banked"] == 2
    assert data["end_state"]["winners"] == ["alpha"] and data["end_state"]["reactor_electrons"] == 14


def test_illegal_turn_in_a_scenario_names_the_file_and_field(run, tmp_path):
    data = {"pawns": [{"player": "alpha", "at": "C3", "facing": "E", "energy": 4}],
            "turns": [{"roll": 2}]}
    result = run("solve", "accellerator", "--scenario", write(tmp_path, data))
    assert_clean_failure(result, 1)
    assert "s.json: turns[0].change: a roll below your energy makes you change" in result.output


@pytest.mark.parametrize("text,field", [
    ("{", "JSON syntax"),
    ('{"pawns": []}', "pawns"),
    ('{"pawns": [{"player": "omega", "at": "A1", "facing": "N"}]}', "pawns[0].player"),
    ('{"pawns": [{"player": "alpha", "at": "Z9", "facing": "N"}]}', "pawns[0].at"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "NE"}]}', "pawns[0].facing"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N", "energy": 9}]}', "pawns[0].energy"),
    ('{"pawns": [{"player": "alpha", "at": "F6", "facing": "N"}]}', "pawns[0].at"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N"}], "deflectors": [{"at": "F1"}]}',
     "deflectors[0].at"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N", "carrying": 19}]}', "carrying"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N"}], "turns": [{"roll": 7}]}',
     "turns[0].roll"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N"}], "turns": [{"change": {"action": "fly"}}]}',
     "turns[0].change.action"),
    ('{"pawns": [{"player": "alpha", "at": "C3", "facing": "N"}], "board": {"size": 99}}', "board.size"),
])
def test_bad_scenarios_fail_cleanly(run, tmp_path, text, field):
    result = run("solve", "accellerator", "--scenario", write(tmp_path, text))
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert "s.json" in result.output and field in result.output


def test_missing_scenario_and_file(run, tmp_path):
    assert_clean_failure(run("solve", "accellerator"), 2)
    result = run("solve", "accellerator", "--scenario", str(tmp_path / "nope.json"))
    assert_clean_failure(result, 2)
    assert "nope.json" in result.output


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["A1", "F6", "C3", "N", "/", "add"])
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["pawns", "player", "at", "facing", "energy", "carrying", "banked", "board",
                         "size", "deflectors", "orientation", "turns", "roll", "change", "action",
                         "to", "from", "locked", "to_move", "bank"]), inner, max_size=5),
    max_leaves=20)


@given(json_values)
def test_scenario_parser_never_crashes_on_garbage(data):
    try:
        parse_scenario(data)
    except (InputError, RuleError):
        pass


@given(st.lists(st.fixed_dictionaries({
    "player": st.sampled_from(["alpha", "beta", "delta", "gamma"]),
    "at": st.none() | st.sampled_from(["A1", "C3", "F1", "K6", "E5", "J9"]),
    "facing": st.none() | st.sampled_from(["N", "E", "S", "W"]),
    "energy": st.integers(0, 7), "carrying": st.integers(0, 8)}), max_size=4),
    st.lists(st.fixed_dictionaries({"roll": st.none() | st.integers(0, 7),
                                    "energy": st.none() | st.integers(0, 7)}), max_size=3))
def test_playing_garbage_scenarios_raises_only_our_errors(pawns, turns):
    try:
        scenario = parse_scenario({"pawns": pawns, "turns": turns or [{}]})
        state = scenario.state
        for planned in scenario.turns:
            state = play_turn(state, planned.roll, planned.choice).after
    except IcpError:
        pass


@given(st.integers(0, 10_000))
def test_random_legal_play_keeps_every_invariant(seed):
    rng = random.Random(seed)
    board = standard_board()
    state = opening(board, 4, rng)
    for _ in range(60):
        if state.over:
            break
        roll = rng.randint(1, 6)
        turn = play_turn(state, roll, random_policy(state, roll, rng))
        after = turn.after
        assert 0 <= after.reactor <= ELECTRONS
        assert sum(p.carrying + p.banked for p in after.pawns) + after.reactor == ELECTRONS
        assert all(MIN_ENERGY <= p.energy <= MAX_ENERGY for p in after.pawns)
        assert len(after.deflectors) <= DEFLECTORS
        assert all(board.kind(c) == "plain" for c in after.deflectors)
        spots = [p.at for p in after.pawns if p.at is not None]
        assert len(spots) == len(set(spots)) and board.reactor not in spots
        assert min(1, turn.energy) <= len(turn.move.steps) <= turn.energy
        state = after


def best_scenario(**extra):
    data = {"pawns": [{"player": "alpha", "at": "H3", "facing": "N", "energy": 3, "carrying": 1,
                       "banked": 2}, {"player": "beta", "at": "C9", "facing": "E"}]}
    data.update(extra)
    return parse_scenario(data).state


def test_best_finds_the_winning_deflector_and_energy():
    # H3 facing north: with energy 4 and a '\' deflector added on H1 the pawn turns west
    # and enters its home F1 on the last step, banking its third electron.
    best = best_turn(best_scenario(), 3)
    assert best.turn.energy == 4
    assert best.turn.change.to_json() == {"action": "add", "to": [7, 0], "orientation": "\\"}
    assert best.score[0] == 1 and best.turn.after.over


def test_best_searches_every_legal_option():
    state = best_scenario()
    best = best_turn(state, 3)
    legal = legal_changes(state, acceleration(3, 3))
    banking = sum(1 for choice in options(state, 3) if play_turn(state, 3, choice).move.banked)
    assert best.searched == 3 * (len(legal) + 1) + banking
    reset = parse_scenario({"pawns": [{"player": "gamma", "at": None}]}).state
    per_facing = [len(legal_changes(place(reset, f)[0], "below")) for f in FACINGS]
    assert best_turn(reset, 1).searched >= sum(per_facing)


def test_best_cli_for_every_roll(run, tmp_path):
    f = write(tmp_path, {"pawns": [{"player": "alpha", "at": "H3", "facing": "N", "energy": 3,
                                    "carrying": 1, "banked": 2}]})
    result = run("solve", "accellerator", "--scenario", f, "--best", "--json")
    data = json.loads(result.stdout)
    assert "searching roll 6 of 6" in result.stderr           # progress on stderr
    assert [b["roll"] for b in data["best"]] == [1, 2, 3, 4, 5, 6]
    assert data["maximises"][:3] == ["won", "banked", "carrying"]
    assert data["best"][2]["score"]["won"] == 1
    text = run("solve", "accellerator", "--scenario", f, "--best").stdout
    assert "roll 3 (equal): energy 4; add a deflector at H1" in text


def test_simulate_is_seeded_and_reports_balance(run):
    args = ("solve", "accellerator", "--simulate", "6", "--seed", "5", "--players", "2", "--json")
    first = run(*args)
    assert first.exit_code == 0
    data = json.loads(first.stdout)
    assert data == json.loads(run(*args).stdout)
    assert data["games"] == 6 and data["players"] == 2
    assert sum(data["wins_by_seat"]) == data["finished"]
    assert data["rule_fires_per_game"]["accel-below"] > 0
    assert "simulated 6/6 games" in first.stderr


def test_simulate_text_table(run):
    result = run("solve", "accellerator", "--simulate", "3", "--policy", "random", "--seed", "2",
                 "--max-turns", "200")
    assert result.exit_code == 0
    assert "Game length: mean" in result.stdout and "First-player advantage" in result.stdout
    assert "Rules fired, mean times per game" in result.stdout
    assert "pawn bounced off the edge" in result.stdout      # every rule is explained


def test_every_rule_that_fires_has_a_description():
    from icp_print.validators.accellerator.simulate import simulate
    from icp_print.validators.accellerator.report import RULES
    summary = simulate(standard_board(), 3, 4, players=3, policy="random", max_turns=300)
    assert set(summary.rules) <= set(RULES)
    assert {"accel-below", "bounce", "deflect", "reactor-pickup"} <= set(summary.rules)


def test_simulate_on_a_scenario_board_with_its_own_homes(run, tmp_path):
    f = write(tmp_path, {"board": {"size": 7, "homes": {"alpha": "A1", "beta": "G7"}},
                         "pawns": [{"player": "alpha", "at": "A1", "facing": "E"}]})
    result = run("solve", "accellerator", "--scenario", f, "--simulate", "2", "--players", "2",
                 "--max-turns", "300", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 2
    too_many = run("solve", "accellerator", "--scenario", f, "--simulate", "2", "--players", "3")
    assert_clean_failure(too_many, 1)
    assert "--players: this board has 2 homes" in too_many.output


def test_best_counts_dropping_to_no_energy_and_standing_still():
    # energy 1, roll 1 (equal): the choices are energy 0, 1 or 2; 0 stands still
    s = parse_scenario({"pawns": [{"player": "alpha", "at": "C3", "facing": "E"}]}).state
    energies = {choice.energy for choice in options(s, 1)}
    assert energies == {0, 1, 2}
    assert any(play_turn(s, 1, c).move.steps == () for c in options(s, 1) if c.energy == 0)


def test_scenario_trace_with_energy_zero(run, tmp_path):
    f = write(tmp_path, {"pawns": [{"player": "alpha", "at": "C3", "facing": "E", "energy": 0}],
                         "turns": [{"roll": 3}, {"roll": 1, "energy": 0}]})
    result = run("solve", "accellerator", "--scenario", f, "--json")
    assert result.exit_code == 0, result.output
    turns = json.loads(result.stdout)["turns"]
    assert [t["energy"] for t in turns] == [1, 0] and turns[1]["steps"] == []


def test_bounce_option_reaches_the_trace_best_and_simulator(run, tmp_path):
    f = write(tmp_path, {"pawns": [{"player": "alpha", "at": "J3", "facing": "E", "energy": 3}],
                         "turns": [{}]})
    stay = json.loads(run("solve", "accellerator", "--scenario", f, "--json").stdout)
    out = json.loads(run("solve", "accellerator", "--scenario", f, "--json",
                         "--bounce", "re-enter").stdout)
    assert stay["bounce"] == "stay" and out["bounce"] == "re-enter"
    assert stay["turns"][0]["spaces_entered"] == ["K3", "off-board", "J3"]
    assert out["turns"][0]["spaces_entered"] == ["K3", "off-board", "K3"]
    text = run("solve", "accellerator", "--scenario", f, "--bounce", "re-enter").stdout
    assert "off the board into the missing space beyond K3" in text
    best = json.loads(run("solve", "accellerator", "--scenario", f, "--best", "--json",
                          "--bounce", "re-enter").stdout)
    assert best["bounce"] == "re-enter"
    sim = run("solve", "accellerator", "--simulate", "2", "--players", "2", "--seed", "3",
              "--bounce", "re-enter", "--json")
    data = json.loads(sim.stdout)
    assert data["bounce"] == "re-enter" and data["rule_fires_per_game"]["re-enter"] > 0


def test_forced_change_message_says_only_the_changes_that_exist(run, tmp_path):
    ten = [{"at": f"{c}{r}", "orientation": "/"}
           for c, r in zip("HIJHIJHIJH", [2, 2, 2, 4, 4, 4, 8, 8, 8, 10])]
    f = write(tmp_path, {"pawns": [{"player": "alpha", "at": "C3", "facing": "E", "energy": 4}],
                         "deflectors": ten, "turns": [{"roll": 1}]})
    result = run("solve", "accellerator", "--scenario", f)
    assert result.exit_code == 1
    assert "legal changes: move one)" in result.stderr and "add" not in result.stderr
