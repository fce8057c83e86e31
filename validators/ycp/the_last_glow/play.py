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
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache

from ...errors import RuleError
from ...play import WON, Action as PlayAction, Seat
from .rules import Lighthouse, Square, crew_actions, hunt_faces, rules
from ..model import Actions
from ..postcard_file import load_postcard
from ..solo import LOSS, WIN, SoloState
from .actions import (FACES, FULL_THROTTLE, LIGHTHOUSE_STEPS, Board, CrewMove, card, caught, hunts, perform,
                      placements_at, setup, storm_phase)

MODES = ("storm", "nightmare")
IDLE = ("idle",)
LOST, GAINED = -WON / 2, WON / 2
"""A finished game's worth on the greedy player's scale (:data:`...play.WON`)."""


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


class GridMemo:
    """What the engine reads from one grid (Hearts and items), kept while the grid stays
    (both are replaced, never changed: the same objects mean the same grid): the Hunts,
    the placements open by the Lighthouse's square, whether two crew are left and
    whether an item is captured, :func:`_square_worth` by square, and each Hunt's catch
    by the Lighthouse's square and the Heart's (the items it leaves, its square's worth)."""

    __slots__ = ("hearts", "items", "hunts", "placements", "worths", "catches", "heart_bits", "item_bits")

    def __init__(self, hearts: tuple[Square, ...], items: frozenset[Square]) -> None:
        self.hearts, self.items = hearts, items
        self.hunts = hunts(hearts)
        self.placements: dict[tuple[Square, bool, bool], dict[PlayAction, CrewMove]] = {}
        self.worths: dict[Square, float] = {}
        self.catches: dict[tuple[Square, Square], tuple[frozenset[Square], float]] = {}
        self.heart_bits, self.item_bits = _bits(hearts), _bits(items)
        if self.heart_bits.bit_count() != len(hearts):      # two Hearts on a square: count them
            self.heart_bits = -1

    def worth(self, square: Square) -> float:
        """:func:`_square_worth` of ``square`` on this grid, from the squares as bits."""
        found = self.worths.get(square)
        if found is None:
            if self.heart_bits < 0:
                found = _square_worth(square, self.items, self.hearts)
            else:
                near, reach, height = _around_bits(square)
                found = 3 * (reach & self.item_bits).bit_count() + height - (near & self.heart_bits).bit_count()
            self.worths[square] = found
        return found


