"""Printing Accellerator: the user's command, the check round trip, and where things
land on the rendered pages (within 0.2 mm)."""
from __future__ import annotations

import io

import pypdfium2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader


from conftest import assert_clean_failure
from pagescan import dark_xs, dark_ys, render, manifest, user_example

DPI = 200
TOL = 0.2
A4_W, A4_H = 210.0, 297.0
CELL = 15.0
# A4, 5 mm margins, 9 mm caption: the ring round the grid starts 283 mm up, centred across.
RING_LEFT, RING_TOP = (A4_W - 13 * CELL) / 2, A4_H - 5 - 9
GRID_LEFT, GRID_TOP = RING_LEFT + CELL, RING_TOP - CELL


@pytest.fixture(scope="module")
def set_pdf(tmp_path_factory):
    return user_example(tmp_path_factory.mktemp("acc"), "accellerator", "--out", "board.pdf")  # the user's example


@pytest.fixture(scope="module")
def board_page(set_pdf):
    return render(set_pdf, 0, DPI)


def rgb(pdf: bytes, index: int, x_mm: float, y_mm: float, page_h: float = A4_H):
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return image.getpixel((round(x_mm * DPI / 25.4), round((page_h - y_mm) * DPI / 25.4)))


def on_board(ys: list[float]) -> list[float]:
    """Leave out the title above the board and the worked example under it."""
    return [y for y in ys if RING_TOP - 13 * CELL < y < RING_TOP]


def near(found: list[float], wanted: list[float]) -> bool:
    return len(found) == len(wanted) and all(abs(f - w) <= TOL for f, w in zip(found, wanted))


def test_set_holds_every_piece_the_rules_list(set_pdf):
    counts = {c["label"]: c["count"] for c in manifest(set_pdf)["components"]}
    assert counts == {
        "accellerator:board": 1, "accellerator:aid": 2, "accellerator:deflector": 10,
        "accellerator:electron": 18,
        **{f"accellerator:pawn:{p}": 1 for p in ("alpha", "beta", "delta", "gamma")},
        **{f"accellerator:energy:{p}": 6 for p in ("alpha", "beta", "delta", "gamma")}}
    assert len(manifest(set_pdf)["pages"]) == 4        # board and pieces, each with a back


def test_check_round_trip(set_pdf, run, tmp_path):
    f = tmp_path / "board.pdf"
    f.write_bytes(set_pdf)
    result = run("check", str(f))
    assert result.exit_code == 0, result.output
    assert "components printed: 59" in result.output
    assert "electron count: 18 printed" in result.output and "board: one board on one page" in result.output


def test_grid_lines_are_true_size(board_page):
    row_3_bottom = GRID_TOP - 3 * CELL
    xs = dark_xs(board_page, row_3_bottom + 1.5, A4_H, DPI)
    assert near(xs, [GRID_LEFT + i * CELL for i in range(12)]), xs
    ys = on_board(dark_ys(board_page, GRID_LEFT + CELL + 1.5, A4_H, DPI))     # down column B
    assert near(ys, sorted(GRID_TOP - i * CELL for i in range(12))), ys


def test_collector_boxes_sit_beside_the_grid_by_their_homes(board_page):
    # alpha's collector: three spaces wide in the ring above F1, inset 1 mm
    xs = [x for x in dark_xs(board_page, RING_TOP - CELL / 2 + 4, A4_H, DPI)
          if GRID_LEFT < x < GRID_LEFT + 11 * CELL]                 # not the corner compasses
    assert near(xs, [GRID_LEFT + 4 * CELL + 1, GRID_LEFT + 7 * CELL - 1]), xs
    # beta's: three spaces tall in the ring right of K6
    ys = [y for y in dark_ys(board_page, GRID_LEFT + 11 * CELL + 4, A4_H, DPI)
          if GRID_TOP - 11 * CELL < y < GRID_TOP]
    assert near(ys, [GRID_TOP - 7 * CELL + 1, GRID_TOP - 4 * CELL - 1]), ys


