"""The turns Accellerator's search player weighs: greedy's first, then other effects, all
legal, ranked by how well they set up the mover's next turn."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from icp_print.validators.accellerator.board_file import standard_board
from icp_print.validators.accellerator.foresight import next_turn_value
from icp_print.validators.accellerator.model import Pawn, State
from icp_print.validators.accellerator.play import GAME
from icp_print.validators.accellerator.turn import play_turn
from icp_print.validators.analysis import search
from icp_print.validators.analysis.players import GREEDY_CANDIDATES, candidates, ranked


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_search_weighs_greedy_turn_first_then_distinct_legal_turns(seed):
    rng = random.Random(seed)
    state = GAME.new_state(4, rng, {})
    while not state.is_terminal() and state.turns < 30:
        seat = state.current_player()
        greedy = ranked(state, candidates(state.legal_actions(), GREEDY_CANDIDATES, rng), seat, rng)[0]
        weighed = state.search_candidates(greedy, seat, 8)
        assert weighed[0] == greedy
        assert 1 <= len(weighed) <= 8
        assert len(set(weighed)) == len(weighed)
        for choice in weighed:
            play_turn(state.state, state.roll, choice)          # a RuleError if it were illegal
        state.apply(greedy, rng)


def _alpha_facing(facing: str) -> State:
    """Alpha on the column of its home and the reactor, between the two, with 3 energy."""
    board = standard_board()
    others = [Pawn(p, board.home_of(p), "N") for p in ("beta", "delta", "gamma")]
    return State(board, (Pawn("alpha", (5, 3), facing, energy=3), *others), {})


def test_next_turn_value_prefers_a_pawn_facing_the_reactor_to_one_facing_away():
    assert next_turn_value(_alpha_facing("S"), 0) > next_turn_value(_alpha_facing("N"), 0)


def test_search_player_picks_one_of_the_turns_the_engine_names():
    for seed in range(3):
        state = GAME.new_state(4, random.Random(seed), {})
        rng = random.Random(7)
        seat = state.current_player()
        greedy = ranked(state, candidates(state.legal_actions(), GREEDY_CANDIDATES, rng), seat, rng)[0]
        named = state.search_candidates(greedy, seat, search.widened(search.DEFAULT.widest, 12))
        assert search.search_player(12)(state, random.Random(7)) in named
