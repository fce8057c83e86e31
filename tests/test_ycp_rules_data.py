"""The rules modules read their tables' data safely: garbage gives InputError naming the field."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.errors import InputError
from icp_print.validators.ycp.bonnie_and_clyde import rules as bonnie_and_clyde_rules
from icp_print.validators.ycp.the_last_glow import rules as last_glow_rules
from icp_print.validators.ycp.lucha_libre import rules as lucha_libre_rules
from icp_print.validators.ycp.mad_maxence import rules as mad_maxence_rules
from icp_print.validators.ycp.toroball import rules as toroball_rules
from icp_print.validators.ycp.which_side import rules as which_side_rules
from icp_print.validators.ycp import tables as tables_module
from icp_print.validators.ycp.tables import load_tables, tables_file

MODULES = [lucha_libre_rules, mad_maxence_rules, bonnie_and_clyde_rules, which_side_rules,
           last_glow_rules, toroball_rules]
values = st.recursive(
    st.none() | st.booleans() | st.integers(-30, 30) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def with_data(tables, table_id, data):
    return {**tables, table_id: replace(tables[table_id], data=MappingProxyType(data))}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.GAME)
def test_shipped_tables_give_rules(module):
    assert module.rules_from(load_tables(module.GAME)) == module.rules()


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.GAME)
def test_missing_table_is_named(module):
    tables = load_tables(module.GAME)
    first = next(iter(tables))
    with pytest.raises(InputError) as err:
        module.rules_from({k: v for k, v in tables.items() if k != first})
    assert err.value.field == first


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.GAME)
def test_each_missing_key_is_named(module):
    tables = load_tables(module.GAME)
    for table_id, table in tables.items():
        for key in table.data:
            broken = {k: v for k, v in table.data.items() if k != key}
            try:
                module.rules_from(with_data(tables, table_id, broken))
            except InputError as exc:
                assert exc.field and exc.field.startswith(f"{table_id}.data"), exc
            # a key may be optional (a default applies); then the rules still build


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.GAME)
@settings(max_examples=30)
@given(data=st.data())
def test_garbage_data_gives_only_input_errors(module, data):
    tables = load_tables(module.GAME)
    table_id = data.draw(st.sampled_from(sorted(tables)))
    real = dict(tables[table_id].data)
    key = data.draw(st.sampled_from(sorted(real)))
    garbage = {**real, key: data.draw(values)}
    try:
        module.rules_from(with_data(tables, table_id, garbage))
    except InputError:
        pass


def test_broken_data_in_the_shipped_file_names_the_file(monkeypatch):
    tables = load_tables("toroball")
    broken = with_data(tables, "cow", {"stay_on": "six"})
    monkeypatch.setattr(tables_module, "load_tables", lambda game: broken)
    toroball_rules.rules.cache_clear()
    try:
        with pytest.raises(InputError) as err:
            toroball_rules.rules()
    finally:
        toroball_rules.rules.cache_clear()
    assert err.value.source == str(tables_file("toroball")) and err.value.field == "cow.data.stay_on"


def test_lucha_libre_teams_of_lists_are_refused():
    tables = load_tables("lucha-libre")
    data = {**tables["moves"].data, "teams": [[["el-santo"], ["x"]], [["a"], ["b"]]]}
    with pytest.raises(InputError) as err:
        lucha_libre_rules.rules_from(with_data(tables, "moves", data))
    assert err.value.field == "moves.data.teams"
