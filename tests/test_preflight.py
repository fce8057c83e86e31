"""The print preflight of `icp-print check`: every PDF `icp-print all` makes passes it on
A4 and Letter, with and without --ink-saver, and a PDF broken against each of its rules
fails `check` with exit 1, naming the page and the component."""
from __future__ import annotations

from functools import cache

import pytest

from icp_print.cli.common import default_builder
from icp_print.generators.dice import DiceOptions, build as dice_sheet, net_outline
from icp_print.generators.pdf import render
from icp_print.generators.pen import Pen
from icp_print.generators.sheet import Document, SheetSettings, paper
from icp_print.validators.dice.model import FACE_MM
from icp_print.validators.manifest import Manifest
from icp_print.validators.preflight import RULES, owner, page_areas, preflight
from icp_print.validators.registry import all_outputs

from pagescan import manifest

OUTPUTS = {output.name: (game, output) for game, output in all_outputs()}


@cache
def made(name: str, paper_name: str, ink_saver: bool) -> tuple[bytes, Manifest]:
    """One of `icp-print all`'s PDFs with default settings (made once a session)."""
    game, output = OUTPUTS[name]
    pdf = render(default_builder(game, output)(SheetSettings(paper=paper(paper_name), ink_saver=ink_saver)),
                 "test")
    return pdf, Manifest.from_json(manifest(pdf))


