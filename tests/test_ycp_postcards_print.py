"""Printing the YCP postcards: the user's command, what lands where on the
page (to 0.2 mm), the backs, text that fits, and the check round trip."""
from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from icp_print.generators.ycp import PostcardOptions, build, measure
from icp_print.generators.ycp.elements import track_title_width
from icp_print.generators.ycp.ink import Ink
from icp_print.generators.pen import Pen
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.generators.pdf import render
from icp_print.validators.ycp.fit import SMALLEST_PT
from icp_print.validators.ycp.model import GAMES, Text
from icp_print.validators.ycp.postcard_file import load_postcard

from conftest import assert_clean_failure
from pagescan import dark_xs, manifest, user_example, render as raster

DPI = 300
TOLERANCE = 0.2


@pytest.fixture(scope="module")
def postcards_pdf(tmp_path_factory):
    return user_example(tmp_path_factory.mktemp("ycp"), "ycp", "--out", "postcards.pdf")  # the help's example


def test_all_seven_postcards_two_to_an_a4_sheet(postcards_pdf):
    m = manifest(postcards_pdf)
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    assert [len(p["components"]) for p in fronts] == [2, 2, 2, 1]
    assert sorted(c["data"]["game"] for c in m["components"]) == sorted(GAMES)
    assert all((c["width_mm"], c["height_mm"]) == (148.0, 105.0) for c in m["components"])


def test_check_reports_each_postcard_and_passes(postcards_pdf, run, tmp_path):
    f = tmp_path / "p.pdf"
    f.write_bytes(postcards_pdf)
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    for game in GAMES:
        assert f"postcard {game}:" in result.output
    assert "FAIL" not in result.output


def test_check_fails_a_manifest_whose_fit_record_says_text_overflows():
    from icp_print.validators.ycp.checks import check_components
    m = manifest(render(build(SheetSettings(paper=paper("a4")), PostcardOptions(("toroball",))), "t"))
    findings, _ = check_components(m["components"], m["options"])
    assert all(f.ok for f in findings)
    fit = m["components"][0]["data"]["fit"]
    fit.update(overflow_count=2, overflows=[{"element": "turn", "text": "x"}])
    findings, _ = check_components(m["components"], m["options"])
    assert any(not f.ok and "run out of their box" in f.message for f in findings)


def test_check_fails_a_manifest_missing_a_postcard_it_asks_for():
    from icp_print.validators.ycp.checks import check_components
    m = manifest(render(build(SheetSettings(paper=paper("a4")), PostcardOptions(("toroball",))), "t"))
    findings, _ = check_components(m["components"], dict(m["options"], games=["toroball", "lucha-libre"]))
    assert any(not f.ok and f.rule == "postcards held" for f in findings)


def _track_borders(game: str, track_id: str, size: float):
    """Page x (mm) of each cell border of a one-row track, and the y of its middle."""
    card = load_postcard(game)
    t = card.tracks()[track_id]
    x, y, w, h = t.box
    from reportlab.pdfgen.canvas import Canvas
    title_w = track_title_width(Ink(Pen(Canvas(io.BytesIO()), 148, 105)), t, w)
    cell_w = (w - title_w) / len(t.cells)
    marks_h = 2.4 if t.marks else 0.0
    cell_h = min(h - marks_h, cell_w * 1.6)
    mid_y = 105 - y - h + (h - cell_h - marks_h) / 2 + marks_h + cell_h / 2
    return [x + title_w + k * cell_w for k in range(len(t.cells) + 1)], mid_y, cell_w


