"""RYB's rules, one test per rule or table the deck and solver rely on."""
from __future__ import annotations

from fractions import Fraction

import pytest

from icp_print.validators.ryb.model import (COLOURS, HAND_SIZE, NEEDS, STARTING_POOL, Goal,
                                            colour_total, completes, effective_target, has_won,
                                            tier, value_for)
from icp_print.validators.ryb.odds import goal_odds


def test_setting_up_deal_table():
    assert HAND_SIZE == {2: 5, 3: 4, 4: 3, 5: 2}


def test_setting_up_starting_pool_is_two_dice_of_each_colour():
    assert STARTING_POOL == {"red": 2, "yellow": 2, "blue": 2}


def test_goal_colours_are_the_seven_colours():
    assert set(COLOURS) == {"red", "orange", "yellow", "green", "blue", "purple", "black"}


def test_primaries_need_one_colour_of_die():
    assert [tier(c) for c in ("red", "yellow", "blue")] == ["primary"] * 3
    assert NEEDS["red"] == ("red",)


def test_secondaries_mix_two_colours():
    assert set(NEEDS["orange"]) == {"red", "yellow"}    # Red and Yellow make Orange
    assert set(NEEDS["green"]) == {"yellow", "blue"}    # Yellow and Blue make Green
    assert set(NEEDS["purple"]) == {"blue", "red"}      # Blue and Red make Purple


def test_black_tertiary_needs_all_three_colours():
    assert tier("black") == "tertiary" and set(NEEDS["black"]) == {"red", "yellow", "blue"}


def test_example_1_how_to_count_dice_totals():
    roll = {"red": [4, 4], "yellow": [2, 5], "blue": [3, 4, 4]}
    assert [colour_total(c, roll) for c in ("red", "yellow", "blue")] == [8, 7, 11]
    assert colour_total("orange", roll) == 7
    assert colour_total("green", roll) == 7
    assert colour_total("purple", roll) == 8
    assert colour_total("black", roll) == 7


def test_example_2_attempting_to_complete_a_goal():
    roll = {"red": [1, 4, 5], "blue": [3, 5, 6]}
    assert sum(roll["red"]) == 10 and sum(roll["blue"]) == 14
    assert colour_total("purple", roll) == 10
    assert completes("purple", 9, 0, roll)          # 10 is one more than needed


def test_example_3_al_misses_green_9_with_7():
    roll = {"yellow": [4, 5], "blue": [2, 5]}
    assert colour_total("green", roll) == 7 and not completes("green", 9, 0, roll)


def test_example_3_bruce_misses_green_9_with_8():
    roll = {"yellow": [1, 4, 5], "blue": [3, 5]}
    assert colour_total("green", roll) == 8 and not completes("green", 9, 0, roll)


def test_example_3_catherine_banks_seven_on_red_18():
    roll = {"red": [3, 4]}
    assert not completes("red", 18, 0, roll)
    assert effective_target(18, 7) == 11   # each banked point lowers the Target by one


def test_target_equal_counts_as_completed():
    assert completes("red", 8, 0, {"red": [4, 4]})
    assert not completes("red", 9, 0, {"red": [4, 4]})


def test_banked_points_lower_the_target():
    assert completes("red", 18, 7, {"red": [5, 6]})
    assert goal_odds("red", 18, {"red": 2}, banked=7) == goal_odds("red", 11, {"red": 2})
    assert goal_odds("red", 5, {"red": 0}, banked=5) == 1


def test_value_multipliers_from_the_designers_notes():
    assert value_for("red", 9) == 18
    assert value_for("green", 9) == 27
    assert value_for("black", 9) == 36


def test_winning_needs_three_colours_and_more_than_100_points():
    assert has_won([Goal("red", 18, 36), Goal("green", 9, 27), Goal("black", 10, 40)])  # 103
    assert not has_won([Goal("red", 18, 36), Goal("green", 9, 27), Goal("black", 9, 36)])  # 99
    assert not has_won([Goal("red", 18, 36), Goal("red", 30, 60), Goal("blue", 9, 18)])  # 2 colours


def test_exactly_100_points_does_not_win():
    assert not has_won([Goal("red", 20, 40), Goal("blue", 10, 20), Goal("black", 10, 40)])


def test_secondary_odds_multiply_the_two_colours():
    p = goal_odds("orange", 8, STARTING_POOL)
    assert p == goal_odds("red", 8, STARTING_POOL) * goal_odds("yellow", 8, STARTING_POOL)
    assert p == Fraction(15, 36) ** 2


@pytest.mark.parametrize("colour", COLOURS)
def test_a_colour_with_no_dice_scores_zero(colour):
    assert goal_odds(colour, 1, {}) == 0
