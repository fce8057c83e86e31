"""RYB and yEAh cards at every card size, measured on the rendered pages (mm):
the sizes of templates/sizes.toml, no text below 6 pt, no text over text,
frames and text 3 mm inside the trim, title bands into the bleed, titles
readable in ink-saver mode, and check reading the size from the manifest."""
from __future__ import annotations

import ctypes
import tomllib
from functools import cache

import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.generators.cards import CARD_SIZES, MIN_PT, card_size
from icp_print.templates import path
from icp_print.validators.errors import InputError
from icp_print.validators.manifest import SHEET_LABEL
from icp_print.validators.report import card_size_finding

from pagescan import dark_xs, manifest, render

MM = 72 / 25.4
COMMANDS = {"ryb": ("ryb",), "yeah": ("yeah-items",)}
LABEL_OPEN = "["


@cache
def printed(game: str, size: str, *extra: str) -> bytes:
    """The PDF ``icp-print`` writes for ``game`` at card size ``size`` (cached per session)."""
    import tempfile
    from pathlib import Path

    from click.testing import CliRunner
    from icp_print.cli.main import main
    out = Path(tempfile.mkdtemp()) / f"{game}-{size}.pdf"
    result = CliRunner().invoke(main, [*COMMANDS[game], "--card-size", size, *extra, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def chars(pdf: bytes, index: int) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """(character, font size in pt, box (left, bottom, right, top) in mm) of every visible
    glyph on a page, leaving out the bracketed component labels that check counts and the
    sheet label."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = document[index].get_textpage()
        n = text.count_chars()
        found, in_label = [], False
        left, right, bottom, top = (ctypes.c_double() for _ in range(4))
        furniture = {i for m in SHEET_LABEL.finditer(text.get_text_range()) for i in range(*m.span())}
        for i in range(n):
            if i in furniture:          # the sheet's own label, not a card's text
                continue
            c = chr(pdfium.FPDFText_GetUnicode(text, i))
            if c == LABEL_OPEN:
                in_label = True
            if in_label:
                in_label = c != "]"
                continue
            if not c.strip():
                continue
            size = pdfium.FPDFText_GetFontSize(text, i) * MM   # text space is millimetres
            pdfium.FPDFText_GetCharBox(text, i, left, right, bottom, top)
            found.append((c, size, (left.value / MM, bottom.value / MM, right.value / MM, top.value / MM)))
        return found
    finally:
        document.close()


def front_pages(pdf: bytes) -> list[tuple[int, dict]]:
    return [(n, p) for n, p in enumerate(manifest(pdf)["pages"])
            if p["side"] == "front" and p["components"] and p["section"] != "score sheet"]


# --- sizes --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", CARD_SIZES)
def test_card_sizes_come_from_sizes_toml(name):
    entry = tomllib.loads(path("sizes.toml").read_text(encoding="utf-8"))[name]
    size = card_size(name)
    assert (size.width, size.height) == (entry["width_mm"], entry["height_mm"])


@pytest.mark.parametrize("game", COMMANDS)
@pytest.mark.parametrize("name", CARD_SIZES + ("50x75",))
def test_printed_cards_have_the_asked_size_measured_between_crop_marks(game, name):
    pdf = printed(game, name, "--bleed", "0")      # shared cuts: a crop mark on every trim line
    size = card_size(name)
    m = manifest(pdf)
    deck = [c for c in m["components"] if c["kind"] in ("goal", "action", "item")]
    assert {(c["width_mm"], c["height_mm"]) for c in deck} == {(round(size.width, 3), round(size.height, 3))}
    assert m["options"]["card_size"] == size.name
    page = m["pages"][0]
    x, y, w, h = page["trim_mm"]
    dpi = 200
    image = render(pdf, 0, dpi)
    marks = dark_xs(image, y + h + 2.5, m["paper"]["height_mm"], dpi)   # vertical crop marks above the grid
    steps = [b - a for a, b in zip(marks, marks[1:])]
    assert steps and all(abs(s - size.width) < 0.3 for s in steps), (marks, size)


@given(st.text(max_size=20))
def test_card_size_parser_reads_names_and_sizes_or_says_why_not(text):
    try:
        size = card_size(text)
    except InputError as exc:
        assert exc.field == "--card-size"
        return
    assert 44 <= size.width <= size.height <= 200


@given(st.floats(44, 150), st.floats(44, 200))
def test_card_size_parser_round_trips_millimetres(w, h):
    w, h = round(min(w, h), 2), round(max(w, h), 2)
    size = card_size(f"{w}x{h}")
    assert (size.width, size.height) == (w, h)


@pytest.mark.parametrize("text", ["0x0", "30x50", "90x60", "200x300", "x88", "poker2", "63,5x88,9"])
def test_card_sizes_that_cannot_be_printed_are_refused(run, tmp_path, text):
    result = run("ryb", "--card-size", text, "--out", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "--card-size" in result.output
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("game", COMMANDS)
def test_check_reads_the_card_size_from_the_manifest(game, run, tmp_path):
    f = tmp_path / "cards.pdf"
    f.write_bytes(printed(game, "mini"))
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    assert "card size: every card is 44.45 x 63.5 mm (mini)" in result.output


def test_check_fails_a_deck_of_mixed_card_sizes():
    cards = [{"kind": "goal", "width_mm": 63.5, "height_mm": 88.9},
             {"kind": "action", "width_mm": 57.15, "height_mm": 88.9}]
    finding = card_size_finding(cards, {}, ("goal", "action"))
    assert not finding.ok and "2 sizes" in finding.message


def test_turn_summaries_too_big_for_mini_cards_print_at_poker_size():
    m = manifest(printed("ryb", "mini"))
    sizes = {c["kind"]: (c["width_mm"], c["height_mm"]) for c in m["components"]}
    assert sizes["goal"] == (44.45, 63.5) and sizes["reference"] == (63.5, 88.9)
    assert {c["kind"] for c in m["components"]} >= {"goal", "action", "reference", "score-sheet"}


# --- finish ------------------------------------------------------------------------------

@pytest.mark.parametrize("game", COMMANDS)
@pytest.mark.parametrize("name", CARD_SIZES)
def test_no_text_below_6_pt_at_real_size(game, name):
    pdf = printed(game, name)
    for index in range(len(manifest(pdf)["pages"])):
        small = {(c, round(size, 2)) for c, size, _ in chars(pdf, index) if size < MIN_PT - 0.01}
        assert not small, f"page {index + 1}: {sorted(small)[:8]}"


def _overlaps(boxes) -> list:
    """Pairs of glyph boxes (not neighbours in the text) that intersect by more than 0.05 mm."""
    found, shrink = [], 0.05
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][2][0])
    for a_pos, i in enumerate(order):
        ci, _, (l1, b1, r1, t1) = boxes[i]
        for j in order[a_pos + 1:]:
            cj, _, (l2, b2, r2, t2) = boxes[j]
            if l2 >= r1 - shrink:
                break
            if abs(i - j) > 1 and b2 < t1 - shrink and b1 < t2 - shrink:
                found.append((ci, cj, round(l1, 1), round(b1, 1)))
    return found


@pytest.mark.parametrize("game", COMMANDS)
@pytest.mark.parametrize("name", ["poker", "mini", "square"])
def test_no_text_overlaps_text(game, name):
    pdf = printed(game, name)
    for index in range(len(manifest(pdf)["pages"])):
        assert _overlaps(chars(pdf, index)) == [], f"page {index + 1}"


def test_colours_card_black_row_value_clear_of_the_dice():
    """The turn summary's back: in every row the value text starts right of the last die mark."""
    pdf = printed("ryb", "poker")
    backs = [n for n, p in enumerate(manifest(pdf)["pages"]) if p["side"] == "back"]
    page = next(n for n in backs if any(c == "K" or c == "x" for c, _, _ in chars(pdf, n)))
    glyphs = chars(pdf, page)
    assert _overlaps(glyphs) == []
    values = [box for c, _, box in glyphs if c == "x"]
    dice = [box for c, size, box in glyphs if c in "RYB" and size >= 8]   # the die marks' letters
    assert values and len(values) % 7 == 0 and dice      # seven colours on each summary back
    for v in values:
        row = [d for d in dice if d[1] < v[3] and v[1] < d[3] and 0 < v[0] - d[0] < 40]
        assert row and all(d[2] + 1.0 <= v[0] for d in row)


@pytest.mark.parametrize("game", COMMANDS)
@pytest.mark.parametrize("name", ["poker", "mini", "tarot"])
def test_text_stays_3_mm_inside_the_trim(game, name):
    pdf = printed(game, name)
    for index, page in front_pages(pdf):
        cards = page["components"]
        for c, _, (left, bottom, right, top) in chars(pdf, index):
            cx, cy = (left + right) / 2, (bottom + top) / 2
            card = next(k for k in cards if k["x_mm"] <= cx <= k["x_mm"] + k["w_mm"]
                        and k["y_mm"] <= cy <= k["y_mm"] + k["h_mm"])
            inside = min(left - card["x_mm"], card["x_mm"] + card["w_mm"] - right,
                         bottom - card["y_mm"], card["y_mm"] + card["h_mm"] - top)
            assert inside >= 3.0 - 0.05, f"page {index + 1}: {c!r} {inside:.2f} mm from the trim"


def _first_ink(image, points, dpi, page_h) -> float:
    """Distance (mm) walked along ``points`` (x, y mm) before the first non-white pixel."""
    for distance, (x, y) in points:
        if image.getpixel((round(x * dpi / 25.4), round((page_h - y) * dpi / 25.4))) < 235:
            return distance
    return float("inf")


@pytest.mark.parametrize("game", COMMANDS)
@pytest.mark.parametrize("name", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_frames_stay_3_mm_inside_the_trim(game, name, ink_saver):
    # With a bleed the neighbours stand apart, so each card's own edge can be walked.
    pdf = printed(game, name, "--bleed", "2", *(["--ink-saver"] if ink_saver else []))
    m, dpi = manifest(pdf), 300
    page_h = m["paper"]["height_mm"]
    index, page = front_pages(pdf)[0]
    image = render(pdf, index, dpi)
    step = 25.4 / dpi / 2
    for card in page["components"]:
        x, y, w, h = card["x_mm"], card["y_mm"], card["w_mm"], card["h_mm"]
        walks = {
            "left": [(d, (x + d, y + h / 2)) for d in _range(step)],
            "right": [(d, (x + w - d, y + h / 2)) for d in _range(step)],
            "bottom": [(d, (x + w / 2, y + d)) for d in _range(step)],
            "band outline" if ink_saver else "top (band)": [(d, (x + w / 2, y + h - d)) for d in _range(step)],
        }
        for side, points in walks.items():
            distance = _first_ink(image, points, dpi, page_h)
            if side == "top (band)":
                assert distance < 0.2, "the title band runs to the trim"
            else:
                assert distance >= 3.0 - 0.1, f"{card['label']} {side}: ink {distance:.2f} mm from the trim"


def _range(step: float):
    d = step
    while d < 8:
        yield d
        d += step


@pytest.mark.parametrize("game", COMMANDS)
def test_title_bands_run_into_the_bleed(game):
    pdf = printed(game, "poker", "--bleed", "2")
    m, dpi = manifest(pdf), 200
    index, page = front_pages(pdf)[0]
    image = render(pdf, index, dpi)
    page_h = m["paper"]["height_mm"]
    top_row = max(c["y_mm"] + c["h_mm"] for c in page["components"])
    for card in page["components"]:
        if card["y_mm"] + card["h_mm"] != top_row:
            continue
        cx = card["x_mm"] + card["w_mm"] / 2
        for above in (0.5, 1.0, 1.5):
            px = (round(cx * dpi / 25.4), round((page_h - (top_row + above)) * dpi / 25.4))
            assert image.getpixel(px) < 235, f"{card['label']}: no band {above} mm into the bleed"


def _luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("game", COMMANDS)
def test_ink_saver_titles_contrast_at_least_3_to_1(game):
    """Every title in ink-saver mode: its darkest ink against the white band, on the rendered page."""
    pdf = printed(game, "poker", "--ink-saver")
    m, dpi = manifest(pdf), 150
    page_h = m["paper"]["height_mm"]
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index, page in front_pages(pdf):
            image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
            for card in page["components"]:
                x, top, w = card["x_mm"], card["y_mm"] + card["h_mm"], card["w_mm"]
                box = [round(v * dpi / 25.4) for v in (x + 6, page_h - top + 5, x + w - 6, page_h - top + 10)]
                pixels = [image.getpixel((i, j)) for i in range(box[0], box[2]) for j in range(box[1], box[3])]
                darkest = min(pixels, key=_luminance)
                assert contrast(darkest, (255, 255, 255)) >= 3.0, f"{card['label']}: {darkest}"
    finally:
        document.close()


def test_ink_saver_title_colours_contrast_on_white_by_data():
    from icp_print.validators.ryb.deck import card_texts
    for name, colour in card_texts()["colours"].items():
        rgb = tuple(int(colour["dark"][i:i + 2], 16) for i in (1, 3, 5))
        assert contrast(rgb, (255, 255, 255)) >= 4.5, name
