"""Dice nets and coins: standard pips, glue tabs, counts, and the sheet."""
from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from icp_print.generators.dice import DiceOptions, build, net_size
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.validators.dice.checks import check_components
from icp_print.templates import path as template_path
from icp_print.validators.dice.model import (CELLS, COINS_FOR_MAD_MAXENCE, DATA_FILE, DICE_FOR_LUCHA_LIBRE, NORMALS,
                                             PIPS, TABS, _read, opposite_sums, right_handed)
from icp_print.validators.errors import InputError
from icp_print.validators.pdfcheck import MANIFEST_NAME
from icp_print.validators.schema import load_toml
from icp_print.validators.ycp.postcard_file import load_postcard

from conftest import assert_clean_failure


def test_opposite_faces_sum_to_seven():
    assert opposite_sums() == {7}


def test_pips_are_one_to_six_once_each():
    assert sorted(PIPS.values()) == [1, 2, 3, 4, 5, 6]


def test_standard_western_die_is_right_handed():
    assert right_handed()
    mirrored = dict(PIPS, left=PIPS["right"], right=PIPS["left"])
    assert not right_handed(mirrored) and opposite_sums(mirrored) == {7}


def test_net_is_a_cross_that_folds_to_six_distinct_faces():
    assert len(set(CELLS.values())) == 6 and len(set(NORMALS.values())) == 6


def test_seven_glue_tabs_close_the_cube():
    # A cube has 12 edges; the cross net keeps 5 as folds, so 7 seams need a tab each.
    assert len(TABS) == 12 - 5 == len(set(TABS))


def test_check_rejects_a_die_with_wrong_opposites():
    bad = dict(PIPS, top=3, left=2)
    findings, _ = check_components(
        [{"kind": "d6", "label": "dice:d6", "count": 1, "data": {"faces": bad}}], {"dice": 1, "coins": 0})
    assert any(not f.ok and f.rule == "opposite faces sum to 7" for f in findings)


def test_sheet_holds_nets_and_double_sided_coins(run, tmp_path):
    out = tmp_path / "dice.pdf"
    result = run("dice", "--dice", "4", "--coins", "3", "--out", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    manifest = json.loads(reader.attachments[MANIFEST_NAME][0])
    counts = {c["kind"]: c["count"] for c in manifest["components"]}
    assert counts == {"d6": 4, "coin": 3}
    coin_back = manifest["pages"][1]
    assert "HEADS" in reader.pages[0].extract_text() and "TAILS" in reader.pages[1].extract_text()
    assert coin_back["components"] == []   # backs carry art but no labels
    assert run("check", str(out)).exit_code == 0


def test_coins_share_the_nets_sheet_and_everything_gets_crop_marks():
    from icp_print.generators.marks import trim_marks
    from icp_print.generators.sheet import rects
    doc = build(SheetSettings(paper=paper("a4")), DiceOptions(dice=2, coins=2, face=18))
    front = doc.pages[0]
    assert [p.kind for p in front.placed] == ["d6", "d6", "coin", "coin"] and len(doc.pages) == 2
    marks = trim_marks(doc.settings, rects(front.placed))
    for x, y, w, h in rects(front.placed):   # every trim line of every piece has two marks on it
        for v in (x, x + w):
            assert sum(1 for m in marks if m[0] == m[2] and abs(m[0] - v) < 1e-3) >= 2
        for v in (y, y + h):
            assert sum(1 for m in marks if m[1] == m[3] and abs(m[1] - v) < 1e-3) >= 2


def test_default_dice_and_coins_take_two_sheets_not_three():
    doc = build(SheetSettings(paper=paper("a4")), DiceOptions(dice=10, coins=3, face=18))
    assert [p.side for p in doc.pages] == ["front", "back", "front", "back"]
    assert [p.kind for p in doc.pages[0].placed].count("coin") == 3


def test_nets_fit_three_across_on_a4_and_letter():
    from icp_print.generators.sheet import fit_grid
    for name in ("a4", "letter"):
        assert fit_grid(SheetSettings(paper=paper(name)), *net_size(18)).cols == 3


def test_nothing_to_print_is_an_error(run, tmp_path):
    result = run("dice", "--dice", "0", "--coins", "0", "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, 2)


@pytest.mark.parametrize("args", [["--dice", "-1"], ["--face", "2"], ["--coins", "x"]])
def test_bad_counts_are_refused(run, tmp_path, args):
    result = run("dice", *args, "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, 2)


def test_dice_defaults_are_what_the_ycp_games_list():
    """`icp-print dice` prints by default the dice Lucha Libre lists and the coins Mad Maxence
    lists among their components (templates/dice/dice.toml keeps the numbers)."""
    def counted(game: str, item: str) -> int:
        return sum(c.count for c in load_postcard(game).components if c.item == item)

    assert DICE_FOR_LUCHA_LIBRE == counted("lucha-libre", "die")
    assert COINS_FOR_MAD_MAXENCE == counted("mad-maxence", "coin")


def test_dice_data_errors_name_the_field():
    data = load_toml(str(template_path(*DATA_FILE)))
    data["d6"]["glue"]["tabs"][1] = ["top", "up"]
    with pytest.raises(InputError, match=r"d6\.glue\.tabs\[1\]\.\[1\]: unknown value 'up'"):
        _read(data)
    data = load_toml(str(template_path(*DATA_FILE)))
    del data["d6"]["pips"]["back"]
    with pytest.raises(InputError, match=r"d6\.pips: must name each face once"):
        _read(data)
