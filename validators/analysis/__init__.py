"""The analysis lab: computer players, whole games in seeded batches, and the figures.

``games`` finds a game's engine, ``players`` and ``search`` are the computer
players, ``runner`` plays seeded batches on every core (or a Dask cluster,
``cluster``) and ``stats`` keeps the running totals and their intervals.
"""
from __future__ import annotations

from importlib.util import find_spec

PURE, COMPILED = "pure Python", "compiled"


def engines_build() -> str:
    """Which build of the engines is installed: :data:`COMPILED` when ``ICP_PRINT_COMPILE=1``
    made the install (setup.py), else :data:`PURE`; told by the runner's file, without
    importing it."""
    spec = find_spec(f"{__name__}.runner")
    origin = spec.origin if spec is not None else None
    return PURE if origin is None or origin.endswith(".py") else COMPILED
