"""The one interface every whole-game engine implements (the shape of
OpenSpiel's Game and State), so that computer players and the analysis runner
work against it and never against a game's internals.

A game engine provides a :class:`PlayGame` whose ``new_state`` deals a fresh
game from setup; the :class:`PlayState` it returns is then driven by
``legal_actions`` and ``apply`` until ``is_terminal``.  Chance (dice, shuffles,
draws) is resolved inside ``apply`` from the ``random.Random`` it is given, so
one seeded generator replays one game exactly.

An engine lives in a module that exposes ``GAME``, its :class:`PlayGame`
with the default options.  A solo game whose variants include its difficulty
modes names that variant in an optional ``difficulty`` attribute (see
:func:`difficulty_of`), so the analysis reports a win probability per mode.

A state may also offer ``action_values(actions, seat, rng)``: the greedy
player's one-step value of each action (a finished game rated as :data:`WON`
says), found without copying the whole position.  Without it the greedy player plays each action
on a ``clone`` and asks the copy; an engine that offers it documents how it
rates an action (typically: the position right after it, before new chance).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from .frozen import Rebuilt, rebuilt

Action = Hashable
Seat = int
TERMINAL: Final[Seat] = -1
"""What ``current_player`` answers once the game is over."""


class _Uncounted(Counter[str]):
    """A tally that keeps nothing: the ``events`` of a copy made to look ahead."""

    def __setitem__(self, key: str, value: int) -> None:
        pass


UNCOUNTED: Final[Counter[str]] = _Uncounted()
"""Shared by every look-ahead copy (``clone``): counting into it costs almost nothing and
it stays empty, so the analysis counts only what happened in the game itself.

>>> UNCOUNTED["played"] += 1
>>> UNCOUNTED["played"], len(UNCOUNTED)
(0, 0)
"""


class PlayState(Protocol):
    """One position of one whole game, mutable, advanced in place by ``apply``."""

    # Read-only members: an engine may hold them as attributes or derive them.
    @property
    def num_players(self) -> int:
        ...

    @property
    def turns(self) -> int:
        """Turns taken so far (one seat acting once)."""
        ...

    @property
    def rounds(self) -> int:
        """Rounds completed so far (every seat having had its turn)."""
        ...

    @property
    def events(self) -> Counter[str]:
        """How often each card, action or rule fired: the analysis report counts these."""
        ...

    def current_player(self) -> Seat:
        """The seat whose decision is next, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every choice the rules allow the current seat; never empty before the end."""
        ...

    def apply(self, action: Action, rng: random.Random) -> None:
        """Play ``action`` for the current seat; chance that follows comes from ``rng``."""
        ...

    def clone(self) -> PlayState:
        """An independent copy, for players that look ahead; its ``events`` need not be
        counted (engines give it :data:`UNCOUNTED`)."""
        ...

    def is_terminal(self) -> bool:
        ...

    def returns(self) -> tuple[float, ...]:
        """Per seat: 1.0 for a win, 0.0 for a loss; a draw shares 1.0 among the tied
        seats.  A solo game answers ``(1.0,)`` for a win and ``(0.0,)`` for a loss."""
        ...

    def heuristic(self, seat: Seat) -> float:
        """The greedy player's documented evaluation of this position for ``seat``
        (higher is better); search players may use it to cut playouts short."""
        ...


class PlayGame(Protocol):
    """A game as the analysis runner sees it: its name, seat range and variants."""

    @property
    def name(self) -> str:
        ...

    @property
    def min_players(self) -> int:
        ...

    @property
    def max_players(self) -> int:
        ...

    @property
    def variants(self) -> Mapping[str, Sequence[str]]:
        """Each variant option and the values it accepts; the first value is the default."""
        ...

    def new_state(self, players: int, rng: random.Random,
                  variant: Mapping[str, str]) -> PlayState:
        """A game set up by the rules for ``players`` seats (setup chance from ``rng``)."""
        ...


@dataclass(frozen=True)
class FixedGame:
    """A :class:`PlayGame` with one seat count and no variants, set up by ``setup`` from the
    random source alone: the shape of most postcard engines, written once."""

    name: str
    players: int
    setup: Callable[[random.Random], PlayState]

    @property
    def min_players(self) -> int:
        return self.players

    @property
    def max_players(self) -> int:
        return self.players

    @property
    def variants(self) -> Mapping[str, Sequence[str]]:
        return {}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str]) -> PlayState:
        return self.setup(rng)

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


WON: Final = 1e9
"""A finished game's value to the greedy player is ``(returns - 0.5) * WON``, beyond any
``heuristic`` score; an engine's ``action_values`` rate a finished game the same way."""


def value(state: PlayState, seat: Seat) -> float:
    """The greedy player's value of a position: a finished game is worth its result,
    far beyond any heuristic score."""
    if state.is_terminal():
        return WON * (state.returns()[seat] - 0.5)
    return state.heuristic(seat)


def difficulty_of(game: PlayGame) -> str | None:
    """The variant key whose values are ``game``'s difficulty modes, if it has any.

    Optional on a :class:`PlayGame`: engines without modes need not define it.

    >>> class Solo:
    ...     difficulty = "mode"
    >>> difficulty_of(Solo()), difficulty_of(object())
    ('mode', None)
    """
    return getattr(game, "difficulty", None)
