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
from .actions import (FULL_THROTTLE, HUNT, IDLE, SLEEP, CrewMove, card, hunt_codes, move_of, names, open_codes, play,
                      setup, sleep_crew, storm_phase)
from .rating import rating, values

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
def marks() -> dict[int, tuple[str, str]]:
    """Each placement's label, and what it counts in ``events``, by its number."""
    return {code: (label, f"crew: {label}") for code, label in names().labels.items()}


class LastGlowState(SoloState):
    """One game: the board, this turn's crew and what they have done."""

    def __init__(self, rng: random.Random, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self._goal = card().victory_goal
        self._throttle = names().labels[FULL_THROTTLE]
        self._keys = names().keys.__getitem__
        self.board = setup(rng, self.events)
        self._legal: tuple[PlayAction, ...] | None = None
        self._codes: list[int] = []
        self._hunted_hearts = -1
        self._hunts: tuple[int, ...] = ()
        self._start_turn()

    def legal_actions(self) -> Sequence[PlayAction]:
        legal = self._legal
        if legal is None:
            if self.outcome is not None:
                return ()
            board = self.board
            if board.heart_bits != self._hunted_hearts:
                self._hunted_hearts, self._hunts = board.heart_bits, hunt_codes(board.heart_bits)
            codes = open_codes(board, self.crew_left >= 2, self._hunts)
            if _limited():
                codes = self._within_room(codes)
            self._codes = codes or [IDLE]
            legal = self._legal = tuple(map(self._keys, self._codes))
        return legal

    def _within_room(self, codes: list[int]) -> list[int]:
        """``codes`` less the placements whose action space is full."""
        room, placed, labels = spaces(), self.placed, names().labels
        return [code for code in codes if not room[labels[code]]
                or placed.get(labels[code], 0) + self._crew(code) <= room[labels[code]]]

    def _crew(self, code: int) -> int:
        return sleep_crew(code - SLEEP, self.board.at) if code >= SLEEP else 1

    def _moves(self) -> Mapping[PlayAction, CrewMove]:
        """The open placements by their keys."""
        legal = self.legal_actions()
        return {key: move_of(code, self.board.at) for key, code in zip(legal, self._codes) if code != IDLE}

    def apply(self, action: PlayAction, rng: random.Random) -> None:
        legal = self._legal or self.legal_actions()
        code = self._codes[legal.index(action)]
        board = self.board
        if code == IDLE:
            self.crew_left -= 1
            self.events["crew idle"] += 1
        else:
            crew = sleep_crew(code - SLEEP, board.at) if code >= SLEEP else 1
            label, event = marks()[code]
            placed = self.placed
            play(board, code, placed.get(self._throttle, 0), rng)
            placed[label] = placed.get(label, 0) + crew
            self.crew_left -= crew
            self.events[event] += crew
            if HUNT <= code < SLEEP and board.item_bits >> (code - HUNT) & 1:
                self.events["hunt succeeded"] += 1
        self._legal = None
        if board.victory >= self._goal:
            self.turns += 1
            self.end(WIN, "won")
        elif board.lost:
            self.turns += 1
            self.end(LOSS, board.lost)
        elif self.crew_left == 0:
            self.turns += 1
            storm_phase(board, self.mode, self.turns, rng, self.events)
            if board.lost:
                self.end(LOSS, board.lost)
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
        the other faces (:func:`.rating.values`).  Nothing is drawn from ``rng``: the same
        position always gets the same values."""
        legal = self._legal or self.legal_actions()
        codes = self._codes
        if actions is not legal:
            codes = [codes[legal.index(action)] if action in legal else IDLE for action in actions]
        return values(self.board, codes, self.placed.get(self._throttle, 0))

    def clone(self) -> LastGlowState:
        twin = super().clone()
        twin.board = self.board.copy()
        return twin

    def _start_turn(self) -> None:
        self.crew_left = crew_actions(self.board.structure)
        self.placed: dict[str, int] = {}
        self._legal = None


class LastGlow:
    """The game as the analysis runner sees it: one variant, the difficulty mode."""

    name = "The Last Glow"
    min_players = 1
    max_players = 1
    difficulty = "mode"
    variants: Mapping[str, Sequence[str]] = {"mode": MODES}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str]) -> LastGlowState:
        mode = variant.get("mode", MODES[0])
        if mode not in MODES:
            raise RuleError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})", field="mode")
        card()
        return LastGlowState(rng, mode)


GAME = LastGlow()
