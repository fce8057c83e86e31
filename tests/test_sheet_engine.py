"""The sheet engine: imposition, crop marks, bleed, duplex mirroring, boxes,
determinism, and positions read back from rendered pages."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from icp_print.generators.pdf import atomic_write, render
from icp_print.generators.sheet import (Document, Piece, SheetSettings, crop_marks, fit_grid,
                                        mirror, paper)
from icp_print.validators.errors import InputError
from icp_print.validators.pdfcheck import MANIFEST_NAME

from pagescan import dark_xs, dark_ys, render as render_page

POKER = (63.5, 88.9)
DPI = 400
TOL = 0.2  # mm


def outlined(pen):
    """A white card with a hairline exactly on its trim."""
    pen.background("#ffffff")
    pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.1)
    pen.label("test:card")


def plain_back(pen):
    pen.background("#ffffff")
    pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.1)


def make(count=9, **options) -> tuple[Document, bytes]:
    settings = SheetSettings(paper=paper(options.pop("paper", "a4")), **options)
    doc = Document(settings, game="calibration", ruleset="test", title="test")
    doc.add_pieces([Piece("card", "test:card", outlined, plain_back)] * count, *POKER, section="cards")
    return doc, render(doc, "test")


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_poker_cards_come_nine_to_a_page(name):
    grid = fit_grid(SheetSettings(paper=paper(name)), *POKER)
    assert (grid.cols, grid.rows) == (3, 3)


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_grid_is_centred_inside_the_margins(name):
    s = SheetSettings(paper=paper(name))
    g = fit_grid(s, *POKER)
    xs, ys = g.trim_xs(), g.trim_ys()
    assert xs[0] == pytest.approx(s.paper.width - xs[-1])
    assert ys[-1] == pytest.approx(s.paper.height - ys[0])
    assert xs[0] >= s.margin and ys[-1] >= s.margin


def test_bleed_spaces_components_so_bleeds_never_overlap():
    s = SheetSettings(paper=paper("a4"), bleed=2)
    g = fit_grid(s, *POKER)
    for slot in range(g.capacity - 1):
        (x1, y1), (x2, y2) = g.origin(slot), g.origin(slot + 1)
        if y1 == y2:
            assert x2 - (x1 + g.w) == pytest.approx(2 * s.bleed)


def test_component_larger_than_the_paper_is_refused():
    with pytest.raises(InputError, match="does not fit"):
        fit_grid(SheetSettings(paper=paper("a4")), 300, 100)


def test_crop_marks_sit_in_the_margin_and_never_touch_a_component():
    for bleed in (0, 2):
        s = SheetSettings(paper=paper("letter"), bleed=bleed)
        g = fit_grid(s, *POKER)
        boxes = [(x - bleed, y - bleed, x + g.w + bleed, y + g.h + bleed)
                 for x, y in map(g.origin, range(g.capacity))]
        marks = crop_marks(s, g)
        assert len(marks) == 2 * len(g.trim_xs()) + 2 * len(g.trim_ys())
        for x1, y1, x2, y2 in marks:
            for bx1, by1, bx2, by2 in boxes:
                overlap_x = min(max(x1, x2), bx2) > max(min(x1, x2), bx1) or bx1 <= x1 <= bx2
                overlap_y = min(max(y1, y2), by2) > max(min(y1, y2), by1) or by1 <= y1 <= by2
                assert not (overlap_x and overlap_y and
                            (min(x1, x2) < bx2 and max(x1, x2) > bx1 or bx1 < x1 < bx2) and
                            (min(y1, y2) < by2 and max(y1, y2) > by1 or by1 < y1 < by2))


def test_long_edge_backs_mirror_left_to_right():
    s = SheetSettings(paper=paper("a4"), backs="long-edge")
    assert mirror(s, 10, 20, 63.5, 88.9) == pytest.approx((210 - 10 - 63.5, 20))


def test_short_edge_backs_mirror_top_to_bottom():
    s = SheetSettings(paper=paper("a4"), backs="short-edge")
    assert mirror(s, 10, 20, 63.5, 88.9) == pytest.approx((10, 297 - 20 - 88.9))


def test_back_offset_shifts_back_pages():
    s = SheetSettings(paper=paper("a4"), back_offset=(1.5, -0.5))
    assert mirror(s, 10, 20, 63.5, 88.9) == pytest.approx((210 - 10 - 63.5 + 1.5, 19.5))


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_each_back_lands_behind_its_front(backs):
    doc, _ = make(count=7, backs=backs)
    front, back = doc.pages[0], doc.pages[1]
    assert (front.side, back.side) == ("front", "back")
    page = doc.settings.paper
    for placed, step in zip(front.placed, back.steps):
        bx, by = step[0], step[1]
        if backs == "long-edge":  # flipping about the vertical axis
            assert bx + placed.w == pytest.approx(page.width - placed.x)
            assert by == pytest.approx(placed.y)
        else:                     # flipping about the horizontal axis
            assert bx == pytest.approx(placed.x)
            assert by + placed.h == pytest.approx(page.height - placed.y)


def test_no_backs_means_no_back_pages():
    doc, _ = make(count=10, backs="none")
    assert [p.side for p in doc.pages] == ["front", "front"]


def test_same_inputs_give_byte_identical_pdfs():
    assert make()[1] == make()[1]


def test_pdf_has_boxes_viewer_preferences_metadata_and_manifest():
    doc, pdf = make(bleed=2)
    reader = PdfReader(io.BytesIO(pdf))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert reader.metadata["/Creator"].startswith("icp-print")
    assert reader.metadata["/Title"] == "test"
    manifest = json.loads(reader.attachments[MANIFEST_NAME][0])
    for page, entry in zip(reader.pages, manifest["pages"]):
        x, y, w, h = entry["trim_mm"]
        assert float(page.trimbox.left) == pytest.approx(x * 72 / 25.4, abs=0.01)
        assert float(page.trimbox.top) == pytest.approx((y + h) * 72 / 25.4, abs=0.01)
        assert float(page.bleedbox.left) == pytest.approx((x - 2) * 72 / 25.4, abs=0.01)
    assert manifest["components"][0]["count"] == 9
    assert manifest["paper"] == {"name": "a4", "width_mm": 210.0, "height_mm": 297.0}


def test_fonts_are_embedded():
    _, pdf = make()
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        descriptor = ref.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
            if "/DescendantFonts" in ref.get_object() else ref.get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object()


@pytest.mark.parametrize("name,bleed", [("a4", 0), ("letter", 2)])
def test_rendered_trim_lines_and_crop_marks_fall_where_the_manifest_says(name, bleed):
    doc, pdf = make(paper=name, bleed=bleed)
    page_h = doc.settings.paper.height
    image = render_page(pdf, 0, DPI)
    manifest = doc.manifest().as_json()["pages"][0]["components"]
    xs = sorted({round(c["x_mm"], 3) for c in manifest} | {round(c["x_mm"] + c["w_mm"], 3) for c in manifest})
    ys = sorted({round(c["y_mm"], 3) for c in manifest} | {round(c["y_mm"] + c["h_mm"], 3) for c in manifest})
    # Trim lines: a row through the middle of the first row of cards crosses every vertical trim.
    first = manifest[0]
    seen = dark_xs(image, first["y_mm"] + first["h_mm"] / 2, page_h, DPI)
    for x in xs:
        assert min(abs(x - s) for s in seen) <= TOL, (x, seen)
    # Crop marks: a row just above the grid crosses one mark per vertical trim line; marks
    # print inside the margin (the printer's border), between it and the bleed.
    grid = fit_grid(doc.settings, *POKER)
    top = grid.top + bleed + 2.0
    marks = dark_xs(image, top, page_h, DPI)
    assert len(marks) == len(xs)
    for x, m in zip(xs, marks):
        assert abs(x - m) <= TOL
    left = (doc.settings.margin + grid.left - bleed) / 2   # between the printer's border and the bleed
    marks = dark_ys(image, left, page_h, DPI)
    assert len(marks) == len(ys)
    for y, m in zip(ys, marks):
        assert abs(y - m) <= TOL


def test_unwritable_target_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(InputError, match="cannot write"):
        atomic_write(blocker / "sub" / "out.pdf", b"x")



@given(w=st.floats(5, 300), h=st.floats(5, 300), margin=st.floats(0, 40), bleed=st.floats(0, 10),
       name=st.sampled_from(["a4", "letter"]))
def test_any_grid_stays_inside_the_page_and_never_overlaps(w, h, margin, bleed, name):
    try:
        s = SheetSettings(paper=paper(name), margin=margin, bleed=bleed)
        g = fit_grid(s, w, h)
    except InputError:
        return
    boxes = [(x - bleed, y - bleed, x + w + bleed, y + h + bleed) for x, y in map(g.origin, range(g.capacity))]
    for x1, y1, x2, y2 in boxes:
        assert x1 + bleed >= margin - 1e-6 and y1 + bleed >= margin - 1e-6
        assert x2 - bleed <= s.paper.width - margin + 1e-6 and y2 - bleed <= s.paper.height - margin + 1e-6
    for a, b in zip(boxes, boxes[1:]):
        assert a[2] <= b[0] + 1e-6 or a[1] >= b[3] - 1e-6   # next in the row, or next row down
