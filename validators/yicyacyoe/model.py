"""The board model: cell names, rows of length k, straight segments, joined groups, symmetries.

Cells are numbered ``row * n + column`` from the bottom-left, so a set of
cells is one Python int (bit ``i`` set = cell ``i`` taken).  Columns are
letters and rows numbers, as on the printed boards: ``a1`` is the
bottom-left corner.

>>> cell_name(0, 3), cell_name(5, 3)
('a1', 'c2')
>>> parse_cell("C2", 3)
5
>>> len(rows(3, 3)), len(rows(4, 3))
(8, 24)
"""
from __future__ import annotations

import string
from collections.abc import Iterable
from functools import cache

from ..errors import InputError

Cell = int
Mask = int
# (column step, row step): along a row, up a column, and the two diagonals.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
LETTERS = string.ascii_lowercase


def cell_name(cell: Cell, n: int) -> str:
    row, col = divmod(cell, n)
    return f"{LETTERS[col]}{row + 1}"


def parse_cell(text: str, n: int) -> Cell:
    """``b2`` -> cell index, or an :class:`InputError` saying what is wrong."""
    word = text.strip().lower()
    digits = word[1:]
    if len(word) < 2 or word[0] not in LETTERS or not (digits.isascii() and digits.isdigit()):
        raise InputError(f"cannot read {text!r}: write a column letter and a row number like b2",
                         field="move")
    col, row = LETTERS.index(word[0]), int(digits) - 1
    if col >= n or not 0 <= row < n:
        raise InputError(f"{text!r} is off the board (columns a-{LETTERS[n - 1]}, rows 1-{n})",
                         field="move")
    return row * n + col


def cells_of(mask: Mask) -> list[Cell]:
    """The cells of a mask, lowest first.

    >>> cells_of(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cells: Iterable[Cell]) -> Mask:
    result = 0
    for c in cells:
        result |= 1 << c
    return result


def _on_board(n: int, col: int, row: int) -> bool:
    return 0 <= col < n and 0 <= row < n


@cache
def segments(n: int, length: int) -> tuple[Mask, ...]:
    """Every straight line of ``length`` adjacent cells (rows, columns, diagonals).

    A single cell is a segment of length 1; segments are listed once each.
    """
    found: dict[Mask, None] = {}
    for dc, dr in DIRECTIONS:
        for row in range(n):
            for col in range(n):
                end_col, end_row = col + dc * (length - 1), row + dr * (length - 1)
                if _on_board(n, end_col, end_row):
                    found[mask_of((row + dr * i) * n + col + dc * i for i in range(length))] = None
    return tuple(found)


@cache
def groups(n: int, size: int) -> tuple[Mask, ...]:
    """Every group of ``size`` cells joined by neighbours (across, up or diagonal), straight
    or bent: the shapes one turn's marks may take when "connecting lines" may bend.

    >>> len(groups(3, 1)), len(groups(3, 2)) == len(segments(3, 2)), len(groups(3, 3))
    (9, True, 48)
    """
    found: set[Mask] = {1 << c for c in range(n * n)}
    for _ in range(size - 1):
        found = {g | 1 << nb for g in found for c in cells_of(g) for nb in _touching(n, c)
                 if not g >> nb & 1}
    return tuple(sorted(found))


def _touching(n: int, cell: Cell) -> list[Cell]:
    row, col = divmod(cell, n)
    return [r * n + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and _on_board(n, c, r)]


def shapes(n: int, size: int, bent: bool) -> tuple[Mask, ...]:
    """The cell sets a connected turn of ``size`` marks may cover: straight lines, or any
    joined group when lines may bend."""
    return groups(n, size) if bent else segments(n, size)


def rows(n: int, k: int) -> tuple[Mask, ...]:
    """Every row of ``k`` cells that completes a line: the misère losing patterns."""
    return segments(n, k)


@cache
def row_lines(n: int, k: int) -> tuple[tuple[Mask, ...], ...]:
    """The rows of ``k`` grouped by the straight line of the board they lie on, in order
    along it (overlapping rows of one line share all but their end cells).

    >>> [len(line) for line in row_lines(5, 4)][:6]
    [2, 2, 2, 2, 2, 2]
    >>> sum(len(line) for line in row_lines(5, 4)) == len(rows(5, 4))
    True
    """
    found: dict[tuple[int, int, int, int], list[Mask]] = {}
    seen: set[Mask] = set()       # a row of one cell lies on four lines: list it once
    for dc, dr in DIRECTIONS:
        for row in range(n):
            for col in range(n):
                if not _on_board(n, col + dc * (k - 1), row + dr * (k - 1)):
                    continue
                cells = mask_of((row + dr * i) * n + col + dc * i for i in range(k))
                if cells in seen:
                    continue
                seen.add(cells)
                back = min(_steps_back(n, col, dc), _steps_back(n, row, dr))
                found.setdefault((dc, dr, col - dc * back, row - dr * back), []).append(cells)
    return tuple(tuple(line) for line in found.values())


def _steps_back(n: int, at: int, step: int) -> int:
    """How many steps of ``-step`` stay on the board from coordinate ``at``."""
    return at if step > 0 else n - 1 - at if step < 0 else n


@cache
def exact_rows(n: int, k: int) -> tuple[tuple[Mask, Mask], ...]:
    """Rows of ``k`` with the one or two cells that would extend them in their direction.

    Used when rows longer than ``k`` do not count: a row is complete when its
    cells are one player's and neither extension cell is.
    """
    found: dict[tuple[Mask, Mask], None] = {}
    for dc, dr in DIRECTIONS:
        for row in range(n):
            for col in range(n):
                end_col, end_row = col + dc * (k - 1), row + dr * (k - 1)
                if not _on_board(n, end_col, end_row):
                    continue
                cells = mask_of((row + dr * i) * n + col + dc * i for i in range(k))
                ends = [(col - dc, row - dr), (end_col + dc, end_row + dr)]
                extension = mask_of(r * n + c for c, r in ends if _on_board(n, c, r))
                found[(cells, extension)] = None
    return tuple(found)


@cache
def symmetries(n: int) -> tuple[tuple[Cell, ...], ...]:
    """The eight symmetries of the square as cell permutations (identity first)."""
    def image(col: int, row: int, t: int) -> tuple[int, int]:
        for _ in range(t % 4):
            col, row = n - 1 - row, col          # quarter turn
        return (n - 1 - col, row) if t >= 4 else (col, row)

    perms = []
    for t in range(8):
        perm = []
        for cell in range(n * n):
            c, r = image(cell % n, cell // n, t)
            perm.append(r * n + c)
        perms.append(tuple(perm))
    return tuple(perms)


def transform(mask: Mask, perm: tuple[Cell, ...]) -> Mask:
    return mask_of(perm[c] for c in cells_of(mask))
