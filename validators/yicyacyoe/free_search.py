"""Search with free placement (rows of k or longer count): one mark at a time.

A turn of ``p`` marks is searched as ``p`` single placements by the same
player, so the bounds cut inside a turn.  This is where most of the
speed-ups listed in :mod:`.search` live: safe cells only, dead cells merged
in the key, bounds for a player who can no longer lose, the endgame count
and killer-move ordering.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Callable

from .model import Mask, row_lines, rows
from .endgame import DRAW, LOSS, WIN, count_game, open_rows
from .pairing import mover_is_safe, one_per_line, responder_is_safe

if TYPE_CHECKING:
    from .search import Search


def build_free_search(search: Search) -> Callable[..., int]:
    """The value function ``(me, opp, alpha, beta, hint)`` for ``search``'s variant.

    Everything the inner loop reads is bound to a local name first: the
    function runs millions of times and attribute lookups would slow it.
    """
    every = search.check_every
    v = search.variant
    rows_k, k1, full, cells, p = rows(v.n, v.row_length), v.row_length - 1, search.full, search.cells, v.p
    shared, table, canon, reflect = v.shared, search.table, search.canon, search.reflect
    store = search.store
    # The number of free dead cells goes into the key: with one mark a turn
    # only its parity matters (a pair cancels out, the second player of the
    # pair answering the first), with more marks the exact number does.
    # Without it, a position with one spare safe move and one without share
    # a key (their marks are the same once dead cells are merged).
    parity = 2 if p == 1 else cells + 1
    # The key packs the canonical position, the marks left this turn and that count in
    # as few bits as they need: up to 5x5 it stays one machine word, which compiled code
    # hashes and keeps without an object.
    left_bits, count_bits = p.bit_length(), (parity - 1).bit_length()
    one_own = p == 1 and not shared       # the game :mod:`.pairing` speaks of
    pairing = one_own and "pairing" in search.strategies
    ahead = one_own and "pairing ahead" in search.strategies
    lines = row_lines(v.n, v.row_length) if "line pairs" in search.strategies \
        else one_per_line(rows_k)
    killers = [0] * (cells + 1)
    spare = [0] * (cells + 1)

    def node(me: Mask, opp: Mask, left: int, alpha: int, beta: int, hint: Mask,
             placed: Mask) -> int:
        """Value for the player placing ``left`` more marks of this turn."""
        search.nodes += 1
        if not search.nodes % every:
            search.check_clock()
        taken = me | opp
        free = full ^ taken
        threat = live_me = live_opp = 0
        wide = False        # some open row still has two or more free cells
        if shared:
            for w in rows_k:
                marked = (w & taken).bit_count()
                if marked == k1:
                    threat |= w
                elif marked < k1:
                    wide = True
            if not wide:
                return count_game(0, 0, (free & ~threat).bit_count(), free & threat != 0,
                                  left, p)
            lo, hi = LOSS, WIN
            key = canon(taken) << left_bits | left
        else:
            live_me, live_opp, threat, wide = open_rows(rows_k, me, opp)
            if not wide:
                return count_game((free & live_opp & ~live_me).bit_count(),
                                  (free & live_me & ~live_opp).bit_count(),
                                  (free & ~live_me & ~live_opp).bit_count(),
                                  free & live_me & live_opp != 0, left, p)
            lo = LOSS if free & live_me else DRAW
            hi = WIN if free & live_opp else DRAW
            if lo == hi:
                return lo
            dead = full ^ (live_me | live_opp)
            key = (canon(me | dead | (opp | dead) << cells) << left_bits | left) << count_bits | (
                (free & dead).bit_count() % parity)
        safe = free & ~threat
        if not safe:
            return LOSS
        first = -1
        entry = table.get(key)
        if entry is not None:
            lo, hi, first = max(lo, entry % 3 - 1), min(hi, entry // 3 % 3 - 1), entry // 9 - 1
        if lo >= hi or lo >= beta or hi <= alpha:
            return lo if lo >= beta or lo >= hi else hi
        if pairing and hi > DRAW and alpha >= DRAW and responder_is_safe(lines, me, free):
            store(key, lo, DRAW, DRAW, alpha, beta, first, entry is None)
            return DRAW
        if ahead and lo < DRAW and beta <= DRAW and mover_is_safe(lines, opp, free):
            store(key, DRAW, hi, DRAW, alpha, beta, first, entry is None)
            return DRAW
        a0, b0 = max(alpha, lo), min(beta, hi)
        alpha = a0
        neutral = free & ~(live_me | live_opp) if not shared else 0
        depth = taken.bit_count()
        groups = ((1 << first) if first >= 0 else 0, killers[depth], spare[depth], hint,
                  neutral & -neutral,
                  ~live_me & live_opp, ~live_opp, live_me)
        best, best_cell, tried = LOSS - 1, -1, neutral & ~(neutral & -neutral)
        for group in groups:
            group &= safe & ~tried
            while group:
                bit = group & -group
                group ^= bit
                tried |= bit
                mine = me | bit
                if free == bit:
                    value = DRAW
                elif left > 1:
                    value = node(mine, opp, left - 1, alpha, b0, hint & ~bit, placed | bit)
                elif shared:
                    value = -node(mine, 0, p, -b0, -alpha, reflect(placed | bit), 0)
                else:
                    value = -node(opp, mine, p, -b0, -alpha, reflect(placed | bit), 0)
                if value > best:
                    best, best_cell = value, bit.bit_length() - 1
                    if value > alpha:
                        alpha = value
                        if alpha >= b0:
                            if killers[depth] != bit:
                                spare[depth], killers[depth] = killers[depth], bit
                            break
            else:
                continue
            break
        store(key, lo, hi, best, a0, b0, best_cell, entry is None)
        return best

    return lambda me, opp, alpha=LOSS, beta=WIN, hint=0: node(me, opp, p, alpha, beta, hint, 0)
