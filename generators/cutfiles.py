"""Cut files beside the PDF, one per sheet: SVG and DXF for Silhouette Studio, a PNG of
the art with its SVG for Cricut Design Space, and ``--svg``'s outlines.

Every file holds the blade paths of :mod:`.cutpaths`, in millimetres:

- **page files** (``--svg``, ``--cutter silhouette``) span the whole sheet, in
  the printed page's own coordinates, with the paper's edge as a grey frame on
  its own layer (``page``) to line the file up with the page;
- **Cricut files** span Design Space's Print Then Cut area
  (:func:`.cutter.cricut_area`): the PNG is that part of the page at ``--dpi``,
  the SVG its outlines, framed by the area's edge (layer ``frame``).

Cut paths are on the layer (DXF) or group (SVG) named ``cut``.  Output is
deterministic: the same document gives the same bytes.
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..validators.errors import InputError
from .cutpaths import CutPath, cut_items, cut_sheets, sheet_paths
from .cutter import CRICUT_AREA, Box, Cutter, cricut_area, cut_region, keep_out
from .previews import png_bytes
from .sheet import Document, Page
from .units import inches, pixels_per_mm, render_scale

CUT_COLOUR, FRAME_COLOUR = "#ff0000", "#999999"
CUT_WIDTH = 0.1   # mm, for display only: a cutter follows the path's centre

Made = list[tuple[Path, bytes]]
Maker = Callable[[Document, bytes], Made]


def sheet_name(base: Path, sheet: int, suffix: str) -> Path:
    """``deck.pdf`` -> ``deck-sheet-01.svg``: named after ``base``, beside it."""
    return base.with_name(f"{base.stem}-sheet-{sheet:02d}{suffix}")


SHEET_FILE = re.compile(r"-sheet-[0-9]+\.(svg|dxf|png)")


def older_sheets(base: Path) -> list[Path]:
    """The per-sheet cut files named after ``base`` that lie beside it (an earlier run's:
    the caller keeps the ones it writes again), so a 5-sheet run's ``deck-sheet-06.dxf``
    does not sit beside a 4-sheet PDF as if it belonged to it.

    >>> older_sheets(Path("no such folder") / "deck.pdf")
    []
    """
    try:
        names = sorted(p.name for p in base.parent.iterdir())
    except OSError:
        return []
    stem = base.stem
    return [base.with_name(n) for n in names
            if n.startswith(stem) and SHEET_FILE.fullmatch(n[len(stem):])]


def planned(doc: Document, base: Path, suffixes: tuple[str, ...], option: str) -> list[Path]:
    """The files a per-sheet output will write, known before anything is drawn."""
    if str(base) == "-":
        raise InputError("cut files are named after the file they go with: give a file, not -",
                         field=option)
    sheets = cut_sheets(doc)
    if not sheets:
        raise InputError("nothing on these sheets is cut out, so there is no cut file to write",
                         field=option)
    return [sheet_name(base, n, suffix) for n, _ in sheets for suffix in suffixes]


def svg_outputs(doc: Document, base: Path) -> Maker:
    """``--svg FILE``: one page-sized SVG of outlines per sheet (``FILE-sheet-NN.svg``)."""
    def make(doc: Document, pdf: bytes) -> Made:
        return [(sheet_name(base, n, ".svg"), page_svg(doc, page)) for n, page in cut_sheets(doc)]
    return make


def cutter_outputs(doc: Document, out: Path, cutter: Cutter, dpi: int) -> Maker:
    """``--cutter``: per sheet, a DXF and SVG (Silhouette) or a PNG and SVG (Cricut)."""
    check_fit(doc, cutter)

    def make(doc: Document, pdf: bytes) -> Made:
        made: Made = []
        for n, page in cut_sheets(doc):
            if cutter == "silhouette":
                made += [(sheet_name(out, n, ".dxf"), page_dxf(doc, page)),
                         (sheet_name(out, n, ".svg"), page_svg(doc, page))]
            else:
                made += [(sheet_name(out, n, ".png"), cricut_png(doc, pdf, page, dpi)),
                         (sheet_name(out, n, ".svg"), cricut_svg(doc, page))]
        return made
    return make


def check_fit(doc: Document, cutter: Cutter) -> None:
    """Refuse a layout whose cut components, bleed included, leave the cutter's region or
    lie over its marks (a free-layout page that cannot make room for them)."""
    paper, bleed = doc.settings.paper, doc.settings.bleed or 0.0
    rx, ry, rw, rh = cut_region(paper, cutter)
    zones = keep_out(paper, cutter)
    for n, page in cut_sheets(doc):
        for p in cut_items(page, paper.width, paper.height):
            box = (p.x - bleed, p.y - bleed, p.w + 2 * bleed, p.h + 2 * bleed)
            inside = box[0] >= rx - 1e-6 and box[1] >= ry - 1e-6 and \
                box[0] + box[2] <= rx + rw + 1e-6 and box[1] + box[3] <= ry + rh + 1e-6
            if not inside or any(_overlap(box, z) for z in zones):
                where = "Design Space's Print Then Cut area" if cutter == "cricut" else \
                    "the space the Silhouette's registration marks leave"
                raise InputError(f"{p.label} on sheet {n} does not fit in {where} on {paper.name}; "
                                 "this layout cannot be cut by machine", field="--cutter")


def _overlap(a: Box, b: Box, tolerance: float = 1e-6) -> bool:
    """Whether boxes ``a`` and ``b`` overlap by more than ``tolerance`` (boxes that touch, give
    or take rounding, do not)."""
    t = tolerance
    return a[0] < b[0] + b[2] - t and b[0] < a[0] + a[2] - t and a[1] < b[1] + b[3] - t and b[1] < a[1] + a[3] - t


def _paths(doc: Document, page: Page) -> list[CutPath]:
    paper = doc.settings.paper
    return sheet_paths(cut_items(page, paper.width, paper.height))


# -- SVG ------------------------------------------------------------------------------

def page_svg(doc: Document, page: Page) -> bytes:
    """A sheet's outlines in page coordinates, with the paper's edge as a frame."""
    paper = doc.settings.paper
    return _svg(_paths(doc, page), (0.0, 0.0, paper.width, paper.height), "page",
                (f"{paper.width:g}mm", f"{paper.height:g}mm"))


def cricut_svg(doc: Document, page: Page) -> bytes:
    """A sheet's outlines over Design Space's Print Then Cut area, framed by its edge."""
    w, h = CRICUT_AREA
    return _svg(_paths(doc, page), cricut_area(doc.settings.paper), "frame", (f"{inches(w):g}in", f"{inches(h):g}in"))


def _svg(paths: list[CutPath], box: Box, frame: str, size: tuple[str, str]) -> bytes:
    import svgwrite

    x0, y0, w, h = box

    def at(p: tuple[float, float]) -> str:
        # SVG's y grows downward from the top; the sheet engine's y grows upward.
        return f"{_n(p[0] - x0)},{_n(y0 + h - p[1])}"

    drawing = svgwrite.Drawing(size=size, profile="full", debug=False, viewBox=f"0 0 {_n(w)} {_n(h)}")
    drawing.attribs["xmlns:inkscape"] = "http://www.inkscape.org/namespaces/inkscape"
    edge = drawing.g(id=frame, **{"inkscape:label": frame, "inkscape:groupmode": "layer"})
    edge.add(drawing.rect((0, 0), (_n(w), _n(h)), fill="none", stroke=FRAME_COLOUR, stroke_width=0.2))
    cuts = drawing.g(id="cut", **{"inkscape:label": "cut", "inkscape:groupmode": "layer"})
    for path in paths:
        style = {"fill": "none", "stroke": CUT_COLOUR, "stroke_width": CUT_WIDTH}
        if path.radius:
            cx, cy = at(path.points[0]).split(",")
            cuts.add(drawing.circle((cx, cy), _n(path.radius), **style))
        else:
            d = "M " + " L ".join(at(p) for p in path.points) + (" Z" if path.closed else "")
            cuts.add(drawing.path(d=d, **style))
    drawing.add(edge)
    drawing.add(cuts)
    return drawing.tostring().encode()


def _n(v: float) -> str:
    """A coordinate to 0.0001 mm, without trailing zeros."""
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- DXF ------------------------------------------------------------------------------

def page_dxf(doc: Document, page: Page) -> bytes:
    """A sheet's outlines as DXF (R2000, millimetres, page coordinates, y up): lines,
    closed polylines and circles on layer ``cut``, the paper's edge on layer ``page``."""
    import ezdxf

    paper = doc.settings.paper
    with _fixed_metadata():
        dxf = ezdxf.new("R2000", units=ezdxf.units.MM)
        dxf.layers.add("cut", color=1)
        dxf.layers.add("page", color=8)
        space = dxf.modelspace()
        space.add_lwpolyline([(0, 0), (paper.width, 0), (paper.width, paper.height), (0, paper.height)],
                             close=True, dxfattribs={"layer": "page"})
        for path in _paths(doc, page):
            if path.radius:
                space.add_circle(path.points[0], path.radius, dxfattribs={"layer": "cut"})
            elif len(path.points) == 2 and not path.closed:
                space.add_line(*path.points, dxfattribs={"layer": "cut"})
            else:
                space.add_lwpolyline(list(path.points), close=path.closed, dxfattribs={"layer": "cut"})
        stream = io.StringIO()
        dxf.write(stream)
    return stream.getvalue().encode("ascii")


@contextmanager
def _fixed_metadata() -> Iterator[None]:
    """ezdxf stamps the time and random ids into a file; fixed values keep output reproducible."""
    import ezdxf

    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before


# -- PNG ------------------------------------------------------------------------------

def cricut_png(doc: Document, pdf: bytes, page: Page, dpi: int) -> bytes:
    """The Print Then Cut area of ``page`` as a PNG at ``dpi`` (exactly the area's size in
    pixels, placed to the nearest pixel), tagged with its resolution."""
    import pypdfium2

    paper = doc.settings.paper
    x, y, w, h = cricut_area(paper)
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[next(i for i, p in enumerate(doc.pages) if p is page)].render(scale=render_scale(dpi)).to_pil()
    finally:
        document.close()
    px = pixels_per_mm(dpi)
    left, top = round(x * px), round((paper.height - y - h) * px)
    image = image.crop((left, top, left + round(w * px), top + round(h * px)))
    return png_bytes(image, dpi)
