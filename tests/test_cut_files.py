"""Print-and-cut: the cut files read back (ezdxf, svgelements) follow every outline the
manifest records within 0.1 mm, cut each shared edge once, and sit where the printed page
puts them; Silhouette's registration marks are measured on the rendered page."""
from __future__ import annotations

import io
import math

import numpy as np
import pytest
from PIL import Image

from conftest import assert_clean_failure
from cutscan import dxf_paths, distances, manifest_outline, samples, svg_paths, twice_cut
from pagescan import MM_PER_INCH, manifest, render

from icp_print.generators.cutter import (ARM, CORNER_ZONE, CRICUT_AREA, SILHOUETTE_INSET, SQUARE,
                                         THICKNESS)
from icp_print.generators.dice import TAB_DEPTH, net_outline

TOLERANCE = 0.1   # mm
PAPERS = ["a4", "letter"]
GAMES = [("ryb",), ("yield",), ("dice",), ("yeah-items",), ("accellerator",),
         ("ycp", "protocol-g117", "--gauges")]


def _cut_sheets(m: dict) -> list[tuple[int, dict, list[dict]]]:
    """(sheet number, front page, its cut components) for every front page with something cut."""
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    w, h = m["paper"]["width_mm"], m["paper"]["height_mm"]
    out = []
    for n, page in enumerate(fronts, start=1):
        cut = [c for c in page["components"] if c.get("cut", True) and not (c["w_mm"] >= w and c["h_mm"] >= h)]
        if cut:
            out.append((n, page, cut))
    return out


def _assert_follows(paths, components, where: str) -> None:
    cut = [s for p in paths for s in p]
    outlines = [s for c in components for s in manifest_outline(c)]
    off = distances(samples(cut), outlines).max()
    assert off <= TOLERANCE, f"{where}: a cut runs {off:.3f} mm off every outline"
    missed = distances(samples(outlines), cut).max()
    assert missed <= TOLERANCE, f"{where}: an outline is {missed:.3f} mm from every cut"
    twice = twice_cut(cut)
    assert twice < TOLERANCE, f"{where}: {twice:.2f} mm cut twice"


def _make(run, tmp_path, *args: str) -> dict:
    out = tmp_path / "x.pdf"
    result = run(*args, "--out", str(out))
    assert result.exit_code == 0, result.output
    return manifest(out.read_bytes())


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g[0])
def test_silhouette_dxf_and_svg_follow_every_outline(run, tmp_path, game, paper_name):
    m = _make(run, tmp_path, *game, "--paper", paper_name, "--cutter", "silhouette")
    page_box = (0.0, 0.0, m["paper"]["width_mm"], m["paper"]["height_mm"])
    sheets = _cut_sheets(m)
    assert sheets
    written = sorted(p.name for p in tmp_path.glob("x-sheet-*"))
    assert written == sorted(f"x-sheet-{n:02d}{s}" for n, _, _ in sheets for s in (".dxf", ".svg"))
    for n, _, components in sheets:
        _assert_follows(dxf_paths(tmp_path / f"x-sheet-{n:02d}.dxf"), components, f"sheet {n} DXF")
        _assert_follows(svg_paths(tmp_path / f"x-sheet-{n:02d}.svg", page_box), components, f"sheet {n} SVG")


@pytest.mark.parametrize("paper_name", PAPERS)
def test_shared_edges_are_cut_once(run, tmp_path, paper_name):
    m = _make(run, tmp_path, "ryb", "--paper", paper_name, "--bleed", "0", "--cutter", "silhouette")
    n, _, components = _cut_sheets(m)[0]
    paths = dxf_paths(tmp_path / f"x-sheet-{n:02d}.dxf")
    _assert_follows(paths, components, "touching cards")
    # 6 cards, 3 x 2 or 2 x 3: 12 card edges shared by two cards become 4 + 3 (or 3 + 4) long cuts
    assert len(components) == 6 and len(paths) == 7


@pytest.mark.parametrize("paper_name", PAPERS)
def test_svg_option_writes_each_sheets_true_outlines(run, tmp_path, paper_name):
    out = tmp_path / "x.pdf"
    result = run("accellerator", "--paper", paper_name, "--out", str(out), "--svg", str(tmp_path / "c.svg"))
    assert result.exit_code == 0
    m = manifest(out.read_bytes())
    page_box = (0.0, 0.0, m["paper"]["width_mm"], m["paper"]["height_mm"])
    sheets = _cut_sheets(m)
    assert sorted(p.name for p in tmp_path.glob("c-sheet-*.svg")) == [f"c-sheet-{n:02d}.svg" for n, _, _ in sheets]
    for n, _, components in sheets:
        _assert_follows(svg_paths(tmp_path / f"c-sheet-{n:02d}.svg", page_box), components, f"sheet {n}")


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("game", [("dice",), ("ryb",), ("accellerator",), ("ycp", "toroball", "--gauges")],
                         ids=lambda g: " ".join(g))
