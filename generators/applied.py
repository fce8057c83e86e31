"""Which sheet options a document's printed pages use, so a command refuses one that would
change nothing (``--cut-lines`` where nothing is cut out, ``--backs`` on one-sided
boards, ``--bleed`` where no art reaches a trim line) instead of ignoring it.

Judged from what the document holds and from its rendered pages, the same way for
every command: no command lists its own options.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..validators.manifest import Manifest
from .sheet import Document, rects

DPI = 150
RING_GAP_MM = 0.2       # the bleed ring starts this far outside a trim line: clear of cut lines

PICTURE_OUTPUTS = ("png_dir", "export_dir", "cutter")   # the options whose files are drawn at --dpi
Refusal = tuple[str, str]   # (option, why it changes nothing)


def unused_options(doc: Document, pdf: bytes, noted: set[str], given: Mapping[str, Any]) -> list[Refusal]:
    """The options in ``given`` (sheet options set on the command line, by parameter name)
    that change nothing on the pages of ``doc`` (``pdf``, drawn noting the settings its
    pens consulted in ``noted``)."""
    refused: list[Refusal] = []
    backs = prints_backs(doc)
    cut = cuts_out(doc)
    if given.get("backs") in ("long-edge", "short-edge") and not backs:
        refused.append(("--backs", "these pages are one-sided: nothing is printed on their backs"))
    if tuple(given.get("back_offset") or (0.0, 0.0)) != (0.0, 0.0) and not backs:
        refused.append(("--back-offset", "no backs are printed, so there is nothing to shift"))
    if given.get("cut_lines") and not cut:
        refused.append(("--cut-lines", "nothing on these pages is cut out, so there is no trim line to draw"))
    if given.get("svg_file") and not cut:
        refused.append(("--svg", "nothing on these pages is cut out, so there is no cut path to write"))
    if given.get("ink_saver") and "ink_saver" not in noted:
        refused.append(("--ink-saver", "these pages print the same either way: they have no dark "
                        "grounds to lighten"))
    if (given.get("bleed") or 0) > 0 and not neighbours(doc) and not art_in_bleed(doc.manifest(), pdf):
        refused.append(("--bleed", "no art on these pages runs to a trim line and no two pieces share "
                        "a cut, so a bleed changes nothing"))
    if "dpi" in given and not any(given.get(name) for name in PICTURE_OUTPUTS):
        refused.append(("--dpi", "it sets the resolution of the PNG files, and none are asked for "
                        "(--png)"))
    return refused


def prints_backs(doc: Document) -> bool:
    """Whether any back is printed: a back page with something drawn on it, or backs beside
    their fronts on a gutterfold sheet."""
    return any((page.side == "back" and page.steps) or page.backs for page in doc.pages)


def cuts_out(doc: Document) -> bool:
    """Whether any page holds a component that is cut out."""
    return any(rects(page.placed) for page in doc.pages)


def neighbours(doc: Document) -> bool:
    """Whether a page holds two cut components: a bleed then sets them apart (no shared cut)."""
    return any(len(rects(page.placed)) > 1 for page in doc.pages)


def art_in_bleed(manifest: Manifest, pdf: bytes) -> bool:
    """Whether ink lies in the bleed round any component's trim, front or back (from
    :data:`RING_GAP_MM` past the trim line, clear of cut lines, to the bleed's edge)."""
    from ..validators.pagescan import rasters       # rendering: loaded only when --bleed is given
    from ..validators.preflight import page_areas
    bleed = manifest.bleed_mm
    for index, raster in enumerate(rasters(pdf, DPI)):
        if bleed <= RING_GAP_MM + raster.mm_per_px:
            return True     # too thin a ring to tell: take the bleed as used
        ink = raster.ink
        for area in page_areas(manifest, index):
            left, bottom, right, top = area.box
            r0, r1, c0, c1 = raster.bounds((left - bleed, bottom - bleed, right + bleed, top + bleed))
            i0, i1, j0, j1 = raster.bounds((left - RING_GAP_MM, bottom - RING_GAP_MM,
                                            right + RING_GAP_MM, top + RING_GAP_MM))
            if ink[r0:r1, c0:c1].sum() > ink[i0:i1, j0:j1].sum():
                return True
    return False
