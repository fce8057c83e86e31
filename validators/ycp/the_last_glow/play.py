"""The Last Glow as a whole game for computer players (:mod:`...play` interface).

Each turn the player places the available crew one at a time (each action
resolved at once, Hunt rolling its die), then the Storm Phase runs by itself:
the Lighthouse sinks and dims, every Heart moves, new Hearts appear (Storm
mode one die a turn, Nightmare mode the sequence).  Six Victory Points win;
Structure 0, a crash or a Heart landing at 0 VP lose.

Every crew member must be placed; the postcard's action areas take any
number of crew (a limit there would be obeyed); a crew member who has no open action left stays idle (the rules do
not say what happens then).  Other choices are listed in :mod:`.actions`.

>>> import random
>>> state = GAME.new_state(1, random.Random(2), {"mode": "nightmare"})
>>> state.crew_left, len(state.board.hearts)
(5, 1)
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache

from ...errors import RuleError
from ...play import Action as PlayAction, Seat
from .rules import crew_actions
from ..model import Actions
from ..postcard_file import load_postcard
from ..solo import LOSS, WIN, SoloState
from .actions import FULL_THROTTLE, CrewMove, card, perform, setup, storm_phase
from .rating import IDLE, STAY, GridMemo, Plan, rating, values

MODES = ("storm", "nightmare")


@cache
def spaces() -> dict[str, int]:
    """Crew spaces of each action, as printed on the postcard (0: an open area, no limit)."""
    return {item.name: item.slots for block in load_postcard("the-last-glow").of_kind(Actions)
            for item in block.items}


@cache
def _limited() -> bool:
    """Whether any action space takes a limited number of crew (the printed card: none)."""
    return any(spaces().values())


@cache
def _crew_event(label: str) -> str:
    """What a placement counts in ``events``, written once a label."""
    return f"crew: {label}"


class LastGlowState(SoloState):
    """One game: the board, this turn's crew and what they have done."""

    def __init__(self, rng: random.Random, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.board = setup(rng, self.events)
        self._legal: tuple[PlayAction, ...] | None = None
        self._keys: tuple[PlayAction, ...] = ()
        self._first_plans: tuple[Plan, ...] = ()
        self._last_plans: tuple[Plan, ...] = ()
        self._open: tuple[CrewMove, ...] = ()
        self._grid_memo = GridMemo((), frozenset())
        self._start_turn()

    def legal_actions(self) -> Sequence[PlayAction]:
        legal = self._legal
        if legal is None:
            if self.outcome is not None:
                return ()
            board = self.board
            memo = self._grid_memo
            if board.hearts is not memo.hearts or board.items is not memo.items:
                memo = self._grid_memo = GridMemo(board.hearts, board.items)
            legal, self._open, self._first_plans, self._last_plans = memo.position(
                board.lighthouse.square, self.crew_left >= 2, board.captured > 0)
            self._keys = legal
            if _limited():
                room, placed = spaces(), self.placed
                legal = tuple(move.key for move in self._open if not room[move.label]
                              or placed.get(move.label, 0) + move.crew <= room[move.label])
            legal = self._legal = legal or (IDLE,)
        return legal

    def _moves(self) -> Mapping[PlayAction, CrewMove]:
        """The open placements by their keys."""
        legal = self.legal_actions()
        return {move.key: move for move in self._open if move.key in legal}

    def apply(self, action: PlayAction, rng: random.Random) -> None:
        if action == IDLE:
            self.crew_left -= 1
            self.events["crew idle"] += 1
        else:
            if self._legal is None:
                self.legal_actions()
            move = self._open[self._keys.index(action)]
            perform(self.board, move, self.placed.get(FULL_THROTTLE.label, 0), rng)
            self.placed[move.label] = self.placed.get(move.label, 0) + move.crew
            self.crew_left -= move.crew
            self.events[_crew_event(move.label)] += move.crew
            if move.id == "hunt" and move.target in self.board.items:
                self.events["hunt succeeded"] += 1
        self._legal = None
        if self.board.won:
            self.turns += 1
            self.end(WIN, "won")
        elif self.board.lost:
            self.turns += 1
            self.end(LOSS, self.board.lost)
        elif self.crew_left == 0:
            self.turns += 1
            storm_phase(self.board, self.mode, self.turns, rng, self.events)
            if self.board.lost:
                self.end(LOSS, self.board.lost)
            else:
                self._start_turn()

    def heuristic(self, seat: Seat) -> float:
        """:func:`.rating.rating` of the board; a finished game is worth its result."""
        done = self.terminal_score()
        return rating(self.board) if done is None else done

    def action_values(self, actions: Sequence[PlayAction], seat: Seat,
                      rng: random.Random) -> list[float]:
        """Each placement rated by :func:`.rating.rating` of the board right after it,
        before the Storm Phase; a Hunt by the chance of a catching face times the rating
        with the Heart caught, plus the board as it is (a missed Hunt changes nothing) for
        the other faces.  Worked out from the rating as it stands and each placement's
        plan (:data:`.rating.Plan`).  Nothing is drawn from ``rng``: the same position
        always gets the same values."""
        legal = self._legal or self.legal_actions()
        plans = self._first_plans + self._grid_memo.hunting(self.board.lighthouse.square) + self._last_plans
        if actions is not legal or legal is not self._keys:
            by_key = dict(zip(self._keys, plans))
            plans = tuple(by_key.get(action, STAY) for action in actions)
        return values(self.board, self._grid_memo, plans, self.placed.get(FULL_THROTTLE.label, 0))

    def clone(self) -> LastGlowState:
        twin = super().clone()
        twin.board = self.board.copy()
        return twin

    def _start_turn(self) -> None:
        self.crew_left = crew_actions(self.board.lighthouse.structure)
        self.placed: dict[str, int] = {}
        self._legal = None


class LastGlow:
    """The game as the analysis runner sees it: one variant, the difficulty mode."""

    name = "the-last-glow"
    min_players = max_players = 1
    difficulty = "mode"
    variants: Mapping[str, Sequence[str]] = {"mode": MODES}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str]) -> LastGlowState:
        mode = variant.get("mode", MODES[0])
        if mode not in MODES:
            raise RuleError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})", field="mode")
        card()
        return LastGlowState(rng, mode)


GAME = LastGlow()
