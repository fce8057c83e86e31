"""The Yic Yac Yoe solver against a referee written separately from the engine.

The brute force in test_yicyacyoe_solver.py plays through the rules engine,
so a mistake in the engine's geometry (rows, straight strokes, the ends of
an exact row) would fool both sides.  This referee shares no code with the
package: it finds completed rows by walking maximal runs of marks cell by
cell, lists strokes from coordinates, and searches every turn without
symmetry, pruning or tables beyond plain memoisation.  It must agree with
the solver on the value and on the exact set of best first turns.
"""
from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest

from icp_print.validators.yicyacyoe.engine import start
from icp_print.validators.yicyacyoe.solver import solve
from icp_print.validators.yicyacyoe.variant import Variant

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def referee(n: int, k: int, p: int, connected: bool, shared: bool, long_rows: bool,
            bent: bool = False):
    """Values of every first turn, as a dict {set of (row, col) cells: value}."""
    every = frozenset((r, c) for r in range(n) for c in range(n))

    def strokes(length: int) -> set[frozenset]:
        found = set()
        for r, c in every:
            for dr, dc in STEPS:
                line = frozenset((r + dr * i, c + dc * i) for i in range(length))
                if line <= every:
                    found.add(line)
        return found

    def joined(length: int) -> set[frozenset]:
        """Every set of ``length`` cells in which each cell can reach the others by king steps."""
        found = set()
        for group in combinations(sorted(every), length):
            reached, todo = {group[0]}, [group[0]]
            while todo:
                r, c = todo.pop()
                for other in group:
                    if other not in reached and max(abs(other[0] - r), abs(other[1] - c)) == 1:
                        reached.add(other)
                        todo.append(other)
            if len(reached) == length:
                found.add(frozenset(group))
        return found

    lines = {length: (joined if bent else strokes)(length) for length in range(1, p + 1)}

    def completes(own: frozenset) -> bool:
        for r, c in own:
            for dr, dc in STEPS:
                if (r - dr, c - dc) in own:
                    continue                      # not the start of a run
                run = 0
                while (r + dr * run, c + dc * run) in own:
                    run += 1
                if run == k or (long_rows and run > k):
                    return True
        return False

    def turns(free: frozenset) -> list[frozenset]:
        if connected:
            for length in range(p, 0, -1):
                fitting = [s for s in lines[length] if s <= free]
                if fitting:
                    return fitting
            return []
        return [frozenset(t) for t in combinations(sorted(free), min(p, len(free)))]

    def outcome(mover: frozenset, other: frozenset, turn: frozenset) -> int | None:
        own = mover | turn
        if completes(own | other if shared else own):
            return -1
        if own | other == every:
            return 0
        return None

    @cache
    def value(mover: frozenset, other: frozenset) -> int:
        free = every - mover - other
        best = -1
        for turn in turns(free):
            result = outcome(mover, other, turn)
            best = max(best, -value(other, mover | turn) if result is None else result)
            if best == 1:
                break
        return best

    empty = frozenset()
    return {turn: (result if (result := outcome(empty, empty, turn)) is not None
                   else -value(empty, turn))
            for turn in turns(every)}


def variants(n: int, rows: tuple[int, ...]):
    for k in rows:
        for p in (1, 2, 3):
            for connected in ((False,) if p == 1 else (True, False)):
                for shared in (False, True):
                    for long_rows in (True, False):
                        for bent in ((True, False) if connected and p == 3 else (False,)):
                            yield n, k, p, connected, shared, long_rows, bent


@pytest.mark.parametrize("n,rows", [(3, (1, 2, 3)), (4, (2,))])
def test_solver_agrees_with_an_independent_referee(n, rows):
    for args in variants(n, rows):
        rated = referee(*args)
        best = max(rated.values())
        result = solve(start(Variant(*args)))
        ours = {frozenset(divmod(c, n) for c in t.cells) for t in result.best_moves}
        assert result.value == best, args
        assert ours == {turn for turn, v in rated.items() if v == best}, args
