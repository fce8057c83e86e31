"""The rules of a game in progress: whose turn, which turns are legal, who lost.

A turn places ``p`` marks at once (the variant's marks per turn).  With
connected placement they must be free cells joined by neighbours, diagonals
included: a straight line, or (when the variant lets lines bend) any joined
group.  When no such shape of ``p`` free cells is left (or fewer than ``p``
cells are free), the turn is the largest such shape there is; with free
placement it is every cell left, up to ``p``.  The turn is judged as a whole: if the board after it shows a
completed row of the mover's marks (of any marks, with shared marks), the
mover loses; a full board with no completed row is a draw.

>>> from .variant import Variant
>>> game = start(Variant(3))
>>> game, result = play(game, Turn.parse("b2", 3))
>>> result is None, game.to_move
(True, 1)
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..errors import RuleError
from .model import Cell, Mask, cell_name, cells_of, exact_rows, mask_of, parse_cell, rows, shapes
from .variant import Variant

Player = int   # 0 moves first, 1 second


@dataclass(frozen=True, order=True)
class Turn:
    """The cells one player marks in one turn, lowest first."""

    cells: tuple[Cell, ...]

    @classmethod
    def parse(cls, text: str, n: int) -> Turn:
        """``"b2 c2"`` (spaces or commas) -> a turn; bad cells raise InputError."""
        words = text.replace(",", " ").split()
        if not words:
            raise RuleError("no cell given: type cells like b2", field="move")
        cells = [parse_cell(w, n) for w in words]
        if len(set(cells)) != len(cells):
            raise RuleError("the same cell is named twice", field="move")
        return cls(tuple(sorted(cells)))

    @property
    def mask(self) -> Mask:
        return mask_of(self.cells)

    def name(self, n: int) -> str:
        return " ".join(cell_name(c, n) for c in self.cells)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``loser`` completed ``row`` (None and 0 for a draw)."""

    loser: Player | None
    row: Mask = 0

    @property
    def is_draw(self) -> bool:
        return self.loser is None


@dataclass(frozen=True)
class Position:
    """The board between turns: each player's marks and who places next."""

    variant: Variant
    marks: tuple[Mask, Mask] = (0, 0)
    to_move: Player = 0

    @property
    def taken(self) -> Mask:
        return self.marks[0] | self.marks[1]

    @property
    def free(self) -> Mask:
        return ((1 << self.variant.cells) - 1) & ~self.taken


def start(variant: Variant) -> Position:
    return Position(variant)


def longest_free_line(variant: Variant, free: Mask) -> int:
    """The most free cells, up to ``p``, one connected turn can cover (a line, or a group)."""
    for length in range(variant.p, 0, -1):
        if any(s & free == s for s in shapes(variant.n, length, variant.bends)):
            return length
    return 0


def turn_size(position: Position) -> int:
    """How many marks the player to move places now."""
    v, free = position.variant, position.free
    if v.connected:
        return longest_free_line(v, free)
    return min(v.p, free.bit_count())


def legal_turns(position: Position) -> list[Turn]:
    """Every turn the player to move may take (empty when the board is full)."""
    v, free = position.variant, position.free
    size = turn_size(position)
    if size == 0:
        return []
    if v.connected:
        return sorted(Turn(tuple(cells_of(s))) for s in shapes(v.n, size, v.bends) if s & free == s)
    return [Turn(c) for c in combinations(cells_of(free), size)]


def check_turn(position: Position, turn: Turn) -> None:
    """Raise :class:`RuleError` saying why ``turn`` is not legal here."""
    v, n = position.variant, position.variant.n
    if any(c < 0 or c >= v.cells for c in turn.cells):
        raise RuleError("a cell is off the board", field="move")
    taken = [cell_name(c, n) for c in turn.cells if position.taken >> c & 1]
    if taken:
        raise RuleError(f"{', '.join(taken)} already marked", field="move")
    size = turn_size(position)
    if len(turn.cells) != size:
        raise RuleError(f"place {size} mark{'s' * (size > 1)} this turn, not {len(turn.cells)}",
                        field="move")
    if v.connected and size > 1 and turn.mask not in shapes(n, size, v.bends):
        shape = "touch one another in a group" if v.bent else "be a straight line of"
        raise RuleError(f"the {size} marks must {shape} neighbouring cells "
                        "(across, up or diagonal)", field="move")


def completed_row(variant: Variant, own: Mask, taken: Mask) -> Mask:
    """A completed row of ``own`` marks (0 if none); ``taken`` is every marked cell.

    With ``long_rows`` off, a row of ``k`` counts only when the cells that
    would extend it in its direction are not ``own``.
    """
    if variant.long_rows:
        return next((r for r in rows(variant.n, variant.row_length) if r & own == r), 0)
    return next((r for r, ends in exact_rows(variant.n, variant.k)
                 if r & own == r and not ends & own), 0)


def play(position: Position, turn: Turn) -> tuple[Position, Outcome | None]:
    """Make ``turn``; return the new position and the outcome if the game is over."""
    check_turn(position, turn)
    v, me = position.variant, position.to_move
    marks = list(position.marks)
    marks[me] |= turn.mask
    after = Position(v, (marks[0], marks[1]), 1 - me)
    own = after.taken if v.shared else marks[me]
    row = completed_row(v, own, after.taken)
    if row:
        return after, Outcome(me, row)
    if not after.free:
        return after, Outcome(None)
    return after, None
