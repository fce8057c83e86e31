"""Yield! tile geometry, the reference set ("You Need, continued"), custom tile
set files and what `icp-print check` says about them."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from icp_print.validators.errors import IcpError, InputError
from icp_print.validators.yield_.checks import check_components, check_toml, looks_like
from icp_print.validators.yield_.model import KINDS, ROTATIONS, SIDES, distinct_rotations, \
    family_counts, overpass_levels, reference_counts, reference_set, road_ends, rotate_side
from icp_print.validators.yield_.tileset import check_tileset, parse_tileset
from icp_print.templates import path

from conftest import assert_clean_failure

# -- geometry ---------------------------------------------------------------

BASE = {"turn": "NE", "straight": "NS", "overpass": "NESW", "four-way": "NESW",
        "three-way": "NEW", "merge-left": "NSW", "merge-right": "NSE"}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_has_its_road_ends_at_rotation_0(kind):
    assert road_ends(kind, 0) == frozenset(BASE[kind])


def test_turn_rotates_clockwise_through_every_corner():
    assert [sorted(road_ends("turn", r)) for r in ROTATIONS] == [
        ["E", "N"], ["E", "S"], ["S", "W"], ["N", "W"]]


def test_straight_turned_a_quarter_runs_east_west():
    assert road_ends("straight", 90) == frozenset("EW") and road_ends("straight", 180) == frozenset("NS")


def test_three_way_stem_follows_the_rotation():
    for r in ROTATIONS:
        missing = set(SIDES) - road_ends("three-way", r)
        assert missing == {rotate_side("S", r)}


def test_merges_are_mirror_images_with_the_curve_on_their_own_side():
    assert road_ends("merge-right", 0) - road_ends("straight", 0) == {"E"}
    assert road_ends("merge-left", 0) - road_ends("straight", 0) == {"W"}
    for r in ROTATIONS:
        assert road_ends("merge-right", r) - road_ends("straight", r) == {rotate_side("E", r)}
        assert road_ends("merge-left", r) - road_ends("straight", r) == {rotate_side("W", r)}


@pytest.mark.parametrize("kind", ["four-way", "overpass"])
def test_four_sided_tiles_reach_every_edge_at_any_rotation(kind):
    assert all(road_ends(kind, r) == frozenset(SIDES) for r in ROTATIONS)


def test_rule_10_overpass_has_two_levels_that_never_meet():
    for r in ROTATIONS:
        upper, lower = overpass_levels(r)
        assert upper | lower == frozenset(SIDES) and not upper & lower
        assert upper in (frozenset("NS"), frozenset("EW"))
    assert overpass_levels(0)[0] == frozenset("NS")        # N-S is the bridge at rotation 0
    assert overpass_levels(90)[0] == frozenset("EW")


def test_rotate_side_is_a_quarter_turn_clockwise():
    assert rotate_side("N", 90) == "E" and rotate_side("E", 90) == "S"
    assert rotate_side("S", 270) == "E"
    for side in SIDES:
        assert rotate_side(rotate_side(side, 90), 270) == side
    with pytest.raises(ValueError):
        rotate_side("N", 45)


@pytest.mark.parametrize("kind,count", [("turn", 4), ("straight", 2), ("overpass", 2),
                                        ("four-way", 1), ("three-way", 4), ("merge-left", 4),
                                        ("merge-right", 4)])
def test_distinct_rotations(kind, count):
    rotations = distinct_rotations(kind)
    assert len(rotations) == count and rotations[0] == 0
    if kind != "overpass":
        assert len({road_ends(kind, r) for r in rotations}) == count
        assert {road_ends(kind, r) for r in ROTATIONS} == {road_ends(kind, r) for r in rotations}


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        road_ends("lorry", 0)


# -- the reference set --------------------------------------------------------

def test_you_need_complete_set_is_64_tiles_in_the_rules_counts():
    assert len(reference_set()) == 64
    assert family_counts() == {"Turn": 12, "Straightaway": 8, "Straightaway Overpass": 4,
                               "Four-Way Intersection": 8, "Three-Way Intersection": 8, "Merge": 24}


def test_merges_split_evenly_between_left_and_right():
    counts = reference_counts()
    assert counts["merge-left"] == counts["merge-right"] == 12


# -- custom tile sets -----------------------------------------------------------

def _set(**counts):
    return {"game": "yield", "tile": [{"kind": k.replace("_", "-"), "count": n} for k, n in counts.items()]}


REFERENCE = {"turn": 12, "straight": 8, "overpass": 4, "four_way": 8, "three_way": 8,
             "merge_left": 12, "merge_right": 12}


def _failures(data):
    findings, _ = check_toml(data, "t.toml")
    return [f for f in findings if not f.ok]


def test_reference_file_and_a_resplit_merge_pass():
    from icp_print.validators.schema import load_toml
    assert _failures(load_toml(path("yield_", "tiles.toml"))) == []
    assert _failures(_set(**{**REFERENCE, "merge_left": 20, "merge_right": 4})) == []


def test_wrong_counts_report_each_kinds_difference():
    failures = _failures(_set(**{**REFERENCE, "turn": 10, "four_way": 9, "merge_left": 14}))
    text = " | ".join(f.message for f in failures)
    assert "Turn: 10 tiles, the complete set has 12 (-2)" in text
    assert "Four-Way Intersection: 9 tiles, the complete set has 8 (+1)" in text
    assert "Merge: 26 tiles, the complete set has 24 (+2)" in text
    assert len(failures) == 3


def test_sets_multiply_the_documented_counts():
    data = _set(**{k: 2 * n for k, n in REFERENCE.items()})
    assert _failures({**data, "sets": 2}) == []
    assert len(_failures(data)) == 6


def test_unknown_kind_without_ends_is_reported():
    failures = _failures(_set(**REFERENCE, lorry=1))
    assert any(f.rule == "tile kind" and "lorry" in f.message for f in failures)


@pytest.mark.parametrize("ends,words", [(["N"], "at least 2 ends"), (["N", "N"], "listed twice"),
                                        (["N", "Q"], "unknown side"), ([], "at least 2 ends")])
def test_home_made_tile_whose_roads_make_no_sense(ends, words):
    data = _set(**REFERENCE)
    data["tile"].append({"kind": "odd", "count": 1, "ends": ends})
    assert any(words in f.message and f.where == "tile[7]" for f in _failures(data))


def test_home_made_tile_that_makes_sense_only_breaks_the_counts():
    data = _set(**{**REFERENCE, "turn": 11})
    data["tile"].append({"kind": "hairpin", "count": 1, "ends": ["n", "w"]})
    failures = _failures(data)
    assert {f.rule for f in failures} == {"documented counts"}
    assert parse_tileset(data).shapes() == {"hairpin": frozenset("NW")}


def test_standard_kind_with_other_ends_is_reported():
    data = _set(**REFERENCE)
    data["tile"][0]["ends"] = ["N", "S"]
    assert any("give a home-made tile its own kind name" in f.message for f in _failures(data))


@pytest.mark.parametrize("count,words", [(-1, "below zero"), (5000, "absurd")])
def test_negative_and_absurd_counts(count, words):
    failures = _failures(_set(**{**REFERENCE, "turn": count}))
    assert any(words in f.message for f in failures)


@pytest.mark.parametrize("data,field", [
    ({"tile": [{"kind": "turn", "count": "12"}]}, "tile[0].count"),
    ({"tile": [{"kind": 3, "count": 12}]}, "tile[0].kind"),
    ({"tile": [{"kind": "turn", "count": 12, "coutn": 1}]}, "tile[0]"),
    ({"tile": [{"kind": "turn", "count": 1, "ends": ["N", 2]}]}, "tile[0].ends[1]"),
    ({"tile": "turn"}, "tile"),
    ({"tile": [{"kind": "turn", "count": 1}], "sets": 0}, "sets"),
    ({"tile": ["turn"]}, "tile[0]"),
])
def test_wrong_types_are_input_errors_naming_the_field(data, field):
    with pytest.raises(InputError) as info:
        check_toml(data, "bad.toml")
    assert info.value.field == field and info.value.source == "bad.toml"


def test_looks_like():
    assert looks_like(_set(turn=1)) and not looks_like({"deck": {}}) and not looks_like({"tile": []})


def test_check_components_counts_a_printed_set():
    components = [{"label": f"yield:tile:{k}", "kind": "tile", "count": n, "data": {"type": k}}
                  for k, n in reference_counts().items()]
    components.append({"label": "yield:damage-track", "kind": "damage-track", "count": 1,
                       "data": {"limit": 10, "players": 3}})
    findings, summary = check_components(components, {"sets": 1, "damage_limit": 10})
    assert all(f.ok for f in findings) and summary["tiles"] == 64
    findings, _ = check_components(components[1:-1], {"sets": 1})
    assert {f.rule for f in findings if not f.ok} == {"documented counts", "damage track"}


def test_cli_check_of_the_example_house_variant_fails_on_purpose(run):
    result = run("check", str(path("yield_", "example-house-variant-fails-check.toml")))
    assert result.exit_code == 1
    assert "Turn: 10 tiles, the complete set has 12 (-2)" in result.output
    assert "home-made chicane: 2 tiles" in result.output
    assert "full layout: yes" in result.output


def test_cli_check_of_the_example_custom_set_passes(run):
    result = run("check", str(path("yield_", "example-custom-tiles.toml")))
    assert result.exit_code == 0, result.output
    assert "set: Left-leaning merges" in result.output


def test_cli_check_of_the_reference_set(run):
    result = run("check", str(path("yield_", "tiles.toml")), "--json")
    assert result.exit_code == 0, result.output


def test_broken_toml_is_one_clear_line(run, tmp_path):
    f = tmp_path / "t.toml"
    f.write_text('game = "yield"\n[[tile]\nkind = ')
    result = run("check", str(f))
    assert_clean_failure(result, 2)
    assert "t.toml" in result.output


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(list(KINDS) + ["N", "E", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["kind", "count", "ends", "name", "sets", "tile", "game"]), inner, max_size=4),
    max_leaves=12)


@given(st.dictionaries(st.sampled_from(["tile", "name", "sets", "extra"]), toml_values, max_size=3))
def test_garbage_tile_sets_give_findings_or_input_errors(data):
    try:
        findings, _ = check_toml(data, "g.toml")
    except IcpError as exc:
        assert exc.source == "g.toml"
        return
    assert findings


@given(st.lists(st.fixed_dictionaries({"kind": st.sampled_from(list(KINDS) + ["odd"]),
                                        "count": st.integers(-2, 30)},
                                       optional={"ends": st.lists(st.sampled_from("NESWX"), max_size=5)}),
                max_size=8))
def test_generated_sets_never_crash_and_every_failure_names_a_rule(tiles):
    findings = check_tileset(parse_tileset({"tile": tiles}))
    assert all(f.rule for f in findings)
    if any(t["count"] < 0 for t in tiles):
        assert any("below zero" in f.message for f in findings)


component_garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(["tile", "damage-track", "turn", "map"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["label", "kind", "count", "data", "type", "limit", "players"]), inner, max_size=4),
    max_leaves=12)


@given(st.lists(component_garbage, max_size=4),
       st.dictionaries(st.sampled_from(["sets", "damage_limit", "map", "name"]), component_garbage, max_size=3))
def test_forged_yield_manifests_give_a_clean_answer(tmp_path_factory, components, options):
    import io
    import json

    from click.testing import CliRunner
    from pypdf import PdfWriter

    from icp_print.cli.main import main
    from icp_print.validators.pdfcheck import MANIFEST_NAME
    manifest = {"format": "icp-print-manifest/1", "game": "yield", "paper": {
        "name": "a4", "width_mm": 210, "height_mm": 297}, "pages": [], "components": components,
        "options": options}
    writer = PdfWriter()
    writer.add_attachment(MANIFEST_NAME, json.dumps(manifest).encode())
    out = io.BytesIO()
    writer.write(out)
    f = tmp_path_factory.mktemp("forged") / "f.pdf"
    f.write_bytes(out.getvalue())
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
