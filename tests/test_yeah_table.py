"""The yEAh item table: every published row as data, the contradictions the
check finds in it, and how broken or inconsistent item files are reported."""
from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path
from icp_print.validators.errors import InputError
from icp_print.validators.yeah.consistency import (CONTRADICTION, NOTES_OVER_KILLS, NOTES_OVER_TYPE,
                                                   check_table, contradictions, reachable_ammo)
from icp_print.validators.yeah.model import Ref, item_id, kills_cover, says
from icp_print.validators.yeah.table import parse_table, published_table

from conftest import assert_clean_failure

ITEMS = path("yeah", "items.toml")

# Each row of the rules' "ITEMS - POSSIBLE MOVES" table, copied cell by cell:
# type, cost (None = NaN), gives, kills, killed by.
PUBLISHED = {
    "Reload": ("Charge (Ammo)", 0, 1, "Grenade", "<Weapon (Gun)>"),
    "Shield": ("Defense I", 0, 0, "", "Laser Gun, Weapon (Bomb)"),
    "Gun": ("Weapon (Gun I)", 1, 0, "<Charge>, Grenade", "<Weapon (Bomb III+)>"),
    "Orange Juice (unactivated)": ("Charge (Summon)", 0, 0, "", "<Weapon>"),
    "Orange Juice (activated)": ("Defense II", None, 0, "<Bomb II+>", ""),
    "Grenade": ("Weapon (Bomb II)", 2, 0, "<Charge (Summon)>, <Defense I>",
                "<Bomb II+>, <Charge (Ammo)>, <Weapon (Gun I+)>"),
    "Battery": ("Charge (Ammo)", 3, 5, "Grenade", "<Weapon (Gun)>"),
    "Reinforced Shield": ("Defense II", 1, 0, "", "Firework (blast)"),
    "Laser Gun": ("Weapon (Gun II)", 3, 0, "<Charge>, <Defense I>, Grenade", "<Weapon (Bomb III+)>"),
    "Minigun": ("Weapon (Gun 0)", 0, 0, "<Charge (Summon)>", ""),
    "Bazooka": ("Weapon (Bomb X)", 10, 0, "<Everything>", "Orange Juice (activated)"),
    "Firework (launch)": ("Charge (Summon)", 2, 0, "", "<Weapon>"),
    "Firework (blast)": ("Weapon (Bomb I)", None, 0, "<Defense I>, Reinforced Shield", ""),
    "Stun Gun": ("Weapon (Gun 0)", 4, 0, "<Charge (Ammo)>", ""),
    "Mirror": ("Charge (Summon)", 2, 0, "", "<Weapon>"),
    "Necromancy": ("Charge", 4, 0, "", "<Weapon (Gun I+)>"),
    "Skip": ("Charge", 0, 0, "", "<Weapon>"),
}

# The notes of each row, as rule fields the resolver reads.
NOTE_RULES = {
    "Shield": {"max_in_a_row": 10},
    "Orange Juice (unactivated)": {"then_next_turn": "Orange Juice (activated)",
                                   "not_while_holding": "Orange Juice (activated)"},
    "Orange Juice (activated)": {"arises_from": "Orange Juice (unactivated)", "held": True,
                                 "guaranteed_survival": True},
    "Firework (launch)": {"then_next_turn": "Firework (blast)"},
    "Bazooka": {"spares": ("Orange Juice (activated)",)},
    "Firework (blast)": {"arises_from": "Firework (launch)", "held": False,
                         "not_counted_as": ("weapon",)},
    "Stun Gun": {"needs_last_turn": "Battery", "stuns": True},
    "Mirror": {"copies_left": True},
    "Necromancy": {"revives": True},
    "Skip": {"fallback": True},
}

# Every pair (killer, victim) on which the published cells disagree.
KNOWN_CONTRADICTIONS = {
    ("Orange Juice (activated)", "Grenade"),
    ("Grenade", "Grenade"), ("Grenade", "Skip"),
    ("Minigun", "Reload"), ("Minigun", "Battery"), ("Minigun", "Skip"),
    ("Bazooka", "Reload"), ("Bazooka", "Battery"),
    ("Bazooka", "Reinforced Shield"), ("Bazooka", "Minigun"), ("Bazooka", "Bazooka"),
    ("Bazooka", "Stun Gun"), ("Bazooka", "Necromancy"),
    ("Firework (blast)", "Shield"),
    ("Stun Gun", "Orange Juice (unactivated)"), ("Stun Gun", "Firework (launch)"),
    ("Stun Gun", "Mirror"), ("Stun Gun", "Skip"),
}


