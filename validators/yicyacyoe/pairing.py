"""The pairing bound: when the player who just moved can never be made to complete a row.

With one mark a turn and own marks, call R the player who just moved and M
the player to move.  Suppose every row without an M mark (the rows R could
still complete) holds two free cells of its own, no cell serving two rows.
Then R never completes a row: R answers a mark in one of those pairs with
the other cell of the pair, and any other mark with a cell outside every
pair when there is one, otherwise with a cell of an untouched pair.  No
pair ever holds two R marks, so every row R could complete keeps a cell R
never takes.  (A parity count shows R is never left with only the partner
of a pair R opened: R opens a pair only when no unpaired cell is left, at
most one such pair is open at a time, and M always moves last into it.)
So the player to move can do no better than a draw.  This is the pairing
strategy that makes 5x5 tic-tac-toe a draw, turned round for misère.  The
same holds one turn earlier for the player to move, when the pairs of their
own rows leave a free cell over (:func:`mover_is_safe`).

Finding the pairs is a matching: each row needs two free cells, each cell
serves one pair.  Rows of different lines meet in at most one cell, so a
pair serves several rows only when they overlap on one line: a pair inside
their shared cells keeps R out of all of them (:func:`demands`), which
needs fewer cells than a pair per row (:func:`one_per_line` gives every
row its own pair instead, the bound as first written).

>>> pairs_for([0b0111, 0b1100_0000])      # two rows, enough cells of their own
True
>>> pairs_for([0b0011, 0b0110])           # both need cell 1: no
False
"""
from __future__ import annotations

from .model import Mask


def pairs_for(rows_free: list[Mask]) -> bool:
    """Whether every row can get two of its free cells, no cell given twice.

    ``rows_free`` holds the free cells of each row (one mask per row).
    Augmenting paths over two slots per row (Kuhn's matching).
    """
    if any(not row & (row - 1) for row in rows_free):      # fewer than two free cells
        return False
    union = 0
    for row in rows_free:
        union |= row
    if union.bit_count() < 2 * len(rows_free):
        return False
    slots = sorted(rows_free, key=int.bit_count) * 2
    holder: dict[int, int] = {}       # cell bit -> slot holding it

    def claim(slot: int, seen: list[int]) -> bool:
        options = slots[slot] & ~seen[0]
        while options:
            bit = options & -options
            options ^= bit
            seen[0] |= bit
            other = holder.get(bit)
            if other is None or claim(other, seen):
                holder[bit] = slot
                return True
        return False

    return all(claim(slot, [0]) for slot in range(len(slots)))


Lines = tuple[tuple[Mask, ...], ...]     # rows grouped by the line they lie on


def one_per_line(rows_k: tuple[Mask, ...]) -> Lines:
    """Every row on its own: each open row then needs a pair of its own."""
    return tuple((row,) for row in rows_k)


def demands(lines: Lines, blocker: Mask, free: Mask) -> list[Mask]:
    """The cell sets that each need a pair: one per open row, or one per run of
    overlapping open rows of one line that still share two free cells.

    Rows without a ``blocker`` mark are open.  One pair inside the cells that
    neighbouring rows of a line share keeps the player out of all of them
    (e.g. on a line of five with rows of four, a pair among the middle
    three), and it never needs more cells than a pair for each row: each of
    those pairs has a cell in the shared part.

    >>> demands(((0b01111, 0b11110),), 0, 0b11111)     # one line of five, rows of four
    [14]
    >>> demands(((0b01111, 0b11110),), 0b00001, 0b11110)     # the first row is blocked
    [30]
    """
    out = []
    for line in lines:
        run = 0
        for row in line:
            if row & blocker:
                if run:
                    out.append(run)
                run = 0
                continue
            cells = row & free
            shared = run & cells
            if shared & (shared - 1):           # two or more cells in common
                run = shared
            else:
                if run:
                    out.append(run)
                run = cells
        if run:
            out.append(run)
    return out


def responder_is_safe(lines: Lines, mover: Mask, free: Mask) -> bool:
    """Whether the player who just moved can never complete a row (the bound above).

    ``lines`` holds the rows grouped by line (:func:`~.board.row_lines`, or
    :func:`one_per_line` for a pair per row); ``mover`` holds the marks of the
    player about to move.
    """
    return pairs_for(demands(lines, mover, free))


def mover_is_safe(lines: Lines, other: Mask, free: Mask) -> bool:
    """Whether the player to move can mark a cell after which the bound above covers them.

    Their own move leaves their rows as they are, so it is enough that the
    pairs leave a free cell over: they mark it and are the player covered.
    (That cell cannot finish one of their rows: such a row would have one
    free cell, and every row needs two.)  ``other`` holds the marks of the
    player who just moved.
    """
    needs = demands(lines, other, free)
    return 2 * len(needs) < free.bit_count() and pairs_for(needs)
