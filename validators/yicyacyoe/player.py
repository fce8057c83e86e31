"""The computer opponent: perfect play when the solver finishes in time,
otherwise a two-turn look-ahead with a misère heuristic.

The heuristic reasons as a careful human would: never complete your own
row; take a turn after which the opponent has no safe reply (they must
complete a row); otherwise place marks where they sit in as few of your
own still-open rows as possible (less risk later) and block as few of the
opponent's open rows as possible (those rows are what will trap them).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .model import Mask, cells_of, rows
from .engine import Position, Turn, legal_turns, play, turn_size
from .search import LOSS, Search
from .solver import solve

LOOKAHEAD_TURNS = 400     # above this many legal turns, only turns of the safest cells are tried


@dataclass(frozen=True)
class Choice:
    """The computer's turn and how it was found ("perfect" or "heuristic")."""

    turn: Turn
    how: str
    value: str | None = None


def _open_rows(position: Position, player: int) -> list[Mask]:
    """Rows ``player`` could still complete (no other marks in them)."""
    v = position.variant
    other = position.taken if v.shared else position.marks[1 - player]
    if v.shared:
        return [r for r in rows(v.n, v.row_length) if r & ~other]
    return [r for r in rows(v.n, v.row_length) if not r & other]


def _risk(position: Position, turn: Turn) -> int:
    """Lower is better: own open rows the turn joins (weighted by how full), rows of theirs blocked."""
    me = position.to_move
    own = position.marks[me] if not position.variant.shared else position.taken
    score = 0
    for row in _open_rows(position, me):
        if row & turn.mask:
            score += 1 + 3 * (row & own).bit_count()
    if not position.variant.shared:
        score += sum(1 for row in _open_rows(position, 1 - me) if row & turn.mask)
    return score


def _safe(position: Position, turn: Turn) -> bool:
    _, outcome = play(position, turn)
    return outcome is None or outcome.loser is None


def _too_many_turns(position: Position) -> bool:
    """Whether listing every legal turn would be slow (free placement on a big board)."""
    if position.variant.connected:
        return False        # a few dozen lines or groups touch each cell at most
    return comb(position.free.bit_count(), turn_size(position)) > LOOKAHEAD_TURNS


def _candidate_turns(position: Position) -> list[Turn]:
    """Every legal turn, or (when there are too many) turns built from the safest cells."""
    if not _too_many_turns(position):
        return legal_turns(position)
    size = turn_size(position)
    singles = sorted(cells_of(position.free),
                     key=lambda c: _risk(position, Turn((c,))))[:max(size + 4, 12)]
    return [Turn(tuple(sorted(c))) for c in combinations(singles, size)]


def _trapping(position: Position, turn: Turn) -> bool:
    """Whether after ``turn`` every reply of the opponent completes their own row."""
    after, outcome = play(position, turn)
    if outcome is not None:
        return False
    if _too_many_turns(after):
        return False
    return all(not _safe(after, reply) for reply in legal_turns(after))


def heuristic_turn(position: Position, rng: random.Random) -> Turn:
    """A good turn without solving: trap the opponent if possible, else least risk."""
    turns = _candidate_turns(position)
    safe = [t for t in turns if _safe(position, t)]
    if not safe:
        return rng.choice(turns)
    ranked = sorted(safe, key=lambda t: (_risk(position, t), rng.random()))
    for turn in ranked[:16]:
        if _trapping(position, turn):
            return turn
    return ranked[0]


def choose_turn(position: Position, rng: random.Random, think: float,
                search: Search | None = None) -> Choice:
    """The computer's turn: a random one of the solver's best turns, if it finishes in time.

    When every turn loses against perfect play, the heuristic picks one that
    does not lose at once and sets traps, so a human still has to find the win.
    """
    result = solve(position, time_limit=think, search=search)
    if result.value == LOSS:    # every turn loses against perfect play: make it hard to find
        return Choice(heuristic_turn(position, rng), "perfect", result.word)
    if result.value is not None and result.best_moves:
        return Choice(rng.choice(list(result.best_moves)), "perfect", result.word)
    return Choice(heuristic_turn(position, rng), "heuristic")

