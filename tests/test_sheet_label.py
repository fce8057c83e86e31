"""The sheet label ("RYB · sheet 2 of 7 · front") on both sides of every sheet, measured on
rendered pages: inside the printable area, at least 6 pt, at least 3:1 against the paper,
clear of every component, its bleed, every crop mark and the fold line, and a back's label
behind its front's label (never behind a front's face)."""
from __future__ import annotations

import re

import numpy
import pypdfium2
import pytest

from icp_print.cli.common import default_builder
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.validators.registry import GAMES, all_outputs, find_game

from pagescan import manifest

BUILDERS = {output.name: default_builder(game, output) for game, output in all_outputs()}
# a game's title starts the label: the page's text may run art drawn in a form (a coin's
# back) into the label's line, and the label is read from its title on
LABEL = re.compile(rf"({'|'.join(re.escape(game.title) for game in GAMES)}) · sheet (\d+) of (\d+) · (front|back)")
DPI = 200
PX = 25.4 / DPI
PT = 25.4 / 72
MIN_PT = 6.0
CAP = 0.72          # DejaVu Sans: a capital's height, of the font size
RING = 0.5          # mm around the label's glyphs that must be bare paper
GLYPH_EDGE = 0.15   # mm of that next to the glyphs, where their own edges render


def _luminance(grey: float) -> float:
    c = grey / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def labels(pdf: bytes) -> list[tuple[int, str, tuple[float, float, float, float], float]]:
    """(page index, text, box in mm (x0, y0, x1, y1), tallest capital in mm) of every sheet label."""
    found = []
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            text_page = document[index].get_textpage()
            text = text_page.get_text_range()
            for match in LABEL.finditer(text):
                boxes = [text_page.get_charbox(k) for k in range(match.start(), match.end())
                         if not text[k].isspace()]
                capitals = [b for k, b in zip(range(match.start(), match.end()), boxes) if text[k] == "S"] or \
                    [text_page.get_charbox(k) for k in range(match.start(), match.end()) if text[k].isupper()]
                box = (min(b[0] for b in boxes) * PT, min(b[1] for b in boxes) * PT,
                       max(b[2] for b in boxes) * PT, max(b[3] for b in boxes) * PT)
                cap = max(max(abs(b[3] - b[1]), abs(b[2] - b[0])) for b in capitals) * PT
                found.append((index, match.group(0), box, cap))
    finally:
        document.close()
    return found


def _pixels(image, height: float, box: tuple[float, float, float, float]):
    """The pixels of ``box`` (mm, from the page's lower-left)."""
    a, b, c, d = box
    return image[int((height - d) / PX):int((height - b) / PX) + 1, int(a / PX):int(c / PX) + 1]


def _expected(m: dict, title: str) -> list[tuple[int, str]]:
    """(page index, text) of every label: the front's, the back's, and both on a gutterfold sheet."""
    pages = m["pages"]
    sheets = sum(p["side"] == "front" for p in pages)
    found, sheet = [], 0
    for index, page in enumerate(pages):
        sheet += page["side"] == "front"
        for side in ("front", "back") if "fold_mm" in page else (page["side"],):
            found.append((index, f"{title} · sheet {sheet} of {sheets} · {side}"))
    return found


def _behind(m: dict, index: int, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Where ``box`` of page ``index`` lies on the other side of the paper: mirrored in the fold
    line of a gutterfold sheet, or as the printer turns a duplex sheet over."""
    x0, y0, x1, y1 = box
    page = m["pages"][index]
    if "fold_mm" in page:
        fx1, fy1, fx2, fy2 = page["fold_mm"]
        if fy1 == fy2:
            return x0, 2 * fy1 - y1, x1, 2 * fy1 - y0
        return 2 * fx1 - x1, y0, 2 * fx1 - x0, y1
    width, height = m["paper"]["width_mm"], m["paper"]["height_mm"]
    if m["backs"] == "short-edge":
        return x0, height - y1, x1, height - y0
    return width - x1, y0, width - x0, y1


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_labels_are_clear(pdf: bytes, title: str) -> int:
    m = manifest(pdf)
    width, height = m["paper"]["width_mm"], m["paper"]["height_mm"]
    margin, bleed = m["margin_mm"], m["bleed_mm"]
    found = labels(pdf)
    assert [(i, text) for i, text, *_ in found] == _expected(m, title), \
        "one label on each side of every sheet, numbered by sheet"
    fronts = {i: box for i, text, box, _ in found if text.endswith("front")}
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index, text, (x0, y0, x1, y1), cap in found:
            if text.endswith("back"):
                front_index = index if "fold_mm" in m["pages"][index] else index - 1
                # behind the front's label (so behind no face), as far as the text's length allows
                assert _overlap(_behind(m, index, (x0, y0, x1, y1)), fronts[front_index]), text
            assert margin <= x0 and x1 <= width - margin and margin <= y0 and y1 <= height - margin, text
            assert cap >= MIN_PT * PT * CAP * 0.98, (text, cap)
            for c in m["pages"][index]["components"]:
                # never over a component or its bleed (a page-sized one, a score sheet, is the page:
                # the ring below finds its art)
                if "x_mm" in c and (c["w_mm"], c["h_mm"]) != (width, height):
                    assert (x1 <= c["x_mm"] - bleed or x0 >= c["x_mm"] + c["w_mm"] + bleed or
                            y1 <= c["y_mm"] - bleed or y0 >= c["y_mm"] + c["h_mm"] + bleed), (text, c)
            image = numpy.asarray(document[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))
            inside = _pixels(image, height, (x0, y0, x1, y1))
            ring = _pixels(image, height, (x0 - RING, y0 - RING, x1 + RING, y1 + RING)).copy()
            edge = round((RING - GLYPH_EDGE) / PX)     # the label's own anti-aliased edge is not the ring
            ring[edge:-edge, edge:-edge] = 255
            assert ring.min() >= 250, f"{text}: something is drawn against the label"
            contrast = (_luminance(255) + 0.05) / (_luminance(float(inside.min())) + 0.05)
            assert contrast >= 3.0, (text, contrast)
    finally:
        document.close()
    return len(found)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_every_sheet_is_labelled_in_its_margin_clear_of_everything(name, paper_name):
    doc = BUILDERS[name](SheetSettings(paper=paper(paper_name)))
    assert assert_labels_are_clear(render(doc, "test"), find_game(doc.game).title) >= 1


@pytest.mark.parametrize("args", [("ryb", "--layout", "gutterfold"), ("yield", "--layout", "gutterfold",
                                                                      "--paper", "letter"),
                                  ("ryb", "--bleed", "0", "--paper", "letter"), ("dice", "--backs", "none"),
                                  ("ryb", "--cutter", "silhouette"), ("dice", "--cutter", "cricut"),
                                  ("ycp", "protocol-g117", "--gauges", "--layout", "gutterfold"),
                                  ("ycp", "protocol-g117", "--gauges", "--layout", "gutterfold", "--paper", "letter")])
def test_labels_stay_clear_in_other_layouts(run, tmp_path, args):
    out = tmp_path / "x.pdf"
    assert run(*args, "--out", str(out)).exit_code == 0
    title = find_game(manifest(out.read_bytes())["game"]).title
    assert assert_labels_are_clear(out.read_bytes(), title) >= 1