class LastGlowState(SoloState):
    """One game: the board, this turn's crew and what they have done."""

    def __init__(self, rng: random.Random, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.board = setup(rng, self.events)
        self._open: Mapping[PlayAction, CrewMove] | None = None
        self._legal: tuple[PlayAction, ...] | None = None
        self._grid_memo = GridMemo((), frozenset())
        self._start_turn()

    def legal_actions(self) -> Sequence[PlayAction]:
        if self.outcome is not None:
            return ()
        if self._legal is None:
            self._legal = tuple(self._moves()) or (IDLE,)
        return self._legal

    def _moves(self) -> Mapping[PlayAction, CrewMove]:
        """The open placements, found once per position (listing them and playing one
        would otherwise look at the board twice)."""
        if self._open is None:
            board = self.board
            memo = self._memo()
            here, two_crew, captured = board.lighthouse.square, self.crew_left >= 2, board.captured > 0
            found: Mapping[PlayAction, CrewMove] | None = memo.placements.get((here, two_crew, captured))
            if found is None:
                found = memo.placements[here, two_crew, captured] = placements_at(
                    here, memo.hearts, memo.items, two_crew, captured, memo.hunts)
            if _limited():
                room = spaces()
                found = {key: m for key, m in found.items()
                         if not room[m.label] or self.placed.get(m.label, 0) + m.crew <= room[m.label]}
            self._open = found
        return self._open

    def apply(self, action: PlayAction, rng: random.Random) -> None:
        if action == IDLE:
            self.crew_left -= 1
            self.events["crew idle"] += 1
        else:
            move = self._moves()[action]
            perform(self.board, move, self.placed.get(FULL_THROTTLE.label, 0), rng)
            self.placed[move.label] = self.placed.get(move.label, 0) + move.crew
            self.crew_left -= move.crew
            self.events[_crew_event(move.label)] += move.crew
            if move.id == "hunt" and move.target in self.board.items:
                self.events["hunt succeeded"] += 1
        self._open = self._legal = None
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
        """:func:`rating` of the board; a finished game is worth its result."""
        done = self.terminal_score()
        return rating(self.board) if done is None else done

    def action_values(self, actions: Sequence[PlayAction], seat: Seat,
                      rng: random.Random) -> list[float]:
        """Each placement rated by :func:`rating` of the board right after it, before the
        Storm Phase.  A placement that changes only the Lighthouse is rated from the
        Lighthouse it leaves (:func:`_steps_after`) and the worth of its square, worked
        out once a grid (:class:`GridMemo`).  A Hunt is worth the rating of the board
        with the Heart caught (:func:`.actions.caught`: only the Hearts and items
        change), times the chance of a catching face, plus the board as it is (a missed
        Hunt changes nothing) for the other faces.  Nothing is drawn from ``rng``: the
        same position always gets the same values."""
        board = self.board
        lighthouse, items, hearts = board.lighthouse, board.items, board.hearts
        memo = self._memo()
        fixed = _grid_worth(board.victory, board.captured, items)
        gauges = _gauges_worth(lighthouse)
        here = fixed + gauges + memo.worth(lighthouse.square)
        throttles = self.placed.get(FULL_THROTTLE.label, 0)
        moves = self._moves()
        steps = _steps_after(lighthouse, throttles)
        values = []
        for action in actions:
            move = moves.get(action)
            if move is None:                                  # idle
                values.append(here)
                continue
            step = steps.get(move.id)
            if step is not None:
                destroyed, after, square = step
                values.append(LOST if destroyed else fixed + after + memo.worth(square))
            elif move.id == "hunt":
                assert move.target is not None
                catch = hunt_faces(lighthouse.square, move.target)
                if catch:
                    key = (lighthouse.square, move.target)
                    found = memo.catches.get(key)
                    if found is None:
                        hearts_left, items_now = caught(hearts, items, move.target)
                        found = memo.catches[key] = (items_now,
                                                     _square_worth(lighthouse.square, items_now, hearts_left))
                    worth = _grid_worth(board.victory, board.captured, found[0]) + gauges + found[1]
                else:
                    worth = here
                values.append((len(catch) * worth + (6 - len(catch)) * here) / 6)
            else:
                values.append(_worth_after(board, move, throttles, 1))
        return values

    def _memo(self) -> GridMemo:
        """The ratings worked out so far for the Hearts and items as they are (both are
        replaced, never changed, when they change: the same objects mean the same grid)."""
        board = self.board
        memo = self._grid_memo
        if board.hearts is not memo.hearts or board.items is not memo.items:
            memo = self._grid_memo = GridMemo(board.hearts, board.items)
        return memo

    def clone(self) -> LastGlowState:
        twin = super().clone()
        twin.board = self.board.copy()
        return twin

    def _start_turn(self) -> None:
        self.crew_left = crew_actions(self.board.lighthouse.structure)
        self.placed: dict[str, int] = {}


def rating(board: Board) -> float:
    """Victory first, then items on the way to it, then the Lighthouse's safety.

    12 a Victory Point, 9 a captured item, 4 an item on the grid and 3 more
    for one within Sleep's reach (on the Lighthouse's square or next to it),
    so that every step from Heart to Victory Point gains; 2 a Structure
    Point; 0.5 a Brightness point up to 3; 1.5 a line above the bottom line
    and minus 30 on it (the Storm Phase sinks the Lighthouse off the grid
    unless it climbs); minus 1 a Heart next to the Lighthouse (diagonals too:
    an explosion or a collision).
    """
    return (_grid_worth(board.victory, board.captured, board.items)
            + _lighthouse_worth(board.lighthouse, board.items, board.hearts))


def _grid_worth(victory: int, captured: int, items: frozenset[Square]) -> float:
    """The part of :func:`rating` that does not depend on the Lighthouse."""
    return 12 * victory + 9 * captured + 4 * len(items)


def _lighthouse_worth(lighthouse: Lighthouse, items: frozenset[Square], hearts: tuple[Square, ...]) -> float:
    """The part of :func:`rating` that does: its gauges and its square's."""
    return _gauges_worth(lighthouse) + _square_worth(lighthouse.square, items, hearts)


def _gauges_worth(lighthouse: Lighthouse) -> float:
    """What :func:`rating` gives the Lighthouse's Structure and Brightness."""
    brightness = lighthouse.brightness
    return 2 * lighthouse.structure + 0.5 * (brightness if brightness < 3 else 3)


@lru_cache(maxsize=1 << 14)
def _steps_after(lighthouse: Lighthouse, throttles: int) -> dict[str, tuple[bool, float, Square]]:
    """Each placement that changes only the Lighthouse (:data:`.actions.LIGHTHOUSE_STEPS`),
    played from ``lighthouse``: whether it leaves it destroyed (the game lost), the worth
    of its gauges and its square.  Remembered: a Lighthouse has a few thousand states."""
    found = {}
    for move_id, step in LIGHTHOUSE_STEPS.items():
        after = step(lighthouse, throttles)
        found[move_id] = (after.destroyed, _gauges_worth(after), after.square)
    return found


def _square_worth(square: Square, items: frozenset[Square], hearts: tuple[Square, ...]) -> float:
    """What :func:`rating` gives the Lighthouse's square: items within Sleep's reach, its
    line, Hearts next to it."""
    near, reach, height = _around(square)
    return 3 * len(reach.intersection(items)) + height - sum(map(near.__contains__, hearts))


def _bits(squares: Iterable[Square]) -> int:
    """``squares`` as an integer of one bit a square of the grid (:func:`_bit`)."""
    found = 0
    for square in squares:
        found |= _bit(square)
    return found


@cache
def _bit(square: Square) -> int:
    """The bit of a grid square, line by line from the top left; 0 off the grid."""
    column, line = square
    r = rules()
    if not (1 <= column <= r.columns and 1 <= line <= r.lines):
        return 0
    return 1 << ((line - 1) * r.columns + column - 1)


@cache
def _around_bits(square: Square) -> tuple[int, int, float]:
    """:func:`_around` with the squares as bits (:func:`_bits`).

    >>> near, reach, height = _around_bits((1, 1))
    >>> near.bit_count(), reach.bit_count(), height
    (4, 3, 7.5)
    """
    near, reach, height = _around(square)
    return _bits(near), _bits(reach), height


@cache
def _around(square: Square) -> tuple[frozenset[Square], frozenset[Square], float]:
    """What :func:`rating` reads from the Lighthouse's square, worked out once a square: the
    squares next to it (diagonals too, and itself), those within Sleep's reach (itself and
    its four orthogonal neighbours), and the worth of its line.

    >>> near, reach, height = _around((3, 3))
    >>> len(near), sorted(reach), height
    (9, [(2, 3), (3, 2), (3, 3), (3, 4), (4, 3)], 4.5)
    """
    column, line = square
    lines = rules().lines
    near = frozenset((column + dx, line + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    reach = frozenset(s for s in near if abs(s[0] - column) + abs(s[1] - line) <= 1)
    return near, reach, 1.5 * (lines - line) - (30 if line == lines else 0)


def _worth(board: Board) -> float:
    """:func:`rating`, or a finished game's value on the greedy player's scale."""
    if board.won:
        return GAINED
    if board.lost:
        return LOST
    return rating(board)


def _worth_after(board: Board, move: CrewMove, throttles: int, face: int) -> float:
    """:func:`_worth` of ``board`` once ``move`` is resolved with ``face`` on its die: the
    move is played on the board itself and every field is put back afterwards (the
    Hearts and items are replaced, never changed, so keeping them is enough)."""
    saved = board.lighthouse, board.hearts, board.items, board.captured, board.victory, board.lost
    try:
        perform(board, move, throttles, FACES[face])
        return _worth(board)
    finally:
        board.lighthouse, board.hearts, board.items, board.captured, board.victory, board.lost = saved


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
