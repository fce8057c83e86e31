"""PNG pages beside the PDF, to look at (cut files are :mod:`.cutfiles`).

The rasteriser loads only when asked for: most runs need none.
"""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..validators.errors import InputError
from .units import render_scale

if TYPE_CHECKING:
    from PIL.Image import Image

MIN_DPI, MAX_DPI = 30, 600  # an A4 page at 600 dpi is 35 million pixels


def check_dpi(dpi: int) -> None:
    """Refuse a resolution no page should be rendered at."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InputError(f"must be between {MIN_DPI} and {MAX_DPI}, got {dpi}", field="--dpi")


def png_bytes(image: Image, dpi: int) -> bytes:
    """``image`` as a PNG file that says its resolution (so it prints at true size)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def png_pages(pdf: bytes, stem: str, dpi: int = 150) -> list[tuple[str, bytes]]:
    """Every page as ``(stem-NN.png, PNG bytes)`` at ``dpi``, ready for an all-or-nothing write."""
    check_dpi(dpi)
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    pages = []
    try:
        for index in range(len(document)):
            image = document[index].render(scale=render_scale(dpi)).to_pil()
            pages.append((f"{stem}-{index + 1:02d}.png", png_bytes(image, dpi)))
    finally:
        document.close()
    return pages


def older_pages(folder: Path, stem: str, keep: set[str]) -> list[Path]:
    """PNG pages of ``stem`` in ``folder`` that a new set of pages ``keep`` does not have.

    A 9-page run's ``deck-08.png`` and ``deck-09.png`` would otherwise sit
    beside a 7-page run's pages as if they belonged to it.

    >>> older_pages(Path("no such folder"), "deck", set())
    []
    """
    pattern = re.compile(re.escape(stem) + r"-[0-9]+\.png")
    try:
        names = sorted(p.name for p in Path(folder).iterdir())
    except OSError:
        return []
    return [Path(folder) / n for n in names if pattern.fullmatch(n) and n not in keep]

