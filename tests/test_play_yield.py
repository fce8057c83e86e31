"""Yield!'s whole-game engine: the setup and the driving as the players' decisions, to the end."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.games import load_game
from icp_print.validators.errors import InputError
from icp_print.validators.yield_.board import Board, PlacedTile
from icp_print.validators.yield_.moves import legal_turns, survivable
from icp_print.validators.yield_.placement import legal_placements, start_allowed
from icp_print.validators.yield_.play import DISCARD, GAME, HUNT, PRESS
from icp_print.validators.yield_.rules import RULES
from icp_print.validators.yield_.search import distinct_turns
from icp_print.validators.yield_.state import GameState, Vehicle
from icp_print.validators.yield_.model import reference_set
from playcheck import check_finished, play_out, record


def set_up(players: int, seed: int, variant: dict | None = None):
    """A game played through its setup with random legal choices, driving not begun."""
    rng = random.Random(seed)
    state = GAME.new_state(players, rng, variant or {})
    while state.position is None:
        state.apply(rng.choice(state.legal_actions()), rng)
    return state


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]), st.sampled_from(["10", "3", "25"]))
def test_random_games_end_without_error(seed, players, limit):
    state = play_out(GAME, seed, {"damage": limit}, players=players)
    check_finished(state)
    assert len(state.position.active()) <= 1


def test_same_seed_same_game():
    assert record(play_out(GAME, 5, players=3)) == record(play_out(GAME, 5, players=3))


def test_setting_up_every_tile_is_drawn_from_a_complete_shuffled_set():
    state = GAME.new_state(2, random.Random(0), {})
    assert sorted(state.bag + [state.drawn]) == sorted(reference_set())
    other = GAME.new_state(2, random.Random(1), {})
    assert state.bag != other.bag


def test_setting_up_player_one_chooses_any_square_and_turn_for_the_start():
    state = GAME.new_state(2, random.Random(0), {})
    squares = {p.square for p in state.legal_actions()}
    assert len(squares) == 64 and state.current_player() == 0


def test_setting_up_other_starts_keep_two_squares_from_player_ones():
    state = GAME.new_state(3, random.Random(0), {})
    first = state.legal_actions()[0]
    state.apply(first, random.Random(0))
    assert state.current_player() == 1
    offered = {p.square for p in state.legal_actions()}
    assert offered == {sq for sq in Board().squares() if start_allowed(sq, [first.square])}


def test_setting_up_rule_5_every_legal_place_is_offered_and_only_those():
    rng = random.Random(2)
    state = GAME.new_state(2, rng, {})
    while state.position is None:
        if len(state.starts) == 2:
            expected = legal_placements(state.board, state.drawer, state.drawn,
                                        state.rule7_at is not None) or [DISCARD]
            assert list(state.legal_actions()) == list(expected)
        state.apply(rng.choice(state.legal_actions()), rng)


def test_setting_up_rule_6_discard_is_the_only_action_when_nothing_fits():
    rng = random.Random(1)
    state = GAME.new_state(2, rng, {})
    discards = 0
    while state.position is None:
        actions = state.legal_actions()
        if DISCARD in actions:
            assert actions == (DISCARD,) and len(state.starts) == 2
            assert not legal_placements(state.board, state.drawer, state.drawn, state.rule7_at is not None)
            discards += 1
        state.apply(rng.choice(actions), rng)
    assert discards and state.events["setup: tile discarded (rule 6)"] == discards
    assert len(state.board) + discards == 64


def test_setting_up_rule_7_once_roads_join_any_players_tile_will_do():
    for seed in range(10):
        state = set_up(2, seed)
        if state.rule7_at is not None:
            assert state.events["setup: roads joined an opponent's (rule 7)"] == 1
            return
    pytest.fail("no setup joined two players' roads")


def test_setting_up_ends_with_the_bag_empty_and_every_vehicle_stopped_on_its_start():
    state = set_up(3, 4)
    assert not state.bag and state.drawn is None
    assert [v.square for v in state.position.vehicles] == state.starts
    assert all(v.stopped and v.speed == RULES.speed_min for v in state.position.vehicles)
    assert state.current_player() == 0 and state.turns == 0


def test_driving_a_decision_is_one_legal_turn_speed_and_route():
    state = set_up(2, 7)
    turns = legal_turns(state.position)
    routes = {(t.speed, t.route): t for t in turns}
    assert set(state.legal_actions()) <= set(routes)
    assert {routes[a].after.key() for a in state.legal_actions()} == {t.after.key() for t in turns}
    assert len(state.legal_actions()) == len(distinct_turns(turns))
    speed, route = state.legal_actions()[-1]
    state.apply((speed, route), random.Random(0))
    assert state.position == routes[(speed, route)].after
    assert state.turns == 1


def test_an_illegal_action_is_refused():
    state = set_up(2, 7)
    with pytest.raises(InputError):
        state.apply((6, ("N",) * 6), random.Random(0))


def test_appendix_a_damage_limit_is_a_variant():
    assert GAME.variants["damage"][0] == str(RULES.damage_limit)
    assert set_up(2, 1, {"damage": "4"}).position.damage_limit == 4
    with pytest.raises(InputError):
        GAME.new_state(2, random.Random(0), {"damage": "0"})


def test_winning_last_vehicle_standing_wins_nobody_when_none_is_left():
    state = set_up(2, 3)
    one_left = state.position.with_vehicle(state.position.vehicle(2).destroyed())
    state.position = one_left
    assert state.is_terminal() and state.returns() == (1.0, 0.0)
    state.position = one_left.with_vehicle(one_left.vehicle(1).destroyed())
    assert state.returns() == (0.0, 0.0)


def test_two_or_three_players():
    with pytest.raises(InputError):
        GAME.new_state(4, random.Random(0), {})


def test_greedy_heuristic_counts_a_vehicle_heading_off_the_board_as_lost():
    line = Board(1, 2, (((0, 0), PlacedTile("straight", 90)), ((0, 1), PlacedTile("straight", 90))))
    doomed = GameState(line, (Vehicle(1, (0, 1), "E", 2), Vehicle(2, (0, 0))))
    assert not survivable(doomed, 1) and survivable(doomed, 2)
    state = set_up(2, 0)
    state.position = doomed
    # equal health (the opponent's counted 1 + PRESS times), one point of speed above the
    # other (+0.1), less its whole health, less HUNT for the one square between them
    even = RULES.damage_limit - (1 + PRESS) * RULES.damage_limit
    assert state.heuristic(0) == pytest.approx(even + 0.1 - RULES.damage_limit - HUNT)
    assert state.heuristic(1) == pytest.approx(even - 0.1 - HUNT)


def test_greedy_heuristic_rates_an_even_exchange_with_the_last_opponent_above_keeping_apart():
    line = Board(1, 3, tuple(((0, c), PlacedTile("straight", 90)) for c in range(3)))
    before = GameState(line, (Vehicle(1, (0, 0), "E", 2), Vehicle(2, (0, 2), "W", 3),
                              Vehicle(3, None, out=True)))
    turns = {(t.speed, t.route): t for t in legal_turns(before)}
    exchange, apart = turns[(3, ("E", "E"))], turns[(1, ("E",))]
    assert [(c.collision.mover_damage, c.collision.target_damage) for c in exchange.crashes] == [(3, 3)]
    assert not apart.crashes
    state = set_up(3, 0)
    state.position = exchange.after
    traded = state.heuristic(0)
    state.position = apart.after
    assert traded > state.heuristic(0)


def test_analyse_plays_yield():
    assert load_game("yield") is GAME
