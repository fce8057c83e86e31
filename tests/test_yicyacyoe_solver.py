"""The Yic Yac Yoe solver against a tiny brute-force minimax over the rules
engine, against OpenSpiel (when installed), and against known results."""
from __future__ import annotations

import random
from functools import cache

import pytest

from icp_print.validators.yicyacyoe.engine import Position, Turn, legal_turns, play, start
from icp_print.validators.yicyacyoe.search import DRAW, LOSS, WIN, Search, SearchTimeout
from icp_print.validators.yicyacyoe.solver import solve
from icp_print.validators.yicyacyoe.variant import Variant


def brute_value(pos: Position) -> int:
    """Plain minimax over every legal turn, memoised on the exact board: no tricks."""
    @cache
    def value(marks: tuple[int, int], to_move: int) -> int:
        here = Position(pos.variant, marks, to_move)
        best = LOSS - 1
        for turn in legal_turns(here):
            after, outcome = play(here, turn)
            if outcome is None:
                result = -value(after.marks, after.to_move)
            else:
                result = DRAW if outcome.is_draw else LOSS
            best = max(best, result)
            if best == WIN:
                break
        return best

    return value(pos.marks, pos.to_move)


def fast_value(pos: Position) -> int:
    return solve(pos).value


@cache
def solved(variant: Variant):
    """Solutions from the empty board, shared by the tests that need the same one."""
    return solve(start(variant))


def all_variants(n: int):
    for k in range(1, n + 1):
        for p in (1, 2, 3):
            for connected in ((False,) if p == 1 else (True, False)):
                for shared in (False, True):
                    for long_rows in (True, False):
                        for bent in ((True, False) if connected and p == 3 else (False,)):
                            yield Variant(n, k, p, connected, shared, long_rows, bent)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_solver_matches_brute_force_on_every_small_variant(n):
    for variant in all_variants(n):
        assert fast_value(start(variant)) == brute_value(start(variant)), variant


def random_position(variant: Variant, marks: int, rng: random.Random) -> Position:
    """A position reached by random turns that avoid losing, with about ``marks`` marks down."""
    pos = start(variant)
    while pos.taken.bit_count() < marks:
        turns = legal_turns(pos)
        rng.shuffle(turns)
        for turn in turns:
            after, outcome = play(pos, turn)
            if outcome is None:
                pos = after
                break
        else:
            return pos
    return pos


@pytest.mark.parametrize("args", [(4, 3), (4, 4), (4, 4, 2, False), (4, 3, 2, True),
                                  (4, 3, 1, None, True), (4, 3, 1, None, False, False),
                                  (4, 4, 3, False), (5, 3)])
def test_solver_matches_brute_force_from_mid_game_positions(args):
    variant = Variant(*args)
    rng = random.Random(sum(map(hash, map(str, args))))
    for _ in range(6):
        pos = random_position(variant, variant.cells - 8, rng)
        if pos.free and not play_ends(pos):
            assert fast_value(pos) == brute_value(pos), (variant, pos.marks, pos.to_move)


def play_ends(pos: Position) -> bool:
    return not legal_turns(pos)


def test_best_moves_are_exactly_the_turns_brute_force_rates_best():
    for variant in (Variant(3), Variant(3, 3, 2), Variant(3, 2, 2, False), Variant(4, 2)):
        pos = start(variant)
        result = solve(pos)
        rated = {}
        for turn in legal_turns(pos):
            after, outcome = play(pos, turn)
            rated[turn] = (-brute_value(after) if outcome is None
                           else DRAW if outcome.is_draw else LOSS)
        best = max(rated.values())
        assert result.value == best
        assert set(result.best_moves) == {t for t, v in rated.items() if v == best}, variant


def test_misere_3x3_is_a_draw_and_only_the_centre_keeps_it():
    result = solve(start(Variant(3)))
    assert result.word == "draw" and [t.name(3) for t in result.best_moves] == ["b2"]


def test_rows_of_one_lose_at_the_first_mark():
    assert solve(start(Variant(4, 1))).word == "loss"


def test_connected_turns_at_least_as_long_as_the_row_lose_at_once():
    # Yriples on rows of 3: the first stroke is itself a completed row.
    straight = Variant(4, 3, 3, bent=False)
    result = solve(start(straight))
    assert result.word == "loss" and len(result.best_moves) == len(legal_turns(start(straight)))


def test_yriples_on_3x3_is_a_game_when_lines_may_bend():
    # straight strokes: the first turn always completes a row; bent groups: a real game
    assert solve(start(Variant(3, 3, 3, bent=False))).word == "loss"
    assert solve(start(Variant(3, 3, 3, bent=False, shared=True))).word == "loss"
    assert solve(start(Variant(3, 3, 3))).word == "draw"
    assert solve(start(Variant(3, 3, 3, shared=True))).word == "win"


@pytest.mark.parametrize("k", [2, 3, 4])
def test_second_player_never_loses_on_even_boards_by_mirroring(k):
    # With one mark a turn the second player can answer every mark with its
    # half-turn image, so the first player can do no better than a draw.
    assert solved(Variant(4, k)).value <= DRAW


def test_known_values_of_4x4():
    assert solved(Variant(4, 3)).word == "loss"
    assert solved(Variant(4, 4)).word == "draw"


def test_value_is_the_same_for_every_symmetric_image_of_a_position():
    from icp_print.validators.yicyacyoe.model import symmetries, transform
    variant = Variant(4, 3)
    pos = random_position(variant, 6, random.Random(3))
    values = {solve(Position(variant, (transform(pos.marks[0], p), transform(pos.marks[1], p)),
                             pos.to_move)).value for p in symmetries(4)}
    assert len(values) == 1


