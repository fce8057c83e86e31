"""Which Side's employer table, life cost, gauges and means of production, one test per rule."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.ycp.which_side.rules import (City, acting_workers, can_pay, dice_for,
                                                       employer_effect, employer_phase, has_won, life_cost,
                                                       pay, printed_rows, raise_gauge, resolution_phase,
                                                       rules, setup)
from icp_print.validators.ycp.tables import load_tables


@pytest.mark.parametrize("table_id", ["employer", "means", "modes"])
def test_tables_printed_rows_agree_with_their_data(table_id):
    assert load_tables("which-side")[table_id].rows == printed_rows(table_id)


def test_setup_savings_2_dollars_life_cost_5_four_workers():
    city = setup("normal")
    assert city.savings == 2 and city.workers == 4 and life_cost(city, "normal") == 5


def test_employer_table_1_life_cost_plus_1_cancelled_at_end_of_turn():
    city = employer_effect(setup(), 1)
    assert life_cost(city, "normal") == 6
    assert resolution_phase(replace(city, savings=10), "normal").extra_life_cost == 0


def test_employer_table_2_risk_plus_1():
    assert employer_effect(setup(), 2).risk == 1


def test_employer_table_3_police_threat_plus_1():
    assert employer_effect(setup(), 3).police == 1


def test_employer_table_4_unsanitary_plus_1():
    assert employer_effect(setup(), 4).unsanitary == 1


def test_employer_table_5_a_worker_injured():
    city = employer_effect(setup(), 5)
    assert (city.workers, city.injured) == (3, 1)


def test_employer_table_6_employer_strength_plus_1():
    assert employer_effect(setup(), 6).strength == 1


def test_employer_phase_strength_moves_then_one_die():
    city = employer_phase(setup(), (4,))
    assert city.strength == 1 and city.unsanitary == 1


def test_employer_phase_two_dice_on_3_6_8():
    assert [dice_for(s) for s in range(11)] == [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 1]
    city = employer_phase(replace(setup(), strength=2), (2, 3))     # moves onto 3: two dice
    assert city.strength == 3 and city.risk == 1 and city.police == 1
    with pytest.raises(RuleError, match="rolls 2 dice"):
        employer_phase(replace(setup(), strength=5), (2,))


def test_employer_strength_past_10_is_defeat():
    assert not employer_phase(replace(setup(), strength=9), (2,)).lost
    assert employer_phase(replace(setup(), strength=10), (2,)).lost
    assert employer_effect(replace(setup(), strength=10), 6).lost


def test_life_cost_one_dollar_per_worker_one_more_per_injured_plus_rent():
    city = City(workers=3, injured=2)
    assert life_cost(city, "normal") == 3 + 2 * 2 + 1
    assert life_cost(city, "hard") == 3 + 2 * 2 + 2


def test_injured_workers_half_rounded_down_cannot_act():
    assert acting_workers(City(workers=0, injured=3)) == 2
    assert acting_workers(City(workers=4, injured=1)) == 5


def test_risk_and_unsanitary_reaching_hurt_injure_a_worker():
    city = raise_gauge(City(risk=rules().hurt_at - 1), "risk")
    assert city.risk == 0 and city.injured == 1
    assert raise_gauge(City(unsanitary=rules().hurt_at - 1), "unsanitary").injured == 1


def test_police_threat_reaching_jail_sends_a_worker_to_prison():
    city = raise_gauge(City(police=rules().hurt_at - 1), "police")
    assert city.prisoners == 1 and city.workers == 3


def test_injured_worker_sent_to_prison_dies():
    city = raise_gauge(City(police=rules().hurt_at - 1, workers=0, injured=2), "police")
    assert city.dead == 1 and city.injured == 1


def test_resolution_pay_the_life_cost_or_a_worker_injured_per_missing_dollar():
    city = resolution_phase(City(savings=7), "normal")          # cost 5
    assert city.savings == 2 and city.injured == 0
    city = resolution_phase(City(savings=3), "normal")
    assert city.savings == 0 and (city.workers, city.injured) == (2, 2)


def test_means_of_production_costs():
    costs = rules().costs
    assert len(costs) == 8
    assert costs[0] == {"dollars": 8}
    assert {"sabotage": 1, "strike": 1} in costs and {"strike": 1, "union": 1} in costs


def test_means_of_production_pay_its_cost():
    assert can_pay({"dollars": 8}, 1) and not can_pay({"dollars": 7}, 1)
    assert pay({"sabotage": 2, "dollars": 3}, 2) == {"dollars": 1, "sabotage": 1, "strike": 0,
                                                    "anarchist": 0, "union": 0}
    with pytest.raises(RuleError):
        pay({"strike": 1}, 8)
    with pytest.raises(RuleError):
        can_pay({}, 9)


def test_winning_normal_5_advanced_6_hard_8_before_end_of_turn_10():
    assert has_won(5, "normal", 10) and not has_won(4, "normal", 3)
    assert not has_won(5, "advanced", 4) and has_won(6, "advanced", 4)
    assert not has_won(7, "hard", 4) and has_won(8, "hard", 4)
    assert not has_won(5, "normal", 11)


def test_hard_mode_rent_is_2_dollars():
    assert life_cost(setup("hard"), "hard") == 6


@given(st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_employer_offensives_keep_workers_and_gauges_consistent(faces):
    city = setup()
    for face in faces:
        city = employer_effect(city, face)
    assert city.workers + city.injured + city.prisoners + city.dead == 4
    assert all(0 <= v < rules().hurt_at for v in (city.risk, city.unsanitary, city.police))


def test_bad_faces_and_modes_are_rule_errors():
    with pytest.raises(RuleError):
        employer_effect(setup(), 7)
    with pytest.raises(RuleError):
        life_cost(setup(), "easy")
