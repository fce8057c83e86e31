"""Reading printed PDFs back in tests: where the dark lines fall (mm), the manifest, and the
PDF a user's own command writes."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pypdfium2
from pypdf import PdfReader

from icp_print.validators.pdfcheck import MANIFEST_NAME

MM_PER_INCH = 25.4


def render(pdf: bytes, index: int, dpi: int):
    """Page ``index`` as a greyscale PIL image at ``dpi``."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        document.close()


def _runs(values, threshold: int = 140) -> list[float]:
    """Centres (in pixels) of the runs of dark values."""
    centres, start = [], None
    for i, v in enumerate(list(values) + [255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            centres.append((start + i - 1) / 2)
            start = None
    return centres


def dark_xs(image, y_mm: float, page_h_mm: float, dpi: int) -> list[float]:
    """x (mm) of the dark vertical lines crossing the row at ``y_mm`` (from the bottom)."""
    row = round((page_h_mm - y_mm) * dpi / MM_PER_INCH)
    values = [image.getpixel((x, row)) for x in range(image.width)]
    return [(c + 0.5) * MM_PER_INCH / dpi for c in _runs(values)]


def dark_ys(image, x_mm: float, page_h_mm: float, dpi: int) -> list[float]:
    """y (mm, from the bottom) of the dark horizontal lines crossing the column at ``x_mm``."""
    col = round(x_mm * dpi / MM_PER_INCH)
    values = [image.getpixel((col, y)) for y in range(image.height)]
    return sorted(page_h_mm - (c + 0.5) * MM_PER_INCH / dpi for c in _runs(values))


def manifest(pdf: bytes) -> dict:
    """The icp-print manifest attached to a PDF."""
    return json.loads(PdfReader(io.BytesIO(pdf)).attachments[MANIFEST_NAME][0])


def user_example(folder: Path, *args: str) -> bytes:
    """Run ``icp-print ARGS`` inside ``folder``, as a user types it (``--out`` relative);
    the bytes of the PDF it wrote."""
    from click.testing import CliRunner
    from icp_print.cli.main import main
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return (folder / args[args.index("--out") + 1]).read_bytes()
