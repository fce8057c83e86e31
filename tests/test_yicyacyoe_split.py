"""Root splitting (one search per class of first turns, on a process pool) against the
single search, and the same numbers whatever the number of workers."""
from __future__ import annotations

import json

import pytest
from icp_print.validators.yicyacyoe.engine import start
from icp_print.validators.yicyacyoe.search import Search
from icp_print.validators.yicyacyoe.solver import solve
from icp_print.validators.yicyacyoe.split import solve_split
from icp_print.validators.yicyacyoe.variant import Variant
from test_yicyacyoe_solver import all_variants


def same_answer(variant: Variant, workers: int = 1) -> None:
    one, split = solve(start(variant)), solve_split(start(variant), workers)
    assert (split.lower, split.upper, split.best_moves, split.complete) == \
        (one.lower, one.upper, one.best_moves, one.complete), variant


def test_split_agrees_with_one_search_on_every_3x3_variant():
    for variant in all_variants(3):
        same_answer(variant)


@pytest.mark.parametrize("args", [(4, 2), (4, 3, 2), (4, 2, 3, False), (4, 3, 1, None, True)])
def test_split_agrees_with_one_search_on_4x4_variants(args):
    same_answer(Variant(*args))


def test_split_gives_the_same_numbers_on_one_and_two_workers():
    variant = Variant(4, 3, 2)
    one, two = solve_split(start(variant), 1), solve_split(start(variant), 2)
    assert one.as_dict(4) | {"seconds": 0} == two.as_dict(4) | {"seconds": 0}
    assert one.nodes > 0


def test_strategy_bounds_change_the_effort_not_the_answers():
    for args in [(3,), (4, 3), (4, 2)]:
        variant = Variant(*args)
        plain, bounded = Search(variant, strategies=frozenset()), Search(variant)
        assert plain.value(0, 0) == bounded.value(0, 0), variant
    plain, bounded = Search(Variant(3), strategies=frozenset()), Search(Variant(3))
    plain.value(0, 0)
    bounded.value(0, 0)
    assert bounded.nodes < plain.nodes


def test_split_time_limit_keeps_proven_bounds():
    # 5x5 rows of 4: the mirror proves at least a draw before any search
    result = solve_split(start(Variant(5, 4)), 1, time_limit=0.5)
    assert (result.word, result.complete, result.best_moves) == ("between draw and win", False, ())


def test_solve_command_takes_workers(run):
    out = run("solve", "yicyacyoe", "--size", "3", "--workers", "2", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["value"] == "draw" and data["best_moves"] == ["b2"] and data["best_moves_complete"]