def test_time_limit_returns_proven_bounds():
    variant = Variant(5, 3)
    result = solve(start(variant), time_limit=0.3)
    assert result.value is None and result.lower == LOSS and result.upper == WIN
    assert not result.complete and result.as_dict(5)["value"] is None


def test_time_limit_keeps_a_bound_proven_before_it_ran_out():
    # 3x3 Yriples (bent) is a draw: the first test (can the mover avoid
    # losing?) is proven, then the clock runs out during the second (can the
    # mover win?).  (Misère 4x4, used here before, now gets its upper bound
    # from the mirror without searching.)
    variant = Variant(3, 3, 3)
    search = Search(variant, check_every=1)

    def clock() -> None:
        if "win" in search.tick.stage:
            raise SearchTimeout

    search.check_clock = clock
    result = solve(start(variant), search=search)
    assert (result.lower, result.upper, result.value) == (DRAW, WIN, None)
    assert result.word == "between draw and win" and not result.complete
    assert result.as_dict(3)["lower_bound"] == "draw"


def test_progress_is_reported_on_long_solves():
    messages = []
    solve(start(Variant(5, 3)), time_limit=1.5, progress=messages.append)
    assert messages and "nodes" in messages[0]


def test_positions_and_nodes_are_counted():
    result = solved(Variant(4, 4))
    assert 1000 < result.positions <= result.nodes


def test_table_limit_drops_deep_positions_without_changing_values():
    search = Search(Variant(3))
    search.max_entries = 100         # misère 3x3 needs about 290 entries
    assert search.value(0, 0) == DRAW and len(search.table) <= 100
    search = Search(Variant(4, 3))
    search.max_entries = 3000
    assert search.value(0, 0) == LOSS and len(search.table) <= 3000


def test_dead_cells_merged_in_the_key_keep_their_parity():
    # Up to symmetry these two positions agree outside their dead cells (cells
    # whose every row already holds both players' marks), so merging dead
    # cells gives them the same marks.  In the second a dead cell (d2) is
    # still free: a spare safe move, which turns the first one's draw into a
    # win.  The key must keep the parity of the free dead cells.
    cells = lambda text: Turn.parse(text, 4).mask  # noqa: E731
    search = Search(Variant(4, 4))
    assert search.value(cells("b2 d3 b4 c4 d4"), cells("a1 b1 c1 a2 d2 c3")) == DRAW
    assert search.value(cells("a1 b1 c1 b2 c3"), cells("a2 d3 b4 c4 d4")) == WIN


def test_a_finished_board_cannot_be_solved():
    from icp_print.validators.errors import RuleError
    full = Position(Variant(1), (1, 0), 1)
    with pytest.raises(RuleError):
        solve(full)


pyspiel = None
try:  # OpenSpiel is an optional cross-check, never a dependency
    import pyspiel  # type: ignore[no-redef]
    from open_spiel.python.algorithms import minimax
except ImportError:
    pass


@pytest.mark.skipif(pyspiel is None, reason="OpenSpiel (pyspiel) is not installed")
@pytest.mark.parametrize("n,k", [(3, 1), (3, 2), (3, 3), (4, 2)])
def test_open_spiel_misere_mnk_agrees(n, k):
    game = pyspiel.load_game(f"misere(game=mnk(m={n},n={n},k={k}))")
    theirs, action = minimax.alpha_beta_search(game, maximum_depth=n * n + 1)
    ours = solve(start(Variant(n, k)))
    assert ours.value == round(theirs)
    # OpenSpiel numbers cells row by row from the top, we from the bottom; the
    # set of best first turns is symmetric, so their pick must be one of ours.
    assert Turn((action,)) in ours.best_moves


def test_turn_parse_of_best_moves_round_trips():
    result = solve(start(Variant(4, 4, 2)))
    for turn in result.best_moves:
        assert Turn.parse(turn.name(4), 4) == turn


def test_endgame_count_settles_races_of_private_and_shared_cells():
    from icp_print.validators.yicyacyoe.endgame import count_game
    assert count_game(0, 0, 0, True, 1, 1) == LOSS          # nothing safe left: complete a row
    assert count_game(0, 0, 1, True, 1, 1) == WIN           # take the last safe cell
    assert count_game(2, 2, 1, True, 1, 1) == WIN           # shared first, then equal private
    assert count_game(0, 0, 4, False, 1, 1) == DRAW         # the board simply fills
    assert count_game(0, 0, 2, True, 2, 2) == WIN           # Youbles take both safe cells


def test_heuristic_never_completes_its_row_when_it_can_avoid_it_and_springs_traps():
    from icp_print.validators.yicyacyoe.player import heuristic_turn
    variant = Variant(4, 3)
    rng = random.Random(11)
    for _ in range(25):
        pos = random_position(variant, rng.randrange(4, 12), rng)
        if not legal_turns(pos):
            continue
        rated = {}
        for turn in legal_turns(pos):
            after, outcome = play(pos, turn)
            if outcome is not None:
                rated[turn] = "loses" if outcome.loser is not None else "safe"
            elif all(play(after, reply)[1] is not None and play(after, reply)[1].loser is not None
                     for reply in legal_turns(after)):
                rated[turn] = "traps"
            else:
                rated[turn] = "safe"
        chosen = rated[heuristic_turn(pos, random.Random(0))]
        if "traps" in rated.values():
            assert chosen == "traps"
        elif "safe" in rated.values():
            assert chosen == "safe"
