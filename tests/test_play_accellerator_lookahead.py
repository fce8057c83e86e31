"""Accellerator's own one-step ratings (``action_values``) agree with playing each turn on a
copy, and a turn it has already played out is applied exactly as a fresh one."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.accellerator.play import GAME, AccelleratorState
from icp_print.validators.accellerator.turn import look_ahead, play_turn, turn_after
from icp_print.validators.analysis.players import candidates, values_on_copies


def _looked_at(state: AccelleratorState, rng: random.Random) -> list:
    """The turns a greedy player would rate here: a few plain ones and a draw of the rest."""
    return list(candidates(state.legal_actions(), 40, rng))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 4]))
def test_action_values_are_the_values_of_the_turns_played_on_copies(seed, players):
    rng = random.Random(seed)
    state = GAME.new_state(players, rng, {})
    while not state.is_terminal() and state.turns < 40:
        actions = _looked_at(state, rng)
        seat = state.current_player()
        for rater in {seat, (seat + 1) % players}:
            own = state.action_values(actions, rater, random.Random(0))
            assert own == values_on_copies(state, actions, rater, random.Random(0))
        state.apply(rng.choice(actions), rng)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_turn_rated_first_is_applied_as_a_turn_never_rated(seed):
    rng = random.Random(seed)
    rated = GAME.new_state(4, rng, {})
    fresh = AccelleratorState(rated.state, rated.roll, rated.turns, Counter())
    while not rated.is_terminal() and rated.turns < 40:
        actions = _looked_at(rated, rng)
        rated.action_values(actions, rated.current_player(), random.Random(0))
        choice = rng.choice(actions)
        dice = rng.getrandbits(32)
        rated.apply(choice, random.Random(dice))
        fresh.apply(choice, random.Random(dice))
        assert (rated.state, rated.roll, rated.events) == (fresh.state, fresh.roll, fresh.events)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["stay", "re-enter"]))
def test_a_turn_looked_ahead_lands_where_the_turn_played_lands(seed, bounce):
    """``look_ahead`` walks the same steps as ``play_turn`` without their records."""
    rng = random.Random(seed)
    state = GAME.new_state(4, rng, {"bounce": bounce})
    while not state.is_terminal() and state.turns < 60:
        actions = _looked_at(state, rng)
        for choice in actions:
            turn = play_turn(state.state, state.roll, choice, listed=True)
            assert look_ahead(state.state, state.roll, choice) == (turn.move.after, turn.move.entered)
            assert turn_after(state.state, state.roll, choice) == turn.after
        state.apply(rng.choice(actions), rng)
