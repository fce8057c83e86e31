"""Resolving yEAh rounds: each history rule of the notes, each item, the
either-side kill policy, the round file parser and ``icp-print solve yeah``."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path
from icp_print.validators.errors import InputError
from icp_print.validators.yeah.model import says
from icp_print.validators.yeah.resolve import resolve
from icp_print.validators.yeah.round import parse_round, round_as_json
from icp_print.validators.yeah.table import published_table

from conftest import assert_clean_failure

TABLE = published_table()
EXAMPLE = path("yeah", "example-round.json")


def play(*players: dict):
    """Resolve a round given as round-file player entries."""
    return resolve(TABLE, parse_round({"players": list(players)}, TABLE))


def p(name: str, item: str | None = None, ammo: int = 0, history=(), **extra) -> dict:
    entry = {"name": name, "ammo": ammo, "history": list(history), **extra}
    if item is not None:
        entry["item"] = item
    return entry


def by_name(result):
    return {o.name: o for o in result.outcomes}


def killed(result) -> set[str]:
    return {o.name for o in result.outcomes if o.killed}


def next_round(result, **choices):
    """The next round's file with ``choices`` (name -> item) filled in."""
    data = round_as_json(result.next_players)
    for entry in data["players"]:
        if entry["name"] in choices:
            entry["item"] = choices[entry["name"]]
    return resolve(TABLE, parse_round(data, TABLE))


# --- Shield: at most 10 times in a row -----------------------------------------

def test_rule_shield_at_most_10_times_in_a_row_tenth_allowed():
    r = by_name(play(p("A", "shield", history=["shield"] * 9), p("B", "reload")))
    assert r["A"].played == "shield" and r["A"].refused is None


def test_rule_shield_at_most_10_times_in_a_row_eleventh_is_skip():
    r = by_name(play(p("A", "shield", history=["shield"] * 10), p("B", "reload")))
    assert r["A"].played == "skip" and "10 times in a row" in r["A"].refused


def test_shield_run_is_broken_by_another_item():
    r = by_name(play(p("A", "shield", history=["shield"] * 10 + ["reload"]), p("B", "reload")))
    assert r["A"].played == "shield"


def test_shield_limit_counts_only_the_latest_run():
    r = by_name(play(p("A", "shield", history=["shield"] * 6 + ["reload"] + ["shield"] * 9),
                     p("B", "reload")))
    assert r["A"].played == "shield"


# --- Stun Gun: only after Battery; the target must Skip next turn --------------

def test_rule_stun_gun_only_after_battery_allowed_then():
    r = by_name(play(p("A", "stun-gun", ammo=5, history=["battery"]), p("B", "reload")))
    assert r["A"].played == "stun-gun" and r["A"].ammo_after == 1
    assert r["B"].killed                         # Stun Gun kills <Charge (Ammo)>


def test_rule_stun_gun_only_after_battery_refused_otherwise():
    r = by_name(play(p("A", "stun-gun", ammo=5, history=["battery", "reload"]), p("B", "reload")))
    assert r["A"].played == "skip" and "needs Battery" in r["A"].refused
    assert r["A"].ammo_after == 5 and not r["B"].killed


def test_stun_gun_makes_its_target_skip_next_turn():
    first = play(p("A", "stun-gun", ammo=5, history=["battery"]), p("B", "shield"),
                 p("C", "shield"))
    assert first.stunned == ()                   # three players and no target: no effect
    assert "no target chosen" in first.notes[0]
    first = play(p("A", "stun-gun", ammo=5, history=["battery"], target="C"), p("B", "shield"),
                 p("C", "shield"))
    assert first.stunned == ("C",)
    second = by_name(next_round(first, A="reload", B="reload", C="gun"))
    assert second["C"].played == "skip" and second["C"].refused == "stunned by a Stun Gun"


def test_stun_gun_with_two_players_stuns_the_other():
    result = play(p("A", "stun-gun", ammo=5, history=["battery"]), p("B", "shield"))
    assert result.stunned == ("B",)


def test_stun_gun_needs_its_player_to_survive():
    result = play(p("A", "stun-gun", ammo=5, history=["battery"], target="B"),
                  p("B", "bazooka", ammo=10))
    assert "A" in killed(result) and result.stunned == ()