def test_reactor_in_the_centre_and_homes_in_their_colours(set_pdf):
    centre = (GRID_LEFT + 5.5 * CELL, GRID_TOP - 5.5 * CELL)
    assert centre[0] == pytest.approx(A4_W / 2)
    r, g, b = rgb(set_pdf, 0, *centre)
    assert r > 200 and b < 80                           # the orange core
    def corner(col, row):
        return (GRID_LEFT + col * CELL + CELL - 2, GRID_TOP - row * CELL - CELL + 2)
    assert rgb(set_pdf, 0, *corner(5, 0)) == (255, 205, 210)      # alpha F1
    assert rgb(set_pdf, 0, *corner(10, 5)) == (187, 222, 251)     # beta K6
    assert rgb(set_pdf, 0, *corner(3, 3)) == (255, 255, 255)      # a plain space


def test_board_has_a_compass_in_each_corner_so_facings_are_clear(set_pdf):
    # N is the top of the board: the engine's facings and the aid's deflector table use it
    for left in (RING_LEFT, RING_LEFT + 12 * CELL):
        for top in (RING_TOP, RING_TOP - 12 * CELL):
            assert max(rgb(set_pdf, 0, left + CELL / 2, top - 11.0)) < 160     # the N-S bar
            assert min(rgb(set_pdf, 0, left + CELL / 2 + 3.0, top - 14.0)) > 240  # beside it: blank


def test_board_is_labelled_with_players_and_reactor(set_pdf):
    text = PdfReader(io.BytesIO(set_pdf)).pages[0].extract_text()
    for word in ("alpha collector", "beta collector", "delta collector", "gamma collector",
                 "REACTOR", "[accellerator:board]"):
        assert word in text


def test_chits_on_the_pieces_page_where_the_manifest_says(set_pdf):
    m = manifest(set_pdf)
    electrons = [c for c in m["pages"][2]["components"] if c["kind"] == "electron"]
    first_row = [c for c in electrons if abs(c["y_mm"] - electrons[0]["y_mm"]) < 0.01]
    assert len(first_row) == 14 and all(c["w_mm"] == 14 for c in first_row)
    image = render(set_pdf, 2, DPI)
    xs = dark_xs(image, first_row[0]["y_mm"] + 2.3, A4_H, DPI)
    wanted = [c["x_mm"] for c in first_row] + [first_row[-1]["x_mm"] + 14]
    assert near(xs, wanted), xs


def test_pawns_are_tents_with_a_facing_arrow_and_the_aid_has_the_turn(set_pdf):
    m = manifest(set_pdf)
    pawns = [c for c in m["pages"][2]["components"] if c["kind"] == "pawn"]
    assert [c["label"].split(":")[-1] for c in pawns] == ["alpha", "beta", "delta", "gamma"]
    assert all((c["w_mm"], c["h_mm"]) == (13, 69) for c in pawns)
    pawn = pawns[0]
    image = render(set_pdf, 2, DPI)
    # the arrow shaft runs up the middle of both faces: dark along the centre line
    ys = dark_ys(image, pawn["x_mm"] + pawn["w_mm"] / 2, A4_H, DPI)
    assert any(pawn["y_mm"] + 6 < y < pawn["y_mm"] + 56 for y in ys)
    text = PdfReader(io.BytesIO(set_pdf)).pages[2].extract_text()
    assert "Your turn" in text and "Move exactly" in text
    back = PdfReader(io.BytesIO(set_pdf)).pages[3].extract_text()
    assert "On the way" in back and "Swap electrons" in back


def test_board_page_shows_the_rules_example(set_pdf):
    text = " ".join(PdfReader(io.BytesIO(set_pdf)).pages[0].extract_text().split())
    assert "How a move goes" in text and "A stops there facing south" in text


def test_aid_card_back_lies_behind_its_front(set_pdf):
    m = manifest(set_pdf)
    aid = next(c for c in m["pages"][2]["components"] if c["kind"] == "aid")
    image = render(set_pdf, 3, DPI)
    # long-edge duplex mirrors left-right: the back's dark title band is at the mirrored x
    x = A4_W - aid["x_mm"] - aid["w_mm"] / 2
    band_y = aid["y_mm"] + aid["h_mm"] - 3
    assert image.getpixel((round(x * DPI / 25.4), round((A4_H - band_y) * DPI / 25.4))) < 100


