"""Lucha Libre's moves table and round, one test per rule, named after it."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import InputError, RuleError
from icp_print.validators.ycp.lucha_libre.round import (Match, apply_energy, dice_to_roll, new_match,
                                                        play_round, reroll_advice, reroll_allowed)
from icp_print.validators.ycp.lucha_libre.rules import (best_choice, choices, fits, move_odds, moves_for, moves_in,
                                                        outcome,
                                                        parse_roll, printed_columns, printed_rows, rules,
                                                        ways_to_use, wrestler)
from icp_print.validators.ycp.tables import load_tables

rolls = st.lists(st.integers(1, 6), min_size=2, max_size=5).map(tuple)
wrestlers = st.sampled_from(["el-santo", "el-cavernario", "blue-demon", "el-bulldog"])


def move(who, move_id, dice=None):
    return next(m for m in moves_for(who) if m.id == move_id and (dice is None or m.dice == dice))


def ids(plays):
    return sorted(tuple(sorted(m.id for m in p.moves)) for p in plays)


def test_moves_table_printed_rows_agree_with_its_data():
    table = load_tables("lucha-libre")["moves"]
    assert table.rows == printed_rows()
    assert table.columns == printed_columns()


def test_teams_el_santo_and_el_cavernario_against_blue_demon_and_el_bulldog():
    assert {frozenset(t) for t in rules().teams} == {frozenset({"el-santo", "el-cavernario"}),
                                                     frozenset({"blue-demon", "el-bulldog"})}


def test_personal_moves_lucky_numbers():
    assert {w: wrestler(w).lucky for w in rules().wrestlers} == {
        "blue-demon": 5, "el-bulldog": 3, "el-santo": 6, "el-cavernario": 4}


def test_personal_move_triple_f_example_blue_demon_triple_5():
    m = move("blue-demon", "triple-f")
    assert m.dice == (5, 5, 5)
    assert (m.fans, m.opponent_energy, m.own_energy) == (5, -2, -1)


def test_personal_move_f_show_off():
    for who, face in (("blue-demon", 5), ("el-bulldog", 3), ("el-santo", 6), ("el-cavernario", 4)):
        m = move(who, "show-off")
        assert m.dice == (face,) and (m.fans, m.opponent_energy, m.own_energy) == (1, 0, 1)


def test_personal_move_sequence_2_dice():
    pairs = {w: move(w, "sequence-2").dice for w in rules().wrestlers}
    assert pairs == {"el-bulldog": (5, 6), "el-cavernario": (5, 6), "el-santo": (3, 5), "blue-demon": (4, 6)}
    m = move("el-santo", "sequence-2")
    assert (m.fans, m.opponent_energy, m.own_energy) == (1, -1, 0)


def test_common_move_sequence_3_dice():
    runs = {w: move(w, "sequence-3").dice for w in rules().wrestlers}
    assert runs == {"blue-demon": (1, 2, 3), "el-cavernario": (1, 2, 3),
                    "el-santo": (1, 2, 4), "el-bulldog": (1, 2, 4)}
    m = move("el-santo", "sequence-3")
    assert (m.fans, m.opponent_energy, m.own_energy) == (2, -1, 0)


def test_common_move_sequence_4_dice():
    for w in rules().wrestlers:
        m = move(w, "sequence-4")
        assert m.dice == (1, 2, 3, 4) and (m.fans, m.opponent_energy, m.own_energy) == (4, -2, -1)


def test_classic_move_triple_x_is_any_value_but_the_wrestlers_f():
    for w in rules().wrestlers:
        triples = [m for m in moves_for(w) if m.id == "triple"]
        assert sorted(m.dice[0] for m in triples) == sorted(set(range(1, 7)) - {wrestler(w).lucky})
        assert all((m.fans, m.opponent_energy, m.own_energy) == (3, -2, -1) for m in triples)
    assert [m.id for m in moves_in((6, 6, 6), "el-santo")] == ["triple-f", "show-off"]
    assert [m.id for m in moves_in((6, 6, 6), "blue-demon")] == ["triple"]


def test_wrestler_change_mini_suite_1_2_costs_a_fan():
    m = move("el-bulldog", "mini-suite")
    assert m.dice == (1, 2) and m.fans == -1 and m.swap


def test_one_die_one_move_all_the_ways_to_use_3_3_5_6_1():
    # El Santo (F = 6, pair 3-5): the 6 is a Show Off, 3-5 a Sequence, never two with one die.
    plays = ways_to_use((3, 3, 5, 6, 1), "el-santo")
    assert ids(plays) == [("sequence-2",), ("sequence-2", "show-off"), ("show-off",)]
    best = plays[0]
    assert best.unused == (1, 3) and best.outcome.fans == 2


def test_one_die_one_move_sequence_4_or_its_parts():
    plays = ways_to_use((1, 2, 3, 4, 6), "blue-demon")
    assert ("sequence-4",) in ids(plays)
    assert ("sequence-2", "sequence-3") in ids(plays)          # 4-6 and 1-2-3 share no die
    assert ("sequence-3",) in ids(plays) and ("mini-suite", "sequence-3") not in ids(plays)
    assert ("mini-suite", "sequence-2") in ids(plays)
    assert all(not ({"sequence-4", "mini-suite"} <= {m.id for m in p.moves}) for p in plays)


def test_each_move_counts_once_per_turn():
    plays = ways_to_use((5, 5, 1, 1, 2), "blue-demon")
    assert all(Counter(m.id for m in p.moves).most_common(1)[0][1] == 1 for p in plays)


@given(rolls, wrestlers)
def test_one_die_one_move_every_play_partitions_the_roll(roll, who):
    for play in ways_to_use(roll, who):
        used = [d for m in play.moves for d in m.dice]
        assert Counter(used) + Counter(play.unused) == Counter(roll)


@given(rolls, wrestlers)
def test_all_the_ways_to_use_a_roll_are_found(roll, who):
    # Independent brute force: every set of distinct moves whose dice fit together.
    found = moves_in(roll, who)
    expected = set()
    for k in range(1, len(found) + 1):
        for group in combinations(found, k):
            if len({m.id for m in group}) == k and fits([d for m in group for d in m.dice], roll):
                expected.add(tuple(sorted((m.id, m.dice) for m in group)))
    got = {tuple(sorted((m.id, m.dice) for m in p.moves)) for p in ways_to_use(roll, who)}
    assert got == expected


def test_resolution_fan_and_energy_outcome_of_a_chosen_play():
    play = [move("blue-demon", "triple-f"), move("blue-demon", "sequence-2")]
    assert outcome(play).fans == 6 and outcome(play).opponent_energy == -3 and outcome(play).own_energy == -1


def test_setup_energy_3_fans_10_blue_demon_and_el_santo_in_the_ring():
    m = new_match()
    assert m.fans == (10, 10) and set(m.energy.values()) == {3}
    assert set(m.in_ring) == {"blue-demon", "el-santo"}


def test_energy_is_the_number_of_dice_rolled():
    m = new_match()
    m = Match(m.fans, {**m.energy, "el-santo": 5}, m.in_ring)
    assert dice_to_roll(m, 0) == 5 and dice_to_roll(m, 1) == 3


def test_dice_rolling_phase_reroll_costs_a_fan_and_needs_one():
    assert reroll_allowed(1) and not reroll_allowed(0)
    assert rules().limits.reroll_cost == 1


def test_energy_cartridge_runs_2_to_5():
    assert (rules().limits.energy_min, rules().limits.energy_max) == (2, 5)
    assert apply_energy(5, 1) == (5, 0)


def test_simultaneous_resolution_energy_gains_and_losses_are_summed_first():
    # At 5, +1 own (Show Off) and -2 from the opponent: 5 + 1 - 2 = 4, not min(5+1, 5) - 2 = 3.
    assert apply_energy(5, 1 - 2) == (4, 0)


def test_special_case_energy_lost_at_the_minimum_costs_fans():
    assert apply_energy(2, -2) == (2, 2)
    assert apply_energy(3, -2) == (2, 1)    # proportional: one level lost, one Fan


def test_resolution_order_example_blue_demon_triple_5():
    m = new_match()
    after = play_round(m, ([], [move("blue-demon", "triple-f")]))
    # Blue Demon: +5 Fans, El Santo -2 ENE (3 -> 1: stops at 2, one Fan lost), own -1.
    assert after.fans == (9, 15)
    assert after.energy["el-santo"] == 2 and after.energy["blue-demon"] == 2


def test_resolution_energy_loss_below_minimum_comes_after_fan_gains():
    m = new_match()
    m = Match((0, 10), {**m.energy, "el-santo": 2}, m.in_ring)
    after = play_round(m, ([move("el-santo", "show-off")], [move("blue-demon", "sequence-4")]))
    # Santo: +1 Fan, ENE +1 - 2 = -1 below 2, so the Fan just won is lost again.
    assert after.fans[0] == 0 and after.energy["el-santo"] == 2


def test_rest_the_wrestler_outside_the_ring_gains_1_energy():
    m = new_match()
    after = play_round(m, ([], []))
    assert after.energy["el-cavernario"] == 4 and after.energy["el-bulldog"] == 4
    assert after.energy["el-santo"] == 3
    top = Match(m.fans, {**m.energy, "el-cavernario": 5}, m.in_ring)
    assert play_round(top, ([], [])).energy["el-cavernario"] == 5


def test_wrestler_change_swaps_after_the_round():
    m = new_match()
    after = play_round(m, ([move("el-santo", "mini-suite")], []))
    assert after.in_ring == ("el-cavernario", "blue-demon")
    assert after.fans == (9, 10)
    assert after.energy["el-cavernario"] == 4    # rested this round, then enters


def test_victory_37_fans_out_of_73():
    assert (rules().limits.fans_to_win, rules().limits.fans_total) == (37, 73)
    m = new_match()
    assert Match((37, 20), m.energy, m.in_ring).winner() == 0
    assert Match((36, 36), m.energy, m.in_ring).winner() is None
    assert Match((38, 40), m.energy, m.in_ring).winner() == 1


def test_move_odds_are_exact():
    # Sequence 1-2-3-4 in five dice, by inclusion and exclusion.
    ways = sum((-1) ** k * comb(4, k) * (6 - k) ** 5 for k in range(5))
    assert move_odds("el-santo", 5)["sequence-4"] == Fraction(ways, 6 ** 5)
    # Show Off in two dice: 1 - (5/6)^2.
    assert move_odds("el-santo", 2)["show-off"] == 1 - Fraction(25, 36)
    assert move_odds("el-santo", 2)["triple-f"] == 0
    brute = sum(1 for r in product(range(1, 7), repeat=3) if len(set(r)) == 1 and r[0] != 6)
    assert move_odds("el-santo", 3)["triple"] == Fraction(brute, 216)


def test_move_odds_refuse_an_impossible_dice_count():
    with pytest.raises(RuleError):
        move_odds("el-santo", 9)


def test_unknown_wrestler_is_a_rule_error():
    with pytest.raises(RuleError, match="unknown wrestler"):
        moves_for("el-hijo")


@pytest.mark.parametrize("text", ["", "7,1", "1,2,3,4,5,6", "a,b", "1.5,2", "12,3", "1"])
def test_parse_roll_refuses_bad_dice(text):
    with pytest.raises(InputError):
        parse_roll(text)


@given(st.text(max_size=30))
def test_parse_roll_garbage_gives_only_input_errors(text):
    try:
        roll = parse_roll(text)
    except InputError:
        return
    assert 2 <= len(roll) <= 5 and all(1 <= d <= 6 for d in roll)


def test_dice_rolling_phase_keeping_everything_costs_nothing():
    advice = {c.keep: c.expected_fans for c in reroll_advice((3, 3, 5, 6, 1), "el-santo")}
    assert advice[(1, 3, 3, 5, 6)] == 2                      # Show Off + Sequence (2), no reroll


def test_dice_rolling_phase_reroll_worked_by_hand():
    # Keep 3 3 5 6, reroll the 1 for a Fan: a 3 makes Triple 3 + Show Off (4 Fans), else 2 Fans.
    advice = {c.keep: c.expected_fans for c in reroll_advice((3, 3, 5, 6, 1), "el-santo")}
    assert advice[(3, 3, 5, 6)] == Fraction(4 + 5 * 2, 6) - 1


@given(st.lists(st.integers(1, 6), min_size=3, max_size=4).map(tuple), wrestlers)
def test_dice_rolling_phase_reroll_odds_match_every_outcome(roll, who):
    advice = {c.keep: c.expected_fans for c in reroll_advice(roll, who)}
    keep = tuple(sorted(roll[:1]))
    # Claiming nothing is always allowed, so a roll is worth at least 0 Fans.
    outcomes = [max([0, *(p.outcome.fans for p in ways_to_use(keep + new, who))])
                for new in product(range(1, 7), repeat=len(roll) - 1)]
    assert advice[keep] == Fraction(sum(outcomes), len(outcomes)) - 1
    assert len(advice) == len({tuple(sorted(c)) for k in range(len(roll) + 1)
                               for c in combinations(roll, k)})


def test_resolution_phase_claiming_nothing_is_a_choice():
    # "we look at and apply the effects of the different combinations of moves achieved":
    # the player picks which to claim, none included; 1-2 holds only the Mini Suite (-1 Fan).
    options = choices((1, 2), "el-santo")
    assert [(len(c.moves), c.outcome.fans) for c in options] == [(0, 0), (1, -1)]
    assert options[0].unused == (1, 2)
    assert len(choices((3, 3, 5, 6, 1), "el-santo")) == len(ways_to_use((3, 3, 5, 6, 1), "el-santo")) + 1


def test_dice_rolling_phase_advice_values_a_kept_roll_by_the_same_choices():
    # Blue Demon 1,2,4: only the Mini Suite is there; keeping everything and claiming nothing is 0.
    advice = reroll_advice((1, 2, 4), "blue-demon")
    assert advice[0].keep == (1, 2, 4) and advice[0].expected_fans == 0
    for roll in [(1, 2), (1, 2, 4), (2, 2, 1, 6)]:
        for who in ("el-santo", "el-cavernario", "blue-demon", "el-bulldog"):
            kept = {c.keep: c.expected_fans for c in reroll_advice(roll, who)}[tuple(sorted(roll))]
            assert kept == best_choice(roll, who).outcome.fans >= 0


def test_dice_rolling_phase_advice_for_every_two_and_three_dice_roll():
    # An independent oracle for every keep choice: all rerolled faces in order, each roll worth
    # its best set of moves or nothing, minus the Fan a reroll costs.
    from itertools import combinations_with_replacement

    def worth(roll, who):
        return max([0, *(p.outcome.fans for p in ways_to_use(roll, who))])

    cases = [(who, 2) for who in ("el-santo", "el-cavernario", "blue-demon", "el-bulldog")]
    cases += [("blue-demon", 3), ("el-santo", 3)]       # each pair of teams, once with three dice
    for who, n in cases:
        for roll in combinations_with_replacement(range(1, 7), n):
            advice = {c.keep: c.expected_fans for c in reroll_advice(roll, who)}
            for keep, value in advice.items():
                free = n - len(keep)
                if free == 0:
                    assert value == worth(roll, who)
                    continue
                outcomes = [worth(keep + new, who) for new in product(range(1, 7), repeat=free)]
                assert value == Fraction(sum(outcomes), len(outcomes)) - 1, (who, roll, keep)