# --- Orange Juice: activation guarantees survival next turn --------------------

def test_rule_orange_juice_activation_on_the_next_turn():
    first = play(p("A", "orange-juice-unactivated"), p("B", "shield", ammo=1))
    assert by_name(first)["A"].holding == ()            # not yet: only from the next turn
    second = by_name(next_round(first, A="reload", B="gun"))
    assert second["A"].holding == ("orange-juice-activated",)
    assert second["A"].played == "reload" and not second["A"].killed   # a Gun kills a reloader


def test_activated_orange_juice_survives_even_a_bazooka():
    r = by_name(play(p("A", "reload", history=["orange-juice-unactivated"]),
                     p("B", "bazooka", ammo=10)))
    assert not r["A"].killed
    assert r["B"].killed and r["B"].killed_by[0].item == "orange-juice-activated"


def test_activated_orange_juice_kills_a_grenade_thrower():
    r = by_name(play(p("A", "shield", history=["orange-juice-unactivated"]), p("B", "grenade", ammo=2)))
    assert not r["A"].killed and r["B"].killed


def test_activated_orange_juice_lasts_one_turn_only():
    r = by_name(play(p("A", "reload", history=["orange-juice-unactivated", "reload"]),
                     p("B", "gun", ammo=1)))
    assert r["A"].holding == () and r["A"].killed


def test_orange_juice_not_allowed_while_holding_an_activated_one():
    r = by_name(play(p("A", "orange-juice-unactivated", history=["orange-juice-unactivated"]),
                     p("B", "reload")))
    assert r["A"].played == "skip" and "not allowed while holding" in r["A"].refused


def test_orange_juice_drinker_who_dies_gets_nothing():
    first = play(p("A", "orange-juice-unactivated"), p("B", "gun", ammo=1), p("C", "reload"))
    assert "A" in killed(first)
    assert not first.next_players[0].alive


# --- Firework: the blast comes the turn after the launch -----------------------

def test_rule_firework_blast_next_turn():
    first = play(p("A", "firework-launch", ammo=2), p("B", "shield"))
    assert first.unowned == () and killed(first) == set()
    second = next_round(first, A="reload", B="shield")
    assert second.unowned == ("firework-blast",)
    assert killed(second) == {"B"}
    assert by_name(second)["B"].killed_by[0].killer is None      # the blast belongs to nobody


def test_firework_blast_breaks_a_reinforced_shield_and_hits_its_launcher():
    r = by_name(play(p("A", "reinforced-shield", ammo=1, history=["firework-launch"]),
                     p("B", "reinforced-shield", ammo=1)))
    assert r["A"].killed and r["B"].killed


def test_firework_blast_spares_everything_but_shields():
    r = play(p("A", "reload", history=["firework-launch"]), p("B", "gun", ammo=1), p("C", "mirror", ammo=2))
    assert all(k.item != "firework-blast" for o in r.outcomes for k in o.killed_by)


def test_no_blast_when_the_launcher_was_killed():
    first = play(p("A", "firework-launch", ammo=2), p("B", "gun", ammo=1), p("C", "shield"))
    assert killed(first) == {"A"}
    second = next_round(first, B="shield", C="shield")
    assert second.unowned == () and killed(second) == set()


# --- Mirror: copies the player on the left, without the cost -------------------

def test_rule_mirror_copies_the_player_on_the_left():
    r = by_name(play(p("A", "mirror", ammo=2), p("B", "gun", ammo=1), p("C", "reload")))
    assert r["A"].played == "gun" and r["A"].copied_from == "B"
    assert r["A"].ammo_after == 0                # Mirror's 2, not the Gun's 1
    assert r["C"].killed


def test_mirror_last_player_copies_the_first():
    r = by_name(play(p("A", "battery", ammo=3), p("B", "mirror", ammo=2)))
    assert r["B"].played == "battery" and r["B"].ammo_after == 2 - 2 + 5


def test_mirror_does_not_pay_for_a_bazooka():
    r = by_name(play(p("A", "mirror", ammo=2), p("B", "bazooka", ammo=10)))
    assert r["A"].played == "bazooka" and r["A"].killed and r["B"].killed
    assert r["A"].ammo_after == 0 and r["B"].ammo_after == 0


