"""Search by whole turns: connected lines or groups, or rows longer than k not counting.

Connected turns (straight lines, or joined groups, of up to ``p`` cells) are
few, so they are tried whole; with exact rows a turn must be judged after all its marks
(lengthening a row of k in the same turn saves the mover), so free
placement with exact rows is searched whole turns at a time too.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING
from collections.abc import Callable

from .model import Mask, exact_rows, rows, shapes
from .endgame import DRAW, LOSS, WIN

if TYPE_CHECKING:
    from .search import Search


def build_turn_search(search: Search) -> Callable[..., int]:
    """The value function ``(me, opp, alpha, beta, hint)`` for ``search``'s variant."""
    every = search.check_every
    v = search.variant
    full, cells, p, shared = search.full, search.cells, v.p, v.shared
    table, canon, reflect, store = search.table, search.canon, search.reflect, search.store
    lines = {length: shapes(v.n, length, v.bends) for length in range(1, p + 1)}
    numbered = [s for length in range(1, p + 1) for s in lines[length]] if v.connected else []
    number = {s: i for i, s in enumerate(numbered)}
    if v.long_rows:
        checks = [(w, 0) for w in rows(v.n, v.row_length)]
    else:
        checks = list(exact_rows(v.n, v.k))

    def turns(free: Mask) -> list[Mask]:
        if v.connected:
            for length in range(p, 0, -1):
                found = [s for s in lines[length] if s & free == s]
                if found:
                    return found
            return []
        cells_free = [1 << c for c in range(cells) if free >> c & 1]
        return [sum(c) for c in combinations(cells_free, min(p, len(cells_free)))]

    def loses(own: Mask, placed: Mask) -> bool:
        return any(w & own == w and w & placed and not ends & own for w, ends in checks)

    def node(me: Mask, opp: Mask, alpha: int, beta: int, hint: Mask) -> int:
        search.nodes += 1
        if not search.nodes % every:
            search.check_clock()
        taken = me | opp
        free = full ^ taken
        key = canon(taken) if shared else canon(me | opp << cells)
        lo, hi, first = LOSS, WIN, 0
        entry = table.get(key)
        if entry is not None:
            lo, hi, index = entry % 3 - 1, entry // 3 % 3 - 1, entry // 9 - 1
            first = numbered[index] if index >= 0 else 0
            if lo >= hi or lo >= beta or hi <= alpha:
                return lo if lo >= beta or lo >= hi else hi
        a0, b0 = max(alpha, lo), min(beta, hi)
        alpha = a0
        options = turns(free)
        options.sort(key=lambda s: (s != first, s != hint, (s & ~hint).bit_count()))
        best, best_turn = LOSS - 1, 0
        for turn in options:
            own = (taken if shared else me) | turn
            if loses(own, turn):
                value = LOSS
            elif free == turn:
                value = DRAW
            elif shared:
                value = -node(own, 0, -b0, -alpha, reflect(turn))
            else:
                value = -node(opp, own, -b0, -alpha, reflect(turn))
            if value > best:
                best, best_turn = value, turn
                if value > alpha:
                    alpha = value
                    if alpha >= b0:
                        break
        store(key, lo, hi, best, a0, b0, number.get(best_turn, -1), entry is None)
        return best

    return lambda me, opp, alpha=LOSS, beta=WIN, hint=0: node(me, opp, alpha, beta, hint)
