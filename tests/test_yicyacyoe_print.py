"""Printed Yic Yac Yoe boards: where the grid lines fall on the rendered page,
how boards fill the sheet, the settings printed, and the check round trip."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from icp_print.generators.sheet import SheetSettings, fit_grid, paper
from icp_print.generators.yicyacyoe import RIM, BoardsOptions, board_size, build, cell_size
from icp_print.validators.yicyacyoe.checks import MIN_CELL_MM, check_components
from icp_print.validators.yicyacyoe.variant import Variant

from conftest import assert_clean_failure
from pagescan import dark_xs, dark_ys, render, manifest

DPI = 200
TOLERANCE_MM = 0.2


@pytest.mark.parametrize("n", [3, 4, 9, 15])
def test_grid_lines_fall_where_the_manifest_says(run, tmp_path, n):
    out = tmp_path / "b.pdf"
    assert run("yicyacyoe", "--size", str(n), "--out", str(out)).exit_code == 0
    pdf = out.read_bytes()
    m = manifest(pdf)
    page_h = m["paper"]["height_mm"]
    image = render(pdf, 0, DPI)
    board = m["pages"][0]["components"][-1]
    cell = m["components"][0]["data"]["cell_mm"]
    gx, gy = board["x_mm"] + RIM, board["y_mm"] + RIM
    side = n * cell
    expected = [i * cell for i in range(n + 1)]
    xs = [x - gx for x in dark_xs(image, gy + cell / 2, page_h, DPI) if gx - 1 < x < gx + side + 1]
    ys = [y - gy for y in dark_ys(image, gx + cell / 2, page_h, DPI) if gy - 1 < y < gy + side + 1]
    assert len(xs) == len(ys) == n + 1
    assert all(abs(a - b) <= TOLERANCE_MM for a, b in zip(xs, expected)), xs
    assert all(abs(a - b) <= TOLERANCE_MM for a, b in zip(ys, expected)), ys


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_every_size_fits_with_cells_big_enough_to_write_in(name):
    settings = SheetSettings(paper=paper(name))
    boards_per_sheet = {}
    for n in range(3, 16):
        cell = cell_size(n, settings)
        assert MIN_CELL_MM <= cell <= 22, (n, cell)
        boards_per_sheet[n] = fit_grid(settings, *board_size(n, settings)).capacity
    assert all(boards_per_sheet[n] == 6 for n in range(3, 6))
    assert all(boards_per_sheet[n] == 4 for n in range(6, 10))
    assert all(boards_per_sheet[n] == 1 for n in range(10, 16))


def test_page_wide_boards_use_most_of_the_page_width():
    settings = SheetSettings(paper=paper("a4"))
    w, _ = board_size(15, settings)
    assert w > 0.9 * (settings.paper.width - 2 * settings.margin)


def test_settings_are_printed_on_every_board(run, tmp_path):
    out = tmp_path / "b.pdf"
    result = run("yicyacyoe", "--size", "5", "--row", "3", "--per-turn", "2", "--shared-marks",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(out).pages[0].extract_text()
    assert text.count("5x5: complete a row of 3 and you lose") == 6
    assert text.count("2 marks per turn (Youbles) in a connected line, shared marks") == 6
    assert text.count("[yicyacyoe:board-5x5]") == 6
    for coordinate in ("a", "e", "1", "5"):
        assert coordinate in text


def test_check_round_trip_passes(run, tmp_path):
    out = tmp_path / "boards.pdf"
    assert run("yicyacyoe", "--size", "7", "--row", "4", "--count", "9", "--paper", "letter",
               "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["total_components"] == 9 and len(m["pages"]) == 3     # 4 + 4 + 1, no back pages
    result = run("check", str(out))
    assert result.exit_code == 0, result.output
    assert "boards: 9" in result.output


def test_check_catches_a_board_that_does_not_match_its_variant():
    doc = build(SheetSettings(paper=paper("a4")), BoardsOptions(Variant(4, 3)))
    components = doc.manifest().as_json()["components"]
    good, _ = check_components(components, doc.options)
    assert all(f.ok for f in good)
    wrong_rule, _ = check_components(components, {**doc.options, "row": 4})
    assert any(not f.ok and f.rule == "settings printed" for f in wrong_rule)
    tiny = [{**components[0], "data": {**components[0]["data"], "cell_mm": 4.0}}]
    assert any(not f.ok and f.rule == "cell size" for f in check_components(tiny, doc.options)[0])
    broken, _ = check_components(components, {"size": "x"})
    assert any(not f.ok and f.rule == "variant" for f in broken)


def test_same_command_gives_identical_bytes(run, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("yicyacyoe", "--size", "6", "--out", str(a))
    run("yicyacyoe", "--size", "6", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("args", [["--size", "2"], ["--size", "16"], ["--size", "4", "--row", "5"],
                                  ["--size", "4", "--count", "0"], ["--per-turn", "5"]])
def test_bad_board_options_fail_cleanly(run, tmp_path, args):
    out = tmp_path / "x.pdf"
    result = run("yicyacyoe", *args, "--out", str(out))
    assert_clean_failure(result, 2)
    assert not out.exists()


def test_default_boards_are_in_icp_print_all():
    from icp_print.validators.registry import all_outputs
    names = [o.name for _, o in all_outputs()]
    assert "yicyacyoe" in names


def test_default_boards_print_finish_measured_on_the_page(tmp_path):
    """6 pt or more, 3 mm or more inside each board's trim, no crossing lines, 3:1 contrast."""
    from textscan import EDGE_MM, LEAST_CONTRAST, SMALLEST_PT, inside, overlaps, printed_lines

    from icp_print.generators.pdf import render as render_pdf
    pdf = render_pdf(build(SheetSettings(paper=paper("a4"))), "t")
    trims = [(c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"])
             for c in manifest(pdf)["pages"][0]["components"]]
    lines = printed_lines(pdf, 0, 150)
    assert lines and overlaps(lines) == []
    for line in lines:
        assert line.size_pt >= SMALLEST_PT - 1e-3 and line.contrast >= LEAST_CONTRAST, line
        assert max(inside(line.box, t) for t in trims) >= EDGE_MM - 0.05, line
