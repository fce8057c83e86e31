"""Layouts that ``check`` can measure before anything is printed.

For each game whose component files this package lays out, the function that
lays one out off the page and returns its text-fit record.  The validators
judge that record but may not import drawing code, so the command line hands
these over (see ``validators.pdfcheck.check_file``).
"""
from __future__ import annotations

from typing import Any
from collections.abc import Callable


def text_measures() -> dict[str, Callable[[Any], dict]]:
    """Game id -> a function from a parsed component file to its text-fit record."""
    from .ycp import measure
    return {"ycp": measure}