def test_big_board_prints_in_parts_with_matching_overlap_marks(run, tmp_path):
    out = tmp_path / "big.pdf"
    assert run("accellerator", "--cell", "20", "--out", str(out)).exit_code == 0
    pdf = out.read_bytes()
    m = manifest(pdf)
    tiles = [c for p in m["pages"] for c in p["components"] if c["kind"] == "board-tile"]
    assert len(tiles) == 2 and m["options"]["tiles"] == 2
    assert run("check", str(out)).exit_code == 0
    # side 13 x 20 = 260 mm; part 1 shows board mm 0..200, part 2 188..260 (a 12 mm overlap)
    top = A4_H - 5 - 9
    cross_y = top - 260 * 0.5 / 6 - 2.5                 # on the first cross's upright bar
    part1 = dark_xs(render(pdf, 0, DPI), cross_y, A4_H, DPI)
    part2 = dark_xs(render(pdf, 2, DPI), cross_y, A4_H, DPI)
    left1, left2 = (A4_W - 200) / 2, (A4_W - 72) / 2
    assert any(abs(x - (left1 + 194)) <= TOL for x in part1), part1
    assert any(abs(x - (left2 + 6)) <= TOL for x in part2), part2
    # grid lines every 20 mm of board: 180 on part 1, 200 (the overlap's far edge) on part 2
    assert any(abs(x - (left1 + 180)) <= TOL for x in part1)
    assert any(abs(x - (left2 + 200 - 188)) <= TOL for x in part2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_both_papers_and_no_backs(run, tmp_path, paper):
    out = tmp_path / f"{paper}.pdf"
    assert run("accellerator", "--paper", paper, "--backs", "none", "--out", str(out)).exit_code == 0
    m = manifest(out.read_bytes())
    assert m["paper"]["name"] == paper and len(m["pages"]) == 2
    assert run("check", str(out)).exit_code == 0


def test_same_command_gives_identical_bytes(run, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run("accellerator", "--out", str(a))
    run("accellerator", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_bad_options_fail_cleanly_and_write_nothing(run, tmp_path):
    out = tmp_path / "x.pdf"
    for args in (["--cell", "3"], ["--margin", "60"], ["--cell", "abc"]):
        result = run("accellerator", "--out", str(out), *args)
        assert_clean_failure(result, 2)
        assert not out.exists()


def test_check_catches_a_missing_chit(set_pdf, run, tmp_path):
    data = manifest(set_pdf)
    from icp_print.validators.accellerator.checks import check_components
    components = [dict(c, count=c["count"] - 1) if c["label"] == "accellerator:electron" else c
                  for c in data["components"]]
    findings, _ = check_components(components, data["options"])
    bad = [f for f in findings if not f.ok]
    assert len(bad) == 1 and "17 printed" in bad[0].message


def test_check_a_board_file(run, tmp_path):
    from icp_print.templates import path
    result = run("check", str(path("accellerator", "board.toml")))
    assert result.exit_code == 0, result.output
    assert "homes symmetric" in result.output
    text = path("accellerator", "board.toml").read_text().replace("reactor = [5, 5]", "reactor = [4, 5]")
    bad = tmp_path / "board.toml"
    bad.write_text(text)
    result = run("check", str(bad))
    assert result.exit_code == 1 and "FAIL reactor at the centre" in result.output
    bad.write_text(text.replace("size = 11", "size = 'big'"))
    result = run("check", str(bad))
    assert_clean_failure(result, 2)
    assert "board.toml: board.size: must be an integer" in result.output


board_tables = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["board", "homes", "size", "reactor", "adjacency", "cell_mm", "alpha", "beta",
                         "at", "collector", "x", "y", "w", "h", "seating", "2"]), inner, max_size=5),
    max_leaves=20)


@given(board_tables)
def test_board_file_checker_never_crashes_on_garbage(data):
    from icp_print.validators.accellerator.checks import check_toml
    from icp_print.validators.errors import IcpError
    try:
        check_toml(data if isinstance(data, dict) else {"board": data}, "b.toml")
    except IcpError as exc:
        assert exc.source == "b.toml"


