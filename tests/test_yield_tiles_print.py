"""Printing the Yield! tiles end to end: the user's command, check round trip,
trims and roads read back from the rendered pages, options and bad input."""
from __future__ import annotations

import io
import os
import re

import pytest
from pypdf import PdfReader

from icp_print.generators.pdf import render as render_pdf
from icp_print.generators.sheet import SheetSettings, fit_grid, paper
from icp_print.generators.yield_.tiles import ROAD
from icp_print.generators.yield_.map import MapOptions, build_map, map_geometry
from icp_print.validators.pdfcheck import printed_labels
from icp_print.validators.yield_.layout_search import find_layout
from icp_print.validators.yield_.model import SIDES, reference_counts, road_ends

from conftest import assert_clean_failure
from pagescan import dark_xs, dark_ys, render as render_page, manifest, user_example

DPI = 100
TOL = 0.2        # mm
MM_PER_INCH = 25.4


@pytest.fixture(scope="module")
def tiles_pdf(tmp_path_factory):
    """The user's own example, ``icp-print yield --out tiles.pdf``, run in an empty folder."""
    return user_example(tmp_path_factory.mktemp("yield"), "yield", "--out", "tiles.pdf")


def pixel(image, x_mm: float, y_mm: float, page_h: float) -> int:
    return image.getpixel((int(x_mm * DPI / MM_PER_INCH), int((page_h - y_mm) * DPI / MM_PER_INCH)))


def edge_probes(x0: float, y0: float, s: float, side: str) -> list[tuple[float, float]]:
    """Points 1 mm inside the middle of a tile edge, across most of the road's width
    (either side of the dashed centre line, which is dark in ink-saver mode)."""
    offsets = [d * s * ROAD / 2 for d in (-0.8, -0.35, 0.35, 0.8)]
    inset = 1.0
    return {"N": [(x0 + s / 2 + d, y0 + s - inset) for d in offsets],
            "S": [(x0 + s / 2 + d, y0 + inset) for d in offsets],
            "E": [(x0 + s - inset, y0 + s / 2 + d) for d in offsets],
            "W": [(x0 + inset, y0 + s / 2 + d) for d in offsets]}[side]


def assert_roads_match(image, page_h, x0, y0, s, ends, road_at_least, ground_at_most):
    for side in SIDES:
        for x, y in edge_probes(x0, y0, s, side):
            level = pixel(image, x, y, page_h)
            if side in ends:
                assert level >= road_at_least, (side, ends, level)
            else:
                assert level <= ground_at_most, (side, ends, level)


def test_user_example_prints_64_tiles_and_a_damage_track(tiles_pdf):
    m = manifest(tiles_pdf)
    assert m["game"] == "yield" and m["total_components"] == 65
    tiles = {c["data"]["type"]: c["count"] for c in m["components"] if c["kind"] == "tile"}
    assert tiles == reference_counts()
    assert all(c["width_mm"] == c["height_mm"] == 50 for c in m["components"] if c["kind"] == "tile")
    fronts = [p for p in m["pages"] if p["side"] == "front" and p["section"] == "tiles"]
    # 3 x 5 on A4: a fourth column would leave no printable room beside the rows for crop marks
    assert [len(p["components"]) for p in fronts] == [15, 15, 15, 15, 4]


def test_check_counts_the_64_printed_labels(tiles_pdf, run, tmp_path):
    f = tmp_path / "tiles.pdf"
    f.write_bytes(tiles_pdf)
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    assert "components printed: 65" in result.output
    reader = PdfReader(io.BytesIO(tiles_pdf))
    labels = sum((printed_labels(reader, i) for i in range(len(reader.pages))), start=type(printed_labels(reader, 0))())
    assert sum(n for label, n in labels.items() if label.startswith("yield:tile:")) == 64
    assert labels["yield:tile:merge-left"] == 12


