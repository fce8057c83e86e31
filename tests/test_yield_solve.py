"""``icp-print solve yield``: layouts, setups, legal turns, the search, and bad state files."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path as template_path
from icp_print.validators.errors import InputError, RuleError
from icp_print.validators.yield_.moves import legal_turns
from icp_print.validators.yield_.search import best_turn
from icp_print.validators.yield_.statefile import load_state, state_from_dict, state_to_dict

from conftest import assert_clean_failure

EXAMPLE = str(template_path("yield_", "example-state.json"))


def example() -> dict:
    with open(EXAMPLE, encoding="utf-8") as handle:
        return json.load(handle)


def write(tmp_path, data, name="state.json") -> str:
    target = tmp_path / name
    target.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(target)


# -- --moves and --best -----------------------------------------------------------

def test_moves_lists_every_legal_turn_of_the_example(run):
    result = run("solve", "yield", "--moves", EXAMPLE)
    assert result.exit_code == 0, result.output
    turns = legal_turns(load_state(EXAMPLE))
    assert f"Player 1 to move: {len(turns)} legal turns" in result.output
    assert "crossing" in result.output and "r6c7" in result.output


def test_moves_json_keys_and_counts(run):
    data = json.loads(run("solve", "yield", "--moves", EXAMPLE, "--json").output)
    assert set(data) == {"to_move", "winner", "count", "turns"}
    assert data["count"] == len(data["turns"]) == len(legal_turns(load_state(EXAMPLE)))
    turn = data["turns"][0]
    assert set(turn) == {"index", "player", "speed", "route", "path", "end", "heading", "fate",
                         "collisions", "damage", "out", "winner"}
    crash = turn["collisions"][0]
    assert set(crash) == {"step", "row", "col", "other", "case", "mover_damage", "target_damage"}
    assert all(len(t["route"]) == t["speed"] or t["fate"] != "drove" for t in data["turns"])


def test_moves_best_names_a_listed_turn_and_what_it_optimises(run):
    data = json.loads(run("solve", "yield", "--moves", EXAMPLE, "--best", "--depth", "2",
                          "--json").output)
    best = data["best"]
    assert set(best) == {"index", "speed", "route", "score", "depth", "complete", "nodes",
                         "objective"}
    assert best["complete"] is True
    listed = data["turns"][best["index"]]
    assert (listed["speed"], listed["route"]) == (best["speed"], best["route"])
    assert "minimax" in best["objective"] and best["depth"] == 2 and best["nodes"] > 0


def _minimax(state, player, depth):
    """Plain minimax over every legal turn, no pruning: what best_turn must agree with."""
    from icp_print.validators.yield_.search import evaluate
    if depth == 0 or state.over():
        return evaluate(state, player, depth)
    values = [_minimax(t.after, player, depth - 1) for t in legal_turns(state)]
    return max(values) if state.to_move == player else min(values)


@pytest.mark.parametrize("players,seed,depth", [(2, 3, 3), (3, 4, 3), (2, 6, 2)])
def test_best_score_is_the_plain_minimax_value(players, seed, depth):
    from icp_print.validators.yield_.setup import play_setup
    state = play_setup(players, seed).initial_state()
    for _ in range(4):                        # a few turns in, where vehicles are moving
        state = best_turn(state, depth=1).turn.after
    choice = best_turn(state, depth=depth)
    assert choice.complete and choice.depth == depth
    assert choice.score == pytest.approx(_minimax(state, state.to_move, depth))
    assert _minimax(choice.turn.after, state.to_move, depth - 1) == pytest.approx(choice.score)


def test_best_position_budget_answers_from_the_deepest_finished_depth(run):
    state = load_state(EXAMPLE)
    full = best_turn(state, depth=4)
    cut = best_turn(state, depth=4, max_positions=30)
    assert full.complete and full.depth == 4 and full.nodes > 30
    assert not cut.complete and cut.depth < 4
    assert cut.turn in legal_turns(state) and cut.score == best_turn(state, depth=cut.depth).score
    result = run("solve", "yield", "--moves", EXAMPLE, "--best", "--depth", "4",
                 "--max-positions", "100", "--json")
    data = json.loads(result.stdout)
    assert data["best"]["complete"] is False and data["best"]["depth"] < 4
    assert "position limit" not in result.stdout and "--max-positions" in result.stderr


def test_best_avoids_driving_off_the_board():
    state = load_state(EXAMPLE)
    choice = best_turn(state, depth=1)
    assert choice.turn.fate != "left-board" and not choice.turn.after.vehicle(1).out


def test_moves_is_deterministic(run):
    first = run("solve", "yield", "--moves", EXAMPLE, "--best", "--json").output
    assert first == run("solve", "yield", "--moves", EXAMPLE, "--best", "--json").output


def test_moves_on_a_finished_game(run, tmp_path):
    data = example()
    data["vehicles"][1] = {"player": 2, "out": True, "damage": 10}
    result = run("solve", "yield", "--moves", write(tmp_path, data))
    assert result.exit_code == 0 and "player 1 wins" in result.output


# -- --setup and --layout ---------------------------------------------------------

def test_setup_json_keys_and_seed_determinism(run):
    first = run("solve", "yield", "--setup", "--players", "3", "--seed", "7", "--json").output
    data = json.loads(first)
    assert set(data) == {"players", "seed", "events", "placed", "discarded", "rule7_at", "starts",
                         "board", "state"}
    assert len(data["events"]) == 64 and data["placed"] + data["discarded"] == 64
    assert data["placed"] == len(data["board"]["cells"])
    assert first == run("solve", "yield", "--setup", "--players", "3", "--seed", "7", "--json").output
    assert first != run("solve", "yield", "--setup", "--players", "3", "--seed", "8", "--json").output
    # the setup's starting position is itself a valid STATE.json
    assert state_from_dict(data["state"]).to_move == 1


def test_setup_text_reports_placements_discards_and_board(run):
    result = run("solve", "yield", "--setup", "--players", "3", "--seed", "7")
    assert result.exit_code == 0
    assert "starting square" in result.output and "discarded (rule 6)" in result.output
    assert "rule 7 from draw" in result.output and "┼" in result.output


def test_layout_json_is_the_layout_format_and_seeded(run):
    first = run("solve", "yield", "--layout", "--seed", "2", "--json").output
    data = json.loads(first)
    assert set(data) == {"rows", "cols", "cells"} and len(data["cells"]) == 64
    assert first == run("solve", "yield", "--layout", "--seed", "2", "--json").output


def test_one_mode_at_a_time(run):
    assert_clean_failure(run("solve", "yield"), 2)
    assert_clean_failure(run("solve", "yield", "--setup", "--layout"), 2)
    assert_clean_failure(run("solve", "yield", "--moves", EXAMPLE, "--out", "x.pdf"), 2)


@pytest.mark.parametrize("args,flag", [
    (["--layout", "--players", "3"], "--players"),
    (["--setup", "--closed"], "--closed"),
    (["--layout", "--best"], "--best"),
    (["--moves", EXAMPLE, "--depth", "3"], "--depth"),          # without --best
    (["--moves", EXAMPLE, "--seed", "3"], "--seed"),
])
def test_an_option_the_mode_ignores_is_refused(run, args, flag):
    result = run("solve", "yield", *args)
    assert_clean_failure(result, 2)
    assert f": {flag}:" in result.output


# -- bad state files --------------------------------------------------------------

def test_bad_state_broken_json_names_the_file(run, tmp_path):
    target = write(tmp_path, "{ not json")
    result = run("solve", "yield", "--moves", target)
    assert_clean_failure(result, 2)
    assert target in result.output and "JSON syntax error" in result.output


def test_bad_state_missing_file(run, tmp_path):
    assert_clean_failure(run("solve", "yield", "--moves", str(tmp_path / "nope.json")), 2)


@pytest.mark.parametrize("mutate,code,field", [
    (lambda d: d.pop("vehicles"), 2, "vehicles"),
    (lambda d: d["vehicles"][0].update(speed="fast"), 2, "vehicles[0].speed"),
    (lambda d: d["vehicles"][0].update(speed=7), 2, "vehicles[0].speed"),
    (lambda d: d["vehicles"][0].update(heading="up"), 2, "vehicles[0].heading"),
    (lambda d: d["vehicles"][0].update(colour="red"), 2, "vehicles[0]"),
    (lambda d: d["vehicles"][1].update(player=1), 2, "vehicles"),
    (lambda d: d["board"]["cells"][0].update(tile="bridge"), 2, "board.cells[0].tile"),
    (lambda d: d["board"]["cells"][0].update(rotation=45), 2, "board.cells[0].rotation"),
    # the example has 58 tiles
    (lambda d: d["board"]["cells"].append(dict(d["board"]["cells"][0])), 2, "board.cells[58]"),
    (lambda d: d["board"].update(rows=10_000), 2, "board.rows"),
    (lambda d: d.update(damage_limit=0), 2, "damage_limit"),
    (lambda d: d.update(to_move=3), 2, "to_move"),
    (lambda d: d.update(extra=1), 2, None),
])
def test_bad_state_fields_are_named(run, tmp_path, mutate, code, field):
    data = example()
    mutate(data)
    result = run("solve", "yield", "--moves", write(tmp_path, data))
    assert_clean_failure(result, code)
    if field:
        assert f": {field}:" in result.output


def test_illegal_state_vehicle_off_the_road(run, tmp_path):
    data = example()
    data["board"]["cells"] = [c for c in data["board"]["cells"] if (c["row"], c["col"]) != (6, 6)]
    result = run("solve", "yield", "--moves", write(tmp_path, data))
    assert_clean_failure(result, 1)
    assert "off the road" in result.output and "vehicles[0]" in result.output


def test_illegal_state_vehicle_off_the_board(run, tmp_path):
    data = example()
    data["vehicles"][0].update(row=9)
    assert_clean_failure(run("solve", "yield", "--moves", write(tmp_path, data)), 1)


def test_illegal_state_heading_with_no_road_behind():
    data = example()
    data["vehicles"][0]["heading"] = "N"      # r6c6 has no road on its S side
    with pytest.raises(RuleError, match="no road"):
        state_from_dict(data)


def test_illegal_state_stopped_vehicle_with_speed_above_one():
    data = example()
    data["vehicles"][0].update(heading=None, speed=3)
    with pytest.raises(RuleError, match="stopped"):
        state_from_dict(data)


def test_illegal_state_damage_at_the_limit_means_out():
    data = example()
    data["vehicles"][0]["damage"] = 10
    with pytest.raises(RuleError, match="limit"):
        state_from_dict(data)


def test_illegal_state_board_with_a_dead_end_against_a_tile():
    data = example()
    cell = next(c for c in data["board"]["cells"] if (c["row"], c["col"]) == (0, 0))
    cell["tile"] = "turn"
    with pytest.raises(RuleError, match="rule 3"):
        state_from_dict(data)


def test_state_overpass_level_needed_when_stopped_and_checked_when_moving():
    base = {"board": {"rows": 1, "cols": 3, "cells": [
        {"row": 0, "col": 0, "tile": "straight", "rotation": 90},
        {"row": 0, "col": 1, "tile": "overpass", "rotation": 0},
        {"row": 0, "col": 2, "tile": "straight", "rotation": 90}]},
        "vehicles": [{"player": 1, "row": 0, "col": 1}, {"player": 2, "row": 0, "col": 0}]}
    with pytest.raises(InputError, match="upper or lower"):
        state_from_dict(base)
    moving = copy.deepcopy(base)
    moving["vehicles"][0].update(heading="E", speed=2, level="upper")
    with pytest.raises(RuleError, match="lower level"):
        state_from_dict(moving)
    moving["vehicles"][0]["level"] = "lower"
    assert state_from_dict(moving).vehicle(1).level == "lower"


def test_state_two_vehicles_may_share_a_square_after_a_collision():
    # driving rule 11: the damaged mover stops in the square it drove into
    data = example()
    data["vehicles"][0].update(col=7, heading=None, speed=1, damage=3)
    state = state_from_dict(data)
    assert state.vehicle(1).square == state.vehicle(2).square
    assert legal_turns(state)


def test_illegal_state_two_moving_vehicles_on_one_square(run, tmp_path):
    data = example()
    data["vehicles"][0].update(col=7, heading="S", speed=2)
    result = run("solve", "yield", "--moves", write(tmp_path, data))
    assert_clean_failure(result, 1)
    assert "both moving" in result.output and ": vehicles:" in result.output


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 7)])
def test_state_every_position_of_a_played_game_reads_back(players, seed):
    from icp_print.validators.yield_.setup import play_setup
    state = play_setup(players, seed).initial_state()
    for _ in range(12):
        for turn in legal_turns(state):
            assert state_from_dict(state_to_dict(turn.after)) == turn.after
        if state.over():
            break
        state = best_turn(state, depth=1).turn.after


def test_state_round_trip():
    state = load_state(EXAMPLE)
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state


# -- hypothesis: garbage never escapes as a traceback -----------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 70) | st.floats(allow_nan=False)
                    | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
KEYS = ["board", "vehicles", "to_move", "damage_limit", "rows", "cols", "cells", "row", "col",
        "tile", "rotation", "owner", "player", "heading", "speed", "damage", "level", "out"]


def _parse_or_refuse(data) -> None:
    try:
        state = state_from_dict(data)
    except (InputError, RuleError):
        return
    legal_turns(state)        # a state that reads is one the engine can play


@given(JSON)
def test_hypothesis_state_parser_garbage_documents(data):
    _parse_or_refuse(data)


@given(st.sampled_from(["vehicles", "board"]), st.integers(0, 70), st.sampled_from(KEYS), JSON)
def test_hypothesis_state_parser_one_field_broken(where, index, key, value):
    data = example()
    items = data["vehicles"] if where == "vehicles" else data["board"]["cells"]
    items[index % len(items)][key] = value
    _parse_or_refuse(data)


@given(st.sampled_from(KEYS), JSON)
def test_hypothesis_state_parser_top_level_field_broken(key, value):
    data = example()
    data[key] = value
    _parse_or_refuse(data)


@given(st.binary(max_size=40))
def test_hypothesis_state_file_bytes_via_cli(run, tmp_path, raw):
    target = tmp_path / "garbage.json"
    target.write_bytes(raw)
    result = run("solve", "yield", "--moves", str(target), "--json")
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output
    assert "internal error" not in result.output


# -- maps ------------------------------------------------------------------------

def test_setup_map_pdf_is_one_true_size_page_and_json_stays_clean(run, tmp_path):
    from pypdf import PdfReader
    out = tmp_path / "setup.pdf"
    result = run("solve", "yield", "--setup", "--players", "3", "--seed", "7", "--json",
                 "--out", str(out))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["placed"] == 58      # the map note went to stderr
    page = PdfReader(str(out)).pages[0]
    assert (round(float(page.mediabox.width) * 25.4 / 72), round(float(page.mediabox.height) * 25.4 / 72)) \
        == (210, 297)
    again = tmp_path / "again.pdf"
    run("solve", "yield", "--setup", "--players", "3", "--seed", "7", "--out", str(again))
    assert out.read_bytes() == again.read_bytes()


def _row_of_straights(cols: list[int], width: int) -> dict:
    return {"rows": 1, "cols": width,
            "cells": [{"row": 0, "col": c, "tile": "straight", "rotation": 90} for c in cols]}


def test_driving_rule_2_a_moving_vehicle_cannot_have_come_from_an_empty_square(run, tmp_path):
    # r0c1 heading E came in from r0c0, which holds no tile: it would have fallen down the shaft
    data = {"board": _row_of_straights([1, 2], 3),
            "vehicles": [{"player": 1, "row": 0, "col": 1, "heading": "E", "speed": 3},
                         {"player": 2, "row": 0, "col": 2}]}
    with pytest.raises(RuleError, match="no tile"):
        state_from_dict(data)
    result = run("solve", "yield", "--moves", write(tmp_path, data))
    assert_clean_failure(result, 1)
    assert "vehicles[0].heading" in result.output


def test_driving_rule_2_a_moving_vehicle_cannot_have_come_across_the_edge(run, tmp_path):
    data = {"board": _row_of_straights([0, 1], 2),
            "vehicles": [{"player": 1, "row": 0, "col": 0, "heading": "E", "speed": 2},
                         {"player": 2, "row": 0, "col": 1}]}
    with pytest.raises(RuleError, match="edge"):
        state_from_dict(data)
    assert_clean_failure(run("solve", "yield", "--moves", write(tmp_path, data)), 1)
    data["vehicles"][0].update(heading=None, speed=1)       # stopped there, it is fine
    assert state_from_dict(data).vehicles[0].stopped
