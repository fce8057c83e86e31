"""Gutterfold: fronts and backs on one side of a sheet with a fold line between them.

The alignment is measured as the duplex alignment is: on rendered pages.  Each
back's trim lines, reflected in the fold line, must fall within 0.08 mm of its
front's, and a mark in a front's top-left corner must have the back's
matching corner behind it."""
from __future__ import annotations

import numpy
import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.generators.fold import fit_fold
from icp_print.generators.pdf import render
from icp_print.generators.sheet import Document, Piece, SheetSettings, paper
from icp_print.validators.errors import InputError

from conftest import assert_clean_failure
from pagescan import dark_xs, dark_ys, manifest
from printmarks import marked_lines
from textscan import reading_angles

POKER = (63.5, 88.9)
DPI = 600
PX = 25.4 / DPI
ALIGNED = 0.08      # mm: backs within this of their fronts after folding
CORNER = 0.2        # mm: the corner marks' centres
RED = "#ff0000"


def front(pen):
    pen.background("#ffffff")
    pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.1)
    pen.rect(3, pen.h - 9, 6, 6, fill=RED)            # the card's top-left corner
    pen.label("test:card")


def back(pen):
    pen.background("#ffffff")
    pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.1)
    pen.rect(pen.w - 9, pen.h - 9, 6, 6, fill=RED)    # behind the front's top-left, turned over sideways


def folded(name: str, count: int = 4, **options) -> bytes:
    settings = SheetSettings(paper=paper(name), bleed=1.0, layout="gutterfold", **options)
    doc = Document(settings, game="calibration", ruleset="test", title="test")
    doc.add_pieces([Piece("card", "test:card", front, back)] * count, *POKER, section="cards")
    return render(doc, "test")


def _pairs(page: dict) -> list[tuple[dict, dict]]:
    fronts = [c for c in page["components"] if c.get("side") != "back"]
    backs = [c for c in page["components"] if c.get("side") == "back"]
    assert len(fronts) == len(backs)
    return list(zip(fronts, backs))


def _edges(image, c: dict, height: float) -> tuple[list[float], list[float]]:
    """The rendered trim lines (x's, y's) of the component at ``c``, found by crossing its middle."""
    x0, y0, w, h = c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"]
    xs = [x for x in dark_xs(image, y0 + h / 2 + 7, height, DPI) if min(abs(x - x0), abs(x - x0 - w)) < 0.5]
    ys = [y for y in dark_ys(image, x0 + w / 2 + 7, height, DPI) if min(abs(y - y0), abs(y - y0 - h)) < 0.5]
    assert len(xs) == 2 and len(ys) == 2, (xs, ys)
    return xs, ys


def _red_centre(rgb, c: dict, height: float) -> tuple[float, float]:
    """Centre (mm) of the red corner mark inside the component's trim."""
    i0, i1 = int(c["x_mm"] / PX), int((c["x_mm"] + c["w_mm"]) / PX)
    j0, j1 = int((height - c["y_mm"] - c["h_mm"]) / PX), int((height - c["y_mm"]) / PX)
    box = rgb[j0:j1, i0:i1].astype(int)
    red = (box[:, :, 0] > 200) & (box[:, :, 1] < 80) & (box[:, :, 2] < 80)
    js, is_ = numpy.nonzero(red)
    assert len(is_) > 100
    return (i0 + is_.mean() + 0.5) * PX, height - (j0 + js.mean() + 0.5) * PX