def test_tile_trims_fall_where_the_manifest_says(tiles_pdf):
    m = manifest(tiles_pdf)
    dpi = 2 * DPI                                      # 0.25 mm marks: finer pixels than the tiles need
    page_h = m["paper"]["height_mm"]
    image = render_page(tiles_pdf, 0, dpi)
    placed = m["pages"][0]["components"]
    xs = sorted({c["x_mm"] for c in placed} | {c["x_mm"] + c["w_mm"] for c in placed})
    ys = sorted({c["y_mm"] for c in placed} | {c["y_mm"] + c["h_mm"] for c in placed})
    first = placed[0]                                  # a Turn: its lower fifth is all off-road
    row = list(dark_xs(image, first["y_mm"] + 5, page_h, dpi))
    columns = [c for c in range(image.width)
               if image.getpixel((c, round((page_h - first["y_mm"] - 5) * dpi / MM_PER_INCH))) < 140]
    left, right = (columns[0]) * MM_PER_INCH / dpi, (columns[-1] + 1) * MM_PER_INCH / dpi
    b = m["bleed_mm"]                                  # the ground runs on into the bleed
    assert left == pytest.approx(xs[0] - b, abs=TOL) and right == pytest.approx(xs[-1] + b, abs=TOL)
    assert row                                         # the ground is dark, not white
    grid = fit_grid(SheetSettings(paper=paper("a4")), 50, 50)
    marks = dark_xs(image, grid.top + 3.5, page_h, dpi)      # crop marks above the grid
    assert marks == pytest.approx(xs, abs=TOL)
    marks = dark_ys(image, grid.left - 3.5, page_h, dpi)     # and left of it
    assert marks == pytest.approx(ys, abs=TOL)


def test_driving_rule_1_roads_reach_the_middle_of_exactly_their_edges(tiles_pdf):
    """Road (light) at the middle of every edge road_ends names; black ground elsewhere."""
    m = manifest(tiles_pdf)
    page_h = m["paper"]["height_mm"]
    for index, page in enumerate(m["pages"]):
        if page["side"] != "front" or page["section"] != "tiles":
            continue
        image = render_page(tiles_pdf, index, DPI)
        for c in page["components"]:
            kind = c["label"].split(":")[-1]
            assert_roads_match(image, page_h, c["x_mm"], c["y_mm"], c["w_mm"], road_ends(kind, 0),
                               road_at_least=140, ground_at_most=60)


def test_ink_saver_keeps_roads_and_ground_apart_with_less_ink(run, tmp_path, tiles_pdf):
    out = tmp_path / "light.pdf"
    assert run("yield", "--ink-saver", "--out", str(out)).exit_code == 0
    light = out.read_bytes()
    m = manifest(light)
    page_h = m["paper"]["height_mm"]
    image = render_page(light, 4, DPI)                 # the merges and the overpass
    for c in m["pages"][4]["components"]:
        kind = c["label"].split(":")[-1]
        assert_roads_match(image, page_h, c["x_mm"], c["y_mm"], c["w_mm"], road_ends(kind, 0),
                           road_at_least=245, ground_at_most=225)

    def ink(pdf):
        histogram = render_page(pdf, 0, 30).histogram()
        return sum((255 - level) * n for level, n in enumerate(histogram))

    assert ink(light) < ink(tiles_pdf) / 3


def first_tile(pdf: bytes, kind: str):
    """The rendered page holding the first tile of ``kind``: (image, page height, x0, y0, side)."""
    m = manifest(pdf)
    label = f"yield:tile:{kind}"
    index = next(i for i, p in enumerate(m["pages"])
                 if any(c["label"] == label for c in p["components"]))
    c = next(c for c in m["pages"][index]["components"] if c["label"] == label)
    return render_page(pdf, index, DPI), m["paper"]["height_mm"], c["x_mm"], c["y_mm"], c["w_mm"]


def test_merge_curve_joins_the_straight_road_heading_north(tiles_pdf):
    image, page_h, x0, y0, s = first_tile(tiles_pdf, "merge-right")
    just_east = x0 + s / 2 + s * ROAD / 2 + 2
    assert pixel(image, just_east, y0 + s * 0.8, page_h) >= 140    # the curve meets it up north
    assert pixel(image, just_east, y0 + s * 0.2, page_h) <= 60     # not down south
    # the arrow rides the curve (rule 8: curve traffic goes north); the straight road is
    # two-way, so beside its centre line it is plain road
    assert pixel(image, x0 + s * 0.75, y0 + s * 0.567, page_h) >= 230
    assert 140 <= pixel(image, x0 + s * 0.53, y0 + s * 0.8, page_h) <= 200


