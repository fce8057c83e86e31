"""The Yield! layout solver: legal, connected, closed when asked, seeded, and honest
about impossible sets.  Placement rules 2-4 of "Setting Up" and Appendix A."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from icp_print.validators.errors import RuleError
from icp_print.validators.yield_.layout import Cell, Layout, check_layout
from icp_print.validators.yield_.layout_search import find_layout
from icp_print.validators.yield_.model import KINDS, OPPOSITE, SIDES, overpass_levels, \
    reference_counts, reference_set, road_ends

STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def _grid(layout: Layout) -> dict:
    return {(c.row, c.col): c for c in layout.cells}


def _edge_mismatches(layout: Layout) -> list:
    """Independent of check_layout: every shared edge, road on both sides or neither."""
    grid, bad = _grid(layout), []
    for (r, c), cell in grid.items():
        for side in SIDES:
            other = grid.get((r + STEP[side][0], c + STEP[side][1]))
            if other is not None:
                here = side in road_ends(cell.tile, cell.rotation)
                there = OPPOSITE[side] in road_ends(other.tile, other.rotation)
                if here != there:
                    bad.append((r, c, side))
    return bad


def _networks(layout: Layout) -> int:
    """How many separate road networks, flood-filling (square, level) nodes."""
    grid = _grid(layout)

    def level(cell: Cell, side: str) -> int:
        if cell.tile == "overpass":
            return 0 if side in overpass_levels(cell.rotation)[0] else 1
        return 0

    nodes = {(r, c, level(cell, s)) for (r, c), cell in grid.items()
             for s in road_ends(cell.tile, cell.rotation)}
    seen, count = set(), 0
    for start in sorted(nodes):
        if start in seen:
            continue
        count += 1
        stack = [start]
        seen.add(start)
        while stack:
            r, c, lv = stack.pop()
            cell = grid[(r, c)]
            for side in road_ends(cell.tile, cell.rotation):
                if level(cell, side) != lv:
                    continue
                other = grid.get((r + STEP[side][0], c + STEP[side][1]))
                if other and OPPOSITE[side] in road_ends(other.tile, other.rotation):
                    node = (other.row, other.col, level(other, OPPOSITE[side]))
                    if node not in seen:
                        seen.add(node)
                        stack.append(node)
    return count


@pytest.fixture(scope="module", params=[False, True], ids=["open", "closed"])
def layouts(request):
    return request.param, [find_layout(closed=request.param, seed=s) for s in range(6)]


def test_layout_uses_all_64_reference_tiles_once(layouts):
    _, found = layouts
    for layout in found:
        assert (layout.rows, layout.cols) == (8, 8)
        assert sorted((c.row, c.col) for c in layout.cells) == [(r, c) for r in range(8) for c in range(8)]
        assert Counter(c.tile for c in layout.cells) == Counter(reference_set())


def test_rule_3_no_road_dead_ends_against_another_tile(layouts):
    _, found = layouts
    for layout in found:
        assert _edge_mismatches(layout) == []
        assert check_layout(layout) == []


def test_rule_2_all_tiles_form_one_network_overpass_levels_both_joined(layouts):
    _, found = layouts
    for layout in found:
        assert _networks(layout) == 1


def test_closed_layout_has_no_road_end_on_the_outer_edge():
    for layout in (find_layout(closed=True, seed=s) for s in range(6)):
        for cell in layout.cells:
            ends = road_ends(cell.tile, cell.rotation)
            assert not (cell.row == 0 and "N" in ends or cell.row == 7 and "S" in ends
                        or cell.col == 0 and "W" in ends or cell.col == 7 and "E" in ends)
        assert check_layout(layout, closed=True) == []


def test_rule_4_open_layouts_may_dead_end_at_the_board_edge():
    edge_roads = 0
    for seed in range(4):
        layout = find_layout(seed=seed)
        edge_roads += sum(1 for c in layout.cells if c.row == 0 and "N" in road_ends(c.tile, c.rotation))
    assert edge_roads > 0


def test_same_seed_same_layout_other_seeds_differ():
    assert find_layout(seed=7) == find_layout(seed=7)
    assert find_layout(closed=True, seed=7).as_dict() == find_layout(closed=True, seed=7).as_dict()
    assert len({find_layout(closed=True, seed=s) for s in range(5)}) == 5
    assert len({find_layout(seed=s) for s in range(5)}) == 5


def test_as_dict_is_the_contract_json():
    layout = find_layout(seed=3)
    data = json.loads(json.dumps(layout.as_dict()))
    assert data["rows"] == 8 and data["cols"] == 8 and len(data["cells"]) == 64
    assert set(data["cells"][0]) == {"row", "col", "tile", "rotation"}
    assert {c["tile"] for c in data["cells"]} <= set(KINDS)
    assert {c["rotation"] for c in data["cells"]} <= {0, 90, 180, 270}


def test_text_draws_every_road_end():
    layout = find_layout(closed=True, seed=2)
    lines = layout.text().split("\n")
    assert len(lines) == 8 * 3
    cell = layout.cells[9]                       # row 1, col 1
    ends = road_ends(cell.tile, cell.rotation)
    assert (lines[3][7:8] == "│") == ("N" in ends)      # its block: lines 3-5, columns 5-9
    assert (lines[5][7:8] == "│") == ("S" in ends)
    assert (lines[4][5] == "─") == ("W" in ends)
    assert (lines[4][9:10] == "─") == ("E" in ends)
    assert "╫" in layout.text() or "╪" in layout.text()     # the overpasses are drawn


def test_check_layout_catches_a_mismatched_edge_and_a_split_network():
    good = find_layout(closed=True, seed=0)
    cells = list(good.cells)
    first = cells[0]
    cells[0] = Cell(first.row, first.col, "turn", (first.rotation + 90) % 360)
    problems = check_layout(Layout(8, 8, tuple(cells)), closed=True)
    assert any("meets no road" in p for p in problems)
    assert any("off the board" in p for p in problems)
    split = Layout(1, 2, (Cell(0, 0, "straight", 0), Cell(0, 1, "straight", 0)))
    assert any("separate networks" in p for p in check_layout(split))


@pytest.mark.parametrize("tiles,closed,words", [
    (["straight"] * 64, False, "no layout"),
    (["four-way"] * 64, True, "corner"),
    (["turn"] * 4 + ["four-way"] * 60, True, "off the edge"),
    (["overpass"] * 64, False, "no layout"),
    (["turn"] * 64, False, "no layout"),
    (["turn"] * 10, False, "cannot fill"),
    (["turn"] * 63 + ["three-way"], True, "even"),
    (["turn"] * 63 + ["lorry"], False, "unknown tile kind"),
])
def test_impossible_sets_are_reported(tiles, closed, words):
    with pytest.raises(RuleError) as info:
        find_layout(tiles, closed=closed)
    assert words in str(info.value)


def test_appendix_a_two_sets_on_a_double_board():
    layout = find_layout(reference_set() * 2, closed=True, rows=8, cols=16, seed=1)
    assert len(layout.cells) == 128 and check_layout(layout, closed=True) == []
    assert _networks(layout) == 1


def test_home_made_shapes_take_part():
    tiles = reference_set()
    tiles[tiles.index("turn")] = "hairpin"
    layout = find_layout(tiles, closed=True, seed=0, shapes={"hairpin": ("N", "E")})
    assert any(c.tile == "hairpin" for c in layout.cells)
    assert check_layout(layout, closed=True) == []
    assert layout.as_dict()["shapes"] == {"hairpin": ["N", "E"]}
    assert "hairpin" not in layout.text() and len(layout.text().split("\n")) == 24
    assert "shapes" not in find_layout(seed=0).as_dict()


@settings(max_examples=25)
@given(st.dictionaries(st.sampled_from(KINDS), st.integers(0, 20), min_size=1))
def test_random_counts_give_a_layout_or_a_clear_rule_error(counts):
    tiles = [k for k, n in counts.items() for _ in range(n)][:64]
    tiles += ["four-way"] * (64 - len(tiles))
    try:
        layout = find_layout(tiles, seed=1)
    except RuleError as exc:
        assert exc.field == "tiles"
        return
    assert check_layout(layout) == [] and _networks(layout) == 1


def test_reference_counts_match_the_rules_table():
    assert reference_counts() == {"turn": 12, "straight": 8, "overpass": 4, "four-way": 8,
                                  "three-way": 8, "merge-left": 12, "merge-right": 12}
