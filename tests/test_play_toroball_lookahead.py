"""Toroball's own one-step ratings (``action_values``) agree with playing each action on a copy."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.analysis.players import values_on_copies
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
