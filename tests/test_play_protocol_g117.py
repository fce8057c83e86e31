"""Protocol G117's rules and whole-game engine: setup, actions, PO, events, Sabotage, the count."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.games import load_game
from icp_print.validators.ycp.protocol_g117.play import GAME, PART, PO, SABOTAGE
from icp_print.validators.ycp.protocol_g117.rules import (
    EARTH, MATRIX, TURNS, action_board, attack_targets, battlefields, charges, placements, steps,
    victory_points)
from playcheck import check_finished, play_out, record

NO_RNG = random.Random(0)


def new():
    state = GAME.new_state(2, random.Random(0), {})
    state.apply(state.legal_actions()[0], NO_RNG)
    return state


def pair_named(name: str) -> int:
    return next(i for i, p in enumerate(action_board().pairs) if name in (p.ai.name, p.hu.name))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_end_without_error(seed):
    state = play_out(GAME, seed, players=2)
    check_finished(state)
    assert state.rounds >= TURNS


def test_same_seed_same_game():
    assert record(play_out(GAME, 4, players=2)) == record(play_out(GAME, 4, players=2))


def test_setup_ai_bots_on_both_matrix_starts_and_a_drone_on_the_earth_start():
    earth, matrix = battlefields()
    state = GAME.new_state(2, random.Random(0), {})
    assert all(state.units[MATRIX][s] == ("AI",) for s in matrix.starts["AI"])
    assert state.units[EARTH][earth.starts["AI"][0]] == ("AI",)


def test_setup_hu_decker_and_two_troops_the_second_not_on_the_pv2_square():
    earth, matrix = battlefields()
    state = GAME.new_state(2, random.Random(0), {})
    assert state.units[MATRIX][matrix.starts["HU"][0]] == ("HU",)
    assert state.current_player() == 1
    squares = [a[1] for a in state.legal_actions()]
    hu = earth.starts["HU"][0]
    assert squares and all(s in earth.neighbours[hu] and s not in earth.vp for s in squares)
    state.apply(state.legal_actions()[0], NO_RNG)
    troops = [s for s, here in state.units[EARTH].items() if here == ("HU",)]
    assert sorted(troops) == sorted([hu, squares[0]])


def test_second_player_must_play_the_corresponding_action_choosing_its_part():
    state = new()
    hopes = pair_named("Hopes End")
    state.apply(("play", hopes, "po"), NO_RNG)
    state.apply(("end",), NO_RNG)
    assert state.current_player() == 1 and state.phase == PART
    assert state.legal_actions() == (("play", hopes, "po"), ("play", hopes, "event"))


def test_ai_starts_then_the_first_player_alternates_and_each_action_is_used_once():
    state = new()
    hopes = pair_named("Hopes End")
    state.apply(("play", hopes, "po"), NO_RNG)
    state.apply(("end",), NO_RNG)
    state.apply(("play", hopes, "po"), NO_RNG)
    state.apply(("end",), NO_RNG)
    assert state.rounds == 1 and state.current_player() == 1       # HU is first on turn 2
    assert all(a[1] != hopes for a in state.legal_actions())


def test_po_move_two_squares_on_one_unit_or_one_and_one():
    state = new()
    state.apply(("play", pair_named("Hopes End"), "po"), NO_RNG)   # AI: 2 PO
    step = next(a for a in state.legal_actions() if a[0] == "step" and a[1] == MATRIX)
    state.apply(step, NO_RNG)
    assert state.po_left == 1 and ("stop",) in state.legal_actions()
    second = next(a for a in state.legal_actions() if a[0] == "step" and a[2] != step[3])
    state.apply(second, NO_RNG)                                     # another unit: 1 and 1
    assert state.phase == PO and state.po_left == 1


def test_earth_one_unit_per_square_matrix_two_per_space():
    earth, matrix = battlefields()
    assert earth.capacity == 1 and matrix.capacity == 2
    units = {(0, 0): ("AI",), (0, 1): ("HU",)}
    assert ((0, 0), (0, 1)) not in steps(earth, units, "AI")
    assert ("c", "i1") in steps(matrix, {"c": ("AI",), "i1": ("HU",)}, "AI")
    assert ("c", "i1") not in steps(matrix, {"c": ("AI",), "i1": ("HU", "HU")}, "AI")


def test_po_attack_needs_two_of_your_units_next_to_the_enemy():
    earth = battlefields()[EARTH]
    one = {(1, 1): ("AI",), (1, 2): ("HU",)}
    assert attack_targets(earth, one, "AI") == []
    two = {**one, (0, 2): ("AI",)}
    assert attack_targets(earth, two, "AI") == [(1, 2)]


def test_po_charge_moves_two_squares_and_removes_both_units():
    earth = battlefields()[EARTH]
    units = {(0, 0): ("AI",), (0, 3): ("HU",)}
    assert ((0, 0), (0, 2), (0, 3)) in charges(earth, units, "AI")
    assert not any(c[2] == (0, 3) for c in charges(earth, {(4, 0): ("AI",), (0, 3): ("HU",)}, "AI"))
    state = new()
    state.units[EARTH] = units
    state.apply(("play", pair_named("Hopes End"), "po"), NO_RNG)
    state.apply(("charge", EARTH, (0, 0), (0, 2), (0, 3)), NO_RNG)
    assert state.units[EARTH] == {}


def test_placement_next_to_your_units_or_on_your_start_or_anywhere_free():
    earth, matrix = battlefields()
    assert placements(earth, {(2, 2): ("AI",)}, "AI") == [(1, 2), (2, 1), (2, 3), (3, 2)]
    ai_start = earth.starts["AI"][0]
    assert placements(earth, {}, "AI") == [ai_start]
    taken = placements(earth, {ai_start: ("HU",)}, "AI")
    assert len(taken) == 5 * 6 - 1 and ai_start not in taken
    assert "c" in placements(matrix, {"c": ("AI",)}, "AI")          # a space with one of yours
    assert "c" not in placements(matrix, {"c": ("AI", "AI")}, "AI")   # full


def test_event_gains_your_units_and_removes_the_enemys():
    state = new()
    state.apply(("play", pair_named("Anon Hacker"), "po"), NO_RNG)
    state.apply(("end",), NO_RNG)
    state.apply(("play", pair_named("Anon Hacker"), "event"), NO_RNG)   # HU: +Decker, -Bot
    assert state.legal_actions()[0][0] == "place"
    state.apply(state.legal_actions()[0], NO_RNG)
    assert sum(here.count("HU") for here in state.units[MATRIX].values()) == 2
    assert {a[0] for a in state.legal_actions()} == {"remove"}
    state.apply(state.legal_actions()[0], NO_RNG)
    assert sum(here.count("AI") for here in state.units[MATRIX].values()) == 1


def test_sabotage_strikes_one_opponent_zone_off_this_turns_count():
    earth = battlefields()[EARTH]
    state = new()
    state.units[EARTH] = {(2, 2): ("HU",), (2, 3): ("HU",), (0, 5): ("AI",)}
    deepfakes = pair_named("Deepfakes")
    state.apply(("play", deepfakes, "event"), NO_RNG)                  # AI: Sabotage
    state.apply(("play", deepfakes, "po"), NO_RNG)
    state.apply(("end",), NO_RNG)
    assert state.phase == SABOTAGE and state.current_player() == 0
    state.apply(("sabotage", EARTH, (2, 2)), NO_RNG)
    hu_board = sum(victory_points(f, state.units[i], "HU") for i, f in enumerate(battlefields()))
    assert state.vp[1] == hu_board - earth.vp[(2, 2)]


def test_victory_points_are_counted_every_turn_and_add_up():
    state = new()
    ai_board = sum(victory_points(f, state.units[i], "AI") for i, f in enumerate(battlefields()))
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if a[2] == "po"), NO_RNG)
        state.apply(("end",), NO_RNG)
        state.apply(("play", state.pair, "po"), NO_RNG)
        state.apply(("end",), NO_RNG)
    assert state.rounds == 2 and state.vp[0] == 2 * ai_board


def test_a_game_lasts_exactly_ten_turns_and_the_most_vp_wins():
    for seed in range(20):
        state = play_out(GAME, seed, players=2)
        assert state.rounds >= TURNS
        if state.rounds == TURNS:
            assert state.vp[0] != state.vp[1]
            assert state.returns() == ((1.0, 0.0) if state.vp[0] > state.vp[1] else (0.0, 1.0))


def test_a_tie_after_ten_turns_plays_on_with_every_action_free_again():
    state = new()
    state.turn, state.vp = TURNS - 1, [-1000, -1000]
    state.units = [{}, {}]
    state.apply(state.legal_actions()[0], NO_RNG)
    while state.phase != "choose":
        actions = state.legal_actions()
        state.apply(("end",) if ("end",) in actions else actions[0], NO_RNG)
    assert not state.is_terminal() and state.extra and not state.used
    assert state.events["tie after ten turns: tie-break series"] == 1


def test_analyse_plays_protocol_g117():
    assert load_game("protocol-g117") is GAME


def test_greedy_heuristic_counts_the_vp_lead_for_one_side_against_the_other():
    state = new()
    before = state.heuristic(0)
    state.vp = [5, 2]
    assert state.heuristic(0) == pytest.approx(before + 3)
    assert state.heuristic(0) == pytest.approx(-state.heuristic(1))