def _reflect(fold: list[float], x: float, y: float) -> tuple[float, float]:
    x1, y1, x2, y2 = fold
    return (x, 2 * y1 - y) if y1 == y2 else (2 * x1 - x, y)


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_gutterfold_backs_land_on_their_fronts_when_folded(name):
    pdf = folded(name)
    m = manifest(pdf)
    page, height = m["pages"][0], m["paper"]["height_mm"]
    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[0].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    grey, rgb = bitmap.convert("L"), numpy.asarray(bitmap)
    worst = 0.0
    for f, b in _pairs(page):
        fxs, fys = _edges(grey, f, height)
        bxs, bys = _edges(grey, b, height)
        folded_back = sorted(_reflect(page["fold_mm"], x, y) for x, y in zip(bxs, bys))
        xs = sorted(x for x, _ in folded_back)
        ys = sorted(y for _, y in folded_back)
        worst = max([worst] + [abs(a - z) for a, z in zip(fxs, xs)] + [abs(a - z) for a, z in zip(fys, ys)])
        fc = _red_centre(rgb, f, height)
        bc = _reflect(page["fold_mm"], *_red_centre(rgb, b, height))
        assert abs(fc[0] - bc[0]) <= CORNER and abs(fc[1] - bc[1]) <= CORNER, (fc, bc)
    assert worst <= ALIGNED, worst


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_back_turns_follow_the_edge_a_card_is_turned_over_on(backs):
    """Short-edge: a card turned over top to bottom shows its back upright, so the back's
    top-left corner lies behind the front's bottom-left."""
    def short_back(pen):
        pen.background("#ffffff")
        pen.rect(3, 3, 6, 6, fill=RED)
    settings = SheetSettings(paper=paper("a4"), bleed=1.0, layout="gutterfold", backs=backs)
    doc = Document(settings, game="calibration", ruleset="test", title="test")
    doc.add_pieces([Piece("card", "test:card", front, back if backs == "long-edge" else short_back)],
                   *POKER, section="cards")
    pdf = render(doc, "test")
    page = manifest(pdf)["pages"][0]
    document = pypdfium2.PdfDocument(pdf)
    try:
        rgb = numpy.asarray(document[0].render(scale=DPI / 72).to_pil().convert("RGB"))
    finally:
        document.close()
    (f, b), = _pairs(page)
    fc = _red_centre(rgb, f, 297)
    bc = _reflect(page["fold_mm"], *_red_centre(rgb, b, 297))
    assert abs(fc[0] - bc[0]) <= CORNER and abs(fc[1] - bc[1]) <= CORNER, (fc, bc)


def test_poker_cards_come_four_to_a_gutterfold_sheet_turned_a_quarter():
    for name in ("a4", "letter"):
        fold = fit_fold(SheetSettings(paper=paper(name), bleed=1.0, layout="gutterfold"), *POKER)
        assert fold.grid.capacity == 4 and fold.turns == 1


def test_manifest_records_the_layout_the_fold_and_both_rectangles():
    pdf = folded("a4", count=5)
    m = manifest(pdf)
    assert m["layout"] == "gutterfold"
    assert [p["side"] for p in m["pages"]] == ["front", "front"]       # one-sided sheets
    first, last = m["pages"]
    assert len(_pairs(first)) == 4 and len(_pairs(last)) == 1
    x1, y1, x2, y2 = first["fold_mm"]
    assert y1 == y2 == pytest.approx(297 / 2) and x1 == pytest.approx(5) and x2 == pytest.approx(205)
    for f, b in _pairs(first):
        assert (b["x_mm"], b["w_mm"], b["h_mm"]) == (f["x_mm"], f["w_mm"], f["h_mm"])
        assert b["y_mm"] + b["h_mm"] / 2 == pytest.approx(297 - (f["y_mm"] + f["h_mm"] / 2), abs=0.002)
        assert f["y_mm"] >= y1 and b["y_mm"] + b["h_mm"] <= y1                 # each on its side
    assert m["components"][0]["count"] == 5
    assert (m["components"][0]["width_mm"], m["components"][0]["height_mm"]) == POKER  # upright size


