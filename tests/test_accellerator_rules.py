"""Accellerator's rules, one test per rule of the rules text (and its own example).

Cells are named like a chess board turned on its side: ``A1`` is the
north-west corner, letters run east and numbers run south.  On the standard
11 x 11 board the reactor is F6 and the homes are F1 (alpha), K6 (beta),
F11 (delta) and A6 (gamma).
"""
from __future__ import annotations

import doctest

import pytest

from icp_print.validators.accellerator import board as board_module
from icp_print.validators.accellerator import board_file as board_file_module
from icp_print.validators.accellerator import deflectors as deflectors_module
from icp_print.validators.accellerator import example as example_module
from icp_print.validators.accellerator import model as model_module
from icp_print.validators.accellerator import pieces as pieces_module
from icp_print.validators.accellerator.board import cell_name, parse_cell
from icp_print.validators.accellerator.board_file import standard_board
from icp_print.validators.accellerator.example import rules_example
from icp_print.validators.accellerator.deflectors import (Change, acceleration, energy_options,
                                                          legal_changes)
from icp_print.validators.accellerator.model import (DEFLECTORS, ELECTRONS, ENERGY_TOKENS, PLAYERS,
                                                     START_ENERGY, deflect)
from icp_print.validators.accellerator.movement import trace_move
from icp_print.validators.accellerator.scenario import parse_scenario
from icp_print.validators.accellerator.turn import TurnChoice, play_turn
from icp_print.validators.errors import InputError, RuleError

BOARD = standard_board()


def cell(name: str):
    return parse_cell(name, BOARD.size)


def state(*pawns: dict, deflectors: dict | None = None, locked: str | None = None,
          to_move: str | None = None):
    """A state from compact pawn specs like ``dict(player="alpha", at="C3", facing="E")``."""
    data = {"pawns": list(pawns),
            "deflectors": [{"at": c, "orientation": o} for c, o in (deflectors or {}).items()]}
    if locked:
        data["locked"] = locked
    if to_move:
        data["to_move"] = to_move
    return parse_scenario(data).state


def pawn(player="alpha", at="C3", facing="E", **extra) -> dict:
    return dict(player=player, at=at, facing=facing, **extra)


def names(move) -> list[str]:
    return [cell_name(s.entered) if s.entered else "off" for s in move.steps]


def rules_fired(move) -> list[str]:
    return [e.rule for e in move.events]


@pytest.mark.parametrize("module", [model_module, board_module, board_file_module,
                                    deflectors_module, pieces_module, example_module])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


# --- You Need / Setting Up -----------------------------------------------------------------

def test_you_need_counts():
    assert PLAYERS == ("alpha", "beta", "delta", "gamma")
    assert (DEFLECTORS, ELECTRONS, ENERGY_TOKENS) == (10, 18, 6)


def test_setting_up_everyone_starts_with_one_energy_and_all_electrons_on_the_reactor():
    s = state(pawn("alpha", "F1", "S"), pawn("beta", "K6", "W"))
    assert START_ENERGY == 1 and all(p.energy == 1 for p in s.pawns)
    assert s.reactor == ELECTRONS and s.supply == DEFLECTORS


def test_setting_up_diagonal_facings_are_not_legal():
    with pytest.raises(InputError) as info:
        state(pawn("alpha", "F1", "NE"))
    assert info.value.field == "pawns[0].facing"


def test_setting_up_high_roller_goes_first():
    # the table's roll-off decides who starts; the engine takes the winner as to_move
    s = state(pawn("alpha", "C3", "E"), pawn("beta", "C5", "E"), pawn("delta", "C7", "E"),
              to_move="delta")
    assert play_turn(s, 6).player == "delta"
    assert play_turn(play_turn(s, 6).after, 6).player == "alpha"     # then round the table


