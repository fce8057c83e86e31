"""Papers and component sizes come from the templates through one checked loader."""
from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.cli.main import main
from icp_print.templates import path
from icp_print.validators.errors import InputError
from icp_print.validators.formats import (component_size, paper_names, parse_papers, parse_sizes,
                                          postcard_sizes)


def test_paper_choices_are_the_data_s():
    data = tomllib.loads(path("paper.toml").read_text())
    assert paper_names() == tuple(data)
    for command in ("ryb", "all", "yield"):
        sub = main.get_command(None, command)  # type: ignore[arg-type]
        params = {p.name: p for p in sub.params}
        assert tuple(params["paper"].type.choices) == paper_names(), command


def test_postcard_choices_are_the_data_s():
    data = tomllib.loads(path("sizes.toml").read_text())
    assert set(postcard_sizes().values()) == {name for name in data if name.startswith("postcard-")}
    assert component_size(postcard_sizes()["us"]) == (152.4, 101.6)


def test_a_misspelt_key_is_refused_with_its_place():
    with pytest.raises(InputError, match=r"poker: unknown key 'widht_mm'"):
        parse_sizes({"poker": {"widht_mm": 63.5, "height_mm": 88.9}})


def test_a_paper_too_small_to_print_on_is_refused():
    with pytest.raises(InputError, match=r"tiny.width_mm: must be at least 10"):
        parse_papers({"tiny": {"width_mm": 1, "height_mm": 100}})


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12)
tables = st.dictionaries(st.text(max_size=10), st.dictionaries(
    st.sampled_from(["width_mm", "height_mm", "default_bleed_mm", "description", "x"]), toml_values,
    max_size=5) | toml_values, max_size=4)


@given(tables)
def test_any_paper_or_size_table_is_read_or_refused_cleanly(data):
    for parse in (parse_papers, parse_sizes):
        try:
            parse(data)
        except InputError:
            pass
