"""Printing the yEAh item cards: one poker card per item, nine to a page,
what each card says, where it sits on the rendered page, and the check."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from icp_print.cli.common import VERSION
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, fit_grid, paper
from icp_print.generators.cards import FRAME
from icp_print.generators.yeah import HEADER, YeahOptions, build
from icp_print.validators.pdfcheck import MANIFEST_NAME
from icp_print.validators.yeah.model import ItemTable
from icp_print.validators.yeah.table import published_table

from conftest import assert_clean_failure
from pagescan import dark_xs, dark_ys, render as render_page, manifest, user_example

MM = 72 / 25.4
DPI = 400
TOL = 0.2   # mm
TABLE = published_table()


@pytest.fixture(scope="module")
def items_pdf(tmp_path_factory) -> bytes:
    return user_example(tmp_path_factory.mktemp("yeah"), "yeah-items", "--out", "items.pdf")  # the user's example


def test_one_card_per_item_nine_to_a_page(items_pdf):
    m = manifest(items_pdf)
    assert m["game"] == "yeah" and m["total_components"] == 17
    fronts = [pg for pg in m["pages"] if pg["side"] == "front"]
    assert [len(pg["components"]) for pg in fronts] == [9, 8]
    assert len(m["pages"]) == 4                       # two sheets, each with its backs
    labels = [c["label"] for pg in fronts for c in pg["components"]]
    assert labels == [f"yeah:item:{i.id}" for i in TABLE.items]
    assert all((c["w_mm"], c["h_mm"]) == (63.5, 88.9) for pg in fronts for c in pg["components"])


def test_check_confirms_one_card_per_item(items_pdf, run, tmp_path):
    f = tmp_path / "items.pdf"
    f.write_bytes(items_pdf)
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    assert "one card per item: 17 items, one card each" in result.output


def _text_positions(pdf: bytes, page: int) -> list[tuple[str, float, float]]:
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            ca, cb, cc, cd, ce, cf = cm
            found.append((text.strip(), (ca * tm[4] + cc * tm[5] + ce) / MM,
                          (cb * tm[4] + cd * tm[5] + cf) / MM))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def _card_texts(pdf: bytes, m: dict) -> dict[str, list[tuple[str, float, float, dict]]]:
    out: dict[str, list] = {}
    for index, page in enumerate(m["pages"]):
        if page["side"] != "front":
            continue
        texts = _text_positions(pdf, index)
        for c in page["components"]:
            inside = [(t, x, y, c) for t, x, y in texts
                      if c["x_mm"] <= x <= c["x_mm"] + c["w_mm"] and c["y_mm"] <= y <= c["y_mm"] + c["h_mm"]]
            out[c["label"].split(":")[-1]] = inside
    return out


def test_every_card_shows_type_cost_gives_kills_killed_by_and_note(items_pdf):
    cards = _card_texts(items_pdf, manifest(items_pdf))
    for item in TABLE.items:
        text = re.sub(r"\s+", " ", " ".join(t for t, *_ in cards[item.id]))
        assert item.name in text and item.type.text() in text
        assert ("COST (AMMO) " in text or "COST (AMMO)" in text) and "GIVES" in text
        assert (str(item.price) if item.choosable else "—") in text
        for cell in (item.kills, item.killed_by):
            for word in (", ".join(r.text() for r in cell) or "nothing").replace(",", " ").split():
                assert word in text, (item.name, word)
        assert item.note.split()[0] in text and item.note.split()[-1] in text


def _text_sizes_pt(pdf: bytes, page: int) -> list[tuple[str, float]]:
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), size * cm[0]))   # size is in user units; cm scales to pt

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def test_card_texts_are_readable_at_print_size(items_pdf):
    m = manifest(items_pdf)
    notes = " ".join(i.note for i in TABLE.items)
    cells = " ".join(r.text() for i in TABLE.items for r in i.kills + i.killed_by)
    seen = 0
    for index, page in enumerate(m["pages"]):
        if page["side"] != "front":
            continue
        for text, size in _text_sizes_pt(items_pdf, index):
            if text.startswith("[yeah:"):
                continue                                   # the cutting label, not for players
            if text in notes or text.rstrip(",") in cells:
                assert size >= 7.5, (text, size)           # notes and cells: body text
                seen += 1
            else:
                assert size >= 5, (text, size)             # captions (COST, KILLS, ...)
    assert seen > 2 * len(TABLE.items)


# The rules texts sit in shared/seeds/ beside the repository checkout.
RULES_TEXT = str(Path(__file__).resolve().parents[2] / "shared" / "seeds" / "yicyacyoe-rules.txt")
MISSING_TEXT = "the rules text (../shared/seeds/yicyacyoe-rules.txt beside the checkout) is not there"


def _words(text: str) -> list[str]:
    """Lower-case words, with each item name folded into one token (names may be shared)."""
    text = text.lower()
    names = {n for i in TABLE.items for n in (i.name.lower(), re.sub(r"\s*\(.*\)", "", i.name.lower()))}
    for name in sorted(names | {"activated orange juice", "unactivated orange juice", "firework blast"},
                       key=len, reverse=True):
        text = text.replace(name, " § ")
    return re.findall(r"[a-z0-9'§]+", text)


@pytest.mark.skipif(not os.path.exists(RULES_TEXT), reason=MISSING_TEXT)
def test_card_notes_are_in_our_own_words():
    with open(RULES_TEXT, encoding="utf-8") as handle:
        rules = _words(handle.read())
    runs = {tuple(rules[i:i + 4]) for i in range(len(rules) - 3)}
    for item in TABLE.items:
        words = _words(item.note)
        copied = [" ".join(words[i:i + 4]) for i in range(len(words) - 3) if tuple(words[i:i + 4]) in runs]
        assert copied == [], (item.name, copied)


def test_card_layout_name_on_top_note_above_the_label(items_pdf):
    cards = _card_texts(items_pdf, manifest(items_pdf))
    for item in TABLE.items:
        entries = cards[item.id]
        c = entries[0][3]
        y0, h = c["y_mm"], c["h_mm"]
        title = [y for t, x, y, _ in entries if t == item.name]
        assert title and title[0] > y0 + h - HEADER           # the name sits in the band
        for t, x, y, _ in entries:
            if not t.startswith("[yeah:"):
                assert y > y0 + 7.5, (item.name, t)            # nothing spills onto the label line
                assert c["x_mm"] + 2.5 < x < c["x_mm"] + c["w_mm"] - 2.5


def test_card_frame_and_band_positions_on_the_rendered_page(items_pdf):
    m = manifest(items_pdf)
    image = render_page(items_pdf, 0, DPI)
    page_h = m["paper"]["height_mm"]
    for c in m["pages"][0]["components"][:3]:
        x0, y0, w, h = c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"]
        xs = [x for x in dark_xs(image, y0 + 6.5, page_h, DPI) if x0 < x < x0 + w]
        assert xs == pytest.approx([x0 + FRAME, x0 + w - FRAME], abs=TOL)   # the frame's sides
        foot = [y for y in dark_ys(image, x0 + w / 2, page_h, DPI) if y0 - 1 < y < y0 + FRAME + 0.4]
        assert foot == pytest.approx([y0 + FRAME], abs=TOL)                   # the frame's foot
        band = [y for y in dark_ys(image, x0 + 1.5, page_h, DPI) if y0 + 10 < y < y0 + h]
        # the name band, run on into the bleed above the trim
        assert band == pytest.approx([y0 + h - HEADER / 2 + m["bleed_mm"] / 2], abs=TOL)


def test_crop_marks_line_up_with_the_trims_on_the_rendered_page(items_pdf):
    m = manifest(items_pdf)
    image = render_page(items_pdf, 0, DPI)
    settings = SheetSettings(paper=paper("a4"))
    grid = fit_grid(settings, 63.5, 88.9)
    page_h = m["paper"]["height_mm"]
    top = grid.trim_ys()[0]
    marks = list(dark_xs(image, top + 3.5, page_h, DPI))
    assert marks == pytest.approx(grid.trim_xs(), abs=TOL)
    lefts = sorted({c["x_mm"] for c in m["pages"][0]["components"]})
    step = 2 if m["bleed_mm"] else 1                                      # with a bleed, no shared cuts
    assert lefts == pytest.approx(grid.trim_xs()[:-1:step], abs=TOL)      # cards sit on the trims


def test_backs_are_uniform_and_behind_every_card(items_pdf):
    reader = PdfReader(io.BytesIO(items_pdf))
    m = manifest(items_pdf)
    for index, page in enumerate(m["pages"]):
        if page["side"] == "back":
            text = reader.pages[index].extract_text()
            front = m["pages"][index - 1]
            lines = [line.strip() for line in text.splitlines()]
            assert lines.count("yEAh") == lines.count("ITEMS") == len(front["components"])
            assert lines.count(TABLE.name) == len(front["components"])


def test_letter_paper_also_holds_nine_cards(run, tmp_path):
    out = tmp_path / "l.pdf"
    assert run("yeah-items", "--paper", "letter", "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["paper"]["name"] == "letter" and len(m["pages"][0]["components"]) == 9
    assert run("check", str(out)).exit_code == 0


def test_same_command_gives_identical_bytes(run, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("yeah-items", "--out", str(a))
    run("yeah-items", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_check_catches_a_set_that_lacks_an_item(run, tmp_path):
    short = ItemTable(TABLE.name, TABLE.items[:-1], TABLE.starting_ammo)
    f = tmp_path / "short.pdf"
    f.write_bytes(render(build(SheetSettings(paper=paper("a4")), YeahOptions(short, published=True)), VERSION))
    result = run("check", str(f))
    assert result.exit_code == 1 and "published table" in result.output and "skip" in result.output


def test_check_catches_a_card_printed_twice(run, tmp_path):
    doubled = ItemTable("doubled", TABLE.items + TABLE.items[:1], 0)
    f = tmp_path / "double.pdf"
    doc = build(SheetSettings(paper=paper("a4")), YeahOptions(doubled, published=False))
    doc.options["items"] = [i.id for i in TABLE.items]
    f.write_bytes(render(doc, VERSION))
    result = run("check", str(f))
    assert result.exit_code == 1 and "reload: 2 cards printed" in result.output


def test_custom_items_file_prints_and_checks(run, tmp_path):
    items = tmp_path / "mine.toml"
    items.write_text('[table]\nname = "House rules"\n[[item]]\nname = "Poke"\ncategory = "weapon"\n'
                     'cost = 0\nkills = [{ item = "Wait" }]\nnote = "' + "Very long note. " * 15 + '"\n'
                     '[[item]]\nname = "Wait"\ncategory = "charge"\ncost = 0\n'
                     'killed_by = [{ item = "Poke" }]\nfallback = true\n')
    out = tmp_path / "mine.pdf"
    assert run("yeah-items", "--items", str(items), "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["total_components"] == 2 and m["options"]["published"] is False
    assert run("check", str(out)).exit_code == 0
    cards = _card_texts(out.read_bytes(), m)
    c = cards["poke"][0][3]
    assert all(y > c["y_mm"] + 7.5 for t, x, y, _ in cards["poke"] if not t.startswith("[yeah:"))


def test_broken_items_file_writes_nothing(run, tmp_path):
    items = tmp_path / "bad.toml"
    items.write_text('[[item]]\nname = "Poke"\ncategory = "laser"\ncost = 0\n')
    out = tmp_path / "x.pdf"
    result = run("yeah-items", "--items", str(items), "--out", str(out))
    assert_clean_failure(result, 2)
    assert "bad.toml: item[0].category" in result.output and not out.exists()


def test_yeah_cards_are_part_of_print_all():
    from icp_print.validators.registry import all_outputs
    assert ("yeah", "yeah-items.pdf") in [(o.name, o.filename) for _, o in all_outputs()]


forged_components = st.lists(st.dictionaries(
    st.sampled_from(["label", "kind", "count", "data"]),
    st.none() | st.integers(-2, 3) | st.text(max_size=5) | st.just("item")
    | st.dictionaries(st.just("item"), st.none() | st.text(max_size=6) | st.just("gun"), max_size=1),
    max_size=4), max_size=3)
forged_options = st.dictionaries(st.sampled_from(["items", "published", "table"]),
                                 st.none() | st.booleans() | st.integers(-1, 3)
                                 | st.lists(st.sampled_from(["gun", "skip", "x"]), max_size=3),
                                 max_size=3)


@given(forged_components, forged_options)
def test_forged_yeah_manifests_never_cause_a_traceback(tmp_path_factory, components, options):
    from pypdf import PdfWriter
    from click.testing import CliRunner
    from icp_print.cli.main import main
    writer = PdfWriter()
    writer.add_blank_page(595, 842)
    writer.add_attachment(MANIFEST_NAME, json.dumps({
        "format": "icp-print-manifest/1", "game": "yeah", "pages": [{"components": [], "side": "front"}],
        "paper": {"name": "a4", "width_mm": 210, "height_mm": 297}, "components": components,
        "options": options}).encode())
    f = tmp_path_factory.mktemp("forged") / "x.pdf"
    with open(f, "wb") as handle:
        writer.write(handle)
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
