"""What every solo YCP engine shares: one seat, a turn counter, the events tally, the outcome.

A solo game's only seat is 0; a round is one turn.  Subclasses set
``outcome`` to 1.0 (won) or 0.0 (lost) when the game ends and count what
fired in ``events``.
"""
from __future__ import annotations

from collections import Counter
import random
from collections.abc import Hashable, Sequence
from typing import Protocol, Self

from ..play import TERMINAL, UNCOUNTED, Action, PlayState, Seat, value

WIN, LOSS = 1.0, 0.0
TERMINAL_SCORE = 1000.0
"""What ``heuristic`` answers for a won game (and minus it for a lost one)."""
LOOK_AHEAD_MEMORY = 1 << 16
"""Positions whose greedy values :func:`look_ahead` keeps before it starts again."""
_looked_at: dict[Hashable, tuple[float, ...]] = {}


class SoloPlay(PlayState, Protocol):
    """A solo engine's state as the look-ahead plays it: copied, and played with no
    dice (``rng=None``: the engine stops where chance would come next)."""

    def apply(self, action: Action, rng: random.Random | None) -> None: ...

    def clone(self) -> SoloPlay: ...


class SoloState:
    """The bookkeeping half of a solo :class:`~..play.PlayState`."""

    num_players = 1

    def __init__(self) -> None:
        self.turns = 0
        self.events: Counter[str] = Counter()
        self.outcome: float | None = None

    @property
    def rounds(self) -> int:
        return self.turns

    def current_player(self) -> Seat:
        return TERMINAL if self.outcome is not None else 0

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> tuple[float, ...]:
        return (self.outcome or 0.0,)

    def end(self, outcome: float, why: str) -> None:
        """Finish the game and count why it ended (``won``, ``lost: ...``)."""
        self.outcome = outcome
        self.events[why] += 1

    def terminal_score(self) -> float | None:
        """The heuristic of a finished game, or None while it is running."""
        if self.outcome is None:
            return None
        return TERMINAL_SCORE if self.outcome == WIN else -TERMINAL_SCORE

    def clone(self) -> Self:
        """A copy sharing nothing mutable: every list, dict and set is copied; its
        ``events`` are not counted (look-ahead copies never report them)."""
        twin = object.__new__(type(self))
        state = self.__dict__.copy()
        state["events"] = UNCOUNTED
        for name, held in state.items():
            if isinstance(held, (list, dict, set)) and held is not UNCOUNTED:
                state[name] = held.copy()
        twin.__dict__ = state
        return twin


def look_ahead(state: SoloPlay, actions: Sequence[Action], key: Hashable) -> tuple[float, ...]:
    """:func:`values_before_chance`, remembered by ``key`` (with the actions): a solo game
    meets the same positions again and again, so ``key`` must say everything the values
    depend on."""
    key = (key, tuple(actions))
    found = _looked_at.get(key)
    if found is None:
        if len(_looked_at) >= LOOK_AHEAD_MEMORY:
            _looked_at.clear()
        found = _looked_at[key] = values_before_chance(state, actions)
    return found


def values_before_chance(state: SoloPlay, actions: Sequence[Action]) -> tuple[float, ...]:
    """Each action played on a copy of ``state`` up to the next die (``apply`` with no
    generator: the engine stops where chance would come next), rated as the greedy
    player rates a position: the measure an engine's faster ratings must agree with."""
    values = []
    for action in actions:
        twin = state.clone()
        twin.apply(action, None)
        values.append(value(twin, 0))
    return tuple(values)
