"""The exact solver's faster pieces (the canonical key by a plain loop, rows told apart by their
free cells) against the straightforward ways of computing the same thing; and :func:`figures`,
the solves the compiled install must repeat number for number (``test_compiled_build.py``)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from icp_print.validators.yicyacyoe.endgame import open_rows
from icp_print.validators.yicyacyoe.keys import canonicalizer, looped_canonicalizer
from icp_print.validators.yicyacyoe.model import rows

ROOT = Path(__file__).resolve().parents[1]
MIDDLE = (12, 10)        # marks down in the seeded 5x5 rows-of-4 positions
PER_MIDDLE = 6


def figures() -> list[list[object]]:
    """Every 3x3 and 4x4 variant solved from the start, then seeded 5x5 rows-of-4 positions:
    what each solve found and how many nodes and positions it took."""
    from bench_yicyacyoe import middle_positions, variants
    from icp_print.validators.yicyacyoe.engine import start
    from icp_print.validators.yicyacyoe.solver import solve
    from icp_print.validators.yicyacyoe.variant import Variant
    out: list[list[object]] = []
    for v in [*variants(3), *variants(4)]:
        r = solve(start(v))
        out.append([v.describe(), r.lower, r.upper, [t.name(v.n) for t in r.best_moves], r.nodes, r.positions])
    for marks in MIDDLE:
        for p in middle_positions(Variant(5, 4), marks, PER_MIDDLE):
            r = solve(p, best=False)
            out.append([f"5x5 rows of 4, {marks} marks", r.lower, r.upper, [], r.nodes, r.positions])
    return out


@pytest.mark.parametrize("n", range(1, 8))
@pytest.mark.parametrize("boards", [1, 2])
def test_the_looped_canonical_key_is_the_generated_one(n, boards):
    rng = random.Random(n * 10 + boards)
    generated, looped = canonicalizer(n, boards), looped_canonicalizer(n, boards)
    for _ in range(2000):
        packing = rng.getrandbits(n * n * boards)
        assert looped(packing) == generated(packing)


def counted_open_rows(rows_k: tuple[int, ...], me: int, opp: int, k: int) -> tuple[int, int, int, bool]:
    """:func:`open_rows` by counting each row's marks, as the rule reads."""
    threat = live_me = live_opp = 0
    wide = False
    for w in rows_k:
        mine, theirs = (w & me).bit_count(), (w & opp).bit_count()
        if not theirs:
            live_me |= w
            threat |= w if mine == k - 1 else 0
            wide = wide or mine < k - 1
        if not mine:
            live_opp |= w
            wide = wide or theirs < k - 1
    return live_me, live_opp, threat, wide


@pytest.mark.parametrize("n,k", [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5), (6, 2), (6, 1)])
def test_open_rows_by_free_cells_is_open_rows_by_counting(n, k):
    rng = random.Random(n * 10 + k)
    rows_k = rows(n, k)
    for _ in range(3000):
        cells = list(range(n * n))
        rng.shuffle(cells)
        marks = rng.randrange(n * n + 1)
        me = sum(1 << c for c in cells[:marks:2])
        opp = sum(1 << c for c in cells[1:marks:2])
        assert open_rows(rows_k, me, opp) == counted_open_rows(rows_k, me, opp, k)
