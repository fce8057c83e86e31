"""The search player against the PlayState interface: where greedy's one-step view misleads,
its playouts find the better action; its picks are seeded; its tuning is per game."""
from __future__ import annotations

import math
import random
from collections import Counter

from icp_print.validators.analysis import search
from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.players import greedy_player
from icp_print.validators.analysis.runner import matchup, run
from icp_print.validators.play import TERMINAL, UNCOUNTED


class Gamble:
    """A solo game of two steps.  First the player takes a ``bold`` or a ``safe`` road;
    the bold one looks worse at once (heuristic 0 against 1) but its final roll wins
    nine times in ten, the safe one's half the time.  Then one forced action rolls."""

    num_players = 1

    def __init__(self) -> None:
        self.turns = self.rounds = 0
        self.events: Counter[str] = Counter()
        self.road: str | None = None
        self.won: bool | None = None

    def current_player(self) -> int:
        return TERMINAL if self.won is not None else 0

    def legal_actions(self) -> tuple[str, ...]:
        return ("safe", "bold") if self.road is None else ("roll",)

    def apply(self, action: str, rng: random.Random) -> None:
        if self.road is None:
            self.road = action
        else:
            self.won = rng.random() < (0.9 if self.road == "bold" else 0.5)
        self.turns += 1
        self.rounds += 1

    def clone(self) -> Gamble:
        twin = type(self)()
        twin.__dict__.update(self.__dict__, events=UNCOUNTED)
        return twin

    def is_terminal(self) -> bool:
        return self.won is not None

    def returns(self) -> tuple[float, ...]:
        return (1.0 if self.won else 0.0,)

    def heuristic(self, seat: int) -> float:
        return 1.0 if self.road == "safe" else 0.0


def test_search_finds_the_action_greedy_misjudges():
    state = Gamble()
    assert greedy_player(state, random.Random(0)) == "safe"
    picks = Counter(search.search_player(32)(state, random.Random(seed)) for seed in range(20))
    assert picks["bold"] >= 18


class CoinToss(Gamble):
    """As :class:`Gamble`, but both roads win half the time, on opposite halves of the
    roll: their playouts disagree, and neither is better."""

    def apply(self, action: str, rng: random.Random) -> None:
        if self.road is None:
            self.road = action
        else:
            roll = rng.random()
            self.won = roll < 0.5 if self.road == "safe" else roll >= 0.5
        self.turns += 1
        self.rounds += 1


def test_guard_keeps_greedy_choice_when_playouts_show_no_better_action():
    state = CoinToss()
    assert greedy_player(state, random.Random(0)) == "safe"
    guarded = Counter(search.search_player(32)(state, random.Random(seed)) for seed in range(40))
    unguarded = search.search_player(32, search.Tuning(margin=-math.inf))
    plain = Counter(unguarded(state, random.Random(seed)) for seed in range(40))
    assert guarded["safe"] >= 34
    assert plain["bold"] >= 10


class SureLoss(Gamble):
    """As :class:`Gamble`, but both roads always lose: the bold one by less (the
    heuristic of the finished game, -1 against -5), though it looks worse at once."""

    def apply(self, action: str, rng: random.Random) -> None:
        if self.road is None:
            self.road = action
        else:
            self.won = False
        self.turns += 1
        self.rounds += 1

    def heuristic(self, seat: int) -> float:
        if self.won is not None:
            return -1.0 if self.road == "bold" else -5.0
        return super().heuristic(seat)


def test_lead_makes_search_prefer_the_closer_of_two_lost_games():
    state = SureLoss()
    assert greedy_player(state, random.Random(0)) == "safe"
    plain = search.search_player(8, search.Tuning(horizon=0))
    leading = search.search_player(8, search.Tuning(horizon=0, lead=1.0))
    assert {plain(state, random.Random(seed)) for seed in range(5)} == {"safe"}
    assert {leading(state, random.Random(seed)) for seed in range(5)} == {"bold"}


def test_search_picks_are_seeded_and_among_greedy_best_actions():
    game = load_game("ryb")
    for seed in range(3):
        state = game.new_state(2, random.Random(seed), {})
        state.apply(("refill",), random.Random(seed))
        player = search.search_player(4)
        pick = player(state, random.Random(1))
        assert pick == player(state, random.Random(1))
        rng = random.Random(1)
        best = search.ranked(state, search.candidates(state.legal_actions(), search.GREEDY_CANDIDATES,
                                                      rng), 0, rng)
        assert pick in best[:search.widened(search.DEFAULT.widest, 4)]


def test_budget_decides_how_many_actions_are_weighed():
    assert search.widened(14, 64) == 10
    assert search.widened(14, 1000) == 14
    assert search.widened(14, 2) == 2


def test_each_game_gets_its_own_tuning_and_the_rest_the_default():
    assert search.tuning_for("which-side") == search.TUNING["which-side"]
    assert search.tuning_for("no-such-game") == search.DEFAULT


def test_search_games_give_the_same_numbers_on_one_or_two_workers_in_a_duel():
    match = matchup(load_game("protocol-g117"), 2, ("search", "greedy"), seed=3, playouts=4,
                    rotate=True, max_turns=30)
    assert run(match, 2, workers=1).summary() == run(match, 2, workers=2).summary()


class Buried(Gamble):
    """As :class:`Gamble` with nine ``detour`` roads that look better at once than the bold
    one (heuristic 0.5) and win half the time: greedy's best few never include ``bold``."""

    def legal_actions(self) -> tuple[str, ...]:
        if self.road is None:
            return ("safe", *(f"detour{i}" for i in range(9)), "bold")
        return ("roll",)

    def heuristic(self, seat: int) -> float:
        return {None: 0.0, "safe": 1.0, "bold": 0.0}.get(self.road, 0.5)


class Pointed(Buried):
    """As :class:`Buried`, with an engine that names the roads worth weighing itself."""

    def search_candidates(self, greedy: str, seat: int, most: int) -> list[str]:
        return [greedy, "bold"][:most]


def test_search_weighs_the_actions_an_engine_names_instead_of_greedy_best():
    assert search.widened(search.DEFAULT.widest, 16) == 2
    buried = Counter(search.search_player(16)(Buried(), random.Random(seed)) for seed in range(20))
    pointed = Counter(search.search_player(16)(Pointed(), random.Random(seed)) for seed in range(20))
    assert buried["bold"] == 0
    assert pointed["bold"] >= 15