@pytest.mark.parametrize("size,paper_name", [("a6", "a4"), ("us", "letter")])
def test_mad_maxence_tu_cells_are_where_the_data_puts_them(size, paper_name):
    doc = build(SheetSettings(paper=paper(paper_name)), PostcardOptions(("mad-maxence",), size))
    pdf = render(doc, "t")
    slot = manifest(pdf)["pages"][0]["components"][0]
    x0, y0, w, h = slot["x_mm"], slot["y_mm"], slot["w_mm"], slot["h_mm"]
    scale = min(w / 148, h / 105)
    ox, oy = x0 + (w - 148 * scale) / 2, y0 + (h - 105 * scale) / 2
    borders, mid_y, cell_w = _track_borders("mad-maxence", "tu", 148)
    page = paper(paper_name)
    image = raster(pdf, 0, DPI)
    found = dark_xs(image, oy + mid_y * scale, page.height, DPI)
    for k, bx in enumerate(borders):               # every border, 20 being an ordinary space
        want = ox + bx * scale
        assert min(abs(f - want) for f in found) <= TOLERANCE, (k, want)


def test_which_side_strength_track_ends_at_its_box_edge():
    pdf = render(build(SheetSettings(paper=paper("a4")), PostcardOptions(("which-side",))), "t")
    slot = manifest(pdf)["pages"][0]["components"][0]
    borders, mid_y, _ = _track_borders("which-side", "strength", 148)
    found = dark_xs(raster(pdf, 0, DPI), slot["y_mm"] + mid_y, 297, DPI)
    for bx in borders[:10]:
        assert min(abs(f - (slot["x_mm"] + bx)) for f in found) <= TOLERANCE
    assert abs(borders[-1] - (3 + 142)) < 1e-9          # the track fills its box


def test_backs_sit_behind_their_fronts_for_long_edge_duplex(postcards_pdf):
    m = manifest(postcards_pdf)
    front, back = m["pages"][0], m["pages"][1]
    assert back["side"] == "back"
    fx, fy, fw, fh = front["trim_mm"]
    bx, by, bw, bh = back["trim_mm"]
    assert abs(bx - (210 - fx - fw)) <= TOLERANCE and abs(by - fy) <= TOLERANCE


def test_back_carries_components_setup_and_turn_in_our_words(postcards_pdf):
    reader = PdfReader(io.BytesIO(postcards_pdf))
    text = " ".join(reader.pages[i].extract_text() for i in (1, 3, 5, 7))
    for heading in ("Components", "Setup", "Each turn"):
        assert text.count(heading) >= 7


@pytest.mark.parametrize("game", GAMES)
def test_text_fits_its_boxes_on_every_postcard(game):
    fit = measure(load_postcard(game))
    assert fit["overflow_count"] == 0, fit["overflows"]
    assert fit["lines"] > 50 and fit["smallest_pt"] >= SMALLEST_PT


def test_text_that_cannot_fit_is_reported():
    card = load_postcard("mad-maxence")
    turn = card.element("turn")
    assert isinstance(turn, Text)
    long = replace(turn, text="Drive on and on " * 40)
    fit = measure(replace(card, front=tuple(long if e.id == "turn" else e for e in card.front)))
    assert fit["overflow_count"] >= 1 and fit["overflows"][0]["element"] == "turn"


def test_same_inputs_give_identical_pdfs():
    settings = SheetSettings(paper=paper("a4"))
    options = PostcardOptions(("lucha-libre",))
    assert render(build(settings, options), "t") == render(build(settings, options), "t")


def test_named_games_only(run, tmp_path):
    out = tmp_path / "two.pdf"
    result = run("ycp", "toroball", "lucha-libre", "--postcard", "us", "--paper", "letter",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    m = manifest(out.read_bytes())
    assert [c["data"]["game"] for c in m["components"]] == ["lucha-libre", "toroball"]
    assert m["components"][0]["width_mm"] == 152.4 and m["options"]["postcard"] == "us"
    assert run("check", str(out)).exit_code == 0


def test_unknown_game_is_refused(run, tmp_path):
    assert_clean_failure(run("ycp", "way-of-the-shotgun", "--out", str(tmp_path / "x.pdf")), 2)
    assert not (tmp_path / "x.pdf").exists()


def test_check_a_postcard_file(run):
    from icp_print.validators.ycp.postcard_file import template
    result = run("check", str(template("toroball")))
    assert result.exit_code == 0, result.output
    assert "postcard toroball" in result.output and "text fits" in result.output
