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
* Strategy bounds (one mark a turn, own marks): a player who can answer
  every mark with its half-turn image never completes a row where
  :mod:`.mirror` says so, which bounds the root and the first turns; and
  when every row the player who just moved could still complete holds two
  free cells of its own, the player to move cannot win (:mod:`.pairing`).
* Endgame by counting: once no open row has two free cells, a mark changes
  nothing but its own cell, and :func:`count_game` settles the rest from
  three numbers.
* Ordering: the table's best cell, then the two latest cells that caused
  a cut-off at the same depth (killer moves: a refutation often refutes the
  sibling lines too), then the half-turn image of the opponent's last turn
  (the mirror reply that often holds a draw), then cells that can no
  longer hurt the mover.
* With free placement a turn of ``p`` marks is searched as ``p`` single
  placements by the same player, which lets the bounds cut inside a turn
  (:mod:`.free_search`).  Connected turns (straight lines) are few and are
  searched whole (:mod:`.turn_search`), as are turns under exact rows.
* ``method="proof-number"`` asks the same yes/no questions by depth-first
  proof-number search (:mod:`.proof_search`), on the games with one mark a
  turn and own marks.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from ..errors import InputError
from .model import Mask
from .endgame import DRAW, LOSS, WIN
from .free_search import build_free_search
from .keys import canonicalizer, half_turn
from .mirror import mirror_bounds
from .proof_search import build_proof_search, covers
from .turn_search import build_turn_search
from .variant import Variant

__all__ = ["DRAW", "LOSS", "METHODS", "STRATEGIES", "WIN", "Search", "SearchTimeout"]

CHECK_EVERY = 1 << 12       # nodes between looks at the clock
MAX_ENTRIES = 5_000_000     # about 400 MB of table; past this the deepest half goes
LARGEST_TABLE = 1_000_000_000   # the most a table may be asked to keep (about 100 GB)
# The strategy bounds: the mirror at the top of a search (:mod:`.mirror`), the pairing
# for the player who just moved and, one turn earlier, for the player to move, and one
# pair shared by the overlapping rows of a line instead of a pair per row (:mod:`.pairing`).
STRATEGIES = frozenset({"mirror", "pairing", "pairing ahead", "line pairs"})
# How the yes/no questions are searched: alpha-beta everywhere, or proof numbers
# (:mod:`.proof_search`) on the games it covers (one mark a turn, own marks).
METHODS = ("alpha-beta", "proof-number")


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
                 tick: Callable[[Search], None] | None = None, check_every: int = CHECK_EVERY,
                 strategies: frozenset[str] = STRATEGIES, method: str = "alpha-beta",
                 max_entries: int = MAX_ENTRIES):
        self.variant = variant
        self.deadline = deadline
        self.tick = tick
        self.nodes = 0
        self.table: dict[int, int] = {}     # key -> packed (lower, upper, best move)
        self.stored = 0                     # distinct positions given an entry, ever
        self.max_entries = max_entries      # past this the deepest half goes (a long run may keep more)
        n = variant.n
        self.cells = n * n
        self.full = (1 << self.cells) - 1
        self.canon = canonicalizer(n, 1 if variant.shared else 2)
        self.mirror = half_turn(n)
        self.check_every = check_every
        self.strategies = strategies        # which of STRATEGIES to use (fewer: to measure them)
        if method not in METHODS:
            raise InputError(f"search method must be one of {', '.join(METHODS)}, got {method!r}",
                             field="--method")
        self.method = method if covers(variant) else "alpha-beta"
        if self.method == "proof-number":
            self._value = build_proof_search(self)
        elif variant.long_rows and not variant.connected:
            self._value = build_free_search(self)
        else:
            self._value = build_turn_search(self)

    def value(self, me: Mask, opp: Mask, alpha: int = LOSS, beta: int = WIN, hint: Mask = 0) -> int:
        """The position's value within ``(alpha, beta)``, after the mirror's bounds."""
        lo, hi = mirror_bounds(self.variant, me, opp) if "mirror" in self.strategies else (LOSS, WIN)
        if lo >= beta or lo >= hi:
            return lo
        if hi <= alpha:
            return hi
        found = self._value(me, opp, max(alpha, lo), min(beta, hi), hint)
        return max(lo, min(hi, found))

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

    def check_clock(self) -> None:
        """Report progress; raise :class:`SearchTimeout` once the deadline has passed."""
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