def test_mirror_follows_a_chain_of_mirrors():
    r = by_name(play(p("A", "mirror", ammo=2), p("B", "mirror", ammo=2), p("C", "reload")))
    assert r["A"].played == r["B"].played == "reload"
    assert r["A"].copied_from == "C"


def test_ring_of_mirrors_copies_nothing():
    r = by_name(play(p("A", "mirror", ammo=2), p("B", "mirror", ammo=2)))
    assert r["A"].played == r["B"].played == "mirror" and r["A"].ammo_after == 0


def test_mirror_skips_dead_players():
    r = by_name(play(p("A", "mirror", ammo=2), p("B", alive=False), p("C", "shield")))
    assert r["A"].copied_from == "C"


def test_mirror_copy_must_obey_history_rules():
    r = by_name(play(p("A", "mirror", ammo=2, history=["reload"]),
                     p("B", "stun-gun", ammo=4, history=["battery"])))
    assert r["A"].played == "skip" and "needs Battery" in r["A"].refused
    assert r["A"].ammo_after == 2          # a refused copy costs nothing, Mirror included


def test_mirror_copy_counts_in_history():
    result = play(p("A", "mirror", ammo=2), p("B", "shield"))
    assert result.next_players[0].history == ("shield",)


# --- Skip: what a choice that cannot be played becomes -------------------------

@pytest.mark.parametrize("player,why", [
    (p("A"), "no choice made"),
    (p("A", "bazooka", ammo=9), "costs 10"),
    (p("A", "firework-blast", ammo=9), "never chosen"),
    (p("A", "stun-gun", ammo=9, history=["reload"]), "needs Battery"),
    (p("A", "shield", history=["shield"] * 10), "10 times in a row"),
    (p("A", "orange-juice-unactivated", history=["orange-juice-unactivated"]), "not allowed while"),
    (p("A", "gun", ammo=9, stunned=True), "stunned"),
])
def test_rule_skip_when_nothing_legal_is_chosen(player, why):
    r = by_name(play(player, p("B", "minigun")))
    assert r["A"].played == "skip" and why in r["A"].refused
    assert r["A"].ammo_after == player["ammo"]          # a refused choice costs nothing
    assert r["A"].killed == (r["A"].holding == ())      # Skip dies to any Weapon, Minigun too


def test_skip_when_no_choice_is_made():
    r = by_name(play(p("A"), p("B", "reload")))
    assert r["A"].played == "skip" and r["A"].refused == "no choice made"


def test_skip_when_the_cost_cannot_be_paid_and_nothing_is_spent():
    r = by_name(play(p("A", "laser-gun", ammo=2), p("B", "reload")))
    assert r["A"].played == "skip" and "costs 3" in r["A"].refused and r["A"].ammo_after == 2


@pytest.mark.parametrize("item", ["orange-juice-activated", "firework-blast"])
def test_skip_when_choosing_an_item_nobody_chooses(item):
    r = by_name(play(p("A", item, ammo=50), p("B", "reload")))
    assert r["A"].played == "skip" and "never chosen" in r["A"].refused


def test_skipping_player_dies_to_any_weapon():
    r = by_name(play(p("A"), p("B", "minigun")))
    assert r["A"].killed                          # Skip's Killed By: <Weapon>


# --- Necromancy ---------------------------------------------------------------

def test_necromancy_revives_a_dead_player_with_no_ammo():
    result = play(p("A", "necromancy", ammo=4), p("B", "shield"), p("C", alive=False, ammo=7))
    assert result.revived == (("C", "A"),)
    c = result.next_players[2]
    assert c.alive and c.ammo == 0 and c.revived_by == "A"


def test_revived_player_cannot_kill_the_necromancer():
    r = by_name(play(p("A", "reload"), p("B", "gun", ammo=1, revived_by="A"), p("C", "reload")))
    assert not r["A"].killed and r["C"].killed


def test_killed_necromancer_revives_nobody():
    result = play(p("A", "necromancy", ammo=4), p("B", "gun", ammo=1), p("C", alive=False))
    assert result.revived == () and "A" in killed(result)


def test_necromancy_with_nobody_dead_does_nothing():
    result = play(p("A", "necromancy", ammo=4), p("B", "shield"))
    assert result.revived == () and result.next_players[0].ammo == 0


