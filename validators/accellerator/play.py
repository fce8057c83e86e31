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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast, overload

from ..errors import InputError
from ..play import TERMINAL, UNCOUNTED, WON, Action
from .board import Board
from .board_file import standard_board
from .deflectors import acceleration, change_menu, energy_options
from .foresight import search_candidates
from .model import BOUNCES, DIE_SIDES, FACINGS, WIN_BANKED, Cell, Pawn, Rules, State, manhattan
from .turn import TurnChoice, back_home, look_ahead, play_turn, turn_after


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
    """Every legal choice for one roll, built only when asked for by index.

    Every facing and energy offers the same deflector changes, so the choice at an index
    past the plain ones is found by one division: its (facing, energy) group and its
    change in the roll's change menu."""

    def __init__(self, state: State, roll: int) -> None:
        self.plain: list[TurnChoice] = []
        self.groups: list[tuple[int | None, str | None]] = []
        """The (energy, facing) of each run of choices with a deflector change, in order."""
        facings = FACINGS if state.mover.at is None else (None,)
        # A reset pawn's facing changes neither its energy nor which cells are blocked.
        placed = back_home(state, facings[0]) if state.mover.at is None else state
        kind = acceleration(placed.mover.energy, roll)
        counts, self.picker = change_menu(placed, kind)
        self.changes = sum(counts.values())
        options = energy_options(placed.mover.energy, roll)
        for facing in facings:
            for energy in options:
                if kind != "below" or not self.changes:
                    self.plain.append(TurnChoice(energy, None, facing))
                if self.changes:
                    self.groups.append((energy, facing))
        self.plain_count = len(self.plain)
        self.size = self.plain_count + len(self.groups) * self.changes

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> TurnChoice: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[TurnChoice]: ...

    def __getitem__(self, index: int | slice) -> TurnChoice | Sequence[TurnChoice]:
        plain = self.plain_count
        if index.__class__ is int and plain <= index < self.size:
            group, pick = divmod(index - plain, self.changes)
            energy, facing = self.groups[group]
            return tuple.__new__(TurnChoice, (energy, self.picker(pick), facing, True))
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        return self[index] if index >= plain else self.plain[index]


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
        choice = cast(TurnChoice, action)                                # one of legal_actions()
        if self.events is UNCOUNTED:        # a copy looking ahead: no records to count
            self.state = turn_after(self.state, self.roll, choice)
        else:
            turn = play_turn(self.state, self.roll, choice, listed=True)
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
        return returns(self.state)

    def heuristic(self, seat: int) -> float:
        return heuristic(self.state, seat)

    def search_candidates(self, greedy: TurnChoice, seat: int, most: int) -> list[TurnChoice]:
        """The turns the search player weighs: greedy's and the best of other effects
        (:mod:`.foresight`)."""
        choices = self.legal_actions()
        changes = [choices.picker(i) for i in range(choices.changes)] if choices.groups else []
        return search_candidates(self.state, self.roll, changes, choices.plain, greedy, seat, most)

    def action_values(self, actions: Sequence[TurnChoice], seat: int,
                      rng: random.Random) -> list[float]:
        """Each turn's value for ``seat`` right after its move, before the next roll: the
        greedy player's one-step look, without a copy of the position per turn.

        A turn's move is looked ahead (:func:`~.turn.look_ahead`: the same steps as a
        turn played, without their records).  A turn whose deflector change touches no
        cell that the same facing and energy entered without it makes that same move
        (:attr:`~.movement.Move.entered`), and the rating looks at pawns only, so it is
        rated once and not moved again."""
        values = []
        moved: dict[tuple[str | None, int | None, bool], tuple[frozenset[Cell], float]] = {}
        state, roll = self.state, self.roll
        for choice in actions:
            energy, change, facing, bank = choice
            key = (facing, energy, bank)
            known = moved.get(key)
            if known is not None and (change is None or (change.at not in known[0]
                                                         and change.to not in known[0])):
                values.append(known[1])
                continue
            after, entered = look_ahead(state, roll, choice)
            rated = value(after, seat)
            if known is None and (change is None or (change.at not in entered
                                                     and change.to not in entered)):
                moved[key] = (entered, rated)
            values.append(rated)
        return values


def returns(state: State) -> tuple[float, ...]:
    """The most electrons banked win; a tie shares the win."""
    winners = state.winners()
    share = 1.0 / len(winners)
    return tuple(share if p.player in winners else 0.0 for p in state.pawns)


def heuristic(state: State, seat: int) -> float:
    """Electrons banked (worth most), then carried, then being on the board and near the
    next goal (home when carrying, else the reactor); less the best opponent's."""
    board = state.board
    values = [standing(board, p) for p in state.pawns]
    mine = values.pop(seat)
    return mine - max(values)


def standing(board: Board, pawn: Pawn) -> float:
    """One pawn's side of :func:`heuristic`."""
    worth = 10.0 * min(pawn.banked, WIN_BANKED) + 3.0 * pawn.carrying
    if pawn.at is None:
        return worth - 1.0
    goal = board.home_of(pawn.player) if pawn.carrying else board.reactor
    return worth - manhattan(pawn.at, goal) / (2 * board.size)


def value(state: State, seat: int) -> float:
    """The greedy player's value of a position (a finished game rated as :data:`~..play.WON`
    says), as ``players.value`` rates a whole-game state."""
    if state.over:
        return WON * (returns(state)[seat] - 0.5)
    return heuristic(state, seat)


GAME = AccelleratorGame(standard_board())
ENGINES = (GAME,)


def game_on(board: Board) -> AccelleratorGame:
    """Accellerator on ``board`` (a scenario's board, with its own homes)."""
    return AccelleratorGame(board)