def test_overpass_bridge_is_unbroken_and_the_road_below_passes_under_it(tiles_pdf):
    image, page_h, x0, y0, s = first_tile(tiles_pdf, "overpass")
    half = s * ROAD / 2
    # the N-S deck is road all the way across the middle, between its two railings
    assert 140 <= pixel(image, x0 + s / 2 + half * 0.5, y0 + s / 2 + half * 0.5, page_h) <= 200
    # the E-W road below is road up to the deck's shadow, which is dark
    assert pixel(image, x0 + s * 0.1, y0 + s / 2 + half * 0.5, page_h) >= 140
    assert pixel(image, x0 + s / 2 - half - s * 0.015, y0 + s / 2 + half * 0.5, page_h) <= 60


def test_map_of_a_closed_layout_draws_every_tile_turned(tmp_path):
    layout = find_layout(closed=True, seed=4)
    settings = SheetSettings(paper=paper("a4"))
    cells = layout.cells[:-3]                          # three squares left empty
    pdf = render_pdf(build_map(settings, MapOptions(cells, 8, 8, "Seed 4", ["a note"])), "test")
    side, left, top = map_geometry(settings, 8, 8, 1)
    image = render_page(pdf, 0, DPI)
    page_h = settings.paper.height
    for cell in cells:
        x0, y0 = left + cell.col * side, top - (cell.row + 1) * side
        assert_roads_match(image, page_h, x0, y0, side, road_ends(cell.tile, cell.rotation),
                           road_at_least=140, ground_at_most=60)
    for cell in layout.cells[-3:]:
        x0, y0 = left + cell.col * side, top - (cell.row + 1) * side
        assert pixel(image, x0 + side / 2, y0 + side / 2, page_h) > 240   # empty square
    m = manifest(pdf)
    assert len(m["pages"]) == 1 and m["components"][0]["kind"] == "map"
    assert "a note" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_map_marks_tile_owners():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Owned:
        row: int
        col: int
        tile: str
        rotation: int
        owner: int | None

    cells = [Owned(0, 0, "turn", 90, 2), Owned(0, 1, "straight", 90, None)]
    pdf = render_pdf(build_map(SheetSettings(paper=paper("a4")), MapOptions(cells, 8, 8, "Setup")),
                     "test")
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert re.search(r"\b2\b", text)


def test_map_marks_each_players_starting_square():
    settings = SheetSettings(paper=paper("a4"))
    cells = find_layout(seed=1).cells
    starts = ((0, 5), (6, 1))
    pdf = render_pdf(build_map(settings, MapOptions(cells, 8, 8, "Setup", [], starts)), "test")
    side, left, top = map_geometry(settings, 8, 8, 0)
    image = render_page(pdf, 0, DPI)
    page_h = settings.paper.height
    for row, col in starts:                 # a coloured disc (grey ~100 here), not road or ground
        cx, cy = left + (col + 0.5) * side, top - (row + 0.5) * side
        assert 70 <= pixel(image, cx - side * 0.1, cy - side * 0.1, page_h) <= 130
    corner = left + 7.5 * side, top - 7.5 * side          # no start there
    assert not 70 <= pixel(image, corner[0] - side * 0.1, corner[1] - side * 0.1, page_h) <= 130