def test_board_reactor_in_the_centre_and_four_symmetric_homes():
    assert BOARD.size == 11 and BOARD.reactor == (5, 5)
    homes = [h.at for h in BOARD.homes]
    c = BOARD.size - 1
    # a quarter turn clockwise maps (x, y) to (c - y, x): each home onto the next one
    assert [(c - y, x) for x, y in homes] == homes[1:] + homes[:1]
    assert [h.player for h in BOARD.homes] == list(PLAYERS)
    for h in BOARD.homes:
        assert not any(BOARD.contains(x) for x in h.collector.cells())     # beside the grid


# --- Check for acceleration ------------------------------------------------------------------

def test_rule_roll_greater_than_energy_adds_one():
    assert acceleration(2, 5) == "above" and energy_options(2, 5) == (3,)
    s = state(pawn(energy=2))
    turn = play_turn(s, 5)
    assert turn.energy == 3 and len(turn.move.steps) == 3
    assert turn.after.pawns[0].energy == 3


def test_rule_roll_greater_than_energy_allows_no_deflector_change():
    s = state(pawn(energy=2))
    with pytest.raises(RuleError, match="above"):
        play_turn(s, 5, TurnChoice(change=Change("add", to=cell("H8"), orientation="/")))


def test_rule_roll_less_than_energy_must_change_a_deflector():
    s = state(pawn(energy=4, at="C3"))
    assert acceleration(4, 2) == "below" and energy_options(4, 2) == (4,)
    with pytest.raises(RuleError, match="makes you change a deflector"):
        play_turn(s, 2)
    turn = play_turn(s, 2, TurnChoice(change=Change("add", to=cell("H8"), orientation="/")))
    assert turn.after.deflectors == {cell("H8"): "/"} and turn.energy == 4


@pytest.mark.parametrize("action", ["add", "move", "turn"])
def test_rule_roll_less_than_energy_may_add_move_or_turn(action):
    s = state(pawn(energy=4, at="C3"), deflectors={"H8": "/"})
    change = {"add": Change("add", to=cell("I9"), orientation="\\"),
              "move": Change("move", at=cell("H8"), to=cell("I2"), orientation="\\"),
              "turn": Change("turn", at=cell("H8"))}[action]
    after = play_turn(s, 1, TurnChoice(change=change)).after.deflectors
    assert after == {"add": {cell("H8"): "/", cell("I9"): "\\"}, "move": {cell("I2"): "\\"},
                     "turn": {cell("H8"): "\\"}}[action]


def test_rule_roll_less_than_energy_cannot_remove():
    s = state(pawn(energy=4, at="C3"), deflectors={"H8": "/"})
    with pytest.raises(RuleError, match="not remove"):
        play_turn(s, 1, TurnChoice(change=Change("remove", at=cell("H8"))))


def test_rule_no_deflectors_to_add_then_you_must_move_one():
    ten = {f"{col}{row}": "/" for col, row in zip("HIJHIJHIJH", [2, 2, 2, 4, 4, 4, 8, 8, 8, 10])}
    s = state(pawn(energy=4, at="C3"), deflectors=ten)
    assert s.supply == 0
    with pytest.raises(RuleError, match="none is left to add"):
        play_turn(s, 1, TurnChoice(change=Change("add", to=cell("B9"), orientation="/")))
    with pytest.raises(RuleError, match="must move"):
        play_turn(s, 1, TurnChoice(change=Change("turn", at=cell("H2"))))
    with pytest.raises(RuleError, match=r"legal changes: move one\)"):    # says only what is true
        play_turn(s, 1)
    assert {c.action for c in legal_changes(s, "below")} == {"move"}
    turn = play_turn(s, 1, TurnChoice(change=Change("move", at=cell("H2"), to=cell("B9"))))
    assert turn.after.deflectors[cell("B9")] == "/" and cell("H2") not in turn.after.deflectors


def test_rule_roll_less_than_energy_with_no_legal_change_changes_nothing():
    # a 3 x 3 board: every space is a home, the reactor or next to a pawn
    data = {"board": {"size": 3}, "pawns": [pawn("alpha", "B1", "E", energy=3),
                                            pawn("delta", "B3", "E")]}
    s = parse_scenario(data).state
    assert legal_changes(s, "below") == []
    turn = play_turn(s, 1)
    assert "no-legal-change" in [e.rule for e in turn.events]


