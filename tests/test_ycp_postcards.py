"""YCP postcards against the rules text: one test per gauge, table and
component list the rules give numbers for, and the checks that catch a card
that drifts from them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from icp_print.validators.ycp.content import check_postcard, component_counts, rules_table
from icp_print.validators.ycp.protocol_g117.board import actions_problems, diagram_example, earth_problems
from icp_print.validators.ycp.protocol_g117.pictures import paired_actions, ring_field
from icp_print.validators.ycp.model import GAMES, Actions, Grid, Map, Track
from icp_print.validators.ycp.postcard_file import load_postcard


@pytest.fixture(scope="module")
def cards():
    return {g: load_postcard(g) for g in GAMES}


def track(card, track_id) -> Track:
    t = card.tracks()[track_id]
    assert isinstance(t, Track)
    return t


def actions(card) -> dict:
    return {item.name: item for a in card.of_kind(Actions) for item in a.items}


def failures(card) -> list[str]:
    return [f"{f.rule}: {f.message}" for f in check_postcard(card) if not f.ok]


@pytest.mark.parametrize("game", GAMES)
def test_every_postcard_passes_its_rules(cards, game):
    assert failures(cards[game]) == []


# -- Mad Maxence -----------------------------------------------------------------------

def test_mad_maxence_tu_gauge_runs_0_to_20_starting_on_0(cards):
    tu = track(cards["mad-maxence"], "tu")
    assert tu.cells == tuple(str(n) for n in range(21))
    assert tu.start == "0" and "Erasers" in tu.marks["20"]   # 20 is a space, not a losing end (below)


@pytest.mark.parametrize("gauge", ["tech", "spare-parts", "fuel", "combativeness", "driving",
                                   "orientation"])
def test_mad_maxence_setup_skills_and_resources_start_on_1(cards, gauge):
    t = track(cards["mad-maxence"], gauge)
    assert t.start == "1" and t.cells[0] == "0"


def test_mad_maxence_location_a_is_reached_from_0_2_5_8_or_4(cards):
    m = cards["mad-maxence"].of_kind(Map)[0]
    assert m.neighbours("A") == {"0", "2", "5", "8", "4"}
    assert all(n.hidden == n.id.isalpha() for n in m.nodes)


def test_mad_maxence_round_trip_example_2_to_5_back_through_8_4_1_0(cards):
    m = cards["mad-maxence"].of_kind(Map)[0]
    for a, b in [("2", "5"), ("5", "8"), ("8", "4"), ("4", "1"), ("1", "0"), ("0", "2")]:
        assert b in m.neighbours(a)


def test_mad_maxence_first_adventure_starts_on_0(cards):
    assert [n.id for n in cards["mad-maxence"].of_kind(Map)[0].nodes if n.start] == ["0"]


def test_mad_maxence_components_8_cubes_a_and_3_coins(cards):
    counts = component_counts(cards["mad-maxence"])
    assert counts[("cube", "A")] == 1 + 7 and counts[("coin", "")] == 3


def test_mad_maxence_player_aid_tables_printed(cards):
    printed = {t.ref for t in cards["mad-maxence"].front if hasattr(t, "ref")}
    assert {"test", "combat", "elude", "repair"} <= printed
    assert len(rules_table("mad-maxence", "combat").rows) == 4


# -- Lucha Libre ------------------------------------------------------------------------

@pytest.mark.parametrize("wrestler", ["el-santo", "el-cavernario", "blue-demon", "el-bulldog"])
def test_lucha_energy_cartridge_levels_2_to_5_start_on_3(cards, wrestler):
    t = track(cards["lucha-libre"], f"energy-{wrestler}")
    assert t.cells == ("2", "3", "4", "5") and t.start == "3"


@pytest.mark.parametrize("fans", ["fans-1", "fans-2"])
def test_lucha_fan_track_starts_on_10_and_37_of_73_wins(cards, fans):
    t = track(cards["lucha-libre"], fans)
    assert t.cells[0] == "0" and t.cells[-1] == "37" and t.start == "10" and t.goal == ("37",)
    assert "73" in t.title


def test_lucha_each_team_faces_its_player(cards):
    card = cards["lucha-libre"]
    assert track(card, "energy-blue-demon").rotate == 180 and track(card, "fans-2").rotate == 180
    assert track(card, "energy-el-santo").rotate == 0 and track(card, "fans-1").rotate == 0


def test_lucha_moves_table_has_the_seven_moves(cards):
    rows = rules_table("lucha-libre", "moves").rows
    assert [r[0] for r in rows][0] == "Triple F" and len(rows) == 7
    assert cards["lucha-libre"].element("moves").ref == "moves"


def test_lucha_components_3_cubes_each_and_10_dice(cards):
    assert component_counts(cards["lucha-libre"]) == {("cube", "A"): 3, ("cube", "B"): 3, ("die", ""): 10}


# -- Protocol G117 ----------------------------------------------------------------------

def test_g117_ten_action_pairs_with_the_rules_worked_pairs(cards):
    board = paired_actions(cards["protocol-g117"].element("actions"))
    assert len(board.pairs) == 10
    assert board.partner("Hopes End") == "Anon Hacker"
    assert board.partner("Faulty CPUs") == "Human Betrayal"
    assert all(1 <= p.ai.po <= 3 and 1 <= p.hu.po <= 3 for p in board.pairs)
    assert all(1 <= len(p.ai.event) <= 2 and 1 <= len(p.hu.event) <= 2 for p in board.pairs)


def test_g117_matrix_adjacency_follows_the_diagram_example(cards):
    field = ring_field(cards["protocol-g117"].element("matrix"))
    a, b, c, d, e = diagram_example(field)
    assert b in field.neighbours(a) and c not in field.neighbours(a) and field.touching(a, c)
    assert {a, c} <= field.neighbours(d) and b not in field.neighbours(d) and e in field.neighbours(d)
    assert field.neighbours("c") == {"i1", "i2", "i3", "i4"}


def test_g117_start_points_two_ai_bots_one_hu_decker(cards):
    field = ring_field(cards["protocol-g117"].element("matrix"))
    assert sorted(field.start.values()) == ["AI", "AI", "HU"]


def test_g117_setup_pv2_square_next_to_hu_start_on_earth(cards):
    earth = cards["protocol-g117"].element("earth")
    assert earth_problems(earth) == []
    moved = replace(earth, features=tuple(f for f in earth.features if f.text != "2"))
    assert any("PV2" in p for p in earth_problems(moved))


def test_g117_a_wrong_partner_is_caught(cards):
    board = paired_actions(cards["protocol-g117"].element("actions"))
    first, second = board.pairs[0], board.pairs[1]
    swapped = replace(board, pairs=(replace(first, hu=second.hu), replace(second, hu=first.hu),
                                    *board.pairs[2:]))
    assert any("Hopes End" in p for p in actions_problems(swapped))


def test_g117_components_12_cubes_per_side_and_20_action_cubes(cards):
    counts = component_counts(cards["protocol-g117"])
    assert counts[("cube", "A")] == 12 and counts[("cube", "B")] == 12 and counts[("cube", "")] == 20


# -- Bonnie and Clyde -------------------------------------------------------------------

@pytest.mark.parametrize("gauge", ["love", "boredom", "police-threat", "ammunition"])
def test_bonnie_setup_gauges_start_on_0_and_top_at_2(cards, gauge):
    t = track(cards["bonnie-and-clyde"], gauge)
    assert t.cells == ("0", "1", "2") and t.start == "0"


def test_bonnie_love_to_death_spaces_love_2_ammo_2_passion_2_poem_3(cards):
    card = cards["bonnie-and-clyde"]
    assert [track(card, t).goal for t in ("love", "ammunition", "passion", "poem")] == \
        [("2",), ("2",), ("2",), ("3",)]


def test_bonnie_roy_thornton_starts_present(cards):
    roy = track(cards["bonnie-and-clyde"], "roy")
    assert roy.cells == ("+", "-") and roy.start == "+"


def test_bonnie_modifier_spaces_plus_1_to_3(cards):
    assert track(cards["bonnie-and-clyde"], "modifier").cells == ("+1", "+2", "+3")


def test_bonnie_police_table_1_to_8(cards):
    rows = rules_table("bonnie-and-clyde", "police").rows
    assert [r[0] for r in rows] == ["1-2", "3", "4", "5", "6-7", "8+"]
    assert cards["bonnie-and-clyde"].element("police").ref == "police"


def test_bonnie_four_places_and_six_daily_actions(cards):
    names = set(actions(cards["bonnie-and-clyde"]))
    assert {"Home", "Cement City", "Dallas", "Go for a ride"} <= names
    assert {"Apply for Good Work", "Apply for Work", "Make a Photo", "Get Ammunition", "Stick Up",
            "Leave Town"} <= names


def test_bonnie_components_10_cubes_a_9_cubes(cards):
    counts = component_counts(cards["bonnie-and-clyde"])
    assert counts[("cube", "A")] == 6 + 4 and counts[("cube", "")] == 9


# -- Which Side -------------------------------------------------------------------------

def test_which_side_employer_strength_0_to_10_with_2d6_on_3_6_8(cards):
    t = track(cards["which-side"], "strength")
    assert t.cells == tuple(str(n) for n in range(11)) and t.start == "0"
    assert {k for k, v in t.marks.items() if v == "2d6"} == {"3", "6", "8"}


def test_which_side_savings_start_2_and_life_cost_start_5(cards):
    card = cards["which-side"]
    assert track(card, "savings").start == "$2"
    assert track(card, "life-cost").start == "$5"       # $1 per worker (4) + $1 rent


@pytest.mark.parametrize("gauge,end", [("risk", "Hurt"), ("unsanitary", "Hurt"),
                                       ("police-threat", "Jail")])
def test_which_side_gauges_end_in_hurt_or_jail(cards, gauge, end):
    t = track(cards["which-side"], gauge)
    assert t.cells[-1] == end and t.goal == (end,) and t.start == "0"


def test_which_side_employer_table_six_faces(cards):
    assert [r[0] for r in rules_table("which-side", "employer").rows] == list("123456")


def test_which_side_targets_normal_5_advanced_6_hard_8(cards):
    rows = rules_table("which-side", "modes").rows
    assert [(r[0], r[1]) for r in rows] == [("Normal", "5"), ("Advanced", "6"), ("Hard", "8")]


def test_which_side_means_of_production_costs_match_the_rules(cards):
    means = cards["which-side"].element("means")
    assert [i.effect for i in means.items] == [r[1] for r in rules_table("which-side", "means").rows]


def test_which_side_actions_tenement_group_and_new_york(cards):
    names = actions(cards["which-side"])
    assert len([n for n in names if n in ("East River Docks", "Triangle Shirtwaist",
                                          "Newtown Creek Dye Industry", "Greenwich Village",
                                          "Tenderloin")]) == 5
    assert sum(names[n].slots > 1 for n in ("Bonesetter", "Local Union", "Printing Press",
                                            "Liberal Lawyers", "Political Café",
                                            "Chemistry Workshop")) == 2   # two repeatable


# -- Toroball ---------------------------------------------------------------------------

def test_toroball_arena_goals_arrows_bottles_hiding_spot_starts(cards):
    arena = cards["toroball"].element("arena")
    assert isinstance(arena, Grid)
    assert len(arena.features_named("goal")) == 2 and len(arena.features_named("bottle")) == 4
    assert len([f for f in arena.features if f.style.startswith("arrow-")]) == 6
    assert [f.cell for f in arena.features_named("block")] == [(3, 5)]
    assert len(arena.features_named("start")) == 2


def test_toroball_cow_agitation_starts_on_2(cards):
    assert track(cards["toroball"], "agitation").start == "2"
    assert track(cards["toroball"], "agitation").cells[0] == "2"


def test_toroball_first_to_two_goals(cards):
    assert all(track(cards["toroball"], t).goal == ("2",) for t in ("score-a", "score-b"))


def test_toroball_scatter_compass_has_six_faces():
    from icp_print.validators.ycp.toroball.compass import compass_directions
    card = load_postcard("toroball")
    faces = compass_directions("toroball", card.element("compass"))
    assert sorted(f for f, _, _ in faces) == [1, 2, 3, 4, 5, 6]


# -- The Last Glow ----------------------------------------------------------------------

def test_last_glow_setup_brightness_3_victory_0_structure_6(cards):
    card = cards["the-last-glow"]
    assert (track(card, "brightness").start, track(card, "victory").start,
            track(card, "structure").start) == ("3", "0", "6")


def test_last_glow_six_victory_points_win(cards):
    assert track(cards["the-last-glow"], "victory").goal == ("6",)


def test_last_glow_structure_3_leaves_four_crew(cards):
    assert "4 crew" in track(cards["the-last-glow"], "structure").marks["3"]


def test_last_glow_nightmare_sequence(cards):
    t = track(cards["the-last-glow"], "nightmare")
    assert [t.marks[c] for c in t.cells] == ["1d6", "1d6", "2d6", "1d6", "3d6", "2d6", "1d6", "1d6",
                                             "2d6", "3d6"]


def test_last_glow_grid_lines_numbered_from_the_top(cards):
    grid = cards["the-last-glow"].element("locations")
    assert grid.row_labels == ("1", "2", "3", "4", "5", "6") and grid.cols == 6


def test_last_glow_storm_table_and_seven_actions(cards):
    assert [r[0] for r in rules_table("the-last-glow", "storm").rows] == ["1-3", "4-5", "6-7", "8+"]
    assert set(actions(cards["the-last-glow"])) == {"Light Up", "Maneuver", "Hunt", "Sleep",
                                                     "Repair", "Full Throttle", "Send"}


# -- the checks catch a card that drifts from the rules ---------------------------------

def test_a_moved_start_is_caught(cards):
    card = cards["mad-maxence"]
    tu = replace(track(card, "tu"), start="1")
    broken = replace(card, front=tuple(tu if e.id == "tu" else e for e in card.front))
    assert any("tu" in f and "starts on" in f for f in failures(broken))


def test_a_missing_gauge_is_caught(cards):
    card = cards["which-side"]
    broken = replace(card, front=tuple(e for e in card.front if e.id != "strength"))
    assert any(f.startswith("gauge strength") for f in failures(broken))


def test_a_short_range_is_caught(cards):
    card = cards["lucha-libre"]
    fans = replace(track(card, "fans-1"), cells=tuple(str(n) for n in range(30)))
    broken = replace(card, front=tuple(fans if e.id == "fans-1" else e for e in card.front))
    assert any("fans-1" in f for f in failures(broken))


def test_a_wrong_component_count_is_caught(cards):
    card = cards["the-last-glow"]
    broken = replace(card, components=card.components[1:])
    assert any(f.startswith("components") for f in failures(broken))


def test_overlapping_boxes_are_caught(cards):
    card = cards["toroball"]
    moved = replace(card.element("compass"), box=(3, 8.5, 40, 34))
    broken = replace(card, front=tuple(moved if e.id == "compass" else e for e in card.front))
    assert any("overlaps" in f for f in failures(broken))


def test_a_missing_action_is_caught(cards):
    card = cards["bonnie-and-clyde"]
    places = card.element("places")
    fewer = replace(places, items=places.items[1:])
    broken = replace(card, front=tuple(fewer if e.id == "places" else e for e in card.front))
    assert any("action Home" in f for f in failures(broken))


def with_element(card, element):
    return replace(card, front=tuple(element if e.id == element.id else e for e in card.front))


def test_mad_maxence_caught_only_when_spending_a_tu_on_20(cards):
    # "When you are at "TU 20" and you need to spend a TU, you are caught by the Erasers."
    card = cards["mad-maxence"]
    tu = track(card, "tu")
    assert tu.cells[-1] == "20" and tu.goal == () and "Erasers" in tu.marks["20"]
    painted = with_element(card, replace(tu, goal=("20",)))
    assert any(f.startswith("TU 20 is not the losing space") for f in failures(painted))


def test_the_last_glow_lighthouse_phase_sets_no_limit_per_action(cards):
    # "place all your available crew members on the actions of your choice";
    # Full Throttle: "If you perform the second identical action".
    card = cards["the-last-glow"]
    assert all(item.open for item in actions(card).values())
    board = next(a for a in card.of_kind(Actions))
    two_each = replace(board, items=tuple(replace(i, slots=2) for i in board.items))
    assert any(f.startswith("crew actions without a per-action limit")
               for f in failures(with_element(card, two_each)))


def test_which_side_strength_may_stand_on_10_and_loses_past_it(cards):
    # "before the Employer's Strength gauge "exceeds" 10": 10 is drawn as a space, with its note.
    card = cards["which-side"]
    strength = track(card, "strength")
    assert strength.goal == () and "lost" in strength.marks["10"]
    painted = with_element(card, replace(strength, goal=("10",)))
    assert any(f.startswith("Strength 10 is not the losing space") for f in failures(painted))