def test_cricut_png_and_svg_cover_the_print_then_cut_area(run, tmp_path, game, paper_name):
    dpi = 100
    m = _make(run, tmp_path, *game, "--paper", paper_name, "--cutter", "cricut", "--dpi", str(dpi))
    w, h = CRICUT_AREA
    area = ((m["paper"]["width_mm"] - w) / 2, (m["paper"]["height_mm"] - h) / 2, w, h)
    bleed = m["bleed_mm"]
    for n, _, components in _cut_sheets(m):
        for c in components:    # every cut component, bleed included, inside the area
            assert area[0] - 1e-6 <= c["x_mm"] - bleed and c["x_mm"] + c["w_mm"] + bleed <= area[0] + w + 1e-6
            assert area[1] - 1e-6 <= c["y_mm"] - bleed and c["y_mm"] + c["h_mm"] + bleed <= area[1] + h + 1e-6
        _assert_follows(svg_paths(tmp_path / f"x-sheet-{n:02d}.svg", area), components, f"sheet {n}")
        image = Image.open(tmp_path / f"x-sheet-{n:02d}.png")
        assert image.size == (round(w / MM_PER_INCH * dpi), round(h / MM_PER_INCH * dpi))
        assert round(image.info["dpi"][0]) == dpi


@pytest.mark.parametrize("paper_name", PAPERS)
def test_cricut_png_is_registered_with_its_svg(run, tmp_path, paper_name):
    """The nets' printed cut line, seen in the PNG, lies on the SVG's outlines."""
    dpi = 300
    m = _make(run, tmp_path, "dice", "--coins", "0", "--paper", paper_name, "--cutter", "cricut",
              "--dpi", str(dpi))
    w, h = CRICUT_AREA
    area = ((m["paper"]["width_mm"] - w) / 2, (m["paper"]["height_mm"] - h) / 2, w, h)
    image = np.asarray(Image.open(tmp_path / "x-sheet-01.png").convert("L"))
    cut = [s for p in svg_paths(tmp_path / "x-sheet-01.svg", area) for s in p]
    points = samples(cut, 1.0)
    px = dpi / MM_PER_INCH
    near = math.ceil(TOLERANCE * px)
    dark = 0
    for x, y in points:
        col, row = round((x - area[0]) * px), round((area[1] + h - y) * px)
        dark += image[row - near:row + near + 1, col - near:col + near + 1].min() < 128
    assert dark / len(points) > 0.98


def _marks_expected(w: float, h: float) -> dict[str, tuple[float, float, float, float]]:
    """Ink boxes (x0, x1, y0, y1) in mm from the page's top-left, of each Type 1 mark."""
    i, t = SILHOUETTE_INSET, THICKNESS / 2
    return {"top-left": (i - t, i + SQUARE + t, i - t, i + SQUARE + t),
            "top-right": (w - i - ARM, w - i + t, i - t, i + ARM),
            "bottom-left": (i - t, i + ARM, h - i - ARM, h - i + t)}


def _zones(w: float, h: float) -> dict[str, tuple[float, float, float, float]]:
    z = CORNER_ZONE
    return {"top-left": (0, z, 0, z), "top-right": (w - z, w, 0, z), "bottom-left": (0, z, h - z, h)}


@pytest.mark.parametrize("paper_name", PAPERS)
def test_registration_marks_print_where_studio_looks(run, tmp_path, paper_name):
    dpi = 600
    m = _make(run, tmp_path, "ryb", "--paper", paper_name, "--cutter", "silhouette")
    w, h = m["paper"]["width_mm"], m["paper"]["height_mm"]
    pdf = (tmp_path / "x.pdf").read_bytes()
    ink = np.asarray(render(pdf, 0, dpi)) < 128
    px = dpi / MM_PER_INCH
    for name, (x0, x1, y0, y1) in _zones(w, h).items():
        zone = ink[round(y0 * px):round(y1 * px), round(x0 * px):round(x1 * px)]
        rows, cols = np.nonzero(zone)
        found = ((cols.min() + x0 * px) / px, (cols.max() + 1 + x0 * px) / px,
                 (rows.min() + y0 * px) / px, (rows.max() + 1 + y0 * px) / px)
        expected = _marks_expected(w, h)[name]
        assert found == pytest.approx(expected, abs=TOLERANCE), name
        area = zone.sum() / px ** 2
        arms = 2 * (ARM + THICKNESS / 2) * THICKNESS - THICKNESS ** 2 / 4     # two arms, one shared corner
        want = (SQUARE + THICKNESS) ** 2 if name == "top-left" else arms
        assert area == pytest.approx(want, rel=0.05), name


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g[0])
def test_nothing_else_prints_in_the_registration_zones(run, tmp_path, game, paper_name):
    dpi = 100
    m = _make(run, tmp_path, *game, "--paper", paper_name, "--cutter", "silhouette")
    w, h = m["paper"]["width_mm"], m["paper"]["height_mm"]
    pdf = (tmp_path / "x.pdf").read_bytes()
    px = dpi / MM_PER_INCH
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    for n, page, _ in _cut_sheets(m):
        ink = np.asarray(render(pdf, page["page"] - 1, dpi)) < 250
        assert page is fronts[n - 1]
        for name, (x0, x1, y0, y1) in _zones(w, h).items():
            mx0, mx1, my0, my1 = _marks_expected(w, h)[name]
            zone = ink[round(y0 * px):round(y1 * px), round(x0 * px):round(x1 * px)].copy()
            pad = 0.3   # mm of anti-aliasing around the mark itself
            zone[max(0, round((my0 - pad - y0) * px)):round((my1 + pad - y0) * px),
                 max(0, round((mx0 - pad - x0) * px)):round((mx1 + pad - x0) * px)] = False
            assert not zone.any(), f"sheet {n}: something printed in the {name} mark's zone"