def test_rule_roll_equal_may_gain_or_lose_one_energy_or_keep_it():
    assert acceleration(3, 3) == "equal" and energy_options(3, 3) == (2, 3, 4)
    s = state(pawn(energy=3))
    for energy in (2, 3, 4):
        assert play_turn(s, 3, TurnChoice(energy=energy)).energy == energy
    assert play_turn(s, 3).energy == 3              # leaving it unchanged is allowed
    with pytest.raises(RuleError, match="at most one"):
        play_turn(s, 3, TurnChoice(energy=5))


def test_rule_roll_equal_may_add_remove_move_or_turn_one_deflector():
    s = state(pawn(energy=3, at="C3"), deflectors={"H8": "/"})
    expected = [(Change("add", to=cell("I9"), orientation="/"), {cell("H8"): "/", cell("I9"): "/"}),
                (Change("remove", at=cell("H8")), {}),
                (Change("move", at=cell("H8"), to=cell("I2")), {cell("I2"): "/"}),
                (Change("turn", at=cell("H8")), {cell("H8"): "\\"}),
                (None, {cell("H8"): "/"})]                        # or change nothing
    for change, after in expected:
        assert play_turn(s, 3, TurnChoice(change=change)).after.deflectors == after
    assert {c.action for c in legal_changes(s, "equal")} == {"add", "remove", "move", "turn"}


def test_rule_energy_never_above_six_or_below_no_token():
    # "you may gain or lose an energy token": no floor but the tokens you hold
    assert energy_options(6, 6) == (5, 6) and energy_options(1, 1) == (0, 1, 2)
    assert all(0 <= e <= 6 for energy in range(7) for roll in range(1, 7)
               for e in energy_options(energy, roll))
    with pytest.raises(InputError, match="at most 6"):
        state(pawn(energy=7))
    with pytest.raises(InputError, match="at least 0"):
        state(pawn(energy=-1))
    with pytest.raises(RuleError):
        play_turn(state(pawn(energy=1)), 1, TurnChoice(energy=-1))


def test_rule_roll_equal_to_energy_one_may_drop_to_zero_and_stand_still():
    s = state(pawn(energy=1, at="C3"))
    turn = play_turn(s, 1, TurnChoice(energy=0))
    assert turn.energy == 0 and turn.move.steps == () and turn.move.ending == "moved"
    assert turn.after.pawns[0].at == cell("C3") and turn.after.pawns[0].energy == 0


def test_rule_at_energy_zero_every_roll_is_greater_and_gives_one_back():
    s = state(pawn(energy=0, at="C3"))
    for roll in range(1, 7):
        assert acceleration(0, roll) == "above" and energy_options(0, roll) == (1,)
        turn = play_turn(s, roll)
        assert turn.energy == 1 and names(turn.move) == ["D3"]


def test_rule_ending_a_turn_with_no_energy_on_a_shared_home_resets_both():
    # alpha comes back onto its home F1 where beta stands, drops to 0 and so ends there
    s = state(pawn("alpha", None, None, energy=1), pawn("beta", "F1", "S"))
    turn = play_turn(s, 1, TurnChoice(energy=0, facing="S"))
    assert turn.move.ending == "collision" and set(turn.move.reset) == {"alpha", "beta"}


# --- Which deflectors may be changed -----------------------------------------------------------

def test_rule_deflector_modified_on_the_previous_turn_cannot_be_affected():
    s = state(pawn(energy=4, at="C3"), deflectors={"H8": "/", "I2": "\\"}, locked="H8")
    for change in (Change("turn", at=cell("H8")), Change("move", at=cell("H8"), to=cell("J10"))):
        with pytest.raises(RuleError, match="previous turn"):
            play_turn(s, 1, TurnChoice(change=change))
    play_turn(s, 1, TurnChoice(change=Change("turn", at=cell("I2"))))


