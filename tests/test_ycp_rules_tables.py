"""YCP tables files: every game's file loads, and broken files fail with file and field."""
from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import InputError
from icp_print.validators.ycp.tables import (GAME_IDS, MAX_CELL, Table, load_tables,
                                             load_tables_file, parse_tables, tables_file)

GOOD = """
game = "toroball"
[[table]]
id = "cow"
title = "Cow"
columns = ["d6", "Cow"]
rows = [["1-5", "moves"], ["6", "stays"]]
[table.data]
stay_on = 6
"""


def test_every_game_has_a_tables_file_that_loads():
    for game in GAME_IDS:
        tables = load_tables(game)
        for table in tables.values():
            assert isinstance(table, Table)
            assert all(len(row) == len(table.columns) for row in table.rows)


def test_tables_the_rules_give_are_all_present():
    expected = {"lucha-libre": {"moves"}, "mad-maxence": {"test", "combat", "elude", "repair"},
                "bonnie-and-clyde": {"police", "roy"}, "which-side": {"employer", "means", "modes"},
                "the-last-glow": {"storm", "damage", "spawn"}, "toroball": {"cow", "agitation", "scatter"},
                "protocol-g117": set()}
    assert {g: set(load_tables(g)) for g in GAME_IDS} == expected


def test_cells_are_short_enough_for_a_postcard():
    for game in GAME_IDS:
        for table in load_tables(game).values():
            assert all(len(c) <= MAX_CELL for row in table.rows for c in row), table.id


def test_good_file_parses_with_its_data():
    tables = parse_tables(tomllib.loads(GOOD), "toroball")
    assert tables["cow"].rows == (("1-5", "moves"), ("6", "stays"))
    assert tables["cow"].data["stay_on"] == 6


def test_unknown_game_is_refused():
    with pytest.raises(InputError, match="unknown YCP game"):
        load_tables("chess")


@pytest.mark.parametrize("change, field", [
    (('game = "toroball"', 'game = "lucha-libre"'), "game"),
    (('rows = [["1-5", "moves"], ["6", "stays"]]', 'rows = [["1-5"], ["6", "stays"]]'), "table[0].rows[0]"),
    (('rows = [["1-5", "moves"], ["6", "stays"]]', 'rows = [["1-5", 5], ["6", "stays"]]'),
     "table[0].rows[0][1]"),
    (('columns = ["d6", "Cow"]', 'columns = []'), "table[0].columns"),
    (('title = "Cow"', 'title = "Cow"\ncolour = 1'), "table[0]"),
    (('title = "Cow"', 'title = 3'), "table[0].title"),
    (('"stays"]]', '"' + "x" * 60 + '"]]'), "table[0].rows[1][1]"),
    (('id = "cow"', 'id = "c o w"'), "table[0].id"),
])
def test_broken_file_names_the_field(tmp_path, change, field):
    f = tmp_path / "t.toml"
    f.write_text(GOOD.replace(*change))
    with pytest.raises(InputError) as err:
        load_tables_file(f, "toroball")
    assert err.value.field == field and err.value.source == str(f)


def test_duplicate_table_ids_are_refused():
    text = GOOD + GOOD.split("\n", 2)[2].split("[table.data]")[0]
    with pytest.raises(InputError, match="duplicate"):
        parse_tables(tomllib.loads(text))


def test_broken_toml_syntax_names_the_file(tmp_path):
    f = tmp_path / "t.toml"
    f.write_text("[[table]\n")
    with pytest.raises(InputError) as err:
        load_tables_file(f)
    assert err.value.source == str(f) and "TOML" in err.value.message


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=45),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "table", "id", "title", "columns", "rows", "note", "data", "x"]),
        inner, max_size=6),
    max_leaves=20)


@given(toml_values)
def test_garbage_data_gives_only_input_errors(data):
    try:
        parse_tables(data)
    except InputError:
        pass


@given(st.fixed_dictionaries({"game": st.just("toroball")},
                             optional={"table": st.lists(st.dictionaries(
                                 st.sampled_from(["id", "title", "columns", "rows", "note", "data"]),
                                 toml_values, max_size=6), max_size=3)}))
def test_garbage_tables_give_only_input_errors(data):
    try:
        tables = parse_tables(data, "toroball")
    except InputError:
        return
    for table in tables.values():
        assert all(len(r) == len(table.columns) for r in table.rows)


@given(st.binary(max_size=200))
def test_garbage_bytes_give_only_input_errors(tmp_path_factory, blob):
    f = tmp_path_factory.mktemp("t") / "t.toml"
    f.write_bytes(blob)
    with pytest.raises(InputError):
        load_tables_file(f, "toroball")


def test_tables_files_live_in_templates():
    assert tables_file("toroball").parts[-3:] == ("ycp", "tables", "toroball.toml")
