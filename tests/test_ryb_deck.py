"""RYB decks: the reference deck's documented choices, and every rule a
custom deck is checked against, each failure naming the card at fault."""
from __future__ import annotations

import json
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path
from icp_print.validators.errors import InputError
from icp_print.validators.ryb.deck import action_names, check_deck, load_deck, parse_deck
from icp_print.validators.ryb.model import HAND_SIZE, STARTING_POOL, value_for
from icp_print.validators.ryb.odds import goal_odds

from conftest import assert_clean_failure

GOOD = """
[deck]
name = "t"
[[goal]]
colour = "red"
targets = [5, 8, 10, 12]
[[goal]]
colour = "blue"
targets = [5, 8, 10]
[[goal]]
colour = "black"
targets = [5, 7]
[[action]]
name = "gimme"
count = 4
"""


def failures(text: str) -> list:
    return [f for f in check_deck(parse_deck(tomllib.loads(text))) if not f.ok]


def test_reference_deck_passes_every_rule():
    assert all(f.ok for f in check_deck(load_deck()))


def test_reference_deck_holds_the_goals_of_the_rules_examples():
    slugs = {g.slug for g, _ in load_deck().goals()}
    assert {"green-9", "red-18", "purple-9"} <= slugs


def test_reference_deck_has_every_action_at_least_twice():
    deck = load_deck()
    counts = {}
    for g in deck.groups:
        if g.kind == "action":
            counts[g.name] = counts.get(g.name, 0) + g.count
    assert set(counts) == set(action_names()) == {"gimme", "swap", "do-over", "red-rover",
                                                  "shanghai", "variable"}
    assert min(counts.values()) >= 2


def test_reference_deck_deals_five_players_and_leaves_a_draw_deck():
    deck = load_deck()
    assert deck.size > 5 * HAND_SIZE[5]
    assert deck.size > max(p * n for p, n in HAND_SIZE.items())


def test_reference_deck_values_follow_the_multipliers():
    for goal, _ in load_deck().goals():
        assert goal.value == value_for(goal.colour, goal.target)


def test_reference_deck_runs_easy_to_hard_for_every_colour():
    by_colour = {}
    for goal, _ in load_deck().goals():
        by_colour.setdefault(goal.colour, []).append(goal_odds(goal.colour, goal.target, STARTING_POOL))
    assert len(by_colour) == 7
    for colour, odds in by_colour.items():
        assert max(odds) > 0.8, colour        # an easy Goal
        assert 0.4 < sorted(odds)[2] < 0.6 or 0.15 < sorted(odds)[2] < 0.3, colour
        assert min(odds) < 0.01, colour       # a project for the table


def test_example_custom_deck_is_legal():
    assert all(f.ok for f in check_deck(load_deck(path("ryb", "example-custom-deck.toml"))))


def test_good_small_deck_passes():
    assert failures(GOOD) == []


def test_unknown_colour_names_the_card():
    bad = failures(GOOD.replace('colour = "blue"', 'colour = "pink"'))
    assert bad[0].rule == "goal colours" and "pink" in bad[0].message and bad[0].where.startswith("goal[1]")


def test_unknown_action_names_the_card():
    bad = failures(GOOD.replace('name = "gimme"', 'name = "steal"'))
    assert bad[0].rule == "action names" and bad[0].where.startswith("action[0]")


def test_target_below_one():
    bad = failures(GOOD.replace("targets = [5, 7]", "targets = [0, 7]"))
    assert bad[0].rule == "targets" and "Black 0" in bad[0].where


def test_count_below_one():
    bad = failures(GOOD.replace("count = 4", "count = 0"))
    assert any(f.rule == "card counts" and "action[0]" in f.where for f in bad)


def test_value_that_breaks_the_multiplier_rule():
    text = GOOD + '[[goal]]\ncolour = "green"\ntarget = 9\nvalue = 18\n'
    bad = failures(text)
    assert bad[0].rule == "multiplier rule" and "27" in bad[0].message and "Green 9" in bad[0].where


