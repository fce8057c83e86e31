"""The full-size gauge sheets: one page per game, the postcard front enlarged,
turned a quarter, placed to 0.2 mm, with the card's back behind it."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from reportlab.pdfgen.canvas import Canvas

from icp_print.generators.pen import Pen
from icp_print.generators.ycp import HEADER, PostcardOptions, build, gauge_scale, measure
from icp_print.generators.ycp.elements import cube_spaces
from icp_print.generators.ycp.ink import US_SCALE, Ink
from icp_print.validators.ycp.fit import SMALLEST_PT
from icp_print.validators.ycp.model import CARD_H, CARD_W, GAMES
from icp_print.validators.ycp.postcard_file import load_postcard

from pagescan import dark_xs, manifest, render as raster
from printmarks import page_lines_held

MARGIN = 8.0   # mm kept around the enlarged card


def test_one_sheet_per_game_and_check_passes(run, tmp_path):
    out = tmp_path / "gauges.pdf"
    result = run("ycp", "--gauges", "--out", str(out))
    assert result.exit_code == 0, result.output
    m = manifest(out.read_bytes())
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    assert len(fronts) == len(GAMES) and len(m["pages"]) == 2 * len(GAMES)
    assert [p["components"][0]["label"] for p in fronts] == [f"ycp:{g}:sheet" for g in GAMES]
    check = run("check", str(out))
    assert check.exit_code == 0, check.output
    assert "gauge sheets: " + ", ".join(sorted(GAMES)) in check.output


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_sheet_fills_the_page_header_band_where_expected(paper_name):
    page = paper(paper_name)
    pdf = render(build(SheetSettings(paper=page, bleed=0.0), PostcardOptions(("which-side",), gauges=True)), "t")
    scale = min((page.height - 2 * MARGIN) / CARD_W, (page.width - 2 * MARGIN) / CARD_H)
    assert scale > 1.75                                  # nearly twice the postcard
    left = page.width / 2 - CARD_H * scale / 2           # the card's top edge, turned to the left
    dpi = 200
    found = dark_xs(raster(pdf, 0, dpi), page.height / 2, page.height, dpi)
    # The header band is one solid dark run from the card's top edge to HEADER mm below it.
    band_centre = left + HEADER * scale / 2
    assert min(abs(f - band_centre) for f in found) <= 0.2


def test_gauge_sheet_is_bigger_than_the_postcard_by_the_same_factor_everywhere():
    pdf = render(build(SheetSettings(paper=paper("a4")), PostcardOptions(("toroball",), gauges=True)), "t")
    reader = PdfReader(io.BytesIO(pdf))
    assert "[ycp:toroball:sheet]" in reader.pages[0].extract_text()
    assert "Components" in reader.pages[1].extract_text()   # the back: how to play


CUBE_MM = 8.0      # the usual wooden game cube; a space must hold one with a little room
ROOM_MM = 1.0


def cube_spaces_of(game: str) -> list[tuple[str, float]]:
    ink = Ink(Pen(Canvas(io.BytesIO()), CARD_W, CARD_H))
    return cube_spaces(ink, load_postcard(game).front)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_gauge_sheet_spaces_hold_an_8_mm_cube(game, paper_name):
    page = paper(paper_name)
    scale = min(gauge_scale(page.width, page.height, 5.0, bleed) for bleed in (0.0, page.bleed))
    spaces = cube_spaces_of(game)
    assert spaces
    element, side = min(spaces, key=lambda s: s[1])
    assert side * scale >= CUBE_MM + ROOM_MM, (element, side * scale)


@pytest.mark.parametrize("game", GAMES)
def test_us_postcard_text_is_still_readable_once_shrunk(game):
    fit = measure(load_postcard(game), US_SCALE)
    assert fit["overflow_count"] == 0, fit["overflows"][:3]
    assert SMALLEST_PT <= fit["smallest_pt"] < SMALLEST_PT + 0.3


def test_gauge_sheet_text_is_nearly_twice_the_postcard_text():
    a4 = paper("a4")
    fit = measure(load_postcard("which-side"), gauge_scale(a4.width, a4.height, 5.0))
    assert fit["overflow_count"] == 0 and fit["smallest_pt"] >= 9.0


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_trim_line_of_a_full_size_gauge_sheet_is_held_by_two_printed_marks(run, tmp_path, paper_name):
    """One sheet a page, so the page count of printmarks.marked_lines passes it by: measured
    page by page the same way (marks of at least 1 mm at 200 dpi, inside the printable area)."""
    out = tmp_path / "gauges.pdf"
    assert run("ycp", "--gauges", "--paper", paper_name, "--out", str(out)).exit_code == 0
    pdf = out.read_bytes()
    m = manifest(pdf)
    for entry in (p for p in m["pages"] if p["side"] == "front"):
        assert page_lines_held(pdf, m, entry) == (4, 4), entry["components"][0]["label"]
