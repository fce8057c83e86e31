"""The Last Glow's board as small integers: the Lighthouse's square number and gauges, the
Hearts and the items as bits (:mod:`.squares`), changed in place by the engine; and the
postcard's numbers the engine needs.

>>> board = Board(Lighthouse((3, 3), 3, 6), hearts=[(3, 2), (1, 1)], items={(4, 4)})
>>> board.at, board.heart_bits, board.hearts, board.lighthouse.square
(14, 8193, ((1, 1), (3, 2)), (3, 3))
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from ...errors import RuleError
from .rules import Lighthouse, Square, rules
from .squares import geometry
from ..model import Grid
from ..postcard_file import load_postcard
from ...frozen import Rebuilt, mypyc_attr, rebuilt


@dataclass(frozen=True)
class Card:
    """The postcard's numbers the engine needs: gauge starts and tops, the start square."""

    start: Square
    brightness: int
    brightness_max: int
    structure_max: int
    victory_goal: int

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


@cache
def card() -> Card:
    postcard = load_postcard("the-last-glow")
    tracks = postcard.tracks()
    grid = next(g for g in postcard.of_kind(Grid) if g.id == "locations")
    row, col = grid.features_named("start")[0].cell
    return Card((col + 1, row + 1), int(tracks["brightness"].start), int(tracks["brightness"].cells[-1]),
                int(tracks["structure"].cells[-1]), int(tracks["victory"].goal[0]))


class Die(Protocol):
    """Where a crew action's d6 comes from: a ``random.Random``, or :class:`Face`."""

    def randint(self, a: int, b: int) -> int:
        ...


class Face:
    """A d6 that shows ``face``: to see what an action does on each face of its die.

    >>> Face(4).randint(1, 6)
    4
    """

    __slots__ = ("face",)

    def __init__(self, face: int) -> None:
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return self.face


FACES = {face: Face(face) for face in range(1, 7)}


@mypyc_attr(serializable=True)
@dataclass(slots=True, init=False)
class Board:
    """The location grid and the Lighthouse's gauges as integers, changed in place: the
    Lighthouse's square number (:mod:`.squares`), the Hearts and the items as bits.

    Built from squares (``Board(Lighthouse(...), hearts=[...], items=[...])``), and read
    as squares through ``lighthouse``, ``hearts`` and ``items``.
    """

    at: int
    brightness: int
    structure: int
    crashed: bool
    heart_bits: int
    item_bits: int
    captured: int
    victory: int
    lost: str                   # why the game was lost ("" while it is not)

    def __init__(self, lighthouse: Lighthouse, hearts: Iterable[Square] = (), items: Iterable[Square] = (),
                 captured: int = 0, victory: int = 0, lost: str = "") -> None:
        g = geometry()
        self.lighthouse = lighthouse
        self.heart_bits, self.item_bits = g.bits(map(_on_grid, hearts)), g.bits(map(_on_grid, items))
        self.captured, self.victory, self.lost = captured, victory, lost

    @property
    def lighthouse(self) -> Lighthouse:
        return Lighthouse(geometry().squares[self.at], self.brightness, self.structure, self.crashed)

    @lighthouse.setter
    def lighthouse(self, lighthouse: Lighthouse) -> None:
        self.at = geometry().number[_on_grid(lighthouse.square)]
        self.brightness, self.structure, self.crashed = lighthouse.brightness, lighthouse.structure, \
            lighthouse.crashed

    @property
    def hearts(self) -> tuple[Square, ...]:
        """The Hearts' squares, by column then line."""
        return tuple(geometry().of(self.heart_bits))

    @property
    def items(self) -> frozenset[Square]:
        return frozenset(geometry().of(self.item_bits))

    def copy(self) -> Board:
        """The board, copied field by field into ``Board.__new__(Board)``, an empty board compiled
        too (``serializable``: else mypyc's ``__new__`` calls ``__init__``)."""
        twin = Board.__new__(Board)
        twin.at, twin.brightness, twin.structure, twin.crashed = self.at, self.brightness, self.structure, \
            self.crashed
        twin.heart_bits, twin.item_bits, twin.captured, twin.victory, twin.lost = \
            self.heart_bits, self.item_bits, self.captured, self.victory, self.lost
        return twin

    @property
    def won(self) -> bool:
        return self.victory >= card().victory_goal

    @property
    def destroyed(self) -> bool:
        """:attr:`.rules.Lighthouse.destroyed`: crashed, or no Structure left."""
        return self.crashed or self.structure <= 0

    def free(self, square: Square) -> bool:
        """On the grid and not a Heart's square: the Lighthouse may go there."""
        number = geometry().number.get(square)
        return number is not None and not self.heart_bits >> number & 1


def _on_grid(square: Square) -> Square:
    if square not in geometry().number:
        r = rules()
        raise RuleError(f"{square!r} is not a square of the {r.columns}x{r.lines} grid", field="square")
    return square
