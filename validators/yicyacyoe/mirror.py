"""The mirror strategy: answer every mark with its half-turn image about the centre.

With one mark a turn and own marks, the player who mirrors never completes a
row, wherever the rows allow it:

* on an odd board the first player takes the centre, then mirrors.  A row of
  the mirroring player's marks that misses the centre is the image of a row
  the other player completed on the turn before, so the game was already
  over; a row through the centre cannot be theirs if it also holds a cell
  and its image (one of those two is the other player's).  Rows of ``k``
  that end at the centre break the argument (5x5 with rows of 3 is lost);
* on an even board the second player mirrors: a row that is its own image
  holds a cell and its image, any other row is the image of one the first
  player completed before.

:func:`guarantees_draw` checks that condition row by row; :func:`verify`
plays the strategy against every reply instead, through the rules engine,
and is what the tests run to confirm the argument.

>>> from .variant import Variant
>>> guarantees_draw(Variant(3)), guarantees_draw(Variant(5, 3)), guarantees_draw(Variant(4, 2))
(True, False, True)
"""
from __future__ import annotations

from .model import Mask, cells_of, rows
from .engine import completed_row
from .keys import half_turn
from .variant import Variant

Side = int   # 0: the first player mirrors (odd boards), 1: the second (even boards)


def mirroring_side(variant: Variant) -> Side:
    return 0 if variant.n % 2 else 1


def _applies(variant: Variant) -> bool:
    return variant.p == 1 and not variant.shared


def guarantees_draw(variant: Variant) -> bool:
    """Whether the mirroring player can never complete a row of ``variant``."""
    if not _applies(variant):
        return False
    if variant.n % 2 == 0:
        return True          # a row that is its own image always holds a cell and its image
    image, centre = half_turn(variant.n), variant.cells // 2
    return all(any(c != centre and row >> image[c] & 1 for c in cells_of(row))
               for row in rows(variant.n, variant.k or variant.n) if row >> centre & 1)


def mirror_bounds(variant: Variant, me: Mask, opp: Mask) -> tuple[int, int]:
    """Bounds the mirror gives the player to move (``me``) in a position.

    (-1, 1) when it says nothing.  A mirrored position (each player's marks
    the image of the other's, the centre aside) lets whoever holds the centre
    on an odd board, or the player who just moved on an even one, keep
    mirroring: at least a draw for them.  An odd board with a free centre
    lets the player to move take it and mirror from there.
    """
    if not guarantees_draw(variant):
        return -1, 1
    image = half_turn(variant.n)
    mirrored = 0
    for c in cells_of(me):
        mirrored |= 1 << image[c]
    if variant.n % 2 == 0:
        return (-1, 0) if mirrored == opp else (-1, 1)
    centre = 1 << variant.cells // 2
    if mirrored == opp and not (me | opp) & centre:
        return 0, 1                      # take the centre, then mirror
    if mirrored | centre == opp:
        return -1, 0                     # the other player holds the centre and mirrors
    return -1, 1


def verify(variant: Variant, limit: int = 2_000_000) -> bool:
    """Play the mirror against every sequence of replies; True if it never completes a row.

    Follows the game through :func:`completed_row` of the rules engine, one
    position per set of the other player's marks (the mirror fixes the rest).
    Raises ValueError past ``limit`` positions.
    """
    if not _applies(variant):
        return False
    image, side = half_turn(variant.n), mirroring_side(variant)
    full = (1 << variant.cells) - 1
    start = 1 << variant.cells // 2 if side == 0 else 0
    seen: set[Mask] = set()
    todo: list[tuple[Mask, Mask]] = [(start, 0)]      # (mirror's marks, other marks)
    while todo:
        mine, theirs = todo.pop()
        if completed_row(variant, mine, mine | theirs):
            return False
        free = full & ~(mine | theirs)
        for reply in cells_of(free):
            after = theirs | 1 << reply
            if completed_row(variant, after, mine | after):
                continue                 # the other player completed a row and lost
            answer = image[reply]
            if not free >> answer & 1 or answer == reply:
                return False             # no image to answer with (never on a mirrored board)
            if after not in seen:
                seen.add(after)
                if len(seen) > limit:
                    raise ValueError(f"more than {limit} positions to verify")
                todo.append((mine | 1 << answer, after))
    return True
