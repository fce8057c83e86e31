"""Canonical keys: one number for a position and its seven mirror images.

A position is packed as ``mine | theirs << cells`` (or just the marked cells
with shared marks).  Its key is the smallest packing over the eight
symmetries of the square, computed with one lookup table per byte and
symmetry, so the solver meets each position once whichever way it is turned.

>>> canon = canonicalizer(3, boards=1)
>>> canon(1 << 0) == canon(1 << 2) == canon(1 << 6) == canon(1 << 8)
True
>>> canon(1 << 4) == canon(1 << 0)
False
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .model import Cell, symmetries

CHUNK = 8           # bits per table while building; lookups use 16-bit chunks ...
WIDE_UP_TO = 72     # ... for packings up to this many bits (6x6 with two players)
LOOP_CHUNK = 13     # bits per table of the plain loop, for packings of one machine word ...
WORD = 62           # ... (compiled code keeps such ints unboxed; up to 5x5 with two players)
# mypyc builds this module as a C extension in the compiled install (ICP_PRINT_COMPILE=1, setup.py):
# compiled, the plain loop is faster than the generated function, which stays interpreted.
COMPILED = not __file__.endswith(".py")


def _tables(n: int, boards: int, perm: tuple[Cell, ...], bits: int = CHUNK) -> list[list[int]]:
    """For each ``bits``-bit chunk of the packing, the image under ``perm`` of every value."""
    cells = n * n
    width = cells * boards
    out = []
    for start in range(0, width, bits):
        row = [0]
        for value in range(1, 1 << bits):
            low = (value & -value).bit_length() - 1      # the image of the rest is known
            q = start + low
            board, cell = divmod(q, cells)
            single = 1 << (board * cells + perm[cell]) if q < width else 0
            row.append(row[value & (value - 1)] | single)
        out.append(row)
    return out


@cache
def canonicalizer(n: int, boards: int = 2) -> Callable[[int], int]:
    """A function giving the canonical form of a packing of ``boards`` bitboards.

    The seven non-trivial images are computed at once: each 16-bit chunk of
    the packing (8-bit past 6x6, to keep the tables small) looks up one big int holding its image under every symmetry,
    side by side in fields of the packing's width (OR never carries between
    fields).  The function is written out for the chunk count, because a
    Python loop here would triple the solver's time per position.  Compiled,
    :func:`looped_canonicalizer` gives the same keys faster.
    """
    if COMPILED:
        return looped_canonicalizer(n, boards)
    width = n * n * boards
    per_symmetry = [_tables(n, boards, perm) for perm in symmetries(n)[1:]]
    merged = []
    for j in range(len(per_symmetry[0])):
        merged.append([sum(tables[j][v] << (width * i) for i, tables in enumerate(per_symmetry))
                       for v in range(1 << CHUNK)])
    if width <= WIDE_UP_TO:
        tables = [[lo[v & 255] | hi[v >> 8] for v in range(1 << 16)]
                  for lo, hi in zip(merged[0::2], merged[1::2] + [[0] * 256])]
        bits = 16
    else:
        tables, bits = merged, CHUNK
    lookups = " | ".join(f"t{j}[p >> {bits * j} & {(1 << bits) - 1}]" for j in range(len(tables)))
    fields = ", ".join(f"x >> {width * i} & m" for i in range(7))
    source = f"def canon(p):\n    x = {lookups}\n    return min(p, {fields})\n"
    scope: dict[str, Any] = {f"t{j}": table for j, table in enumerate(tables)} | {"m": (1 << width) - 1}
    exec(source, scope)  # noqa: S102 - trusted text built above from integers only
    canon: Callable[[int], int] = scope["canon"]
    return canon


def looped_canonicalizer(n: int, boards: int = 2) -> Callable[[int], int]:
    """The same canonical form as :func:`canonicalizer`, by a plain loop over the seven
    symmetries and the chunks of the packing: twice as slow interpreted, twice as fast
    compiled, where ints of one machine word need no objects."""
    width = n * n * boards
    bits = LOOP_CHUNK if width <= WORD else CHUNK
    per_symmetry = [_tables(n, boards, perm, bits) for perm in symmetries(n)[1:]]
    mask = (1 << bits) - 1

    def canon(p: int) -> int:
        best = p
        for chunks in per_symmetry:
            image = shift = 0
            for table in chunks:
                image |= table[p >> shift & mask]
                shift += bits
            if image < best:
                best = image
        return best

    return canon


def half_turn(n: int) -> tuple[Cell, ...]:
    """Each cell's image under the half turn about the centre (the mirror reply)."""
    return tuple(n * n - 1 - c for c in range(n * n))
