"""The two strategy bounds of the Yic Yac Yoe search (mirror and pairing), checked
against play through the rules engine and against the brute-force minimax."""
from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.yicyacyoe.model import row_lines, rows
from icp_print.validators.yicyacyoe.engine import Position, start
from icp_print.validators.yicyacyoe.mirror import guarantees_draw, mirror_bounds, verify
from icp_print.validators.yicyacyoe.pairing import (demands, mover_is_safe, one_per_line, pairs_for,
                                                    responder_is_safe)
from icp_print.validators.yicyacyoe.search import DRAW, LOSS, WIN
from icp_print.validators.yicyacyoe.solver import solve
from icp_print.validators.yicyacyoe.variant import Variant
from test_yicyacyoe_solver import brute_value, random_position


def test_mirror_condition_agrees_with_playing_the_mirror_against_every_reply():
    for n in range(1, 5):
        for k in range(1, n + 1):
            variant = Variant(n, k)
            assert guarantees_draw(variant) == verify(variant), variant


def test_mirror_fails_where_a_row_ends_at_the_centre():
    assert not guarantees_draw(Variant(5, 3)) and not verify(Variant(5, 3))
    assert guarantees_draw(Variant(5, 4)) and guarantees_draw(Variant(5, 5))


def test_mirror_says_nothing_about_other_turn_sizes_or_shared_marks():
    assert not guarantees_draw(Variant(3, 3, 2)) and not guarantees_draw(Variant(3, shared=True))
    assert mirror_bounds(Variant(3, 3, 2), 0, 0) == (LOSS, WIN)


def test_mirror_bounds_hold_against_brute_force():
    checked = 0
    rng = random.Random(5)
    for variant in (Variant(3), Variant(4, 3), Variant(4, 4), Variant(5, 4)):
        for marks in range(0, variant.cells - 6, 2):
            for _ in range(15):
                pos = random_position(variant, marks, rng)
                me, opp = pos.marks[pos.to_move], pos.marks[1 - pos.to_move]
                lo, hi = mirror_bounds(variant, me, opp)
                if (lo, hi) != (LOSS, WIN) and pos.free.bit_count() <= 9:
                    assert lo <= brute_value(pos) <= hi, (variant, pos.marks)
                    checked += 1
    assert checked >= 3


def test_first_player_mirror_from_the_centre_on_5x5_rows_of_4_and_5():
    centre = 1 << 12
    assert mirror_bounds(Variant(5, 4), 0, 0) == (DRAW, WIN)
    assert mirror_bounds(Variant(5, 5), 0, centre) == (LOSS, DRAW)


def test_second_player_mirror_on_even_boards():
    assert mirror_bounds(Variant(4, 3), 0, 0) == (LOSS, DRAW)


def brute_pairs(rows_free: list[int]) -> bool:
    """Try every choice of two cells per row (no cleverness)."""
    def fits(i: int, used: int) -> bool:
        if i == len(rows_free):
            return True
        cells = [1 << c for c in range(rows_free[i].bit_length()) if rows_free[i] >> c & 1]
        return any(fits(i + 1, used | a | b) for a, b in combinations(cells, 2)
                   if not (a | b) & used)
    return fits(0, 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, (1 << 9) - 1), max_size=5))
def test_pairs_for_agrees_with_trying_every_choice(rows_free):
    assert pairs_for(rows_free) == brute_pairs(rows_free)


def _open_positions(rng: random.Random, by_line: bool = False
                    ) -> Iterator[tuple[Variant, tuple[tuple[int, ...], ...], Position]]:
    """Random positions 5 to 8 marks short of a full board, on the boards the pairing
    covers, where the game has not ended and a cell is free: (variant, rows grouped for the
    pairing, position).  ``by_line``: one pair for the overlapping rows of a line."""
    for variant in (Variant(3), Variant(4, 3), Variant(4, 4), Variant(5, 4), Variant(5, 5),
                    Variant(5, 3), Variant(6, 4)):
        if variant.n == 6 and not by_line:
            continue
        flat = rows(variant.n, variant.row_length)
        lines = row_lines(variant.n, variant.row_length) if by_line else one_per_line(flat)
        for _ in range(60):
            pos = random_position(variant, variant.cells - rng.randrange(5, 9), rng)
            me, opp = pos.marks[pos.to_move], pos.marks[1 - pos.to_move]
            if pos.free and not any(w & opp == w or w & me == w for w in flat):
                yield variant, lines, pos