def test_no_way_to_win_with_three_colours():
    text = GOOD.replace('colour = "black"', 'colour = "red"')
    bad = failures(text)
    assert [f.rule for f in bad] == ["winning"]


def test_no_way_to_reach_more_than_100_points():
    text = """[deck]\nname = "t"\n[[goal]]\ncolour = "red"\ntargets = [1, 2, 3, 4, 5]\n[[goal]]\ncolour = "blue"\n
targets = [1, 2, 3]\n[[goal]]\ncolour = "yellow"\ntargets = [1, 2]\n[[action]]\nname = "swap"\ncount = 5\n"""
    assert [f.rule for f in failures(text)] == ["winning"]


def test_too_few_cards_to_deal():
    text = GOOD.replace("count = 4", "count = 1")   # 9 + 1 = 10 cards
    assert [f.rule for f in failures(text)] == ["deal"]


def test_absurd_size():
    bad = failures(GOOD.replace("count = 4", "count = 5000"))
    assert any(f.rule == "deck size" and "action[0]" in (f.where or "") for f in bad)


def test_unknown_variable_function():
    bad = failures(GOOD.replace('name = "t"', 'name = "t"\nvariable = "chaos"'))
    assert bad[0].rule == "variable function"


def test_check_command_exit_codes(run, tmp_path):
    good = tmp_path / "good.toml"
    good.write_text(GOOD)
    assert run("check", str(good)).exit_code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace('colour = "blue"', 'colour = "pink"'))
    result = run("check", str(bad))
    assert result.exit_code == 1 and "pink" in result.output and "goal[1]" in result.output
    broken = tmp_path / "broken.toml"
    broken.write_text("[deck\nname=")
    result = run("check", str(broken))
    assert_clean_failure(result, 2)
    assert "broken.toml" in result.output and "TOML syntax error" in result.output


def test_wrong_type_names_file_and_field(run, tmp_path):
    f = tmp_path / "typed.toml"
    f.write_text(GOOD.replace("count = 4", 'count = "four"'))
    result = run("check", str(f))
    assert_clean_failure(result, 2)
    assert "typed.toml: action[0].count: must be an integer" in result.output


def test_check_json(run, tmp_path):
    f = tmp_path / "d.toml"
    f.write_text(GOOD)
    data = json.loads(run("check", str(f), "--json").output)
    assert data["ok"] is True and data["game"] == "ryb" and data["summary"]["cards"] == 13


def test_printing_an_illegal_deck_is_refused_and_writes_nothing(run, tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text(GOOD.replace('colour = "blue"', 'colour = "pink"'))
    out = tmp_path / "deck.pdf"
    result = run("ryb", "--deck", str(f), "--out", str(out))
    assert_clean_failure(result, 1)
    assert "pink" in result.output and not out.exists()


scalars = st.one_of(st.integers(-10**6, 10**6), st.text(max_size=8), st.booleans(),
                    st.floats(allow_nan=False), st.none())
values = st.recursive(scalars.filter(lambda v: v is not None),
                      lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(["colour", "target", "targets", "value",
                                                         "count", "name", "variable"]), inner, max_size=5),
                      max_leaves=12)
deck_like = st.fixed_dictionaries({}, optional={
    "deck": st.dictionaries(st.sampled_from(["name", "variable", "x"]), values, max_size=3),
    "goal": st.lists(st.dictionaries(st.sampled_from(["colour", "target", "targets", "value", "count"]),
                                     values, max_size=5), max_size=4),
    "action": st.lists(st.dictionaries(st.sampled_from(["name", "count"]), values, max_size=2), max_size=3),
})


def _toml(value) -> str:
    return json.dumps(value) if not isinstance(value, (list, dict)) else (
        "[" + ", ".join(_toml(v) for v in value) + "]" if isinstance(value, list)
        else "{" + ", ".join(f'"{k}" = {_toml(v)}' for k, v in value.items()) + "}")


def _render(data: dict) -> str:
    lines = []
    for key, value in data.items():
        lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


@given(deck_like)
def test_generated_deck_files_never_cause_a_traceback(tmp_path_factory, data):
    f = tmp_path_factory.mktemp("decks") / "deck.toml"
    f.write_text(_render(data))
    from click.testing import CliRunner
    from icp_print.cli.main import main
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "internal error" not in result.output


