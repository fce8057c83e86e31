"""Solving a position: its exact value and every turn that keeps it.

The value is settled by null-window tests ("can the mover avoid losing?",
then "can the mover win?"), so a search stopped by the time limit still
leaves proven bounds.  Then every legal turn is tested against that value,
once per class of turns that give the same position up to symmetry.

>>> from .engine import start
>>> from .variant import Variant
>>> result = solve(start(Variant(3)))
>>> result.word, [t.name(3) for t in result.best_moves]
('draw', ['b2'])
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from collections.abc import Callable

from ..errors import RuleError
from ..schema import Table
from .engine import Position, Turn, legal_turns, play
from .search import DRAW, LOSS, WIN, Search, SearchTimeout

WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
Progress = Callable[[str], None]


@dataclass(frozen=True)
class Solution:
    """What the search proved about a position, for the player to move.

    ``lower``/``upper`` bound the value; they are equal when it is exact.
    ``best_moves`` are the turns proven to keep the value (all of them when
    ``complete``; after a timeout, those proven before it).
    """

    lower: int
    upper: int
    best_moves: tuple[Turn, ...] = ()
    complete: bool = True
    nodes: int = 0
    positions: int = 0
    seconds: float = 0.0

    @property
    def value(self) -> int | None:
        return self.lower if self.lower == self.upper else None

    @property
    def word(self) -> str:
        if self.value is not None:
            return WORDS[self.value]
        return f"between {WORDS[self.lower]} and {WORDS[self.upper]}"

    def as_dict(self, n: int) -> Table:
        return {"value": WORDS[self.value] if self.value is not None else None,
                "lower_bound": WORDS[self.lower], "upper_bound": WORDS[self.upper],
                "best_moves": [t.name(n) for t in self.best_moves],
                "best_moves_complete": self.complete, "positions": self.positions,
                "nodes": self.nodes, "seconds": round(self.seconds, 3)}


def _sides(position: Position, turn: Turn | None = None) -> tuple[int, int]:
    """(mover's marks, other marks) in the search's terms, after ``turn`` if given."""
    marks = list(position.marks)
    me = position.to_move
    if turn is not None:
        marks[me] |= turn.mask
        me = 1 - me
    if position.variant.shared:
        return marks[0] | marks[1], 0
    return marks[me], marks[1 - me]


def _key(search: Search, me: int, opp: int) -> int:
    return search.canon(me | opp << search.cells)


class _Clock:
    """Calls ``progress`` at most once a second with what the search is doing."""

    def __init__(self, progress: Progress | None, started: float):
        self.progress, self.started, self.last, self.stage = progress, started, started, ""

    def __call__(self, search: Search) -> None:
        now = time.monotonic()
        if self.progress is not None and now - self.last >= 1.0:
            self.last = now
            self.progress(f"{self.stage}: {search.nodes:,} nodes, {search.positions:,} positions, "
                          f"{now - self.started:.0f} s")


def solve(position: Position, time_limit: float | None = None, progress: Progress | None = None,
          search: Search | None = None, best: bool = True) -> Solution:
    """Solve ``position`` for the player to move (``search`` may be reused between calls).

    ``best=False`` stops once the value is settled, without the best turns (the
    solution then says its list of them is not complete).
    """
    if not position.free:
        raise RuleError("the board is full: the game is over", field="position")
    started = time.monotonic()
    clock = _Clock(progress, started)
    search = search or Search(position.variant)
    search.deadline = None if time_limit is None else started + time_limit
    search.tick = clock
    lower, upper = LOSS, WIN
    me, opp = _sides(position)
    found: list[Turn] = []
    complete = False
    try:
        while lower < upper:
            target = DRAW if upper - lower == 2 else upper
            clock.stage = f"can the mover get a {WORDS[target]}"
            result = search.value(me, opp, target - 1, target)
            if result >= target:
                lower = result
            else:
                upper = result
        if best:
            _best_turns(position, search, lower, clock, found)
        complete = best           # every best turn is listed only when they were searched
    except SearchTimeout:
        pass
    return Solution(lower, upper, tuple(found), complete, search.nodes, search.positions,
                    time.monotonic() - started)


def _turn_value_at_least(position: Position, search: Search, turn: Turn, target: int) -> bool:
    """Whether ``turn`` gives the mover at least ``target``."""
    after, outcome = play(position, turn)
    if outcome is not None:
        return (LOSS if outcome.loser is not None else DRAW) >= target
    me, opp = _sides(position, turn)
    reply = search.value(me, opp, -target, -target + 1, search.reflect(turn.mask))
    return reply <= -target


def _best_turns(position: Position, search: Search, value: int, clock: _Clock,
                best: list[Turn]) -> None:
    """Add to ``best`` every legal turn worth ``value``, testing one per symmetry class."""
    turns = legal_turns(position)
    if value == LOSS:
        best.extend(turns)
        return
    verdicts: dict[int, bool] = {}
    for i, turn in enumerate(turns):
        clock.stage = f"testing turn {i + 1} of {len(turns)}"
        key = _key(search, *_sides(position, turn))
        if key not in verdicts:
            verdicts[key] = _turn_value_at_least(position, search, turn, value)
        if verdicts[key]:
            best.append(turn)
