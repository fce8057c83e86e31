"""The Last Glow's location grid as numbered squares, and what the rules say about each
square as tables, so that the engine steps with integers instead of building records.

A square's number counts down each column from the top left: ``(column - 1) * lines
+ (line - 1)``, so squares in increasing number are the squares sorted by column, then
line, the order the engine lists Hunts and Sleeps in.  A set of squares (the Hearts,
the items) is an integer with bit ``n`` set for square ``n``.  Every table is worked
out once from the rules module's own functions (:func:`.rules.heart_course`,
:func:`.rules.explosion_damage`, :func:`.rules.hunt_faces`,
:func:`.rules.lighthouse_management`): the rules stay there alone.

>>> g = geometry()
>>> g.number[(1, 1)], g.number[(2, 1)], g.squares[7]
(0, 6, (2, 2))
>>> g.left[g.number[(1, 3)]], g.squares[g.up[g.number[(4, 3)]]]
(-1, (4, 2))
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from .rules import Lighthouse, Square, heart_course, explosion_damage, hunt_faces, lighthouse_management, rules
from ...frozen import Rebuilt, rebuilt

OFF = -1
"""The number of a square off the grid."""
Course = tuple[str, int]
"""Where a Heart goes on one roll with nothing in its way: its move's kind and the number
of the square it ends on (:data:`OFF` for an explosion or a contact)."""


@dataclass(frozen=True)
class Geometry:
    """The grid's squares by number and the rules' tables by square number."""

    columns: int
    lines: int
    squares: tuple[Square, ...]
    """Each square by its number."""
    number: dict[Square, int]
    left: tuple[int, ...]
    """The square a Maneuver to the left reaches, or :data:`OFF`; likewise ``right`` and
    ``up`` (Full Throttle)."""
    right: tuple[int, ...]
    up: tuple[int, ...]
    sunk: tuple[int, ...]
    """Where the Storm Phase sinks the Lighthouse from each square, :data:`OFF` off the grid."""
    near: tuple[int, ...]
    """The squares next to each one (diagonals too) and itself, as bits."""
    reach: tuple[int, ...]
    """The squares one orthogonal step away or less (Sleep's reach), as bits."""
    courses: tuple[tuple[Course, ...], ...]
    """``courses[square][roll]``: :func:`.rules.heart_course` (index 0 unused)."""
    blast: tuple[tuple[int, ...], ...]
    """``blast[heart][lighthouse]``: Structure an explosion there costs."""
    hunt_faces: tuple[tuple[int, ...], ...]
    """``hunt_faces[lighthouse][heart]``: the d6 faces that catch the Heart, as bits."""
    storm_lines: tuple[int, ...]
    """Each line's squares as bits, from the bottom line up: the Hearts' order in the storm
    (lowest line first; on a line, increasing numbers run left to right)."""
    spawn: tuple[int, ...]
    """``spawn[face]``: the square of line 1 a d6 places a new Heart on (index 0 unused)."""

    def bits(self, squares: Iterable[Square]) -> int:
        """``squares`` as bits.

        >>> geometry().bits([(1, 1), (1, 2)])
        3
        """
        found = 0
        for square in squares:
            found |= 1 << self.number[square]
        return found

    def of(self, bits: int) -> list[Square]:
        """The squares of ``bits``, in increasing number."""
        return [self.squares[n] for n in numbers(bits)]

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


def numbers(bits: int) -> Iterator[int]:
    """The numbers of the squares of ``bits``, increasing.

    >>> list(numbers(0b10110))
    [1, 2, 4]
    """
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


@cache
def geometry() -> Geometry:
    """The tables, worked out once from the rules' data and functions."""
    r = rules()
    squares = tuple((column, line) for column in range(1, r.columns + 1) for line in range(1, r.lines + 1))
    number = {square: n for n, square in enumerate(squares)}

    def at(column: int, line: int) -> int:
        return number.get((column, line), OFF)

    def bits(found: Iterable[int]) -> int:
        return sum(1 << n for n in set(found) if n != OFF)

    def sink(square: Square) -> int:
        after = lighthouse_management(Lighthouse(square, 1, 1))
        return OFF if after.crashed else number[after.square]

    return Geometry(
        r.columns, r.lines, squares, number,
        left=tuple(at(c - 1, line) for c, line in squares),
        right=tuple(at(c + 1, line) for c, line in squares),
        up=tuple(at(c, line - 1) for c, line in squares),
        sunk=tuple(sink(square) for square in squares),
        near=tuple(bits(at(c + dx, line + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)) for c, line in squares),
        reach=tuple(bits(at(c + dx, line + dy) for dx, dy in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)))
                    for c, line in squares),
        courses=tuple((("", OFF),) + tuple(_course(heart, roll, number) for roll in range(1, 7))
                      for heart in squares),
        blast=tuple(tuple(explosion_damage(heart, lighthouse) for lighthouse in squares) for heart in squares),
        hunt_faces=tuple(tuple(sum(1 << face for face in hunt_faces(lighthouse, heart)) for heart in squares)
                         for lighthouse in squares),
        storm_lines=tuple(bits(at(c, line) for c in range(1, r.columns + 1)) for line in range(r.lines, 0, -1)),
        spawn=(OFF,) + tuple(at(face, 1) for face in range(1, 7)),
    )


def _course(heart: Square, roll: int, number: dict[Square, int]) -> Course:
    move = heart_course(heart, roll)
    return move.kind, OFF if move.to is None else number[move.to]
