"""Bonnie and Clyde's police table, modifiers and Roy Thornton, one test per rule."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.ycp.bonnie_and_clyde.rules import (Gauges, change, has_lost, love_to_death,
                                                             police_action, police_modifier, police_phase,
                                                             printed_rows, resolution_phase, roy_phase,
                                                             roy_switches)
from icp_print.validators.ycp.tables import load_tables


@pytest.mark.parametrize("table_id", ["police", "roy"])
def test_tables_printed_rows_agree_with_their_data(table_id):
    assert load_tables("bonnie-and-clyde")[table_id].rows == printed_rows(table_id)


def effects(total):
    row = police_action(total)
    return dict(row.effects), row.death


def test_police_table_1_2_nothing_happens():
    assert effects(1) == ({}, False) and effects(2) == ({}, False)


def test_police_table_3_boredom_minus_1():
    assert effects(3) == ({"boredom": -1}, False)


def test_police_table_4_love_minus_1():
    assert effects(4) == ({"love": -1}, False)


def test_police_table_5_police_threat_plus_1():
    assert effects(5) == ({"threat": 1}, False)


def test_police_table_6_7_police_threat_plus_1_and_ammunition_minus_1():
    assert effects(6) == effects(7) == ({"threat": 1, "ammunition": -1}, False)


def test_police_table_8_and_more_clyde_dies():
    assert all(effects(t)[1] for t in (8, 9, 10))
    state, _ = police_phase(Gauges(prison_stays=3, threat=2), roll=4)     # 4 + 4 = 8
    assert state.dead


def test_ammunition_spend_one_to_lower_the_roll_by_1():
    state, out = police_phase(Gauges(ammunition=1), roll=4, spend_ammunition=1)
    assert out.total == 3 and state.ammunition == 0 and state.boredom == 0


def test_ammunition_cannot_overspend():
    with pytest.raises(RuleError):
        police_phase(Gauges(ammunition=0), roll=4, spend_ammunition=1)
    with pytest.raises(RuleError):
        police_phase(Gauges(ammunition=2), roll=4, spend_ammunition=2)     # one per roll


def test_police_action_a_total_below_1_reads_as_nothing():
    state, out = police_phase(Gauges(ammunition=1), roll=1, spend_ammunition=1)
    assert out.total == 0 and out.action.effects == () and not state.dead


def test_police_modifier_threat_2_adds_1_maximum_4():
    assert police_modifier(0, 0) == 0 and police_modifier(0, 2) == 1
    assert [police_modifier(n, 0) for n in range(4)] == [0, 1, 2, 3]
    assert police_modifier(3, 2) == 4 and police_modifier(9, 2) == 4


def test_prison_threat_plus_1_at_2_loses_love_and_fills_a_modifier_space():
    state = change(Gauges(threat=2, love=1), "threat", 1)
    assert state.prison_stays == 1 and state.love == 0 and state.threat == 2


def test_negative_love_below_0_loses_a_passion_cube():
    assert change(Gauges(love=0, passion=2), "love", -1).passion == 1


def test_negative_boredom_below_0_loses_a_poem_cube():
    assert change(Gauges(boredom=0, poems=1), "boredom", -1).poems == 0


def test_negative_ammunition_below_0_loses_an_action_cube():
    state, _ = police_phase(Gauges(ammunition=0, threat=0), roll=6)
    assert state.actions_lost == 1 and state.threat == 1


def test_passion_love_plus_1_at_2_with_roy_absent():
    assert change(Gauges(love=2, roy_present=False), "love", 1).passion == 1
    assert change(Gauges(love=2, roy_present=True), "love", 1).passion == 0


def test_poems_boredom_plus_1_at_2_and_two_dollars():
    state = change(Gauges(boredom=2, savings=3), "boredom", 1)
    assert state.poems == 1 and state.savings == 1
    assert change(Gauges(boredom=2, savings=1), "boredom", 1).poems == 0


def test_roy_thornton_switches_on_5_or_more():
    assert [roy_switches(r) for r in range(1, 7)] == [False] * 4 + [True] * 2
    assert roy_phase(Gauges(roy_present=True), 5).roy_present is False
    assert roy_phase(Gauges(roy_present=False), 6).roy_present is True
    assert roy_phase(Gauges(roy_present=False), 4).roy_present is False


@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 3),
       st.integers(1, 6))
def test_police_roll_keeps_gauges_in_range(love, boredom, threat, ammo, stays, roll):
    state, out = police_phase(Gauges(love, boredom, threat, ammo, prison_stays=stays), roll)
    for value in (state.love, state.boredom, state.threat, state.ammunition):
        assert 0 <= value <= 2
    assert out.total == roll + police_modifier(stays, threat)


@pytest.mark.parametrize("roll", [0, 7, True, "3"])
def test_bad_rolls_are_rule_errors(roll):
    with pytest.raises(RuleError):
        police_phase(Gauges(), roll)


def test_victory_love_to_death_love_2_ammunition_2_passion_2_poem_3():
    assert love_to_death(Gauges(love=2, ammunition=2, passion=2, poems=3))
    assert not love_to_death(Gauges(love=2, ammunition=2, passion=2, poems=2))
    assert not love_to_death(Gauges(love=1, ammunition=2, passion=2, poems=3))


def test_resolution_phase_daily_life_cost_1_dollar_or_lose():
    assert resolution_phase(Gauges(savings=1)).savings == 0 and not has_lost(Gauges(savings=0))
    assert has_lost(resolution_phase(Gauges(savings=0)))


def test_lost_action_cube_is_not_permanent():
    assert resolution_phase(Gauges(savings=3, actions_lost=1)).actions_lost == 0


def test_defeat_when_the_police_kill_clyde():
    assert has_lost(Gauges(savings=5, dead=True))
