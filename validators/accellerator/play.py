"""Accellerator played from the set-up to a winner, for the analysis lab (``validators/play.py``).

A decision is one whole turn: the facing of a reset pawn, the energy the roll
allows and the deflector change (or none), exactly the :class:`~.turn.TurnChoice`
that :func:`~.turn.play_turn` plays.  The accellerator is rolled for the next
player at the end of ``apply`` (and for the first player at the set-up), so
every decision is made knowing its roll, as at the table.  Electrons are
always banked on entering home with some: three banked win, and nothing is
gained by carrying them on.

The legal choices are listed lazily (a move of one of ten deflectors to any
free cell makes thousands): plain choices without a deflector change come
first, in the order facing then energy, then every choice with a change.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast, overload

from ..errors import InputError
from ..play import TERMINAL, UNCOUNTED, Action
from .board import Board
from .board_file import standard_board
from .deflectors import Change, acceleration, change_picker, energy_options, legal_change_counts
from .model import BOUNCES, DIE_SIDES, FACINGS, WIN_BANKED, Rules, State, manhattan
from .turn import TurnChoice, place, play_turn


@dataclass(frozen=True)
class AccelleratorGame:
    """Accellerator on one board; the variant is the bounce reading."""

    board: Board
    name: ClassVar[str] = "Accellerator"
    min_players: ClassVar[int] = 2
    variants: ClassVar[Mapping[str, Sequence[str]]] = {"bounce": BOUNCES}

    @property
    def max_players(self) -> int:
        return len(self.board.homes)

    def new_state(self, players: int, rng: random.Random,
                  variant: Mapping[str, str]) -> AccelleratorState:
        from .simulate import opening
        if not 2 <= players <= self.max_players:
            raise InputError(f"this board has {self.max_players} homes: 2 to {self.max_players} "
                             f"players, not {players}", field="players")
        state = opening(self.board, players, rng, Rules(variant.get("bounce", BOUNCES[0])))
        return AccelleratorState(state, rng.randint(1, DIE_SIDES), 0, Counter())


class Choices(Sequence[TurnChoice]):
    """Every legal choice for one roll, built only when asked for by index."""

    def __init__(self, state: State, roll: int) -> None:
        self.plain: list[TurnChoice] = []
        self.changing: list[tuple[State, str, int | None, str | None, int]] = []
        self._pickers: dict[tuple[str | None, str], Callable[[int], Change]] = {}
        for facing in FACINGS if state.mover.at is None else (None,):
            placed, _ = place(state, facing)
            kind = acceleration(placed.mover.energy, roll)
            changes = sum(legal_change_counts(placed, kind).values())
            for energy in energy_options(placed.mover.energy, roll):
                if kind != "below" or not changes:
                    self.plain.append(TurnChoice(energy, None, facing))
                if changes:
                    self.changing.append((placed, kind, energy, facing, changes))
        self.size = len(self.plain) + sum(n for *_, n in self.changing)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> TurnChoice: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[TurnChoice]: ...

    def __getitem__(self, index: int | slice) -> TurnChoice | Sequence[TurnChoice]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        if index < len(self.plain):
            return self.plain[index]
        index -= len(self.plain)
        for placed, kind, energy, facing, count in self.changing:
            if index < count:
                return TurnChoice(energy, self._picker(placed, kind, facing)(index), facing)
            index -= count
        raise IndexError(index)


    def _picker(self, placed: State, kind: str, facing: str | None) -> Callable[[int], Change]:
        """The changes for one facing (the energy chosen does not change them), found once."""
        key = (facing, kind)
        if key not in self._pickers:
            self._pickers[key] = change_picker(placed, kind)
        return self._pickers[key]


class AccelleratorState:
    """One position: the table (:class:`~.model.State`) and the roll of the player to move."""

    __slots__ = ("state", "roll", "turns", "rounds", "events", "num_players", "_choices")

    def __init__(self, state: State, roll: int, turns: int, events: Counter[str]) -> None:
        self.state, self.roll, self.turns, self.events = state, roll, turns, events
        self.num_players = len(state.pawns)
        self.rounds = turns // self.num_players
        self._choices: Choices | None = None

    def current_player(self) -> int:
        return TERMINAL if self.state.over else self.state.to_move

    def is_terminal(self) -> bool:
        return self.state.over

    def legal_actions(self) -> Choices:
        if self._choices is None:
            self._choices = Choices(self.state, self.roll)
        return self._choices

    def apply(self, action: Action, rng: random.Random) -> None:
        turn = play_turn(self.state, self.roll, cast(TurnChoice, action),   # one of legal_actions()
                         listed=True)
        self.events.update(e.rule for e in turn.all_events)
        self.state = turn.after
        self.turns += 1
        self.rounds = self.turns // self.num_players
        self._choices = None
        if not self.state.over:
            self.roll = rng.randint(1, DIE_SIDES)

    def clone(self) -> AccelleratorState:
        """A copy (the table itself is immutable); its ``events`` are not counted."""
        return AccelleratorState(self.state, self.roll, self.turns, UNCOUNTED)

    def returns(self) -> tuple[float, ...]:
        winners = self.state.winners()
        share = 1.0 / len(winners)
        return tuple(share if p.player in winners else 0.0 for p in self.state.pawns)

    def heuristic(self, seat: int) -> float:
        """Electrons banked (worth most), then carried, then being on the board and near the
        next goal (home when carrying, else the reactor); less the best opponent's."""
        values = [self._standing(p) for p in self.state.pawns]
        return values[seat] - max(v for i, v in enumerate(values) if i != seat)

    def _standing(self, pawn) -> float:
        board = self.state.board
        value = 10.0 * min(pawn.banked, WIN_BANKED) + 3.0 * pawn.carrying
        if pawn.at is None:
            return value - 1.0
        goal = board.home_of(pawn.player) if pawn.carrying else board.reactor
        return value - manhattan(pawn.at, goal) / (2 * board.size)


GAME = AccelleratorGame(standard_board())
ENGINES = (GAME,)


def game_on(board: Board) -> AccelleratorGame:
    """Accellerator on ``board`` (a scenario's board, with its own homes)."""
    return AccelleratorGame(board)
