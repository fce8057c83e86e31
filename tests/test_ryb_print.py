"""Printing RYB end to end: the user's own command, the check round trip,
what is printed where, and the extra outputs."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader, PdfWriter


from conftest import assert_clean_failure
from pagescan import manifest, user_example

MM = 72 / 25.4


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory):
    return user_example(tmp_path_factory.mktemp("ryb"), "ryb", "--out", "deck.pdf")  # the user's own example


def test_user_example_writes_the_deck(deck_pdf):
    m = manifest(deck_pdf)
    assert m["game"] == "ryb"
    assert m["total_components"] == 49 + 5 + 1
    assert len(m["pages"]) == 14          # 6 sheets of cards + score sheet, each with its back


def test_check_round_trip_passes(deck_pdf, run, tmp_path):
    f = tmp_path / "deck.pdf"
    f.write_bytes(deck_pdf)
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    assert "components printed: 55" in result.output


def test_every_front_page_holds_nine_cards(deck_pdf):
    m = manifest(deck_pdf)
    fronts = [p for p in m["pages"] if p["side"] == "front" and p["section"] == "cards"]
    assert [len(p["components"]) for p in fronts] == [9] * 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_cards_a_page_on_letter_too(run, tmp_path, paper):
    out = tmp_path / "d.pdf"
    assert run("ryb", "--paper", paper, "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["paper"]["name"] == paper
    assert len(m["pages"][0]["components"]) == 9
    assert run("check", str(out)).exit_code == 0


def _text_positions(pdf: bytes, page: int) -> list[tuple[str, float, float, float]]:
    """(text, x mm, y mm, font size pt) of every string drawn on a page."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            e, f = tm[4], tm[5]
            ca, cb, cc, cd, ce, cf = cm
            found.append((text.strip(), (ca * e + cc * f + ce) / MM, (cb * e + cd * f + cf) / MM,
                          size * abs(cd)))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def test_goal_card_layout_name_on_top_target_in_the_middle_value_lower_right(deck_pdf):
    m = manifest(deck_pdf)
    card = m["pages"][0]["components"][0]
    assert card["label"] == "ryb:goal:red-4"
    x0, y0, w, h = card["x_mm"], card["y_mm"], card["w_mm"], card["h_mm"]
    texts = [(t, x, y, s) for t, x, y, s in _text_positions(deck_pdf, 0)
             if x0 <= x <= x0 + w and y0 <= y <= y0 + h]
    by_text = {t: (x, y, s) for t, x, y, s in texts}
    name_y = by_text["RED"][1]
    assert name_y > y0 + h - 15                       # colour name across the top
    tx, ty, size = by_text["4"]
    assert size >= 40                                 # the Target is big ...
    assert abs(ty - (y0 + h / 2)) < 15                # ... and in the middle
    vx, vy, _ = by_text["8"]
    assert vx > x0 + w * 0.6 and vy < y0 + 20         # the Value in the lower right corner
    assert "R" in by_text                             # a die mark, so colour is not the only cue


def test_action_cards_state_phase_and_effect(deck_pdf):
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(io.BytesIO(deck_pdf)).pages))
    for title in ("Gimme!", "Swap", "Do-Over", "Red Rover", "Shanghai", "Variable: Reset"):
        assert title in text
    assert "Play during your Play a Card step" in text
    assert "Play right after you roll for a Goal" in text


@pytest.mark.parametrize("function,title", [("tea-party", "Variable: Tea Party!"),
                                            ("denied", "Variable: De-nied!"),
                                            ("swiss-bank", "Variable: Swiss Bank")])
def test_variable_option_prints_that_function(run, tmp_path, function, title):
    out = tmp_path / "v.pdf"
    assert run("ryb", "--variable", function, "--out", str(out)).exit_code == 0
    reader = PdfReader(out)
    text = re.sub(r"\s+", " ", "".join(p.extract_text() for p in reader.pages))
    assert title in text and "Variable: Reset" not in text
    assert manifest(out.read_bytes())["options"]["variable"] == function


def test_reference_card_and_score_sheet_are_in_the_set(deck_pdf):
    labels = {c["label"]: c["count"] for c in manifest(deck_pdf)["components"]}
    assert labels["ryb:reference"] == 5 and labels["ryb:score-sheet"] == 1


