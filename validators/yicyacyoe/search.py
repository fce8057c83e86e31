"""The negamax core: exact values of Yic Yac Yoe positions.

Values are for the player about to place a mark: WIN (+1), DRAW (0) or
LOSS (-1).  The search is alpha-beta over those three values with a
transposition table of proven bounds keyed by the canonical form of the
position (the eight symmetries of the square).

What makes it fast, besides bitboards and precomputed rows:

* Only safe cells are tried (cells that do not complete one of the mover's
  rows); a mover with none left loses at once.
* Dead cells: a cell whose every row holds marks of both players can never
  matter again.  All such cells are written into the key as "blocked", so
  positions differing only there share one entry; free dead cells are
  interchangeable, so only one of them is tried and only their number is
  kept (its parity with one mark per turn: a pair of them cancels out, the
  second player of the pair answering the first).
* Bounds without search: a player none of whose rows can still be completed
  can never lose, which caps or floors the value before any move is tried.
* Endgame by counting: once no open row has two free cells, a mark changes
  nothing but its own cell, and :func:`count_game` settles the rest from
  three numbers.
* Ordering: the table's best cell, then the two latest cells that caused
  a cut-off at the same depth (killer moves: a refutation often refutes the
  sibling lines too), then the half-turn image of the opponent's last turn
  (the mirror reply that often holds a draw), then cells that can no
  longer hurt the mover.
* With free placement a turn of ``p`` marks is searched as ``p`` single
  placements by the same player, which lets the bounds cut inside a turn.
  Connected turns (straight lines) are few and are searched whole.
"""
from __future__ import annotations

import time
from collections import Counter
from itertools import combinations
from typing import Callable

from .board import Mask, exact_rows, rows, segments
from .endgame import DRAW, LOSS, WIN, count_game
from .keys import canonicalizer, half_turn
from .variant import Variant

CHECK_EVERY = 1 << 12       # nodes between looks at the clock
MAX_ENTRIES = 5_000_000     # about 400 MB of table; past this the deepest half goes


class SearchTimeout(Exception):
    """The time limit ran out; bounds proven so far stay in the table."""


class Search:
    """One variant's search state: constants, the table, the node count.

    ``value(me, opp, alpha=LOSS, beta=WIN, hint=0)`` searches the position
    where the player to move has marks ``me`` and the other player ``opp``
    (with shared marks: every mark in ``me``, ``opp`` 0) at the start of a
    turn, within the window; ``hint`` holds cells to try first.
    """

    def __init__(self, variant: Variant, deadline: float | None = None,
                 tick: Callable[["Search"], None] | None = None):
        self.variant = variant
        self.deadline = deadline
        self.tick = tick
        self.nodes = 0
        self.table: dict[int, int] = {}     # key -> packed (lower, upper, best move)
        self.stored = 0                     # distinct positions given an entry, ever
        self.max_entries = MAX_ENTRIES
        n = variant.n
        self.cells = n * n
        self.full = (1 << self.cells) - 1
        self.canon = canonicalizer(n, 1 if variant.shared else 2)
        self.mirror = half_turn(n)
        if variant.long_rows and not variant.connected:
            self.value = self._build_free_search()
        else:
            self.value = self._build_turn_search()

    @property
    def positions(self) -> int:
        """Distinct positions (up to symmetry, mid-turn ones included) given a stored bound."""
        return self.stored

    def store(self, key: int, lo: int, hi: int, best: int, alpha: int, beta: int, move: int,
              new: bool) -> None:
        """Record what a search proved: a lower bound, an upper bound, or the value.

        The entry is packed in one int (bounds and best move); up to 5x5 it
        is one of Python's shared small ints, so the table costs no object
        per position.
        """
        if best >= beta:
            lo = max(lo, best)
        elif best <= alpha:
            hi = min(hi, best)
        else:
            lo = hi = best
        if new:
            self.stored += 1
            if len(self.table) >= self.max_entries:
                self._shrink()
        self.table[key] = (lo + 1) + 3 * (hi + 1) + 9 * (move + 1)

    def _shrink(self) -> None:
        """Keep about half the table: the positions with the fewest marks.

        Those took the most search to settle; deep positions are cheap to
        solve again.  (A key's set bits grow with the marks on the board.)
        """
        counts = Counter(key.bit_count() for key in self.table)
        kept, limit = 0, -1
        for bits in sorted(counts):
            if kept + counts[bits] > self.max_entries // 2:
                break
            kept, limit = kept + counts[bits], bits
        keep = {key: entry for key, entry in self.table.items() if key.bit_count() <= limit}
        self.table.clear()
        self.table.update(keep)

    def _clock(self) -> None:
        if self.tick is not None:
            self.tick(self)
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchTimeout

    def reflect(self, mask: Mask) -> Mask:
        out, mirror = 0, self.mirror
        while mask:
            low = mask & -mask
            out |= 1 << mirror[low.bit_length() - 1]
            mask ^= low
        return out

    # -- free placement, rows of k or longer: one mark at a time ----------
    def _build_free_search(self):
        v = self.variant
        rows_k, k1, full, cells, p = rows(v.n, v.k), v.k - 1, self.full, self.cells, v.p
        shared, table, canon, reflect = v.shared, self.table, self.canon, self.reflect
        store = self.store
        parity = 1 if p == 1 else cells + 1      # keep the count of free dead cells mod this
        killers = [0] * (cells + 1)
        spare = [0] * (cells + 1)
        search = self

        def node(me: Mask, opp: Mask, left: int, alpha: int, beta: int, hint: Mask,
                 placed: Mask) -> int:
            """Value for the player placing ``left`` more marks of this turn."""
            search.nodes += 1
            if not search.nodes % CHECK_EVERY:
                search._clock()
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
                key = canon(taken) << 8 | left
            else:
                for w in rows_k:
                    a = w & me
                    if not w & opp:
                        live_me |= w
                        marked = a.bit_count()
                        if marked == k1:
                            threat |= w
                        elif marked < k1:
                            wide = True
                    if not a:
                        live_opp |= w
                        if not wide and (w & opp).bit_count() < k1:
                            wide = True
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
                key = (canon(me | dead | (opp | dead) << cells) << 8 | left) << 8 | (
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

    # -- whole turns: connected lines, or rows longer than k not counting ----
    def _build_turn_search(self):
        v = self.variant
        full, cells, p, shared = self.full, self.cells, v.p, v.shared
        table, canon, reflect, store = self.table, self.canon, self.reflect, self.store
        lines = {length: segments(v.n, length) for length in range(1, p + 1)}
        numbered = [s for length in range(1, p + 1) for s in lines[length]] if v.connected else []
        number = {s: i for i, s in enumerate(numbered)}
        if v.long_rows:
            checks = [(w, 0) for w in rows(v.n, v.k)]
        else:
            checks = list(exact_rows(v.n, v.k))
        search = self

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
            if not search.nodes % CHECK_EVERY:
                search._clock()
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