# --- each item, and the policy where the cells disagree -----------------------

def test_reload_gives_one():
    assert by_name(play(p("A", "reload"), p("B", "shield")))["A"].ammo_after == 1


def test_battery_costs_3_and_gives_5():
    assert by_name(play(p("A", "battery", ammo=3), p("B", "shield")))["A"].ammo_after == 5


def test_gun_kills_a_charging_player_and_a_grenade():
    assert killed(play(p("A", "gun", ammo=1), p("B", "reload"), p("C", "grenade", ammo=2))) == {"B", "C"}


def test_gun_does_not_get_through_a_shield():
    assert killed(play(p("A", "gun", ammo=1), p("B", "shield"))) == set()


def test_laser_gun_gets_through_a_shield_but_not_a_reinforced_one():
    assert killed(play(p("A", "laser-gun", ammo=3), p("B", "shield"),
                       p("C", "reinforced-shield", ammo=1))) == {"B"}


def test_grenade_kills_a_shield_and_a_summoner():
    assert killed(play(p("A", "grenade", ammo=2), p("B", "shield"), p("C", "firework-launch", ammo=2))) \
        == {"B", "C"}


def test_reload_and_battery_kill_a_grenade_thrower():
    assert killed(play(p("A", "grenade", ammo=2), p("B", "reload"))) == {"A"}
    assert killed(play(p("A", "grenade", ammo=2), p("B", "battery", ammo=3))) == {"A"}


def test_minigun_is_free_and_kills_summoners():
    r = by_name(play(p("A", "minigun"), p("B", "firework-launch", ammo=2), p("C", "reinforced-shield", ammo=1)))
    assert r["B"].killed and not r["C"].killed and r["A"].ammo_after == 0


def test_bazooka_costs_ten_and_kills_everything():
    r = by_name(play(p("A", "bazooka", ammo=10), p("B", "reinforced-shield", ammo=1),
                     p("C", "minigun"), p("D", "stun-gun", ammo=4, history=["battery"])))
    assert {n for n in "BCD" if r[n].killed} == set("BCD") and r["A"].ammo_after == 0


def test_policy_either_side_minigun_kills_a_reloader():
    r = by_name(play(p("A", "minigun"), p("B", "reload")))
    assert r["B"].killed and r["B"].killed_by[0].because == "killed_by"


def test_policy_either_side_two_grenades_kill_each_other():
    assert killed(play(p("A", "grenade", ammo=2), p("B", "grenade", ammo=2))) == {"A", "B"}


def test_policy_either_side_bazookas_kill_each_other():
    assert killed(play(p("A", "bazooka", ammo=10), p("B", "bazooka", ammo=10))) == {"A", "B"}


CHOOSABLE = [i for i in TABLE.items if i.choosable and not i.copies_left]


@pytest.mark.parametrize("attacker", CHOOSABLE, ids=lambda i: i.id)
def test_every_duel_follows_the_either_side_policy(attacker):
    history = [attacker.needs_last_turn.lower()] if attacker.needs_last_turn else []
    for defender in CHOOSABLE:
        d_history = [defender.needs_last_turn.lower()] if defender.needs_last_turn else []
        result = by_name(play(p("A", attacker.id, ammo=20, history=history),
                              p("B", defender.id, ammo=20, history=d_history)))
        expected = bool(says(attacker.kills, defender) or says(defender.killed_by, attacker))
        assert result["B"].killed == expected, (attacker.name, defender.name)


def test_cost_is_paid_even_by_a_player_who_dies():
    r = by_name(play(p("A", "battery", ammo=3), p("B", "gun", ammo=1)))
    assert r["A"].killed and r["A"].ammo_after == 0


# --- round files --------------------------------------------------------------

