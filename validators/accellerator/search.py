"""``--best``: the choice that does the most for the player to move, over every legal option.

For a roll, the options are every combination of: the facing of a reset pawn
(N E S W), the energy the roll allows (one to three values), the deflector
change (none, where the roll allows none, and every legal add, remove, move
and turn) and, when the move enters the pawn's home with electrons, whether
to bank them.  Each option is played through :func:`~.turn.play_turn` and
scored by :func:`score`, which compares, in this order:

1. the game won by this turn;
2. electrons banked this turn;
3. electrons carried at the end of the move;
4. electrons the opponents lost this turn (sent back or swapped away);
5. the pawn still on the board (a reset costs the next turn's move from home);
6. nearness to the next goal: home when carrying, else the reactor
   (the negative Manhattan distance).

Ties go to the first option in a fixed order (fewest changes first), so the
answer is the same every time.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Iterator

from .deflectors import Change, acceleration, energy_options, legal_changes
from .model import DIE_SIDES, FACINGS, WIN_BANKED, State, manhattan
from .turn import Turn, TurnChoice, place, play_turn

Score = tuple[int, int, int, int, int, int]
SCORE_NAMES = ("won", "banked", "carrying", "opponents_lost", "on_board", "nearness")


@dataclass(frozen=True)
class Best:
    """The best option for one roll, how it scores and how many options were searched."""

    roll: int
    turn: Turn
    score: Score
    searched: int
    equally_good: int


def score(before: State, turn: Turn) -> Score:
    """How good ``turn`` was for its player, as a tuple compared left to right."""
    after = turn.after
    me = next(p for p in after.pawns if p.player == turn.player)
    others_before = sum(p.carrying for p in before.pawns if p.player != turn.player)
    others_after = sum(p.carrying for p in after.pawns if p.player != turn.player)
    if me.at is None:
        nearness = -2 * after.board.size
    else:
        goal = after.board.home_of(me.player) if me.carrying else after.board.reactor
        nearness = -manhattan(me.at, goal)
    return (int(me.banked >= WIN_BANKED), turn.move.banked, me.carrying,
            others_before - others_after, int(me.at is not None), nearness)


def options(state: State, roll: int) -> Iterator[TurnChoice]:
    """Every legal choice for the player to move after ``roll``, in a fixed order."""
    facings = FACINGS if state.mover.at is None else (None,)
    for facing in facings:
        placed, _ = place(state, facing)
        kind = acceleration(placed.mover.energy, roll)
        changes: list[Change | None] = [*legal_changes(placed, kind)]
        if kind != "below" or not changes:
            changes = [None, *changes]
        for energy in energy_options(placed.mover.energy, roll):
            for change in changes:
                yield TurnChoice(energy, change, facing)


def best_turn(state: State, roll: int) -> Best:
    """Search every legal option for ``roll`` and keep the best-scoring one."""
    best: tuple[Score, Turn] | None = None
    searched = ties = 0
    for choice in options(state, roll):
        tries = [choice]
        while tries:
            turn = play_turn(state, roll, tries.pop())
            if turn.move.banked and turn.move.ending == "banked":
                tries.append(choice._replace(bank=False))     # banking is a choice too
            searched += 1
            s = score(state, turn)
            if best is None or s > best[0]:
                best, ties = (s, turn), 1
            elif s == best[0]:
                ties += 1
    assert best is not None   # there is always at least one option
    return Best(roll, best[1], best[0], searched, ties)


def best_for_rolls(state: State, roll: int | None,
                   progress: Callable[[int, int], None] | None = None) -> tuple[Best, ...]:
    """The best choice for ``roll``, or for every face of the die when ``roll`` is None.

    ``progress(face, faces)`` is called before each face is searched when there are several.
    """
    faces = [roll] if roll else list(range(1, DIE_SIDES + 1))
    found = []
    for face in faces:
        if progress and len(faces) > 1:
            progress(face, len(faces))
        found.append(best_turn(state, face))
    return tuple(found)