def test_rule_lock_is_the_changed_deflector_for_the_next_turn_only():
    s = state(pawn("alpha", "C3", "E", energy=4), pawn("beta", "C10", "E", energy=4))
    first = play_turn(s, 1, TurnChoice(change=Change("add", to=cell("H8"), orientation="/")))
    assert first.after.locked == cell("H8")
    with pytest.raises(RuleError, match="previous turn"):
        play_turn(first.after, 1, TurnChoice(change=Change("turn", at=cell("H8"))))
    second = play_turn(first.after, 6)               # beta changes nothing
    assert second.after.locked is None
    play_turn(second.after, 1, TurnChoice(change=Change("turn", at=cell("H8"))))


@pytest.mark.parametrize("target,reason", [("F6", "reactor"), ("K6", "home"), ("F11", "home"),
                                           ("J3", "occupied"), ("C3", "occupied")])
def test_rule_no_change_on_a_piece_a_home_or_the_reactor(target, reason):
    s = state(pawn("alpha", "C3", "E", energy=4), pawn("beta", "J3", "S"))
    with pytest.raises(RuleError, match=reason):
        play_turn(s, 1, TurnChoice(change=Change("add", to=cell(target), orientation="/")))


@pytest.mark.parametrize("target", ["B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4", "I9", "K9"])
def test_rule_no_change_next_to_a_pawn(target):
    s = state(pawn("alpha", "C3", "E", energy=4), pawn("beta", "J9", "S"))
    with pytest.raises(RuleError, match="next to"):
        play_turn(s, 1, TurnChoice(change=Change("add", to=cell(target), orientation="/")))
    play_turn(s, 1, TurnChoice(change=Change("add", to=cell("E5"), orientation="/")))


def test_rule_deflector_next_to_a_pawn_cannot_be_moved_or_turned():
    s = state(pawn("alpha", "C3", "E", energy=4), deflectors={"D4": "/"})
    with pytest.raises(RuleError, match="next to"):
        play_turn(s, 1, TurnChoice(change=Change("turn", at=cell("D4"))))


def test_legal_changes_are_all_accepted_and_nothing_else_is():
    s = state(pawn("alpha", "C3", "E", energy=3), pawn("beta", "J9", "S"),
              deflectors={"H8": "/", "E5": "\\"}, locked="E5")
    legal = legal_changes(s, "equal")
    assert len(legal) == len(set(legal))
    for change in legal[::37]:
        play_turn(s, 3, TurnChoice(change=change))
    free = [c for c in BOARD.cells() if BOARD.kind(c) == "plain"]
    adds = {c.to for c in legal if c.action == "add"}
    assert len(adds) == len(free) - 2 * 9 - 2        # minus two pawns' 3x3 blocks, H8 and E5
    assert {c.at for c in legal if c.action == "turn"} == {cell("H8")}


# --- Move ----------------------------------------------------------------------------------

def test_rule_move_exactly_your_energy():
    for energy in range(1, 7):
        move = trace_move(state(pawn(at="A3", facing="E", energy=energy)))
        assert len(move.steps) == energy
        assert move.after.pawns[0].at == (energy, 2)


@pytest.mark.parametrize("facing,orientation,out", [
    ("N", "/", "E"), ("E", "/", "N"), ("S", "/", "W"), ("W", "/", "S"),
    ("N", "\\", "W"), ("W", "\\", "N"), ("S", "\\", "E"), ("E", "\\", "S")])
def test_rule_deflector_turns_the_pawn_90_degrees(facing, orientation, out):
    assert deflect(facing, orientation) == out
    start = {"N": "E8", "E": "C6", "S": "E4", "W": "G6"}[facing]
    move = trace_move(state(pawn(at=start, facing=facing, energy=3), deflectors={"E6": orientation}))
    assert move.steps[1].facing_out == out            # turned on entering E6 ...
    assert move.steps[2].facing_in == out             # ... and the next step goes the new way