def test_the_net_outline_is_the_cross_with_its_tabs():
    face = 18.0
    points = net_outline(face)
    area = 0.5 * abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])))
    depth, inset = face * TAB_DEPTH, face * TAB_DEPTH * 0.8
    tab = (face + face - 2 * inset) / 2 * depth
    assert area == pytest.approx(6 * face ** 2 + 7 * tab)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    # three faces across (the side tabs stand beside the column, clear of the arms), four down plus the top tab
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((3 * face, 4 * face + depth))


def test_the_printed_cut_lines_are_the_manifest_outlines(run, tmp_path):
    """What the page draws as the nets' cut line and the coins' rims is where the cut files cut."""
    dpi = 600
    m = _make(run, tmp_path, "dice", "--dice", "1", "--coins", "1")
    pdf = (tmp_path / "x.pdf").read_bytes()
    image = np.asarray(render(pdf, 0, dpi))
    px = dpi / MM_PER_INCH
    height = m["paper"]["height_mm"]
    net, coin = m["pages"][0]["components"]
    assert (net["shape"], coin["shape"]) == ("polygon", "circle")
    points = samples(manifest_outline(net), 1.0)
    near = math.ceil(TOLERANCE * px)
    dark = [image[round((height - y) * px) - near:round((height - y) * px) + near + 1,
                  round(x * px) - near:round(x * px) + near + 1].min() < 128 for x, y in points]
    assert all(dark)
    r, cx, cy = coin["w_mm"] / 2, coin["x_mm"] + coin["w_mm"] / 2, coin["y_mm"] + coin["h_mm"] / 2
    rim = 0.15 + 0.2   # the rim's 0.3 mm line is centred on the cut, plus anti-aliasing
    for k in range(36):
        a = 2 * math.pi * k / 36
        inside = image[round((height - cy - (r - rim) * math.sin(a)) * px), round((cx + (r - rim) * math.cos(a)) * px)]
        outside = image[round((height - cy - (r + rim) * math.sin(a)) * px), round((cx + (r + rim) * math.cos(a)) * px)]
        assert inside < 128 and outside > 200


def test_cut_files_are_the_same_bytes_every_time(run, tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        folder.mkdir()
        for cutter in ("silhouette", "cricut"):
            assert run("dice", "--cutter", cutter, "--dpi", "50",
                       "--out", str(folder / f"{cutter}.pdf")).exit_code == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir()) and len(names) == 12
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("args", [("calibrate", "--cutter", "silhouette"),
                                  ("ycp", "--gauges", "--cutter", "cricut"),
                                  ("ryb", "--cutter", "silhouette", "--out", "-"),
                                  ("dice", "--svg", "-"),
                                  ("ryb", "--cutter", "silhouette", "--layout", "gutterfold")])
def test_print_and_cut_is_refused_where_it_cannot_apply(run, tmp_path, args):
    out = [] if "--out" in args else ["--out", str(tmp_path / "x.pdf")]
    result = run(*args, *out)
    assert_clean_failure(result, 2)
    assert "--cutter" in result.output or "--svg" in result.output
    assert not list(tmp_path.iterdir())


def test_the_png_is_the_page_it_was_cut_from(run, tmp_path):
    """The Cricut image is the PDF page's area at --dpi, pixel for pixel."""
    dpi = 100
    m = _make(run, tmp_path, "yeah-items", "--cutter", "cricut", "--dpi", str(dpi))
    w, h = CRICUT_AREA
    x, y = (m["paper"]["width_mm"] - w) / 2, (m["paper"]["height_mm"] - h) / 2
    page = render((tmp_path / "x.pdf").read_bytes(), 0, dpi)          # greyscale
    px = dpi / MM_PER_INCH
    left, top = round(x * px), round((m["paper"]["height_mm"] - y - h) * px)
    crop = page.crop((left, top, left + round(w * px), top + round(h * px)))
    png = Image.open(io.BytesIO((tmp_path / "x-sheet-01.png").read_bytes())).convert("L")
    assert np.abs(np.asarray(crop, dtype=int) - np.asarray(png, dtype=int)).max() <= 2
