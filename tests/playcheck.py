"""Shared helpers for the whole-game engine tests: play a game out with seeded random choices."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping

TURN_CAP = 3000


def play_out(game, seed: int, variant: Mapping[str, str] | None = None, players: int | None = None,
             choose: Callable | None = None):
    """Play one game to its end with random legal choices (or ``choose``); returns the final state."""
    rng = random.Random(seed)
    state = game.new_state(players or game.min_players, rng, dict(variant or {}))
    while not state.is_terminal():
        assert state.turns < TURN_CAP, "the game did not end"
        actions = state.legal_actions()
        assert actions, "no legal action before the end"
        assert len(set(actions)) == len(actions), "an action is listed twice"
        action = choose(state, actions, rng) if choose else rng.choice(list(actions))
        state.apply(action, rng)
    return state


def record(state) -> tuple:
    """What a finished game reports: returns, turns, rounds and the events tally."""
    return state.returns(), state.turns, state.rounds, sorted(state.events.items())


def check_finished(state) -> None:
    """A finished game has one result per seat and no seat to move."""
    assert state.is_terminal() and state.current_player() == -1 and state.legal_actions() == ()
    returns = state.returns()
    assert len(returns) == state.num_players and abs(sum(returns) - 1.0) < 1e-9 or sum(returns) == 0
