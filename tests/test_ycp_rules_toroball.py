"""Toroball's cow, agitation and scatter compass, one test per rule."""
from __future__ import annotations

from fractions import Fraction

import pytest

from icp_print.validators.errors import RuleError
from icp_print.validators.ycp.tables import load_tables
from icp_print.validators.ycp.toroball.rules import (agitate, calm_after_goal, cow_move_odds, cow_squares,
                                                     printed_rows, rules, scatter)


@pytest.mark.parametrize("table_id", ["cow", "agitation", "scatter"])
def test_tables_printed_rows_agree_with_their_data(table_id):
    assert load_tables("toroball")[table_id].rows == printed_rows(table_id)


def test_young_cow_phase_moves_die_plus_agitation():
    assert [cow_squares(d, 3) for d in range(1, 6)] == [4, 5, 6, 7, 8]


def test_young_cow_phase_a_6_on_the_die_does_not_move():
    assert cow_squares(6, 2) == 0 and cow_squares(6, 9) == 0


def test_young_cow_move_odds_are_exact():
    odds = cow_move_odds(2)
    assert odds == {0: Fraction(1, 6), **{n: Fraction(1, 6) for n in range(3, 8)}}


def test_agitation_starts_at_2():
    assert rules().start == 2


def test_agitating_the_cow_adds_1_and_3_squares_of_adrenaline():
    assert agitate(2) == 3 and rules().agitate_bonus_squares == 3


def test_scoring_a_goal_calms_the_cow_by_2_never_below_2():
    assert calm_after_goal(5) == 3 and calm_after_goal(3) == 2 and calm_after_goal(2) == 2


def test_scatter_roll_compass_every_face_moves_and_opposite_faces_point_opposite():
    directions = [scatter(f) for f in range(1, 7)]
    assert len(set(directions)) == 6 and (0, 0) not in directions
    for face in (1, 2, 3):
        dx, dy = scatter(face)
        assert scatter(face + 3) == (-dx, -dy)


def test_bad_dice_are_rule_errors():
    with pytest.raises(RuleError):
        scatter(0)
    with pytest.raises(RuleError):
        cow_squares(7, 2)