def test_backs_are_uniform(deck_pdf):
    reader = PdfReader(io.BytesIO(deck_pdf))
    m = manifest(deck_pdf)
    backs = [i for i, p in enumerate(m["pages"]) if p["side"] == "back" and p["section"] == "cards"]
    # five full sheets: the same drawing, but for the sheet number in each sheet's label
    contents = {re.sub(rb"sheet \d+ of", b"sheet N of", reader.pages[i].get_contents().get_data())
                for i in backs[:5]}
    assert len(contents) == 1


def test_same_command_gives_identical_bytes(run, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("ryb", "--out", str(a))
    run("ryb", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_ink_saver_prints_lighter_pages(run, tmp_path):
    from pagescan import render
    normal, light = tmp_path / "n.pdf", tmp_path / "l.pdf"
    run("ryb", "--out", str(normal))
    run("ryb", "--ink-saver", "--out", str(light))

    def ink(pdf):
        image = render(pdf.read_bytes(), 1, 30)       # the first back page
        return sum((255 - level) * n for level, n in enumerate(image.histogram()))

    assert ink(light) < ink(normal) / 3


def test_png_and_svg_outputs(run, tmp_path):
    out, svg, pngs = tmp_path / "d.pdf", tmp_path / "cuts.svg", tmp_path / "png"
    result = run("ryb", "--out", str(out), "--svg", str(svg), "--png", str(pngs), "--dpi", "40")
    assert result.exit_code == 0
    assert sorted(p.name for p in pngs.iterdir())[:2] == ["d-01.png", "d-02.png"]
    assert len(list(pngs.iterdir())) == 14
    m = manifest(out.read_bytes())
    # One SVG per front sheet with something to cut (the score sheet is the whole page: not cut).
    sheets = sorted(tmp_path.glob("cuts-sheet-*.svg"))
    assert [p.name for p in sheets] == [f"cuts-sheet-{n:02d}.svg" for n in range(1, 7)]
    root = ET.fromstring(sheets[0].read_bytes())
    ns = {"s": "http://www.w3.org/2000/svg"}
    cuts = root.find("s:g[@id='cut']", ns).findall("s:path", ns)
    placed = m["pages"][0]["components"]
    assert len(cuts) == len(placed) == 9                # with a bleed, each card is one closed cut
    height = m["paper"]["height_mm"]
    for path, c in zip(cuts, placed):
        corners = [tuple(float(v) for v in p.split(",")) for p in path.get("d").strip("MZ ").split(" L ")]
        assert min(x for x, _ in corners) == pytest.approx(c["x_mm"], abs=0.01)
        assert min(y for _, y in corners) == pytest.approx(height - c["y_mm"] - c["h_mm"], abs=0.01)
        assert max(x for x, _ in corners) - min(x for x, _ in corners) == pytest.approx(63.5)


def test_check_catches_a_missing_page(deck_pdf, run, tmp_path):
    reader = PdfReader(io.BytesIO(deck_pdf))
    writer = PdfWriter(clone_from=reader)
    writer.remove_page(2)            # lose the second sheet of cards
    f = tmp_path / "short.pdf"
    with open(f, "wb") as handle:
        writer.write(handle)
    result = run("check", str(f))
    assert result.exit_code == 1
    assert "page count" in result.output and "FAIL" in result.output


def test_check_non_pdf_and_pdf_without_manifest(run, tmp_path):
    junk = tmp_path / "junk.pdf"
    junk.write_text("hello")
    result = run("check", str(junk))
    assert_clean_failure(result, 2)
    assert "junk.pdf" in result.output
    plain = tmp_path / "plain.pdf"
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    with open(plain, "wb") as handle:
        writer.write(handle)
    result = run("check", str(plain))
    assert_clean_failure(result, 2)
    assert "manifest" in result.output
    result = run("check", str(tmp_path / "missing.pdf"))
    assert_clean_failure(result, 2)


def test_bad_sheet_options_are_clear(run, tmp_path):
    out = tmp_path / "x.pdf"
    for args in (["--margin", "-3"], ["--bleed", "50"], ["--back-offset", "abc"]):
        result = run("ryb", "--out", str(out), *args)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert not out.exists()


def test_calibration_sheet_checks(run, tmp_path):
    out = tmp_path / "cal.pdf"
    assert run("calibrate", "--out", str(out)).exit_code == 0
    result = run("check", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(out).pages[0].extract_text()
    assert "100 mm" in text and "4 in" in text and "1 cm grid" in text
