"""Yic Yac Yoe rules engine: one test per rule of the rules text and per
choice we made where it is silent (templates/yicyacyoe/boards.toml)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from icp_print.templates import path
from icp_print.validators.errors import IcpError, InputError, RuleError
from icp_print.validators.schema import load_toml
from icp_print.validators.yicyacyoe.model import (cell_name, mask_of, parse_cell, rows, segments,
                                                  symmetries, transform)
from icp_print.validators.yicyacyoe.engine import (Position, Turn, legal_turns, play, start,
                                                   turn_size)
from icp_print.validators.yicyacyoe.variant import Variant, from_options


def cells(text: str, n: int) -> int:
    return Turn.parse(text, n).mask


def position(variant: Variant, first: str = "", second: str = "", to_move: int = 0) -> Position:
    n = variant.n
    return Position(variant, (cells(first, n) if first else 0, cells(second, n) if second else 0),
                    to_move)


def game(variant: Variant, *turns: str):
    """Play ``turns`` from the start; return the last position and outcome."""
    pos, outcome = start(variant), None
    for text in turns:
        assert outcome is None, "the game ended early"
        pos, outcome = play(pos, Turn.parse(text, variant.n))
    return pos, outcome


# -- Concept: completing a row of the agreed length loses --------------------
def test_concept_completing_your_row_of_three_on_3x3_loses():
    # The rules' own example: on 3x3 the player who completes a row of 3 loses.
    _, outcome = game(Variant(3), "a1", "b1", "a2", "b2", "c2", "c1", "a3")
    assert outcome.loser == 0 and outcome.row == cells("a1 a2 a3", 3)


@pytest.mark.parametrize("row", ["a1 b1 c1", "a1 a2 a3", "a1 b2 c3", "c1 b2 a3"])
def test_concept_rows_run_across_up_and_both_diagonals(row):
    v = Variant(3)
    first = row.split()
    pos = position(v, " ".join(first[:2]), "b3" if "b3" not in row else "a2", 0)
    after, outcome = play(pos, Turn.parse(first[2], 3))
    assert outcome is not None and outcome.loser == 0


def test_concept_players_take_turns_each_placing_their_own_mark():
    pos, _ = game(Variant(3), "a1", "b2", "c3")
    assert pos.to_move == 1
    assert pos.marks == (cells("a1 c3", 3), cells("b2", 3))


def test_concept_second_player_loses_too():
    _, outcome = game(Variant(3), "a1", "b2", "c1", "a2", "a3", "c2")
    assert outcome.loser == 1 and outcome.row == cells("a2 b2 c2", 3)


def test_concept_a_row_of_mixed_marks_is_not_completed():
    _, outcome = game(Variant(3), "a1", "b1", "c2", "c1")   # a1 b1 c1 holds both players' marks
    assert outcome is None


def test_concept_row_length_k_shorter_than_the_board():
    v = Variant(5, 3)
    _, outcome = game(v, "b2", "e5", "c2", "e1", "d2")
    assert outcome.loser == 0 and outcome.row == cells("b2 c2 d2", 5)


def test_concept_rows_of_k_counted_everywhere_on_the_board():
    assert len(rows(4, 3)) == 24 and len(rows(5, 3)) == 48 and len(rows(3, 1)) == 9


# -- Variation 1: board size --------------------------------------------------
@pytest.mark.parametrize("n", [1, 3, 7, 15])
def test_variation_1_board_size_is_free_to_choose(n):
    v = Variant(n)
    assert v.k == n and len(legal_turns(start(v))) == n * n


@pytest.mark.parametrize("n,k", [(0, None), (16, None), (4, 5), (4, 0), ("4", None)])
def test_variation_1_impossible_sizes_are_refused(n, k):
    with pytest.raises(InputError):
        Variant(n, k)


def test_row_length_defaults_to_the_board_size():
    assert Variant(6).k == 6


# -- Variation 2: marks per turn -----------------------------------------------
def test_variation_2_one_mark_per_turn_is_the_default():
    assert Variant(3).p == 1 and turn_size(start(Variant(3))) == 1


def test_variation_2_youbles_place_two_marks_in_a_connected_line():
    v = Variant(4, 4, 2)
    assert v.connected
    pos, _ = game(v, "a1 b1")
    assert pos.marks[0] == cells("a1 b1", 4) and pos.to_move == 1
    with pytest.raises(RuleError, match="straight line"):
        play(pos, Turn.parse("a4 c4", 4))          # a gap between them


def test_variation_2_yriples_place_three_marks_in_a_connected_line():
    v = Variant(5, 4, 3, bent=False)       # the straight-stroke reading
    pos, _ = game(v, "a1 b1 c1")
    assert pos.marks[0].bit_count() == 3
    with pytest.raises(RuleError, match="straight line"):
        play(pos, Turn.parse("a3 b3 c4", 5))       # bent
    with pytest.raises(RuleError, match="place 3 marks"):
        play(pos, Turn.parse("a3 b3", 5))


def test_variation_2_yriples_connecting_lines_may_bend_by_default():
    v = Variant(5, 4, 3)
    assert v.connected and v.bent
    pos, outcome = game(v, "a3 b3 c4")           # bent, but every mark touches the next
    assert outcome is None and pos.marks[0] == cells("a3 b3 c4", 5)
    with pytest.raises(RuleError, match="touch one another"):
        play(pos, Turn.parse("a1 b1 d1", 5))      # d1 touches neither
    with pytest.raises(RuleError, match="touch one another"):
        play(pos, Turn.parse("a1 c1 e1", 5))


def test_variation_2_yriples_straight_and_bent_readings_differ_only_for_three_marks():
    assert Variant(4, 3, 2).bent is False and Variant(4, 3, 2, bent=True).bent is False
    assert len(legal_turns(start(Variant(3, 3, 3, bent=False)))) == 8
    assert len(legal_turns(start(Variant(3, 3, 3)))) == 48     # every joined group of 3
    assert Variant(3, 3, 3, connected=False).bent is False


def test_variation_2_more_than_three_marks_is_not_a_variation():
    with pytest.raises(InputError):
        Variant(4, 4, 4)


def test_connected_lines_may_run_diagonally():
    v = Variant(4, 4, 2)
    pos, outcome = game(v, "a1 b2")
    assert outcome is None and pos.marks[0] == cells("a1 b2", 4)
    assert len(legal_turns(start(v))) == 12 + 12 + 9 + 9


def test_free_placement_puts_the_marks_anywhere():
    v = Variant(4, 4, 2, connected=False)
    pos, outcome = game(v, "a1 d4")
    assert outcome is None and len(legal_turns(start(v))) == 120


def test_first_turn_places_the_full_number_of_marks():
    with pytest.raises(RuleError, match="place 2 marks"):
        play(start(Variant(4, 4, 2)), Turn.parse("a1", 4))


def test_a_turn_completing_a_row_loses_even_with_marks_to_spare():
    # Youbles on rows of 2: the two marks of any connected turn make a row.
    pos, outcome = play(start(Variant(4, 2, 2)), Turn.parse("b2 c3", 4))
    assert outcome.loser == 0


def test_turn_is_judged_when_all_its_marks_are_down():
    # With rows of exactly 3, a turn may pass through a row of 3 and make it 4: no loss.
    v = Variant(5, 3, 2, connected=False, long_rows=False)
    pos = position(v, "a1 b1", "a5 b5", 0)
    after, outcome = play(pos, Turn.parse("c1 d1", 5))
    assert outcome is None


# -- Choices the rules leave open ---------------------------------------------
def test_short_turn_with_free_placement_places_what_is_left():
    v = Variant(3, 3, 2, connected=False)
    pos = position(v, "a1 c1 b2 a3", "b1 a2 c2 b3")          # c3 is the one free cell
    assert turn_size(pos) == 1
    after, outcome = play(pos, Turn.parse("c3", 3))
    assert outcome is not None


def test_short_turn_with_connected_placement_is_the_longest_free_line():
    v = Variant(4, 4, 3)
    # Free cells: a1, c1 and d4 - no two of them touch, so one mark is placed.
    taken = [c for c in range(16) if c not in (0, 2, 15)]
    pos = Position(v, (mask_of(taken[::2]), mask_of(taken[1::2])), 0)
    assert turn_size(pos) == 1 and len(legal_turns(pos)) == 3
    # Two free neighbours in a row: a line of two.
    taken = [c for c in range(16) if c not in (0, 1, 15)]
    pos = Position(v, (mask_of(taken[::2]), mask_of(taken[1::2])), 0)
    assert turn_size(pos) == 2 and legal_turns(pos) == [Turn((0, 1))]


def test_shared_marks_whoever_completes_any_row_loses():
    v = Variant(3, shared=True)
    _, outcome = game(v, "a1", "a2", "b2", "c1", "c3")
    assert outcome.loser == 0 and outcome.row == cells("a1 b2 c3", 3)


def test_own_marks_the_opponents_marks_never_complete_your_row():
    _, outcome = game(Variant(3), "a1", "a2", "b2", "c1", "c3")
    assert outcome is not None and outcome.loser == 0   # a1 b2 c3 are all the first player's
    _, outcome = game(Variant(3), "a1", "a2", "b1", "b2", "c3")
    assert outcome is None


def test_rows_longer_than_k_count_by_default():
    v = Variant(5, 3, 2, connected=False)
    pos = position(v, "a1 b1", "a5 b5", 0)
    _, outcome = play(pos, Turn.parse("c1 d1", 5))
    assert outcome.loser == 0


def test_exact_rows_option_longer_runs_do_not_lose_but_exact_ones_do():
    v = Variant(5, 3, long_rows=False)
    pos = position(v, "a1 b1 d1", "a5 b5 c5", 0)
    _, outcome = play(pos, Turn.parse("c1", 5))      # a run of four
    assert outcome is None
    pos = position(v, "a1 b1", "a5 b5", 0)
    _, outcome = play(pos, Turn.parse("c1", 5))      # exactly three
    assert outcome.loser == 0


def test_full_board_without_a_completed_row_is_a_draw():
    _, outcome = game(Variant(3), "b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3")
    assert outcome.is_draw and outcome.loser is None


def test_defaults_match_the_documented_choices():
    rules = load_toml(path("yicyacyoe", "boards.toml"))["rules"]
    v = Variant(5, p=2)
    assert rules["row"] == "size" and v.k == 5
    assert rules["per_turn"] == Variant(5).p == 1
    assert rules["connected_when_more_than_one"] == v.connected
    assert rules["connecting_lines"] == ("bent" if Variant(5, p=3).bent else "straight")
    assert rules["shared_marks"] == v.shared and rules["longer_rows_count"] == v.long_rows
    assert rules["diagonal_lines"] == any(s == cells("a1 b2", 5) for s in segments(5, 2))


# -- Moves and input -------------------------------------------------------------
def test_a_taken_cell_is_refused():
    pos, _ = game(Variant(3), "b2")
    with pytest.raises(RuleError, match="b2 already marked"):
        play(pos, Turn.parse("b2", 3))


@pytest.mark.parametrize("text", ["", "z9", "b", "22", "b2 b2", "a0", "d1", "A\u00b2", "b\u0662"])
def test_bad_cells_are_refused_with_a_message(text):
    with pytest.raises(IcpError):
        play(start(Variant(3)), Turn.parse(text, 3))


@given(st.text(max_size=20))
def test_garbage_moves_never_crash(text):
    try:
        play(start(Variant(4, 3, 2)), Turn.parse(text, 4))
    except IcpError:
        pass


def test_cell_names_round_trip():
    assert [cell_name(c, 4) for c in (0, 3, 12, 15)] == ["a1", "d1", "a4", "d4"]
    assert all(parse_cell(cell_name(c, 15), 15) == c for c in range(225))


def test_the_eight_symmetries_keep_rows_rows():
    perms = symmetries(4)
    assert len(set(perms)) == 8
    for perm in perms:
        assert {transform(r, perm) for r in rows(4, 3)} == set(rows(4, 3))


@given(st.dictionaries(st.sampled_from(["size", "row", "per_turn", "connected", "shared_marks",
                                        "long_rows_count"]),
                       st.one_of(st.integers(-3, 20), st.text(max_size=3), st.booleans(),
                                 st.none())))
def test_garbage_manifest_options_give_input_errors(options):
    try:
        from_options(options)
    except InputError:
        pass
