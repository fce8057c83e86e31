"""The Last Glow's whole-game engine: games end in both modes, follow the rules, replay from a seed."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.ycp.the_last_glow.rules import Lighthouse, rules
from icp_print.validators.ycp.model import Actions
from icp_print.validators.ycp.postcard_file import load_postcard
from icp_print.validators.ycp.the_last_glow.actions import (FACES, Board, card, crew_moves, perform, placements,
                                                        storm_phase)
from icp_print.validators.ycp.the_last_glow.play import GAME
from icp_print.validators.ycp.the_last_glow.rating import rating, worth
from playcheck import check_finished, play_out, record


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(("storm", "nightmare")))
def test_random_games_end_without_error(seed, mode):
    check_finished(play_out(GAME, seed, {"mode": mode}))


def test_same_seed_same_game():
    assert record(play_out(GAME, 5, {"mode": "nightmare"})) == record(play_out(GAME, 5, {"mode": "nightmare"}))


def test_unknown_mode_is_refused():
    with pytest.raises(RuleError):
        GAME.new_state(1, random.Random(0), {"mode": "calm"})


def test_crew_actions_are_the_postcards_action_spaces():
    printed = {i.name for b in load_postcard("the-last-glow").of_kind(Actions) for i in b.items}
    board = Board(Lighthouse((3, 3), 3, 6), hearts=[(1, 1)], items={(3, 3)}, captured=1)
    assert {m.label for m in crew_moves(board)} == printed


def test_setup_lighthouse_on_start_brightness_3_structure_6_one_heart_on_line_1():
    state = GAME.new_state(1, random.Random(4), {})
    lh = state.board.lighthouse
    assert (lh.square, lh.brightness, lh.structure) == (card().start, 3, 6)
    assert len(state.board.hearts) == 1 and state.board.hearts[0][1] == 1


def test_storm_mode_one_new_heart_each_turn_nightmare_follows_the_sequence():
    for mode in ("storm", "nightmare"):
        for turn in range(1, 11):
            board = Board(Lighthouse((3, 5), 3, 6))
            events = Counter()
            storm_phase(board, mode, turn, random.Random(turn), events)
            expected = 1 if mode == "storm" else rules().nightmare[turn - 1]
            assert events["heart: appears"] + events["heart: no room to appear"] == expected


def test_lighthouse_sinks_off_the_bottom_line_and_crashes():
    board = Board(Lighthouse((3, rules().lines), 3, 6))
    storm_phase(board, "storm", 1, random.Random(0), Counter())
    assert board.lost == "lost: the Lighthouse crashed"


def test_three_structure_points_leave_four_crew():
    state = GAME.new_state(1, random.Random(0), {})
    state.board.lighthouse = Lighthouse((3, 3), 3, 3)
    state._start_turn()
    assert state.crew_left == 4


def test_full_throttle_after_the_first_costs_one_structure():
    state = GAME.new_state(1, random.Random(0), {})
    state.board = Board(Lighthouse((3, 5), 3, 6))
    state._start_turn()
    state.apply(("full-throttle",), random.Random(0))
    assert state.board.lighthouse.structure == 6 and state.board.lighthouse.square == (3, 4)
    state.apply(("full-throttle",), random.Random(0))
    assert state.board.lighthouse.structure == 5 and state.board.lighthouse.square == (3, 3)
    state.apply(("full-throttle",), random.Random(0))                # an open area: no limit
    assert state.board.lighthouse.structure == 4 and state.board.lighthouse.square == (3, 2)


def test_lighthouse_never_moves_onto_a_heart():
    board = Board(Lighthouse((3, 3), 3, 6), hearts=[(2, 3), (3, 2)])
    ids = {m.id for m in crew_moves(board)}
    assert "maneuver-left" not in ids and "full-throttle" not in ids and "maneuver-right" in ids


def test_sleep_one_crew_here_two_crew_next_door():
    board = Board(Lighthouse((3, 3), 3, 6), items={(3, 3), (4, 3), (5, 5)})
    sleeps = {m.target: m.crew for m in crew_moves(board) if m.id == "sleep"}
    assert sleeps == {(3, 3): 1, (4, 3): 2}
    assert {m.target for m in crew_moves(board, crew_left=1) if m.id == "sleep"} == {(3, 3)}


def test_send_scores_and_six_victory_points_win():
    state = GAME.new_state(1, random.Random(0), {})
    state.board.captured, state.board.victory = 1, card().victory_goal - 1
    state.apply(("send",), random.Random(0))
    assert state.returns() == (1.0,) and state.events["won"] == 1


def test_heart_landing_at_0_victory_points_loses():
    contacts = 0
    for seed in range(60):
        board = Board(Lighthouse((1, 2), 3, 6), hearts=[(6, rules().lines)])
        events = Counter()
        storm_phase(board, "storm", 1, random.Random(seed), events)
        contacts += events["heart: contact"]
        assert (board.lost == "lost: a Heart reached Mylemord at 0 VP") == bool(events["heart: contact"])
    assert contacts


def test_heart_landing_costs_a_victory_point_above_0():
    for seed in range(60):
        board = Board(Lighthouse((1, 2), 3, 6), hearts=[(6, rules().lines)], victory=2)
        events = Counter()
        storm_phase(board, "storm", 1, random.Random(seed), events)
        assert board.victory == 2 - events["heart: contact"] and not board.lost


def test_every_crew_member_is_placed_before_the_storm():
    state = GAME.new_state(1, random.Random(3), {})
    for _ in range(4):
        state.apply(("light-up",) if ("light-up",) in state.legal_actions() else ("repair",), random.Random(0))
        assert state.turns == 0
    state.apply(state.legal_actions()[0], random.Random(0))
    assert state.turns == 1 or state.is_terminal()


def test_greedy_values_are_the_rating_of_the_board_each_placement_leaves():
    state = GAME.new_state(1, random.Random(0), {})
    state.board = Board(Lighthouse((3, 4), 1, 6), hearts=[(2, 3), (3, 2), (6, 1)], items={(4, 4)}, captured=1)
    state._start_turn()
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(0))
    for action, value in zip(actions, values):
        faces = range(1, 7) if action[0] == "hunt" else (1,)
        after = []
        for face in faces:
            twin = state.clone()
            twin.apply(action, FACES[face])             # a die showing one face
            after.append(rating(twin.board))
        assert value == pytest.approx(sum(after) / len(after)), action
    ranked = [a for _, a in sorted(zip(values, actions), key=lambda va: -va[0])]
    assert ranked[:2] == [("send",), ("sleep", 4, 4)]      # every step towards a Victory Point gains


def test_a_lighthouse_on_the_bottom_line_climbs_before_anything_else():
    state = GAME.new_state(1, random.Random(0), {})
    state.board = Board(Lighthouse((3, rules().lines), 3, 6), hearts=[(3, 5)])
    state._start_turn()
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(0))
    assert actions[values.index(max(values))] == ("full-throttle",) or ("full-throttle",) not in actions


def test_greedy_values_equal_placements_played_on_a_copy_and_leave_the_board_as_it_was():
    """The engine plays each placement on the board itself and puts it back; a copy of the
    board with the placement played on it (every face of a Hunt's die) is the reference,
    in positions reached by random play in both modes."""
    positions = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_state(1, rng, {"mode": ("storm", "nightmare")[seed % 2]})
        while not state.is_terminal():
            actions = state.legal_actions()
            before = state.board.copy()
            values = state.action_values(actions, 0, rng)
            assert state.board == before
            throttles = state.placed.get("Full Throttle", 0)
            for action, value in zip(actions, values):
                move = state._moves().get(action)
                faces = range(1, 7) if move is not None and move.id == "hunt" else (1,)
                worths = []
                for face in faces:
                    twin = state.board.copy()
                    if move is not None:
                        perform(twin, move, throttles, FACES[face])
                    worths.append(worth(twin))
                assert value == pytest.approx(sum(worths) / len(worths)), action
            positions += 1
            state.apply(rng.choice(list(actions)), rng)
    assert positions > 300


def test_placements_remembered_by_neighbourhood_are_those_of_the_whole_board():
    """The engine lists the placements other than Hunts from what is next to the Lighthouse
    (remembered across games); the listing of the whole board is the reference."""
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_state(1, rng, {"mode": ("storm", "nightmare")[seed % 2]})
        while not state.is_terminal():
            expected = tuple(placements(state.board, state.crew_left)) or (("idle",),)
            assert state.legal_actions() == expected
            assert [m.crew for m in state._moves().values()] == [m.crew for m in
                                                                 placements(state.board, state.crew_left).values()]
            state.apply(rng.choice(list(state.legal_actions())), rng)
