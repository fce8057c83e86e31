"""Lucha Libre's whole-game engine: matches end, follow the rules, replay from a seed."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.frozen import replace
from icp_print.validators.ycp.lucha_libre.play import GAME, STOP, keeps
from icp_print.validators.ycp.lucha_libre.round import play_round, reroll_advice
from icp_print.validators.ycp.lucha_libre.rules import rules
from playcheck import check_finished, play_out, record


def cautious(state, actions, rng):
    """Random, but reroll only one time in four, so a match is not all rerolls."""
    if state.phase == "roll" and rng.random() < 0.75:
        return STOP
    return rng.choice(list(actions))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_matches_end_without_error(seed):
    check_finished(play_out(GAME, seed, players=2, choose=cautious))


def test_same_seed_same_match():
    assert record(play_out(GAME, 3, players=2, choose=cautious)) == \
        record(play_out(GAME, 3, players=2, choose=cautious))


def test_setup_10_fans_each_dice_equal_to_the_ring_wrestlers_ene():
    state = GAME.new_state(2, random.Random(0), {})
    lim = rules().limits
    assert state.match.fans == (lim.fans_start,) * 2
    assert [len(r) for r in state.rolls] == [lim.energy_start] * 2


def test_reroll_costs_one_fan_and_needs_one():
    state = GAME.new_state(2, random.Random(0), {})
    state.apply(("reroll", ()), random.Random(1))
    assert state.match.fans[0] == rules().limits.fans_start - rules().limits.reroll_cost
    state.match = replace(state.match, fans=(0, state.match.fans[1]))
    assert state.legal_actions() == (STOP,)


def test_reroll_choices_are_every_set_of_dice_to_keep():
    assert keeps((1, 1, 2)) == [(), (1,), (1, 1), (1, 2), (2,)]


def test_claiming_nothing_is_allowed():
    state = GAME.new_state(2, random.Random(0), {})
    state.apply(STOP, random.Random(0))
    state.apply(STOP, random.Random(0))
    assert state.phase == "claim"
    plays = state._choices(0)
    assert any(not p.moves for p in plays) and len(state.legal_actions()) == len(plays)


def test_37_fans_win():
    state = GAME.new_state(2, random.Random(0), {})
    state.match = replace(state.match, fans=(rules().limits.fans_to_win, 5))
    for _ in range(2):
        state.apply(STOP, random.Random(0))
    nothing = next(i for i, p in enumerate(state._choices(0)) if not p.moves)
    state.apply(("claim", nothing), random.Random(0))
    nothing = next(i for i, p in enumerate(state._choices(1)) if not p.moves)
    state.apply(("claim", nothing), random.Random(0))
    assert state.returns() == (1.0, 0.0) and state.rounds == 1 and state.turns == 2


def test_greedy_rerolls_by_the_exact_expected_fans_of_the_reroll_advice():
    state = GAME.new_state(2, random.Random(5), {})
    state.rolls[0] = (1, 2, 4)
    wrestler = state.match.in_ring[0]
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(0))
    advice = {c.keep: c.expected_fans for c in reroll_advice((1, 2, 4), wrestler)}
    stop = values[actions.index(STOP)]
    assert stop == state.heuristic(0)
    for action, value in zip(actions, values):
        keep = (1, 2, 4) if action == STOP else action[1]
        assert value - stop == pytest.approx(float(advice[keep] - advice[(1, 2, 4)]))


def test_greedy_rates_a_claim_by_the_round_it_resolves():
    state = GAME.new_state(2, random.Random(5), {})
    state.rolls = [(6, 6, 6), (5, 5, 5)]               # El Santo and Blue Demon: Triple F each
    state.apply(STOP, random.Random(0))
    state.apply(STOP, random.Random(0))
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(0))
    theirs = state._choices(1)[0]
    for action, value in zip(actions, values):
        after = play_round(state.match, (state._choices(0)[action[1]].moves, theirs.moves))
        ring = after.in_ring
        assert value == after.fans[0] - after.fans[1] + 0.5 * (after.energy[ring[0]] - after.energy[ring[1]])
    assert values[0] == max(values)            # the first choice is the best: Triple F, +5 Fans