def test_rules_example_a_moves_4_deflected_on_the_2nd_and_3rd_ending_facing_south():
    # "A" faces north; the second space turns it east, the third turns it south.
    s = state(pawn("alpha", "C5", "N", energy=4), deflectors={"C3": "/", "D3": "\\"})
    move = trace_move(s)
    assert names(move) == ["C4", "C3", "D3", "D4"]
    assert [st.facing_out for st in move.steps] == ["N", "E", "S", "S"]
    assert rules_fired(move) == ["deflect", "deflect"]
    assert move.after.pawns[0].facing == "S" and move.after.pawns[0].at == cell("D4")


def test_rules_example_as_the_engine_keeps_it_for_the_board_page():
    # the same example, as validators/accellerator/example.py plays it (the board page
    # draws this trace): 4 spaces, turned on exactly the 2nd and 3rd, facing south at the end
    move = rules_example()
    assert move.energy == 4 and len(move.steps) == 4 and move.ending == "moved"
    turned = [s.number for s in move.steps if s.facing_in != s.facing_out]
    assert turned == [2, 3]
    assert [e.rule for s in move.steps for e in s.events] == ["deflect", "deflect"]
    assert all(s.entered in move.after.deflectors for s in move.steps if s.number in turned)
    assert move.after.pawns[0].facing == "S"


def test_rule_moving_off_the_board_counts_as_a_move_and_turns_180():
    move = trace_move(state(pawn(at="I3", facing="E", energy=4)))
    assert names(move) == ["J3", "K3", "off", "J3"]   # the bounce step stays on K3
    assert move.steps[2].facing_out == "W" and rules_fired(move) == ["bounce"]
    assert move.after.pawns[0].at == cell("J3") and move.after.pawns[0].facing == "W"


def test_rule_bounce_on_the_last_step_leaves_the_pawn_on_the_edge_facing_back():
    move = trace_move(state(pawn(at="J3", facing="E", energy=2)))
    assert names(move) == ["K3", "off"]
    assert move.after.pawns[0].at == cell("K3") and move.after.pawns[0].facing == "W"


def bouncing(*pawns, **kw):
    """The same state read with the other bounce: the pawn steps out and comes back."""
    from dataclasses import replace

    from icp_print.validators.accellerator.model import Rules
    s = state(*pawns, **kw)
    return replace(s, rules=Rules("re-enter"))


def test_rule_moving_off_the_board_re_enter_reading_steps_out_and_back():
    move = trace_move(bouncing(pawn(at="I3", facing="E", energy=4)))
    assert names(move) == ["J3", "K3", "off", "K3"]     # one space shorter than staying put
    assert rules_fired(move) == ["bounce", "re-enter"]
    assert move.after.pawns[0].at == cell("K3") and move.after.pawns[0].facing == "W"


def test_rule_moving_off_the_board_re_enter_reading_ends_back_on_the_edge():
    move = trace_move(bouncing(pawn(at="J3", facing="E", energy=2)))
    assert names(move) == ["K3", "off"]
    assert move.after.pawns[0].at == cell("K3") and move.after.pawns[0].facing == "W"


def test_rule_moving_off_the_board_re_enter_reading_turns_again_on_an_edge_deflector():
    # K3 '/' turns a northbound pawn east, off the board; coming back west it turns south
    spec = {"deflectors": {"K3": "/"}}
    move = trace_move(bouncing(pawn(at="K4", facing="N", energy=3), **spec))
    assert names(move) == ["K3", "off", "K3"] and rules_fired(move) == \
        ["deflect", "bounce", "re-enter", "deflect"]
    assert move.after.pawns[0].at == cell("K3") and move.after.pawns[0].facing == "S"
    stay = trace_move(state(pawn(at="K4", facing="N", energy=3), **spec))
    assert names(stay) == ["K3", "off", "J3"] and stay.after.pawns[0].facing == "W"