def as_published(refs: tuple[Ref, ...]) -> str:
    return ", ".join(r.as_published or r.text() for r in refs)


def test_table_lists_every_item_of_the_rules_in_order():
    assert [i.name for i in published_table().items] == list(PUBLISHED)


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_item_row_matches_the_published_table(name):
    item = published_table().get(name)
    type_text, cost, gives, kills, killed_by = PUBLISHED[name]
    assert item.type.text() == type_text
    if cost is None:
        assert math.isnan(item.cost) and not item.choosable
    else:
        assert item.choosable and item.price == cost
    assert item.gives == gives
    assert as_published(item.kills) == kills
    assert as_published(item.killed_by) == killed_by
    assert item.note, "every card carries a note in our own words"
    for key, value in NOTE_RULES.get(name, {}).items():
        assert getattr(item, key) == value, key


# The rules texts sit in shared/seeds/ beside the repository checkout.
RULES_TEXT = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "yicyacyoe-rules.txt"
MISSING_TEXT = "the rules text (../shared/seeds/yicyacyoe-rules.txt beside the checkout) is not there"
CELL = re.compile(r"(Type|Costs|Gives|Kills|Killed By|Notes):")


def rules_text_rows() -> dict[str, dict[str, str]]:
    """Every row of the items table, read straight from the rules text.

    Some cells run on in the text ("Costs: NaN Kills: <Bomb II+>"), so each
    label starts a new cell wherever it stands."""
    section = RULES_TEXT.read_text(encoding="utf-8").split("POSSIBLE MOVES:")[1]
    rows: dict[str, dict[str, str]] = {}
    current = None
    for line in CELL.sub(r"\n\1:", section).splitlines():
        line = line.strip()
        cell = re.match(r"(Type|Costs|Gives|Kills|Killed By|Notes):\s*(.*)$", line)
        if cell:
            rows[current][cell.group(1)] = cell.group(2).strip()
        elif line:
            current = line.rstrip(":")
            rows[current] = {}
    return rows


@pytest.mark.skipif(not RULES_TEXT.exists(), reason=MISSING_TEXT)
def test_item_table_cells_match_the_rules_text_character_for_character():
    rows = rules_text_rows()
    assert list(rows) == [i.name for i in published_table().items]
    for item in published_table().items:
        row = rows[item.name]
        assert row["Type"] == item.type.text(), item.name
        assert row["Costs"] == (str(item.price) if item.choosable else "NaN"), item.name
        assert row.get("Gives", "0") == str(item.gives), item.name
        assert row["Kills"] == as_published(item.kills), item.name
        assert row["Killed By"] == as_published(item.killed_by), item.name
        assert ("Notes" in row) == (item.name in NOTE_RULES or item.name == "Bazooka"), item.name


def test_items_without_note_rules_have_none():
    for item in published_table().items:
        if item.name not in NOTE_RULES:
            assert (item.max_in_a_row, item.needs_last_turn, item.then_next_turn, item.arises_from) \
                == (None, None, None, None)
            assert not (item.stuns or item.copies_left or item.revives or item.fallback)


def test_ids_come_from_names():
    assert item_id("Orange Juice (unactivated)") == "orange-juice-unactivated"
    assert published_table().find("LASER GUN").id == "laser-gun"
    assert published_table().find("laser-gun").name == "Laser Gun"


def resolved(refs) -> set[str]:
    return {i.name for i in published_table().resolved(refs)}


def test_category_charge_covers_every_charge():
    gun = published_table().get("Gun")
    assert resolved(gun.kills) == {"Reload", "Orange Juice (unactivated)", "Battery",
                                   "Firework (launch)", "Mirror", "Necromancy", "Skip", "Grenade"}


def test_gun_i_plus_leaves_out_level_0_guns():
    assert resolved(published_table().get("Necromancy").killed_by) == {"Gun", "Laser Gun"}


def test_bomb_iii_plus_is_only_the_bazooka_level_x():
    assert resolved(published_table().get("Laser Gun").killed_by) == {"Bazooka"}


def test_defense_i_is_that_exact_level():
    assert resolved(published_table().get("Laser Gun").kills) >= {"Shield"}
    assert "Reinforced Shield" not in resolved(published_table().get("Laser Gun").kills)