def test_pairing_bound_holds_against_brute_force():
    """Wherever the pairing says the player who just moved is safe, the mover gets no win."""
    fired = 0
    for variant, lines, pos in _open_positions(random.Random(8)):
        if responder_is_safe(lines, pos.marks[pos.to_move], pos.free):
            assert brute_value(pos) <= DRAW, (variant, pos.marks, pos.to_move)
            fired += 1
    assert fired >= 10


def test_pairing_one_turn_earlier_holds_against_brute_force():
    """Wherever the pairs of the mover's own rows leave a cell over, the mover does not lose."""
    fired = 0
    for variant, lines, pos in _open_positions(random.Random(9)):
        if mover_is_safe(lines, pos.marks[1 - pos.to_move], pos.free):
            assert brute_value(pos) >= DRAW, (variant, pos.marks, pos.to_move)
            fired += 1
    assert fired >= 10


def test_line_pairs_hold_against_brute_force():
    """One pair for the overlapping rows of a line: where it says the player who just moved
    is safe, the mover gets no win; one turn earlier, the mover does not lose."""
    covered = ahead = 0
    for variant, lines, pos in _open_positions(random.Random(10), by_line=True):
        me, opp = pos.marks[pos.to_move], pos.marks[1 - pos.to_move]
        if responder_is_safe(lines, me, pos.free):
            assert brute_value(pos) <= DRAW, (variant, pos.marks, pos.to_move)
            covered += 1
        if mover_is_safe(lines, opp, pos.free):
            assert brute_value(pos) >= DRAW, (variant, pos.marks, pos.to_move)
            ahead += 1
    assert covered >= 10 and ahead >= 10


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 25) - 1), st.integers(0, (1 << 25) - 1))
def test_line_pairs_cover_wherever_a_pair_per_row_does(blocker, free):
    """Grouping never loses a cover: each per-row pair has a cell in the shared part."""
    free &= ~blocker
    flat = rows(5, 4)
    if responder_is_safe(one_per_line(flat), blocker, free):
        assert responder_is_safe(row_lines(5, 4), blocker, free)
    assert len(demands(row_lines(5, 4), blocker, free)) <= len(demands(one_per_line(flat),
                                                                          blocker, free))


def test_line_pairs_cover_a_line_of_five_with_one_pair_among_its_middle_cells():
    line = row_lines(5, 4)[0]                          # a1-d1 and b1-e1
    assert demands((line,), 0, 0b11111) == [0b01110]   # b1 c1 d1
    assert responder_is_safe((line,), 0, 0b01010)      # b1 and d1 free: enough
    assert not responder_is_safe(one_per_line(line), 0, 0b01010)


def test_pairing_settles_5x5_rows_of_5_as_a_draw_from_every_first_mark():
    result = solve(start(Variant(5, 5)))
    assert result.word == "draw" and len(result.best_moves) == 25 and result.complete
    assert responder_is_safe(one_per_line(rows(5, 5)), 0, (1 << 25) - 1)


def test_pairing_needs_two_cells_of_its_own_for_every_open_row():
    # 3x3 rows of 3: eight rows need sixteen cells, there are nine
    three = one_per_line(rows(3, 3))
    assert not responder_is_safe(three, 0, (1 << 9) - 1)
    # the mover's a1 closes three rows: five are left open, ten cells for eight free ones
    me = Position(Variant(3), (0b1, 0), 0).marks[0]
    assert not responder_is_safe(three, me, ((1 << 9) - 1) & ~me)
    # with a1 b2 c3 the mover has a mark in every row: nothing is left to pair
    assert responder_is_safe(three, 0b100010001, 0b011101110)
