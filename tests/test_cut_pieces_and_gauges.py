"""Print-and-cut and gutterfold for the sets that used to fill a whole sheet: the Accellerator
pieces inside a cutting machine's area (electrons cut round, the board left whole), the
aid cards folded behind their fronts, and the YCP gauge sheets wherever a cube still fits
their spaces.  Measured on rendered pages and on the manifest; the cut files themselves
are read back in test_cut_files.py."""
from __future__ import annotations

import math

import numpy as np
import pytest

from conftest import assert_clean_failure
from pagescan import MM_PER_INCH, manifest, render
from printmarks import marked_lines, page_lines_held

from icp_print.generators.cutter import cut_region, keep_out
from icp_print.generators.sheet import paper
from icp_print.generators.ycp.gauges import CUBE_MM, CUBE_ROOM, smallest_space
from icp_print.validators.accellerator.pieces import PIECES
from icp_print.validators.ycp.model import CARD_H
from icp_print.validators.ycp.postcard_file import load_postcard

PAPERS = ["a4", "letter"]
CUTTERS = ["silhouette", "cricut"]


def _make(run, tmp_path, *args: str) -> tuple[bytes, dict]:
    out = tmp_path / "x.pdf"
    result = run(*args, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert run("check", str(out)).exit_code == 0
    pdf = out.read_bytes()
    return pdf, manifest(pdf)


def _inside_the_machines_area(m: dict, cutter: str) -> None:
    page = paper(m["paper"]["name"])
    rx, ry, rw, rh = cut_region(page, cutter)
    b = m["bleed_mm"]
    for entry in m["pages"]:
        for c in entry["components"]:
            if not c.get("cut", True) or entry["side"] != "front":
                continue
            box = (c["x_mm"] - b, c["y_mm"] - b, c["x_mm"] + c["w_mm"] + b, c["y_mm"] + c["h_mm"] + b)
            assert rx - 1e-3 <= box[0] and box[2] <= rx + rw + 1e-3, c["label"]
            assert ry - 1e-3 <= box[1] and box[3] <= ry + rh + 1e-3, c["label"]
            for zx, zy, zw, zh in keep_out(page, cutter):
                t = 1e-3    # mm: the manifest's rounding
                assert box[2] <= zx + t or zx + zw <= box[0] + t or box[3] <= zy + t or zy + zh <= box[1] + t, \
                    c["label"]


# ------------------------------------------------------------------ Accellerator, cut by machine
@pytest.mark.parametrize("cutter", CUTTERS)
@pytest.mark.parametrize("paper_name", PAPERS)
def test_accellerator_pieces_lie_inside_the_machines_area_with_every_line_marked(run, tmp_path, paper_name,
                                                                                 cutter):
    pdf, m = _make(run, tmp_path, "accellerator", "--paper", paper_name, "--cutter", cutter)
    _inside_the_machines_area(m, cutter)
    held, total = marked_lines(pdf)
    assert total and held == total, f"{held}/{total} trim lines marked"
    placed = [c for p in m["pages"] if p["side"] == "front" for c in p["components"] if c["kind"] != "board"]
    assert len(placed) == sum(s.count for s in PIECES)
    board = next(c for p in m["pages"] for c in p["components"] if c["kind"] == "board")
    assert board["cut"] is False        # a whole-page board: printed, not cut out
    assert not (tmp_path / "x-sheet-01.svg").exists() and (tmp_path / "x-sheet-02.svg").exists()


@pytest.mark.parametrize("paper_name", PAPERS)
def test_electrons_are_cut_round_by_the_machine_and_square_by_hand(run, tmp_path, paper_name):
    dpi = 600
    # With no bleed each piece's outline is printed (a line on the trim), here the cut circle.
    pdf, m = _make(run, tmp_path, "accellerator", "--paper", paper_name, "--cutter", "silhouette", "--bleed", "0")
    entry, electron = next((p, c) for p in m["pages"] for c in p["components"] if c["kind"] == "electron")
    assert electron["shape"] == "circle"
    image = np.asarray(render(pdf, entry["page"] - 1, dpi))
    px, height = dpi / MM_PER_INCH, m["paper"]["height_mm"]
    r = electron["w_mm"] / 2
    cx, cy = electron["x_mm"] + r, electron["y_mm"] + r

    def grey(x: float, y: float) -> int:
        return int(image[round((height - y) * px), round(x * px)])

    for k in range(24):       # the printed rim is the cut circle
        a = 2 * math.pi * (k + 0.5) / 24
        rim = [grey(cx + d * math.cos(a), cy + d * math.sin(a)) for d in (r - 0.1, r, r + 0.1)]
        assert min(rim) < 128, k
    assert grey(electron["x_mm"] + 0.4, electron["y_mm"] + 0.4) > 200      # no square corner
    _, plain = _make(run, tmp_path, "accellerator", "--paper", paper_name)
    chit = next(c for p in plain["pages"] for c in p["components"] if c["kind"] == "electron")
    assert "shape" not in chit


# ------------------------------------------------------------------ Accellerator, gutterfold
@pytest.mark.parametrize("paper_name", PAPERS)
def test_accellerator_aid_cards_fold_behind_their_fronts(run, tmp_path, paper_name):
    pdf, m = _make(run, tmp_path, "accellerator", "--paper", paper_name, "--layout", "gutterfold")
    assert m["layout"] == "gutterfold" and all(p["side"] == "front" for p in m["pages"])
    folded = [p for p in m["pages"] if p.get("fold_mm")]
    assert len(folded) == 1
    x1, y1, x2, y2 = folded[0]["fold_mm"]
    fronts = [c for c in folded[0]["components"] if c.get("side", "front") == "front"]
    backs = [c for c in folded[0]["components"] if c.get("side") == "back"]
    assert [c["kind"] for c in fronts] == ["aid", "aid"] and len(backs) == 2
    for front, back in zip(fronts, backs):     # each back is its front's mirror image in the fold
        if y1 == y2:
            assert back["y_mm"] == pytest.approx(2 * y1 - front["y_mm"] - front["h_mm"], abs=1e-3)
            assert back["x_mm"] == pytest.approx(front["x_mm"], abs=1e-3)
        else:
            assert back["x_mm"] == pytest.approx(2 * x1 - front["x_mm"] - front["w_mm"], abs=1e-3)
    held, total = marked_lines(pdf)
    assert total and held == total, f"{held}/{total} trim lines marked"
    others = [c for p in m["pages"] if not p.get("fold_mm") for c in p["components"]]
    assert sum(c["kind"] != "board" for c in others) + len(fronts) == sum(s.count for s in PIECES)


# ------------------------------------------------------------------ YCP gauge sheets
@pytest.mark.parametrize("option,games", [
    (("--cutter", "silhouette"), ("lucha-libre", "protocol-g117")),
    (("--cutter", "cricut"), ("mad-maxence", "toroball")),
    (("--layout", "gutterfold"), ("protocol-g117",)),
])
@pytest.mark.parametrize("paper_name", PAPERS)
def test_gauge_sheets_shrink_for_a_machine_or_a_fold_only_while_a_cube_fits(run, tmp_path, paper_name,
                                                                            option, games):
    pdf, m = _make(run, tmp_path, "ycp", *games, "--gauges", "--paper", paper_name, *option)
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    assert len(fronts) == len(games)
    for entry, game in zip(fronts, games):
        sheet = next(c for c in entry["components"] if c.get("side", "front") == "front")
        scale = sheet["w_mm"] / CARD_H if sheet["w_mm"] < sheet["h_mm"] else sheet["h_mm"] / CARD_H
        assert smallest_space(load_postcard(game)) * scale >= CUBE_MM + CUBE_ROOM
        held, total = page_lines_held(pdf, m, entry)
        assert total and held == total, f"{game}: {held}/{total} trim lines marked"
    if option[0] == "--cutter":
        _inside_the_machines_area(m, option[1])


@pytest.mark.parametrize("option", [("--cutter", "silhouette"), ("--cutter", "cricut"), ("--layout", "gutterfold")])
def test_gauge_sheets_too_small_for_a_cube_are_refused_naming_the_games_that_fit(run, tmp_path, option):
    out = tmp_path / "x.pdf"
    result = run("ycp", "--gauges", *option, "--out", str(out))
    assert_clean_failure(result, 2)
    assert f"{option[0]}:" in result.output and "8 mm cube" in result.output
    assert "protocol-g117" in result.output and not out.exists()


@pytest.mark.parametrize("option,instead", [(("--cutter", "silhouette"), "full size, cut by hand"),
                                            (("--layout", "gutterfold"), "two one-sided pages")])
def test_a_gauge_refusal_names_the_games_too_small_and_what_leaving_the_option_out_prints(
        run, tmp_path, option, instead):
    result = run("ycp", "--gauges", "which-side", "protocol-g117", *option, "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, 2)
    assert "8 mm cube in which-side;" in result.output and instead in result.output


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
def test_the_calibration_sheet_refuses_a_cutter_and_names_the_machines_own_calibration(run, tmp_path, cutter):
    result = run("calibrate", "--cutter", cutter, "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, 2)
    assert "--cutter:" in result.output and "Print & Cut calibration" in result.output
    assert "Print Then Cut" in result.output and not list(tmp_path.iterdir())


# ------------------------------------------------------------------ dice: coins to order
def test_dice_export_writes_the_coins_and_not_the_nets(run, tmp_path):
    folder = tmp_path / "cards"
    out = tmp_path / "dice.pdf"
    result = run("dice", "--dice", "2", "--coins", "3", "--export-cards", str(folder), "--dpi", "300",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = (folder / "cards.csv").read_text().splitlines()
    assert rows[1:] == ["001-dice-coin-front.png,001-dice-coin-front.pdf,dice:coin,front,3,25,25,3.175,300",
                        "001-dice-coin-back.png,001-dice-coin-back.pdf,dice:coin,back,3,25,25,3.175,300"]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [f"001-dice-coin-{side}.{kind}" for side in ("front", "back") for kind in ("png", "pdf")] + ["cards.csv"])


def test_dice_export_with_no_coins_is_refused(run, tmp_path):
    result = run("dice", "--coins", "0", "--export-cards", str(tmp_path / "cards"), "--out", str(tmp_path / "d.pdf"))
    assert_clean_failure(result, 2)
    assert "--export-cards:" in result.output and "net" in result.output
    assert not list(tmp_path.iterdir())