def test_bomb_without_category_matches_bombs_of_any_category():
    assert resolved(published_table().get("Grenade").killed_by) == {
        "Grenade", "Bazooka", "Reload", "Battery", "Gun", "Laser Gun"}


def test_firework_blast_is_a_bomb_but_not_a_weapon():
    weapons = resolved((Ref(category="weapon"),))
    assert "Firework (blast)" not in weapons and "Bazooka" in weapons
    assert "Firework (blast)" in resolved((Ref(kind="bomb"),))


def test_everything_covers_every_item():
    assert resolved(published_table().get("Bazooka").kills) == set(PUBLISHED)


def test_every_known_contradiction_is_found_and_nothing_else():
    found = {(c.killer.name, c.victim.name) for c in contradictions(published_table())}
    assert found == KNOWN_CONTRADICTIONS


# --- how each reading choice (items.toml comments) moves the contradictions ---

def pairs(table) -> set[tuple[str, str]]:
    return {(c.killer.name, c.victim.name) for c in contradictions(table)}


def reread_items(change) -> set[tuple[str, str]]:
    """The contradictions if every item were read through ``change``."""
    table = published_table()
    return pairs(dataclasses.replace(table, items=tuple(change(i) for i in table.items)))


def reread_refs(change) -> set[tuple[str, str]]:
    """The contradictions if every Kills / Killed By reference were read through ``change``."""
    return reread_items(lambda i: dataclasses.replace(i, kills=tuple(map(change, i.kills)),
                                                      killed_by=tuple(map(change, i.killed_by))))


def test_choice_blast_is_not_a_weapon_makes_18_not_21():
    as_weapon = reread_items(lambda i: dataclasses.replace(i, not_counted_as=()))
    blast = "Firework (blast)"
    assert as_weapon - KNOWN_CONTRADICTIONS == {(blast, v) for v in (
        "Orange Juice (unactivated)", "Firework (launch)", "Mirror", "Skip")}
    assert KNOWN_CONTRADICTIONS - as_weapon == {(blast, "Shield")}
    assert len(as_weapon) == 21


def test_choice_blast_belongs_to_nobody_so_is_never_a_victim():
    held = reread_items(lambda i: dataclasses.replace(i, held=True))
    assert held - KNOWN_CONTRADICTIONS == {("Bazooka", "Firework (blast)")} and len(held) == 19


def test_choice_defense_i_means_exactly_level_i():
    at_least = reread_refs(lambda r: dataclasses.replace(r, level=None, min_level=1)
                           if (r.category, r.level) == ("defense", 1) else r)
    assert at_least - KNOWN_CONTRADICTIONS == {
        ("Grenade", "Orange Juice (activated)"), ("Grenade", "Reinforced Shield"),
        ("Laser Gun", "Orange Juice (activated)"), ("Laser Gun", "Reinforced Shield"),
        ("Firework (blast)", "Orange Juice (activated)")}
    assert KNOWN_CONTRADICTIONS <= at_least


def test_choice_shield_weapon_bomb_is_a_type_not_a_name():
    as_name = reread_refs(lambda r: Ref(item=r.as_published) if r.as_published else r)
    assert as_name - KNOWN_CONTRADICTIONS == {("Grenade", "Shield"), ("Bazooka", "Shield")}
    assert KNOWN_CONTRADICTIONS <= as_name


def test_choice_level_x_is_ten():
    no_level = reread_items(lambda i: dataclasses.replace(i, type=dataclasses.replace(i.type, level=None))
                            if i.type.level == 10 else i)
    assert no_level - KNOWN_CONTRADICTIONS == {
        ("Bazooka", "Gun"), ("Bazooka", "Laser Gun"), ("Bazooka", "Grenade"),
        ("Orange Juice (activated)", "Bazooka")}


def test_choice_gun_without_level_covers_level_0_guns():
    gun_i_up = reread_refs(lambda r: dataclasses.replace(r, min_level=1)
                           if (r.category, r.kind, r.level, r.min_level) == ("weapon", "gun", None, None)
                           else r)
    assert gun_i_up - KNOWN_CONTRADICTIONS == {("Stun Gun", "Reload"), ("Stun Gun", "Battery")}
    assert KNOWN_CONTRADICTIONS - gun_i_up == {("Minigun", "Reload"), ("Minigun", "Battery")}