@pytest.mark.parametrize("data,field", [
    ({"players": [{"name": "A"}]}, "players"),
    ({"players": [{"name": "A", "item": "gunn"}, {"name": "B"}]}, "players[0].item"),
    ({"players": [{"name": "A", "ammo": -1}, {"name": "B"}]}, "players[0].ammo"),
    ({"players": [{"name": "A"}, {"name": "A"}]}, "players[1].name"),
    ({"players": [{"name": "A", "target": "Z"}, {"name": "B"}]}, "players[0].target"),
    ({"players": [{"name": "A", "history": ["reload", 3]}, {"name": "B"}]}, "players[0].history[1]"),
    ({"players": [{"name": "A", "alive": False, "item": "gun"}, {"name": "B"}, {"name": "C"}]},
     "players[0].item"),
    ({"players": [{"name": "A", "alive": False}, {"name": "B"}]}, "players"),
    ({"players": [{"name": "A", "colour": "red"}, {"name": "B"}]}, "players[0]"),
    ({"game": "ryb", "players": []}, "game"),
])
def test_bad_round_files_name_the_field(data, field):
    with pytest.raises(InputError) as caught:
        parse_round(data, TABLE)
    assert caught.value.field == field


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=8)
                           | st.sampled_from(["gun", "shield", "A", "B", "mirror", "stun-gun"]),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                               st.sampled_from(["name", "alive", "ammo", "history", "stunned",
                                                "revived_by", "item", "target", "players", "game"]),
                               inner, max_size=6), max_leaves=20)


@given(json_values)
def test_garbage_round_files_raise_input_errors_only(data):
    try:
        rnd = parse_round(data, TABLE)
    except InputError as exc:
        assert exc.message
        return
    resolve(TABLE, rnd)


ids = [i.id for i in TABLE.items] + [None]
players = st.lists(st.fixed_dictionaries(
    {"item": st.sampled_from(ids), "ammo": st.integers(0, 12),
     "history": st.lists(st.sampled_from(ids), max_size=3), "alive": st.booleans(),
     "stunned": st.booleans()}), min_size=2, max_size=5)


@given(players)
def test_random_rounds_resolve_consistently(entries):
    data = []
    for n, e in enumerate(entries):
        e = dict(e, name=f"P{n}")
        if not e["alive"]:
            e["item"] = None
        data.append(e)
    if sum(e["alive"] for e in data) < 2:
        return
    result = resolve(TABLE, parse_round({"players": data}, TABLE))
    for o, before in zip(result.outcomes, data):
        assert o.killed == bool(o.killed_by)
        assert o.ammo_after >= 0
        if not before["alive"]:
            assert o.played is None and not o.killed


# --- the command --------------------------------------------------------------

def test_solve_example_round_text(run):
    result = run("solve", "yeah", "--round", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert "Eve: Battery; KILLED" in result.output
    assert "Dee: Gun (Mirror, copying Ana)" in result.output
    assert "Cy is stunned: plays Skip next turn" in result.output


def test_solve_json_gives_the_next_round_to_play(run, tmp_path):
    result = run("solve", "yeah", "--round", str(EXAMPLE), "--json")
    data = json.loads(result.output)
    assert [pl["killed"] for pl in data["players"]] == [False, False, False, True, False]
    assert data["stunned_next_turn"] == ["Cy"] and data["active_effects"] == ["firework-blast"]
    nxt = tmp_path / "next.json"
    nxt.write_text(json.dumps(data["next_round"]))
    again = json.loads(run("solve", "yeah", "--round", str(nxt), "--json").output)
    cy = next(pl for pl in again["players"] if pl["name"] == "Cy")
    assert cy["played"] == "skip" and cy["refused"] == "stunned by a Stun Gun"


def test_solve_broken_round_file_exits_2(run, tmp_path):
    bad = tmp_path / "round.json"
    bad.write_text('{"players": [{"name": "A", "item": "laser"}, {"name": "B"}]}')
    result = run("solve", "yeah", "--round", str(bad))
    assert_clean_failure(result, 2)
    assert "round.json: players[0].item: unknown item 'laser'" in result.output
    bad.write_text("{not json")
    assert_clean_failure(run("solve", "yeah", "--round", str(bad)), 2)


def test_solve_refuses_an_unplayable_table(run, tmp_path):
    items = tmp_path / "items.toml"
    items.write_text('[[item]]\nname = "Poke"\ncategory = "weapon"\ncost = 0\n'
                     'kills = [{ item = "Nobody" }]\n')
    result = run("solve", "yeah", "--round", str(EXAMPLE), "--items", str(items))
    assert_clean_failure(result, 1)
    assert "cannot be played" in result.output and "unknown item 'Nobody'" in result.output