def test_tile_size_changes_the_printed_size(run, tmp_path):
    out = tmp_path / "t40.pdf"
    assert run("yield", "--tile-size", "40", "--backs", "none", "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    first = m["pages"][0]["components"]
    assert {c["w_mm"] for c in first} == {40} and len(first) == 28        # 4 x 7 on A4 (room for marks)
    image = render_page(out.read_bytes(), 0, DPI)
    page_h = m["paper"]["height_mm"]
    c = first[0]
    edge = list(dark_xs(image, c["y_mm"] + 3, page_h, DPI))
    assert edge
    assert_roads_match(image, page_h, c["x_mm"], c["y_mm"], 40, road_ends("turn", 0), 140, 60)
    assert run("check", str(out)).exit_code == 0


def test_appendix_a_two_sets_and_a_longer_damage_track(run, tmp_path):
    out = tmp_path / "two.pdf"
    result = run("yield", "--sets", "2", "--damage-limit", "15", "--backs", "none", "--out", str(out))
    assert result.exit_code == 0
    m = manifest(out.read_bytes())
    assert sum(c["count"] for c in m["components"] if c["kind"] == "tile") == 128
    track = next(c for c in m["components"] if c["kind"] == "damage-track")
    assert track["data"] == {"limit": 15, "players": 3}
    text = PdfReader(out).pages[-1].extract_text()
    assert "15" in text and "Player 3" in text
    checked = run("check", str(out))
    assert checked.exit_code == 0, checked.output


def test_backs_are_identical(tiles_pdf):
    reader = PdfReader(io.BytesIO(tiles_pdf))
    m = manifest(tiles_pdf)
    backs = [i for i, p in enumerate(m["pages"]) if p["side"] == "back" and p["section"] == "tiles"]
    # the same drawing, but for the sheet number in each sheet's label
    assert len({re.sub(rb"sheet \d+ of", b"sheet N of", reader.pages[i].get_contents().get_data())
                for i in backs[:3]}) == 1


def test_same_command_gives_identical_bytes(run, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("yield", "--backs", "none", "--out", str(a))
    run("yield", "--backs", "none", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_identical_bytes_in_fresh_processes_with_bleed(tmp_path):
    # set iteration order changes from one Python process to the next: nothing drawn may
    # depend on it (road ends carried into the bleed, home-made junctions)
    import subprocess
    import sys
    from icp_print.templates import path
    script = ("import sys; from icp_print.cli.main import main; "
              "sys.argv = ['icp-print'] + sys.argv[1:]; main()")
    outputs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"bleed{hash_seed}.pdf"
        subprocess.run([sys.executable, "-c", script, "yield", "--bleed", "2", "--backs", "none",
                        "--tiles", str(path("yield_", "example-house-variant-fails-check.toml")), "--out", str(out)],
                       check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]


def test_custom_tile_set_prints_its_home_made_tiles(run, tmp_path):
    from icp_print.templates import path
    out = tmp_path / "mine.pdf"
    result = run("yield", "--tiles", str(path("yield_", "example-house-variant-fails-check.toml")), "--backs",
                 "none", "--out", str(out))
    assert result.exit_code == 0, result.output
    m = manifest(out.read_bytes())
    counts = {c["data"]["type"]: c["count"] for c in m["components"] if c["kind"] == "tile"}
    assert counts["chicane"] == 2 and counts["turn"] == 10
    checked = run("check", str(out))
    assert checked.exit_code == 1 and "Turn: 10 tiles" in checked.output
    assert "ok   tile shapes" in checked.output                # the chicane's ends are recorded


@pytest.mark.parametrize("args,code", [
    (["--tile-size", "5"], 2), (["--tile-size", "abc"], 2), (["--sets", "0"], 2),
    (["--damage-limit", "0"], 2), (["--tile-size", "101"], 2),
    (["--paper", "a3"], 2), (["--bleed", "40"], 2),
])
def test_bad_options_give_clean_errors_and_no_file(run, tmp_path, args, code):
    out = tmp_path / "x.pdf"
    result = run("yield", "--out", str(out), *args)
    assert_clean_failure(result, code)
    assert not out.exists()


def test_broken_custom_set_is_refused(run, tmp_path):
    out = tmp_path / "x.pdf"
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "yield"\n[[tile]]\nkind = "odd"\ncount = 2\nends = ["N"]\n')
    result = run("yield", "--tiles", str(bad), "--out", str(out))
    assert_clean_failure(result, 1)
    assert "bad.toml" in result.output and "at least 2 ends" in result.output
    assert not out.exists()
    bad.write_text("[[tile]\n")
    assert_clean_failure(run("yield", "--tiles", str(bad), "--out", str(out)), 2)


def test_all_command_includes_the_tiles():
    from icp_print.validators.registry import all_outputs
    assert any(o.name == "yield" and o.filename == "yield-tiles.pdf" for _, o in all_outputs())
