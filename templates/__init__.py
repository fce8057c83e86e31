"""Data only: component sets, decks, layouts, paper formats and fonts.

This module just finds those files; all meaning lives in the code that reads them.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def path(*parts: str) -> Path:
    """The path of a data file shipped in ``templates/``.

    >>> path("paper.toml").name
    'paper.toml'
    """
    return ROOT.joinpath(*parts)
