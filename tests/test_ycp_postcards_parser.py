"""Garbage at the postcard file reader: one clear InputError naming the file
and field, never a traceback."""
from __future__ import annotations

import copy
import tomllib

from hypothesis import given
from hypothesis import strategies as st

from icp_print.validators.errors import InputError
from icp_print.validators.schema import load_toml
from icp_print.validators.ycp.protocol_g117.pictures import paired_actions, ring_field
from icp_print.validators.ycp.model import GAMES, Picture
from icp_print.validators.ycp.postcard_file import parse_postcard, template

from conftest import assert_clean_failure

leaves = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) \
    | st.text(max_size=12)
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
ORIGINALS = {g: load_toml(template(g)) for g in GAMES}


def _paths(data, prefix=()):
    """Every (path) to a value inside nested dicts and lists."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _parse_everything(data):
    card = parse_postcard(data, "garbage.toml")
    for e in card.front:       # the pictures read their own parameters on demand
        if isinstance(e, Picture) and e.picture == "ring-battlefield":
            ring_field(e)
        if isinstance(e, Picture) and e.picture == "paired-actions":
            paired_actions(e)
    return card


@given(values)
def test_arbitrary_data_is_refused_cleanly(data):
    try:
        _parse_everything(data if isinstance(data, dict) else {"postcard": data})
    except InputError as exc:
        assert exc.source == "garbage.toml"


@given(st.sampled_from(GAMES), st.data())
def test_one_value_replaced_by_garbage_is_refused_cleanly_or_accepted(game, data):
    original = ORIGINALS[game]
    paths = [p for p in _paths(original) if p]
    path = data.draw(st.sampled_from(paths))
    broken = copy.deepcopy(original)
    target = broken
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(values)
    try:
        _parse_everything(broken)
    except InputError as exc:
        assert exc.source == "garbage.toml" and str(exc).startswith("garbage.toml")


@given(st.sampled_from(GAMES), st.data())
def test_one_key_removed_is_refused_cleanly_or_accepted(game, data):
    broken = copy.deepcopy(ORIGINALS[game])
    paths = [p for p in _paths(broken) if p and isinstance(p[-1], str)]
    path = data.draw(st.sampled_from(paths))
    target = broken
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    try:
        _parse_everything(broken)
    except InputError:
        pass


def test_error_names_file_and_field():
    data = copy.deepcopy(ORIGINALS["toroball"])
    data["front"][2]["range"] = [6, 2]
    try:
        parse_postcard(data, "mine.toml")
    except InputError as exc:
        assert str(exc).startswith("mine.toml: front[2].range:")
    else:
        raise AssertionError("a backwards range was accepted")


def test_box_off_the_card_is_refused():
    data = copy.deepcopy(ORIGINALS["mad-maxence"])
    data["front"][0]["box"] = [100, 50, 60, 10]
    try:
        parse_postcard(data, "x.toml")
    except InputError as exc:
        assert "front[0].box" in str(exc)
    else:
        raise AssertionError("a box off the card was accepted")


@given(st.binary(max_size=200))
def test_check_on_random_toml_bytes_exits_2(tmp_path_factory, blob):
    from click.testing import CliRunner
    from icp_print.cli.main import main
    f = tmp_path_factory.mktemp("toml") / "card.toml"
    f.write_bytes(b"[postcard]\nfront = 1\n" + blob)
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code in (1, 2)
    assert_clean_failure(result, result.exit_code)


def test_every_shipped_postcard_file_is_valid_toml_named_after_its_game():
    for game in GAMES:
        data = tomllib.loads(template(game).read_text(encoding="utf-8"))
        assert data["postcard"]["id"] == game and data["front"] and data["back"]["setup"]


@given(st.dictionaries(st.sampled_from(["rings", "twist", "vp", "start", "adjacent", "pair"]), values,
                       max_size=6))
def test_picture_parameters_garbage_is_refused_cleanly(params):
    for kind, reader in (("ring-battlefield", ring_field), ("paired-actions", paired_actions)):
        try:
            reader(Picture("p", "", (0, 10, 10, 10), kind, params))
        except InputError:
            pass


@given(st.lists(st.lists(values, max_size=3), max_size=4), st.lists(values, max_size=3))
def test_matrix_adjacency_and_events_garbage_is_refused_cleanly(adjacent, event):
    params = {"rings": [1, 4, 8], "adjacent": adjacent}
    pair = {"row": "outer", "ai": {"name": "a", "po": 1, "event": event},
            "hu": {"name": "b", "po": 1, "event": ["+troop"]}}
    for kind, reader, p in (("ring-battlefield", ring_field, params),
                            ("paired-actions", paired_actions, {"pair": [pair, dict(pair, row="inner")]})):
        try:
            reader(Picture("p", "", (0, 10, 10, 10), kind, p))
        except InputError:
            pass
