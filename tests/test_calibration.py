"""The calibration sheet measures what it says: read back from rendered pages, in mm."""
from __future__ import annotations

import pytest

from icp_print.generators.calibration import build
from icp_print.generators.pdf import render as render_pdf
from icp_print.generators.sheet import SheetSettings
from icp_print.validators.calibration.model import PARTS, SHEET, Grid, _section, border_steps, target_centres
from icp_print.validators.errors import InputError
from icp_print.validators.formats import paper
from pagescan import dark_xs, dark_ys, manifest, render

DPI = 600
TOLERANCE = 0.1   # mm


def _sheet(name: str, backs: str = "long-edge") -> tuple[bytes, float, float]:
    settings = SheetSettings(paper=paper(name), backs=backs)
    pdf = render_pdf(build(settings), "test")
    return pdf, settings.paper.width, settings.paper.height


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request):
    pdf, w, h = _sheet(request.param)
    return pdf, w, h, render(pdf, 0, DPI), render(pdf, 1, DPI)


def _within(values: list[float], lo: float, hi: float) -> list[float]:
    return [v for v in values if lo <= v <= hi]


def test_metric_ruler_is_100_mm(printed):
    _, w, h, front, _ = printed
    ticks = _within(dark_xs(front, h - 50 + 3, h, DPI), 49, 151)   # only the centimetre ticks are this tall
    assert len(ticks) == round(SHEET.rulers.metric_mm / 10) + 1
    assert ticks[-1] - ticks[0] == pytest.approx(SHEET.rulers.metric_mm, abs=TOLERANCE)
    assert all(b - a == pytest.approx(10, abs=TOLERANCE) for a, b in zip(ticks, ticks[1:]))


def test_imperial_ruler_is_4_inches(printed):
    _, w, h, front, _ = printed
    ticks = _within(dark_xs(front, h - 72 + 3, h, DPI), 49, 155)   # only the inch ticks are this tall
    assert len(ticks) == SHEET.rulers.imperial_in + 1
    assert ticks[-1] - ticks[0] == pytest.approx(SHEET.rulers.imperial_in * 25.4, abs=TOLERANCE)


def test_grid_squares_are_1_cm(printed):
    _, w, h, front, _ = printed
    grid = SHEET.grid
    left, bottom = (w - grid.columns * grid.square_mm) / 2, h - 150
    lines = _within(dark_xs(front, bottom + grid.square_mm * 3.5, h, DPI), left - 1,
                    left + grid.columns * grid.square_mm + 1)
    assert len(lines) == grid.columns + 1
    assert all(b - a == pytest.approx(grid.square_mm, abs=TOLERANCE) for a, b in zip(lines, lines[1:]))
    rows = _within(dark_ys(front, left + grid.square_mm * 0.5, h, DPI), bottom - 1,
                   bottom + grid.rows * grid.square_mm + 1)
    assert len(rows) == grid.rows + 1


def test_border_gauge_lines_stand_at_their_distances_from_the_edge(printed):
    """The first line that prints tells the printer's border: each must be where its
    number says (the line on the edge itself is half cut off by the paper)."""
    _, w, h, front, _ = printed
    wanted = [d for d in border_steps() if d > 0]
    bottom = _within(dark_ys(front, w / 4, h, DPI), 0.25, wanted[-1] + 0.25)
    assert bottom == pytest.approx(wanted, abs=TOLERANCE)
    left = _within(dark_xs(front, h / 2 + 25, h, DPI), 0.25, wanted[-1] + 0.25)
    assert left == pytest.approx(wanted, abs=TOLERANCE)
    top = _within(dark_ys(front, w / 4, h, DPI), h - wanted[-1] - 0.25, h - 0.25)
    assert sorted(h - y for y in top) == pytest.approx(wanted, abs=TOLERANCE)


def test_back_scales_sit_behind_the_front_crosses(printed):
    """Duplex drift is read where a cross shows through its scale, so with a perfect
    printer each scale's zero is exactly behind its cross (long-edge flip: x -> width - x)."""
    _, w, h, front, back = printed
    for x, y in target_centres(w, h):
        cross_x = _within(dark_xs(front, y + 4.5, h, DPI), x - 1, x + 1)
        cross_y = _within(dark_ys(front, x + 4.5, h, DPI), y - 1, y + 1)
        bx = w - x
        zero_x = _within(dark_xs(back, y + 2.25, h, DPI), bx - 1.5, bx + 1.5)
        zero_y = _within(dark_ys(back, bx + 2.25, h, DPI), y - 1.5, y + 1.5)
        assert len(cross_x) == len(cross_y) == len(zero_x) == len(zero_y) == 1
        assert w - cross_x[0] == pytest.approx(zero_x[0], abs=TOLERANCE)
        assert cross_y[0] == pytest.approx(zero_y[0], abs=TOLERANCE)


def test_manifest_counts_every_part_the_model_names():
    pdf, _, _ = _sheet("a4")
    counted: dict[str, int] = {}
    for component in manifest(pdf)["components"]:
        counted[component["kind"]] = counted.get(component["kind"], 0) + int(component["count"])
    assert counted == PARTS


def test_sheet_data_errors_name_the_field():
    with pytest.raises(InputError, match=r"grid\.columns: must be an integer"):
        _section({"grid": {"columns": "ten", "rows": 6, "square_mm": 10.0}}, "grid", Grid)
    with pytest.raises(InputError, match=r"grid\.square_mm: must be at least 0\.1"):
        _section({"grid": {"columns": 10, "rows": 6, "square_mm": 0.0}}, "grid", Grid)
