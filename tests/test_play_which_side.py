"""Which Side's whole-game engine: games end in every mode, follow the rules, replay from a seed."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.frozen import replace
from icp_print.validators.play import WON
from icp_print.validators.ycp.model import Actions
from icp_print.validators.ycp.postcard_file import load_postcard
from icp_print.validators.ycp.which_side.actions import ACTIONS, WORKER_CUBES
from icp_print.validators.ycp.which_side.play import GAME, slots
from icp_print.validators.ycp.solo import values_before_chance
from icp_print.validators.ycp.which_side.rules import City, life_cost, rules
from playcheck import check_finished, play_out, record

MODES = ("normal", "advanced", "hard")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(MODES), st.sampled_from(("one", "any")))
def test_random_games_end_without_error(seed, mode, means):
    state = play_out(GAME, seed, {"mode": mode, "means": means})
    check_finished(state)
    assert state.turns <= rules().last_turn


def test_same_seed_same_game():
    assert record(play_out(GAME, 11, {"mode": "hard"})) == record(play_out(GAME, 11, {"mode": "hard"}))


def test_variants_are_the_modes_and_the_means_reading():
    assert GAME.variants == {"mode": MODES, "means": ("one", "any")}
    with pytest.raises(RuleError):
        GAME.new_state(1, random.Random(0), {"mode": "easy"})


def test_actions_are_the_postcards_action_spaces():
    card = load_postcard("which-side")
    printed = {i.name for b in card.of_kind(Actions) if b.id != "means" for i in b.items}
    assert {a.label for a in ACTIONS.values()} == printed


def at_work(city: City, mode: str = "normal", seed: int = 0):
    state = GAME.new_state(1, random.Random(seed), {"mode": mode})
    state.city, state.phase, state.placed, state.to_place = city, "work", {}, 4
    return state


def test_setup_rolls_the_employer_table_once():
    for seed in range(30):
        state = GAME.new_state(1, random.Random(seed), {})
        assert sum(v for k, v in state.events.items() if k.startswith("setup:")) == 1


def test_hard_mode_rent_2_dollars():
    assert life_cost(City(), "hard") == life_cost(City(), "normal") + 1


@pytest.mark.parametrize("mode, means", [("normal", 5), ("advanced", 6), ("hard", 8)])
def test_win_with_the_modes_means_of_production(mode, means):
    state = at_work(City(savings=100), mode)
    state.controlled = set(range(2, means + 1))
    state.phase = "means"
    state.apply(1, random.Random(0))                   # $8 buys number 1
    assert state.returns() == (1.0,)


def test_lost_after_turn_10_without_the_means():
    state = at_work(City(savings=100, strength=9))
    state.turns = rules().last_turn - 1
    state.phase = "means"
    state.apply(0, random.Random(0))
    assert state.returns() == (0.0,) and state.events["lost: turn 10 over"] == 1


def test_one_means_of_production_a_turn_by_default():
    state = at_work(City(savings=100))
    state.phase = "means"
    state.apply(1, random.Random(0))
    assert state.phase == "work" and state.controlled == {1}


def test_means_any_reading_takes_several_in_one_resolution():
    state = GAME.new_state(1, random.Random(0), {"means": "any"})
    state.city, state.phase = replace(state.city, savings=100), "means"
    state.resources = {"sabotage": 1, "strike": 1, "anarchist": 0, "union": 0}
    state.apply(1, random.Random(0))
    assert state.phase == "means" and 2 in state.legal_actions()


def test_only_local_union_and_printing_press_repeat_in_a_turn():
    state = at_work(City(savings=10, injured=2, workers=2))
    state.apply("bonesetter", random.Random(0))
    assert "bonesetter" not in state.legal_actions()
    state.apply("local-union", random.Random(0))
    assert "local-union" in state.legal_actions()
    assert slots()["Local Union"] == slots()["Printing Press"] == 2


def test_every_acting_worker_is_placed_then_the_life_cost_is_paid():
    state = at_work(City(savings=10))
    for _ in range(4):
        state.apply("triangle", random.Random(0)) if "triangle" in state.legal_actions() \
            else state.apply("local-union", random.Random(0))
    assert state.phase == "means"
    assert state.city.savings == 10 + 2 * 2 - life_cost(City(), "normal")


def test_greenwich_village_needs_a_free_worker_cube():
    full = City(workers=WORKER_CUBES - 1, prisoners=1)
    assert not ACTIONS["greenwich"].possible(full, {})
    assert ACTIONS["greenwich"].possible(City(), {})


def test_strength_past_10_loses():
    state = at_work(City(strength=rules().strength_max, savings=100))
    state.phase = "means"
    state.apply(0, random.Random(0))
    assert state.events["lost: Employer's Strength past its end"] == 1


def test_greedy_values_stop_before_the_next_employer_phase():
    state = at_work(City(savings=100))
    state.controlled = {2, 3, 4, 5}
    state.phase = "means"
    actions = state.legal_actions()
    values = state.action_values(actions, 0, random.Random(1))
    assert values == state.action_values(actions, 0, random.Random(2))     # no die drawn
    assert actions[values.index(max(values))] == 1 and max(values) == WON / 2   # the fifth means wins
    assert values[actions.index(0)] == state.heuristic(0)                  # taking none changes nothing


def test_greedy_values_follow_the_actions_asked_about():
    state = at_work(City(savings=3))
    actions = state.legal_actions()
    every = dict(zip(actions, state.action_values(actions, 0, random.Random(0))))
    some = actions[::3]
    assert list(state.action_values(some, 0, random.Random(0))) == [every[a] for a in some]


def test_worker_values_equal_the_copies_played_up_to_the_next_die():
    """The engine rates a worker from the steps ``apply`` takes, without a copy; a copy
    played up to the next die (the reference) gives the same values, in every mode and on
    both means readings, in positions reached by random play."""
    positions = 0
    for seed in range(60):
        variant = {"mode": MODES[seed % 3], "means": ("one", "any")[seed % 2]}
        rng = random.Random(seed)
        state = GAME.new_state(1, rng, variant)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert tuple(state.action_values(actions, 0, rng)) == values_before_chance(state, actions)
            positions += 1
            state.apply(rng.choice(list(actions)), rng)
    assert positions > 600


def test_worker_values_are_shared_by_positions_that_differ_in_strength_or_the_dead_only():
    """The remembered values leave out Employer's Strength and the dead (the Worker Phase
    and the rating never read them): each position still gets what copies played up to
    the next die give it."""
    for strength, dead in ((0, 0), (5, 1), (9, 2), (0, 0)):
        state = at_work(City(savings=6, risk=2, police=1, injured=1, strength=strength, dead=dead))
        actions = state.legal_actions()
        assert tuple(state.action_values(actions, 0, random.Random(0))) == values_before_chance(state, actions)


def test_listed_actions_follow_the_position():
    """The list is remembered per position: after a worker is placed, or the city is
    replaced, it is found again."""
    state = at_work(City(savings=10, injured=1, workers=3))
    assert "bonesetter" in state.legal_actions()
    state.apply("bonesetter", random.Random(0))
    assert "bonesetter" not in state.legal_actions()
    state.city = replace(state.city, injured=0, prisoners=1)
    assert "lawyers-free" in state.legal_actions()
