"""Depth-first proof-number search (df-pn): the solver's yes/no questions, asked another way.

Every question the solver puts is a yes/no one: "does the player to move
get at least a draw?", "... a win?".  Alpha-beta answers it by trying the
cells in a fixed order and searching each reply to the end; proof-number
search keeps, for every position, two counts: how many positions still have
to be settled to show the answer is yes (the proof number) and to show it
is no (the disproof number), and always works on the position where the
answer is closest.  A draw for the second player has to be shown against
every mark of the first, and one reply each suffices: such proofs are
uneven, and the counts steer the search to the replies that are nearly
settled instead of the first one in the list.

This is Nagai's df-pn (2002): the same counts, searched depth first within
thresholds so that only a table is kept, with the 1 + epsilon threshold of
Pawlewicz and Lew (2007) against re-searching the same position too often.
The leaves use what the alpha-beta search knows (:mod:`.free_search`):
safe cells only, a player who cannot lose or cannot win any more, the
pairing bounds (:mod:`.pairing`), the mirror (:mod:`.mirror`) and the
endgame count (:mod:`.endgame`).  It covers the game those bounds speak of:
one mark a turn, own marks, longer rows counting.

>>> from .search import Search
>>> from .variant import Variant
>>> Search(Variant(3), method="proof-number").value(0, 0)    # misère 3x3: a draw
0
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Callable

from .model import Mask, row_lines, rows
from .endgame import DRAW, LOSS, WIN, count_game, open_rows
from .mirror import guarantees_draw
from .pairing import mover_is_safe, one_per_line, responder_is_safe

if TYPE_CHECKING:
    from .search import Search
    from .variant import Variant

INF = 1 << 40            # a proof or disproof number that can never be reached
FIELD = 41               # bits per number in a table entry
LOW = (1 << FIELD) - 1
EPSILON = 0.25           # the 1 + epsilon threshold
PROVED, DISPROVED = INF << FIELD, INF      # entries: proof | disproof << FIELD
EXPANDED = 200_000       # positions whose children are kept between visits


def covers(variant: Variant) -> bool:
    """Whether the proof-number search handles ``variant`` (one mark a turn, own marks,
    longer rows counting): the game whose bounds it uses."""
    return variant.p == 1 and not variant.shared and variant.long_rows


def build_proof_search(search: Search) -> Callable[..., int]:
    """The value function ``(me, opp, alpha, beta, hint)`` for ``search``'s variant,
    answering within the window by yes/no questions."""
    every, v = search.check_every, search.variant
    rows_k, full, cells = rows(v.n, v.row_length), search.full, search.cells
    table, canon, reflect = search.table, search.canon, search.reflect
    used = search.strategies
    lines = row_lines(v.n, v.row_length) if "line pairs" in used else one_per_line(rows_k)
    pairing, ahead = "pairing" in used, "pairing ahead" in used
    mirror = "mirror" in used and guarantees_draw(v)
    centre = 1 << cells // 2 if v.n % 2 else 0
    expanded: dict[int, list[tuple[int, Mask]]] = {}     # position -> children, for re-visits

    def bounds(me: Mask, opp: Mask, target: int) -> tuple[int, int, Mask, Mask]:
        """(lowest, highest) value without search, the cells worth trying in order of
        promise, and the single neutral cell kept (0 when none)."""
        taken = me | opp
        free = full ^ taken
        live_me, live_opp, threat, wide = open_rows(rows_k, me, opp)
        if not wide:
            value = count_game((free & live_opp & ~live_me).bit_count(),
                               (free & live_me & ~live_opp).bit_count(),
                               (free & ~live_me & ~live_opp).bit_count(),
                               free & live_me & live_opp != 0, 1, 1)
            return value, value, 0, 0
        lo = LOSS if free & live_me else DRAW
        hi = WIN if free & live_opp else DRAW
        safe = free & ~threat
        if lo == hi or not safe:
            return (lo, hi, 0, 0) if safe else (LOSS, LOSS, 0, 0)
        if target > DRAW and hi > DRAW and (
                pairing and responder_is_safe(lines, me, free)
                or mirror and reflect(me) | centre == opp):      # the other player mirrors
            hi = DRAW
        if target <= DRAW and lo < DRAW and (
                ahead and mover_is_safe(lines, opp, free)
                or mirror and centre and reflect(me) == opp and not taken & centre):
            lo = DRAW                                  # take the centre, then mirror
        neutral = free & ~(live_me | live_opp)
        return lo, hi, safe & ~neutral, neutral & -neutral

    def expand(me: Mask, opp: Mask, target: int, hint: Mask) -> list[tuple[int, Mask]] | None:
        """The children worth searching as (key, cell), each looked at once: a child
        settled by its bounds goes into the table settled, the others start with a proof
        number of 1 and a disproof number of their count of cells to try.  None when
        one child settles the question already."""
        lo, hi, cand, neutral = bounds(me, opp, target)
        if lo >= target or hi < target:
            return [] if hi < target else None
        free = full ^ me ^ opp
        if free.bit_count() == 1:          # the last cell: marking it draws
            return None if DRAW >= target else []
        order = [bit for group in (hint & cand, neutral, cand & ~hint) for bit in _bits(group)]
        children = []
        for bit in order:
            child = canon(opp | (me | bit) << cells) << 1 | (1 - target)
            entry = table.get(child)
            if entry is None:
                c_lo, c_hi, c_cand, c_neutral = bounds(opp, me | bit, 1 - target)
                if c_hi < 1 - target:
                    return None            # the other player cannot reach their target
                entry = PROVED if c_lo >= 1 - target else \
                    1 | (c_cand.bit_count() + (c_neutral != 0)) << FIELD
                _keep(child, entry)
            if entry != PROVED:
                children.append((child, bit))
        return children

    def prove(me: Mask, opp: Mask, target: int, key: int, hint: Mask,
              proof_limit: int, disproof_limit: int) -> None:
        """Search until the position's proof number reaches ``proof_limit`` or its
        disproof number ``disproof_limit`` (the question: value >= ``target``?)."""
        search.nodes += 1
        if not search.nodes % every:
            search.check_clock()
        exact = (me | opp << cells) << 1 | target       # the cells differ between mirror images
        children = expanded.get(exact)
        if children is None:
            children = expand(me, opp, target, hint)
            if children is None or not children:
                _keep(key, PROVED if children is None else DISPROVED)
                return
            if len(expanded) >= EXPANDED:
                expanded.clear()
            expanded[exact] = children
        while True:
            proof, disproof, second, pick, pick_proof = INF, 0, INF, 0, 0
            for i, (child, _) in enumerate(children):
                entry = table.get(child, 1 | 1 << FIELD)
                child_proof, child_disproof = entry & LOW, entry >> FIELD
                disproof += child_proof
                if child_disproof < proof:
                    second, proof, pick, pick_proof = proof, child_disproof, i, child_proof
                elif child_disproof < second:
                    second = child_disproof
            disproof = min(disproof, INF)
            if proof >= proof_limit or disproof >= disproof_limit:
                _keep(key, proof | disproof << FIELD)
                if proof == 0 or disproof == 0:
                    expanded.pop(exact, None)
                return
            child, bit = children[pick]
            prove(opp, me | bit, 1 - target, child, reflect(bit),
                  disproof_limit - disproof + pick_proof,
                  min(proof_limit, int(second * (1 + EPSILON)) + 1))

    def _keep(key: int, entry: int) -> None:
        if key not in table:
            search.stored += 1
            if len(table) >= search.max_entries:
                _shrink()
        table[key] = entry

    def _shrink() -> None:
        """Drop every unsettled entry (their counts are found again when needed)."""
        settled = {key: entry for key, entry in table.items()
                   if entry in (PROVED, DISPROVED)}
        table.clear()
        table.update(settled)

    def at_least(me: Mask, opp: Mask, target: int, hint: Mask) -> bool:
        if target <= LOSS:
            return True
        if target > WIN:
            return False
        key = canon(me | opp << cells) << 1 | target
        prove(me, opp, target, key, hint, INF, INF)
        return table[key] == PROVED

    def value(me: Mask, opp: Mask, alpha: int = LOSS, beta: int = WIN, hint: Mask = 0) -> int:
        """The value if it lies inside ``(alpha, beta)``, else a bound beyond the window."""
        target = alpha + 1
        while at_least(me, opp, target, hint):
            if target >= beta or target >= WIN:
                return target
            target += 1
        return target - 1

    return value


def _bits(mask: Mask) -> list[Mask]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