@given(st.binary(max_size=200))
def test_random_bytes_as_a_deck_file_never_cause_a_traceback(tmp_path_factory, blob):
    f = tmp_path_factory.mktemp("decks") / "deck.toml"
    f.write_bytes(blob)
    from click.testing import CliRunner
    from icp_print.cli.main import main
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code in (0, 1, 2)
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_deck_name_is_required_as_the_template_says(run, tmp_path):
    """The deck template marks name as required: a deck without one is refused (exit 2)."""
    assert "name      text printed on the card backs and in reports (required)" in \
        path("ryb", "example-custom-deck.toml").read_text(encoding="utf-8")
    nameless = tmp_path / "nameless.toml"
    nameless.write_text(GOOD.replace('name = "t"\n', "", 1))
    result = run("check", str(nameless))
    assert_clean_failure(result, 2)
    assert "nameless.toml: deck.name: missing" in result.output
    no_table = tmp_path / "no-table.toml"
    no_table.write_text(GOOD.replace('[deck]\nname = "t"\n', "", 1))
    assert_clean_failure(run("check", str(no_table)), 2)
    blank = tmp_path / "blank.toml"
    blank.write_text(GOOD.replace('name = "t"', 'name = "  "', 1))
    assert "deck.name: must not be empty" in run("check", str(blank)).output


def test_card_counts_below_one_add_no_cards_to_the_total(run, tmp_path):
    """A negative count is a broken rule, not a way to take cards away."""
    deck = parse_deck(tomllib.loads(GOOD.replace("count = 4", "count = -9")))
    assert deck.size == 9                                  # the nine Goals; the Actions add none
    f = tmp_path / "negative.toml"
    f.write_text(GOOD.replace("count = 4", "count = -9"))
    result = run("check", str(f), "--json")
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["summary"]["cards"] == 9 and data["summary"]["actions"] == 0
    messages = {x["rule"]: x["message"] for x in data["findings"] if not x["ok"]}
    assert messages["card counts"] == "count must be at least 1, got -9"
    assert messages["deal"].startswith("9 cards cannot deal")


def test_setting_up_deal_sizes_the_minimum_to_the_planned_tables():
    """Setting Up: 2 players take 5 each, 3 take 4, 4 take 3, 5 take 2, and a Draw deck is left."""
    eleven = GOOD.replace("count = 4", "count = 2")       # 9 Goals + 2 Actions
    assert [f.rule for f in failures(eleven)] == ["deal"]
    bad = failures(eleven)[0]
    assert "11 cards cannot deal 3 or 4 players" in bad.message
    assert "at least 13 are needed (3 players take 12, 4 players take 12)" in bad.message
    for players, ok in (("2", True), ("5", True), ("[2, 5]", True), ("[2, 3]", False), ("4", False)):
        text = eleven.replace('name = "t"', f'name = "t"\nplayers = {players}')
        assert (failures(text) == []) is ok, players


def test_setting_up_players_outside_the_rules_are_refused():
    for players in ("1", "6", "[]", '"two"', "[2, 7]"):
        with pytest.raises(InputError) as info:
            parse_deck(tomllib.loads(GOOD.replace('name = "t"', f'name = "t"\nplayers = {players}')))
        assert str(info.value).startswith("deck.players")


def test_players_option_prints_a_small_deck_for_the_planned_table(run, tmp_path):
    small = tmp_path / "small.toml"
    small.write_text(GOOD.replace("count = 4", "count = 2"))
    out = tmp_path / "small.pdf"
    assert_clean_failure(run("ryb", "--deck", str(small), "--out", str(out)), 1)
    result = run("ryb", "--deck", str(small), "--players", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    from pagescan import manifest
    printed = manifest(out.read_bytes())
    counts = {c["label"]: c["count"] for c in printed["components"]}
    assert printed["options"]["players"] == [2]
    assert counts["ryb:reference"] == 2                   # one turn summary per player
    assert run("check", str(out)).exit_code == 0
