"""Solving on several processes: the first turns searched side by side (root splitting).

The first turns are grouped into classes that give the same position up to
symmetry.  The value is found by rounds of null-window tests, as in
:mod:`.solver`, but each round asks every class at once ("does this turn
give the mover at least a draw?", then "... a win?") and each question is a
task for a process pool, answered by a fresh search.  The rounds' answers
also say which first turns are best.  The tasks share no table, so the
numbers (value, best turns, nodes, positions) are the same whatever the
number of workers, one worker running the same tasks one after another;
against one search over the whole tree they lose the positions the first
turns have in common, and they pay that back when cores are free.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import RuleError
from .endgame import DRAW, LOSS, WIN
from .engine import Position, Turn, legal_turns, play
from .keys import canonicalizer
from .mirror import mirror_bounds
from .search import MAX_ENTRIES, Search, SearchTimeout
from .solver import Solution

Progress = Callable[[str], None]
Bounds = tuple[int, int]


@dataclass(frozen=True)
class Task:
    """Does the turn that led to ``position`` give its player at least ``target``?"""

    position: Position
    target: int
    deadline: float | None      # time.time() after which the answer is "not known"
    method: str = "alpha-beta"  # how each task searches (:data:`.search.METHODS`)
    table_size: int = MAX_ENTRIES   # entries each task's table keeps


@dataclass(frozen=True)
class Answer:
    """``proved`` is True, False, or None when the time ran out; and the effort."""

    proved: bool | None
    nodes: int
    positions: int


def answer(task: Task) -> Answer:
    """One task, in whichever process runs it (a fresh search every time)."""
    after = task.position
    me, opp = after.marks[after.to_move], after.marks[1 - after.to_move]
    if after.variant.shared:
        me, opp = me | opp, 0
    left = None if task.deadline is None else task.deadline - time.time()
    search = Search(after.variant, None if left is None else time.monotonic() + left,
                    method=task.method, max_entries=task.table_size)
    try:
        reply = search.value(me, opp, -task.target, -task.target + 1)
        proved: bool | None = reply <= -task.target
    except SearchTimeout:
        proved = None
    return Answer(proved, search.nodes, search.positions)


def _run(tasks: list[Task], workers: int) -> Iterator[Answer]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(answer, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        yield from pool.map(answer, tasks)


def _classes(position: Position) -> tuple[dict[Turn, int], list[list[Turn]], list[Position]]:
    """Turns that end the game (with their value), and the other turns by symmetry class."""
    v = position.variant
    canon = canonicalizer(v.n, 1 if v.shared else 2)
    ended: dict[Turn, int] = {}
    members: dict[int, list[Turn]] = {}
    after_of: dict[int, Position] = {}
    for turn in legal_turns(position):
        after, outcome = play(position, turn)
        if outcome is not None:
            ended[turn] = DRAW if outcome.is_draw else LOSS
            continue
        mover, other = after.marks[after.to_move], after.marks[1 - after.to_move]
        key = canon(after.taken) if v.shared else canon(mover | other << v.cells)
        members.setdefault(key, []).append(turn)
        after_of.setdefault(key, after)
    return ended, list(members.values()), list(after_of.values())


def solve_split(position: Position, workers: int | None = None, time_limit: float | None = None,
                progress: Progress | None = None, method: str = "alpha-beta",
                table_size: int = MAX_ENTRIES) -> Solution:
    """Solve ``position`` with the first turns on ``workers`` processes (default: every core)."""
    if not position.free:
        raise RuleError("the board is full: the game is over", field="position")
    started = time.monotonic()
    deadline = None if time_limit is None else time.time() + time_limit
    workers = workers or os.cpu_count() or 1
    ended, members, afters = _classes(position)
    bounds: list[Bounds] = [(LOSS, WIN)] * len(afters)       # each class, for the first player
    me, opp = position.marks[position.to_move], position.marks[1 - position.to_move]
    lower, upper = mirror_bounds(position.variant, me, opp)
    lower = max(lower, *ended.values()) if ended else lower
    nodes = positions = 0
    timed_out = False
    last_report = started

    def round_at(target: int) -> None:
        nonlocal nodes, positions, timed_out, last_report
        asked = [i for i, (lo, hi) in enumerate(bounds) if lo < target <= hi]
        tasks = [Task(afters[i], target, deadline, method, table_size) for i in asked]
        for done, (i, reply) in enumerate(zip(asked, _run(tasks, workers)), 1):
            nodes, positions = nodes + reply.nodes, positions + reply.positions
            lo, hi = bounds[i]
            if reply.proved is None:
                timed_out = True
            bounds[i] = (target, hi) if reply.proved else (lo, target - 1) \
                if reply.proved is False else (lo, hi)
            if progress is not None and time.monotonic() - last_report >= 1.0:
                last_report = time.monotonic()
                progress(f"can the mover get a {_WORDS[target]}: {done} of {len(tasks)} first "
                         f"turns answered, {nodes:,} nodes, {time.monotonic() - started:.0f} s")

    while lower < upper and not timed_out:
        target = DRAW if upper - lower == 2 else upper
        round_at(target)
        lower = max(lower, *(lo for lo, _ in bounds)) if bounds else lower
        upper = min(upper, max([hi for _, hi in bounds] + list(ended.values())))
    if lower == upper and not timed_out:
        round_at(lower)          # the classes not yet known to reach the value
    value_of = {turn: bounds[i] for i, group in enumerate(members) for turn in group}
    value_of |= {turn: (value, value) for turn, value in ended.items()}
    best = tuple(t for t in legal_turns(position) if value_of[t][0] >= lower) if lower == upper else ()
    complete = lower == upper and all(lo >= lower or hi < lower for lo, hi in value_of.values())
    return Solution(lower, upper, best, complete, nodes, positions, time.monotonic() - started)


_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
