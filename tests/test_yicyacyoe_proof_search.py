"""Proof-number search (df-pn) and the line pairs against the plain alpha-beta search and
the brute-force minimax: new techniques change the effort, never a value."""
from __future__ import annotations

import json
import random

import pytest

from icp_print.validators.errors import InputError
from icp_print.validators.yicyacyoe.engine import start
from icp_print.validators.yicyacyoe.search import METHODS, STRATEGIES, Search
from icp_print.validators.yicyacyoe.solver import solve
from icp_print.validators.yicyacyoe.split import solve_split
from icp_print.validators.yicyacyoe.variant import Variant
from test_yicyacyoe_solver import brute_value, play_ends, random_position, solved

ONE_MARK = [(n, k) for n in (1, 2, 3) for k in range(1, n + 1)] + [(4, 1), (4, 2), (4, 4), (5, 5)]


def answer(result):
    return result.lower, result.upper, result.best_moves, result.complete


@pytest.mark.parametrize("n, k", ONE_MARK)
def test_proof_numbers_give_the_alpha_beta_value_and_best_turns(n, k):
    variant = Variant(n, k)
    proof = solve(start(variant), search=Search(variant, method="proof-number"))
    assert answer(proof) == answer(solved(variant)), variant


@pytest.mark.parametrize("used", [frozenset(), frozenset({"mirror"}), STRATEGIES - {"line pairs"}])
def test_proof_numbers_agree_with_fewer_strategy_bounds(used):
    for n, k in [(3, 3), (3, 2), (4, 2)]:
        variant = Variant(n, k)
        proof = solve(start(variant), search=Search(variant, used, method="proof-number"))
        assert answer(proof) == answer(solved(variant)), (variant, used)


@pytest.mark.parametrize("n, k", [(4, 3), (4, 4), (5, 4), (5, 3), (6, 4)])
def test_proof_numbers_match_brute_force_from_mid_game_positions(n, k):
    variant = Variant(n, k)
    rng = random.Random(n * 10 + k)
    checked = 0
    for _ in range(8):
        pos = random_position(variant, variant.cells - 9, rng)
        if pos.free and not play_ends(pos):
            value = solve(pos, search=Search(variant, method="proof-number"), best=False).value
            assert value == brute_value(pos), (variant, pos.marks, pos.to_move)
            checked += 1
    assert checked >= 4


def test_proof_numbers_fall_back_to_alpha_beta_where_their_bounds_do_not_hold():
    for variant in (Variant(3, 3, 2), Variant(3, shared=True), Variant(3, 2, long_rows=False)):
        search = Search(variant, method="proof-number")
        assert search.method == "alpha-beta"
        assert answer(solve(start(variant), search=search)) == answer(solved(variant))


def test_proof_numbers_under_a_time_limit_keep_proven_bounds():
    result = solve(start(Variant(5, 4)), 0.3, search=Search(Variant(5, 4), method="proof-number"))
    assert (result.lower, result.upper, result.complete) == (0, 1, False)


def test_unknown_search_method_is_refused():
    with pytest.raises(InputError) as refused:
        Search(Variant(3), method="monte-carlo")
    assert refused.value.field == "--method"


@pytest.mark.parametrize("n, k, methods", [(3, 3, METHODS), (4, 4, ("alpha-beta",))])
def test_line_pairs_change_the_effort_not_the_answer(n, k, methods):
    variant = Variant(n, k)
    for method in methods:
        per_row = Search(variant, STRATEGIES - {"line pairs"}, method=method)
        by_line = Search(variant, method=method)
        assert answer(solve(start(variant), search=per_row)) == \
            answer(solve(start(variant), search=by_line)), (variant, method)
        assert by_line.nodes <= per_row.nodes


def test_split_with_proof_numbers_agrees_on_one_and_two_workers():
    for variant in (Variant(3), Variant(4, 2)):
        one = solve_split(start(variant), 1, method="proof-number")
        two = solve_split(start(variant), 2, method="proof-number")
        assert one.as_dict(variant.n) | {"seconds": 0} == two.as_dict(variant.n) | {"seconds": 0}
        assert answer(one) == answer(solved(variant))


def test_solve_command_takes_the_method(run):
    out = run("solve", "yicyacyoe", "--size", "3", "--method", "proof-number", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["value"] == "draw" and data["best_moves"] == ["b2"]
    refused = run("solve", "yicyacyoe", "--size", "3", "--method", "guess")
    assert refused.exit_code == 2 and "--method" in refused.output


def test_command_offers_exactly_the_search_methods():
    from icp_print.cli.yicyacyoe import solve_command
    choice = next(p for p in solve_command.params if p.name == "method")
    assert tuple(choice.type.choices) == METHODS
