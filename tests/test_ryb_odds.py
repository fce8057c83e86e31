"""The odds solver against brute force, its input parsing, and its command."""
from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import InputError
from icp_print.validators.ryb.model import NEEDS, colour_total
from icp_print.validators.ryb.odds import at_least, deck_report, goal_odds, parse_pool, sum_counts
from icp_print.validators.ryb.deck import load_deck

from conftest import assert_clean_failure


def brute_force(colour, target, pool, banked=0):
    dice = [d for d in NEEDS[colour] for _ in range(pool.get(d, 0))]
    wins = total = 0
    for faces in itertools.product(range(1, 7), repeat=len(dice)):
        roll = {}
        for die, face in zip(dice, faces):
            roll.setdefault(die, []).append(face)
        total += 1
        wins += colour_total(colour, roll) >= target - banked
    return Fraction(wins, total)


@pytest.mark.parametrize("colour,target,pool", [
    ("red", 7, {"red": 2}), ("purple", 9, {"red": 3, "blue": 2}),
    ("black", 5, {"red": 2, "yellow": 1, "blue": 2}), ("green", 1, {"yellow": 1, "blue": 1}),
    ("orange", 12, {"red": 2, "yellow": 2}),
])
def test_exact_odds_match_brute_force(colour, target, pool):
    assert goal_odds(colour, target, pool) == brute_force(colour, target, pool)


def test_banked_odds_match_brute_force():
    assert goal_odds("blue", 14, {"blue": 3}, banked=4) == brute_force("blue", 14, {"blue": 3}, 4)


def test_sum_counts_total_to_all_outcomes():
    for n in range(6):
        assert sum(sum_counts(n)) == 6 ** n
    assert at_least(3, 18) == Fraction(1, 216)


def test_parse_pool_reads_counts_and_letters():
    assert parse_pool("3r,1y,3b") == {"red": 3, "yellow": 1, "blue": 3}
    assert parse_pool("2r, 2r") == {"red": 4, "yellow": 0, "blue": 0}


@given(st.text(max_size=30))
def test_parse_pool_never_crashes_on_garbage(text):
    try:
        pool = parse_pool(text)
    except InputError as exc:
        assert exc.field == "--dice"
    else:
        assert set(pool) == {"red", "yellow", "blue"}


def test_solve_json_has_probability_and_exact(run):
    result = run("solve", "ryb", "--goal", "purple-9", "--dice", "3r,1y,3b", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["exact"] == "400/729"
    assert data["probability"] == pytest.approx(400 / 729)


def test_solve_banked(run):
    result = run("solve", "ryb", "--goal", "purple-9", "--dice", "3r,1y,3b", "--banked", "2", "--json")
    assert json.loads(result.output)["exact"] == str(goal_odds("purple", 7, {"red": 3, "blue": 3}))


def test_solve_text_shows_fraction_and_decimal(run):
    result = run("solve", "ryb", "--goal", "red-7")
    assert "21/36" in result.output or "7/12" in result.output
    assert "0.583333" in result.output


@pytest.mark.parametrize("args", [["--goal", "pink-9"], ["--goal", "red-0"], ["--goal", "red"],
                                  ["--dice", "3x"], []])
def test_solve_bad_input_is_one_clear_line(run, args):
    result = run("solve", "ryb", *args)
    assert_clean_failure(result, 2)
    assert "--goal" in result.output or "--dice" in result.output


def test_deck_report_covers_every_goal_with_expected_points(run):
    deck = load_deck()
    rows = deck_report(deck.goals())
    assert len(rows) == 35
    for r in rows:
        assert r.expected_points == r.probability * r.goal.value
    flagged = {r.goal.slug for r in rows if r.flag}
    assert "red-18" in flagged           # impossible in one attempt from two red dice
    assert "red-7" not in flagged
    result = run("solve", "ryb", "--report", "--json")
    data = json.loads(result.output)
    assert len(data["goals"]) == 35 and {"probability", "exact", "expected_points"} <= set(data["goals"][0])


def test_report_flags_a_goal_that_pays_far_too_much():
    from icp_print.validators.ryb.model import Goal
    goals = [(Goal("red", t, 2 * t), 1) for t in (4, 6, 7, 8, 9)] + [(Goal("red", 3, 500), 1)]
    rows = {r.goal.target: r for r in deck_report(goals)}
    assert rows[3].flag and "too much" in rows[3].flag
    assert rows[7].flag is None


def test_bank_rule_lowers_every_target_in_the_deck_report():
    """Bank: each banked point lowers the Target by one, in --report as in one attempt."""
    pool = {"red": 3, "yellow": 1, "blue": 0}
    rows = {r.goal.slug: r for r in deck_report(load_deck().goals(), pool, banked=2)}
    red7 = rows["red-7"].probability
    assert red7 == brute_force("red", 7, pool, banked=2) == Fraction(212, 216)
    for slug, row in rows.items():
        goal = row.goal
        assert row.probability == brute_force(goal.colour, goal.target, pool, 2), slug
        assert row.expected_points == row.probability * goal.value


def test_bank_rule_applies_to_solve_report_command(run):
    args = ("solve", "ryb", "--report", "--dice", "3r,1y,0b", "--json")
    unbanked = {g["goal"]: g for g in json.loads(run(*args).output)["goals"]}
    data = json.loads(run(*args, "--banked", "2").output)
    banked = {g["goal"]: g for g in data["goals"]}
    assert data["banked"] == 2
    assert unbanked["red-7"]["exact"] == "49/54"          # 3d6 reach 7: 196/216 = 90.74%
    assert banked["red-7"]["exact"] == "53/54"            # 3d6 reach 5: 212/216 = 98.15%
    assert banked["red-7"]["exact"] == run("solve", "ryb", "--goal", "red-7", "--dice", "3r,1y,0b",
                                           "--banked", "2", "--json").output.split('"exact": "')[1].split('"')[0]
    text = run("solve", "ryb", "--report", "--dice", "3r,1y,0b", "--banked", "2").output
    assert "2 banked on each Goal" in text and "98.15%" in text
