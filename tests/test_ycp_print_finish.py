"""YCP postcards measured on the printed page: every printed line at 6 pt or
more at real size and 3 mm or more inside its card's trim, no two lines
overlapping, text contrast of at least 3:1 in both inks, and the title band
running on into the bleed."""
from __future__ import annotations

import itertools

import pypdfium2
import pytest

from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, mirror, paper
from icp_print.generators.ycp import PostcardOptions, build
from icp_print.generators.ycp.card import PALETTE
from icp_print.generators.ycp.elements import GOAL_FILL
from icp_print.validators.manifest import SHEET_LABEL
from icp_print.validators.pagescan import on_page, text_objects, then
from icp_print.validators.pdfcheck import LABEL
from icp_print.validators.ycp.model import EDGE_MM, GAMES

from pagescan import manifest, render as raster

MM = 25.4 / 72          # mm per PDF point
SMALLEST_PT = 6.0
TOUCH_MM = 0.05         # glyph boxes may touch, never cross
Box = tuple[float, float, float, float]     # left, bottom, right, top in mm


def printed_lines(pdf: bytes, index: int) -> list[tuple[str, float, Box]]:
    """Every printed line of a page: its text, its size in pt, its glyph box; the
    component labels (written for ``check``, not for the eye) left out."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[index]
        text_page = page.get_textpage()
        lines = []
        for obj, frame in text_objects(page):
            left, bottom, right, top = on_page(obj.get_bounds(), frame)
            text = text_page.get_text_bounded(left, bottom, right, top).strip()
            if not text or LABEL.fullmatch(text) or SHEET_LABEL.fullmatch(text):
                continue
            size = pypdfium2.raw.FS_FLOAT()
            pypdfium2.raw.FPDFTextObj_GetFontSize(obj.raw, size)
            a, b, *_ = then(tuple(obj.get_matrix().get()), frame)
            lines.append((text, size.value * (a * a + b * b) ** 0.5,
                          (left * MM, bottom * MM, right * MM, top * MM)))
        return lines
    finally:
        document.close()


def inside(box: Box, trim: Box) -> float:
    """How far (mm) a glyph box stays inside a trim box; negative when it sticks out."""
    return min(box[0] - trim[0], trim[2] - box[2], box[1] - trim[1], trim[3] - box[3])


def trims(m: dict, settings: SheetSettings) -> dict[int, list[Box]]:
    """Each page's card trims: the fronts from the manifest, the backs mirrored behind them."""
    out: dict[int, list[Box]] = {}
    for i, page in enumerate(m["pages"]):
        if page["side"] == "front":
            out[i] = [(c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"])
                      for c in page["components"]]
            behind = [(*mirror(settings, c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"]), c["w_mm"], c["h_mm"])
                      for c in page["components"]]
            out[i + 1] = [(x, y, x + w, y + h) for x, y, w, h in behind]
    return out


@pytest.fixture(scope="module", params=[("a6", "a4"), ("us", "letter")], ids=["a6", "us"])
def printed(request):
    size, paper_name = request.param
    settings = SheetSettings(paper=paper(paper_name))
    pdf = render(build(settings, PostcardOptions(GAMES, size)), "t")
    pages = trims(manifest(pdf), settings)
    return {i: (printed_lines(pdf, i), cards) for i, cards in pages.items()}


def test_no_line_below_6_pt_at_real_size(printed):
    small = [(text, round(size, 2)) for lines, _ in printed.values() for text, size, _ in lines
             if size < SMALLEST_PT - 1e-3]
    assert small == []


def test_every_line_3_mm_inside_its_card_trim(printed):
    for page, (lines, cards) in printed.items():
        for text, _, box in lines:
            gap = max(inside(box, trim) for trim in cards)
            assert gap >= EDGE_MM - 0.05, (page, text, round(gap, 2))


def test_no_two_lines_overlap(printed):
    for page, (lines, _) in printed.items():
        for (ta, _, a), (tb, _, b) in itertools.combinations(lines, 2):
            across = min(a[2], b[2]) - max(a[0], b[0])
            up = min(a[3], b[3]) - max(a[1], b[1])
            assert min(across, up) <= TOUCH_MM, (page, ta, tb)


def luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("game", GAMES)
def test_text_contrast_at_least_3_to_1_in_both_inks(game):
    accent, light = PALETTE[game]
    pairs = [("#ffffff", accent),        # the title band and table headers
             (accent, "#ffffff"),        # titles and notes; the title band with --ink-saver
             (accent, light),            # accent text on a tinted start space or row
             ("#000000", light), ("#ffffff", GOAL_FILL)]
    assert min(contrast(text, ground) for text, ground in pairs) >= 3.0


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_title_band_runs_into_the_bleed(bleed):
    settings = SheetSettings(paper=paper("a4"), bleed=bleed)
    pdf = render(build(settings, PostcardOptions(("toroball",))), "t")
    card = manifest(pdf)["pages"][0]["components"][0]
    dpi = 300
    image = raster(pdf, 0, dpi)
    top = card["y_mm"] + card["h_mm"]                 # the trim's top edge (from the bottom)
    probe = top + bleed - 0.3 if bleed else top - 0.3
    for x in (card["x_mm"] - bleed + 0.3, card["x_mm"] + card["w_mm"] + bleed - 0.3):
        px = round(x / 25.4 * dpi)
        py = round((settings.paper.height - probe) / 25.4 * dpi)
        assert image.getpixel((px, py)) < 160, (bleed, x)


@pytest.mark.parametrize("option", [{"bleed": 2.0}, {"cut_lines": True}])
def test_gauge_sheets_honour_bleed_and_cut_lines(option):
    plain = render(build(SheetSettings(paper=paper("a4"), bleed=0.0),
                         PostcardOptions(("toroball",), gauges=True)), "t")
    changed = render(build(SheetSettings(paper=paper("a4"), **{"bleed": 0.0, **option}),
                           PostcardOptions(("toroball",), gauges=True)), "t")
    before, after = raster(plain, 0, 100), raster(changed, 0, 100)
    assert before.tobytes() != after.tobytes()
    card = manifest(changed)["pages"][0]["components"][0]
    assert card["w_mm"] < 210 and card["h_mm"] < 297        # the enlarged card, cut out like a component
    if "bleed" in option:                                    # the title band runs on past the trim
        x = card["x_mm"] - 1.0
        y = 297 - (card["y_mm"] + card["h_mm"] / 2)
        assert after.getpixel((round(x / 25.4 * 100), round(y / 25.4 * 100))) < 160