def test_fold_line_is_drawn_where_the_manifest_says_with_its_word():
    pdf = folded("a4")
    m = manifest(pdf)
    fold = m["pages"][0]["fold_mm"]
    from pagescan import render as render_grey
    image = render_grey(pdf, 0, DPI)
    hits = 0
    for x in numpy.arange(30.0, 180.0, 0.7):
        ys = [y for y in dark_ys(image, float(x), 297, DPI) if abs(y - fold[1]) < 1.5]
        if ys:
            assert abs(ys[0] - fold[1]) <= ALIGNED
            hits += 1
    assert hits > 50                      # a dashed line: ink on most of the crossings
    from pypdf import PdfReader
    import io
    assert PdfReader(io.BytesIO(pdf)).pages[0].extract_text().count("fold") == 2


@pytest.mark.parametrize("command,name", [("ryb", "a4"), ("yield", "letter"), ("accellerator", "a4"),
                                          ("accellerator", "letter")])
def test_every_trim_line_of_a_gutterfold_set_is_marked_and_check_counts_it(run, tmp_path, command, name):
    out = tmp_path / "set.pdf"
    assert run(command, "--layout", "gutterfold", "--paper", name, "--out", str(out)).exit_code == 0
    held, total = marked_lines(out.read_bytes())
    assert total > 0 and held == total
    result = run("check", str(out))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("args,why", [
    (["yicyacyoe"], "no backs"),
    (["calibrate"], "cannot fold"),
    (["ycp", "--gauges"], "8 mm cube"),
    (["ryb", "--backs", "none"], "--backs none"),
    (["ryb", "--back-offset", "1,0"], "one side only"),
])
def test_gutterfold_is_refused_with_a_reason_where_it_cannot_fold(run, tmp_path, args, why):
    out = tmp_path / "x.pdf"
    result = run(*args, "--layout", "gutterfold", "--out", str(out))
    assert_clean_failure(result, 2)
    assert why in result.output and not out.exists()