def test_choice_bomb_without_category_changes_nothing():
    weapons_only = reread_refs(lambda r: dataclasses.replace(r, category="weapon")
                               if (r.category, r.kind) == (None, "bomb") else r)
    assert weapons_only == KNOWN_CONTRADICTIONS


def test_choice_an_item_meets_itself():
    assert {(k, v) for k, v in KNOWN_CONTRADICTIONS if k == v} == {("Grenade", "Grenade"),
                                                                  ("Bazooka", "Bazooka")}


@pytest.mark.parametrize("killer,victim", sorted(KNOWN_CONTRADICTIONS))
def test_contradiction_is_reported_with_both_cells(killer, victim):
    findings = [f for f in check_table(published_table())
                if f.rule == CONTRADICTION and f.where == f"{killer} -> {victim}"]
    assert len(findings) == 1 and not findings[0].ok
    assert killer in findings[0].message and victim in findings[0].message
    assert "Kills" in findings[0].message and "Killed By" in findings[0].message


def test_notes_win_over_cells_bazooka_spares_the_activated_orange_juice():
    """One rule for notes against cells, as for the Firework blast's type: Bazooka's
    notes take the activated Orange Juice out of its <Everything>."""
    table = published_table()
    bazooka, juice = table.get("Bazooka"), table.get("Orange Juice (activated)")
    assert says(bazooka.kills, juice) is not None          # the cell as printed covers it ...
    assert kills_cover(bazooka, juice) is None             # ... the notes win
    assert ("Bazooka", "Orange Juice (activated)") not in pairs(table)
    as_cell = reread_items(lambda i: dataclasses.replace(i, spares=()))
    assert as_cell - KNOWN_CONTRADICTIONS == {("Bazooka", "Orange Juice (activated)")}
    assert len(as_cell) == 19 and len(KNOWN_CONTRADICTIONS) == 18


def test_notes_win_over_cells_each_clash_is_reported_apart():
    rows = {f.where: f.rule for f in check_table(published_table())
            if not f.ok and f.rule in (NOTES_OVER_TYPE, NOTES_OVER_KILLS)}
    assert rows == {"item[12] (Firework (blast))": NOTES_OVER_TYPE,
                    "item[10] (Bazooka)": NOTES_OVER_KILLS}


def test_notes_win_over_cells_unknown_spared_item_is_an_unknown_name():
    table = published_table()
    broken = dataclasses.replace(table, items=tuple(
        dataclasses.replace(i, spares=("Lemonade",)) if i.name == "Bazooka" else i for i in table.items))
    bad = [f for f in check_table(broken) if f.rule == "item names" and not f.ok]
    assert len(bad) == 1 and "Lemonade" in bad[0].message and "spares[0]" in bad[0].where


def test_firework_blast_type_against_its_notes_is_reported():
    failures = [f for f in check_table(published_table()) if f.rule == "type agrees with notes"]
    assert len(failures) == 1 and "Firework (blast)" in failures[0].where


def test_published_structure_is_sound():
    structural = [f for f in check_table(published_table())
                  if not f.ok and f.rule not in (CONTRADICTION, NOTES_OVER_TYPE, NOTES_OVER_KILLS)]
    assert structural == []
    assert reachable_ammo(published_table()) == math.inf   # Reload gains more than it costs


def test_check_command_lists_the_contradictions_and_exits_1(run):
    result = run("check", str(ITEMS))
    assert result.exit_code == 1
    assert "contradictions: 18" in result.output
    assert "Bazooka -> Minigun" in result.output and "Stun Gun -> Skip" in result.output


def test_check_json_reports_every_contradiction(run):
    import json
    result = run("check", str(ITEMS), "--json")
    data = json.loads(result.output)
    assert data["game"] == "yeah" and data["summary"]["contradictions"] == 18
    assert sum(f["rule"] == CONTRADICTION and not f["ok"] for f in data["findings"]) == 18


SMALL = """
game = "yeah"
[[item]]
name = "Poke"
category = "weapon"
kind = "gun"
level = 1
cost = 1
kills = [{ item = "Wait" }]
killed_by = []
[[item]]
name = "Wait"
category = "charge"
cost = 0
gives = 1
kills = []
killed_by = [{ category = "weapon", kind = "gun", min_level = 1 }]
fallback = true
"""


def check_text(tmp_path, run, text: str, name: str = "items.toml"):
    f = tmp_path / name
    f.write_text(text)
    return run("check", str(f))


