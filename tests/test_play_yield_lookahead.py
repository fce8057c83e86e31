"""Yield!'s own one-step ratings (``action_values``) agree with playing each action on a copy."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.players import values_on_copies
from icp_print.validators.yield_.moves import _lone_turns, _out_of_reach, _walked_turns, speed_choices
from icp_print.validators.yield_.play import GAME


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]), st.sampled_from(["10", "2"]))
def test_action_values_are_the_values_of_the_actions_played_on_copies(seed, players, limit):
    rng = random.Random(seed)
    state = GAME.new_state(players, rng, {"damage": limit})
    while not state.is_terminal() and state.turns < 60:
        actions = state.legal_actions()
        seat = state.current_player()
        for rater in {seat, (seat + 1) % players}:
            own = state.action_values(actions, rater, random.Random(0))
            assert own == values_on_copies(state, actions, rater, random.Random(0))
        state.apply(rng.choice(actions), rng)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]))
def test_a_vehicle_out_of_everyones_reach_gets_the_turns_of_the_square_by_square_walk(seed, players):
    """With nobody within reach, one walk serves every speed: the same turns, in the same order."""
    rng = random.Random(seed)
    state = GAME.new_state(players, rng, {})
    lone = 0
    while not state.is_terminal() and state.turns < 80:
        position = state.position
        if position is not None:
            mover = position.vehicle(position.to_move)
            speeds = speed_choices(mover)
            if _out_of_reach(position, mover, speeds[-1]):
                lone += 1
                one_walk = _lone_turns(position, mover, speeds)
                every_speed = _walked_turns(position, mover, speeds)
                assert one_walk == every_speed
                assert [t.after for t in one_walk] == [t.after for t in every_speed]
        state.apply(rng.choice(state.legal_actions()), rng)