def test_aid_card_texts_stay_inside_the_card():
    from reportlab.pdfgen.canvas import Canvas

    from icp_print.generators.accellerator.pieces import aid_back, aid_front
    from icp_print.generators.pen import Pen
    from icp_print.generators.sheet import component_size
    w, h = component_size("poker")
    pen = Pen(Canvas(io.BytesIO()), w, h)
    assert aid_front(pen) > 4.0          # above the [accellerator:aid] label
    assert aid_back(pen) > 2.0


def test_aid_back_lists_the_engines_deflector_turns(set_pdf):
    text = PdfReader(io.BytesIO(set_pdf)).pages[3].extract_text()
    assert "N→E" in text and "N→W" in text and "E→S" in text


def test_board_example_is_drawn_from_the_engines_trace(set_pdf):
    from icp_print.generators.accellerator.example import example, example_notes
    from icp_print.validators.accellerator.example import rules_example
    move = rules_example()
    ex = example()
    assert ex.start == move.start and ex.path == [s.end for s in move.steps]
    assert set(ex.deflectors) == {s.entered for s in move.steps if s.facing_in != s.facing_out}
    text = " ".join(PdfReader(io.BytesIO(set_pdf)).pages[0].extract_text().split())
    assert "Step 2 enters C3, where a '/' deflector turns it from north to east" in text
    assert " ".join(example_notes().split()[:8]) in text


@given(st.floats(10, 40), st.floats(0, 50), st.sampled_from(["a4", "letter"]))
def test_board_parts_cover_the_board_and_fit_the_paper(cell, margin, paper_name):
    from icp_print.generators.accellerator.board import CAPTION, OVERLAP, BoardGeometry, tiling
    from icp_print.generators.sheet import SheetSettings, paper
    from icp_print.validators.accellerator.board_file import standard_board
    settings = SheetSettings(paper=paper(paper_name), margin=margin)
    side = BoardGeometry(standard_board(), cell).side
    t = tiling(settings, side)
    usable_w = settings.paper.width - 2 * margin
    usable_h = settings.paper.height - 2 * margin - CAPTION
    parts = [t.part(c, r) for r in range(t.rows) for c in range(t.cols)]
    assert all(w <= usable_w + 1e-9 and h <= usable_h + 1e-9 for _, _, w, h in parts)
    assert max(x + w for x, _, w, _ in parts) == pytest.approx(side)     # nothing cut off
    assert max(y + h for _, y, _, h in parts) == pytest.approx(side)
    for c in range(1, t.cols):       # neighbours share exactly the overlap strip
        (x0, _, w0, _), (x1, _, _, _) = t.part(c - 1, 0), t.part(c, 0)
        assert x0 + w0 - x1 == pytest.approx(OVERLAP)
    for r in range(1, t.rows):
        (_, y0, _, h0), (_, y1, _, _) = t.part(0, r - 1), t.part(0, r)
        assert y0 + h0 - y1 == pytest.approx(OVERLAP)


def test_each_players_energy_tokens_share_a_row(set_pdf):
    tokens = [c for c in manifest(set_pdf)["pages"][2]["components"] if c["kind"] == "energy"]
    rows = {}
    for c in tokens:
        rows.setdefault(c["label"], set()).add(round(c["y_mm"], 3))
    assert len(rows) == 4 and all(len(ys) == 1 for ys in rows.values())
    assert len({ys.pop() for ys in rows.values()}) == 4


def test_aid_energy_limits_come_from_the_engine(set_pdf):
    from icp_print.validators.accellerator.model import MAX_ENERGY, MIN_ENERGY
    text = " ".join(PdfReader(io.BytesIO(set_pdf)).pages[2].extract_text().split())
    assert f"Energy stays from {MIN_ENERGY} to {MAX_ENERGY}." in text


def test_aid_explains_the_bounce_reading_it_is_printed_for(run, tmp_path):
    out = tmp_path / "re.pdf"
    result = run("accellerator", "--bounce", "re-enter", "--out", str(out))
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    back = " ".join(PdfReader(io.BytesIO(data)).pages[3].extract_text().split())
    assert "missing space" in back and manifest(data)["options"]["bounce"] == "re-enter"