def test_rule_moving_off_the_board_re_enter_reading_swaps_again_with_a_pawn_on_the_edge():
    pawns = (pawn("alpha", "I3", "E", energy=5, carrying=1), pawn("beta", "K3", "S"))
    move = trace_move(bouncing(*pawns))
    assert names(move) == ["J3", "K3", "off", "K3", "J3"] and move.swaps == 2
    assert move.after.pawns[0].carrying == 1 and move.after.pawns[1].carrying == 0
    stay = trace_move(state(*pawns))
    assert stay.swaps == 1 and stay.after.pawns[0].carrying == 0


def test_bounce_reading_is_named_in_the_scenario_file():
    data = {"bounce": "re-enter", "pawns": [pawn(at="J3", facing="E")]}
    assert parse_scenario(data).state.rules.bounce == "re-enter"
    with pytest.raises(InputError, match="bounce"):
        parse_scenario({**data, "bounce": "wrap"})


def test_rule_bounce_in_a_corner_after_a_deflector():
    s = state(pawn(at="K3", facing="N", energy=4), deflectors={"K2": "/"})
    move = trace_move(s)      # K2 turns it east, off the board: back west
    assert names(move) == ["K2", "off", "J2", "I2"]
    assert rules_fired(move) == ["deflect", "bounce"]


def test_rule_passing_through_the_reactor_picks_up_one_electron():
    move = trace_move(state(pawn(at="F4", facing="S", energy=3)))
    assert names(move) == ["F5", "F6", "F7"]
    assert move.picked_up == 1 and move.after.pawns[0].carrying == 1
    assert move.after.reactor == ELECTRONS - 1


def test_rule_electrons_move_with_the_pawn():
    s = state(pawn(at="F4", facing="S", energy=3, carrying=2))
    after = trace_move(s).after
    assert after.pawns[0].carrying == 3 and after.reactor == ELECTRONS - 3


def test_rule_passing_an_empty_reactor_picks_up_nothing():
    s = state(pawn("alpha", "F4", "S", energy=3, carrying=2), pawn("beta", "B2", "E", banked=2),
              pawn("delta", "J2", "E", carrying=14))
    assert s.reactor == 0
    move = trace_move(s)
    assert move.picked_up == 0 and "reactor-empty" in rules_fired(move)


def test_rule_ending_on_the_reactor_resets_and_the_electrons_stay_there():
    s = state(pawn(at="F3", facing="S", energy=3, carrying=2))
    move = trace_move(s)
    assert move.ending == "reactor" and rules_fired(move) == ["reactor-end"]
    assert move.after.pawns[0].at is None and move.after.pawns[0].carrying == 0
    assert move.after.reactor == ELECTRONS


def test_rule_entering_your_home_banks_the_electrons_and_resets():
    s = state(pawn("alpha", "F3", "N", energy=4, carrying=2))
    move = trace_move(s)
    assert names(move) == ["F2", "F1"]                # the reset ends the move at once
    assert move.ending == "banked" and move.banked == 2
    me = move.after.pawns[0]
    assert (me.banked, me.carrying, me.at) == (2, 0, None)


def test_rule_entering_your_home_you_may_keep_your_electrons():
    move = trace_move(state(pawn("alpha", "F3", "N", energy=4, carrying=2)), bank=False)
    assert names(move) == ["F2", "F1", "off", "F2"]
    assert move.after.pawns[0].carrying == 2 and "home-kept" in rules_fired(move)


def test_rule_another_players_home_is_an_ordinary_space():
    move = trace_move(state(pawn("alpha", "I6", "E", energy=2, carrying=1)))
    assert names(move) == ["J6", "K6"] and move.ending == "moved"
    assert move.after.pawns[0].carrying == 1


