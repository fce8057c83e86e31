"""The analysis lab: statistics, computer players, seeded batches on any number of workers."""
from __future__ import annotations

import random

import pytest

from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.players import greedy_player, parse_policies, ranked
from icp_print.validators.analysis.runner import batches, matchup, run
from icp_print.validators.analysis.stats import Histogram, Totals, wilson
from icp_print.validators.errors import InputError


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(81, 263)          # Wilson (1927) style example: p = 0.308
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0


def test_histograms_merge_to_the_same_median_as_one_histogram():
    rng = random.Random(4)
    values = [rng.randrange(200) for _ in range(999)]
    whole, parts = Histogram(), [Histogram() for _ in range(3)]
    for i, v in enumerate(values):
        whole.add(v)
        parts[i % 3].add(v)
    merged = Histogram()
    for p in parts:
        merged.merge(p)
    assert merged.median() == whole.median() == sorted(values)[499]
    assert merged.mean() == pytest.approx(sum(values) / len(values))


def test_draws_share_one_win_among_the_tied_seats():
    totals = Totals(2)
    totals.count((0.5, 0.5), 10, 5, {}, ("greedy", "greedy"))
    totals.count((1.0, 0.0), 12, 6, {}, ("greedy", "greedy"))
    totals.count(None, 2000, 1000, {}, ("greedy", "greedy"))
    assert totals.draws == 1 and totals.wins == [1.5, 0.5] and totals.capped == 1
    assert totals.summary()["win_rate_by_seat"][0]["rate"] == 0.75


def test_batches_depend_only_on_the_number_of_games():
    for games in (1, 7, 64, 65, 1000, 123457):
        parts = batches(games)
        assert sum(c for _, c in parts) == games
        assert [s for s, _ in parts] == sorted({s for s, _ in parts})


def test_same_seed_same_numbers_with_one_or_two_workers():
    match = matchup(load_game("ryb"), 3, ("random", "greedy", "random"), seed=11)
    one = run(match, 12, workers=1).summary()
    two = run(match, 12, workers=2).summary()
    assert one == two and one["games"] == 12
    other = run(matchup(load_game("ryb"), 3, ("random", "greedy", "random"), seed=12), 12,
                workers=1).summary()
    assert other != one


def test_same_numbers_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    match = matchup(load_game("ryb"), 2, ("greedy", "random"), seed=3)
    local = run(match, 8, workers=2).summary()
    with distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster:
        remote = run(match, 8, scheduler=cluster.scheduler_address).summary()
    assert remote == local


def test_policies_per_seat_and_bad_options_are_refused():
    assert parse_policies("search,greedy", 2) == ("search", "greedy")
    with pytest.raises(InputError):
        parse_policies("clever", 2)
    with pytest.raises(InputError):
        parse_policies("random,greedy", 3)
    with pytest.raises(InputError):
        matchup(load_game("ryb"), 6, ("random",) * 6)
    with pytest.raises(InputError):
        matchup(load_game("ryb"), 2, ("random",) * 2, {"variable": "nonsense"})
    with pytest.raises(InputError, match="adventure booklet"):
        load_game("mad-maxence")


def test_greedy_takes_a_certain_goal_over_stopping():
    from icp_print.validators.ryb import play as ryb
    from icp_print.validators.ryb.model import Goal
    s = ryb.GAME.new_state(3, random.Random(0), {})
    s.table = [[1, Goal("red", 4, 8), 0]]
    s.phase, s.pools[0] = ryb.ATTEMPT, [6, 2, 2]
    assert greedy_player(s, random.Random(0)) == ("attempt", 1)


def test_rotation_seats_each_strength_in_turn():
    match = matchup(load_game("ryb"), 2, ("greedy", "random"), rotate=True)
    assert match.seating(0) == ("greedy", "random") and match.seating(1) == ("random", "greedy")


def test_solo_games_with_difficulty_modes_name_them():
    from icp_print.validators.play import difficulty_of
    for name in ("which-side", "the-last-glow"):
        game = load_game(name)
        assert difficulty_of(game) == "mode" and len(game.variants["mode"]) >= 2



def test_search_games_give_the_same_numbers_on_one_or_two_workers():
    match = matchup(load_game("bonnie-and-clyde"), 1, ("search",), seed=5, playouts=4)
    assert run(match, 4, workers=1).summary() == run(match, 4, workers=2).summary()


class _RatesItself:
    """A position whose engine rates its actions itself and cannot be copied."""

    def __init__(self, values: dict[str, float]) -> None:
        self.values = values

    def legal_actions(self):
        return tuple(self.values)

    def current_player(self) -> int:
        return 0

    def action_values(self, actions, seat, rng):
        return [self.values[a] for a in actions]

    def clone(self):
        raise AssertionError("greedy copied a position whose engine rates its actions")


def test_greedy_asks_an_engine_that_rates_its_actions_instead_of_copying():
    state = _RatesItself({"wait": 1.0, "hunt": 3.0, "light": 3.0, "sink": -2.0})
    assert greedy_player(state, random.Random(0)) == "hunt"       # ties keep the engine's order
    assert ranked(state, state.legal_actions(), 0, random.Random(0)) == ["hunt", "light", "wait", "sink"]
