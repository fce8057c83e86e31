"""Accellerator's printed pages measured as printed: no text under 6 pt, text at least
3 mm inside the trim of the piece it is on, no two lines crossing, contrast of at
least 3:1 in both inks, and the sheet options honoured (--bleed, --cut-lines)."""
from __future__ import annotations

import pytest

from icp_print.generators.accellerator import build
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, mirror, paper

from conftest import assert_clean_failure
from pagescan import manifest, render as raster
from textscan import EDGE_MM, LEAST_CONTRAST, SMALLEST_PT, inside, overlaps, printed_lines


@pytest.fixture(scope="module", params=[("a4", False), ("letter", False), ("a4", True)],
                ids=["a4", "letter", "a4-ink-saver"])
def printed(request):
    paper_name, ink_saver = request.param
    settings = SheetSettings(paper=paper(paper_name), ink_saver=ink_saver)
    pdf = render(build(settings), "t")
    return settings, pdf, manifest(pdf), {i: printed_lines(pdf, i, 200) for i in range(4)}


def test_no_text_below_6_pt_at_real_size(printed):
    *_, pages = printed
    small = {(line.text, round(line.size_pt, 2)) for lines in pages.values() for line in lines
             if line.size_pt < SMALLEST_PT - 1e-3}
    assert small == set()


def test_text_contrast_at_least_3_to_1(printed):
    *_, pages = printed
    low = {(line.text, round(line.contrast, 2)) for lines in pages.values() for line in lines
           if line.contrast < LEAST_CONTRAST}
    assert low == set()


def test_no_two_lines_of_text_cross(printed):
    *_, pages = printed
    assert {i: overlaps(lines) for i, lines in pages.items() if overlaps(lines)} == {}


def test_text_on_the_pieces_stays_3_mm_inside_their_trims(printed):
    settings, _, m, pages = printed
    fronts = [(c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"])
              for c in m["pages"][2]["components"]]
    backs = []
    for c in m["pages"][2]["components"]:
        if c["kind"] == "aid":
            x, y = mirror(settings, c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"], offset=False)
            backs.append((x, y, x + c["w_mm"], y + c["h_mm"]))
    for index, trims in ((2, fronts), (3, backs)):
        for line in pages[index]:
            on = [t for t in trims if inside(line.box, t) > -5]       # the piece it is printed on
            if on:
                assert max(inside(line.box, t) for t in on) >= EDGE_MM - 0.05, (index, line.text)


def _left_of_first_energy_chit(pdf: bytes) -> int:
    """The grey level 0.7 mm left of the first energy chit's trim, at mid-height."""
    chit = next(c for c in manifest(pdf)["pages"][2]["components"] if c["kind"] == "energy")
    x, y = chit["x_mm"] - 0.7, chit["y_mm"] + chit["h_mm"] / 2
    return raster(pdf, 2, 200).getpixel((round(x * 200 / 25.4), round((297 - y) * 200 / 25.4)))


def test_bleed_carries_the_chits_art_past_their_trim():
    pdf = render(build(SheetSettings(paper=paper("a4"), bleed=1.5)), "t")
    assert manifest(pdf)["bleed_mm"] == 1.5
    assert _left_of_first_energy_chit(pdf) < 245                  # alpha's pale red runs on
    plain = render(build(SheetSettings(paper=paper("a4"), bleed=0.0)), "t")
    assert _left_of_first_energy_chit(plain) == 255


def test_a_bleed_the_pieces_cannot_hold_is_refused(run, tmp_path):
    result = run("accellerator", "--bleed", "4", "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, 2)
    assert "--bleed" in result.output and not (tmp_path / "x.pdf").exists()


def test_cut_lines_are_drawn_on_the_pieces_page(tmp_path):
    plain = render(build(SheetSettings(paper=paper("a4"))), "t")
    lined = render(build(SheetSettings(paper=paper("a4"), cut_lines=True)), "t")
    assert raster(plain, 2, 100).tobytes() != raster(lined, 2, 100).tobytes()
