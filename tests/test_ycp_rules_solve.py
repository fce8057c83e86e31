"""`icp-print solve ycp GAME`: the rules engines from the command line, and bad input."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.ycp.numbers import parse_numbers
from icp_print.validators.errors import InputError

from conftest import assert_clean_failure


def test_lucha_libre_roll_lists_moves_and_ways(run):
    result = run("solve", "ycp", "lucha-libre", "--roll", "3,3,5,6,1")
    assert result.exit_code == 0, result.output
    assert "F (Show Off), Sequence (2)" in result.output
    assert "3 ways to use it" in result.output
    assert "F (Show Off) [6] + Sequence (2) [3-5]: Fans +2, ENE -1/+1 (unused: 1 3)" in result.output


def test_lucha_libre_roll_as_json(run):
    result = run("solve", "ycp", "lucha-libre", "--roll", "5 5 5 4 6", "--wrestler", "blue-demon", "--json")
    data = json.loads(result.output)
    best = data["plays"][0]
    assert best["moves"] == ["triple-f", "sequence-2"] and best["fans"] == 6
    assert best["opponent_energy"] == -3 and best["own_energy"] == -1 and best["unused"] == []


def test_lucha_libre_no_move(run):
    result = run("solve", "ycp", "lucha-libre", "--roll", "2,2,3,5", "--wrestler", "blue-demon")
    assert "no move" not in result.output          # 5 is Blue Demon's F
    result = run("solve", "ycp", "lucha-libre", "--roll", "2,2", "--wrestler", "blue-demon")
    assert "no move" in result.output


def test_lucha_libre_move_odds(run):
    data = json.loads(run("solve", "ycp", "lucha-libre", "--dice", "5", "--json").output)
    assert data["moves"]["sequence-4"]["exact"] == "5/81"


@pytest.mark.parametrize("args", [["--roll", "7,1,1"], ["--roll", "1"], ["--roll", "1,2,3,4,5,6"],
                                  ["--roll", "x"], ["--roll", "1,2", "--wrestler", "el-hijo"]])
def test_lucha_libre_bad_input_is_one_clear_line(run, args):
    result = run("solve", "ycp", "lucha-libre", *args)
    assert_clean_failure(result, 2)
    assert "icp-print: error:" in result.output


def test_mad_maxence_combat_odds(run):
    data = json.loads(run("solve", "ycp", "mad-maxence", "--tech", "1", "--cb", "2", "--foe", "1",
                          "--json").output)
    assert data["outcomes"]["victory"]["exact"] == "3/4"


def test_mad_maxence_test_odds(run):
    result = run("solve", "ycp", "mad-maxence", "--skill", "3", "--difficulty", "2")
    assert "50.00%" in result.output and "1/2" in result.output


def test_mad_maxence_seeded_fight_is_repeatable(run):
    args = ("solve", "ycp", "mad-maxence", "--tech", "3", "--cb", "4", "--foe", "3", "--fight", "--seed", "7")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0 and first.output == second.output and "round 1" in first.output


def test_mad_maxence_missing_options(run):
    assert_clean_failure(run("solve", "ycp", "mad-maxence", "--tech", "3"), 2)
    assert_clean_failure(run("solve", "ycp", "mad-maxence", "--skill", "3"), 2)


def test_bonnie_and_clyde_police_roll(run):
    result = run("solve", "ycp", "bonnie-and-clyde", "--roll", "5", "--threat", "2", "--prison", "1")
    assert "d6 5 +2 = 7: Police Threat +1 and Ammunition -1" in result.output
    data = json.loads(run("solve", "ycp", "bonnie-and-clyde", "--threat", "2", "--prison", "3",
                          "--json").output)
    assert data["rows"]["Clyde is killed: game lost"]["exact"] == "1/2"


def test_which_side_employer_phase(run):
    result = run("solve", "ycp", "which-side", "--strength", "2", "--roll", "2,5")
    assert "Strength 2 -> 3 (2 d6)" in result.output and "Risk +1" in result.output
    assert_clean_failure(run("solve", "ycp", "which-side", "--strength", "2", "--roll", "2"), 1)
    assert_clean_failure(run("solve", "ycp", "which-side", "--roll", "9"), 2)


def test_last_glow_heart_and_odds(run):
    result = run("solve", "ycp", "the-last-glow", "--heart", "3,4", "--roll", "4", "--lighthouse", "3,2")
    assert "explode" in result.output and "Structure -1" in result.output
    data = json.loads(run("solve", "ycp", "the-last-glow", "--json").output)
    assert data["explosion"]["6"]["exact"] == "5/6"
    assert_clean_failure(run("solve", "ycp", "the-last-glow", "--heart", "3,4"), 2)
    assert_clean_failure(run("solve", "ycp", "the-last-glow", "--heart", "9,9", "--roll", "2"), 2)


def test_toroball_cow(run):
    data = json.loads(run("solve", "ycp", "toroball", "--ene", "2", "--json").output)
    assert data["squares"]["0"]["exact"] == "1/6" and set(data["squares"]) == {"0", "3", "4", "5", "6", "7"}


@given(st.text(max_size=70))
def test_parse_numbers_garbage_gives_only_input_errors(text):
    try:
        values = parse_numbers(text, "--x", lo=1, hi=6, count=(1, 2))
    except InputError as exc:
        assert exc.field == "--x"
        return
    assert 1 <= len(values) <= 2 and all(1 <= v <= 6 for v in values)


@given(st.text(max_size=20), st.sampled_from(["lucha-libre", "which-side", "the-last-glow"]))
def test_cli_dice_garbage_never_a_traceback(run, text, game):
    option = {"lucha-libre": ["--roll"], "which-side": ["--roll"],
              "the-last-glow": ["--roll", "2", "--heart"]}
    result = run("solve", "ycp", game, *option[game], text)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_lucha_libre_reroll_advice(run):
    result = run("solve", "ycp", "lucha-libre", "--roll", "3,3,5,6,1", "--advise")
    assert result.exit_code == 0 and "keep all, no reroll        +2.000" in result.output
    data = json.loads(run("solve", "ycp", "lucha-libre", "--roll", "3,3,5,6,1", "--advise", "--json").output)
    assert {"keep": [3, 3, 5, 6], "expected_fans": 4 / 3, "exact": "4/3"} in data["choices"]


def test_mad_maxence_elude_odds(run):
    data = json.loads(run("solve", "ycp", "mad-maxence", "--elude", "hard", "--skill", "3", "--json").output)
    assert data["exact"] == "1/8" and data["tu_if_it_works"] == -2
    assert_clean_failure(run("solve", "ycp", "mad-maxence", "--elude", "hard"), 2)


def _with_table_value(monkeypatch, module, game, table_id, **changes):
    """Serve ``module.rules()`` from the shipped tables with some ``data`` values changed."""
    from dataclasses import replace
    from types import MappingProxyType

    from icp_print.validators.ycp import tables as tables_module
    real = tables_module.load_tables
    shipped = real(game)
    changed = {**shipped, table_id: replace(shipped[table_id],
                                            data=MappingProxyType({**shipped[table_id].data, **changes}))}
    monkeypatch.setattr(tables_module, "load_tables", lambda g: changed if g == game else real(g))
    module.rules.cache_clear()


@pytest.fixture
def clear_rules():
    from icp_print.validators.ycp.bonnie_and_clyde import rules as bonnie
    from icp_print.validators.ycp.mad_maxence import rules as maxence
    from icp_print.validators.ycp.which_side import rules as which
    yield which, bonnie, maxence
    for module in (which, bonnie, maxence):
        module.rules.cache_clear()


def test_which_side_employer_strength_limit_comes_from_the_data(run, monkeypatch, clear_rules):
    which, _, _ = clear_rules
    assert "-> 10: roll" in run("solve", "ycp", "which-side", "--strength", "9").output
    assert "the game is lost" in run("solve", "ycp", "which-side", "--strength", "10").output
    assert_clean_failure(run("solve", "ycp", "which-side", "--strength", "11"), 2)
    _with_table_value(monkeypatch, which, "which-side", "employer", strength_max=12)
    assert "-> 11: roll" in run("solve", "ycp", "which-side", "--strength", "10").output
    assert "the game is lost" in run("solve", "ycp", "which-side", "--strength", "12").output


def test_bonnie_and_clyde_gauge_bounds_come_from_the_data(run, monkeypatch, clear_rules):
    _, bonnie, _ = clear_rules
    assert_clean_failure(run("solve", "ycp", "bonnie-and-clyde", "--threat", "3"), 2)
    assert_clean_failure(run("solve", "ycp", "bonnie-and-clyde", "--prison", "4"), 2)
    _with_table_value(monkeypatch, bonnie, "bonnie-and-clyde", "police", gauge_max=3,
                      modifier_spaces=[1, 2, 3, 3])
    assert run("solve", "ycp", "bonnie-and-clyde", "--threat", "3", "--prison", "4").exit_code == 0


def test_mad_maxence_tu_bound_comes_from_the_data(run, monkeypatch, clear_rules):
    _, _, maxence = clear_rules
    fight = ("solve", "ycp", "mad-maxence", "--tech", "2", "--cb", "2", "--foe", "2", "--tu")
    assert_clean_failure(run(*fight, "21"), 2)
    _with_table_value(monkeypatch, maxence, "mad-maxence", "combat", tu_limit=25)
    assert run(*fight, "21").exit_code == 0


def test_bonnie_and_clyde_police_odds_sum_to_one_and_follow_the_modifier():
    from fractions import Fraction

    from icp_print.validators.ycp.bonnie_and_clyde.rules import police_odds, police_words, roll_modifier
    for prison in range(4):
        for threat in range(3):
            for ammo in (0, 1):
                odds = police_odds(roll_modifier(prison, threat, ammo))
                assert sum(p for _, p in odds) == 1
    # Modifier +4 (three prison stays and Threat 2): 1+4 = 5, 2-3 +4 = 6-7, 4+ +4 = 8+ (death).
    assert [(police_words(r), p) for r, p in police_odds(4)] == [
        ("Police Threat +1", Fraction(1, 6)), ("Police Threat +1 and Ammunition -1", Fraction(2, 6)),
        ("Clyde is killed: game lost", Fraction(3, 6))]


def test_lucha_libre_roll_lists_claiming_nothing_among_the_choices(run):
    result = run("solve", "ycp", "lucha-libre", "--roll", "1,2", "--advise")
    assert "keep all, no reroll        +0.000" in result.output.splitlines()[1]
    assert "Kept as it is, the best choice: claim nothing" in result.output
    data = json.loads(run("solve", "ycp", "lucha-libre", "--roll", "1,2,4", "--wrestler", "blue-demon",
                          "--json").output)
    assert data["plays"][0]["moves"] == [] and data["plays"][0]["fans"] == 0
