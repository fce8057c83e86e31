"""Bonnie and Clyde's whole-game engine: games end, follow the rules, replay from a seed."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.ycp.bonnie_and_clyde.play import GAME, BonnieAndClydeState
from icp_print.validators.play import WON
from icp_print.validators.ycp.solo import values_before_chance
from icp_print.validators.ycp.bonnie_and_clyde.actions import ACTIONS, CUBES, perform
from icp_print.validators.ycp.bonnie_and_clyde.rules import Gauges, police_phase, resolution_phase
from icp_print.validators.ycp.model import Actions
from icp_print.validators.ycp.postcard_file import load_postcard
from playcheck import check_finished, play_out, record


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_games_end_without_error(seed):
    check_finished(play_out(GAME, seed))


def test_same_seed_same_game():
    assert record(play_out(GAME, 7)) == record(play_out(GAME, 7))


def test_actions_are_the_postcards_action_spaces():
    printed = {i.name for block in load_postcard("bonnie-and-clyde").of_kind(Actions) for i in block.items}
    assert {a.label for a in ACTIONS.values()} == printed


def state_at(gauges: Gauges, seed: int = 0) -> BonnieAndClydeState:
    """A game whose police roll is settled, at the first Place, with these gauges."""
    state = GAME.new_state(1, random.Random(seed), {})
    state.gauges, state.phase, state.left, state.used, state.dropped = gauges, "place", dict(CUBES), frozenset(), 0
    state.events.clear()
    return state


def test_places_two_different_each_turn():
    state = state_at(Gauges(savings=5))
    state.apply("dallas", random.Random(0))
    assert "dallas" not in state.legal_actions() and state.phase == "place"
    state.apply("home", random.Random(0))
    assert state.phase == "daily"


def test_daily_actions_two_different_each_turn_one_label_for_both_ways_to_pay():
    state = state_at(Gauges(savings=5))
    for place in ("dallas", "home"):
        state.apply(place, random.Random(0))
    state.apply("ammunition-buy", random.Random(0))
    assert "ammunition-steal" not in state.legal_actions()


def test_leave_town_only_with_love_to_death():
    assert "leave-town" not in state_at(Gauges(savings=5)).legal_actions()
    state = state_at(Gauges(love=2, ammunition=2, passion=2, poems=3, savings=5))
    for place in ("dallas", "home"):
        state.apply(place, random.Random(0))
    assert "leave-town" in state.legal_actions()


def test_win_leave_town_and_love_to_death_at_the_end_of_the_turn():
    state = state_at(Gauges(love=2, ammunition=2, passion=2, poems=3, savings=5))
    for action in ("dallas", "home", "leave-town", "good-work"):
        state.apply(action, random.Random(0))
    assert state.returns() == (1.0,) and state.turns == 1


def test_savings_below_0_lose_the_game():
    state = state_at(Gauges(savings=0))
    state.apply("ride", random.Random(0))
    assert state.is_terminal() and state.returns() == (0.0,)
    assert state.events["lost: Savings below 0"] == 1


def test_daily_life_cost_unpaid_loses():
    state = state_at(Gauges(savings=0))
    for action in ("home", "cement-city", "good-work", "ammunition-steal"):
        state.apply(action, random.Random(0))
    assert state.events["lost: cannot pay the Daily Life Cost"] == 1


def test_ammunition_choice_offered_after_the_police_roll_only_with_ammunition():
    for seed in range(40):
        state = GAME.new_state(1, random.Random(seed), {})
        assert state.phase != "police"                  # no Ammunition at the start: no choice
    state = state_at(Gauges(savings=5, ammunition=1))
    state._start_turn(random.Random(0))
    assert state.phase == "police" and state.legal_actions() == (0, 1)


def test_lost_action_cube_player_picks_places_or_daily():
    state = state_at(Gauges(savings=5, ammunition=0))
    state.phase, state.roll = "police", 6                # 6: Police Threat +1 and Ammunition -1 at 0
    state._police(0, random.Random(1))
    assert state.phase == "drop" and state.legal_actions() == ("place", "daily")
    state.apply("daily", random.Random(1))
    assert state.left == {"place": CUBES["place"], "daily": CUBES["daily"] - 1}


def test_clone_is_independent():
    state = state_at(Gauges(savings=5))
    twin = state.clone()
    twin.apply("dallas", random.Random(0))
    assert state.left["place"] == 2 and state.gauges.savings == 5 and not state.events


def test_greedy_values_stop_before_the_next_die():
    state = state_at(Gauges(love=2, ammunition=2, passion=2, poems=3, savings=5))
    for action in ("dallas", "home", "good-work"):
        state.apply(action, random.Random(0))
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(1))
    assert values == state.action_values(actions, 0, random.Random(2))     # no die drawn
    assert values[actions.index("leave-town")] == WON / 2                  # the last cube wins
    for action, value in zip(actions, values):
        if action != "leave-town":
            twin = state.clone()
            twin.apply(action, random.Random(3))                           # the next turn's dice
            twin.gauges = resolution_phase(perform(state.gauges, ACTIONS[action]))
            assert value == twin.heuristic(0)


def test_greedy_rates_the_police_choice_by_the_roll_it_gives():
    state = state_at(Gauges(savings=5, ammunition=1, threat=1))
    state.phase, state.roll = "police", 5                # 5: Police Threat +1; 4 with the bullet: Love -1
    values = state.action_values((0, 1), 0, random.Random(0))
    for spend, value in zip((0, 1), values):
        after, _ = police_phase(state.gauges, 5, spend)
        twin = state.clone()
        twin.gauges = after
        assert value == twin.heuristic(0)
    assert values[1] > values[0]                         # a bullet (1) is cheaper than a Threat step (1.5)


def test_remembered_values_equal_the_copies_played_up_to_the_next_die():
    """Greedy's values are remembered per position; what the position is keyed by must say
    everything they depend on: in positions reached by random play they equal a copy
    played up to the next die (the reference), worked out afresh."""
    positions = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = GAME.new_state(1, rng, {})
        while not state.is_terminal():
            actions = state.legal_actions()
            assert tuple(state.action_values(actions, 0, rng)) == values_before_chance(state, actions)
            positions += 1
            state.apply(rng.choice(list(actions)), rng)
    assert positions > 300
