"""The Last Glow's storm table, damage and spawning, one test per rule, named after it."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.ycp.the_last_glow.rules import (HeartMove, Lighthouse, contact_loses_game,
                                                      crew_actions, d6, explosion_damage, explosion_odds,
                                                      hunt_faces, hunt_succeeds, lighthouse_management, move_heart,
                                                      printed_rows, resolve_heart, rules, spawn_dice,
                                                      storm_row)
from icp_print.validators.ycp.tables import load_tables

squares = st.tuples(st.integers(1, 6), st.integers(1, 6))


@pytest.mark.parametrize("table_id", ["storm", "damage", "spawn"])
def test_tables_printed_rows_agree_with_their_data(table_id):
    assert load_tables("the-last-glow")[table_id].rows == printed_rows(table_id)


def test_storm_table_roll_plus_line_number():
    # Line 2: a 2 makes 4 (down), a 4 makes 6 (down-right), a 6 makes 8 (explodes).
    assert move_heart((3, 2), 2) == HeartMove("down", (3, 3))
    assert move_heart((3, 2), 4) == HeartMove("down-right", (4, 3))
    assert move_heart((3, 2), 6) == HeartMove("explode", None)


def test_storm_table_1_to_3_down_left():
    for total in (1, 2, 3):
        assert storm_row(total).dx == -1 and not storm_row(total).explode
    assert move_heart((3, 1), 2) == HeartMove("down-left", (2, 2))


def test_storm_table_1_to_3_off_the_left_side_moves_straight_down():
    assert move_heart((1, 1), 1) == HeartMove("down", (1, 2))


def test_storm_table_4_to_5_down():
    assert storm_row(4).dx == 0 and storm_row(5).dx == 0
    assert move_heart((5, 1), 4) == HeartMove("down", (5, 2))


def test_storm_table_6_to_7_down_right():
    assert storm_row(6).dx == 1 and storm_row(7).dx == 1
    assert move_heart((2, 1), 5) == HeartMove("down-right", (3, 2))


def test_storm_table_6_to_7_off_the_right_side_moves_straight_down():
    assert move_heart((6, 2), 5) == HeartMove("down", (6, 3))


def test_storm_table_8_and_more_explodes():
    assert all(storm_row(t).explode for t in range(8, 13))
    assert not storm_row(7).explode


def test_storm_heart_cannot_move_onto_another_heart_reroll_then_stay():
    blocked = [(3, 3)]
    assert move_heart((3, 2), 2, blocked, reroll=4) == HeartMove("down-right", (4, 3))
    assert move_heart((3, 2), 2, blocked, reroll=3) == HeartMove("stay", (3, 2))
    assert move_heart((3, 2), 2, blocked) == HeartMove("stay", (3, 2))


def test_contact_heart_leaving_the_bottom_costs_a_victory_point():
    result = resolve_heart((4, 6), 1, lighthouse=(1, 1))     # 1 + 6 = 7: down-right, off the bottom
    assert result.move.kind == "contact" and result.victory_loss == 1


def test_contact_at_zero_victory_points_loses_the_game():
    assert contact_loses_game(0) and not contact_loses_game(1)


def test_explosion_one_square_away_orthogonal_and_diagonal_costs_2():
    for lighthouse in [(2, 2), (3, 2), (4, 2), (2, 3), (4, 3), (2, 4), (3, 4), (4, 4), (3, 3)]:
        assert explosion_damage((3, 3), lighthouse) == 2, lighthouse


def test_explosion_two_orthogonal_squares_away_costs_1():
    for lighthouse in [(1, 3), (5, 3), (3, 1), (3, 5)]:
        assert explosion_damage((3, 3), lighthouse) == 1, lighthouse


def test_explosion_farther_costs_nothing():
    for lighthouse in [(1, 1), (5, 4), (4, 5), (6, 6), (1, 2)]:
        assert explosion_damage((3, 3), lighthouse) == 0, lighthouse


def test_explosion_then_the_heart_disappears():
    result = resolve_heart((3, 4), 4, lighthouse=(3, 2))     # 4 + 4 = 8
    assert result.move == HeartMove("explode", None) and result.structure_loss == 1


def test_collision_heart_on_the_lighthouse_square_costs_3():
    result = resolve_heart((3, 2), 2, lighthouse=(3, 3))
    assert result.move.to == (3, 3) and result.structure_loss == 3


def test_dream_soother_item_destroyed_when_a_heart_moves_onto_it():
    result = resolve_heart((3, 2), 2, lighthouse=(1, 1), items=[(3, 3)])
    assert result.item_destroyed == (3, 3)
    assert resolve_heart((3, 2), 4, lighthouse=(1, 1), items=[(3, 3)]).item_destroyed is None


@given(squares, st.integers(1, 6))
def test_storm_hearts_always_go_down_one_line_or_leave(heart, roll):
    move = move_heart(heart, roll)
    if move.to is not None:
        assert move.to[1] == heart[1] + 1 and abs(move.to[0] - heart[0]) <= 1
        assert 1 <= move.to[0] <= 6
    else:
        assert move.kind in ("explode", "contact")


def test_explosion_odds_per_line_are_exact():
    for line in range(1, 7):
        assert explosion_odds(line) == Fraction(max(0, line - 1), 6)


def test_hunt_d6_minus_orthogonal_distance_at_least_3():
    assert hunt_succeeds(5, (2, 3), (3, 4))          # 5 - 2 = 3
    assert not hunt_succeeds(4, (2, 3), (3, 4))
    assert hunt_succeeds(3, (2, 3), (2, 3))


def test_storm_mode_one_die_every_turn():
    assert [spawn_dice("storm", t) for t in range(1, 12)] == [1] * 11


def test_nightmare_mode_sequence_1_1_2_1_3_2_1_1_2_3():
    assert [spawn_dice("nightmare", t) for t in range(1, 11)] == [1, 1, 2, 1, 3, 2, 1, 1, 2, 3]
    assert spawn_dice("nightmare", 11) == 1                  # our choice: it starts again


def test_location_grid_is_six_columns_so_a_d6_picks_the_column():
    assert rules().columns == 6


def test_bad_squares_and_dice_are_rule_errors():
    with pytest.raises(RuleError):
        move_heart((0, 3), 2)
    with pytest.raises(RuleError):
        move_heart((3, 3), 7)
    with pytest.raises(RuleError):
        spawn_dice("calm", 1)
    with pytest.raises(RuleError):
        spawn_dice("storm", 0)


def test_lighthouse_management_sinks_one_line_and_dims_by_1():
    after = lighthouse_management(Lighthouse((3, 3), brightness=3, structure=6))
    assert after == Lighthouse((3, 4), brightness=2, structure=6)


def test_brightness_at_0_costs_1_structure_point_instead():
    after = lighthouse_management(Lighthouse((3, 3), brightness=0, structure=6))
    assert after.brightness == 0 and after.structure == 5


def test_lighthouse_leaving_the_grid_at_the_bottom_crashes():
    after = lighthouse_management(Lighthouse((3, 6), brightness=2, structure=6))
    assert after.crashed and after.destroyed


def test_structure_at_0_destroys_the_lighthouse():
    assert Lighthouse((1, 1), 0, 0).destroyed and not Lighthouse((1, 1), 0, 1).destroyed


def test_at_3_structure_points_one_crew_member_patches_four_actions():
    assert [crew_actions(sp) for sp in (6, 5, 4, 3, 2, 1)] == [5, 5, 5, 4, 4, 4]


def test_crew_patching_mark_agrees_with_the_postcard():
    import tomllib

    from icp_print.templates import path
    card = tomllib.loads(path("ycp", "the-last-glow.toml").read_text(encoding="utf-8"))
    structure = next(f for f in card["front"] if f.get("id") == "structure")
    assert "3" in structure["marks"] and "4" in structure["marks"]["3"]


def test_hunt_faces_are_the_faces_hunt_succeeds_on():
    for lighthouse in ((1, 1), (3, 3), (6, 4)):
        for heart in ((1, 2), (3, 1), (4, 4), (6, 6)):
            assert hunt_faces(lighthouse, heart) == tuple(
                f for f in range(1, 7) if hunt_succeeds(f, lighthouse, heart))
    assert hunt_faces((3, 3), (3, 2)) == (4, 5, 6)          # distance 1: 4 - 1 = 3
    assert hunt_faces((3, 3), (6, 6)) == ()                 # distance 6: out of reach


def test_d6_draws_the_faces_randint_draws_from_the_same_generator():
    ours, theirs = random.Random(7), random.Random(7)
    assert [d6(ours) for _ in range(2000)] == [theirs.randint(1, 6) for _ in range(2000)]