def test_rule_passing_through_another_player_swaps_electrons():
    s = state(pawn("alpha", "B8", "E", energy=3, carrying=1), pawn("beta", "C8", "N", carrying=3))
    move = trace_move(s)
    assert rules_fired(move) == ["swap"] and move.swaps == 1
    assert [p.carrying for p in move.after.pawns] == [3, 1]
    assert move.after.pawns[1].at == cell("C8")     # the other pawn stays put


def test_rule_ending_on_another_player_resets_both_and_electrons_return_to_the_reactor():
    s = state(pawn("alpha", "B8", "E", energy=2, carrying=1), pawn("beta", "D8", "N", carrying=3))
    move = trace_move(s)
    assert move.ending == "collision" and set(move.reset) == {"alpha", "beta"}
    assert all(p.at is None and p.carrying == 0 for p in move.after.pawns)
    assert move.after.reactor == ELECTRONS


def test_rule_a_reset_ends_your_turn():
    s = state(pawn("alpha", "F3", "N", energy=5, carrying=1), pawn("beta", "B9", "E"))
    turn = play_turn(s, 6)                            # energy 6, but banking on step 2 resets
    assert len(turn.move.steps) == 2 and turn.move.ending == "banked"
    assert turn.after.pawns[0].at is None and turn.after.mover.player == "beta"


def test_rule_reset_pawn_returns_home_at_the_start_of_the_next_turn_facing_any_straight_way():
    s = parse_scenario({"pawns": [{"player": "beta", "at": None}]}).state
    with pytest.raises(RuleError, match="choose the facing"):
        play_turn(s, 4)
    for facing in "NESW":
        turn = play_turn(s, 6, TurnChoice(facing=facing))
        assert turn.move.start == cell("K6") and turn.move.facing == facing
    with pytest.raises(RuleError, match="diagonal"):
        play_turn(s, 6, TurnChoice(facing="NW"))


def test_rule_reset_pawn_shares_its_home_with_a_pawn_standing_there():
    # beta stopped on alpha's home while alpha was off the board: alpha comes back anyway
    s = parse_scenario({"pawns": [{"player": "alpha", "at": None},
                                  {"player": "beta", "at": "F1", "facing": "E", "carrying": 2}]}).state
    turn = play_turn(s, 6, TurnChoice(facing="S"))            # moves off: nobody resets
    assert "sharing it with beta's pawn" in turn.events[0].text
    assert turn.move.ending == "moved" and turn.after.pawns[1].carrying == 2
    assert turn.after.pawns[0].at == cell("F3")
    bounced = play_turn(s, 1, TurnChoice(facing="N"))         # bounces and stays on F1
    assert bounced.move.ending == "collision"
    assert all(p.at is None for p in bounced.after.pawns) and bounced.after.reactor == ELECTRONS


def test_rule_play_passes_clockwise():
    s = state(pawn("alpha", "C3", "E"), pawn("beta", "C5", "E"), pawn("delta", "C7", "E"),
              pawn("gamma", "C9", "E"))
    order = []
    for _ in range(5):
        turn = play_turn(s, 6)
        order.append(turn.player)
        s = turn.after
    assert order == ["alpha", "beta", "delta", "gamma", "alpha"]
    assert BOARD.seats(2) == ("alpha", "delta") and BOARD.seats(3) == ("alpha", "beta", "delta")


# --- Winning -------------------------------------------------------------------------------

def test_rule_game_ends_at_three_banked_and_most_banked_wins():
    s = state(pawn("alpha", "F3", "N", energy=2, carrying=1, banked=2),
              pawn("beta", "J9", "E", banked=2))
    turn = play_turn(s, 6, TurnChoice(energy=None))
    assert "game-end" in rules_fired(turn.move)
    assert turn.after.over and turn.after.winners() == ("alpha",)
    with pytest.raises(RuleError, match="game is over"):
        play_turn(turn.after, 3)


def test_rule_three_or_more_so_a_big_bank_wins_too():
    s = state(pawn("alpha", "F3", "N", energy=2, carrying=4))
    after = play_turn(s, 6).after
    assert after.over and after.pawns[0].banked == 4
