"""Toroball's own one-step ratings (``action_values``) agree with playing each action on a copy."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.players import candidates, values_on_copies
from icp_print.validators.ycp.toroball.play import GAME


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_action_values_are_the_values_of_the_actions_played_on_copies(seed):
    rng = random.Random(seed)
    state = GAME.new_state(2, rng, {})
    for _ in range(400):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        seat = state.current_player()
        for rater in (seat, 1 - seat):
            draws = rng.getrandbits(32)
            own = state.action_values(actions, rater, random.Random(draws))
            assert own == values_on_copies(state, actions, rater, random.Random(draws))
        state.apply(rng.choice(actions), rng)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_action_values_of_a_draw_of_the_actions_are_their_values_on_copies(seed):
    """A greedy player rates a draw of the actions when there are many (a kick offers 32):
    the kicks, rated together, keep the order of their dice among the others'."""
    rng = random.Random(seed)
    state = GAME.new_state(2, rng, {})
    for _ in range(400):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        drawn = candidates(actions, min(len(actions), 14), rng)
        seat = state.current_player()
        draws = rng.getrandbits(32)
        own = state.action_values(drawn, seat, random.Random(draws))
        assert own == values_on_copies(state, drawn, seat, random.Random(draws))
        state.apply(rng.choice(actions), rng)
