"""Toroball's whole-game engine: setup, the Character Phase, kicks, sangria, the cow, goals."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.games import load_game
from icp_print.validators.ycp.toroball.arena import arena
from icp_print.validators.ycp.toroball.play import GAME, MOVE, SELECT, STOP
from icp_print.validators.ycp.toroball.rules import rules
from playcheck import check_finished, play_out, record


def lined_up(seed: int = 0):
    """A match with both arrows chosen: the first round's Character Phase begins."""
    state = GAME.new_state(2, random.Random(seed), {})
    rng = random.Random(seed)
    while state.phase != SELECT:
        state.apply(state.legal_actions()[0], rng)
    return state, rng


def calm(state, actions, rng):
    """Random, but kick the ball whenever possible and rarely skip, so a match ends soon."""
    kicks = [a for a in actions if a[0] == "kick"]
    if kicks:
        return rng.choice(kicks)
    moves = [a for a in actions if a[0] != "skip"]
    return rng.choice(moves if moves and rng.random() < 0.9 else list(actions))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_matches_end_without_error(seed):
    state = play_out(GAME, seed, players=2, choose=calm)
    check_finished(state)
    assert max(state.score) == 2


def test_same_seed_same_match():
    assert record(play_out(GAME, 6, players=2, choose=calm)) == \
        record(play_out(GAME, 6, players=2, choose=calm))


def test_setup_two_characters_on_their_bottles_the_third_on_an_arrow_before_its_goal():
    field = arena()
    state = GAME.new_state(2, random.Random(0), {})
    assert [a[1] for a in state.legal_actions()] == sorted(field.arrows["A"])
    state, _ = lined_up()
    assert state.pos[0:2] == list(field.bottles["A"]) and state.pos[3:5] == list(field.bottles["B"])
    assert state.pos[2] in field.arrows["A"] and state.pos[5] in field.arrows["B"]


def test_setup_cow_on_a_random_start_with_ene_2_and_the_ball_on_the_other():
    field = arena()
    cows = set()
    for seed in range(12):
        state = GAME.new_state(2, random.Random(seed), {})
        assert {state.cow, state.ball} == set(field.starts) and state.ene == rules().start
        cows.add(state.cow)
    assert cows == set(field.starts)


def test_character_phase_players_alternate_until_all_six_have_gone():
    state, rng = lined_up()
    seats = []
    while state.rounds == 0 and state.phase == SELECT:
        seats.append(state.current_player())
        state.apply(next(a for a in state.legal_actions() if a[0] == "skip"), rng)
    assert len(seats) == 6 and seats[0::2] == [seats[0]] * 3 and seats[1::2] == [1 - seats[0]] * 3


def test_a_character_moves_1_to_4_squares():
    state, rng = lined_up()
    state.apply(next(a for a in state.legal_actions() if a[0] == "move"), rng)
    assert state.phase == MOVE and STOP not in state.legal_actions()   # at least one square
    moved = 0
    while any(a[0] == "step" for a in state.legal_actions()) and state.phase == MOVE:
        start = state.pos[state.mover]
        step = next(a for a in state.legal_actions() if a[0] == "step"
                    and (start[0] + a[1][0], start[1] + a[1][1]) not in arena().bottles["A"]
                    + arena().bottles["B"])
        state.apply(step, rng)
        moved += 1
    assert moved == 4


def test_kicking_the_ball_needs_its_square_and_sends_it_3_to_6_squares():
    state, rng = lined_up()
    state.apply(next(a for a in state.legal_actions() if a[0] == "move"), rng)
    state.pos = [None] * 6
    state.pos[state.mover] = state.ball = (1, 1)
    state.cow = (6, 10)
    kicks = [a for a in state.legal_actions() if a[0] == "kick"]
    assert {a[2] for a in kicks} == {3, 4, 5, 6} and len(kicks) == 8 * 4
    state.apply(("kick", (0, 1), 4), rng)
    assert max(abs(state.ball[0] - 1), abs(state.ball[1] - 5)) == 1   # aimed 4 right, scattered 1
    assert ("kick", (0, 1), 4) not in state.legal_actions()          # one kick a move


def test_agitating_the_cow_next_to_it_adds_1_ene_and_3_squares():
    state, rng = lined_up()
    state.apply(next(a for a in state.legal_actions() if a[0] == "move"), rng)
    at = state.pos[state.mover]
    state.cow = (at[0], at[1] + 1) if at[1] < 10 else (at[0], at[1] - 1)
    before = state.steps_left
    state.apply(("agitate",), rng)
    assert state.ene == rules().start + 1 and state.steps_left == before + 3
    assert ("agitate",) not in state.legal_actions()


def test_a_goal_from_an_arrow_scores_and_resets_with_the_cow_calmer():
    state, rng = lined_up()
    state.apply(next(a for a in state.legal_actions() if a[0] == "move"), rng)
    field = arena()
    state.pos = [None] * 6
    state.pos[state.mover] = state.ball = (3, 7)
    state.cow, state.ene = (0, 0), 5
    state.apply(("kick", (0, 1), 6), rng)     # runs through the arrow at (3, 9) into goal B
    assert state.score == [1, 0] and state.ene == 3          # team A scores, whoever kicked
    assert state.cow == field.starts[0] and state.ball == field.starts[1]   # cow on A's side
    assert state.phase == "arrow"


def test_the_cow_charges_the_last_character_who_moved_and_nudges_it():
    state, rng = lined_up(3)
    for _ in range(40):
        if state.events["character nudged"]:
            break
        actions = state.legal_actions()
        state.apply(calm(state, actions, rng), rng)
    assert state.events["character nudged"]
    assert any(p is None for p in state.pos) or state.events["nudged character back"]


def test_analyse_plays_toroball():
    assert load_game("toroball") is GAME
