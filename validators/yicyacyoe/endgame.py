"""The end of a game, settled by counting instead of searching.

Once no open row has two free cells left, marking a cell changes nothing
but that cell: every row through it either was already blocked or had it
as its last free cell.  Each free cell is then usable by one player, by
both, or by neither (it would complete a row either way), and the rest of
the game is a race over three numbers.
"""
from __future__ import annotations

from functools import cache
from typing import Final

from .model import Mask

# Final: compiled code (ICP_PRINT_COMPILE=1, setup.py) uses the numbers instead of looking them up.
WIN: Final = 1
DRAW: Final = 0
LOSS: Final = -1


def open_rows(rows_k: tuple[Mask, ...], me: Mask, opp: Mask) -> tuple[Mask, Mask, Mask, bool]:
    """With own marks: the cells of the rows still open to the mover and to the other
    player, the rows one mark short for the mover (their last cell is barred to it), and
    whether some open row still has two or more free cells (the game is not yet a count).

    A row open to one player holds only that player's marks and free cells, so its free
    cells tell its state without counting marks: one left, or two and more (``f & (f - 1)``
    keeps all but the lowest, which compiled code does without a method call).

    >>> open_rows((0b0111, 0b1110), me=0b0011, opp=0b1000)
    (7, 0, 7, False)
    """
    threat = live_me = live_opp = 0
    wide = False
    for w in rows_k:
        a = w & me
        if not w & opp:
            live_me |= w
            free = w ^ a
            if free & (free - 1):
                wide = True
            elif free:
                threat |= w
        if not a:
            live_opp |= w
            if not wide:
                free = w & ~opp
                if free & (free - 1):
                    wide = True
    return live_me, live_opp, threat, wide


@cache
def count_game(mine: int, theirs: int, both: int, stuck: bool, left: int, p: int) -> int:
    """Exact value once no open row has two free cells left.

    From then on a mark changes nothing but the cell it fills, so only
    numbers matter: ``mine`` cells only the mover may mark (they would
    complete the other player's row), ``theirs`` only the other player,
    ``both`` either; ``stuck`` says some cells would complete a row for
    either player, so the board can never fill up.  The mover has ``left``
    marks to place this turn, ``p`` per turn.

    >>> count_game(0, 0, 2, True, 1, 1)    # two safe cells, then the mover is stuck
    -1
    >>> count_game(1, 0, 2, True, 1, 1)    # one private cell more: the other side runs out first
    1
    >>> count_game(0, 0, 3, False, 1, 1)   # the board fills up
    0
    """
    best = LOSS - 1
    for take_mine, take_both in ((0, 1), (1, 0)):
        if (take_mine and not mine) or (take_both and not both):
            continue
        rest = (mine - take_mine, theirs, both - take_both)
        if not any(rest) and not stuck:
            value = DRAW
        elif left > 1:
            value = count_game(*rest, stuck, left - 1, p)
        else:
            value = -count_game(rest[1], rest[0], rest[2], stuck, p, p)
        best = max(best, value)
    return LOSS if best < LOSS else best