def test_the_default_layout_is_unchanged_duplex(run, tmp_path):
    out = tmp_path / "deck.pdf"
    assert run("ryb", "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["layout"] == "duplex" and all("fold_mm" not in p for p in m["pages"])
    assert all(c.get("side") != "back" for p in m["pages"] for c in p["components"])


@given(w=st.floats(20, 200), h=st.floats(20, 250), bleed=st.floats(0, 5), margin=st.floats(0, 15),
       name=st.sampled_from(["a4", "letter"]), backs=st.sampled_from(["long-edge", "short-edge"]))
def test_any_fold_keeps_fronts_and_backs_apart_on_their_sides_and_inside_the_margins(
        w, h, bleed, margin, name, backs):
    settings = SheetSettings(paper=paper(name), margin=margin, bleed=bleed, layout="gutterfold", backs=backs)
    try:
        fold = fit_fold(settings, w, h)
    except InputError:
        return
    g, page = fold.grid, settings.paper
    assert sorted((g.w, g.h)) == sorted((w, h))
    boxes = []
    for slot in range(g.capacity):
        x, y = g.origin(slot)
        bx, by = fold.behind(x, y, g.w, g.h)
        boxes += [(x, y), (bx, by)]
        if fold.axis == "y":        # fronts above the fold line, backs below
            assert y - bleed > fold.at > by + g.h + bleed
        else:                       # fronts left of it, backs right
            assert x + g.w + bleed < fold.at < bx - bleed
    for x, y in boxes:
        assert margin <= x - bleed and x + g.w + bleed <= page.width - margin
        assert margin <= y - bleed and y + g.h + bleed <= page.height - margin
    for i, (x, y) in enumerate(boxes):
        for x2, y2 in boxes[i + 1:]:
            apart = x + g.w + bleed <= x2 - bleed + 1e-6 or x2 + g.w + bleed <= x - bleed + 1e-6 or \
                y + g.h + bleed <= y2 - bleed + 1e-6 or y2 + g.h + bleed <= y - bleed + 1e-6
            assert apart


FOLDED_SETS = [("ryb",), ("yeah-items",), ("yield",), ("dice",), ("ycp",), ("accellerator",),
               ("ycp", "protocol-g117", "--gauges")]


def _reading(runs, c: dict) -> tuple[int | None, list[str]]:
    """The direction most of the text inside component ``c`` reads in (by characters), and
    that text, sorted."""
    x0, y0, x1, y1 = c["x_mm"], c["y_mm"], c["x_mm"] + c["w_mm"], c["y_mm"] + c["h_mm"]
    inside = [(angle, text) for angle, box, text in runs
              if text and x0 <= (box[0] + box[2]) / 2 <= x1 and y0 <= (box[1] + box[3]) / 2 <= y1]
    weights: dict[int, int] = {}
    for angle, text in inside:
        weights[angle] = weights.get(angle, 0) + len(text)
    return (max(weights, key=weights.__getitem__) if weights else None), sorted(t for _, t in inside)


def _duplex_backs(pdf: bytes, backs: str) -> dict[str, tuple[int, int, list[str]]]:
    """label -> (front's direction, its back's direction seen through the sheet from the
    front, the back's text) in the duplex print."""
    m = manifest(pdf)
    width, height = m["paper"]["width_mm"], m["paper"]["height_mm"]
    out = {}
    for number, entry in enumerate(m["pages"]):
        if entry["side"] != "front" or number + 1 >= len(m["pages"]):
            continue
        front_runs, back_runs = reading_angles(pdf, number), reading_angles(pdf, number + 1)
        for c in entry["components"]:
            if "x_mm" not in c:
                continue
            behind = dict(c, x_mm=width - c["x_mm"] - c["w_mm"]) if backs == "long-edge" else \
                dict(c, y_mm=height - c["y_mm"] - c["h_mm"])
            (front, _), (back, text) = _reading(front_runs, c), _reading(back_runs, behind)
            if front is not None and back is not None:
                seen = (180 - back) % 360 if backs == "long-edge" else -back % 360
                out.setdefault(c["label"], (front, seen, text))
    return out


@pytest.mark.parametrize("name,backs", [("a4", "long-edge"), ("letter", "short-edge")])
@pytest.mark.parametrize("command", FOLDED_SETS, ids=" ".join)
def test_after_the_fold_every_front_reads_upright_with_its_own_back_behind_it_as_duplex_puts_it(
        run, tmp_path, command, name, backs):
    """Read on the rendered pages: no front is printed upside down (a piece the fold turns a
    quarter reads sideways, a gauge sheet drawn turned into its piece is turned back upright),
    and each back, folded along the gutter, shows through its front with the same text the
    same way round as the duplex print's back does."""
    options = ("--paper", name, "--backs", backs)
    duplex, folded_pdf = tmp_path / "duplex.pdf", tmp_path / "folded.pdf"
    assert run(*command, *options, "--out", str(duplex)).exit_code == 0
    assert run(*command, *options, "--layout", "gutterfold", "--out", str(folded_pdf)).exit_code == 0
    expected = _duplex_backs(duplex.read_bytes(), backs)
    pdf = folded_pdf.read_bytes()
    compared = 0
    for number, page in enumerate(manifest(pdf)["pages"]):
        if "fold_mm" not in page:
            continue
        runs = reading_angles(pdf, number)
        x1, y1, x2, y2 = page["fold_mm"]
        for f, b in _pairs(page):
            assert f["label"] == b["label"]
            (front, _), (back, text) = _reading(runs, f), _reading(runs, b)
            assert front is not None and front != 180, (f["label"], front)
            if command[-1] == "--gauges":
                assert front == 0, (f["label"], front)      # the landscape sheet reads as the page
            if f["label"] not in expected or back is None:
                continue
            seen = -back % 360 if y1 == y2 else (180 - back) % 360
            duplex_front, duplex_seen, duplex_text = expected[f["label"]]
            assert text == duplex_text, f["label"]
            assert (seen - front) % 360 == (duplex_seen - duplex_front) % 360, (f["label"], front, back)
            compared += 1
    assert compared > 0