def test_a_consistent_custom_table_passes(tmp_path, run):
    result = check_text(tmp_path, run, SMALL)
    assert result.exit_code == 0, result.output
    assert "contradictions: 0" in result.output


def test_custom_table_contradiction_is_found(tmp_path, run):
    result = check_text(tmp_path, run, SMALL.replace('kills = [{ item = "Wait" }]', "kills = []"))
    assert result.exit_code == 1 and "Poke -> Wait" in result.output


@pytest.mark.parametrize("changes,message", [
    ([('item = "Wait"', 'item = "Wiat"')], "item[0].kills[0] (Poke): unknown item 'Wiat'"),
    ([("min_level = 1 }", "min_level = 3 }")], "covers no item"),
    ([("cost = 1\n", "cost = -2\n")], "a cost of -2 cannot be paid"),
    ([("gives = 1\n", ""), ("cost = 1\n", "cost = 3\n")], "no player can ever hold more than 0"),
    ([("cost = 1\n", "cost = nan\n")], "NaN cost"),
    ([("fallback = true", "")], "exactly one (Skip)"),
    ([('name = "Poke"', 'name = "wait"')], "two items share the name"),
], ids=["unknown-item", "type-covering-nothing", "negative-cost", "cost-above-reach", "nan-cost",
        "no-skip", "two-names"])
def test_a_table_that_cannot_be_played_is_a_finding(tmp_path, run, changes, message):
    text = SMALL
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    result = check_text(tmp_path, run, text)
    assert result.exit_code == 1 and message in result.output


@pytest.mark.parametrize("old,new,field", [
    ("cost = 1\n", 'cost = "one"\n', "item[0].cost"),
    ("cost = 1\n", "cost = 1.5\n", "item[0].cost"),
    ('category = "weapon"', 'category = "wepon"', "item[0].category"),
    ("level = 1\n", "level = 4\n", "item[0].level"),
    ('kills = [{ item = "Wait" }]', 'kills = [{ item = "Wait", category = "charge" }]', "item[0].kills[0]"),
    ('kills = [{ item = "Wait" }]', 'kills = ["Wait"]', "item[0].kills[0]"),
    ('kills = [{ item = "Wait" }]', 'kills = [{ everything = true, level = 1 }]', "item[0].kills[0]"),
    ("killed_by = []\n[[item]]", "killed_by = []\ncoolness = 3\n[[item]]", "item[0]"),
    ("fallback = true", "fallback = 1", "item[1].fallback"),
    ('name = "Poke"', "name = 3", "item[0].name"),
    ("killed_by = []\n[[item]]", 'killed_by = []\nnote = "' + "word " * 60 + '"\n[[item]]', "item[0].note"),
])
def test_broken_file_exits_2_naming_file_and_field(tmp_path, run, old, new, field):
    assert old in SMALL
    result = check_text(tmp_path, run, SMALL.replace(old, new))
    assert_clean_failure(result, 2)
    assert f"items.toml: {field}" in result.output


def test_toml_syntax_error_exits_2(tmp_path, run):
    result = check_text(tmp_path, run, SMALL + "\n[[item]\n")
    assert_clean_failure(result, 2)
    assert "TOML syntax error" in result.output


refs = st.dictionaries(st.sampled_from(["item", "everything", "category", "kind", "level",
                                        "min_level", "as_published", "bogus"]),
                       st.none() | st.booleans() | st.integers(-2, 11)
                       | st.sampled_from(["weapon", "gun", "Gun", "charge", "x"]), max_size=4)
values = (st.none() | st.booleans() | st.integers(-5, 12) | st.floats(allow_nan=True)
          | st.text(max_size=5) | st.lists(refs, max_size=3) | refs)
items = st.dictionaries(st.sampled_from(sorted(tomllib.loads(SMALL)["item"][0]) +
                                        ["gives", "fallback", "held", "not_counted_as", "arises_from"]),
                        values, max_size=9)


@given(st.fixed_dictionaries({"item": st.lists(items, max_size=4)},
                             optional={"table": st.dictionaries(st.sampled_from(["name", "starting_ammo"]),
                                                                values, max_size=2)}))
def test_garbage_tables_give_input_errors_or_findings(data):
    try:
        table = parse_table(data)
    except InputError as exc:
        assert exc.message
        return
    for finding in check_table(table):
        assert finding.rule and finding.message
