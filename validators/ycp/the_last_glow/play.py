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
from .rules import crew_actions, rules
from ..postcard import Actions
from ..postcard_file import load_postcard
from ..solo import LOSS, WIN, SoloState
from .actions import CrewMove, card, crew_moves, perform, setup, storm_phase

MODES = ("storm", "nightmare")
IDLE = ("idle",)


@cache
def spaces() -> dict[str, int]:
    """Crew spaces of each action, as printed on the postcard (0: an open area, no limit)."""
    return {item.name: item.slots for block in load_postcard("the-last-glow").of_kind(Actions)
            for item in block.items}


def _key(move: CrewMove) -> PlayAction:
    return (move.id,) if move.target is None else (move.id, *move.target)


class LastGlowState(SoloState):
    """One game: the board, this turn's crew and what they have done."""

    def __init__(self, rng: random.Random, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.board = setup(rng, self.events)
        self._open: dict[PlayAction, CrewMove] | None = None
        self._start_turn()

    def legal_actions(self) -> Sequence[PlayAction]:
        if self.outcome is not None:
            return ()
        return tuple(self._moves()) or (IDLE,)

    def _moves(self) -> dict[PlayAction, CrewMove]:
        """The open placements, found once per position (listing them and playing one
        would otherwise look at the board twice)."""
        if self._open is None:
            room = spaces()
            self._open = {_key(m): m for m in crew_moves(self.board, self.crew_left)
                          if not room[m.label] or self.placed.get(m.label, 0) + m.crew <= room[m.label]}
        return self._open

    def apply(self, action: PlayAction, rng: random.Random) -> None:
        if action == IDLE:
            self.crew_left -= 1
            self.events["crew idle"] += 1
        else:
            move = self._moves()[action]
            self._open = None
            perform(self.board, move, self.placed.get("Full Throttle", 0), rng)
            self.placed[move.label] = self.placed.get(move.label, 0) + move.crew
            self.crew_left -= move.crew
            self.events[f"crew: {move.label}"] += move.crew
            if move.id == "hunt" and move.target in self.board.items:
                self.events["hunt succeeded"] += 1
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
        """Victory first, then items on the way to it, then the Lighthouse's safety.

        10 a Victory Point, 8 a captured item, 4 an item on the grid; 2 a
        Structure Point; 0.5 a Brightness point up to 3; 1.5 a line above the
        bottom line (sinking off the grid loses); minus 2 a Heart next to the
        Lighthouse (diagonals too: an explosion or a collision).
        """
        done = self.terminal_score()
        if done is not None:
            return done
        b = self.board
        column, line = b.lighthouse.square
        near = sum(1 for h in b.hearts if abs(h[0] - column) <= 1 and abs(h[1] - line) <= 1)
        return (10 * b.victory + 8 * b.captured + 4 * len(b.items) + 2 * b.lighthouse.structure
                + 0.5 * min(b.lighthouse.brightness, 3) + 1.5 * (rules().lines - line) - 2 * near)

    def clone(self) -> LastGlowState:
        twin = super().clone()
        twin.board = self.board.copy()
        return twin

    def _start_turn(self) -> None:
        self.crew_left = crew_actions(self.board.lighthouse.structure)
        self.placed: dict[str, int] = {}


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
