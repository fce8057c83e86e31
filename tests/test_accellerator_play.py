"""Accellerator played whole (validators/accellerator/play.py), named after the rules."""
from __future__ import annotations

import random

import pytest

from icp_print.validators.accellerator import play
from icp_print.validators.accellerator.deflectors import legal_change_counts, legal_changes, nth_change
from icp_print.validators.accellerator.model import WIN_BANKED
from icp_print.validators.accellerator.search import options


def test_every_legal_deflector_change_is_reached_by_exactly_one_index():
    s = play.GAME.new_state(4, random.Random(2), {})
    for _ in range(30):                      # some deflectors on the board first
        s.apply(random.Random(len(s.legal_actions())).choice(s.legal_actions()), random.Random(5))
    for kind in ("below", "equal"):
        total = sum(legal_change_counts(s.state, kind).values())
        listed = [nth_change(s.state, kind, i) for i in range(total)]
        assert sorted(map(repr, listed)) == sorted(map(repr, legal_changes(s.state, kind)))


def test_the_choices_for_a_roll_are_exactly_the_legal_turns():
    rng = random.Random(7)
    s = play.GAME.new_state(3, rng, {})
    for _ in range(12):
        choices = s.legal_actions()
        assert set(choices) == set(options(s.state, s.roll))
        assert choices[len(choices) - 1] == list(choices)[-1]
        s.apply(rng.choice(choices), rng)


def test_setting_up_every_pawn_starts_home_with_one_energy_and_first_seat_moves():
    s = play.GAME.new_state(4, random.Random(1), {})
    board = s.state.board
    assert all(p.at == board.home_of(p.player) and p.energy == 1 for p in s.state.pawns)
    assert s.current_player() == 0 and 1 <= s.roll <= 6


def test_winning_three_electrons_banked_ends_the_game_and_wins_it():
    rng = random.Random(3)
    s = play.GAME.new_state(2, rng, {"bounce": "re-enter"})
    while not s.is_terminal() and s.turns < 3000:
        s.apply(rng.choice(s.legal_actions()), rng)
    assert s.is_terminal() and s.current_player() == -1
    (winner,) = [seat for seat, r in enumerate(s.returns()) if r == 1.0]
    assert s.state.pawns[winner].banked >= WIN_BANKED
    assert s.events["accel-above"] > 0 and s.rounds == s.turns // 2


def test_simulate_is_a_use_of_the_lab():
    from icp_print.validators.accellerator.board_file import standard_board
    from icp_print.validators.accellerator.simulate import simulate
    one = simulate(standard_board(), 4, 9, players=2, policy="random", max_turns=400, workers=1)
    two = simulate(standard_board(), 4, 9, players=2, policy="random", max_turns=400, workers=2)
    assert one == two and one.games == 4


def _positions(seed: int, turns: int, bounce: str = "stay"):
    """Positions along a random game, with deflectors on the board."""
    rng = random.Random(seed)
    s = play.GAME.new_state(4, rng, {"bounce": bounce})
    for _ in range(turns):
        if s.is_terminal():
            break
        yield s
        s.apply(rng.choice(s.legal_actions()), rng)


@pytest.mark.parametrize("bounce", ["stay", "re-enter"])
def test_a_move_is_decided_only_by_the_deflectors_of_the_cells_it_enters(bounce):
    from icp_print.validators.accellerator.turn import play_turn
    checked = 0
    for s in _positions(11, 120, bounce):
        choices = s.legal_actions()
        for i in range(0, len(choices), max(1, len(choices) // 25)):
            choice = choices[i]
            if choice.change is None:
                continue
            changed = play_turn(s.state, s.roll, choice, listed=True)
            plain = play_turn(s.state, s.roll, choice.__class__(choice.energy, None, choice.facing),
                              listed=True)
            if plain.move.entered.isdisjoint(choice.change.cells):
                assert changed.move.steps == plain.move.steps
                assert changed.after.pawns == plain.after.pawns
                checked += 1
    assert checked > 100


def test_greedy_rates_every_turn_as_if_it_were_played_on_a_copy():
    from icp_print.validators.analysis.players import value
    for s in _positions(12, 80):
        choices = s.legal_actions()
        picked = [choices[i] for i in range(0, len(choices), max(1, len(choices) // 40))]
        seat = s.current_player()
        copies = []
        for choice in picked:
            after = s.clone()
            after.apply(choice, random.Random(0))
            copies.append(value(after, seat))
        assert s.action_values(picked, seat, random.Random(0)) == copies
