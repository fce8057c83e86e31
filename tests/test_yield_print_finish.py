"""Yield! tiles measured as printed: no text under 6 pt at any tile size, text 3 mm or
more inside the tile's trim, the back's frame 3 mm or more inside, contrast of at least
3:1 in both inks, and the dark ground carried on into the bleed."""
from __future__ import annotations

import pytest

from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, mirror, paper
from icp_print.generators.yield_ import YieldOptions, build

from pagescan import manifest, render as raster
from textscan import EDGE_MM, LEAST_CONTRAST, SMALLEST_PT, inside, overlaps, printed_lines

DPI = 200


def tiles_pdf(tile_size: float = 50.0, **sheet) -> tuple[SheetSettings, bytes]:
    settings = SheetSettings(paper=paper("a4"), **sheet)
    return settings, render(build(settings, YieldOptions(tile_size=tile_size)), "t")


@pytest.fixture(scope="module", params=[(50.0, False), (50.0, True), (25.0, False), (100.0, False)],
                ids=["50mm", "50mm-ink-saver", "25mm", "100mm"])
def printed(request):
    size, ink_saver = request.param
    settings, pdf = tiles_pdf(size, ink_saver=ink_saver)
    m = manifest(pdf)
    pages = [i for i, p in enumerate(m["pages"]) if p["section"] == "tiles"][:4]
    return settings, m, {i: printed_lines(pdf, i, DPI) for i in pages}


def test_no_tile_text_below_6_pt(printed):
    *_, pages = printed
    assert {(line.text, round(line.size_pt, 2)) for lines in pages.values() for line in lines
            if line.size_pt < SMALLEST_PT - 1e-3} == set()


def test_tile_text_contrast_at_least_3_to_1(printed):
    *_, pages = printed
    assert {(line.text, round(line.contrast, 2)) for lines in pages.values() for line in lines
            if line.contrast < LEAST_CONTRAST} == set()


def test_tile_text_3_mm_inside_the_trim_and_never_crossing(printed):
    settings, m, pages = printed
    for index, lines in pages.items():
        entry = m["pages"][index]
        front = entry["side"] == "front" and entry["components"]
        source = entry if front else m["pages"][index - 1]
        trims = []
        for c in source["components"]:
            x, y = (c["x_mm"], c["y_mm"]) if front else \
                mirror(settings, c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"])
            trims.append((x, y, x + c["w_mm"], y + c["h_mm"]))
        for line in lines:
            assert max(inside(line.box, t) for t in trims) >= EDGE_MM - 0.05, (index, line.text)
        assert overlaps(lines) == []


def test_back_frame_3_mm_inside_the_trim():
    settings, pdf = tiles_pdf(25.0, backs="long-edge")
    m = manifest(pdf)
    tile = m["pages"][0]["components"][0]
    x, y = mirror(settings, tile["x_mm"], tile["y_mm"], tile["w_mm"], tile["h_mm"])
    image = raster(pdf, 1, DPI)
    # the back is dark with a light frame (and a light word in the middle)
    light = _light_xs(image, y + tile["h_mm"] / 2, x, x + 25)
    assert light and min(light) - x >= EDGE_MM - 0.1 and x + 25 - max(light) >= EDGE_MM - 0.1


def _light_xs(image, y_mm: float, x0: float, x1: float) -> list[float]:
    row = round((297 - y_mm) * DPI / 25.4)
    out = []
    for col in range(round(x0 * DPI / 25.4) + 2, round(x1 * DPI / 25.4) - 2):
        if image.getpixel((col, row)) > 200:
            out.append(col * 25.4 / DPI)
    return out


def test_dark_ground_runs_on_into_the_bleed():
    _, pdf = tiles_pdf(50.0, bleed=2.0, backs="none")
    tile = manifest(pdf)["pages"][0]["components"][0]
    image = raster(pdf, 0, DPI)
    x, y = tile["x_mm"] - 1.0, tile["y_mm"] + 5.0        # 1 mm into the bleed, by the SW corner
    assert image.getpixel((round(x * DPI / 25.4), round((297 - y) * DPI / 25.4))) < 80