@pytest.mark.parametrize("ink_saver", [False, True], ids=["defaults", "ink-saver"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_every_pdf_icp_print_all_makes_passes_the_preflight(name, paper_name, ink_saver):
    pdf, m = made(name, paper_name, ink_saver)
    findings = preflight(pdf, m, prints_in_border=name == "calibration")
    assert [f.line() for f in findings if not f.ok] == []
    assert {f.rule for f in findings} == set(RULES)


# --- one broken PDF per rule ---------------------------------------------------------------

def broken(tmp_path, spoil, *, bleed: float = 2.0, free=None, kind: str = "d6"):
    """The dice sheet with the first net's (or coin's) drawing spoiled by ``spoil(pen)`` (and
    ``free`` drawn over the whole first page); the file and the label of the spoiled piece."""
    doc: Document = dice_sheet(SheetSettings(paper=paper("a4"), bleed=bleed), DiceOptions(dice=2, coins=1))
    page = doc.pages[0]
    first = next(n for n, placed in enumerate(page.placed) if placed.kind == kind)
    x, y, w, h, draw, clip = page.steps[first]

    def spoiled(pen: Pen) -> None:
        draw(pen)
        spoil(pen)

    page.steps[first] = (x, y, w, h, spoiled, clip)
    if free is not None:
        page.steps.append((0, 0, doc.settings.paper.width, doc.settings.paper.height, free, False))
    target = tmp_path / "broken.pdf"
    target.write_bytes(render(doc, "test"))
    return target, page.placed[first].label


def check_fails(run, target, rule: str) -> str:
    """The lines of `check`'s report that fail ``rule`` (there must be some, and exit 1)."""
    result = run("check", str(target))
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.startswith(f"  FAIL {rule}:")]
    assert lines, result.output
    return "\n".join(lines)


def _blank(pen: Pen) -> None:
    """A white patch in the middle of the net's top face, to write on."""
    pen.rect(pen.w / 2 - 9, pen.h - 20, 18, 14, fill="#ffffff")


def test_text_size_rule_fails_text_below_6_pt(run, tmp_path):
    def spoil(pen: Pen) -> None:
        _blank(pen)
        pen.text(pen.w / 2, pen.h - 14, "tiny", size=5.0, anchor="centre")
    target, label = broken(tmp_path, spoil)
    line = check_fails(run, target, "text size")
    assert "page 1" in line and label in line and "'tiny' is 5.0 pt" in line


def test_text_overlap_rule_fails_glyphs_that_cross(run, tmp_path):
    def spoil(pen: Pen) -> None:
        _blank(pen)
        pen.text(pen.w / 2 - 6, pen.h - 14, "ONE", size=8)
        pen.text(pen.w / 2 - 4, pen.h - 14.5, "TWO", size=8)
    target, label = broken(tmp_path, spoil)
    line = check_fails(run, target, "text overlap")
    assert "page 1" in line and label in line and "'ONE' and 'TWO' cross" in line


def test_text_contrast_rule_fails_pale_text_on_white(run, tmp_path):
    def spoil(pen: Pen) -> None:
        _blank(pen)
        pen.text(pen.w / 2, pen.h - 14, "faint", size=8, colour="#c0c0c0", anchor="centre")
    target, label = broken(tmp_path, spoil)
    line = check_fails(run, target, "text contrast")
    assert "page 1" in line and label in line and "'faint' contrasts 1.8:1" in line


def test_bleed_rule_fails_art_cut_off_at_the_trim(run, tmp_path):
    def spoil(pen: Pen) -> None:
        pen.polygon(net_outline(FACE_MM), fill="#000000")   # the cross, to its cut line and not past it
    target, label = broken(tmp_path, spoil)
    line = check_fails(run, target, "bleed")
    assert "page 1" in line and label in line and "the bleed is 2 mm" in line
    for side in ("left", "bottom", "right"):
        assert f"{side} trim line and runs only 0." in line


def test_bleed_rule_follows_a_coins_round_outline(run, tmp_path):
    """A disc printed to the coin's circle and not past it fails all round, though it never
    reaches the square trim box around the coin."""
    def spoil(pen: Pen) -> None:
        pen.rect(-pen.bleed, -pen.bleed, pen.w + 2 * pen.bleed, pen.h + 2 * pen.bleed, fill="#ffffff")
        pen.circle(pen.w / 2, pen.h / 2, pen.w / 2, fill="#000000")
    target, label = broken(tmp_path, spoil, kind="coin")
    line = check_fails(run, target, "bleed")
    assert "page 1" in line and label in line and "round trim line and runs only 0." in line


def test_bleed_rule_passes_a_coin_whose_art_runs_past_its_circle(run, tmp_path):
    def spoil(pen: Pen) -> None:
        pen.rect(-pen.bleed, -pen.bleed, pen.w + 2 * pen.bleed, pen.h + 2 * pen.bleed, fill="#ffffff")
        pen.circle(pen.w / 2, pen.h / 2, pen.w / 2 + pen.bleed, fill="#000000")
    target, _ = broken(tmp_path, spoil, kind="coin")
    result = run("check", str(target))
    assert result.exit_code == 0, result.output


def test_bleed_rule_passes_art_carried_into_the_bleed(run, tmp_path):
    def spoil(pen: Pen) -> None:
        pen.rect(-pen.bleed, -pen.bleed, pen.w + 2 * pen.bleed, 6 + pen.bleed, fill="#000000")
    target, _ = broken(tmp_path, spoil)
    result = run("check", str(target))
    assert result.exit_code == 0, result.output
    assert "ok   bleed: art at a trim line runs the 2 mm bleed past it" in result.output


def test_printable_area_rule_fails_a_mark_in_the_printers_border(run, tmp_path):
    def free(pen: Pen) -> None:
        pen.line(20, pen.h - 1, 40, pen.h - 1, width=0.25)      # 1 mm from the top edge
    target, label = broken(tmp_path, lambda pen: None, free=free)
    line = check_fails(run, target, "printable area")
    assert "page 1" in line and label in line and "from the top paper edge, inside the 5 mm border" in line


def test_invisible_text_is_not_printed_text(run, tmp_path):
    def spoil(pen: Pen) -> None:
        _blank(pen)
        pen.text(pen.w / 2, pen.h - 14, "hidden note", size=2.0, colour="#f8f8f8", anchor="centre",
                 visible=False)
    target, _ = broken(tmp_path, spoil)
    result = run("check", str(target))
    assert result.exit_code == 0, result.output


# --- naming the component --------------------------------------------------------------------

@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_a_back_page_names_the_component_behind_the_front(backs):
    doc = dice_sheet(SheetSettings(paper=paper("a4"), backs=backs, back_offset=(0.5, -0.5)),
                     DiceOptions(dice=0, coins=2))
    m = doc.manifest()
    front = page_areas(m, 0)
    back = page_areas(m, 1)
    assert [a.label for a in back] == [a.label for a in front]
    l0, b0, r0, t0 = front[0].box
    width, height = r0 - l0, t0 - b0
    if backs == "long-edge":
        x, y = m.paper.width_mm - r0 + 0.5, b0 - 0.5
    else:
        x, y = l0 + 0.5, m.paper.height_mm - t0 - 0.5
    assert back[0].box == pytest.approx((x, y, x + width, y + height))


def test_text_outside_every_component_belongs_to_the_sheet():
    m = dice_sheet(SheetSettings(paper=paper("a4")), DiceOptions(dice=1, coins=0)).manifest()
    areas = page_areas(m, 0)
    assert owner(areas, (1, 1, 2, 2)) == "the sheet"
    x0, y0, x1, y1 = areas[0].box
    assert owner(areas, (x0 + 1, y0 + 1, x0 + 2, y0 + 2)) == areas[0].label
